// The grader's house arithmetic (grader/src/houses.hpp) against the cells of
// each house (solver's kUnitCells): each kind's range, a house's index, the
// kind's bits of a house mask, and the house through each segment.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "../../grader/src/houses.hpp"

namespace sudokit::grader {
namespace {

bool holds(int house, int cell) {
  const auto& cells = kUnitCells[static_cast<std::size_t>(house)];
  return std::find(cells.begin(), cells.end(), cell) != cells.end();
}

TEST(Houses, EachKindIsItsNineHousesInOrder) {
  std::set<int> seen;
  for (const UnitKind kind : {UnitKind::Box, UnitKind::Row, UnitKind::Column}) {
    int index = 0;
    for (const int u : houses(kind)) {
      EXPECT_EQ(unit_kind(u), kind) << u;
      EXPECT_EQ(house_index(u), index) << u;
      EXPECT_EQ(house_id(kind, index), u);
      EXPECT_EQ(is_box(u), kind == UnitKind::Box) << u;
      // The house's cells say its kind and index: kCellUnits[c][kind] == u.
      for (const int c : kUnitCells[static_cast<std::size_t>(u)])
        EXPECT_EQ(kCellUnits[static_cast<std::size_t>(c)][static_cast<std::size_t>(kind)], u) << u << " " << c;
      EXPECT_TRUE(seen.insert(u).second) << u;
      ++index;
    }
    EXPECT_EQ(index, kHousesPerKind);
    EXPECT_EQ(houses_of_kind(1u << house_id(kind, 4), kind), 1u << 4);
    EXPECT_EQ(houses_of_kind(~0u, kind), 0x1FFu);
  }
  EXPECT_EQ(seen.size(), 27u);
  EXPECT_EQ(houses_of_kind(1u << house_id(UnitKind::Row, 2), UnitKind::Column), 0u);
  EXPECT_EQ(kScanOrder, (std::array{UnitKind::Box, UnitKind::Column, UnitKind::Row}));
}

// Segment k of a box is its row k (cells 3k..3k+2, row-major) or its column
// k (cells k, k+3, k+6); segment k of a line is its cells 3k..3k+2, in box k
// of the line's band or stack. Each lies in segment_house.
TEST(Houses, SegmentHouseHoldsTheSegment) {
  const auto check = [](int u, UnitKind kind, int k, std::initializer_list<int> positions) {
    const int v = segment_house(u, kind, k);
    EXPECT_EQ(unit_kind(v), kind) << u << " " << k;
    for (const int p : positions)
      EXPECT_TRUE(holds(v, kUnitCells[static_cast<std::size_t>(u)][static_cast<std::size_t>(p)])) << u << " " << k;
  };
  for (int k = 0; k < 3; ++k) {
    for (const int box : houses(UnitKind::Box)) {
      check(box, UnitKind::Row, k, {3 * k, 3 * k + 1, 3 * k + 2});
      check(box, UnitKind::Column, k, {k, k + 3, k + 6});
    }
    for (const UnitKind line : {UnitKind::Row, UnitKind::Column})
      for (const int u : houses(line)) check(u, UnitKind::Box, k, {3 * k, 3 * k + 1, 3 * k + 2});
  }
}

}  // namespace
}  // namespace sudokit::grader
