// Solution grids of any geometry (issue #47; geometry.hpp): the four seed
// methods of grids.hpp where the geometry allows them. The classic geometry
// goes to the classic functions (make_grid), so its grids stay byte-identical
// for the same seed; every other geometry is handled here, cells as one digit
// per cell (geometry.cells() of them, row-major).
//   backtrack        solve_any on the empty grid with a shuffle seed drawn
//                    from the grid's engine (random digit order at each
//                    branch): every geometry that has a valid grid.
//   digit-box        digit by digit: all the 1s, one per region (boxes or
//                    jigsaw pieces; for `none`, which has no regions, one per
//                    row), region by region, each in a random free cell the
//                    digit is still allowed in (peers, leapers and the
//                    non-consecutive rule); then the 2s, ...; backtracking
//                    when a placement leaves a house without a place for a
//                    digit it lacks or a cell without a digit. A search
//                    that runs past a bound of placements starts again (on
//                    the same engine, so still deterministic). Every
//                    geometry but nc, nc+, toroidal leapers and anti-knight
//                    beside extra regions (method_unsupported): placing one
//                    digit at a time, it found no grid of those in
//                    reasonable time.
//   relabel          a base grid (given, or variant_base_grid) with its
//                    digits permuted by a uniformly random relabelling the
//                    geometry allows (geometry_symmetry.hpp): any
//                    permutation; with nc only the identity and the reversal
//                    d -> size+1-d, with nc+ the 2*size symmetries of the
//                    cycle 1..size (the permutations that keep "consecutive").
//   box-permutation  the base grid moved by a uniformly random element of
//                    the geometry's positional symmetry group (SymmetryGroup:
//                    the rotations, reflections, row, column, band and stack
//                    permutations that map its houses, peers and adjacency
//                    onto themselves), then relabelled as relabel does. Only
//                    where that group is more than the identity (a jigsaw
//                    map without symmetry has none) and can be built.
// `scramble` applies a uniformly random element of the geometry's group and
// an allowed relabelling to the grid, as the classic does.
// Grid `index` of seed `seed` depends on nothing else (stream.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudokit/generator/grids.hpp"
#include "sudokit/generator/stream.hpp"
#include "sudokit/solver/geometry.hpp"

namespace sudokit {

/// One digit per cell of a geometry, row-major (0 = empty).
using Cells = std::vector<std::uint8_t>;

struct VariantGridOptions {
  GridMethod method = GridMethod::Backtrack;
  bool scramble = false;
  Cells base;  // relabel and box-permutation: a valid full grid; empty = variant_base_grid(geometry)
};

/// A method or option a geometry does not allow, or a geometry with no
/// valid grid (what() says which and why).
class VariantGridError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// "" when `method` makes grids of `geometry`; otherwise why not, in one
/// sentence naming both ("box-permutation needs a symmetry of the grid
/// beside the identity, and jigsaw:... has none").
std::string method_unsupported(const Geometry& geometry, GridMethod method);

/// True when every cell holds a digit 1..size() and the geometry's rules
/// hold: each house holds each digit once, peers differ, adjacent() cells do
/// not hold consecutive digits (nc_wrap: nor 1 beside size()).
bool is_valid_variant_grid(const Geometry& geometry, std::span<const std::uint8_t> cells);

/// The base grid of relabel and box-permutation when none is given: the
/// classic's built-in base grid, or grid 0 of seed 1 by backtracking.
const Cells& variant_base_grid(const Geometry& geometry);

/// Grid number `index` of the stream `seed`. Throws VariantGridError when
/// the method is not defined for the geometry (method_unsupported), the
/// base is not a valid full grid, or the geometry has no valid grid.
Cells make_variant_grid(const Geometry& geometry, const VariantGridOptions& options, std::uint64_t seed,
                        std::uint64_t index);

/// The grid the options make from `engine` (make_variant_grid is this on
/// stream_engine(seed, index)).
Cells variant_grid_from(const Geometry& geometry, const VariantGridOptions& options, Engine& engine);

/// The methods on an explicit engine (make_variant_grid seeds one per grid).
Cells variant_backtrack_grid(const Geometry& geometry, Engine& engine);
Cells variant_digit_box_grid(const Geometry& geometry, Engine& engine);
Cells variant_relabel_grid(const Geometry& geometry, const Cells& base, Engine& engine);
Cells variant_box_permutation_grid(const Geometry& geometry, const Cells& base, Engine& engine);
/// An allowed relabelling and a random element of the geometry's group.
Cells variant_scramble(const Geometry& geometry, const Cells& grid, Engine& engine);

}  // namespace sudokit
