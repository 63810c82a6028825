// Ordered multi-threaded grading. See grade_batch.hpp.
#include "sudokit/produce/grade_batch.hpp"

#include <utility>

namespace sudokit::produce {

GradeBatch::GradeBatch(unsigned threads, const grader::GradeOptions& options)
    : options_(options),
      threads_(threads == 0 ? 1 : threads),
      window_(std::size_t{kWindowPerThread} * (threads == 0 ? 1 : threads)) {
  if (threads_ == 1) return;
  try {
    for (unsigned t = 0; t < threads_; ++t) workers_.emplace_back([this] { work(); });
  } catch (...) {
    {
      std::lock_guard<std::mutex> lock(mu_);
      quit_ = true;
    }
    work_cv_.notify_all();
    for (auto& w : workers_) w.join();
    throw;
  }
}

GradeBatch::~GradeBatch() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    quit_ = true;
  }
  work_cv_.notify_all();
  for (auto& w : workers_) w.join();
}

void GradeBatch::grade_item(grader::Grader& grader, Item& item) const {
  try {
    item.result = item.marks ? grader.grade_marks(*item.marks, options_) : grader.grade(*item.puzzle, options_);
  } catch (...) {
    item.error = std::current_exception();
  }
}

void GradeBatch::work() {
  grader::Grader grader;
  for (;;) {
    Item* item = nullptr;
    {
      std::unique_lock<std::mutex> lock(mu_);
      work_cv_.wait(lock, [&] { return quit_ || !queue_.empty(); });
      if (quit_) return;
      item = queue_.front();
      queue_.pop_front();
    }
    grade_item(grader, *item);
    {
      std::lock_guard<std::mutex> lock(mu_);
      item->done = true;
    }
    done_cv_.notify_all();
  }
}

void GradeBatch::enqueue(std::unique_ptr<Item> item) {
  if (threads_ == 1 || !item->grade) {
    if (item->grade) grade_item(inline_grader_, *item);
    item->done = true;  // no worker sees it
    pending_.push_back(std::move(item));
  } else {
    Item* raw = item.get();
    {
      std::lock_guard<std::mutex> lock(mu_);
      pending_.push_back(std::move(item));
      queue_.push_back(raw);
    }
    work_cv_.notify_one();
  }
  deliver(window_ - 1);
}

void GradeBatch::deliver(std::size_t keep) {
  if (delivering_) return;  // a continuation that drains: the outer call goes on
  delivering_ = true;
  struct Reset {
    bool& flag;
    ~Reset() { flag = false; }
  } reset{delivering_};
  for (;;) {
    std::unique_ptr<Item> front;
    {
      std::unique_lock<std::mutex> lock(mu_);
      if (pending_.empty()) return;
      if (pending_.size() > keep) {
        const auto front_done = [&] { return pending_.front()->done; };
        if (!idle_) {
          done_cv_.wait(lock, front_done);
        } else {
          while (!done_cv_.wait_for(lock, kIdleEvery, front_done)) {
            lock.unlock();  // (released: a throw from the hook leaves it so)
            idle_();
            lock.lock();
          }
        }
      } else if (!pending_.front()->done) {
        return;
      }
      front = std::move(pending_.front());
      pending_.pop_front();
    }
    if (front->error) std::rethrow_exception(front->error);
    front->then(front->result);
  }
}

void GradeBatch::submit(const Grid& puzzle, Continue then) {
  auto item = std::make_unique<Item>();
  item->puzzle = puzzle;
  item->grade = true;
  item->then = std::move(then);
  enqueue(std::move(item));
}

void GradeBatch::submit(const Candidates& marks, Continue then) {
  auto item = std::make_unique<Item>();
  item->marks = marks;
  item->grade = true;
  item->then = std::move(then);
  enqueue(std::move(item));
}

void GradeBatch::submit(std::function<void()> then) {
  auto item = std::make_unique<Item>();
  item->then = [plain = std::move(then)](const grader::Grade&) { plain(); };
  enqueue(std::move(item));
}

void GradeBatch::drain() { deliver(0); }

}  // namespace sudokit::produce
