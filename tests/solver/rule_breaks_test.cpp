// rule_breaks (rule_breaks.hpp) against ground truth: on full grids of every
// geometry, with some cells changed at random, the grid breaks no rule
// exactly when the independent exact-cover counter (exact_cover.hpp) counts
// it as a solution; and small hand-made positions name the cells at fault
// for each kind of rule (a diagonal, a window, a jigsaw piece, a leaper,
// nc and nc+).
#include <gtest/gtest.h>

#include <random>

#include "exact_cover.hpp"
#include "sudokit/solver/rule_breaks.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit {
namespace {

using Cells = std::vector<std::uint8_t>;

TEST(RuleBreaks, NoneExactlyWhenTheExactCoverAcceptsTheFullGrid) {
  std::mt19937_64 rng(4747);
  for (const char* spelling :
       {"classic", "4x4", "6x6", "16x16", "x", "windows", "x,windows", "anti-knight", "anti-king,toroidal", "nc",
        "nc+", "6x6:3x2,nc", "jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE"}) {
    SCOPED_TRACE(spelling);
    const GeometryPtr g = parse_geometry(spelling);
    test::ExactCover dlx = test::exact_cover_of(*g);
    unsigned broken = 0, kept = 0;
    for (int k = 0; k < 40; ++k) {
      AnySolveOptions o;
      o.shuffle_seed = rng() | 1;
      Cells grid = solve_any(*g, Cells(static_cast<std::size_t>(g->cells()), 0), 1, o).solution;
      ASSERT_EQ(static_cast<int>(grid.size()), g->cells());
      const int changes = static_cast<int>(rng() % 3);  // 0: the valid grid itself
      for (int i = 0; i < changes; ++i)
        grid[rng() % grid.size()] = static_cast<std::uint8_t>(1 + rng() % static_cast<unsigned>(g->size()));
      const bool valid = dlx.count(grid, 1) == 1;
      const std::vector<int> cells = rule_breaks(*g, grid);
      EXPECT_EQ(cells.empty(), valid);
      (cells.empty() ? kept : broken) += 1;
    }
    EXPECT_GT(broken, 0u);
    EXPECT_GT(kept, 0u);
  }
}

Cells empty(const Geometry& g) { return Cells(static_cast<std::size_t>(g.cells()), 0); }

TEST(RuleBreaks, NamesTheCellsOfEachKindOfRule) {
  const GeometryPtr x = parse_geometry("x");
  Cells c = empty(*x);
  c[0] = 5;    // r1c1
  c[80] = 5;   // r9c9: the main diagonal
  c[8] = 5;    // r1c9: row 1 with r1c1
  c[40] = 3;   // centre, alone
  EXPECT_EQ(rule_breaks(*x, c), (std::vector<int>{0, 8, 80}));
  EXPECT_TRUE(rule_breaks(*classic_geometry(), [] {
                Cells k(81, 0);
                k[0] = 5;
                k[80] = 5;
                return k;
              }()).empty());  // no diagonal in the classic

  const GeometryPtr w = parse_geometry("windows");
  Cells d = empty(*w);
  d[1 * 9 + 1] = 7;  // r2c2 and r4c4: window 1
  d[3 * 9 + 3] = 7;
  EXPECT_EQ(rule_breaks(*w, d), (std::vector<int>{10, 30}));
  EXPECT_TRUE(rule_breaks(*classic_geometry(), d).empty());

  const GeometryPtr j = parse_geometry("jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE");
  Cells e = empty(*j);
  e[0] = 2;   // r1c1 and r2c2: piece A
  e[7] = 2;
  e[14] = 2;  // r3c3: piece C, but column 3 with nothing, row 3 with nothing: fine
  EXPECT_EQ(rule_breaks(*j, e), (std::vector<int>{0, 7}));

  const GeometryPtr n = parse_geometry("nc");
  Cells f = empty(*n);
  f[0] = 4;
  f[1] = 5;   // beside r1c1, one apart
  f[9] = 6;   // under r1c1, two apart: fine
  f[80] = 9;
  f[79] = 1;  // 9 beside 1 is nc+ only
  EXPECT_EQ(rule_breaks(*n, f), (std::vector<int>{0, 1}));
  EXPECT_EQ(rule_breaks(*parse_geometry("nc+"), f), (std::vector<int>{0, 1, 79, 80}));

  const GeometryPtr k = parse_geometry("anti-knight");
  Cells h = empty(*k);
  h[0] = 3;
  h[2 * 9 + 1] = 3;  // r3c2: a knight's move from r1c1
  EXPECT_EQ(rule_breaks(*k, h), (std::vector<int>{0, 19}));
}

TEST(RuleBreaks, RefusesAGridOfTheWrongShape) {
  const GeometryPtr g = parse_geometry("4x4");
  EXPECT_THROW(rule_breaks(*g, Cells(15, 0)), GeometryError);
  EXPECT_THROW(rule_breaks(*g, Cells(16, 5)), GeometryError);
}

}  // namespace
}  // namespace sudokit
