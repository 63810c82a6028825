// Board keeps its position tables (positions per house and digit, empty
// cells per house, cells per digit, placed counts; the digits with one
// position in a house, read from them; the cells by candidate count) up to
// date through apply, place and eliminate once they are built: after every
// change they equal the tables of a board built afresh from the same digits
// and candidates. Random steps along the solutions of top95 puzzles.
#include <gtest/gtest.h>

#include <bit>
#include <random>
#include <utility>

#include "grader_test_util.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::grader {
namespace {

::testing::AssertionResult same_tables(const Board& kept) {
  const Board fresh(kept.values(), kept.candidate_masks());
  for (int d = 1; d <= 9; ++d) {
    if (!(kept.digit_cells(d) == fresh.digit_cells(d))) return ::testing::AssertionFailure() << "cells of digit " << d;
    if (kept.placed_count(d) != fresh.placed_count(d)) return ::testing::AssertionFailure() << "placed count of " << d;
    for (int u = 0; u < 27; ++u)
      if (kept.positions(u, d) != fresh.positions(u, d))
        return ::testing::AssertionFailure() << "positions of " << d << " in house " << u;
  }
  for (int u = 0; u < 27; ++u) {
    if (kept.empty_in_unit(u) != fresh.empty_in_unit(u)) return ::testing::AssertionFailure() << "empty cells of house " << u;
    DigitMask lone = 0;
    for (int d = 1; d <= 9; ++d)
      if (std::popcount(fresh.positions(u, d)) == 1) lone |= digit_bit(d);
    if (kept.lone_digits(u) != lone) return ::testing::AssertionFailure() << "digits with one position in house " << u;
  }
  for (const auto& [least, most] : {std::pair{2, 2}, std::pair{2, 4}, std::pair{1, 9}}) {
    CellSet expected;
    for (int c = 0; c < kCells; ++c)
      if (std::popcount(fresh.candidates(c)) >= least && std::popcount(fresh.candidates(c)) <= most) expected.add(c);
    if (!(kept.cells_with_candidates(least, most) == expected))
      return ::testing::AssertionFailure() << "cells with " << least << " to " << most << " candidates";
  }
  return ::testing::AssertionSuccess();
}

TEST(Board, TablesFollowEveryChange) {
  const auto puzzles = sudokit::test::load_puzzles("puzzles_top95.txt");
  std::mt19937 rng(7);
  for (std::size_t i = 0; i < puzzles.size(); i += 5) {
    const Grid solution = solve(puzzles[i], 1).solution;
    Board b(puzzles[i]);
    ASSERT_TRUE(same_tables(b));
    while (!b.solved()) {
      // A step: some wrong candidates go, then (mostly) a cell gets its digit.
      Step s;
      std::uniform_int_distribution<int> cell(0, kCells - 1);
      for (int k = 0; k < 4; ++k) {
        const int c = cell(rng);
        s.removals[c] |= static_cast<DigitMask>(b.candidates(c) & ~digit_bit(solution[c]) & (rng() & 0x3FE));
      }
      if (rng() % 4 != 0) {
        int c = cell(rng);
        while (b.value(c) != 0) c = (c + 1) % kCells;
        s.place_cell = static_cast<std::int8_t>(c);
        s.place_digit = solution[c];
      }
      b.apply(s);
      ASSERT_TRUE(same_tables(b)) << "puzzle " << i << " after apply";
      const int c = cell(rng);
      if (b.value(c) == 0 && (b.candidates(c) & ~digit_bit(solution[c]))) {
        b.eliminate(c, lowest_bit_index(static_cast<DigitMask>(b.candidates(c) & ~digit_bit(solution[c]))) + 1);
        ASSERT_TRUE(same_tables(b)) << "puzzle " << i << " after eliminate";
      }
    }
  }
}

}  // namespace
}  // namespace sudokit::grader
