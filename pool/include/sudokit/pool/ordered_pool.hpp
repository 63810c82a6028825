// The worker threads of a run and the ordered pool on them: what the
// generation pipeline, the seeded search, the grade batch (produce) and db
// import run their work on.
//
// Workers: threads that claim a job under one lock, run it without the
// lock and file its outcome under the lock again. Every way out goes
// through the destructor, which stops and joins them (leaving a scope with
// a joinable std::thread calls std::terminate): the normal end, a consumer
// that throws (a store on a full disk), a thread that fails to start. The
// stop flag is set under the lock the workers wait with, so none can miss
// it between its check and its wait. A schedule of its own (the pipeline:
// several candidates of one index at once, the lowest index first) plugs
// in its claim and file; the rest use OrderedPool.
//
// OrderedPool<Job, Result>: the calling thread submits jobs; `workers`
// threads run them in any order; take() hands the results back in
// submission order. At most `window` jobs are submitted and not taken: the
// producer waits (takes the oldest) before it submits more, so memory
// stays bounded on any input. With no workers (0, or a build without
// threads) a job runs on the calling thread inside submit(). What a job
// throws is kept with it and rethrown by the take() that reaches it: the
// results before it are handed back first, the first one in order is
// passed on, and the caller's unwinding joins the workers (the destructor)
// and drops the rest. stop() (and the destructor) sets the stop flag the
// jobs are given, joins the workers and drops the jobs not run yet; the
// results back by then can still be taken, in order.
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

namespace sudokit::pool {

// WebAssembly built without threads (the npm package) cannot start a
// std::thread: there every job runs on the calling thread.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kHasThreads = false;
#else
inline constexpr bool kHasThreads = true;
#endif

class Workers {
 public:
  Workers() = default;
  ~Workers() { stop(); }
  Workers(const Workers&) = delete;
  Workers& operator=(const Workers&) = delete;

  /// The lock the workers claim and file under, and the condition they and
  /// the consumer wait on (notified after every filing and by stop()).
  std::mutex& mutex() { return mu_; }
  std::condition_variable& cv() { return cv_; }
  /// Set by stop() or a worker's escape; a long job may look at it.
  const std::atomic<bool>& stopping() const { return quit_; }

  /// Starts `count` threads; thread w runs loop(w). What escapes `loop`
  /// stops the run and is rethrown by check().
  template <class Loop>
  void start(unsigned count, const Loop& loop) {
    try {
      for (unsigned w = 0; w < count; ++w)
        threads_.emplace_back([this, loop, w] {
          try {
            loop(w);
          } catch (...) {
            std::lock_guard<std::mutex> lock(mu_);
            if (!error_) error_ = std::current_exception();
            quit_.store(true);
            cv_.notify_all();
          }
        });
    } catch (...) {  // a thread that fails to start
      stop();
      throw;
    }
  }
  /// Starts `count` threads that each, until the stop: wait for
  /// claim(job) to give a job (called with the lock held), run(w, job)
  /// without the lock, then file(job) with the lock held and notify.
  template <class Job, class Claim, class Run, class File>
  void serve(unsigned count, const Claim& claim, const Run& run, const File& file) {
    start(count, [this, claim, run, file](unsigned w) {
      for (;;) {
        Job job{};
        {
          std::unique_lock<std::mutex> lock(mu_);
          cv_.wait(lock, [&] { return quit_.load() || claim(job); });
          if (quit_.load()) return;
        }
        run(w, job);
        {
          std::lock_guard<std::mutex> lock(mu_);
          file(job);
        }
        cv_.notify_all();
      }
    });
  }
  /// With the lock held: rethrows what escaped a worker's loop, if anything did.
  void check() const {
    if (error_) std::rethrow_exception(error_);
  }
  bool failed() const { return error_ != nullptr; }  // with the lock held

  /// Sets the stop flag and joins the threads.
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
  std::mutex mu_;
  std::condition_variable cv_;
  std::atomic<bool> quit_{false};
  std::exception_ptr error_;  // guarded by mu_
  std::vector<std::thread> threads_;
};

template <class Job, class Result>
class OrderedPool {
 public:
  /// Runs one job: on worker `worker` (0 .. workers-1; 0 on the calling
  /// thread), with the pool's stop flag (a long job may end early on it).
  using Run = std::function<Result(unsigned worker, Job& job, const std::atomic<bool>& stop)>;

  /// `workers` threads (0: every job runs on the calling thread, in
  /// submit()); at most `window` (>= 1) jobs submitted and not taken.
  OrderedPool(unsigned workers, std::size_t window, Run run)
      : workers_(kHasThreads ? workers : 0), window_(std::max<std::size_t>(1, window)), run_(std::move(run)) {
    if (workers_ == 0) return;
    threads_.serve<Entry*>(
        workers_,
        [this](Entry*& e) {
          if (queue_.empty()) return false;
          e = queue_.front();
          queue_.pop_front();
          return true;
        },
        [this](unsigned w, Entry*& e) { execute(w, *e); }, [](Entry*& e) { e->done = true; });
  }
  ~OrderedPool() { stop(); }
  OrderedPool(const OrderedPool&) = delete;
  OrderedPool& operator=(const OrderedPool&) = delete;

  unsigned workers() const { return workers_; }
  std::size_t window() const { return window_; }
  /// Jobs (and results) submitted and not taken yet.
  std::size_t size() const { return pending_.size(); }
  bool empty() const { return pending_.empty(); }
  /// The window is full: take() before the next submit().
  bool full() const { return pending_.size() >= window_; }
  const std::atomic<bool>& stopping() const { return threads_.stopping(); }

  /// Queues `job` (with no workers: runs it here). Not when full().
  void submit(Job job) {
    assert(!full());
    auto e = std::make_unique<Entry>(std::move(job));
    Entry* raw = e.get();
    if (workers_ == 0) {
      execute(0, *raw);
      raw->done = true;
      pending_.push_back(std::move(e));
      return;
    }
    {
      std::lock_guard<std::mutex> lock(threads_.mutex());
      pending_.push_back(std::move(e));
      queue_.push_back(raw);
    }
    threads_.cv().notify_all();
  }
  /// A result that needs no job keeps its place in the order. Not when full().
  void submit_result(Result result) {
    assert(!full());
    auto e = std::make_unique<Entry>(Job{});
    e->result.emplace(std::move(result));
    e->done = true;
    std::lock_guard<std::mutex> lock(threads_.mutex());
    pending_.push_back(std::move(e));
  }

  /// The oldest result, waiting for it as long as it takes; nothing when
  /// nothing is pending (or after stop(), when its job was dropped).
  /// Rethrows what its job threw.
  std::optional<Result> take() { return take_within(std::nullopt); }
  /// The same, waiting at most `timeout` (0: only a result already back).
  std::optional<Result> take(std::chrono::milliseconds timeout) { return take_within(timeout); }

  /// Sets the stop flag, joins the workers and drops the jobs not run
  /// (and every one after the first of them): what is back stays to take.
  void stop() {
    threads_.stop();
    queue_.clear();
    auto first_dropped = std::find_if(pending_.begin(), pending_.end(), [](const auto& e) { return !e->done; });
    pending_.erase(first_dropped, pending_.end());
  }

 private:
  struct Entry {
    explicit Entry(Job j) : job(std::move(j)) {}
    Job job;
    std::optional<Result> result;
    std::exception_ptr error;
    bool done = false;  // guarded by the lock while workers run
  };

  void execute(unsigned worker, Entry& e) {
    try {
      e.result.emplace(run_(worker, e.job, threads_.stopping()));
    } catch (...) {
      e.error = std::current_exception();
    }
  }

  std::optional<Result> take_within(std::optional<std::chrono::milliseconds> timeout) {
    std::unique_ptr<Entry> front;
    {
      std::unique_lock<std::mutex> lock(threads_.mutex());
      if (pending_.empty()) return std::nullopt;
      const auto ready = [&] { return pending_.front()->done; };
      if (!timeout) {
        threads_.cv().wait(lock, ready);
      } else if (!threads_.cv().wait_for(lock, *timeout, ready)) {
        return std::nullopt;
      }
      front = std::move(pending_.front());
      pending_.pop_front();
    }
    if (front->error) std::rethrow_exception(front->error);
    return std::move(front->result);
  }

  unsigned workers_;
  std::size_t window_;
  Run run_;
  std::deque<std::unique_ptr<Entry>> pending_;  // submission order; changed by the calling thread only
  std::deque<Entry*> queue_;                    // not yet taken by a worker (guarded by the lock)
  Workers threads_;                             // last: joined before the entries go
};

}  // namespace sudokit::pool
