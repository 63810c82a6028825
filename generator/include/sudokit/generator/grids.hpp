// Terminal-grid generators: every puzzle starts as a complete, valid solution
// grid, made by one of four methods.
//   backtrack        randomized backtracking, fewest-candidates cell first,
//                    digits in random order; any valid grid can come out.
//   box-permutation  the matrix-transform method: a random centre box, its
//                    rows cycled into the boxes beside it, its columns cycled
//                    into the boxes above and below, the corners likewise.
//                    Very fast, but only 4 * 9! grids can come out.
//   digit-box        digit by digit: all the 1s (one per box, box by box,
//                    consistent with rows and columns), then the 2s, ...,
//                    backtracking when a digit cannot be placed.
//   relabel          a base grid with its digits randomly permuted: 9! grids,
//                    all essentially the same.
// `scramble` then applies a uniformly random element of the symmetry group
// (transform.hpp), which is what makes box-permutation and relabel useful:
// their grids become random members of a few essentially different grids.
// Grid `index` of seed `seed` depends on nothing else (see stream.hpp).
// No method allocates.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "sudokit/generator/stream.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit {

enum class GridMethod : std::uint8_t { Backtrack, BoxPermutation, DigitBox, Relabel };

/// "backtrack", "box-permutation", "digit-box", "relabel".
const char* method_name(GridMethod method);
std::optional<GridMethod> parse_grid_method(std::string_view name);

/// The base grid of the relabel method when none is given.
const Grid& builtin_base_grid();

struct GridOptions {
  GridMethod method = GridMethod::Backtrack;
  bool scramble = false;
  Grid base = builtin_base_grid();  // relabel only; must be a valid complete grid
};

/// True when every cell holds a digit and no unit repeats one.
bool is_valid_solution_grid(const Grid& grid);

/// Grid number `index` of the stream `seed`.
Grid make_grid(const GridOptions& options, std::uint64_t seed, std::uint64_t index);

/// The four methods on an explicit engine (make_grid seeds one per grid).
Grid backtrack_grid(Engine& engine);
Grid box_permutation_grid(Engine& engine);
Grid digit_box_grid(Engine& engine);
Grid relabel_grid(const Grid& base, Engine& engine);

}  // namespace sudokit
