// Unit and peer tables, the rule check for givens and initial candidates.
#include "sudokit/solver/grid.hpp"

#include <algorithm>

namespace sudokit {
namespace {

constexpr std::array<std::array<std::uint8_t, 9>, 27> make_unit_cells() {
  std::array<std::array<std::uint8_t, 9>, 27> u{};
  for (int i = 0; i < 9; ++i) {
    for (int j = 0; j < 9; ++j) {
      u[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] =
          static_cast<std::uint8_t>(cell_at((i / 3) * 3 + j / 3, (i % 3) * 3 + j % 3));
      u[static_cast<std::size_t>(9 + i)][static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(cell_at(i, j));
      u[static_cast<std::size_t>(18 + i)][static_cast<std::size_t>(j)] = static_cast<std::uint8_t>(cell_at(j, i));
    }
  }
  return u;
}

constexpr std::array<std::array<std::uint8_t, 20>, 81> make_peers() {
  std::array<std::array<std::uint8_t, 20>, 81> p{};
  for (int c = 0; c < 81; ++c) {
    std::size_t n = 0;
    for (int o = 0; o < 81; ++o)
      if (sees(c, o)) p[static_cast<std::size_t>(c)][n++] = static_cast<std::uint8_t>(o);
  }
  return p;
}

constexpr std::array<std::array<std::uint8_t, 3>, 81> make_cell_units() {
  std::array<std::array<std::uint8_t, 3>, 81> u{};
  for (int c = 0; c < 81; ++c) {
    u[static_cast<std::size_t>(c)] = {static_cast<std::uint8_t>(box_of(c)), static_cast<std::uint8_t>(9 + row_of(c)),
                                      static_cast<std::uint8_t>(18 + col_of(c))};
  }
  return u;
}

}  // namespace

const std::array<std::array<std::uint8_t, 9>, 27> kUnitCells = make_unit_cells();
const std::array<std::array<std::uint8_t, 20>, 81> kPeers = make_peers();
const std::array<std::array<std::uint8_t, 3>, 81> kCellUnits = make_cell_units();

std::string cell_name(int cell) {
  std::string name = "r0c0";
  name[1] = static_cast<char>('1' + row_of(cell));
  name[3] = static_cast<char>('1' + col_of(cell));
  return name;
}

std::string unit_name(int unit_id) {
  static constexpr const char* kKinds[] = {"box ", "row ", "column "};
  return kKinds[unit_id / 9] + std::to_string(unit_id % 9 + 1);
}

int Grid::clue_count() const {
  return static_cast<int>(std::count_if(cells.begin(), cells.end(), [](std::uint8_t v) { return v != 0; }));
}

bool Grid::is_complete() const {
  return std::all_of(cells.begin(), cells.end(), [](std::uint8_t v) { return v != 0; });
}

std::string Conflict::message() const {
  return "digit " + std::to_string(digit) + " appears twice in " + unit_name(unit_id) + " (" +
         cell_name(first_cell) + ", " + cell_name(second_cell) + ")";
}

std::optional<Conflict> find_conflict(const Grid& grid) {
  // Fast pass: one sweep with a digit mask per row, column and box; only a
  // grid that has a clash (or a bad value) takes the unit-by-unit pass below,
  // which reports the first clash in unit order.
  std::array<DigitMask, 9> rows{}, cols{}, boxes{};
  bool clash = false;
  for (int c = 0; c < kCells; ++c) {
    const int d = grid[c];
    if (d == 0) continue;
    if (d > 9) {
      clash = true;
      break;
    }
    const DigitMask bit = digit_bit(d);
    auto& r = rows[static_cast<std::size_t>(row_of(c))];
    auto& k = cols[static_cast<std::size_t>(col_of(c))];
    auto& b = boxes[static_cast<std::size_t>(box_of(c))];
    clash = clash || ((r | k | b) & bit) != 0;
    r |= bit;
    k |= bit;
    b |= bit;
  }
  if (!clash) return std::nullopt;
  for (int u = 0; u < 27; ++u) {
    std::array<int, 10> where;
    where.fill(-1);
    for (int cell : kUnitCells[static_cast<std::size_t>(u)]) {
      const int d = grid[cell];
      if (d == 0) continue;
      if (d < 0 || d > 9) return Conflict{d, u, cell, cell};
      if (where[static_cast<std::size_t>(d)] >= 0) return Conflict{d, u, where[static_cast<std::size_t>(d)], cell};
      where[static_cast<std::size_t>(d)] = cell;
    }
  }
  return std::nullopt;
}

bool is_solution_of(const Grid& solution, const Grid& puzzle) {
  if (!solution.is_complete() || find_conflict(solution)) return false;
  for (int c = 0; c < kCells; ++c)
    if (puzzle[c] != 0 && puzzle[c] != solution[c]) return false;
  return true;
}

Candidates Candidates::from_grid(const Grid& grid) {
  Candidates cand;
  std::array<DigitMask, 27> used{};
  for (int c = 0; c < kCells; ++c) {
    if (grid[c] == 0) continue;
    for (auto u : kCellUnits[static_cast<std::size_t>(c)]) used[u] |= digit_bit(grid[c]);
  }
  for (int c = 0; c < kCells; ++c) {
    if (grid[c] != 0) continue;
    const auto& u = kCellUnits[static_cast<std::size_t>(c)];
    cand[c] = static_cast<DigitMask>(kAllDigits & ~(used[u[0]] | used[u[1]] | used[u[2]]));
  }
  return cand;
}

}  // namespace sudokit
