// Ctrl-C and SIGTERM for the long-running subcommands: the first signal sets
// g_stop, which the work polls between records, pages or files so it can
// stop cleanly (commit what is whole, remove what is not); a second signal
// kills as usual. Exit status 130 tells the caller the run was interrupted.
#pragma once

#include <signal.h>

#include <atomic>
#include <csignal>

namespace sudokit::cli {

inline std::atomic<bool> g_stop{false};
inline volatile std::sig_atomic_t g_signal = 0;  // the signal that set g_stop

extern "C" inline void on_stop_signal(int sig) {
  g_signal = sig;
  g_stop.store(true);
}

/// SIGINT and SIGTERM set g_stop; a second one kills as usual.
inline void catch_stop_signals() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESTART | SA_RESETHAND;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

/// "SIGINT" or "SIGTERM": the signal that set g_stop.
inline const char* stop_signal_name() { return g_signal == SIGTERM ? "SIGTERM" : "SIGINT"; }

/// The exit status of a run the signal stopped: 128 + its number.
inline int interrupted_status() { return 128 + (g_signal == SIGTERM ? SIGTERM : SIGINT); }

}  // namespace sudokit::cli
