// A set of small integer keys (0..N-1) emptied in O(1), for the chain
// searches that start afresh thousands of times per grid: a key is in the
// set when its stamp equals the current generation, and clear() starts a
// new generation. Only when the 32-bit generation wraps round are the
// stamps zeroed (an old stamp would otherwise match again). StampedMap adds
// a value per key, valid while the key is in the map.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>
#include <cstdint>

namespace sudokit::grader {

template <std::size_t N>
class StampedSet {
 public:
  StampedSet() = default;
  /// Starts at `generation` (>= 1), so that a test can reach the wrap.
  explicit StampedSet(std::uint32_t generation) : generation_(generation) { assert(generation >= 1); }

  /// Empties the set.
  void clear() {
    if (++generation_ == 0) {
      stamp_.fill(0);
      generation_ = 1;
    }
  }
  bool contains(std::size_t key) const {
    assert(key < N);
    return stamp_[key] == generation_;
  }
  /// Adds `key`; returns whether it was not in the set.
  bool insert(std::size_t key) {
    assert(key < N);
    if (stamp_[key] == generation_) return false;
    stamp_[key] = generation_;
    return true;
  }
  /// Adds `key` (insert() without the answer).
  void add(std::size_t key) {
    assert(key < N);
    stamp_[key] = generation_;
  }
  static constexpr std::size_t size_limit() { return N; }

 private:
  std::array<std::uint32_t, N> stamp_{};
  std::uint32_t generation_ = 1;  // stamps start at 0: empty
};

template <std::size_t N, class Value>
class StampedMap {
 public:
  StampedMap() = default;
  explicit StampedMap(std::uint32_t generation) : keys_(generation) {}

  void clear() { keys_.clear(); }
  bool contains(std::size_t key) const { return keys_.contains(key); }
  /// The value of `key`, or `absent` when it is not in the map.
  Value find(std::size_t key, Value absent) const { return keys_.contains(key) ? values_[key] : absent; }
  /// Sets the value of `key` (added if absent).
  void put(std::size_t key, Value value) {
    keys_.add(key);
    values_[key] = value;
  }

 private:
  StampedSet<N> keys_;
  std::array<Value, N> values_{};
};

}  // namespace sudokit::grader
