// Method 1, full randomized backtracking: fill the empty cell with the fewest
// candidates, trying its candidates in random order, and back up on a dead
// end. The three diagonal boxes, which cannot conflict, are filled first with
// random permutations. Every choice is open, so any valid grid can come out. The state is
// the candidates of every cell (one copy per level, on the stack) and the
// list of empty cells; nothing is allocated.
#include <cassert>
#include <utility>

#include "pick.hpp"
#include "sudokit/generator/grids.hpp"

namespace sudokit {
namespace {

class BacktrackFiller {
 public:
  explicit BacktrackFiller(Engine& engine) : engine_(engine) {}

  Grid run() {
    // The three boxes on the diagonal share no unit, so any three
    // permutations of 1..9 in them can be completed: filling them first is
    // the start every full search would reach without a dead end, and it
    // spares 27 of the 81 fewest-candidates scans.
    DigitMask rows[9] = {}, cols[9] = {};  // the diagonal boxes fill each box they touch
    for (const int box : {0, 4, 8}) {
      const DigitMap digits = random_digits(engine_);
      for (int i = 0; i < 9; ++i) {
        const int cell = kUnitCells[static_cast<std::size_t>(box)][static_cast<std::size_t>(i)];
        const std::uint8_t d = digits[static_cast<std::size_t>(i + 1)];
        grid_[cell] = d;
        rows[row_of(cell)] |= digit_bit(d);
        cols[col_of(cell)] |= digit_bit(d);
      }
    }
    Candidates cand;
    for (int c = 0; c < kCells; ++c) {
      if (grid_[c] != 0) {
        cand[c] = 0;  // placed cells keep no candidates
        continue;
      }
      // an off-diagonal box holds nothing yet: rows and columns decide
      cand[c] = static_cast<DigitMask>(kAllDigits & ~(rows[row_of(c)] | cols[col_of(c)]));
      position_[c] = static_cast<std::uint8_t>(n_empty_);
      empty_[n_empty_++] = static_cast<std::uint8_t>(c);
    }
    [[maybe_unused]] const bool filled = fill(cand, -1);
    assert(filled);  // the diagonal boxes always have a completion
    return grid_;
  }

 private:
  // Fills the remaining empty cells given their candidates; false (grid and
  // list of empty cells unchanged) on a dead end. Each level works on its
  // own copy of the candidates, so backing up is just returning. `single`,
  // when not -1, is an empty cell the last placement left with one
  // candidate: a fewest-candidates cell found without scanning.
  bool fill(const Candidates& cand, int single) {
    if (n_empty_ == 0) return true;
    int cell = single;
    if (cell < 0) {
      int best_count = 10;
      for (int i = 0; i < n_empty_; ++i) {
        const int n = kBitCount9[cand[empty_[i]]];
        if (n < best_count) {
          cell = empty_[i];
          best_count = n;
          if (n <= 1) break;
        }
      }
      if (best_count == 0) return false;
    }
    take(cell);
    for (unsigned left = cand[cell]; left != 0;) {
      const int d = random_set_bit(left, engine_) + 1;
      const DigitMask bit = digit_bit(d);
      left &= ~static_cast<unsigned>(bit);
      // Remove d from the peers; a peer left with no candidate is a dead end
      // right away, one left with a single candidate goes next.
      Candidates next = cand;
      next[cell] = 0;
      int next_single = -1;
      bool dead = false;
      for (const std::uint8_t peer : kPeers[static_cast<std::size_t>(cell)]) {  // branch-free: hits are random
        const DigitMask m = next[peer];
        const DigitMask after = static_cast<DigitMask>(m & ~bit);
        next[peer] = after;
        const bool hit = m != after;
        dead |= hit & (after == 0);
        next_single = hit & is_single_bit(after) ? peer : next_single;
      }
      if (dead) continue;
      grid_[cell] = static_cast<std::uint8_t>(d);
      if (fill(next, next_single)) return true;
    }
    grid_[cell] = 0;
    give_back(cell);
    return false;
  }

  // Moves `cell` out of the list of empty cells (to just past its end).
  void take(int cell) {
    const int i = position_[cell], last = --n_empty_;
    const std::uint8_t moved = empty_[last];
    empty_[i] = moved;
    position_[moved] = static_cast<std::uint8_t>(i);
    empty_[last] = static_cast<std::uint8_t>(cell);
    position_[cell] = static_cast<std::uint8_t>(last);
  }
  // Undoes the matching take(cell): the cell is just past the end again.
  void give_back(int cell) {
    assert(empty_[n_empty_] == cell);
    (void)cell;
    ++n_empty_;
  }

  Engine& engine_;
  Grid grid_;
  std::uint8_t empty_[kCells];     // the empty cells first, then the placed ones
  std::uint8_t position_[kCells];  // index of each cell in empty_
  int n_empty_ = 0;
};

}  // namespace

Grid backtrack_grid(Engine& engine) { return BacktrackFiller(engine).run(); }

}  // namespace sudokit
