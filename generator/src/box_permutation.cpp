// Method 2, the matrix-transform ("box permutation") method. The centre box
// holds a random permutation of 1..9. The boxes left and right of it hold
// its rows cycled by k and 2k places (k = 1 or 2), the boxes above and below
// its columns cycled by m and 2m places, and each corner box both: box
// (band b, stack s) row i column j shows centre row i + k(s-1), column
// j + m(b-1), mod 3. Each row of a band then meets the three centre rows once
// and each column of a stack the three centre columns once, so the grid is
// valid by construction. One draw picks the permutation, k and m: 4 * 9!
// grids in all, a tiny family, which --scramble widens.
#include <array>

#include "sudokit/generator/grids.hpp"

namespace sudokit {
namespace {

using SourceTable = std::array<std::uint8_t, kCells>;  // cell -> index into the centre box (row-major)

constexpr std::array<SourceTable, 4> make_tables() {
  std::array<SourceTable, 4> tables{};
  for (int km = 0; km < 4; ++km) {
    const int k = 1 + km / 2, m = 1 + km % 2;
    for (int cell = 0; cell < kCells; ++cell) {
      const int b = band_of(cell), s = stack_of(cell), i = row_of(cell) % 3, j = col_of(cell) % 3;
      const int ci = (i + k * (s - 1) + 3) % 3, cj = (j + m * (b - 1) + 3) % 3;
      tables[static_cast<std::size_t>(km)][static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(3 * ci + cj);
    }
  }
  return tables;
}

constexpr auto kTables = make_tables();

}  // namespace

Grid box_permutation_grid(Engine& engine) {
  const std::uint32_t draw = draw_below(engine, 4 * kDigitRelabellings);
  const DigitMap centre = digits_from_index(draw / 4);  // centre[1..9]: the centre box, row-major
  const SourceTable& source = kTables[draw % 4];
  Grid grid;
  for (std::size_t cell = 0; cell < kCells; ++cell) grid.cells[cell] = centre[1 + source[cell]];
  return grid;
}

}  // namespace sudokit
