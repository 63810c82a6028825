// Fuzz target: the exact solver (solver/solve.hpp) on arbitrary grids, from
// complete and contradictory ones to nearly empty ones. Checks the answers
// against each other rather than trusting any of them: a solution agrees
// with the givens and breaks no rule; rule-breaking givens have no solution;
// "unique" means no cell can take another digit (solve_excluding), "several"
// means some cell can; the count does not change when the grid is
// transformed by a symmetry, and the transformed solution solves the
// transformed grid. libFuzzer's per-input timeout bounds the search time.
#include "fuzz_support.hpp"
#include "sudokit/solver/solve.hpp"

using namespace sudokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Grid grid = fuzz::grid_from_bytes(data, size);
  const SolveResult r = solve(grid, 2);
  FUZZ_CHECK(r.count <= 2, "count %u above the limit", r.count);
  if (find_conflict(grid)) FUZZ_CHECK(r.count == 0, "rule-breaking givens with %u solutions", r.count);
  const SolveResult one = solve(grid, 1);
  FUZZ_CHECK(one.count == (r.count > 0 ? 1u : 0u), "limit 1 found %u, limit 2 found %u", one.count, r.count);
  if (r.count == 0) {
    // No solution: every symmetric copy has none either.
    const Transform t = fuzz::transform_from_bytes(data, size);
    FUZZ_CHECK(solve(t.apply(grid), 1).count == 0, "a transformed copy of an unsolvable grid has a solution");
    return 0;
  }
  FUZZ_CHECK(is_solution_of(r.solution, grid), "the solution does not solve the grid");
  FUZZ_CHECK(is_solution_of(one.solution, grid), "the limit-1 solution does not solve the grid");

  // Another solution exists exactly when some empty cell can hold another digit.
  int other_cell = -1;
  for (int c = 0; c < kCells && other_cell < 0; ++c) {
    if (grid[c] != 0) continue;
    const SolveResult ex = solve_excluding(grid, c, r.solution[c], 1);
    if (ex.count > 0) {
      FUZZ_CHECK(is_solution_of(ex.solution, grid), "solve_excluding's solution does not solve the grid");
      FUZZ_CHECK(ex.solution[c] != r.solution[c], "solve_excluding kept the excluded digit");
      other_cell = c;
    }
  }
  FUZZ_CHECK((other_cell >= 0) == (r.count == 2), "count %u but another solution %s", r.count,
             other_cell >= 0 ? "exists" : "does not exist");

  const Transform t = fuzz::transform_from_bytes(data, size);
  const Grid moved = t.apply(grid);
  const SolveResult tr = solve(moved, 2);
  FUZZ_CHECK(tr.count == r.count, "a transformed copy has %u solutions, the grid %u", tr.count, r.count);
  FUZZ_CHECK(is_solution_of(t.apply(r.solution), moved), "the transformed solution does not solve the transformed grid");
  if (r.count == 1) FUZZ_CHECK(tr.solution == t.apply(r.solution), "unique solutions do not correspond");
  return 0;
}
