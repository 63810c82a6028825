// The worker threads of a run (the generation pipeline, the seeded search in
// produce): a pool whose every way out stops and joins them, and what a
// worker throws handed to the thread that waits for the results.
#pragma once

#include <atomic>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace sudokit {

// WebAssembly built without threads (the npm package) cannot start a
// std::thread: there a run always works on the calling thread.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
inline constexpr bool kHasThreads = false;
#else
inline constexpr bool kHasThreads = true;
#endif

// The worker threads of one run. Every way out of the run goes through
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

}  // namespace sudokit
