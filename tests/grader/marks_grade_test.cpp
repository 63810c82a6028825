// Grading pencil-mark positions as Sukaku Explainer does: the board it
// starts from (board_from_marks) and ER/EP/ED on the reference positions of
// se_rated_pencilmarks.tsv.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>

#include "grader_test_util.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/solver/marks_text.hpp"

namespace sudokit::grader {
namespace {

struct MarksRow {
  Candidates marks;
  double er, ep, ed;
};

std::vector<MarksRow> reference_rows(std::size_t every) {
  std::ifstream in(sudokit::test::data_path("se_rated_pencilmarks.tsv"));
  std::string line;
  std::getline(in, line);  // header
  std::vector<MarksRow> rows;
  for (std::size_t i = 0; std::getline(in, line); ++i) {
    if (i % every != 0) continue;
    MarksRow r{};
    ParseError err;
    if (!parse_pencilmarks(line.substr(0, kPencilmarkLength), r.marks, err)) throw std::runtime_error(err.message);
    if (std::sscanf(line.c_str() + kPencilmarkLength, "%lf %lf %lf", &r.er, &r.ep, &r.ed) != 3)
      throw std::runtime_error("bad row");
    rows.push_back(r);
  }
  return rows;
}

TEST(BoardFromMarks, OneCandidateNoPeerSharesIsPlaced) {
  Candidates m;
  m.masks.fill(kAllDigits);
  // r1c1 has only 5 and no peer has 5: placed.
  m[0] = digit_bit(5);
  for (int p : kPeers[0]) m[p] &= static_cast<DigitMask>(~digit_bit(5));
  // r9c9 has only 7 but its peer r9c1 still shows 7: not placed.
  m[80] = digit_bit(7);
  const Board b = board_from_marks(m);
  EXPECT_EQ(b.value(0), 5);
  EXPECT_EQ(b.candidates(0), 0);
  EXPECT_EQ(b.value(80), 0);
  EXPECT_EQ(b.candidates(80), digit_bit(7));
  // Marks are kept as given: r5c5 keeps 5 although nothing placed removes it.
  EXPECT_TRUE(b.has(40, 5));
  EXPECT_EQ(b.empty_cells(), 80);
}

TEST(BoardFromMarks, CellsAreLookedAtInOrder) {
  // Two peers both reduced to 3: each still sees the other's 3 (the first
  // is not placed, so its mark stays), so neither counts as placed.
  Candidates m;
  m.masks.fill(static_cast<DigitMask>(kAllDigits & ~digit_bit(3)));
  m[0] = digit_bit(3);
  m[1] = digit_bit(3);
  const Board b = board_from_marks(m);
  EXPECT_EQ(b.value(0), 0);
  EXPECT_EQ(b.value(1), 0);
}

// Every 4th reference position (175): ER/EP/ED exactly as Sukaku Explainer.
// `sudokit grade --compare se_rated_pencilmarks.tsv` checks all 700.
TEST(GradeMarks, MatchesSukakuExplainerOnReferencePositions) {
  Grader grader;
  int exact = 0, n = 0;
  for (const MarksRow& r : reference_rows(4)) {
    const Grade g = grader.grade_marks(r.marks);
    ++n;
    ASSERT_TRUE(g.rated()) << format_pencilmarks(r.marks);
    const bool same = std::fabs(rounded_rating(g.er) - r.er) < 1e-6 && std::fabs(rounded_rating(g.ep) - r.ep) < 1e-6 &&
                      std::fabs(rounded_rating(g.ed) - r.ed) < 1e-6;
    exact += same;
    EXPECT_TRUE(same) << format_pencilmarks(r.marks) << " ref " << r.er << "/" << r.ep << "/" << r.ed << " ours "
                      << format_rating(g.er) << "/" << format_rating(g.ep) << "/" << format_rating(g.ed);
  }
  EXPECT_EQ(exact, n);
}

// The player's marks matter: candidates recomputed from the placed digits
// give other ratings on many of these positions (so the test above would
// fail if grade_marks recomputed them).
TEST(GradeMarks, RecomputedCandidatesWouldRateDifferently) {
  Grader grader;
  int differ = 0;
  for (const MarksRow& r : reference_rows(4)) {
    const Grade g = grader.grade(board_from_marks(r.marks).values());
    if (!g.rated() || std::fabs(rounded_rating(g.er) - r.er) > 1e-6 || std::fabs(rounded_rating(g.ed) - r.ed) > 1e-6)
      ++differ;
  }
  EXPECT_GT(differ, 20);
}

TEST(GradeMarks, NoOrSeveralSolutions) {
  Grader grader;
  Candidates all;
  all.masks.fill(kAllDigits);
  EXPECT_EQ(grader.grade_marks(all).status, GradeStatus::MultipleSolutions);
  MarksRow r = reference_rows(100).front();
  const Grade g = grader.grade_marks(r.marks);
  ASSERT_TRUE(g.rated());
  // Take away the solution digit of the first open cell.
  for (int c = 0; c < kCells; ++c)
    if (!is_single_bit(r.marks[c])) {
      r.marks[c] &= static_cast<DigitMask>(~digit_bit(g.solution[c]));
      break;
    }
  EXPECT_EQ(grader.grade_marks(r.marks).status, GradeStatus::NoSolution);
}

}  // namespace
}  // namespace sudokit::grader
