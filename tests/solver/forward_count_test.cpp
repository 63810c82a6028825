// The forward-checking counter (forward_count.hpp) against ground truth: the
// exact-cover counter (exact_cover.hpp) on the geometries dancing links
// expresses with houses alone, and a brute-force enumeration with the rules
// written out here on 4x4 leaper and non-consecutive geometries. Random
// puzzles with 0, 1 and 2+ solutions, counts compared at several limits.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "exact_cover.hpp"
#include "forward_count.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit {
namespace {

using Cells = std::vector<std::uint8_t>;

// Counts of 0, 1 and 2+ solutions seen, to show every kind was checked.
struct Kinds {
  int none = 0, one = 0, many = 0;
  void add(unsigned count) { (count == 0 ? none : count == 1 ? one : many) += 1; }
};

TEST(ForwardCount, AgreesWithExactCoverOnHouseGeometries) {
  struct Case {
    std::string spelling;
    std::vector<double> keep;  // fractions of a full grid's cells kept as clues
  };
  const std::vector<Case> cases = {
      {"classic", {0.2, 0.3, 0.4, 0.6}},
      {"x", {0.15, 0.2, 0.3, 0.5}},
      {"windows", {0.15, 0.2, 0.3, 0.5}},
      {"x,windows", {0.15, 0.2, 0.3}},
      {"disjoint", {0.2, 0.3, 0.5}},
      {"none", {0.3, 0.4, 0.6}},
      {"jigsaw:AAAABBBBBAAACCBBBBAACCCDDDDEECCDDDDFEEECCDGFFEEHHGGGFFEHHHGGGFFEHHIIGGFFHHIIIIIII", {0.2, 0.3, 0.5}},
      {"4x4", {0.0, 0.2, 0.3, 0.5}},
      {"jigsaw:AAABCADBCCDBCDDB", {0.1, 0.25, 0.4}},
      {"6x6", {0.15, 0.25, 0.4}},
      {"6x6:3x2", {0.15, 0.25, 0.4}},
      {"8x8", {0.25, 0.35, 0.5}},
      {"12x12", {0.4, 0.5, 0.7}},
      {"16x16", {0.45, 0.55, 0.7}},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.spelling);
    const GeometryPtr g = parse_geometry(c.spelling);
    test::ExactCover dlx = test::exact_cover_of(*g);
    test::ForwardCount fc(*g);
    std::mt19937_64 rng(47);
    Kinds kinds;
    const Cells empty(static_cast<std::size_t>(g->cells()), 0);
    for (int round = 0; round < 8; ++round) {
      AnySolveOptions options;
      options.shuffle_seed = rng() | 1;
      const Cells grid = solve_any(*g, empty, 1, options).solution;
      ASSERT_EQ(grid.size(), empty.size());
      ASSERT_EQ(dlx.count(grid, 2), 1u);
      ASSERT_EQ(fc.count(grid, 2), 1u);
      for (double keep : c.keep) {
        Cells p(grid.size(), 0);
        std::bernoulli_distribution kept(keep);
        for (std::size_t i = 0; i < p.size(); ++i)
          if (kept(rng)) p[i] = grid[i];
        // Every other round one empty cell gets a digit that is not the
        // grid's: 0 solutions when the rest was unique, a clash, or more.
        if (round % 2 == 1) {
          std::uniform_int_distribution<std::size_t> at(0, p.size() - 1);
          std::size_t i = at(rng);
          while (p[i] != 0) i = at(rng);
          p[i] = static_cast<std::uint8_t>(grid[i] % g->size() + 1);
        }
        const std::string text = print_cells(*g, p);
        for (unsigned limit : {1u, 2u, 7u}) {
          const unsigned want = dlx.count(p, limit);
          ASSERT_EQ(fc.count(p, limit), want) << text << " limit " << limit;
          if (limit == 2) kinds.add(want);
        }
      }
    }
    EXPECT_GT(kinds.none, 0);
    EXPECT_GT(kinds.one, 0);
    EXPECT_GT(kinds.many, 0);
  }
}

// The rules of a small geometry written out from coordinates (not from the
// Geometry value): rows, columns, regions from a map (one character per cell;
// empty: none), and the leaper and non-consecutive rules, wrapping round the
// edges when toroidal.
struct SmallRules {
  std::string spelling;
  int n = 4;
  std::string regions;
  bool knight = false, king = false, nc = false, nc_plus = false, toroidal = false;

  bool apart(int r1, int c1, int r2, int c2, int dr, int dc) const {
    int a = r1 - r2, b = c1 - c2;
    if (toroidal) {
      a = (a + n) % n, b = (b + n) % n;
      const auto near = [&](int x, int want) { return x == want || x == (n - want) % n; };
      return (near(a, dr) && near(b, dc)) || (near(a, dc) && near(b, dr));
    }
    a = a < 0 ? -a : a, b = b < 0 ? -b : b;
    return (a == dr && b == dc) || (a == dc && b == dr);
  }
  // True when x = d1 beside y = d2 breaks a rule.
  bool clash(int x, int d1, int y, int d2) const {
    const int r1 = x / n, c1 = x % n, r2 = y / n, c2 = y % n;
    if (d1 == d2) {
      if (r1 == r2 || c1 == c2) return true;
      if (!regions.empty() && regions[static_cast<std::size_t>(x)] == regions[static_cast<std::size_t>(y)]) return true;
      if (knight && apart(r1, c1, r2, c2, 1, 2)) return true;
      if (king && (apart(r1, c1, r2, c2, 1, 1) || apart(r1, c1, r2, c2, 0, 1))) return true;
    }
    if ((nc || nc_plus) && apart(r1, c1, r2, c2, 0, 1)) {
      const int diff = d1 > d2 ? d1 - d2 : d2 - d1;
      if (diff == 1 || (nc_plus && diff == n - 1)) return true;
    }
    return false;
  }
  // Every completion of p, by trying each digit cell by cell.
  unsigned brute_force(Cells& p, int at = 0) const {
    if (at == n * n) return 1;
    const auto fits = [&](int d) {
      for (int y = 0; y < n * n; ++y)
        if (y != at && p[static_cast<std::size_t>(y)] != 0 && clash(at, d, y, p[static_cast<std::size_t>(y)])) return false;
      return true;
    };
    if (p[static_cast<std::size_t>(at)] != 0) return fits(p[static_cast<std::size_t>(at)]) ? brute_force(p, at + 1) : 0;
    unsigned total = 0;
    for (int d = 1; d <= n; ++d)
      if (fits(d)) {
        p[static_cast<std::size_t>(at)] = static_cast<std::uint8_t>(d);
        total += brute_force(p, at + 1);
        p[static_cast<std::size_t>(at)] = 0;
      }
    return total;
  }
};

// 4x4 with nc has no valid grid (a row of 4 has two non-consecutive orders),
// so the nc rules are checked on 5x5 jigsaw maps as well: the rows as regions
// (a 5x5 Latin square: 161,280 grids, 20 of them nc, every one of them also
// toroidal and nc+) and a map of blocks. Where nc+ and the wrap bind, see the
// 9x9 test below.
TEST(ForwardCount, AgreesWithBruteForceOnSmallLeaperAndNcGeometries) {
  const std::string boxes4 = "AABBAABBCCDDCCDD", rows5 = "AAAAABBBBBCCCCCDDDDDEEEEE",
                    blocks5 = "AAABBAABBBCCCDDCCDDDEEEEE";
  std::vector<SmallRules> all;
  const auto with = [&](std::string rules, int n, const std::string& regions, auto set) {
    SmallRules r;
    r.n = n;
    r.regions = regions;
    r.spelling = n == 4 ? (regions.empty() ? "4x4:none," : "4x4,") + rules : "jigsaw:" + regions + "," + rules;
    set(r);
    all.push_back(r);
  };
  const auto plain = [](SmallRules&) {};
  const auto nc = [](SmallRules& r) { r.nc = true; };
  const auto nc_plus = [](SmallRules& r) { r.nc_plus = true; };
  const auto toroidal_nc = [](SmallRules& r) { r.nc = r.toroidal = true; };
  const auto toroidal_nc_plus = [](SmallRules& r) { r.nc_plus = r.toroidal = true; };
  const auto knight = [](SmallRules& r) { r.knight = true; };
  const auto toroidal_knight = [](SmallRules& r) { r.knight = r.toroidal = true; };
  const auto king = [](SmallRules& r) { r.king = true; };
  const auto toroidal_king = [](SmallRules& r) { r.king = r.toroidal = true; };
  with("nc", 4, boxes4, nc);
  with("nc+", 4, boxes4, nc_plus);
  with("toroidal,nc", 4, boxes4, toroidal_nc);
  with("anti-knight", 4, boxes4, knight);
  with("anti-knight,toroidal", 4, boxes4, toroidal_knight);
  with("anti-king", 4, boxes4, king);
  with("nc", 4, "", nc);
  with("anti-knight", 4, "", knight);
  with("anti-knight,toroidal", 4, "", toroidal_knight);
  with("anti-king", 4, "", king);
  with("anti-king,toroidal", 4, "", toroidal_king);
  with("nc", 5, rows5, nc);
  with("nc+", 5, rows5, nc_plus);
  with("toroidal,nc", 5, rows5, toroidal_nc);
  with("toroidal,nc+", 5, rows5, toroidal_nc_plus);
  with("anti-knight", 5, rows5, knight);
  with("anti-king,toroidal", 5, rows5, toroidal_king);
  with("anti-knight,toroidal", 5, rows5, toroidal_knight);
  with("anti-king", 5, blocks5, king);
  with("anti-knight", 5, blocks5, knight);
  with("nc", 5, blocks5, nc);
  Kinds kinds;
  for (const SmallRules& rules : all) {
    SCOPED_TRACE(rules.spelling);
    const GeometryPtr g = parse_geometry(rules.spelling);
    ASSERT_EQ(g->size(), rules.n);
    test::ForwardCount fc(*g);
    std::mt19937_64 rng(4);
    std::uniform_int_distribution<int> cell(0, g->cells() - 1), digit(1, rules.n), clues(0, rules.n + 2);
    Kinds here;
    for (int round = 0; round < 200; ++round) {
      Cells p(static_cast<std::size_t>(g->cells()), 0);
      for (int k = round == 0 ? 0 : clues(rng); k > 0; --k)
        p[static_cast<std::size_t>(cell(rng))] = static_cast<std::uint8_t>(digit(rng));
      Cells scratch = p;
      const unsigned want = rules.brute_force(scratch);
      ASSERT_EQ(fc.count(p, 1000000), want) << print_cells(*g, p);
      for (unsigned limit : {1u, 2u, 3u}) ASSERT_EQ(fc.count(p, limit), std::min(want, limit)) << print_cells(*g, p);
      here.add(want);
    }
    kinds.none += here.none, kinds.one += here.one, kinds.many += here.many;
  }
  EXPECT_GT(kinds.none, 1000);
  EXPECT_GT(kinds.one, 20);
  EXPECT_GT(kinds.many, 500);
}

// 9x9 puzzles with many clues, where cell-by-cell brute force is quick: clues
// kept from a random grid of a source geometry and counted under the rules of
// another (an nc grid under nc+ or toroidal nc, where 9 beside 1 or a pair
// across the edge often leaves no solution), so the wrap rules bind.
TEST(ForwardCount, AgreesWithBruteForceOnNineByNinePuzzlesWithManyClues) {
  std::string boxes9;
  for (int c = 0; c < 81; ++c) boxes9 += static_cast<char>('A' + c / 27 * 3 + c % 9 / 3);
  const auto rules_of = [&](const std::string& spelling, auto set) {
    SmallRules r;
    r.n = 9;
    r.regions = boxes9;
    r.spelling = spelling;
    set(r);
    return r;
  };
  struct Case {
    std::string source;
    SmallRules rules;
  };
  const std::vector<Case> cases = {
      {"nc", rules_of("nc", [](SmallRules& r) { r.nc = true; })},
      {"nc", rules_of("nc+", [](SmallRules& r) { r.nc_plus = true; })},
      {"nc", rules_of("toroidal,nc", [](SmallRules& r) { r.nc = r.toroidal = true; })},
      {"nc+", rules_of("nc+,toroidal", [](SmallRules& r) { r.nc_plus = r.toroidal = true; })},
      {"anti-knight", rules_of("anti-knight", [](SmallRules& r) { r.knight = true; })},
      {"anti-knight,toroidal", rules_of("anti-knight,toroidal", [](SmallRules& r) { r.knight = r.toroidal = true; })},
      {"anti-king", rules_of("anti-king,toroidal", [](SmallRules& r) { r.king = r.toroidal = true; })},
      {"anti-king,nc", rules_of("anti-king,nc", [](SmallRules& r) { r.king = r.nc = true; })},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.source + " grids under " + c.rules.spelling);
    const GeometryPtr source = parse_geometry(c.source), g = parse_geometry(c.rules.spelling);
    test::ForwardCount fc(*g);
    std::mt19937_64 rng(9);
    Kinds here;
    const Cells empty(81, 0);
    for (int round = 0; round < 24; ++round) {
      AnySolveOptions options;
      options.shuffle_seed = rng() | 1;
      const Cells grid = solve_any(*source, empty, 1, options).solution;
      ASSERT_EQ(grid.size(), 81u);
      Cells p(81, 0);
      std::bernoulli_distribution kept(round % 4 == 0 ? 0.55 : 0.7);
      for (std::size_t i = 0; i < 81; ++i)
        if (kept(rng)) p[i] = grid[i];
      Cells scratch = p;
      const unsigned want = c.rules.brute_force(scratch);
      ASSERT_EQ(fc.count(p, 1000000), want) << print_cells(*g, p);
      ASSERT_EQ(fc.count(p, 2), std::min(want, 2u)) << print_cells(*g, p);
      here.add(want);
    }
    if (c.source == c.rules.spelling) EXPECT_GT(here.one + here.many, 0);
    else EXPECT_GT(here.none, 0);
  }
}

TEST(ForwardCount, RefusesMalformedGrids) {
  const GeometryPtr g = parse_geometry("4x4");
  test::ForwardCount fc(*g);
  EXPECT_EQ(fc.count(Cells(15, 0), 2), 0u);
  Cells p(16, 0);
  p[0] = 5;
  EXPECT_EQ(fc.count(p, 2), 0u);
  p[0] = 1;
  p[5] = 1;  // the same 2x2 box
  EXPECT_EQ(fc.count(p, 2), 0u);
  p[5] = 0;
  EXPECT_EQ(fc.count(p, 1000), 288u / 4);  // 288 grids, a quarter with 1 in r1c1
}

}  // namespace
}  // namespace sudokit
