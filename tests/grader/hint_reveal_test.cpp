// The reveal level lives in the library: find_hint returns a hint that holds
// no more than the level reveals (the command, the C API, Python and npm
// serialise what it holds), one parser reads the level's words, and
// step_view is the one flat view of a step every front end serialises.
#include <gtest/gtest.h>

#include "grader_test_util.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/grader/view.hpp"

namespace sudokit::grader {
namespace {

using sudokit::test::grid_from;

// A puzzle of ER 7.5 from the calibration set: its path has singles,
// eliminations and chains, so every field of a step is exercised.
const std::string kPuzzle = ".3.56...7....4.....59..81......7.8......9.4...2...6.7.3.......1.189.3.....7..5...";

Hint hint_at(HintReveal reveal) {
  Grader grader;
  Position p;
  p.givens = grid_from(kPuzzle);
  HintOptions o;
  o.reveal = reveal;
  return find_hint(grader, p, o);
}

TEST(HintReveal, TheHintHoldsNoMoreThanTheLevelReveals) {
  const Hint full = hint_at(HintReveal::Step);
  ASSERT_EQ(full.status, HintStatus::Hint);
  EXPECT_EQ(full.reveal, HintReveal::Step);
  EXPECT_EQ(HintOptions{}.reveal, HintReveal::Step);
  ASSERT_FALSE(full.drawing.houses.empty() && full.drawing.placed.empty() && full.drawing.eliminated.empty());

  const Hint technique = hint_at(HintReveal::Technique);
  ASSERT_EQ(technique.status, HintStatus::Hint);
  EXPECT_EQ(technique.reveal, HintReveal::Technique);
  EXPECT_EQ(technique.area.houses, full.area.houses);
  EXPECT_EQ(technique.area.cells, full.area.cells);
  EXPECT_EQ(technique.step.technique, full.step.technique);
  EXPECT_EQ(technique.step.name(), full.step.name());
  EXPECT_EQ(technique.step.difficulty, full.step.difficulty);
  EXPECT_FALSE(technique.step.places());
  EXPECT_FALSE(technique.step.has_eliminations());
  EXPECT_TRUE(technique.step.cells.empty());
  EXPECT_EQ(technique.step.units, 0u);
  EXPECT_TRUE(technique.step.detail.empty());
  EXPECT_TRUE(technique.drawing.placed.empty() && technique.drawing.eliminated.empty() &&
              technique.drawing.cause.empty() && technique.drawing.houses.empty() && technique.drawing.links.empty());

  const Hint area = hint_at(HintReveal::Area);
  ASSERT_EQ(area.status, HintStatus::Hint);
  EXPECT_EQ(area.reveal, HintReveal::Area);
  EXPECT_EQ(area.area.houses, full.area.houses);
  EXPECT_EQ(area.area.cells, full.area.cells);
  EXPECT_EQ(area.step.technique, Step{}.technique);
  EXPECT_TRUE(area.step.label.empty());
  EXPECT_EQ(area.step.difficulty, 0.0);
  EXPECT_FALSE(area.step.places());
  EXPECT_FALSE(area.step.has_eliminations());
  EXPECT_TRUE(area.drawing.cause.empty() && area.drawing.houses.empty());
}

TEST(HintReveal, OneParserOfTheWords) {
  for (const HintReveal r : {HintReveal::Area, HintReveal::Technique, HintReveal::Step})
    EXPECT_EQ(parse_hint_reveal(hint_reveal_key(r)), r);
  EXPECT_EQ(hint_reveal_key(HintReveal::Area), "area");
  EXPECT_EQ(hint_reveal_key(HintReveal::Technique), "technique");
  EXPECT_EQ(hint_reveal_key(HintReveal::Step), "step");
  for (const char* bad : {"", "areaa", "Step", "all", "technique "}) EXPECT_FALSE(parse_hint_reveal(bad)) << bad;
}

// The view against the step it views, field by field, over a whole path.
TEST(StepView, HoldsEveryFieldOfTheStep) {
  Grader grader;
  GradeOptions o;
  o.keep_steps = true;
  const Grade g = grader.grade(grid_from(kPuzzle), o);
  ASSERT_TRUE(g.rated());
  bool chain = false, eliminations = false, placement = false;
  for (const Step& s : g.steps) {
    const StepView v = step_view(s);
    EXPECT_EQ(v.technique, technique_key(s.technique));
    EXPECT_EQ(v.name, s.name());
    EXPECT_EQ(v.text, explain(s));
    EXPECT_EQ(v.chain, s.detail);
    EXPECT_EQ(v.rating, rounded_rating(s.difficulty));
    EXPECT_EQ(v.place_cell, s.places() ? s.place_cell : -1);
    EXPECT_EQ(v.place_digit, s.places() ? s.place_digit : 0);
    Candidates removed{};
    for (const CandidateRef& c : v.eliminations) {
      EXPECT_NE(c.cell, s.place_cell);
      EXPECT_EQ(removed[c.cell] & digit_bit(c.digit), 0) << "twice";
      removed[c.cell] |= digit_bit(c.digit);
    }
    for (int c = 0; c < kCells; ++c) {
      if (c != s.place_cell) {
        EXPECT_EQ(removed[c], s.removals[c]) << cell_name(c);
      }
    }
    std::vector<int> cells;
    s.cells.for_each([&](int c) { cells.push_back(c); });
    EXPECT_EQ(v.cells, cells);
    std::uint32_t units = 0;
    for (int u : v.houses) units |= std::uint32_t{1} << u;
    EXPECT_EQ(units, s.units);
    chain |= !v.chain.empty();
    eliminations |= !v.eliminations.empty();
    placement |= v.place_cell >= 0;
  }
  EXPECT_TRUE(chain && eliminations && placement) << "the path should exercise every field";
  EXPECT_EQ(grade_status_key(GradeStatus::Rated), "rated");
  EXPECT_EQ(grade_status_key(GradeStatus::BeyondTechniques), "beyond-techniques");
  EXPECT_EQ(grade_status_key(GradeStatus::AboveCeiling), "above-ceiling");
}

}  // namespace
}  // namespace sudokit::grader
