// Small named bit helpers shared by every module. Candidate sets are 9-bit
// masks (bit d-1 set = digit d possible); cell sets are bitboards. Keeping the
// tricks here means the Sudoku code reads as Sudoku, not as bit twiddling.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace sudokit {

using DigitMask = std::uint16_t;  // bit (d-1) = digit d, d in 1..9

inline constexpr DigitMask kAllDigits = 0x1FF;

constexpr DigitMask digit_bit(int digit) { return static_cast<DigitMask>(1u << (digit - 1)); }
constexpr int popcount(std::uint32_t x) { return std::popcount(x); }
constexpr int popcount64(std::uint64_t x) { return std::popcount(x); }
constexpr bool is_single_bit(std::uint32_t x) { return x != 0 && (x & (x - 1)) == 0; }
constexpr bool has_two_or_more(std::uint32_t x) { return (x & (x - 1)) != 0; }
constexpr int lowest_bit_index(std::uint32_t x) { return std::countr_zero(x); }
constexpr std::uint32_t lowest_bit(std::uint32_t x) { return x & (~x + 1); }
constexpr std::uint32_t clear_lowest_bit(std::uint32_t x) { return x & (x - 1); }
constexpr int lowest_bit_index64(std::uint64_t x) { return std::countr_zero(x); }
constexpr std::uint64_t clear_lowest_bit64(std::uint64_t x) { return x & (x - 1); }
/// The digit (1..9) of a mask with exactly one bit set.
constexpr int single_digit(DigitMask m) { return std::countr_zero(static_cast<unsigned>(m)) + 1; }

/// SplitMix64's finaliser (Steele, Lea and Flood): a bijection of 64-bit
/// values that mixes every input bit into every output bit, the same on
/// every machine. The generator's seed streams, the store's seeded random
/// order and the global puzzle id are built on it.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/// The next larger number with the same count of set bits (Gosper's hack):
/// walking k-subsets in increasing numeric (colexicographic) order, the
/// order Sudoku Explainer enumerates combinations in.
constexpr std::uint32_t next_combination(std::uint32_t x) {
  const std::uint32_t smallest = x & (~x + 1);
  const std::uint32_t ripple = x + smallest;
  return ripple | (((x ^ ripple) >> 2) >> std::countr_zero(smallest));  // smallest is a power of two
}

/// Calls f(mask) for each k-subset of n items (n <= 31) as a bitmask, in colex order.
template <class F>
constexpr void for_each_combination(int n, int k, F&& f) {
  if (k <= 0 || k > n) return;
  for (std::uint32_t m = (1u << k) - 1; m < (1u << n); m = next_combination(m))
    if (!f(m)) return;
}

/// Calls f(mask) for each k-subset of the bits of `set` (a subset of the
/// n-item masks above), in the same colex order as for_each_combination()
/// visits them, so a caller that skips the combinations outside `set` may
/// call this instead and walk only the rest.
template <class F>
constexpr void for_each_combination_within(std::uint32_t set, int k, F&& f) {
  std::array<std::uint8_t, 32> at{};  // the bits of `set`, lowest first
  int n = 0;
  for (std::uint32_t s = set; s; s &= s - 1) at[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(std::countr_zero(s));
  for_each_combination(n, k, [&](std::uint32_t m) {
    std::uint32_t mask = 0;
    for (; m; m &= m - 1) mask |= 1u << at[static_cast<std::size_t>(std::countr_zero(m))];
    return f(mask);
  });
}

/// Calls f(digit) for each digit 1..9 whose bit is set in `mask`, lowest first.
template <class F>
constexpr void for_each_digit(DigitMask mask, F&& f) {
  for (unsigned m = mask; m != 0; m &= m - 1) f(std::countr_zero(m) + 1);
}

/// Calls f(index) for each set bit of a 32- or 64-bit word, lowest first.
template <class Word, class F>
constexpr void for_each_bit(Word word, F&& f) {
  for (; word != 0; word &= word - 1) f(std::countr_zero(word));
}

}  // namespace sudokit
