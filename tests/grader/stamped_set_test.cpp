// StampedSet and StampedMap (grader/src/stamped_set.hpp), the chain searches'
// sets emptied in O(1), checked against std::set / std::map through random
// operations, and across the wrap of the 32-bit generation, where a stamp
// left from 2^32 clears earlier would match again if the stamps were not
// zeroed. And Potential's key (grader/src/potential.hpp), which numbers
// every table by potential: one to one onto 0..kPotentialKeys-1.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <set>

#include "../../grader/src/potential.hpp"
#include "../../grader/src/stamped_set.hpp"

namespace sudokit::grader {
namespace {

constexpr std::size_t kKeys = 64;

// 20,000 random operations on keys 0..kKeys-1: a clear (1 in 8), a write (3
// in 8, with a value) or a check; seeded by `seed`.
template <class Clear, class Write, class Check>
void random_operations(std::uint32_t seed, Clear clear, Write write, Check check) {
  std::mt19937 rng(seed);
  for (int op = 0; op < 20000; ++op) {
    const std::size_t key = rng() % kKeys;
    const int value = static_cast<int>(rng() % 1000);
    const unsigned kind = rng() % 8;
    if (kind == 0) clear();
    else if (kind <= 3) write(op, key, value);
    else check(op, key);
  }
}

// Each answer compared with std::set's, starting at `generation` so that
// the run crosses the wrap when it is near.
void check_against_set(std::uint32_t generation) {
  StampedSet<kKeys> stamped(generation);
  std::set<std::size_t> plain;
  random_operations(
      generation,
      [&] {
        stamped.clear();
        plain.clear();
      },
      [&](int op, std::size_t key, int) { EXPECT_EQ(stamped.insert(key), plain.insert(key).second) << op; },
      [&](int op, std::size_t key) { EXPECT_EQ(stamped.contains(key), plain.count(key) == 1) << op; });
}

TEST(StampedSet, AgreesWithStdSet) { check_against_set(1); }

TEST(StampedSet, AgreesWithStdSetAcrossTheGenerationWrap) {
  // About 2,500 clears in 20,000 operations: starting 100 before the wrap
  // crosses it early on.
  check_against_set(~std::uint32_t{0} - 100);
}

TEST(StampedSet, ClearingAtTheWrapForgetsEveryOldStamp) {
  // Every key stamped with generation 1, then 2^32 - 1 clears later the
  // generation is 1 again: the set must still be empty.
  StampedSet<kKeys> at_one;  // starts at generation 1
  for (std::size_t k = 0; k < kKeys; ++k) ASSERT_TRUE(at_one.insert(k));
  StampedSet<kKeys> near_wrap(~std::uint32_t{0});
  for (std::size_t k = 0; k < kKeys; k += 2) near_wrap.insert(k);
  near_wrap.clear();  // wraps round to generation 1
  for (std::size_t k = 0; k < kKeys; ++k) EXPECT_FALSE(near_wrap.contains(k)) << k;
  near_wrap.insert(5);
  EXPECT_TRUE(near_wrap.contains(5));
  EXPECT_FALSE(near_wrap.contains(4));
}

TEST(StampedSet, NewSetIsEmpty) {
  StampedSet<kKeys> s;
  for (std::size_t k = 0; k < kKeys; ++k) EXPECT_FALSE(s.contains(k)) << k;
}

TEST(StampedMap, AgreesWithStdMapAcrossTheGenerationWrap) {
  for (const std::uint32_t generation : {std::uint32_t{1}, ~std::uint32_t{0} - 50}) {
    StampedMap<kKeys, int> stamped(generation);
    std::map<std::size_t, int> plain;
    random_operations(
        generation,
        [&] {
          stamped.clear();
          plain.clear();
        },
        [&](int, std::size_t key, int value) {
          stamped.put(key, value);
          plain[key] = value;
        },
        [&](int op, std::size_t key) {
          const auto it = plain.find(key);
          EXPECT_EQ(stamped.find(key, -1), it == plain.end() ? -1 : it->second) << op;
          EXPECT_EQ(stamped.contains(key), it != plain.end()) << op;
        });
  }
}

TEST(Potential, KeyNumbersEveryPotentialOnceAndDecodes) {
  std::set<int> seen;
  for (int cell = 0; cell < kCells; ++cell)
    for (int digit = 1; digit <= 9; ++digit)
      for (const bool on : {false, true}) {
        const Potential p = Potential::of(cell, digit, on);
        const int key = p.key();
        ASSERT_GE(key, 0);
        ASSERT_LT(key, kPotentialKeys);
        EXPECT_TRUE(seen.insert(key).second) << key;
        EXPECT_EQ(Potential::of_key(key), p);
        EXPECT_EQ(key, potential_key(cell, digit, on));
        EXPECT_EQ(key / 2, p.candidate());
        EXPECT_LT(p.candidate(), kCandidateKeys);
        EXPECT_EQ(p.negation().negation(), p);
        EXPECT_NE(p.negation().key(), key);
        EXPECT_EQ(p.negation().key() / 2, key / 2);
      }
  EXPECT_EQ(seen.size(), std::size_t{kCells * 9 * 2});
}

}  // namespace
}  // namespace sudokit::grader
