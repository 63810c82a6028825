// The fast exact solver: counts the solutions of a grid up to a limit and
// returns the first one found. Uniqueness check = limit 2, the operation the
// digger calls thousands of times per puzzle. No allocation; safe on any
// input (contradictory givens simply have 0 solutions).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/solver/grid.hpp"

namespace sudokit {

struct SolveResult {
  unsigned count = 0;   // solutions found, stopping at the limit
  Grid solution{};      // the first solution found (valid when count >= 1)
  std::uint64_t guesses = 0;  // branch points taken (a rough effort measure)
};

/// Counts solutions up to `limit` (>= 1).
SolveResult solve(const Grid& grid, unsigned limit = 1);

/// The count of solve(grid, limit), without its first solution: when there
/// are several, solve() searches again for the one it returns, and callers
/// that only count (the digger) need not pay for that.
unsigned count_solutions(const Grid& grid, unsigned limit);

/// Counts solutions up to `limit` in which `cell` does not hold `digit`.
/// With the digit a known solution has there, limit 1 answers "is there any
/// other solution?", about twice as fast as counting to 2 (the digger's
/// question when it removes a single clue).
SolveResult solve_excluding(const Grid& grid, int cell, int digit, unsigned limit = 1);

/// Appends every solution of `grid` to `out`, up to `limit` of them (>= 1),
/// in the order the counting solver meets them, and returns how many it
/// appended: fewer than `limit` means that is all of them. The local
/// search's exchanges read a neighbourhood's uniqueness off this list
/// instead of solving each candidate again.
unsigned list_solutions(const Grid& grid, unsigned limit, std::vector<Grid>& out);
/// True when the grid has exactly one solution.
inline bool has_unique_solution(const Grid& grid) { return count_solutions(grid, 2) == 1; }

/// True when the grid has exactly one solution and removing any single given
/// leaves several (a minimal puzzle): one solve, then one solve_excluding per
/// given. The generator's is_minimal(puzzle, symmetry) asks the same about
/// whole symmetry orbits of givens.
bool is_minimal(const Grid& puzzle);

/// The solver's kernels usable on this CPU, best first: the same search
/// compiled for wider instruction sets ("avx512", "avx2": x86-64 builds with
/// GCC) and for the build's own flags ("baseline", always there). The best
/// is taken at the first search; results never depend on the kernel.
std::vector<std::string> solver_kernels();
/// The kernel in use (chosen now when no search ran yet).
std::string solver_kernel();
/// Makes every later search use `name` (tests, benchmarks); false, and no
/// change, when it is not one of solver_kernels().
bool use_solver_kernel(std::string_view name);

}  // namespace sudokit
