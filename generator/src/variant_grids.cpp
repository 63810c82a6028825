// Solution grids of any geometry (variant_grids.hpp): backtracking through
// solve_any with a shuffle seed, digit-by-digit region backtracking with
// forward checking over every house, relabelling and box permutation within
// what the geometry allows; the classic geometry to grids.hpp's functions.
#include "sudokit/generator/variant_grids.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <memory>
#include <mutex>
#include <functional>
#include <numeric>

#include "sudokit/solver/geometry_symmetry.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit {
namespace {

Cells to_cells(const Grid& grid) { return Cells(grid.cells.begin(), grid.cells.end()); }

std::uint64_t draw64(Engine& engine) {
  const std::uint64_t hi = engine(), lo = engine();
  return hi << 32 | (lo & 0xFFFFFFFFull);
}

// The regions digit-box places one of each digit in: the geometry's regions
// (houses size()..), or its rows when it has none.
std::span<const std::vector<int>> placement_regions(const Geometry& g) {
  const auto& houses = g.houses();
  const std::size_t n = static_cast<std::size_t>(g.size());
  if (g.region_of().empty()) return {houses.data(), n};
  return {houses.data() + 2 * n, n};
}

// Digit by digit, region by region (variant_grids.hpp). One frame of
// candidate masks and digits per placement; place() takes the digit out of
// the cell's peers and its consecutive digits out of its adjacent cells;
// viable() asks every house for a place for each digit it lacks and every
// empty cell for a candidate.
class DigitBox {
 public:
  DigitBox(const Geometry& g, Engine& engine)
      : g_(g), n_(g.size()), cells_(g.cells()), regions_(placement_regions(g)), engine_(engine) {}

  bool run(Cells& out, std::uint64_t max_nodes) {
    frames_.assign(static_cast<std::size_t>(cells_ + 1) * 2 * static_cast<std::size_t>(cells_), 0);
    std::uint32_t* cand = frame(0);
    std::fill(cand, cand + cells_, n_ >= 32 ? ~0u : (1u << n_) - 1u);
    nodes_ = 0;
    max_nodes_ = max_nodes;
    if (!search(0)) return false;
    const std::uint32_t* val = frame(cells_) + cells_;
    out.assign(val, val + cells_);
    return true;
  }

 private:
  std::uint32_t* frame(int k) { return frames_.data() + static_cast<std::size_t>(k) * 2 * static_cast<std::size_t>(cells_); }

  // The digits a cell beside one holding d may not hold: d-1 and d+1 (with
  // nc_wrap, also across size and 1), as a bit set of bit d-1 = digit d.
  std::uint32_t consecutive(unsigned d) const {
    const std::uint32_t bit = 1u << (d - 1), full = (1u << n_) - 1u;
    std::uint32_t m = ((bit << 1) | (bit >> 1)) & full;
    if (g_.nc_wrap()) m |= (d == 1 ? 1u << (n_ - 1) : 0u) | (d == static_cast<unsigned>(n_) ? 1u : 0u);
    return m;
  }

  void place(std::uint32_t* cand, std::uint32_t* val, int c, unsigned d) const {
    const std::uint32_t bit = 1u << (d - 1);
    val[c] = d;
    cand[c] = 0;
    for (int p : g_.peers(c)) cand[p] &= ~bit;
    if (!g_.adjacent(c).empty()) {
      const std::uint32_t m = consecutive(d);
      for (int a : g_.adjacent(c)) cand[a] &= ~m;
    }
  }

  bool viable(const std::uint32_t* cand, const std::uint32_t* val) const {
    for (int c = 0; c < cells_; ++c)
      if (val[c] == 0 && cand[c] == 0) return false;
    const std::uint32_t full = n_ >= 32 ? ~0u : (1u << n_) - 1u;
    for (const auto& house : g_.houses()) {
      std::uint32_t have = 0;
      for (int c : house) have |= val[c] != 0 ? 1u << (val[c] - 1) : cand[c];
      if (have != full) return false;
    }
    return true;
  }

  // Placement k: digit k / size + 1 in region k % size.
  bool search(int k) {
    if (k == cells_) return true;
    if (++nodes_ > max_nodes_) return false;
    const unsigned d = static_cast<unsigned>(k / n_) + 1;
    const std::uint32_t bit = 1u << (d - 1);
    const auto& region = regions_[static_cast<std::size_t>(k % n_)];
    std::uint32_t* cand = frame(k);
    std::uint32_t* val = cand + cells_;
    int options[32];
    int count = 0;
    for (int c : region)
      if (val[c] == 0 && (cand[c] & bit) != 0) options[count++] = c;
    for (int i = count - 1; i > 0; --i)
      std::swap(options[i], options[draw_below(engine_, static_cast<std::uint32_t>(i + 1))]);
    for (int i = 0; i < count; ++i) {
      std::uint32_t* next = frame(k + 1);
      std::copy(cand, cand + 2 * cells_, next);
      place(next, next + cells_, options[i], d);
      if (viable(next, next + cells_) && search(k + 1)) return true;
      if (nodes_ > max_nodes_) return false;
    }
    return false;
  }

  const Geometry& g_;
  const int n_, cells_;
  std::span<const std::vector<int>> regions_;
  Engine& engine_;
  std::vector<std::uint32_t> frames_;
  std::uint64_t nodes_ = 0, max_nodes_ = 0;
};

// Each geometry's symmetry group (geometry_symmetry.hpp), kept by spelling;
// null when the group cannot be built (too many listed elements), with why.
struct GroupEntry {
  std::shared_ptr<const SymmetryGroup> group;
  std::string error;
};
const GroupEntry& group_of(const Geometry& g) {
  static std::mutex mu;
  static std::map<std::string, GroupEntry> groups;
  std::lock_guard<std::mutex> lock(mu);
  auto [it, fresh] = groups.try_emplace(g.spelling());
  if (fresh) {
    try {
      it->second.group = symmetry_group(parse_geometry(g.spelling()));
    } catch (const GeometryError& e) {
      it->second.error = e.what();
    }
  }
  return it->second;
}

const SymmetryGroup& require_group(const Geometry& g) {
  const GroupEntry& entry = group_of(g);
  if (!entry.group) throw VariantGridError(entry.error);
  return *entry.group;
}

std::function<std::uint64_t(std::uint64_t)> below(Engine& engine) {
  return [&engine](std::uint64_t k) {
    return boost::random::uniform_int_distribution<std::uint64_t>(0, k - 1)(engine);
  };
}

}  // namespace

std::string method_unsupported(const Geometry& geometry, GridMethod method) {
  if (geometry.classic()) return "";
  if (method == GridMethod::DigitBox) {
    // Measured: 200 tries of 64 placements a cell found no grid of
    // anti-knight,toroidal nor of x,anti-knight; nc ties each digit to its
    // neighbours' digits, which a search placing one digit at a time sees
    // only when it is late.
    std::vector<std::string> rules;
    for (std::size_t at = 0; at <= geometry.spelling().size();) {
      const std::size_t end = std::min(geometry.spelling().find(',', at), geometry.spelling().size());
      rules.push_back(geometry.spelling().substr(at, end - at));
      at = end + 1;
    }
    const auto has = [&](const char* rule) { return std::find(rules.begin(), rules.end(), rule) != rules.end(); };
    const bool extra_region = has("x") || has("windows") || has("disjoint") || has("centre-dot") || has("girandola") ||
                              has("asterisk");
    const char* why = has("toroidal") ? "toroidal leapers"
                      : has("nc") || has("nc+") ? "nc"
                      : has("anti-knight") && extra_region ? "anti-knight beside extra regions"
                                                           : nullptr;
    if (why)
      return "digit-box places one digit at a time, and with " + std::string(why) + " it finds no grid of " +
             geometry.spelling() + " in reasonable time (use backtrack)";
    return "";
  }
  if (method != GridMethod::BoxPermutation) return "";
  const GroupEntry& entry = group_of(geometry);
  if (!entry.group)
    return "box-permutation moves a base grid by the geometry's symmetries, and those of " + geometry.spelling() +
           " cannot be listed (" + entry.error + ")";
  if (entry.group->order() == "1")
    return "box-permutation moves a base grid by the geometry's symmetries, and " + geometry.spelling() +
           " has none beside the identity";
  return "";
}

bool is_valid_variant_grid(const Geometry& g, std::span<const std::uint8_t> cells) {
  const int n = g.size();
  if (static_cast<int>(cells.size()) != g.cells()) return false;
  for (std::uint8_t d : cells)
    if (d < 1 || d > n) return false;
  for (const auto& house : g.houses()) {
    std::uint32_t seen = 0;
    for (int c : house) seen |= 1u << (cells[static_cast<std::size_t>(c)] - 1);
    if (std::popcount(seen) != n) return false;
  }
  for (int c = 0; c < g.cells(); ++c) {
    const int d = cells[static_cast<std::size_t>(c)];
    for (int p : g.peers(c))
      if (cells[static_cast<std::size_t>(p)] == d) return false;
    for (int a : g.adjacent(c)) {
      const int e = cells[static_cast<std::size_t>(a)];
      if (d - e == 1 || e - d == 1) return false;
      if (g.nc_wrap() && ((d == 1 && e == n) || (d == n && e == 1))) return false;
    }
  }
  return true;
}

Cells variant_backtrack_grid(const Geometry& geometry, Engine& engine) {
  // Restarts: a random branch order often walks into a subtree with no grid
  // and spends ages there (nc on 9x9: one try in 30 finds a grid within 200
  // guesses, one in five within 5,000), so each try is bounded, 200 guesses
  // growing by 200 every 16 tries, and the next one starts with a fresh
  // order; up to 20,000,000 guesses in all.
  const Cells empty(static_cast<std::size_t>(geometry.cells()), 0);
  AnySolveOptions options;
  options.general = true;
  constexpr std::uint64_t kTotal = 20000000;
  std::uint64_t spent = 0;
  AnySolveResult r;
  for (std::uint64_t attempt = 0; spent < kTotal; ++attempt) {
    options.shuffle_seed = draw64(engine) | 1;  // never 0 (0 = no shuffle)
    options.max_guesses = std::min(kTotal - spent, 200 * (1 + attempt / 16));
    r = solve_any(geometry, empty, 1, options);
    if (r.count > 0) return std::move(r.solution);
    if (r.complete) break;  // searched it all: no grid
    spent += r.guesses;
  }
  throw VariantGridError("geometry: " + geometry.spelling() +
                         (r.complete ? " has no valid grid"
                                     : ": no valid grid found within " + std::to_string(kTotal) + " guesses"));
}

Cells variant_digit_box_grid(const Geometry& geometry, Engine& engine) {
  // A bound of placements per try, then a fresh try on the same engine; a
  // geometry with no valid grid fails every try.
  const std::uint64_t bound = 64ull * static_cast<std::uint64_t>(geometry.cells());
  DigitBox search(geometry, engine);
  Cells out;
  for (int attempt = 0; attempt < 200; ++attempt)
    if (search.run(out, bound)) return out;
  throw VariantGridError("geometry: " + geometry.spelling() + ": digit-box found no grid within 200 tries of " +
                         std::to_string(bound) + " placements");
}

Cells variant_relabel_grid(const Geometry& geometry, const Cells& base, Engine& engine) {
  return relabel(base, require_group(geometry).random_relabel(below(engine)));
}

Cells variant_box_permutation_grid(const Geometry& geometry, const Cells& base, Engine& engine) {
  const SymmetryGroup& group = require_group(geometry);
  const Cells moved = group.random_element(below(engine)).apply(base);
  return relabel(moved, group.random_relabel(below(engine)));
}

Cells variant_scramble(const Geometry& geometry, const Cells& grid, Engine& engine) {
  return variant_box_permutation_grid(geometry, grid, engine);
}

const Cells& variant_base_grid(const Geometry& geometry) {
  static std::mutex mu;
  static std::map<std::string, Cells> bases;
  std::lock_guard<std::mutex> lock(mu);
  Cells& base = bases[geometry.spelling()];
  if (base.empty()) {
    if (geometry.classic()) {
      base = to_cells(builtin_base_grid());
    } else {
      Engine engine = stream_engine(1, 0);
      base = variant_backtrack_grid(geometry, engine);
    }
  }
  return base;
}

Cells variant_grid_from(const Geometry& geometry, const VariantGridOptions& options, Engine& engine) {
  if (geometry.classic()) {  // grids.hpp's methods, as make_grid draws them
    Grid base = builtin_base_grid();
    if (!options.base.empty()) {
      if (!is_valid_variant_grid(geometry, options.base))
        throw VariantGridError("the base grid is not a valid full grid of classic");
      std::copy(options.base.begin(), options.base.end(), base.cells.begin());
    }
    Grid grid;
    switch (options.method) {
      case GridMethod::Backtrack: grid = backtrack_grid(engine); break;
      case GridMethod::BoxPermutation: grid = box_permutation_grid(engine); break;
      case GridMethod::DigitBox: grid = digit_box_grid(engine); break;
      case GridMethod::Relabel: grid = relabel_grid(base, engine); break;
    }
    if (options.scramble) grid = random_transform(engine).apply(grid);
    return to_cells(grid);
  }
  if (const std::string why = method_unsupported(geometry, options.method); !why.empty()) throw VariantGridError(why);
  if (!options.base.empty() && !is_valid_variant_grid(geometry, options.base))
    throw VariantGridError("the base grid is not a valid full grid of " + geometry.spelling());
  const bool needs_base = options.method == GridMethod::Relabel || options.method == GridMethod::BoxPermutation;
  const Cells& base = !needs_base || !options.base.empty() ? options.base : variant_base_grid(geometry);
  Cells grid;
  switch (options.method) {
    case GridMethod::Backtrack: grid = variant_backtrack_grid(geometry, engine); break;
    case GridMethod::DigitBox: grid = variant_digit_box_grid(geometry, engine); break;
    case GridMethod::Relabel: grid = variant_relabel_grid(geometry, base, engine); break;
    case GridMethod::BoxPermutation: grid = variant_box_permutation_grid(geometry, base, engine); break;
  }
  if (options.scramble) grid = variant_scramble(geometry, grid, engine);
  return grid;
}

Cells make_variant_grid(const Geometry& geometry, const VariantGridOptions& options, std::uint64_t seed,
                        std::uint64_t index) {
  Engine engine = stream_engine(seed, index);
  return variant_grid_from(geometry, options, engine);
}

}  // namespace sudokit
