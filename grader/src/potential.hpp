// A potential (Sukaku Explainer's Potential): a candidate, assumed or
// derived true ("on") or false ("off"), the unit every chain search works
// in. Its key is the one numbering of potentials: every table by potential
// (the searches' sets, the implication graph, the chain writer, a nested
// chain's identity) is indexed by it, and the key of a candidate alone is
// the same numbering without the on/off bit.
#pragma once

#include <cstdint>

#include "sudokit/solver/grid.hpp"

namespace sudokit::grader {

/// Candidates (cell, digit 1..9) numbered cell * 10 + digit.
inline constexpr int kCandidateKeys = kCells * 10;
/// Potentials numbered candidate key * 2 + on.
inline constexpr int kPotentialKeys = 2 * kCandidateKeys;

constexpr int candidate_key(int cell, int digit) { return cell * 10 + digit; }
constexpr int potential_key(int cell, int digit, bool on) { return candidate_key(cell, digit) * 2 + (on ? 1 : 0); }

struct Potential {
  std::uint8_t cell = 0;
  std::uint8_t digit = 0;
  bool on = false;

  static constexpr Potential of(int cell, int digit, bool on) {
    return {static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(digit), on};
  }
  static constexpr Potential of_key(int key) { return of(key / 20, key / 2 % 10, (key & 1) != 0); }
  constexpr int key() const { return potential_key(cell, digit, on); }
  constexpr int candidate() const { return candidate_key(cell, digit); }
  /// The same candidate with the other truth value.
  constexpr Potential negation() const { return {cell, digit, !on}; }
  friend constexpr bool operator==(const Potential&, const Potential&) = default;
};

static_assert(Potential::of_key(potential_key(80, 9, true)) == Potential::of(80, 9, true));
static_assert(potential_key(80, 9, true) == kPotentialKeys - 1);

}  // namespace sudokit::grader
