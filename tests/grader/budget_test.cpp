// The grader's work bounds: the step limit and the per-puzzle time budget
// stop it with a "not rated" status, and budgets too large for the clock
// (infinite, 1e300 s) mean no budget rather than an already expired one.
#include <gtest/gtest.h>

#include <limits>

#include "sudokit/grader/grade.hpp"
#include "test_data.hpp"

namespace sudokit::grader {
namespace {

constexpr const char* kEasy = "..........9........8...1.6.172..4.9.....8..1..3......432..4.6.8..83.92...467..1..";

TEST(Budget, StepAndTimeLimitsStopWithNotRated) {
  Grader grader;
  GradeOptions steps;
  steps.max_steps = 3;
  const Grade a = grader.grade(test::grid_from(kEasy), steps);
  EXPECT_EQ(a.status, GradeStatus::StepLimit);
  EXPECT_EQ(a.step_count, 3);
  GradeOptions tiny;
  tiny.time_limit = 1e-9;
  EXPECT_EQ(grader.grade(test::grid_from(kEasy), tiny).status, GradeStatus::TimeLimit);
}

TEST(Budget, AHugeOrInfiniteBudgetIsNoBudget) {
  Grader grader;
  for (double seconds : {1e9, 1e300, std::numeric_limits<double>::infinity()}) {
    GradeOptions o;
    o.time_limit = seconds;
    const Grade g = grader.grade(test::grid_from(kEasy), o);
    EXPECT_EQ(g.status, GradeStatus::Rated) << seconds << ": " << status_message(g.status);
  }
}

}  // namespace
}  // namespace sudokit::grader
