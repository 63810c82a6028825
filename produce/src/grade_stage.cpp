// The grade stage (grade_stage.hpp): bounds, then the grader, then the target.
#include "sudokit/produce/grade_stage.hpp"

#include <memory>

namespace sudokit::produce {

const GradeAnnotation* grade_of(const GeneratedPuzzle& puzzle) {
  return dynamic_cast<const GradeAnnotation*>(puzzle.annotation.get());
}

bool GradeStage::accept(GeneratedPuzzle& candidate) {
  closeness_ = 0;
  rating_ = 0;
  if (criteria_.target.rejected_before_grading(candidate.puzzle)) {
    ++tally_.bounded;
    return false;
  }
  grader::GradeOptions o;
  o.time_limit = criteria_.time_limit;
  // The run's end bounds the grade too; a grade it cuts is no time-out of
  // the puzzle's (the run is over), and none starts after it.
  bool cut_by_run = false;
  if (run_seconds_ > 0) {
    const double left =
        run_seconds_ - std::chrono::duration<double>(std::chrono::steady_clock::now() - run_start_).count();
    if (left <= 0) return false;
    if (o.time_limit <= 0 || left < o.time_limit) {
      o.time_limit = left;
      cut_by_run = true;
    }
  }
  ++tally_.graded;
  o.keep_steps = criteria_.keep_steps;
  auto a = std::make_shared<GradeAnnotation>();
  a->grade = grader_.grade(candidate.puzzle, criteria_.target.grade_options(o));
  closeness_ = criteria_.target.closeness(a->grade);
  if (a->grade.rated()) rating_ = grader::rounded_rating(a->grade.er);
  if (a->grade.status == grader::GradeStatus::TimeLimit && !cut_by_run) ++tally_.timed_out;
  if (!criteria_.target.met(a->grade)) return false;
  a->level = grader::level_for(a->grade.er, criteria_.levels);
  candidate.annotation = std::move(a);
  return true;
}

}  // namespace sudokit::produce
