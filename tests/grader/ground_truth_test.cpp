// Ground truth for the whole grader: on the calibration set and the hard
// lists, every step of every solution path places the solution's digit and
// never eliminates a solution digit. Any wrong technique makes this fail.
// Every chain step's explanation is followed on its position as well
// (chain_reader.hpp).
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "chain_reader.hpp"
#include "grader_test_util.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::grader {
namespace {

void check_paths(const std::vector<Grid>& puzzles, int& steps_checked, int& chains_followed) {
  Grader grader;
  GradeOptions options;
  options.keep_steps = true;
  for (const Grid& p : puzzles) {
    const Grade g = grader.grade(p, options);
    ASSERT_NE(g.status, GradeStatus::MultipleSolutions);
    ASSERT_NE(g.status, GradeStatus::NoSolution);
    ASSERT_EQ(g.steps.size(), static_cast<std::size_t>(g.step_count));
    Board board(p);
    for (const Step& s : g.steps) {
      ASSERT_TRUE(test::agrees_with(s, g.solution)) << format_line(p);
      ASSERT_TRUE(s.places() || s.has_eliminations()) << s.name() << " does nothing in " << format_line(p);
      if (test::is_chain_step(s)) {
        ASSERT_EQ(test::follow_chain(board, s), "") << format_line(p) << "\n" << explain(s);
        ++chains_followed;
      }
      board.apply(s);
      ++steps_checked;
    }
    if (g.rated()) {
      ASSERT_GT(g.er, 0.0);
      ASSERT_LE(g.ep, g.er);
      ASSERT_LE(g.ed, g.ep);
    }
  }
}

// Every puzzle of the set; with SUDOKIT_TEST_SAMPLE=k (the asan test preset
// sets 2: the sanitizers look for memory faults, which the other half adds
// little to) every k-th, the release run still checking all of them.
TEST(GroundTruth, EveryStepOnTheCalibrationSetAgreesWithTheSolution) {
  const auto all = sudokit::test::load_puzzles("se_rated_calibration.tsv");
  ASSERT_EQ(all.size(), 2020u);
  const char* sample = std::getenv("SUDOKIT_TEST_SAMPLE");
  const std::size_t every = sample ? std::strtoul(sample, nullptr, 10) : 1;
  ASSERT_GE(every, 1u) << "SUDOKIT_TEST_SAMPLE must be a whole number from 1";
  std::vector<Grid> puzzles;
  for (std::size_t i = 0; i < all.size(); i += every) puzzles.push_back(all[i]);
  int steps = 0, chains = 0;
  check_paths(puzzles, steps, chains);
  EXPECT_GT(steps, 50000 / static_cast<int>(every));
  EXPECT_GT(chains, 2000 / static_cast<int>(every));
}

TEST(GroundTruth, EveryStepOnTop95AgreesWithTheSolution) {
  int steps = 0, chains = 0;
  check_paths(sudokit::test::load_puzzles("puzzles_top95.txt"), steps, chains);
  EXPECT_GT(steps, 100);
  EXPECT_GT(chains, 100);
}

}  // namespace
}  // namespace sudokit::grader
