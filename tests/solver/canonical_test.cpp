// The canonical (minlex) form: against a brute force over the whole
// positional group on a few inputs, invariance under thousands of random
// transforms, idempotence, the returned transform really producing the form,
// the fast grid path agreeing with the general search, and the edge cases
// (empty grid, symmetric grids and patterns, grids that break the rules).
#include <gtest/gtest.h>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/solve.hpp"
#include "test_data.hpp"

namespace sudokit {
namespace {

using Rng = boost::random::mt19937_64;

Transform random_transform(Rng& rng) {
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

// Puzzles with 25..30 clues: a 17-clue puzzle plus clues of its solution.
std::vector<Grid> denser_puzzles(std::size_t every, Rng& rng) {
  std::vector<Grid> out;
  boost::random::uniform_int_distribution<int> cell(0, kCells - 1), extra(25, 30);
  for (const Grid& p : test::load_puzzles("puzzles_17clue.txt", every)) {
    const Grid s = solve(p, 1).solution;
    Grid q = p;
    const int target = extra(rng);
    while (q.clue_count() < target) {
      const int c = cell(rng);
      q[c] = s[c];
    }
    out.push_back(q);
  }
  return out;
}

// Random subsets of a grid's cells, symmetric under the 180-degree turn when
// asked (symmetric patterns are where ties between transforms pile up).
Grid random_subset(const Grid& g, int clues, bool symmetric, Rng& rng) {
  boost::random::uniform_int_distribution<int> cell(0, kCells - 1);
  Grid p;
  while (p.clue_count() < clues) {
    const int c = cell(rng);
    p[c] = g[c];
    if (symmetric) p[80 - c] = g[80 - c];
  }
  return p;
}

// The minlex form by definition: every positional transform, digits labelled
// in order of first appearance, the smallest string kept.
Grid brute_force_minlex(const Grid& g) {
  std::vector<std::array<std::uint8_t, 9>> lines;  // every band-preserving line order
  for (std::uint32_t i = 0; i < 6 * 6 * 6 * 6; ++i)
    lines.push_back(Transform::from_parts(false, static_cast<int>(i % 6),
                                          {static_cast<int>(i / 6 % 6), static_cast<int>(i / 36 % 6),
                                           static_cast<int>(i / 216)},
                                          0, {0, 0, 0}, identity_digits())
                        .rows);
  Grid best;
  best.cells.fill(10);
  for (int t = 0; t < 2; ++t)
    for (const auto& rows : lines)
      for (const auto& cols : lines) {
        auto source = [&](int c) {
          const int r = rows[static_cast<std::size_t>(row_of(c))], k = cols[static_cast<std::size_t>(col_of(c))];
          return g[t ? cell_at(k, r) : cell_at(r, k)];
        };
        // Compare with the best so far up to the first difference; rebuild
        // the whole string only when it is smaller.
        std::uint8_t label[10] = {};
        std::uint8_t next = 1;
        int order = 0;
        for (int c = 0; c < kCells && order == 0; ++c) {
          const int d = source(c);
          if (d != 0 && label[d] == 0) label[d] = next++;
          if (label[d] != best[c]) order = label[d] < best[c] ? -1 : 1;
        }
        if (order >= 0) continue;
        std::uint8_t fresh[10] = {};
        next = 1;
        for (int c = 0; c < kCells; ++c) {
          const int d = source(c);
          if (d != 0 && fresh[d] == 0) fresh[d] = next++;
          best[c] = fresh[d];
        }
      }
  return best;
}

// Everything canonical_form promises, for one input.
void expect_canonical(const Grid& g, Rng& rng, int transforms) {
  Transform how;
  const Grid form = canonical_form(g, &how);
  ASSERT_TRUE(how.is_valid());
  ASSERT_EQ(how.apply(g), form) << format_line(g);
  ASSERT_EQ(form.clue_count(), g.clue_count());
  ASSERT_EQ(canonical_form(form), form) << format_line(g);
  for (int i = 0; i < transforms; ++i) {
    const Grid h = random_transform(rng).apply(g);
    ASSERT_EQ(canonical_form(h), form) << format_line(g) << " vs " << format_line(h);
  }
}

TEST(Canonical, MatchesBruteForceOnGridsAndPuzzles) {
  Rng rng(1);
  const auto grids = sample_solutions(20000);
  const auto puzzles = test::load_puzzles("puzzles_17clue.txt", 20000);
  ASSERT_GE(grids.size(), 2u);
  EXPECT_EQ(canonical_form(grids[0]), brute_force_minlex(grids[0])) << format_line(grids[0]);
  EXPECT_EQ(canonical_form(puzzles[1]), brute_force_minlex(puzzles[1])) << format_line(puzzles[1]);
  // A symmetric pattern, where many transforms tie.
  const Grid sym = random_subset(grids[2], 24, true, rng);
  EXPECT_EQ(canonical_form(sym), brute_force_minlex(sym)) << format_line(sym);
}

TEST(Canonical, KnownForms) {
  // The smallest grid of all is its own canonical form, and so is any
  // relabelling or reshuffling of it.
  const Grid smallest = test::grid_from(
      "123456789456789123789123456214365897365897214897214365531642978642978531978531642");
  EXPECT_EQ(canonical_form(smallest), smallest);
  Rng rng(5);
  expect_canonical(smallest, rng, 50);
  // A solution grid starts 123456789 and its second row 456789 or 457.
  for (const Grid& g : sample_solutions(2000)) {
    const Grid form = canonical_form(g);
    for (int c = 0; c < 9; ++c) ASSERT_EQ(form[c], c + 1);
    ASSERT_EQ(form[9], 4);
    ASSERT_TRUE(form[10] == 5);
    ASSERT_TRUE(form[11] == 6 || form[11] == 7);
  }
  // Empty stays empty; one clue goes to the last cell as a 1.
  EXPECT_EQ(canonical_form(Grid{}), Grid{});
  Grid one;
  one[40] = 7;
  Grid last;
  last[80] = 1;
  EXPECT_EQ(canonical_form(one), last);
  // A puzzle's form starts with an empty cell, its first given is a 1, and
  // its digits appear in order of first use.
  for (const Grid& p : test::load_puzzles("puzzles_17clue.txt", 1000)) {
    const Grid form = canonical_form(p);
    ASSERT_EQ(form[0], 0);
    int next = 1;
    for (int c = 0; c < kCells; ++c) {
      if (form[c] == 0) continue;
      ASSERT_LE(form[c], next) << format_line(form);
      if (form[c] == next) ++next;
    }
  }
}

TEST(Canonical, SolutionGridsAreInvariantUnderRandomTransforms) {
  Rng rng(2);
  for (const Grid& g : sample_solutions(40)) expect_canonical(g, rng, 3);
}

TEST(Canonical, SeventeenCluePuzzlesAreInvariantUnderRandomTransforms) {
  Rng rng(3);
  for (const Grid& p : test::load_puzzles("puzzles_17clue.txt", 25)) expect_canonical(p, rng, 2);
}

TEST(Canonical, DenserPuzzlesAreInvariantAndKeepTheirSolutionCount) {
  Rng rng(4);
  for (const Grid& p : denser_puzzles(50, rng)) {
    expect_canonical(p, rng, 2);
    const Grid form = canonical_form(p);
    ASSERT_EQ(solve(form, 2).count, solve(p, 2).count);
  }
  for (const Grid& p : test::load_puzzles("puzzles_top1465.txt")) {
    const Grid form = canonical_form(p);
    ASSERT_EQ(canonical_form(random_transform(rng).apply(p)), form);
    ASSERT_EQ(solve(form, 2).count, 1u);
  }
}

TEST(Canonical, RandomAndSymmetricPatternsIncludingManySolutions) {
  Rng rng(6);
  const auto grids = sample_solutions(200);
  boost::random::uniform_int_distribution<int> clues(1, 60);
  for (std::size_t i = 0; i < grids.size(); ++i) {
    const Grid p = random_subset(grids[i], clues(rng), i % 2 == 0, rng);
    expect_canonical(p, rng, 5);
    const Grid form = canonical_form(p);
    ASSERT_EQ(solve(form, 3).count, solve(p, 3).count);
  }
}

TEST(Canonical, FastGridPathAgreesWithGeneralSearch) {
  Rng rng(8);
  for (const Grid& g : sample_solutions(500)) {
    const Grid h = random_transform(rng).apply(g);
    ASSERT_EQ(canonical_solution(h), canonical_puzzle(h)) << format_line(h);
  }
  // Highly symmetric grids (many automorphisms, pure bands).
  const Grid smallest = test::grid_from(
      "123456789456789123789123456231564897564897231897231564312645978645978312978312645");
  for (int i = 0; i < 10; ++i) {
    const Grid h = random_transform(rng).apply(smallest);
    ASSERT_EQ(canonical_solution(h), canonical_puzzle(h));
  }
}

TEST(Canonical, GridsThatBreakTheRulesStillGetAForm) {
  Rng rng(9);
  Grid bad;
  bad[0] = 5;
  bad[1] = 5;
  bad[30] = 2;
  bad[31] = 2;  // same triplet twice
  bad[32] = 2;
  expect_canonical(bad, rng, 30);
  // A complete grid that is not a solution takes the general path.
  Grid full = sample_solutions(20000)[0];
  std::swap(full[0], full[1]);
  full[2] = full[0];
  expect_canonical(full, rng, 5);
}

}  // namespace
}  // namespace sudokit
