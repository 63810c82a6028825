// book::undrawable: what render and the cover art refuse to draw (givens
// that break a rule, no solution, several), checked against the solver.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "sudokit/book/image.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::book {
namespace {

Grid grid_of(const std::string& text) {
  Grid g;
  ParseError e;
  EXPECT_TRUE(parse_puzzle(text, g, e)) << text;
  return g;
}

constexpr const char* kUnique = ".49..........9.21....6....5....5.3242.5.........1.8...8.43....6.5.......32..8....";

TEST(Undrawable, AUniquePuzzleIsDrawableAndItsSolutionComesBack) {
  const Grid puzzle = grid_of(kUnique);
  SolveResult solved;
  EXPECT_EQ(undrawable(puzzle, &solved), "");
  const SolveResult truth = solve(puzzle, 2);
  ASSERT_EQ(truth.count, 1u);
  EXPECT_EQ(solved.count, 1u);
  EXPECT_EQ(solved.solution, truth.solution);
  EXPECT_EQ(undrawable(puzzle), "");
}

TEST(Undrawable, ConflictsNoSolutionAndSeveralSolutionsAreRefused) {
  // Two 4s in the first row.
  std::string conflict(kUnique);
  conflict[0] = '4';
  const Grid clash = grid_of(conflict);
  ASSERT_TRUE(find_conflict(clash).has_value());
  EXPECT_EQ(undrawable(clash), find_conflict(clash)->message());

  // r1c9 can only be 9, which column 9 already holds: no rule broken, no solution.
  const std::string none = "12345678." + std::string("........9") + std::string(63, '.');
  ASSERT_FALSE(find_conflict(grid_of(none)).has_value());
  ASSERT_EQ(solve(grid_of(none), 2).count, 0u);
  SolveResult untouched;
  untouched.count = 7;
  EXPECT_EQ(undrawable(grid_of(none), &untouched), "the puzzle has no solution");
  EXPECT_EQ(untouched.count, 7u);

  // One clue taken out of a minimal puzzle.
  std::string fewer(kUnique);
  fewer[1] = '.';
  ASSERT_EQ(solve(grid_of(fewer), 2).count, 2u);
  EXPECT_EQ(undrawable(grid_of(fewer)), "the puzzle has several solutions");
}

// Variants: the givens checked against the geometry's own peers and nc
// neighbours, the count by the general solver, the solution returned valid
// in every house.
TEST(Undrawable, VariantPuzzlesAreCheckedAgainstTheirOwnRules) {
  const GeometryPtr x = parse_geometry("x");
  std::vector<std::uint8_t> p = read_cells(*x, "4.3......2........5..1.7.8......3......8......5....6.2.6......4....6.1....2.1....");
  std::vector<std::uint8_t> solution;
  ASSERT_EQ(undrawable(*x, p, &solution), "");
  ASSERT_EQ(solution.size(), 81u);
  for (const auto& house : x->houses()) {  // every house of x (the diagonals too) holds 1..9
    std::set<int> digits;
    for (const int c : house) digits.insert(solution[static_cast<std::size_t>(c)]);
    EXPECT_EQ(digits.size(), 9u);
    EXPECT_EQ(*digits.begin(), 1);
  }
  for (int c = 0; c < 81; ++c)
    if (p[static_cast<std::size_t>(c)] != 0) EXPECT_EQ(solution[static_cast<std::size_t>(c)], p[static_cast<std::size_t>(c)]);
  // r1c1 holds 4: a 4 on r4c4 breaks the diagonal only (no row, column or box).
  std::vector<std::uint8_t> clash = p;
  clash[30] = 4;
  EXPECT_EQ(undrawable(*x, clash), "givens that break a rule of x: r1c1 (4), r4c4 (4)");
  EXPECT_EQ(undrawable(*classic_geometry(), clash).find("break"), std::string::npos);
  const GeometryPtr nc = parse_geometry("4x4:none,nc");
  EXPECT_EQ(undrawable(*nc, read_cells(*nc, "12..............")), "givens that break a rule of 4x4:none,nc: r1c1 (1), r1c2 (2)");
  EXPECT_EQ(undrawable(*parse_geometry("4x4"), std::vector<std::uint8_t>(16, 0)), "the puzzle has several solutions");
  EXPECT_EQ(undrawable(*parse_geometry("4x4"), std::vector<std::uint8_t>(15, 0)), "the puzzle has 15 cells (4x4 has 16)");
  EXPECT_EQ(undrawable(*parse_geometry("4x4"), read_cells(*parse_geometry("4x4"), "123....4........")), "the puzzle has no solution");
  std::vector<std::uint8_t> big(16, 0);
  big[3] = 5;
  EXPECT_EQ(undrawable(*parse_geometry("4x4"), big), "r1c4 holds 5, above 4");
  // The classic geometry gives the classic's message and solution.
  const Grid unique = grid_of(kUnique), solved = solve(unique, 2).solution;
  const std::vector<std::uint8_t> classic(unique.cells.begin(), unique.cells.end());
  ASSERT_EQ(undrawable(*classic_geometry(), classic, &solution), "");
  EXPECT_EQ(solution, std::vector<std::uint8_t>(solved.cells.begin(), solved.cells.end()));
}

}  // namespace
}  // namespace sudokit::book
