// `sudokit serve`: the HTTP service (docs/SERVE.md). The service, its limits
// and the server are serve/'s; this file reads options and prints.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>

#include "commands.hpp"
#include "options.hpp"
#include "sudokit/serve/server.hpp"

namespace sudokit::cli {

int run_serve(const std::vector<std::string>& args) {
  serve::ServerOptions o;
  std::size_t max_body = o.limits.max_body;
  po::options_description opts("options");
  opts.add_options()
      ("host", po::value<std::string>(&o.host)->default_value(o.host), "address to listen on (put a reverse proxy in front for TLS)")
      ("token-file", po::value<std::string>(), "file holding the bearer token POST requests need (else $SUDOKIT_SERVE_TOKEN; none: open)");
  add_number(opts, "port", o.port, {0, 65535, "any free port"}, "TCP port (the one taken is printed)", o.port);
  add_number(opts, "threads", o.threads, {1, 256}, "worker threads", o.threads);
  add_number(opts, "queue", o.queue, {1, 100000}, "connections waiting for a worker before 503", o.queue);
  add_number(opts, "timeout", o.timeout_seconds, {1, 3600}, "seconds to read or write one request", o.timeout_seconds);
  add_number(opts, "max-body", max_body, {std::size_t{1}, std::size_t{1} << 24}, "largest request body in bytes", max_body);
  add_number(opts, "grade-time", o.limits.grade_seconds, {0.001, 3600.0}, "grader seconds per POST /grade", o.limits.grade_seconds);
  add_number(opts, "hint-time", o.limits.hint_seconds, {0.001, 3600.0}, "step search seconds per POST /hint", o.limits.hint_seconds);
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit serve [options]\n"
      "Answers HTTP requests (GET /healthz, /metrics; POST /grade, /hint, /solve) until SIGTERM (docs/SERVE.md).";
  if (auto status = parse_options(args, usage, opts, vm)) return *status;
  o.limits.max_body = max_body;
  if (vm.count("token-file")) {
    const std::string path = vm["token-file"].as<std::string>();
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    if (!in) {
      std::cerr << path << ":1: cannot read the token file\n";
      return 1;
    }
    o.token = text.str();
    while (!o.token.empty() && (o.token.back() == '\n' || o.token.back() == '\r')) o.token.pop_back();
    if (o.token.empty()) {
      std::cerr << path << ":1: the token file is empty\n";
      return 1;
    }
  } else if (const char* env = std::getenv("SUDOKIT_SERVE_TOKEN")) {
    o.token = env;
  }
  std::string error;
  const bool ok = serve::run_server(o, std::cerr, [&](int port) {
    std::cout << "listening on " << o.host << ":" << port << (o.token.empty() ? "" : " (POST needs the bearer token)") << std::endl;
  }, error);
  if (!ok) {
    std::cerr << "sudokit serve: " << error << "\n";
    return 1;
  }
  return 0;
}

}  // namespace sudokit::cli
