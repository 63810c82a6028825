// Grading a stream of records on several threads (the ordered pool,
// pool/ordered_pool.hpp) with the results handed back in input order: what `sudokit grade --threads N` runs. The caller
// submits records one by one, each with what to do with its grade (print
// it, report it, compare it); GradeBatch grades them on `threads` workers,
// each with its own Grader, and calls those continuations on the calling
// thread, in submission order, so the output is the same for any thread
// count. With one thread nothing runs in the background: each record is
// graded and continued inside submit().
//
// At most `window` records are in flight (kWindowPerThread per thread):
// submit() blocks, continuing finished records, while the window is full, so
// memory stays bounded on any input. The window is wide because the output
// keeps input order: one slow record at the front holds every record behind
// it, and with a narrow window the other workers run out of records (the
// qqwing mix on 2 threads: 0.24 s with 4 per thread, 0.21 s with 64).
// drain() waits for and continues every record submitted so far: call it
// before anything that must come after them (a diagnostic of a later record,
// a flush before a read that may block). A continuation may call drain()
// (directly or through a diagnostic hook): that inner call returns at once.
// What a grading throws (out of memory) is rethrown by the submit() or
// drain() that reaches that record. While the calling thread waits for a
// record, it calls the idle hook (set_idle) every kIdleEvery: the place to
// write out what the records before it produced (one slow record would
// otherwise hold them back); what the hook throws ends the wait.
#pragma once

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "sudokit/grader/grade.hpp"
#include "sudokit/pool/ordered_pool.hpp"

namespace sudokit::produce {

class GradeBatch {
 public:
  using Continue = std::function<void(const grader::Grade&)>;
  static constexpr unsigned kWindowPerThread = 64;
  static constexpr std::chrono::milliseconds kIdleEvery{50};

  /// `threads` >= 1 workers (1: grading inside submit()).
  GradeBatch(unsigned threads, const grader::GradeOptions& options);
  /// Stops and joins the workers; records not yet continued are dropped.
  ~GradeBatch();
  GradeBatch(const GradeBatch&) = delete;
  GradeBatch& operator=(const GradeBatch&) = delete;

  /// Grades `puzzle`, then calls `then` with its grade in submission order.
  void submit(const Grid& puzzle, Continue then);
  /// Grades the pencil-mark position `marks` (Grader::grade_marks).
  void submit(const Candidates& marks, Continue then);
  /// A record with nothing to grade whose continuation keeps its place
  /// (a diagnostic that must come after the records before it).
  void submit(std::function<void()> then);
  /// Continues every record submitted so far, in order.
  void drain();
  /// Called on the calling thread every kIdleEvery while it waits for a
  /// record (never inside a continuation, never with one thread).
  void set_idle(std::function<void()> idle) { idle_ = std::move(idle); }

 private:
  struct Job {
    std::optional<Grid> puzzle;
    std::optional<Candidates> marks;
  };
  void make_room();
  /// Continues the finished records at the front, waiting for the front while more than `keep` are pending.
  void deliver(std::size_t keep);

  grader::GradeOptions options_;
  unsigned threads_;
  std::vector<std::unique_ptr<grader::Grader>> graders_;  // one per worker (made on its thread), or the caller's
  std::deque<Continue> then_;               // the continuations, in submission order
  bool delivering_ = false;                 // the calling thread is inside a continuation
  std::function<void()> idle_;              // set_idle()
  pool::OrderedPool<Job, grader::Grade> pool_;  // last: its workers are joined before the graders go
};

}  // namespace sudokit::produce
