// CellSet: a set of cells as an 81-bit bitboard (two 64-bit words). Used for
// patterns, peers and regions wherever a set of cells is needed without
// allocation.
#pragma once

#include <bit>
#include <cstdint>

namespace sudokit {

struct CellSet {
  std::uint64_t lo = 0;  // cells 0..63
  std::uint64_t hi = 0;  // cells 64..80

  static constexpr CellSet of(int cell) {
    CellSet s;
    s.add(cell);
    return s;
  }
  constexpr void add(int cell) {
    if (cell < 64) lo |= std::uint64_t{1} << cell;
    else hi |= std::uint64_t{1} << (cell - 64);
  }
  constexpr void remove(int cell) {
    if (cell < 64) lo &= ~(std::uint64_t{1} << cell);
    else hi &= ~(std::uint64_t{1} << (cell - 64));
  }
  constexpr bool has(int cell) const {
    return cell < 64 ? (lo >> cell) & 1 : (hi >> (cell - 64)) & 1;
  }
  constexpr bool empty() const { return (lo | hi) == 0; }
  constexpr int size() const { return std::popcount(lo) + std::popcount(hi); }
  /// Lowest cell, or -1 when empty.
  constexpr int first() const {
    return lo ? std::countr_zero(lo) : hi ? 64 + std::countr_zero(hi) : -1;
  }
  constexpr CellSet operator&(const CellSet& o) const { return {lo & o.lo, hi & o.hi}; }
  constexpr CellSet operator|(const CellSet& o) const { return {lo | o.lo, hi | o.hi}; }
  constexpr CellSet operator-(const CellSet& o) const { return {lo & ~o.lo, hi & ~o.hi}; }
  constexpr CellSet& operator&=(const CellSet& o) { return *this = *this & o; }
  constexpr CellSet& operator|=(const CellSet& o) { return *this = *this | o; }
  constexpr CellSet& operator-=(const CellSet& o) { return *this = *this - o; }
  constexpr bool operator==(const CellSet&) const = default;

  /// Calls f(cell) for each cell in ascending order.
  template <class F>
  constexpr void for_each(F&& f) const {
    for (std::uint64_t w = lo; w; w &= w - 1) f(std::countr_zero(w));
    for (std::uint64_t w = hi; w; w &= w - 1) f(64 + std::countr_zero(w));
  }
};

}  // namespace sudokit
