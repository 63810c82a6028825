// The worker threads of a run and the ordered pools on them: what the
// generation pipeline (FoldPool), the seeded search, the grade batch
// (produce) and db import (OrderedPool) run their work on.
//
// Workers: threads that claim a job under one lock, run it without the
// lock and file its outcome under the lock again. Every way out goes
// through the destructor, which stops and joins them (leaving a scope with
// a joinable std::thread calls std::terminate): the normal end, a consumer
// that throws (a store on a full disk), a thread that fails to start. The
// stop flag is set under the lock the workers wait with, so none can miss
// it between its check and its wait. OrderedPool and FoldPool are built
// on it: they plug in their claim and file.
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
//
// FoldPool<Key, Outcome, State>: the ordered pool for work it draws itself
// (the generation pipeline). Keys (its indices) come from a source, in
// order; each key is worked on by draws 0, 1, 2, ... (its candidates) that
// run in any order and are folded into the key's State in draw order until
// the fold says the key is settled (a hit, or giving up); take() hands the
// settled keys back in key order. The workers claim their next draw
// themselves (the claim policy): the lowest open key first, up to
// width(state) draws of one key at once and at most max_draws of it; a new
// key is opened only when every open key has its width, and at most
// `window` keys are open and not taken (the back-pressure). With no workers
// take() runs the next draw of the oldest key on the calling thread, one at
// a time (nothing drawn beyond what it needs). What a draw throws settles
// its key when the fold reaches it (the draws before it folded first) and
// is rethrown by the take() that reaches the key: the keys before it are
// handed back first. stop() (and the destructor) sets the stop flag the
// draws are given and joins the workers; draws still out are dropped.
//
// Why two pools and not OrderedPool as a case of FoldPool (a key per job,
// one draw each): the shapes differ where it matters. OrderedPool's jobs
// are pushed by the calling thread (db import reads a block, then submits
// it), while FoldPool's workers pull their keys from a source under its
// lock; FoldPool's keys are ordered and const, while import's jobs are
// changed in place by the work; the grade batch needs submit_result (a
// result known without work) and an untimed take(), which FoldPool has no
// use for; and with no workers OrderedPool runs a job inside submit(),
// FoldPool inside take(), so the callbacks a single-threaded run makes
// would come at other times (its output order is the contract). An adapter
// bridging these would be as long as OrderedPool itself; what the two
// share (the Workers loop, stop and join, exceptions passed on in order)
// is one piece, Workers above.
#pragma once

#include <algorithm>
#include <atomic>
#include <cassert>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <exception>
#include <functional>
#include <limits>
#include <map>
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

template <class Key, class Outcome, class State>
class FoldPool {
 public:
  /// What the pool asks of its user. Every member but `run` is called with
  /// the pool's lock held, so it may read and change the user's own state
  /// that the consumer reads under the same lock (mutex()).
  struct Rules {
    /// The next key of the run, if there is one (asked again until popped).
    std::function<std::optional<Key>()> next_key;
    /// Moves the source past the key next_key gave.
    std::function<void()> pop_key;
    /// How many draws of an open, unsettled key may run at once (>= 1).
    std::function<unsigned(const State&)> width;
    /// A draw's outcome is back, in any order (not once its key is settled). May be empty.
    std::function<void(State&, const Outcome&)> arrived;
    /// Folds draw `draw` of a key into its state, in draw order; true: the
    /// key is settled (no later draw is folded).
    std::function<bool(State&, std::uint64_t draw, Outcome&&)> fold;
    /// Runs draw `draw` of `key` without the lock: on worker `worker`
    /// (0 .. workers-1; 0 on the calling thread), with the pool's stop flag.
    std::function<Outcome(unsigned worker, const Key& key, std::uint64_t draw, const std::atomic<bool>& stop)> run;
    /// Draws of one key at most (a key the fold has not settled by then gets no more).
    std::uint64_t max_draws = std::numeric_limits<std::uint64_t>::max();
  };
  /// A settled key and the state its draws were folded into.
  struct Settled {
    Key key{};
    State state{};
  };

  /// `workers` threads (0: the draws run on the calling thread, in take());
  /// at most `window` (>= 1) keys open and not taken.
  FoldPool(unsigned workers, std::size_t window, Rules rules)
      : workers_(kHasThreads ? workers : 0), window_(std::max<std::size_t>(1, window)), rules_(std::move(rules)) {
    assert(rules_.next_key && rules_.pop_key && rules_.width && rules_.fold && rules_.run);
    if (workers_ == 0) return;
    threads_.serve<Draw>(
        workers_, [this](Draw& d) { return claim(d); }, [this](unsigned w, Draw& d) { execute(w, d); },
        [this](Draw& d) { file(std::move(d)); });
  }
  ~FoldPool() { stop(); }
  FoldPool(const FoldPool&) = delete;
  FoldPool& operator=(const FoldPool&) = delete;

  unsigned workers() const { return workers_; }
  std::size_t window() const { return window_; }
  /// The lock the rules are called under and the condition notified after
  /// each draw is filed: the consumer reads what the rules keep under it.
  std::mutex& mutex() { return threads_.mutex(); }
  const std::atomic<bool>& stopping() const { return threads_.stopping(); }

  /// Keys open (claimed and not taken).
  std::size_t open() {
    std::lock_guard<std::mutex> lock(threads_.mutex());
    return open_.size();
  }
  /// Every key of the source has been taken.
  bool finished() {
    std::lock_guard<std::mutex> lock(threads_.mutex());
    return done();
  }

  /// The oldest key, once settled, waiting at most `timeout` (with no
  /// workers: after running its next draw here, without waiting); nothing
  /// when it is not settled by then, or when every key has been taken
  /// (finished()). Rethrows what a draw of it threw, and what escaped a
  /// rule on a worker.
  std::optional<Settled> take(std::chrono::milliseconds timeout) {
    if (workers_ == 0) {
      Draw d;
      bool claimed = false;
      {
        std::lock_guard<std::mutex> lock(threads_.mutex());
        if (open_.empty() || !open_.begin()->second.settled) claimed = claim(d);
      }
      if (claimed) {
        execute(0, d);
        std::lock_guard<std::mutex> lock(threads_.mutex());
        file(std::move(d));
      }
    }
    std::optional<Settled> out;
    std::exception_ptr error;
    {
      std::unique_lock<std::mutex> lock(threads_.mutex());
      const auto ready = [&] { return (!open_.empty() && open_.begin()->second.settled) || done(); };
      if (workers_ > 0) threads_.cv().wait_for(lock, timeout, [&] { return ready() || threads_.failed(); });
      threads_.check();
      if (!ready() || open_.empty()) return std::nullopt;
      auto front = open_.begin();
      out.emplace(Settled{front->first, std::move(front->second.state)});
      error = front->second.error;
      open_.erase(front);
    }
    threads_.cv().notify_all();  // a place in the window is free
    if (error) std::rethrow_exception(error);
    return out;
  }

  /// Sets the stop flag and joins the workers; draws still out are dropped.
  void stop() { threads_.stop(); }

 private:
  // One draw handed out: claimed, run, filed.
  struct Draw {
    Key key{};
    std::uint64_t draw = 0;
    std::optional<Outcome> outcome;
    std::exception_ptr error;
  };
  // A draw back ahead of its turn to be folded.
  struct Back {
    std::optional<Outcome> outcome;
    std::exception_ptr error;
  };
  // An open key.
  struct Open {
    State state{};
    std::uint64_t next_draw = 0;  // the next draw to hand out
    std::uint64_t folded = 0;     // draws 0 .. folded-1 are folded
    unsigned in_flight = 0;       // handed out, not back
    std::map<std::uint64_t, Back> back;  // back and not folded yet, by draw
    bool settled = false;
    std::exception_ptr error;  // the draw that settled it threw this
  };

  // With the lock held.
  bool done() {
    return open_.empty() && !rules_.next_key();
  }
  // With the lock held: the next draw to run, the lowest open key first.
  bool claim(Draw& d) {
    for (auto& [key, o] : open_) {
      if (o.settled || o.next_draw >= rules_.max_draws) continue;
      if (o.in_flight < std::max(1u, rules_.width(o.state))) {
        ++o.in_flight;
        d.key = key;
        d.draw = o.next_draw++;
        return true;
      }
    }
    if (open_.size() >= window_) return false;
    std::optional<Key> key = rules_.next_key();
    if (!key) return false;
    rules_.pop_key();
    Open& o = open_[*key];
    ++o.in_flight;
    d.key = *key;
    d.draw = o.next_draw++;
    return true;
  }
  void execute(unsigned worker, Draw& d) {
    try {
      d.outcome.emplace(rules_.run(worker, d.key, d.draw, threads_.stopping()));
    } catch (...) {
      d.error = std::current_exception();
    }
  }
  // With the lock held: files a draw and folds what can be.
  void file(Draw&& d) {
    auto it = open_.find(d.key);
    if (it == open_.end()) return;  // its key is taken already (a draw after the one that settled it)
    Open& o = it->second;
    --o.in_flight;
    if (o.settled) return;
    if (d.outcome && rules_.arrived) rules_.arrived(o.state, *d.outcome);
    o.back.emplace(d.draw, Back{std::move(d.outcome), d.error});
    while (!o.settled) {
      auto b = o.back.find(o.folded);
      if (b == o.back.end()) break;
      Back next = std::move(b->second);
      o.back.erase(b);
      if (next.error) {
        o.settled = true;
        o.error = next.error;
        break;
      }
      o.settled = rules_.fold(o.state, o.folded, std::move(*next.outcome));
      ++o.folded;
    }
    if (o.settled) o.back.clear();
  }

  unsigned workers_;
  std::size_t window_;
  Rules rules_;
  std::map<Key, Open> open_;  // keys opened and not taken, by key (guarded by the lock)
  Workers threads_;           // last: joined before the keys go
};

}  // namespace sudokit::pool
