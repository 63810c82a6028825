// Rating a store's rows again after the grader changed: what
// `sudokit db regrade` runs. The rows whose ratings another grader gave
// (rated_by is not grader::rater_name(), or unknown; with older_than, only
// those of a revision below it) are graded again on `threads` threads, in
// batches of `batch` rows by id, each batch written in one transaction with
// the new ER/EP/ED, level, hardest technique, histogram, solution path (for
// rows that keep one) and rated_by. A regrade that is stopped or killed
// keeps the batches written; run again, it rates only the rows still stale
// (the ones written are this grader's now), so it is resumable and, run
// twice, the second does nothing. A row the grader cannot rate now (beyond
// its techniques, or over the time limit) keeps its old ratings and is
// counted as unrated. Variant rows are never graded here (they stay
// 'unrated (variant)' until issue #48); they are counted as skipped.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "sudokit/db/store.hpp"
#include "sudokit/grader/grade.hpp"

namespace sudokit::produce {

struct RegradeOptions {
  unsigned threads = 1;                      // graders (at least 1)
  std::size_t batch = 1000;                  // rows per transaction (at least 1)
  int older_than = 0;                        // > 0: only rows rated by a revision below this (or unknown)
  std::vector<grader::Level> levels = grader::default_levels();  // the level table of the new ratings
  double time_limit = 10;                    // seconds of grading per puzzle; 0 = none
  /// After each batch: rows done and rows stale when the regrade began; may throw (stops it).
  std::function<void(std::uint64_t done, std::uint64_t total)> progress;
  const std::atomic<bool>* stop = nullptr;   // set (a signal): stop after the batch in hand
};

struct RegradeReport {
  std::uint64_t stale = 0;     // rows to rate again when it began
  std::uint64_t regraded = 0;  // rows written with this grader's ratings
  std::uint64_t changed = 0;   // of those, rows whose ER, EP, ED, level or hardest technique changed
  std::uint64_t unrated = 0;   // rows this grader could not rate (left as they were)
  std::uint64_t variants = 0;  // variant rows skipped: the classic grader never rates them (issue #48)
  bool stopped = false;        // by options.stop
};

/// Rates the stale rows of `store` again. Throws db::StoreError (the
/// batches before a failure stay written).
RegradeReport regrade_store(db::PuzzleStore& store, const RegradeOptions& options);

}  // namespace sudokit::produce
