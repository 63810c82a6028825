// `sudokit serve`'s HTTP server: a Service behind cpp-httplib on a worker
// pool with a bounded queue (503 + Retry-After when full), read/write time
// limits, and graceful shutdown on SIGTERM or SIGINT (requests in flight
// finish; no new ones are accepted).
#pragma once

#include <functional>
#include <ostream>
#include <string>

#include "sudokit/serve/service.hpp"

namespace sudokit::serve {

struct ServerOptions {
  std::string host = "127.0.0.1";
  int port = 8080;          // 0 = any free port (printed by on_ready)
  int threads = 4;          // workers
  int queue = 64;           // connections waiting for a worker (503 beyond)
  int timeout_seconds = 10; // read and write time limit per request (408 on a slow body)
  Limits limits;
  std::string token;        // bearer token for POST requests ("" = none)
};

/// Serves until SIGTERM or SIGINT. Calls on_ready(port) once listening;
/// writes one access-log line per request to `log` (method, path, status,
/// microseconds; never headers or bodies). Returns false with `error` set
/// when it cannot listen.
bool run_server(const ServerOptions& options, std::ostream& log, const std::function<void(int)>& on_ready,
                std::string& error);

}  // namespace sudokit::serve
