// Forcing Chains & Cycles (producer 27, static): bidirectional X-cycles
// (6.5), Y-cycles (6.5), forcing X-chains (6.6), XY-cycles (7.0) and XY
// forcing chains (7.0), each plus SE's length increment.
//
// The reference (Sukaku Explainer's Chaining, static part). SE runs three
// passes and pools their hints: X (house links only), Y (cycles only,
// starting from bivalue cells, strong links only through bivalue cells) and
// XY (both). From every candidate of every cell with two or more candidates
// it propagates "on"/"off" potentials breadth-first (pending ons before
// offs; box, row, column order; a potential is derived once and keeps its
// first parent: on_to_off, off_to_on, StaticLinks' partners). A cycle
// returns to the starting "on" potential after at least 4 links and
// eliminates a digit from cells that see an "on" and an "off" node carrying
// it (cycle_hint); a forcing chain reaches the negation of its assumption
// (chain_hint). Complexity = the number of distinct potentials among the
// conclusion's ancestors; hints are sorted by (rating as a double,
// complexity, kind: X 2, Y 3, XY 4) and the first is reported
// (emit_sorted). The grid is never modified here (no hidden parents). A
// hint keeps its chain as a path and is explained (chain_notation.hpp)
// only when it is reported.
//
// Speed only (none of it changes which hint is first; each place is marked
// "speed only" or "bound"): the hints found so far bound the levels a search
// expands (LevelBounds, chain_bounds.hpp; all open in nested use). For a
// sink that keeps the first hint only, a forcing chain is searched for only
// when its length, found with half the depth (shortest_contradiction), would
// make it the first. A forcing chain search runs only from an assumption
// that can reach its negation at all (SearchFilter: components of the
// implication graph with X and Y links and their reachable sets, once per
// find), and stops at that negation. A cycle search starts only from a
// candidate with a link that can close a cycle, makes only the potentials
// of the start's component of that graph (none when it has fewer than 4), on
// its last level only those that close the cycle, and records each cycle
// when it closes, so that the rest of the same search is already bounded by
// it. Dead-end "off"s are never made (StaticLinks::matters). Nested in a
// dynamic chain, the hints of a reduced grid asked about before are given
// again (RememberedHints).
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "chain_bounds.hpp"
#include "chain_notation.hpp"
#include "chain_support.hpp"
#include "reach.hpp"
#include "stamped_set.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

// A potential as the search derived it: how, at which level, from which
// node (the first way it was reached; the only parent static chains keep).
struct Node : Potential {
  Cause cause;          // the rule that derived it (None for the assumption)
  std::uint16_t level;  // links from the assumption
  int parent;           // index in the node pool, -1 for the assumption
};

// Speed only, in nested use: an outer dynamic chain asks on the reduced grid
// of each of its runs, and runs from different assumptions often reach the
// same grid (the 10.7 example: 4,808 calls, 3,983 grids). The hints are a
// function of the candidates and of which digits find_changed() leaves out
// (the X pass skips those: run_pass), so they are kept by that key and given
// again. Bounded: the table is emptied when full.
class RememberedHints {
 public:
  struct GridKey {
    std::array<std::uint16_t, kCells + 1> words{};  // each cell's candidates; then the digits left out
    bool operator==(const GridKey&) const = default;
  };
  /// The hints kept for `key`, or null.
  const std::vector<Step>* find(const GridKey& key) const {
    const auto it = kept_.find(key);
    return it == kept_.end() ? nullptr : &it->second;
  }
  const std::vector<Step>& keep(const GridKey& key, std::vector<Step>&& steps) {
    if (kept_.size() >= kLimit) kept_.clear();
    return kept_.emplace(key, std::move(steps)).first->second;
  }

 private:
  struct GridKeyHash {
    std::size_t operator()(const GridKey& k) const {
      std::uint64_t h = 0x9E3779B97F4A7C15ull;
      for (std::uint16_t w : k.words) h = (h ^ w) * 0x100000001B3ull;
      return static_cast<std::size_t>(h ^ (h >> 29));
    }
  };
  static constexpr std::size_t kLimit = 4096;
  std::unordered_map<GridKey, std::vector<Step>, GridKeyHash> kept_;
};

// The static links on one board, fixed for one find(): what an "off" makes
// on (SE's getOffToOn, the reference rules), and which "off"s lead anywhere
// (speed only: matters()).
class StaticLinks {
 public:
  // What an "off" (cell, digit) makes on: the cell's other digit when it is
  // bivalue (0 if not), then the other position in each house holding the
  // digit twice (box, row, column; each cell once).
  struct Partners {
    std::uint8_t digit = 0, count = 0;
    std::uint8_t cell[3] = {};
    Cause cause[3] = {};
  };
  // Link kinds, as bits: 1 a Y link (the cell is bivalue), 2 an X link (the
  // digit has exactly two positions in one of the cell's houses).
  static constexpr int kY = 1, kX = 2;

  void mark(const Board& board) {
    link_.fill(0);
    for (auto& by_digit : live_) by_digit.fill(CellSet{});
    for (int cell = 0; cell < kCells; ++cell) {
      const DigitMask m = board.candidates(cell);
      if (board.value(cell) != 0 || m == 0) continue;
      const std::uint8_t bivalue = popcount(m) == 2 ? kY : 0;
      for_each_digit(m, [&](int d) {
        std::uint8_t bits = bivalue;
        Partners& to = partners_[candidate_key(cell, d)];
        to.digit = bivalue ? static_cast<std::uint8_t>(single_digit(static_cast<DigitMask>(m & ~digit_bit(d)))) : 0;
        to.count = 0;
        for (int u : kCellUnits[cell]) {
          const std::uint16_t pos = board.positions(u, d);
          if (popcount(pos) != 2) continue;
          bits |= kX;
          const auto& cells = kUnitCells[u];
          int other = cells[lowest_bit_index(pos)];
          if (other == cell) other = cells[lowest_bit_index(clear_lowest_bit(pos))];
          bool dup = false;  // the same other cell through an earlier house
          for (int i = 0; i < to.count; ++i) dup = dup || to.cell[i] == other;
          if (dup) continue;
          to.cell[to.count] = static_cast<std::uint8_t>(other);
          to.cause[to.count++] = region_cause(u);
        }
        link_[candidate_key(cell, d)] = bits;
        for (int links = 1; links <= 3; ++links)
          if (bits & links) live_[links][d].add(cell);
      });
    }
  }
  const StaticLinks::Partners& partners(int cell, int digit) const { return partners_[candidate_key(cell, digit)]; }
  /// The link kinds of the "off" (cell, digit): the ones off_to_on follows from it.
  std::uint8_t links(int cell, int digit) const { return link_[candidate_key(cell, digit)]; }

  // Speed only. Whether an "off" (cell, digit) can matter to a search with
  // these link kinds: it has a link, or it is the search's target `keep` (a
  // candidate key, or -1). A dead-end "off" derives nothing, closes no cycle
  // and ends no chain, so it is never made: the nodes, parents and queue
  // order of every potential that matters are the same as with it.
  bool matters(int cell, int digit, int links, int keep) const {
    const int k = candidate_key(cell, digit);
    return (link_[k] & links) != 0 || k == keep;
  }
  /// The cells whose "off" of `digit` matters() with these link kinds.
  const CellSet& live(int links, int digit) const { return live_[links][digit]; }

 private:
  std::array<std::uint8_t, kCandidateKeys> link_{};
  std::array<std::array<CellSet, 10>, 4> live_{};  // [links][digit]
  std::array<Partners, kCandidateKeys> partners_{};
};

using ByDigit = std::array<CellSet, 10>;

// Speed only: which searches can succeed at all, asked of the implication
// graph with X and Y links (reach.hpp; dead-end "off"s left out, since they
// derive nothing and change no path), built once per find().
class SearchFilter {
 public:
  // A component's potentials by digit.
  struct Within {
    int comp;
    ByDigit on, off;
  };

  void start(const Board& board) {
    reach_.start(board, true, true, false);  // built when first asked
    contradicts_.fill(-1);
    withins_.clear();
  }

  // A forcing chain is a path from an assumption to its negation. Most
  // assumptions have none, and a search that finds none visits every
  // potential it can reach. So each pass asks the graph's components and
  // their reachable sets first. One graph serves both passes: every X link
  // is one of its links, so a path of the X pass is one of its paths, and
  // its "no" holds for the X pass too. Its "yes" may be a path through Y
  // links, and the search then finds nothing; that costs less than a second
  // build, digit by digit (the 10.7 example made 16,855 builds of one digit
  // beside 4,867 of all; leaving them out saved 8% of its time).
  // The X and XY passes ask about the same assumptions: answered once per find.
  bool may_contradict(int potential) {
    std::int8_t& known = contradicts_[potential];
    if (known < 0) known = reach_.reaches(potential, potential ^ 1) ? 1 : 0;
    return known != 0;
  }

  // The component of `start` by digit, or null when it has fewer than 4
  // potentials (then it holds no cycle through the start: cycles()). Worked
  // out once per find(): the cycle searches of a component's potentials
  // come in cell order, not one after another. Few components have 4
  // potentials or more.
  const Within* cycle_component(int start) {
    const int comp = reach_.component(start);
    if (comp < 0) return nullptr;
    const ImplicationReach::Members m = reach_.members(comp);
    if (m.count < 4) return nullptr;
    for (const Within& w : withins_)
      if (w.comp == comp) return &w;
    Within& w = withins_.emplace_back();
    w.comp = comp;
    for (int i = 0; i < m.count; ++i) {
      const Potential p = Potential::of_key(m.first[i]);
      (p.on ? w.on : w.off)[p.digit].add(p.cell);
    }
    return &w;
  }

 private:
  ImplicationReach reach_;
  std::array<std::int8_t, kPotentialKeys> contradicts_{};  // may_contradict() by potential: -1 not asked yet
  std::vector<Within> withins_;                            // cycle_component(), emptied by each find
};

class ForcingChainsAndCycles final : public Producer {
 public:
  /// In nesting mode every hint is kept (no rating bound) and carries what an
  /// outer chain needs (causes, complexity, identity).
  explicit ForcingChainsAndCycles(bool nesting) : nesting_(nesting) {}

  void find(const Board& board, StepSink& sink) override {
    if (nesting_) return find_remembered(board, sink);
    search(board, sink);
  }

 private:

  // Nested use: the hints of a grid asked about before (RememberedHints). A
  // search cut short by the work budget is not kept.
  void find_remembered(const Board& board, StepSink& sink) {
    RememberedHints::GridKey k;
    for (int c = 0; c < kCells; ++c)
      k.words[c] =
          static_cast<std::uint16_t>(board.candidates(c) | (board.value(c) << 10));  // DigitMask: bits 0..8
    for (int d = 1; d <= 9; ++d)
      if (unchanged(d)) k.words[kCells] = static_cast<std::uint16_t>(k.words[kCells] | digit_bit(d));
    if (const std::vector<Step>* kept = remembered_.find(k)) {
      for (const Step& st : *kept)
        if (!sink.add(st)) return;
      return;
    }
    AllSteps all;
    search(board, all);
    const std::vector<Step>* found = &all.steps;
    if (!work_budget_expired()) found = &remembered_.keep(k, std::move(all.steps));
    for (const Step& st : *found)
      if (!sink.add(st)) return;
  }

  void search(const Board& board, StepSink& sink) {
    board_ = &board;
    hints_.clear();
    bounds_.start(!nesting_, sink.first_only());
    links_.mark(*board_);
    filter_.start(*board_);
    // The three passes, pooled in this order before sorting.
    run_pass(false, true);
    run_pass(true, false);
    run_pass(true, true);
    emit_sorted(hints_, sink, [this](ChainHint& h) { describe(h); });
  }

  // --- potential sets (stamped, so clearing is O(1)) ------------------------
  void new_search() {
    node_count_ = 0;
    reached_off_.fill(CellSet{});
    reached_.clear();
    off_done_.clear();
  }
  int find_on(int cell, int digit) const { return reached_.find(potential_key(cell, digit, true), -1); }
  int find_off(int cell, int digit) const { return reached_.find(potential_key(cell, digit, false), -1); }
  void put(int node) {
    const Node& p = nodes_[node];
    reached_.put(p.key(), node);
    if (!p.on) reached_off_[p.digit].add(p.cell);
  }
  int add_node(int cell, int digit, bool on, int parent, Cause cause = Cause::None) {
    const int level = parent < 0 ? 0 : nodes_[parent].level + 1;
    // The pool only grows (node_count_ is its size in use): the searches'
    // hottest path has no push_back, only a rarely taken grow.
    if (static_cast<std::size_t>(node_count_) == nodes_.size()) grow_nodes();
    nodes_[node_count_] = {Potential::of(cell, digit, on), cause, static_cast<std::uint16_t>(level), parent};
    return node_count_++;
  }
  [[gnu::noinline, gnu::cold]] void grow_nodes() { nodes_.resize(std::max<std::size_t>(1024, 2 * nodes_.size())); }
  bool same(int a, int cell, int digit, bool on) const {
    const Node& p = nodes_[a];
    return p.cell == cell && p.digit == digit && p.on == on;
  }


  // "p is on" makes these off: other candidates of its cell (Y only), then the
  // digit in the other cells of its box, row and column (each cell once, in
  // the house's order, which is the cells' order); only those that matter
  // (links as in matters()). With Reached::Skip only those not reached yet: a
  // forcing chain keeps the first way it reaches a potential, and one call
  // never makes the same potential twice. With Reached::UnlessClosing a
  // reached one is made again only if it closes the cycle (closes()): a
  // cycle search processes a repeated "off" for that alone. With `only`
  // (by digit, cells) only those in it are made, in the same order.
  enum class Reached { Keep, Skip, UnlessClosing };
  void on_to_off(int p, bool y, int links, int keep, Reached reached, NodeList& out, const ByDigit* only = nullptr) {
    out.clear();
    const Node src = nodes_[p];
    const int cell = src.cell, d = src.digit;
    if (y) {
      for_each_digit(static_cast<DigitMask>(board_->candidates(cell) & ~digit_bit(d)), [&](int v) {
        if (only && !(*only)[v].has(cell)) return;
        if (!links_.matters(cell, v, links, keep)) return;
        if (reached != Reached::Keep && find_off(cell, v) >= 0 && !(reached == Reached::UnlessClosing && closes(cell, v)))
          return;
        out.push_back(add_node(cell, v, false, p, Cause::NakedSingle));
      });
    }
    // live() holds candidates only, and so does the target `keep`.
    CellSet live = links_.live(links, d);
    if (keep >= 0 && keep % 10 == d) live.add(keep / 10);
    live &= kPeerSet[cell];  // before the reached ones are sorted out: only peers matter
    if (only) live &= (*only)[d];
    if (reached != Reached::Keep) {
      const CellSet again = live & reached_off_[d];
      live -= again;
      if (reached == Reached::UnlessClosing)
        again.for_each([&](int c) {
          if (closes(c, d)) live.add(c);
        });
    }
    const auto& units = kCellUnits[cell];
    const CellSet box = kUnitSet[units[0]];
    (live & box).for_each([&](int c) { out.push_back(add_node(c, d, false, p, Cause::HiddenBox)); });
    ((live & kUnitSet[units[1]]) - box).for_each([&](int c) {
      out.push_back(add_node(c, d, false, p, Cause::HiddenRow));
    });
    ((live & kUnitSet[units[2]]) - box).for_each([&](int c) {
      out.push_back(add_node(c, d, false, p, Cause::HiddenColumn));
    });
  }

  // "p is off" makes these on: the other candidate of a bivalue cell (Y), and
  // the other position of the digit in each of the box, row and column of the
  // cell where it has exactly two positions (X). Equal potentials once; with
  // `fresh` only those not reached yet, with `only` only those in it (as in
  // on_to_off).
  void off_to_on(int p, bool y, bool x, bool fresh, NodeList& out, const ByDigit* only = nullptr) {
    out.clear();
    const Node src = nodes_[p];
    const StaticLinks::Partners& to = links_.partners(src.cell, src.digit);
    if (y && to.digit && !(fresh && find_on(src.cell, to.digit) >= 0) &&
        !(only && !(*only)[to.digit].has(src.cell)))
      out.push_back(add_node(src.cell, to.digit, true, p, Cause::NakedSingle));
    if (x)
      for (int i = 0; i < to.count; ++i)
        if (!(fresh && find_on(to.cell[i], src.digit) >= 0) && !(only && !(*only)[src.digit].has(to.cell[i])))
          out.push_back(add_node(to.cell[i], src.digit, true, p, to.cause[i]));
  }

  // Marks the potentials on the first-parent path above `child` (not child
  // itself); is_marked_ancestor() then answers for any target in O(1).
  void mark_ancestors(int child) {
    ancestors_.clear();
    for (int q = nodes_[child].parent; q >= 0; q = nodes_[q].parent) ancestors_.insert(nodes_[q].key());
  }
  bool is_marked_ancestor(int target) const { return ancestors_.contains(nodes_[target].key()); }

  // Number of distinct potentials (cell, digit, on/off) among `node` and its ancestors.
  int ancestor_count(int node) {
    counted_.clear();
    int n = 0;
    for (int q = node; q >= 0; q = nodes_[q].parent)
      if (counted_.insert(nodes_[q].key())) ++n;
    return n;
  }


  void record(ChainHint&& h) {
    bounds_.found(h.step.difficulty, h.step.complexity, h.sort_key);
    hints_.push_back(std::move(h));
  }

  // --- the passes ---------------------------------------------------------------
  void run_pass(bool y, bool x) {
    // Bound: a pass whose base rating already exceeds the best hint cannot win.
    if (!bounds_.pass_may_win(x && y ? 7.0 : 6.5)) return;
    for (int cell = 0; cell < kCells; ++cell) {
      const DigitMask m = board_->candidates(cell);
      if (board_->value(cell) != 0 || popcount(m) < 2) continue;
      if (work_budget_expired()) return;
      if (!x && popcount(m) > 2) continue;  // Y-cycles start only from bivalue cells
      for_each_digit(m, [&](int d) {
        // find_changed(): every potential of an X-pass search has the
        // source's digit, and so have the causes of its hints: when no
        // candidate of that digit was removed, its hints have no rule parents
        // and the board had them before. Only in nesting mode, where no hint
        // bounds another (a skipped one would).
        if (nesting_ && !y && unchanged(d)) return;
        unary_chaining(cell, d, y, x);
      });
    }
  }

  // SE's doUnaryChaining: cycles from the "on" assumption, then (X and XY
  // passes) forcing chains from "on" and from "off".
  void unary_chaining(int cell, int d, bool y, bool x) {
    cycles(cell, d, y, x);
    if (!x) return;
    for (bool from_on : {true, false}) {
      // Speed only: a chain search runs only for an assumption whose negation
      // can be reached (may_contradict). For a sink that wants the first hint only,
      // only for one whose chain would sort first: its one hint's length is
      // found with half the depth (shortest_contradiction).
      const int longest = bounds_.longest_chain(y);
      if (longest < 0 || !filter_.may_contradict(potential_key(cell, d, from_on))) continue;
      if (bounds_.first_only() && shortest_contradiction(cell, d, from_on, y, longest) < 0) continue;
      forcing_chains(cell, d, from_on, y);
    }
  }

  // Speed only. The number of links of the shortest chain from the assumption (cell, d)
  // on (from_on) or off to its negation, which is the chain the forcing
  // chain search reports (BFS; complexity = links + 1), when it is at most
  // `max_links`; else -1.
  //
  // Every link has its contrapositive (a house or a cell links both ways),
  // so the assumption P implies a potential q in i links and its negation
  // in j links exactly when there is a chain of i + j links from P to not P
  // through q. Halfway along a shortest chain of L links is a q with i and j
  // at most ceil(L / 2). So once every potential up to level k is reached,
  // the least i + j met so far is the shortest chain if it is at most 2k,
  // and no chain of 2k links or fewer exists if it is not. The potentials
  // this needs are ones the search makes (a link's contrapositive is the
  // same link, so each "off" on the way matters()).
  int shortest_contradiction(int cell, int d, bool from_on, bool y, int max_links) {
    start_search(cell, d, from_on);
    const int keep = from_on ? candidate_key(cell, d) : -1;
    int shortest = LevelBounds::kMaxChain + 1;
    auto reached = [&](int q) {
      const Node& n = nodes_[q];
      const int negation = n.on ? find_off(n.cell, n.digit) : find_on(n.cell, n.digit);
      if (negation >= 0) shortest = std::min(shortest, n.level + nodes_[negation].level);
    };
    std::size_t on_head = 0, off_head = 0;
    for (int level = 0;; ++level) {
      // Every potential up to `level` is reached; those at `level` are pending.
      if (shortest <= 2 * level) break;
      if (2 * level >= max_links) return -1;
      if (work_budget_expired()) return -1;
      const bool ons = (level % 2 == 0) == from_on;
      if (ons) {
        if (on_head == pending_on_.size()) break;  // nothing left to reach
        while (on_head < pending_on_.size()) {
          on_to_off(pending_on_[on_head++], y, (y ? 1 : 0) | 2, keep, Reached::Skip, scratch_);
          for (int q : scratch_) {
            const Node& n = nodes_[q];
            if (find_off(n.cell, n.digit) >= 0) continue;
            pending_off_.push_back(q);
            put(q);
            reached(q);
          }
        }
      } else {
        if (off_head == pending_off_.size()) break;
        while (off_head < pending_off_.size()) {
          off_to_on(pending_off_[off_head++], y, true, true, scratch_);
          for (int q : scratch_) {
            const Node& n = nodes_[q];
            if (find_on(n.cell, n.digit) >= 0) continue;
            pending_on_.push_back(q);
            put(q);
            reached(q);
          }
        }
      }
    }
    return shortest <= max_links ? shortest : -1;
  }

  // SE's getCycles from the "on" assumption (cell, d): breadth-first, a
  // cycle closes when an "off" makes the start on again after 4 links or
  // more (close_cycle, cycle_hint).
  void cycles(int cell, int d, bool y, bool x) {
    // Speed only, from here to the search: the link that closes a cycle
    // makes the start on from an "off": the start's cell is bivalue (Y) or
    // its digit has two positions in one of its houses (X). Without such a
    // link no cycle comes back.
    if ((links_.links(cell, d) & ((y ? StaticLinks::kY : 0) | (x ? StaticLinks::kX : 0))) == 0) return;
    // A cycle through the start lies in the start's component of the
    // implication graph with X and Y links (reach.hpp; every pass's links
    // are among them): a component of fewer than 4 potentials holds none of
    // 4 links or more, and the search makes no potential outside it. What
    // it leaves out reaches nothing inside (else it would be inside), so the
    // levels, parents and order of those it makes are unchanged.
    within_ = filter_.cycle_component(potential_key(cell, d, true));
    if (!within_) return;
    new_search();
    // The "off"s that close the cycle (closes()), by digit: the start's
    // digit where a house holds it twice (X), and the other digit of a
    // bivalue start (Y). Links are symmetric: c is the start's partner
    // exactly when the start is c's.
    closers_.fill(CellSet{});
    const StaticLinks::Partners& start_to = links_.partners(cell, d);
    if (x)
      for (int i = 0; i < start_to.count; ++i) closers_[d].add(start_to.cell[i]);
    if (y && start_to.digit != 0) closers_[start_to.digit].add(cell);
    // The start makes each of them off (a peer with its digit, or its cell's
    // other digit), and each makes it on: they are in its component, and
    // the last level's closers_ are a part of within_->off.
    assert((closers_[d] - within_->off[d]).empty() &&
           (closers_[start_to.digit] - within_->off[start_to.digit]).empty() &&
           "a closing off is in the start's component");
    const int source = add_node(cell, d, true, -1);
    put(source);
    pending_on_.assign(1, source);
    pending_off_.clear();
    const double cycle_base = x && y ? 7.0 : 6.5;
    const int cycle_kind = x && y ? 4 : (y ? 3 : 2);  // cycle_hint's sort key
    LevelBounds::Cache& on_bound = cycle_bounds_[cycle_kind][1];
    LevelBounds::Cache& off_bound = cycle_bounds_[cycle_kind][0];
    int length = 0;
    std::size_t on_head = 0, off_head = 0;
    while (on_head < pending_on_.size() || off_head < pending_off_.size()) {
      ++length;
      while (on_head < pending_on_.size()) {
        const int p = pending_on_[on_head++];
        const int level = nodes_[p].level;
        const int deepest = bounds_.deepest(on_bound, cycle_base, 1, cycle_kind);
        if (level > deepest) return;
        // The last level: no "on" two links further is expanded, so the
        // "off"s made here matter only if they close the cycle.
        on_to_off(p, y, (y ? 1 : 0) | (x ? 2 : 0), -1, Reached::UnlessClosing, scratch_,
                  level + 2 > deepest ? &closers_ : &within_->off);
        bool marked = false;
        for (int q : scratch_) {
          const Node& n = nodes_[q];
          if (find_off(n.cell, n.digit) < 0) {
            put(q);  // not reached before, so not an ancestor of p
          } else {
            if (!marked) mark_ancestors(p);
            marked = true;
            if (is_marked_ancestor(q)) continue;
          }
          pending_off_.push_back(q);
        }
      }
      ++length;
      while (off_head < pending_off_.size()) {
        const int p = pending_off_[off_head++];
        const int level = nodes_[p].level;
        const int deepest = bounds_.deepest(off_bound, cycle_base, 0, cycle_kind);
        if (level > deepest) return;
        if (level + 2 > deepest) {
          // The last level: the "on"s made here are not expanded, so only
          // the start matters (close_cycle makes it as off_to_on would).
          if (length >= 4) close_cycle(p, cell, d, y, x);
          continue;
        }
        const Node& off = nodes_[p];
        if (!off_done_.insert(off.candidate())) {
          // Processed before through another parent: its "on" consequences are
          // already known, so only a new way back to the start matters.
          if (length >= 4) close_cycle(p, cell, d, y, x);
          continue;
        }
        off_to_on(p, y, x, false, scratch_, &within_->on);
        for (int q : scratch_) {
          const Node& n = nodes_[q];
          if (length >= 4 && n.cell == cell && n.digit == d) cycle_hint(q, y, x);
          if (find_on(n.cell, n.digit) < 0) {
            pending_on_.push_back(q);
            put(q);
          }
        }
      }
    }
  }


  // Whether the "off" (c, v) makes the cycle's start on (close_cycle's test).
  bool closes(int c, int v) const { return closers_[v].has(c); }

  // If "off" node p implies the start (cell, d) on, records that cycle end.
  // Same rules and order as off_to_on, restricted to the start.
  void close_cycle(int p, int cell, int d, bool y, bool x) {
    const Node src = nodes_[p];
    const StaticLinks::Partners& to = links_.partners(src.cell, src.digit);
    if (y && src.cell == cell) {
      if (to.digit == d) cycle_hint(add_node(cell, d, true, p, Cause::NakedSingle), y, x);
      return;
    }
    if (!x || src.digit != d || src.cell == cell) return;
    for (int i = 0; i < to.count; ++i)
      if (to.cell[i] == cell) {  // the first house holding the digit twice, as off_to_on
        cycle_hint(add_node(cell, d, true, p, to.cause[i]), y, x);
        return;
      }
  }

  void cycle_hint(int end, bool y, bool x) {
    // Cells of the cycle; then, walking back from the end, the candidates each
    // "on" node and each "off" node sees outside the cycle (in SE's order);
    // the cycle eliminates those seen by both.
    CellSet cells;
    for (int q = end; nodes_[q].parent >= 0; q = nodes_[q].parent)
      cells.add(nodes_[q].cell);
    std::array<CellSet, 10> by_on{}, by_off{};
    DigitMask digits = 0;  // the cycle's digits
    for (int q = end; nodes_[q].parent >= 0; q = nodes_[q].parent) {
      const Node& p = nodes_[q];
      (p.on ? by_on : by_off)[p.digit] |= (kPeerSet[p.cell] - cells) & board_->digit_cells(p.digit);
      digits |= digit_bit(p.digit);
    }
    // Most cycles eliminate nothing: see so before anything is listed.
    bool eliminates = false;
    for_each_digit(digits, [&](int d) {
      eliminates = eliminates || !(by_on[d] & by_off[d]).empty();
    });
    if (!eliminates) return;
    // The "on" nodes' candidates in the order the walk first sees them.
    std::array<CellSet, 10> on_so_far{};
    cancel_.clear();
    for (int q = end; nodes_[q].parent >= 0; q = nodes_[q].parent) {
      const Node& p = nodes_[q];
      if (!p.on) continue;
      auto& mine = on_so_far[p.digit];
      const CellSet seen = (kPeerSet[p.cell] - cells) & board_->digit_cells(p.digit);
      (seen - mine).for_each([&](int c) { cancel_.push_back(candidate_key(c, p.digit)); });
      mine |= seen;
    }
    Step s;
    removal_cells_.clear();
    for (int k : cancel_) {
      const int c = k / 10, d = k % 10;
      if (!by_off[d].has(c)) continue;
      if (!s.removals[c]) removal_cells_.push_back(c);
      s.removals[c] |= digit_bit(d);
    }
    if (!s.has_eliminations()) return;
    s.complexity = ancestor_count(end);
    const bool xy = x && y;
    s.technique = xy ? Technique::XYCycle : (y ? Technique::YCycle : Technique::XCycle);
    s.difficulty = (xy ? 7.0 : 6.5) + length_increment(s.complexity);
    s.cells = cells;
    s.label = xy ? "Bidirectional Cycle" : y ? "Bidirectional Y-Cycle"
                                             : (cells.size() == 4 ? "Generalized X-Wing" : "Bidirectional X-Cycle");
    ChainHint h{std::move(s), xy ? 4 : (y ? 3 : 2), path_codes(end), -1};
    if (nesting_) {
      describe(h);
      h.step.nested = cycle_record(end, h.step.complexity, h.step.name() + ": " + h.step.detail);
    }
    record(std::move(h));
  }

  // What an outer chain needs from a cycle: its two targets are the cycle
  // read forwards (ending on the start) and SE's reversed copy, whose nodes
  // have their on/off state flipped but keep their causes.
  std::shared_ptr<const NestedChain> cycle_record(int end, int complexity, std::string text) {
    auto rec = std::make_shared<NestedChain>();
    rec->complexity = complexity;
    rec->text = std::move(text);
    rec->removal_cells = removal_cells_;
    path_.clear();
    for (int q = end; q >= 0; q = nodes_[q].parent) path_.push_back(q);  // end .. root
    // Target 1: from the end back towards the start (the start equals the end).
    for (std::size_t i = 0; i + 1 < path_.size(); ++i) {
      const Node& p = nodes_[path_[i]];
      if (p.on && p.cause != Cause::None) rec->causes.push_back({p.cell, p.digit, p.cause});
      rec->identity.push_back(p.key());
    }
    rec->identity.push_back(-1);
    // Target 2: the reversed cycle, from the start forwards.
    for (std::size_t i = path_.size(); i-- > 1;) {
      const Node& p = nodes_[path_[i]];
      if (!p.on && p.cause != Cause::None) rec->causes.push_back({p.cell, p.digit, p.cause});
      rec->identity.push_back(p.negation().key());
    }
    return rec;
  }

  // A new search from the assumption (cell, d) on or off, queued.
  void start_search(int cell, int d, bool on) {
    new_search();
    const int source = add_node(cell, d, on, -1);
    put(source);
    pending_on_.clear();
    pending_off_.clear();
    (on ? pending_on_ : pending_off_).push_back(source);
  }

  // Assume (cell, d) on (from_on) or off and look for its own negation.
  void forcing_chains(int cell, int d, bool from_on, bool y) {
    start_search(cell, d, from_on);
    const double base = y ? 7.0 : 6.6;
    LevelBounds::Cache& bound = chain_bounds_[y ? 1 : 0];
    std::size_t on_head = 0, off_head = 0;
    while (on_head < pending_on_.size() || off_head < pending_off_.size()) {
      while (on_head < pending_on_.size()) {
        const int p = pending_on_[on_head++];
        if (nodes_[p].level > bounds_.deepest(bound, base, 1, y ? 4 : 2)) return;
        on_to_off(p, y, (y ? 1 : 0) | 2, from_on ? candidate_key(cell, d) : -1, Reached::Skip, scratch_);
        for (int q : scratch_) {
          const Node& n = nodes_[q];
          if (from_on && n.cell == cell && n.digit == d) return chain_hint(q, y);  // its one target
          if (find_off(n.cell, n.digit) < 0) {
            pending_off_.push_back(q);
            put(q);
          }
        }
      }
      while (off_head < pending_off_.size()) {
        const int p = pending_off_[off_head++];
        if (nodes_[p].level > bounds_.deepest(bound, base, 1, y ? 4 : 2)) return;
        off_to_on(p, y, true, true, scratch_);
        for (int q : scratch_) {
          const Node& n = nodes_[q];
          if (!from_on && n.cell == cell && n.digit == d) return chain_hint(q, y);
          if (find_on(n.cell, n.digit) < 0) {
            pending_on_.push_back(q);
            put(q);
          }
        }
      }
    }
  }

  void chain_hint(int target, bool y) {
    const Node t = nodes_[target];
    Step s;
    if (t.on) {
      s.removals[t.cell] = static_cast<DigitMask>(board_->candidates(t.cell) & ~digit_bit(t.digit));
      s.place_cell = static_cast<std::int8_t>(t.cell);
      s.place_digit = t.digit;
    } else {
      s.removals[t.cell] = digit_bit(t.digit);
    }
    if (!s.has_eliminations()) return;
    s.complexity = ancestor_count(target);
    s.technique = y ? Technique::ForcingChain : Technique::ForcingXChain;
    s.difficulty = (y ? 7.0 : 6.6) + length_increment(s.complexity);
    s.cells.add(t.cell);
    s.digits = digit_bit(t.digit);
    s.label = y ? "Forcing Chain" : (s.complexity == 6 ? "Turbot Fish" : "Forcing X-Chain");
    ChainHint h{std::move(s), y ? 4 : 2, path_codes(target), -1};
    if (nesting_) {
      describe(h);
      auto rec = std::make_shared<NestedChain>();
      rec->complexity = h.step.complexity;
      rec->text = h.step.name() + ": " + h.step.detail;
      rec->removal_cells.push_back(t.cell);
      for (int q = target; q >= 0; q = nodes_[q].parent) {
        const Node& p = nodes_[q];
        if (p.on && p.cause != Cause::None) rec->causes.push_back({p.cell, p.digit, p.cause});
        rec->identity.push_back(p.key());
      }
      h.step.nested = std::move(rec);
    }
    record(std::move(h));
  }

  // The chain from the assumption to `end` as potential codes, the
  // assumption first: what the hint's explanation is written from.
  std::vector<int> path_codes(int end) const {
    int n = 0;
    for (int q = end; q >= 0; q = nodes_[q].parent) ++n;
    std::vector<int> codes(static_cast<std::size_t>(n));
    for (int q = end; q >= 0; q = nodes_[q].parent) {
      const Node& p = nodes_[q];
      codes[--n] = p.key();
    }
    return codes;
  }

  // The hint's chain in Eureka notation (chain_notation.hpp), then its
  // conclusion: "(5)r2c3-r2c7=r8c7-(4)r8c7=... => r2c3<>5".
  void describe(ChainHint& h) {
    if (!h.step.detail.empty()) return;
    path_view_.set(&h.targets);
    writer_.new_hint(&h.step.chain);
    writer_.chain(static_cast<int>(h.targets.size()) - 1, h.step.detail);
    const Technique t = h.step.technique;
    if (t == Technique::XCycle || t == Technique::YCycle || t == Technique::XYCycle) {
      h.step.detail += " => " + step_effect(h.step);
    } else {
      const NetNode last = path_view_.node(static_cast<int>(h.targets.size()) - 1);
      h.step.detail += " => " + potential_text(last.cell, last.digit, last.on);
    }
  }

  const Board* board_ = nullptr;
  std::vector<Node> nodes_;  // the node pool: its first node_count_ are this search's
  int node_count_ = 0;
  NodeList pending_on_, pending_off_, scratch_;
  std::vector<ChainHint> hints_;
  StaticLinks links_;                       // the board's links, per find()
  ByDigit closers_{};                       // by digit: the cells whose "off" closes it (all in within_->off)
  const SearchFilter::Within* within_ = nullptr;          // the cycle search's component
  std::array<CellSet, 10> reached_off_{};  // per digit, the cells whose "off" this search has put()
  SearchFilter filter_;  // speed only: which searches can succeed at all
  StampedMap<kPotentialKeys, int> reached_;       // this search's node of each potential reached
  StampedSet<kCandidateKeys> off_done_;           // the "off"s whose consequences a cycle search made
  StampedSet<kPotentialKeys> ancestors_;          // mark_ancestors()
  StampedSet<kPotentialKeys> counted_;            // ancestor_count()
  LevelBounds bounds_;  // speed only (chain_bounds.hpp)
  std::array<std::array<LevelBounds::Cache, 2>, 5> cycle_bounds_{};  // [cycle kind][extra]: cycles()
  std::array<LevelBounds::Cache, 2> chain_bounds_{};                 // [y]: forcing_chains()
  bool nesting_ = false;
  RememberedHints remembered_;  // find_remembered()
  std::vector<int> cancel_, removal_cells_, path_;
  PathView path_view_;
  NetWriter writer_{path_view_};
};

}  // namespace

std::unique_ptr<Producer> make_forcing_chains_and_cycles(bool nesting) {
  return std::make_unique<ForcingChainsAndCycles>(nesting);
}

}  // namespace sudokit::grader
