// The symmetry group of Sudoku as explicit transforms: building them from
// parts or from group indices, composing, inverting and applying them.
// See transform.hpp for the convention (transpose, then pick rows and
// columns, then relabel).
#include "sudokit/solver/transform.hpp"

namespace sudokit {
namespace {

using Line = std::array<std::uint8_t, 9>;

// The nine rows (or columns) that band order `outer` and the row orders
// `inner` select, as "output line -> input line".
Line lines_from_orders(int outer, const std::array<int, 3>& inner) {
  Line lines{};
  for (std::size_t b = 0; b < 3; ++b) {
    const int band = kOrderings3[static_cast<std::size_t>(outer)][b];
    for (std::size_t i = 0; i < 3; ++i)
      lines[3 * b + i] = static_cast<std::uint8_t>(
          3 * band + kOrderings3[static_cast<std::size_t>(inner[b])][i]);
  }
  return lines;
}

Line invert_lines(const Line& lines) {
  Line inv{};
  for (std::size_t i = 0; i < 9; ++i) inv[lines[i]] = static_cast<std::uint8_t>(i);
  return inv;
}

// Lines i -> lines[i] keep the three groups of three together.
bool keeps_groups(const Line& lines) {
  unsigned seen = 0;
  for (std::size_t i = 0; i < 9; ++i) {
    if (lines[i] > 8 || lines[i] / 3 != lines[i - i % 3] / 3) return false;
    seen |= 1u << lines[i];
  }
  return seen == 0x1FF;
}

}  // namespace

DigitMap identity_digits() { return {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}; }

DigitMap digits_from_index(std::uint32_t index) {
  // Lehmer code: the first digit is index / 8!, then index / 7! among the rest...
  static constexpr std::uint32_t kFactorial[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
  DigitMap map{};
  std::uint8_t left[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  int n = 9;
  for (int k = 0; k < 9; ++k) {
    const std::uint32_t f = kFactorial[8 - k];
    const int q = static_cast<int>(index / f);
    index %= f;
    map[static_cast<std::size_t>(k + 1)] = left[q];
    for (int i = q; i + 1 < n; ++i) left[i] = left[i + 1];
    --n;
  }
  return map;
}

Transform Transform::from_parts(bool transpose, int band_order, const std::array<int, 3>& row_orders,
                                int stack_order, const std::array<int, 3>& col_orders, const DigitMap& digits) {
  Transform t;
  t.transpose = transpose;
  t.rows = lines_from_orders(band_order, row_orders);
  t.cols = lines_from_orders(stack_order, col_orders);
  t.digits = digits;
  return t;
}

Transform Transform::from_index(std::uint32_t positional_index, std::uint32_t digit_index) {
  std::uint32_t i = positional_index;
  auto take = [&i](std::uint32_t n) {
    const int r = static_cast<int>(i % n);
    i /= n;
    return r;
  };
  const bool transpose = take(2) != 0;
  const int band_order = take(6);
  const std::array<int, 3> row_orders = {take(6), take(6), take(6)};
  const int stack_order = take(6);
  const std::array<int, 3> col_orders = {take(6), take(6), take(6)};
  return from_parts(transpose, band_order, row_orders, stack_order, col_orders, digits_from_index(digit_index));
}

bool Transform::is_valid() const {
  if (!keeps_groups(rows) || !keeps_groups(cols) || digits[0] != 0) return false;
  unsigned seen = 0;
  for (std::size_t d = 1; d <= 9; ++d) {
    if (digits[d] < 1 || digits[d] > 9) return false;
    seen |= 1u << digits[d];
  }
  return seen == 0x3FE;
}

Grid Transform::apply(const Grid& grid) const {
  Grid out;
  for (int i = 0; i < 9; ++i) {
    const int r = rows[static_cast<std::size_t>(i)];
    for (int j = 0; j < 9; ++j) {
      const int c = cols[static_cast<std::size_t>(j)];
      out[cell_at(i, j)] = digits[grid[transpose ? cell_at(c, r) : cell_at(r, c)]];
    }
  }
  return out;
}

Transform compose(const Transform& outer, const Transform& inner) {
  // outer picks its rows from inner's output; when outer transposes, inner's
  // output rows are columns of inner's input and the other way round.
  Transform t;
  const Line& first = outer.transpose ? inner.cols : inner.rows;
  const Line& second = outer.transpose ? inner.rows : inner.cols;
  for (std::size_t i = 0; i < 9; ++i) {
    t.rows[i] = first[outer.rows[i]];
    t.cols[i] = second[outer.cols[i]];
  }
  t.transpose = outer.transpose != inner.transpose;
  for (std::size_t d = 0; d <= 9; ++d) t.digits[d] = outer.digits[inner.digits[d]];
  return t;
}

Transform inverse(const Transform& t) {
  Transform inv;
  const Line rows = invert_lines(t.rows);
  const Line cols = invert_lines(t.cols);
  inv.transpose = t.transpose;
  inv.rows = t.transpose ? cols : rows;
  inv.cols = t.transpose ? rows : cols;
  for (std::size_t d = 0; d <= 9; ++d) inv.digits[t.digits[d]] = static_cast<std::uint8_t>(d);
  return inv;
}

}  // namespace sudokit
