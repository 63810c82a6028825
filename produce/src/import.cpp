// The grading of db import (import.hpp).
#include "sudokit/produce/import.hpp"

#include <memory>

#include "sudokit/db/record.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::produce {

std::function<db::ImportRater()> import_rater(const ImportGrading& grading) {
  grader::GradeOptions options;
  options.max_steps = grading.max_steps;
  options.time_limit = grading.time_limit;
  options.keep_steps = grading.with_steps;
  return [options, levels = grading.levels]() -> db::ImportRater {
    auto grader = std::make_shared<grader::Grader>();
    return [grader, options, levels](db::PuzzleRecord& r) {
      const grader::Grade g = grader->grade(r.puzzle, options);
      r.er = r.ep = r.ed = std::nullopt;
      r.level.clear();
      r.hardest.clear();
      r.histogram.clear();
      r.path.clear();
      db::set_grade(r, g, levels);  // left ungraded when no technique applies
      r.minimal = is_minimal(r.puzzle);
    };
  };
}

db::ImportRun import_graded(db::PuzzleStore& store, const std::vector<db::ImportInput>& inputs,
                            db::ImportOptions options, const ImportGrading& grading,
                            const db::ImportInputProblemSink& on_problem) {
  options.make_rater = import_rater(grading);
  return db::import_inputs(store, inputs, options, on_problem);
}

}  // namespace sudokit::produce
