// Inputs that are not files of puzzles: /dev/zero (one endless line),
// /dev/urandom (endless binary lines) and a pipe that stays open. The
// commands read them as a stream with a bounded line length, so memory
// stays flat (checked under an address-space limit, and by the peak
// resident size the kernel reports), errors come out as they are found,
// and a pipe's puzzle is answered before the pipe is closed. See
// docs/RELIABILITY.md, "Memory stays flat on any input".
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "child.hpp"
#include "run.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit {
namespace {

using namespace sudokit::test;

const std::string kTooLong = "line longer than " + std::to_string(kMaxLineBytes) + " bytes";

// After the first error, the command goes on reading the endless input for
// a while; its memory must not grow with it.
void expect_flat_while_running(Child& c, long max_rss_mb) {
  const long before = c.peak_rss_mb();
  usleep(1'500'000);  // GBs of /dev/zero, MBs of /dev/urandom
  ASSERT_TRUE(c.running()) << "the command died while reading";
  const long after = c.peak_rss_mb();
  EXPECT_LE(after, max_rss_mb);
  EXPECT_LE(after, before + 8) << "peak RSS grew from " << before << " MB to " << after << " MB";
}

const long kMaxRssMb = kSanitized ? 400 : 80;  // the buffer is at most 2 x 16 MiB

// /dev/zero's one endless line is reported as soon as it is too long, and
// the command reads on with flat memory.
void expect_one_overlong_line_and_flat(Child& c) {
  std::string err;
  const std::string want = "/dev/zero:1: " + kTooLong + "\n";
  EXPECT_TRUE(Child::read_until(c.err, err, std::chrono::seconds(30), [&](const std::string& t) {
    return t.size() >= want.size();
  })) << err;
  EXPECT_EQ(err, want);
  expect_flat_while_running(c, kMaxRssMb);
}

// `hint` too: it read its whole input first (/dev/zero was an error after
// 64 MiB, and a pipe's position was answered when the pipe closed).
TEST(Stream, SolveDevZeroReportsOneOverlongLineAndStaysFlat) {
  for (const char* command : {"solve", "canon", "grade", "hint"}) {
    SCOPED_TRACE(command);
    Child c({command, "/dev/zero"});
    expect_one_overlong_line_and_flat(c);
  }
}

TEST(Stream, SolveDevUrandomReportsLineAfterLineAndStaysFlat) {
  Child c({"solve", "/dev/urandom"});
  std::string err;
  auto lines = [](const std::string& t) { return static_cast<std::size_t>(std::count(t.begin(), t.end(), '\n')); };
  ASSERT_TRUE(Child::read_until(c.err, err, std::chrono::seconds(30), [&](const std::string& t) { return lines(t) >= 2000; }))
      << err.substr(0, 500);
  // Every diagnostic is "/dev/urandom:LINE: reason", lines increasing.
  std::size_t last = 0, at = 0;
  for (std::size_t i = 0; i < 2000; ++i) {
    const std::size_t end = err.find('\n', at);
    const std::string line = err.substr(at, end - at);
    at = end + 1;
    ASSERT_EQ(line.rfind("/dev/urandom:", 0), 0u) << line;
    const std::size_t number = std::stoul(line.substr(13));
    EXPECT_GT(number, last) << line;
    last = number;
  }
  expect_flat_while_running(c, kMaxRssMb);
}

// render --geometry read its whole file first (up to 1 GiB: /dev/zero grew
// the process until the read failed, and a pipe's puzzles were drawn only
// once it closed); it reads a stream like the classic's.
TEST(Stream, RenderGeometryReadsAStream) {
  char dir_template[] = "/tmp/sudokit-stream-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  {
    Child c({"render", "/dev/zero", "--geometry", "6x6", "--out-dir", dir + "/zero"});
    expect_one_overlong_line_and_flat(c);
  }
  {
    // One puzzle: the first line, even of an endless input.
    Child c({"render", "/dev/zero", "--geometry", "6x6", "--out", dir + "/zero.png"});
    EXPECT_EQ(c.wait_exit(std::chrono::seconds(30)), 1);
    std::string err;
    Child::read_until(c.err, err, std::chrono::seconds(5), [](const std::string&) { return false; });
    EXPECT_EQ(err, "sudokit render: /dev/zero:1: " + kTooLong + "\n");
  }
  {
    // A pipe's puzzle is drawn while the pipe stays open.
    Child c({"render", "-", "--geometry", "6x6", "--out-dir", dir + "/pipe"});
    const std::string line = ".4....3.26............31........5.24\n";
    ASSERT_EQ(write(c.in, line.data(), line.size()), static_cast<ssize_t>(line.size()));
    const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (!std::filesystem::exists(dir + "/pipe/0001.png") && std::chrono::steady_clock::now() < end) usleep(50'000);
    EXPECT_TRUE(std::filesystem::exists(dir + "/pipe/0001.png")) << "no image while the pipe is open";
    EXPECT_TRUE(c.running());
    c.close_stdin();
    EXPECT_EQ(c.wait_exit(std::chrono::seconds(30)), 0);
  }
  std::system(("rm -rf " + dir).c_str());
}

TEST(Stream, ImportOfDevZeroStopsCleanlyOnSigint) {
  char dir_template[] = "/tmp/sudokit-stream-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  {
    Child c({"db", "import", "--no-grade", "--db", dir + "/zero.db", "/dev/zero"});
    usleep(500'000);
    expect_flat_while_running(c, kMaxRssMb + 20);
    kill(c.pid, SIGINT);
    EXPECT_EQ(c.wait_exit(std::chrono::seconds(30)), 130);
    std::string err;
    Child::read_until(c.err, err, std::chrono::seconds(5), [](const std::string&) { return false; });
    EXPECT_EQ(err.rfind("/dev/zero:1: " + kTooLong + "\n", 0), 0u) << err;
    EXPECT_NE(err.find("rejected 1"), std::string::npos) << err;
  }
  std::system(("rm -rf " + dir).c_str());
}

TEST(Stream, GeneratePatternFromDevZeroIsAUsageError) {
  Child c({"generate", "--count", "1", "--pattern", "/dev/zero"});
  EXPECT_EQ(c.wait_exit(std::chrono::seconds(30)), 2);
  std::string err;
  Child::read_until(c.err, err, std::chrono::seconds(5), [](const std::string&) { return false; });
  EXPECT_NE(err.find("--pattern"), std::string::npos) << err;
  EXPECT_NE(err.find("longer than 1048576 bytes"), std::string::npos) << err;
}

TEST(Stream, APipedPuzzleIsAnsweredBeforeThePipeCloses) {
  const std::string puzzle = "4..8..3599..1..4....8.....289.4........36.......9....13...4....1......8.2..5.1.64";
  for (const std::string command : {"solve", "canon", "grade", "hint --format json"}) {
    SCOPED_TRACE(command);
    std::vector<std::string> args;
    std::istringstream words(command);
    for (std::string w; words >> w;) args.push_back(w);
    Child c(args);
    const std::string line = puzzle + "\n";
    ASSERT_EQ(write(c.in, line.data(), line.size()), static_cast<ssize_t>(line.size()));
    std::string out;
    EXPECT_TRUE(Child::read_until(c.out, out, std::chrono::seconds(30),
                                  [](const std::string& t) { return t.find('\n') != std::string::npos; }))
        << "no answer while the pipe is open";
    EXPECT_TRUE(c.running());
    // A second puzzle on the same pipe, answered too.
    ASSERT_EQ(write(c.in, line.data(), line.size()), static_cast<ssize_t>(line.size()));
    EXPECT_TRUE(Child::read_until(c.out, out, std::chrono::seconds(30),
                                  [](const std::string& t) { return std::count(t.begin(), t.end(), '\n') == 2; }));
    c.close_stdin();
    EXPECT_EQ(c.wait_exit(std::chrono::seconds(30)), 0);
    // Same answers as for a file.
    EXPECT_EQ(out, run_sudokit(command, line + line).out);
  }
}

// A slow run's finds reach stdout as they come (Output::kMaxDelay at most
// after each), not once 64 KB have gathered or the run ends: read through a
// pipe while the run goes on, and kept when it is killed outright. (At 8.5
// a release build finds about 18 a second: 64 KB of them take 40 s.)
TEST(Stream, ASlowGeneratesFindsArriveWhileItRuns) {
  Child c({"generate", "--min-rating", "8.5", "--count", "100000", "--seed", "5", "--threads", "1", "--time-limit", "300"});
  c.close_stdin();
  std::string out;
  ASSERT_TRUE(Child::read_until(c.out, out, std::chrono::seconds(30),
                                [](const std::string& t) { return std::count(t.begin(), t.end(), '\n') >= 2; }))
      << "no find written while the run goes on: " << out;
  EXPECT_TRUE(c.running());
  ASSERT_EQ(kill(c.pid, SIGKILL), 0);
  EXPECT_EQ(c.wait_exit(std::chrono::seconds(30)), -SIGKILL);
  // What was written is whole records: a puzzle, then its rating.
  std::istringstream lines(out.substr(0, out.rfind('\n') + 1));
  int records = 0;
  for (std::string line; std::getline(lines, line); ++records) {
    SCOPED_TRACE(line);
    ASSERT_GE(line.size(), 85u);
    Grid puzzle;
    ParseError error;
    ASSERT_TRUE(parse_puzzle(line.substr(0, 81), puzzle, error));
    EXPECT_EQ(count_solutions(puzzle, 2), 1u);
    EXPECT_GE(std::stod(line.substr(82)), 8.5);
  }
  EXPECT_GE(records, 2);
}

}  // namespace
}  // namespace sudokit
