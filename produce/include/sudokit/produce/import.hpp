// The grading of `sudokit db import`: db reads, checks and stores the
// records (db/import.hpp); this is the rater it calls for each one, the same
// grader, level table and set_grade() that `db regrade` (regrade.hpp) and
// generation's store sink use, so a puzzle imported and a puzzle regraded get
// the same row.
#pragma once

#include <vector>

#include "sudokit/db/import.hpp"
#include "sudokit/grader/grade.hpp"

namespace sudokit::produce {

struct ImportGrading {
  bool with_steps = false;  // also store each puzzle's solution path (db/path.hpp)
  std::vector<grader::Level> levels = grader::default_levels();
  int max_steps = grader::GradeOptions{}.max_steps;  // grader work bound per puzzle
  /// Seconds of grading per puzzle (0 = none), as `sudokit grade
  /// --time-limit`: a puzzle that needs longer is stored ungraded.
  double time_limit = 60;
};

/// db::ImportOptions::make_rater for `grading`: each rater owns a grader and
/// sets the record's ratings, level, hardest technique, histogram (and path
/// with with_steps) and its minimality. A puzzle the grader cannot rate within
/// the bounds keeps empty ratings; its minimality is still checked.
std::function<db::ImportRater()> import_rater(const ImportGrading& grading);

/// db::import_inputs() with every record rated by import_rater(grading).
db::ImportRun import_graded(db::PuzzleStore& store, const std::vector<db::ImportInput>& inputs,
                            db::ImportOptions options, const ImportGrading& grading,
                            const db::ImportInputProblemSink& on_problem);

}  // namespace sudokit::produce
