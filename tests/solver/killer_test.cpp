// Killer sudoku (solver/include/sudokit/solver/killer.hpp): the cage
// spelling and its errors, and the solver's counts checked against an
// independent brute-force counter written here (plain row, column, box and
// cage checks, no candidate masks, nothing shared with the solver) on random
// cage layouts over random solution grids: unique, multiple and none.
#include "sudokit/solver/killer.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "killer_brute.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit {
namespace {

using test::Brute;
using test::brute_count;
using test::random_cages;

using Cells = std::vector<std::uint8_t>;

std::string error_of(const Geometry& g, std::string_view text, KillerRules rules = {}) {
  try {
    parse_cages(g, text, rules, "k.txt", 7);
  } catch (const KillerError& e) {
    return e.what();
  }
  return "no error";
}

TEST(KillerSpelling, ReadsAndPrintsCages) {
  const GeometryPtr g = parse_geometry("4x4");
  // 12 34 / 34 12 / 21 43 / 43 21, cut into six cages.
  const std::string text = "3=r1c1,r1c2;7=r1c4,r1c3;5=r2c1,r3c1;7=r2c2,r2c3,r2c4;"
                           "8=r3c2,r3c3,r3c4;10=r4c1,r4c2,r4c3,r4c4";
  const auto cages = parse_cages(*g, text);
  ASSERT_EQ(cages.size(), 6u);
  EXPECT_EQ(cages[1].sum, 7);
  EXPECT_EQ(cages[1].cells, (std::vector<int>{2, 3}));  // sorted
  EXPECT_EQ(print_cages(*g, cages),
            "3=r1c1,r1c2;7=r1c3,r1c4;5=r2c1,r3c1;7=r2c2,r2c3,r2c4;8=r3c2,r3c3,r3c4;10=r4c1,r4c2,r4c3,r4c4");
  EXPECT_EQ(parse_cages(*g, print_cages(*g, cages)), cages);
}

TEST(KillerSpelling, NamesTheCageAtFault) {
  const GeometryPtr g = parse_geometry("4x4");
  const std::string rest = ";5=r2c1,r3c1;7=r2c2,r2c3,r2c4;8=r3c2,r3c3,r3c4;10=r4c1,r4c2,r4c3,r4c4";
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c3;7=r1c2,r1c4" + rest),
            "k.txt:7: cage 1: not connected (r1c3 does not touch r1c1's part)");
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c2;7=r1c2,r1c3,r1c4" + rest), "k.txt:7: cage 2: r1c2 is also in cage 1");
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c2" + rest), "k.txt:7: r1c3 is in no cage (a pure killer covers every cell)");
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c2;8=r1c3,r1c4" + rest),
            "k.txt:7: cage 2: sum 8 is impossible for 2 cells of digits 1-4 (distinct)");
  EXPECT_EQ(error_of(*g, "2=r1c1,r1c2;7=r1c3,r1c4" + rest),
            "k.txt:7: cage 1: sum 2 is impossible for 2 cells of digits 1-4 (distinct)");
  // Repeats allowed: 2 = 1+1 is possible, 9 = more than 4+4 is not.
  KillerRules repeats;
  repeats.repeats = true;
  EXPECT_EQ(error_of(*g, "2=r1c1,r1c2;8=r1c3,r1c4" + rest, repeats), "no error");
  EXPECT_EQ(error_of(*g, "2=r1c1,r1c2;9=r1c3,r1c4" + rest, repeats),
            "k.txt:7: cage 2: sum 9 is impossible for 2 cells of digits 1-4 (repeats allowed)");
  KillerRules partial;
  partial.cover = false;
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c2", partial), "no error");
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c2;x=r1c3", partial), "k.txt:7: cage 2: bad sum \"x\"");
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c2;7", partial), "k.txt:7: cage 2: expected SUM=CELLS, got \"7\"");
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c2;3=r1c3,", partial), "k.txt:7: cage 2: bad cell \"\" (expected rRcC, e.g. r1c2)");
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c2;3=r5c1", partial), "k.txt:7: cage 2: cell r5c1 outside the 4x4 grid");
  EXPECT_EQ(error_of(*g, "3=r1c1,r1c1", partial), "k.txt:7: cage 1: r1c1 twice");
  EXPECT_EQ(error_of(*g, "3=r1c1;;4=r2c2", partial), "k.txt:7: cage 2: empty cage");
  EXPECT_EQ(error_of(*parse_geometry("25x25"), "3=r1c1", partial), "k.txt:7: killer sizes go up to 16, not 25");
}

TEST(KillerCombinations, MatchTheKnownTable) {
  // The classic killer table: 2 cells summing to 3 is only {1,2}; 17 only {8,9};
  // 3 cells to 7 only {1,2,4}; 9 cells always 45.
  EXPECT_EQ(cage_combinations(9, 2, 3), (std::vector<std::uint32_t>{0b110}));
  EXPECT_EQ(cage_combinations(9, 2, 17), (std::vector<std::uint32_t>{0b1100000000}));
  EXPECT_EQ(cage_combinations(9, 3, 7), (std::vector<std::uint32_t>{0b10110}));
  EXPECT_EQ(cage_combinations(9, 9, 45).size(), 1u);
  EXPECT_EQ(cage_combinations(9, 2, 10).size(), 4u);  // 1+9 2+8 3+7 4+6
  EXPECT_EQ(cage_combinations(9, 4, 20).size(), 12u);
  EXPECT_TRUE(cage_combinations(9, 2, 2).empty());
}

TEST(KillerSolver, CountsTheSpellingExample) {
  const GeometryPtr g = parse_geometry("4x4");
  const auto cages = parse_cages(*g, "3=r1c1,r1c2;7=r1c3,r1c4;5=r2c1,r3c1;7=r2c2,r2c3,r2c4;8=r3c2,r3c3,r3c4;"
                                     "10=r4c1,r4c2,r4c3,r4c4");
  const unsigned want = brute_count(4, 2, 2, cages, false, 10);
  EXPECT_GE(want, 1u);
  EXPECT_EQ(count_killer(*g, cages, {}, 10), want);
}

TEST(KillerSolver, AgreesWithBruteForceOnRandomLayouts) {
  struct Case {
    const char* spelling;
    int br, bc, max_size, rounds;
  };
  for (const Case& k : {Case{"4x4", 2, 2, 4, 300}, Case{"6x6", 2, 3, 5, 150}}) {
    SCOPED_TRACE(k.spelling);
    const GeometryPtr g = parse_geometry(k.spelling);
    const int n = g->size();
    std::mt19937_64 rng(49);
    unsigned seen[3] = {0, 0, 0};
    for (int round = 0; round < k.rounds; ++round) {
      AnySolveOptions options;
      options.shuffle_seed = rng() | 1;
      const Cells grid = solve_any(*g, Cells(static_cast<std::size_t>(g->cells()), 0), 1, options).solution;
      ASSERT_EQ(grid.size(), static_cast<std::size_t>(g->cells()));
      KillerRules rules;
      rules.repeats = round % 5 == 4;
      std::vector<Cage> cages = random_cages(n, grid, k.max_size, !rules.repeats, rng);
      // Every third round one cage's sum moves by one: often no solution.
      if (round % 3 == 2) {
        Cage& c = cages[std::uniform_int_distribution<std::size_t>(0, cages.size() - 1)(rng)];
        c.sum += (rng() & 1) ? 1 : -1;
        try {
          check_cages(*g, cages, rules);
        } catch (const KillerError&) {
          continue;  // an impossible sum: refused before solving
        }
      }
      check_cages(*g, cages, rules);
      const unsigned want = brute_count(n, k.br, k.bc, cages, rules.repeats, 3);
      const KillerResult got = solve_killer(*g, cages, {}, 3, rules);
      ASSERT_EQ(got.count, want) << print_cages(*g, cages) << " repeats " << rules.repeats;
      ++seen[std::min(want, 2u)];
      if (got.count) {
        // The solution found satisfies every rule (checked by the brute counter with it as givens).
        ASSERT_EQ(got.solution.size(), grid.size());
        Brute b{n, k.br, k.bc, cages, rules.repeats, std::vector<int>(static_cast<std::size_t>(n * n), -1),
                Cells(static_cast<std::size_t>(n * n), 0), 0, 1};
        for (std::size_t i = 0; i < cages.size(); ++i)
          for (int c : cages[i].cells) b.cage_of[static_cast<std::size_t>(c)] = static_cast<int>(i);
        for (int c = 0; c < n * n; ++c) {
          ASSERT_TRUE(b.ok(c, got.solution[static_cast<std::size_t>(c)])) << "cell " << c;
          b.grid[static_cast<std::size_t>(c)] = got.solution[static_cast<std::size_t>(c)];
        }
      }
      // With half the grid as givens the count agrees too.
      Cells givens(grid.size(), 0);
      for (std::size_t i = 0; i < grid.size(); i += 2) givens[i] = grid[i];
      Brute b{n, k.br, k.bc, cages, rules.repeats, std::vector<int>(static_cast<std::size_t>(n * n), -1), givens, 0, 3};
      for (std::size_t i = 0; i < cages.size(); ++i)
        for (int c : cages[i].cells) b.cage_of[static_cast<std::size_t>(c)] = static_cast<int>(i);
      b.go(0);
      ASSERT_EQ(count_killer(*g, cages, givens, 3, rules), b.count) << print_cages(*g, cages);
    }
    // The layouts reach every kind: none, unique, multiple.
    EXPECT_GT(seen[0], 0u);
    EXPECT_GT(seen[1], 0u);
    EXPECT_GT(seen[2], 0u);
  }
}

TEST(KillerSolver, AgreesWithBruteForceOn9x9WithGivens) {
  // Pure 9x9 killers with a random third of the grid given (the brute
  // counter is too slow on 9x9 without givens); a moved sum often leaves none.
  const GeometryPtr g = classic_geometry();
  std::mt19937_64 rng(4949);
  unsigned seen[3] = {0, 0, 0};
  for (int round = 0; round < 120; ++round) {
    AnySolveOptions options;
    options.shuffle_seed = rng() | 1;
    options.general = true;
    const Cells grid = solve_any(*g, Cells(81, 0), 1, options).solution;
    ASSERT_EQ(grid.size(), 81u);
    std::vector<Cage> cages = random_cages(9, grid, 5, true, rng);
    if (round % 3 == 2) {
      Cage& c = cages[std::uniform_int_distribution<std::size_t>(0, cages.size() - 1)(rng)];
      c.sum += (rng() & 1) ? 1 : -1;
      try {
        check_cages(*g, cages);
      } catch (const KillerError&) {
        continue;
      }
    }
    Cells givens(81, 0);
    std::bernoulli_distribution kept(round % 2 ? 0.2 : 0.33);
    for (std::size_t i = 0; i < 81; ++i)
      if (kept(rng)) givens[i] = grid[i];
    Brute b{9, 3, 3, cages, false, std::vector<int>(81, -1), givens, 0, 3};
    for (std::size_t i = 0; i < cages.size(); ++i)
      for (int c : cages[i].cells) b.cage_of[static_cast<std::size_t>(c)] = static_cast<int>(i);
    b.go(0);
    ASSERT_EQ(count_killer(*g, cages, givens, 3), b.count) << print_cages(*g, cages);
    ++seen[std::min(b.count, 2u)];
  }
  EXPECT_GT(seen[0], 0u);
  EXPECT_GT(seen[1], 0u);
  EXPECT_GT(seen[2], 0u);
}

}  // namespace
}  // namespace sudokit
