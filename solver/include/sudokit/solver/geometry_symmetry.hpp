// The symmetry group of a geometry (issue #47): the geometric transformations
// of the square that map a geometry's puzzles to puzzles of the same
// geometry, and the digit relabellings its rules allow. The generators use
// it (symmetric digging, box permutation and relabelling of variant grids),
// the canonical form and the global id of variant puzzles are defined by it
// (canonical_any.hpp).
//
// Contract:
// - A LineMap is one transformation of the N x N square: optionally
//   transpose, then pick rows and columns. Applied to cells `in` it gives
//   `out` with out(i, j) = in'(rows[i], cols[j]), in' being `in` transposed
//   when `transpose` is set (as the classic Transform, transform.hpp, for
//   any size). Every rotation and reflection of the square, every row and
//   column permutation and every toroidal shift is a LineMap.
// - preserves(geometry, cell_map): cell_map is a permutation of the cells
//   (either direction: a permutation preserves a finite structure exactly
//   when its inverse does) mapping the set of houses onto itself, peers onto
//   peers and orthogonal non-consecutive neighbours (adjacent()) onto
//   themselves. Those are exactly the maps that keep every valid grid valid,
//   whatever the digits.
// - symmetry_group(geometry): every LineMap that preserves the geometry,
//   nothing else. It is found among all LineMaps (2 * N!^2 of them), so it
//   holds the geometry's dihedral symmetries, row and column permutations
//   within bands and stacks and of bands and stacks for boxes, all row and
//   column permutations for `none`, and toroidal shifts where they keep the
//   geometry:
//   - a plain boxed shape (NxN or NxN:RxC with no extra rule) and a plain
//     Latin square (none, NxN:none) keep every permutation of rows within
//     bands of band_rows() rows and of those bands, the same for columns in
//     stacks of stack_cols(), and the transposition when transposes() (square
//     boxes and none): the group is that product, too big to list for
//     9x9 and above (kind() == kBands); `none` is bands of one row;
//   - every other geometry (extra regions, leapers, nc, jigsaw) has a small
//     group, found by a pruned search over all LineMaps and listed in full
//     (kind() == kListed, elements()); a geometry whose group would list
//     more than kMaxListedSymmetries elements is refused (GeometryError).
// - Digits: every relabelling for geometries without nc; with nc the
//   identity and the reversal d -> size+1-d (which keeps |a - b| = 1); with
//   nc+ the 2*size symmetries of the cycle 1..size (reversal and d -> d+1
//   with size+1 -> 1 keep "cyclically consecutive"). Digits and positions
//   combine freely: the whole group is positions x digits.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "sudokit/solver/geometry.hpp"

namespace sudokit {

/// One transformation of the N x N square (see the contract above).
struct LineMap {
  bool transpose = false;
  std::vector<int> rows;  // output row i shows input row rows[i]
  std::vector<int> cols;  // output column j shows input column cols[j]

  friend bool operator==(const LineMap&, const LineMap&) = default;

  /// The identity of the size-n square.
  static LineMap identity(int n);
  int size() const { return static_cast<int>(rows.size()); }
  /// The input cell whose content lands on output cell `cell`.
  int source_cell(int cell) const;
  /// source_cell of every output cell (a permutation of 0..N*N-1).
  std::vector<int> cell_map() const;
  /// The transformed cells (any contents; empty cells stay empty).
  std::vector<std::uint8_t> apply(std::span<const std::uint8_t> cells) const;
};

/// outer after inner: compose(outer, inner).apply(x) == outer.apply(inner.apply(x)).
LineMap compose(const LineMap& outer, const LineMap& inner);
/// inverse(m).apply(m.apply(x)) == x.
LineMap inverse(const LineMap& m);

/// True when the permutation `cell_map` of the cells maps the set of houses
/// onto itself, peers onto peers and adjacent() onto adjacent(); false for
/// anything that is not a permutation of 0..cells()-1.
bool preserves(const Geometry& geometry, std::span<const int> cell_map);
bool preserves(const Geometry& geometry, const LineMap& map);

/// Which digit relabellings keep a geometry's rules.
enum class DigitSymmetry {
  kAll,      // every permutation of 1..size (size! of them)
  kReverse,  // nc: identity and d -> size+1-d (2)
  kCycle,    // nc+: the 2*size symmetries of the cycle 1, 2, ..., size, 1
};

/// A digit relabelling: map[d] is the new digit of d; map[0] = 0.
using DigitRelabel = std::vector<std::uint8_t>;

/// A geometry whose group would list more elements than this is refused.
inline constexpr std::size_t kMaxListedSymmetries = 200000;

class SymmetryGroup {
 public:
  enum class Kind { kBands, kListed };

  /// Builds the group (see the contract); throws GeometryError when it
  /// would list more than kMaxListedSymmetries elements.
  explicit SymmetryGroup(GeometryPtr geometry);

  const Geometry& geometry() const { return *geometry_; }
  Kind kind() const { return kind_; }
  /// kBands: rows permute within bands of band_rows() rows, bands among
  /// themselves; columns within stacks of stack_cols(); transposition when
  /// transposes(). (For kListed: 0, 0, and whether any element transposes.)
  int band_rows() const { return band_rows_; }
  int stack_cols() const { return stack_cols_; }
  bool transposes() const { return transposes_; }
  /// kListed: every element, the identity first. Empty for kBands.
  const std::vector<LineMap>& elements() const { return elements_; }
  /// Elements that generate the positional group (for kListed every
  /// element but the identity; for kBands adjacent transpositions of rows
  /// in each band, of adjacent bands, the same for columns, and the
  /// transposition when allowed).
  const std::vector<LineMap>& generators() const { return generators_; }
  /// The number of positional symmetries, exact, in decimal.
  std::string order() const;
  /// The same as a double (for sizes and estimates).
  double order_estimate() const;

  DigitSymmetry digits() const { return digits_; }
  /// The allowed relabellings: kReverse and kCycle list them all (identity
  /// first); kAll gives only the identity (every permutation is allowed).
  std::vector<DigitRelabel> digit_relabels() const;
  /// The number of allowed relabellings, exact, in decimal (9! = "362880").
  std::string digit_order() const;

  /// A uniformly random element; below(k) must return a uniform integer in
  /// [0, k) (for example Boost's uniform_int_distribution on a seeded engine).
  LineMap random_element(const std::function<std::uint64_t(std::uint64_t)>& below) const;
  /// A uniformly random allowed relabelling, same convention.
  DigitRelabel random_relabel(const std::function<std::uint64_t(std::uint64_t)>& below) const;
  /// True when `map` is an element (kBands: keeps the bands and stacks;
  /// kListed: in the list).
  bool contains(const LineMap& map) const;

 private:
  GeometryPtr geometry_;
  Kind kind_ = Kind::kBands;
  int band_rows_ = 0, stack_cols_ = 0;
  bool transposes_ = false;
  std::vector<LineMap> elements_;
  std::vector<LineMap> generators_;
  DigitSymmetry digits_ = DigitSymmetry::kAll;
};

/// The group of a geometry, built once per spelling and shared (thread-safe).
std::shared_ptr<const SymmetryGroup> symmetry_group(const GeometryPtr& geometry);

/// Applies a relabelling to cells (0 stays 0).
std::vector<std::uint8_t> relabel(std::span<const std::uint8_t> cells, const DigitRelabel& map);

}  // namespace sudokit
