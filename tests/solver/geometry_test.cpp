// Geometry (solver/include/sudokit/solver/geometry.hpp): houses, peers and
// spellings checked against definitions written here independently.
#include "sudokit/solver/geometry.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

namespace sudokit {
namespace {

// Brute-force peers: same row, column or box (br x bc), or an extra house.
std::vector<int> brute_peers(int n, int br, int bc, int c, bool x, bool knight, bool king, bool wrap) {
  std::vector<int> out;
  int r1 = c / n, c1 = c % n;
  for (int o = 0; o < n * n; ++o) {
    if (o == c) continue;
    int r2 = o / n, c2 = o % n;
    bool p = r1 == r2 || c1 == c2;
    if (br) p = p || (r1 / br == r2 / br && c1 / bc == c2 / bc);
    if (x) p = p || (r1 == c1 && r2 == c2) || (r1 + c1 == 8 && r2 + c2 == 8);
    int dr = std::abs(r1 - r2), dc = std::abs(c1 - c2);
    if (wrap) { dr = std::min(dr, n - dr); dc = std::min(dc, n - dc); }
    if (knight) p = p || (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
    if (king) p = p || (dr <= 1 && dc <= 1);
    if (p) out.push_back(o);
  }
  return out;
}

void expect_houses_sound(const Geometry& g, int houses_per_cell) {
  std::vector<int> count(static_cast<std::size_t>(g.cells()), 0);
  for (const auto& h : g.houses()) {
    ASSERT_EQ(static_cast<int>(h.size()), g.size());
    EXPECT_EQ(std::set<int>(h.begin(), h.end()).size(), h.size());
    for (int c : h) ++count[static_cast<std::size_t>(c)];
  }
  for (int k : count) EXPECT_EQ(k, houses_per_cell);
}

TEST(Geometry, EverySizeHousesAndPeers) {
  struct Case { const char* spelling; int n, br, bc; };
  for (Case k : {Case{"4x4", 4, 2, 2}, Case{"6x6", 6, 2, 3}, Case{"6x6:3x2", 6, 3, 2}, Case{"8x8", 8, 2, 4},
                 Case{"classic", 9, 3, 3}, Case{"12x12", 12, 3, 4}, Case{"16x16", 16, 4, 4},
                 Case{"25x25", 25, 5, 5}}) {
    SCOPED_TRACE(k.spelling);
    GeometryPtr g = parse_geometry(k.spelling);
    EXPECT_EQ(g->size(), k.n);
    EXPECT_EQ(g->box_rows(), k.br);
    EXPECT_EQ(g->box_cols(), k.bc);
    EXPECT_EQ(g->spelling(), k.spelling);
    EXPECT_EQ(g->classic(), k.n == 9);
    EXPECT_EQ(static_cast<int>(g->houses().size()), 3 * k.n);
    expect_houses_sound(*g, 3);
    for (int c = 0; c < g->cells(); ++c) {
      EXPECT_EQ(g->peers(c), brute_peers(k.n, k.br, k.bc, c, false, false, false, false));
      EXPECT_TRUE(g->adjacent(c).empty());
    }
  }
}

TEST(Geometry, LatinSquareHasNoBoxes) {
  GeometryPtr g = parse_geometry("none");
  EXPECT_EQ(g->spelling(), "none");
  EXPECT_TRUE(g->region_of().empty());
  expect_houses_sound(*g, 2);
  EXPECT_EQ(parse_geometry("6x6:none")->spelling(), "6x6:none");
  EXPECT_EQ(parse_geometry("9x9:none")->spelling(), "none");
}

TEST(Geometry, XAndWindows) {
  GeometryPtr g = parse_geometry("windows,X");
  EXPECT_EQ(g->spelling(), "x,windows");
  ASSERT_EQ(g->houses().size(), 27u + 2 + 9);
  EXPECT_EQ(g->houses()[27], (std::vector<int>{0, 10, 20, 30, 40, 50, 60, 70, 80}));
  EXPECT_EQ(g->houses()[28], (std::vector<int>{8, 16, 24, 32, 40, 48, 56, 64, 72}));
  // The first window: r2-4 c2-4 (1-based); the implied region of r1,5,9 x c1,5,9.
  EXPECT_EQ(g->houses()[29], (std::vector<int>{10, 11, 12, 19, 20, 21, 28, 29, 30}));
  EXPECT_EQ(g->houses()[37], (std::vector<int>{0, 4, 8, 36, 40, 44, 72, 76, 80}));
  // Every cell is in exactly one of the nine window houses.
  std::vector<int> in(81, 0);
  for (std::size_t h = 29; h < 38; ++h)
    for (int c : g->houses()[h]) ++in[static_cast<std::size_t>(c)];
  for (int k : in) EXPECT_EQ(k, 1);
  GeometryPtr gx = parse_geometry("x");
  for (int c = 0; c < 81; ++c) EXPECT_EQ(gx->peers(c), brute_peers(9, 3, 3, c, true, false, false, false));
}

TEST(Geometry, Leapers) {
  struct Case { const char* spelling; bool knight, king, wrap; };
  for (Case k : {Case{"anti-knight", true, false, false}, Case{"anti-king", false, true, false},
                 Case{"anti-knight,toroidal", true, false, true}, Case{"anti-king,toroidal", false, true, true},
                 Case{"anti-knight,anti-king", true, true, false}}) {
    SCOPED_TRACE(k.spelling);
    GeometryPtr g = parse_geometry(k.spelling);
    EXPECT_EQ(g->spelling(), k.spelling);
    for (int c = 0; c < 81; ++c) EXPECT_EQ(g->peers(c), brute_peers(9, 3, 3, c, false, k.knight, k.king, k.wrap));
  }
}

TEST(Geometry, NonConsecutive) {
  GeometryPtr g = parse_geometry("nc");
  EXPECT_FALSE(g->nc_wrap());
  EXPECT_EQ(g->adjacent(0), (std::vector<int>{1, 9}));
  EXPECT_EQ(g->adjacent(40), (std::vector<int>{31, 39, 41, 49}));
  EXPECT_EQ(g->adjacent(80), (std::vector<int>{71, 79}));
  EXPECT_TRUE(parse_geometry("NC+")->nc_wrap());
  EXPECT_EQ(parse_geometry("NC+")->spelling(), "nc+");
}

TEST(Geometry, Jigsaw) {
  // 4x4: pieces L-shaped but connected.
  GeometryPtr g = parse_geometry("jigsaw:aaabcabbccbdcddd");
  EXPECT_EQ(g->size(), 4);
  EXPECT_EQ(g->spelling(), "jigsaw:AAABCABBCCBDCDDD");
  EXPECT_EQ(parse_geometry(g->spelling())->spelling(), g->spelling());
  expect_houses_sound(*g, 3);
  EXPECT_EQ(g->houses()[8], (std::vector<int>{0, 1, 2, 5}));
  for (int c = 0; c < 16; ++c)
    for (int o : g->peers(c))
      EXPECT_TRUE(o / 4 == c / 4 || o % 4 == c % 4 || g->region_of()[static_cast<std::size_t>(o)] ==
                                                            g->region_of()[static_cast<std::size_t>(c)]);
}

std::string error_of(const char* spelling) {
  try {
    parse_geometry(spelling);
  } catch (const GeometryError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Geometry, Refusals) {
  EXPECT_EQ(error_of("jigsaw:AAABCABBCCBDCDD"),
            "geometry:8: jigsaw map has 15 characters (expected a square: 16, 36, 64, 81, 144, 256 or 625...)");
  EXPECT_EQ(error_of("jigsaw:AAAACABBCCBDCDDD"), "geometry:8: jigsaw region 'A' has 5 cells (expected 4)");
  EXPECT_EQ(error_of("jigsaw:ABAACBBBCCDDCADD"),
            "geometry:8: jigsaw region 'A' is not connected (1 of its 4 cells touch its first)");
  EXPECT_EQ(error_of("x,wndows"), "geometry:3: unknown rule \"wndows\" (expected NxN, NxN:RxC, jigsaw:MAP, none, x, "
                                  "windows, anti-knight, anti-king, toroidal, nc, nc+)");
  EXPECT_EQ(error_of("7x7"), "geometry:1: unknown size \"7x7\" (expected 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25)");
  EXPECT_EQ(error_of("6x6:1x6"), "geometry:5: box \"1x6\" does not tile 6x6 (expected 2x3 or 3x2 or none)");
  EXPECT_EQ(error_of("6x6,x"), "geometry:5: x is defined for 9x9 only (this is 6x6)");
  EXPECT_EQ(error_of("toroidal"), "geometry:1: toroidal needs anti-knight or anti-king");
  EXPECT_EQ(error_of("x,x"), "geometry:3: rule \"x\" given twice");
  EXPECT_EQ(error_of("x,,nc"), "geometry:3: empty rule (expected NxN, NxN:RxC, jigsaw:MAP, none, x, windows, "
                               "anti-knight, anti-king, toroidal, nc, nc+)");
  EXPECT_EQ(parse_geometry("x")->houses().size(), 29u);
}

TEST(Geometry, CanonicalOrderAndRoundTrip) {
  EXPECT_EQ(parse_geometry("nc,anti-king,WINDOWS,9x9,x")->spelling(), "x,windows,anti-king,nc");
  EXPECT_EQ(parse_geometry("9x9")->spelling(), "classic");
  EXPECT_TRUE(parse_geometry("9x9:3x3")->classic());
  EXPECT_EQ(parse_geometry("6x6:2x3")->spelling(), "6x6");
  EXPECT_EQ(parse_geometry("toroidal,anti-knight,16x16")->spelling(), "16x16,anti-knight,toroidal");
  for (const char* s : {"classic", "x,windows,anti-king,nc", "6x6:3x2,nc+", "jigsaw:AAABCABBCCBDCDDD,anti-king"}) {
    GeometryPtr g = parse_geometry(s);
    EXPECT_EQ(g->spelling(), s);
    GeometryPtr h = parse_geometry(g->spelling());
    EXPECT_EQ(h->houses(), g->houses());
    for (int c = 0; c < g->cells(); ++c) EXPECT_EQ(h->peers(c), g->peers(c));
  }
  EXPECT_EQ(classic_geometry()->spelling(), "classic");
}

}  // namespace
}  // namespace sudokit
