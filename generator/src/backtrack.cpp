// Method 1, full randomized backtracking: fill the empty cell with the fewest
// candidates, trying its candidates in random order, and back up on a dead
// end. The three diagonal boxes, which share no unit, are filled first with
// random permutations (any three can be completed, so the search would reach
// such a start without a dead end anyway). Every choice stays open, so any
// valid grid can come out. The state is the digits used in each of the 27
// units (placing and removing a digit are three XORs) and the list of empty
// cells; a cell's candidates are worked out when the scan for the fewest
// needs them. Measured against keeping 81 candidate masks per level and
// updating 20 peers per placement, this does a third less work and runs
// twice as fast. Nothing is allocated.
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
    for (const int box : {0, 4, 8}) {
      const DigitMap digits = random_digits(engine_);
      for (std::size_t i = 0; i < 9; ++i) place(kUnitCells[static_cast<std::size_t>(box)][i], digits[i + 1]);
    }
    for (int c = 0; c < kCells; ++c)
      if (grid_[c] == 0) empty_[n_empty_++] = static_cast<std::uint8_t>(c);
    [[maybe_unused]] const bool filled = fill();
    assert(filled);  // the diagonal boxes always have a completion
    return grid_;
  }

 private:
  DigitMask candidates(int cell) const {
    const auto& u = kCellUnits[static_cast<std::size_t>(cell)];
    return static_cast<DigitMask>(kAllDigits & ~(used_[u[0]] | used_[u[1]] | used_[u[2]]));
  }

  // Puts digit d in (or, called again, takes it out of) `cell`'s three units.
  void toggle(int cell, int d) {
    for (const auto u : kCellUnits[static_cast<std::size_t>(cell)])
      used_[u] = static_cast<DigitMask>(used_[u] ^ digit_bit(d));
  }
  void place(int cell, int d) {
    grid_[cell] = static_cast<std::uint8_t>(d);
    toggle(cell, d);
  }

  // Fills the remaining empty cells; false (state unchanged) on a dead end.
  bool fill() {
    if (n_empty_ == 0) return true;
    int best = 0, best_count = 10;
    DigitMask best_mask = 0;
    for (int i = 0; i < n_empty_; ++i) {
      const DigitMask m = candidates(empty_[i]);
      const int n = popcount(m);
      if (n < best_count) {
        best = i;
        best_count = n;
        best_mask = m;
        if (n <= 1) break;  // a single (or a dead cell): nothing can beat it
      }
    }
    if (best_count == 0) return false;
    const int cell = empty_[best];
    std::swap(empty_[best], empty_[--n_empty_]);
    for (unsigned left = best_mask; left != 0;) {
      const int d = random_set_bit(left, engine_) + 1;
      left &= ~static_cast<unsigned>(digit_bit(d));
      place(cell, d);
      if (fill()) return true;
      toggle(cell, d);
    }
    grid_[cell] = 0;
    std::swap(empty_[best], empty_[n_empty_++]);
    return false;
  }

  Engine& engine_;
  Grid grid_;
  DigitMask used_[27] = {};  // digits placed in each unit (ids as in kCellUnits)
  std::uint8_t empty_[kCells];
  int n_empty_ = 0;
};

}  // namespace

Grid backtrack_grid(Engine& engine) { return BacktrackFiller(engine).run(); }

}  // namespace sudokit
