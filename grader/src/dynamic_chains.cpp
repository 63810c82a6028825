// Nishio (7.5+), multiple (cell and region forcing chains, 8.0+) and dynamic
// forcing chains (contradiction, double, cell, region; 8.5+): producers 30 to
// 32 of the specification, on one engine.
//
// A "run" assumes some potentials and propagates: the first pending "on" is
// always processed before any pending "off"; "on" makes the cell's other
// candidates off (not in Nishio) and the digit off in the box, then the row
// and column outside the box; "off" makes on the last candidate of a cell
// (not in Nishio) and the last position of the digit in the box, row, column.
// In dynamic modes each processed "off" is removed from a scratch copy of the
// candidates, so later tests see the reduced grid, and each implication lists
// the earlier removals it relied on as extra ("hidden") parents. A potential
// reached both on and off is a contradiction; the run stops there, keeping
// what it derived so far (SE uses those partial sets too).
//
// Per cell (row-major; cells with 3+ candidates, or 2+ in dynamic modes),
// per candidate: contradiction from "on" and from "off" (dynamic, Nishio),
// double forcing (dynamic, 3+ candidates), region forcing for each house in
// which this cell is the first position of the digit, and, after all
// candidates, cell forcing. Complexity = distinct potentials among the
// ancestors of each branch's conclusion, summed over branches; hints are
// sorted by (rating as a double, complexity, kind key) and the first wins.
// Explanations (chain_notation.hpp) are written for reported hints only.
// All of the above is the reference (SE's Chaining: doChaining, propagate,
// getMultipleChainsHintListForCell, getRuleParents).
//
// Speed only (each place is marked; none changes which hint is first): for
// a sink keeping the first hint only, a hint's complexity is counted only as
// far as it could still sort first, and one that cannot is left out
// (ComplexityBound, chain_bounds.hpp). In multiple (static) mode a run holds
// at most what its assumption reaches in the static implication graph
// (reach.hpp), so a cell's runs are made only when every branch of its cell
// forcing, or of a region forcing it starts, reaches some common potential.
// Runs are cached per assumption (cached_run); the rules nested at levels 1+
// are asked only about the removals since they last ran (advanced()).
#include <algorithm>
#include <array>
#include <cassert>
#include <vector>

#include "chain_bounds.hpp"
#include "chain_notation.hpp"
#include "chain_support.hpp"
#include "houses.hpp"
#include "reach.hpp"
#include "stamped_set.hpp"
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

// A potential as a run derived it: how, and from which nodes (the first
// parent, then the "hidden" ones: earlier removals the link relied on).
struct Node : Potential {
  Cause cause;
  int parents_begin;           // into the parent pool
  std::uint16_t parents_count;
  Technique rule;              // Cause::Advanced: the technique that removed it
  int nested;                  // index into nested_ when derived from a nested chain hint, else -1
};

// The potentials one run derived, in insertion order, with lookup by (cell,
// digit). Membership is a bit set (cleared per run, small enough to stay in
// the first-level cache while the run is built and read); the node index of a
// member is in `idx`, which is never cleared. Both are indexed by potential key.
struct Run {
  bool consistent = true;          // false when the run met a contradiction
  int absurd_on = -1, absurd_off = -1;  // the clashing pair, then
  NodeList ons, offs;
  std::array<std::uint64_t, (kPotentialKeys + 63) / 64> member{};
  std::array<int, kPotentialKeys> idx;  // valid where `member` has the bit

  void reset() {
    ons.clear();
    offs.clear();
    member.fill(0);
  }
  int find(int slot) const { return (member[slot >> 6] >> (slot & 63)) & 1 ? idx[slot] : -1; }
  // By candidate key.
  int on(int k) const { return find(2 * k + 1); }
  int off(int k) const { return find(2 * k); }
  void add(int k, bool is_on, int node) {
    const int slot = 2 * k + (is_on ? 1 : 0);
    member[slot >> 6] |= std::uint64_t{1} << (slot & 63);
    idx[slot] = node;
    (is_on ? ons : offs).push_back(node);
  }
};

// Cells with eliminations in the order SE inserted them into its map: the
// order of the house holding them (for fish: cover line by cover line).
void removal_order(const Step& st, std::vector<int>& out) {
  auto from_unit = [&](int u) {
    for (int c : kUnitCells[u])
      if (st.removals[c]) out.push_back(c);
  };
  switch (st.technique) {
    case Technique::Pointing:
    case Technique::Claiming:
      from_unit(st.unit2);
      break;
    case Technique::XWing:
    case Technique::Swordfish:
    case Technique::Jellyfish: {
      const UnitKind cover = st.fish_base == LineKind::Columns ? UnitKind::Row : UnitKind::Column;
      for (const int u : houses(cover))
        if (st.units & (1u << u)) from_unit(u);
      break;
    }
    default:
      if (st.unit >= 0) from_unit(st.unit);
      else
        for (int c = 0; c < kCells; ++c)
          if (st.removals[c]) out.push_back(c);
  }
}

// SE's getRuleParents: the candidates, removed since the chain started
// (`start`: the board the chain started from), without whose removal the
// hint would not exist (candidate keys of "off" potentials).
void rule_parents(const Step& st, const Board& start, const Board& now, std::vector<int>& out) {
  out.clear();
  auto removed = [&](int c, int d) { return (start.candidates(c) & digit_bit(d)) && !(now.candidates(c) & digit_bit(d)); };
  if (st.nested) {
    // Chains: for each forced "on" potential, the removals that forced it
    // (the cell's other candidates, or the digit's other positions in the
    // house), each once, in walk order.
    auto push_once = [&](int k) {
      if (std::find(out.begin(), out.end(), k) == out.end()) out.push_back(k);
    };
    for (const CauseEntry& e : st.nested->causes) {
      if (e.cause == Cause::NakedSingle) {
        for (int v = 1; v <= 9; ++v)
          if (removed(e.cell, v)) push_once(candidate_key(e.cell, v));
      } else {
        for (int c : kUnitCells[cause_unit(e.cause, e.cell)])
          if (removed(c, e.digit)) push_once(candidate_key(c, e.digit));
      }
    }
    return;
  }
  switch (st.technique) {
    case Technique::Pointing:
    case Technique::Claiming: {
      const int d = single_digit(st.digits);
      for (int c : kUnitCells[st.unit])
        if (removed(c, d) && !kUnitSet[st.unit2].has(c)) out.push_back(candidate_key(c, d));
      break;
    }
    case Technique::XWing:
    case Technique::Swordfish:
    case Technique::Jellyfish: {
      const int d = single_digit(st.digits);
      const bool columns = st.fish_base == LineKind::Columns;
      const UnitKind base = columns ? UnitKind::Column : UnitKind::Row;
      const UnitKind cover = columns ? UnitKind::Row : UnitKind::Column;
      CellSet covered;
      for (const int u : houses(cover))
        if (st.units & (1u << u)) covered |= kUnitSet[u];
      for (const int u : houses(base)) {
        if (!(st.units & (1u << u))) continue;
        for (int c : kUnitCells[u])
          if (removed(c, d) && !covered.has(c)) out.push_back(candidate_key(c, d));
      }
      break;
    }
    case Technique::HiddenPair:
    case Technique::HiddenTriplet:
    case Technique::HiddenQuad: {
      std::uint16_t mine = 0;
      for_each_digit(st.digits, [&](int d) { mine |= now.positions(st.unit, d); });
      const auto& cells = kUnitCells[st.unit];
      for (int i = 0; i < 9; ++i) {
        if (mine & (1u << i)) continue;
        const int c = cells[i];
        for_each_digit(st.digits, [&](int d) {
          if (start.candidates(c) & digit_bit(d)) out.push_back(candidate_key(c, d));
        });
      }
      break;
    }
    case Technique::NakedPair:
    case Technique::NakedTriplet:
    case Technique::NakedQuad:
      st.cells.for_each([&](int c) {
        for_each_digit(static_cast<DigitMask>(start.candidates(c) & ~st.digits), [&](int d) { out.push_back(candidate_key(c, d)); });
      });
      break;
    default:
      break;
  }
}

// The grid a run reasons on (SE's dynamic grid): the board less the "off"s
// the run has processed, as candidates by cell and cells by digit. For the
// rules nested at levels 1+ also a Board of it, kept up to date removal by
// removal since the run's last call (cheaper than rebuilding), and per rule
// the cells by digit when it last ran in this run.
class ReducedGrid {
 public:
  /// A new run on `board` with `rules` nested rules.
  void restore(const Board& board, std::size_t rules) {
    for (int c = 0; c < kCells; ++c) cand_[c] = board.candidates(c);
    for (int d = 1; d <= 9; ++d) cells_[d] = board.digit_cells(d);
    board_current_ = false;
    rule_cells_.resize(rules);
    for (Removed& seen : rule_cells_) seen = cells_;
  }
  void turn_off(int cell, int digit) {
    cand_[cell] &= static_cast<DigitMask>(~digit_bit(digit));
    cells_[digit].remove(cell);
  }
  DigitMask candidates(int cell) const { return cand_[cell]; }
  const CellSet& cells(int digit) const { return cells_[digit]; }

  /// The reduced grid as a Board: `start` (the run's board) less the removals.
  const Board& board(const Board& start) {
    if (!board_current_) {
      board_ = start;
      board_current_ = true;
    }
    for (int d = 1; d <= 9; ++d)
      (board_.digit_cells(d) - cells_[d]).for_each([&](int c) { board_.eliminate(c, d); });
    assert(board_.candidate_masks().masks == cand_);
    return board_;
  }
  /// Per digit, the cells that lost it since nested rule `rule` last ran in
  /// this run (all of the run's removals the first time); the rule counts
  /// as run now. False when there are none.
  bool removed_since(std::size_t rule, Removed& removed) {
    bool any = false;
    for (int d = 1; d <= 9; ++d) {
      removed[d] = rule_cells_[rule][d] - cells_[d];
      rule_cells_[rule][d] = cells_[d];
      any = any || !removed[d].empty();
    }
    return any;
  }

 private:
  std::array<DigitMask, kCells> cand_{};
  std::array<CellSet, 10> cells_{};
  Board board_;                      // board() as last asked in this run
  bool board_current_ = false;       // board_ belongs to this run
  std::vector<Removed> rule_cells_;  // per rule, cells_ when it last ran in this run
};

class DynamicChains final : public Producer, private NetView {
 public:
  enum class Mode { Nishio, Multiple, Dynamic };
  /// level > 0 (dynamic mode only): when propagation stalls, simpler
  /// techniques run on the reduced grid and feed their eliminations back.
  /// `nesting_limit` is the level of the dynamic chains nested at level 4;
  /// `nesting` makes every hint carry what an outer chain needs.
  DynamicChains(Mode mode, int level, int nesting_limit, bool nesting)
      : mode_(mode), level_(level), nesting_(nesting) {
    if (level_ > 0) {
      // The rules SE tries on the reduced grid, in its order.
      rules_.push_back(make_locking(false));
      rules_.push_back(make_hidden_set(2, false));
      rules_.push_back(make_naked_set(2));
      rules_.push_back(make_fish(2));
      if (level_ >= 4) {
        rules_.push_back(std::make_unique<DynamicChains>(Mode::Dynamic, nesting_limit, 0, true));
      } else {
        if (level_ >= 2) rules_.push_back(make_forcing_chains_and_cycles(true));
        if (level_ >= 3) rules_.push_back(std::make_unique<DynamicChains>(Mode::Multiple, 0, 0, true));
      }
    }
  }

  void find(const Board& board, StepSink& sink) override {
    board_ = &board;
    bound_.start(!nesting_ && sink.first_only());
    hints_.clear();
    nodes_.clear();
    parent_pool_.clear();
    nested_.clear();
    runs_used_ = 0;
    cached_.clear();
    if (mode_ == Mode::Multiple) reach_.start(board, true, true, true);
    for (int cell = 0; cell < kCells; ++cell) {
      if (board.value(cell) != 0) continue;
      if (work_budget_expired()) return;
      const int n = popcount(board.candidates(cell));
      if (n > 2 || (n > 1 && dynamic())) cell_hints(cell, n);
    }
    emit_sorted(hints_, sink, [this](ChainHint& h) { describe(h); });
  }

 private:
  bool dynamic() const { return mode_ != Mode::Multiple; }
  bool nishio() const { return mode_ == Mode::Nishio; }
  bool multiple() const { return mode_ != Mode::Nishio; }
  double base() const {
    if (level_ >= 2) return 9.5 + 0.5 * (level_ - 2);
    if (level_ == 1) return 9.0;
    return mode_ == Mode::Nishio ? 7.5 : mode_ == Mode::Multiple ? 8.0 : 8.5;
  }
  std::string suffix() const {
    static const char* kSuffix[] = {"", " (+)", " (+ Forcing Chains)", " (+ Multiple Forcing Chains)",
                                    " (+ Dynamic Forcing Chains)"};
    return kSuffix[std::min(level_, 4)];
  }

  // The run from one assumption, computed once per search: the "on" run of
  // a candidate serves its own contradiction, double, region and cell
  // forcing, and every region forcing where it is another position.
  Run& cached_run(int cell, int digit, bool on) {
    const int k = potential_key(cell, digit, on);
    if (const int slot = cached_.find(k, -1); slot >= 0) return *runs_[slot];
    if (runs_.size() <= runs_used_) runs_.push_back(std::make_unique<Run>());
    Run& r = *runs_[runs_used_];
    cached_.put(k, static_cast<int>(runs_used_++));
    r.consistent = chain_from(r, cell, digit, on);
    r.absurd_on = r.consistent ? -1 : absurd_on_;
    r.absurd_off = r.consistent ? -1 : absurd_off_;
    return r;
  }

  // --- nodes ------------------------------------------------------------------
  int make_node(int cell, int digit, bool on, int parent, Cause cause = Cause::None, int nested = -1,
                Technique rule = Technique::Count) {
    nodes_.push_back({Potential::of(cell, digit, on), cause, static_cast<int>(parent_pool_.size()), static_cast<std::uint16_t>(parent >= 0 ? 1 : 0), rule,
                      nested});
    if (parent >= 0) parent_pool_.push_back(parent);
    return static_cast<int>(nodes_.size()) - 1;
  }
  // Appends a hidden parent to the node created last.
  void add_parent(int node, int parent) {
    parent_pool_.push_back(parent);
    ++nodes_[node].parents_count;
  }

  // --- one run (SE's doChaining) ------------------------------------------------
  // Propagates from the potentials already in `r`. Returns false on a
  // contradiction and sets absurd_on_/absurd_off_.
  bool propagate(Run& r) {
    grid_.restore(*board_, rules_.size());
    std::size_t on_head = 0, off_head = 0;
    const bool y = !nishio();
    for (;;) {
      if (on_head < r.ons.size()) {
        const int p = r.ons[on_head++];
        const Node src = nodes_[p];
        const int cell = src.cell, d = src.digit;
        // Other candidates of the cell go off.
        if (y) {
          DigitMask others = static_cast<DigitMask>(grid_.candidates(cell) & ~digit_bit(d));
          for (; others; others &= static_cast<DigitMask>(others - 1)) {
            const int v = lowest_bit_index(others) + 1;
            if (!derive_off(r, cell, v, p, Cause::NakedSingle)) return false;
          }
        }
        // The digit goes off in the box, then in the row and column outside the box.
        const auto& units = kCellUnits[cell];
        const CellSet box = kUnitSet[units[0]];
        for (int k = 0; k < 3; ++k) {
          CellSet where = grid_.cells(d) & kUnitSet[units[k]];
          where.remove(cell);
          if (k > 0) where -= box;
          bool ok = true;
          const Cause cause = region_cause(units[k]);
          for_each_in_unit_order(units[k], where, [&](int c) {
            if (ok) ok = derive_off(r, c, d, p, cause);
          });
          if (!ok) return false;
        }
      } else if (off_head < r.offs.size()) {
        const int p = r.offs[off_head++];
        const Node src = nodes_[p];
        const int cell = src.cell, d = src.digit;
        made_.clear();
        // An "on" the run already holds (and does not contradict) would be
        // dropped below, so it is not made.
        auto held = [&r](int k) { return r.on(k) >= 0 && r.off(k) < 0; };
        if (y && popcount(grid_.candidates(cell)) == 2 &&
            !held(candidate_key(cell, single_digit(static_cast<DigitMask>(grid_.candidates(cell) & ~digit_bit(d)))))) {
          const int other = single_digit(static_cast<DigitMask>(grid_.candidates(cell) & ~digit_bit(d)));
          const int q = make_node(cell, other, true, p, Cause::NakedSingle);
          if (dynamic()) {
            for_each_digit(static_cast<DigitMask>(board_->candidates(cell) & ~grid_.candidates(cell)),
                           [&](int v) { add_parent(q, r.off(candidate_key(cell, v))); });
          }
          made_.push_back(q);
        }
        for (int k = 0; k < 3; ++k) {
          const int u = kCellUnits[cell][k];
          const CellSet where = grid_.cells(d) & kUnitSet[u];
          if (where.size() != 2) continue;
          CellSet rest = where;
          rest.remove(cell);
          const int other = rest.first();
          bool dup = false;
          for (int q : made_) {
            const Node& n = nodes_[q];
            dup = dup || (n.cell == other && n.digit == d);
          }
          if (dup || held(candidate_key(other, d))) continue;
          const int q = make_node(other, d, true, p, region_cause(u));
          if (dynamic()) {
            const CellSet removed = (board_->digit_cells(d) & kUnitSet[u]) - where;
            for_each_in_unit_order(u, removed, [&](int c) { add_parent(q, r.off(candidate_key(c, d))); });
          }
          made_.push_back(q);
        }
        if (dynamic()) grid_.turn_off(cell, d);
        for (int q : made_) {
          const Node& n = nodes_[q];
          const int k = candidate_key(n.cell, n.digit);
          const int conj = r.off(k);
          if (conj >= 0) {
            absurd_on_ = q;
            absurd_off_ = conj;
            return false;
          }
          if (r.on(k) < 0) r.add(k, true, q);
        }
      } else if (level_ == 0 || !advanced(r)) {
        return true;
      }
    }
  }

  // --- nested techniques (levels >= 1) -----------------------------------------
  // Runs the level's rules on the reduced grid; the first rule with a usable
  // hint contributes every elimination of its hints as new "off" potentials
  // whose parents are the removals the hint relied on. Returns whether any
  // new potential was queued.
  bool advanced(Run& r) {
    if (work_budget_expired()) return false;
    // The reduced grid: the board less the run's removals, its position
    // tables kept up to date removal by removal since the run's last call
    // (cheaper than rebuilding).
    const Board& scratch = grid_.board(*board_);
    made_.clear();
    for (std::size_t i = 0; i < rules_.size(); ++i) {
      // A rule is asked only for what the removals since it last ran in this
      // run could make (find_changed()): a hint it would leave out, that grid
      // had too, with at least its eliminations, and the rule reported it
      // then (all its hints with rule parents are taken, and the run turns
      // each taken elimination off before it calls again) or dropped it for
      // having no rule parents, which it still has none of. On the run's
      // first call, the removals are all of the run's.
      Removed removed;
      if (!grid_.removed_since(i, removed)) continue;  // the grid it last ran on: nothing new
      AllSteps all;
      rules_[i]->find_changed(scratch, removed, all);  // hints without rule parents are dropped below
      assert(((++checks_ & 15) != 0 || same_as_asked_in_full(i, scratch, all)) &&
             "asked for the removals since it last ran, a rule reports what it would for all of the run's");
      for (const Step& st : all.steps) {
        rule_parents(st, *board_, scratch, parents_);
        if (parents_.empty()) continue;
        removal_cells_.clear();
        int nested = -1;
        if (st.nested) {
          nested = static_cast<int>(nested_.size());
          nested_.push_back(st.nested);
          removal_cells_ = st.nested->removal_cells;
        } else {
          removal_order(st, removal_cells_);
        }
        java_hash_order(removal_cells_);
        for (int c : removal_cells_) {
          for_each_digit(st.removals[c], [&](int d) {
            const int q = make_node(c, d, false, -1, Cause::Advanced, nested, st.technique);
            for (int pk : parents_) {
              const int parent = r.off(pk);
              assert(parent >= 0 && "a rule parent is always a removal made by this run");
              if (parent >= 0) add_parent(q, parent);
            }
            made_.push_back(q);
          });
        }
      }
      if (!made_.empty()) break;
    }
    bool queued = false;
    for (int q : made_) {
      const Node& n = nodes_[q];
      const int k = candidate_key(n.cell, n.digit);
      if (r.off(k) >= 0) continue;
      r.add(k, false, q);
      queued = true;
    }
    return queued;
  }

  // Whether rule i, asked for all of the run's removals, reports the hints
  // with rule parents that `narrowed` holds, in the same order (what
  // advanced() relies on when it asks for fewer; checked on a sample).
  bool same_as_asked_in_full(std::size_t i, const Board& scratch, const AllSteps& narrowed) {
    const Removed removed = removed_candidates(scratch, *board_);
    AllSteps full;
    rules_[i]->find_changed(scratch, removed, full);
    std::vector<int> parents;
    auto usable = [&](const AllSteps& all) {
      std::vector<std::pair<Technique, std::array<DigitMask, kCells>>> out;
      for (const Step& st : all.steps) {
        rule_parents(st, *board_, scratch, parents);
        if (!parents.empty()) out.emplace_back(st.technique, st.removals.masks);
      }
      return out;
    };
    return usable(full) == usable(narrowed);
  }

  // An "off" derived from `parent`: contradiction if it is already on.
  bool derive_off(Run& r, int cell, int digit, int parent, Cause cause) {
    const int k = candidate_key(cell, digit);
    const int conj = r.on(k);
    if (conj >= 0) {
      absurd_on_ = conj;
      absurd_off_ = make_node(cell, digit, false, parent, cause);
      return false;
    }
    if (r.off(k) < 0) r.add(k, false, make_node(cell, digit, false, parent, cause));
    return true;
  }

  // A house lists its cells in index order (kUnitCells), so the set's own
  // order is the house's.
  template <class F>
  static void for_each_in_unit_order(int unit, const CellSet& cells, F&& f) {
    assert((cells - kUnitSet[unit]).empty() && "cells of the house only");
    (void)unit;
    cells.for_each(f);
  }

  // Runs from one assumption; returns false on a contradiction.
  bool chain_from(Run& r, int cell, int digit, bool on) {
    r.reset();
    r.add(candidate_key(cell, digit), on, make_node(cell, digit, on, -1));
    return propagate(r);
  }

  // --- complexity -----------------------------------------------------------------
  // SE's walk of a chain: breadth-first over parents, each distinct
  // (cell, digit, on) once, expanding the first node met with that value.
  template <class F>
  void walk_chain(int target, F&& visit) {
    walked_.clear();
    todo_.assign(1, target);
    while (!todo_.empty()) {
      next_.clear();
      for (int q : todo_) {
        const Node& p = nodes_[q];
        if (!walked_.insert(p.key())) continue;
        if (!visit(q)) return;
        for (int i = 0; i < p.parents_count; ++i) next_.push_back(parent_pool_[p.parents_begin + i]);
      }
      todo_.swap(next_);
    }
  }

  // Complexity of a hint whose branches end at `targets`: distinct ancestors
  // of each branch, plus once each distinct nested chain met along them.
  // For a sink keeping the first hint only, -1 as soon as the count shows
  // the hint cannot sort first: hints sort by rating (this producer's base
  // plus the length increment, which grows with complexity), complexity,
  // then kind (`sort_key`), and one equal to an earlier one sorts after it.
  int hint_complexity(const std::vector<int>& targets, int sort_key) {
    const int limit = bound_.limit(sort_key);  // speed only (chain_bounds.hpp)
    int total = 0;
    counted_nested_.clear();
    for (int t : targets) {
      walk_chain(t, [&](int q) {
        ++total;
        const int n = nodes_[q].nested;
        if (n >= 0) {
          const NestedChain* rec = nested_[n].get();
          bool seen_before = false;
          for (const NestedChain* seen : counted_nested_)
            seen_before = seen_before || seen == rec || seen->identity == rec->identity;
          if (!seen_before) {
            counted_nested_.push_back(rec);
            total += rec->complexity;
          }
        }
        return total <= limit;
      });
      if (total > limit) return -1;
    }
    return total;
  }

  // In nesting mode: what an outer chain needs from this hint. `assumed` is
  // the cause SE gives the branches' assumptions (cell / region forcing).
  std::shared_ptr<const NestedChain> make_record(const std::vector<int>& targets, Cause assumed, int complexity,
                                                 int cell, std::string text) {
    auto rec = std::make_shared<NestedChain>();
    rec->complexity = complexity;
    rec->text = std::move(text);
    rec->removal_cells.push_back(cell);
    for (int t : targets) {
      walk_chain(t, [&](int q) {
        const Node& p = nodes_[q];
        rec->identity.push_back(p.key());
        const Cause c = p.cause == Cause::None ? assumed : p.cause;
        if (p.on && c != Cause::None && c != Cause::Advanced) rec->causes.push_back({p.cell, p.digit, c});
        return true;
      });
      rec->identity.push_back(-1);
    }
    return rec;
  }

  // --- hints ------------------------------------------------------------------------
  // The removals of a conclusion: "on" keeps only its digit (a placement), "off" removes it.
  bool conclude(Step& s, int cell, int digit, bool on) const {
    if (on) {
      s.removals[cell] = static_cast<DigitMask>(board_->candidates(cell) & ~digit_bit(digit));
      s.place_cell = static_cast<std::int8_t>(cell);
      s.place_digit = static_cast<std::uint8_t>(digit);
    } else {
      s.removals[cell] = static_cast<DigitMask>(board_->candidates(cell) & digit_bit(digit));
    }
    return s.has_eliminations();
  }

  // Names and rates a hint whose branches end at targets_. In nesting mode
  // it is explained at once and carries what an outer chain needs; `assumed`
  // is the cause SE gives the branches' assumptions (cell / region forcing).
  void add_hint(Step&& s, int sort_key, const char* kind, Cause assumed, int unit = -1) {
    s.difficulty = base() + length_increment(s.complexity);
    s.technique = mode_ == Mode::Nishio ? Technique::NishioForcingChain
                  : mode_ == Mode::Multiple ? (sort_key == 6 ? Technique::RegionForcingChain : Technique::CellForcingChain)
                  : level_ == 0 ? Technique::DynamicForcingChain
                  : level_ == 1 ? Technique::DynamicForcingChainPlus
                                : Technique::NestedForcingChain;
    const char* prefix = mode_ == Mode::Nishio ? "Nishio " : mode_ == Mode::Dynamic ? "Dynamic " : "";
    s.label = std::string(prefix) + kind + " Chains" + suffix();
    bound_.found(s.complexity, sort_key);  // hint_complexity() let it through
    ChainHint h{std::move(s), sort_key, targets_, unit};
    if (nesting_) {
      describe(h);
      const int cell = h.step.places() ? h.step.place_cell : removal_cell(h.step);
      h.step.nested = make_record(h.targets, assumed, h.step.complexity, cell, h.step.name() + ": " + h.step.detail);
    }
    hints_.push_back(std::move(h));
  }

  static int removal_cell(const Step& s) {
    for (int c = 0; c < kCells; ++c)
      if (s.removals[c]) return c;
    return -1;
  }

  // Contradiction (Nishio or dynamic): the assumption (cell, digit, on) fails.
  void contradiction_hint(const Run& r, int cell, int digit, bool on) {
    Step s;
    if (!conclude(s, cell, digit, !on)) return;
    targets_.assign({r.absurd_on, r.absurd_off});
    s.complexity = hint_complexity(targets_, 7);
    if (s.complexity < 0) return;
    s.cells.add(cell);
    add_hint(std::move(s), 7, nishio() ? "Forcing" : "Contradiction Forcing", Cause::None);
  }

  // Double forcing: the same conclusion from the assumption on and off.
  void double_hint(int from_on, int from_off, int cell) {
    const Node t = nodes_[from_on];
    Step s;
    if (!conclude(s, t.cell, t.digit, t.on)) return;
    targets_.assign({from_on, from_off});
    s.complexity = hint_complexity(targets_, 1);
    if (s.complexity < 0) return;
    s.cells.add(cell);
    s.cells.add(t.cell);
    add_hint(std::move(s), 1, "Double Forcing", Cause::None);
  }

  // Cell or region forcing: the conclusion follows from every branch.
  void reduction_hint(const std::vector<int>& branch_nodes, int sort_key, int src_cell, Cause assumed) {
    const Node t = nodes_[branch_nodes.front()];
    Step s;
    if (!conclude(s, t.cell, t.digit, t.on)) return;
    s.complexity = hint_complexity(branch_nodes, sort_key);
    if (s.complexity < 0) return;
    s.cells.add(src_cell);
    s.cells.add(t.cell);
    targets_ = branch_nodes;
    add_hint(std::move(s), sort_key, sort_key == 6 ? "Region Forcing" : "Cell Forcing", assumed,
             sort_key == 6 ? cause_unit(assumed, src_cell) : -1);
  }

  // --- explanations (chain_notation.hpp) -------------------------------------------
  NetNode node(int index) const override {
    const Node& n = nodes_[index];
    return {n.cell, n.digit, n.on, n.cause == Cause::Advanced, n.rule,
            n.nested >= 0 ? nested_[n.nested].get() : nullptr};
  }
  int parent_count(int index) const override { return nodes_[index].parents_count; }
  int parent(int index, int k) const override {
    return parent_pool_[nodes_[index].parents_begin + k];
  }
  // The assumption a branch starts from.
  const Node& root_of(int index) const {
    while (nodes_[index].parents_count) index = parent(index, 0);
    return nodes_[index];
  }

  // Writes a hint's branches, e.g. for a contradiction
  // "r1c1=1 is impossible: (1)r1c1-r7c1=r7c6; (1)r1c1-r1c5=r3c6[r1c4]-r7c6,
  //  r1c4<>1: (1)r1c1-r1c4 => r1c1<>1" and for cell/region forcing one
  // branch per assumption, "r5c5=1: ...; r5c5=2: ... => r1c1<>9".
  void describe(ChainHint& h) {
    if (!h.step.detail.empty()) return;
    std::string& out = h.step.detail;
    writer_.new_hint(&h.step.chain);
    if (h.sort_key == 7) {
      const Node& a = root_of(h.targets[0]);
      out = potential_text(a.cell, a.digit, a.on) + " is impossible: ";
      writer_.chain(h.targets[0], out);
      out += "; ";
      writer_.chain(h.targets[1], out);
      writer_.proofs(out);
    } else {
      if (h.unit >= 0) {
        const Node& a = root_of(h.targets[0]);
        out += static_cast<char>('0' + a.digit);
        out += " in " + unit_name(h.unit) + ": ";
      }
      for (std::size_t i = 0; i < h.targets.size(); ++i) {
        if (i > 0) {
          out += "; ";
          writer_.new_branch();
        }
        const Node& a = root_of(h.targets[i]);
        out += potential_text(a.cell, a.digit, a.on) + ": ";
        writer_.chain(h.targets[i], out);
        writer_.proofs(out);
      }
    }
    const Step& s = h.step;
    out += " => ";
    if (s.places()) {
      out += potential_text(s.place_cell, s.place_digit, true);
    } else {
      const int c = removal_cell(s);
      out += potential_text(c, single_digit(s.removals[c]), false);
    }
  }

  // --- SE's getMultipleChainsHintListForCell ------------------------------------------
  void cell_hints(int cell, int cardinality) {
    const DigitMask cands = board_->candidates(cell);
    const bool do_double = cardinality >= 3 && !nishio() && dynamic();
    const bool do_contradiction = dynamic();  // Nishio is dynamic too
    // Speed only. Multiple (static) mode: a run holds at most what its assumption
    // reaches in the static graph, so cell or region forcing needs a
    // potential every branch reaches; without one, neither runs nor hints.
    bool cell_forcing = true;
    std::array<std::uint8_t, 10> region_forcing;  // by digit, bit k: the cell's k-th house (kCellUnits)
    region_forcing.fill(7);
    if (mode_ == Mode::Multiple) {
      std::array<int, 9> from{};
      int n = 0;
      for_each_digit(cands, [&](int d) { from[n++] = potential_key(cell, d, true); });
      cell_forcing = reach_.reach_in_common(from.data(), n);
      bool any = cell_forcing;
      for_each_digit(cands, [&](int d) {
        region_forcing[d] = 0;
        for (int k = 0; k < 3; ++k) {
          const int u = kCellUnits[cell][k];
          if (!first_region_position(u, cell, d)) continue;
          std::array<int, 9> where{};
          int m = 0;
          for_each_bit(board_->positions(u, d), [&](int i) {
            where[m++] =
                potential_key(kUnitCells[u][i], d, true);
          });
          if (!reach_.reach_in_common(where.data(), m)) continue;
          region_forcing[d] |= static_cast<std::uint8_t>(1u << k);
          any = true;
        }
      });
      if (!any) return;
    }
    value_runs_.clear();
    for_each_digit(cands, [&](int d) {
      // find_changed(): a Nishio run sees its digit only, so where no
      // candidate of the digit went, its runs are the earlier board's.
      if (nishio() && unchanged(d)) return;
      Run& on_run = cached_run(cell, d, true);
      if (do_contradiction && !on_run.consistent) contradiction_hint(on_run, cell, d, true);
      // The "off" assumption only matters for contradictions and double forcing.
      if (do_contradiction || do_double) {
        Run& off_run = cached_run(cell, d, false);
        if (do_contradiction && !off_run.consistent) contradiction_hint(off_run, cell, d, false);
        if (do_double) {
          for (int p : on_run.ons) {
            const Node& n = nodes_[p];
            const int q = off_run.on(candidate_key(n.cell, n.digit));
            if (q >= 0) double_hint(p, q, cell);
          }
          for (int p : on_run.offs) {
            const Node& n = nodes_[p];
            const int q = off_run.off(candidate_key(n.cell, n.digit));
            if (q >= 0) double_hint(p, q, cell);
          }
        }
      }
      if (!nishio()) region_hints(cell, d, on_run, region_forcing[d]);
      value_runs_.push_back(&on_run);
    });
    if (nishio() || !cell_forcing) return;
    if (cardinality == 2 || (multiple() && cardinality > 2)) common_conclusions(value_runs_, 5, cell, Cause::NakedSingle);
  }

  // Whether region forcing runs for house u and digit d from this cell: the
  // digit has two places there (or more, in multiple modes) and the cell is
  // the first of them.
  bool first_region_position(int u, int cell, int d) const {
    const std::uint16_t pos = board_->positions(u, d);
    const int count = popcount(pos);
    if (!(count == 2 || (multiple() && count > 2))) return false;
    return kUnitCells[u][lowest_bit_index(pos)] == cell;
  }

  // Conclusions shared by every run, in the first run's order ("on" ones,
  // then "off" ones): cell forcing (key 5) or region forcing (key 6).
  void common_conclusions(const std::vector<Run*>& branches, int sort_key, int src_cell, Cause assumed) {
    for (int pass = 0; pass < 2; ++pass) {
      const NodeList& first = pass == 0 ? branches[0]->ons : branches[0]->offs;
      for (int p : first) {
        const Node& n = nodes_[p];
        const int k = candidate_key(n.cell, n.digit);
        branch_.clear();
        bool common = true;
        for (Run* r : branches) {
          const int q = pass == 0 ? r->on(k) : r->off(k);
          if (q < 0) {
            common = false;
            break;
          }
          branch_.push_back(q);
        }
        if (common) reduction_hint(branch_, sort_key, src_cell, assumed);
      }
    }
  }

  // Region forcing for each house where this cell is the first position of d.
  // `possible`, bit k: the k-th house may have one (cell_hints).
  void region_hints(int cell, int d, Run& on_run, std::uint8_t possible) {
    for (int k = 0; k < 3; ++k) {
      const int u = kCellUnits[cell][k];
      if (!((possible >> k) & 1) || !first_region_position(u, cell, d)) continue;
      const std::uint16_t pos = board_->positions(u, d);
      const auto& cells = kUnitCells[u];
      region_runs_.clear();
      for_each_bit(pos, [&](int i) {
        const int c = cells[i];
        region_runs_.push_back(c == cell ? &on_run : &cached_run(c, d, true));
      });
      common_conclusions(region_runs_, 6, cell, region_cause(u));
    }
  }

  Mode mode_;
  int level_ = 0;
  bool nesting_ = false;
  std::vector<std::shared_ptr<const NestedChain>> nested_;  // chains behind advanced potentials
  std::vector<const NestedChain*> counted_nested_;
  std::vector<int> targets_;
  std::vector<std::unique_ptr<Producer>> rules_;  // nested techniques (level >= 1)
  unsigned checks_ = 0;              // advanced()'s rule calls, for the sampled check
  std::vector<int> parents_, removal_cells_;
  const Board* board_ = nullptr;
  ReducedGrid grid_;  // the run's grid
  std::vector<Node> nodes_;
  NodeList parent_pool_;
  ImplicationReach reach_;  // Multiple mode: what each assumption can reach (cell_hints)
  ComplexityBound bound_;  // speed only: hint_complexity()'s limit (chain_bounds.hpp)
  std::vector<std::unique_ptr<Run>> runs_;
  std::size_t runs_used_ = 0;
  StampedMap<kPotentialKeys, int> cached_;  // cached_run(): index in runs_ by potential key
  std::vector<Run*> value_runs_, region_runs_;
  NodeList made_, todo_, next_;
  std::vector<int> branch_;
  NetWriter writer_{*this};
  std::vector<ChainHint> hints_;
  StampedSet<kPotentialKeys> walked_;  // walk_chain()
  int absurd_on_ = -1, absurd_off_ = -1;
};

}  // namespace

std::unique_ptr<Producer> make_nishio_chains() {
  return std::make_unique<DynamicChains>(DynamicChains::Mode::Nishio, 0, 0, false);
}
std::unique_ptr<Producer> make_multiple_chains() {
  return std::make_unique<DynamicChains>(DynamicChains::Mode::Multiple, 0, 0, false);
}
std::unique_ptr<Producer> make_dynamic_chains(int level, int nesting_limit) {
  return std::make_unique<DynamicChains>(DynamicChains::Mode::Dynamic, level, nesting_limit, false);
}

}  // namespace sudokit::grader
