// The driver the benchmarks time tdoku with (SUDOKIT_TDOKU): prints tdoku's
// solution count, limit 2, for each puzzle line of a file (or stdin), as
// `sudokit solve --count` does. Built outside the project against a tdoku
// build (docs/BENCHMARKS.md, "Peers"); not part of the CMake build.
#include <cstdio>
#include <cstring>

#include "tdoku.h"

int main(int argc, char** argv) {
  FILE* in = argc > 1 ? std::fopen(argv[1], "r") : stdin;
  if (!in) {
    std::perror(argv[1]);
    return 1;
  }
  char line[1024], solution[82];
  size_t guesses;
  while (std::fgets(line, sizeof line, in)) {
    if (std::strlen(line) < 81) continue;
    for (int i = 0; i < 81; ++i)
      if (line[i] == '0') line[i] = '.';  // tdoku wants '.' for an empty cell
    line[81] = '\0';
    std::printf("%zu\n", SolveSudoku(line, 2, 0, solution, &guesses));
  }
}
