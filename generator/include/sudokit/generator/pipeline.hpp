// The generation pipeline: grid -> dig -> [grade and filter] -> sink.
// Puzzle `index` i of a run (i = 0 .. count-1) is a function of the options,
// the seed and i alone: its candidates are drawn from their own random
// streams (seed, i, draw) for draw = 0, 1, 2, ... and the first one the
// filter accepts (or the local search turns into a hit) is puzzle i. So the
// output is the same for a given seed and count whatever the thread count,
// and any subset of the indices (a shard: i % N == K; a resumed run: the
// indices not stored yet) can be made on its own and gives exactly those
// puzzles of the whole run. Workers take candidates (index, draw), the
// lowest unfinished index first, and the sink gets the puzzles strictly in
// index order. The grading/filter stage and the sink are interfaces;
// `produce` plugs in the grader and the SQLite store, so this module depends
// on neither.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "sudokit/generator/digger.hpp"
#include "sudokit/generator/grids.hpp"
#include "sudokit/solver/geometry.hpp"

namespace sudokit {

/// Whatever a filter stage wants to attach to a puzzle (e.g. its grade).
struct Annotation {
  virtual ~Annotation() = default;
};

struct GeneratedPuzzle {
  std::uint64_t index = 0;  // the puzzle's place in its run: 0 .. count-1
  std::uint64_t seed = 0;   // the run's seed
  std::uint64_t draw = 0;   // candidates the filter turned down for this index before it (0 = the first)
  std::uint32_t attempt = 0;  // grids tried for this candidate before one could be dug (0 = first)
  GridMethod method = GridMethod::Backtrack;
  Symmetry symmetry = Symmetry::None;
  std::optional<DigOrder> dig_order;  // empty for pattern puzzles (nothing is dug)
  Grid solution{};
  Grid puzzle{};
  int clues = 0;
  bool minimal = false;            // strictly: no single clue can be removed
  bool symmetric_minimal = false;  // no orbit of clues under `symmetry` can be removed
  int search_moves = 0;  // local-search moves from the dug puzzle (0 = as dug), or from the seed (origin)
  std::string origin;    // a seeded search (generate --from): the global id of the seed it started from
  std::shared_ptr<const Annotation> annotation;
  // A puzzle of another geometry than the classic (produce's variant run,
  // variant_digger.hpp): its geometry and cells; `puzzle` and `solution`
  // above are then unused (all zero). Null/empty for classic puzzles.
  GeometryPtr geometry;
  std::vector<std::uint8_t> variant_puzzle, variant_solution;
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
  /// The rating of the candidate last given to accept(), when the filter
  /// rated it (a seeded walk climbs it: vicinity.hpp); 0 otherwise.
  virtual double rating() const { return 0; }
  /// Candidates given to accept() so far whose judging ran out of time
  /// (a grading time limit): never accepted, counted in the report.
  virtual std::uint64_t timed_out() const { return 0; }
  /// The run started at `start` and ends `seconds` later (its time limit,
  /// > 0): judging that would go past the end may stop there, and the
  /// candidate is rejected without counting in timed_out() (the run is
  /// over; the puzzle was not too slow to judge).
  virtual void set_run_limit(std::chrono::steady_clock::time_point start, double seconds) {
    (void)start;
    (void)seconds;
  }
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
  std::uint64_t count = 1;  // puzzles wanted: indices 0 .. count-1
  std::uint64_t seed = 0;
  // The indices this run makes: those with index % shard_count == shard_index
  // (a shard of the run; 0 of 1 = all), except the ones in `skip` (sorted:
  // the indices a resumed run made already). Neither with search_keep > 1:
  // the run then counts puzzles, and an index gives a variable number.
  std::uint64_t shard_index = 0, shard_count = 1;
  std::vector<std::uint64_t> skip;
  // Worker threads; 0 = none: the calling thread makes the puzzles itself
  // (the same output; what a build without threads, WebAssembly, always does).
  unsigned threads = 1;
  GridOptions grid;
  Symmetry symmetry = Symmetry::None;  // Random: one per puzzle, drawn from its stream
  DigOrder dig_order = DigOrder::Random;  // the local search digs its neighbours in it too
  int target_clues = 0;                // 0 = minimal
  bool verify_minimal = false;         // re-check each minimal puzzle clue by clue
  std::optional<CellSet> pattern;      // fixed clue positions
  std::uint32_t max_attempts = 64;     // grids per candidate before the candidate counts as failed
  std::uint32_t max_failures = 100;    // give up when this many candidates of one index fail in a row
  std::uint64_t max_candidates = 0;    // give up when one index has drawn this many (0 = 1,000,000)
  double time_limit = 0;               // seconds; 0 = none
  std::function<std::unique_ptr<PuzzleFilter>()> make_filter;  // optional
  // Local search (vicinity.hpp) around each candidate the filter rejects but
  // finds close: up to `search_evaluations` neighbours judged, the first one
  // accepted is the index's puzzle. With search_keep > 1, accepted
  // candidates are searched too and up to that many accepted neighbours are
  // written after each (close relatives: they share most clues; they carry
  // the index of the candidate), and `count` counts puzzles, not indices.
  // 0 evaluations = no search. Never with a pattern or a clue target (the
  // moves change the clues' places and count).
  int search_evaluations = 0;
  int search_keep = 1;
  // optional, main thread: accepted puzzles and candidates judged so far
  // (neighbours judged by the local search included); called after each
  // puzzle, and every 200 ms or so while the next one is being looked for
  std::function<void(std::uint64_t accepted, std::uint64_t tried)> progress;
  const std::atomic<bool>* stop = nullptr;  // set (e.g. by a signal) to stop cleanly
};

struct PipelineReport {
  std::uint64_t wanted = 0;    // puzzles this run was to write (its share of the count, less the indices skipped)
  std::uint64_t accepted = 0;  // written to the sink
  std::uint64_t skipped = 0;   // indices of the run's share `skip` left out
  std::uint64_t tried = 0;     // candidates judged for the indices finished (up to each one's puzzle)
  std::uint64_t rejected = 0;  // by the filter
  std::uint64_t failed = 0;    // candidates where digging failed every attempt
  std::uint64_t searched = 0;  // neighbours judged by the local search
  std::uint64_t from_search = 0;  // accepted puzzles the local search found
  std::uint64_t timed_out = 0;    // candidates and neighbours whose judging ran out of time (PuzzleFilter::timed_out)
  double seconds = 0;
  bool stopped = false;        // by the stop flag or the time limit
  std::string failure;         // why generation gave up early, if it did
};

/// Makes candidate `draw` of `index` (no filtering). False when every attempt failed.
bool make_candidate(const PipelineOptions& options, std::uint64_t index, std::uint64_t draw, GeneratedPuzzle& out,
                    std::string& failure);

/// Runs the pipeline until the run's share of the indices is made (or a
/// stop condition); with search_keep > 1, until `count` puzzles are written.
PipelineReport run_pipeline(const PipelineOptions& options, PuzzleSink& sink);

}  // namespace sudokit
