// Nishio, multiple (cell and region) and dynamic forcing chains, dynamic (+)
// and a nested level: hand-made candidate pictures on an open board where
// each hint kind applies, with the exact conclusion, the complexity counted
// by hand from the specification's rules (ancestors of each branch's
// conclusion, hidden parents in dynamic mode, rule parents of nested
// techniques) and the rating from its length rule; every hint is checked
// by exhaustive search over the picture. Traps: branches that do not all
// agree, states of two different runs, a reduced grid left over from an
// earlier run. Two real positions tie the (+) and nested levels to the
// reference rater's published ratings.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "chain_reader.hpp"
#include "grader_test_util.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::grader {
namespace {

using test::box_unit;
using test::cells_losing;
using test::cells_of;
using test::col_unit;
using test::confine;
using test::digits;
using test::rc;
using test::row_unit;
using test::spec_increment;

std::vector<Step> run(std::unique_ptr<Producer> p, const Board& b) { return test::all_steps(*p, b); }

// The first (cheapest) hint with this SE name that removes `digit` from `cell`.
const Step* find_hint(const std::vector<Step>& steps, const std::string& name, int cell, int digit) {
  for (const Step& s : steps)
    if (s.name() == name && test::removes(s, cell, digit)) return &s;
  return nullptr;
}

// --- Nishio (7.5) ----------------------------------------------------------------

TEST(NishioChains, ContradictionEliminatesTheAssumption) {
  // 1 in column 4 only at r1c4, r2c4; in column 7 only at r1c7, r2c7.
  // r1c5=1 removes r1c4 and r2c4 (box 2): r1c4<>1 => r2c4=1 (column 4)
  // clashes with r2c4<>1. Branches: r2c4 on <- r1c4 off <- r1c5 on (3),
  // r2c4 off <- r1c5 on (2): complexity 5, the smallest a contradiction
  // can have. r1c1..r1c3 come first in cell order but need 7.
  Board b{Grid{}};
  confine(b, 1, col_unit(4), {rc(1, 4), rc(2, 4)});
  confine(b, 1, col_unit(7), {rc(1, 7), rc(2, 7)});
  const auto found = run(make_nishio_chains(), b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::NishioForcingChain);
  EXPECT_EQ(s.name(), "Nishio Forcing Chains");
  EXPECT_EQ(s.complexity, 5);
  EXPECT_DOUBLE_EQ(s.difficulty, 7.5 + spec_increment(5));
  EXPECT_EQ(cells_losing(s, 1), cells_of({rc(1, 5)}));
  EXPECT_EQ(s.elimination_count(), 1);
  // r1c1=1 fails later, through r2c4=1 and r1c7<>1: 3 + 4 potentials.
  const Step* r1c1 = find_hint(found, "Nishio Forcing Chains", rc(1, 1), 1);
  ASSERT_NE(r1c1, nullptr);
  EXPECT_EQ(r1c1->complexity, 7);
  EXPECT_DOUBLE_EQ(r1c1->difficulty, 7.5 + spec_increment(7));  // 7.6
  test::expect_all_sound(found, b);
}

TEST(NishioChains, FailedOffAssumptionPlaces) {
  // 1 in row 1 only at r1c1, r1c2; in column 1 only at r1c1, r2c1.
  // r1c1<>1 makes r1c2 and r2c1 both 1 in box 1.
  Board b{Grid{}};
  confine(b, 1, row_unit(1), {rc(1, 1), rc(1, 2)});
  confine(b, 1, col_unit(1), {rc(1, 1), rc(2, 1)});
  const auto found = run(make_nishio_chains(), b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  ASSERT_TRUE(s.places());
  EXPECT_EQ(s.place_cell, rc(1, 1));
  EXPECT_EQ(s.place_digit, 1);
  EXPECT_EQ(s.removals[rc(1, 1)], digits("23456789"));
  EXPECT_EQ(s.complexity, 5);
  EXPECT_DOUBLE_EQ(s.difficulty, 7.5);
  test::expect_all_sound(found, b);
}

// --- Multiple forcing chains (8.0) ---------------------------------------------------

// r5c5 {123} with r5c1 {19}, r1c5 {29}, r4c4 {34}, r4c1 {49}.
Board cell_forcing_picture(const char* r4c4) {
  Board b{Grid{}};
  b.set_candidates(rc(5, 5), digits("123"));
  b.set_candidates(rc(5, 1), digits("19"));
  b.set_candidates(rc(1, 5), digits("29"));
  b.set_candidates(rc(4, 4), digits(r4c4));
  b.set_candidates(rc(4, 1), digits("49"));
  return b;
}

TEST(MultipleChains, CellForcingEveryCandidateRemovesTheSameDigit) {
  // r5c5=1 => r5c1=9 => r1c1<>9 (4 potentials);
  // r5c5=2 => r1c5=9 => r1c1<>9 (4);
  // r5c5=3 => r4c4=4 => r4c1=9 => r1c1<>9 (6). Complexity 14: 8.0 + 0.3.
  const Board b = cell_forcing_picture("34");
  const auto found = run(make_multiple_chains(), b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::CellForcingChain);
  EXPECT_EQ(s.name(), "Cell Forcing Chains");
  EXPECT_EQ(s.complexity, 14);
  EXPECT_DOUBLE_EQ(s.difficulty, 8.0 + spec_increment(14));
  EXPECT_EQ(cells_losing(s, 9), cells_of({rc(1, 1)}));
  EXPECT_EQ(s.elimination_count(), 1);
  test::expect_all_sound(found, b);
}

TEST(MultipleChains, CellForcingNeedsEveryBranch) {
  // With r4c4 {345}, r4c4<>3 no longer forces 4 there: the third branch
  // stops, and r1c1 can be 9 (r5c5=3, r4c4=5).
  const Board b = cell_forcing_picture("345");
  const auto found = run(make_multiple_chains(), b);
  for (const Step& s : found) EXPECT_FALSE(test::removes(s, rc(1, 1), 9)) << s.name();
  EXPECT_TRUE(test::CandidateSearch(b).possible(rc(1, 1), 9));
  test::expect_all_sound(found, b);
}

TEST(MultipleChains, RegionForcingEveryPositionRemovesTheSameDigit) {
  // 1 in row 5 only at r5c1, r5c2, r5c9; in row 2 only at r2c3, r2c9.
  // r5c1=1 and r5c2=1 see r4c3 (box 4): 2 potentials each; r5c9=1 =>
  // r2c9<>1 => r2c3=1 => r4c3<>1: 4. Complexity 8: 8.0 + 0.1. r6c3 falls
  // the same way, found second.
  Board b{Grid{}};
  confine(b, 1, row_unit(5), {rc(5, 1), rc(5, 2), rc(5, 9)});
  confine(b, 1, row_unit(2), {rc(2, 3), rc(2, 9)});
  const auto found = run(make_multiple_chains(), b);
  ASSERT_GE(found.size(), 2u);
  EXPECT_EQ(found[0].technique, Technique::RegionForcingChain);
  EXPECT_EQ(found[0].name(), "Region Forcing Chains");
  EXPECT_EQ(found[0].complexity, 8);
  EXPECT_DOUBLE_EQ(found[0].difficulty, 8.0 + spec_increment(8));
  EXPECT_EQ(cells_losing(found[0], 1), cells_of({rc(4, 3)}));
  EXPECT_EQ(found[1].name(), "Region Forcing Chains");
  EXPECT_EQ(found[1].complexity, 8);
  EXPECT_EQ(cells_losing(found[1], 1), cells_of({rc(6, 3)}));
  test::expect_all_sound(found, b);
}

TEST(MultipleChains, RegionForcingNeedsEveryPosition) {
  // A fourth position r5c7 reaches neither r4c3 nor r6c3.
  Board b{Grid{}};
  confine(b, 1, row_unit(5), {rc(5, 1), rc(5, 2), rc(5, 7), rc(5, 9)});
  confine(b, 1, row_unit(2), {rc(2, 3), rc(2, 9)});
  const auto found = run(make_multiple_chains(), b);
  for (const Step& s : found) {
    EXPECT_FALSE(test::removes(s, rc(4, 3), 1)) << s.name();
    EXPECT_FALSE(test::removes(s, rc(6, 3), 1)) << s.name();
  }
  EXPECT_TRUE(test::CandidateSearch(b).possible(rc(4, 3), 1));
  test::expect_all_sound(found, b);
}

// --- Dynamic forcing chains (8.5) ------------------------------------------------------

TEST(DynamicChains, ContradictionThroughTheReducedGrid) {
  // 1 in box 2 only at r1c4, r1c5, r3c6; in row 7 only at r7c1, r7c6.
  // r1c1=1 removes r1c4, then r1c5: box 2 has only r3c6 left, so r3c6=1,
  // which needs both removals (r1c4<>1 is a hidden parent); r3c6=1 =>
  // r7c6<>1, while r7c1<>1 => r7c6=1. Branches: r7c6 on <- r7c1 off <- r1c1
  // (3); r7c6 off <- r3c6 on <- r1c5 off, r1c4 off <- r1c1 (5). 8: 8.5 + 0.1.
  // A static search sees three 1s in box 2 and no chain at all here.
  Board b{Grid{}};
  confine(b, 1, box_unit(2), {rc(1, 4), rc(1, 5), rc(3, 6)});
  confine(b, 1, row_unit(7), {rc(7, 1), rc(7, 6)});
  const auto found = run(make_dynamic_chains(), b);
  const Step* s = find_hint(found, "Dynamic Contradiction Forcing Chains", rc(1, 1), 1);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->technique, Technique::DynamicForcingChain);
  EXPECT_EQ(s->complexity, 8);
  EXPECT_DOUBLE_EQ(s->difficulty, 8.5 + spec_increment(8));
  EXPECT_EQ(s->elimination_count(), 1);
  test::expect_all_sound(found, b);
  // Nishio (no naked-single rule) finds the same contradiction.
  EXPECT_NE(find_hint(run(make_nishio_chains(), b), "Nishio Forcing Chains", rc(1, 1), 1), nullptr);
}

TEST(DynamicChains, DoubleForcingFromBothStatesOfOneCandidate) {
  // r5c5 {123}; 1 in box 5 only at r5c5, r4c4; in row 5 only at r5c5, r5c9;
  // in row 8 only at r8c4, r8c6, r8c9.
  // r5c5=1 => r7c5<>1 (column 5): 2 potentials.
  // r5c5<>1 => r4c4=1 and r5c9=1 => r8c4<>1, r8c9<>1 => r8c6=1 (row 8,
  // needing both) => r7c5<>1 (box 8): r7c5, r8c6, r8c9, r8c4, r5c9, r4c4,
  // r5c5 = 7. Complexity 9: 8.5 + 0.2. r9c5 falls the same way.
  Board b{Grid{}};
  b.set_candidates(rc(5, 5), digits("123"));
  confine(b, 1, box_unit(5), {rc(5, 5), rc(4, 4)});
  confine(b, 1, row_unit(5), {rc(5, 5), rc(5, 9)});
  confine(b, 1, row_unit(8), {rc(8, 4), rc(8, 6), rc(8, 9)});
  const auto found = run(make_dynamic_chains(), b);
  std::vector<const Step*> doubles;
  for (const Step& s : found)
    if (s.name() == "Dynamic Double Forcing Chains" && s.complexity == 9) doubles.push_back(&s);
  ASSERT_EQ(doubles.size(), 2u);
  EXPECT_EQ(cells_losing(*doubles[0], 1), cells_of({rc(7, 5)}));
  EXPECT_EQ(cells_losing(*doubles[1], 1), cells_of({rc(9, 5)}));
  EXPECT_DOUBLE_EQ(doubles[0]->difficulty, 8.5 + spec_increment(9));
  for (const Step& s : found) {
    if (s.name() == "Dynamic Double Forcing Chains") {
      EXPECT_GE(s.complexity, 9);
    }
  }
  test::expect_all_sound(found, b);
}

TEST(DynamicChains, NoContradictionAcrossTwoRuns) {
  // r1c1 {12}, r1c5 {15}, r1c9 {25}: r1c1=1 gives r1c9<>5, r1c1<>1 gives
  // r1c9=5. Those are two different worlds, not a contradiction: every
  // candidate of the three cells can hold.
  Board b{Grid{}};
  b.set_candidates(rc(1, 1), digits("12"));
  b.set_candidates(rc(1, 5), digits("15"));
  b.set_candidates(rc(1, 9), digits("25"));
  const auto found = run(make_dynamic_chains(), b);
  for (const Step& s : found)
    for (int c : {rc(1, 1), rc(1, 5), rc(1, 9)}) EXPECT_EQ(s.removals[c], 0) << s.name() << " " << cell_name(c);
  test::CandidateSearch search(b);
  for (int c : {rc(1, 1), rc(1, 5), rc(1, 9)})
    for_each_digit(b.candidates(c), [&](int d) { EXPECT_TRUE(search.possible(c, d)) << cell_name(c) << " " << d; });
  test::expect_all_sound(found, b);
}

TEST(DynamicChains, EachRunStartsFromTheWholeGrid) {
  // 1 in column 1 only at r2c1, r5c1, r8c1; in column 7 only at r5c7, r8c7.
  // r5c4=1 => r5c1<>1, and r5c7<>1 => r8c7=1 => r8c1<>1: column 1 keeps
  // r2c1, no contradiction. Earlier runs (r1c1=1 first of all) remove
  // r2c1 from their reduced grid; a search that kept that grid would see
  // column 1 as {r5c1, r8c1} and "prove" r5c4<>1.
  Board b{Grid{}};
  confine(b, 1, col_unit(1), {rc(2, 1), rc(5, 1), rc(8, 1)});
  confine(b, 1, col_unit(7), {rc(5, 7), rc(8, 7)});
  for (auto* make : {+[] { return make_dynamic_chains(); }, +[] { return make_nishio_chains(); }}) {
    const auto found = run(make(), b);
    for (const Step& s : found) EXPECT_FALSE(test::removes(s, rc(5, 4), 1)) << s.name();
    test::expect_all_sound(found, b);
  }
  EXPECT_TRUE(test::CandidateSearch(b).possible(rc(5, 4), 1));
}

// --- Dynamic (+) and nested levels ---------------------------------------------------

TEST(DynamicChainsPlus, PointingOnTheReducedGrid) {
  // 1 in box 2 only at r1c5, r2c4, r2c6; in column 2 only at r2c2, r8c2; in
  // column 8 only at r2c8, r8c8. r5c5=1 removes r1c5 and propagation
  // stalls: box 2 keeps r2c4, r2c6 (a pointing pair no chain rule sees).
  // Level 1 runs Pointing on the reduced grid: row 2 loses 1 outside box 2,
  // each removal with parent r1c5<>1, fed back in Java's hash order
  // (r2c8, r2c9, r2c1, r2c2, ...): r2c8<>1 => r8c8=1 => r8c2<>1, then
  // r2c2<>1 => r8c2=1. Branches: r8c2 on <- r2c2 off <- r1c5 off <- r5c5
  // (4); r8c2 off <- r8c8 on <- r2c8 off <- r1c5 off <- r5c5 (5). 9: 9.0+0.2.
  Board b{Grid{}};
  confine(b, 1, box_unit(2), {rc(1, 5), rc(2, 4), rc(2, 6)});
  confine(b, 1, col_unit(2), {rc(2, 2), rc(8, 2)});
  confine(b, 1, col_unit(8), {rc(2, 8), rc(8, 8)});
  const auto plus = run(make_dynamic_chains(1), b);
  const Step* s = find_hint(plus, "Dynamic Contradiction Forcing Chains (+)", rc(5, 5), 1);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->technique, Technique::DynamicForcingChainPlus);
  EXPECT_EQ(s->complexity, 9);
  EXPECT_DOUBLE_EQ(s->difficulty, 9.0 + spec_increment(9));
  EXPECT_EQ(s->elimination_count(), 1);
  test::expect_all_sound(plus, b);
  // Without the nested rule the assumption r5c5=1 leads nowhere.
  for (const Step& st : run(make_dynamic_chains(0), b))
    EXPECT_FALSE(st.name() == "Dynamic Contradiction Forcing Chains" && test::removes(st, rc(5, 5), 1));
}

TEST(NestedChains, ForcingChainsOnTheReducedGrid) {
  // Level 2 (+ Forcing Chains). r5c5 open; r5c1 {127}, r1c1 {23}, r1c2 {37};
  // r5c9 {147}, r6c9 {46}, r4c9 {67}; r3c5 {17}; 7 in row 2 only at r2c1,
  // r2c6, r2c9. Assume r5c5=1: r5c1 and r5c9 lose their 1, r3c5=7 removes
  // r2c6's 7, and propagation stalls with row 2 = {r2c1, r2c9}; no Pointing,
  // pair or X-Wing applies. On that reduced grid two static chains exist:
  // the Y-cycle r4c9-r6c9-r5c9 (6 potentials, needs r5c9<>1) removes r2c9's
  // 7, and the forcing chain r2c1=7 => r1c2=3 => r1c1=2 => r5c1=7 =>
  // r2c1<>7 (8, needs r5c1<>1) removes r2c1's. Fed back, r2c9<>7 leaves
  // r2c1 as row 2's 7 while r2c1<>7 holds. Branches: r2c1 on <- r2c9 off
  // (<- r5c9<>1 <- r5c5) and r2c6 off (hidden parent; <- r3c5=7 <- r3c5<>1
  // <- r5c5): 7 potentials, plus the cycle's 6; r2c1 off <- r5c1<>1 <- r5c5:
  // 3, plus the chain's 8. Complexity 24: 9.5 + 0.5. Levels 0 and 1 find no
  // contradiction from r5c5=1 (a region forcing on row 2's 7s gets r5c5<>1).
  Board b{Grid{}};
  b.set_candidates(rc(5, 1), digits("127"));
  b.set_candidates(rc(1, 1), digits("23"));
  b.set_candidates(rc(1, 2), digits("37"));
  b.set_candidates(rc(5, 9), digits("147"));
  b.set_candidates(rc(6, 9), digits("46"));
  b.set_candidates(rc(4, 9), digits("67"));
  b.set_candidates(rc(3, 5), digits("17"));
  confine(b, 7, row_unit(2), {rc(2, 1), rc(2, 6), rc(2, 9)});
  const char* contradiction = "Dynamic Contradiction Forcing Chains";
  EXPECT_EQ(find_hint(run(make_dynamic_chains(0), b), contradiction, rc(5, 5), 1), nullptr);
  EXPECT_EQ(find_hint(run(make_dynamic_chains(1), b), std::string(contradiction) + " (+)", rc(5, 5), 1), nullptr);
  const auto found = run(make_dynamic_chains(2), b);
  const Step* s = find_hint(found, std::string(contradiction) + " (+ Forcing Chains)", rc(5, 5), 1);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->technique, Technique::NestedForcingChain);
  EXPECT_EQ(s->complexity, 24);
  EXPECT_DOUBLE_EQ(s->difficulty, 9.5 + spec_increment(24));  // 10.0
  EXPECT_EQ(s->elimination_count(), 1);
  EXPECT_EQ(s->detail.substr(0, s->detail.find(", r2c6<>7")),
            "r5c5=1 is impossible: (1)r5c5-r5c9~(7)r2c9[Bidirectional Y-Cycle]=r2c1[r2c6]; "
            "(1)r5c5-r5c1~(7)r2c1[Forcing Chain]");
  EXPECT_EQ(test::follow_chain(b, *s), "");
  test::expect_all_sound(found, b);
}

// A position of a published puzzle: givens and placed digits, then the
// candidates of each empty cell in cell order.
struct RealPosition {
  const char* puzzle;
  const char* values;
  const char* candidates;
};

Grid solution_of(const char* puzzle) {
  const auto r = solve(sudokit::test::grid_from(puzzle), 2);
  EXPECT_EQ(r.count, 1u);
  return r.solution;
}

TEST(DynamicChainsPlus, FirstStepOfThe10_7Example) {
  // The specification's 10.7/10.7/9.7 puzzle: SE's first step (ED 9.7) is a
  // "(+)" hint found on the starting grid, where plain dynamic chains find
  // nothing.
  const char* puzzle = "800000000003600000070090200050007000000045700000100030001000068008500010090000400";
  const Board b = test::board_from(puzzle);
  EXPECT_TRUE(run(make_dynamic_chains(0), b).empty());
  const auto found = run(make_dynamic_chains(1), b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::DynamicForcingChainPlus);
  EXPECT_EQ(format_rating(s.difficulty), "9.7");  // the reference ED
  EXPECT_EQ(cells_losing(s, 3), cells_of({rc(1, 4)}));  // r1c4=3 fails
  EXPECT_EQ(s.elimination_count(), 1);
  EXPECT_DOUBLE_EQ(s.difficulty, 9.0 + spec_increment(s.complexity));
  const Grid solution = solution_of(puzzle);
  for (const Step& st : found) EXPECT_TRUE(test::agrees_with(st, solution));
}

TEST(NestedChains, AIEscargotHardestStep) {
  // AI Escargot after SE's first ten steps: no dynamic chain of level 0 or
  // 1 applies; level 2 (+ Forcing Chains) gives the puzzle's ER, 10.5.
  const char* puzzle = "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";
  const Board b = test::position(
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..41.....7..7...3..",
      "2568 2468 458 345 246 346 457 46 1459 59 1467 467 2478 278 134 138 2347 134 2478 278 167 126 4678 146 479 "
      "34 579 569 467 34567 2789 238 12579 1579 178 358 135 25689 268 24578 45679 2568 2468 4569 2589 2589 3569 "
      "3568 268 2568 2589 25689 12458 14569 1258 24568 4569");
  EXPECT_TRUE(run(make_dynamic_chains(0), b).empty());
  EXPECT_TRUE(run(make_dynamic_chains(1), b).empty());
  const auto found = run(make_dynamic_chains(2), b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::NestedForcingChain);
  EXPECT_EQ(s.name(), "Dynamic Contradiction Forcing Chains (+ Forcing Chains)");
  EXPECT_EQ(format_rating(s.difficulty), "10.5");  // the reference ER
  // Assuming r6c4=5 fails (the solution has 1 there).
  EXPECT_EQ(cells_losing(s, 5), cells_of({rc(6, 4)}));
  EXPECT_EQ(s.elimination_count(), 1);
  EXPECT_DOUBLE_EQ(s.difficulty, 9.5 + spec_increment(s.complexity));
  const Grid solution = solution_of(puzzle);
  for (const Step& st : found) EXPECT_TRUE(test::agrees_with(st, solution));
  test::expect_all_sound(found, b);
}


TEST(DynamicChains, FirstHintIsTheSameForASinkKeepingOnlyTheFirst) {
  // A sink keeping the first hint only lets the producer stop counting a
  // hint's complexity once it cannot sort first, and leave it out: the
  // first hint must be the first of the full, sorted list.
  const auto puzzles = sudokit::test::load_puzzles("puzzles_top95.txt");
  std::vector<std::unique_ptr<Producer>> producers;
  producers.push_back(make_nishio_chains());
  producers.push_back(make_multiple_chains());
  producers.push_back(make_dynamic_chains());
  Grader grader;
  int compared = 0;
  for (std::size_t i = 0; i < puzzles.size() && compared < 60; i += 2) {
    Board board(puzzles[i]);
    Step step;
    for (int n = 0; n < 60 && !board.solved() && grader.next_step(board, step); ++n) {
      if (step.difficulty >= 7.5 && n % 2 == 0) {
        for (auto& producer : producers)
          if (test::first_is_head_of_all(*producer, board, "puzzle " + std::to_string(i) + ", step " + std::to_string(n)))
            ++compared;
      }
      board.apply(step);
    }
  }
  EXPECT_GE(compared, 40);
}

}  // namespace
}  // namespace sudokit::grader
