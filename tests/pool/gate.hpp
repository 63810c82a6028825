// A gate the pool tests' jobs wait at until the test opens it (the oldest
// job held, to see what runs behind it).
#pragma once

#include <condition_variable>
#include <mutex>

namespace sudokit::pool {

class Gate {
 public:
  void wait() {
    std::unique_lock<std::mutex> lock(mu_);
    cv_.wait(lock, [&] { return open_; });
  }
  void open() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      open_ = true;
    }
    cv_.notify_all();
  }

 private:
  std::mutex mu_;
  std::condition_variable cv_;
  bool open_ = false;
};

}  // namespace sudokit::pool
