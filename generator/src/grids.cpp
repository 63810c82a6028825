// Method names, the relabel method (method 4), the built-in base grid, and
// make_grid: one engine per grid index, the method, then the optional
// scramble by a uniformly random symmetry.
#include <array>
#include <cassert>

#include "sudokit/generator/grids.hpp"

namespace sudokit {
namespace {

constexpr std::array<const char*, 4> kMethodNames = {"backtrack", "box-permutation", "digit-box", "relabel"};

// An ordinary grid (made once by the backtrack method, seed 1, index 0):
// no symmetry of its own, so its relabellings are 9! different grids.
constexpr const char* kBaseGrid =
    "683715429452986731971324658724139586538642197169578342297463815315897264846251973";

Grid parse_base() {
  Grid g;
  for (int c = 0; c < kCells; ++c) g[c] = static_cast<std::uint8_t>(kBaseGrid[c] - '0');
  return g;
}

}  // namespace

const char* method_name(GridMethod method) { return kMethodNames[static_cast<std::size_t>(method)]; }

std::optional<GridMethod> parse_grid_method(std::string_view name) {
  for (std::size_t i = 0; i < kMethodNames.size(); ++i)
    if (name == kMethodNames[i]) return static_cast<GridMethod>(i);
  return std::nullopt;
}

const Grid& builtin_base_grid() {
  static const Grid base = parse_base();
  return base;
}

bool is_valid_solution_grid(const Grid& grid) {
  std::array<DigitMask, 27> seen{};
  for (int cell = 0; cell < kCells; ++cell) {
    const int d = grid[cell];
    if (d < 1 || d > 9) return false;
    for (auto u : kCellUnits[static_cast<std::size_t>(cell)]) {
      if (seen[u] & digit_bit(d)) return false;
      seen[u] = static_cast<DigitMask>(seen[u] | digit_bit(d));
    }
  }
  return true;
}

Grid relabel_grid(const Grid& base, Engine& engine) {
  const DigitMap digits = random_digits(engine);
  Grid grid;
  for (std::size_t cell = 0; cell < kCells; ++cell) grid.cells[cell] = digits[base.cells[cell]];
  return grid;
}

Grid make_grid(const GridOptions& options, std::uint64_t seed, std::uint64_t index) {
  Engine engine = stream_engine(seed, index);
  Grid grid;
  switch (options.method) {
    case GridMethod::Backtrack: grid = backtrack_grid(engine); break;
    case GridMethod::BoxPermutation: grid = box_permutation_grid(engine); break;
    case GridMethod::DigitBox: grid = digit_box_grid(engine); break;
    case GridMethod::Relabel: grid = relabel_grid(options.base, engine); break;
  }
  if (options.scramble) grid = random_transform(engine).apply(grid);
  assert(is_valid_solution_grid(grid));
  return grid;
}

}  // namespace sudokit
