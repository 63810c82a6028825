// Hints from a player's position: reading positions (every form, errors
// naming the cell), mistakes before hints, and the step itself: exactly the
// next step of SE's path from that position, checked against the solution.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>

#include "grader_test_util.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/solver/marks_text.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::grader {
namespace {

using sudokit::test::grid_from;

const std::string kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";

Grid solution_of(const Grid& g) { return solve(g, 1).solution; }

// Placements and eliminations of a step agree with the solution.
void expect_sound(const Step& s, const Grid& solution) {
  if (s.places()) {
    EXPECT_EQ(s.place_digit, solution[s.place_cell]);
  }
  for (int c = 0; c < kCells; ++c)
    EXPECT_EQ(s.removals[c] & digit_bit(solution[c]), 0) << "removes the solution digit of " << cell_name(c);
}

// JSON marks as an array of 81 strings of digits ("" where a cell has none).
std::string json_marks(const Candidates& marks) {
  std::string arr = "[";
  for (int c = 0; c < kCells; ++c) {
    arr += c ? ",\"" : "\"";
    for_each_digit(marks[c], [&](int d) { arr += static_cast<char>('0' + d); });
    arr += "\"";
  }
  return arr + "]";
}

void expect_same_step(const Step& a, const Step& b) {
  EXPECT_EQ(a.technique, b.technique);
  EXPECT_EQ(a.difficulty, b.difficulty);
  EXPECT_EQ(a.place_cell, b.place_cell);
  EXPECT_EQ(a.place_digit, b.place_digit);
  EXPECT_EQ(a.removals.masks, b.removals.masks);
  EXPECT_EQ(a.name(), b.name());
}

TEST(ParsePosition, EveryForm) {
  Position p;
  PositionError e;
  ASSERT_TRUE(parse_position(kPuzzle, p, e)) << e.message;
  EXPECT_EQ(p.givens, grid_from(kPuzzle));
  EXPECT_FALSE(p.has_marks);
  const Grid sol = solution_of(grid_from(kPuzzle));
  std::string entries(81, '.');
  entries[1] = static_cast<char>('0' + sol[1]);
  ASSERT_TRUE(parse_position(kPuzzle + " " + entries, p, e)) << e.message;
  EXPECT_EQ(p.entries[1], sol[1]);
  // The full position (givens and entries in one string) as entries.
  std::string full = kPuzzle;
  full[1] = entries[1];
  ASSERT_TRUE(parse_position(kPuzzle + "\t" + full, p, e)) << e.message;
  EXPECT_EQ(p.entries[1], sol[1]);
  EXPECT_EQ(p.entries[0], 0);
  Candidates marks = Candidates::from_grid(grid_from(kPuzzle));
  for (int c = 0; c < kCells; ++c)
    if (grid_from(kPuzzle)[c]) marks[c] = digit_bit(grid_from(kPuzzle)[c]);
  const std::string pm = format_pencilmarks(marks);
  ASSERT_TRUE(parse_position(pm, p, e)) << e.message;
  EXPECT_TRUE(p.has_marks);
  EXPECT_EQ(p.marks.masks, marks.masks);
  ASSERT_TRUE(parse_position(kPuzzle + " " + pm, p, e)) << e.message;
  EXPECT_TRUE(p.has_marks);
  EXPECT_EQ(p.givens, grid_from(kPuzzle));
  ASSERT_TRUE(parse_position(R"({"givens":")" + kPuzzle + R"(","entries":")" + entries + R"(","marks":")" + pm + R"("})", p, e))
      << e.message;
  EXPECT_EQ(p.entries[1], sol[1]);
  EXPECT_EQ(p.marks.masks, marks.masks);
  // JSON marks as 81 strings.
  const std::string arr = json_marks(marks);
  ASSERT_TRUE(parse_position(R"({"marks":)" + arr + "}", p, e)) << e.message;
  EXPECT_EQ(p.marks.masks, marks.masks);
  // Candidate grid.
  std::string grid;
  for (int r = 0; r < 9; ++r) {
    for (int c = 0; c < 9; ++c) {
      for_each_digit(marks[cell_at(r, c)], [&](int d) { grid += static_cast<char>('0' + d); });
      grid += c % 3 == 2 && c < 8 ? " | " : " ";
    }
    grid += "\n";
    if (r == 2 || r == 5) grid += "------+------+------\n";
  }
  ASSERT_TRUE(parse_position(grid, p, e)) << e.message;
  EXPECT_EQ(p.marks.masks, marks.masks);
  // Records cut out of a text: a line, a grid, a line.
  const std::string text = kPuzzle + "\n\n" + grid + pm + "\n";
  PositionReader reader{LineReader(text)};
  std::string rec;
  std::size_t first = 0;
  ParseError error;
  std::vector<std::size_t> firsts;
  std::vector<std::string> records;
  for (ReadStatus s; (s = reader.next(rec, first, error)) != ReadStatus::End;) {
    ASSERT_EQ(s, ReadStatus::Record) << error.message;
    firsts.push_back(first);
    records.push_back(rec);
  }
  EXPECT_EQ(firsts, (std::vector<std::size_t>{1, 3, 14}));
  EXPECT_EQ(records, (std::vector<std::string>{kPuzzle, grid.substr(0, grid.size() - 1), pm}));
}

// Found by the position fuzz target: a line of separators only has no
// field, and indexing the first one was undefined behaviour.
TEST(ParsePosition, SeparatorsOnlyAreAnEmptyPosition) {
  Position p;
  PositionError e;
  for (const char* text : {",", ";", " , ;", ",,"}) {
    EXPECT_FALSE(parse_position(text, p, e)) << text;
    EXPECT_EQ(e.message, "empty position") << text;
  }
}

TEST(ParsePosition, ErrorsNameTheCell) {
  Position p;
  PositionError e;
  std::string bad = kPuzzle;
  bad[12] = 'x';
  EXPECT_FALSE(parse_position(bad, p, e));
  EXPECT_EQ(e.cell, 12);
  EXPECT_NE(e.message.find("givens: r2c4: "), std::string::npos) << e.message;
  std::string entries(81, '.');
  entries[0] = '4';  // r1c1 is a given 4... and equal: not an entry
  entries[6] = '1';  // r1c7 is a given 8: an entry on a given
  EXPECT_FALSE(parse_position(kPuzzle + " " + entries, p, e));
  EXPECT_EQ(e.cell, 6);
  EXPECT_EQ(e.message, "entries: r1c7: an entry on a given");
  std::string pm(729, '.');
  for (int c = 0; c < kCells; ++c) pm[static_cast<std::size_t>(c * 9)] = '1';
  pm[9 * 30 + 3] = '5';
  EXPECT_FALSE(parse_position(pm, p, e));
  EXPECT_EQ(e.cell, 30);
  EXPECT_NE(e.message.find("r4c4: digit 5 at the place of digit 4"), std::string::npos) << e.message;
  EXPECT_FALSE(parse_position(R"({"givens":")" + kPuzzle + R"(","extra":1})", p, e));
  EXPECT_NE(e.message.find("unknown field \"extra\""), std::string::npos);
  EXPECT_FALSE(parse_position(R"({"marks":["1"]})", p, e));
  EXPECT_FALSE(parse_position("{\"givens\":", p, e));
  EXPECT_EQ(e.message, "not a JSON object");
  EXPECT_FALSE(parse_position(R"({"entries":")" + entries + "\"}", p, e));
}

// The fields an API caller gives separately read as parse_position reads
// the same texts, with the same checks and messages.
TEST(PositionFromFields, AsParsePositionReadsThem) {
  const Grid sol = solution_of(grid_from(kPuzzle));
  std::string entries(81, '.');
  entries[0] = '4';  // equal to the given: not an entry
  entries[1] = static_cast<char>('0' + sol[1]);
  Candidates marks = Candidates::from_grid(grid_from(kPuzzle));
  for (int c = 0; c < kCells; ++c)
    if (grid_from(kPuzzle)[c]) marks[c] = digit_bit(grid_from(kPuzzle)[c]);
  const std::string pm = format_pencilmarks(marks);
  const std::string_view givens = kPuzzle, ent = entries, mk = pm;
  Position a, b;
  PositionError e;
  ASSERT_TRUE(position_from_fields(&givens, &ent, nullptr, a, e)) << e.message;
  ASSERT_TRUE(parse_position(kPuzzle + " " + entries, b, e)) << e.message;
  EXPECT_EQ(a.givens, b.givens);
  EXPECT_EQ(a.entries, b.entries);
  EXPECT_EQ(a.entries[0], 0);
  EXPECT_FALSE(a.has_marks);
  ASSERT_TRUE(position_from_fields(&givens, nullptr, &mk, a, e)) << e.message;
  ASSERT_TRUE(parse_position(kPuzzle + " " + pm, b, e)) << e.message;
  EXPECT_TRUE(a.has_marks);
  EXPECT_EQ(a.marks.masks, b.marks.masks);
  ASSERT_TRUE(position_from_fields(nullptr, nullptr, &mk, a, e)) << e.message;
  EXPECT_EQ(a.givens.clue_count(), 0);

  EXPECT_FALSE(position_from_fields(nullptr, nullptr, nullptr, a, e));
  EXPECT_EQ(e.message, "a position needs givens or marks");
  EXPECT_FALSE(position_from_fields(nullptr, &ent, &mk, a, e));
  EXPECT_EQ(e.message, "entries need the givens");
  entries[6] = '1';  // r1c7 is a given 8
  const std::string_view on_given = entries;
  EXPECT_FALSE(position_from_fields(&givens, &on_given, nullptr, a, e));
  EXPECT_EQ(e.cell, 6);
  EXPECT_EQ(e.message, "entries: r1c7: an entry on a given");
  const std::string_view short_givens = givens.substr(0, 80);
  EXPECT_FALSE(position_from_fields(&short_givens, nullptr, nullptr, a, e));
  EXPECT_NE(e.message.find("givens: expected 81 cells"), std::string::npos) << e.message;
  const std::string_view short_marks = mk.substr(1);
  EXPECT_FALSE(position_from_fields(&givens, nullptr, &short_marks, a, e));
  EXPECT_EQ(e.message.rfind("marks: ", 0), 0u) << e.message;
}

TEST(FindHint, MistakesComeBeforeAnyHint) {
  Grader grader;
  const Grid g = grid_from(kPuzzle);
  const Grid sol = solution_of(g);
  Position p;
  p.givens = g;
  // A wrong entry that breaks no rule (a candidate of r1c2, not its
  // solution digit) and a right one.
  for_each_digit(Candidates::from_grid(g)[1], [&](int d) {
    if (p.entries[1] == 0 && d != sol[1] && d != sol[2]) p.entries[1] = static_cast<std::uint8_t>(d);
  });
  ASSERT_NE(p.entries[1], 0);
  p.entries[2] = sol[2];
  Hint h = find_hint(grader, p);
  ASSERT_EQ(h.status, HintStatus::Mistakes);
  ASSERT_EQ(h.mistakes.size(), 1u);
  EXPECT_EQ(h.mistakes[0].kind, MistakeKind::WrongEntry);
  EXPECT_EQ(h.mistakes[0].cell, 1);
  EXPECT_EQ(h.mistakes[0].solution_digit, sol[1]);
  EXPECT_EQ(h.mistakes[0].message,
            "r1c2: " + std::to_string(p.entries[1]) + " entered, the solution has " + std::to_string(sol[1]));
  // Marks that lost the solution digit.
  Position m;
  m.givens = g;
  m.has_marks = true;
  m.marks = Candidates::from_grid(g);
  m.marks[3] &= static_cast<DigitMask>(~digit_bit(sol[3]));
  h = find_hint(grader, m);
  ASSERT_EQ(h.status, HintStatus::Mistakes);
  ASSERT_EQ(h.mistakes.size(), 1u);
  EXPECT_EQ(h.mistakes[0].kind, MistakeKind::LostDigit);
  EXPECT_EQ(h.mistakes[0].message, "r1c4: the marks lost " + std::to_string(sol[3]) + ", the solution digit");
}

TEST(FindHint, NoOrSeveralSolutionsAndRuleBreaks) {
  Grader grader;
  Position p;
  p.givens = grid_from(std::string(80, '.') + "1");
  EXPECT_EQ(find_hint(grader, p).status, HintStatus::MultipleSolutions);
  // Entries that clash when the givens have no single solution: the clash.
  p.entries[8] = 1;  // r1c9; r9c9 is a given 1
  Hint h = find_hint(grader, p);
  EXPECT_EQ(h.status, HintStatus::InvalidPosition);
  EXPECT_NE(h.message.find("digit 1 appears twice"), std::string::npos) << h.message;
  // Givens that clash.
  p = Position{};
  p.givens = grid_from(kPuzzle);
  p.givens[1] = 4;  // r1c1 is a given 4
  h = find_hint(grader, p);
  EXPECT_EQ(h.status, HintStatus::InvalidPosition);
  EXPECT_NE(h.message.find("digit 4 appears twice"), std::string::npos) << h.message;
  Position m;
  m.has_marks = true;
  m.marks.masks.fill(kAllDigits);
  EXPECT_EQ(find_hint(grader, m).status, HintStatus::MultipleSolutions);
  m.givens = solution_of(grid_from(kPuzzle));
  EXPECT_EQ(find_hint(grader, m).status, HintStatus::Solved);
}

// Issue #45: entries that clash with each other or with a given, when the
// givens have one solution, are mistakes (those that differ from the
// solution), not an invalid position.
TEST(FindHint, ClashingEntriesAreMistakes) {
  Grader grader;
  const Grid g = grid_from(kPuzzle);
  const Grid sol = solution_of(g);
  Position p;
  p.givens = g;
  p.entries[1] = 4;  // r1c1 is a given 4
  Hint h = find_hint(grader, p);
  ASSERT_EQ(h.status, HintStatus::Mistakes) << h.message;
  ASSERT_EQ(h.mistakes.size(), 1u);
  EXPECT_EQ(h.mistakes[0].kind, MistakeKind::WrongEntry);
  EXPECT_EQ(h.mistakes[0].cell, 1);
  EXPECT_EQ(h.mistakes[0].solution_digit, sol[1]);
  // Two entries of the same digit in row 9: the one right is no mistake.
  p = Position{};
  p.givens = g;
  int right = -1, wrong = -1;
  for (int c = 72; c < 81 && wrong < 0; ++c)
    for (int o = 72; o < 81; ++o)
      if (g[c] == 0 && g[o] == 0 && o != c && right < 0 && (Candidates::from_grid(g)[o] & digit_bit(sol[c])))
        right = c, wrong = o;
  ASSERT_GE(wrong, 0);
  p.entries[right] = sol[right];
  p.entries[wrong] = sol[right];
  ASSERT_TRUE(find_conflict(p.givens).has_value() == false);
  h = find_hint(grader, p);
  ASSERT_EQ(h.status, HintStatus::Mistakes) << h.message;
  ASSERT_EQ(h.mistakes.size(), 1u);
  EXPECT_EQ(h.mistakes[0].cell, wrong);
  EXPECT_EQ(h.mistakes[0].digit, sol[right]);
}

// The position of issue #45: every cell's candidates (as the givens leave
// them) but a stray 9 in r1c2, whose row and box hold the given 9 of r1c1.
const std::string kStrayPuzzle = "9.5...2..7....9......74...16....2.5.....9.6....85.......1...9...2..1..7..9...85.6";

Position stray_nine_position() {
  Position p;
  p.givens = grid_from(kStrayPuzzle);
  p.has_marks = true;
  p.marks = Candidates::from_grid(p.givens);
  p.marks[1] |= digit_bit(9);
  return p;
}

// Marks a placed digit rules out are not candidates: the hint removes them
// (a Basic Elimination) before any technique may build on them. Before the
// fix the hint was "r1c2=9 hidden single in box 1"; the solution has 8.
TEST(FindHint, MarksAPlacedDigitRulesOutComeOffFirst) {
  Grader grader;
  Position p = stray_nine_position();
  const Grid sol = solution_of(p.givens);
  ASSERT_EQ(sol[1], 8);
  Hint h = find_hint(grader, p);
  ASSERT_EQ(h.status, HintStatus::Hint) << h.message;
  EXPECT_EQ(h.step.technique, Technique::BasicElimination);
  EXPECT_FALSE(h.step.places());
  Candidates expected{};
  expected[1] = digit_bit(9);
  EXPECT_EQ(h.step.removals.masks, expected.masks);
  EXPECT_EQ(explain(h.step), "r1c2<>9 basic elimination: r1c1 is 9");
  // The peer that rules the mark out, as a weak link every entry point draws.
  ASSERT_EQ(h.drawing.links.size(), 1u);
  EXPECT_EQ(h.drawing.links[0], (ChainLink{{0, 9, true}, {1, 9, false}, LinkKind::Weak}));
  EXPECT_EQ(technique_key(h.step.technique), "basic-elimination");
  EXPECT_EQ(h.step.name(), "Basic Elimination");
  ASSERT_EQ(h.drawing.eliminated.size(), 1u);
  EXPECT_EQ(h.drawing.eliminated[0], (CandidateRef{1, 9}));
  EXPECT_TRUE(h.drawing.placed.empty());
  EXPECT_EQ(h.area.cells, std::vector<int>{1});
  // Once they are gone, the hint is the puzzle's own first step.
  p.marks[1] &= static_cast<DigitMask>(~digit_bit(9));
  h = find_hint(grader, p);
  ASSERT_EQ(h.status, HintStatus::Hint) << h.message;
  GradeOptions keep;
  keep.keep_steps = true;
  expect_same_step(h.step, grader.grade(p.givens, keep).steps.at(0));
  // No list of techniques knows the basic elimination.
  Technique t;
  EXPECT_FALSE(parse_technique("basic-elimination", t));
  EXPECT_EQ(technique_keys(~TechniqueSet{0}).size(), static_cast<std::size_t>(kTechniqueCount));
}

// Several stray marks: each named with the placed peer that rules it out,
// grouped by peer, in the order of the eliminations (by cell, then digit).
TEST(FindHint, BasicEliminationNamesThePeerOfEachMark) {
  Grader grader;
  Position p = stray_nine_position();  // r1c1 is 9, r1c3 is 5
  p.marks[2 * 9 + 1] |= digit_bit(9);  // r3c2: r1c1 is 9 (box 1)
  p.marks[1] |= digit_bit(5);          // r1c2: r1c3 is 5
  const Hint h = find_hint(grader, p);
  ASSERT_EQ(h.status, HintStatus::Hint) << h.message;
  ASSERT_EQ(h.step.technique, Technique::BasicElimination);
  EXPECT_EQ(explain(h.step), "r1c2<>5, r1c2,r3c2<>9 basic elimination: r1c3 is 5 (r1c2), r1c1 is 9 (r1c2,r3c2)");
  ASSERT_EQ(h.drawing.links.size(), 3u);
  EXPECT_EQ(h.drawing.links[0], (ChainLink{{2, 5, true}, {1, 5, false}, LinkKind::Weak}));
  EXPECT_EQ(h.drawing.links[2], (ChainLink{{0, 9, true}, {19, 9, false}, LinkKind::Weak}));
}

// The soundness check runs in every build (release too): a step that
// contradicts a placed digit or the solution becomes an internal error with
// no step, never a wrong hint. Forged from the puzzle's real first step.
TEST(HintFromStep, AWrongStepIsAnInternalErrorNeverAHint) {
  Grader grader;
  const Grid givens = grid_from(kStrayPuzzle);
  const Board board(givens);
  const Grid sol = solution_of(givens);
  GradeOptions keep;
  keep.keep_steps = true;
  const Step real = grader.grade(givens, keep).steps.at(0);
  ASSERT_TRUE(real.places());
  const Hint good = hint_from_step(real, board, sol);
  EXPECT_EQ(good.status, HintStatus::Hint);
  expect_same_step(good.step, real);
  EXPECT_EQ(good.drawing.placed.size(), 1u);

  std::vector<Step> wrong;
  Step s = real;
  s.place_digit = static_cast<std::uint8_t>(sol[real.place_cell] % 9 + 1);  // not the solution's
  wrong.push_back(s);
  s = real;
  s.place_cell = 0;  // r1c1, a given
  s.place_digit = static_cast<std::uint8_t>(sol[0]);
  wrong.push_back(s);
  s = real;
  s.removals[real.place_cell == 1 ? 2 : 1] |= digit_bit(sol[real.place_cell == 1 ? 2 : 1]);  // the solution's digit
  wrong.push_back(s);
  s = real;
  s.removals[0] |= digit_bit(sol[0] % 9 + 1);  // from a given's cell
  wrong.push_back(s);
  for (const Step& w : wrong) {
    const Hint h = hint_from_step(w, board, sol);
    EXPECT_EQ(h.status, HintStatus::InternalError) << explain(w);
    EXPECT_EQ(hint_status_key(h.status), "internal-error");
    EXPECT_EQ(h.message.rfind("internal error: the step found (" + explain(w) + ")", 0), 0u) << h.message;
    EXPECT_FALSE(h.step.places());
    EXPECT_FALSE(h.step.has_eliminations());
    EXPECT_TRUE(h.drawing.placed.empty() && h.drawing.eliminated.empty());
  }
}

// Marks never narrowed (every cell 1-9, as an app that sends every digit
// for "no marks yet"): the basic elimination first, not a search for the
// whole time limit; after it, the board the givens give.
TEST(FindHint, NeverNarrowedMarksGetTheBasicEliminationFirst) {
  Grader grader;
  for (const std::string& puzzle : {kPuzzle, kStrayPuzzle}) {
    Position p;
    p.givens = grid_from(puzzle);
    p.has_marks = true;
    p.marks.masks.fill(kAllDigits);
    const Hint h = find_hint(grader, p);
    ASSERT_EQ(h.status, HintStatus::Hint) << h.message;
    EXPECT_EQ(h.step.technique, Technique::BasicElimination);
    Board board = position_board(p);
    board.apply(h.step);
    EXPECT_EQ(board.candidate_masks().masks, Candidates::from_grid(p.givens).masks) << puzzle;
  }
}

// A filled cell's marks are ignored: empty (no "no candidate left") or
// anything else, in every form that carries marks; an empty cell without
// a mark is still an error naming it.
TEST(ParsePosition, FilledCellsNeedNoMarks) {
  Grader grader;
  const Grid g = grid_from(kPuzzle);
  Candidates marks = Candidates::from_grid(g);  // 0 on the givens
  const std::string pm = format_pencilmarks(marks);
  Position p;
  PositionError e;
  ASSERT_TRUE(parse_position(kPuzzle + " " + pm, p, e)) << e.message;
  const Hint plain = find_hint(grader, p);
  ASSERT_EQ(plain.status, HintStatus::Hint);
  const std::string arr = json_marks(marks);
  ASSERT_TRUE(parse_position(R"({"givens":")" + kPuzzle + R"(","marks":)" + arr + "}", p, e)) << e.message;
  ASSERT_TRUE(parse_position(R"({"givens":")" + kPuzzle + R"(","marks":")" + pm + "\"}", p, e)) << e.message;
  const std::string_view givens = kPuzzle, mk = pm;
  ASSERT_TRUE(position_from_fields(&givens, nullptr, &mk, p, e)) << e.message;
  // An entry's cell needs no mark either.
  const Grid sol = solution_of(g);
  std::string entries(81, '.');
  entries[1] = static_cast<char>('0' + sol[1]);
  std::string pm_entry = pm;
  for (int d = 0; d < 9; ++d) pm_entry[9 + static_cast<std::size_t>(d)] = '.';
  ASSERT_TRUE(parse_position(R"({"givens":")" + kPuzzle + R"(","entries":")" + entries + R"(","marks":")" + pm_entry + "\"}",
                             p, e))
      << e.message;
  // Other marks on the givens change nothing.
  Candidates noisy = marks;
  for (int c = 0; c < kCells; ++c)
    if (g[c]) noisy[c] = static_cast<DigitMask>(kAllDigits & ~digit_bit(g[c]));
  ASSERT_TRUE(parse_position(kPuzzle + " " + format_pencilmarks(noisy), p, e)) << e.message;
  const Hint h = find_hint(grader, p);
  ASSERT_EQ(h.status, HintStatus::Hint);
  expect_same_step(h.step, plain.step);
  // An empty cell without marks is an error, as before.
  std::string hole = pm;
  for (int d = 0; d < 9; ++d) hole[9 + static_cast<std::size_t>(d)] = '.';
  EXPECT_FALSE(parse_position(kPuzzle + " " + hole, p, e));
  EXPECT_EQ(e.cell, 1);
  EXPECT_EQ(e.column, 10u);
  EXPECT_EQ(e.message, "marks: r1c2: no candidate left");
  EXPECT_FALSE(parse_position(hole, p, e));  // marks alone: every cell needs one
  EXPECT_EQ(e.message, "marks: r1c1: no candidate left");
}

// A simple deterministic generator for the property test (splitmix64).
struct Mix {
  std::uint64_t s;
  std::uint64_t next() {
    std::uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  int below(int n) { return static_cast<int>(next() % static_cast<std::uint64_t>(n)); }
};

// Property (issue #45): from many positions made from real puzzles (a point
// of SE's path, the player's marks its candidates, then stray marks of
// digits a placed peer holds, and wider marks that no placed digit rules
// out), following the hints as a careless app would (a placement is
// entered, its peers' marks left as they are; eliminations come off the
// marks) never places or removes against the solution, and a hint that
// finds stray marks removes exactly them.
TEST(FindHint, NeverContradictsAPlacedDigitOnStaleMarks) {
  Grader grader;
  GradeOptions keep;
  keep.keep_steps = true;
  const auto puzzles = sudokit::test::load_puzzles("se_rated_calibration.tsv", 25);
  Mix rng{45};
  int hints = 0, basic = 0, positions = 0;
  for (const Grid& puzzle : puzzles) {
    const Grade g = grader.grade(puzzle, keep);
    ASSERT_TRUE(g.rated());
    for (int round = 0; round < 2; ++round) {
      Board board(puzzle);
      const int k = rng.below(static_cast<int>(g.steps.size()));
      for (int i = 0; i < k; ++i) board.apply(g.steps[static_cast<std::size_t>(i)]);
      Position p;
      p.givens = puzzle;
      p.has_marks = true;
      p.marks = board.candidate_masks();
      for (int c = 0; c < kCells; ++c)
        if (puzzle[c] == 0) p.entries[c] = static_cast<std::uint8_t>(board.value(c));
      const Grid placed = board.values();
      for (int n = 0; n < 12; ++n) {
        const int c = rng.below(kCells);
        if (placed[c] != 0) continue;
        const int peer = kPeers[static_cast<std::size_t>(c)][static_cast<std::size_t>(rng.below(20))];
        if (placed[peer] != 0) p.marks[c] |= digit_bit(placed[peer]);  // stray
        else if (n % 3 == 0) p.marks[c] |= digit_bit(1 + rng.below(9));  // wider (may be stray too)
      }
      ++positions;
      for (int step = 0; step < 15; ++step) {
        const Board before = position_board(p);
        const Hint h = find_hint(grader, p, HintOptions{});
        if (h.status == HintStatus::Solved) break;
        ASSERT_EQ(h.status, HintStatus::Hint) << h.message;
        ++hints;
        const Step& s = h.step;
        const Step stale = basic_elimination(before);
        if (stale.has_eliminations()) {
          ++basic;
          EXPECT_EQ(s.technique, Technique::BasicElimination);
          EXPECT_EQ(s.removals.masks, stale.removals.masks);
          // Each removed mark once, with a peer that holds its digit.
          EXPECT_EQ(s.chain.size(), static_cast<std::size_t>(s.elimination_count())) << explain(s);
          Candidates named{};
          for (const ChainLink& l : s.chain) {
            EXPECT_EQ(before.value(l.from.cell), l.from.digit) << explain(s);
            EXPECT_TRUE(l.from.on && !l.to.on && l.kind == LinkKind::Weak && l.from.digit == l.to.digit);
            const auto& peers = kPeers[static_cast<std::size_t>(l.to.cell)];
            EXPECT_NE(std::find(peers.begin(), peers.end(), l.from.cell), peers.end()) << explain(s);
            named[l.to.cell] |= digit_bit(l.to.digit);
            EXPECT_NE(explain(s).find(cell_name(l.from.cell) + " is " + std::to_string(l.from.digit)),
                      std::string::npos) << explain(s);
          }
          EXPECT_EQ(named.masks, s.removals.masks) << explain(s);
        }
        if (s.places()) {
          EXPECT_EQ(s.place_digit, g.solution[s.place_cell]) << explain(s);
          EXPECT_EQ(before.value(s.place_cell), 0);
          for (int peer : kPeers[static_cast<std::size_t>(s.place_cell)])
            EXPECT_NE(before.value(peer), s.place_digit) << explain(s);
          p.entries[s.place_cell] = s.place_digit;
        }
        for (int c = 0; c < kCells; ++c) {
          EXPECT_EQ(s.removals[c] & digit_bit(g.solution[c]), 0) << explain(s) << " removes the solution of " << cell_name(c);
          if (c != s.place_cell) p.marks[c] &= static_cast<DigitMask>(~s.removals[c]);
        }
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
  EXPECT_GT(positions, 40);
  EXPECT_GT(basic, 60);  // the stray marks, and those every placement leaves
  EXPECT_GT(hints, 300);
}

// From positions along SE's own path (after 0, 10, 30 steps; the player's
// marks are the path's candidates): the hint is exactly the path's next step,
// and sound against the solution. Without marks (givens + entries only) the
// hint is the first step of grading that position as a puzzle.
TEST(FindHint, IsTheNextStepOfSesPathFromAnyPosition) {
  Grader grader;
  GradeOptions keep;
  keep.keep_steps = true;
  const auto puzzles = sudokit::test::load_puzzles("se_rated_calibration.tsv", 40);
  int checked = 0;
  for (const Grid& puzzle : puzzles) {
    const Grade g = grader.grade(puzzle, keep);
    ASSERT_TRUE(g.rated());
    Board board(puzzle);
    for (std::size_t k = 0; k < g.steps.size(); ++k) {
      if (k == 0 || k == 10 || k == 30) {
        Position p;
        p.givens = puzzle;
        for (int c = 0; c < kCells; ++c)
          if (puzzle[c] == 0) p.entries[c] = static_cast<std::uint8_t>(board.value(c));
        p.has_marks = true;
        p.marks = board.candidate_masks();
        const Hint h = find_hint(grader, p);
        ASSERT_EQ(h.status, HintStatus::Hint) << h.message;
        expect_same_step(h.step, g.steps[k]);
        expect_sound(h.step, g.solution);
        // The drawing: eliminated candidates were on the board, causes are on
        // the board and are not eliminated; the placement is the step's.
        for (const CandidateRef& x : h.drawing.eliminated) EXPECT_TRUE(board.has(x.cell, x.digit));
        for (const CandidateRef& x : h.drawing.cause) {
          EXPECT_TRUE(board.has(x.cell, x.digit));
          EXPECT_EQ(h.step.removals[x.cell] & digit_bit(x.digit), 0);
        }
        EXPECT_EQ(h.drawing.placed.size(), h.step.places() ? 1u : 0u);
        // Every pattern technique draws its cause or houses (chains carry
        // theirs in the chain text only, so far).
        const bool chain = h.step.technique >= Technique::XCycle && h.step.technique != Technique::TUVWXYZWing &&
                           h.step.technique != Technique::AlignedTripletExclusion;
        if (!chain) {
          EXPECT_FALSE(h.drawing.cause.empty() && h.drawing.houses.empty()) << h.step.name();
        }
        // Without marks: the first step of the position graded as a puzzle.
        Position plain = p;
        plain.has_marks = false;
        const Hint hp = find_hint(grader, plain);
        ASSERT_EQ(hp.status, HintStatus::Hint);
        expect_sound(hp.step, g.solution);
        Grade first = grader.grade(board.values(), keep);
        ASSERT_FALSE(first.steps.empty());
        expect_same_step(hp.step, first.steps[0]);
        ++checked;
      }
      board.apply(g.steps[k]);
    }
  }
  EXPECT_GT(checked, 100);
}

// Every house a hint names (its area and its drawing) holds something of
// the step: a cell of its pattern, its placement or a cell that loses a
// candidate. A fish once named row 1 or column 1 whatever its lines were
// (the orientation was kept in the field that names the step's house).
TEST(HintArea, EveryHouseItNamesHoldsPartOfTheStep) {
  Grader grader;
  GradeOptions keep;
  keep.keep_steps = true;
  const std::vector<Grid> puzzles = sudokit::test::load_puzzles("se_rated_calibration.tsv", 6);  // every 6th
  std::map<Technique, int> seen;
  for (const Grid& puzzle : puzzles) {
    const Grade g = grader.grade(puzzle, keep);
    if (!g.rated()) continue;
    Board board(puzzle);
    for (const Step& step : g.steps) {
      CellSet touched = step.cells;
      if (step.places()) touched.add(step.place_cell);
      for (int c = 0; c < kCells; ++c)
        if (step.removals[c]) touched.add(c);
      const HintDrawing drawing = hint_drawing(step, board);
      const HintArea area = hint_area(step);
      for (const std::vector<int>* houses : {&area.houses, &drawing.houses})
        for (int u : *houses)
          EXPECT_FALSE((kUnitSet[static_cast<std::size_t>(u)] & touched).empty())
              << step.name() << ": " << explain(step) << " names house " << u;
      ++seen[step.technique];
      board.apply(step);
    }
  }
  EXPECT_GT(seen[Technique::XWing], 5);
  EXPECT_GT(seen[Technique::Swordfish], 0);
}

// The links of a chain step (and of the strong-link chains: skyscraper,
// 2-string kite, turbot fish, 3 and 4 strong links, when no link is a
// group), against the board it was found on: a weak link
// goes from a true candidate to a false one that sees it (same cell, or the
// same digit in a house); a strong link from a false candidate to a true one
// that is then the last of its cell or the last place of its digit in a
// house (for the static chains, on the board itself; dynamic chains reason
// on a reduced board, so there the two must only see each other); every
// chain starts at an assumption (a root) or at a candidate already drawn; the
// drawing's on/off candidates are the links' ends, and all are on the board.
TEST(HintDrawing, ChainLinksHoldOnTheBoard) {
  Grader grader;
  GradeOptions keep;
  keep.keep_steps = true;
  const std::vector<Grid> puzzles = sudokit::test::load_puzzles("se_rated_calibration.tsv", 3);  // every 3rd
  std::map<Technique, int> seen;
  auto sees = [](const ChainNode& a, const ChainNode& b) {
    if (a.cell == b.cell) return a.digit != b.digit;
    if (a.digit != b.digit) return false;
    for (std::uint8_t p : kPeers[static_cast<std::size_t>(a.cell)])
      if (p == b.cell) return true;
    return false;
  };
  for (const Grid& puzzle : puzzles) {
    const Grade g = grader.grade(puzzle, keep);
    if (!g.rated() || g.er < 6.5) continue;
    Board board(puzzle);
    for (const Step& step : g.steps) {
      const bool strong_links = step.technique == Technique::TwoStrongLinks ||
                                step.technique == Technique::ThreeStrongLinks ||
                                step.technique == Technique::FourStrongLinks;
      const bool chain = (step.technique >= Technique::XCycle && step.technique != Technique::TUVWXYZWing &&
                          step.technique != Technique::AlignedTripletExclusion) ||
                         (strong_links && !step.grouped);
      const bool dynamic = step.technique >= Technique::NishioForcingChain && step.technique != Technique::TUVWXYZWing &&
                           step.technique != Technique::AlignedTripletExclusion;
      if (!chain) {
        EXPECT_TRUE(step.chain.empty()) << step.name();
        board.apply(step);
        continue;
      }
      ++seen[step.technique];
      EXPECT_FALSE(step.chain.empty()) << step.name() << ": " << step.detail;
      std::vector<ChainNode> drawn;
      for (const ChainLink& l : step.chain) {
        const std::string what = step.name() + ": " + step.detail;
        for (const ChainNode& n : {l.from, l.to}) EXPECT_TRUE(board.has(n.cell, n.digit)) << what;
        // A chain starts at a candidate drawn before, or at an assumption: the
        // first (a cycle comes back to it) or a root that no link leads to.
        const bool root = std::none_of(step.chain.begin(), step.chain.end(), [&](const ChainLink& k) { return k.to == l.from; });
        EXPECT_TRUE(drawn.empty() || root || std::find(drawn.begin(), drawn.end(), l.from) != drawn.end()) << what;
        if (l.kind == LinkKind::Weak) {
          EXPECT_TRUE(l.from.on && !l.to.on) << what;
          EXPECT_TRUE(sees(l.from, l.to)) << what;
        } else if (l.kind == LinkKind::Strong) {
          EXPECT_TRUE(!l.from.on && l.to.on) << what;
          EXPECT_TRUE(sees(l.from, l.to)) << what;
          if (!dynamic) {
            const bool bivalue = l.from.cell == l.to.cell && popcount(board.candidates(l.to.cell)) == 2;
            bool bilocal = false;
            for (int u = 0; u < 27 && l.from.cell != l.to.cell; ++u)
              if (kUnitSet[static_cast<std::size_t>(u)].has(l.from.cell) && kUnitSet[static_cast<std::size_t>(u)].has(l.to.cell))
                bilocal |= popcount(board.positions(u, l.to.digit)) == 2;
            EXPECT_TRUE(bivalue || bilocal) << what;
          }
        } else {
          EXPECT_TRUE(dynamic) << what;
          EXPECT_FALSE(l.to.on) << what;
        }
        drawn.push_back(l.from);
        drawn.push_back(l.to);
      }
      const HintDrawing d = hint_drawing(step, board);
      EXPECT_EQ(d.links, step.chain);
      for (const ChainNode& n : drawn) {
        const auto& list = n.on ? d.on : d.off;
        EXPECT_NE(std::find(list.begin(), list.end(), CandidateRef{n.cell, n.digit}), list.end());
      }
      std::set<std::pair<int, bool>> keys;  // each candidate once per role
      for (const ChainNode& n : drawn) keys.insert({n.cell * 10 + n.digit, n.on});
      EXPECT_EQ(d.on.size() + d.off.size(), keys.size());
      board.apply(step);
    }
  }
  EXPECT_GT(seen[Technique::XCycle] + seen[Technique::YCycle] + seen[Technique::ForcingXChain], 0);
  EXPECT_GT(seen[Technique::TwoStrongLinks], 0);
  EXPECT_GT(seen[Technique::ForcingChain] + seen[Technique::XYCycle], 0);
  EXPECT_GT(seen[Technique::CellForcingChain] + seen[Technique::RegionForcingChain] +
                seen[Technique::NishioForcingChain] + seen[Technique::DynamicForcingChain],
            0);
}

// On the reference pencil-mark positions: the hint's rating is SE's ED (the
// first step), and the hint is sound.
TEST(FindHint, FirstStepOnReferencePencilMarks) {
  Grader grader;
  std::ifstream in(sudokit::test::data_path("se_rated_pencilmarks.tsv"));
  std::string line;
  std::getline(in, line);
  int n = 0;
  for (std::size_t i = 0; std::getline(in, line); ++i) {
    if (i % 5 != 0) continue;
    Position p;
    PositionError e;
    ASSERT_TRUE(parse_position(line.substr(0, kPencilmarkLength), p, e)) << e.message;
    double er = 0, ep = 0, ed = 0;
    ASSERT_EQ(std::sscanf(line.c_str() + kPencilmarkLength, "%lf %lf %lf", &er, &ep, &ed), 3);
    const Hint h = find_hint(grader, p);
    ASSERT_EQ(h.status, HintStatus::Hint) << h.message;
    EXPECT_DOUBLE_EQ(rounded_rating(h.step.difficulty), ed) << line;
    expect_sound(h.step, h.solution);
    ++n;
  }
  EXPECT_EQ(n, 140);
}

}  // namespace
}  // namespace sudokit::grader
