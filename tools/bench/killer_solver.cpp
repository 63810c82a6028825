// sudokit-killer-solver: the killer solver (killer.hpp) counting to 2 on
// pure 9x9 killers with no givens, issue #49's target (well under a
// millisecond on average), against the independent brute-force counter of
// tests/solver/killer_brute.hpp as a baseline. Not a test; it prints figures.
//
// Inputs, made here from a seed: a full grid from the general kernel with a
// seeded branch order, cut into random connected cages of 1..--max-cage
// cells with distinct digits (tests/solver/killer_brute.hpp's layouts).
// Each set is counted --runs times; mean and median are over the puzzles of
// the fastest run (one thread, wall time per puzzle).
//   sudokit-killer-solver [--puzzles N] [--max-cage K] [--runs R] [--seed S] [--baseline M]
// --baseline M: the brute-force counter on the first M puzzles (0: skip).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <vector>

#include "solver/killer_brute.hpp"
#include "sudokit/solver/killer.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace {

using namespace sudokit;
using Clock = std::chrono::steady_clock;

struct Stats {
  double mean = 0, median = 0;
};

Stats stats(std::vector<double> us) {
  Stats s;
  if (us.empty()) return s;
  for (double u : us) s.mean += u;
  s.mean /= static_cast<double>(us.size());
  std::sort(us.begin(), us.end());
  s.median = us[us.size() / 2];
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  int puzzles = 1000, max_cage = 5, runs = 3, baseline = 0;
  std::uint64_t seed = 49;
  for (int i = 1; i + 1 < argc; i += 2) {
    const char* v = argv[i + 1];
    if (!std::strcmp(argv[i], "--puzzles")) puzzles = std::atoi(v);
    else if (!std::strcmp(argv[i], "--max-cage")) max_cage = std::atoi(v);
    else if (!std::strcmp(argv[i], "--runs")) runs = std::atoi(v);
    else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(v, nullptr, 10);
    else if (!std::strcmp(argv[i], "--baseline")) baseline = std::atoi(v);
    else {
      std::fprintf(stderr, "sudokit-killer-solver: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  const Geometry& g = *classic_geometry();
  std::mt19937_64 rng(seed);
  std::vector<std::vector<Cage>> set;
  for (int i = 0; i < puzzles; ++i) {
    AnySolveOptions o;
    o.shuffle_seed = rng() | 1;
    o.general = true;
    const auto grid = solve_any(g, test::Cells(81, 0), 1, o).solution;
    set.push_back(test::random_cages(9, grid, max_cage, true, rng));
  }
  unsigned counts[3] = {0, 0, 0};
  std::vector<double> best;
  for (int r = 0; r < runs; ++r) {
    std::vector<double> us;
    for (const auto& cages : set) {
      const auto t0 = Clock::now();
      const unsigned n = count_killer(g, cages, {}, 2);
      us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
      if (r == 0) ++counts[std::min(n, 2u)];
    }
    if (best.empty() || stats(us).mean < stats(best).mean) best = us;
  }
  const Stats s = stats(best);
  std::printf("killer 9x9, %d puzzles (cages 1-%d cells, seed %llu): unique %u, multiple %u, none %u\n", puzzles,
              max_cage, static_cast<unsigned long long>(seed), counts[1], counts[2], counts[0]);
  std::printf("sudokit count_killer to 2: mean %.1f us, median %.1f us (best of %d runs)\n", s.mean, s.median, runs);
  if (baseline > 0) {
    std::vector<double> us;
    unsigned agree = 0;
    for (int i = 0; i < std::min(baseline, puzzles); ++i) {
      const auto t0 = Clock::now();
      const unsigned n = test::brute_count(9, 3, 3, set[static_cast<std::size_t>(i)], false, 2);
      us.push_back(std::chrono::duration<double, std::micro>(Clock::now() - t0).count());
      agree += n == count_killer(g, set[static_cast<std::size_t>(i)], {}, 2);
    }
    const Stats b = stats(us);
    std::printf("brute-force baseline to 2 on the first %zu: mean %.1f us, median %.1f us; counts agree on %u\n",
                us.size(), b.mean, b.median, agree);
  }
  return 0;
}
