// Databases on the shared throwaway PostgreSQL server (pg_server.hpp) for
// the PostgreSQL store's suites: each test takes a new one.
#pragma once

#include <unistd.h>

#include <atomic>
#include <string>

#include "../pg_server.hpp"

namespace sudokit::test {

/// A new, empty database on PgServer::shared(); its URI with the password.
inline std::string fresh_database() {
  static std::atomic<int> next{0};
  PgServer& server = PgServer::shared();
  const std::string name = "store_" + std::to_string(::getpid()) + "_" + std::to_string(next++);
  server.create_database(name);
  return server.uri(name);
}

}  // namespace sudokit::test
