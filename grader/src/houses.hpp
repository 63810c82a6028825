// The classic grid's houses as the grader numbers them: the unit ids of
// solver/grid.hpp (Sudoku Explainer's order: boxes 0..8, rows 9..17,
// columns 18..26), so that a unit mask's bit u is house u. The one home of
// the house arithmetic the producers and the explanations do (a kind's
// range of ids, a kind's nine bits of a house mask, the house crossing a
// segment, the scan order): none of them writes 9 or 18 as a house offset.
#pragma once

#include <array>
#include <cstdint>

#include "sudokit/solver/grid.hpp"

namespace sudokit::grader {

/// Houses of each kind (and cells of each house).
inline constexpr int kHousesPerKind = 9;

/// House `index` (0..8) of `kind`: its unit id.
constexpr int house_id(UnitKind kind, int index) { return Unit{kind, index}.id(); }
/// A house's index within its kind (0..8).
constexpr int house_index(int house) { return house - first_unit(unit_kind(house)); }
constexpr bool is_box(int house) { return unit_kind(house) == UnitKind::Box; }

/// The house ids of one kind, in order: `for (int u : houses(UnitKind::Row))`.
struct HouseRange {
  struct Iterator {
    int house;
    constexpr int operator*() const { return house; }
    constexpr Iterator& operator++() {
      ++house;
      return *this;
    }
    constexpr bool operator!=(const Iterator& o) const { return house != o.house; }
  };
  UnitKind kind;
  constexpr Iterator begin() const { return {first_unit(kind)}; }
  constexpr Iterator end() const { return {first_unit(kind) + kHousesPerKind}; }
};
constexpr HouseRange houses(UnitKind kind) { return {kind}; }

/// The nine bits of a house mask (bit u = house u) that are `kind`'s, as
/// bits 0..8 (bit i = house_id(kind, i)).
constexpr std::uint32_t houses_of_kind(std::uint32_t mask, UnitKind kind) {
  return (mask >> first_unit(kind)) & ((1u << kHousesPerKind) - 1);
}

/// Sudoku Explainer's scan order of houses for singles and sets: boxes,
/// columns, rows.
inline constexpr std::array<UnitKind, 3> kScanOrder = {UnitKind::Box, UnitKind::Column, UnitKind::Row};

/// The house of `kind` holding segment k (0..2) of `house`, one of the two
/// a box and the other not: a box's segments are its rows (or columns),
/// top to bottom (left to right); a line's are its boxes in order.
constexpr int segment_house(int house, UnitKind kind, int k) {
  const int i = house_index(house);
  switch (unit_kind(house)) {
    case UnitKind::Box: return house_id(kind, kind == UnitKind::Column ? (i % 3) * 3 + k : (i / 3) * 3 + k);
    case UnitKind::Row: return house_id(UnitKind::Box, (i / 3) * 3 + k);
    case UnitKind::Column: break;
  }
  return house_id(UnitKind::Box, k * 3 + i / 3);
}

}  // namespace sudokit::grader
