// The digger for any geometry (variant_digger.hpp): orbits of the clue
// symmetry in a random order, each removed when the puzzle keeps one
// solution (count_solutions to 2, solve_any.hpp's kernels).
#include "sudokit/generator/variant_digger.hpp"

#include <algorithm>
#include <functional>
#include <numeric>

#include "sudokit/solver/geometry_symmetry.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit {
namespace {

bool unique(const Geometry& g, const Cells& p) { return count_solutions(g, p, 2) == 1; }

// The orbits of the cells under the maps (each cell in exactly one).
std::vector<std::vector<int>> orbits(const std::vector<std::vector<int>>& maps, int cells) {
  std::vector<std::vector<int>> out;
  std::vector<bool> seen(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) {
    if (seen[static_cast<std::size_t>(c)]) continue;
    std::vector<int> orbit;
    for (const auto& m : maps) {
      const int image = m[static_cast<std::size_t>(c)];
      if (!seen[static_cast<std::size_t>(image)]) {
        seen[static_cast<std::size_t>(image)] = true;
        orbit.push_back(image);
      }
    }
    out.push_back(std::move(orbit));
  }
  return out;
}

// The symmetries of the geometry among the clue symmetries (for Random).
std::vector<Symmetry> own_symmetries(const Geometry& g) {
  std::vector<Symmetry> out;
  for (Symmetry s : {Symmetry::None, Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal,
                     Symmetry::AntiDiagonal, Symmetry::Dihedral})
    if (symmetry_unsupported(g, s).empty()) out.push_back(s);
  return out;
}

}  // namespace

std::vector<std::vector<int>> symmetry_maps(Symmetry s, int n) {
  using Point = std::pair<int, int>;
  // The eight symmetries of the square on (row, column).
  const auto id = [](int r, int c) { return Point{r, c}; };
  const auto rot90 = [n](int r, int c) { return Point{c, n - 1 - r}; };
  const auto rot180 = [n](int r, int c) { return Point{n - 1 - r, n - 1 - c}; };
  const auto rot270 = [n](int r, int c) { return Point{n - 1 - c, r}; };
  const auto mirror = [n](int r, int c) { return Point{r, n - 1 - c}; };
  const auto flip = [n](int r, int c) { return Point{n - 1 - r, c}; };
  const auto diagonal = [](int r, int c) { return Point{c, r}; };
  const auto anti = [n](int r, int c) { return Point{n - 1 - c, n - 1 - r}; };
  std::vector<std::function<Point(int, int)>> fs;
  switch (s) {
    case Symmetry::None: fs = {id}; break;
    case Symmetry::Rot180: fs = {id, rot180}; break;
    case Symmetry::Rot90: fs = {id, rot90, rot180, rot270}; break;
    case Symmetry::Mirror: fs = {id, mirror}; break;
    case Symmetry::Diagonal: fs = {id, diagonal}; break;
    case Symmetry::AntiDiagonal: fs = {id, anti}; break;
    case Symmetry::Dihedral: fs = {id, rot90, rot180, rot270, mirror, flip, diagonal, anti}; break;
    case Symmetry::Random: break;
  }
  std::vector<std::vector<int>> maps;
  for (const auto& f : fs) {
    std::vector<int> m(static_cast<std::size_t>(n * n));
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const Point p = f(r, c);
        m[static_cast<std::size_t>(r * n + c)] = p.first * n + p.second;
      }
    maps.push_back(std::move(m));
  }
  return maps;
}

std::string symmetry_unsupported(const Geometry& geometry, Symmetry s) {
  if (s == Symmetry::Random) return "symmetry random is drawn per puzzle, not dug with";
  for (const auto& m : symmetry_maps(s, geometry.size()))
    if (!preserves(geometry, m))
      return std::string("symmetry ") + symmetry_name(s) + " is not a symmetry of geometry " + geometry.spelling() +
             ": it does not map the geometry's houses, peers and neighbours onto themselves";
  return "";
}

bool parse_variant_pattern(const Geometry& geometry, std::string_view text, std::vector<bool>& pattern,
                           std::string& error) {
  pattern.clear();
  int position = 0;
  for (char ch : text) {
    ++position;
    if (ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r') continue;
    if (ch == '.' || ch == '0' || ch == '-' || ch == '_') {
      pattern.push_back(false);
    } else if (ch == 'x' || ch == 'X' || digit_value(ch, geometry.size()) > 0) {
      pattern.push_back(true);
    } else {
      error = "pattern:" + std::to_string(position) + ": '" + std::string(1, ch) +
              "' is neither a clue (x or a digit) nor an empty cell (. or 0)";
      return false;
    }
  }
  if (static_cast<int>(pattern.size()) != geometry.cells()) {
    error = "pattern: " + std::to_string(pattern.size()) + " cells, expected " + std::to_string(geometry.cells()) +
            " for " + geometry.spelling();
    return false;
  }
  return true;
}

bool is_minimal_variant(const Geometry& geometry, const Cells& puzzle) {
  Cells p = puzzle;
  for (std::size_t c = 0; c < p.size(); ++c) {
    if (p[c] == 0) continue;
    const std::uint8_t d = p[c];
    p[c] = 0;
    const bool removable = unique(geometry, p);
    p[c] = d;
    if (removable) return false;
  }
  return true;
}

VariantDigResult dig_variant(const Geometry& geometry, const Cells& solution, const VariantDigOptions& options,
                             Engine& engine) {
  VariantDigResult out;
  const int cells = geometry.cells();
  if (options.pattern) {
    out.puzzle.assign(static_cast<std::size_t>(cells), 0);
    for (int c = 0; c < cells; ++c)
      if ((*options.pattern)[static_cast<std::size_t>(c)]) out.puzzle[static_cast<std::size_t>(c)] = solution[static_cast<std::size_t>(c)];
    out.clues = static_cast<int>(std::count_if(out.puzzle.begin(), out.puzzle.end(), [](std::uint8_t d) { return d != 0; }));
    if (!unique(geometry, out.puzzle)) {
      out.failure = "the pattern's clues from this grid have more than one solution";
      return out;
    }
    out.ok = true;
    out.minimal = out.symmetric_minimal = is_minimal_variant(geometry, out.puzzle);
    return out;
  }
  if (const std::string why = symmetry_unsupported(geometry, options.symmetry); !why.empty()) throw VariantGridError(why);
  std::vector<std::vector<int>> order = orbits(symmetry_maps(options.symmetry, geometry.size()), cells);
  for (std::size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[draw_below(engine, static_cast<std::uint32_t>(i))]);
  out.puzzle = solution;
  int clues = cells;
  for (const auto& orbit : order) {
    if (options.target_clues > 0) {
      if (clues == options.target_clues) break;
      if (clues - static_cast<int>(orbit.size()) < options.target_clues) continue;
    }
    for (int c : orbit) out.puzzle[static_cast<std::size_t>(c)] = 0;
    if (unique(geometry, out.puzzle)) {
      clues -= static_cast<int>(orbit.size());
    } else {
      for (int c : orbit) out.puzzle[static_cast<std::size_t>(c)] = solution[static_cast<std::size_t>(c)];
    }
  }
  out.clues = clues;
  if (options.target_clues > 0 && clues != options.target_clues) {
    out.failure = "this grid could not be dug down to " + std::to_string(options.target_clues) + " clues (stuck at " +
                  std::to_string(clues) + ")";
    return out;
  }
  out.ok = true;
  // Without a clue target every orbit was tried once: nothing symmetric is
  // removable (the pass proves it), and with no symmetry nothing at all. A
  // strictly minimal puzzle is symmetric-minimal too; a puzzle stopped at a
  // clue target that is not strictly minimal counts as neither.
  const bool pass_done = options.target_clues == 0;
  out.minimal = pass_done && options.symmetry == Symmetry::None ? true : is_minimal_variant(geometry, out.puzzle);
  out.symmetric_minimal = pass_done || out.minimal;
  return out;
}

bool make_variant_puzzle(const Geometry& geometry, const VariantGridOptions& grid, const VariantDigOptions& dig,
                         std::uint64_t seed, std::uint64_t index, std::uint32_t max_attempts, VariantPuzzle& out,
                         std::string& failure) {
  Engine engine = stream_engine(seed, index);
  VariantDigOptions options = dig;
  if (options.symmetry == Symmetry::Random && !options.pattern) {
    const std::vector<Symmetry> own = own_symmetries(geometry);
    options.symmetry = own[draw_below(engine, static_cast<std::uint32_t>(own.size()))];
  }
  for (std::uint32_t attempt = 0; attempt < std::max<std::uint32_t>(1, max_attempts); ++attempt) {
    Cells solution = variant_grid_from(geometry, grid, engine);
    VariantDigResult r = dig_variant(geometry, solution, options, engine);
    if (!r.ok) {
      failure = r.failure;
      continue;
    }
    out.puzzle = std::move(r.puzzle);
    out.solution = std::move(solution);
    out.clues = r.clues;
    out.minimal = r.minimal;
    out.symmetric_minimal = r.symmetric_minimal;
    out.symmetry = options.pattern ? Symmetry::None : options.symmetry;
    out.attempt = attempt;
    return true;
  }
  return false;
}

}  // namespace sudokit
