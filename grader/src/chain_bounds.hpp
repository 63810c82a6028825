// The bounds that only speed the chain producers up. Sukaku Explainer finds
// every hint of a chain producer, sorts them (rating as a double, then
// complexity, then kind) and the rating loop takes the first. Nothing here
// changes which hint that is: the hints found so far bound the rest, so a
// search stops where every hint it could still find would sort after the
// best one, and a sink that keeps the first hint only (StepSink::first_only)
// lets the bound count the whole sort key. A reader checking the producers
// against the reference can skip every call into this file: with the bounds
// open (nested use, where every hint is wanted) the producers do what the
// reference does.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "chain_support.hpp"

namespace sudokit::grader {

/// Forcing chains & cycles (chains.cpp): the best hint so far bounds the
/// levels a breadth-first search still expands.
class LevelBounds {
 public:
  /// More links than a chain can have (it never repeats a potential).
  static constexpr int kMaxChain = kPotentialKeys;

  /// Where the deepest level last worked out is kept, per search kind.
  struct Cache {
    int deepest = -1;
    std::uint64_t changes = ~std::uint64_t{0};  // 64 bits: never wraps round to a stale value
  };

  /// A new find(). `active` false (nested use: every hint is wanted) opens
  /// every bound; `first_only`: the sink keeps the first hint only.
  void start(bool active, bool first_only) {
    active_ = active;
    first_only_ = active && first_only;
    best_ = Key{};
    ++changes_;
    longest_ = {kMaxChain, kMaxChain};
  }
  bool first_only() const { return first_only_; }

  /// Whether a pass whose hints rate `base` or more can still give one.
  bool pass_may_win(double base) const { return !active_ || !(base > best_.rating); }

  /// A hint was found (in emit_sorted's terms).
  void found(double rating, int complexity, int kind) {
    const Key k{rating, complexity, kind};
    if (k < best_) {
      ++changes_;
      best_ = k;
      longest_[0] = longest_winning_chain(false);
      longest_[1] = longest_winning_chain(true);
    }
  }

  /// The deepest level worth expanding for hints rated `base` plus the
  /// length increment whose complexity is at least level + 1 + `extra`, of
  /// sort key `kind` (-1 for none). The key grows with the length (the
  /// rating never falls, the complexity rises), so worth_at() holds up to
  /// some level and not beyond; kept in `cache` until the best hint changes.
  int deepest(Cache& cache, double base, int extra, int kind) const {
    if (!active_) return kMaxChain;
    if (cache.changes == changes_) return cache.deepest;
    cache.changes = changes_;
    int lo = -1, hi = kMaxChain + 1;  // worth_at(lo) or lo = -1; !worth_at(hi) or hi past every level
    while (hi - lo > 1) {
      const int mid = lo + (hi - lo) / 2;
      (worth_at(mid, base, extra, kind) ? lo : hi) = mid;
    }
    assert((lo >= 0) == worth_at(0, base, extra, kind) && (lo == kMaxChain || !worth_at(lo + 1, base, extra, kind)) &&
           "worth_at holds up to a level and not beyond");
    cache.deepest = lo;
    return lo;
  }

  /// For a sink keeping the first hint only: the longest forcing chain (in
  /// links; X chains, or XY chains with `y`) whose hint would sort before
  /// every hint found so far, -1 when none can; kMaxChain otherwise.
  int longest_chain(bool y) const { return first_only_ ? longest_[y ? 1 : 0] : kMaxChain; }

 private:
  // emit_sorted's order of hints, before the order they were found in.
  struct Key {
    double rating = 1e9;
    int complexity = 0;
    int kind = 0;
    bool operator<(const Key& o) const {
      if (rating != o.rating) return rating < o.rating;
      if (complexity != o.complexity) return complexity < o.complexity;
      return kind < o.kind;
    }
  };

  // Whether expanding a node at `level` can still yield a hint no harder
  // than the best one: a hint derived below it has at least level + 1 +
  // `extra` distinct potentials. For a sink keeping the first hint only,
  // the hint must sort before the best one (an equal key found later sorts
  // after it).
  bool worth_at(int level, double base, int extra, int kind) const {
    const int length = level + 1 + extra;
    const double rating = base + length_increment(length);
    if (first_only_) return Key{rating, length, kind} < best_;
    return rating <= best_.rating;
  }

  // A forcing chain of n links has complexity n + 1 (chains.cpp, chain_hint).
  int longest_winning_chain(bool y) const {
    const double base = y ? 7.0 : 6.6;
    const int kind = y ? 4 : 2;  // chain_hint's sort key
    int longest = -1;
    for (int links = 1; links <= kMaxChain; ++links) {
      if (!(Key{base + length_increment(links + 1), links + 1, kind} < best_)) break;
      longest = links;
    }
    return longest;
  }

  bool active_ = true;
  bool first_only_ = false;
  Key best_;                    // the first in emit_sorted's order among the hints found so far
  std::uint64_t changes_ = 0;   // how often best_ was set (deepest())
  std::array<int, 2> longest_{};  // longest_winning_chain(y), by y
};

/// Nishio, multiple and dynamic forcing chains (dynamic_chains.cpp): for a
/// sink keeping the first hint only, the hint that sorts first so far
/// bounds the complexity worth counting for the next. All hints of one
/// producer share a rating base, and the rating grows with the complexity.
class ComplexityBound {
 public:
  static constexpr int kOpen = 1 << 30;

  void start(bool first_only) {
    first_only_ = first_only;
    best_complexity_ = -1;
  }
  /// The largest complexity a hint of sort key `kind` may have and still
  /// sort first (one equal to an earlier hint sorts after it).
  int limit(int kind) const {
    if (first_only_ && best_complexity_ >= 0) return best_complexity_ - (kind < best_kind_ ? 0 : 1);
    return kOpen;
  }
  /// A hint within limit() was found: it sorts first so far.
  void found(int complexity, int kind) {
    if (!first_only_) return;
    best_complexity_ = complexity;
    best_kind_ = kind;
  }

 private:
  bool first_only_ = false;
  int best_complexity_ = -1, best_kind_ = 0;
};

}  // namespace sudokit::grader
