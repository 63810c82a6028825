// A throwaway PostgreSQL server for tests and benchmarks: initdb into a fresh
// directory under /tmp, started on a free port of 127.0.0.1 (password
// required) and on a Unix socket in that directory (trusted), stopped and
// removed with everything in it when the object goes. Needs the server
// binaries (Debian package postgresql, which tools/setup.sh installs). Run as
// root, every server command runs as the user postgres (initdb and pg_ctl
// refuse root).
#pragma once

#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <pwd.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

extern char** environ;

namespace sudokit::test {

/// What a finished command wrote and how it ended.
struct ProcessResult {
  int status = -1;  ///< exit status; 128 + signal number when killed by a signal
  std::string out;
  std::string err;
};

namespace pg_detail {

inline std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline std::string read_fd(int fd) {
  std::string text;
  char buffer[4096];
  ::lseek(fd, 0, SEEK_SET);
  for (ssize_t n; (n = ::read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<size_t>(n));
  return text;
}

/// The last `lines` lines of `text`.
inline std::string tail(const std::string& text, int lines) {
  size_t pos = text.size();
  if (pos > 0 && text[pos - 1] == '\n') --pos;
  for (int i = 0; i < lines && pos != std::string::npos && pos > 0; ++i) pos = text.rfind('\n', pos - 1);
  return pos == std::string::npos || pos == 0 ? text : text.substr(pos + 1);
}

inline bool is_executable(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(path.c_str(), X_OK) == 0;
}

/// `program` as given if it has a slash, else its first executable on PATH.
inline std::string find_program(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  const char* path = ::getenv("PATH");
  std::istringstream dirs(path != nullptr ? path : "/usr/local/bin:/usr/bin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const std::string candidate = (dir.empty() ? "." : dir) + "/" + program;
    if (is_executable(candidate)) return candidate;
  }
  return program;  // execve fails and the child reports it
}

/// Opens an unnamed (already unlinked) file in `dir` for a child's output.
inline int capture_file(const std::string& dir) {
  std::string pattern = dir + "/output-XXXXXX";
  const int fd = ::mkostemp(pattern.data(), O_CLOEXEC);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "mkostemp " + pattern);
  ::unlink(pattern.c_str());
  return fd;
}

/// A port of 127.0.0.1 that nothing listens on at the moment.
inline int free_port() {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "free_port: socket");
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = 0;
  socklen_t length = sizeof address;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
    const int error = errno;
    ::close(fd);
    throw std::system_error(error, std::generic_category(), "free_port: bind 127.0.0.1:0");
  }
  ::close(fd);
  return ntohs(address.sin_port);
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
inline bool accepts_connections(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  address.sin_port = htons(static_cast<uint16_t>(port));
  const bool connected = ::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0;
  ::close(fd);
  return connected;
}

}  // namespace pg_detail

/// Runs `argv` (no shell) in `work_dir` with stdin from /dev/null and waits
/// for it. Its environment is this process's without the PG* variables (so a
/// developer's PGHOST or PGPASSWORD cannot change what a test connects to),
/// plus `extra_env` ("NAME=value"). stdout and stderr go to files in
/// `work_dir` and come back in the result.
inline ProcessResult run_process(const std::vector<std::string>& argv, const std::string& work_dir,
                                 const std::vector<std::string>& extra_env = {}) {
  if (argv.empty()) throw std::invalid_argument("run_process: empty command");
  std::vector<std::string> env;
  for (char** e = environ; *e != nullptr; ++e)
    if (std::strncmp(*e, "PG", 2) != 0) env.emplace_back(*e);
  env.insert(env.end(), extra_env.begin(), extra_env.end());
  std::vector<char*> argv_c, env_c;
  for (const auto& a : argv) argv_c.push_back(const_cast<char*>(a.c_str()));
  for (const auto& e : env) env_c.push_back(const_cast<char*>(e.c_str()));
  argv_c.push_back(nullptr);
  env_c.push_back(nullptr);
  const std::string program = pg_detail::find_program(argv[0]);

  const int out_fd = pg_detail::capture_file(work_dir);
  const int err_fd = pg_detail::capture_file(work_dir);
  const pid_t pid = ::fork();
  if (pid < 0) {
    const int error = errno;
    ::close(out_fd);
    ::close(err_fd);
    throw std::system_error(error, std::generic_category(), "fork");
  }
  if (pid == 0) {  // child: only async-signal-safe calls from here on
    const int null_fd = ::open("/dev/null", O_RDONLY);
    if (null_fd < 0 || ::dup2(null_fd, 0) < 0 || ::dup2(out_fd, 1) < 0 || ::dup2(err_fd, 2) < 0 ||
        ::chdir(work_dir.c_str()) != 0)
      ::_exit(126);
    ::execve(program.c_str(), argv_c.data(), env_c.data());
    static const char message[] = "run_process: cannot execute the program\n";
    [[maybe_unused]] const ssize_t ignored = ::write(2, message, sizeof message - 1);
    ::_exit(127);
  }
  int wait_status = 0;
  while (::waitpid(pid, &wait_status, 0) < 0 && errno == EINTR) {
  }
  ProcessResult result;
  result.status = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : 128 + WTERMSIG(wait_status);
  result.out = pg_detail::read_fd(out_fd);
  result.err = pg_detail::read_fd(err_fd);
  ::close(out_fd);
  ::close(err_fd);
  return result;
}

/// PgServer::Options (outside the class so that `Options o = {}` can be a
/// default argument of its constructor).
struct PgServerOptions {
  /// false: fsync, synchronous_commit and full_page_writes off (fast tests;
  /// nothing survives a machine crash, which a throwaway server never needs
  /// to); true: PostgreSQL's defaults, for benchmarks.
  bool durable = false;
};

class PgServer {
 public:
  using Options = PgServerOptions;

  explicit PgServer(Options o = {}) : options_(o), bindir_(find_bindir()) {
    char pattern[] = "/tmp/sudokit-pg-XXXXXX";
    if (::mkdtemp(pattern) == nullptr)
      throw std::system_error(errno, std::generic_category(), "PgServer: mkdtemp /tmp/sudokit-pg-XXXXXX");
    dir_ = pattern;
    try {
      set_up();
    } catch (...) {
      remove_everything();
      throw;
    }
  }

  ~PgServer() { remove_everything(); }

  PgServer(const PgServer&) = delete;
  PgServer& operator=(const PgServer&) = delete;

  /// One server for the whole test process, for suites that do not stop or
  /// restart it (each creates its own databases).
  static PgServer& shared() {
    static PgServer server;
    return server;
  }

  int port() const { return port_; }
  const std::string& password() const { return password_; }
  /// The temporary directory: data/ (the cluster), log, and the Unix socket.
  std::string dir() const { return dir_; }

  /// CREATE DATABASE `name` (over the Unix socket, as the user sudokit).
  std::string create_database(const std::string& name) {
    std::string quoted = "\"";
    for (char c : name) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
    quoted += '"';
    psql_socket("postgres", "CREATE DATABASE " + quoted);
    return name;
  }

  /// Runs `sql` in database `db` over the Unix socket (psql -At: rows as
  /// unaligned text, one per line); throws when psql fails.
  std::string query(const std::string& db, const std::string& sql) const {
    const ProcessResult r = run_process({psql(), "-X", "-w", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-h", dir_, "-p",
                                         std::to_string(port_), "-U", user_, "-d", db, "-c", sql},
                                        dir_);
    if (r.status != 0) fail("psql -c '" + sql + "'", r);
    return r.out;
  }

  /// libpq URI over TCP with the password (`db` is put in as it is).
  std::string uri(const std::string& db) const {
    return "postgresql://" + user_ + ":" + password_ + "@127.0.0.1:" + std::to_string(port_) + "/" + db;
  }
  /// libpq URI over TCP without the password (it must come from elsewhere:
  /// PGPASSWORD, a password file).
  std::string uri_without_password(const std::string& db) const {
    return "postgresql://" + user_ + "@127.0.0.1:" + std::to_string(port_) + "/" + db;
  }

  /// Fast shutdown (rolls back open transactions, checkpoints), waits for it.
  void stop() {
    const ProcessResult r = server_command({pg_ctl(), "-D", data_dir(), "-m", "fast", "-w", "stop"});
    if (r.status != 0) fail("pg_ctl stop", r);
  }

  /// Starts the stopped server again, same data directory and port.
  void start() {
    const ProcessResult r = try_start();
    if (r.status != 0) fail("pg_ctl start", r);
  }

  void restart() {
    stop();
    start();
  }

  bool running() const {
    return !dir_.empty() && std::filesystem::exists(data_dir()) &&
           server_command({pg_ctl(), "-D", data_dir(), "status"}).status == 0;
  }

  /// Everything the server wrote to its log.
  std::string log() const { return pg_detail::read_file(log_file()); }

 private:
  Options options_;
  std::string bindir_;
  std::string dir_;
  std::string run_as_;  // the user server commands run as when we are root; empty otherwise
  int port_ = 0;
  pid_t owner_ = ::getpid();
  const std::string user_ = "sudokit";
  const std::string password_ = "sudokit-test-pw";

  std::string data_dir() const { return dir_ + "/data"; }
  std::string log_file() const { return dir_ + "/log"; }
  std::string pg_ctl() const { return bindir_ + "/pg_ctl"; }
  std::string psql() const {
    const std::string own = bindir_ + "/psql";
    return pg_detail::is_executable(own) ? own : "psql";
  }

  static bool has_server_binaries(const std::string& dir) {
    return pg_detail::is_executable(dir + "/initdb") && pg_detail::is_executable(dir + "/pg_ctl");
  }

  /// SUDOKIT_PG_BINDIR, else the newest /usr/lib/postgresql/N/bin.
  static std::string find_bindir() {
    const char* not_found =
        "PostgreSQL server binaries not found: install the Debian package postgresql (tools/setup.sh does)";
    if (const char* env = ::getenv("SUDOKIT_PG_BINDIR"); env != nullptr && *env != '\0') {
      if (!has_server_binaries(env))
        throw std::runtime_error(std::string(not_found) + " (SUDOKIT_PG_BINDIR=" + env +
                                 " has no initdb and pg_ctl)");
      return env;
    }
    std::optional<std::pair<int, std::string>> best;  // (major version, bin directory)
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/usr/lib/postgresql", ec)) {
      const std::string name = entry.path().filename().string();
      if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
        continue;
      const std::string bin = entry.path().string() + "/bin";
      const int version = std::stoi(name);
      if (has_server_binaries(bin) && (!best || version > best->first)) best.emplace(version, bin);
    }
    if (!best) throw std::runtime_error(not_found);
    return best->second;
  }

  void set_up() {
    if (::geteuid() == 0) {
      // initdb and pg_ctl refuse root: the directory becomes the user's.
      const passwd* pw = ::getpwnam("postgres");
      if (pw == nullptr) pw = ::getpwnam("nobody");
      if (pw == nullptr)
        throw std::runtime_error("PgServer: running as root and neither user postgres nor nobody exists");
      run_as_ = pw->pw_name;
      if (::chown(dir_.c_str(), pw->pw_uid, pw->pw_gid) != 0)
        throw std::system_error(errno, std::generic_category(), "PgServer: chown " + dir_);
    }
    const std::string pwfile = dir_ + "/pwfile";
    std::ofstream(pwfile) << password_ << "\n";
    if (!run_as_.empty()) {
      const passwd* pw = ::getpwnam(run_as_.c_str());
      if (pw == nullptr || ::chown(pwfile.c_str(), pw->pw_uid, pw->pw_gid) != 0)
        throw std::system_error(errno, std::generic_category(), "PgServer: chown " + pwfile);
    }
    // C locale: the same collation and messages on every machine.
    const ProcessResult init =
        server_command({bindir_ + "/initdb", "-D", data_dir(), "-U", user_, "-A", "trust", "--auth-host=scram-sha-256",
                        "--pwfile=" + pwfile, "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"});
    std::filesystem::remove(pwfile);
    if (init.status != 0) fail("initdb", init);

    // The port was free a moment ago; another process may take it before
    // the server binds it, then a new one is tried.
    for (int attempt = 1;; ++attempt) {
      port_ = pg_detail::free_port();
      const ProcessResult r = try_start();
      if (r.status == 0) return;
      if (attempt == 3 || log().find("could not bind") == std::string::npos) fail("pg_ctl start", r);
    }
  }

  ProcessResult try_start() {
    std::string settings = "-p " + std::to_string(port_) + " -k " + dir_ + " -c listen_addresses=127.0.0.1";
    if (!options_.durable) settings += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off";
    return server_command({pg_ctl(), "-D", data_dir(), "-l", log_file(), "-w", "-t", "60", "-o", settings, "start"});
  }

  /// A server program, as the unprivileged user when we are root.
  ProcessResult server_command(std::vector<std::string> argv) const {
    if (!run_as_.empty()) argv.insert(argv.begin(), {"runuser", "-u", run_as_, "--"});
    return run_process(argv, dir_);
  }

  /// Runs `sql` in `db` over the Unix socket; throws if it fails.
  ProcessResult psql_socket(const std::string& db, const std::string& sql) const {
    const ProcessResult r = run_process({psql(), "-X", "-w", "-q", "-v", "ON_ERROR_STOP=1", "-h", dir_, "-p",
                                         std::to_string(port_), "-U", user_, "-d", db, "-c", sql},
                                        dir_);
    if (r.status != 0) fail("psql -c '" + sql + "'", r);
    return r;
  }

  [[noreturn]] void fail(const std::string& what, const ProcessResult& r) const {
    std::string message = "PgServer (" + dir_ + "): " + what + " failed with status " + std::to_string(r.status);
    if (!r.out.empty()) message += "\n--- stdout:\n" + pg_detail::tail(r.out, 20);
    if (!r.err.empty()) message += "\n--- stderr:\n" + pg_detail::tail(r.err, 20);
    const std::string server_log = log();
    if (!server_log.empty()) message += "\n--- server log (end):\n" + pg_detail::tail(server_log, 30);
    throw std::runtime_error(message);
  }

  void remove_everything() noexcept {
    // A forked child that exits normally runs destructors too (shared()'s at
    // exit): the server belongs to the process that started it.
    if (dir_.empty() || ::getpid() != owner_) return;
    try {
      if (running()) server_command({pg_ctl(), "-D", data_dir(), "-m", "immediate", "-w", "stop"});
    } catch (...) {
    }
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
    dir_.clear();
  }
};

}  // namespace sudokit::test
