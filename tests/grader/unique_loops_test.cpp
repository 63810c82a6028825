// Unique Rectangles and Unique Loops (producer 16): real positions met while
// rating public puzzles, where the first hint must have exactly SE's name,
// rating and eliminations (and agree with the solution), and hand-made
// positions for the search rules: houses, extra cells, validity, order.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "grader_test_util.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::grader {
namespace {

using test::all_steps;
using test::mask;
using test::position;

struct Case {
  const char* puzzle;      // the original puzzle (for its solution)
  const char* values;      // the position: placed digits
  const char* candidates;  // and candidates of the empty cells
  const char* name;        // SE's name of the first hint
  const char* rating;
  const char* effect;      // its eliminations
};

// Positions met on the calibration set, top95 and 17-clue puzzles.
const Case kCases[] = {
    {"......4...1.58..6.4.8..67....4.5..7..6.9.8.4..2..4.3....94..8.3.3..69.5...1......",
     "2.6...4...1.584.6.4.8..67...84.5..7..6.9.854..25.4.3..6794158238327691545418..697",
     "59 13 379 137 138 158 37 37 29 29 59 123 239 13 15 139 1236 123 29 1269 137 37 237 12 179 16 17 18 1689 23 23",
     "Unique Rectangle type 1", "4.5", "r5c1<>3, r5c1<>7"},
    {".....89.6.6.......98...4572..9..173.5...7...9.439..1..8761...93.......6.3.46.....",
     ".3...89.6.6....3..981364572629..173.518.736.97439.61..8761...931.2.3..6.3.46.....",
     "24 57 257 125 14 24 57 257 1259 259 148 148 458 458 458 24 24 258 258 58 245 25 24 59 48 79 48 57 59 289 279 "
     "28 15 157",
     "Unique Rectangle type 2", "4.5", "r1c5,r2c5,r2c6,r5c4<>2"},
    {".9.....8.5.13.89.4..6...7..253...698....9.....89.3.57..3..8..4.....4.......9.6...",
     "394....8.5713.89.48264.97..253..4698..78954..489632571.3..8..4.....438...489.63..",
     "257 567 17 12 56 26 26 15 135 35 17 17 16 16 23 23 69 25 257 17 12 69 79 16 25 125 156 79 17 125 125 257",
     "Unique Rectangle type 3", "4.6", "r9c5<>1"},  // naked pair
    {"49.1...6....8....5.3..4..29....2..7.2.9...6.4.4..8....61..5..4.5....3....2...4.51",
     "49.13..6....89.435.3..4.129...42..7.2.937.6.4.4..8....61..58.4.5.4.13..692.764.51",
     "25 25 78 78 17 67 1267 267 78 5678 56 567 138 568 168 1569 3589 38 58 15 18 137 167 56 1569 2359 19 23 37 29 "
     "2379 237 78 29 2789 89 38 38",
     "Unique Rectangle type 3", "4.7", "r4c7,r6c7<>3, r4c7<>8"},  // naked triplet
    {".....54....53...92....2..51..9..1.48...5.3...63.8..2..86..5....45...27....26.....",
     "..6..54....53...92....2..51579261348...5.39..63.8..2.586..5.12.45...27....26..5..",
     "129 1289 19 189 37 37 17 148 1478 4678 68 39 489 3478 47 4689 68 12 1248 148 47 167 67 14 479 479 17 37 47 "
     "49 349 13 19 1389 368 369 1379 19 13478 478 38 34",
     "Unique Rectangle type 3", "4.5", "r9c6<>4, r9c6<>7"},  // hidden pair of the loop values
    {"..35.92..8.......14..173..8.89.4.16...7...3.....6.2.....8...4......9.....1.7.4.2.",
     "1.35892..8.5426.314.2173..8.8934716.6.79183..341652.8...826.4....489.....1673482.",
     "67 47 467 79 79 69 56 59 25 25 25 45 24 79 79 79 35 15 1579 379 27 235 15 56 157 367 59 59",
     "Unique Rectangle type 4", "4.5", "r7c8,r8c8<>5"},
};

// Loop positions (6, 8, 10, 14 cells).
const Case kLoops[] = {
    {"..87.......231.8...1...8.54..4....25.3..2..7.29....4..72.4...3...9.715.......26..",
     ".5874.2134723158...132.8754..4..7325.3..24.7.297..34..72.4...3.3.9.715.2....326.7",
     "69 69 69 69 69 69 18 68 1689 89 158 156 18 19 1689 158 56 68 168 56 5689 69 19 189 468 68 48 158 48 15 589 "
     "489",
     "Unique Loop 6 type 1", "4.6", "r7c5<>6, r7c5<>9"},
    {"...8.23..4......5...7...129.9.4.5..1..1...5..6..9.3.4.534...7...1......2..23.4...",
     "1..8.23.442..3..5.387546129.934.5..1.41...5936..91324.534...7..91..5.432..23.4915",
     "56 569 79 67 69 17 19 68 678 28 27 68 678 27 267 68 78 57 58 78 12 29 19 68 68 68 67 78 78 67 68",
     "Unique Loop 6 type 2", "4.6", "r1c8,r6c9<>7"},
    {"..........1.5.6.9.8.6.7.5.15.92386.7...157.............91...28..........6.2...7.3",
     "9......76.1.5.6.9.8.6.7.5.154923861726.1579..1..6......91.6.28.......1696.2...7.3",
     "25 45 38 128 123 48 347 47 28 34 28 23 49 49 23 38 34 48 78 378 49 49 38 25 25 347 347 35 45 347 3578 4578 "
     "3478 248 235 58 489 1489 15 45",
     "Unique Loop 6 type 3", "4.6", "r9c8<>5"},  // hidden pair of the loop values
    {"13....6.9...2..54........7..........62..8.7.47.9.461....1.3........15...49.8.....",
     "13....6.9.6.2..54..4..6..7..147.....62..8.7.47.9.461....1.3........15...4968..315",
     "27 45 57 478 28 89 78 79 13 13 259 25 13 89 28 13 358 259 239 89 35689 68 35 1359 139 359 58 35 2358 28 258 "
     "578 469 49 2489 689 2678 238 78 238 469 489 2689 2678 27 27",
     "Unique Loop 6 type 4", "4.6", "r5c4,r5c6<>3"},
    {"...2.9...9......7..746..........35...48.6...3..68..2.........3.8..1....5.17.9....",
     "...279...9..5.4.7..746.8.5.....435..548.62.13..68512.....48..3.8..12...5417395.2.",
     "136 3568 135 134 68 14 68 123 13 68 12 123 13 139 129 127 29 129 79 68 68 79 79 37 39 49 479 26 2569 259 67 "
     "17 179 369 39 67 479 49 68 68",
     "Unique Loop 8 type 1", "4.7", "r1c2<>6, r1c2<>8"},
    {"..85...6..........9...184......2....8.714...214.8..65.6....3....3..8.......2.71..",
     ".1857..6........819...184...9.72.8148.714...21428396576.14.3..8.3..81.4..8.2.71..",
     "234 24 239 39 23457 56 34 369 69 24 2357 27 356 36 27 35 35 36 56 56 56 39 39 27 59 59 27 27 59 69 27 569 45 "
     "49 569 39 369",
     "Unique Loop 8 type 3", "4.7", "r2c6<>4"},
};

void expect_first(const Case& c, Producer& producer) {
  SCOPED_TRACE(c.values);
  const Board b = position(c.values, c.candidates);
  const auto steps = all_steps(producer, b);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps[0].name(), c.name);
  EXPECT_EQ(format_rating(steps[0].difficulty), c.rating);
  EXPECT_EQ(step_effect(steps[0]), c.effect);
  EXPECT_EQ(steps[0].technique, Technique::UniqueRectangle);
  const SolveResult solved = solve(sudokit::test::grid_from(c.puzzle), 2);
  ASSERT_EQ(solved.count, 1u);
  for (const Step& s : steps) EXPECT_TRUE(test::agrees_with(s, solved.solution));
  // Reported in order of (rating, type).
  for (std::size_t i = 1; i < steps.size(); ++i) {
    EXPECT_LE(steps[i - 1].difficulty, steps[i].difficulty);
    if (steps[i - 1].difficulty == steps[i].difficulty) {
      EXPECT_LE(steps[i - 1].type_number, steps[i].type_number);
    }
  }
}

TEST(UniqueRectangle, RealPositionsEachType) {
  auto producer = make_unique_loops();
  for (const Case& c : kCases) expect_first(c, *producer);
}

TEST(UniqueLoop, RealPositionsOfSixAndEightCells) {
  auto producer = make_unique_loops();
  for (const Case& c : kLoops) expect_first(c, *producer);
}

TEST(UniqueLoop, TenAndFourteenCellLoopsRateFive) {
  auto producer = make_unique_loops();
  const Case ten = {
      "....1..2.....2.3..47..........7.9......4....8..1......3.....15..6.8...........2..",
      "...61.82.81652.3.9472398561...7.9.122..4.1.38..12.3..53289.615.1658.2.93...135286",
      "59 359 39 47 47 47 47 56 348 34 568 46 59 79 56 679 679 48 68 4679 47 47 47 47 47 79 49 479",
      "Unique Loop 10 type 1", "5.0", "r6c7<>4, r6c7<>7"};
  expect_first(ten, *producer);
  const Case fourteen = {
      ".634.....9...........9..25.........96.9...54........7..176....5.8.2.3.6.....74.2.",
      ".634..79.925.673.474.93.2564327.6..9679...543.5.349.722176..435584213967396574.2.",
      "18 25 25 18 18 18 18 18 5 18 18 18 28 128 18 18 68 89 8 18 18",
      "Unique Loop 14 type 1", "5.0", "r5c6<>1, r5c6<>8"};
  expect_first(fourteen, *producer);
}

// Hand-made positions on a solved grid (rows 4-5 hold a rectangle on 1,3 in
// boxes 5 and 6: r4c6=1 r4c9=3 r5c6=3 r5c9=1).
constexpr const char* kSolved = "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
constexpr int kA = 32, kB = 35, kC = 41, kD = 44;  // r4c6, r4c9, r5c6, r5c9

Board blanked(std::initializer_list<int> cells) {
  Grid g = sudokit::test::grid_from(kSolved);
  for (int c : cells) g[c] = 0;
  return Board(g);
}

TEST(UniqueRectangle, Type1OnlyWithExactlyOneExtraCell) {
  auto producer = make_unique_loops();
  Board b = blanked({kA, kB, kC, kD});
  for (int c : {kA, kB, kC, kD}) ASSERT_EQ(b.candidates(c), mask({1, 3}));
  // The deadly pattern itself (no extra candidate anywhere) gives nothing.
  EXPECT_TRUE(all_steps(*producer, b).empty());
  b.set_candidates(kD, mask({1, 3, 5}));
  const auto steps = all_steps(*producer, b);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].name(), "Unique Rectangle type 1");
  EXPECT_EQ(steps[0].difficulty, 4.5);
  EXPECT_EQ(step_effect(steps[0]), "r5c9<>1, r5c9<>3");
  EXPECT_EQ(steps[0].type_number, 1);
  EXPECT_EQ(steps[0].size, 4);
}

TEST(UniqueRectangle, NotAcrossFourBoxes) {
  // r1c3=4 r1c7=9 r4c3=9 r4c7=4: a rectangle on 4,9 in four boxes.
  auto producer = make_unique_loops();
  Board b = blanked({2, 6, 29, 33});
  for (int c : {2, 6, 29}) b.set_candidates(c, mask({4, 9}));
  b.set_candidates(33, mask({4, 5, 9}));
  EXPECT_TRUE(all_steps(*producer, b).empty());
}

TEST(UniqueRectangle, MoreThanTwoExtraCellsOnlyWithOneExtraDigit) {
  auto producer = make_unique_loops();
  // r5c7 sees r4c9 (box 6), r5c6 and r5c9 (row 5).
  Board b = blanked({kA, kB, kC, kD, 42});
  for (int c : {kB, kC, kD}) b.set_candidates(c, mask({1, 3, 5}));
  b.set_candidates(42, mask({5, 7}));
  auto steps = all_steps(*producer, b);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].name(), "Unique Rectangle type 2");
  EXPECT_EQ(step_effect(steps[0]), "r5c7<>5");
  // A third extra cell with another extra digit: the loop is not followed.
  b.set_candidates(kD, mask({1, 3, 5, 7}));
  EXPECT_TRUE(all_steps(*producer, b).empty());
}

TEST(UniqueRectangle, SortedByRatingThenType) {
  auto producer = make_unique_loops();
  // Extra cells r5c6 {1,3,5} and r5c9 {1,3,6}; r5c1 {5,6} completes a naked
  // pair with them (type 3, 4.6) that clears r5c2; 1 and 3 have no other
  // place in row 5 (type 4, 4.5). Found in the order type 3, type 4.
  Board b = blanked({kA, kB, kC, kD, 36, 37});
  b.set_candidates(kC, mask({1, 3, 5}));
  b.set_candidates(kD, mask({1, 3, 6}));
  b.set_candidates(36, mask({5, 6}));
  b.set_candidates(37, mask({5, 6, 8}));
  const auto steps = all_steps(*producer, b);
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].name(), "Unique Rectangle type 4");
  EXPECT_EQ(steps[0].difficulty, 4.5);
  EXPECT_EQ(step_effect(steps[0]), "r5c6,r5c9<>3");
  EXPECT_EQ(steps[1].name(), "Unique Rectangle type 3");
  EXPECT_EQ(format_rating(steps[1].difficulty), "4.6");
  EXPECT_EQ(step_effect(steps[1]), "r5c2<>5, r5c2<>6");
}

TEST(UniqueLoop, SixCellsInOneBand) {
  // r1c1-r1c4-r2c4-r2c7-r3c7-r3c1: every house holds two loop cells, one at
  // an even and one at an odd position.
  auto producer = make_unique_loops();
  const int loop[6] = {0, 3, 12, 15, 24, 18};
  Board b = blanked({0, 3, 12, 15, 24, 18});
  for (int c : loop) b.set_candidates(c, mask({2, 8}));
  b.set_candidates(18, mask({2, 7, 8}));
  const auto steps = all_steps(*producer, b);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].name(), "Unique Loop 6 type 1");
  EXPECT_EQ(format_rating(steps[0].difficulty), "4.6");
  EXPECT_EQ(step_effect(steps[0]), "r3c1<>2, r3c1<>8");
  EXPECT_EQ(steps[0].size, 6);
  // With r3c2 instead of r3c1 the path still closes (through box 1), but
  // columns 1 and 2 each hold a single loop cell: not a unique loop.
  Board c = blanked({0, 3, 12, 15, 24, 19});
  for (int cell : {0, 3, 12, 15, 24, 19}) c.set_candidates(cell, mask({2, 8}));
  c.set_candidates(19, mask({2, 7, 8}));
  EXPECT_TRUE(all_steps(*producer, c).empty());
}

}  // namespace
}  // namespace sudokit::grader
