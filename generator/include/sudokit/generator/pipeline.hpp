// The generation pipeline: grid -> dig -> [grade and filter] -> sink.
// Puzzle `index` is made from its own random stream (seed, index), so the
// output is the same for a given seed and count whatever the thread count:
// workers take indices from a shared counter and the results are handed to
// the sink strictly in index order. The grading/filter stage and the sink are
// interfaces; `produce` plugs in the grader and the SQLite store, so this
// module depends on neither.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "sudokit/generator/digger.hpp"
#include "sudokit/generator/grids.hpp"

namespace sudokit {

/// Whatever a filter stage wants to attach to a puzzle (e.g. its grade).
struct Annotation {
  virtual ~Annotation() = default;
};

struct GeneratedPuzzle {
  std::uint64_t index = 0;  // position in the stream of accepted candidates' indices
  std::uint64_t seed = 0;
  std::uint32_t attempt = 0;  // grids tried for this index before success (0 = first)
  GridMethod method = GridMethod::Backtrack;
  Symmetry symmetry = Symmetry::None;
  std::optional<DigOrder> dig_order;  // empty for pattern puzzles (nothing is dug)
  Grid solution{};
  Grid puzzle{};
  int clues = 0;
  bool minimal = false;            // strictly: no single clue can be removed
  bool symmetric_minimal = false;  // no orbit of clues under `symmetry` can be removed
  int search_moves = 0;  // local-search moves from the dug puzzle (0 = as dug)
  std::shared_ptr<const Annotation> annotation;
};

/// Grades and filters candidates. One instance per worker thread.
class PuzzleFilter {
 public:
  virtual ~PuzzleFilter() = default;
  /// Returns false to reject the candidate; may attach an annotation.
  virtual bool accept(GeneratedPuzzle& candidate) = 0;
  /// How close the candidate last given to accept() came to the filter's
  /// target: 0 = not worth a local search around it; higher = closer, and
  /// accepted candidates score at least as high as rejected ones.
  virtual double closeness() const { return 0; }
};

/// Receives accepted puzzles in index order, on the calling thread. write()
/// may throw (a store that cannot commit): run_pipeline stops and joins its
/// workers and passes the exception on; so it does for the progress
/// callback, and for a filter or candidate that throws on a worker (after
/// writing every index before that one).
class PuzzleSink {
 public:
  virtual ~PuzzleSink() = default;
  virtual void write(const GeneratedPuzzle& puzzle) = 0;
};

struct PipelineOptions {
  std::uint64_t count = 1;  // accepted puzzles wanted
  std::uint64_t seed = 0;
  // Worker threads; 0 = none: the calling thread makes the puzzles itself
  // (the same output; what a build without threads, WebAssembly, always does).
  unsigned threads = 1;
  GridOptions grid;
  Symmetry symmetry = Symmetry::None;  // Random: one per puzzle, drawn from its stream
  DigOrder dig_order = DigOrder::Random;  // the local search digs its neighbours in it too
  int target_clues = 0;                // 0 = minimal
  bool verify_minimal = false;         // re-check each minimal puzzle clue by clue
  std::optional<CellSet> pattern;      // fixed clue positions
  std::uint32_t max_attempts = 64;     // grids per index before the index counts as failed
  std::uint32_t max_failures = 100;    // give up after this many failed indices in a row
  std::uint64_t max_candidates = 0;    // stop after this many indices (0 = count * 1,000,000)
  double time_limit = 0;               // seconds; 0 = none
  std::function<std::unique_ptr<PuzzleFilter>()> make_filter;  // optional
  // Local search (vicinity.hpp) around each candidate the filter rejects but
  // finds close: up to `search_evaluations` neighbours judged, the first one
  // accepted written in the candidate's place. With search_keep > 1, accepted
  // candidates are searched too and up to that many accepted neighbours are
  // written after each (close relatives: they share most clues).
  // 0 evaluations = no search. Never with a pattern or a clue target (the
  // moves change the clues' places and count).
  int search_evaluations = 0;
  int search_keep = 1;
  // optional, main thread: accepted puzzles and candidates judged so far
  // (indices finished plus neighbours judged by the local search)
  std::function<void(std::uint64_t accepted, std::uint64_t tried)> progress;
  const std::atomic<bool>* stop = nullptr;  // set (e.g. by a signal) to stop cleanly
};

struct PipelineReport {
  std::uint64_t accepted = 0;  // written to the sink
  std::uint64_t tried = 0;     // candidate indices finished
  std::uint64_t rejected = 0;  // by the filter
  std::uint64_t failed = 0;    // indices where digging failed every attempt
  std::uint64_t searched = 0;  // neighbours judged by the local search
  std::uint64_t from_search = 0;  // accepted puzzles the local search found
  double seconds = 0;
  bool stopped = false;        // by the stop flag or the time limit
  std::string failure;         // why generation gave up early, if it did
};

/// Makes one candidate for `index` (no filtering). False when every attempt failed.
bool make_candidate(const PipelineOptions& options, std::uint64_t index, GeneratedPuzzle& out, std::string& failure);

/// Runs the pipeline until `count` puzzles were accepted (or a stop condition).
PipelineReport run_pipeline(const PipelineOptions& options, PuzzleSink& sink);

}  // namespace sudokit
