// End-to-end tests of `sudokit generate`: real processes, real files.
#include <gtest/gtest.h>

#include <cctype>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <sstream>
#include <utility>
#include <vector>

#include "child.hpp"
#include "run.hpp"

namespace sudokit {
namespace {

std::string sqlite_query(const std::string& db, const std::string& sql) {
  const std::string cmd = "sqlite3 " + db + " \"" + sql + "\" 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  char buf[256];
  while (p && fgets(buf, sizeof buf, p)) out += buf;
  if (p) pclose(p);
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  return out;
}

using test::Child;
using test::lines_of;
using test::run_sudokit;

TEST(GenerateCli, PrintsUniquePuzzlesDeterministically) {
  auto a = run_sudokit("generate --count 50 --seed 9 --threads 1");
  auto b = run_sudokit("generate --count 50 --seed 9 --threads 2");
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, b.out);
  EXPECT_EQ(lines_of(a.out).size(), 50u);
  // Every line is a puzzle the solver finds unique.
  auto c = run_sudokit("solve --count", a.out);
  std::string ones;
  for (int i = 0; i < 50; ++i) ones += "1\n";
  EXPECT_EQ(c.out, ones);
}

TEST(GenerateCli, ImpossibleRequestsFailClearly) {
  auto few = run_sudokit("generate --clues 10 --count 1");
  EXPECT_EQ(few.status, 2);
  EXPECT_NE(few.err.find("--clues must be a whole number from 17 to 80 (found 10)"), std::string::npos) << few.err;
  auto pattern12 = run_sudokit("generate --count 1 --pattern xxxxxxxxxxxx.....................................................................");
  EXPECT_EQ(pattern12.status, 2);
  EXPECT_NE(pattern12.err.find("12 clues"), std::string::npos) << pattern12.err;
  // 17 clues in the first rows: searched within a bound, then a clear failure.
  auto hopeless = run_sudokit("generate --count 1 --seed 1 --pattern xxxxxxxxxxxxxxxxx................................................................");
  EXPECT_EQ(hopeless.status, 1);
  EXPECT_NE(hopeless.err.find("no unique puzzle found"), std::string::npos) << hopeless.err;
  EXPECT_EQ(run_sudokit("generate --symmetry spiral").status, 2);
  EXPECT_EQ(run_sudokit("generate --method magic").status, 2);
  EXPECT_EQ(run_sudokit("generate --require-technique telepathy").status, 2);
  for (const char* bad : {"-1", "nan", "inf"}) {
    auto r = run_sudokit(std::string("generate --count 1 --time-limit ") + bad);
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.err.find("--time-limit must be a number from 0 to 100000000 (0 = no limit) (found " + std::string(bad) + ")"), std::string::npos) << r.err;
    auto g = run_sudokit(std::string("grade --time-limit ") + bad, "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........\n");
    EXPECT_EQ(g.status, 2) << bad;
    EXPECT_NE(g.err.find("--time-limit must be a number from 0 to 100000000 (0 = no limit) (found " + std::string(bad) + ")"), std::string::npos) << g.err;
  }
}

// Every numeric option of generate, out of range: exit status 2 and this
// first line on stderr, whichever part of the program refuses it. The values
// the library takes as "the default" (--clues 0, --search -1, --time-limit
// -1, --max-attempts 0, --max-rating 100) are the user's mistakes here.
TEST(GenerateCli, EveryNumericOptionOutOfRangeIsRefusedNamingItsRange) {
  const std::pair<const char*, const char*> cases[] = {
      {"--count 0", "--count must be a whole number from 1 to 1000000000000 (found 0)"},
      {"--count 1000000000001", "--count must be a whole number from 1 to 1000000000000 (found 1000000000001)"},
      {"--clues 16", "--clues must be a whole number from 17 to 80 (found 16)"},
      {"--clues 0", "--clues must be a whole number from 17 to 80 (found 0)"},
      {"--clues 81", "--clues must be a whole number from 17 to 80 (found 81)"},
      {"--seed -1", "--seed must be a whole number from 0 to 18446744073709551615 (found -1)"},
      {"--threads 0", "--threads must be a whole number from 1 to 256 (found 0)"},
      {"--threads 257", "--threads must be a whole number from 1 to 256 (found 257)"},
      {"--min-rating -0.5", "--min-rating must be a number from 0 to 20 (found -0.5)"},
      {"--min-rating 20.5", "--min-rating must be a number from 0 to 20 (found 20.5)"},
      {"--max-rating 0.5", "--max-rating must be a number from 1 to 20 (found 0.5)"},
      {"--max-rating 100", "--max-rating must be a number from 1 to 20 (found 100)"},
      {"--max-rating 25", "--max-rating must be a number from 1 to 20 (found 25)"},
      {"--max-rating -1", "--max-rating must be a number from 1 to 20 (found -1)"},
      {"--search -1", "--search must be a whole number from 0 to 1000000 (0 = plain filtering) (found -1)"},
      {"--search 1000001", "--search must be a whole number from 0 to 1000000 (0 = plain filtering) (found 1000001)"},
      {"--search-keep 0", "--search-keep must be a whole number from 1 to 1000 (found 0)"},
      {"--search-keep 1001", "--search-keep must be a whole number from 1 to 1000 (found 1001)"},
      {"--time-limit -1", "--time-limit must be a number from 0 to 100000000 (0 = no limit) (found -1)"},
      {"--time-limit 100000001", "--time-limit must be a number from 0 to 100000000 (0 = no limit) (found 100000001)"},
      {"--time-limit -5", "--time-limit must be a number from 0 to 100000000 (0 = no limit) (found -5)"},
      // Refused before it bounds the wait for input (seconds past the clock's range).
      {"--time-limit 1e300 --from -", "--time-limit must be a number from 0 to 100000000 (0 = no limit) (found 1e300)"},
      {"--batch-rows 0", "--batch-rows must be a whole number from 1 to 1000000 (found 0)"},
      {"--max-attempts 0", "--max-attempts must be a whole number from 1 to 1000000 (found 0)"},
      {"--max-attempts 1000001", "--max-attempts must be a whole number from 1 to 1000000 (found 1000001)"},
  };
  for (const auto& [args, message] : cases) {
    const auto r = run_sudokit(std::string("generate ") + args);
    EXPECT_EQ(r.status, 2) << args;
    EXPECT_EQ(r.err.substr(0, r.err.find('\n')), std::string("sudokit generate: ") + message) << args;
    EXPECT_EQ(r.out, "") << args;
  }
}

TEST(GenerateCli, FiltersHonourRatingAndTechnique) {
  auto r = run_sudokit("generate --count 5 --seed 4 --min-rating 4.0 --max-rating 6.0 --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const auto& l : lines_of(r.out)) {
    const auto pos = l.find("\"er\":");
    ASSERT_NE(pos, std::string::npos) << l;
    const double er = std::stod(l.substr(pos + 5));
    EXPECT_GE(er, 4.0);
    EXPECT_LE(er, 6.0);
  }
  auto t = run_sudokit("generate --count 3 --seed 4 --require-technique x-wing --format json");
  ASSERT_EQ(t.status, 0) << t.err;
  EXPECT_EQ(lines_of(t.out).size(), 3u);
  // Re-grading confirms the technique is on the solution path.
  std::string puzzles;
  for (const auto& l : lines_of(t.out)) puzzles += l.substr(l.find("\"puzzle\":\"") + 10, 81) + "\n";
  auto g = run_sudokit("grade --format json", puzzles);
  EXPECT_EQ(lines_of(g.out).size(), 3u);
  for (const auto& l : lines_of(g.out)) EXPECT_NE(l.find("\"x-wing\":"), std::string::npos) << l;
}

TEST(GenerateCli, StoresInTheDatabaseAndSkipsWhatIsStoredOnRerun) {
  char dir_template[] = "/tmp/sudokit-gen-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string db = dir + "/p.db";
  auto a = run_sudokit("generate --db " + db + " --count 40 --seed 5");
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_NE(a.err.find("stored 40, duplicates skipped 0"), std::string::npos) << a.err;
  // The same run again: every index is stored, nothing is made.
  auto b = run_sudokit("generate --db " + db + " --count 40 --seed 5");
  EXPECT_EQ(b.status, 0) << b.err;
  EXPECT_NE(b.err.find("40 indices of this run were stored already"), std::string::npos) << b.err;
  EXPECT_NE(b.err.find("generated 0, stored 0, duplicates skipped 0"), std::string::npos) << b.err;
  // Another seed is another run: its puzzles are made and stored.
  auto c = run_sudokit("generate --db " + db + " --count 40 --seed 6");
  EXPECT_NE(c.err.find("stored 40, duplicates skipped 0"), std::string::npos) << c.err;
  EXPECT_EQ(sqlite_query(db, "SELECT count(DISTINCT run) FROM puzzles"), "2");
  auto s = run_sudokit("db stats --db " + db);
  EXPECT_EQ(s.status, 0);
  EXPECT_NE(s.out.find("80 puzzles, 80 graded"), std::string::npos) << s.out;
  std::system(("rm -rf " + dir).c_str());
}

// Starts sudokit with `args`, its stdout going to the file `out`.
pid_t spawn_to_file(const std::string& out, std::vector<const char*> args) {
  const pid_t pid = fork();
  if (pid == 0) {
    const int fd = open(out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    dup2(fd, 1);
    args.insert(args.begin(), SUDOKIT_BIN);
    args.push_back(nullptr);
    execv(SUDOKIT_BIN, const_cast<char* const*>(args.data()));
    _exit(127);
  }
  return pid;
}

TEST(GenerateCli, InterruptStopsCleanlyAndOutputStaysValid) {
  char dir_template[] = "/tmp/sudokit-int-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string out = dir + "/out.txt";
  const pid_t pid = spawn_to_file(out, {"generate", "--count", "100000000", "--seed", "1", "--threads", "2"});
  ASSERT_GE(pid, 0);
  usleep(700 * 1000);
  kill(pid, SIGINT);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 130);
  const auto printed = lines_of(test::slurp(out));
  EXPECT_GT(printed.size(), 10u);
  for (const auto& l : printed) ASSERT_EQ(l.size(), 81u) << "a torn line: " << l;
  std::system(("rm -rf " + dir).c_str());
}

// A 25x25 minimal dig runs far longer than this test: SIGTERM must reach
// the dig between removals (it once dug on for 12 minutes), and the run end
// as the classic stop ends, status 128+SIGTERM, nothing torn in the output.
TEST(GenerateCli, SigtermStopsALongVariantDigPromptly) {
  char dir_template[] = "/tmp/sudokit-term-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string out = dir + "/out.txt";
  const pid_t pid =
      spawn_to_file(out, {"generate", "--geometry", "25x25", "--count", "2", "--seed", "1", "--threads", "2"});
  ASSERT_GE(pid, 0);
  usleep(1500 * 1000);
  kill(pid, SIGTERM);
  int status = 0;
  // Bounded wait (not a timing assertion: a dig that ignores the signal
  // runs for many minutes, a stopped one ends within one removal).
  pid_t done = 0;
  for (int i = 0; i < 1200 && done == 0; ++i) {
    done = waitpid(pid, &status, WNOHANG);
    if (done == 0) usleep(100 * 1000);
  }
  if (done == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    FAIL() << "generate --geometry 25x25 still digging 2 minutes after SIGTERM";
  }
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  for (const auto& l : lines_of(test::slurp(out))) ASSERT_EQ(l.size(), 625u) << "a torn line: " << l;
  std::system(("rm -rf " + dir).c_str());
}

// The puzzle field of each JSON line, one per line (for `sudokit grade`).
std::string puzzles_of(const std::string& json_lines) {
  std::string puzzles;
  for (const auto& l : lines_of(json_lines)) puzzles += l.substr(l.find("\"puzzle\":\"") + 10, 81) + "\n";
  return puzzles;
}

// Runs `args` with --threads 1 and --threads 2, expects the same output
// from both, and returns the one-thread run.
test::RunResult same_on_one_and_two_threads(const std::string& args) {
  test::RunResult one = run_sudokit(args + " --threads 1");
  EXPECT_EQ(one.out, run_sudokit(args + " --threads 2").out) << args;
  return one;
}

double number_after(const std::string& line, const std::string& key) {
  const auto pos = line.find("\"" + key + "\":");
  return pos == std::string::npos ? -1 : std::stod(line.substr(pos + key.size() + 3));
}

TEST(GenerateCli, TargetedPuzzlesAreConfirmedByRegrading) {
  // A rating target: the local search is on by default.
  auto hard = run_sudokit("generate --count 3 --seed 6 --min-rating 8.0 --format json");
  ASSERT_EQ(hard.status, 0) << hard.err;
  ASSERT_EQ(lines_of(hard.out).size(), 3u);
  auto g = run_sudokit("grade --format json", puzzles_of(hard.out));
  ASSERT_EQ(lines_of(g.out).size(), 3u);
  for (const auto& l : lines_of(g.out)) EXPECT_GE(number_after(l, "er"), 8.0) << l;

  auto hardest = run_sudokit("generate --count 3 --seed 6 --hardest-technique xy-wing --format json");
  ASSERT_EQ(hardest.status, 0) << hardest.err;
  for (const auto& l : lines_of(run_sudokit("grade --format json", puzzles_of(hardest.out)).out))
    EXPECT_NE(l.find("\"hardest\":\"xy-wing\""), std::string::npos) << l;

  // A family: any single-digit chain on the path.
  auto chain = run_sudokit("generate --count 3 --seed 6 --require-technique x-chain --format json");
  ASSERT_EQ(chain.status, 0) << chain.err;
  for (const auto& l : lines_of(run_sudokit("grade --format json", puzzles_of(chain.out)).out)) {
    bool any = false;
    for (const char* key : {"two-strong-links", "three-strong-links", "four-strong-links", "forcing-x-chain", "x-cycle"})
      any = any || l.find(std::string("\"") + key + "\":") != std::string::npos;
    EXPECT_TRUE(any) << l;
  }
  // Every one is unique.
  auto c = run_sudokit("solve --count", puzzles_of(hard.out) + puzzles_of(hardest.out) + puzzles_of(chain.out));
  EXPECT_EQ(c.out, "1\n1\n1\n1\n1\n1\n1\n1\n1\n");
}

TEST(GenerateCli, LocalSearchIsDeterministicAndReportsItsProvenance) {
  const std::string args = "generate --count 6 --seed 3 --min-rating 7.6 --max-rating 8.4 --search-keep 2 --format json";
  auto one = same_on_one_and_two_threads(args);
  ASSERT_EQ(one.status, 0) << one.err;
  int searched = 0;
  for (const auto& l : lines_of(one.out)) {
    const double er = number_after(l, "er");
    EXPECT_GE(er, 7.6);
    EXPECT_LE(er, 8.4);
    searched += number_after(l, "search_moves") > 0;
  }
  EXPECT_GT(searched, 0) << "no puzzle came from the local search";
  EXPECT_NE(one.err.find("local search judged"), std::string::npos) << one.err;
}

TEST(GenerateCli, ClueCountsAndPatternsAreKeptWithATarget) {
  // The local search would move clues: it stays off, and the count holds.
  auto r = run_sudokit("generate --count 4 --seed 2 --clues 26 --min-rating 3.0 --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(lines_of(r.out).size(), 4u);
  for (const auto& l : lines_of(r.out)) {
    EXPECT_EQ(number_after(l, "clues"), 26) << l;
    EXPECT_GE(number_after(l, "er"), 3.0) << l;
    EXPECT_EQ(number_after(l, "search_moves"), 0) << l;
  }
  EXPECT_EQ(run_sudokit("generate --count 1 --clues 26 --min-rating 3.0 --search 8").status, 2);
}

TEST(GenerateCli, TimeLimitStopsATargetThatIsNotMet) {
  // Nothing is rated 12: the run ends at its time limit, cleanly, with
  // nothing printed, says how far it got, and fails (fewer than asked).
  auto r = run_sudokit("generate --count 1 --seed 1 --min-rating 12 --time-limit 1");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("stopped early"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("reached 0 of the 1 puzzles asked for within the time limit (1 s)"), std::string::npos) << r.err;
  EXPECT_EQ(run_sudokit("generate --count 1 --search 8").status, 2);  // a search needs a target
  EXPECT_EQ(run_sudokit("generate --count 1 --min-rating 6 --max-rating 5").status, 2);
  EXPECT_EQ(run_sudokit("generate --count 1 --level hard --min-rating 6").status, 2);  // empty range
}

TEST(GenerateCli, ARareTargetGetsADefaultTimeLimitAndShowsProgressInALog) {
  // Nightmare (ER >= 10.0) is rarely met: without --time-limit the run gets
  // the default one, says so, and prints a plain progress line every few
  // seconds to a stderr that is not a terminal (a pipe here).
  Child c({"generate", "--level", "nightmare", "--count", "1", "--seed", "1", "--threads", "1"});
  std::string err;
  const bool progressed = Child::read_until(c.err, err, std::chrono::seconds(60), [](const std::string& t) {
    return t.find("0/1 found after") != std::string::npos && t.find('\n', t.find("0/1 found after")) != std::string::npos;
  });
  EXPECT_TRUE(progressed) << err;
  EXPECT_NE(err.find("ER >= 10.0 is rare: stopping after 120 s"), std::string::npos) << err;
  EXPECT_EQ(err.find('\r'), std::string::npos) << "no carriage returns in a log";
  kill(c.pid, SIGINT);
  EXPECT_EQ(c.wait_exit(std::chrono::seconds(60)), 130);
  // An explicit limit wins (no note), and 0 means none.
  auto r = run_sudokit("generate --level nightmare --count 1 --seed 1 --time-limit 1");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.find("is rare"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("reached 0 of the 1"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace sudokit

namespace sudokit {
namespace {

TEST(GenerateCli, StoredPuzzlesKeepTheirSearchProvenance) {
  char dir_template[] = "/tmp/sudokit-gen-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string db = dir + "/p.db";
  auto r = run_sudokit("generate --db " + db + " --count 6 --seed 3 --min-rating 7.6 --max-rating 8.4 --search-keep 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(sqlite_query(db, "SELECT count(*) FROM puzzles WHERE search_moves IS NULL OR er < 7.6 OR er > 8.4"), "0");
  EXPECT_NE(sqlite_query(db, "SELECT count(*) FROM puzzles WHERE search_moves > 0"), "0");
  EXPECT_EQ(sqlite_query(db, "SELECT count(*) FROM puzzles"), "6");
  std::system(("rm -rf " + dir).c_str());
}

// --time-limit bounds the wait for input too: a --from (or --pattern) FIFO
// whose writer never writes, or that no writer ever opens, ends the command
// with a clear error once the limit passes (before, it waited for ever: the
// outer `timeout` killed it, status 137).
TEST(GenerateCli, TheTimeLimitBoundsTheWaitForAFifoThatNeverWrites) {
  char dir_template[] = "/tmp/sudokit-gen-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string fifo = dir + "/seeds";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const std::string guard = "timeout -s KILL 60";  // the shell words run_sudokit puts before the command
  // No writer at all.
  auto none = run_sudokit("generate --from " + fifo + " --min-rating 7 --count 2 --time-limit 1", "", "", guard);
  EXPECT_EQ(none.status, 1) << none.err;
  EXPECT_NE(none.err.find("the time limit (--time-limit 1) passed while reading --from " + fifo), std::string::npos)
      << none.err;
  // A writer that holds the FIFO open and never writes.
  const int writer = open(fifo.c_str(), O_RDWR | O_CLOEXEC);
  ASSERT_GE(writer, 0);
  auto silent = run_sudokit("generate --from " + fifo + " --min-rating 7 --count 2 --time-limit 1", "", "", guard);
  EXPECT_EQ(silent.status, 1) << silent.err;
  EXPECT_NE(silent.err.find(fifo + ": cannot read: no input by the time limit"), std::string::npos) << silent.err;
  EXPECT_NE(silent.err.find("passed while reading --from " + fifo), std::string::npos) << silent.err;
  auto pattern = run_sudokit("generate --pattern " + fifo + " --count 1 --time-limit 1", "", "", guard);
  EXPECT_EQ(pattern.status, 1) << pattern.err;
  EXPECT_NE(pattern.err.find("passed while reading --pattern " + fifo), std::string::npos) << pattern.err;
  close(writer);
  std::system(("rm -rf " + dir).c_str());
}

// The dig order: sparse-digits by default for targets beyond the singles,
// random otherwise, either when asked; recorded in JSON, CSV and the store.
TEST(GenerateCli, FromAFileSearchesTheNeighbourhoodsOfItsPuzzlesAndReportsBadLines) {
  char dir_template[] = "/tmp/sudokit-gen-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string seeds = dir + "/seeds.txt", db = dir + "/s.db";
  const std::vector<std::string> good = {
      "38.6.......9.......2..3.51......5....3..1..6....4......17.5..8.......9.......7.32",
      "...8....9.873...4.6..7.......85..97...........43..75.......3....3...145.4....2..1"};
  std::ofstream(seeds) << good[0] << "\nnot a puzzle\n"
                       << std::string(80, '.') << "1\n"  // several solutions
                       << good[1] << " 7.2\n";
  const std::string args = "generate --from " + seeds + " --min-rating 7 --count 3 --search 10 --seed 5 --format json";
  auto a = same_on_one_and_two_threads(args);
  EXPECT_EQ(a.status, 1) << a.err;  // the run made its puzzles, but two lines were skipped
  EXPECT_NE(a.err.find(seeds + ":2: "), std::string::npos) << a.err;
  EXPECT_NE(a.err.find(seeds + ":3: puzzle has several solutions"), std::string::npos) << a.err;
  EXPECT_NE(a.err.find("--from: 2 seeds"), std::string::npos) << a.err;
  const auto found = lines_of(a.out);
  ASSERT_EQ(found.size(), 3u) << a.err;
  std::string puzzles;
  for (const auto& l : found) {
    EXPECT_NE(l.find("\"method\":\"seeded\""), std::string::npos) << l;
    EXPECT_NE(l.find("\"origin\":\""), std::string::npos) << l;
    puzzles += l.substr(l.find("\"puzzle\":\"") + 10, 81) + '\n';
  }
  EXPECT_EQ(run_sudokit("solve --count", puzzles).out, "1\n1\n1\n");
  // None isomorphic to a seed or to another.
  auto forms = lines_of(run_sudokit("canon", puzzles + good[0] + '\n' + good[1] + '\n').out);
  std::sort(forms.begin(), forms.end());
  EXPECT_EQ(std::unique(forms.begin(), forms.end()), forms.end());
  // The store keeps the provenance: the seed's global id and line.
  auto stored = run_sudokit("generate --from " + seeds + " --min-rating 7 --count 2 --search 10 --seed 5 --db " + db);
  EXPECT_EQ(stored.status, 1) << stored.err;
  EXPECT_EQ(sqlite_query(db, "SELECT count(*) FROM puzzles WHERE method = 'seeded' AND length(origin) = 16 AND "
                             "seed_index IN (1, 4) AND search_moves >= 1 AND er >= 7"),
            "2");
  // A file with no usable puzzle is a usage error.
  std::ofstream(seeds) << "nothing here\n";
  EXPECT_EQ(run_sudokit("generate --from " + seeds + " --min-rating 7").status, 2);
  std::system(("rm -rf " + dir).c_str());
}

TEST(GenerateCli, TheClimbWalksFromStonesAndSaysSo) {
  const std::string args = "generate --strategy climb --min-rating 4 --count 6 --search 10 --seed 5 --format json";
  auto a = same_on_one_and_two_threads(args);
  ASSERT_EQ(a.status, 0) << a.err;
  EXPECT_NE(a.err.find("climb: "), std::string::npos) << a.err;
  EXPECT_NE(a.err.find(" stones dug, "), std::string::npos) << a.err;
  const auto found = lines_of(a.out);
  ASSERT_EQ(found.size(), 6u) << a.err;
  for (const auto& l : found) {
    EXPECT_NE(l.find("\"minimal\":true"), std::string::npos) << l;
    EXPECT_GE(number_after(l, "er"), 4.0) << l;
  }
  const std::string puzzles = puzzles_of(a.out);
  EXPECT_EQ(run_sudokit("solve --count", puzzles).out, "1\n1\n1\n1\n1\n1\n");
  auto forms = lines_of(run_sudokit("canon", puzzles).out);
  std::sort(forms.begin(), forms.end());
  EXPECT_EQ(std::unique(forms.begin(), forms.end()), forms.end());
  // What it cannot keep is refused when asked for; unknown strategies too.
  auto sym = run_sudokit("generate --strategy climb --min-rating 4 --symmetry rot180");
  EXPECT_EQ(sym.status, 2);
  EXPECT_NE(sym.err.find("--strategy climb walks from dug puzzles, and --symmetry"), std::string::npos) << sym.err;
  auto bad = run_sudokit("generate --strategy hill --min-rating 4");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("unknown --strategy 'hill' (expected dig or climb)"), std::string::npos) << bad.err;
}

TEST(GenerateCli, ASeededSearchStopsCleanlyOnCtrlCWithWhatItFound) {
  char dir_template[] = "/tmp/sudokit-int-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string seeds = dir + "/seeds.txt";
  std::ofstream(seeds) << "38.6.......9.......2..3.51......5....3..1..6....4......17.5..8.......9.......7.32\n"
                       << "...8....9.873...4.6..7.......85..97...........43..75.......3....3...145.4....2..1\n";
  Child c({"generate", "--from", seeds, "--min-rating", "7", "--count", "100000000", "--seed", "1", "--threads", "2"});
  std::string printed, err;
  // Interrupted at its first progress line (5 s: stderr is not a terminal);
  // what it writes meanwhile is read too (it fills a pipe in under 5 s).
  ASSERT_TRUE(c.read_both_until(printed, err, std::chrono::seconds(60), [](const std::string& t) {
    return t.find(" found after ") != std::string::npos;
  }));
  kill(c.pid, SIGINT);
  Child::read_until(c.out, printed, std::chrono::seconds(60), [](const std::string&) { return false; });  // to EOF
  Child::read_until(c.err, err, std::chrono::seconds(10), [](const std::string&) { return false; });
  EXPECT_FALSE(printed.empty());
  EXPECT_EQ(c.wait_exit(std::chrono::seconds(30)), 130) << err;
  EXPECT_NE(err.find("--from: 2 seeds"), std::string::npos) << err;  // the summary of what was done
  std::string puzzles, ones;
  for (const auto& l : lines_of(printed)) {
    ASSERT_EQ(l.size(), 81u + 4u) << "a torn line: " << l;  // puzzle and ER
    puzzles += l.substr(0, 81) + '\n';
    ones += "1\n";
  }
  EXPECT_EQ(run_sudokit("solve --count", puzzles).out, ones);
  std::system(("rm -rf " + dir).c_str());
}

TEST(GenerateCli, DigOrderIsChosenReportedAndStored) {
  auto plain = run_sudokit("generate --count 3 --seed 4 --format json");
  ASSERT_EQ(plain.status, 0) << plain.err;
  for (const auto& l : lines_of(plain.out)) EXPECT_NE(l.find("\"dig_order\":\"random\""), std::string::npos) << l;
  auto hard = run_sudokit("generate --count 3 --seed 4 --format json --level hard");
  ASSERT_EQ(hard.status, 0) << hard.err;
  for (const auto& l : lines_of(hard.out)) EXPECT_NE(l.find("\"dig_order\":\"sparse-digits\""), std::string::npos) << l;
  auto asked = run_sudokit("generate --count 3 --seed 4 --format json --level hard --dig-order random");
  ASSERT_EQ(asked.status, 0) << asked.err;
  for (const auto& l : lines_of(asked.out)) EXPECT_NE(l.find("\"dig_order\":\"random\""), std::string::npos) << l;
  // Sparse digits without a target: every puzzle lacks one digit.
  auto sparse = run_sudokit("generate --count 20 --seed 4 --dig-order sparse-digits");
  ASSERT_EQ(sparse.status, 0) << sparse.err;
  for (const auto& l : lines_of(sparse.out)) {
    int absent = 0;
    for (char d = '1'; d <= '9'; ++d) absent += l.find(d) == std::string::npos;
    EXPECT_EQ(absent, 1) << l;
  }
  std::string ones;
  for (int i = 0; i < 20; ++i) ones += "1\n";
  EXPECT_EQ(run_sudokit("solve --count", sparse.out).out, ones);
  auto csv = run_sudokit("generate --count 2 --seed 4 --format csv --dig-order sparse-digits");
  ASSERT_EQ(csv.status, 0) << csv.err;
  EXPECT_NE(csv.out.find(",search_moves,dig_order,origin\n"), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find(",minimal,symmetric_minimal,"), std::string::npos) << csv.out;
  EXPECT_NE(csv.out.find(",0,sparse-digits,\n"), std::string::npos) << csv.out;
  auto bad = run_sudokit("generate --count 1 --dig-order spiral");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("unknown --dig-order 'spiral'"), std::string::npos) << bad.err;
  EXPECT_EQ(run_sudokit("generate --count 1 --dig-order random --pattern "
                        "xxxxxxxxxxxxxxxxxxxxxxxxxx.......................................................")
                .status,
            2);

  char dir_template[] = "/tmp/sudokit-order-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string db = dir + "/p.db";
  auto stored = run_sudokit("generate --db " + db + " --count 4 --seed 5 --level hard");
  ASSERT_EQ(stored.status, 0) << stored.err;
  EXPECT_EQ(sqlite_query(db, "SELECT group_concat(dig_order) FROM puzzles"),
            "sparse-digits,sparse-digits,sparse-digits,sparse-digits");
  std::system(("rm -rf " + dir).c_str());
}

TEST(GenerateCli, SigkillDuringGenerateDbLeavesAnIntactFileThatARerunCompletes) {
  char dir_template[] = "/tmp/sudokit-kill-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string db = dir + "/k.db";
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 2);
    execl(SUDOKIT_BIN, SUDOKIT_BIN, "generate", "--db", db.c_str(), "--no-grade", "--count", "60000", "--seed", "77",
          "--threads", "2", nullptr);
    _exit(127);
  }
  // Kill once a first batch is committed (10,000 rows or one second), well
  // before the end however fast the machine is.
  for (int waited = 0; waited < 20000; waited += 20) {
    usleep(20 * 1000);
    const std::string n = sqlite_query(db, "SELECT count(*) FROM puzzles");
    if (!n.empty() && std::isdigit(static_cast<unsigned char>(n[0])) && n != "0") break;
  }
  kill(pid, SIGKILL);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status)) << "finished before the kill: make the run longer";
  EXPECT_EQ(sqlite_query(db, "PRAGMA integrity_check"), "ok");
  const long before = std::stol(sqlite_query(db, "SELECT count(*) FROM puzzles"));
  // Every stored row is complete and unique.
  EXPECT_EQ(sqlite_query(db, "SELECT count(*) FROM puzzles WHERE length(puzzle) <> 81 OR length(solution) <> 81"), "0");
  auto rerun = run_sudokit("generate --db " + db + " --no-grade --count 60000 --seed 77 --threads 2");
  ASSERT_EQ(rerun.status, 0) << rerun.err;
  // The rerun makes only the indices the killed run did not commit.
  EXPECT_NE(rerun.err.find(std::to_string(before) + " indices of this run were stored already"), std::string::npos)
      << rerun.err;
  EXPECT_NE(rerun.err.find("generated " + std::to_string(60000 - before) + ", stored " + std::to_string(60000 - before)),
            std::string::npos)
      << rerun.err;
  EXPECT_EQ(sqlite_query(db, "SELECT count(*) FROM puzzles"), "60000");
  EXPECT_EQ(sqlite_query(db, "SELECT count(DISTINCT seed_index) || ' ' || min(seed_index) || ' ' || max(seed_index) FROM puzzles"),
            "60000 0 59999");
  EXPECT_EQ(sqlite_query(db, "PRAGMA integrity_check"), "ok");
  std::system(("rm -rf " + dir).c_str());
}


TEST(GenerateCli, MinimalFlagsSurviveAReimport) {
  // Symmetric puzzles stored by generate carry the strict `minimal` fact,
  // the one db import computes: a re-import agrees row for row.
  char dir_template[] = "/tmp/sudokit-minimal-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string gen_db = dir + "/gen.db", imp_db = dir + "/imp.db", text = dir + "/puzzles.txt";
  const std::string args = "generate --symmetry rot180 --count 30 --seed 4 --threads 2";
  ASSERT_EQ(run_sudokit(args + " --db " + gen_db).status, 0);
  const auto printed = run_sudokit(args);
  ASSERT_EQ(printed.status, 0);
  std::ofstream(text) << printed.out;
  ASSERT_EQ(run_sudokit("db import --no-grade --db " + imp_db + " " + text).status, 0);
  // --no-grade leaves minimal unknown; grading computes it. Grade them all.
  const auto graded = run_sudokit("db import --db " + dir + "/graded.db " + text);
  ASSERT_EQ(graded.status, 0) << graded.err;
  const std::string q = "SELECT group_concat(minimal, '') FROM (SELECT minimal FROM puzzles ORDER BY canonical)";
  const std::string generated = sqlite_query(gen_db, q), reimported = sqlite_query(dir + "/graded.db", q);
  EXPECT_EQ(generated, reimported);
  EXPECT_NE(generated.find('0'), std::string::npos) << "rot180 digging leaves single clues removable in most puzzles";
  EXPECT_EQ(sqlite_query(gen_db, "SELECT count(*) FROM puzzles WHERE symmetric_minimal = 1"), "30");
  // The CSV output carries both facts.
  const auto csv = run_sudokit(args + " --format csv");
  EXPECT_NE(csv.out.find("gid,puzzle,clues,symmetry,minimal,symmetric_minimal,method,seed,seed_index"), std::string::npos) << csv.out;
  std::system(("rm -rf " + dir).c_str());
}

// Issue #44: a Slurm task resubmitted alone (sbatch --array=7) is an array
// of one; `--shard auto` took that count and made the whole run into the
// shard's file. The total is given (auto/N), the shard is said before any
// work, and a store holding the run split another way is refused.
TEST(GenerateCli, AShardComesFromAGivenTotalIsSaidAndKeepsToTheStoresSplit) {
  char dir_template[] = "/tmp/sudokit-gen-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string db = dir + "/shard-7.db";
  const std::string run = "generate --count 32 --seed 44 --threads 1 --db " + db;
  // What Slurm sets for `sbatch --array=7`: auto alone is refused.
  const std::string resubmitted =
      "SLURM_ARRAY_TASK_ID=7 SLURM_ARRAY_TASK_MIN=7 SLURM_ARRAY_TASK_MAX=7 SLURM_ARRAY_TASK_COUNT=1";
  auto alone = run_sudokit(run + " --shard auto", "", "", resubmitted);
  EXPECT_EQ(alone.status, 2) << alone.err;
  EXPECT_NE(alone.err.find("--shard auto: the number of shards must be given: write --shard auto/N"), std::string::npos)
      << alone.err;
  EXPECT_EQ(sqlite_query(db, "SELECT count(*) FROM puzzles"), "Error: in prepare, no such table: puzzles") << "nothing made";
  // auto/16: shard 7 of 16, said on stderr before the work.
  auto task = run_sudokit(run + " --shard auto/16", "", "", resubmitted);
  ASSERT_EQ(task.status, 0) << task.err;
  EXPECT_EQ(task.err.rfind("sudokit generate: shard 7/16 (SLURM_ARRAY_TASK_ID=7): the indices i < 32 with i % 16 == 7\n", 0),
            0u)
      << task.err;
  EXPECT_EQ(sqlite_query(db, "SELECT group_concat(seed_index || ' ' || shard, ',') FROM puzzles"), "7 7/16,23 7/16");
  // The same run split another way into this store: refused, nothing made.
  for (const std::string& other : {std::string(), std::string(" --shard 7/8"), std::string(" --shard 0/1")}) {
    auto wrong = run_sudokit(run + other);
    EXPECT_EQ(wrong.status, 2) << other << ": " << wrong.err;
    EXPECT_NE(wrong.err.find("holds rows of run "), std::string::npos) << wrong.err;
    EXPECT_NE(wrong.err.find(" made as shard 7/16; this run as "), std::string::npos) << wrong.err;
  }
  EXPECT_EQ(sqlite_query(db, "SELECT count(*) FROM puzzles"), "2");
  // The same split goes on (another shard of 16, as PostgreSQL stores hold them).
  auto next = run_sudokit(run + " --shard 8/16");
  EXPECT_EQ(next.status, 0) << next.err;
  EXPECT_EQ(sqlite_query(db, "SELECT count(*) FROM puzzles"), "4");
  // And the other way round: a whole run's store refuses a shard of it.
  const std::string whole = dir + "/whole.db";
  ASSERT_EQ(run_sudokit("generate --count 8 --seed 44 --threads 1 --db " + whole).status, 0);
  auto shard_of_whole = run_sudokit("generate --count 8 --seed 44 --threads 1 --shard 1/2 --db " + whole);
  EXPECT_EQ(shard_of_whole.status, 2) << shard_of_whole.err;
  EXPECT_NE(shard_of_whole.err.find("made as the whole run (no --shard); this run as --shard 1/2"), std::string::npos)
      << shard_of_whole.err;
  std::system(("rm -rf " + dir).c_str());
}

// A failed batch is not waited for twice: a lock held past --busy-timeout
// ended `generate --db` after twice the timeout (the store's destructor
// flushed the failed batch again), 120 s for the 60 s default.
TEST(GenerateCli, ALockHeldPastTheBusyTimeoutFailsAfterItOnce) {
  char dir_template[] = "/tmp/sudokit-gen-XXXXXX";
  const std::string dir = mkdtemp(dir_template);
  const std::string db = dir + "/p.db";
  ASSERT_EQ(run_sudokit("generate --count 2 --seed 3 --threads 1 --db " + db).status, 0);
  // sqlite3 holds the write lock for 30 s (killed at the end), then says so
  // by creating `held`. (It waits for the lock itself: without .timeout its
  // BEGIN IMMEDIATE failed at once when it met another writer, and sqlite3
  // exited holding nothing; the probes that used to wait for it here with
  // generate runs were such writers, and the run below then took 0.1 s.)
  const std::string held = dir + "/held";
  const std::string touch = ".shell touch " + held;
  const pid_t holder = fork();
  if (holder == 0) {
    execlp("sqlite3", "sqlite3", db.c_str(), ".timeout 60000", "BEGIN IMMEDIATE;", "SELECT 1 FROM puzzles WHERE 0;",
           touch.c_str(), ".shell sleep 30", static_cast<char*>(nullptr));
    _exit(127);
  }
  // Until it holds the lock.
  for (int i = 0; i < 6000 && access(held.c_str(), F_OK) != 0; ++i) usleep(10'000);
  if (access(held.c_str(), F_OK) != 0) {
    kill(holder, SIGKILL);
    waitpid(holder, nullptr, 0);
    FAIL() << "sqlite3 did not take the lock within 60 s";
  }
  const auto start = std::chrono::steady_clock::now();
  auto locked = run_sudokit("generate --count 4 --seed 4 --threads 1 --busy-timeout 4000 --db " + db);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  kill(holder, SIGKILL);
  waitpid(holder, nullptr, 0);
  EXPECT_EQ(locked.status, 1) << locked.err;
  EXPECT_NE(locked.err.find("database is locked (another process held it for more than 4000 ms)"), std::string::npos)
      << locked.err;
  EXPECT_GE(seconds, 3.9);
  EXPECT_LT(seconds, 7.5) << "the lock was waited for twice";
  std::system(("rm -rf " + dir).c_str());
}

}  // namespace
}  // namespace sudokit
