// End-to-end tests of the `sudokit` command: real process, real files.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "run.hpp"
#include "../temp_dir.hpp"

namespace sudokit {
namespace {

using test::run_sudokit;

TEST(Cli, VersionAndHelp) {
  auto v = run_sudokit("--version");
  EXPECT_EQ(v.status, 0);
  EXPECT_EQ(v.out.rfind("sudokit ", 0), 0u);
  auto h = run_sudokit("--help");
  EXPECT_EQ(h.status, 0);
  EXPECT_NE(h.out.find("solve"), std::string::npos);
  auto s = run_sudokit("solve --help");
  EXPECT_EQ(s.status, 0);
  EXPECT_NE(s.out.find("--count"), std::string::npos);
  EXPECT_EQ(run_sudokit("frobnicate").status, 2);
  EXPECT_EQ(run_sudokit("solve --format xml").status, 2);
  EXPECT_EQ(run_sudokit("solve --no-such-option").status, 2);
}

TEST(Cli, SolveBatchSampleGivesExpectedOutputByteForByte) {
  const std::string expected = test::slurp(test::data_file("poj_sample_output.txt"));
  auto r = run_sudokit("solve", test::slurp(test::data_file("poj_sample_input.txt")));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, expected);
  EXPECT_EQ(r.err, "");
  auto f = run_sudokit("solve " + test::data_file("poj_sample_input.txt"));
  EXPECT_EQ(f.out, expected);
}

TEST(Cli, BadRecordsAreReportedSkippedAndCounted) {
  auto r = run_sudokit("solve " + test::test_file("mixed_bad.txt"));
  EXPECT_EQ(r.status, 1);
  const std::string src = test::test_file("mixed_bad.txt");
  EXPECT_NE(r.err.find(src + ":2: expected"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(src + ":3: invalid character 'x' at column 5"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(src + ":4: givens break the rules: digit 4 appears twice in box 1 (r1c1, r1c2)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(src + ":5: puzzle has several solutions"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(src + ":6: puzzle has no solution"), std::string::npos) << r.err;
  // the two good puzzles (lines 1 and 7) are still solved, in order
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2);
}

// A rating that comes with a puzzle must be on the Sudoku Explainer scale
// (0 to 20), for every command that reads records, as for db import: the
// record is skipped as FILE:LINE (it was solved and graded).
TEST(Cli, ARatingOutsideTheScaleSkipsTheRecord) {
  const std::string p = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const std::string input = p + " 99\n" + p + " 7.2\n" + p + " 1.5/1.2/nan comment\n" + p + " -1\n" + p + "\n";
  for (const char* command : {"solve", "grade", "canon"}) {
    SCOPED_TRACE(command);
    const auto r = run_sudokit(command, input);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find("<stdin>:1: rating '99' is not a number from 0 to 20"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("<stdin>:3: rating 'nan' is not a number from 0 to 20"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("<stdin>:4: rating '-1' is not a number from 0 to 20"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("<stdin>:2:"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.find("<stdin>:5:"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 2) << r.out;  // lines 2 and 5
  }
}

TEST(Cli, CountFormatsAndMissingFile) {
  const std::string many = std::string(81, '.') + "\n";
  auto c = run_sudokit("solve --count", many);
  EXPECT_EQ(c.out, "2+\n");
  auto c5 = run_sudokit("solve --count --limit 5", many);
  EXPECT_EQ(c5.out, "5+\n");
  auto j = run_sudokit("solve --format json " + test::data_file("poj_sample_input.txt"));
  EXPECT_EQ(j.status, 0);
  EXPECT_NE(j.out.find("\"solution\":\""), std::string::npos);
  auto g = run_sudokit("solve --format grid " + test::data_file("poj_sample_input.txt"));
  EXPECT_NE(g.out.find("------+-------+------"), std::string::npos);
  auto any = run_sudokit("solve --any", many);
  EXPECT_EQ(any.status, 0);
  EXPECT_EQ(any.out.size(), 82u);
  auto missing = run_sudokit("solve /nonexistent/file.txt");
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("/nonexistent/file.txt: cannot read"), std::string::npos);
}

// A solution checked by hand: every row, column and box (BR x BC) of an
// N x N grid holds 1..N once, both diagonals too when `diagonals`, and every
// given of `puzzle` ('.' empty) is kept. Digits 1-9 only (up to 9x9).
bool keeps_rules(const std::string& puzzle, const std::string& solution, int n, int br, int bc, bool diagonals) {
  if (solution.size() != static_cast<std::size_t>(n * n)) return false;
  auto at = [&](int r, int c) { return solution[static_cast<std::size_t>(r * n + c)] - '0'; };
  std::vector<std::vector<std::pair<int, int>>> houses;
  for (int i = 0; i < n; ++i) {
    houses.emplace_back();
    houses.emplace_back();
    houses.emplace_back();
    for (int j = 0; j < n; ++j) {
      houses[houses.size() - 3].push_back({i, j});
      houses[houses.size() - 2].push_back({j, i});
      houses.back().push_back({i / (n / bc) * br + j / bc, i % (n / bc) * bc + j % bc});
    }
  }
  if (diagonals) {
    houses.emplace_back();
    houses.emplace_back();
    for (int i = 0; i < n; ++i) {
      houses[houses.size() - 2].push_back({i, i});
      houses.back().push_back({i, n - 1 - i});
    }
  }
  for (const auto& house : houses) {
    std::vector<bool> seen(static_cast<std::size_t>(n + 1));
    for (auto [r, c] : house) {
      const int d = at(r, c);
      if (d < 1 || d > n || seen[static_cast<std::size_t>(d)]) return false;
      seen[static_cast<std::size_t>(d)] = true;
    }
  }
  for (std::size_t i = 0; i < puzzle.size(); ++i)
    if (puzzle[i] != '.' && puzzle[i] != solution[i]) return false;
  return true;
}

// solve --geometry: each line a puzzle of the geometry, answered as the
// classic's are (line, grid, json; --count with --limit; --any), bad records
// as FILE:LINE and skipped, exit status 1, a failed write an error; the
// classic spelled out gives the classic's bytes. (Before, --geometry was an
// unknown option.)
TEST(Cli, SolveGeometrySolvesAndCountsVariants) {
  const std::string six = ".4....3.26............31........5.24";  // 6x6 (2x3 boxes), one solution
  const std::string x = "4.3......2........5..1.7.8......3......8......5....6.2.6......4....6.1....2.1....";  // X, one
  const std::string several = std::string(35, '.') + "4";
  auto r = run_sudokit("solve --geometry 6x6", six + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_EQ(r.out.size(), 37u) << r.out;
  EXPECT_TRUE(keeps_rules(six, r.out.substr(0, 36), 6, 2, 3, false)) << r.out;
  const std::string six_solution = r.out.substr(0, 36);
  r = run_sudokit("solve --geometry x", x + " a comment\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(keeps_rules(x, r.out.substr(0, 81), 9, 3, 3, true)) << r.out;
  // A bad record in the middle: FILE:LINE, the others still solved, in order.
  const test::TempDir dir;
  std::ofstream(dir.file("six.txt")) << "# 6x6\n" << six << "\n" << six.substr(1) << "\n" << "4" << six.substr(1)
                                             << "\n" << six.substr(0, 35) << "7\n" << several << "\n" << six << "\n";
  const std::string file = dir.file("six.txt");
  r = run_sudokit("solve --geometry 6x6 " + file);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, six_solution + "\n" + six_solution + "\n");
  EXPECT_EQ(r.err, file + ":3: cells: 35 characters (expected 36, one per cell of 6x6)\n" +
                       file + ":4: givens break the rules of 6x6 at r1c1 r1c2\n" +
                       file + ":5: cells:36: '7' is no digit of 6x6 in the 1-6 alphabet ('.' for an empty cell)\n" +
                       file + ":6: puzzle has several solutions (use --any to print one of them)\n");
  // --count (--limit), --any, --format grid and json.
  r = run_sudokit("solve --geometry 6x6 --count", six + "\n" + several + "\n");
  EXPECT_EQ(r.out, "1\n2+\n");
  r = run_sudokit("solve --geometry 6x6 --count --limit 7 --format json", several + "\n");
  EXPECT_EQ(r.out, "{\"geometry\":\"6x6\",\"limit_reached\":true,\"line\":1,\"puzzle\":\"" + several +
                       "\",\"solutions\":7}\n");
  r = run_sudokit("solve --geometry 6x6 --any", several + "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(keeps_rules(several, r.out.substr(0, 36), 6, 2, 3, false)) << r.out;
  r = run_sudokit("solve --geometry 6x6 --format grid", six + "\n");
  std::string rows;
  for (int i = 0; i < 6; ++i) rows += six_solution.substr(static_cast<std::size_t>(i) * 6, 6) + "\n";
  EXPECT_EQ(r.out, rows + "\n");
  r = run_sudokit("solve --geometry 6x6 --format json", six + "\n");
  EXPECT_EQ(r.out, "{\"geometry\":\"6x6\",\"line\":1,\"puzzle\":\"" + six + "\",\"solution\":\"" + six_solution +
                       "\",\"unique\":true}\n");
  // A failed write is an error.
  int status = 0;
  const std::string err = test::shell(std::string(SUDOKIT_BIN) + " solve --geometry 6x6 " + file + " 2>&1 >/dev/full", &status);
  EXPECT_EQ(status, 1);
  EXPECT_NE(err.find("sudokit solve: <stdout>: No space left on device"), std::string::npos) << err;
  // Geometry errors are usage errors, as on every command.
  r = run_sudokit("solve --geometry 6x6,wndows", six + "\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.rfind("sudokit solve: --geometry: geometry:5: unknown rule \"wndows\"", 0), 0u) << r.err;
  r = run_sudokit("solve --geometry 4x4,anti-king", std::string(16, '.') + "\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "sudokit solve: --geometry: geometry: 4x4,anti-king has no valid grid\n");
  // The classic spelled out is the classic, byte for byte.
  const std::string sample = test::data_file("poj_sample_input.txt");
  for (const char* options : {"", "--count ", "--format json ", "--format grid "})
    EXPECT_EQ(run_sudokit(std::string("solve --geometry classic ") + options + sample).out,
              run_sudokit(std::string("solve ") + options + sample).out)
        << options;
}

// grade --geometry: a variant puzzle rated by the variant grader with the
// reference's numbers (data/se_rated_variants.tsv: the 6x6 explainer gave
// 1.5/1.2/1.2), one beyond its techniques named, not rated, and the options
// it does not take refused.
TEST(Cli, GradeGeometryRatesVariantsOrSaysWhatIsNeeded) {
  const std::string six = "..1.4.....316....3.2....5..6....4...";
  const std::string windows = "..5.6......9...........7.4...8.3......6...9...9....25..............73...7...4.6..";
  auto r = run_sudokit("grade --geometry 6x6", six + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, six + " 1.5/1.2/1.2 Hidden Single\n");
  r = run_sudokit("grade --geometry windows", windows + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, windows + " - not rated: needs Generalized Intersections\n");
  r = run_sudokit("grade --geometry 6x6 --format json", six + "\n");
  EXPECT_EQ(r.out, "{\"line\":1,\"geometry\":\"6x6\",\"puzzle\":\"" + six +
                       "\",\"rated\":true,\"er\":\"1.5\",\"ep\":\"1.2\",\"ed\":\"1.2\",\"hardest\":\"Hidden Single\"}\n");
  r = run_sudokit("grade --geometry 6x6 --explain", six + "\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--explain is not available with --geometry 6x6"), std::string::npos) << r.err;
  r = run_sudokit("grade --geometry 6x6", std::string(36, '.') + "\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("several solutions"), std::string::npos) << r.err;
}

TEST(Cli, GradeExplainsChainsInEurekaNotation) {
  // The specification's 8.9 example: a static forcing chain at step 15 and
  // the dynamic contradiction that sets ER at step 26, whose second branch
  // needs r2c2<>1 besides r3c2<>1 to make r5c2 the last 1 of column 2.
  const std::string puzzle = "...8416..7.....5....4.5.....9.7....44..93..6..5..6.8....5.....38.....1...6.32....";
  const std::string dynamic =
      "r2c3=1 is impossible: (1)r2c3-(6)r2c3=r3c1-(9)r3c1=r1c3-r9c3=(7)r9c3[(1)r9c3]; "
      "(1)r2c3-r3c2=r5c2[r2c2]-(7)r5c2=r7c2-r9c3, r9c3<>1: (1)r2c3-r9c3, r2c2<>1: (1)r2c3-r2c2 => r2c3<>1";
  auto e = run_sudokit("grade --explain", puzzle + "\n");
  ASSERT_EQ(e.status, 0) << e.err;
  EXPECT_EQ(e.out.rfind(puzzle + " 8.9/1.2/1.2 extreme Dynamic Contradiction Forcing Chains\n", 0), 0u) << e.out;
  EXPECT_NE(e.out.find("\n  15. 7.2  r7c7<>2 Forcing Chain r7c7: "
                       "(2)r7c7-(7)r7c7=r7c2-(4)r7c2=r8c2-r8c6=(9)r8c6-r8c8=(2)r8c8-r7c7 => r7c7<>2\n"),
            std::string::npos)
      << e.out;
  EXPECT_NE(e.out.find("\n  26. 8.9  r2c3<>1 Dynamic Contradiction Forcing Chains r2c3: " + dynamic + "\n"),
            std::string::npos)
      << e.out;
  auto j = run_sudokit("grade --format json", puzzle + "\n");
  ASSERT_EQ(j.status, 0) << j.err;
  EXPECT_NE(j.out.find("\"detail\":\"" + dynamic + "\""), std::string::npos) << j.out;
  EXPECT_NE(j.out.find("\"text\":\"r2c3<>1 Dynamic Contradiction Forcing Chains r2c3: " + dynamic + "\""),
            std::string::npos);
}

}  // namespace
}  // namespace sudokit

namespace sudokit {
namespace {

// A pencil-mark line is graded on its marks, between ordinary puzzles, in
// input order; --compare reads se_rated_pencilmarks.tsv.
TEST(CliGradeMarks, PencilMarkLinesAreGradedInOrder) {
  std::ifstream in(test::data_file("se_rated_pencilmarks.tsv"));
  std::string header, row;
  std::getline(in, header);
  std::getline(in, row);  // 4.3 4.3 2.6
  const std::string marks = row.substr(0, 729);
  const std::string puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  auto r = test::run_sudokit("grade", puzzle + "\n" + marks + "\n" + puzzle + "\n");
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string l1, l2, l3;
  std::getline(lines, l1);
  std::getline(lines, l2);
  std::getline(lines, l3);
  EXPECT_EQ(l1.substr(0, 81), puzzle);
  EXPECT_EQ(l2.substr(0, 729 + 12), marks + " 4.3/4.3/2.6");
  EXPECT_EQ(l3, l1);
  auto c = test::run_sudokit("grade --compare", header + "\n" + row + "\n");
  EXPECT_EQ(c.status, 0) << c.err;
  EXPECT_NE(c.out.find("all                         1      1   100.0%"), std::string::npos) << c.out;
  // A bad mark names the cell and the line; the rest goes on.
  std::string bad = marks;
  bad[9 * 10 + 2] = '5';
  auto b = test::run_sudokit("grade", bad + "\n" + puzzle + "\n");
  EXPECT_EQ(b.status, 1);
  EXPECT_NE(b.err.find("<stdin>:1: r2c2: digit 5 at the place of digit 3"), std::string::npos) << b.err;
  EXPECT_EQ(b.out.substr(0, 81), puzzle);
}

}  // namespace
}  // namespace sudokit

namespace sudokit {
namespace {

TEST(CliHint, RevealLevelsFormatsMistakesAndErrors) {
  const std::string puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  auto a = test::run_sudokit("hint --reveal area", puzzle + "\n");
  EXPECT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, "area: box 4\n");
  auto t = test::run_sudokit("hint --reveal technique", puzzle + "\n");
  EXPECT_EQ(t.out, "area: box 4\ntechnique: Hidden Single (1.2)\n");
  auto s = test::run_sudokit("hint", puzzle + "\n");
  EXPECT_EQ(s.out, "area: box 4\ntechnique: Hidden Single (1.2)\nstep: r6c2=4 hidden single in box 4\n");
  auto j = test::run_sudokit("hint --format json", puzzle + "\n");
  EXPECT_NE(j.out.find(R"("placements":[{"cell":"r6c2","digit":4}])"), std::string::npos) << j.out;
  EXPECT_NE(j.out.find(R"("status":"hint")"), std::string::npos) << j.out;
  // r6c2 is 4 in the solution: entering 9 there is a mistake, reported instead of a hint.
  std::string entries(81, '.');
  entries[5 * 9 + 1] = '9';
  auto m = test::run_sudokit("hint", puzzle + " " + entries + "\n");
  EXPECT_EQ(m.status, 0) << m.err;
  EXPECT_EQ(m.out, "mistakes:\n  r6c2: 9 entered, the solution has 4\n");
  // Bad records name the line and the cell; the rest goes on; exit 1.
  std::string bad = puzzle;
  bad[3] = 'x';
  auto b = test::run_sudokit("hint --reveal area", bad + "\n" + std::string(81, '.') + "\n" + puzzle + "\n");
  EXPECT_EQ(b.status, 1);
  EXPECT_NE(b.err.find("<stdin>:1: givens: r1c4: "), std::string::npos) << b.err;
  EXPECT_NE(b.err.find("<stdin>:2: the puzzle has several solutions"), std::string::npos) << b.err;
  EXPECT_EQ(b.out, "area: box 4\n");
  EXPECT_EQ(test::run_sudokit("hint --reveal everything", puzzle).status, 2);
  EXPECT_EQ(test::run_sudokit("hint --format xml", puzzle).status, 2);
}

// Issue #45, the command: marks a placed digit rules out come off first
// (a basic elimination), never a step built on them; marks never narrowed
// the same; a filled cell needs no marks; clashing entries are mistakes.
const std::string kStrayPuzzle = "9.5...2..7....9......74...16....2.5.....9.6....85.......1...9...2..1..7..9...85.6";

// Every cell's candidates as the givens leave them (none on the givens),
// and `extra` digits added to r1c2.
std::string basic_marks(const std::string& givens, const std::string& extra = "") {
  std::string pm(729, '.');
  for (int c = 0; c < 81; ++c) {
    if (givens[c] != '.') continue;
    const int r = c / 9, k = c % 9;
    for (int d = 1; d <= 9; ++d) {
      bool seen = false;
      for (int p = 0; p < 81; ++p)
        if (p / 9 == r || p % 9 == k || (p / 27 == c / 27 && p % 9 / 3 == k / 3)) seen |= givens[p] == '0' + d;
      if (!seen || (c == 1 && extra.find(static_cast<char>('0' + d)) != std::string::npos))
        pm[static_cast<std::size_t>(c * 9 + d - 1)] = static_cast<char>('0' + d);
    }
  }
  return pm;
}

TEST(CliHint, MarksAPlacedDigitRulesOutComeOffFirst) {
  auto j = test::run_sudokit("hint --format json", kStrayPuzzle + " " + basic_marks(kStrayPuzzle, "9") + "\n");
  EXPECT_EQ(j.status, 0) << j.err;
  EXPECT_EQ(j.out.find(R"("cell":"r1c2","digit":9}],"text":"r1c2=9)"), std::string::npos) << j.out;
  EXPECT_NE(j.out.find(R"("eliminations":[{"cell":"r1c2","digit":9}])"), std::string::npos) << j.out;
  EXPECT_NE(j.out.find(R"("technique":{"key":"basic-elimination","name":"Basic Elimination","rating":0.0})"),
            std::string::npos)
      << j.out;
  auto t = test::run_sudokit("hint", kStrayPuzzle + " " + basic_marks(kStrayPuzzle, "9") + "\n");
  EXPECT_EQ(t.out,
            "area: r1c2\ntechnique: Basic Elimination (0.0)\nstep: r1c2<>9 basic elimination: r1c1 is 9\n");
  // The peer that rules the mark out, in JSON: a weak link from its digit to the mark.
  EXPECT_NE(j.out.find(R"("links":[{"from":{"cell":"r1c1","digit":9,"on":true},"kind":"weak","to":{"cell":"r1c2","digit":9,"on":false}}])"),
            std::string::npos)
      << j.out;
  // Marks never narrowed, the givens' cells too: the basic elimination, at once.
  std::string all;
  for (int c = 0; c < 81; ++c) all += "123456789";
  auto n = test::run_sudokit("hint --format json", kStrayPuzzle + " " + all + "\n");
  EXPECT_EQ(n.status, 0) << n.err;
  EXPECT_NE(n.out.find(R"("key":"basic-elimination")"), std::string::npos) << n.out;
  // Clean marks, the givens' cells empty: the puzzle's own first step.
  auto c = test::run_sudokit("hint", kStrayPuzzle + " " + basic_marks(kStrayPuzzle) + "\n");
  EXPECT_EQ(c.status, 0) << c.err;
  EXPECT_EQ(c.out, test::run_sudokit("hint", kStrayPuzzle + "\n").out);
}

TEST(CliHint, ClashingEntriesAreMistakes) {
  const std::string puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  std::string entries(81, '.');
  entries[1] = '4';  // r1c1 is a given 4
  auto m = test::run_sudokit("hint --format json", puzzle + " " + entries + "\n");
  EXPECT_EQ(m.status, 0) << m.err;
  EXPECT_NE(m.out.find(R"("status":"mistakes")"), std::string::npos) << m.out;
  EXPECT_NE(m.out.find(R"("cell":"r1c2","entry":4,"kind":"wrong-entry")"), std::string::npos) << m.out;
  // Givens that clash stay an invalid position.
  std::string bad = puzzle;
  bad[1] = '4';
  auto b = test::run_sudokit("hint", bad + "\n");
  EXPECT_EQ(b.status, 1);
  EXPECT_NE(b.err.find("<stdin>:1: digit 4 appears twice"), std::string::npos) << b.err;
}

// HoDoKu's candidate grid with its frame lines before, between and after
// the rows (the closing one was read as a puzzle: "FILE:13: givens: expected
// 81 cells, found 70 characters"), after a UTF-8 byte order mark; then a
// puzzle on the next line.
TEST(CliHint, ReadsHoDoKusFramesAndAByteOrderMark) {
  const std::string puzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
  const std::string pm = basic_marks(puzzle);
  std::string grid = ".----------------------.----------------------.----------------------.\n";
  for (int r = 0; r < 9; ++r) {
    grid += "|";
    for (int k = 0; k < 9; ++k) {
      const int c = r * 9 + k;
      std::string cell;
      if (puzzle[c] != '.') cell = puzzle[c];
      for (int d = 0; d < 9; ++d)
        if (pm[static_cast<std::size_t>(c * 9 + d)] != '.') cell += pm[static_cast<std::size_t>(c * 9 + d)];
      grid += " " + cell + std::string(6 - std::min<std::size_t>(cell.size(), 6), ' ');
      if (k % 3 == 2) grid += "|";
    }
    grid += "\n";
    if (r == 2 || r == 5) grid += ":----------------------+----------------------+----------------------:\n";
  }
  grid += "'----------------------'----------------------'----------------------'\n";
  auto r = test::run_sudokit("hint --reveal area", "\xEF\xBB\xBF" + grid + puzzle + "\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out, "area: box 4\narea: box 4\n");
  // A line longer than 16 MiB is one error; reading goes on after it.
  auto l = test::run_sudokit("hint --reveal area", std::string((std::size_t{16} << 20) + 1, 'x') + "\n" + puzzle + "\n");
  EXPECT_EQ(l.status, 1);
  EXPECT_EQ(l.err, "<stdin>:1: line longer than 16777216 bytes\n");
  EXPECT_EQ(l.out, "area: box 4\n");
  // Lengths are counted in characters.
  auto u = test::run_sudokit("hint", "\xC2\xB7" + puzzle.substr(1, 78) + "\n");  // 80 bytes
  EXPECT_NE(u.err.find("<stdin>:1: givens: expected 81 cells, found 79 characters"), std::string::npos) << u.err;
}

}  // namespace
}  // namespace sudokit

