// Killer test helpers shared by tests/solver/killer_test.cpp and
// tools/bench/killer_solver.cpp: an independent killer counter (plain
// backtracking in cell order with row, column, box and cage checks; no
// candidate masks, nothing shared with solver/src/killer.cpp) and random
// cage layouts over a solution grid.
#pragma once

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <vector>

#include "sudokit/solver/killer.hpp"

namespace sudokit::test {

using Cells = std::vector<std::uint8_t>;

struct Brute {
  int n, br, bc;
  std::vector<Cage> cages;
  bool repeats;
  std::vector<int> cage_of;
  Cells grid;
  unsigned count = 0, limit = 0;

  bool ok(int cell, int d) const {
    const int r = cell / n, c = cell % n;
    for (int i = 0; i < n; ++i) {
      if (grid[static_cast<std::size_t>(r * n + i)] == d) return false;
      if (grid[static_cast<std::size_t>(i * n + c)] == d) return false;
    }
    const int r0 = r / br * br, c0 = c / bc * bc;
    for (int i = 0; i < br; ++i)
      for (int j = 0; j < bc; ++j)
        if (grid[static_cast<std::size_t>((r0 + i) * n + c0 + j)] == d) return false;
    const int k = cage_of[static_cast<std::size_t>(cell)];
    if (k < 0) return true;
    int sum = d, empty = 0;
    for (int p : cages[static_cast<std::size_t>(k)].cells) {
      if (p == cell) continue;
      const int v = grid[static_cast<std::size_t>(p)];
      if (!v) ++empty;
      if (v == d && !repeats) return false;
      sum += v;
    }
    const int want = cages[static_cast<std::size_t>(k)].sum;
    return empty == 0 ? sum == want : sum + empty <= want;
  }
  void go(int cell) {
    if (count >= limit) return;
    if (cell == n * n) {
      // Cages made only of givens are checked here.
      for (const Cage& cage : cages) {
        int sum = 0;
        for (int c : cage.cells) sum += grid[static_cast<std::size_t>(c)];
        if (sum != cage.sum) return;
      }
      ++count;
      return;
    }
    if (grid[static_cast<std::size_t>(cell)]) return go(cell + 1);
    for (int d = 1; d <= n; ++d)
      if (ok(cell, d)) {
        grid[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(d);
        go(cell + 1);
        grid[static_cast<std::size_t>(cell)] = 0;
      }
  }
};

inline unsigned brute_count(int n, int br, int bc, const std::vector<Cage>& cages, bool repeats, unsigned limit) {
  Brute b{n, br, bc, cages, repeats, std::vector<int>(static_cast<std::size_t>(n * n), -1),
          Cells(static_cast<std::size_t>(n * n), 0), 0, limit};
  for (std::size_t i = 0; i < cages.size(); ++i)
    for (int c : cages[i].cells) b.cage_of[static_cast<std::size_t>(c)] = static_cast<int>(i);
  b.go(0);
  return b.count;
}

// Random connected cages of 1..max_size cells covering the grid, summed from `grid`.
inline std::vector<Cage> random_cages(int n, const Cells& grid, int max_size, bool distinct, std::mt19937_64& rng) {
  std::vector<int> owner(static_cast<std::size_t>(n * n), -1);
  std::vector<Cage> cages;
  for (int start = 0; start < n * n; ++start) {
    if (owner[static_cast<std::size_t>(start)] >= 0) continue;
    const int want = std::uniform_int_distribution<int>(1, max_size)(rng);
    Cage cage;
    cage.cells.push_back(start);
    owner[static_cast<std::size_t>(start)] = static_cast<int>(cages.size());
    std::set<int> digits{grid[static_cast<std::size_t>(start)]};
    while (static_cast<int>(cage.cells.size()) < want) {
      std::vector<int> options;
      for (int c : cage.cells) {
        const int r = c / n, col = c % n;
        const int next[4][2] = {{r - 1, col}, {r + 1, col}, {r, col - 1}, {r, col + 1}};
        for (const auto& rc : next) {
          if (rc[0] < 0 || rc[0] >= n || rc[1] < 0 || rc[1] >= n) continue;
          const int d = rc[0] * n + rc[1];
          if (owner[static_cast<std::size_t>(d)] >= 0) continue;
          if (distinct && digits.count(grid[static_cast<std::size_t>(d)])) continue;
          options.push_back(d);
        }
      }
      if (options.empty()) break;
      const int pick = options[std::uniform_int_distribution<std::size_t>(0, options.size() - 1)(rng)];
      owner[static_cast<std::size_t>(pick)] = static_cast<int>(cages.size());
      digits.insert(grid[static_cast<std::size_t>(pick)]);
      cage.cells.push_back(pick);
    }
    std::sort(cage.cells.begin(), cage.cells.end());
    for (int c : cage.cells) cage.sum += grid[static_cast<std::size_t>(c)];
    cages.push_back(cage);
  }
  return cages;
}

}  // namespace sudokit::test
