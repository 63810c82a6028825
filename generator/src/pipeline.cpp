// The generation pipeline. See pipeline.hpp.
#include "sudokit/generator/pipeline.hpp"

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "sudokit/generator/vicinity.hpp"
#include "sudokit/pool/ordered_pool.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit {

namespace {

// The base seed of candidate `draw` of an index: the run's seed for the
// first one (so a run whose first candidates all pass makes what it made
// before indices drew several), a stream keyed by the draw after it.
std::uint64_t draw_seed(std::uint64_t seed, std::uint64_t draw) {
  if (draw == 0) return seed;
  std::uint64_t st = seed ^ (0x6A09E667F3BCC909ull * draw);
  return splitmix64(st);
}

}  // namespace

bool make_candidate(const PipelineOptions& options, std::uint64_t index, std::uint64_t draw, GeneratedPuzzle& out,
                    std::string& failure) {
  out = GeneratedPuzzle{};
  out.index = index;
  out.seed = options.seed;
  out.draw = draw;
  out.method = options.grid.method;
  const std::uint64_t seed = draw_seed(options.seed, draw);
  for (std::uint32_t attempt = 0; attempt < options.max_attempts; ++attempt) {
    // Attempt a of a candidate uses its own stream: (seed, i) for a = 0,
    // then a stream keyed by the attempt too, so retries never disturb
    // other indices.
    std::uint64_t attempt_seed = seed;
    if (attempt > 0) {
      std::uint64_t st = seed ^ (0xA5A5A5A5A5A5A5A5ull * attempt);
      attempt_seed = splitmix64(st);
    }
    Engine engine = stream_engine(attempt_seed, index);
    const Grid solution = make_grid(options.grid, attempt_seed, index);
    DigResult dug;
    Symmetry symmetry = options.symmetry;
    if (symmetry == Symmetry::Random) symmetry = static_cast<Symmetry>(draw_below(engine, 7));
    if (options.pattern) {
      dug = dig_pattern(solution, *options.pattern, engine);
      symmetry = Symmetry::None;
    } else {
      DigOptions d;
      d.symmetry = symmetry;
      d.order = options.dig_order;
      d.target_clues = options.target_clues;
      d.verify = options.verify_minimal;
      dug = dig(solution, d, engine);
    }
    if (!dug.ok) {
      failure = dug.failure;
      continue;
    }
    // Never hand out a puzzle that fails a final uniqueness check.
    const SolveResult check = solve(dug.puzzle, 2);
    if (check.count != 1 || (!options.pattern && check.solution != solution)) {
      failure = "final uniqueness check failed";
      continue;
    }
    out.attempt = attempt;
    out.symmetry = symmetry;
    out.dig_order = options.pattern ? std::nullopt : std::optional<DigOrder>(options.dig_order);
    out.solution = check.solution;
    out.puzzle = dug.puzzle;
    out.clues = dug.puzzle.clue_count();
    out.minimal = dug.minimal;
    out.symmetric_minimal = dug.symmetric_minimal;
    return true;
  }
  return false;
}

namespace {

// What judging one candidate (index, draw) gave.
struct Outcome {
  bool made = false;
  bool accepted = false;
  GeneratedPuzzle puzzle;
  std::vector<GeneratedPuzzle> found;  // accepted by the local search around it
  int searched = 0;                    // neighbours the search judged
  std::string failure;
  bool hit() const { return made && (accepted || !found.empty()); }
};

// An index being made: its candidates (the pool's draws) come back in any
// order and are folded in draw order until the first hit.
struct Slot {
  std::uint64_t misses = 0;      // back and not a hit (in any order): how many may run at once
  std::uint64_t settled = 0;     // draws 0 .. settled-1 are misses
  std::uint64_t streak = 0;      // of those, failed ones in a row at the end
  std::uint64_t rejected = 0, failed = 0, searched = 0;  // tallies of the settled draws and the hit
  Outcome result;                // the hit
  std::string give_up;           // not empty: the index gave up, and why
};

// The local search's own stream for an index: independent of the dig's.
Engine search_engine(std::uint64_t seed, std::uint64_t index, std::uint64_t draw) {
  std::uint64_t st = draw_seed(seed, draw) ^ 0x5EA5C4A11EDull;
  return stream_engine(splitmix64(st), index);
}

}  // namespace

PipelineReport run_pipeline(const PipelineOptions& options, PuzzleSink& sink) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  PipelineReport report;
  assert(options.shard_count >= 1 && options.shard_index < options.shard_count);
  assert(std::is_sorted(options.skip.begin(), options.skip.end()));
  assert(options.search_keep <= 1 || (options.shard_count == 1 && options.skip.empty()));
  const std::uint64_t max_draws = options.max_candidates ? options.max_candidates : 1000000ull;
  const bool on_calling_thread = options.threads == 0 || !pool::kHasThreads;
  const unsigned threads = options.threads == 0 ? 1 : options.threads;
  const bool counts_puzzles = options.search_keep > 1;

  // The run's indices: its share of 0 .. count-1, less the ones to skip.
  const std::uint64_t share =
      options.count > options.shard_index
          ? (options.count - options.shard_index + options.shard_count - 1) / options.shard_count
          : 0;
  for (std::uint64_t i : options.skip)
    report.skipped += i < options.count && i % options.shard_count == options.shard_index;
  report.wanted = counts_puzzles ? options.count : share - report.skipped;

  struct Worker {
    std::unique_ptr<PuzzleFilter> filter;  // one per worker, made on its first candidate
    bool filter_made = false;
  };
  std::atomic<std::uint64_t> timed_out{0};  // of the filters dropped or done with
  auto retire = [&](Worker& w) {
    if (w.filter) timed_out += w.filter->timed_out();
    w.filter.reset();
  };
  // Candidates and neighbours judged, for progress.
  std::atomic<std::uint64_t> judged{0};
  // Makes and judges candidate `draw` of `index`. What it throws is passed
  // on by the pool once the sink has every index before it; the worker
  // drops its filter, which may be left broken.
  auto judge = [&](Worker& w, std::uint64_t index, std::uint64_t draw, const std::atomic<bool>& quit) {
    Outcome f;
    try {
      if (!w.filter_made) {
        w.filter_made = true;
        if (options.make_filter) w.filter = options.make_filter();
        if (w.filter && options.time_limit > 0) w.filter->set_run_limit(t0, options.time_limit);
      }
      PuzzleFilter* filter = w.filter.get();
      f.made = make_candidate(options, index, draw, f.puzzle, f.failure);
      f.accepted = f.made && (!filter || filter->accept(f.puzzle));
      const double closeness = filter && f.made ? filter->closeness() : 0;
      // A near miss is searched for one hit; with search_keep > 1, a hit too,
      // for up to that many neighbours (close relatives of it).
      // (Not with a pattern or a clue count: the moves change both.)
      const bool searchable = !options.pattern && options.target_clues == 0;
      if (searchable && options.search_evaluations > 0 && closeness > 0 && (!f.accepted || options.search_keep > 1)) {
        VicinityOptions v;
        v.evaluations = options.search_evaluations;
        v.keep = options.search_keep;
        v.symmetry = f.puzzle.symmetry;
        v.verify_minimal = options.verify_minimal;
        Engine engine = search_engine(options.seed, index, draw);
        VicinityResult r = search_vicinity(f.puzzle, closeness, *filter, v, engine, &quit);
        f.found = std::move(r.accepted);
        f.searched = r.evaluated;
      }
    } catch (...) {
      judged += 1;
      retire(w);
      w.filter_made = false;
      throw;
    }
    judged += 1 + static_cast<std::uint64_t>(f.searched);
    return f;
  };

  // The pool draws the candidates of the indices, in order (the rules below
  // run under its lock): the lowest index first, one candidate of an index
  // at a time (a draw after its hit is work lost) until it has missed 4 per
  // thread; then all the threads may work on it (a rare target: the lowest
  // index is found as fast as the machine can, and little is lost when the
  // time limit ends the run). At most 256 indices per thread are open: how
  // far the workers may run ahead of the sink. On the calling thread the
  // consumer makes the candidates of the index it waits for itself, one at
  // a time. The workers' states outlive the pool (declared before it).
  std::uint64_t cursor = options.shard_index;  // the next index to open
  const std::uint64_t deep_after = 4ull * threads;
  std::vector<Worker> workers(threads);
  pool::FoldPool<std::uint64_t, Outcome, Slot>::Rules rules;
  rules.next_key = [&]() -> std::optional<std::uint64_t> {
    while (cursor < options.count && std::binary_search(options.skip.begin(), options.skip.end(), cursor))
      cursor += options.shard_count;
    if (cursor >= options.count) return std::nullopt;
    return cursor;
  };
  rules.pop_key = [&] { cursor += options.shard_count; };
  rules.width = [&](const Slot& s) { return s.misses >= deep_after ? threads : 1u; };
  rules.arrived = [](Slot& s, const Outcome& o) { s.misses += !o.hit(); };
  rules.fold = [&](Slot& s, std::uint64_t, Outcome&& next) {
    s.searched += static_cast<std::uint64_t>(next.searched);
    if (next.made && !next.accepted) ++s.rejected;
    if (next.hit()) {
      s.result = std::move(next);
      return true;
    }
    ++s.settled;
    if (!next.made) {
      ++s.failed;
      if (++s.streak >= options.max_failures) {
        s.give_up = next.failure;
        return true;
      }
    } else {
      s.streak = 0;
    }
    if (s.settled >= max_draws) {
      s.give_up = "no candidate met the target in " + std::to_string(max_draws) + " draws";
      return true;
    }
    return false;
  };
  rules.run = [&](unsigned w, const std::uint64_t& index, std::uint64_t draw, const std::atomic<bool>& quit) {
    return judge(workers[w], index, draw, quit);
  };
  rules.max_draws = max_draws;
  pool::FoldPool<std::uint64_t, Outcome, Slot> pool(on_calling_thread ? 0 : threads, 256u * threads,
                                                     std::move(rules));

  auto out_of_time = [&] {
    return (options.stop && options.stop->load()) ||
           (options.time_limit > 0 && std::chrono::duration<double>(Clock::now() - t0).count() >= options.time_limit);
  };
  // Progress: the puzzles written and the candidates judged so far (the
  // callback may throw).
  auto show_progress = [&] {
    if (options.progress) options.progress(report.accepted, judged.load());
  };
  for (;;) {
    // What a candidate threw is rethrown here, after every index before it
    // is written; the sink may throw too (a store on a full disk): the
    // pool joins the workers on the way out.
    auto taken = pool.take(std::chrono::milliseconds(200));
    if (!taken) {
      if (pool.finished()) break;  // every index of the run is written
      if (out_of_time()) {
        report.stopped = true;
        break;
      }
      // An index that takes long (a rare target) still shows the work.
      show_progress();
      continue;
    }
    Slot& s = taken->state;
    report.tried += s.settled + (s.give_up.empty() ? 1 : 0);
    report.rejected += s.rejected;
    report.failed += s.failed;
    report.searched += s.searched;
    if (!s.give_up.empty()) {
      report.failure = s.give_up;
      break;
    }
    assert(s.result.puzzle.index == taken->key);
    if (s.result.accepted) {
      sink.write(s.result.puzzle);
      ++report.accepted;
    }
    bool written = s.result.accepted;
    for (const GeneratedPuzzle& p : s.result.found) {
      // One puzzle per index; with search_keep > 1, the neighbours kept too.
      if (counts_puzzles ? report.accepted >= options.count : written) break;
      written = true;
      sink.write(p);
      ++report.accepted;
      ++report.from_search;
    }
    show_progress();
    if (counts_puzzles && report.accepted >= options.count) break;
    if (out_of_time()) {
      report.stopped = true;
      break;
    }
  }
  pool.stop();
  for (Worker& w : workers) retire(w);
  report.timed_out = timed_out.load();
  report.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return report;
}

}  // namespace sudokit
