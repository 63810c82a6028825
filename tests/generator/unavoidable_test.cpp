// Unavoidable sets against brute force and the solver, and the digger's
// shortcuts (unavoidable sets, singles) against a digger that asks the
// solver every time.
#include <gtest/gtest.h>

#include <algorithm>
#include <vector>

#include "sudokit/generator/digger.hpp"
#include "sudokit/generator/grids.hpp"
#include "sudokit/generator/unavoidable.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit {
namespace {

// The grid with digits a and b swapped in the rows of `rows` (both cells of each row).
Grid swap_in_rows(const Grid& g, int a, int b, unsigned rows) {
  Grid out = g;
  for (int c = 0; c < kCells; ++c)
    if ((rows >> row_of(c)) & 1) {
      if (g[c] == a) out[c] = static_cast<std::uint8_t>(b);
      else if (g[c] == b) out[c] = static_cast<std::uint8_t>(a);
    }
  return out;
}

TEST(UnavoidableSets, TwoDigitSetsAreTheComponentsOfEveryValidSwap) {
  for (std::uint64_t i = 0; i < 40; ++i) {
    Engine e = stream_engine(11, i);
    const Grid g = backtrack_grid(e);
    const UnavoidableSets u = unavoidable_sets(g);
    for (int a = 1; a <= 9; ++a)
      for (int b = a + 1; b <= 9; ++b) {
        // The found sets of this pair, as row sets; they must partition the rows.
        std::vector<unsigned> parts;
        for (int k = 0; k < u.count; ++k) {
          const CellSet& s = u.sets[static_cast<std::size_t>(k)];
          bool has_a = false, has_b = false, foreign = false;
          unsigned rows = 0;
          s.for_each([&](int c) {
            has_a = has_a || g[c] == a;
            has_b = has_b || g[c] == b;
            foreign = foreign || (g[c] != a && g[c] != b);
            rows |= 1u << row_of(c);
          });
          if (!has_a || !has_b || foreign) continue;  // another pair's set, or a two-line set
          ASSERT_EQ(s.size(), 2 * std::popcount(rows));  // both cells of each of its rows
          parts.push_back(rows);
        }
        unsigned all = 0;
        for (unsigned p : parts) {
          ASSERT_EQ(all & p, 0u);
          all |= p;
        }
        ASSERT_EQ(all, 0x1FFu);
        // Swapping on a row set gives a valid grid exactly when it is a union of parts.
        for (unsigned rows = 1; rows < 512; ++rows) {
          bool is_union = true;
          for (unsigned p : parts) is_union = is_union && ((rows & p) == 0 || (rows & p) == p);
          const Grid swapped = swap_in_rows(g, a, b, rows);
          ASSERT_EQ(!find_conflict(swapped).has_value(), is_union) << "digits " << a << b << " rows " << rows;
        }
      }
  }
}

TEST(UnavoidableSets, EverySetLeavesASecondSolutionWhenEmptied) {
  int two_line = 0;
  for (std::uint64_t i = 0; i < 200; ++i) {
    Engine e = stream_engine(14, i);
    const Grid g = backtrack_grid(e);
    const UnavoidableSets u = unavoidable_sets(g);
    for (int k = 0; k < u.count; ++k) {
      const CellSet& s = u.sets[static_cast<std::size_t>(k)];
      Grid p = g;
      unsigned digits = 0;
      s.for_each([&](int c) {
        digits |= 1u << g[c];
        p[c] = 0;
      });
      two_line += std::popcount(digits) > 2;
      ASSERT_EQ(solve(p, 2).count, 2u) << "grid " << i << " set " << k;
    }
    // Each cell is listed with exactly the sets that contain it.
    for (int c = 0; c < kCells; ++c) {
      const auto n = u.count_of_cell[static_cast<std::size_t>(c)];
      int containing = 0;
      for (int k = 0; k < u.count; ++k) containing += u.sets[static_cast<std::size_t>(k)].has(c);
      ASSERT_EQ(containing, n);
      for (int k = 0; k < n; ++k) ASSERT_TRUE(u.sets[u.of_cell[static_cast<std::size_t>(c)][static_cast<std::size_t>(k)]].has(c));
    }
  }
  EXPECT_GT(two_line, 200);  // the two-line family is found, not only the two-digit one
}

// A digger with no shortcuts: the same random order, the solver decides every removal.
Grid dig_by_solver_only(const Grid& solution, Engine& engine) {
  std::array<std::uint8_t, 81> order{};
  for (int c = 0; c < kCells; ++c) order[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(c);
  for (int i = kCells - 1; i > 0; --i)
    std::swap(order[static_cast<std::size_t>(i)], order[draw_below(engine, static_cast<std::uint32_t>(i + 1))]);
  Grid p = solution;
  for (auto c : order) {
    p[c] = 0;
    if (solve(p, 2).count != 1) p[c] = solution[c];
  }
  return p;
}

TEST(UnavoidableSets, DiggerShortcutsNeverChangeTheResult) {
  for (std::uint64_t i = 0; i < 400; ++i) {
    Engine grid_engine = stream_engine(12, i);
    const Grid solution = backtrack_grid(grid_engine);
    Engine a = stream_engine(13, i), b = stream_engine(13, i);
    const DigResult dug = dig(solution, DigOptions{}, a);
    ASSERT_TRUE(dug.ok);
    ASSERT_EQ(dug.puzzle, dig_by_solver_only(solution, b)) << "grid " << i;
  }
}

}  // namespace
}  // namespace sudokit
