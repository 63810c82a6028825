// Unavoidable sets of a solution grid: sets of cells whose digits can be
// rearranged into another valid grid that agrees everywhere else. Every
// unique puzzle keeps at least one clue in each of them, so the digger can
// reject a removal that empties one without running the solver.
//
// Two cheap families are found (together they decide about half of the
// digger's failed removals):
//   * two-digit sets: for digits a and b, swapping a and b on a set of their
//     cells keeps the grid valid exactly when, in every row, column and box
//     the set meets, it holds both the a and the b. Linking each house's
//     a-cell to its b-cell splits the 18 cells into components; each is a
//     minimal unavoidable set (4-cell rectangles, 6-cell loops, ...).
//   * two-line sets: two rows of one band (or two columns of one stack) can
//     exchange their digits on any set of columns whose digits are the same
//     in both rows; boxes and columns keep their digits. The cycles of the
//     permutation "digit in the first row -> digit below it" are the
//     smallest such column sets; cycles of three or more digits are kept
//     (two-digit cycles are rectangles, found above).
#pragma once

#include <array>
#include <cstdint>

#include "sudokit/solver/cellset.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit {

struct UnavoidableSets {
  // Two-digit sets: 36 digit pairs, at most 4 components each (4+ cells);
  // two-line sets: 18 line pairs, at most 3 cycles of 3+ digits each.
  static constexpr int kCapacity = 36 * 4 + 18 * 3;
  // Per cell: one two-digit set per other digit, one two-line set per other
  // row of its band and per other column of its stack.
  static constexpr int kPerCell = 8 + 2 + 2;

  std::array<CellSet, kCapacity> sets{};
  int count = 0;
  std::array<std::array<std::uint8_t, kPerCell>, 81> of_cell{};  // indices into sets
  std::array<std::uint8_t, 81> count_of_cell{};

  void add(const CellSet& set);
};

/// The two-digit and two-line unavoidable sets of a complete valid grid.
UnavoidableSets unavoidable_sets(const Grid& solution);

}  // namespace sudokit
