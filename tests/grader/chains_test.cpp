// Forcing Chains & Cycles (static, 6.5-7.x): hand-made candidate pictures on
// an open board for each hint kind (X-cycle, Y-cycle, forcing X-chain, XY
// cycle, XY forcing chain), checking the first hint's exact eliminations or
// placement, its complexity and rating from the specification's length rule,
// and, by exhaustive search over the picture, that every hint is sound; and
// pictures that trap a naive search (two weak links in a row, a weak link
// or a three-candidate cell used as strong, a lasso back into a cycle),
// where the false conclusion must not be reported.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <tuple>
#include <vector>

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

std::vector<Step> chain_steps(const Board& b) {
  auto p = make_forcing_chains_and_cycles();
  return test::all_steps(*p, b);
}

struct Node {
  int cell;
  int digit;
  bool on;
};

// What a cycle eliminates, worked out from its nodes alone: the digit from
// every cell outside the cycle that sees an "on" and an "off" node carrying it.
Candidates cycle_eliminations(const Board& b, const std::vector<Node>& cycle) {
  CellSet cells;
  for (const Node& n : cycle) cells.add(n.cell);
  Candidates out{};
  for (int c = 0; c < kCells; ++c) {
    if (cells.has(c)) continue;
    for (int d = 1; d <= 9; ++d) {
      if (!b.has(c, d)) continue;
      bool on = false, off = false;
      for (const Node& n : cycle) {
        if (n.digit != d || !sees(c, n.cell)) continue;
        (n.on ? on : off) = true;
      }
      if (on && off) out[c] |= digit_bit(d);
    }
  }
  return out;
}

CellSet cells_with(const Candidates& m, int digit) {
  CellSet out;
  for (int c = 0; c < kCells; ++c)
    if (m[c] & digit_bit(digit)) out.add(c);
  return out;
}

bool same_removals(const Step& s, const Candidates& expected) {
  for (int c = 0; c < kCells; ++c)
    if (s.removals[c] != expected[c]) return false;
  return true;
}

TEST(CandidateSearch, AgreesWithTheSolverOnAPuzzle) {
  // The referee used below: on a puzzle with one solution, a candidate can
  // hold exactly when it is the solution's digit.
  const char* puzzle = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
  const Board b = test::board_from(puzzle);
  const Grid solution = solve(sudokit::test::grid_from(puzzle), 1).solution;
  test::CandidateSearch search(b);
  ASSERT_TRUE(search.solvable());
  for (int c = 0; c < kCells; ++c)
    for_each_digit(b.candidates(c), [&](int d) { EXPECT_EQ(search.possible(c, d), solution[c] == d) << cell_name(c); });
  Board broken = b;
  broken.set_candidates(rc(1, 2), digit_bit(solution[rc(1, 3)]));  // r1c2 and r1c3 can only clash
  broken.set_candidates(rc(1, 3), digit_bit(solution[rc(1, 3)]));
  EXPECT_FALSE(test::CandidateSearch(broken).solvable());
}

TEST(StaticChains, XCycleEliminatesAlongItsWeakLinks) {
  // Digit 1 lives only in two cells of rows 1, 4 and 8:
  // r1c1=r1c5-r4c5=r4c8-r8c8=r8c1-r1c1, a continuous loop of 6 nodes.
  Board b{Grid{}};
  confine(b, 1, row_unit(1), {rc(1, 1), rc(1, 5)});
  confine(b, 1, row_unit(4), {rc(4, 5), rc(4, 8)});
  confine(b, 1, row_unit(8), {rc(8, 8), rc(8, 1)});
  const std::vector<Node> cycle = {{rc(1, 1), 1, true},  {rc(1, 5), 1, false}, {rc(4, 5), 1, true},
                                   {rc(4, 8), 1, false}, {rc(8, 8), 1, true},  {rc(8, 1), 1, false}};
  const Candidates expected = cycle_eliminations(b, cycle);
  // Columns 1, 5 and 8 outside the loop: 6 cells each (rows 1, 4, 8 hold no other 1).
  int count = 0;
  for (int c = 0; c < kCells; ++c) count += popcount(expected[c]);
  ASSERT_EQ(count, 18);

  const auto found = chain_steps(b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::XCycle);
  EXPECT_EQ(s.name(), "Bidirectional X-Cycle");
  EXPECT_EQ(s.complexity, 6);  // six distinct potentials, the start counted once
  EXPECT_DOUBLE_EQ(s.difficulty, 6.5 + spec_increment(6));
  EXPECT_TRUE(same_removals(s, expected));
  EXPECT_FALSE(s.places());
  test::expect_all_sound(found, b);

  // A lasso from r2c2 into the loop (r2c2 on => r1c1 off => ... => r1c1 off
  // again) is not a cycle: the box-1 cells off the loop's lines keep their 1.
  test::CandidateSearch search(b);
  for (int c : {rc(2, 2), rc(2, 3), rc(3, 2), rc(3, 3)}) {
    EXPECT_TRUE(search.possible(c, 1)) << cell_name(c);
    for (const Step& st : found) EXPECT_FALSE(test::removes(st, c, 1)) << st.name() << " " << cell_name(c);
  }
}

TEST(StaticChains, NoCycleThroughTwoWeakLinksInARow) {
  // r1c1=r1c5 (row 1) and r1c1=r5c1 (column 1) are the only strong links;
  // closing the loop needs r1c5-r5c5-r5c1, two weak links in a row. A naive
  // loop search would clear column 5 and row 5 of 1; nothing follows.
  Board b{Grid{}};
  confine(b, 1, row_unit(1), {rc(1, 1), rc(1, 5)});
  confine(b, 1, col_unit(1), {rc(1, 1), rc(5, 1)});
  EXPECT_TRUE(chain_steps(b).empty());
  test::CandidateSearch search(b);
  for (int c : {rc(5, 5), rc(3, 5), rc(7, 5), rc(5, 3), rc(5, 8)}) EXPECT_TRUE(search.possible(c, 1)) << cell_name(c);
}

TEST(StaticChains, ForcingXChainTurbotFish) {
  // (1)r1c1=r1c5-r4c5=r6c4: row 1 and box 5 are strong links, column 5 the
  // weak one. r6c1 sees both ends: r6c1=1 => r1c1<>1 => r1c5=1 => r4c5<>1
  // => r6c4=1 => r6c1<>1.
  Board b{Grid{}};
  confine(b, 1, row_unit(1), {rc(1, 1), rc(1, 5)});
  confine(b, 1, box_unit(5), {rc(4, 5), rc(6, 4)});
  const auto found = chain_steps(b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::ForcingXChain);
  EXPECT_EQ(s.name(), "Turbot Fish");  // SE's name for a 6-node forcing X-chain
  EXPECT_EQ(s.complexity, 6);
  EXPECT_DOUBLE_EQ(s.difficulty, 6.6 + spec_increment(6));
  EXPECT_EQ(cells_losing(s, 1), cells_of({rc(6, 1)}));
  EXPECT_EQ(s.elimination_count(), 1);
  // Every chain found reaches the same (and only) conclusion.
  for (const Step& st : found) EXPECT_EQ(cells_losing(st, 1), cells_of({rc(6, 1)})) << st.name();
  test::expect_all_sound(found, b);
}

TEST(StaticChains, ForcingXChainNeedsStrongLinks) {
  // The same picture with a third 1 in box 5 (r5c6): r4c5<>1 no longer
  // forces r6c4=1, and r6c1 can hold the 1 (r1c5, r5c6).
  Board b{Grid{}};
  confine(b, 1, row_unit(1), {rc(1, 1), rc(1, 5)});
  confine(b, 1, box_unit(5), {rc(4, 5), rc(6, 4), rc(5, 6)});
  for (const Step& s : chain_steps(b)) EXPECT_FALSE(test::removes(s, rc(6, 1), 1)) << s.name();
  EXPECT_TRUE(test::CandidateSearch(b).possible(rc(6, 1), 1));
}

TEST(StaticChains, ForcingXChainPlacesTheDigit) {
  // Assume r1c1<>1: r1c6=1 (row 1) => r5c6<>1 => r6c4=1 (box 5) => r6c1<>1
  // => r1c1=1 (column 1). The assumption fails, so r1c1 is 1.
  Board b{Grid{}};
  confine(b, 1, row_unit(1), {rc(1, 1), rc(1, 6)});
  confine(b, 1, col_unit(1), {rc(1, 1), rc(6, 1)});
  confine(b, 1, box_unit(5), {rc(5, 6), rc(6, 4)});
  const auto found = chain_steps(b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::ForcingXChain);
  ASSERT_TRUE(s.places());
  EXPECT_EQ(s.place_cell, rc(1, 1));
  EXPECT_EQ(s.place_digit, 1);
  EXPECT_EQ(s.removals[rc(1, 1)], digits("23456789"));
  EXPECT_EQ(s.complexity, 6);
  EXPECT_DOUBLE_EQ(s.difficulty, 6.6 + spec_increment(6));
  test::expect_all_sound(found, b);
}

TEST(StaticChains, YCycleThroughFourBivalueCells) {
  // r1c1 {12}, r1c5 {23}, r5c5 {34}, r5c1 {14}: a loop of bivalue cells, two
  // potentials per cell, complexity 8.
  Board b{Grid{}};
  b.set_candidates(rc(1, 1), digits("12"));
  b.set_candidates(rc(1, 5), digits("23"));
  b.set_candidates(rc(5, 5), digits("34"));
  b.set_candidates(rc(5, 1), digits("14"));
  const std::vector<Node> cycle = {{rc(1, 1), 1, true}, {rc(5, 1), 1, false}, {rc(5, 1), 4, true},
                                   {rc(5, 5), 4, false}, {rc(5, 5), 3, true}, {rc(1, 5), 3, false},
                                   {rc(1, 5), 2, true}, {rc(1, 1), 2, false}};
  const Candidates expected = cycle_eliminations(b, cycle);
  // 1 leaves column 1, 4 row 5, 3 column 5, 2 row 1: 7 cells each.
  EXPECT_EQ(cells_with(expected, 1).size(), 7);
  EXPECT_EQ(cells_with(expected, 2).size(), 7);

  const auto found = chain_steps(b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::YCycle);
  EXPECT_EQ(s.name(), "Bidirectional Y-Cycle");
  EXPECT_EQ(s.complexity, 8);
  EXPECT_DOUBLE_EQ(s.difficulty, 6.5 + spec_increment(8));  // 6.6
  EXPECT_TRUE(same_removals(s, expected));
  test::expect_all_sound(found, b);
}

TEST(StaticChains, XYCycleMixesCellsAndHouses) {
  // r1c1 {12}; 2 in row 1 only at r1c1, r1c5; r4c5 {12}; 1 in column 1
  // only at r1c1, r4c1. The loop r1c1=1 => r1c1<>2 => r1c5=2 => r4c5<>2 =>
  // r4c5=1 => r4c1<>1 => r1c1=1 uses cell and house links alike: neither
  // the X pass nor the Y pass can close it.
  Board b{Grid{}};
  b.set_candidates(rc(1, 1), digits("12"));
  b.set_candidates(rc(4, 5), digits("12"));
  confine(b, 2, row_unit(1), {rc(1, 1), rc(1, 5)});
  confine(b, 1, col_unit(1), {rc(1, 1), rc(4, 1)});
  const std::vector<Node> cycle = {{rc(1, 1), 1, true}, {rc(1, 1), 2, false}, {rc(1, 5), 2, true},
                                   {rc(4, 5), 2, false}, {rc(4, 5), 1, true}, {rc(4, 1), 1, false}};
  const Candidates expected = cycle_eliminations(b, cycle);
  EXPECT_EQ(cells_with(expected, 2).size(), 7);  // column 5
  EXPECT_EQ(cells_with(expected, 1).size(), 7);  // row 4

  const auto found = chain_steps(b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::XYCycle);
  EXPECT_EQ(s.name(), "Bidirectional Cycle");
  EXPECT_EQ(s.complexity, 6);
  EXPECT_DOUBLE_EQ(s.difficulty, 7.0 + spec_increment(6));
  EXPECT_TRUE(same_removals(s, expected));
  test::expect_all_sound(found, b);
}

TEST(StaticChains, XYForcingChain) {
  // r1c1 {12}, r1c5 {23}, r5c5 {13}: r5c1=1 => r1c1=2 => r1c5=3 => r5c5=1
  // => r5c1<>1. Eight potentials: 7.0 + 0.1.
  Board b{Grid{}};
  b.set_candidates(rc(1, 1), digits("12"));
  b.set_candidates(rc(1, 5), digits("23"));
  b.set_candidates(rc(5, 5), digits("13"));
  const auto found = chain_steps(b);
  ASSERT_FALSE(found.empty());
  const Step& s = found.front();
  EXPECT_EQ(s.technique, Technique::ForcingChain);
  EXPECT_EQ(s.name(), "Forcing Chain");
  EXPECT_EQ(s.complexity, 8);
  EXPECT_DOUBLE_EQ(s.difficulty, 7.0 + spec_increment(8));  // 7.1
  EXPECT_EQ(cells_losing(s, 1), cells_of({rc(5, 1)}));
  EXPECT_EQ(s.elimination_count(), 1);
  test::expect_all_sound(found, b);
}

TEST(StaticChains, NoStrongLinkThroughAThreeCandidateCell) {
  // The same picture with r1c5 {234}: r1c5<>2 no longer forces r1c5=3, and
  // r5c1 can hold the 1 (r1c1=2, r1c5=4, r5c5=3).
  Board b{Grid{}};
  b.set_candidates(rc(1, 1), digits("12"));
  b.set_candidates(rc(1, 5), digits("234"));
  b.set_candidates(rc(5, 5), digits("13"));
  const auto found = chain_steps(b);
  for (const Step& s : found) EXPECT_FALSE(test::removes(s, rc(5, 1), 1)) << s.name();
  EXPECT_TRUE(test::CandidateSearch(b).possible(rc(5, 1), 1));
  test::expect_all_sound(found, b);
}


// Whether assuming (cell, digit) on or off leads to its own negation by the
// static rules, worked out here by a plain breadth-first search: an "on"
// makes the digit off in its peers (and, with Y links, the cell's other
// digits off); an "off" makes the digit on where a house has it in two
// cells (and, with Y links, a bivalue cell's other digit on).
bool reaches_negation(const Board& b, int cell, int digit, bool on, bool y) {
  std::array<bool, 1620> seen{};
  std::vector<int> queue;
  auto add = [&](int c, int d, bool o) {
    const int k = (c * 10 + d) * 2 + (o ? 1 : 0);
    if (!seen[static_cast<std::size_t>(k)]) {
      seen[static_cast<std::size_t>(k)] = true;
      queue.push_back(k);
    }
  };
  add(cell, digit, on);
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const int c = queue[i] / 20, d = (queue[i] / 2) % 10;
    if (queue[i] & 1) {
      for (int p = 0; p < kCells; ++p)
        if (p != c && sees(c, p) && b.has(p, d)) add(p, d, false);
      if (y) for_each_digit(b.candidates(c), [&](int e) { if (e != d) add(c, e, false); });
    } else {
      for (int u : kCellUnits[static_cast<std::size_t>(c)]) {
        const CellSet where = b.digit_cells(d) & kUnitSet[static_cast<std::size_t>(u)];
        if (where.size() == 2 && where.has(c)) (where - CellSet::of(c)).for_each([&](int p) { add(p, d, true); });
      }
      if (y && popcount(b.candidates(c)) == 2)
        for_each_digit(b.candidates(c), [&](int e) { if (e != d) add(c, e, true); });
    }
  }
  return seen[static_cast<std::size_t>((cell * 10 + digit) * 2 + (on ? 0 : 1))];
}

TEST(StaticChains, EveryAssumptionReachingItsNegationHasItsForcingChain) {
  // The producer searches only from assumptions its reachability pass lets
  // through; in nesting mode it keeps every hint, so its forcing chains must
  // conclude exactly what every assumption that reaches its negation does.
  const auto puzzles = sudokit::test::load_puzzles("puzzles_top95.txt");
  auto producer = make_forcing_chains_and_cycles(true);
  Grader grader;
  int boards = 0, chains = 0;
  for (std::size_t i = 0; i < puzzles.size() && boards < 24; i += 4) {
    Board board(puzzles[i]);
    Step step;
    for (int n = 0; n < 60 && !board.solved() && grader.next_step(board, step); ++n) {
      if (step.difficulty >= 6.5 && n % 3 == 0) {
        ++boards;
        using Conclusion = std::tuple<bool, int, int, bool>;  // XY rules, cell, digit, placed
        std::set<Conclusion> expected, got;
        for (int c = 0; c < kCells; ++c) {
          if (popcount(board.candidates(c)) < 2) continue;
          for_each_digit(board.candidates(c), [&](int d) {
            for (bool y : {false, true})
              for (bool on : {true, false})
                if (reaches_negation(board, c, d, on, y)) expected.insert({y, c, d, !on});
          });
        }
        for (const Step& s : test::all_steps(*producer, board)) {
          if (s.technique != Technique::ForcingChain && s.technique != Technique::ForcingXChain) continue;
          const bool y = s.technique == Technique::ForcingChain;
          if (s.places()) {
            got.insert({y, s.place_cell, s.place_digit, true});
          } else {
            for (int c = 0; c < kCells; ++c)
              for_each_digit(s.removals[c], [&](int d) { got.insert({y, c, d, false}); });
          }
        }
        EXPECT_EQ(got, expected) << "puzzle " << i << ", step " << n;
        chains += static_cast<int>(got.size());
      }
      board.apply(step);
    }
  }
  EXPECT_GE(boards, 20);
  EXPECT_GT(chains, 20);
}

}  // namespace
}  // namespace sudokit::grader

namespace sudokit::grader {
namespace {

// In nesting mode the producer gives the hints of a grid it was asked about
// before again (find_remembered): they must be what a fresh producer finds,
// for the whole grid and for find_changed(), whose X pass leaves out the
// digits no removal touched (so the key must tell the two apart).
TEST(StaticChains, NestedHintsOfAGridAskedAgainAreThoseOfAFreshSearch) {
  const auto puzzles = sudokit::test::load_puzzles("puzzles_top95.txt");
  auto remembering = make_forcing_chains_and_cycles(true);
  Grader grader;
  auto text = [](const std::vector<Step>& steps) {
    std::vector<std::string> out;
    for (const Step& s : steps) {
      std::string t = s.name();
      t += ": ";
      t += s.detail;
      t += " c";
      t += std::to_string(s.complexity);
      for (int c = 0; c < kCells; ++c) {
        t += ' ';
        t += std::to_string(s.removals[c]);
      }
      out.push_back(std::move(t));
    }
    return out;
  };
  int boards = 0, narrower = 0;
  for (std::size_t i = 0; i < puzzles.size() && boards < 16; i += 6) {
    Board board(puzzles[i]);
    Step step;
    for (int n = 0; n < 60 && !board.solved() && grader.next_step(board, step); ++n) {
      const Board before = board;
      board.apply(step);
      if (n % 3 != 0) continue;
      ++boards;
      const std::string where = "puzzle " + std::to_string(i) + ", step " + std::to_string(n);
      auto fresh = make_forcing_chains_and_cycles(true);
      const std::vector<Step> whole = test::all_steps(*fresh, board);
      AllSteps changed_fresh;
      make_forcing_chains_and_cycles(true)->find_changed(board, before, changed_fresh);
      narrower += changed_fresh.steps.size() < whole.size();
      for (int round = 0; round < 2; ++round) {  // asked, then asked again
        EXPECT_EQ(text(test::all_steps(*remembering, board)), text(whole)) << where << ", round " << round;
        AllSteps changed;
        remembering->find_changed(board, before, changed);
        EXPECT_EQ(text(changed.steps), text(changed_fresh.steps)) << where << ", round " << round;
      }
    }
  }
  EXPECT_GE(boards, 16);
  EXPECT_GT(narrower, 3);  // find_changed() gives fewer hints there: the key must hold the digits left out
}

// A sink that keeps only the first hint lets the search skip chains that
// cannot come first (StepSink::first_only; the chain's length is found with
// half the depth). On every board of the top95 rating paths where the
// forcing chains and cycles have a hint, that first hint is the one a sink
// keeping all of them gets first: the same step, explanation and chain.
TEST(StaticChains, FirstHintIsTheSameForASinkKeepingOnlyTheFirst) {
  const auto puzzles = sudokit::test::load_puzzles("puzzles_top95.txt");
  auto producer = make_forcing_chains_and_cycles();
  Grader grader;
  int compared = 0;
  for (std::size_t i = 0; i < puzzles.size(); i += 2) {
    Board board(puzzles[i]);
    Step step;
    for (int n = 0; n < 60 && !board.solved() && grader.next_step(board, step); ++n) {
      if (step.difficulty >= 6.5 && step.difficulty < 8.0) {
        if (test::first_is_head_of_all(*producer, board, "puzzle " + std::to_string(i) + ", step " + std::to_string(n)))
          ++compared;
      }
      board.apply(step);
    }
  }
  EXPECT_GT(compared, 50);
}

}  // namespace
}  // namespace sudokit::grader
