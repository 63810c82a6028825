// sudokit-variant-generate: grids and puzzles of every geometry
// (variant_grids.hpp, variant_digger.hpp) timed on one thread, issue #47's
// generator targets: 9x9 variants at 2,000 or more unique minimal puzzles a
// second, 16x16 at 10 or more, 25x25 unique puzzles (not minimal) in under a
// minute each. Not a test; it prints a table of CPU-time rates (grids/s with
// the backtrack method, minimal puzzles/s made as `generate --geometry G`
// makes them: grid, then one digging pass), each row with its target and
// "met" or "missed" (sizes without a target: none).
//   sudokit-variant-generate [--puzzles N] [--seed S] [--geometry G]...
// --puzzles is per 9x9-or-smaller geometry; 12x12 and 16x16 make N/100 (at
// least 3); 25x25 makes 2 unique puzzles (dug to 60% clues, not minimal).
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "sudokit/generator/variant_digger.hpp"

namespace {

using namespace sudokit;

double cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_SELF, &u);
  return static_cast<double>(u.ru_utime.tv_sec) + static_cast<double>(u.ru_utime.tv_usec) / 1e6;
}

constexpr const char* kJigsaw9 =
    "jigsaw:AAAABBBBBAAACCBBBBAACCCDDDDEECCDDDDFEEECCDGFFEEHHGGGFFEHHHGGGFFEHHIIGGFFHHIIIIIII";

}  // namespace

int main(int argc, char** argv) {
  int puzzles = 1000;
  std::uint64_t seed = 47;
  std::vector<std::string> geometries;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : nullptr;
    if (!v) {
      std::fprintf(stderr, "sudokit-variant-generate: %s needs a value\n", a.c_str());
      return 2;
    }
    if (a == "--puzzles") puzzles = std::atoi(v);
    else if (a == "--seed") seed = std::strtoull(v, nullptr, 10);
    else if (a == "--geometry") geometries.emplace_back(v);
    else {
      std::fprintf(stderr, "sudokit-variant-generate: unknown option %s\n", a.c_str());
      return 2;
    }
    ++i;
  }
  if (geometries.empty())
    geometries = {"classic", "x", "windows", "x,windows", "disjoint", "centre-dot", "girandola", "asterisk",
                  "anti-knight", "anti-king", "anti-knight,toroidal", "anti-king,toroidal", "nc", "nc+",
                  "toroidal,nc", "none", kJigsaw9, std::string(kJigsaw9) + ",x", "4x4", "6x6", "6x6:3x2",
                  "8x8", "12x12", "16x16", "25x25"};
  double load = -1;
  if (FILE* f = std::fopen("/proc/loadavg", "r")) {
    if (std::fscanf(f, "%lf", &load) != 1) load = -1;
    std::fclose(f);
  }
  std::printf("sudokit-variant-generate --puzzles %d --seed %llu (load %.2f)\n", puzzles,
              static_cast<unsigned long long>(seed), load);
  std::printf("%-24s %8s %12s %8s %14s %8s  %s\n", "geometry", "grids", "grids/s", "puzzles", "puzzles/s", "clues",
              "target");
  for (const std::string& spelling : geometries) {
    const GeometryPtr g = parse_geometry(spelling);
    const bool huge = g->size() >= 25;
    const int n = huge ? 2 : g->size() >= 12 ? std::max(3, puzzles / 100) : puzzles;
    VariantGridOptions grid;
    double t0 = cpu_seconds();
    for (int i = 0; i < n; ++i) (void)make_variant_grid(*g, grid, seed, static_cast<std::uint64_t>(i));
    const double grid_seconds = cpu_seconds() - t0;
    VariantDigOptions dig;
    if (huge) dig.target_clues = g->cells() * 6 / 10;
    long clues = 0;
    int made = 0;
    t0 = cpu_seconds();
    for (int i = 0; i < n; ++i) {
      VariantPuzzle p;
      std::string failure;
      if (make_variant_puzzle(*g, grid, dig, seed, static_cast<std::uint64_t>(i), 64, p, failure)) {
        ++made;
        clues += p.clues;
      }
    }
    const double seconds = cpu_seconds() - t0;
    const std::string label = spelling.size() > 24 ? spelling.substr(0, 21) + "..." : spelling;
    // Issue #47's target for this size, and whether the run met it.
    const double rate = seconds > 0 ? made / seconds : 0.0;
    std::string target;
    if (huge)
      target = std::string("< 60 s a puzzle (unique, dug to 60% clues): ") + (made > 0 && seconds / made < 60 ? "met" : "missed");
    else if (g->size() == 9)
      target = std::string(">= 2000/s: ") + (rate >= 2000 ? "met" : "missed");
    else if (g->size() == 16)
      target = std::string(">= 10/s: ") + (rate >= 10 ? "met" : "missed");
    std::printf("%-24s %8d %12.1f %8d %14.2f %8.1f  %s\n", label.c_str(), n, grid_seconds > 0 ? n / grid_seconds : 0.0,
                made, rate, made ? static_cast<double>(clues) / made : 0.0, target.c_str());
    std::fflush(stdout);
  }
  return 0;
}
