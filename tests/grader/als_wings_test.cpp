// WXYZ- to TUVWXYZ-Wings (bivalue cell + ALS): hand-made candidate pictures
// on an open board, checking exact eliminations, ratings and SE names, and
// pictures where the bivalue cell is not linked to the ALS.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

#include "grader_test_util.hpp"

namespace sudokit::grader {
namespace {

using test::cells_losing;
using test::cells_of;
using test::digits;
using test::rc;

// An open board with the listed cells narrowed to the listed candidates.
Board picture(std::initializer_list<std::pair<int, const char*>> cells) {
  Board b{Grid{}};
  for (const auto& [cell, text] : cells) b.set_candidates(cell, digits(text));
  return b;
}

std::vector<Step> steps(int size, const Board& b) {
  auto p = make_als_wing(size);
  return test::all_steps(*p, b);
}

TEST(AlsWings, WXYZRemovesZWhereBivalueCellAndZCellsSee) {
  // ALS r1c1 {12}, r1c2 {23}, r1c3 {34}; bivalue r4c1 {14}: 1 is
  // restricted (r1c1 sees r4c1), so 4 leaves the cells seeing r4c1 and r1c3.
  const Board b = picture({{rc(1, 1), "12"}, {rc(1, 2), "23"}, {rc(1, 3), "34"}, {rc(4, 1), "14"}});
  const auto found = steps(3, b);
  ASSERT_EQ(found.size(), 1u);
  const Step& s = found[0];
  EXPECT_EQ(s.technique, Technique::WXYZWing);
  EXPECT_EQ(s.name(), "WXYZ-Wing 126");
  EXPECT_DOUBLE_EQ(s.difficulty, 5.5);
  EXPECT_EQ(cells_losing(s, 4), cells_of({rc(2, 1), rc(3, 1), rc(4, 3), rc(5, 3), rc(6, 3)}));
  for (int d : {1, 2, 3, 5, 6, 7, 8, 9}) EXPECT_TRUE(cells_losing(s, d).empty()) << d;
}

TEST(AlsWings, NoWingWhenNoDigitIsRestricted) {
  // r4c2 sees neither r1c1 (the 1) nor r1c3 (the 4).
  const Board b = picture({{rc(1, 1), "12"}, {rc(1, 2), "23"}, {rc(1, 3), "34"}, {rc(4, 2), "14"}});
  EXPECT_TRUE(steps(3, b).empty());
  // A bivalue cell with a digit outside the ALS is no wing either.
  const Board c = picture({{rc(1, 1), "12"}, {rc(1, 2), "23"}, {rc(1, 3), "34"}, {rc(4, 1), "15"}});
  EXPECT_TRUE(steps(3, c).empty());
}

TEST(AlsWings, OnlyZRestrictedSwapsTheRoles) {
  // r4c3 {14}: 4 is restricted (r1c3), 1 is not (r1c1 does not see r4c3),
  // so 1 leaves the cells seeing r4c3 and r1c1.
  const Board b = picture({{rc(1, 1), "12"}, {rc(1, 2), "23"}, {rc(1, 3), "34"}, {rc(4, 3), "14"}});
  const auto found = steps(3, b);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].name(), "WXYZ-Wing 126");
  EXPECT_EQ(cells_losing(found[0], 1), cells_of({rc(2, 3), rc(3, 3), rc(4, 1), rc(5, 1), rc(6, 1)}));
  EXPECT_TRUE(cells_losing(found[0], 4).empty());
}

TEST(AlsWings, DoublyLinkedRemovesEveryAlsDigit) {
  // r2c1 {14} sees both r1c1 (1) and r1c3 (4): doubly linked. 2 and 3 leave
  // the cells seeing all their ALS cells (row 1, box 1); 1 and 4 leave the
  // cells seeing r2c1 and their ALS cells. The four cells are a naked quad
  // of box 1, so each of them, taken as the bivalue cell, gives a doubly
  // linked wing with these same eliminations.
  const Board b = picture({{rc(1, 1), "12"}, {rc(1, 2), "23"}, {rc(1, 3), "34"}, {rc(2, 1), "14"}});
  CellSet row_and_box = cells_of({rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)});
  for (int c = 4; c <= 9; ++c) row_and_box.add(rc(1, c));
  CellSet col1 = cells_of({rc(3, 1), rc(2, 2), rc(2, 3), rc(3, 2), rc(3, 3)});
  for (int r = 4; r <= 9; ++r) col1.add(rc(r, 1));
  const CellSet box_rest = cells_of({rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)});
  int matches = 0;
  const auto found = steps(3, b);
  EXPECT_EQ(found.size(), 4u);
  for (const Step& s : found) {
    EXPECT_EQ(s.name(), "WXYZ-Wing 226");
    if (cells_losing(s, 2) == row_and_box && cells_losing(s, 3) == row_and_box && cells_losing(s, 1) == col1 &&
        cells_losing(s, 4) == box_rest)
      ++matches;
  }
  EXPECT_EQ(matches, 4);
}

TEST(AlsWings, DoublyLinkedWithOnlyZEliminationsIsNamedSinglyLinked) {
  // The naked-quad picture above, with 1, 2, 3 gone from every cell that
  // could lose them: only 4 leaves box 1. Wings whose 4 is an ALS digit
  // other than x, z stay doubly linked (suffix 2..); those eliminating only
  // their z are named singly linked (1..). At equal rating and count the
  // greater suffix sorts first.
  Board b = picture({{rc(1, 1), "12"}, {rc(1, 2), "23"}, {rc(1, 3), "34"}, {rc(2, 1), "14"}});
  for (int c = 0; c < kCells; ++c)
    if (c != rc(1, 1) && c != rc(1, 2) && c != rc(1, 3) && c != rc(2, 1)) b.set_candidates(c, digits("456789"));
  const auto found = steps(3, b);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].name(), "WXYZ-Wing 226");
  EXPECT_EQ(found[1].name(), "WXYZ-Wing 226");
  EXPECT_EQ(found[2].name(), "WXYZ-Wing 126");
  EXPECT_EQ(found[3].name(), "WXYZ-Wing 126");
  for (const Step& s : found) {
    EXPECT_EQ(cells_losing(s, 4), cells_of({rc(2, 2), rc(2, 3), rc(3, 1), rc(3, 2), rc(3, 3)}));
    EXPECT_EQ(s.elimination_count(), 5);
  }
}

TEST(AlsWings, RatingFollowsTheLargestAlsCell) {
  // A three-candidate ALS cell: 5.6. ALS r1c1 {123}, r1c2 {24}, r1c3 {34}.
  const Board b = picture({{rc(1, 1), "123"}, {rc(1, 2), "24"}, {rc(1, 3), "34"}, {rc(4, 1), "14"}});
  const auto found = steps(3, b);
  ASSERT_FALSE(found.empty());
  EXPECT_EQ(found[0].name(), "WXYZ-Wing 137");
  EXPECT_DOUBLE_EQ(found[0].difficulty, 5.5 + 0.1);
}

TEST(AlsWings, VWXYZ) {
  // ALS r1c1 {12}, r1c2 {23}, r1c3 {34}, r1c4 {45}; bivalue r4c1 {15}:
  // 5 leaves the cells seeing r4c1 and r1c4.
  const Board b =
      picture({{rc(1, 1), "12"}, {rc(1, 2), "23"}, {rc(1, 3), "34"}, {rc(1, 4), "45"}, {rc(4, 1), "15"}});
  const auto found = steps(4, b);
  ASSERT_EQ(found.size(), 1u);
  EXPECT_EQ(found[0].technique, Technique::VWXYZWing);
  EXPECT_EQ(found[0].name(), "VWXYZ-Wing 128");
  EXPECT_DOUBLE_EQ(found[0].difficulty, 6.2 + 0.1);
  EXPECT_EQ(cells_losing(found[0], 5), cells_of({rc(4, 4)}));
  EXPECT_TRUE(steps(3, b).empty());
}

TEST(AlsWings, UVWXYZAndTUVWXYZ) {
  const Board u = picture({{rc(1, 1), "12"},
                           {rc(1, 2), "23"},
                           {rc(1, 3), "34"},
                           {rc(1, 4), "45"},
                           {rc(1, 5), "56"},
                           {rc(4, 1), "16"}});
  const auto five = steps(5, u);
  ASSERT_EQ(five.size(), 1u);
  EXPECT_EQ(five[0].technique, Technique::UVWXYZWing);
  EXPECT_EQ(five[0].name(), "UVWXYZ-Wing 1210");
  EXPECT_DOUBLE_EQ(five[0].difficulty, 6.6);
  EXPECT_EQ(cells_losing(five[0], 6), cells_of({rc(4, 5)}));

  const Board t = picture({{rc(1, 1), "12"},
                           {rc(1, 2), "23"},
                           {rc(1, 3), "34"},
                           {rc(1, 4), "45"},
                           {rc(1, 5), "56"},
                           {rc(1, 6), "67"},
                           {rc(4, 1), "17"}});
  const auto six = steps(6, t);
  ASSERT_EQ(six.size(), 1u);
  EXPECT_EQ(six[0].technique, Technique::TUVWXYZWing);
  EXPECT_EQ(six[0].name(), "TUVWXYZ-Wing 1212");
  EXPECT_DOUBLE_EQ(six[0].difficulty, 7.5);
  EXPECT_EQ(cells_losing(six[0], 7), cells_of({rc(4, 6)}));
}

TEST(AlsWings, SortedByEliminations) {
  // Two WXYZ-Wings rated 5.5: the first picture above (4 leaves five cells)
  // and one in the bottom right (ALS r9c7 {56}, r9c8 {67}, r9c9 {78},
  // bivalue r6c7 {58}: 8 leaves r6c9, r7c7, r8c7 once r4c9 and r5c9 lack it).
  const Board b = picture({{rc(9, 7), "56"},
                           {rc(9, 8), "67"},
                           {rc(9, 9), "78"},
                           {rc(6, 7), "58"},
                           {rc(4, 9), "1234567"},
                           {rc(5, 9), "1234567"},
                           {rc(1, 1), "12"},
                           {rc(1, 2), "23"},
                           {rc(1, 3), "34"},
                           {rc(4, 1), "14"}});
  const auto found = steps(3, b);
  ASSERT_EQ(found.size(), 2u);
  EXPECT_EQ(found[0].elimination_count(), 5);
  EXPECT_EQ(cells_losing(found[0], 4).size(), 5);
  EXPECT_EQ(found[1].elimination_count(), 3);
  EXPECT_EQ(cells_losing(found[1], 8), cells_of({rc(6, 9), rc(7, 7), rc(8, 7)}));
}

}  // namespace
}  // namespace sudokit::grader
