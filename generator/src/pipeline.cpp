// The generation pipeline. See pipeline.hpp.
#include "sudokit/generator/pipeline.hpp"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "sudokit/generator/vicinity.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit {

bool make_candidate(const PipelineOptions& options, std::uint64_t index, GeneratedPuzzle& out, std::string& failure) {
  out = GeneratedPuzzle{};
  out.index = index;
  out.seed = options.seed;
  out.method = options.grid.method;
  for (std::uint32_t attempt = 0; attempt < options.max_attempts; ++attempt) {
    // Attempt a of index i uses its own stream: (seed, i) for a = 0, then a
    // stream keyed by the attempt too, so retries never disturb other indices.
    std::uint64_t attempt_seed = options.seed;
    if (attempt > 0) {
      std::uint64_t st = options.seed ^ (0xA5A5A5A5A5A5A5A5ull * attempt);
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

// WebAssembly built without threads (the npm package) cannot start a
// std::thread: there the pipeline always works on the calling thread.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
constexpr bool kPipelineHasThreads = false;
#else
constexpr bool kPipelineHasThreads = true;
#endif

struct Finished {
  bool made = false;
  bool accepted = false;
  GeneratedPuzzle puzzle;
  std::vector<GeneratedPuzzle> found;  // accepted by the local search around it
  int searched = 0;                    // neighbours the search judged
  std::string failure;
  std::exception_ptr error;            // what making or judging this index threw
};

// The local search's own stream for an index: independent of the dig's.
Engine search_engine(std::uint64_t seed, std::uint64_t index) {
  std::uint64_t st = seed ^ 0x5EA5C4A11EDull;
  return stream_engine(splitmix64(st), index);
}

// The worker threads of one run. Every way out of run_pipeline goes through
// the destructor, which stops and joins them: the normal end, a sink or a
// progress callback that throws (a store on a full disk), a worker's error
// passed on, a thread that fails to start. (Leaving a scope with a joinable
// std::thread calls std::terminate.) `quit` is set under the mutex the
// workers wait with, so none can miss it between its check and its wait.
class WorkerPool {
 public:
  WorkerPool(std::mutex& mu, std::condition_variable& cv, std::atomic<bool>& quit) : mu_(mu), cv_(cv), quit_(quit) {}
  ~WorkerPool() { stop(); }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  /// Starts `count` threads running `work`. What escapes `work` stops the
  /// run and is rethrown by check() on the consumer's thread.
  template <class Work>
  void start(unsigned count, const Work& work) {
    for (unsigned t = 0; t < count; ++t)
      threads_.emplace_back([this, work] {
        try {
          work();
        } catch (...) {
          std::lock_guard<std::mutex> lock(mu_);
          if (!error_) error_ = std::current_exception();
          quit_.store(true);
          cv_.notify_all();
        }
      });
  }
  /// With the mutex held: rethrows what escaped a worker, if anything did.
  void check() const {
    if (error_) std::rethrow_exception(error_);
  }
  bool failed() const { return error_ != nullptr; }  // with the mutex held

  void stop() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      quit_.store(true);
    }
    cv_.notify_all();
    for (auto& t : threads_) t.join();
    threads_.clear();
  }

 private:
  std::mutex& mu_;
  std::condition_variable& cv_;
  std::atomic<bool>& quit_;
  std::vector<std::thread> threads_;
  std::exception_ptr error_;  // guarded by mu_
};

}  // namespace

PipelineReport run_pipeline(const PipelineOptions& options, PuzzleSink& sink) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  PipelineReport report;
  const std::uint64_t max_candidates = options.max_candidates ? options.max_candidates : options.count * 1000000ull;
  const bool on_calling_thread = options.threads == 0 || !kPipelineHasThreads;
  const unsigned threads = options.threads == 0 ? 1 : options.threads;

  std::mutex mu;
  std::condition_variable cv;
  std::map<std::uint64_t, Finished> done;  // finished indices not yet consumed, by index
  std::atomic<std::uint64_t> next{0};
  std::atomic<bool> quit{false};
  // Workers may run ahead of the consumer by at most this many indices.
  const std::uint64_t window = 256ull * threads;
  std::uint64_t consumed = 0;  // indices consumed by the main thread (guarded by mu)

  // Workers claim blocks of consecutive indices, so threads meet rarely. An
  // index whose making or judging throws is handed on with its error, and
  // its worker stops: the consumer writes every index before it, then
  // passes the error on (the same output for any thread count).
  constexpr std::uint64_t kBlock = 16;
  struct Worker {
    std::unique_ptr<PuzzleFilter> filter;  // one per worker, made on its first index
    bool filter_made = false;
    bool failed = false;                   // an index threw: this worker stops
    std::vector<std::pair<std::uint64_t, Finished>> local;
  };
  // Makes and judges the indices [first, first + size) into w.local.
  auto make_block = [&](Worker& w, std::uint64_t first, std::uint64_t size) {
    w.local.clear();
    const std::uint64_t last = std::min(first + size, max_candidates);
    for (std::uint64_t i = first; i < last && !w.failed && !quit.load(); ++i) {
      Finished f;
      try {
        if (!w.filter_made) {
          w.filter_made = true;
          if (options.make_filter) w.filter = options.make_filter();
        }
        PuzzleFilter* filter = w.filter.get();
        f.made = make_candidate(options, i, f.puzzle, f.failure);
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
          Engine engine = search_engine(options.seed, i);
          VicinityResult r = search_vicinity(f.puzzle, closeness, *filter, v, engine, &quit);
          f.found = std::move(r.accepted);
          f.searched = r.evaluated;
        }
      } catch (...) {
        f = Finished{};
        f.error = std::current_exception();
        w.failed = true;
      }
      w.local.emplace_back(i, std::move(f));
    }
  };
  auto worker = [&]() {
    Worker w;
    while (!w.failed) {
      if (quit.load()) return;
      const std::uint64_t first = next.fetch_add(kBlock);
      if (first >= max_candidates) return;
      {
        std::unique_lock<std::mutex> lock(mu);
        cv.wait(lock, [&] { return quit.load() || first < consumed + window; });
        if (quit.load()) return;
      }
      make_block(w, first, kBlock);
      {
        std::lock_guard<std::mutex> lock(mu);
        for (auto& [i, f] : w.local) done.emplace(i, std::move(f));
      }
      cv.notify_all();
    }
  };
  WorkerPool pool(mu, cv, quit);
  // On the calling thread: the consumer makes the index it waits for itself,
  // one at a time (nothing made beyond the count asked for).
  Worker caller;
  if (!on_calling_thread) pool.start(threads, worker);

  std::uint64_t expect = 0;
  std::uint64_t consecutive_failures = 0;
  for (;;) {
    Finished f;
    if (on_calling_thread && !caller.failed && expect < max_candidates && done.count(expect) == 0) {
      make_block(caller, expect, 1);
      for (auto& [i, made] : caller.local) done.emplace(i, std::move(made));
    }
    {
      std::unique_lock<std::mutex> lock(mu);
      if (!on_calling_thread)
        cv.wait_for(lock, std::chrono::milliseconds(200), [&] { return done.count(expect) > 0 || pool.failed(); });
      pool.check();
      auto it = done.find(expect);
      if (it == done.end()) {
        const bool timed_out = options.time_limit > 0 &&
                               std::chrono::duration<double>(Clock::now() - t0).count() >= options.time_limit;
        if ((options.stop && options.stop->load()) || timed_out) {
          report.stopped = true;
          break;
        }
        if (expect >= max_candidates) break;
        continue;
      }
      f = std::move(it->second);
      done.erase(it);
      consumed = ++expect;
    }
    if (f.error) std::rethrow_exception(f.error);
    if (expect % 16 == 0) cv.notify_all();
    ++report.tried;
    report.searched += static_cast<std::uint64_t>(f.searched);
    if (!f.made) {
      ++report.failed;
      if (++consecutive_failures >= options.max_failures) {
        report.failure = f.failure;
        break;
      }
    } else {
      consecutive_failures = 0;
      // The sink may throw (a store on a full disk): the pool joins the
      // workers on the way out.
      if (f.accepted) {
        sink.write(f.puzzle);
        ++report.accepted;
      } else {
        ++report.rejected;
      }
      for (const GeneratedPuzzle& p : f.found) {
        if (report.accepted >= options.count) break;
        sink.write(p);
        ++report.accepted;
        ++report.from_search;
      }
    }
    if (options.progress) options.progress(report.accepted, report.tried + report.searched);
    if (report.accepted >= options.count) break;
    if ((options.stop && options.stop->load()) ||
        (options.time_limit > 0 && std::chrono::duration<double>(Clock::now() - t0).count() >= options.time_limit)) {
      report.stopped = true;
      break;
    }
  }
  pool.stop();
  report.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  return report;
}

}  // namespace sudokit
