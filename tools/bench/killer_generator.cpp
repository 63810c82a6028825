// sudokit-killer-generator: unique killers a second from the killer
// generator (generator/killer.hpp), one thread, default controls (cages of
// 2 to 5 cells, no givens): puzzles index 0..N-1 of --seed, each made by
// generate_killer; prints the rate, the mean layouts and rounds, and the
// cage-count spread. Not a test; it prints figures.
//   sudokit-killer-generator [--puzzles N] [--seed S] [--geometry G] [--max-cage K]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "sudokit/generator/killer.hpp"

int main(int argc, char** argv) {
  using namespace sudokit;
  int puzzles = 100;
  std::uint64_t seed = 49;
  std::string geometry = "classic";
  KillerGenOptions o;
  for (int i = 1; i + 1 < argc; i += 2) {
    const char* v = argv[i + 1];
    if (!std::strcmp(argv[i], "--puzzles")) puzzles = std::atoi(v);
    else if (!std::strcmp(argv[i], "--seed")) seed = std::strtoull(v, nullptr, 10);
    else if (!std::strcmp(argv[i], "--geometry")) geometry = v;
    else if (!std::strcmp(argv[i], "--max-cage")) o.max_cage = std::atoi(v);
    else {
      std::fprintf(stderr, "sudokit-killer-generator: unknown option %s\n", argv[i]);
      return 2;
    }
  }
  const GeometryPtr g = parse_geometry(geometry);
  long layouts = 0, rounds = 0;
  std::size_t fewest = 999, most = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < puzzles; ++i) {
    const KillerPuzzle p = generate_killer(*g, o, seed, static_cast<std::uint64_t>(i));
    layouts += p.layouts;
    rounds += p.rounds;
    fewest = std::min(fewest, p.cages.size());
    most = std::max(most, p.cages.size());
  }
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("killer %s, %d unique puzzles (cages %d-%d cells, no givens, seed %llu), one thread: %.1f/s\n",
              geometry.c_str(), puzzles, o.min_cage, o.max_cage, static_cast<unsigned long long>(seed),
              puzzles / s);
  std::printf("mean layouts %.2f, mean uniqueness rounds on the last layout %.1f, cages %zu-%zu\n",
              static_cast<double>(layouts) / puzzles, static_cast<double>(rounds) / puzzles, fewest, most);
  return 0;
}
