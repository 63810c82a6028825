// A store of 400 graded puzzles made once per suite by `sudokit generate
// --db` (seed 8), copied into each test's directory: the fixture of the
// end-to-end suites of the commands that read a store (daily, book, cover,
// preflight, render); with what those suites check the store and the
// commands' messages with.
#pragma once

#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "run.hpp"
#include "store_check.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::test {

/// The first column of the first row `sql` gives on the store `db` (opened
/// read-only), as an integer; -1 when the query fails.
inline long long sql_integer(const std::string& db, const std::string& sql) {
  sqlite3* raw = nullptr;
  sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  long long v = -1;
  if (sqlite3_prepare_v2(raw, sql.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
    v = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  sqlite3_close_v2(raw);
  return v;
}

/// One store of 400 graded puzzles (seed 8), made once per suite; each test copies it.
class GradedStore : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    shared_ = new TempDir;
    const auto r = run_sudokit("generate --db " + shared_->file("store.db") + " --count 400 --seed 8 --threads 2");
    ASSERT_EQ(r.status, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete shared_;
    shared_ = nullptr;
  }
  /// A fresh copy of the store in this test's directory.
  std::string store() {
    const std::string path = dir_.file("p.db");
    std::filesystem::copy_file(shared_->file("store.db"), path, std::filesystem::copy_options::overwrite_existing);
    return path;
  }
  long long level_count(const std::string& db, const std::string& level) {
    return sql_integer(db, "SELECT count(*) FROM puzzles WHERE level = '" + level + "'");
  }

  TempDir dir_;
  inline static TempDir* shared_ = nullptr;
};

inline Grid grid_of(const std::string& text) {
  Grid g;
  ParseError e;
  EXPECT_TRUE(parse_puzzle(text, g, e)) << text;
  return g;
}

/// The `sudokit generate` commands a run short of puzzles suggests on
/// stderr, without "sudokit ".
inline std::vector<std::string> suggested_commands(const std::string& err) {
  std::vector<std::string> out;
  for (const std::string& line : lines_of(err))
    if (line.rfind("  sudokit generate ", 0) == 0) out.push_back(line.substr(std::string("  sudokit ").size()));
  return out;
}

/// Outcomes of runs sent SIGINT at moments spread over one run's duration.
struct Interrupts {
  int stopped = 0, completed = 0, killed = 0;
};

/// Runs `args(db)` eight times on fresh copies of the store and sends SIGINT
/// at moments spread over a run; `check(db, exit status or -1 if killed, stderr)`
/// checks each outcome. No run may leave a temporary file in `dir`. Repeats
/// (at most twice) while no run was stopped cleanly.
template <class Args, class Check>
inline Interrupts interrupt_runs(const std::function<std::string()>& fresh_store, const std::string& dir, Args args, Check check) {
  Interrupts n;
  // Up to three rounds, each timed afresh, until one run is stopped mid-write
  // (a round's timing can be off on a loaded machine).
  for (int round = 0; round < 3 && n.stopped == 0; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(run_sudokit(args(fresh_store())).status, 0);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (int i = 0; i < 8; ++i) {
      const std::string db = fresh_store();
      const pid_t pid = spawn(args(db), dir + "/out", dir + "/err");
      std::this_thread::sleep_for(std::chrono::duration<double>(seconds * (0.2 + 0.08 * i)));
      kill(pid, SIGINT);
      int status = 0;
      waitpid(pid, &status, 0);
      for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        EXPECT_FALSE(e.path().filename().string().starts_with(".sudokit-")) << e.path();  // temporary, backup, lock
      const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      if (!WIFEXITED(status)) {
        EXPECT_EQ(WTERMSIG(status), SIGINT);
      }
      check(db, code, slurp(dir + "/err"));
      ++(code == 0 ? n.completed : code == 130 ? n.stopped : n.killed);
    }
    std::printf("round %d, one run %.3f s; so far %d stopped cleanly, %d completed, %d killed before the handler\n",
                round + 1, seconds, n.stopped, n.completed, n.killed);
  }
  return n;
}

}  // namespace sudokit::test
