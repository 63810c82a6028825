// The grading stage plugged into the generation pipeline from tools (the
// generator module knows nothing of the grader): rejects what cheap bounds
// already exclude, grades the rest with the full grader (stopping early at a
// step above the wanted range) and accepts what meets the target. The grade
// travels with the puzzle to the sink; closeness() guides the local search.
#pragma once

#include <string>
#include <vector>

#include "sudokit/generator/pipeline.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/target.hpp"

namespace sudokit::cli {

struct GradeAnnotation final : Annotation {
  grader::Grade grade;
  std::string level;
};

struct GradeCriteria {
  bool grade = false;  // grade even without a target (to print or store ratings)
  grader::Target target;
  std::vector<grader::Level> levels = grader::default_levels();
  double time_limit = 10;  // seconds per puzzle

  bool active() const { return grade || target.any(); }
};

class GradeStage final : public PuzzleFilter {
 public:
  explicit GradeStage(const GradeCriteria& criteria) : criteria_(criteria) {}
  bool accept(GeneratedPuzzle& candidate) override {
    closeness_ = 0;
    if (criteria_.target.rejected_before_grading(candidate.puzzle)) return false;
    grader::GradeOptions o;
    o.time_limit = criteria_.time_limit;
    auto a = std::make_shared<GradeAnnotation>();
    a->grade = grader_.grade(candidate.puzzle, criteria_.target.grade_options(o));
    closeness_ = criteria_.target.closeness(a->grade);
    if (!criteria_.target.met(a->grade)) return false;
    a->level = grader::level_for(a->grade.er, criteria_.levels);
    candidate.annotation = std::move(a);
    return true;
  }
  double closeness() const override { return closeness_; }

 private:
  GradeCriteria criteria_;
  grader::Grader grader_;
  double closeness_ = 0;
};

}  // namespace sudokit::cli
