// Bivalue Universal Grave, types 1-4 (producer 22 of the default list):
// type 1 5.6, type 2 5.7, type 4 5.7, type 3 5.7 + 0.1 per naked-set digit
// beyond the first (pair 5.8 .. set of 6 6.2).
//
// Search, as the reference does it with lkSudoku's BUG fix on:
//  * houses box, row, column (0..8 each), digits 1..9; a digit whose count of
//    places in the house is neither 0 nor 2 must have exactly one place in a
//    cell with 3 or more candidates: that cell is a BUG cell for the digit;
//    no such cell at all means no BUG; two or more settle nothing here;
//  * the fix: when every such irregular house concerns one same digit, all
//    the 3+ candidate cells holding it there are BUG cells for that digit;
//  * the search stops as soon as several BUG cells with several BUG digits
//    have no common peer;
//  * with the BUG digits taken out, every empty cell must be bivalue and
//    every digit must have 0 or 2 places in every house.
// Hints: one BUG cell: type 1; one BUG digit: type 2, then type 4 (two
// cells); otherwise, with common peers, type 4 (two cells) then type 3. They
// are reported in that order (not sorted; there is one BUG configuration).
#include <array>
#include <string>

#include "sudokit/grader/technique.hpp"
#include "virtual_naked_set.hpp"

namespace sudokit::grader {
namespace {

class Bug final : public Producer {
 public:
  void find(const Board& board, StepSink& sink) override {
    board_ = &board;
    if (!collect(board)) return;
    if (!still_grave()) return;

    if (n_bug_ == 1) {
      Step s = start(1, 5.6);
      s.removals[bug_[0]] = static_cast<DigitMask>(board.candidates(bug_[0]) & ~all_values_);
      sink.add(s);
    } else if (popcount(all_values_) == 1) {
      if (!type2(sink)) return;
      if (n_bug_ == 2) type4(sink);
    } else if (has_common_ && !common_.empty()) {
      if (n_bug_ == 2 && !type4(sink)) return;
      type3(sink);
    }
  }

 private:
  // Finds the BUG cells and their BUG digits; false when there is no BUG.
  bool collect(const Board& board) {
    temp_ = board.candidate_masks().masks;
    n_bug_ = 0;
    bug_set_ = CellSet{};
    bug_values_.fill(0);
    all_values_ = 0;
    common_ = CellSet{};
    has_common_ = false;
    CellSet extra_cells;
    bool has_extra = false;
    bool one_digit = true;
    int only_digit = 0;

    for (int u = 0; u < 27; ++u) {  // boxes, rows, columns
      const auto& cells = kUnitCells[static_cast<std::size_t>(u)];
      for (int d = 1; d <= 9; ++d) {
        const std::uint16_t pos = board.positions(u, d);
        const int count = popcount(pos);
        if (count == 0 || count == 2) continue;
        CellSet wide;
        int n_wide = 0, first = -1;
        for_each_bit(pos, [&](int j) {
          const int c = cells[static_cast<std::size_t>(j)];
          if (popcount(board.candidates(c)) >= 3) {
            wide.add(c);
            if (n_wide++ == 0) first = c;
          }
        });
        if (!has_extra) {
          extra_cells = wide;
          has_extra = true;
          only_digit = d;
        } else if (one_digit) {
          if (only_digit == d) extra_cells |= wide;
          else one_digit = false;
        }
        if (n_wide == 1) {
          if (!bug_set_.has(first)) add_cell(first);
          bug_values_[static_cast<std::size_t>(first)] |= digit_bit(d);
          all_values_ |= digit_bit(d);
          temp_[static_cast<std::size_t>(first)] &= static_cast<DigitMask>(~digit_bit(d));
          if (!keep_common(first)) return false;
        }
        if (n_wide == 0) return false;
      }
    }
    if (one_digit && has_extra) {
      // lkSudoku's fix: every 3+ candidate cell carrying the only irregular
      // digit is a BUG cell for it (ascending cell order).
      bool ok = true;
      (extra_cells - bug_set_).for_each([&](int c) {
        if (!ok) return;
        add_cell(c);
        bug_values_[static_cast<std::size_t>(c)] = digit_bit(only_digit);
        temp_[static_cast<std::size_t>(c)] &= static_cast<DigitMask>(~digit_bit(only_digit));
        ok = keep_common(c);
      });
      if (!ok) return false;
    }
    return true;
  }

  void add_cell(int c) {
    bug_[static_cast<std::size_t>(n_bug_++)] = c;
    bug_set_.add(c);
  }

  // Narrows the common peers of the BUG cells; false when no BUG type can apply.
  bool keep_common(int c) {
    common_ = has_common_ ? (common_ & kPeerSet[static_cast<std::size_t>(c)]) : kPeerSet[static_cast<std::size_t>(c)];
    has_common_ = true;
    common_ -= bug_set_;
    return !(n_bug_ > 1 && popcount(all_values_) > 1 && common_.empty());
  }

  // Without the BUG digits: all empty cells bivalue, every digit 0 or 2 times per house.
  bool still_grave() const {
    for (int c = 0; c < kCells; ++c)
      if (board_->value(c) == 0 && popcount(temp_[static_cast<std::size_t>(c)]) != 2) return false;
    for (int u = 0; u < 27; ++u) {
      DigitMask once = 0, twice = 0, more = 0;
      for (int c : kUnitCells[static_cast<std::size_t>(u)]) {
        const DigitMask m = temp_[static_cast<std::size_t>(c)];
        more |= static_cast<DigitMask>(twice & m);
        twice |= static_cast<DigitMask>(once & m);
        once |= m;
      }
      if ((once & ~twice) || more) return false;
    }
    return true;
  }

  Step start(int type, double rating) const {
    Step s;
    s.technique = Technique::BivalueUniversalGrave;
    s.difficulty = rating;
    s.type_number = static_cast<std::uint8_t>(type);
    s.cells = bug_set_;
    s.digits = all_values_;
    s.label = "BUG type " + std::to_string(type);
    s.detail = "BUG digits " + digits_list(all_values_);
    return s;
  }

  bool type2(StepSink& sink) const {
    if (!has_common_ || common_.empty()) return true;
    const int d = single_digit(all_values_);
    const CellSet targets = common_ & board_->digit_cells(d);
    if (targets.empty()) return true;
    Step s = start(2, 5.7);
    targets.for_each([&](int c) { s.removals[c] = digit_bit(d); });
    return sink.add(s);
  }

  bool type4(StepSink& sink) const {
    const int c1 = bug_[0], c2 = bug_[1];
    const DigitMask shared = static_cast<DigitMask>(board_->candidates(c1) & board_->candidates(c2) & ~all_values_);
    if (popcount(shared) != 1) return true;
    for (int kind = 0; kind < 3; ++kind) {
      const int u = kCellUnits[static_cast<std::size_t>(c1)][static_cast<std::size_t>(kind)];
      if (u != kCellUnits[static_cast<std::size_t>(c2)][static_cast<std::size_t>(kind)]) continue;
      Step s = start(4, 5.7);
      for (int c : {c1, c2})
        s.removals[c] = static_cast<DigitMask>(board_->candidates(c) & ~bug_values_[static_cast<std::size_t>(c)] & ~shared);
      // The reference reports it even when nothing is removed; such a step
      // would never make progress, so it is left out here.
      if (!s.has_eliminations()) continue;
      s.unit = static_cast<std::int8_t>(u);
      s.units = 1u << u;
      s.detail += ", " + digits_list(shared) + " in both, " + unit_name(u);
      if (!sink.add(s)) return false;
    }
    return true;
  }

  // Type 3: the BUG digits act as one virtual cell of a naked set completed by
  // degree-1 common peers in a house shared by all BUG cells.
  void type3(StepSink& sink) const {
    for (int degree = 2; degree <= 6; ++degree) {
      for (int kind = 0; kind < 3; ++kind) {
        const int u = kCellUnits[static_cast<std::size_t>(bug_[0])][static_cast<std::size_t>(kind)];
        bool shared = true;
        for (int i = 1; i < n_bug_ && shared; ++i)
          shared = kCellUnits[static_cast<std::size_t>(bug_[static_cast<std::size_t>(i)])][static_cast<std::size_t>(kind)] == u;
        if (!shared) continue;
        int region[9];
        int n = 0;
        (common_ & kUnitSet[static_cast<std::size_t>(u)]).for_each([&](int c) { region[n++] = c; });
        if (n < degree) continue;
        // The chosen cells alone hold the set (no BUG digit is sure in any one cell).
        const bool go = for_each_virtual_naked_set(
            *board_, region, n, degree, all_values_, 0, [&](DigitMask set, const CellSet&, const CellSet& targets) {
              Step s = start(3, 5.7 + (popcount(set) - 1) * 0.1);
              targets.for_each([&](int c) { s.removals[c] = static_cast<DigitMask>(board_->candidates(c) & set); });
              s.unit = static_cast<std::int8_t>(u);
              s.units = 1u << u;
              s.detail += ", naked set " + digits_list(set) + " in " + unit_name(u);
              return sink.add(s);
            });
        if (!go) return;
      }
    }
  }

  const Board* board_ = nullptr;
  std::array<DigitMask, kCells> temp_{};
  std::array<int, kCells> bug_{};
  int n_bug_ = 0;
  CellSet bug_set_;
  std::array<DigitMask, kCells> bug_values_{};
  DigitMask all_values_ = 0;
  CellSet common_;
  bool has_common_ = false;
};

}  // namespace

std::unique_ptr<Producer> make_bug() { return std::make_unique<Bug>(); }

}  // namespace sudokit::grader
