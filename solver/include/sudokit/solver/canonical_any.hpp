// The canonical form of a puzzle or grid of any geometry (issue #47): the
// smallest of its forms under the geometry's symmetry group and allowed
// relabellings (geometry_symmetry.hpp). Two puzzles of one geometry are the
// same puzzle exactly when their canonical forms are equal.
//
// The order is the classic's (canonical.hpp): the cells row-major as a
// sequence of numbers, an empty cell counting as 0 and so below every digit,
// compared lexicographically. Where every relabelling is allowed the digits
// of the smallest form are numbered in order of first appearance; with nc and
// nc+ the form is the smallest of the allowed relabellings (2, or 2N for
// nc+). The classic geometry keeps its own fast canonical form (minlex over
// its whole group) and its ids.
//
// Which forms compete:
// - listed groups (extra regions, leapers, nc, jigsaw): every element.
// - band groups (plain boxed shapes other than the classic, and Latin
//   squares): only the forms whose lines are in key order, which keeps the
//   search small. A line's key is its count of givens (high bits) and a
//   hash of the sorted counts of the crossing lines at its givens; a band's
//   (stack's) key a hash of its lines' sorted keys (canonical_any.cpp,
//   line_keys). No symmetry or relabelling changes a line's key, so the
//   forms in key order are the same set for every isomorph, and the
//   smallest of them is a canonical form: in key order means rows
//   non-decreasing within each band, bands non-decreasing, columns likewise.
//   The form is thus minlex among the key-ordered forms, not over the whole
//   group (canonical_by_band_search(..., false) gives the latter; tests).
//
// How (canonical_any.cpp):
// - listed groups (extra regions, leapers, nc, jigsaw; at most a few
//   thousand maps): every map is tried.
// - plain boxed shapes and Latin squares (bands and stacks; 4x4 to 25x25,
//   none): a branch-and-bound search over the key-ordered maps only, that
//   builds the form row by row:
//   first the input row of output row 0 and, column by column, the column
//   permutation; then each further output row. A branch stops at the first
//   cell larger than the best form so far; rows (columns) of one band
//   (stack), and whole bands (stacks), with equal contents are tried once
//   (trading them is a symmetry that changes nothing). Cost grows with the
//   number of partial maps that tie with the best prefix: puzzles whose
//   first rows are nearly empty are the slow case (docs/VARIANTS.md gives
//   measured times). A search that visits more than kMaxCanonicalNodes
//   nodes stops with CanonicalLimit rather than run for hours.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "sudokit/solver/geometry.hpp"

namespace sudokit {

/// Nodes the band search may visit before it gives up (CanonicalLimit).
inline constexpr std::uint64_t kMaxCanonicalNodes = 200000000;

/// The band search visited more than kMaxCanonicalNodes nodes.
class CanonicalLimit : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The canonical form of `cells` (geometry->cells() digits, 0 empty) of
/// any contents (puzzles, grids, even cells that break the rules). Throws
/// GeometryError for a wrong length or a digit above size(), and for a
/// geometry whose group cannot be listed (geometry_symmetry.hpp);
/// CanonicalLimit as above.
std::vector<std::uint8_t> canonical_any(const GeometryPtr& geometry, std::span<const std::uint8_t> cells);

/// The band search for a geometry with a band group, even the classic one;
/// `sorted_lines` false lets every form compete (then the classic's form is
/// the ground truth for the classic geometry; tests).
std::vector<std::uint8_t> canonical_by_band_search(const GeometryPtr& geometry, std::span<const std::uint8_t> cells,
                                                   bool sorted_lines = true);

/// The same by trying every element of the group (for band groups those
/// whose result is in key order) and every allowed relabelling (tests:
/// ground truth on groups small enough; throws GeometryError when the group
/// has more than kMaxListedSymmetries).
std::vector<std::uint8_t> canonical_by_enumeration(const GeometryPtr& geometry,
                                                   std::span<const std::uint8_t> cells);

}  // namespace sudokit
