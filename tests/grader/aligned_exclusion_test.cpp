// Aligned Pair Exclusion (producer 25) and Aligned Triplet Exclusion
// (producer 29): real positions with SE's search order and eliminations, and
// hand-made positions for the rules: equal values only in cells that see each
// other, a naked single next to a cell keeps it out of the search.
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

std::string cells_of(const Step& s) {
  std::string text;
  s.cells.for_each([&](int c) {
    if (!text.empty()) text += ',';
    text += cell_name(c);
  });
  return text;
}

struct Expected {
  const char* cells;
  const char* effect;
};

void expect_steps(Producer& producer, const char* puzzle, const Board& b, const std::vector<Expected>& want,
                  Technique technique, double rating) {
  const auto steps = all_steps(producer, b);
  ASSERT_EQ(steps.size(), want.size());
  const SolveResult solved = solve(sudokit::test::grid_from(puzzle), 2);
  ASSERT_EQ(solved.count, 1u);
  for (std::size_t i = 0; i < steps.size(); ++i) {
    EXPECT_EQ(steps[i].technique, technique);
    EXPECT_EQ(steps[i].difficulty, rating);
    EXPECT_EQ(cells_of(steps[i]), want[i].cells);
    EXPECT_EQ(step_effect(steps[i]), want[i].effect);
    EXPECT_TRUE(test::agrees_with(steps[i], solved.solution));
  }
}

TEST(AlignedPairExclusion, RealPositionInSearchOrder) {
  constexpr const char* kPuzzle = "..........9........8...1.6.172..4.9.....8..1..3......432..4.6.8..83.92...467..1..";
  const Board b = position(
      kPuzzle,
      "24567 156 13457 245689 235679 235678 345789 234578 123579 24567 13457 24568 23567 235678 34578 234578 12357 "
      "2457 3457 2459 23579 34579 23579 56 356 358 356 4569 56 459 2569 23567 357 23567 5689 59 12569 125679 2567 578 "
      "2578 1579 15 5 57 57 15 156 457 57 59 25 258 35 359");
  auto producer = make_aligned_exclusion(2);
  expect_steps(*producer, kPuzzle, b,
               {{"r8c1,r8c2", "r8c2<>5"},
                {"r8c1,r8c8", "r8c8<>5, r8c8<>7"},
                {"r8c8,r8c9", "r8c8<>5, r8c8<>7"},
                {"r8c9,r9c9", "r9c9<>5"}},
               Technique::AlignedPairExclusion, 6.2);
  EXPECT_EQ(all_steps(*producer, b)[0].name(), "Aligned Pair Exclusion");
}

TEST(AlignedTripletExclusion, RealPosition) {
  constexpr const char* kPuzzle = "....2..4..7...6....1.5.....2......8....3..7..4.9.........6..1.38...9..........5..";
  const Board b = position(
      "...723.41.7..16....1.5.....2.7..1.8....3..7..4.9....1...56..1.38.3195.......3.5.8",
      "59 5689 68 69 39 24 489 89 235 25 36 24 48 489 2689 367 267 356 49 56 346 4569 156 568 168 456 2489 256 49 "
      "3568 28 567 278 236 256 79 249 478 2478 29 26 246 67 2467 1679 246 16 24 47 69");
  auto producer = make_aligned_exclusion(3);
  expect_steps(*producer, kPuzzle, b, {{"r5c6,r6c6,r9c4", "r5c6<>8"}}, Technique::AlignedTripletExclusion, 7.5);
  EXPECT_EQ(all_steps(*producer, b)[0].name(), "Aligned Triplet Exclusion");
  // The pair search alone finds nothing here.
  EXPECT_TRUE(all_steps(*make_aligned_exclusion(2), b).empty());
}

TEST(AlignedTripletExclusion, ThreeCellsThatSeeEachOtherMetFromTwoFirstPairs) {
  // r1c5, r2c5, r3c5 share column 5 and box 2: equal values are excluded
  // between any two of them. r1c5 has four candidates, so it is never the
  // third cell (third cells are excluders of the first two): the set is met
  // from two first pairs and reported twice, as SE does.
  constexpr const char* kPuzzle = "..........2.6.9.4...53.41..1.......3.........69.2.1.843.7.4.9.2.8.....7...47.58..";
  const Board b = position(
      "43........216.934...53.41..1.......3.........6932.1.843.7.4.9.2.8....47...47.583.",
      "69 158 12578 278 2567 2569 56789 78 578 578 789 67 278 269 6789 457 28 4589 56789 678 2567 2569 57 457 28 "
      "4589 356789 3678 2567 12569 15679 57 57 156 18 68 156 259 69 19 12369 236 156 29 16 29 16");
  auto producer = make_aligned_exclusion(3);
  expect_steps(*producer, kPuzzle, b, {{"r1c5,r2c5,r3c5", "r1c5<>7"}, {"r1c5,r2c5,r3c5", "r1c5<>7"}},
               Technique::AlignedTripletExclusion, 7.5);
  EXPECT_TRUE(all_steps(*make_aligned_exclusion(2), b).empty());
}

/// An open board (every cell holds every digit) with some cells set.
Board open_with(std::initializer_list<std::pair<int, const char*>> cells) {
  Board b{Grid{}};
  for (const auto& [cell, digits] : cells) {
    DigitMask m = 0;
    for (const char* p = digits; *p; ++p) m |= digit_bit(*p - '0');
    b.set_candidates(cell, m);
  }
  return b;
}

TEST(AlignedPairExclusion, EqualValuesOnlyExcludedInCellsThatSeeEachOther) {
  auto producer = make_aligned_exclusion(2);
  // r1c1 {1,4} and r1c4 {1,3} see each other and the bivalue cells r1c7
  // {1,3} and r1c8 {2,5}: 1 in r1c1 leaves r1c4 either 1 (same row) or 3
  // (then r1c7 has nothing).
  Board b = open_with({{0, "14"}, {3, "13"}, {6, "13"}, {7, "25"}});
  auto steps = all_steps(*producer, b);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(cells_of(steps[0]), "r1c1,r1c4");
  EXPECT_EQ(step_effect(steps[0]), "r1c1<>1");
  // The second cell moved to r2c4 (not a peer of r1c1) with the excluders
  // r1c5 {1,3} and r1c6 {2,5}: both cells may hold 1, nothing leaves r1c1.
  Board c = open_with({{0, "14"}, {12, "13"}, {4, "13"}, {5, "25"}});
  steps = all_steps(*producer, c);
  ASSERT_FALSE(steps.empty());
  for (const Step& s : steps) EXPECT_EQ(s.removals[0], 0) << step_effect(s);
}

TEST(AlignedPairExclusion, CellsNextToANakedSingleAreNotBaseCells) {
  auto producer = make_aligned_exclusion(2);
  // As above, with r2c1 reduced to {6}: r1c1, r1c2, r1c3 (and every other
  // peer of r2c1) drop out of the search.
  Board b = open_with({{0, "14"}, {3, "13"}, {6, "13"}, {7, "25"}, {9, "6"}});
  const auto steps = all_steps(*producer, b);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(cells_of(steps[0]), "r1c4,r1c5");
  for (const Step& s : steps) {
    for (int c : kPeers[9]) EXPECT_FALSE(s.cells.has(c)) << cells_of(s);
  }
}

}  // namespace
}  // namespace sudokit::grader
