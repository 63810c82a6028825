// End-to-end tests of `sudokit grids` and `sudokit canon`: real process,
// real files.
#include <gtest/gtest.h>

#include <sstream>

#include "../e2e/run.hpp"

namespace sudokit {
namespace {

using test::run_sudokit;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

TEST(GridsCli, PrintsValidGridsDeterministically) {
  for (const char* method : {"backtrack", "box-permutation", "digit-box", "relabel"}) {
    const std::string args = std::string("grids --count 20 --seed 5 --method ") + method;
    auto a = run_sudokit(args);
    ASSERT_EQ(a.status, 0) << a.err;
    const auto lines = lines_of(a.out);
    ASSERT_EQ(lines.size(), 20u);
    for (const auto& l : lines) {
      ASSERT_EQ(l.size(), 81u);
      ASSERT_EQ(l.find_first_not_of("123456789"), std::string::npos);
    }
    EXPECT_EQ(run_sudokit(args).out, a.out);
    // every grid solves to itself (complete and valid)
    auto s = run_sudokit("solve", a.out);
    EXPECT_EQ(s.status, 0) << s.err;
    EXPECT_EQ(s.out, a.out);
    EXPECT_NE(run_sudokit(args + " --scramble").out, a.out);
  }
  auto g = run_sudokit("grids --format grid");
  EXPECT_NE(g.out.find("------+-------+------"), std::string::npos);
}

TEST(GridsCli, ReportShowsTheLowDiversityOfRelabel) {
  auto r = run_sudokit("grids --method relabel --count 2000 --report");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("essentially different  1 "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("grids per second"), std::string::npos);
  EXPECT_NE(r.out.find("chi-square"), std::string::npos);
  auto b = run_sudokit("grids --method backtrack --count 300 --report");
  EXPECT_NE(b.out.find("essentially different  300 "), std::string::npos) << b.out;
}

TEST(GridsCli, UsageErrors) {
  EXPECT_EQ(run_sudokit("grids --method nope").status, 2);
  EXPECT_EQ(run_sudokit("grids --format json").status, 2);
  EXPECT_EQ(run_sudokit("grids --count -3").status, 2);
  EXPECT_EQ(run_sudokit("grids --base 123").status, 2);  // --base needs --method relabel
  auto bad = run_sudokit("grids --method relabel --base " + std::string(81, '1'));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("complete valid grid"), std::string::npos);
  auto h = run_sudokit("grids --help");
  EXPECT_EQ(h.status, 0);
  EXPECT_NE(h.out.find("--scramble"), std::string::npos);
  EXPECT_NE(h.out.find("box-permutation and relabel useful"), std::string::npos);
  auto top = run_sudokit("--help");
  EXPECT_NE(top.out.find("grids"), std::string::npos);
  EXPECT_NE(top.out.find("canon"), std::string::npos);
}

TEST(GridsCli, RelabelOfAGivenBaseKeepsItsForm) {
  const std::string base = "683715429452986731971324658724139586538642197169578342297463815315897264846251973";
  auto r = run_sudokit("grids --method relabel --scramble --count 10 --base " + base);
  ASSERT_EQ(r.status, 0) << r.err;
  auto forms = run_sudokit("canon", r.out);
  const auto lines = lines_of(forms.out);
  ASSERT_EQ(lines.size(), 10u);
  const std::string form = lines_of(run_sudokit("canon", base + "\n").out).at(0);
  for (const auto& l : lines) EXPECT_EQ(l, form);
}

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
