// Canonical forms and global ids of every geometry (canonical_any.hpp,
// global_id.hpp) against ground truth: the classic canonical form for the
// band search, every element of the group tried one by one for the small
// shapes, and invariance under random symmetries of each geometry (with
// allowed relabellings) for puzzles made by solve_any with a shuffle seed
// and random clue removal.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "exact_cover.hpp"
#include "line_maps.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/canonical_any.hpp"
#include "sudokit/solver/geometry_symmetry.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve_any.hpp"
#include "test_data.hpp"

namespace sudokit {
namespace {

using Cells = std::vector<std::uint8_t>;

constexpr const char* kJigsaw9 =
    "jigsaw:AAAABBBBBAAACCBBBBAACCCDDDDEECCDDDDFEEECCDGFFEEHHGGGFFEHHHGGGFFEHHIIGGFFHHIIIIIII";

// The geometries of docs/VARIANTS.md's list (25x25 apart: its grids take
// the longest to make; one test below has it).
std::vector<std::string> spellings() {
  return {"4x4", "6x6", "6x6:3x2", "8x8", "12x12", "16x16", "none", "4x4:none", "x", "windows", "disjoint",
          "centre-dot", "girandola", "asterisk", "anti-knight", "anti-king", "anti-knight,toroidal",
          "anti-king,toroidal", "nc", "nc+", "toroidal,nc", "x,windows", "x,anti-knight", "6x6,nc",
          "jigsaw:AAABCADBCCDBCDDB", kJigsaw9, std::string(kJigsaw9) + ",x", "classic"};
}

using test::below_from;

Cells full_grid(const Geometry& g, std::uint64_t seed) {
  AnySolveOptions o;
  o.shuffle_seed = seed;
  const AnySolveResult r = solve_any(g, Cells(static_cast<std::size_t>(g.cells()), 0), 1, o);
  EXPECT_EQ(r.count, 1u) << g.spelling();
  return r.solution;
}

// A full grid with a share `keep` of its cells left, the rest removed at random.
Cells puzzle(const Geometry& g, std::uint64_t seed, double keep) {
  Cells cells = full_grid(g, seed);
  std::mt19937_64 rng(seed * 7 + 1);
  for (auto& d : cells)
    if (std::uniform_real_distribution<double>(0, 1)(rng) >= keep) d = 0;
  return cells;
}

bool follows_rules(const Geometry& g, const Cells& s) {
  for (int c = 0; c < g.cells(); ++c) {
    const int d = s[static_cast<std::size_t>(c)];
    if (d == 0) continue;
    for (int p : g.peers(c))
      if (s[static_cast<std::size_t>(p)] == d) return false;
    for (int a : g.adjacent(c))
      if (s[static_cast<std::size_t>(a)] != 0 && test::consecutive_digits(g, d, s[static_cast<std::size_t>(a)]))
        return false;
  }
  return true;
}

Cells grid_cells(const Grid& grid) { return Cells(grid.cells.begin(), grid.cells.end()); }

// The smallest form over every LineMap the group contains, digits numbered
// in order of first appearance (size 4: 1,152 LineMaps).
Cells minlex_by_brute_force(const GeometryPtr& g, const Cells& cells) {
  const auto group = symmetry_group(g);
  const int n = g->size();
  Cells best;
  test::for_each_line_map(n, [&](const LineMap& m) {
    if (!group->contains(m)) return;
    Cells y = m.apply(cells);
    std::vector<std::uint8_t> label(static_cast<std::size_t>(n) + 1, 0);
    std::uint8_t next = 0;
    for (auto& d : y)
      if (d) d = label[d] ? label[d] : (label[d] = ++next);
    if (best.empty() || y < best) best = y;
  });
  return best;
}

// With every form competing the band search is the classic minlex.
TEST(CanonicalAny, BandSearchGivesTheClassicForm) {
  const auto g = classic_geometry();
  auto puzzles = test::load_puzzles("puzzles_top95.txt", 3);
  const auto seventeen = test::load_puzzles("puzzles_17clue.txt", 2000);
  puzzles.insert(puzzles.end(), seventeen.begin(), seventeen.end());
  puzzles.push_back(Grid{});  // every cell ties
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Grid grid;
    const Cells full = full_grid(*g, seed);
    std::copy(full.begin(), full.end(), grid.cells.begin());
    puzzles.push_back(grid);
  }
  ASSERT_GT(puzzles.size(), 40u);
  for (const Grid& p : puzzles) {
    const Cells cells = grid_cells(p);
    EXPECT_EQ(canonical_by_band_search(g, cells, false), grid_cells(canonical_form(p)));
    EXPECT_EQ(canonical_any(g, cells), grid_cells(canonical_form(p)));
  }
}

TEST(CanonicalAny, BandSearchEqualsTryingEveryElement) {
  for (const char* spelling : {"4x4", "6x6", "6x6:3x2", "4x4:none"}) {
    SCOPED_TRACE(spelling);
    const auto g = parse_geometry(spelling);
    std::mt19937_64 rng(11);
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
      // Puzzles, full grids, and contents that break the rules.
      Cells cells = seed % 3 == 0 ? full_grid(*g, seed) : puzzle(*g, seed, 0.2 + 0.02 * static_cast<double>(seed));
      if (seed % 5 == 0)
        for (auto& d : cells) d = static_cast<std::uint8_t>(rng() % static_cast<std::uint64_t>(g->size() + 1));
      EXPECT_EQ(canonical_by_band_search(g, cells), canonical_by_enumeration(g, cells));
      if (g->size() == 4) {
        EXPECT_EQ(canonical_by_band_search(g, cells, false), minlex_by_brute_force(g, cells));
      }
    }
  }
}

// Random symmetries of the geometry, with allowed relabellings, keep the
// canonical form and the id.
TEST(CanonicalAny, RandomSymmetriesKeepTheFormAndTheId) {
  std::mt19937_64 rng(47);
  for (const std::string& spelling : spellings()) {
    SCOPED_TRACE(spelling);
    const auto g = parse_geometry(spelling);
    const auto group = symmetry_group(g);
    const int tries = g->size() >= 12 ? 2 : 4;
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const Cells p = puzzle(*g, seed, g->size() >= 12 ? 0.5 : 0.4);
      const Cells form = canonical_any(g, p);
      const std::string id = global_id_any(g, p);
      EXPECT_EQ(canonical_any(g, form), form);  // a form is its own form
      for (int k = 0; k < tries; ++k) {
        const LineMap m = group->random_element(below_from(rng));
        const Cells moved = relabel(m.apply(p), group->random_relabel(below_from(rng)));
        EXPECT_TRUE(follows_rules(*g, moved));
        EXPECT_EQ(canonical_any(g, moved), form);
        EXPECT_EQ(global_id_any(g, moved), id);
      }
    }
  }
}

// A transformation preserves() rejects generally breaks the rules: applied
// to valid full grids, some result is no valid grid of the geometry.
TEST(CanonicalAny, NonSymmetriesBreakTheRules) {
  std::mt19937_64 rng(5);
  for (const std::string& spelling : spellings()) {
    if (spelling == "none" || spelling == "4x4:none") continue;  // every LineMap keeps a Latin square
    SCOPED_TRACE(spelling);
    const auto g = parse_geometry(spelling);
    const auto group = symmetry_group(g);
    LineMap m;
    do {
      m = LineMap::identity(g->size());
      std::shuffle(m.rows.begin(), m.rows.end(), rng);
      std::shuffle(m.cols.begin(), m.cols.end(), rng);
    } while (preserves(*g, m));
    EXPECT_FALSE(group->contains(m));
    int broken = 0;
    for (std::uint64_t seed = 1; seed <= 5; ++seed) broken += !follows_rules(*g, m.apply(full_grid(*g, seed)));
    EXPECT_GT(broken, 0);
  }
}

// 25x25: a pattern grid (value (r mod 5) * 5 + r / 5 + c, mod 25) moved by
// a random symmetry, half its cells removed (solve_any's random 25x25 grids
// take long to make).
TEST(CanonicalAny, TwentyFiveByTwentyFive) {
  const auto g = parse_geometry("25x25");
  const auto group = symmetry_group(g);
  std::mt19937_64 rng(25);
  Cells grid(625);
  for (int r = 0; r < 25; ++r)
    for (int c = 0; c < 25; ++c) grid[static_cast<std::size_t>(r * 25 + c)] = static_cast<std::uint8_t>(((r % 5) * 5 + r / 5 + c) % 25 + 1);
  ASSERT_TRUE(follows_rules(*g, grid));
  Cells p = group->random_element(below_from(rng)).apply(grid);
  for (auto& d : p)
    if (rng() % 2) d = 0;
  const Cells form = canonical_any(g, p);
  for (int k = 0; k < 2; ++k)
    EXPECT_EQ(canonical_any(g, relabel(group->random_element(below_from(rng)).apply(p),
                                       group->random_relabel(below_from(rng)))),
              form);
}

TEST(CanonicalAny, NcKeepsOnlyTheAllowedRelabellings) {
  // Numbering digits by first appearance would break nc's rule: the form
  // is the smaller of the puzzle and its reversal (per map).
  const auto g = parse_geometry("6x6,nc");
  const Cells p = puzzle(*g, 3, 0.5);
  const Cells form = canonical_any(g, p);
  EXPECT_TRUE(follows_rules(*g, form));
  Cells reversed = p;
  for (auto& d : reversed)
    if (d) d = static_cast<std::uint8_t>(7 - d);
  EXPECT_EQ(canonical_any(g, reversed), form);
  // A relabelling nc does not allow gives another puzzle in general.
  Cells swapped = p;
  for (auto& d : swapped)
    if (d == 1 || d == 2) d = static_cast<std::uint8_t>(3 - d);
  if (swapped != p) {
    EXPECT_NE(canonical_any(g, swapped), form);
  }
}

TEST(CanonicalAny, RefusesBadCells) {
  const auto g = parse_geometry("4x4");
  EXPECT_THROW(canonical_any(g, Cells(15, 0)), GeometryError);
  Cells c(16, 0);
  c[3] = 5;
  try {
    canonical_any(g, c);
    ADD_FAILURE() << "no error";
  } catch (const GeometryError& e) {
    EXPECT_STREQ(e.what(), "cells:4: 5 is no digit of 4x4");
  }
}

TEST(GlobalIdAny, ClassicKeepsItsIdAndVariantsAreMarked) {
  const Grid p = test::grid_from("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......");
  const Cells cells = grid_cells(p);
  EXPECT_EQ(global_id_any(classic_geometry(), cells), global_id(p));
  EXPECT_TRUE(is_global_id(global_id(p)));
  // The same cells as a puzzle of another 9x9 geometry: another id.
  const std::string as_none = global_id_any(parse_geometry("none"), cells);
  EXPECT_TRUE(is_variant_global_id(as_none));
  EXPECT_FALSE(is_global_id(as_none));
  EXPECT_FALSE(is_variant_global_id(global_id(p)));
  EXPECT_EQ(as_none.size(), kVariantGlobalIdLength);
  EXPECT_NE(global_id_any(parse_geometry("anti-knight"), cells), as_none);
}

TEST(GlobalIdAny, NeverChanges) {
  // Pinned: a change of the hash, the spelling or the canonical form shows here.
  auto id = [](const std::string& spelling, std::string_view text) {
    const auto g = parse_geometry(spelling);
    return global_id_any(g, read_cells(*g, text));
  };
  EXPECT_EQ(id("4x4", "................"), "v1R647RXbjM3rKkJk");
  EXPECT_EQ(id("4x4", "1.....3..4.....2"), "vrtPZXirf2wf0wFTt");
  EXPECT_EQ(id("x", std::string(81, '.')), "v9wjrlUgNxI5WxtOL");
  EXPECT_EQ(id("x", "349567182516892734782431695163924578274358916958176423437215869695783241821649357"),
            "vyacBQuKQjoNifFhT");
  EXPECT_EQ(id(kJigsaw9, "637521948981247563248763195395184726124396857762815439516972384873459612459638271"),
            "vQdmbgdvfIDhD7W3k");
  EXPECT_EQ(id("16x16",
               "3..6..8..1..C..F..5..B..E..4..G..1..3..6..A..5..4..7..1..9..2..3..F..5..C..3..B..3..C..9..4..6..5..1"
               "..6..2..7..C..B..4..7..F..E..A..B..3..F..1..8..4..E..5..F..G..C..6..3..1..7..F..8..7..2..3..1..F..7.."
               "C..E..2..2..1..A..6..9..D..6..8..1..C..C..5..A..F..6..7"),
            "v_cjrs14eaRK9WyIV");
  EXPECT_EQ(id("6x6,nc", "6..1..3..4..5..6..2..3..4..5..1..2.."), "vd7BFooIYP3JHcquP");
}

}  // namespace
}  // namespace sudokit
