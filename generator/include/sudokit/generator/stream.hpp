// Random streams for the generators. Every item a generator makes (a grid, a
// puzzle) gets its own Boost.Random engine, seeded from (seed, index) through
// a SplitMix64 hash, so item i is the same whatever order, batch size or
// thread count produced it. The engine is Boost's taus88 (L'Ecuyer's
// combined Tausworthe generator, period 2^88, three 32-bit words of state):
// seeding a mt19937_64 writes 312 words, which costs more than making a whole
// box-permutation grid, while taus88 seeds in three stores. All draws go
// through Boost distributions, which give the same numbers on every platform.
#pragma once

#include <boost/random/taus88.hpp>
#include <boost/random/uniform_int_distribution.hpp>
#include <cstdint>

#include "sudokit/solver/bits.hpp"
#include "sudokit/solver/transform.hpp"

namespace sudokit {

using Engine = boost::random::taus88;

/// One step of SplitMix64 (Steele, Lea and Flood): advances `state` and
/// returns a well-mixed 64-bit value.
constexpr std::uint64_t splitmix64(std::uint64_t& state) { return mix64(state += 0x9E3779B97F4A7C15ull); }

/// The engine of item `index` of the stream `seed`.
inline Engine stream_engine(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t state = seed;
  state = splitmix64(state) + index * 0xD1B54A32D192ED03ull;  // distinct indices, distinct states
  const std::uint64_t a = splitmix64(state), b = splitmix64(state);
  std::uint32_t words[3] = {static_cast<std::uint32_t>(a), static_cast<std::uint32_t>(a >> 32),
                            static_cast<std::uint32_t>(b)};
  std::uint32_t* first = words;
  Engine engine;
  engine.seed(first, words + 3);
  return engine;
}

/// A uniform integer in [0, n).
inline std::uint32_t draw_below(Engine& engine, std::uint32_t n) {
  return boost::random::uniform_int_distribution<std::uint32_t>(0, n - 1)(engine);
}

/// A uniformly random relabelling of the digits.
inline DigitMap random_digits(Engine& engine) { return digits_from_index(draw_below(engine, kDigitRelabellings)); }

/// A uniformly random element of the whole symmetry group.
inline Transform random_transform(Engine& engine) {
  const std::uint32_t positional = draw_below(engine, kPositionalTransforms);
  return Transform::from_index(positional, draw_below(engine, kDigitRelabellings));
}

}  // namespace sudokit
