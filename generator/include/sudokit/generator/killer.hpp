// Killer cage layouts (issue #49; the cages and their solver are
// solver/killer.hpp): a solution grid of any geometry cut into cages, then
// made unique.
//   * Layout: cells in a random order each start a cage (if still free) that
//     grows to a random size in [min_cage, max_cage] through random free
//     orthogonal neighbours, skipping digits the cage already holds (unless
//     repeats). A cage left below min_cage joins a neighbouring cage that
//     can take it (size and digits); then, with a target cage count, two
//     neighbouring cages merge or one cage splits in two connected parts
//     until the count is the target. A layout that cannot meet the controls
//     is drawn again.
//   * Uniqueness: count_killer to 2. When two or more solutions remain, an
//     other solution is found (the solver's first solution, or the first of
//     the digit-complemented puzzle d -> size+1-d, which the ascending search
//     reaches from the other end) and one of its differing cells is cut off:
//     moved into a neighbouring cage (both sums change, so that solution
//     breaks; the cage count stays), else two neighbouring cages where that
//     solution repeats a digit merge (without a target count, distinct
//     digits), else, when givens are allowed, the cell becomes a given.
//     After max_rounds rounds the layout is drawn again.
//   * Deterministic: puzzle `index` of seed `seed` depends on nothing else
//     (stream_engine(seed, index) draws the grid and the layout), so any
//     thread count gives the same puzzles.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <vector>

#include "sudokit/generator/stream.hpp"
#include "sudokit/generator/variant_grids.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/killer.hpp"

namespace sudokit {

struct KillerGenOptions {
  int min_cage = 2;          // 1 allows single-cell cages; 2 is "no single-cell cages"
  int max_cage = 5;          // largest cage (cells)
  int target_cages = 0;      // exact cage count; 0 = whatever the layout gives
  bool repeats = false;      // digits may repeat within a cage
  int max_givens = 0;        // givens the uniqueness step may add (0 = pure killer)
  int max_rounds = 400;      // uniqueness rounds before a layout is drawn again
  int max_layouts = 50;      // layouts per grid before make_killer gives up
};

/// Controls no layout can meet (min_cage < 1, max_cage < min_cage, a size
/// above kKillerMaxSize, a target count outside what the sizes allow).
class KillerGenError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

struct KillerPuzzle {
  std::vector<Cage> cages;  // ascending cells, in order of their first cell
  Cells givens;             // geometry.cells() digits, 0 empty
  Cells solution;
  int layouts = 0;          // layouts drawn
  int rounds = 0;           // uniqueness rounds (count_killer calls) on the last layout
};

/// Throws KillerGenError when the options cannot make a layout of `geometry`.
void check_killer_options(const Geometry& geometry, const KillerGenOptions& options);

/// A unique killer on `solution` (a valid full grid of `geometry`), drawn
/// from `engine`; nullopt when max_layouts layouts all failed.
std::optional<KillerPuzzle> make_killer(const Geometry& geometry, const Cells& solution,
                                        const KillerGenOptions& options, Engine& engine);

/// Puzzle `index` of seed `seed`: a backtrack grid (variant_grids.hpp) and
/// its killer, on stream_engine(seed, index); a grid whose layouts all fail
/// is followed by the next grid of the same engine.
KillerPuzzle generate_killer(const Geometry& geometry, const KillerGenOptions& options, std::uint64_t seed,
                             std::uint64_t index);

}  // namespace sudokit
