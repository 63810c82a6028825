// The malformed-input corpus (tests/data/bad/, described in
// docs/RELIABILITY.md) through every command that reads puzzles: solve,
// canon, grade and db import. Each file must give exactly the documented
// diagnostics (`FILE:LINE: reason` on stderr, nothing else), the good
// records must still be processed, and the exit status must be 1 when
// anything was skipped, 0 otherwise. A 10 MB single line is generated here
// rather than committed.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "run.hpp"
#include "store_check.hpp"

namespace sudokit {
namespace {

using namespace sudokit::test;

struct BadFile {
  std::string name;
  std::vector<std::string> diagnostics;         // "LINE: reason", as the line reader reports them
  std::vector<std::string> import_diagnostics;  // when db import reports otherwise (its CSV reader)
  int good = 0;                                 // well-formed puzzles (all valid, unique, easy)
};

const std::string kShort = "expected an 81-character puzzle or a 9-line grid, found ";

const std::vector<BadFile>& corpus() {
  static const std::vector<BadFile> files = {
      {"empty.txt", {}, {}, 0},
      {"truncated.txt", {"2: " + kShort + "40 characters", "3: grid ends after 5 rows, expected 9", "10: " + kShort + "60 characters"}, {}, 2},
      // Lengths count characters of UTF-8 text, bytes of what is not UTF-8.
      {"garbage.bin",
       {"1: " + kShort + "22 characters", "2: " + kShort + "89 characters", "3: " + kShort + "125 characters",
        "4: " + kShort + "101 characters", "5: " + kShort + "40 characters", "6: " + kShort + "30 characters"},
       {}, 1},
      {"crlf.txt", {"13: invalid character 'x' at column 81"}, {}, 3},
      // A byte order mark past the first line is a character (3 bytes) of the line.
      {"bom.txt", {"3: " + kShort + "82 characters"}, {}, 3},
      // Every command reads the field after a puzzle as its rating, as db import does: 5,000 x's are not one.
      {"overlong.txt", {"1: " + kShort + "82 characters", "2: " + kShort + "500 characters", "3: " + kShort + "100000 characters",
        "4: rating '" + std::string(30, 'x') + "...' is not a number from 0 to 20"},
       {}, 1},
      {"excel.csv", {"4: " + kShort + "70 characters"}, {"4: expected 81 cells, found 70 characters"}, 3},
  };
  return files;
}

/// stderr holds exactly these diagnostics, in order, each as "SOURCE:LINE: reason".
void expect_diagnostics(const std::string& err, const std::string& source, const std::vector<std::string>& expected,
                        const std::string& what) {
  std::vector<std::string> want;
  for (const auto& d : expected) want.push_back(source + ":" + d);
  EXPECT_EQ(lines_of(err), want) << what;
}

TEST(BadInput, EveryCommandReportsTheDocumentedErrorsAndKeepsTheGoodRecords) {
  for (const BadFile& f : corpus()) {
    SCOPED_TRACE(f.name);
    const std::string path = test_file("bad/" + f.name);
    const int status = f.diagnostics.empty() ? 0 : 1;

    auto solved = run_sudokit("solve " + path);
    EXPECT_EQ(solved.status, status);
    expect_diagnostics(solved.err, path, f.diagnostics, "solve");
    EXPECT_EQ(lines_of(solved.out).size(), static_cast<std::size_t>(f.good));
    for (const auto& l : lines_of(solved.out)) EXPECT_EQ(l.find_first_not_of("123456789"), std::string::npos) << l;

    // The same through stdin.
    auto piped = run_sudokit("solve", slurp(path));
    EXPECT_EQ(piped.status, status);
    expect_diagnostics(piped.err, "<stdin>", f.diagnostics, "solve <stdin>");
    EXPECT_EQ(piped.out, solved.out);

    auto canon = run_sudokit("canon " + path);
    EXPECT_EQ(canon.status, status);
    expect_diagnostics(canon.err, path, f.diagnostics, "canon");
    EXPECT_EQ(lines_of(canon.out).size(), static_cast<std::size_t>(f.good));

    auto graded = run_sudokit("grade " + path);
    EXPECT_EQ(graded.status, status);
    expect_diagnostics(graded.err, path, f.diagnostics, "grade");
    const auto grades = lines_of(graded.out);
    EXPECT_EQ(grades.size(), static_cast<std::size_t>(f.good));
    for (const auto& l : grades) EXPECT_NE(l.find(" 1."), std::string::npos) << "an easy puzzle, rated: " << l;

    TempDir dir;
    auto imported = run_sudokit("db import --db " + dir.file("bad.db") + " " + path);
    EXPECT_EQ(imported.status, status);
    const auto& want = f.import_diagnostics.empty() ? f.diagnostics : f.import_diagnostics;
    auto err_lines = lines_of(imported.err);
    ASSERT_FALSE(err_lines.empty());
    const std::string summary = err_lines.back();
    err_lines.pop_back();
    std::vector<std::string> want_lines;
    for (const auto& d : want) want_lines.push_back(path + ":" + d);
    EXPECT_EQ(err_lines, want_lines) << "db import";
    const Summary s = summary_of(summary);
    // Records that only db import rejects (a rating field that is no rating) are not stored.
    const long long stored = f.good - static_cast<long long>(want.size() - f.diagnostics.size());
    EXPECT_EQ(s.imported, stored) << summary;
    EXPECT_EQ(s.rejected, static_cast<long long>(want.size())) << summary;
    Raw raw(dir.file("bad.db"));
    EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles WHERE er IS NOT NULL"), stored);
  }
}

// A lone short line with a stray letter is a bad puzzle, not a header to
// skip: before, "1234567x9" gave no output, no message and exit status 0.
TEST(BadInput, AShortLineWithALetterIsABadPuzzleNotAHeader) {
  for (const char* command : {"solve", "canon", "grade"}) {
    auto r = run_sudokit(command, "1234567x9\n");
    EXPECT_EQ(r.status, 1) << command;
    EXPECT_EQ(r.err.rfind("<stdin>:1: " + kShort + "9 characters\n", 0), 0u) << command << ": " << r.err;
    EXPECT_EQ(r.out, "") << command;
  }
  // A real header is still skipped.
  auto csv = run_sudokit("solve", "puzzle,rating\n..........9........8...1.6.172..4.9.....8..1..3......432..4.6.8..83.92...467..1..,1.2\n");
  EXPECT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(lines_of(csv.out).size(), 1u);
}

// grade --threads: the same output and the same diagnostics, in the same
// order, for any thread count, with good records, unreadable lines,
// puzzles with no or several solutions and a slow one among them.
TEST(BadInput, GradeWritesTheSameForAnyThreadCount) {
  std::string input;
  std::ifstream in(test::data_file("se_rated_calibration.tsv"));
  std::string line;
  for (int i = 0; std::getline(in, line); ++i) {
    if (i == 0 || i % 25 != 1) continue;
    input += line.substr(0, 81) + "\n";
    if (i % 100 == 1) input += "12345\n";                  // unreadable
    if (i % 150 == 1) input += std::string(81, '.') + "\n";  // several solutions
    if (i % 200 == 1) input += "11" + std::string(79, '.') + "\n";  // two 1s in a row
  }
  for (const char* format : {"line", "json"}) {
    const auto one = run_sudokit(std::string("grade --threads 1 --format ") + format, input);
    EXPECT_EQ(one.status, 1);
    EXPECT_GT(lines_of(one.out).size(), 70u);
    EXPECT_NE(one.err.find("several solutions"), std::string::npos) << one.err;
    for (const char* threads : {"2", "3"}) {
      const auto many = run_sudokit(std::string("grade --threads ") + threads + " --format " + format, input);
      EXPECT_EQ(many.status, one.status) << threads;
      EXPECT_EQ(many.out, one.out) << threads;
      EXPECT_EQ(many.err, one.err) << threads;
    }
  }
}

TEST(BadInput, ATenMegabyteLineIsOneClearError) {
  TempDir dir;
  const std::string dots = dir.file("dots.txt");
  std::ofstream(dots, std::ios::binary) << std::string(10u << 20, '.');  // no newline at all
  const std::string message = dots + ":1: " + kShort + "10485760 characters\n";
  for (const char* command : {"solve", "canon", "grade"}) {
    auto r = run_sudokit(std::string(command) + " " + dots);
    EXPECT_EQ(r.status, 1) << command;
    EXPECT_EQ(r.err, message) << command;  // the line is not echoed
    EXPECT_EQ(r.out, "") << command;
  }
  auto imported = run_sudokit("db import --db " + dir.file("big.db") + " " + dots);
  EXPECT_EQ(imported.status, 1);
  EXPECT_EQ(imported.err.rfind(message, 0), 0u) << imported.err;
  EXPECT_EQ(summary_of(imported.err).rejected, 1);

  // One 10 MB line of puzzles separated by blanks: the first is the record,
  // the rest are fields after it (a rating, for the formats that carry one).
  const std::string puzzle = "..........9........8...1.6.172..4.9.....8..1..3......432..4.6.8..83.92...467..1..";
  const std::string wide = dir.file("wide.txt");
  {
    std::ofstream out(wide, std::ios::binary);
    for (std::size_t written = 0; written < (10u << 20); written += puzzle.size() + 1) out << puzzle << ' ';
    out << '\n';
  }
  auto solved = run_sudokit("solve " + wide);
  EXPECT_EQ(solved.status, 0) << solved.err.substr(0, 300);
  EXPECT_EQ(lines_of(solved.out).size(), 1u);
  auto stored = run_sudokit("db import --no-grade --db " + dir.file("wide.db") + " " + wide);
  EXPECT_EQ(stored.status, 0) << stored.err.substr(0, 300);
  EXPECT_EQ(summary_of(stored.err).imported, 1);
}

}  // namespace
}  // namespace sudokit
