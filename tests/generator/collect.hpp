// A pipeline sink that keeps what it gets, for the generator's tests.
#pragma once

#include <vector>

#include "sudokit/generator/pipeline.hpp"

namespace sudokit::test {

class Collect final : public PuzzleSink {
 public:
  void write(const GeneratedPuzzle& p) override { puzzles.push_back(p); }
  std::vector<GeneratedPuzzle> puzzles;
};

}  // namespace sudokit::test
