// A throwaway PgBouncer (Debian package pgbouncer, which tools/setup.sh
// installs) in front of a test's PgServer (pg_server.hpp): its own temporary
// directory under /tmp (configuration, user list, log), a free port of
// 127.0.0.1 for clients (password required: the server's user and password),
// the server reached over its Unix socket; the pool mode and the pool size
// are the test's. Started in the foreground as a child (as the user postgres
// when we are root: pgbouncer refuses root), stopped with SIGTERM and its
// directory removed when the object goes. SUDOKIT_PGBOUNCER names another
// binary.
#pragma once

#include <grp.h>
#include <signal.h>

#include <chrono>
#include <thread>

#include "pg_server.hpp"

namespace sudokit::test {

struct PgBouncerOptions {
  std::string pool_mode = "transaction";  ///< session, transaction or statement
  int pool_size = 2;                      ///< server connections per database and user
};

class PgBouncer {
 public:
  using Options = PgBouncerOptions;

  PgBouncer(const PgServer& server, Options o = {}) : server_(server), options_(o) {
    char pattern[] = "/tmp/sudokit-pgbouncer-XXXXXX";
    if (::mkdtemp(pattern) == nullptr)
      throw std::system_error(errno, std::generic_category(), "PgBouncer: mkdtemp /tmp/sudokit-pgbouncer-XXXXXX");
    dir_ = pattern;
    try {
      start();
    } catch (...) {
      stop();
      throw;
    }
  }
  ~PgBouncer() { stop(); }
  PgBouncer(const PgBouncer&) = delete;
  PgBouncer& operator=(const PgBouncer&) = delete;

  int port() const { return port_; }
  /// libpq URI of database `db` through the pooler, with the password.
  std::string uri(const std::string& db) const {
    return "postgresql://sudokit:" + server_.password() + "@127.0.0.1:" + std::to_string(port_) + "/" + db;
  }
  /// Everything pgbouncer wrote to its log.
  std::string log() const { return pg_detail::read_file(dir_ + "/log"); }

 private:
  const PgServer& server_;
  Options options_;
  std::string dir_;
  int port_ = 0;
  pid_t pid_ = -1;
  pid_t owner_ = ::getpid();

  static std::string binary() {
    const char* env = ::getenv("SUDOKIT_PGBOUNCER");
    if (env != nullptr && *env != '\0') return env;
    for (const char* candidate : {"/usr/sbin/pgbouncer", "/usr/bin/pgbouncer"})
      if (pg_detail::is_executable(candidate)) return candidate;
    throw std::runtime_error("pgbouncer not found: install the Debian package pgbouncer (tools/setup.sh does)");
  }

  void start() {
    const std::string program = binary();
    port_ = pg_detail::free_port();
    std::ofstream(dir_ + "/users.txt") << "\"sudokit\" \"" << server_.password() << "\"\n";
    std::ofstream(dir_ + "/pgbouncer.ini")
        << "[databases]\n"
        << "* = host=" << server_.dir() << " port=" << server_.port() << " user=sudokit\n"
        << "[pgbouncer]\n"
        << "listen_addr = 127.0.0.1\nlisten_port = " << port_ << "\nunix_socket_dir =\n"
        << "auth_type = scram-sha-256\nauth_file = " << dir_ << "/users.txt\n"
        << "pool_mode = " << options_.pool_mode << "\ndefault_pool_size = " << options_.pool_size
        << "\nmin_pool_size = 0\nreserve_pool_size = 0\nmax_client_conn = 200\n"
        << "logfile = " << dir_ << "/log\n";
    const passwd* pw = ::geteuid() == 0 ? ::getpwnam("postgres") : nullptr;
    if (pw != nullptr && ::chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0)
      throw std::system_error(errno, std::generic_category(), "PgBouncer: chown " + dir_);
    if (pw != nullptr)
      for (const char* f : {"/users.txt", "/pgbouncer.ini"})
        if (::chown((dir_ + f).c_str(), pw->pw_uid, pw->pw_gid) != 0)
          throw std::system_error(errno, std::generic_category(), "PgBouncer: chown " + dir_ + f);
    const std::string config = dir_ + "/pgbouncer.ini";
    pid_ = ::fork();
    if (pid_ < 0) throw std::system_error(errno, std::generic_category(), "PgBouncer: fork");
    if (pid_ == 0) {  // child: only async-signal-safe calls from here on
      const int null_fd = ::open("/dev/null", O_RDWR);
      if (null_fd < 0 || ::dup2(null_fd, 0) < 0 || ::dup2(null_fd, 1) < 0 || ::dup2(null_fd, 2) < 0) ::_exit(126);
      if (pw != nullptr && (::setgroups(0, nullptr) != 0 || ::setgid(pw->pw_gid) != 0 || ::setuid(pw->pw_uid) != 0))
        ::_exit(126);
      ::execl(program.c_str(), program.c_str(), "-q", config.c_str(), static_cast<char*>(nullptr));
      ::_exit(127);
    }
    for (int i = 0; i < 1000; ++i) {  // up to 10 s
      if (pg_detail::accepts_connections(port_)) return;
      int status = 0;
      if (::waitpid(pid_, &status, WNOHANG) == pid_) {
        pid_ = -1;
        throw std::runtime_error("PgBouncer: pgbouncer ended at start (status " + std::to_string(status) +
                                 "); its log:\n" + pg_detail::tail(log(), 20));
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    throw std::runtime_error("PgBouncer: pgbouncer does not accept connections after 10 s; its log:\n" +
                             pg_detail::tail(log(), 20));
  }

  void stop() noexcept {
    if (::getpid() != owner_) return;  // a forked child's exit: the pooler is its parent's
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      int status = 0;
      while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      pid_ = -1;
    }
    std::error_code ec;
    if (!dir_.empty()) std::filesystem::remove_all(dir_, ec);
    dir_.clear();
  }
};

}  // namespace sudokit::test
