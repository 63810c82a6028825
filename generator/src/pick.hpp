// Random choices among the set bits of a mask, the one draw every
// backtracking generator makes at each step.
#pragma once

#include <array>
#include <cstdint>

#include "sudokit/generator/stream.hpp"
#include "sudokit/solver/bits.hpp"

namespace sudokit {

/// Number of set bits of a 9-bit mask. A table, because std::popcount is a
/// library call unless the build targets a CPU with POPCNT.
inline constexpr auto kBitCount9 = [] {
  std::array<std::uint8_t, 512> t{};
  for (unsigned m = 1; m < 512; ++m) t[m] = static_cast<std::uint8_t>(t[m >> 1] + (m & 1));
  return t;
}();

/// Index of the n-th (0-based) set bit of `mask`, lowest first.
inline int nth_set_bit(unsigned mask, int n) {
  for (; n > 0; --n) mask = clear_lowest_bit(mask);
  return lowest_bit_index(mask);
}

/// Index of a uniformly chosen set bit of a non-empty 9-bit `mask`.
inline int random_set_bit(unsigned mask, Engine& engine) {
  const int count = kBitCount9[mask];
  return count == 1 ? lowest_bit_index(mask) : nth_set_bit(mask, static_cast<int>(draw_below(engine, static_cast<std::uint32_t>(count))));
}

}  // namespace sudokit
