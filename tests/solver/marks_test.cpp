// Pencil-mark text formats (729-character lines, candidate grids) and the
// solver under pencil marks.
#include <gtest/gtest.h>

#include "sudokit/solver/marks_text.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/solve_marks.hpp"
#include "test_data.hpp"

namespace sudokit {
namespace {

const char* kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

std::string full_marks() {
  std::string s;
  for (int c = 0; c < kCells; ++c) s += "123456789";
  return s;
}

TEST(PencilMarks, RoundTripOfCandidatesFromAPuzzle) {
  const Candidates from = Candidates::from_grid(test::grid_from(kPuzzle));
  Candidates marks = from;
  const Grid g = test::grid_from(kPuzzle);
  for (int c = 0; c < kCells; ++c)
    if (g[c]) marks[c] = digit_bit(g[c]);
  const std::string line = format_pencilmarks(marks);
  ASSERT_EQ(line.size(), kPencilmarkLength);
  EXPECT_TRUE(looks_like_pencilmarks(line));
  Candidates back;
  ParseError err;
  ASSERT_TRUE(parse_pencilmarks(line, back, err)) << err.message;
  EXPECT_EQ(back.masks, marks.masks);
  // '0' means absent as well as '.'.
  std::string zeros = line;
  for (char& c : zeros)
    if (c == '.') c = '0';
  ASSERT_TRUE(parse_pencilmarks(zeros, back, err)) << err.message;
  EXPECT_EQ(back.masks, marks.masks);
}

TEST(PencilMarks, ErrorsNameTheCell) {
  Candidates m;
  ParseError err;
  std::string s = full_marks();
  s[9 * 12 + 4] = '7';  // r2c4, the place of digit 5
  EXPECT_FALSE(parse_pencilmarks(s, m, err));
  EXPECT_EQ(err.column, 9u * 12 + 5);
  EXPECT_EQ(err.message, "r2c4: digit 7 at the place of digit 5 (character 5 of the cell must be 5, '.' or '0')");
  s = full_marks();
  s[9 * 80 + 8] = 'x';
  EXPECT_FALSE(parse_pencilmarks(s, m, err));
  EXPECT_EQ(err.message, "r9c9: invalid character 'x' (expected 9, '.' or '0')");
  s = full_marks();
  for (int i = 0; i < 9; ++i) s[static_cast<std::size_t>(9 * 40 + i)] = '.';
  EXPECT_FALSE(parse_pencilmarks(s, m, err));
  EXPECT_EQ(err.message, "r5c5: no candidate left");
  EXPECT_FALSE(parse_pencilmarks(s.substr(1), m, err));
  EXPECT_NE(err.message.find("728"), std::string::npos);
}

TEST(CandidateGrid, ReadsHodokuPrintWithFrames) {
  // The solved-grid-with-one-candidate corner cases aside, a grid is 9 rows of 9 groups.
  const Candidates from = Candidates::from_grid(test::grid_from(kPuzzle));
  const Grid g = test::grid_from(kPuzzle);
  std::string text = ".----------------------.\n";
  for (int r = 0; r < 9; ++r) {
    text += "| ";
    for (int c = 0; c < 9; ++c) {
      const int cell = cell_at(r, c);
      DigitMask m = g[cell] ? digit_bit(g[cell]) : from[cell];
      for_each_digit(m, [&](int d) { text += static_cast<char>('0' + d); });
      text += c % 3 == 2 ? " | " : " ";
    }
    text += "\n";
    if (r % 3 == 2) text += r == 8 ? "'-------+-------'\n" : ":-------+-------:\n";
  }
  Candidates m;
  ParseError err;
  ASSERT_TRUE(parse_candidate_grid(text, m, err)) << err.line << ": " << err.message;
  for (int c = 0; c < kCells; ++c) EXPECT_EQ(m[c], g[c] ? digit_bit(g[c]) : from[c]) << c;
  EXPECT_TRUE(is_candidate_frame(":-------+-------:"));
  EXPECT_FALSE(is_candidate_frame("123 | 4"));
  EXPECT_TRUE(is_candidate_row("1 2 3 | 4 5 6 | 789 1 2"));
}

TEST(CandidateGrid, ErrorsNameTheRowOrCell) {
  Candidates m;
  ParseError err;
  std::string rows;
  for (int r = 0; r < 9; ++r) rows += "1 2 3 4 5 6 7 8 9\n";
  ASSERT_TRUE(parse_candidate_grid(rows, m, err)) << err.message;
  std::string bad = rows;
  bad.replace(bad.find("1 2 3 4 5 6 7 8 9\n", 18 * 2), 18, "1 2 3 4 5 6 7 8 99\n");
  EXPECT_FALSE(parse_candidate_grid(bad, m, err));
  EXPECT_EQ(err.message, "r3c9: digit 9 listed twice");
  EXPECT_EQ(err.line, 3u);
  EXPECT_FALSE(parse_candidate_grid(rows.substr(18), m, err));
  EXPECT_EQ(err.message, "a candidate grid has 9 rows, this one has 8");
  EXPECT_FALSE(parse_candidate_grid("1 2 3 4 5 6 7 8\n" + rows, m, err));
  EXPECT_EQ(err.message, "row 1 of the candidate grid has 8 cells, expected 9");
  EXPECT_FALSE(parse_candidate_grid(rows + "1 2 3 4 5 6 7 8 9\n", m, err));
  EXPECT_EQ(err.line, 10u);
  EXPECT_FALSE(parse_candidate_grid("1 2 x\n", m, err));
  EXPECT_EQ(err.message, "invalid character 'x' in a candidate grid");
}

TEST(SolveMarks, AgreesWithTheSolverOnPuzzlesAndSeesMarks) {
  const Grid g = test::grid_from(kPuzzle);
  Candidates marks = Candidates::from_grid(g);
  for (int c = 0; c < kCells; ++c)
    if (g[c]) marks[c] = digit_bit(g[c]);
  const SolveResult ref = solve(g, 2);
  const SolveResult got = solve_marks(marks, 2);
  ASSERT_EQ(ref.count, 1u);
  EXPECT_EQ(got.count, 1u);
  EXPECT_EQ(got.solution, ref.solution);
  // Removing the solution digit of one cell leaves no solution.
  Candidates lost = marks;
  const int cell = 1;
  lost[cell] &= static_cast<DigitMask>(~digit_bit(ref.solution[cell]));
  EXPECT_EQ(solve_marks(lost, 2).count, 0u);
  // All marks everywhere: many solutions; an empty mask: none.
  Candidates all;
  all.masks.fill(kAllDigits);
  EXPECT_EQ(solve_marks(all, 2).count, 2u);
  all[40] = 0;
  EXPECT_EQ(solve_marks(all, 2).count, 0u);
}

}  // namespace
}  // namespace sudokit
