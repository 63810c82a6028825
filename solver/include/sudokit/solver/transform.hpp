// The validity-preserving symmetries of Sudoku: permute the three bands, the
// rows inside each band, the three stacks, the columns inside each stack,
// optionally transpose, and relabel the digits. A Transform is one element of
// that group (2 * 6^8 * 9! = 1,218,998,108,160 elements); it can be composed,
// inverted, and applied to grids and puzzles alike (empty cells stay empty).
// Every module uses it: the generators scramble grids with it, the canonical
// form is defined by it, the digger maps cells through it.
#pragma once

#include <array>
#include <cstdint>

#include "sudokit/solver/grid.hpp"

namespace sudokit {

/// The six orderings of three things, indexed 0..5 in lexicographic order:
/// {0,1,2} {0,2,1} {1,0,2} {1,2,0} {2,0,1} {2,1,0}.
inline constexpr std::array<std::array<std::uint8_t, 3>, 6> kOrderings3 = {
    {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};

/// Number of positional symmetries (transpose, bands, rows, stacks, columns).
inline constexpr std::uint32_t kPositionalTransforms = 2u * 6 * 6 * 6 * 6 * 6 * 6 * 6 * 6;  // 3,359,232
/// Number of digit relabellings (9!).
inline constexpr std::uint32_t kDigitRelabellings = 362880;

/// A permutation of the digits: map[d] is the new label of digit d; map[0] = 0
/// so empty cells stay empty.
using DigitMap = std::array<std::uint8_t, 10>;

/// The identity digit map {0, 1, ..., 9}.
DigitMap identity_digits();
/// The index-th permutation of 1..9 in lexicographic order (index < 9!).
DigitMap digits_from_index(std::uint32_t index);

/// One element of the symmetry group. Applying it to a grid `in` gives `out`
/// with out(i, j) = digits[in'(rows[i], cols[j])], where in' is `in`
/// transposed when `transpose` is set and `in` itself otherwise: the
/// transposition happens first, then rows and columns are picked, then the
/// digits are relabelled.
struct Transform {
  std::array<std::uint8_t, 9> rows{0, 1, 2, 3, 4, 5, 6, 7, 8};  // output row i shows row rows[i]
  std::array<std::uint8_t, 9> cols{0, 1, 2, 3, 4, 5, 6, 7, 8};  // output column j shows column cols[j]
  bool transpose = false;
  DigitMap digits{0, 1, 2, 3, 4, 5, 6, 7, 8, 9};

  friend bool operator==(const Transform&, const Transform&) = default;

  /// Builds a transform from its parts, each a kOrderings3 index (0..5):
  /// output band b shows band band_order[b] with its rows in order
  /// row_orders[b]; likewise stacks and columns.
  static Transform from_parts(bool transpose, int band_order, const std::array<int, 3>& row_orders,
                              int stack_order, const std::array<int, 3>& col_orders, const DigitMap& digits);
  /// The positional part from an index < kPositionalTransforms and the
  /// relabelling from an index < kDigitRelabellings. Uniform indices give a
  /// uniformly random element of the group (the map is a bijection).
  static Transform from_index(std::uint32_t positional_index, std::uint32_t digit_index);

  /// True when rows keep bands together, columns keep stacks together and
  /// digits is a permutation of 1..9 fixing 0: only such transforms map valid
  /// grids to valid grids.
  bool is_valid() const;
  /// The input cell whose digit lands on output cell `cell`.
  int source_cell(int cell) const {
    const int i = rows[static_cast<std::size_t>(row_of(cell))];
    const int j = cols[static_cast<std::size_t>(col_of(cell))];
    return transpose ? cell_at(j, i) : cell_at(i, j);
  }
  /// The transformed grid or puzzle (empty cells stay empty).
  Grid apply(const Grid& grid) const;
};

/// outer after inner: compose(outer, inner).apply(g) == outer.apply(inner.apply(g)).
Transform compose(const Transform& outer, const Transform& inner);
/// inverse(t).apply(t.apply(g)) == g.
Transform inverse(const Transform& t);

}  // namespace sudokit
