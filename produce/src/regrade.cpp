// Rating a store's rows again (regrade.hpp).
#include "sudokit/produce/regrade.hpp"

#include <cassert>

#include "sudokit/db/record.hpp"
#include "sudokit/produce/grade_batch.hpp"

namespace sudokit::produce {

RegradeReport regrade_store(db::PuzzleStore& store, const RegradeOptions& options) {
  assert(options.threads >= 1 && options.batch >= 1);
  RegradeReport report;
  report.stale = store.count_stale(options.older_than);
  report.variants = store.count_variants();
  grader::GradeOptions grading;
  grading.time_limit = options.time_limit;
  grader::GradeOptions with_steps = grading;
  with_steps.keep_steps = true;
  // One batch of graders for rows without a path, one for rows with one
  // (their path is written again, so their steps are kept).
  GradeBatch plain(options.threads, grading);
  GradeBatch stepwise(options.threads, with_steps);
  std::int64_t last = 0;
  std::uint64_t done = 0;
  for (;;) {
    std::vector<db::PuzzleRecord> rows = store.stale_rows(last, options.batch, options.older_than);
    if (rows.empty()) break;
    last = rows.back().id;
    std::vector<db::PuzzleRecord> rated;
    rated.reserve(rows.size());
    for (const db::PuzzleRecord& row : rows) {
      const bool keeps_path = !row.path.empty();
      (keeps_path ? stepwise : plain).submit(row.puzzle, [&rated, &report, &options, row](const grader::Grade& g) {
        if (!g.rated()) {
          ++report.unrated;
          return;
        }
        db::PuzzleRecord r = row;
        r.path.clear();
        db::set_grade(r, g, options.levels);
        if (r.er != row.er || r.ep != row.ep || r.ed != row.ed || r.level != row.level || r.hardest != row.hardest)
          ++report.changed;
        rated.push_back(std::move(r));
      });
    }
    plain.drain();
    stepwise.drain();
    store.update_ratings(rated);
    report.regraded += rated.size();
    done += rows.size();
    if (options.progress) options.progress(done, report.stale);
    if (options.stop && options.stop->load()) {
      report.stopped = true;
      break;
    }
  }
  return report;
}

}  // namespace sudokit::produce
