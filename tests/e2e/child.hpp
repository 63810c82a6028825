// A `sudokit` child process with stdin, stdout and stderr on pipes, for
// end-to-end tests that talk to a running command (a pipe kept open,
// stderr read while it runs, a signal sent mid-run), optionally under an
// address-space limit.
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

namespace sudokit::test {

using Clock = std::chrono::steady_clock;

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;  // ASan reserves terabytes of address space: no RLIMIT_AS
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

constexpr rlim_t kAddressSpace = rlim_t{512} << 20;  // the whole program in 512 MB of address space

// `sudokit ARGS...` as a child with stdin, stdout and stderr on pipes, under
// an address-space limit (not under ASan).
struct Child {
  pid_t pid = -1;
  int in = -1, out = -1, err = -1;

  explicit Child(std::vector<std::string> args) {
    int pin[2], pout[2], perr[2];
    if (pipe(pin) != 0 || pipe(pout) != 0 || pipe(perr) != 0) return;
    pid = fork();
    if (pid == 0) {
      if (!kSanitized) {
        const rlimit limit{kAddressSpace, kAddressSpace};
        setrlimit(RLIMIT_AS, &limit);
      }
      dup2(pin[0], 0);
      dup2(pout[1], 1);
      dup2(perr[1], 2);
      for (int fd : {pin[0], pin[1], pout[0], pout[1], perr[0], perr[1]}) close(fd);
      std::vector<char*> argv{const_cast<char*>(SUDOKIT_BIN)};
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(SUDOKIT_BIN, argv.data());
      _exit(127);
    }
    close(pin[0]);
    close(pout[1]);
    close(perr[1]);
    in = pin[1];
    out = pout[0];
    err = perr[0];
  }
  ~Child() {
    if (pid > 0 && waitpid(pid, nullptr, WNOHANG) == 0) {
      kill(pid, SIGKILL);
      waitpid(pid, nullptr, 0);
    }
    for (int fd : {in, out, err})
      if (fd >= 0) close(fd);
  }
  void close_stdin() {
    close(in);
    in = -1;
  }
  bool running() const { return waitpid(pid, nullptr, WNOHANG) == 0; }
  // The exit status (-signal when killed by one), waiting at most `timeout`; -1000 on timeout.
  int wait_exit(std::chrono::seconds timeout) {
    const auto end = Clock::now() + timeout;
    while (Clock::now() < end) {
      int raw = 0;
      if (waitpid(pid, &raw, WNOHANG) == pid) {
        pid = -1;
        return WIFEXITED(raw) ? WEXITSTATUS(raw) : -WTERMSIG(raw);
      }
      usleep(20'000);
    }
    return -1000;
  }
  // Reads from `fd` into `text` until `done(text)` or `timeout`; true when done.
  template <class Done>
  static bool read_until(int fd, std::string& text, std::chrono::seconds timeout, Done done) {
    const auto end = Clock::now() + timeout;
    while (!done(text)) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
      if (left <= 0) return false;
      pollfd p{fd, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
      char block[4096];
      const ssize_t n = read(fd, block, sizeof block);
      if (n <= 0) return done(text);
      text.append(block, static_cast<std::size_t>(n));
    }
    return true;
  }
  // Reads stdout into `out_text` and stderr into `err_text` until
  // `done(err_text)` or `timeout`; true when done. Waiting on stderr alone
  // would let a child that writes faster than that to stdout block on a full
  // pipe (64 KB) before it writes what is waited for.
  template <class Done>
  bool read_both_until(std::string& out_text, std::string& err_text, std::chrono::seconds timeout, Done done) const {
    const auto end = Clock::now() + timeout;
    int fds[2] = {out, err};
    std::string* texts[2] = {&out_text, &err_text};
    while (!done(err_text)) {
      if (fds[0] < 0 && fds[1] < 0) return false;  // both closed, and not done
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(end - Clock::now()).count();
      if (left <= 0) return false;
      pollfd p[2] = {{fds[0], POLLIN, 0}, {fds[1], POLLIN, 0}};  // a negative fd is ignored
      if (poll(p, 2, static_cast<int>(left)) <= 0) continue;
      for (int k = 0; k < 2; ++k) {
        if (fds[k] < 0 || (p[k].revents & (POLLIN | POLLHUP | POLLERR)) == 0) continue;
        char block[4096];
        const ssize_t n = read(fds[k], block, sizeof block);
        if (n <= 0)
          fds[k] = -1;  // at its end: poll it no more
        else
          texts[k]->append(block, static_cast<std::size_t>(n));
      }
    }
    return true;
  }
  // The peak resident set size in MB, from /proc.
  long peak_rss_mb() const {
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6)) / 1024;
    return -1;
  }
};

}  // namespace sudokit::test
