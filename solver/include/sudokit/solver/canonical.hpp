// The canonical form of a grid or puzzle: the minlex form the Sudoku community
// uses. Among all grids equivalent under the symmetry group of transform.hpp
// (transpose, band/row/stack/column permutations, digit relabelling), it is
// the one whose 81-character row-major string is lexicographically smallest,
// where an empty cell counts as 0 and so sorts below every digit 1..9. Two
// grids or puzzles are essentially the same exactly when their canonical
// forms are equal, which is how the store deduplicates.
//
// Minlex solution grids always start 123456789. Minlex puzzles start with as
// many empty cells as possible, and their digits are numbered in order of
// first appearance. Note that the order is the plain string order: some
// community tools ("patminlex") first minimise the pattern of givens and
// only then the digits, which can differ on rare puzzles.
#pragma once

#include "sudokit/solver/grid.hpp"
#include "sudokit/solver/transform.hpp"

namespace sudokit {

/// The canonical (minlex) form of any grid or puzzle. When `how` is given it
/// receives a transform with how->apply(grid) == the result. Complete valid
/// grids take the fast path (canonical_solution), everything else the
/// general search (canonical_puzzle). Grids never allocate; the puzzle
/// search reuses per-thread buffers and allocates only when a puzzle needs
/// more room than any before it on that thread.
Grid canonical_form(const Grid& grid, Transform* how = nullptr);

/// Canonical form of a complete valid grid (precondition, asserted):
/// branch and bound on the first two rows, the rest follows greedily.
Grid canonical_solution(const Grid& grid, Transform* how = nullptr);

/// Canonical form by the general search, valid for any contents (puzzles,
/// complete grids, even grids that break the rules); row by row, keeping
/// every partial transform that ties with the best prefix.
Grid canonical_puzzle(const Grid& grid, Transform* how = nullptr);

}  // namespace sudokit
