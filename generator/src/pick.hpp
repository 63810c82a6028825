// Random choices among the set bits of a mask, the one draw every
// backtracking generator makes at each step.
#pragma once

#include <cstdint>

#include "sudokit/generator/stream.hpp"
#include "sudokit/solver/bits.hpp"

namespace sudokit {

/// Index of the n-th (0-based) set bit of `mask`, lowest first.
inline int nth_set_bit(unsigned mask, int n) {
  for (; n > 0; --n) mask = clear_lowest_bit(mask);
  return lowest_bit_index(mask);
}

/// Index of a uniformly chosen set bit of a non-empty 9-bit `mask`.
inline int random_set_bit(unsigned mask, Engine& engine) {
  const int count = popcount(mask);
  return count == 1 ? lowest_bit_index(mask) : nth_set_bit(mask, static_cast<int>(draw_below(engine, static_cast<std::uint32_t>(count))));
}

}  // namespace sudokit
