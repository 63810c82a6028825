// Strong-link fish (2, 3 and 4 links): hand-made candidate pictures on an
// open board where one digit is confined to a few houses, checking the exact
// eliminations, ratings and SE names, and pictures where nothing may happen.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <vector>

#include "grader_test_util.hpp"

namespace sudokit::grader {
namespace {

using test::box_unit;
using test::cells_of;
using test::col_unit;
using test::rc;
using test::row_unit;

// An open board (all candidates everywhere) where `digit` is confined, in
// each listed house, to the listed cells.
struct Picture {
  Board board{Grid{}};
  int digit = 1;

  void confine(int unit, std::initializer_list<int> keep) { test::confine(board, digit, unit, keep); }
  void remove(std::initializer_list<int> cells) {
    for (int c : cells) board.eliminate(c, digit);
  }
};

CellSet removed_cells(const Step& s, int digit) {
  CellSet out;
  for (int c = 0; c < kCells; ++c) {
    EXPECT_EQ(s.removals[c] & ~digit_bit(digit), 0) << "unexpected digit removed in " << cell_name(c);
    if (s.removals[c] & digit_bit(digit)) out.add(c);
  }
  return out;
}

std::vector<Step> steps(int links, const Board& b) {
  auto p = make_strong_links(links);
  return test::all_steps(*p, b);
}

TEST(StrongLinks, SkyscraperEliminatesWhereBothRoofsSee) {
  Picture p;
  p.confine(row_unit(1), {rc(1, 1), rc(1, 5)});
  p.confine(row_unit(5), {rc(5, 1), rc(5, 6)});
  const auto found = steps(2, p.board);
  ASSERT_EQ(found.size(), 1u);
  const Step& s = found[0];
  EXPECT_EQ(s.technique, Technique::TwoStrongLinks);
  EXPECT_EQ(s.name(), "Skyscraper 011");
  EXPECT_DOUBLE_EQ(s.difficulty, 4.0);
  EXPECT_EQ(removed_cells(s, 1), cells_of({rc(2, 6), rc(3, 6), rc(4, 5), rc(6, 5)}));
  // Two links only: no 3- or 4-link pattern.
  EXPECT_TRUE(steps(3, p.board).empty());
  EXPECT_TRUE(steps(4, p.board).empty());
}

TEST(StrongLinks, NoHintWithoutConnectionOrVictims) {
  Picture apart;
  apart.confine(row_unit(1), {rc(1, 1), rc(1, 5)});
  apart.confine(row_unit(5), {rc(5, 2), rc(5, 6)});
  EXPECT_TRUE(steps(2, apart.board).empty());

  Picture nothing_to_remove;
  nothing_to_remove.confine(row_unit(1), {rc(1, 1), rc(1, 5)});
  nothing_to_remove.confine(row_unit(5), {rc(5, 1), rc(5, 6)});
  nothing_to_remove.remove({rc(2, 6), rc(3, 6), rc(4, 5), rc(6, 5)});
  EXPECT_TRUE(steps(2, nothing_to_remove.board).empty());
}

TEST(StrongLinks, KiteMixesRowAndColumn) {
  // Row 1 {c1,c8}, column 2 {r3,r7}: r1c1 and r3c2 share box 1. Free ends
  // r1c8 and r7c2 both see r7c8.
  Picture p;
  p.confine(row_unit(1), {rc(1, 1), rc(1, 8)});
  p.confine(col_unit(2), {rc(3, 2), rc(7, 2)});
  const auto found = steps(2, p.board);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].name(), "2-String Kite 012");
  EXPECT_DOUBLE_EQ(found[0].difficulty, 4.0 + 0.1);
  EXPECT_EQ(removed_cells(found[0], 1), cells_of({rc(7, 8)}));
}

TEST(StrongLinks, ClosedChainIsAnXLoopWithEliminationsAlongEveryLink) {
  // Rows 1 and 5 hold the digit in columns 1 and 5 only: the chain closes,
  // and both columns lose the digit outside the two rows.
  Picture p;
  p.confine(row_unit(1), {rc(1, 1), rc(1, 5)});
  p.confine(row_unit(5), {rc(5, 1), rc(5, 5)});
  const auto found = steps(2, p.board);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].name(), "(2 Strong Links) X-Loop 011");
  CellSet expected;
  for (int r : {2, 3, 4, 6, 7, 8, 9}) {
    expected.add(rc(r, 1));
    expected.add(rc(r, 5));
  }
  EXPECT_EQ(removed_cells(found[0], 1), expected);
}

TEST(StrongLinks, EmptyRectangleBoxLinkIsGrouped) {
  // Box 5 holds the digit at r4c5, r5c4, r5c6 (empty rectangle, heart r5c5):
  // r4c5 or the row-5 group. Column 9 {r5,r9}: the group and r5c9 share
  // row 5, so r4c5 or r9c9 is true: r9c5 loses the digit.
  Picture p;
  p.confine(box_unit(5), {rc(4, 5), rc(5, 4), rc(5, 6)});
  p.confine(col_unit(9), {rc(5, 9), rc(9, 9)});
  const auto found = steps(2, p.board);
  bool seen = false;
  for (const Step& s : found) {
    if (s.name() != "Grouped 2 Strong links 101") continue;
    if (removed_cells(s, 1) != cells_of({rc(9, 5)})) continue;
    seen = true;
    EXPECT_DOUBLE_EQ(s.difficulty, 4.0 + 0.3);
  }
  EXPECT_TRUE(seen);
  for (std::size_t i = 1; i < found.size(); ++i) EXPECT_LE(found[i - 1].difficulty, found[i].difficulty);
  for (const Step& s : found) {
    // r4c5 and r9c9 both false would empty column 9 or box 5.
    EXPECT_FALSE(test::removes(s, rc(4, 5), 1));
    EXPECT_FALSE(test::removes(s, rc(9, 9), 1));
  }
}

TEST(StrongLinks, HeartHoldingTheDigitStaysInItsGroup) {
  // Box 5 holds the digit at r4c5, r5c4 and the heart r5c5: the reference
  // links r5c4 with the column group {r4c5, r5c5}. That group does not lie
  // in row 4, so the column-9 link {r1c9, r4c9} cannot join it through
  // row 4 (which would wrongly remove r1c4: the digit may sit at r5c5).
  Picture p;
  p.confine(box_unit(5), {rc(4, 5), rc(5, 4), rc(5, 5)});
  p.confine(col_unit(9), {rc(1, 9), rc(4, 9)});
  for (const Step& s : steps(2, p.board)) EXPECT_FALSE(test::removes(s, rc(1, 4), 1)) << s.name();
}

TEST(StrongLinks, ThreeSkyscrapers) {
  // r1c1=r1c5 - r4c5=r4c7 - r8c7=r8c2: r1c1 or r8c2 holds the digit.
  Picture p;
  p.confine(row_unit(1), {rc(1, 1), rc(1, 5)});
  p.confine(row_unit(4), {rc(4, 5), rc(4, 7)});
  p.confine(row_unit(8), {rc(8, 7), rc(8, 2)});
  EXPECT_TRUE(steps(2, p.board).empty());
  const auto found = steps(3, p.board);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].technique, Technique::ThreeStrongLinks);
  EXPECT_EQ(found[0].name(), "3 Skyscrapers 0111");
  EXPECT_DOUBLE_EQ(found[0].difficulty, 5.4);
  EXPECT_EQ(removed_cells(found[0], 1), cells_of({rc(2, 2), rc(3, 2), rc(7, 1), rc(9, 1)}));
  EXPECT_TRUE(steps(4, p.board).empty());
}

TEST(StrongLinks, FourLinksRowsAndAColumn) {
  // r1c1=r1c5 - r4c5=r4c7 - r8c7=r8c2 - r9c3=r5c3 (r8c2 and r9c3 share
  // box 7): r1c1 or r5c3 holds the digit, so r5c1 and r6c1 lose it.
  Picture p;
  p.confine(row_unit(1), {rc(1, 1), rc(1, 5)});
  p.confine(row_unit(4), {rc(4, 5), rc(4, 7)});
  p.confine(row_unit(8), {rc(8, 7), rc(8, 2)});
  p.confine(col_unit(3), {rc(9, 3), rc(5, 3)});
  bool seen = false;
  for (const Step& s : steps(4, p.board)) {
    EXPECT_EQ(s.technique, Technique::FourStrongLinks);
    if (s.name() == "4 Strong links 01112" && removed_cells(s, 1) == cells_of({rc(5, 1), rc(6, 1)})) {
      seen = true;
      EXPECT_DOUBLE_EQ(s.difficulty, 5.8 + 0.1);
    }
  }
  EXPECT_TRUE(seen);
}

TEST(StrongLinks, SortedByRatingThenEliminations) {
  // Two independent skyscrapers on different digits: a plain one (4.0) on
  // digit 2 and a kite (4.1) on digit 1; the skyscraper comes first.
  Picture p;
  p.confine(row_unit(1), {rc(1, 1), rc(1, 8)});
  p.confine(col_unit(2), {rc(3, 2), rc(7, 2)});
  p.digit = 2;
  p.confine(row_unit(1), {rc(1, 1), rc(1, 5)});
  p.confine(row_unit(5), {rc(5, 1), rc(5, 6)});
  const auto found = steps(2, p.board);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].name(), "Skyscraper 011");
  EXPECT_EQ(found[0].digits, digit_bit(2));
  EXPECT_EQ(found[1].name(), "2-String Kite 012");
  EXPECT_EQ(found[1].digits, digit_bit(1));
}

}  // namespace
}  // namespace sudokit::grader
