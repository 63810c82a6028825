// The symmetry group of a geometry (geometry_symmetry.hpp) against ground
// truth: brute force over every LineMap of small sizes, the classic group
// of transform.hpp filtered by a direct test of the extra regions, the
// region map of a jigsaw, and every digit permutation for nc and nc+.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <set>

#include "sudokit/solver/geometry_symmetry.hpp"
#include "line_maps.hpp"
#include "sudokit/solver/transform.hpp"

namespace sudokit {
namespace {

using Cells = std::vector<std::uint8_t>;

using test::below_from;
using test::for_each_line_map;

LineMap random_line_map(int n, std::mt19937_64& rng) {
  LineMap m = LineMap::identity(n);
  std::shuffle(m.rows.begin(), m.rows.end(), rng);
  std::shuffle(m.cols.begin(), m.cols.end(), rng);
  m.transpose = rng() % 2 == 1;
  return m;
}

Cells numbered(int n) {
  Cells c(static_cast<std::size_t>(n * n));
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = static_cast<std::uint8_t>(i % 251);
  return c;
}

TEST(LineMap, ApplyComposeInverseAgree) {
  std::mt19937_64 rng(47);
  for (int n : {4, 6, 9}) {
    const Cells x = numbered(n);
    for (int k = 0; k < 50; ++k) {
      const LineMap a = random_line_map(n, rng), b = random_line_map(n, rng);
      EXPECT_EQ(compose(a, b).apply(x), a.apply(b.apply(x)));
      EXPECT_EQ(inverse(a).apply(a.apply(x)), x);
      EXPECT_EQ(a.apply(inverse(a).apply(x)), x);
      const auto map = a.cell_map();
      for (int c = 0; c < n * n; ++c) EXPECT_EQ(a.apply(x)[static_cast<std::size_t>(c)], x[static_cast<std::size_t>(map[static_cast<std::size_t>(c)])]);
    }
  }
}

TEST(LineMap, MatchesTheClassicTransform) {
  std::mt19937_64 rng(9);
  for (int k = 0; k < 100; ++k) {
    const Transform t = Transform::from_index(static_cast<std::uint32_t>(rng() % kPositionalTransforms), 0);
    LineMap m = LineMap::identity(9);
    m.transpose = t.transpose;
    for (int i = 0; i < 9; ++i) {
      m.rows[static_cast<std::size_t>(i)] = t.rows[static_cast<std::size_t>(i)];
      m.cols[static_cast<std::size_t>(i)] = t.cols[static_cast<std::size_t>(i)];
    }
    for (int c = 0; c < 81; ++c) EXPECT_EQ(m.source_cell(c), t.source_cell(c));
  }
}

TEST(Preserves, RefusesWhatIsNoPermutation) {
  const auto g = parse_geometry("4x4");
  std::vector<int> map(16);
  std::iota(map.begin(), map.end(), 0);
  EXPECT_TRUE(preserves(*g, map));
  map[3] = 2;
  EXPECT_FALSE(preserves(*g, map));
  map[3] = 16;
  EXPECT_FALSE(preserves(*g, map));
  EXPECT_FALSE(preserves(*g, std::vector<int>(15)));
  // A cell permutation that is no LineMap: swapping two cells of a box
  // breaks their rows and columns.
  std::iota(map.begin(), map.end(), 0);
  std::swap(map[0], map[5]);
  EXPECT_FALSE(preserves(*g, map));
}

TEST(SymmetryGroup, ClassicIsTheTransformGroup) {
  const auto group = symmetry_group(classic_geometry());
  EXPECT_EQ(group->kind(), SymmetryGroup::Kind::kBands);
  EXPECT_EQ(group->order(), std::to_string(kPositionalTransforms));
  EXPECT_EQ(group->digit_order(), std::to_string(kDigitRelabellings));
  EXPECT_EQ(group->digits(), DigitSymmetry::kAll);
  std::mt19937_64 rng(1);
  for (int k = 0; k < 200; ++k) {
    const LineMap m = group->random_element(below_from(rng));
    EXPECT_TRUE(group->contains(m));
    EXPECT_TRUE(preserves(*classic_geometry(), m));
  }
  for (const LineMap& m : group->generators()) EXPECT_TRUE(preserves(*classic_geometry(), m));
  // Rows 3 and 4 (1-based) lie in two bands.
  LineMap swap = LineMap::identity(9);
  std::swap(swap.rows[2], swap.rows[3]);
  EXPECT_FALSE(group->contains(swap));
  EXPECT_FALSE(preserves(*classic_geometry(), swap));
}

TEST(SymmetryGroup, OrdersOfTheBoxedShapes) {
  // (hr!^(n/hr) (n/hr)!) (hc!^(n/hc) (n/hc)!), times 2 for square boxes.
  EXPECT_EQ(symmetry_group(parse_geometry("4x4"))->order(), "128");
  EXPECT_EQ(symmetry_group(parse_geometry("6x6"))->order(), std::to_string(48 * 72));
  EXPECT_EQ(symmetry_group(parse_geometry("6x6:3x2"))->order(), std::to_string(48 * 72));
  EXPECT_EQ(symmetry_group(parse_geometry("16x16"))->order(), "126806761930752");  // 24^10 * 2
  EXPECT_EQ(symmetry_group(parse_geometry("none"))->order(), "263363788800");      // 9!^2 * 2
  EXPECT_EQ(symmetry_group(parse_geometry("25x25"))->order(),
            "17832200896512000000000000");  // (5!^5 * 5!)^2 * 2
  EXPECT_EQ(symmetry_group(parse_geometry("16x16"))->digit_order(), "20922789888000");
  EXPECT_FALSE(symmetry_group(parse_geometry("6x6"))->transposes());
}

// Every LineMap of size 4 or 5 that preserves the geometry is in the group,
// and nothing else is.
TEST(SymmetryGroup, SmallGroupsEqualBruteForce) {
  for (const char* spelling :
       {"4x4", "4x4:none", "4x4,nc", "4x4,nc+", "4x4,anti-king,toroidal", "4x4:none,anti-knight",
        "4x4:none,anti-knight,toroidal", "jigsaw:AAABCADBCCDBCDDB", "jigsaw:AAABBACABBCCCBDECDDDEEEED"}) {
    SCOPED_TRACE(spelling);
    GeometryPtr g;
    try {
      g = parse_geometry(spelling);
    } catch (const GeometryError& e) {
      ADD_FAILURE() << e.what();
      continue;
    }
    const auto group = symmetry_group(g);
    std::vector<LineMap> brute;
    std::size_t total = 0;
    for_each_line_map(g->size(), [&](const LineMap& m) {
      ++total;
      const bool in = preserves(*g, m);
      EXPECT_EQ(group->contains(m), in);
      if (in) brute.push_back(m);
    });
    EXPECT_EQ(group->order(), std::to_string(brute.size()));
    if (group->kind() == SymmetryGroup::Kind::kListed) {
      EXPECT_EQ(group->elements().front(), LineMap::identity(g->size()));
      EXPECT_EQ(group->elements().size(), brute.size());
    }
  }
}

// A LineMap as text: 'T' or '-', the rows, '/', the columns.
std::string key_of(const LineMap& m) {
  std::string key(1, m.transpose ? 'T' : '-');
  for (int r : m.rows) key += static_cast<char>('0' + r);
  key += '/';
  for (int c : m.cols) key += static_cast<char>('0' + c);
  return key;
}

// The classic transformations (transform.hpp), each also after `extra`
// when given, whose cell map takes every one of `regions` onto one of them
// (checked directly, by sets of cells), as LineMaps.
std::set<std::string> classic_keeping(const std::vector<std::vector<int>>& regions,
                                                             const LineMap* extra = nullptr) {
  std::set<std::string> keep;
  auto mask = [](const std::vector<int>& cells) {
    std::pair<std::uint64_t, std::uint64_t> m{0, 0};
    for (int c : cells) (c < 64 ? m.first : m.second) |= std::uint64_t{1} << (c % 64);
    return m;
  };
  std::vector<std::pair<std::uint64_t, std::uint64_t>> want;
  for (const auto& r : regions) want.push_back(mask(r));
  std::sort(want.begin(), want.end());
  std::vector<int> image, out_of(81);
  const LineMap identity = LineMap::identity(9);
  const LineMap& after = extra ? *extra : identity;
  for (std::uint32_t i = 0; i < kPositionalTransforms; ++i) {
    const Transform t = Transform::from_index(i, 0);
    for (int pass = 0; pass < (extra ? 2 : 1); ++pass) {
      for (int o = 0; o < 81; ++o) {  // where input cell c lands
        const int c = pass == 0 ? t.source_cell(o) : after.source_cell(t.source_cell(o));
        out_of[static_cast<std::size_t>(c)] = o;
      }
      bool ok = true;
      for (const auto& r : regions) {
        image.clear();
        for (int c : r) image.push_back(out_of[static_cast<std::size_t>(c)]);
        if (!std::binary_search(want.begin(), want.end(), mask(image))) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      LineMap m = LineMap::identity(9);
      m.transpose = t.transpose;
      for (std::size_t k = 0; k < 9; ++k) {
        m.rows[k] = t.rows[k];
        m.cols[k] = t.cols[k];
      }
      const LineMap candidate = pass == 0 ? m : compose(m, *extra);
      keep.insert(key_of(candidate));
    }
  }
  return keep;
}

std::set<std::string> as_keys(const std::vector<LineMap>& maps) {
  std::set<std::string> keys;
  for (const auto& m : maps) keys.insert(key_of(m));
  return keys;
}

TEST(SymmetryGroup, XKeepsExactlyTheDiagonalKeepingTransforms) {
  const auto g = parse_geometry("x");
  const auto group = symmetry_group(g);
  ASSERT_EQ(group->kind(), SymmetryGroup::Kind::kListed);
  std::vector<std::vector<int>> diagonals(g->houses().end() - 2, g->houses().end());
  const auto brute = classic_keeping(diagonals);
  EXPECT_EQ(as_keys(group->elements()), brute);
  // Rows: the middle row stays, the others pair up as i and 8-i (2 * 2 * 3!
  // ways, bands 1 and 3 kept or swapped); columns follow the rows or their
  // reversal (2); transposed or not (2): 96.
  EXPECT_EQ(group->order(), "96");
  EXPECT_EQ(brute.size(), 96u);
}

// Windoku has more than the classic transformations that keep the
// windows: trading lines 1 and 4, 6 and 9 (rows and columns alike) turns
// the boxes into the windows and back. Its group is the classic maps,
// alone or after that trade, that keep boxes, windows and implied regions.
TEST(SymmetryGroup, WindowsKeepsTheWindowKeepingTransformsAndTheBoxWindowTrade) {
  const auto g = parse_geometry("windows");
  const auto group = symmetry_group(g);
  std::vector<std::vector<int>> regions(g->houses().begin() + 18, g->houses().end());  // boxes, windows, implied
  LineMap trade = LineMap::identity(9);
  trade.rows = trade.cols = {3, 1, 2, 0, 4, 8, 6, 7, 5};
  EXPECT_TRUE(preserves(*g, trade));
  EXPECT_FALSE(preserves(*classic_geometry(), trade));
  const auto brute = classic_keeping(regions, &trade);
  EXPECT_EQ(as_keys(group->elements()), brute);
  EXPECT_EQ(brute.size(), 256u);
}

TEST(SymmetryGroup, JigsawIsTheSymmetriesOfItsMap) {
  // A 6x6 map symmetric under the half turn only: the 2x3 boxes with two
  // cells traded between boxes 1 and 3, and their images between 6 and 4.
  const auto g = parse_geometry("jigsaw:AAABBBAACBBBACCDDDCCCDDFEEEDFFEEEFFF");
  const auto group = symmetry_group(g);
  // The dihedral maps, each checked on the map: regions onto regions.
  const int n = 6;
  auto region = [&](int cell) { return g->region_of()[static_cast<std::size_t>(cell)]; };
  int expected = 0;
  std::vector<int> rev(n), id(n);
  std::iota(id.begin(), id.end(), 0);
  std::iota(rev.rbegin(), rev.rend(), 0);
  for (int t = 0; t < 2; ++t)
    for (const auto& rows : {id, rev})
      for (const auto& cols : {id, rev}) {
        LineMap m{t == 1, rows, cols};
        // Same region before iff same region after, for every pair of cells.
        bool keeps = true;
        for (int a = 0; a < n * n && keeps; ++a)
          for (int b = 0; b < n * n && keeps; ++b)
            keeps = (region(a) == region(b)) == (region(m.source_cell(a)) == region(m.source_cell(b)));
        expected += keeps;
        EXPECT_EQ(group->contains(m), keeps);
      }
  EXPECT_EQ(expected, 2);  // the identity and the half turn
  EXPECT_EQ(group->order(), "2");
}

TEST(SymmetryGroup, ToroidalShiftsWhereLeapersWrap) {
  // A Latin square with toroidal anti-king keeps every cyclic shift of rows
  // and columns; without the wrap only the dihedral maps.
  const auto wrapped = symmetry_group(parse_geometry("6x6:none,anti-king,toroidal"));
  const auto plain = symmetry_group(parse_geometry("6x6:none,anti-king"));
  LineMap shift = LineMap::identity(6);
  std::rotate(shift.rows.begin(), shift.rows.begin() + 1, shift.rows.end());
  EXPECT_TRUE(wrapped->contains(shift));
  EXPECT_FALSE(plain->contains(shift));
  EXPECT_EQ(plain->order(), "8");
  for (const auto& m : wrapped->elements()) EXPECT_TRUE(preserves(wrapped->geometry(), m));
}

// Digit relabellings: every permutation of 1..n that keeps the relation
// "consecutive" (nc: |a-b| = 1; nc+: also 1 and n) is listed, nothing else.
TEST(SymmetryGroup, DigitRelabellingsOfNcEqualBruteForce) {
  for (const char* spelling : {"6x6,nc", "6x6,nc+", "4x4,nc", "4x4,nc+", "nc+", "6x6"}) {
    SCOPED_TRACE(spelling);
    const auto g = parse_geometry(spelling);
    const auto group = symmetry_group(g);
    const int n = g->size();
    const bool wrap = g->nc_wrap(), nc = !g->adjacent(0).empty();
    auto consecutive = [&](int a, int b) { return std::abs(a - b) == 1 || (wrap && std::abs(a - b) == n - 1); };
    std::vector<int> perm(static_cast<std::size_t>(n));
    std::iota(perm.begin(), perm.end(), 1);
    std::set<std::string> brute;
    if (n <= 6)
      do {
        bool keeps = true;
        for (int a = 1; a <= n && keeps; ++a)
          for (int b = 1; b <= n && keeps; ++b)
            keeps = !nc || consecutive(a, b) == consecutive(perm[static_cast<std::size_t>(a - 1)], perm[static_cast<std::size_t>(b - 1)]);
        if (!keeps) continue;
        DigitRelabel m(static_cast<std::size_t>(n) + 1, 0);
        for (int d = 1; d <= n; ++d) m[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>(perm[static_cast<std::size_t>(d - 1)]);
        brute.insert(std::string(m.begin(), m.end()));
      } while (std::next_permutation(perm.begin(), perm.end()));
    if (!nc) {
      EXPECT_EQ(group->digits(), DigitSymmetry::kAll);
      EXPECT_EQ(group->digit_order(), std::to_string(brute.size()));
      continue;
    }
    const auto listed = group->digit_relabels();
    EXPECT_EQ(listed.front(), DigitRelabel(group->digit_relabels().front()));
    if (n <= 6) {
      std::set<std::string> got;
      for (const auto& m : listed) got.insert(std::string(m.begin(), m.end()));
      EXPECT_EQ(got, brute);
    }
    EXPECT_EQ(group->digit_order(), std::to_string(wrap ? 2 * n : 2));
  }
}

TEST(SymmetryGroup, RandomElementsPreserveEveryListedGeometry) {
  std::mt19937_64 rng(3);
  for (const char* spelling : {"x", "windows", "disjoint", "centre-dot", "girandola", "asterisk", "anti-knight",
                               "anti-king", "anti-knight,toroidal", "nc", "nc+", "x,windows", "8x8", "12x12",
                               "6x6,anti-knight"}) {
    SCOPED_TRACE(spelling);
    const auto g = parse_geometry(spelling);
    const auto group = symmetry_group(g);
    for (int k = 0; k < 20; ++k) {
      const LineMap m = group->random_element(below_from(rng));
      EXPECT_TRUE(preserves(*g, m));
      EXPECT_TRUE(group->contains(m));
    }
  }
}

}  // namespace
}  // namespace sudokit

namespace sudokit {
namespace {

// nc: only the maps that keep orthogonal neighbours (checked by
// coordinates here), which on a boxed shape are the 8 of the square.
TEST(SymmetryGroup, NcKeepsOrthogonalNeighbours) {
  for (const char* spelling : {"4x4,nc", "nc", "6x6:3x2,nc+", "toroidal,nc"}) {
    SCOPED_TRACE(spelling);
    const auto g = parse_geometry(spelling);
    const auto group = symmetry_group(g);
    ASSERT_EQ(group->kind(), SymmetryGroup::Kind::kListed);
    const int n = g->size();
    const bool wrap = std::string(spelling).find("toroidal") != std::string::npos;
    auto neighbours = [&](int a, int b) {
      const int dr = std::abs(a / n - b / n), dc = std::abs(a % n - b % n);
      const int wr = wrap ? std::min(dr, n - dr) : dr, wc = wrap ? std::min(dc, n - dc) : dc;
      return wr + wc == 1;
    };
    for (const auto& m : group->elements())
      for (int a = 0; a < n * n; ++a)
        for (int b = 0; b < n * n; ++b) EXPECT_EQ(neighbours(a, b), neighbours(m.source_cell(a), m.source_cell(b)));
    // 6x6 boxes of 3x2 are not square: no quarter turn, no transposition;
    // the toroidal wrap adds the shifts by whole bands and stacks (3 x 3).
    EXPECT_EQ(group->order(), n == 6 ? "4" : (wrap ? "72" : "8"));
  }
}

}  // namespace
}  // namespace sudokit
