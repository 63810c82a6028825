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
#include <algorithm>
#include <array>
#include <vector>

#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

constexpr int kKeys = 810;  // cell * 10 + digit
constexpr int key(int cell, int digit) { return cell * 10 + digit; }

double length_increment(int complexity) {
  double added = 0.0;
  int ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? (ceil * 4) / 3 : (ceil * 3) / 2;
    odd = !odd;
  }
  return added;
}

struct Node {
  std::uint8_t cell;
  std::uint8_t digit;
  bool on;
  int parents_begin;  // into the parent pool
  int parents_count;
};

// The potentials one run derived, in insertion order, with lookup by (cell, digit).
struct Run {
  std::vector<int> ons, offs;
  std::array<int, kKeys> on_idx{}, off_idx{};
  std::array<std::uint32_t, kKeys> on_stamp{}, off_stamp{};
  std::uint32_t gen = 0;

  void reset() {
    ons.clear();
    offs.clear();
    if (++gen == 0) {
      on_stamp.fill(0);
      off_stamp.fill(0);
      gen = 1;
    }
  }
  int on(int k) const { return on_stamp[static_cast<std::size_t>(k)] == gen ? on_idx[static_cast<std::size_t>(k)] : -1; }
  int off(int k) const { return off_stamp[static_cast<std::size_t>(k)] == gen ? off_idx[static_cast<std::size_t>(k)] : -1; }
  void add(int k, bool is_on, int node) {
    if (is_on) {
      on_stamp[static_cast<std::size_t>(k)] = gen;
      on_idx[static_cast<std::size_t>(k)] = node;
      ons.push_back(node);
    } else {
      off_stamp[static_cast<std::size_t>(k)] = gen;
      off_idx[static_cast<std::size_t>(k)] = node;
      offs.push_back(node);
    }
  }
};

struct ChainHint {
  Step step;
  int sort_key;
};

class DynamicChains final : public Producer {
 public:
  enum class Mode { Nishio, Multiple, Dynamic };
  explicit DynamicChains(Mode mode) : mode_(mode) {}

  void find(const Board& board, StepSink& sink) override {
    board_ = &board;
    hints_.clear();
    for (int cell = 0; cell < kCells; ++cell) {
      if (board.value(cell) != 0) continue;
      const int n = popcount(board.candidates(cell));
      if (n > 2 || (n > 1 && dynamic())) cell_hints(cell, n);
    }
    std::stable_sort(hints_.begin(), hints_.end(), [](const ChainHint& a, const ChainHint& b) {
      if (a.step.difficulty != b.step.difficulty) return a.step.difficulty < b.step.difficulty;
      if (a.step.complexity != b.step.complexity) return a.step.complexity < b.step.complexity;
      return a.sort_key < b.sort_key;
    });
    for (const ChainHint& h : hints_)
      if (!sink.add(h.step)) return;
  }

 private:
  bool dynamic() const { return mode_ != Mode::Multiple; }
  bool nishio() const { return mode_ == Mode::Nishio; }
  bool multiple() const { return mode_ != Mode::Nishio; }
  double base() const { return mode_ == Mode::Nishio ? 7.5 : mode_ == Mode::Multiple ? 8.0 : 8.5; }

  Run& run(std::size_t i) {
    while (runs_.size() <= i) runs_.push_back(std::make_unique<Run>());
    return *runs_[i];
  }

  // --- nodes ------------------------------------------------------------------
  int make_node(int cell, int digit, bool on, int parent) {
    nodes_.push_back({static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(digit), on,
                      static_cast<int>(parent_pool_.size()), parent >= 0 ? 1 : 0});
    if (parent >= 0) parent_pool_.push_back(parent);
    return static_cast<int>(nodes_.size()) - 1;
  }
  // Appends a hidden parent to the node created last.
  void add_parent(int node, int parent) {
    parent_pool_.push_back(parent);
    ++nodes_[static_cast<std::size_t>(node)].parents_count;
  }

  // --- the working grid ---------------------------------------------------------
  void restore_grid() {
    for (int c = 0; c < kCells; ++c) cand_[c] = board_->candidates(c);
    for (int d = 1; d <= 9; ++d) cells_[d] = board_->digit_cells(d);
  }
  void turn_off(int cell, int digit) {
    cand_[cell] &= static_cast<DigitMask>(~digit_bit(digit));
    cells_[digit].remove(cell);
  }

  // --- one run (SE's doChaining) ------------------------------------------------
  // Propagates from the potentials already in `r`. Returns false on a
  // contradiction and sets absurd_on_/absurd_off_.
  bool propagate(Run& r) {
    restore_grid();
    std::size_t on_head = 0, off_head = 0;
    const bool y = !nishio();
    for (;;) {
      if (on_head < r.ons.size()) {
        const int p = r.ons[on_head++];
        const Node src = nodes_[static_cast<std::size_t>(p)];
        const int cell = src.cell, d = src.digit;
        // Other candidates of the cell go off.
        if (y) {
          DigitMask others = static_cast<DigitMask>(cand_[cell] & ~digit_bit(d));
          for (; others; others &= static_cast<DigitMask>(others - 1)) {
            const int v = lowest_bit_index(others) + 1;
            if (!derive_off(r, cell, v, p)) return false;
          }
        }
        // The digit goes off in the box, then in the row and column outside the box.
        const auto& units = kCellUnits[static_cast<std::size_t>(cell)];
        const CellSet box = kUnitSet[units[0]];
        for (int k = 0; k < 3; ++k) {
          CellSet where = cells_[d] & kUnitSet[units[static_cast<std::size_t>(k)]];
          where.remove(cell);
          if (k > 0) where -= box;
          bool ok = true;
          for_each_in_unit_order(units[static_cast<std::size_t>(k)], where, [&](int c) {
            if (ok) ok = derive_off(r, c, d, p);
          });
          if (!ok) return false;
        }
      } else if (off_head < r.offs.size()) {
        const int p = r.offs[off_head++];
        const Node src = nodes_[static_cast<std::size_t>(p)];
        const int cell = src.cell, d = src.digit;
        made_.clear();
        if (y && popcount(cand_[cell]) == 2) {
          const int other = single_digit(static_cast<DigitMask>(cand_[cell] & ~digit_bit(d)));
          const int q = make_node(cell, other, true, p);
          if (dynamic()) {
            for_each_digit(static_cast<DigitMask>(board_->candidates(cell) & ~cand_[cell]),
                           [&](int v) { add_parent(q, r.off(key(cell, v))); });
          }
          made_.push_back(q);
        }
        for (int k = 0; k < 3; ++k) {
          const int u = kCellUnits[static_cast<std::size_t>(cell)][static_cast<std::size_t>(k)];
          const CellSet where = cells_[d] & kUnitSet[static_cast<std::size_t>(u)];
          if (where.size() != 2) continue;
          CellSet rest = where;
          rest.remove(cell);
          const int other = rest.first();
          bool dup = false;
          for (int q : made_) {
            const Node& n = nodes_[static_cast<std::size_t>(q)];
            dup = dup || (n.cell == other && n.digit == d);
          }
          if (dup) continue;
          const int q = make_node(other, d, true, p);
          if (dynamic()) {
            const CellSet removed = (board_->digit_cells(d) & kUnitSet[static_cast<std::size_t>(u)]) - where;
            for_each_in_unit_order(u, removed, [&](int c) { add_parent(q, r.off(key(c, d))); });
          }
          made_.push_back(q);
        }
        if (dynamic()) turn_off(cell, d);
        for (int q : made_) {
          const Node& n = nodes_[static_cast<std::size_t>(q)];
          const int k = key(n.cell, n.digit);
          const int conj = r.off(k);
          if (conj >= 0) {
            absurd_on_ = q;
            absurd_off_ = conj;
            return false;
          }
          if (r.on(k) < 0) r.add(k, true, q);
        }
      } else {
        return true;
      }
    }
  }

  // An "off" derived from `parent`: contradiction if it is already on.
  bool derive_off(Run& r, int cell, int digit, int parent) {
    const int k = key(cell, digit);
    const int conj = r.on(k);
    if (conj >= 0) {
      absurd_on_ = conj;
      absurd_off_ = make_node(cell, digit, false, parent);
      return false;
    }
    if (r.off(k) < 0) r.add(k, false, make_node(cell, digit, false, parent));
    return true;
  }

  template <class F>
  static void for_each_in_unit_order(int unit, const CellSet& cells, F&& f) {
    for (int c : kUnitCells[static_cast<std::size_t>(unit)])
      if (cells.has(c)) f(c);
  }

  // Runs from one assumption; returns false on a contradiction.
  bool chain_from(Run& r, int cell, int digit, bool on) {
    r.reset();
    r.add(key(cell, digit), on, make_node(cell, digit, on, -1));
    return propagate(r);
  }

  // --- complexity -----------------------------------------------------------------
  // SE's ancestor count: breadth-first over parents, distinct (cell, digit, on).
  int ancestor_count(int node) {
    if (++count_gen_ == 0) {
      count_stamp_.fill(0);
      count_gen_ = 1;
    }
    todo_.assign(1, node);
    int n = 0;
    while (!todo_.empty()) {
      next_.clear();
      for (int q : todo_) {
        const Node& p = nodes_[static_cast<std::size_t>(q)];
        const std::size_t k = static_cast<std::size_t>(key(p.cell, p.digit) * 2 + (p.on ? 1 : 0));
        if (count_stamp_[k] == count_gen_) continue;
        count_stamp_[k] = count_gen_;
        ++n;
        for (int i = 0; i < p.parents_count; ++i) next_.push_back(parent_pool_[static_cast<std::size_t>(p.parents_begin + i)]);
      }
      todo_.swap(next_);
    }
    return n;
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

  void add_hint(Step&& s, int sort_key, const char* kind) {
    s.difficulty = base() + length_increment(s.complexity);
    s.technique = mode_ == Mode::Nishio ? Technique::NishioForcingChain
                  : mode_ == Mode::Multiple ? (sort_key == 6 ? Technique::RegionForcingChain : Technique::CellForcingChain)
                                            : Technique::DynamicForcingChain;
    const char* prefix = mode_ == Mode::Nishio ? "Nishio " : mode_ == Mode::Dynamic ? "Dynamic " : "";
    s.label = std::string(prefix) + kind + " Chains";
    hints_.push_back({std::move(s), sort_key});
  }

  // Contradiction (Nishio or dynamic): the assumption (cell, digit, on) fails.
  void contradiction_hint(int cell, int digit, bool on) {
    Step s;
    if (!conclude(s, cell, digit, !on)) return;
    s.complexity = ancestor_count(absurd_on_) + ancestor_count(absurd_off_);
    s.cells.add(cell);
    s.detail = path_text(absurd_on_) + " and " + path_text(absurd_off_);
    add_hint(std::move(s), 7, nishio() ? "Forcing" : "Contradiction Forcing");
  }

  // Double forcing: the same conclusion from the assumption on and off.
  void double_hint(int from_on, int from_off, int cell) {
    const Node t = nodes_[static_cast<std::size_t>(from_on)];
    Step s;
    if (!conclude(s, t.cell, t.digit, t.on)) return;
    s.complexity = ancestor_count(from_on) + ancestor_count(from_off);
    s.cells.add(cell);
    s.cells.add(t.cell);
    s.detail = path_text(from_on) + " and " + path_text(from_off);
    add_hint(std::move(s), 1, "Double Forcing");
  }

  // Cell or region forcing: the conclusion follows from every branch.
  void reduction_hint(const std::vector<int>& branch_nodes, int sort_key, int src_cell) {
    const Node t = nodes_[static_cast<std::size_t>(branch_nodes.front())];
    Step s;
    if (!conclude(s, t.cell, t.digit, t.on)) return;
    s.complexity = 0;
    for (int b : branch_nodes) s.complexity += ancestor_count(b);
    s.cells.add(src_cell);
    s.cells.add(t.cell);
    for (int b : branch_nodes) {
      if (!s.detail.empty()) s.detail += "; ";
      s.detail += path_text(b);
    }
    add_hint(std::move(s), sort_key, sort_key == 6 ? "Region Forcing" : "Cell Forcing");
  }

  // The first-parent path from the assumption to a node, e.g. "r1c2=5 -> r1c7<>5 -> r3c7=5".
  std::string path_text(int node) const {
    std::vector<int> path;
    for (int q = node; q >= 0;) {
      path.push_back(q);
      const Node& n = nodes_[static_cast<std::size_t>(q)];
      q = n.parents_count ? parent_pool_[static_cast<std::size_t>(n.parents_begin)] : -1;
      if (path.size() > 200) break;
    }
    std::string s;
    for (auto it = path.rbegin(); it != path.rend(); ++it) {
      const Node& n = nodes_[static_cast<std::size_t>(*it)];
      if (!s.empty()) s += " -> ";
      s += cell_name(n.cell);
      s += n.on ? "=" : "<>";
      s += static_cast<char>('0' + n.digit);
    }
    return s;
  }

  // --- SE's getMultipleChainsHintListForCell ------------------------------------------
  void cell_hints(int cell, int cardinality) {
    nodes_.clear();
    parent_pool_.clear();
    const DigitMask cands = board_->candidates(cell);
    const bool do_double = cardinality >= 3 && !nishio() && dynamic();
    const bool do_contradiction = dynamic();  // Nishio is dynamic too
    std::size_t slot = 0;
    value_runs_.clear();
    for_each_digit(cands, [&](int d) {
      Run& on_run = run(slot++);
      const bool on_ok = chain_from(on_run, cell, d, true);
      if (do_contradiction && !on_ok) contradiction_hint(cell, d, true);
      // The "off" assumption only matters for contradictions and double forcing.
      Run& off_run = run(slot++);
      const bool off_ok = (do_contradiction || do_double) ? chain_from(off_run, cell, d, false) : true;
      if (do_contradiction && !off_ok) contradiction_hint(cell, d, false);
      if (do_double) {
        for (int p : on_run.ons) {
          const Node& n = nodes_[static_cast<std::size_t>(p)];
          const int q = off_run.on(key(n.cell, n.digit));
          if (q >= 0) double_hint(p, q, cell);
        }
        for (int p : on_run.offs) {
          const Node& n = nodes_[static_cast<std::size_t>(p)];
          const int q = off_run.off(key(n.cell, n.digit));
          if (q >= 0) double_hint(p, q, cell);
        }
      }
      if (!nishio()) region_hints(cell, d, on_run, slot);
      value_runs_.push_back(&on_run);
    });
    if (nishio()) return;
    if (cardinality == 2 || (multiple() && cardinality > 2)) {
      // Conclusions common to the "on" runs of every candidate, in the first run's order.
      for (int pass = 0; pass < 2; ++pass) {
        const std::vector<int>& first = pass == 0 ? value_runs_[0]->ons : value_runs_[0]->offs;
        for (int p : first) {
          const Node& n = nodes_[static_cast<std::size_t>(p)];
          const int k = key(n.cell, n.digit);
          branch_.clear();
          bool common = true;
          for (Run* r : value_runs_) {
            const int q = pass == 0 ? r->on(k) : r->off(k);
            if (q < 0) {
              common = false;
              break;
            }
            branch_.push_back(q);
          }
          if (common) reduction_hint(branch_, 5, cell);
        }
      }
    }
  }

  // Region forcing for each house where this cell is the first position of d.
  void region_hints(int cell, int d, Run& on_run, std::size_t& slot) {
    for (int k = 0; k < 3; ++k) {
      const int u = kCellUnits[static_cast<std::size_t>(cell)][static_cast<std::size_t>(k)];
      const std::uint16_t pos = board_->positions(u, d);
      const int count = popcount(pos);
      if (!(count == 2 || (multiple() && count > 2))) continue;
      const auto& cells = kUnitCells[static_cast<std::size_t>(u)];
      if (cells[static_cast<std::size_t>(lowest_bit_index(pos))] != cell) continue;
      region_runs_.clear();
      const std::size_t first_slot = slot;
      for_each_bit(pos, [&](int i) {
        const int c = cells[static_cast<std::size_t>(i)];
        if (c == cell) {
          region_runs_.push_back(&on_run);
        } else {
          Run& r = run(slot++);
          chain_from(r, c, d, true);
          region_runs_.push_back(&r);
        }
      });
      for (int pass = 0; pass < 2; ++pass) {
        const std::vector<int>& first = pass == 0 ? on_run.ons : on_run.offs;
        for (int p : first) {
          const Node& n = nodes_[static_cast<std::size_t>(p)];
          const int kk = key(n.cell, n.digit);
          branch_.clear();
          bool common = true;
          for (Run* r : region_runs_) {
            const int q = pass == 0 ? r->on(kk) : r->off(kk);
            if (q < 0) {
              common = false;
              break;
            }
            branch_.push_back(q);
          }
          if (common) reduction_hint(branch_, 6, cell);
        }
      }
      slot = first_slot;  // the region's extra runs are no longer needed
    }
  }

  Mode mode_;
  const Board* board_ = nullptr;
  std::array<DigitMask, 81> cand_{};
  std::array<CellSet, 10> cells_{};
  std::vector<Node> nodes_;
  std::vector<int> parent_pool_;
  std::vector<std::unique_ptr<Run>> runs_;
  std::vector<Run*> value_runs_, region_runs_;
  std::vector<int> made_, branch_, todo_, next_;
  std::vector<ChainHint> hints_;
  std::array<std::uint32_t, 2 * kKeys> count_stamp_{};
  std::uint32_t count_gen_ = 0;
  int absurd_on_ = -1, absurd_off_ = -1;
};

}  // namespace

std::unique_ptr<Producer> make_nishio_chains() { return std::make_unique<DynamicChains>(DynamicChains::Mode::Nishio); }
std::unique_ptr<Producer> make_multiple_chains() { return std::make_unique<DynamicChains>(DynamicChains::Mode::Multiple); }
std::unique_ptr<Producer> make_dynamic_chains() { return std::make_unique<DynamicChains>(DynamicChains::Mode::Dynamic); }

}  // namespace sudokit::grader
