// "A failed write is an error": every command that prints data to stdout,
// run with stdout on /dev/full (exit 1, `sudokit CMD: <stdout>: No space
// left on device`) and into a pipe whose reader has gone (no message, exit
// 141 = 128 + SIGPIPE, whether the parent left SIGPIPE at its default or
// ignored it), and streaming commands into a pipe whose reader reads one
// line and goes away (they stop at once: no hang). `daily --format ndjson`
// records nothing when its output fails. See tools/cli/input.hpp.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "run.hpp"
#include "store_check.hpp"

namespace sudokit {
namespace {

using namespace sudokit::test;

struct PipeRun {
  bool exited = false;   // by exit(), with `status`
  int status = -1;
  int signal = 0;        // the signal that ended it, if one did
  bool hung = false;     // still running after the time limit (then killed)
  std::string err;
};

/// Runs `sudokit ARGS` with stdout into a pipe. The reader reads
/// `lines_read` lines (0: it has closed its end before the command starts),
/// then closes its end. With `ignore_sigpipe`, the command starts with
/// SIGPIPE ignored, as under a parent that ignores it.
PipeRun run_into_closed_pipe(const std::string& args, int lines_read, bool ignore_sigpipe, const std::string& err_file) {
  int fds[2];
  EXPECT_EQ(pipe(fds), 0);
  if (lines_read == 0) close(fds[0]);
  const std::string cmd = "exec " + std::string(SUDOKIT_BIN) + " " + args + " 2>" + err_file + " </dev/null";
  const pid_t pid = fork();
  if (pid == 0) {
    signal(SIGPIPE, ignore_sigpipe ? SIG_IGN : SIG_DFL);
    dup2(fds[1], STDOUT_FILENO);
    close(fds[1]);
    if (lines_read != 0) close(fds[0]);
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[1]);
  if (lines_read != 0) {
    int newlines = 0;
    char c;
    while (newlines < lines_read && read(fds[0], &c, 1) == 1)
      if (c == '\n') ++newlines;
    close(fds[0]);
  }
  PipeRun r;
  int raw = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (waitpid(pid, &raw, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      r.hung = true;
      kill(pid, SIGKILL);
      waitpid(pid, &raw, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  r.exited = WIFEXITED(raw);
  r.status = r.exited ? WEXITSTATUS(raw) : -1;
  r.signal = WIFSIGNALED(raw) ? WTERMSIG(raw) : 0;
  r.err = slurp(err_file);
  return r;
}

/// Runs `sudokit ARGS >STDOUT`; stderr and the status as run_sudokit gives them.
RunResult run_to(const std::string& args, const std::string& stdout_path, const std::string& err_file) {
  const std::string cmd = std::string(SUDOKIT_BIN) + " " + args + " </dev/null >" + stdout_path + " 2>" + err_file;
  const int raw = std::system(cmd.c_str());
  RunResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.err = slurp(err_file);
  return r;
}

/// A store with 40 graded puzzles (19 medium), and 5 of them in a file,
/// shared by the tests.
class WriteFaults : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = std::make_unique<TempDir>();
    const auto r = run_sudokit("generate --db " + dir_->file("store.db") + " --count 40 --seed 8 --threads 2");
    ASSERT_EQ(r.status, 0) << r.err;
    const auto five = run_sudokit("db export --db " + dir_->file("store.db") + " --format line --limit 5");
    ASSERT_EQ(five.status, 0) << five.err;
    std::ofstream(dir_->file("five.txt"), std::ios::binary) << five.out;
    // A book interior that passes preflight: 30 puzzles in large print, a page each.
    const auto medium = run_sudokit("generate --db " + dir_->file("medium.db") + " --count 30 --seed 8 --level medium");
    ASSERT_EQ(medium.status, 0) << medium.err;
    const auto pdf = run_sudokit("book --db " + dir_->file("medium.db") + " --level medium --count 30 --trim 8.5x11 " +
                                 "--large-print --out " + dir_->file("one.pdf"));
    ASSERT_EQ(pdf.status, 0) << pdf.err;
  }
  static void TearDownTestSuite() { dir_.reset(); }
  static std::string db() { return dir_->file("store.db"); }
  static std::string file(const std::string& name) { return dir_->file(name); }
  static std::unique_ptr<TempDir> dir_;
};
std::unique_ptr<TempDir> WriteFaults::dir_;

struct DataCommand {
  std::string name;  // as errors name it
  std::string args;  // {db} is the shared store
};

std::string with_files(std::string args, const std::string& db, const std::string& five) {
  const std::string pdf = five.substr(0, five.rfind('/') + 1) + "one.pdf";
  for (const auto& [key, value] :
       {std::pair<std::string, std::string>{"{db}", db}, {"{five}", five}, {"{pdf}", pdf}}) {
    const std::size_t at = args.find(key);
    if (at != std::string::npos) args.replace(at, key.size(), value);
  }
  return args;
}

// Every command that prints data to stdout, in each of its output kinds.
std::vector<DataCommand> data_commands() {
  const std::string puzzles = data_file("puzzles_top95.txt");
  return {
      {"solve", "solve " + puzzles},
      {"solve", "solve --count --format json " + puzzles},
      {"canon", "canon " + puzzles},
      {"grade", "grade {five}"},
      {"grade", "grade --format json {five}"},
      {"generate", "generate --count 20 --seed 3 --threads 2"},
      {"generate", "generate --count 5 --seed 3 --max-rating 2 --format json"},
      {"grids", "grids --count 50 --seed 2"},
      {"grids", "grids --report --count 1000"},
      {"db export", "db export --db {db} --format ndjson"},
      {"db export", "db export --db {db} --format csv --limit 3"},
      {"db stats", "db stats --db {db}"},
      {"db stats", "db stats --db {db} --format json"},
      {"render", "render 4..8..3599..1..4....8.....289.4........36.......9....13...4....1......8.2..5.1.64 --format svg"},
      {"render", "render 4..8..3599..1..4....8.....289.4........36.......9....13...4....1......8.2..5.1.64 --format png"},
      {"preflight", "preflight {pdf}"},
      {"generate", "generate --help"},
      {"", "--help"},
  };
}

TEST_F(WriteFaults, EveryDataCommandReportsAFullDiskAndExitsOne) {
  for (const DataCommand& c : data_commands()) {
    const std::string args = with_files(c.args, db(), file("five.txt"));
    // The command works when stdout can take its data.
    const auto ok = run_sudokit(args);
    EXPECT_EQ(ok.status, 0) << args << "\n" << ok.err;
    EXPECT_FALSE(ok.out.empty()) << args;
    const auto full = run_to(args, "/dev/full", file("err"));
    EXPECT_EQ(full.status, 1) << args << "\n" << full.err;
    const std::string message = "sudokit" + (c.name.empty() ? "" : " " + c.name) + ": <stdout>: No space left on device\n";
    EXPECT_NE(full.err.find(message), std::string::npos) << args << "\n" << full.err;
  }
}

TEST_F(WriteFaults, EveryDataCommandStopsQuietlyOnAPipeWithoutReader) {
  for (const DataCommand& c : data_commands()) {
    const std::string args = with_files(c.args, db(), file("five.txt"));
    for (bool ignored : {false, true}) {
      const PipeRun r = run_into_closed_pipe(args, 0, ignored, file("err"));
      EXPECT_FALSE(r.hung) << args;
      EXPECT_TRUE(r.exited) << args << " ended by signal " << r.signal << (ignored ? " (SIGPIPE ignored)" : "");
      EXPECT_EQ(r.status, 141) << args << (ignored ? " (SIGPIPE ignored)" : "") << "\n" << r.err;
      EXPECT_EQ(r.err, "") << args;
    }
  }
}

// `| head -1` on commands that would print for a long time: they stop
// right after the reader goes, whatever SIGPIPE's disposition.
TEST_F(WriteFaults, StreamingCommandsStopWhenTheReaderGoesAway) {
  const std::vector<std::string> commands = {
      "generate --count 100000000 --seed 1 --threads 2",
      "grids --count 100000000000",
      "solve " + data_file("puzzles_17clue.txt"),
      "canon " + data_file("puzzles_17clue.txt") + " " + data_file("puzzles_17clue.txt"),
  };
  for (const std::string& args : commands) {
    for (bool ignored : {false, true}) {
      const auto start = std::chrono::steady_clock::now();
      const PipeRun r = run_into_closed_pipe(args, 1, ignored, file("err"));
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      EXPECT_FALSE(r.hung) << args << (ignored ? " (SIGPIPE ignored)" : "");
      EXPECT_TRUE(r.exited && r.status == 141) << args << ": status " << r.status << ", signal " << r.signal;
      EXPECT_EQ(r.err, "") << args;
      EXPECT_LT(seconds, 30) << args;
    }
  }
}

TEST_F(WriteFaults, DailyNdjsonRecordsNothingWhenItsOutputFails) {
  const std::string args = "daily --db " + db() + " --from 2030-01-01 --days 3 --levels medium --format ndjson";
  auto assigned = [&] {
    Raw raw(db());
    return raw.integer("SELECT count(*) FROM daily") + raw.integer("SELECT count(*) FROM used");
  };
  ASSERT_EQ(assigned(), 0);
  const auto full = run_to(args, "/dev/full", file("err"));
  EXPECT_EQ(full.status, 1) << full.err;
  EXPECT_NE(full.err.find("sudokit daily: <stdout>: No space left on device; nothing was assigned\n"), std::string::npos)
      << full.err;
  EXPECT_EQ(assigned(), 0) << "assigned although the output was lost";
  for (bool ignored : {false, true}) {
    const PipeRun r = run_into_closed_pipe(args, 0, ignored, file("err"));
    EXPECT_TRUE(r.exited && r.status == 141) << "status " << r.status << ", signal " << r.signal << "\n" << r.err;
    EXPECT_EQ(r.err, "");
    EXPECT_EQ(assigned(), 0) << "assigned although the reader was gone";
  }
  // Written: recorded (3 dates, one level: a daily row and a used row each).
  const auto ok = run_sudokit(args);
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(std::count(ok.out.begin(), ok.out.end(), '\n'), 3);
  EXPECT_EQ(assigned(), 6);
}

}  // namespace
}  // namespace sudokit
