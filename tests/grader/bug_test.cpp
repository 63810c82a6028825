// Bivalue Universal Grave (producer 22): real positions met while rating
// public puzzles, with SE's names, ratings, eliminations and emission order
// (type 4 before type 3), lkSudoku's fix for BUG cells that share an
// irregular house, and hand-made positions where no BUG exists.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "grader_test_util.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::grader {
namespace {

using test::all_steps;
using test::mask;
using test::position;

struct Expected {
  const char* name;
  const char* rating;
  const char* effect;
};

void expect_steps(const char* puzzle, const char* values, const char* candidates, const std::vector<Expected>& want) {
  SCOPED_TRACE(values);
  auto producer = make_bug();
  const auto steps = all_steps(*producer, position(values, candidates));
  ASSERT_EQ(steps.size(), want.size());
  const SolveResult solved = solve(sudokit::test::grid_from(puzzle), 2);
  ASSERT_EQ(solved.count, 1u);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(steps[i].technique, Technique::BivalueUniversalGrave);
    EXPECT_EQ(steps[i].name(), want[i].name);
    EXPECT_EQ(format_rating(steps[i].difficulty), want[i].rating);
    EXPECT_EQ(step_effect(steps[i]), want[i].effect);
    EXPECT_TRUE(test::agrees_with(steps[i], solved.solution));
  }
}

TEST(Bug, Type1KeepsOnlyTheBugDigit) {
  expect_steps("....8.....2.4.5.7...6...4..7..2.3..4.3.8.9.5...5...3....3...2..5.1.4.9.79...6...1",
               "4.7.86.231284356793.6.2.4..769253..4234819756815674392673.9.24.581342967942.6..31",
               "59 19 15 59 179 17 18 58 18 18 15 18 58 57 78 58",
               {{"BUG type 1", "5.6", "r3c4<>7, r3c4<>9"}});
}

TEST(Bug, Type2RemovesTheBugDigitFromCommonPeers) {
  expect_steps("...19..7.....6.81.8..7...2.1......8.3.9...4.5.8......7.4...7..2.67.8.....1..45...",
               "6..19857.79..6.81.8.17.49261..4..2893.98.146548....137948317652567.8.341213645798",
               "23 24 34 45 25 23 34 35 35 57 56 357 36 27 27 256 59 25 69 29 29",
               {{"BUG type 2", "5.7", "r4c2,r4c3,r6c4,r6c5<>5"}});
}

TEST(Bug, LkSudokuFixMakesEveryWideCellOfTheOnlyIrregularDigitABugCell) {
  // Digit 5 is irregular in rows 4 and 6, box 6 and column 8 with two or
  // three cells of 3+ candidates each; only box 4 and column 7 single out
  // r4c2 and r6c7. The fix adds r4c8 and r6c8 as BUG cells for 5.
  expect_steps(".3..2..6.4...1...7.8.....9.2.......96..291..3..........649.578.....6....5.87.26.1",
               "93.427.684.68193.778..5..942.3.8...964.2918.38.9.7...61649357823..168945598742631",
               "15 15 25 25 12 36 36 12 157 56 46 45 157 57 57 15 35 34 245 125 27 27",
               {{"BUG type 2", "5.7", "r4c7<>5"}});
}

TEST(Bug, Type4BeforeType3AndOneHintPerSharedHouse) {
  // BUG cells r5c7 and r6c7 (BUG digits 4 and 7) share box 6 and column 7.
  expect_steps("....69......2.....3....1..82..193.5............9..8.6..68.2.3.5.2.......51..87...",
               "..28695..68.235...395..16282.619385.85.6.2....39.58.62768924315923516.8.514387296",
               "14 47 37 13 17 49 47 19 47 47 47 47 17 47 1479 34 39 14 47 147 47 47",
               {{"BUG type 4", "5.7", "r6c7<>7, r5c7<>9"},
                {"BUG type 4", "5.7", "r6c7<>7, r5c7<>9"},
                {"BUG type 3", "5.8", "r5c8<>4"},
                {"BUG type 3", "5.8", "r2c7<>4"},
                {"BUG type 3", "5.9", "r5c9<>3"}});
}

TEST(Bug, Type4InBoxThenColumn) {
  expect_steps("...57..1.35.....9...7.936....5.2...47.43.92.12...5.8....314.5...2.....76.6..87...",
               "...572.1.35261..9...7.93625..5.2...47843692512...5.8..973146582428935176561287.4.",
               "68 49 69 34 38 48 47 78 18 14 48 16 139 78 18 79 36 139 69 47 14 36 79 39 39",
               {{"BUG type 4", "5.7", "r6c2<>1, r4c2<>9"}, {"BUG type 4", "5.7", "r6c2<>1, r4c2<>9"}});
}

// Hand-made: a solved grid with the rectangle r4c6=1 r4c9=3 r5c6=3 r5c9=1
// emptied is a grave (every cell bivalue, every digit twice per house).
constexpr const char* kSolved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

Board blanked(std::initializer_list<int> cells) {
  Grid g = sudokit::test::grid_from(kSolved);
  for (int c : cells) g[c] = 0;
  return Board(g);
}

TEST(Bug, HandMadeGraves) {
  auto producer = make_bug();
  Board b = blanked({32, 35, 41, 44});
  // The grave itself: no BUG cell, no hint.
  EXPECT_TRUE(all_steps(*producer, b).empty());
  // One cell with a third candidate: BUG type 1.
  b.set_candidates(44, mask({1, 3, 5}));
  auto steps = all_steps(*producer, b);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].name(), "BUG type 1");
  EXPECT_EQ(steps[0].difficulty, 5.6);
  EXPECT_EQ(step_effect(steps[0]), "r5c9<>1, r5c9<>3");
  // The extra digit appears once in its houses but in no cell with 3+
  // candidates: not a BUG.
  Board c = blanked({32, 35, 41, 44, 42});
  c.set_candidates(42, mask({5, 7}));
  EXPECT_TRUE(all_steps(*producer, c).empty());
}

}  // namespace
}  // namespace sudokit::grader
