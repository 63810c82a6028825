// Killer sudoku: cage spelling, checks and the cage-aware solver (killer.hpp).
#include "sudokit/solver/killer.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <charconv>
#include <mutex>

namespace sudokit {
namespace {

// table[k][sum]: masks of k distinct digits of 1..n summing to sum.
using ComboTable = std::vector<std::vector<std::vector<std::uint32_t>>>;

const ComboTable& combo_table(int n) {
  static std::array<ComboTable, kKillerMaxSize + 1> tables;
  static std::array<std::once_flag, kKillerMaxSize + 1> once;
  std::call_once(once[static_cast<std::size_t>(n)], [n] {
    ComboTable& t = tables[static_cast<std::size_t>(n)];
    const int max_sum = n * (n + 1) / 2;
    t.assign(static_cast<std::size_t>(n) + 1,
             std::vector<std::vector<std::uint32_t>>(static_cast<std::size_t>(max_sum) + 1));
    for (std::uint32_t s = 0; s < (1u << n); ++s) {
      int sum = 0;
      for (int d = 1; d <= n; ++d)
        if (s >> (d - 1) & 1) sum += d;
      t[static_cast<std::size_t>(std::popcount(s))][static_cast<std::size_t>(sum)].push_back(s << 1);
    }
  });
  return tables[static_cast<std::size_t>(n)];
}

[[noreturn]] void fail(std::string_view source, int line, std::size_t cage, const std::string& what) {
  std::string msg = std::string(source) + ":" + std::to_string(line) + ": ";
  if (cage) msg += "cage " + std::to_string(cage) + ": ";
  throw KillerError(msg + what);
}

std::string cell_name(const Geometry& g, int cell) {
  std::string name(1, 'r');
  name += std::to_string(cell / g.size() + 1);
  name += 'c';
  name += std::to_string(cell % g.size() + 1);
  return name;
}

}  // namespace

std::vector<std::uint32_t> cage_combinations(int size, int count, int sum) {
  if (size < 1 || size > kKillerMaxSize || count < 0 || count > size || sum < 0 ||
      sum > size * (size + 1) / 2)
    return {};
  return combo_table(size)[static_cast<std::size_t>(count)][static_cast<std::size_t>(sum)];
}

void check_cages(const Geometry& g, const std::vector<Cage>& cages, const KillerRules& rules,
                 std::string_view source, int line) {
  const int n = g.size();
  if (n > kKillerMaxSize)
    fail(source, line, 0, "killer sizes go up to " + std::to_string(kKillerMaxSize) + ", not " +
                              std::to_string(n));
  std::vector<int> owner(static_cast<std::size_t>(g.cells()), 0);
  for (std::size_t i = 0; i < cages.size(); ++i) {
    const Cage& cage = cages[i];
    const std::size_t no = i + 1;
    if (cage.cells.empty()) fail(source, line, no, "no cells");
    for (int c : cage.cells) {
      if (c < 0 || c >= g.cells()) fail(source, line, no, "cell " + std::to_string(c) + " outside the grid");
      int& o = owner[static_cast<std::size_t>(c)];
      if (o == static_cast<int>(no)) fail(source, line, no, cell_name(g, c) + " twice");
      if (o) fail(source, line, no, cell_name(g, c) + " is also in cage " + std::to_string(o));
      o = static_cast<int>(no);
    }
    // Connected: flood from the first cell through orthogonal neighbours in the cage.
    std::vector<int> stack{cage.cells.front()}, seen{cage.cells.front()};
    while (!stack.empty()) {
      const int c = stack.back();
      stack.pop_back();
      const int r = c / n, col = c % n;
      const int next[4][2] = {{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}};
      for (const auto& rc : next) {
        if (rc[0] < 0 || rc[0] >= n || rc[1] < 0 || rc[1] >= n) continue;
        const int d = rc[0] * n + rc[1];
        if (owner[static_cast<std::size_t>(d)] != static_cast<int>(no)) continue;
        if (std::find(seen.begin(), seen.end(), d) != seen.end()) continue;
        seen.push_back(d);
        stack.push_back(d);
      }
    }
    if (seen.size() != cage.cells.size()) {
      int lost = -1;
      for (int c : cage.cells)
        if (std::find(seen.begin(), seen.end(), c) == seen.end()) { lost = c; break; }
      fail(source, line, no, "not connected (" + cell_name(g, lost) + " does not touch " +
                                 cell_name(g, cage.cells.front()) + "'s part)");
    }
    const int k = static_cast<int>(cage.cells.size());
    const bool possible = rules.repeats ? cage.sum >= k && cage.sum <= k * n
                                        : !cage_combinations(n, k, cage.sum).empty();
    if (!possible)
      fail(source, line, no, "sum " + std::to_string(cage.sum) + " is impossible for " + std::to_string(k) +
                                 (k == 1 ? " cell" : " cells") + " of digits 1-" + std::to_string(n) +
                                 (rules.repeats ? " (repeats allowed)" : " (distinct)"));
  }
  if (rules.cover)
    for (int c = 0; c < g.cells(); ++c)
      if (!owner[static_cast<std::size_t>(c)])
        fail(source, line, 0, cell_name(g, c) + " is in no cage (a pure killer covers every cell)");
}

std::vector<Cage> parse_cages(const Geometry& g, std::string_view text, const KillerRules& rules,
                              std::string_view source, int line) {
  std::vector<Cage> cages;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    std::size_t end = text.find(';', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view part = text.substr(pos, end - pos);
    pos = end + 1;
    while (!part.empty() && part.front() == ' ') part.remove_prefix(1);
    while (!part.empty() && part.back() == ' ') part.remove_suffix(1);
    if (part.empty()) {
      if (pos > text.size()) break;  // a trailing ';'
      fail(source, line, cages.size() + 1, "empty cage");
    }
    const std::size_t no = cages.size() + 1;
    Cage cage;
    const std::size_t eq = part.find('=');
    if (eq == std::string_view::npos) fail(source, line, no, "expected SUM=CELLS, got \"" + std::string(part) + "\"");
    const auto [p, ec] = std::from_chars(part.data(), part.data() + eq, cage.sum);
    if (ec != std::errc() || p != part.data() + eq || cage.sum < 1)
      fail(source, line, no, "bad sum \"" + std::string(part.substr(0, eq)) + "\"");
    std::string_view cells = part.substr(eq + 1);
    if (cells.empty()) fail(source, line, no, "no cells");
    for (;;) {
      const std::size_t comma = cells.find(',');
      const std::string_view name = cells.substr(0, comma);
      int r = 0, c = 0;
      const char* b = name.data();
      const char* e = name.data() + name.size();
      bool ok = name.size() >= 4 && (*b == 'r' || *b == 'R');
      if (ok) {
        auto [q, ec1] = std::from_chars(b + 1, e, r);
        ok = ec1 == std::errc() && q < e && (*q == 'c' || *q == 'C');
        if (ok) {
          auto [q2, ec2] = std::from_chars(q + 1, e, c);
          ok = ec2 == std::errc() && q2 == e;
        }
      }
      if (!ok) fail(source, line, no, "bad cell \"" + std::string(name) + "\" (expected rRcC, e.g. r1c2)");
      if (r < 1 || r > g.size() || c < 1 || c > g.size())
        fail(source, line, no, "cell " + std::string(name) + " outside the " + std::to_string(g.size()) + "x" +
                                   std::to_string(g.size()) + " grid");
      cage.cells.push_back((r - 1) * g.size() + (c - 1));
      if (comma == std::string_view::npos) break;
      cells.remove_prefix(comma + 1);
    }
    // Overlaps and repeats are reported by check_cages before sorting hides the order.
    cages.push_back(std::move(cage));
  }
  check_cages(g, cages, rules, source, line);
  for (Cage& cage : cages) std::sort(cage.cells.begin(), cage.cells.end());
  return cages;
}

std::string print_cages(const Geometry& g, const std::vector<Cage>& cages) {
  std::string out;
  for (const Cage& cage : cages) {
    if (!out.empty()) out += ';';
    out += std::to_string(cage.sum) + '=';
    std::vector<int> cells = cage.cells;
    std::sort(cells.begin(), cells.end());
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (i) out += ',';
      out += cell_name(g, cells[i]);
    }
  }
  return out;
}

namespace {

constexpr int kMaxCells = kKillerMaxSize * kKillerMaxSize;

struct Board {
  std::array<std::uint32_t, kMaxCells> cand;
  std::array<std::uint8_t, kMaxCells> val;
  int open;
};

struct Search {
  const Geometry& g;
  const std::vector<Cage>& cages;
  const KillerRules& rules;
  const ComboTable& combos;
  std::vector<int> cage_of;  // -1: no cage
  unsigned limit;
  KillerResult result;
  int n;

  // Places d in c and removes it from c's peers (and cage mates, and the
  // non-consecutive neighbours). False on a contradiction.
  bool place(Board& b, int c, int d) {
    const std::uint32_t bit = 1u << d;
    if (!(b.cand[static_cast<std::size_t>(c)] & bit)) return false;
    b.val[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(d);
    b.cand[static_cast<std::size_t>(c)] = bit;
    --b.open;
    for (int p : g.peers(c)) {
      auto& m = b.cand[static_cast<std::size_t>(p)];
      if (m & bit) {
        if (b.val[static_cast<std::size_t>(p)]) return false;
        m &= ~bit;
        if (!m) return false;
      }
    }
    if (!g.adjacent(c).empty()) {
      std::uint32_t no = (1u << (d - 1)) | (d < n ? 1u << (d + 1) : 0u);
      if (g.nc_wrap()) no |= d == 1 ? 1u << n : d == n ? 2u : 0u;
      no &= ~1u;
      for (int p : g.adjacent(c)) {
        auto& m = b.cand[static_cast<std::size_t>(p)];
        if (m & no) {
          if (b.val[static_cast<std::size_t>(p)]) return false;
          m &= ~no;
          if (!m) return false;
        }
      }
    }
    const int k = cage_of[static_cast<std::size_t>(c)];
    if (k >= 0 && !rules.repeats)
      for (int p : cages[static_cast<std::size_t>(k)].cells) {
        if (p == c) continue;
        auto& m = b.cand[static_cast<std::size_t>(p)];
        if (m & bit) {
          if (b.val[static_cast<std::size_t>(p)]) return false;
          m &= ~bit;
          if (!m) return false;
        }
      }
    return true;
  }

  // Narrows the empty cells of one cage; sets `changed`. False on a contradiction.
  bool cage_step(Board& b, const Cage& cage, bool& changed) {
    std::uint32_t used = 0, open_union = 0;
    int rest = cage.sum, k = 0;
    int lo = 0, hi = 0;
    for (int c : cage.cells) {
      const auto cs = static_cast<std::size_t>(c);
      if (b.val[cs]) {
        used |= 1u << b.val[cs];
        rest -= b.val[cs];
      } else {
        ++k;
        open_union |= b.cand[cs];
        lo += std::countr_zero(b.cand[cs]);
        hi += 31 - std::countl_zero(b.cand[cs]);
      }
    }
    if (k == 0) return rest == 0;
    if (rest < lo || rest > hi) return false;
    if (!rules.repeats) {
      if (rest > n * (n + 1) / 2 || k > n) return false;
      std::uint32_t allowed = 0, required = ~0u;
      for (std::uint32_t m : combos[static_cast<std::size_t>(k)][static_cast<std::size_t>(rest)])
        if (!(m & used) && !(m & ~open_union)) {
          allowed |= m;
          required &= m;
        }
      if (!allowed) return false;
      // A digit every combination holds that one open cell alone can take goes there.
      std::uint32_t once = 0, twice = 0;
      for (int c : cage.cells) {
        const auto cs = static_cast<std::size_t>(c);
        if (b.val[cs]) continue;
        twice |= once & b.cand[cs];
        once |= b.cand[cs];
      }
      if (const std::uint32_t lone = required & once & ~twice)
        for (int c : cage.cells) {
          const auto cs = static_cast<std::size_t>(c);
          if (b.val[cs] || !(b.cand[cs] & lone)) continue;
          const std::uint32_t s = b.cand[cs] & lone;
          if (!std::has_single_bit(s)) return false;
          if (b.cand[cs] != s) {
            b.cand[cs] = s;  // a naked single now, placed by propagate()
            changed = true;
          }
        }
      for (int c : cage.cells) {
        const auto cs = static_cast<std::size_t>(c);
        if (b.val[cs] || !(b.cand[cs] & ~allowed)) continue;
        b.cand[cs] &= allowed;
        if (!b.cand[cs]) return false;
        changed = true;
      }
    } else {
      for (int c : cage.cells) {
        const auto cs = static_cast<std::size_t>(c);
        if (b.val[cs]) continue;
        const int my_lo = std::countr_zero(b.cand[cs]), my_hi = 31 - std::countl_zero(b.cand[cs]);
        const int need_lo = rest - (hi - my_hi), need_hi = rest - (lo - my_lo);
        std::uint32_t band = 0;
        for (int d = std::max(1, need_lo); d <= std::min(n, need_hi); ++d) band |= 1u << d;
        if (!(b.cand[cs] & ~band)) continue;
        b.cand[cs] &= band;
        if (!b.cand[cs]) return false;
        changed = true;
      }
    }
    return true;
  }

  bool propagate(Board& b) {
    for (bool changed = true; changed;) {
      changed = false;
      for (int c = 0; c < g.cells(); ++c) {
        const auto cs = static_cast<std::size_t>(c);
        if (!b.val[cs] && std::has_single_bit(b.cand[cs])) {
          if (!place(b, c, std::countr_zero(b.cand[cs]))) return false;
          changed = true;
        }
      }
      for (const auto& house : g.houses()) {
        std::uint32_t once = 0, twice = 0, placed = 0;
        for (int c : house) {
          const auto cs = static_cast<std::size_t>(c);
          if (b.val[cs]) {
            placed |= 1u << b.val[cs];
            continue;
          }
          twice |= once & b.cand[cs];
          once |= b.cand[cs];
        }
        const std::uint32_t all = ((1u << n) - 1) << 1;
        if ((once | placed) != all) return false;
        std::uint32_t singles = once & ~twice & ~placed;
        if (!singles) continue;
        for (int c : house) {
          const auto cs = static_cast<std::size_t>(c);
          if (b.val[cs]) continue;
          const std::uint32_t s = b.cand[cs] & singles;
          if (!s) continue;
          if (!std::has_single_bit(s)) return false;
          if (!place(b, c, std::countr_zero(s))) return false;
          changed = true;
        }
      }
      for (const Cage& cage : cages)
        if (!cage_step(b, cage, changed)) return false;
    }
    return true;
  }

  void run(Board& b) {
    if (!propagate(b)) return;
    if (b.open == 0) {
      if (result.count++ == 0) result.solution.assign(b.val.begin(), b.val.begin() + g.cells());
      return;
    }
    int best = -1, best_n = 99;
    for (int c = 0; c < g.cells(); ++c) {
      const auto cs = static_cast<std::size_t>(c);
      if (b.val[cs]) continue;
      const int cnt = std::popcount(b.cand[cs]);
      if (cnt < best_n) {
        best = c;
        best_n = cnt;
        if (cnt == 2) break;
      }
    }
    ++result.guesses;
    for (std::uint32_t m = b.cand[static_cast<std::size_t>(best)]; m && result.count < limit; m &= m - 1) {
      Board next = b;
      if (place(next, best, std::countr_zero(m))) run(next);
    }
  }
};

}  // namespace

KillerResult solve_killer(const Geometry& g, const std::vector<Cage>& cages, std::span<const std::uint8_t> givens,
                          unsigned limit, const KillerRules& rules) {
  const int n = g.size();
  if (n > kKillerMaxSize || limit < 1) return {};
  if (!givens.empty() && givens.size() != static_cast<std::size_t>(g.cells())) return {};
  Search s{g, cages, rules, combo_table(n), std::vector<int>(static_cast<std::size_t>(g.cells()), -1), limit, {}, n};
  for (std::size_t i = 0; i < cages.size(); ++i)
    for (int c : cages[i].cells) {
      if (c < 0 || c >= g.cells()) return {};
      s.cage_of[static_cast<std::size_t>(c)] = static_cast<int>(i);
    }
  Board b;
  b.open = g.cells();
  for (int c = 0; c < g.cells(); ++c) {
    b.cand[static_cast<std::size_t>(c)] = ((1u << n) - 1) << 1;
    b.val[static_cast<std::size_t>(c)] = 0;
  }
  for (int c = 0; c < static_cast<int>(givens.size()); ++c) {
    const int d = givens[static_cast<std::size_t>(c)];
    if (d == 0) continue;
    if (d > n || !s.place(b, c, d)) return {};
  }
  s.run(b);
  return std::move(s.result);
}

unsigned count_killer(const Geometry& g, const std::vector<Cage>& cages, std::span<const std::uint8_t> givens,
                      unsigned limit, const KillerRules& rules) {
  return solve_killer(g, cages, givens, limit, rules).count;
}

}  // namespace sudokit
