// The geometry (issue #47): houses of every size, peers against a
// brute-force definition written here from the rules' words, the extra
// regions against Sukaku Explainer's own tables, jigsaw refusals, leapers with
// and without wrap, the spelling's canonical form, and the cell alphabets.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "sudokit/solver/geometry.hpp"

namespace sudokit {
namespace {

// Sukaku Explainer (SudokuMonster's fork), diuf/sudoku/Settings.java, the
// tables transcribed as they are there: regionsWindows (regions 0-8; 1-4 are
// the windows), regionsGirandola, regionsCD, regionsAsterisk,
// regionsBothDiagonals, regionsDG.
const int kSeWindows[81] = {0, 5, 5, 5, 0, 6, 6, 6, 0, 7, 1, 1, 1, 7, 2, 2, 2, 7, 7, 1, 1, 1, 7, 2, 2, 2, 7,
                            7, 1, 1, 1, 7, 2, 2, 2, 7, 0, 5, 5, 5, 0, 6, 6, 6, 0, 8, 3, 3, 3, 8, 4, 4, 4, 8,
                            8, 3, 3, 3, 8, 4, 4, 4, 8, 8, 3, 3, 3, 8, 4, 4, 4, 8, 0, 5, 5, 5, 0, 6, 6, 6, 0};
const int kSeGirandola[81] = {1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                              0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                              0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1};
const int kSeCentreDot[81] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                              0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                              0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
const int kSeAsterisk[81] = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
                             0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                             0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
const int kSeBothDiagonals[81] = {1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0,
                                  0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0,
                                  0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1};
const int kSeDisjoint[81] = {0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 6, 7, 8,
                             0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 6, 7, 8,
                             0, 1, 2, 0, 1, 2, 0, 1, 2, 3, 4, 5, 3, 4, 5, 3, 4, 5, 6, 7, 8, 6, 7, 8, 6, 7, 8};

std::vector<int> cells_where(const int (&table)[81], int value) {
  std::vector<int> out;
  for (int c = 0; c < 81; ++c)
    if (table[c] == value) out.push_back(c);
  return out;
}

// The extra houses: those after rows, columns and regions.
std::vector<std::vector<int>> extras_of(const Geometry& g) {
  const std::size_t skip = static_cast<std::size_t>(g.size()) * (g.region_of().empty() ? 2 : 3);
  return {g.houses().begin() + static_cast<std::ptrdiff_t>(skip), g.houses().end()};
}

// Each house has size() distinct cells; each cell is in `per_cell` houses.
void expect_houses(const Geometry& g, std::size_t houses, int per_cell) {
  ASSERT_EQ(g.houses().size(), houses) << g.spelling();
  std::vector<int> count(static_cast<std::size_t>(g.cells()));
  for (const auto& h : g.houses()) {
    ASSERT_EQ(static_cast<int>(h.size()), g.size());
    EXPECT_EQ(std::set<int>(h.begin(), h.end()).size(), h.size());
    for (int c : h) {
      ASSERT_GE(c, 0);
      ASSERT_LT(c, g.cells());
      ++count[static_cast<std::size_t>(c)];
    }
  }
  for (int c = 0; c < g.cells(); ++c) EXPECT_EQ(count[static_cast<std::size_t>(c)], per_cell) << g.spelling() << " cell " << c;
}

// The rules in their own words, one pair of cells at a time.
struct Rules {
  int n = 9;
  int box_r = 3, box_c = 3;        // 0: no boxes
  std::vector<int> map;            // jigsaw: any label per cell
  std::vector<const int*> groups;  // tables of 81 (label per cell, -1 none)
  bool knight = false, king = false, wrap = false;
};

int distance(int a, int b, int n, bool wrap) {
  const int d = std::abs(a - b);
  return wrap ? std::min(d, n - d) : d;
}

bool brute_peer(const Rules& k, int a, int b) {
  if (a == b) return false;
  const int n = k.n, ra = a / n, ca = a % n, rb = b / n, cb = b % n;
  if (ra == rb || ca == cb) return true;
  if (k.box_r && ra / k.box_r == rb / k.box_r && ca / k.box_c == cb / k.box_c) return true;
  if (!k.map.empty() && k.map[static_cast<std::size_t>(a)] == k.map[static_cast<std::size_t>(b)]) return true;
  for (const int* t : k.groups)
    if (t[a] >= 0 && t[a] == t[b]) return true;
  const int dr = distance(ra, rb, n, k.wrap), dc = distance(ca, cb, n, k.wrap);
  if (k.knight && ((dr == 1 && dc == 2) || (dr == 2 && dc == 1))) return true;
  if (k.king && dr <= 1 && dc <= 1) return true;
  return false;
}

void expect_peers(const Geometry& g, const Rules& k) {
  for (int a = 0; a < g.cells(); ++a) {
    std::vector<int> want;
    for (int b = 0; b < g.cells(); ++b)
      if (brute_peer(k, a, b)) want.push_back(b);
    ASSERT_EQ(g.peers(a), want) << g.spelling() << " cell " << a;
  }
}

// Tables with -1 for cells outside a single-group extra.
struct Single {
  int t[81];
  explicit Single(const int (&src)[81]) {
    for (int c = 0; c < 81; ++c) t[c] = src[c] ? 1 : -1;
  }
};

TEST(Geometry, ClassicIsTheDefault) {
  const auto& g = *classic_geometry();
  EXPECT_TRUE(g.classic());
  EXPECT_EQ(g.spelling(), "classic");
  EXPECT_EQ(g.size(), 9);
  expect_houses(g, 27, 3);
  expect_peers(g, Rules{});
  for (int c = 0; c < 81; ++c) EXPECT_EQ(g.peers(c).size(), 20u);
  for (const char* s : {"classic", "9x9", "CLASSIC", " 9x9:3x3 "}) {
    const auto p = parse_geometry(s);
    EXPECT_TRUE(p->classic()) << s;
    EXPECT_EQ(p->spelling(), "classic");
    EXPECT_EQ(p->houses(), g.houses());
  }
}

TEST(Geometry, EverySizeHousesAndPeers) {
  struct Case {
    const char* spelling;
    int n, r, c;
    const char* canonical;
  };
  for (const Case& k : {Case{"4x4", 4, 2, 2, "4x4"}, Case{"6x6", 6, 2, 3, "6x6"}, Case{"6x6:2x3", 6, 2, 3, "6x6"},
                        Case{"6x6:3x2", 6, 3, 2, "6x6:3x2"}, Case{"8x8", 8, 2, 4, "8x8"}, Case{"9x9", 9, 3, 3, "classic"},
                        Case{"12x12", 12, 3, 4, "12x12"}, Case{"16x16", 16, 4, 4, "16x16"},
                        Case{"25x25", 25, 5, 5, "25x25"}}) {
    const auto g = parse_geometry(k.spelling);
    EXPECT_EQ(g->size(), k.n);
    EXPECT_EQ(g->box_rows(), k.r);
    EXPECT_EQ(g->box_cols(), k.c);
    EXPECT_EQ(g->spelling(), k.canonical);
    EXPECT_EQ(g->classic(), k.n == 9);
    expect_houses(*g, static_cast<std::size_t>(3 * k.n), 3);
    Rules rules;
    rules.n = k.n;
    rules.box_r = k.r;
    rules.box_c = k.c;
    expect_peers(*g, rules);
    for (int c = 0; c < g->cells(); ++c) EXPECT_TRUE(g->adjacent(c).empty());
    EXPECT_EQ(parse_geometry(g->spelling())->spelling(), g->spelling());
  }
}

TEST(Geometry, NoneIsALatinSquare) {
  for (const auto& [s, n, canonical] : {std::tuple{"none", 9, "none"}, std::tuple{"9x9:none", 9, "none"},
                                        std::tuple{"6x6:none", 6, "6x6:none"}}) {
    const auto g = parse_geometry(s);
    EXPECT_FALSE(g->classic());
    EXPECT_EQ(g->spelling(), canonical);
    EXPECT_TRUE(g->region_of().empty());
    EXPECT_EQ(g->box_rows(), 0);
    expect_houses(*g, static_cast<std::size_t>(2 * n), 2);
    Rules rules;
    rules.n = n;
    rules.box_r = 0;
    expect_peers(*g, rules);
  }
}

TEST(Geometry, ExtraRegionsAreSukakuExplainers) {
  const auto x = parse_geometry("x");
  EXPECT_EQ(x->spelling(), "x");
  EXPECT_FALSE(x->classic());
  // SE's regionsBothDiagonals, split into its main diagonal (r == c) and the
  // anti-diagonal, as its regionsMainDiagonal and regionsAntiDiagonal.
  std::vector<int> main, anti;
  for (int c : cells_where(kSeBothDiagonals, 1)) {
    if (c / 9 == c % 9) main.push_back(c);
    if (c / 9 + c % 9 == 8) anti.push_back(c);
  }
  ASSERT_EQ(main.size() + anti.size(), 18u);
  EXPECT_EQ(extras_of(*x), (std::vector<std::vector<int>>{main, anti}));

  const auto w = parse_geometry("windows");
  std::vector<std::vector<int>> want;
  for (int label : {1, 2, 3, 4, 0, 5, 6, 7, 8}) want.push_back(cells_where(kSeWindows, label));
  EXPECT_EQ(extras_of(*w), want);
  expect_houses(*w, 27 + 9, 4);

  const auto dg = parse_geometry("disjoint");
  want.clear();
  for (int label = 0; label < 9; ++label) want.push_back(cells_where(kSeDisjoint, label));
  EXPECT_EQ(extras_of(*dg), want);
  expect_houses(*dg, 27 + 9, 4);

  EXPECT_EQ(extras_of(*parse_geometry("centre-dot")), std::vector<std::vector<int>>{cells_where(kSeCentreDot, 1)});
  EXPECT_EQ(extras_of(*parse_geometry("girandola")), std::vector<std::vector<int>>{cells_where(kSeGirandola, 1)});
  EXPECT_EQ(extras_of(*parse_geometry("asterisk")), std::vector<std::vector<int>>{cells_where(kSeAsterisk, 1)});

  // Peers of every extra, and of all of them at once, by brute force.
  const Single cd(kSeCentreDot), gi(kSeGirandola), as(kSeAsterisk);
  int m[81], a[81];
  for (int c = 0; c < 81; ++c) {
    m[c] = c / 9 == c % 9 ? 1 : -1;
    a[c] = c / 9 + c % 9 == 8 ? 1 : -1;
  }
  Rules all;
  all.groups = {m, a, kSeWindows, kSeDisjoint, cd.t, gi.t, as.t};
  const auto g = parse_geometry("asterisk,girandola,centre-dot,disjoint,windows,x");
  EXPECT_EQ(g->spelling(), "x,windows,disjoint,centre-dot,girandola,asterisk");
  expect_peers(*g, all);
}

TEST(Geometry, Jigsaw) {
  // A 6x6 map in letters of any kind; its regions numbered by first cell.
  const std::string map = "aaabbb"
                          "aaccbb"
                          "dacceb"
                          "ddccee"
                          "dfffee"
                          "ddfffe";
  const auto g = parse_geometry("jigsaw:" + map);
  EXPECT_EQ(g->size(), 6);
  EXPECT_EQ(g->box_rows(), 0);
  EXPECT_FALSE(g->classic());
  EXPECT_EQ(g->spelling(), "jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE");
  EXPECT_EQ(parse_geometry(g->spelling())->spelling(), g->spelling());
  expect_houses(*g, 18, 3);
  Rules rules;
  rules.n = 6;
  rules.box_r = 0;
  rules.map.assign(map.begin(), map.end());
  expect_peers(*g, rules);
  // The map's characters are names: case matters, and the keyword's does not.
  EXPECT_EQ(parse_geometry("JIGSAW:" + map)->spelling(), g->spelling());

  // A map that draws the boxes is the boxed geometry.
  std::string boxes;
  for (int c = 0; c < 81; ++c) boxes += static_cast<char>('a' + (c / 27) * 3 + (c % 9) / 3);
  EXPECT_TRUE(parse_geometry("jigsaw:" + boxes)->classic());
  EXPECT_EQ(parse_geometry("jigsaw:" + boxes + ",x")->spelling(), "x");
  EXPECT_EQ(parse_geometry("nc,jigsaw:" + map)->spelling(), g->spelling() + ",nc");
}

std::string error_of(const std::string& spelling) {
  try {
    parse_geometry(spelling);
  } catch (const GeometryError& e) {
    return e.what();
  }
  return "no error";
}

TEST(Geometry, JigsawRefusals) {
  // Region 'b' has 7 cells and 'e' 5.
  EXPECT_EQ(error_of("jigsaw:aaabbbaaccbbdaccbbddccee" "dfffeeddfffe"),
            "geometry:11: jigsaw region 'b' has 7 cells (expected 6)");
  // 'a' and 'd' swap r1c3 and r5c1: both keep 6 cells, 'a' is cut in two.
  EXPECT_EQ(error_of("jigsaw:aadbbbaaccbbdaccebddcceeafffeeddfffe"),
            "geometry:8: jigsaw region 'a' is not connected (r5c1 is apart from r1c1)");
  EXPECT_EQ(error_of("jigsaw:aaabbbaaccbb"), "geometry:8: jigsaw map of 12 characters (expected N*N, one per cell, "
                                             "for a size N from 2 to 25, e.g. 81)");
  EXPECT_EQ(error_of("jigsaw:aaabbbaaccbbdaccebddcceedfffeegddfff"),
            "geometry:38: jigsaw map has more than 6 regions ('g' at r6c1 is region 7; expected one per digit)");
  EXPECT_EQ(error_of("jigsaw:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"),
            "geometry:8: jigsaw map has 1 regions (expected 6, one per digit)");
}

TEST(Geometry, SpellingErrorsNameTheColumn) {
  EXPECT_EQ(error_of("x,wndows"), "geometry:3: unknown rule \"wndows\" (expected classic, none, NxN, NxN:RxC, NxN:none, "
                                  "jigsaw:MAP, x, windows, disjoint, centre-dot, girandola, asterisk, anti-knight, "
                                  "anti-king, nc, nc+, toroidal)");
  EXPECT_EQ(error_of("x,x"), "geometry:3: \"x\" given twice (first at column 1)");
  EXPECT_EQ(error_of("6x6,windows"), "geometry:5: \"windows\" is defined on 9x9 only (this grid is 6x6)");
  EXPECT_EQ(error_of("x,16x16"), "geometry:1: \"x\" is defined on 9x9 only (this grid is 16x16)");
  EXPECT_EQ(error_of("7x7"), "geometry:1: no size 7x7 (sizes: 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25; other sizes "
                             "as jigsaw:MAP)");
  EXPECT_EQ(error_of("6x6:4x2"), "geometry:5: boxes of 4x2 do not tile 6x6 (rows x columns of a box must make 6, "
                                 "each at least 2)");
  EXPECT_EQ(error_of("6x6:1x6"), "geometry:5: boxes of 1x6 do not tile 6x6 (rows x columns of a box must make 6, "
                                 "each at least 2)");
  EXPECT_EQ(error_of("6x6,classic"), "geometry:5: a second shape \"classic\" (the first is \"6x6\" at column 1)");
  EXPECT_EQ(error_of("nc,nc+"), "geometry:4: \"nc+\" and the \"nc\" at column 1 exclude each other (give one)");
  EXPECT_EQ(error_of("x,toroidal"), "geometry:3: \"toroidal\" wraps anti-knight, anti-king or nc, and none is given");
  EXPECT_EQ(error_of(""), "geometry: empty spelling (the classic 9x9 is \"classic\")");
  EXPECT_EQ(error_of("x,,windows"), "geometry:3: empty rule between commas");
  try {
    parse_geometry("x, wndows");
    FAIL();
  } catch (const GeometryError& e) {
    EXPECT_EQ(e.column(), 4);
  }
}

TEST(Geometry, CanonicalSpelling) {
  for (const auto& [in, out] : std::vector<std::pair<std::string, std::string>>{
           {"Windows,X", "x,windows"},
           {"toroidal,anti-king", "anti-king,toroidal"},
           {"nc+,anti-knight,x", "x,anti-knight,nc+"},
           {"anti-king,anti-knight", "anti-knight,anti-king"},
           {"anti-knight,6x6:3x2", "6x6:3x2,anti-knight"},
           {"anti-king,16x16", "16x16,anti-king"},
           {"NC,toroidal", "toroidal,nc"},
           {"x,none", "none,x"},
       }) {
    const auto g = parse_geometry(in);
    EXPECT_EQ(g->spelling(), out) << in;
    const auto again = parse_geometry(out);
    EXPECT_EQ(again->spelling(), out);
    EXPECT_EQ(again->houses(), g->houses());
  }
}

// Every combination of the 9x9 rules, given in reverse canonical order:
// the spelling comes out in canonical order and parses to the same tables.
TEST(Geometry, EveryCombinationRoundTrips) {
  const std::vector<std::string> shapes = {"", "none", "jigsaw:AAABBBCCCAAABBBCCCAAABBBCCCDDDEEEFFFDDDEEEFFF"
                                                       "DDDEEEFFFGGGGHHIIIGGGHHHIIIGGHHHHIII"};
  const std::vector<std::string> extras = {"x", "windows", "disjoint", "centre-dot", "girandola", "asterisk"};
  std::set<std::string> spellings;
  for (const std::string& shape : shapes) {
    for (unsigned mask = 0; mask < 64; ++mask) {
      for (int neighbours = 0; neighbours < 6; ++neighbours) {
        std::vector<std::string> parts;
        if (!shape.empty()) parts.push_back(shape);
        for (std::size_t i = 0; i < extras.size(); ++i)
          if (mask & (1u << i)) parts.push_back(extras[i]);
        if (neighbours & 1) parts.push_back("anti-knight");
        if (neighbours & 2) parts.push_back("anti-king");
        if (neighbours == 4) parts.push_back("nc+");
        if (neighbours == 5) parts.push_back("toroidal");
        std::string canonical, reversed;
        for (const auto& p : parts) canonical += (canonical.empty() ? "" : ",") + p;
        for (auto it = parts.rbegin(); it != parts.rend(); ++it) reversed += (reversed.empty() ? "" : ",") + *it;
        if (canonical.empty()) canonical = reversed = "classic";
        const auto g = parse_geometry(reversed);
        ASSERT_EQ(g->spelling(), canonical) << reversed;
        const auto again = parse_geometry(canonical);
        EXPECT_EQ(again->houses(), g->houses());
        for (int c = 0; c < 81; ++c) ASSERT_EQ(again->peers(c), g->peers(c));
        EXPECT_TRUE(spellings.insert(canonical).second) << canonical;
      }
    }
  }
}

TEST(Geometry, Leapers) {
  for (const char* s : {"anti-knight", "anti-king", "anti-knight,toroidal", "anti-king,toroidal",
                        "anti-knight,anti-king,toroidal", "6x6,anti-knight,toroidal", "16x16,anti-king"}) {
    const auto g = parse_geometry(s);
    const std::string sp(s);
    Rules rules;
    rules.n = g->size();
    rules.box_r = g->box_rows();
    rules.box_c = g->box_cols();
    rules.knight = sp.find("knight") != std::string::npos;
    rules.king = sp.find("king,") != std::string::npos || sp.ends_with("king");
    rules.wrap = sp.find("toroidal") != std::string::npos;
    EXPECT_FALSE(g->classic());
    expect_peers(*g, rules);
  }
  // Spot checks, counted by hand: r1c1's knight moves r2c3 and r3c2 are in
  // its box (20 peers); wrapped, r9c3, r8c2, r2c8, r3c9, r9c8 and r8c9 are
  // added (26); its wrapped king moves add r2c9, r9c2 and r9c9 (23).
  EXPECT_EQ(parse_geometry("anti-knight")->peers(0).size(), 20u);
  EXPECT_EQ(parse_geometry("anti-knight,toroidal")->peers(0).size(), 26u);
  EXPECT_EQ(parse_geometry("anti-king,toroidal")->peers(0).size(), 23u);
}

TEST(Geometry, NonConsecutive) {
  const auto nc = parse_geometry("nc");
  EXPECT_FALSE(nc->nc_wrap());
  EXPECT_FALSE(nc->classic());
  EXPECT_EQ(nc->peers(0), classic_geometry()->peers(0));
  EXPECT_EQ(nc->adjacent(0), (std::vector<int>{1, 9}));
  EXPECT_EQ(nc->adjacent(40), (std::vector<int>{31, 39, 41, 49}));
  EXPECT_TRUE(parse_geometry("nc+")->nc_wrap());
  EXPECT_EQ(parse_geometry("nc,toroidal")->adjacent(0), (std::vector<int>{1, 8, 9, 72}));
  for (int c = 0; c < 81; ++c) {
    std::vector<int> want;
    for (int d = 0; d < 81; ++d)
      if (distance(c / 9, d / 9, 9, false) + distance(c % 9, d % 9, 9, false) == 1) want.push_back(d);
    EXPECT_EQ(nc->adjacent(c), want);
  }
  for (const char* s : {"6x6,nc,toroidal", "4x4,nc+,toroidal", "nc+,toroidal", "jigsaw:aabbaabbccddccdd,nc"}) {
    const auto g = parse_geometry(s);
    const bool wrap = std::string(s).ends_with("toroidal");
    const int n = g->size();
    for (int c = 0; c < g->cells(); ++c) {
      std::vector<int> want;
      for (int d = 0; d < g->cells(); ++d)
        if (distance(c / n, d / n, n, wrap) + distance(c % n, d % n, n, wrap) == 1) want.push_back(d);
      EXPECT_EQ(g->adjacent(c), want) << s << " cell " << c;
    }
  }
}

TEST(Geometry, DigitsAndAlphabets) {
  const auto g16 = parse_geometry("16x16");
  std::vector<std::uint8_t> cells(256);
  for (int i = 0; i < 256; ++i) cells[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i % 17);
  const std::string digits = print_cells(*g16, cells);
  EXPECT_EQ(digits.substr(0, 18), ".123456789ABCDEFG.");
  EXPECT_EQ(print_cells(*g16, cells, Alphabet::kLetters).substr(0, 18), ".ABCDEFGHIJKLMNOP.");
  EXPECT_EQ(print_cells(*g16, cells, Alphabet::kHex).substr(0, 18), ".0123456789ABCDEF.");
  for (Alphabet a : {Alphabet::kDigits, Alphabet::kLetters, Alphabet::kHex}) {
    const std::string text = print_cells(*g16, cells, a);
    EXPECT_EQ(read_cells(*g16, text, a), cells);
    std::string lower = text;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(read_cells(*g16, lower, a), cells);
  }
  // '0' is empty where it is no digit.
  EXPECT_EQ(digit_value('0', 16, Alphabet::kDigits), 0);
  EXPECT_EQ(digit_value('0', 16, Alphabet::kLetters), 0);
  EXPECT_EQ(digit_value('0', 16, Alphabet::kHex), 1);
  EXPECT_EQ(digit_value('H', 16, Alphabet::kDigits), -1);
  EXPECT_EQ(digit_value('P', 25, Alphabet::kDigits), 25);
  EXPECT_EQ(digit_char(25, 25), 'P');
  EXPECT_EQ(digit_char(10, 12), 'A');
  EXPECT_EQ(digit_value('7', 6), -1);

  std::string bad(256, '.');
  bad[99] = 'H';
  try {
    read_cells(*g16, bad);
    FAIL();
  } catch (const GeometryError& e) {
    EXPECT_STREQ(e.what(), "cells:100: 'H' is no digit of 16x16 in the 1-9A-G alphabet ('.' for an empty cell)");
    EXPECT_EQ(e.column(), 100);
  }
  bad[99] = 'G';
  EXPECT_THROW(read_cells(*g16, bad, Alphabet::kHex), GeometryError);
  EXPECT_THROW(read_cells(*g16, bad.substr(1)), GeometryError);
  EXPECT_THROW(read_cells(*parse_geometry("25x25"), std::string(625, '.'), Alphabet::kHex), GeometryError);

  // 4x4, 6x6, 9x9 and 25x25 round-trip in the default alphabet.
  for (const char* s : {"4x4", "6x6", "classic", "12x12", "25x25"}) {
    const auto g = parse_geometry(s);
    std::vector<std::uint8_t> v(static_cast<std::size_t>(g->cells()));
    for (int i = 0; i < g->cells(); ++i) v[static_cast<std::size_t>(i)] = static_cast<std::uint8_t>(i % (g->size() + 1));
    EXPECT_EQ(read_cells(*g, print_cells(*g, v)), v) << s;
  }
}

}  // namespace
}  // namespace sudokit
