// End-to-end tests of `sudokit canon`: real process, real files.
#include <gtest/gtest.h>

#include "run.hpp"

namespace sudokit {
namespace {

using test::lines_of;
using test::run_sudokit;

TEST(CanonCli, PrintsMinlexFormsAndSkipsBadRecords) {
  auto one = run_sudokit("canon", "....7............................................................................\n");
  EXPECT_EQ(one.status, 0);
  EXPECT_EQ(one.out, std::string(80, '.') + "1\n");
  auto zeros = run_sudokit("canon --zeros", std::string(4, '.') + "7" + std::string(76, '.') + "\n");
  EXPECT_EQ(zeros.out, std::string(80, '0') + "1\n");
  auto grid = run_sudokit("canon",
                          "123456789456789123789123456214365897365897214897214365531642978642978531978531642\n");
  EXPECT_EQ(grid.out, "123456789456789123789123456214365897365897214897214365531642978642978531978531642\n");

  const std::string src = test::test_file("mixed_bad.txt");
  auto r = run_sudokit("canon " + src);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(src + ":2: expected"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(src + ":3: invalid character 'x' at column 5"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(src + ":4: givens break the rules"), std::string::npos) << r.err;
  // lines 1, 5, 6, 7 have forms (canon does not solve: several or no solutions are fine)
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], lines[3]);  // the same puzzle twice
  EXPECT_EQ(lines[1], std::string(81, '.'));
  auto missing = run_sudokit("canon /nonexistent/file.txt");
  EXPECT_EQ(missing.status, 1);
}

TEST(CanonCli, EquivalentPuzzlesShareAForm) {
  const std::string p = test::slurp(test::data_file("puzzles_top95.txt"));
  auto forms = run_sudokit("canon", p);
  ASSERT_EQ(forms.status, 0);
  EXPECT_EQ(lines_of(forms.out).size(), 95u);
  // transposing every puzzle (via the 9-line grid reader would be roundabout):
  // rotate each line's string as a transpose
  std::string transposed;
  for (const auto& line : lines_of(p)) {
    std::string t(81, '.');
    for (int r = 0; r < 9; ++r)
      for (int c = 0; c < 9; ++c) t[static_cast<std::size_t>(c * 9 + r)] = line[static_cast<std::size_t>(r * 9 + c)];
    transposed += t + "\n";
  }
  EXPECT_EQ(run_sudokit("canon", transposed).out, forms.out);
}

// --geometry: the form and the id of each puzzle of that geometry; a
// symmetry of the geometry and a relabelling change neither; bad lines are
// FILE:LINE: reasons; classic output unchanged.
TEST(CanonCli, GeometryPrintsFormAndIdAndNamesBadLines) {
  // 4x4: the puzzle, its transposition with 1<->4 swapped, a comment, two bad lines.
  const std::string p = "1.....3..4.....2";
  std::string moved(16, '.');
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) {
      const char d = p[static_cast<std::size_t>(r * 4 + c)];
      moved[static_cast<std::size_t>(c * 4 + r)] = d == '1' ? '4' : (d == '4' ? '1' : d);
    }
  auto r = run_sudokit("canon --geometry 4x4",
                       p + " a rating or a note\n# a comment\n" + moved + "\n1.....3..4.....\n1....H3..4.....2\n");
  EXPECT_EQ(r.status, 1);
  const auto lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), 2u) << r.out;
  EXPECT_EQ(lines[0], lines[1]);
  EXPECT_EQ(lines[0].substr(16), " vrtPZXirf2wf0wFTt");  // pinned in canonical_any_test
  EXPECT_NE(r.err.find("<stdin>:4: cells: 15 characters (expected 16, one per cell of 4x4)"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("<stdin>:5: cells:6: 'H' is no digit of 4x4"), std::string::npos) << r.err;
  // Two 1s in the first box of 4x4 (not in one row or column).
  auto breaks = run_sudokit("canon --geometry 4x4", "1....1..........\n");
  EXPECT_EQ(breaks.status, 1);
  EXPECT_EQ(breaks.out, "");
  EXPECT_NE(breaks.err.find("<stdin>:1: givens break the rules of 4x4 at r1c1 r2c2"), std::string::npos) << breaks.err;

  auto zeros = run_sudokit("canon --zeros --geometry 4x4", std::string(16, '.') + "\n");
  EXPECT_EQ(zeros.out, std::string(16, '0') + " v1R647RXbjM3rKkJk\n");

  auto bad = run_sudokit("canon --geometry wndows", "");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("sudokit canon: --geometry: geometry:1: unknown rule \"wndows\""), std::string::npos)
      << bad.err;

  const std::string classic = test::slurp(test::data_file("puzzles_top95.txt"));
  EXPECT_EQ(run_sudokit("canon --geometry classic", classic).out, run_sudokit("canon", classic).out);
}

}  // namespace
}  // namespace sudokit
