// Generation targets: what meets them, how close a miss comes, the ceiling
// that stops grading early, the singles bound checked against SE's ratings,
// and technique families.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "grader_test_util.hpp"
#include "sudokit/grader/target.hpp"

namespace sudokit::grader {
namespace {

Grade rated(double er, std::initializer_list<Technique> used, Technique hardest) {
  Grade g;
  g.er = er;
  g.hardest = hardest;
  for (Technique t : used) g.histogram[static_cast<std::size_t>(t)] = 1;
  return g;
}

TEST(Target, RatingRangeMetAndClosenessOfMisses) {
  Target t;
  t.min_rating = 8.0;
  EXPECT_TRUE(t.met(rated(8.0, {}, Technique::CellForcingChain)));
  EXPECT_TRUE(t.met(rated(9.1, {}, Technique::DynamicForcingChain)));
  EXPECT_FALSE(t.met(rated(7.9, {}, Technique::ForcingChain)));
  // Closer misses score higher; hits score at least 1; far misses 0 (no search).
  EXPECT_GT(t.closeness(rated(7.9, {}, Technique::ForcingChain)), t.closeness(rated(7.8, {}, Technique::ForcingChain)));
  EXPECT_GT(t.closeness(rated(7.8, {}, Technique::ForcingChain)), 0.0);
  EXPECT_LT(t.closeness(rated(7.9, {}, Technique::ForcingChain)), 1.0);
  EXPECT_EQ(t.closeness(rated(7.5, {}, Technique::ForcingChain)), 0.0);
  EXPECT_GE(t.closeness(rated(8.0, {}, Technique::CellForcingChain)), 1.0);
  // Not rated: never met, never close.
  Grade stopped = rated(8.5, {}, Technique::DynamicForcingChain);
  stopped.status = GradeStatus::TimeLimit;
  EXPECT_FALSE(t.met(stopped));
  EXPECT_EQ(t.closeness(stopped), 0.0);
}

TEST(Target, LevelNarrowsTheRange) {
  Target t;
  ASSERT_TRUE(t.restrict_to_level("hard"));
  EXPECT_DOUBLE_EQ(t.min_rating, 2.5);
  EXPECT_DOUBLE_EQ(t.max_rating, 4.9);
  EXPECT_TRUE(t.met(rated(4.9, {}, Technique::NakedQuad)));
  EXPECT_FALSE(t.met(rated(5.0, {}, Technique::NakedQuad)));
  Target top;
  ASSERT_TRUE(top.restrict_to_level("nightmare"));
  EXPECT_DOUBLE_EQ(top.min_rating, 10.0);
  EXPECT_DOUBLE_EQ(top.max_rating, 100.0);
  EXPECT_FALSE(Target{}.restrict_to_level("impossible"));
}

TEST(Target, TechniquesAndHardestStep) {
  TechniqueSet xwing = 0, xchain = 0;
  ASSERT_TRUE(parse_technique_set("x-wing", xwing));
  ASSERT_TRUE(parse_technique_set("X-Chain", xchain));
  EXPECT_EQ(xwing, technique_bit(Technique::XWing));
  // The family covers every single-digit chain SE names differently.
  for (Technique t : {Technique::TwoStrongLinks, Technique::ThreeStrongLinks, Technique::FourStrongLinks,
                      Technique::ForcingXChain, Technique::XCycle})
    EXPECT_TRUE(xchain & technique_bit(t)) << technique_key(t);
  EXPECT_FALSE(xchain & technique_bit(Technique::XYWing));
  EXPECT_EQ(technique_keys(technique_bit(Technique::ForcingXChain)), std::vector<std::string>{"forcing-x-chain"});

  Target t;
  t.required = {xwing, xchain};
  EXPECT_TRUE(t.met(rated(4.0, {Technique::XWing, Technique::TwoStrongLinks}, Technique::TwoStrongLinks)));
  EXPECT_FALSE(t.met(rated(3.2, {Technique::XWing}, Technique::XWing)));
  // Half of what is wanted: a near miss, below any hit.
  const double half = t.closeness(rated(3.2, {Technique::XWing}, Technique::XWing));
  EXPECT_GT(half, 0.0);
  EXPECT_LT(half, 1.0);
  EXPECT_EQ(t.closeness(rated(2.3, {Technique::NakedSingle}, Technique::NakedSingle)), 0.0);

  Target h;
  h.hardest = technique_bit(Technique::XYWing);
  EXPECT_TRUE(h.met(rated(4.2, {Technique::XYWing, Technique::XWing}, Technique::XYWing)));
  EXPECT_FALSE(h.met(rated(4.4, {Technique::XYWing, Technique::XYZWing}, Technique::XYZWing)));
}

// The calibration rows: puzzle and SE's ER.
std::vector<std::pair<Grid, double>> calibration() {
  std::ifstream in(sudokit::test::data_path("se_rated_calibration.tsv"));
  std::vector<std::pair<Grid, double>> out;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string puzzle, er;
    std::getline(fields, puzzle, '\t');
    std::getline(fields, er, '\t');
    out.emplace_back(sudokit::test::grid_from(puzzle), std::stod(er));
  }
  return out;
}

TEST(Target, NeedsMoreThanSingles) {
  Target t;
  EXPECT_FALSE(t.needs_more_than_singles());
  t.max_rating = 2.0;
  EXPECT_FALSE(t.needs_more_than_singles());
  t.min_rating = 2.3;
  t.max_rating = 100;
  EXPECT_FALSE(t.needs_more_than_singles());  // a naked single rates 2.3
  t.min_rating = 2.4;
  EXPECT_TRUE(t.needs_more_than_singles());
  Target level;
  ASSERT_TRUE(level.restrict_to_level("medium"));
  EXPECT_FALSE(level.needs_more_than_singles());
  ASSERT_TRUE(level.restrict_to_level("hard"));
  EXPECT_TRUE(level.needs_more_than_singles());
  Target technique;
  technique.required = {technique_bit(Technique::NakedSingle)};
  EXPECT_FALSE(technique.needs_more_than_singles());
  technique.required.push_back(technique_bit(Technique::XWing));
  EXPECT_TRUE(technique.needs_more_than_singles());
  Target hardest;
  hardest.hardest = technique_bit(Technique::HiddenSingle) | technique_bit(Technique::Pointing);
  EXPECT_FALSE(hardest.needs_more_than_singles());
  hardest.hardest = technique_bit(Technique::Pointing);
  EXPECT_TRUE(hardest.needs_more_than_singles());
}

TEST(Target, SinglesBoundHoldsOnEveryCalibrationPuzzle) {
  const auto rows = calibration();
  ASSERT_EQ(rows.size(), 2020u);
  int by_singles = 0;
  Target t;
  t.min_rating = 2.5;
  for (const auto& [puzzle, er] : rows) {
    if (!solved_by_singles(puzzle)) continue;
    ++by_singles;
    EXPECT_LE(er, 2.3) << format_line(puzzle);
    EXPECT_TRUE(t.rejected_before_grading(puzzle));
  }
  EXPECT_GE(by_singles, 300);  // the bound decides many puzzles (300 of the 2,020)
  Target easy;
  easy.max_rating = 2.0;
  EXPECT_FALSE(easy.rejected_before_grading(rows.front().first));  // no bound applies to easy targets
}

TEST(Target, CeilingStopsAtTheFirstHarderStepAndChangesNothingBelowIt) {
  const auto rows = calibration();
  Grader grader;
  Target t;
  t.max_rating = 6.0;
  int stopped = 0, same = 0;
  for (std::size_t i = 0; i < rows.size(); i += 10) {
    const auto& [puzzle, er] = rows[i];
    const Grade full = grader.grade(puzzle);
    const Grade capped = grader.grade(puzzle, t.grade_options());
    if (er > 6.0) {
      ASSERT_EQ(capped.status, GradeStatus::AboveCeiling) << format_line(puzzle);
      EXPECT_GT(rounded_rating(capped.er), 6.0);
      EXPECT_LE(capped.step_count, full.step_count);
      EXPECT_FALSE(t.met(capped));
      ++stopped;
    } else {
      ASSERT_TRUE(capped.rated());
      EXPECT_EQ(capped.er, full.er);
      EXPECT_EQ(capped.ep, full.ep);
      EXPECT_EQ(capped.histogram, full.histogram);
      ++same;
    }
  }
  EXPECT_GT(stopped, 50);
  EXPECT_GT(same, 100);
}

// technique_ratings() against what the grader rates: every step of every
// 8th puzzle of the SE-rated calibration set (all levels, ER 1.2 to 11)
// lies in its technique's range, and each puzzle's ER in its hardest
// technique's.
TEST(TechniqueRatings, EveryStepTheGraderTakesLiesInItsTechniquesRange) {
  std::ifstream in(std::string(SUDOKIT_DATA_DIR) + "/se_rated_calibration.tsv");
  ASSERT_TRUE(in);
  std::string line;
  std::getline(in, line);
  Grader grader;
  GradeOptions options;
  options.keep_steps = true;
  int graded = 0, steps = 0;
  for (int n = 0; std::getline(in, line); ++n) {
    if (n % 8 != 0) continue;
    Grid puzzle;
    ParseError error;
    ASSERT_TRUE(parse_puzzle(line.substr(0, line.find('\t')), puzzle, error)) << line;
    const Grade g = grader.grade(puzzle, options);
    if (!g.rated()) continue;
    ++graded;
    for (const Step& step : g.steps) {
      ++steps;
      const RatingRange r = technique_ratings(step.technique);
      EXPECT_GE(step.difficulty, r.low - 1e-9) << technique_key(step.technique) << " in " << line;
      EXPECT_LE(step.difficulty, r.high + 1e-9) << technique_key(step.technique) << " in " << line;
    }
  }
  EXPECT_GT(graded, 200);
  EXPECT_GT(steps, 10000);
}

}  // namespace
}  // namespace sudokit::grader
