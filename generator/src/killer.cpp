// Killer cage layouts made unique (generator/killer.hpp has the method).
#include "sudokit/generator/killer.hpp"

#include <algorithm>
#include <string>
#include <utility>

namespace sudokit {
namespace {

using Part = std::vector<int>;

struct Layout {
  const Geometry& g;
  const Cells& sol;
  const KillerGenOptions& opt;
  Engine& eng;
  int n;
  std::vector<int> owner;    // cage index of each cell
  std::vector<Part> cages;   // cells of each cage (empty after a merge)

  Layout(const Geometry& geometry, const Cells& solution, const KillerGenOptions& options, Engine& engine)
      : g(geometry), sol(solution), opt(options), eng(engine), n(geometry.size()),
        owner(static_cast<std::size_t>(geometry.cells()), -1) {}

  std::uint8_t digit(int c) const { return sol[static_cast<std::size_t>(c)]; }
  int& own(int c) { return owner[static_cast<std::size_t>(c)]; }
  Part& cage(int k) { return cages[static_cast<std::size_t>(k)]; }

  template <class F>
  void each_neighbour(int c, F f) const {
    const int r = c / n, col = c % n;
    if (r > 0) f(c - n);
    if (r + 1 < n) f(c + n);
    if (col > 0) f(c - 1);
    if (col + 1 < n) f(c + 1);
  }
  std::uint32_t digits_of(const Part& p) const {
    std::uint32_t m = 0;
    for (int c : p) m |= 1u << digit(c);
    return m;
  }
  bool can_join(const Part& a, const Part& b) const {
    if (static_cast<int>(a.size() + b.size()) > opt.max_cage) return false;
    return opt.repeats || !(digits_of(a) & digits_of(b));
  }
  int draw(std::size_t count) { return static_cast<int>(draw_below(eng, static_cast<std::uint32_t>(count))); }
  int live() const {
    int k = 0;
    for (const Part& p : cages) k += !p.empty();
    return k;
  }
  // True when the cells of `p` without `skip` are connected (and not empty).
  bool connected_without(const Part& p, int skip) const {
    Part rest;
    for (int c : p)
      if (c != skip) rest.push_back(c);
    if (rest.empty()) return false;
    std::vector<int> seen{rest[0]};
    for (std::size_t i = 0; i < seen.size(); ++i)
      each_neighbour(seen[i], [&](int d) {
        if (std::find(rest.begin(), rest.end(), d) != rest.end() &&
            std::find(seen.begin(), seen.end(), d) == seen.end())
          seen.push_back(d);
      });
    return seen.size() == rest.size();
  }
  void merge(int a, int b) {  // a into b
    for (int c : cage(a)) {
      own(c) = b;
      cage(b).push_back(c);
    }
    cage(a).clear();
  }
  // Neighbouring live cage pairs (a < b) that may merge.
  std::vector<std::pair<int, int>> merge_pairs() {
    std::vector<std::pair<int, int>> pairs;
    for (int c = 0; c < g.cells(); ++c)
      each_neighbour(c, [&](int d) {
        const int a = own(c), b = own(d);
        if (a < b && can_join(cage(a), cage(b)) &&
            std::find(pairs.begin(), pairs.end(), std::make_pair(a, b)) == pairs.end())
          pairs.emplace_back(a, b);
      });
    return pairs;
  }
  // Splits cage k into two connected parts of at least min_cage cells.
  bool split(int k) {
    const Part whole = cage(k);
    const int size = static_cast<int>(whole.size());
    for (int attempt = 0; attempt < 8; ++attempt) {
      const int want = opt.min_cage + draw(static_cast<std::size_t>(size - 2 * opt.min_cage + 1));
      Part part{whole[static_cast<std::size_t>(draw(whole.size()))]};
      while (static_cast<int>(part.size()) < want) {
        Part options;
        for (int c : part)
          each_neighbour(c, [&](int d) {
            if (own(d) == k && std::find(part.begin(), part.end(), d) == part.end()) options.push_back(d);
          });
        if (options.empty()) break;
        part.push_back(options[static_cast<std::size_t>(draw(options.size()))]);
      }
      if (static_cast<int>(part.size()) != want) continue;
      Part rest;
      for (int c : whole)
        if (std::find(part.begin(), part.end(), c) == part.end()) rest.push_back(c);
      if (!connected_without(rest, -1)) continue;
      cage(k) = rest;
      for (int c : part) own(c) = static_cast<int>(cages.size());
      cages.push_back(part);
      return true;
    }
    return false;
  }

  bool draw_layout() {
    std::fill(owner.begin(), owner.end(), -1);
    cages.clear();
    Part order(static_cast<std::size_t>(g.cells()));
    for (int c = 0; c < g.cells(); ++c) order[static_cast<std::size_t>(c)] = c;
    for (std::size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[static_cast<std::size_t>(draw(i))]);
    for (int start : order) {
      if (own(start) >= 0) continue;
      const int want = opt.min_cage + draw(static_cast<std::size_t>(opt.max_cage - opt.min_cage + 1));
      const int k = static_cast<int>(cages.size());
      cages.push_back({start});
      own(start) = k;
      while (static_cast<int>(cage(k).size()) < want) {
        Part options;
        const std::uint32_t held = digits_of(cage(k));
        for (int c : cage(k))
          each_neighbour(c, [&](int d) {
            if (own(d) < 0 && (opt.repeats || !(held >> digit(d) & 1u)) &&
                std::find(options.begin(), options.end(), d) == options.end())
              options.push_back(d);
          });
        if (options.empty()) break;
        const int pick = options[static_cast<std::size_t>(draw(options.size()))];
        own(pick) = k;
        cage(k).push_back(pick);
      }
    }
    // Cages below min_cage join a neighbouring cage that can take them.
    for (int k = 0; k < static_cast<int>(cages.size()); ++k) {
      if (cage(k).empty() || static_cast<int>(cage(k).size()) >= opt.min_cage) continue;
      std::vector<int> into;
      for (int c : cage(k))
        each_neighbour(c, [&](int d) {
          const int b = own(d);
          if (b != k && can_join(cage(k), cage(b)) && std::find(into.begin(), into.end(), b) == into.end())
            into.push_back(b);
        });
      if (into.empty()) return false;
      merge(k, into[static_cast<std::size_t>(draw(into.size()))]);
    }
    if (opt.target_cages > 0) {
      while (live() > opt.target_cages) {
        const auto pairs = merge_pairs();
        if (pairs.empty()) return false;
        const auto [a, b] = pairs[static_cast<std::size_t>(draw(pairs.size()))];
        merge(a, b);
      }
      while (live() < opt.target_cages) {
        std::vector<int> big;
        for (int k = 0; k < static_cast<int>(cages.size()); ++k)
          if (static_cast<int>(cage(k).size()) >= 2 * opt.min_cage) big.push_back(k);
        if (big.empty() || !split(big[static_cast<std::size_t>(draw(big.size()))])) return false;
      }
    }
    return true;
  }

  std::vector<Cage> cage_list() const {
    std::vector<Cage> out;
    for (const Part& p : cages) {
      if (p.empty()) continue;
      Cage cage{0, p};
      std::sort(cage.cells.begin(), cage.cells.end());
      for (int c : p) cage.sum += digit(c);
      out.push_back(std::move(cage));
    }
    std::sort(out.begin(), out.end(), [](const Cage& a, const Cage& b) { return a.cells[0] < b.cells[0]; });
    return out;
  }

  // A solution other than sol when the killer has several: the solver's
  // first, else the first of the digit-complemented killer; empty if neither.
  Cells other_solution(const std::vector<Cage>& list, const Cells& givens, const KillerRules& rules,
                       const KillerResult& first) const {
    if (first.solution != sol) return first.solution;
    std::vector<Cage> flipped = list;
    for (Cage& cage : flipped) cage.sum = static_cast<int>(cage.cells.size()) * (n + 1) - cage.sum;
    Cells flipped_givens = givens;
    for (auto& d : flipped_givens)
      if (d) d = static_cast<std::uint8_t>(n + 1 - d);
    KillerResult r = solve_killer(g, flipped, flipped_givens, 1, rules);
    if (r.count == 0) return {};
    for (auto& d : r.solution) d = static_cast<std::uint8_t>(n + 1 - d);
    return r.solution == sol ? Cells{} : r.solution;
  }

  // Uniqueness rounds; true when the killer has one solution.
  bool make_unique(Cells& givens, int& rounds) {
    KillerRules rules;
    rules.repeats = opt.repeats;
    int given_count = 0;
    for (rounds = 1; rounds <= opt.max_rounds; ++rounds) {
      const std::vector<Cage> list = cage_list();
      const KillerResult r = solve_killer(g, list, givens, 2, rules);
      if (r.count == 1) return true;
      if (r.count == 0) return false;
      const Cells alt = other_solution(list, givens, rules, r);
      if (alt.empty()) return false;
      Part diff;
      for (int c = 0; c < g.cells(); ++c)
        if (alt[static_cast<std::size_t>(c)] != digit(c)) diff.push_back(c);
      // Move a differing cell into a neighbouring cage.
      std::vector<std::pair<int, int>> moves;
      for (int x : diff) {
        const int a = own(x);
        if (static_cast<int>(cage(a).size()) - 1 < std::max(opt.min_cage, 1) || !connected_without(cage(a), x))
          continue;
        each_neighbour(x, [&](int y) {
          const int b = own(y);
          if (b == a || static_cast<int>(cage(b).size()) + 1 > opt.max_cage) return;
          if (!opt.repeats && (digits_of(cage(b)) >> digit(x) & 1u)) return;
          if (std::find(moves.begin(), moves.end(), std::make_pair(x, b)) == moves.end()) moves.emplace_back(x, b);
        });
      }
      if (!moves.empty()) {
        const auto [x, b] = moves[static_cast<std::size_t>(draw(moves.size()))];
        Part& a = cage(own(x));
        a.erase(std::find(a.begin(), a.end(), x));
        cage(b).push_back(x);
        own(x) = b;
        continue;
      }
      // Merge two neighbouring cages where the other solution repeats a digit.
      std::vector<std::pair<int, int>> merges;
      if (opt.target_cages == 0 && !opt.repeats)
        for (int x : diff)
          each_neighbour(x, [&](int y) {
            const int a = own(x), b = own(y);
            if (a == b || !can_join(cage(a), cage(b))) return;
            std::uint32_t seen = 0;
            bool repeat = false;
            for (const Part* p : {&cage(a), &cage(b)})
              for (int c : *p) {
                const std::uint32_t bit = 1u << alt[static_cast<std::size_t>(c)];
                repeat |= (seen & bit) != 0;
                seen |= bit;
              }
            if (repeat) merges.emplace_back(a, b);
          });
      if (!merges.empty()) {
        const auto [a, b] = merges[static_cast<std::size_t>(draw(merges.size()))];
        merge(a, b);
        continue;
      }
      if (given_count >= opt.max_givens) return false;
      const int x = diff[static_cast<std::size_t>(draw(diff.size()))];
      givens[static_cast<std::size_t>(x)] = digit(x);
      ++given_count;
    }
    return false;
  }
};

}  // namespace

void check_killer_options(const Geometry& geometry, const KillerGenOptions& o) {
  const int n = geometry.size(), cells = geometry.cells();
  const auto fail = [](const std::string& what) { throw KillerGenError("killer generator: " + what); };
  if (n > kKillerMaxSize) fail("killer sizes go up to " + std::to_string(kKillerMaxSize) + ", not " + std::to_string(n));
  if (o.min_cage < 1) fail("minimum cage size " + std::to_string(o.min_cage) + " is below 1");
  if (o.max_cage < o.min_cage)
    fail("maximum cage size " + std::to_string(o.max_cage) + " is below the minimum " + std::to_string(o.min_cage));
  if (!o.repeats && o.max_cage > n)
    fail("maximum cage size " + std::to_string(o.max_cage) + " is above " + std::to_string(n) +
         " (distinct digits)");
  if (o.target_cages < 0 || (o.target_cages > 0 && (o.target_cages > cells / o.min_cage ||
                                                    o.target_cages * o.max_cage < cells)))
    fail("target of " + std::to_string(o.target_cages) + " cages is outside what cages of " +
         std::to_string(o.min_cage) + " to " + std::to_string(o.max_cage) + " cells can cover (" +
         std::to_string(cells) + " cells)");
  if (o.max_givens < 0 || o.max_rounds < 1 || o.max_layouts < 1)
    fail("max_givens must be >= 0, max_rounds and max_layouts >= 1");
}

std::optional<KillerPuzzle> make_killer(const Geometry& geometry, const Cells& solution,
                                        const KillerGenOptions& options, Engine& engine) {
  check_killer_options(geometry, options);
  Layout layout(geometry, solution, options, engine);
  for (int attempt = 1; attempt <= options.max_layouts; ++attempt) {
    if (!layout.draw_layout()) continue;
    KillerPuzzle p;
    p.givens.assign(static_cast<std::size_t>(geometry.cells()), 0);
    if (!layout.make_unique(p.givens, p.rounds)) continue;
    p.cages = layout.cage_list();
    p.solution = solution;
    p.layouts = attempt;
    return p;
  }
  return std::nullopt;
}

KillerPuzzle generate_killer(const Geometry& geometry, const KillerGenOptions& options, std::uint64_t seed,
                             std::uint64_t index) {
  check_killer_options(geometry, options);
  Engine engine = stream_engine(seed, index);
  for (int grid = 0; grid < 100; ++grid) {
    const Cells solution = variant_grid_from(geometry, VariantGridOptions{}, engine);
    if (auto p = make_killer(geometry, solution, options, engine)) return *std::move(p);
  }
  throw KillerGenError("killer generator: no unique killer on 100 grids of " + geometry.spelling() +
                       " with these controls");
}

}  // namespace sudokit
