// Unique Rectangles and Unique Loops, types 1-4 (producer 16 of the default
// list). Rating by loop size: 4 cells 4.5, 6 cells 4.6, 8 cells 4.7, 10 or
// more 5.0; type 3 adds 0.1 per cell of its naked set beyond the virtual cell
// (pair +0.1) or 0.1 per value of its hidden set beyond the two loop values.
//
// Search, as the reference does it (lkSudoku's UR/UL fix on):
//  * start cells are the bivalue cells {a,b}, cells 0..80;
//  * from the start, the loop grows through cells holding both a and b; each
//    step moves inside a house (box, row, column in that order, cells in house
//    order) of a kind other than the previous step's; a cell with extra
//    candidates may join while fewer than two such cells are in the loop, or
//    when all the extra digits met so far on this path are one single digit;
//  * the loop closes when the start is met again with at least 4 cells;
//  * a closed loop is valid when every house it touches holds exactly two of
//    its cells, one at an even and one at an odd position; so a path is not
//    grown into a house holding a loop cell at the new cell's parity already
//    (it closes no valid loop, and an invalid one yields nothing).
// Hints of each valid loop: one extra cell: type 1; more than two: type 2;
// two: type 2 (one extra digit in all) or type 3 (several), then type 4.
// Equal hints (same kind, same loop cells, same set) are kept once, so a loop
// met again from another start or in another order adds nothing. In a valid
// loop the two neighbours of a cell share different houses with it, so a
// valid loop is found from each of its bivalue cells; it is first found from
// the lowest one, and the search from a start skips lower bivalue cells. All hints
// are collected and reported in order of (rating, type), ties in discovery
// order.
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "sudokit/grader/technique.hpp"
#include "virtual_naked_set.hpp"

namespace sudokit::grader {
namespace {

/// Position of a cell inside its unit of the given kind (box cells row-major).
constexpr int index_in_unit(int cell, int kind) {
  switch (kind) {
    case 0: return (row_of(cell) % 3) * 3 + col_of(cell) % 3;
    case 1: return col_of(cell);
    default: return row_of(cell);
  }
}

int unit_of(int cell, int kind) { return kCellUnits[static_cast<std::size_t>(cell)][static_cast<std::size_t>(kind)]; }

int unit_cell(int unit, int index) {
  return kUnitCells[static_cast<std::size_t>(unit)][static_cast<std::size_t>(index)];
}

/// Base rating of a loop of n cells, summed the way the reference does.
double loop_rating(int n) {
  double r = 4.5;
  if (n >= 10) r += 0.3;
  if (n >= 8) r += 0.2;
  else if (n >= 6) r += 0.1;
  return r;
}

class UniqueLoops final : public Producer {
 public:
  UniqueLoops() {
    hints_.reserve(16);
    done_.reserve(32);
  }

  void find(const Board& board, StepSink& sink) override {
    board_ = &board;
    hints_.clear();
    done_.clear();
    for (int c = 0; c < kCells; ++c) {
      const DigitMask m = board.candidates(c);
      if (!has_two_or_more(m) || has_two_or_more(clear_lowest_bit(m))) continue;  // exactly two
      pair_ = m;
      both_ = board.digit_cells(lowest_bit_index(m) + 1) & board.digit_cells(lowest_bit_index(clear_lowest_bit(m)) + 1);
      len_ = 0;
      in_loop_ = CellSet{};
      grow(c, 2, 0, -1);
    }
    std::stable_sort(hints_.begin(), hints_.end(), [](const Step& a, const Step& b) {
      if (a.difficulty != b.difficulty) return a.difficulty < b.difficulty;
      return a.type_number < b.type_number;
    });
    for (const Step& s : hints_)
      if (!sink.add(s)) return;
  }

 private:
  DigitMask cand(int cell) const { return board_->candidates(cell); }

  // Depth-first growth of the loop; `allowed` is how many more cells with
  // extra candidates may join, `extras` the extra digits met on this path.
  void grow(int cell, int allowed, DigitMask extras, int last_kind) {
    const std::uint32_t houses = houses_of(cell);
    std::uint32_t& parity = houses_at_[static_cast<std::size_t>(len_ & 1)];
    parity |= houses;
    loop_[static_cast<std::size_t>(len_++)] = static_cast<std::uint8_t>(cell);
    in_loop_.add(cell);
    for (int kind = 0; kind < 3; ++kind) {
      if (kind == last_kind) continue;
      const int u = unit_of(cell, kind);
      // The house's cells holding both loop values, in house order (which
      // is the cells' order): no other can join.
      CellSet where = both_ & kUnitSet[static_cast<std::size_t>(u)];
      where.remove(cell);
      where.for_each([&](int next) {
        if (next == loop_[0] && len_ >= 4) {
          closed();
          return;
        }
        if (in_loop_.has(next)) return;
        const DigitMask m = cand(next);
        // A valid loop is first met from its lowest bivalue cell: loops
        // through a bivalue cell before the start were all seen already.
        if (m == pair_ && next < loop_[0]) return;
        // A house holding a loop cell at the position's parity already would
        // hold two there: no loop through this path is valid (valid_loop()).
        if (houses_at_[static_cast<std::size_t>(len_ & 1)] & houses_of(next)) return;
        const DigitMask more = static_cast<DigitMask>((extras | m) & ~pair_);
        const bool bivalue = m == pair_;
        if (bivalue || is_single_bit(more) || allowed > 0) grow(next, bivalue ? allowed : allowed - 1, more, kind);
      });
    }
    --len_;
    in_loop_.remove(cell);
    parity &= ~houses;  // no other cell of this parity shares them (the check above)
  }

  static std::uint32_t houses_of(int cell) {
    const auto& u = kCellUnits[static_cast<std::size_t>(cell)];
    return (1u << u[0]) | (1u << u[1]) | (1u << u[2]);
  }

  bool valid_loop() const {
    std::uint32_t even = 0, odd = 0;
    for (int i = 0; i < len_; ++i) {
      std::uint32_t& seen = (i & 1) ? odd : even;
      const int c = loop_[static_cast<std::size_t>(i)];
      for (int kind = 0; kind < 3; ++kind) {
        const std::uint32_t bit = 1u << unit_of(c, kind);
        if (seen & bit) return false;
        seen |= bit;
      }
    }
    return even == odd;
  }

  void closed() {
    for (const CellSet& d : done_)
      if (d == in_loop_) return;  // every hint of this loop is already known
    if (!valid_loop()) return;
    done_.push_back(in_loop_);
    int extra[kMaxLoop];
    int n_extra = 0;
    for (int i = 0; i < len_; ++i) {
      const int c = loop_[static_cast<std::size_t>(i)];
      if (popcount(cand(c)) > 2) extra[n_extra++] = c;
    }
    if (n_extra == 1) {
      type1(extra[0]);
    } else if (n_extra > 2) {
      type2(extra, n_extra);
    } else if (n_extra == 2) {
      const DigitMask more = static_cast<DigitMask>((cand(extra[0]) | cand(extra[1])) & ~pair_);
      if (popcount(more) == 1) type2(extra, n_extra);
      else if (popcount(more) >= 2) type3(extra[0], extra[1]);
      type4(extra[0], extra[1]);
    }
  }

  Step start(int type, double rating) const {
    Step s;
    s.technique = Technique::UniqueRectangle;
    s.difficulty = rating;
    s.type_number = static_cast<std::uint8_t>(type);
    s.size = static_cast<std::uint8_t>(len_);
    s.cells = in_loop_;
    s.digits = pair_;
    s.label = len_ == 4 ? "Unique Rectangle type " + std::to_string(type)
                        : "Unique Loop " + std::to_string(len_) + " type " + std::to_string(type);
    for (int i = 0; i < len_; ++i) {
      if (i) s.detail += '-';
      s.detail += cell_name(loop_[static_cast<std::size_t>(i)]);
    }
    s.detail += " on " + digits_list(pair_);
    return s;
  }

  void type1(int rescue) {
    Step s = start(1, loop_rating(len_));
    s.removals[rescue] = pair_;
    hints_.push_back(std::move(s));
  }

  void type2(const int* extra, int n_extra) {
    const auto w = static_cast<DigitMask>(lowest_bit(static_cast<DigitMask>(cand(extra[0]) & ~pair_)));
    CellSet targets = kPeerSet[static_cast<std::size_t>(extra[0])];
    for (int i = 1; i < n_extra; ++i) targets &= kPeerSet[static_cast<std::size_t>(extra[i])];
    targets &= board_->digit_cells(single_digit(w));
    for (int i = 0; i < n_extra; ++i) targets.remove(extra[i]);
    if (targets.empty()) return;
    Step s = start(2, loop_rating(len_));
    targets.for_each([&](int c) { s.removals[c] = w; });
    s.detail += ", extra " + digits_list(w);
    hints_.push_back(std::move(s));
  }

  void type3(int c1, int c2) {
    const DigitMask extra = static_cast<DigitMask>((cand(c1) | cand(c2)) & ~pair_);
    const int n_extra = popcount(extra);
    for (int degree = 2; degree <= 7; ++degree) {
      for (int kind = 0; kind < 3; ++kind) {
        const int u = unit_of(c1, kind);
        if (u != unit_of(c2, kind)) continue;
        const int empty = board_->empty_in_unit(u);
        const int i1 = index_in_unit(c1, kind);
        const int i2 = index_in_unit(c2, kind);
        if (degree * 2 <= empty && degree >= n_extra) naked(c1, c2, extra, u, i1, i2, degree);
        if (degree * 2 < empty) hidden(extra, u, i1, i2, degree);
      }
    }
  }

  // Naked set: the two extra cells act as one virtual cell holding the extra
  // digits; degree-1 other cells of the house complete the set.
  // The other cells are the house's seven besides the two extra cells, in
  // house order (choosing degree-1 of them in colex order is choosing the
  // house positions with the first extra cell's and without the second's).
  // Extra digits both extra cells hold are sure in the virtual cell.
  void naked(int c1, int c2, DigitMask extra, int u, int i1, int i2, int degree) {
    int others[9];
    int n = 0;
    for (int j = 0; j < 9; ++j)
      if (j != i1 && j != i2) others[n++] = unit_cell(u, j);
    const auto sure = static_cast<DigitMask>(cand(c1) & cand(c2));
    for_each_virtual_naked_set(*board_, others, n, degree, extra, sure,
                               [&](DigitMask set, const CellSet&, const CellSet& targets) {
                                 Step s = start(3, loop_rating(len_) + (popcount(set) - 1) * 0.1);
                                 targets.for_each([&](int c) { s.removals[c] = static_cast<DigitMask>(cand(c) & set); });
                                 s.unit = static_cast<std::int8_t>(u);
                                 s.units = 1u << u;
                                 s.detail += ", naked set " + digits_list(set) + " in " + unit_name(u);
                                 hints_.push_back(std::move(s));
                                 return true;
                               });
  }

  // Hidden set: the two loop values plus degree-2 values absent from both
  // extra cells, confined (the second extra cell left out) to degree cells.
  void hidden(DigitMask extra, int u, int i1, int i2, int degree) {
    const DigitMask rest = static_cast<DigitMask>(kAllDigits & ~pair_ & ~extra);
    int rest_digits[9];
    int n_rest = 0;
    for_each_digit(rest, [&](int d) { rest_digits[n_rest++] = d; });
    const int k = degree - 2;
    if (k > n_rest || n_rest == 0) return;
    auto try_values = [&](DigitMask values) {
      std::uint32_t where = 0;
      bool every_placed = true;
      for_each_digit(values, [&](int d) {
        const std::uint32_t pos = board_->positions(u, d) & ~(1u << i2);
        if (pos == 0) every_placed = false;
        where |= pos;
      });
      if (!every_placed || popcount(where) != degree) return;
      const std::uint32_t inner = where & ~(1u << i1) & ~(1u << i2);
      Step s = start(3, loop_rating(len_) + (popcount(inner) - 1) * 0.1);
      bool any = false;
      for_each_bit(inner, [&](int j) {
        const int c = unit_cell(u, j);
        const DigitMask r = static_cast<DigitMask>(cand(c) & ~values);
        if (r) {
          s.removals[c] = r;
          any = true;
        }
      });
      if (!any) return;
      s.unit = static_cast<std::int8_t>(u);
      s.units = 1u << u;
      s.detail += ", hidden set " + digits_list(values) + " in " + unit_name(u);
      hints_.push_back(std::move(s));
    };
    if (k == 0) {
      try_values(pair_);
      return;
    }
    for_each_combination(n_rest, k, [&](std::uint32_t combo) {
      DigitMask values = pair_;
      for_each_bit(combo, [&](int j) { values |= digit_bit(rest_digits[j]); });
      try_values(values);
      return true;
    });
  }

  // Type 4: in a house shared by the two extra cells, one loop value has no
  // other place; the other loop value leaves both extra cells.
  void type4(int c1, int c2) {
    const int v1 = lowest_bit_index(pair_) + 1;
    const int v2 = lowest_bit_index(clear_lowest_bit(pair_)) + 1;
    int lock1 = -1, lock2 = -1;
    for (int kind = 0; kind < 3; ++kind) {
      const int u = unit_of(c1, kind);
      if (u != unit_of(c2, kind)) continue;
      const std::uint32_t both = (1u << index_in_unit(c1, kind)) | (1u << index_in_unit(c2, kind));
      if ((board_->positions(u, v1) & ~both) == 0) lock1 = u;
      if ((board_->positions(u, v2) & ~both) == 0) lock2 = u;
    }
    int unit = -1, gone = 0;
    if (lock1 >= 0) {
      unit = lock1;
      gone = v2;
    } else if (lock2 >= 0) {
      unit = lock2;
      gone = v1;
    } else {
      return;
    }
    Step s = start(4, loop_rating(len_));
    s.removals[c1] = digit_bit(gone);
    s.removals[c2] = digit_bit(gone);
    s.unit = static_cast<std::int8_t>(unit);
    s.units = 1u << unit;
    s.detail += ", " + std::to_string(gone == v2 ? v1 : v2) + " locked in " + unit_name(unit);
    hints_.push_back(std::move(s));
  }

  static constexpr int kMaxLoop = kCells;

  const Board* board_ = nullptr;
  DigitMask pair_ = 0;
  CellSet both_;  // the cells holding both values of pair_
  std::array<std::uint8_t, kMaxLoop> loop_{};
  std::array<std::uint32_t, 2> houses_at_{};  // grow(): houses holding a loop cell at an even, an odd position
  int len_ = 0;
  CellSet in_loop_;
  std::vector<CellSet> done_;
  std::vector<Step> hints_;
};

}  // namespace

std::unique_ptr<Producer> make_unique_loops() { return std::make_unique<UniqueLoops>(); }

}  // namespace sudokit::grader
