// Ordered multi-threaded grading on the ordered pool. See grade_batch.hpp.
#include "sudokit/produce/grade_batch.hpp"

#include <utility>

namespace sudokit::produce {

GradeBatch::GradeBatch(unsigned threads, const grader::GradeOptions& options)
    : options_(options),
      threads_(threads == 0 ? 1 : threads),
      graders_(threads_),
      pool_(threads_ == 1 ? 0 : threads_, std::size_t{kWindowPerThread} * threads_,
            [this](unsigned worker, Job& job, const std::atomic<bool>&) {
              auto& grader = graders_[worker];
              if (!grader) grader = std::make_unique<grader::Grader>();
              return job.marks ? grader->grade_marks(*job.marks, options_) : grader->grade(*job.puzzle, options_);
            }) {}

GradeBatch::~GradeBatch() = default;

void GradeBatch::make_room() {
  if (pool_.full()) deliver(pool_.window() - 1);
}

void GradeBatch::deliver(std::size_t keep) {
  if (delivering_) return;  // a continuation that drains: the outer call goes on
  delivering_ = true;
  struct Reset {
    bool& flag;
    ~Reset() { flag = false; }
  } reset{delivering_};
  for (;;) {
    if (pool_.empty()) return;
    std::optional<grader::Grade> grade;
    try {
      if (pool_.size() <= keep) {
        grade = pool_.take(std::chrono::milliseconds(0));
        if (!grade) return;
      } else if (!idle_) {
        grade = pool_.take();
      } else {
        while (!(grade = pool_.take(kIdleEvery))) idle_();  // what the hook throws ends the wait
      }
    } catch (...) {
      if (then_.size() > pool_.size()) then_.pop_front();  // the record whose grading threw
      throw;
    }
    Continue then = std::move(then_.front());
    then_.pop_front();
    then(*grade);
  }
}

void GradeBatch::submit(const Grid& puzzle, Continue then) {
  make_room();
  then_.push_back(std::move(then));
  pool_.submit(Job{puzzle, std::nullopt});
  deliver(pool_.window() - 1);
}

void GradeBatch::submit(const Candidates& marks, Continue then) {
  make_room();
  then_.push_back(std::move(then));
  pool_.submit(Job{std::nullopt, marks});
  deliver(pool_.window() - 1);
}

void GradeBatch::submit(std::function<void()> then) {
  make_room();
  then_.push_back([plain = std::move(then)](const grader::Grade&) { plain(); });
  pool_.submit_result(grader::Grade{});
  deliver(pool_.window() - 1);
}

void GradeBatch::drain() { deliver(0); }

}  // namespace sudokit::produce
