// Local search around a puzzle, the way the puzzle community finds its
// hardest puzzles: hard puzzles come in clusters, so the neighbours of one
// that met (or nearly met) a target often meet it too.
//
// A move keeps the solution grid: one clue orbit goes, two empty orbits come
// in with the solution's digits, and if that is unique it is dug minimal
// again (in a random order, keeping the symmetry). Each neighbour is judged
// by the pipeline's filter (the full grader, from produce); the search walks
// to a neighbour that comes at least as close to the target as where it
// stands, and returns the neighbours the filter accepted. Deterministic for
// a given engine state.
#pragma once

#include <atomic>
#include <vector>

#include "sudokit/generator/pipeline.hpp"

namespace sudokit {

struct VicinityOptions {
  int evaluations = 32;  // neighbours judged by the filter, at most
  int keep = 4;          // accepted neighbours returned, at most
  Symmetry symmetry = Symmetry::None;  // the start's clue symmetry (moves keep it)
  bool verify_minimal = false;         // re-check each dug neighbour clue by clue (DigOptions::verify)
};

struct VicinityResult {
  std::vector<GeneratedPuzzle> accepted;  // in the order found, none equal to the start
  int evaluated = 0;                      // neighbours judged by the filter
};

/// Searches around `start` (unique, minimal, with its solution), which the
/// filter last judged at `closeness`. Stops early when `quit` is set.
VicinityResult search_vicinity(const GeneratedPuzzle& start, double closeness, PuzzleFilter& filter,
                               const VicinityOptions& options, Engine& engine,
                               const std::atomic<bool>* quit = nullptr);

}  // namespace sudokit
