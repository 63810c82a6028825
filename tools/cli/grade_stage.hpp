// The grading stage plugged into the generation pipeline from tools (the
// generator module knows nothing of the grader): grades each candidate with
// the full grader and accepts it when it meets the requested level, rating
// range and techniques. The grade travels with the puzzle to the sink.
#pragma once

#include <string>
#include <vector>

#include "sudokit/generator/pipeline.hpp"
#include "sudokit/grader/grade.hpp"

namespace sudokit::cli {

struct GradeAnnotation final : Annotation {
  grader::Grade grade;
  std::string level;
};

struct GradeCriteria {
  bool grade = false;  // grade even without filters (to print or store ratings)
  std::string level;   // empty = any
  double min_rating = 0, max_rating = 100;
  std::vector<grader::Technique> required;  // each must appear on the solution path
  std::vector<grader::Level> levels = grader::default_levels();
  double time_limit = 10;  // seconds per puzzle

  bool filters() const { return !level.empty() || min_rating > 0 || max_rating < 100 || !required.empty(); }
  bool active() const { return grade || filters(); }
};

class GradeStage final : public PuzzleFilter {
 public:
  explicit GradeStage(const GradeCriteria& criteria) : criteria_(criteria) {}
  bool accept(GeneratedPuzzle& candidate) override {
    grader::GradeOptions o;
    o.time_limit = criteria_.time_limit;
    auto a = std::make_shared<GradeAnnotation>();
    a->grade = grader_.grade(candidate.puzzle, o);
    if (!a->grade.rated()) return false;
    const double er = grader::rounded_rating(a->grade.er);
    a->level = grader::level_for(a->grade.er, criteria_.levels);
    if (er < criteria_.min_rating - 1e-9 || er > criteria_.max_rating + 1e-9) return false;
    if (!criteria_.level.empty() && a->level != criteria_.level) return false;
    for (grader::Technique t : criteria_.required)
      if (a->grade.histogram[static_cast<std::size_t>(t)] == 0) return false;
    candidate.annotation = std::move(a);
    return true;
  }

 private:
  GradeCriteria criteria_;
  grader::Grader grader_;
};

}  // namespace sudokit::cli
