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

}  // namespace
}  // namespace sudokit
