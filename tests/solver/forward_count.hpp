// A second independent solution counter for tests: a small forward-checking
// search that reads only the Geometry value's contract (houses(), peers() with
// the leapers, adjacent() and nc_wrap()) and shares no code with the solver's
// kernels (no bit-set kernel, no geometry caches). Written beside the
// exact-cover counter (exact_cover.hpp) because dancing links cannot express
// the leaper and non-consecutive rules except by filtering rows as they are
// chosen, which makes it take minutes on a minimal nc puzzle of six clues;
// here those rules eliminate candidates as soon as a digit is placed.
//
// State: a candidate mask per cell (bit d for digit d, sizes up to 25) and
// the placed digit. Placing d in a cell removes d from its peers and, for its
// adjacent() cells, d-1 and d+1 (with nc_wrap() also size() beside 1 and 1
// beside size()); a cell left with one candidate is placed in turn (naked
// single). Then every house must still hold every digit somewhere (each house
// has size() cells); a digit with one place left is placed there (hidden
// single). Repeated until nothing changes; then the open cell with the fewest
// candidates is branched on, each candidate on a copy of the state. A leaf
// with every cell placed is a solution: each placement was checked against
// every placed peer and neighbour, and eliminations remove only digits that
// would break a rule, so nothing is counted twice or missed.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "sudokit/solver/geometry.hpp"

namespace sudokit::test {

class ForwardCount {
 public:
  /// Keeps a reference to `g`, which must outlive the counter.
  explicit ForwardCount(const Geometry& g) : g_(g), full_(((Mask{1} << g.size()) - 1) << 1) {}

  /// Solutions of `grid` (0 empty), counted up to `limit` (>= 1). A grid of
  /// the wrong length, a digit above size() or givens that break a rule have 0.
  unsigned count(const std::vector<std::uint8_t>& grid, unsigned limit) {
    limit_ = limit;
    found_ = 0;
    const int n = g_.cells();
    if (static_cast<int>(grid.size()) != n) return 0;
    State s;
    s.cand.assign(static_cast<std::size_t>(n), full_);
    s.value.assign(static_cast<std::size_t>(n), 0);
    s.open = n;
    for (int c = 0; c < n; ++c) {
      const int d = grid[static_cast<std::size_t>(c)];
      if (d == 0) continue;
      if (d > g_.size() || !place(s, c, d)) return 0;
    }
    search(s);
    return found_;
  }

 private:
  using Mask = std::uint32_t;  // bit d: digit d is still a candidate
  struct State {
    std::vector<Mask> cand;
    std::vector<std::uint8_t> value;  // 0: open
    int open = 0;
    std::vector<int> singles;  // cells left with one candidate, to place
  };

  static Mask bit(int d) { return Mask{1} << d; }

  // The digits an adjacent() cell may not hold beside d.
  Mask consecutive_to(int d) const {
    Mask m = (bit(d - 1) | bit(d + 1)) & full_;
    if (g_.nc_wrap()) {
      if (d == 1) m |= bit(g_.size());
      if (d == g_.size()) m |= bit(1);
    }
    return m;
  }

  // Removes `gone` from open cell o; false when o has no candidate left.
  bool remove(State& s, int o, Mask gone) {
    Mask& m = s.cand[static_cast<std::size_t>(o)];
    if ((m & gone) == 0) return true;
    m &= ~gone;
    if (m == 0) return false;
    if (std::has_single_bit(m)) s.singles.push_back(o);
    return true;
  }

  // Places d in c and eliminates; false on a contradiction.
  bool place(State& s, int c, int d) {
    const auto at = static_cast<std::size_t>(c);
    if (s.value[at] != 0) return s.value[at] == d;
    if ((s.cand[at] & bit(d)) == 0) return false;
    s.value[at] = static_cast<std::uint8_t>(d);
    s.cand[at] = bit(d);
    --s.open;
    for (int p : g_.peers(c)) {
      const int e = s.value[static_cast<std::size_t>(p)];
      if (e == d) return false;
      if (e == 0 && !remove(s, p, bit(d))) return false;
    }
    const Mask near = consecutive_to(d);
    for (int a : g_.adjacent(c)) {
      const int e = s.value[static_cast<std::size_t>(a)];
      if (e != 0 ? (near & bit(e)) != 0 : !remove(s, a, near)) return false;
    }
    return true;
  }

  // Naked and hidden singles until nothing changes; false on a contradiction.
  bool propagate(State& s) {
    while (true) {
      while (!s.singles.empty()) {
        const int c = s.singles.back();
        s.singles.pop_back();
        const auto at = static_cast<std::size_t>(c);
        if (s.value[at] != 0) continue;
        if (!place(s, c, std::countr_zero(s.cand[at]))) return false;
      }
      bool placed = false;
      for (const auto& house : g_.houses()) {
        Mask once = 0, twice = 0, done = 0;
        for (int c : house) {
          const Mask m = s.cand[static_cast<std::size_t>(c)];
          twice |= once & m;
          once |= m;
          if (s.value[static_cast<std::size_t>(c)] != 0) done |= m;
        }
        if (once != full_) return false;  // a digit with no place in this house
        for (Mask hidden = once & ~twice & ~done; hidden != 0; hidden &= hidden - 1) {
          const int d = std::countr_zero(hidden);
          for (int c : house)
            if (s.cand[static_cast<std::size_t>(c)] & bit(d)) {
              if (!place(s, c, d)) return false;
              break;
            }
          placed = true;
        }
        if (placed) break;  // eliminations changed the masks: singles first
      }
      if (!placed && s.singles.empty()) return true;
    }
  }

  void search(State& s) {
    if (!propagate(s)) return;
    if (s.open == 0) {
      ++found_;
      return;
    }
    int best = -1, fewest = 99;
    for (int c = 0; c < g_.cells(); ++c) {
      if (s.value[static_cast<std::size_t>(c)] != 0) continue;
      const int k = std::popcount(s.cand[static_cast<std::size_t>(c)]);
      if (k < fewest) {
        best = c;
        fewest = k;
        if (k == 2) break;
      }
    }
    for (Mask m = s.cand[static_cast<std::size_t>(best)]; m != 0 && found_ < limit_; m &= m - 1) {
      State next = s;
      if (place(next, best, std::countr_zero(m))) search(next);
    }
  }

  const Geometry& g_;
  Mask full_;
  unsigned limit_ = 0, found_ = 0;
};

}  // namespace sudokit::test
