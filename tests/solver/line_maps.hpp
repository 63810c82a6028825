// Test helpers for LineMaps (geometry_symmetry.hpp): every LineMap of a
// small size, and a `below` callback on a seeded engine.
#pragma once

#include <algorithm>
#include <functional>
#include <numeric>
#include <random>
#include <vector>

#include "sudokit/solver/geometry_symmetry.hpp"

namespace sudokit::test {

inline std::function<std::uint64_t(std::uint64_t)> below_from(std::mt19937_64& rng) {
  return [&rng](std::uint64_t k) { return rng() % k; };
}

/// Calls f(map) for every LineMap of size n (2 * n!^2 of them).
template <class F>
void for_each_line_map(int n, F&& f) {
  std::vector<int> rows(static_cast<std::size_t>(n)), cols(static_cast<std::size_t>(n));
  for (int t = 0; t < 2; ++t) {
    std::iota(rows.begin(), rows.end(), 0);
    do {
      std::iota(cols.begin(), cols.end(), 0);
      do {
        f(LineMap{t == 1, rows, cols});
      } while (std::next_permutation(cols.begin(), cols.end()));
    } while (std::next_permutation(rows.begin(), rows.end()));
  }
}

}  // namespace sudokit::test
