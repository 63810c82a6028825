// Board model: unit and peer tables, the rule check, initial candidates.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "sudokit/solver/bits.hpp"
#include "sudokit/solver/grid.hpp"
#include "test_data.hpp"

namespace sudokit {
namespace {

TEST(Units, EveryUnitHoldsNineDistinctCellsAndEveryCellIsInThreeUnits) {
  std::array<int, 81> seen{};
  for (int u = 0; u < 27; ++u) {
    std::set<int> cells(kUnitCells[u].begin(), kUnitCells[u].end());
    EXPECT_EQ(cells.size(), 9u);
    for (int c : cells) ++seen[c];
  }
  for (int c = 0; c < 81; ++c) EXPECT_EQ(seen[c], 3) << c;
  // box 4 (the centre) is rows 3..5, columns 3..5, row-major
  EXPECT_EQ(kUnitCells[4][0], cell_at(3, 3));
  EXPECT_EQ(kUnitCells[4][8], cell_at(5, 5));
  EXPECT_EQ(kUnitCells[18 + 2][1], cell_at(1, 2));
}

TEST(Units, PeersAreTwentySymmetricAndMatchUnits) {
  for (int c = 0; c < 81; ++c) {
    std::set<int> peers(kPeers[c].begin(), kPeers[c].end());
    EXPECT_EQ(peers.size(), 20u);
    EXPECT_FALSE(peers.count(c));
    for (int p : peers) {
      EXPECT_TRUE(sees(p, c));
      const auto& pp = kPeers[p];
      EXPECT_NE(std::find(pp.begin(), pp.end(), c), pp.end());
    }
    EXPECT_EQ(kCellUnits[c][0], box_of(c));
    EXPECT_EQ(kCellUnits[c][1], 9 + row_of(c));
    EXPECT_EQ(kCellUnits[c][2], 18 + col_of(c));
  }
}

TEST(Names, CellAndUnitNamesAreOneBased) {
  EXPECT_EQ(cell_name(0), "r1c1");
  EXPECT_EQ(cell_name(80), "r9c9");
  EXPECT_EQ(cell_name(cell_at(2, 6)), "r3c7");
  EXPECT_EQ(unit_name(4), "box 5");
  EXPECT_EQ(unit_name(9 + 2), "row 3");
  EXPECT_EQ(unit_name(18 + 8), "column 9");
}

TEST(Conflict, FindsTwoEqualDigitsInEachKindOfUnit) {
  Grid g;
  EXPECT_FALSE(find_conflict(g));
  g[cell_at(2, 0)] = 5;
  g[cell_at(2, 6)] = 5;
  auto c = find_conflict(g);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->message(), "digit 5 appears twice in row 3 (r3c1, r3c7)");

  Grid h;
  h[cell_at(0, 4)] = 7;
  h[cell_at(8, 4)] = 7;
  ASSERT_TRUE(find_conflict(h));
  EXPECT_EQ(find_conflict(h)->unit_id, 18 + 4);

  Grid b;
  b[cell_at(0, 0)] = 1;
  b[cell_at(1, 1)] = 1;
  ASSERT_TRUE(find_conflict(b));
  EXPECT_EQ(find_conflict(b)->unit_id, 0);
}

TEST(Candidates, ExcludeDigitsSeenByPeers) {
  const Grid g = test::grid_from(
      "4..8..3599..1..4....8.....289.4........36.......9....13...4....1......8.2..5.1.64");
  const Candidates cand = Candidates::from_grid(g);
  EXPECT_EQ(cand[0], 0);  // a given
  for (int c = 0; c < 81; ++c) {
    if (g[c]) continue;
    for (int d = 1; d <= 9; ++d) {
      bool seen = false;
      for (int p : kPeers[c]) seen = seen || g[p] == d;
      EXPECT_EQ((cand[c] & digit_bit(d)) != 0, !seen);
    }
  }
}

TEST(Solution, IsSolutionOfChecksRulesAndGivens) {
  Grid solution;  // the classic pattern grid: valid by construction
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) solution[cell_at(r, c)] = static_cast<std::uint8_t>((r * 3 + r / 3 + c) % 9 + 1);
  ASSERT_FALSE(find_conflict(solution));
  Grid puzzle = solution;
  for (int c = 0; c < 81; c += 2) puzzle[c] = 0;
  EXPECT_TRUE(is_solution_of(solution, puzzle));
  Grid other_givens = puzzle;
  other_givens[1] = static_cast<std::uint8_t>(solution[1] % 9 + 1);
  EXPECT_FALSE(is_solution_of(solution, other_givens));
  Grid broken = solution;
  std::swap(broken[0], broken[1]);  // rows stay full, columns break
  EXPECT_FALSE(is_solution_of(broken, puzzle));
  EXPECT_FALSE(is_solution_of(puzzle, puzzle));  // incomplete
}


// Combinations: every k-subset once, in increasing numeric (colex) order, the
// order SE's set and fish searches use; the subset walk visits exactly the
// combinations inside its set, in that same order, and stops when asked.
TEST(Combinations, AllKSubsetsInColexOrderAndWithinASetTheSameOrderFiltered) {
  for (int n = 1; n <= 9; ++n) {
    for (int k = 1; k <= n; ++k) {
      std::vector<std::uint32_t> all;
      for_each_combination(n, k, [&](std::uint32_t m) {
        all.push_back(m);
        return true;
      });
      std::vector<std::uint32_t> expected;
      for (std::uint32_t m = 0; m < (1u << n); ++m)
        if (std::popcount(m) == k) expected.push_back(m);
      ASSERT_EQ(all, expected) << n << " " << k;
    }
  }
  for (std::uint32_t set : {0x000u, 0x001u, 0x0A5u, 0x1FFu, 0x136u, 0x100u, 0x0F0u}) {
    for (int k = 1; k <= 4; ++k) {
      std::vector<std::uint32_t> filtered, within;
      for_each_combination(9, k, [&](std::uint32_t m) {
        if (!(m & ~set)) filtered.push_back(m);
        return true;
      });
      for_each_combination_within(set, k, [&](std::uint32_t m) {
        within.push_back(m);
        return true;
      });
      EXPECT_EQ(within, filtered) << set << " " << k;
    }
  }
  int visited = 0;
  for_each_combination_within(0x1FFu, 2, [&](std::uint32_t) { return ++visited < 5; });
  EXPECT_EQ(visited, 5);
}

}  // namespace
}  // namespace sudokit
