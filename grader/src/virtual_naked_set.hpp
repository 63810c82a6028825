// The naked set around a virtual cell, the core that BUG type 3 (bug.cpp) and
// Unique Rectangle/Loop type 3 (unique_loops.cpp) share. There, some cells of
// a house (the BUG cells, or the loop's two extra cells) cannot all lose
// their extra digits, so together they act as one virtual cell holding those
// digits. With degree-1 other cells of the house it makes a naked set when
// all of them hold exactly `degree` digits; those digits then go from the
// house's other cells.
#pragma once

#include <cassert>

#include "sudokit/grader/board.hpp"
#include "sudokit/solver/bits.hpp"

namespace sudokit::grader {

/// Calls found(set, chosen, targets) for each choice `chosen` of degree-1
/// cells among cells[0..n) (combinations in colex order of the list) where
///  * `virtual_digits` has two or more digits and every chosen cell has two
///    or more candidates;
///  * the chosen cells' candidates with `virtual_digits` make exactly
///    `degree` digits (`set`), and so do they with only the virtual digits
///    in `sure` (the ones every virtual cell holds; 0 = the chosen cells
///    alone must make the `degree` digits);
///  * `targets`, the cells of the list not chosen that have a candidate in
///    `set`, is not empty.
/// `found` returns false to stop the search; the function then returns false.
template <class Found>
bool for_each_virtual_naked_set(const Board& board, const int* cells, int n, int degree, DigitMask virtual_digits,
                                DigitMask sure, Found&& found) {
  assert(degree >= 2 && degree - 1 <= n && n <= 9);
  bool go = true;
  for_each_combination(n, degree - 1, [&](std::uint32_t combo) {
    DigitMask chosen_digits = 0;
    bool every_multi = popcount(virtual_digits) > 1;
    CellSet chosen;
    for_each_bit(combo, [&](int j) {
      const DigitMask m = board.candidates(cells[j]);
      chosen_digits |= m;
      if (popcount(m) <= 1) every_multi = false;
      chosen.add(cells[j]);
    });
    const auto set = static_cast<DigitMask>(chosen_digits | virtual_digits);
    if (!every_multi || popcount(set) != degree || popcount(chosen_digits | (virtual_digits & sure)) != degree)
      return true;
    CellSet targets;
    for (int i = 0; i < n; ++i)
      if (!chosen.has(cells[i]) && (board.candidates(cells[i]) & set)) targets.add(cells[i]);
    if (targets.empty()) return true;
    go = found(set, chosen, targets);
    return go;
  });
  return go;
}

}  // namespace sudokit::grader
