// Two-digit and two-line unavoidable sets. See unavoidable.hpp.
#include "sudokit/generator/unavoidable.hpp"

#include <cassert>

namespace sudokit {
namespace {

// For digits a and b, each row holds one a-cell and one b-cell, and a set
// that swaps them must take both or neither, so a component is described by
// its rows. A column (or box) links the row of its a-cell to the row of its
// b-cell; components are the classes of rows under those links.
void add_two_digit_sets(const Grid& g, UnavoidableSets& out) {
  // For each digit: its cell in each row, and its row in each column and box.
  std::array<std::array<std::uint8_t, 9>, 9> cell_in_row{}, row_in_col{}, row_in_box{};
  for (int c = 0; c < kCells; ++c) {
    const auto d = static_cast<std::size_t>(g[c] - 1);
    const auto r = static_cast<std::uint8_t>(row_of(c));
    cell_in_row[d][r] = static_cast<std::uint8_t>(c);
    row_in_col[d][static_cast<std::size_t>(col_of(c))] = r;
    row_in_box[d][static_cast<std::size_t>(box_of(c))] = r;
  }
  for (std::size_t a = 0; a < 9; ++a)
    for (std::size_t b = a + 1; b < 9; ++b) {
      std::array<std::uint16_t, 9> linked{};  // rows joined to each row by a column or a box
      auto join = [&](int x, int y) {
        linked[static_cast<std::size_t>(x)] |= static_cast<std::uint16_t>(1u << y);
        linked[static_cast<std::size_t>(y)] |= static_cast<std::uint16_t>(1u << x);
      };
      for (std::size_t h = 0; h < 9; ++h) {
        join(row_in_col[a][h], row_in_col[b][h]);
        join(row_in_box[a][h], row_in_box[b][h]);
      }
      for (unsigned left = 0x1FF; left != 0;) {
        unsigned rows = lowest_bit(left), grown = 0;  // close the class of the lowest row left
        while (grown != rows) {
          grown = rows;
          for_each_bit(grown, [&](int r) { rows |= linked[static_cast<std::size_t>(r)]; });
        }
        left &= ~rows;
        CellSet set;
        for_each_bit(rows, [&](int r) {
          set.add(cell_in_row[a][static_cast<std::size_t>(r)]);
          set.add(cell_in_row[b][static_cast<std::size_t>(r)]);
        });
        out.add(set);
      }
    }
}

// Rows i and j of one band (transposed: columns of one stack). Following
// "the digit of row i in a column -> the digit of row j in that column"
// from digit to digit closes a cycle; its columns can exchange.
void add_two_line_sets(const Grid& g, bool columns, UnavoidableSets& out) {
  auto cell = [&](int line, int k) { return columns ? cell_at(k, line) : cell_at(line, k); };
  for (int first = 0; first < 9; ++first)
    for (int second = first + 1; second < 9 && second / 3 == first / 3; ++second) {
      std::array<std::uint8_t, 10> below{}, place{};  // by the digit in the first line
      for (int k = 0; k < 9; ++k) {
        const int d = g[cell(first, k)];
        below[static_cast<std::size_t>(d)] = g[cell(second, k)];
        place[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(k);
      }
      unsigned visited = 0;
      for (int d = 1; d <= 9; ++d) {
        if ((visited >> d) & 1) continue;
        CellSet set;
        int length = 0;
        for (int x = d; !((visited >> x) & 1); x = below[static_cast<std::size_t>(x)], ++length) {
          visited |= 1u << x;
          set.add(cell(first, place[static_cast<std::size_t>(x)]));
          set.add(cell(second, place[static_cast<std::size_t>(x)]));
        }
        if (length >= 3) out.add(set);
      }
    }
}

}  // namespace

void UnavoidableSets::add(const CellSet& set) {
  assert(count < kCapacity);
  const auto index = static_cast<std::uint8_t>(count++);
  sets[index] = set;
  set.for_each([&](int c) {
    auto& n = count_of_cell[static_cast<std::size_t>(c)];
    assert(n < kPerCell);
    of_cell[static_cast<std::size_t>(c)][n++] = index;
  });
}

UnavoidableSets unavoidable_sets(const Grid& solution) {
  UnavoidableSets out;
  add_two_digit_sets(solution, out);
  add_two_line_sets(solution, false, out);
  add_two_line_sets(solution, true, out);
  return out;
}

}  // namespace sudokit
