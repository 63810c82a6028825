// The naked set around a virtual cell (grader/src/virtual_naked_set.hpp), the
// core of BUG type 3 and Unique Rectangle/Loop type 3, on hand-made rows of
// an otherwise empty board (every other cell holds all nine digits).
#include <gtest/gtest.h>

#include <vector>

#include "../../grader/src/virtual_naked_set.hpp"

namespace sudokit::grader {
namespace {

DigitMask digits(std::initializer_list<int> ds) {
  DigitMask m = 0;
  for (int d : ds) m |= digit_bit(d);
  return m;
}

struct Found {
  DigitMask set;
  CellSet chosen;
  CellSet targets;
};

// Cells 2..8 of row 1, the first two holding `a` and `b`.
std::vector<Found> search(DigitMask a, DigitMask b, int degree, DigitMask virtual_digits, DigitMask sure,
                          int stop_after = 100) {
  Board board{Grid{}};
  board.set_candidates(2, a);
  board.set_candidates(3, b);
  const int cells[] = {2, 3, 4, 5, 6, 7, 8};
  std::vector<Found> out;
  for_each_virtual_naked_set(board, cells, 7, degree, virtual_digits, sure,
                             [&](DigitMask set, const CellSet& chosen, const CellSet& targets) {
                               out.push_back({set, chosen, targets});
                               return static_cast<int>(out.size()) < stop_after;
                             });
  return out;
}

CellSet cells_of(std::initializer_list<int> cs) {
  CellSet s;
  for (int c : cs) s.add(c);
  return s;
}

TEST(VirtualNakedSet, ChosenCellsCompleteTheVirtualCell) {
  // Virtual {1,2} with r1c3 {1,3} and r1c4 {2,3}: the naked triple 1,2,3.
  const auto f = search(digits({1, 3}), digits({2, 3}), 3, digits({1, 2}), 0);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].set, digits({1, 2, 3}));
  EXPECT_EQ(f[0].chosen, cells_of({2, 3}));
  EXPECT_EQ(f[0].targets, cells_of({4, 5, 6, 7, 8}));
  EXPECT_TRUE(search(digits({1, 3}), digits({2, 3}), 2, digits({1, 2}), 0).empty());
}

TEST(VirtualNakedSet, SureDigitsNeedNotBeInTheChosenCells) {
  // Virtual {4,5} with r1c3 and r1c4 both {5,6}: the set 4,5,6 holds only
  // when 4 is sure in the virtual cell (UR: both extra cells hold it).
  EXPECT_TRUE(search(digits({5, 6}), digits({5, 6}), 3, digits({4, 5}), 0).empty());
  const auto f = search(digits({5, 6}), digits({5, 6}), 3, digits({4, 5}), digits({4}));
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0].set, digits({4, 5, 6}));
}

TEST(VirtualNakedSet, SingleDigitsAndNothingToRemoveFindNothing) {
  // A virtual cell of one digit, or a chosen cell with one candidate, is no naked set.
  EXPECT_TRUE(search(digits({1, 3}), digits({2, 3}), 3, digits({1}), 0).empty());
  EXPECT_TRUE(search(digits({1}), digits({2}), 3, digits({1, 2}), 0).empty());
  // Every other cell of the list free of the set's digits: nothing to remove.
  Board board{Grid{}};
  board.set_candidates(2, digits({1, 3}));
  board.set_candidates(3, digits({2, 3}));
  for (int c = 4; c <= 8; ++c) board.set_candidates(c, digits({7, 8, 9}));
  const int cells[] = {2, 3, 4, 5, 6, 7, 8};
  int calls = 0;
  for_each_virtual_naked_set(board, cells, 7, 3, digits({1, 2}), 0, [&](DigitMask, const CellSet&, const CellSet&) {
    ++calls;
    return true;
  });
  EXPECT_EQ(calls, 0);
}

TEST(VirtualNakedSet, StopsWhenTold) {
  // {1,2} with any two of four {1,2,3} cells: six sets of 1,2,3; stop after two.
  Board board{Grid{}};
  for (int c = 2; c <= 5; ++c) board.set_candidates(c, digits({1, 2, 3}));
  const int cells[] = {2, 3, 4, 5, 6, 7, 8};
  int calls = 0;
  EXPECT_TRUE(for_each_virtual_naked_set(board, cells, 7, 3, digits({1, 2}), 0,
                                         [&](DigitMask, const CellSet&, const CellSet&) { return ++calls, true; }));
  EXPECT_EQ(calls, 6);
  calls = 0;
  EXPECT_FALSE(for_each_virtual_naked_set(board, cells, 7, 3, digits({1, 2}), 0,
                                          [&](DigitMask, const CellSet&, const CellSet&) { return ++calls < 2; }));
  EXPECT_EQ(calls, 2);
}

}  // namespace
}  // namespace sudokit::grader
