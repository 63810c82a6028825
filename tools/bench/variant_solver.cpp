// sudokit-variant-solver: the general kernel (solve_any.hpp) timed against
// the classic kernel and against the independent exact-cover counter
// (tests/solver/exact_cover.hpp, dancing links), issue #47's solver targets:
// counting to 2 on 9x9 variant puzzles within 3x of the classic kernel on
// classic puzzles of the same clue count, and 16x16 puzzles with 30-40% clues
// at 1,000 or more a second. Not a test; it prints a table.
//
// Inputs, made here from a seed: for each 9x9 geometry, full grids from the
// general kernel with a seeded branch order, dug in a random order keeping a
// unique solution down to --clues givens (grids that cannot get there are
// left out); the classic grids the same way with the classic kernel. 16x16:
// full grids with a random 30-40% of their cells kept (any count).
// Each set is counted to 2 --runs times; the figures are the medians of the
// runs (one thread, CPU time per puzzle).
//   sudokit-variant-solver [--puzzles N] [--clues K] [--runs R] [--seed S]
#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "solver/exact_cover.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace {

using namespace sudokit;
using Cells = std::vector<std::uint8_t>;

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec) + static_cast<double>(u.ru_utime.tv_usec) / 1e6;
}



Cells full_grid(const Geometry& g, std::uint64_t seed) {
  AnySolveOptions o;
  o.shuffle_seed = seed | 1;
  return solve_any(g, Cells(static_cast<std::size_t>(g.cells()), 0), 1, o).solution;
}

// Digs a full grid in a random order down to `clues` keeping one solution;
// false when it gets stuck above.
bool dig(const Geometry& g, Cells& p, int clues, std::mt19937_64& rng) {
  std::vector<int> order(static_cast<std::size_t>(g.cells()));
  for (int i = 0; i < g.cells(); ++i) order[static_cast<std::size_t>(i)] = i;
  std::shuffle(order.begin(), order.end(), rng);
  int have = g.cells();
  for (int c : order) {
    if (have == clues) return true;
    const std::uint8_t d = p[static_cast<std::size_t>(c)];
    p[static_cast<std::size_t>(c)] = 0;
    if (count_solutions(g, p, 2) == 1) {
      --have;
    } else {
      p[static_cast<std::size_t>(c)] = d;
    }
  }
  return have == clues;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

struct Figures {
  double kernel_us = 0, dlx_us = 0;
};

// Median CPU microseconds per count to 2: `run` over every puzzle, `runs` times.
template <class F>
double time_per_puzzle(const std::vector<Cells>& set, int runs, F&& run) {
  std::vector<double> per;
  unsigned sink = 0;
  for (int r = 0; r < runs; ++r) {
    const double t0 = cpu_seconds();
    for (const Cells& p : set) sink += run(p);
    per.push_back((cpu_seconds() - t0) * 1e6 / static_cast<double>(set.size()));
  }
  if (sink == 0) std::fprintf(stderr, "no solutions counted\n");
  return median(per);
}

Figures measure(const Geometry& g, const std::vector<Cells>& set, int runs, bool general) {
  Figures f;
  AnySolveOptions o;
  o.general = general;
  f.kernel_us = time_per_puzzle(set, runs, [&](const Cells& p) {
    return general ? solve_any(g, p, 2, o).count : count_solutions(g, p, 2);
  });
  sudokit::test::ExactCover dlx = sudokit::test::exact_cover_of(g);
  f.dlx_us = time_per_puzzle(set, std::max(1, runs / 3), [&](const Cells& p) { return dlx.count(p, 2); });
  return f;
}

}  // namespace

int main(int argc, char** argv) {
  int puzzles = 200, clues = 26, runs = 5;
  std::uint64_t seed = 47;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (v == nullptr) { std::fprintf(stderr, "sudokit-variant-solver: %s needs a value\n", a.c_str()); return 2; }
    if (a == "--puzzles") puzzles = std::atoi(v);
    else if (a == "--clues") clues = std::atoi(v);
    else if (a == "--runs") runs = std::atoi(v);
    else if (a == "--seed") seed = std::strtoull(v, nullptr, 10);
    else { std::fprintf(stderr, "sudokit-variant-solver: unknown option %s\n", a.c_str()); return 2; }
    ++i;
  }
  if (puzzles < 1 || clues < 0 || runs < 1) { std::fprintf(stderr, "sudokit-variant-solver: bad value\n"); return 2; }
  double load[3] = {0, 0, 0};
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf %lf %lf", &load[0], &load[1], &load[2]) != 3) load[0] = -1;
    std::fclose(f);
  }
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::printf("sudokit-variant-solver --puzzles %d --clues %d --runs %d --seed %llu (load %.2f)\n", puzzles,
              clues, runs, static_cast<unsigned long long>(seed), load[0]);
  std::printf("%-24s %8s %12s %10s %12s %10s\n", "geometry", "puzzles", "kernel us", "x classic", "DLX us",
              "DLX/kernel");
  std::mt19937_64 rng(seed);
  auto make9 = [&](const Geometry& g) {
    std::vector<Cells> set;
    // A geometry whose first grids all stop above `clues` (none: a Latin
    // square needs more) is left out after 5 tries.
    for (int tries = 0; static_cast<int>(set.size()) < puzzles && tries < puzzles * 3 && (tries < 5 || !set.empty());
         ++tries) {
      Cells p = full_grid(g, rng());
      if (dig(g, p, clues, rng)) set.push_back(p);
    }
    return set;
  };
  // The classic kernel on classic puzzles: the reference of the ratios.
  const GeometryPtr& classic = classic_geometry();
  const std::vector<Cells> classic_set = make9(*classic);
  const Figures base = measure(*classic, classic_set, runs, false);
  std::printf("%-24s %8zu %12.2f %10.2f %12.2f %10.1f\n", "classic (classic kernel)", classic_set.size(),
              base.kernel_us, 1.0, base.dlx_us, base.dlx_us / base.kernel_us);
  const Figures general = measure(*classic, classic_set, runs, true);
  std::printf("%-24s %8zu %12.2f %10.2f %12.2f %10.1f\n", "classic (general kernel)", classic_set.size(),
              general.kernel_us, general.kernel_us / base.kernel_us, general.dlx_us,
              general.dlx_us / general.kernel_us);
  for (const char* spelling :
       {"x", "windows", "x,windows", "none", "anti-knight", "anti-king", "nc", "nc+",
        "jigsaw:AAAABBBBBAAACCBBBBAACCCDDDDEECCDDDDFEEECCDGFFEEHHGGGFFEHHHGGGFFEHHIIGGFFHHIIIIIII"}) {
    const GeometryPtr g = parse_geometry(spelling);
    const std::vector<Cells> set = make9(*g);
    const std::string name = std::string(spelling).substr(0, 24);
    if (set.empty()) { std::printf("%-24s %8d (no puzzle reached %d clues)\n", name.c_str(), 0, clues); continue; }
    const Figures f = measure(*g, set, runs, true);
    std::printf("%-24s %8zu %12.2f %10.2f %12.2f %10.1f\n", name.c_str(), set.size(), f.kernel_us,
                f.kernel_us / base.kernel_us, f.dlx_us, f.dlx_us / f.kernel_us);
  }
  // 16x16 with 30-40% of the cells given.
  const GeometryPtr g16 = parse_geometry("16x16");
  std::vector<Cells> set16;
  std::uniform_real_distribution<double> keep(0.30, 0.40);
  for (int i = 0; i < puzzles; ++i) {
    Cells p = full_grid(*g16, rng());
    std::vector<int> order(256);
    for (int c = 0; c < 256; ++c) order[static_cast<std::size_t>(c)] = c;
    std::shuffle(order.begin(), order.end(), rng);
    const int kept = static_cast<int>(keep(rng) * 256);
    for (std::size_t k = static_cast<std::size_t>(kept); k < order.size(); ++k) p[static_cast<std::size_t>(order[k])] = 0;
    set16.push_back(p);
  }
  const Figures f16 = measure(*g16, set16, runs, true);
  std::printf("%-24s %8zu %12.2f %10s %12.2f %10.1f   (%.0f puzzles/s; DLX %.0f/s)\n", "16x16 30-40% clues",
              set16.size(), f16.kernel_us, "-", f16.dlx_us, f16.dlx_us / f16.kernel_us, 1e6 / f16.kernel_us,
              1e6 / f16.dlx_us);
  return 0;
}
