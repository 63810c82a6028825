// book::undrawable: what render and the cover art refuse to draw (givens
// that break a rule, no solution, several), checked against the solver.
#include <gtest/gtest.h>

#include <string>

#include "sudokit/book/image.hpp"
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

}  // namespace
}  // namespace sudokit::book
