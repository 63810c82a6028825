// The symmetry transforms: the group laws (identity, composition, inverse,
// associativity) checked on random elements, the index decoding, validity,
// and that every transform maps valid grids to valid grids and puzzles to
// puzzles with the same number of solutions.
#include <gtest/gtest.h>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <set>

#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/transform.hpp"
#include "test_data.hpp"

namespace sudokit {
namespace {

Transform random_transform(boost::random::mt19937_64& rng) {
  boost::random::uniform_int_distribution<std::uint32_t> positional(0, kPositionalTransforms - 1);
  boost::random::uniform_int_distribution<std::uint32_t> digits(0, kDigitRelabellings - 1);
  const std::uint32_t p = positional(rng);
  return Transform::from_index(p, digits(rng));
}

std::vector<Grid> sample_solutions(std::size_t every) {
  std::vector<Grid> grids;
  for (const Grid& p : test::load_puzzles("puzzles_17clue.txt", every)) grids.push_back(solve(p, 1).solution);
  return grids;
}

TEST(Transform, IdentityLeavesGridsAlone) {
  const Transform id;
  EXPECT_TRUE(id.is_valid());
  EXPECT_EQ(id, Transform::from_index(0, 0));
  const Grid g = test::load_puzzles("puzzles_top95.txt")[0];
  EXPECT_EQ(id.apply(g), g);
  for (int c = 0; c < kCells; ++c) EXPECT_EQ(id.source_cell(c), c);
}

TEST(Transform, DigitIndicesEnumerateAllPermutationsInOrder) {
  EXPECT_EQ(digits_from_index(0), identity_digits());
  const DigitMap last = digits_from_index(kDigitRelabellings - 1);
  EXPECT_EQ(last, (DigitMap{0, 9, 8, 7, 6, 5, 4, 3, 2, 1}));
  const DigitMap second = digits_from_index(1);
  EXPECT_EQ(second, (DigitMap{0, 1, 2, 3, 4, 5, 6, 7, 9, 8}));
  // A bijection: every index a different valid permutation (checked on a stride).
  std::set<DigitMap> seen;
  for (std::uint32_t i = 0; i < kDigitRelabellings; i += 7) {
    Transform t;
    t.digits = digits_from_index(i);
    ASSERT_TRUE(t.is_valid()) << i;
    seen.insert(t.digits);
  }
  EXPECT_EQ(seen.size(), (kDigitRelabellings + 6) / 7);
}

TEST(Transform, PositionalIndicesAreAllDifferentAndValid) {
  std::set<std::pair<std::array<std::uint8_t, 9>, std::array<std::uint8_t, 9>>> seen[2];
  for (std::uint32_t i = 0; i < kPositionalTransforms; i += 13) {
    const Transform t = Transform::from_index(i, 0);
    ASSERT_TRUE(t.is_valid()) << i;
    seen[t.transpose ? 1 : 0].insert({t.rows, t.cols});
  }
  EXPECT_EQ(seen[0].size() + seen[1].size(), (kPositionalTransforms + 12) / 13);
}

TEST(Transform, FromPartsPlacesBandsRowsStacksColumns) {
  // band order {2,0,1}: output band 0 shows band 2; its rows reversed ({2,1,0}).
  const Transform t = Transform::from_parts(false, 4, {5, 0, 0}, 1, {0, 0, 1}, identity_digits());
  EXPECT_EQ(t.rows, (std::array<std::uint8_t, 9>{8, 7, 6, 0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(t.cols, (std::array<std::uint8_t, 9>{0, 1, 2, 6, 7, 8, 3, 5, 4}));
  EXPECT_TRUE(t.is_valid());
}

TEST(Transform, InvalidTransformsAreRecognised) {
  Transform t;
  std::swap(t.rows[2], t.rows[3]);  // mixes two bands
  EXPECT_FALSE(t.is_valid());
  Transform u;
  std::swap(u.cols[0], u.cols[8]);
  EXPECT_FALSE(u.is_valid());
  Transform v;
  v.digits[3] = 4;  // not a permutation
  EXPECT_FALSE(v.is_valid());
  Transform w;
  w.digits[0] = 1;  // empty must stay empty
  EXPECT_FALSE(w.is_valid());
  Transform x;
  x.rows[0] = 1;  // row 1 twice
  EXPECT_FALSE(x.is_valid());
}

TEST(Transform, TransposeSwapsRowsAndColumns) {
  Transform t;
  t.transpose = true;
  const Grid g = sample_solutions(5000)[0];
  const Grid h = t.apply(g);
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) EXPECT_EQ(h[cell_at(r, c)], g[cell_at(c, r)]);
  EXPECT_EQ(t.apply(h), g);
}

TEST(Transform, GroupLawsOnRandomElements) {
  boost::random::mt19937_64 rng(20240603);
  const auto grids = sample_solutions(500);
  const auto puzzles = test::load_puzzles("puzzles_top1465.txt", 15);
  ASSERT_FALSE(grids.empty());
  const Transform id;
  for (int i = 0; i < 3000; ++i) {
    const Transform a = random_transform(rng), b = random_transform(rng), c = random_transform(rng);
    ASSERT_TRUE(a.is_valid());
    const Grid& g = grids[static_cast<std::size_t>(i) % grids.size()];
    const Grid& p = puzzles[static_cast<std::size_t>(i) % puzzles.size()];
    // composition is application in sequence
    ASSERT_EQ(compose(a, b).apply(g), a.apply(b.apply(g)));
    ASSERT_EQ(compose(a, b).apply(p), a.apply(b.apply(p)));
    // associativity, identity, inverses (as transforms, not only on one grid)
    ASSERT_EQ(compose(compose(a, b), c), compose(a, compose(b, c)));
    ASSERT_EQ(compose(a, id), a);
    ASSERT_EQ(compose(id, a), a);
    ASSERT_EQ(compose(inverse(a), a), id);
    ASSERT_EQ(compose(a, inverse(a)), id);
    ASSERT_EQ(inverse(inverse(a)), a);
    ASSERT_EQ(inverse(compose(a, b)), compose(inverse(b), inverse(a)));
    ASSERT_EQ(inverse(a).apply(a.apply(p)), p);
    // source_cell agrees with apply
    const Grid ag = a.apply(g);
    for (int cell = 0; cell < kCells; ++cell) ASSERT_EQ(ag[cell], a.digits[g[a.source_cell(cell)]]);
  }
}

TEST(Transform, PreservesValidityCluesAndSolutionCount) {
  boost::random::mt19937_64 rng(7);
  const auto grids = sample_solutions(1000);
  for (const Grid& g : grids) {
    const Transform t = random_transform(rng);
    const Grid h = t.apply(g);
    ASSERT_TRUE(h.is_complete());
    ASSERT_FALSE(find_conflict(h)) << format_line(g);
  }
  for (const Grid& p : test::load_puzzles("puzzles_top95.txt")) {
    const Transform t = random_transform(rng);
    const Grid q = t.apply(p);
    ASSERT_EQ(q.clue_count(), p.clue_count());
    const SolveResult r = solve(q, 2);
    ASSERT_EQ(r.count, 1u);
    // the solution moves with the puzzle
    ASSERT_EQ(r.solution, t.apply(solve(p, 1).solution));
  }
}

}  // namespace
}  // namespace sudokit
