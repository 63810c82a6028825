// The digger for any geometry (variant_digger.hpp): orbits of the clue
// symmetry in a random order, each removed when the puzzle keeps one
// solution. The test is the classic digger's oracle for any geometry: an
// unavoidable set of the solution left without a clue says no; else, for
// each removed cell c, solve_any_excluding(puzzle, c, S[c], 1, guide S)
// looks for a solution with another digit there (with the puzzle unique
// before the removal, any second solution differs from S in a removed cell).
#include "sudokit/generator/variant_digger.hpp"

#include <algorithm>
#include <functional>
#include <numeric>

#include "sudokit/solver/geometry_symmetry.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit {
namespace {

bool unique(const Geometry& g, const Cells& p) { return count_solutions(g, p, 2) == 1; }

// One dig in progress: the clues left, the solution, and unavoidable sets of
// the solution (sets of cells whose digits can be rearranged into another
// valid grid of the geometry: a unique puzzle keeps a clue in each), with the
// count of clues each still holds.
class Digging {
 public:
  Digging(const Geometry& g, const Cells& solution, const Cells& puzzle)
      : g_(g), solution_(solution), puzzle_(puzzle), of_cell_(solution.size()) {
    add_two_digit_sets();
  }

  const Cells& puzzle() const { return puzzle_; }

  /// Removes the clues of `orbit` when the solution stays unique without
  /// them (the puzzle has one solution on the way in).
  bool try_remove(const std::vector<int>& orbit) {
    bool emptied = false;
    for (int c : orbit) {
      puzzle_[static_cast<std::size_t>(c)] = 0;
      for (int i : of_cell_[static_cast<std::size_t>(c)]) emptied = --clues_in_[static_cast<std::size_t>(i)] == 0 || emptied;
    }
    if (!emptied && stays_unique(orbit)) return true;
    for (int c : orbit) {
      puzzle_[static_cast<std::size_t>(c)] = solution_[static_cast<std::size_t>(c)];
      for (int i : of_cell_[static_cast<std::size_t>(c)]) ++clues_in_[static_cast<std::size_t>(i)];
    }
    return false;
  }

 private:
  // Called with the orbit cleared.
  bool stays_unique(const std::vector<int>& orbit) {
    for (int c : orbit) {
      const AnySolveResult r =
          solve_any_excluding(g_, puzzle_, c, solution_[static_cast<std::size_t>(c)], 1, solution_);
      if (r.count > 0) return false;
    }
    return true;
  }

  void add(const std::vector<int>& set) {
    const auto index = static_cast<int>(clues_in_.size());
    int clues = 0;
    for (int c : set) {
      of_cell_[static_cast<std::size_t>(c)].push_back(index);
      clues += puzzle_[static_cast<std::size_t>(c)] != 0;
    }
    clues_in_.push_back(clues);
  }

  // For digits a and b: swapping them on a set of their cells keeps every
  // two peers apart exactly when, with each cell of the set, it holds every
  // peer showing the other digit. The classes of "peers holding a and b"
  // are those sets; under nc one is kept when the swapped grid also keeps
  // the non-consecutive rule (is_valid_variant_grid).
  void add_two_digit_sets() {
    const int n = g_.size(), cells = g_.cells();
    bool nc = false;
    for (int c = 0; c < cells && !nc; ++c) nc = !g_.adjacent(c).empty();
    std::vector<std::vector<int>> at(static_cast<std::size_t>(n) + 1);  // cells of each digit
    for (int c = 0; c < cells; ++c) at[solution_[static_cast<std::size_t>(c)]].push_back(c);
    std::vector<int> parent(static_cast<std::size_t>(cells));
    const auto root = [&](int x) {
      while (parent[static_cast<std::size_t>(x)] != x)
        x = parent[static_cast<std::size_t>(x)] = parent[static_cast<std::size_t>(parent[static_cast<std::size_t>(x)])];
      return x;
    };
    Cells swapped = solution_;
    for (int a = 1; a <= n; ++a)
      for (int b = a + 1; b <= n; ++b) {
        for (int c : at[static_cast<std::size_t>(a)]) parent[static_cast<std::size_t>(c)] = c;
        for (int c : at[static_cast<std::size_t>(b)]) parent[static_cast<std::size_t>(c)] = c;
        for (int c : at[static_cast<std::size_t>(a)])
          for (int p : g_.peers(c))
            if (solution_[static_cast<std::size_t>(p)] == b) parent[static_cast<std::size_t>(root(p))] = root(c);
        std::vector<std::vector<int>> classes;
        std::vector<int> class_of(static_cast<std::size_t>(cells), -1);
        for (int d : {a, b})
          for (int c : at[static_cast<std::size_t>(d)]) {
            int& k = class_of[static_cast<std::size_t>(root(c))];
            if (k < 0) {
              k = static_cast<int>(classes.size());
              classes.emplace_back();
            }
            classes[static_cast<std::size_t>(k)].push_back(c);
          }
        for (const auto& set : classes) {
          for (int c : set) swapped[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(a + b - solution_[static_cast<std::size_t>(c)]);
          if (!nc || is_valid_variant_grid(g_, swapped)) add(set);
          for (int c : set) swapped[static_cast<std::size_t>(c)] = solution_[static_cast<std::size_t>(c)];
        }
      }
  }

  const Geometry& g_;
  const Cells& solution_;
  Cells puzzle_;
  std::vector<std::vector<int>> of_cell_;  // the sets holding each cell
  std::vector<int> clues_in_;              // clues left in each set
};

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
  Digging digging(geometry, solution, solution);
  int clues = cells;
  for (const auto& orbit : order) {
    if (options.stop && options.stop->load(std::memory_order_relaxed)) {
      out.failure = "stopped";
      return out;
    }
    if (options.target_clues > 0) {
      if (clues == options.target_clues) break;
      if (clues - static_cast<int>(orbit.size()) < options.target_clues) continue;
    }
    if (digging.try_remove(orbit)) clues -= static_cast<int>(orbit.size());
  }
  out.puzzle = digging.puzzle();
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
      if (options.stop && options.stop->load(std::memory_order_relaxed)) return false;
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
