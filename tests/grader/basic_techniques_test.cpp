// Hand-made positions for the basic techniques: each applies where it
// should, with exactly the expected placement or eliminations, and stays
// silent where it must not.
#include <gtest/gtest.h>

#include "grader_test_util.hpp"

namespace sudokit::grader {
namespace {

using test::all_steps;
using test::mask;
using test::position;
using test::removes;

constexpr DigitMask kAll = kAllDigits;
/// An empty board where every cell holds every candidate.
Board open_board() { return Board(Grid{}); }

TEST(HiddenSingle, FullHouseThenBoxThenLine) {
  // Row 1 full except r1c9: a full house (1.0) for 9.
  Board b = test::board_from("12345678.........................................................................");
  auto steps = all_steps(*make_hidden_single(), b);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps[0].difficulty, 1.0);
  EXPECT_EQ(steps[0].place_cell, 8);
  EXPECT_EQ(steps[0].place_digit, 9);
  // A box hidden single is found before a line one and rated 1.2.
  Board c = open_board();
  for (int cell : kUnitCells[0])
    if (cell != 10) c.set_candidates(cell, static_cast<DigitMask>(kAll & ~digit_bit(7)));
  auto s2 = all_steps(*make_hidden_single(), c);
  ASSERT_EQ(s2.size(), 1u);
  EXPECT_EQ(s2[0].difficulty, 1.2);
  EXPECT_EQ(s2[0].place_cell, 10);
  EXPECT_EQ(s2[0].place_digit, 7);
  // Nothing on an open board.
  EXPECT_TRUE(all_steps(*make_hidden_single(), open_board()).empty());
}

TEST(NakedSingle, OnlyCellsWithOneCandidate) {
  Board b = open_board();
  b.set_candidates(40, digit_bit(4));
  auto steps = all_steps(*make_naked_single(), b);
  ASSERT_EQ(steps.size(), 1u);
  EXPECT_EQ(steps[0].difficulty, 2.3);
  EXPECT_EQ(steps[0].place_cell, 40);
  EXPECT_EQ(steps[0].place_digit, 4);
  EXPECT_TRUE(all_steps(*make_naked_single(), open_board()).empty());
}

TEST(Locking, PointingRemovesFromTheLineOutsideTheBox) {
  Board b = open_board();
  // In box 1 (top-left), 5 only in row 1 (cells 0,1).
  for (int cell : kUnitCells[0])
    if (cell != 0 && cell != 1) b.set_candidates(cell, static_cast<DigitMask>(kAll & ~digit_bit(5)));
  auto steps = all_steps(*make_locking(false), b);
  ASSERT_FALSE(steps.empty());
  const Step& s = steps[0];
  EXPECT_EQ(s.technique, Technique::Pointing);
  EXPECT_EQ(s.difficulty, 2.6);
  for (int c = 3; c < 9; ++c) EXPECT_TRUE(removes(s, c, 5)) << c;
  EXPECT_FALSE(removes(s, 0, 5));
  EXPECT_FALSE(removes(s, 9, 5));
  EXPECT_EQ(s.elimination_count(), 6);
  // Direct pointing needs a house left with one place: none here.
  EXPECT_TRUE(all_steps(*make_locking(true), b).empty());
}

TEST(Locking, DirectPointingPlacesWithoutEliminating) {
  Board b = open_board();
  // 5 in box 1 only in row 1; in box 2 only in rows 1 and 2 at r1c4, r2c4, r2c5 -> after the lock, r2c4/r2c5 remain... make one.
  for (int cell : kUnitCells[0])
    if (cell != 0 && cell != 1) b.set_candidates(cell, static_cast<DigitMask>(kAll & ~digit_bit(5)));
  for (int cell : kUnitCells[1])
    if (cell != 3 && cell != 12) b.set_candidates(cell, static_cast<DigitMask>(kAll & ~digit_bit(5)));
  auto steps = all_steps(*make_locking(true), b);
  ASSERT_FALSE(steps.empty());
  EXPECT_EQ(steps[0].technique, Technique::DirectPointing);
  EXPECT_EQ(steps[0].difficulty, 1.7);
  EXPECT_EQ(steps[0].place_cell, 12);
  EXPECT_EQ(steps[0].place_digit, 5);
  EXPECT_FALSE(steps[0].has_eliminations());
}

TEST(Subsets, NakedPairClearsOnlyItsOwnHouse) {
  Board b = open_board();
  b.set_candidates(0, mask({1, 2}));
  b.set_candidates(1, mask({1, 2}));
  auto steps = all_steps(*make_naked_set(2), b);
  // Found in box 1 and again in row 1: two separate hints, box first.
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_EQ(steps[0].unit, 0);
  EXPECT_EQ(steps[1].unit, 9);
  EXPECT_EQ(steps[0].difficulty, 3.0);
  EXPECT_TRUE(removes(steps[0], 9, 1));
  EXPECT_FALSE(removes(steps[0], 5, 1));  // r1c6 is in the row, not the box
  EXPECT_TRUE(removes(steps[1], 5, 2));
  EXPECT_FALSE(removes(steps[1], 9, 2));
  // Three cells sharing {1,2} are not a pair (and there is no triplet).
  b.set_candidates(2, mask({1, 2}));
  auto none = all_steps(*make_naked_set(3), b);
  EXPECT_TRUE(none.empty());
}

TEST(Subsets, HiddenPairKeepsOnlyThePair) {
  Board b = open_board();
  for (int cell : kUnitCells[9])  // row 1
    if (cell != 2 && cell != 6) b.set_candidates(cell, static_cast<DigitMask>(kAll & ~mask({3, 8})));
  auto steps = all_steps(*make_hidden_set(2, false), b);
  ASSERT_FALSE(steps.empty());
  const Step& s = steps[0];
  EXPECT_EQ(s.difficulty, 3.4);
  EXPECT_EQ(s.removals[2], static_cast<DigitMask>(kAll & ~mask({3, 8})));
  EXPECT_EQ(s.removals[6], static_cast<DigitMask>(kAll & ~mask({3, 8})));
  EXPECT_EQ(s.elimination_count(), 14);
}

TEST(Fish, XWingInColumnsEliminatesInRows) {
  Board b = open_board();
  // 4 in columns 1 and 5 only in rows 2 and 6.
  for (int col : {0, 4})
    for (int row = 0; row < 9; ++row)
      if (row != 1 && row != 5) b.set_candidates(cell_at(row, col), static_cast<DigitMask>(kAll & ~digit_bit(4)));
  auto steps = all_steps(*make_fish(2), b);
  ASSERT_FALSE(steps.empty());
  const Step& s = steps[0];
  EXPECT_EQ(s.technique, Technique::XWing);
  EXPECT_EQ(s.difficulty, 3.2);
  for (int row : {1, 5})
    for (int col = 0; col < 9; ++col)
      EXPECT_EQ(removes(s, cell_at(row, col), 4), col != 0 && col != 4) << row << "," << col;
  EXPECT_EQ(s.elimination_count(), 14);
  // No swordfish in this position.
  EXPECT_TRUE(all_steps(*make_fish(3), b).empty());
}

TEST(Wings, XYWingRemovesZFromCellsSeeingBothWings) {
  Board b = open_board();
  b.set_candidates(cell_at(0, 0), mask({1, 2}));  // pivot
  b.set_candidates(cell_at(0, 4), mask({1, 3}));  // wing in row 1
  b.set_candidates(cell_at(4, 0), mask({2, 3}));  // wing in column 1
  auto steps = all_steps(*make_xy_wing(false), b);
  ASSERT_FALSE(steps.empty());
  const Step& s = steps[0];
  EXPECT_EQ(s.difficulty, 4.2);
  EXPECT_TRUE(removes(s, cell_at(4, 4), 3));
  EXPECT_EQ(s.elimination_count(), 1);
  // Not an XYZ-wing: the pivot has two candidates.
  EXPECT_TRUE(all_steps(*make_xy_wing(true), b).empty());
  // Remove the common digit from the wings' shared peer: nothing left to do.
  b.set_candidates(cell_at(4, 4), static_cast<DigitMask>(kAll & ~digit_bit(3)));
  EXPECT_TRUE(all_steps(*make_xy_wing(false), b).empty());
}

TEST(Wings, XYZWingRemovesZFromCellsSeeingAllThree) {
  Board b = open_board();
  b.set_candidates(cell_at(0, 0), mask({1, 2, 3}));  // pivot
  b.set_candidates(cell_at(0, 4), mask({1, 3}));     // wing in row 1
  b.set_candidates(cell_at(1, 1), mask({2, 3}));     // wing in box 1
  auto steps = all_steps(*make_xy_wing(true), b);
  ASSERT_FALSE(steps.empty());
  const Step& s = steps[0];
  EXPECT_EQ(s.difficulty, 4.4);
  // Cells seeing all three: r1c2 and r1c3 (row 1 and box 1).
  EXPECT_TRUE(removes(s, cell_at(0, 1), 3));
  EXPECT_TRUE(removes(s, cell_at(0, 2), 3));
  EXPECT_EQ(s.elimination_count(), 2);
}

TEST(Chains, XCycleOnAHandMadeLoop) {
  // Digit 6 forms a loop of strong links r1c1=r1c5-r5c5=r5c1-r1c1 (X-wing shape):
  // SE reports it as a cycle ("Generalized X-Wing") when cheaper producers are absent.
  Board b = open_board();
  for (int col : {0, 4})
    for (int row = 0; row < 9; ++row)
      if (row != 0 && row != 4) b.set_candidates(cell_at(row, col), static_cast<DigitMask>(kAll & ~digit_bit(6)));
  auto steps = all_steps(*make_forcing_chains_and_cycles(), b);
  ASSERT_FALSE(steps.empty());
  const Step& s = steps[0];
  EXPECT_EQ(s.technique, Technique::XCycle);
  EXPECT_EQ(s.name(), "Generalized X-Wing");
  EXPECT_EQ(s.difficulty, 6.5);
  EXPECT_EQ(s.complexity, 4);
  for (int col = 1; col < 9; ++col)
    if (col != 4) {
      EXPECT_TRUE(removes(s, cell_at(0, col), 6));
      EXPECT_TRUE(removes(s, cell_at(4, col), 6));
    }
}

TEST(Chains, NothingOnAnOpenBoard) {
  EXPECT_TRUE(all_steps(*make_forcing_chains_and_cycles(), open_board()).empty());
}

}  // namespace
}  // namespace sudokit::grader
