// Solving and counting for any geometry (issue #47, geometry.hpp). The
// classic geometry goes to the classic kernel (solve.hpp), so classic callers
// lose nothing; every other one to a general kernel: candidate bit sets per
// cell (sizes up to 25, digit masks in 32 bits), naked and hidden singles over
// the geometry's houses, peers from the geometry (leapers included), the
// non-consecutive rule on adjacent() (a placed d leaves its neighbours without
// d-1 and d+1, and with nc_wrap() 1 and size() exclude each other), locked
// candidates without nc and without a shuffle seed (a digit with 2-3 places
// left in a house leaves every cell that sees them all; random fills keep
// their search order), and a branch on a cell with the fewest candidates. Digit-major bit sets of 1 to
// 10 64-bit words (solve_any.cpp); each geometry's tables (peers, houses as
// bit sets) are built on first use and kept per spelling for the process,
// shared by threads; otherwise one per-call state is allocated. Any input is safe: a grid of the wrong length, a digit
// above size() or contradictory givens simply have 0 solutions.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "sudokit/solver/geometry.hpp"

namespace sudokit {

struct AnySolveResult {
  unsigned count = 0;                  // solutions found, stopping at the limit
  std::vector<std::uint8_t> solution;  // the first one found (empty when count is 0)
  std::uint64_t guesses = 0;           // branch points taken
  bool complete = true;                // false: stopped at max_guesses, count is a lower bound
};

/// Options of the general kernel (tests, generators).
struct AnySolveOptions {
  /// Always the general kernel, even for the classic geometry (tests, benchmarks).
  bool general = false;
  /// Non-zero: the digits of each branch are tried in an order drawn from
  /// this seed (random full grids); 0 tries them in increasing order.
  std::uint64_t shuffle_seed = 0;
  /// Non-zero: stop after this many branch points (result.complete false).
  std::uint64_t max_guesses = 0;
};

/// Counts the solutions of `cells` (geometry.cells() digits, 0 empty) up to
/// `limit` (>= 1) and returns the first one found.
AnySolveResult solve_any(const Geometry& geometry, std::span<const std::uint8_t> cells,
                         unsigned limit = 1, const AnySolveOptions& options = {});

/// The count of solve_any(), without keeping a solution.
unsigned count_solutions(const Geometry& geometry, std::span<const std::uint8_t> cells,
                         unsigned limit);

/// The solutions of `cells` in which `cell` holds a digit other than `digit`
/// (1..size()), up to `limit`: the digger's uniqueness oracle (a puzzle taken
/// from a full grid S keeps S as its only solution exactly when, for every
/// empty cell c, this finds nothing for (c, S[c]); limit 1 stops at the first
/// counterexample). A given in `cell` equal to `digit` leaves none; a digit
/// the geometry lacks excludes nothing; a cell outside the grid gives none.
/// `guide` (empty, or one digit per cell, e.g. S) puts its digit first at
/// each branch, so a solution near it is met early. The classic geometry
/// without a guide takes the classic kernel's solve_excluding (solve.hpp).
AnySolveResult solve_any_excluding(const Geometry& geometry, std::span<const std::uint8_t> cells, int cell,
                                   std::uint8_t digit, unsigned limit = 1,
                                   std::span<const std::uint8_t> guide = {});

/// Branch points has_valid_grid() spends on the empty grid.
inline constexpr std::uint64_t kValidGridGuesses = 1000000;

/// True when a valid full grid of the geometry was found by solving the
/// empty grid within kValidGridGuesses branch points; false when there is
/// none, or none was found within that bound.
bool has_valid_grid(const Geometry& geometry);

/// Throws GeometryError naming the spelling when has_valid_grid() is false:
/// "geometry: anti-king,4x4... has no valid grid", or "... no valid grid
/// found within 1000000 guesses" when the bound ran out.
void require_valid_grid(const Geometry& geometry);

/// A geometry taken from a user (CLI option, JSON, store, binding): parses
/// `spelling` (parse_geometry's GeometryError "geometry:COL: ...") and
/// checks it has a valid grid (require_valid_grid's GeometryError
/// "geometry: 4x4,anti-king has no valid grid"). The answer is cached per
/// canonical spelling for the process (thread-safe): a second call with any
/// spelling of the same geometry returns the same pointer without searching.
GeometryPtr load_geometry(std::string_view spelling);

}  // namespace sudokit
