// The HTTP service of `sudokit serve` without sockets: one request in, one
// response out. Routing, JSON bodies, size and work limits and the counters
// /metrics prints live here, so they are tested without a server
// (tests/serve/service_test.cpp); server.hpp puts a Service behind HTTP.
#pragma once

#include <atomic>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace sudokit::serve {

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string path;    // without the query
  std::string body;
  std::string authorization;  // the Authorization header ("" when absent)
};

struct Response {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
};

struct Limits {
  std::size_t max_body = 64 * 1024;  // bytes of a request body (413 above)
  double grade_seconds = 5;          // grader time per POST /grade
  double hint_seconds = 5;           // step search time per POST /hint
};

class Service {
 public:
  /// `token`: when not empty, POST requests need "Authorization: Bearer TOKEN"
  /// (401 otherwise). The token is never part of a response or a log line.
  explicit Service(Limits limits = {}, std::string token = {});

  /// Answers GET /healthz, GET /metrics (Prometheus text), POST /grade,
  /// POST /hint, POST /solve. Errors are JSON {"error": message} with 400
  /// (bad body), 401, 404 (no such path), 405 (wrong method), 413 (body too
  /// large). Safe to call from many threads at once.
  Response handle(const Request& request);

  /// Counts a request the server answered itself (503 when its queue is full).
  void count_status(int status);

  const Limits& limits() const { return limits_; }

 private:
  Response route(const Request& request);
  std::string metrics() const;

  Limits limits_;
  std::string token_;
  std::atomic<unsigned long long> requests_{0}, status_2xx_{0}, status_4xx_{0}, status_5xx_{0};
};

}  // namespace sudokit::serve
