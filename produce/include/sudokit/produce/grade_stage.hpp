// The grading stage plugged into the generation pipeline (the generator
// module knows nothing of the grader): rejects what cheap bounds already
// exclude, grades the rest with the full grader (stopping early at a step
// above the wanted range) and accepts what meets the target. The grade
// travels with the puzzle to the sink as a GradeAnnotation; closeness()
// guides the local search. A run's time limit (set_run_limit) bounds each
// grade as well as the grade's own limit.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "sudokit/generator/pipeline.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/target.hpp"

namespace sudokit::produce {

struct GradeAnnotation final : Annotation {
  grader::Grade grade;
  std::string level;  // from GradeCriteria::levels
};

/// The grade of a puzzle the grade stage accepted; nullptr when it was not graded.
const GradeAnnotation* grade_of(const GeneratedPuzzle& puzzle);

struct GradeCriteria {
  bool grade = false;  // grade even without a target (to print or store ratings)
  grader::Target target;
  std::vector<grader::Level> levels = grader::default_levels();
  double time_limit = 10;  // seconds per puzzle
  bool keep_steps = false;  // keep each accepted puzzle's solution path in its grade (--with-steps)

  bool active() const { return grade || target.any(); }
};

class GradeStage final : public PuzzleFilter {
 public:
  explicit GradeStage(const GradeCriteria& criteria) : criteria_(criteria) {}
  bool accept(GeneratedPuzzle& candidate) override;
  double closeness() const override { return closeness_; }
  /// The rounded ER of the last candidate when the grader rated it, else 0.
  double rating() const override { return rating_; }

  /// Tallies of the candidates judged so far.
  struct Tally {
    std::uint64_t bounded = 0;    // rejected by a bound before grading (singles solve them)
    std::uint64_t graded = 0;     // given to the grader
    std::uint64_t timed_out = 0;  // whose grading hit the time limit (never accepted)
  };
  const Tally& tally() const { return tally_; }
  std::uint64_t timed_out() const override { return tally_.timed_out; }
  /// Each grade then stops at the run's end too (PuzzleFilter::set_run_limit).
  void set_run_limit(std::chrono::steady_clock::time_point start, double seconds) override {
    run_start_ = start;
    run_seconds_ = seconds;
  }

 private:
  GradeCriteria criteria_;
  grader::Grader grader_;
  double closeness_ = 0, rating_ = 0;
  Tally tally_;
  std::chrono::steady_clock::time_point run_start_{};
  double run_seconds_ = 0;  // the run's time limit; 0 = none
};

}  // namespace sudokit::produce
