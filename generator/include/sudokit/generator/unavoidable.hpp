// Unavoidable sets of a solution grid: sets of cells whose digits can be
// rearranged into another valid grid that agrees everywhere else. Every
// unique puzzle keeps at least one clue in each of them, so the digger can
// reject a removal that empties one without running the solver.
//
// The sets found here are the two-digit ones: for digits a and b, swapping
// a and b on a set of their cells keeps the grid valid exactly when, in
// every row, column and box the set meets, it holds both the a and the b.
// Linking each house's a-cell to its b-cell splits the 18 cells into
// components; each component is a minimal unavoidable set (the 4-cell
// rectangles and 6-cell loops among them are the most common reason a clue
// cannot be removed). Each cell lies in exactly one set per other digit:
// eight sets, listed in `of_cell`.
#pragma once

#include <array>

#include "sudokit/solver/cellset.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit {

struct UnavoidableSets {
  // 36 digit pairs, at most 4 components each (a component has 4+ cells).
  std::array<CellSet, 36 * 4> sets{};
  int count = 0;
  std::array<std::array<std::uint8_t, 8>, 81> of_cell{};  // indices into sets
};

/// The minimal two-digit unavoidable sets of a complete valid grid.
UnavoidableSets two_digit_unavoidable_sets(const Grid& solution);

}  // namespace sudokit
