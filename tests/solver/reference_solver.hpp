// A deliberately simple solver used only to check the fast one: plain
// backtracking over the empty cells in row-major order, trying digits 1..9,
// counting solutions up to a limit. Slow but obviously correct.
#pragma once

#include "sudokit/solver/grid.hpp"

namespace sudokit::test {

class ReferenceSolver {
 public:
  unsigned count(Grid grid, unsigned limit, Grid* first = nullptr) {
    limit_ = limit;
    found_ = 0;
    first_ = first;
    if (find_conflict(grid)) return 0;
    search(grid, 0);
    return found_;
  }

 private:
  static bool allowed(const Grid& g, int cell, int d) {
    for (int p : kPeers[cell])
      if (g[p] == d) return false;
    return true;
  }
  void search(Grid& g, int from) {
    int cell = from;
    while (cell < 81 && g[cell] != 0) ++cell;
    if (cell == 81) {
      if (found_++ == 0 && first_ != nullptr) *first_ = g;
      return;
    }
    for (int d = 1; d <= 9 && found_ < limit_; ++d) {
      if (!allowed(g, cell, d)) continue;
      g[cell] = static_cast<std::uint8_t>(d);
      search(g, cell + 1);
      g[cell] = 0;
    }
  }
  unsigned limit_ = 0;
  unsigned found_ = 0;
  Grid* first_ = nullptr;
};

}  // namespace sudokit::test
