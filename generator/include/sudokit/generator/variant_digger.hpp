// The digger for any geometry (issue #47; digger.hpp is the classic's): a
// full grid of the geometry (variant_grids.hpp) turned into a puzzle with one
// solution by removing clues while the solution stays unique. Each removal
// is tested as the classic digger tests it: an unavoidable set of the
// solution (two-digit sets: a class of cells holding digits a and b that
// can swap them and stay a valid grid of the geometry) left without a clue
// says no at once; else, for each removed cell c, one limit-1 search for a
// solution with another digit in c (solve_any_excluding, guided by the
// solution) decides.
//   * Clues go in a uniformly random order, in orbits of the clue symmetry
//     asked for. Only a symmetry of the geometry itself may be asked for:
//     every cell map of the symmetry (rot180, rot90, mirror, diagonal,
//     antidiagonal, dihedral; see digger.hpp) must map the geometry's houses,
//     peers and adjacency onto themselves (geometry_symmetry.hpp), else the
//     dig is refused (symmetry_unsupported names both).
//   * Minimal (the default): one pass over every orbit; an orbit whose
//     removal broke uniqueness once never can be removed later (removing
//     clues only adds solutions), so the result is minimal among symmetric
//     removals; with Symmetry::None that is strictly minimal. With a
//     symmetry, strict minimality is checked clue by clue and reported.
//   * A clue target stops at exactly K clues, or fails when this grid cannot
//     go that low (an orbit that would overshoot K is left in).
//   * A pattern (cells() flags) fixes where the clues are: the digits come
//     from the grid, and the puzzle is accepted only when it has one
//     solution (no local search over the digits as the classic does: the
//     caller tries another grid).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/generator/digger.hpp"
#include "sudokit/generator/stream.hpp"
#include "sudokit/generator/variant_grids.hpp"
#include "sudokit/solver/geometry.hpp"

namespace sudokit {

/// The cell maps of a clue symmetry on a size x size square, the identity
/// first (None: the identity alone; Random is not a symmetry: empty).
/// map[c] is the cell c goes to.
std::vector<std::vector<int>> symmetry_maps(Symmetry s, int size);

/// "" when `s` is a symmetry of `geometry`; else the refusal naming both
/// ("symmetry rot90 is not a symmetry of geometry jigsaw:...: it does not
/// map the geometry's houses, peers and neighbours onto themselves").
std::string symmetry_unsupported(const Geometry& geometry, Symmetry s);

/// A clue pattern of cells() cells: 'x'/'X'/a digit of the geometry's
/// alphabet = clue, '.'/'0'/'-'/'_' = empty (whitespace between cells is
/// skipped). False with `error` ("pattern: 81 cells, expected 256 for
/// 16x16", "pattern:P: 'q' is neither a clue nor an empty cell").
bool parse_variant_pattern(const Geometry& geometry, std::string_view text, std::vector<bool>& pattern,
                           std::string& error);

struct VariantDigOptions {
  Symmetry symmetry = Symmetry::None;  // Random is resolved by the caller
  int target_clues = 0;                // 0 = minimal
  std::optional<std::vector<bool>> pattern;  // fixed clue positions (cells() flags)
  // Looked at between removals: once it reads true the dig gives up (not ok,
  // failure "stopped") and make_variant_puzzle tries no further grid.
  const std::atomic<bool>* stop = nullptr;
};

struct VariantDigResult {
  bool ok = false;
  Cells puzzle;
  int clues = 0;
  bool minimal = false;            // strictly: no single clue can be removed
  bool symmetric_minimal = false;  // no orbit of clues can be removed
  std::string failure;             // why not ok
};

/// Digs a puzzle of `geometry` out of `solution` (a valid full grid).
/// Throws VariantGridError when the symmetry is not the geometry's.
VariantDigResult dig_variant(const Geometry& geometry, const Cells& solution, const VariantDigOptions& options,
                             Engine& engine);

/// True when no single clue of `puzzle` (with one solution) can be removed
/// with the solution staying unique.
bool is_minimal_variant(const Geometry& geometry, const Cells& puzzle);

/// One generated puzzle of a variant run.
struct VariantPuzzle {
  Cells puzzle, solution;
  int clues = 0;
  bool minimal = false, symmetric_minimal = false;
  Symmetry symmetry = Symmetry::None;  // the one used (Random resolved)
  std::uint32_t attempt = 0;           // grids tried before this one (0 = first)
};

/// Puzzle `index` of the stream `seed`: one engine, stream_engine(seed,
/// index), makes a grid (variant_grid_from), draws the symmetry when it is
/// Random (one of the geometry's own) and digs; again with the next grid
/// when the dig fails, up to `max_attempts` grids. False with `failure` when
/// every one failed (a clue target too low, a pattern with no unique
/// puzzle). Throws VariantGridError as dig_variant and make_variant_grid do.
bool make_variant_puzzle(const Geometry& geometry, const VariantGridOptions& grid, const VariantDigOptions& dig,
                         std::uint64_t seed, std::uint64_t index, std::uint32_t max_attempts, VariantPuzzle& out,
                         std::string& failure);

}  // namespace sudokit
