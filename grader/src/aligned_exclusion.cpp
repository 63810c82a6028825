// Aligned Pair Exclusion (6.2, producer 25) and Aligned Triplet Exclusion
// (7.5, producer 29). Reported in search order (no sorting).
//
// Base cells (cells 0..80): at least two candidates, no peer that is an
// unsolved cell with a single candidate, and at least one excluder: a peer
// with 2 candidates (pairs) or 2..3 candidates (triplets).
// Pairs: any two base cells, in colex order of their positions in the base
// list ((0,1), (0,2), (1,2), (0,3), ...), with at least two common excluders.
// Triplets: such a pair, then each third base cell taken among the excluders
// of the first cell (ascending) and then those of the second not already
// met; the three need at least two common excluders.
// A combination of values for the base cells is impossible when two equal
// values sit in base cells that see each other, or when some common excluder
// has all its candidates among the values. A candidate of a base cell that
// takes part in no possible combination is removed.
//
// find_changed(): the board before the removals (these cells' candidates
// back) met every condition above for a combination whose cells and common
// excluders lost nothing since: the same cells, at least these excluders (a
// removal only takes excluders away), and no single-candidate cell anywhere
// (checked). So it had this combination with at least its eliminations, and
// the combination is skipped.
#include <array>

#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

/// At least two cells in the set (without counting them all).
constexpr bool two_or_more(const CellSet& s) {
  return (s.lo & (s.lo - 1)) != 0 || (s.hi & (s.hi - 1)) != 0 || (s.lo != 0 && s.hi != 0);
}

class AlignedExclusion final : public Producer {
 public:
  explicit AlignedExclusion(int degree) : degree_(degree) {}

  void find(const Board& board, StepSink& sink) override {
    board_ = &board;
    reported_ = false;
    narrow_ = false;
    if (const Removed* removed = removed_since()) {
      bool single_before = false;
      for (int c = 0; c < kCells && !single_before; ++c) {
        DigitMask before = cand(c);
        for (int d = 1; d <= 9; ++d)
          if ((*removed)[static_cast<std::size_t>(d)].has(c)) before |= digit_bit(d);
        single_before = popcount(before) == 1;
      }
      narrow_ = !single_before;
    }
    collect_base_cells();
    if (n_base_ < degree_) return;
    for (int j = 1; j < n_base_; ++j) {
      for (int i = 0; i < j; ++i) {
        const bool go = degree_ == 2 ? pair(i, j, sink) : triplets(i, j, sink);
        if (!go) return;
      }
    }
  }

 private:
  DigitMask cand(int cell) const { return board_->candidates(cell); }

  void collect_base_cells() {
    n_base_ = 0;
    base_set_ = CellSet{};
    CellSet singles, small, multi;
    for (int c = 0; c < kCells; ++c) {
      const int k = popcount(cand(c));
      if (k == 1) singles.add(c);
      if (k >= 2) multi.add(c);
      if (k >= 2 && k <= degree_) small.add(c);
    }
    multi.for_each([&](int c) {
      const CellSet& peers = kPeerSet[static_cast<std::size_t>(c)];
      if (!(peers & singles).empty()) return;
      const CellSet excluders = peers & small;
      if (excluders.empty()) return;
      base_[static_cast<std::size_t>(n_base_)] = static_cast<std::uint8_t>(c);
      excluders_[static_cast<std::size_t>(n_base_)] = excluders;
      slot_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(n_base_);
      base_set_.add(c);
      ++n_base_;
    });
  }

  int excluder_masks(const CellSet& common, DigitMask* out) const {
    int n = 0;
    common.for_each([&](int e) { out[n++] = cand(e); });
    return n;
  }

  static bool locked(DigitMask values, const DigitMask* excl, int n) {
    for (int k = 0; k < n; ++k)
      if ((excl[k] & ~values) == 0) return true;
    return false;
  }

  bool pair(int i, int j, StepSink& sink) {
    const CellSet common = excluders_[static_cast<std::size_t>(i)] & excluders_[static_cast<std::size_t>(j)];
    if (!two_or_more(common)) return true;
    const int c0 = base_[static_cast<std::size_t>(i)], c1 = base_[static_cast<std::size_t>(j)];
    if (narrow_ && unchanged(common | CellSet::of(c0) | CellSet::of(c1))) return true;
    DigitMask excl[20];
    const int n_excl = excluder_masks(common, excl);
    const bool see = sees(c0, c1);
    const DigitMask m0 = cand(c0), m1 = cand(c1);
    DigitMask ok0 = 0, ok1 = 0;
    for_each_digit(m0, [&](int p) {
      for_each_digit(m1, [&](int q) {
        if (p == q && see) return;
        if (locked(static_cast<DigitMask>(digit_bit(p) | digit_bit(q)), excl, n_excl)) return;
        ok0 |= digit_bit(p);
        ok1 |= digit_bit(q);
      });
    });
    const int cells[2] = {c0, c1};
    const DigitMask gone[2] = {static_cast<DigitMask>(m0 & ~ok0), static_cast<DigitMask>(m1 & ~ok1)};
    return report(cells, gone, 2, sink);
  }

  bool triplets(int i, int j, StepSink& sink) {
    const int c0 = base_[static_cast<std::size_t>(i)], c1 = base_[static_cast<std::size_t>(j)];
    const CellSet& e0 = excluders_[static_cast<std::size_t>(i)];
    const CellSet& e1 = excluders_[static_cast<std::size_t>(j)];
    const CellSet pair_common = e0 & e1;
    if (!two_or_more(pair_common)) return true;  // three cells cannot have more in common than two
    CellSet first = e0 & base_set_;
    first.remove(c0);
    first.remove(c1);
    CellSet second = (e1 - e0) & base_set_;
    second.remove(c0);
    second.remove(c1);
    if (narrow_ && unchanged(pair_common | CellSet::of(c0) | CellSet::of(c1))) {
      // A triplet's common excluders are among the pair's, so only a third
      // cell that lost a candidate can make it one triplet() would not skip.
      first &= changed_cells();
      second &= changed_cells();
    }
    bool go = true;
    auto visit = [&](int t) {
      if (!go) return;
      const int k = slot_[static_cast<std::size_t>(t)];
      // A set of three cells may be met from several first pairs; while no
      // hint has been reported, an earlier meeting found nothing, and so
      // would this one.
      if (!reported_ && k < j) {
        const bool met = k > i ? reach(i, k).has(c1) : reach(k, i).has(c1) || reach(k, j).has(c0);
        if (met) return;
      }
      go = triplet(c0, c1, t, pair_common & excluders_[static_cast<std::size_t>(k)], sink);
    };
    first.for_each(visit);
    second.for_each(visit);
    return go;
  }

  /// Cells that may follow the base pair at positions a, b as third cell.
  CellSet reach(int a, int b) const {
    return excluders_[static_cast<std::size_t>(a)] | excluders_[static_cast<std::size_t>(b)];
  }

  bool triplet(int c0, int c1, int c2, const CellSet& common, StepSink& sink) {
    if (!two_or_more(common)) return true;
    if (narrow_ && unchanged(common | CellSet::of(c0) | CellSet::of(c1) | CellSet::of(c2))) return true;
    DigitMask excl[20];
    const int n_excl = excluder_masks(common, excl);
    const bool see01 = sees(c0, c1), see02 = sees(c0, c2), see12 = sees(c1, c2);
    const DigitMask m0 = cand(c0), m1 = cand(c1), m2 = cand(c2);
    DigitMask ok0 = 0, ok1 = 0, ok2 = 0;
    for (DigitMask a = m0; a; a = static_cast<DigitMask>(a & (a - 1))) {
      const auto p = static_cast<DigitMask>(lowest_bit(a));
      for (DigitMask b = m1; b; b = static_cast<DigitMask>(b & (b - 1))) {
        const auto q = static_cast<DigitMask>(lowest_bit(b));
        if (p == q && see01) continue;
        // Third values r that the first two values already rule out: an
        // excluder inside {p, q, r}, or r equal to p or q in a visible cell.
        DigitMask blocked = 0;
        const auto pq = static_cast<DigitMask>(p | q);
        for (int k = 0; k < n_excl; ++k) {
          const auto rest = static_cast<DigitMask>(excl[k] & ~pq);
          if (rest == 0) {
            blocked = kAllDigits;
            break;
          }
          if (is_single_bit(rest)) blocked |= rest;
        }
        if (see02) blocked |= p;
        if (see12) blocked |= q;
        const auto free = static_cast<DigitMask>(m2 & ~blocked);
        if (!free) continue;
        ok0 |= p;
        ok1 |= q;
        ok2 |= free;
      }
      if (ok0 == m0 && ok1 == m1 && ok2 == m2) return true;  // nothing to remove
    }
    const int cells[3] = {c0, c1, c2};
    const DigitMask gone[3] = {static_cast<DigitMask>(m0 & ~ok0), static_cast<DigitMask>(m1 & ~ok1),
                               static_cast<DigitMask>(m2 & ~ok2)};
    return report(cells, gone, 3, sink);
  }

  bool report(const int* cells, const DigitMask* gone, int n, StepSink& sink) {
    bool any = false;
    for (int k = 0; k < n; ++k) any = any || gone[k] != 0;
    if (!any) return true;
    Step s;
    s.technique = degree_ == 2 ? Technique::AlignedPairExclusion : Technique::AlignedTripletExclusion;
    s.difficulty = degree_ == 2 ? 6.2 : 7.5;
    s.size = static_cast<std::uint8_t>(degree_);
    for (int k = 0; k < n; ++k) {
      s.cells.add(cells[k]);
      s.removals[cells[k]] = gone[k];
    }
    reported_ = true;
    return sink.add(s);
  }

  int degree_;
  bool reported_ = false;
  bool narrow_ = false;  // find_changed() may skip unchanged combinations
  const Board* board_ = nullptr;
  int n_base_ = 0;
  CellSet base_set_;
  std::array<std::uint8_t, kCells> base_{};
  std::array<std::uint8_t, kCells> slot_{};
  std::array<CellSet, kCells> excluders_{};
};

}  // namespace

std::unique_ptr<Producer> make_aligned_exclusion(int degree) { return std::make_unique<AlignedExclusion>(degree); }

}  // namespace sudokit::grader
