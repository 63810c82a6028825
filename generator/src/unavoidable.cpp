// Two-digit unavoidable sets, by closing row sets. See unavoidable.hpp.
//
// For digits a and b, each row holds one a-cell and one b-cell, and a set
// that swaps them must take both or neither, so a component is described by
// its rows. A column (or box) links the row of its a-cell to the row of its
// b-cell; components are the classes of rows under those links.
#include "sudokit/generator/unavoidable.hpp"

#include <cassert>

namespace sudokit {

UnavoidableSets two_digit_unavoidable_sets(const Grid& solution) {
  // For each digit: its cell in each row, and the row it occupies in each
  // column and each box.
  std::array<std::array<std::uint8_t, 9>, 9> cell_in_row{}, row_in_col{}, row_in_box{};
  for (int c = 0; c < kCells; ++c) {
    const auto d = static_cast<std::size_t>(solution[c] - 1);
    const auto r = static_cast<std::uint8_t>(row_of(c));
    cell_in_row[d][r] = static_cast<std::uint8_t>(c);
    row_in_col[d][static_cast<std::size_t>(col_of(c))] = r;
    row_in_box[d][static_cast<std::size_t>(box_of(c))] = r;
  }

  UnavoidableSets out;
  for (std::size_t a = 0; a < 9; ++a) {
    for (std::size_t b = a + 1; b < 9; ++b) {
      // linked[r]: rows joined to row r by a column or a box.
      std::array<std::uint16_t, 9> linked{};
      for (std::size_t h = 0; h < 9; ++h) {
        const int ra = row_in_col[a][h], rb = row_in_col[b][h];
        linked[static_cast<std::size_t>(ra)] |= static_cast<std::uint16_t>(1u << rb);
        linked[static_cast<std::size_t>(rb)] |= static_cast<std::uint16_t>(1u << ra);
        const int xa = row_in_box[a][h], xb = row_in_box[b][h];
        linked[static_cast<std::size_t>(xa)] |= static_cast<std::uint16_t>(1u << xb);
        linked[static_cast<std::size_t>(xb)] |= static_cast<std::uint16_t>(1u << xa);
      }
      unsigned left = 0x1FF;
      while (left != 0) {
        // Close the class of the lowest row left.
        unsigned rows = lowest_bit(left), grown = 0;
        while (grown != rows) {
          grown = rows;
          for_each_bit(grown, [&](int r) { rows |= linked[static_cast<std::size_t>(r)]; });
        }
        left &= ~rows;
        assert(out.count < static_cast<int>(out.sets.size()));
        const auto index = static_cast<std::uint8_t>(out.count++);
        CellSet& set = out.sets[index];
        for_each_bit(rows, [&](int r) {
          for (const std::size_t d : {a, b}) {
            const int c = cell_in_row[d][static_cast<std::size_t>(r)];
            set.add(c);
            // The other digit's slot of this cell: its digit index, skipping its own.
            const std::size_t other = d == a ? b : a;
            out.of_cell[static_cast<std::size_t>(c)][other < d ? other : other - 1] = index;
          }
        });
      }
    }
  }
  return out;
}

}  // namespace sudokit
