// Solving under pencil marks: the solutions of a position in which every
// cell may only take a digit among its marks (a Sukaku). The hint and
// pencil-mark grading code asks it whether a player's marks still admit
// exactly one solution; the fast solver (solve.hpp) only knows givens.
#pragma once

#include "sudokit/solver/grid.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit {

/// Counts, up to `limit` (>= 1), the complete valid grids whose digit in
/// every cell is one of that cell's marks; a cell with an empty mask makes 0.
/// Safe on any input. Simple propagation (naked and hidden singles) plus
/// branching on a cell with the fewest marks: a few milliseconds at worst on
/// player positions, which are far more constrained than bare puzzles.
SolveResult solve_marks(const Candidates& marks, unsigned limit = 1);

}  // namespace sudokit
