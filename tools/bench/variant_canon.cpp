// sudokit-variant-canon: the canonical form of variant puzzles
// (canonical_any.hpp) timed per geometry (issue #47). Not a test; it prints
// a table: the group's kind and order, the time to build the group once, and
// the time of canonical_any per puzzle (mean and worst; wall time, one thread).
//
// Inputs, made here from a seed: full grids from solve_any with a seeded
// branch order (25x25: a pattern grid, (r mod 5) * 5 + r / 5 + c mod 25,
// moved by a random element of its group, since random 25x25 grids take
// long to make), each cell kept with probability --keep.
//   sudokit-variant-canon [--puzzles N] [--keep F] [--seed S]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "sudokit/solver/canonical_any.hpp"
#include "sudokit/solver/geometry_symmetry.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace {

using namespace sudokit;
using Cells = std::vector<std::uint8_t>;

// Wall time of one thread (CPU time from getrusage is too coarse for the
// microseconds one form takes); run it on a quiet machine.
double seconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

Cells full_grid(const GeometryPtr& g, const SymmetryGroup& group, std::uint64_t seed, std::mt19937_64& rng) {
  if (g->size() == 25) {
    Cells grid(625);
    for (int r = 0; r < 25; ++r)
      for (int c = 0; c < 25; ++c)
        grid[static_cast<std::size_t>(r * 25 + c)] = static_cast<std::uint8_t>(((r % 5) * 5 + r / 5 + c) % 25 + 1);
    return group.random_element([&rng](std::uint64_t k) { return rng() % k; }).apply(grid);
  }
  AnySolveOptions o;
  o.shuffle_seed = seed;
  return solve_any(*g, Cells(static_cast<std::size_t>(g->cells()), 0), 1, o).solution;
}

}  // namespace

int main(int argc, char** argv) {
  int puzzles = 20;
  double keep = 0.4;
  std::uint64_t seed = 1;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--puzzles")) puzzles = std::atoi(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--keep")) keep = std::atof(argv[i + 1]);
    else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(argv[i + 1], nullptr, 10);
    else {
      std::fprintf(stderr, "usage: sudokit-variant-canon [--puzzles N] [--keep F] [--seed S]\n");
      return 2;
    }
  }
  const char* spellings[] = {"4x4", "6x6", "8x8", "12x12", "16x16", "25x25", "none", "x", "windows", "disjoint",
                             "centre-dot", "girandola", "anti-knight", "anti-king,toroidal", "nc", "nc+",
                             "jigsaw:AAAABBBBBAAACCBBBBAACCCDDDDEECCDDDDFEEECCDGFFEEHHGGGFFEHHHGGGFFEHHIIGGFFHHIIIIIII"};
  std::printf("%-20s %-7s %28s %10s %12s %12s\n", "geometry", "group", "order", "build ms", "mean ms", "worst ms");
  for (const char* spelling : spellings) {
    const auto g = parse_geometry(spelling);
    double t0 = seconds();
    const auto group = symmetry_group(g);
    const double build = seconds() - t0;
    std::mt19937_64 rng(seed);
    double total = 0, worst = 0;
    for (int k = 0; k < puzzles; ++k) {
      Cells cells = full_grid(g, *group, seed + static_cast<std::uint64_t>(k), rng);
      for (auto& d : cells)
        if (std::uniform_real_distribution<double>(0, 1)(rng) >= keep) d = 0;
      t0 = seconds();
      canonical_any(g, cells);
      const double t = seconds() - t0;
      total += t;
      worst = std::max(worst, t);
    }
    std::string name = spelling;
    if (name.size() > 20) name = name.substr(0, 17) + "...";
    std::printf("%-20s %-7s %28s %10.1f %12.3f %12.3f\n", name.c_str(),
                group->kind() == SymmetryGroup::Kind::kBands ? "bands" : "listed", group->order().c_str(),
                build * 1e3, total / puzzles * 1e3, worst * 1e3);
    std::fflush(stdout);
  }
  return 0;
}
