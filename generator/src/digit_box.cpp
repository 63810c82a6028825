// Method 3, digit-by-digit box backtracking: place all the 1s, one per box,
// box by box, each in a free cell whose row and column do not hold a 1 yet;
// then all the 2s, and so on. Each placement picks a random allowed cell; when
// a box has none, go back to the previous placement (across digits if need
// be) and try another of its cells. After each placement the later boxes of
// the same digit are checked to still have an allowed cell (forward
// checking; only boxes in line with the placement can have lost cells), so
// dead ends are found one placement early. Cells are handled
// as 9-bit masks local to a box (bit 3*row + column); the 81 placements are
// a fixed array, nothing is allocated.
#include <array>
#include <cassert>

#include "pick.hpp"
#include "sudokit/generator/grids.hpp"

namespace sudokit {
namespace {

// The box cells of the rows (columns) in a 3-bit set of the box's rows (columns).
constexpr std::array<std::uint16_t, 8> make_row_cells() {
  std::array<std::uint16_t, 8> t{};
  for (unsigned rows = 0; rows < 8; ++rows)
    for (unsigned i = 0; i < 3; ++i)
      if (rows >> i & 1) t[rows] = static_cast<std::uint16_t>(t[rows] | (7u << (3 * i)));
  return t;
}
constexpr std::array<std::uint16_t, 8> make_col_cells() {
  std::array<std::uint16_t, 8> t{};
  for (unsigned cols = 0; cols < 8; ++cols)
    for (unsigned j = 0; j < 3; ++j)
      if (cols >> j & 1) t[cols] = static_cast<std::uint16_t>(t[cols] | (0111u << j));
  return t;
}
constexpr auto kRowCells = make_row_cells();
constexpr auto kColCells = make_col_cells();

// Grid cell of each box cell, and the later boxes sharing a band or a stack
// with each box (the only ones a placement in it can take cells from).
struct BoxTables {
  std::array<std::array<std::uint8_t, 9>, 9> cell{};
  std::array<std::uint16_t, 9> later_in_line{};
  std::array<std::uint8_t, 9> first_row{}, first_col{};
};
constexpr BoxTables make_box_tables() {
  BoxTables t{};
  for (int box = 0; box < 9; ++box) {
    for (int local = 0; local < 9; ++local)
      t.cell[static_cast<std::size_t>(box)][static_cast<std::size_t>(local)] =
          static_cast<std::uint8_t>(cell_at(3 * (box / 3) + local / 3, 3 * (box % 3) + local % 3));
    t.first_row[static_cast<std::size_t>(box)] = static_cast<std::uint8_t>(3 * (box / 3));
    t.first_col[static_cast<std::size_t>(box)] = static_cast<std::uint8_t>(3 * (box % 3));
    for (int later = box + 1; later < 9; ++later)
      if (later / 3 == box / 3 || later % 3 == box % 3)
        t.later_in_line[static_cast<std::size_t>(box)] =
            static_cast<std::uint16_t>(t.later_in_line[static_cast<std::size_t>(box)] | (1u << later));
  }
  return t;
}
constexpr BoxTables kBoxes = make_box_tables();

class DigitBoxFiller {
 public:
  explicit DigitBoxFiller(Engine& engine) : engine_(engine) { free_.fill(0x1FF); }

  Grid run() {
    int level = 0;  // placement 9 * digit + box
    levels_[0] = {0, 0, allowed(0, 0, 0), 0};
    for (;;) {
      Level& here = levels_[static_cast<std::size_t>(level)];
      const int box = level % 9, digit = level / 9 + 1;
      if (here.options == 0) {  // dead end: undo the previous placement
        assert(level > 0);
        --level;
        const Level& back = levels_[static_cast<std::size_t>(level)];
        const int back_box = level % 9;
        free_[static_cast<std::size_t>(back_box)] |= static_cast<std::uint16_t>(1u << back.cell);
        grid_[cell_of(back_box, back.cell)] = 0;
        continue;
      }
      const int local = random_set_bit(here.options, engine_);
      here.options = static_cast<std::uint16_t>(here.options & ~(1u << local));
      here.cell = static_cast<std::uint8_t>(local);
      const int cell = cell_of(box, local);
      const std::uint16_t rows = static_cast<std::uint16_t>(here.rows | (1u << row_of(cell)));
      const std::uint16_t cols = static_cast<std::uint16_t>(here.cols | (1u << col_of(cell)));
      free_[static_cast<std::size_t>(box)] = static_cast<std::uint16_t>(free_[static_cast<std::size_t>(box)] & ~(1u << local));
      grid_[cell] = static_cast<std::uint8_t>(digit);
      if (level == kCells - 1) break;
      // Later boxes off this band and stack kept their cells: they passed
      // this check before, so only the ones in line need it.
      bool alive = true;
      for (unsigned later = kBoxes.later_in_line[static_cast<std::size_t>(box)]; later != 0 && alive;
           later = clear_lowest_bit(later))
        alive = allowed(lowest_bit_index(later), rows, cols) != 0;
      if (!alive) {
        free_[static_cast<std::size_t>(box)] |= static_cast<std::uint16_t>(1u << local);
        grid_[cell] = 0;
        continue;
      }
      ++level;
      const bool new_digit = box == 8;
      const std::uint16_t next_rows = new_digit ? 0 : rows, next_cols = new_digit ? 0 : cols;
      levels_[static_cast<std::size_t>(level)] = {next_rows, next_cols, allowed(level % 9, next_rows, next_cols), 0};
    }
    return grid_;
  }

 private:
  struct Level {
    std::uint16_t rows, cols;  // rows and columns already holding the digit, before this placement
    std::uint16_t options;     // box cells still to try
    std::uint8_t cell;         // the box cell tried now
  };

  static int cell_of(int box, int local) {
    return kBoxes.cell[static_cast<std::size_t>(box)][static_cast<std::size_t>(local)];
  }

  // The free cells of `box` whose row and column are not in rows/cols.
  std::uint16_t allowed(int box, unsigned rows, unsigned cols) const {
    const unsigned open_rows = ~(rows >> kBoxes.first_row[static_cast<std::size_t>(box)]) & 7;
    const unsigned open_cols = ~(cols >> kBoxes.first_col[static_cast<std::size_t>(box)]) & 7;
    return static_cast<std::uint16_t>(free_[static_cast<std::size_t>(box)] & kRowCells[open_rows] & kColCells[open_cols]);
  }

  Engine& engine_;
  Grid grid_;
  std::array<std::uint16_t, 9> free_;
  std::array<Level, kCells> levels_;
};

}  // namespace

Grid digit_box_grid(Engine& engine) { return DigitBoxFiller(engine).run(); }

}  // namespace sudokit
