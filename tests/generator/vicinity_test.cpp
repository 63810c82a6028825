// The local search in the pipeline, judged by a stand-in filter (few clues)
// so the generator is tested without the grader: what it finds meets the
// filter, keeps the solution, uniqueness, minimality and symmetry, and the
// output does not depend on the thread count.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "collect.hpp"
#include "sudokit/generator/pipeline.hpp"
#include "sudokit/generator/vicinity.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit {
namespace {

// Accepts puzzles with at most `most` clues; one or two clues more is a near miss.
class FewClues final : public PuzzleFilter {
 public:
  explicit FewClues(int most) : most_(most) {}
  bool accept(GeneratedPuzzle& p) override {
    const int over = p.puzzle.clue_count() - most_;
    closeness_ = over <= 0 ? 1.0 : over <= 2 ? 1.0 - 0.3 * over : 0.0;
    return over <= 0;
  }
  double closeness() const override { return closeness_; }

 private:
  int most_;
  double closeness_ = 0;
};

using test::Collect;

PipelineOptions few_clue_options(int most, Symmetry s, int evaluations, int keep) {
  PipelineOptions o;
  o.seed = 21;
  o.count = 40;
  o.symmetry = s;
  o.max_candidates = 4000;
  o.make_filter = [most] { return std::make_unique<FewClues>(most); };
  o.search_evaluations = evaluations;
  o.search_keep = keep;
  return o;
}

void expect_sound(const std::vector<GeneratedPuzzle>& found, int most) {
  for (const auto& p : found) {
    const SolveResult r = solve(p.puzzle, 2);
    ASSERT_EQ(r.count, 1u);
    ASSERT_EQ(r.solution, p.solution);
    ASSERT_LE(p.puzzle.clue_count(), most);
    ASSERT_EQ(p.clues, p.puzzle.clue_count());
    ASSERT_TRUE(p.symmetric_minimal);
    ASSERT_TRUE(is_minimal(p.puzzle, p.symmetry));
    ASSERT_EQ(p.minimal, is_minimal(p.puzzle));
    ASSERT_TRUE(has_symmetry(p.puzzle, p.symmetry));
  }
}

TEST(Vicinity, NearMissesBecomeHitsThatKeepEveryGuarantee) {
  for (Symmetry s : {Symmetry::None, Symmetry::Rot180}) {
    const int most = s == Symmetry::None ? 21 : 23;
    Collect plain, searched;
    const PipelineReport a = run_pipeline(few_clue_options(most, s, 0, 1), plain);
    const PipelineReport b = run_pipeline(few_clue_options(most, s, 24, 1), searched);
    ASSERT_EQ(b.accepted, 40u);
    EXPECT_GT(b.from_search, 0u);
    EXPECT_GT(b.searched, 0u);
    // Fewer candidates were needed than by filtering alone.
    EXPECT_LT(b.tried, a.tried) << symmetry_name(s);
    expect_sound(searched.puzzles, most);
    int moved = 0;
    for (const auto& p : searched.puzzles) moved += p.search_moves > 0;
    EXPECT_EQ(static_cast<std::uint64_t>(moved), b.from_search);
  }
}

TEST(Vicinity, KeepingSeveralNeighboursGivesDistinctPuzzles) {
  Collect sink;
  const PipelineReport r = run_pipeline(few_clue_options(22, Symmetry::None, 32, 4), sink);
  ASSERT_EQ(r.accepted, 40u);
  expect_sound(sink.puzzles, 22);
  std::set<Grid> distinct;
  for (const auto& p : sink.puzzles) distinct.insert(p.puzzle);
  EXPECT_EQ(distinct.size(), sink.puzzles.size());
  // Several puzzles came from one index's search.
  std::set<std::uint64_t> indices;
  for (const auto& p : sink.puzzles) indices.insert(p.index);
  EXPECT_LT(indices.size(), sink.puzzles.size());
}

TEST(Vicinity, OutputDoesNotDependOnTheThreadCount) {
  std::vector<std::vector<Grid>> runs;
  for (unsigned threads : {1u, 2u, 3u}) {
    PipelineOptions o = few_clue_options(21, Symmetry::None, 24, 2);
    o.threads = threads;
    Collect sink;
    run_pipeline(o, sink);
    std::vector<Grid> grids;
    for (const auto& p : sink.puzzles) grids.push_back(p.puzzle);
    runs.push_back(grids);
  }
  ASSERT_EQ(runs[0].size(), 40u);
  EXPECT_EQ(runs[0], runs[1]);
  EXPECT_EQ(runs[0], runs[2]);
}

// --- the seeded walk ------------------------------------------------------------

// Two puzzles of top95 (hard, minimal, 22 clues).
constexpr const char* kHardSeeds[] = {
    ".......4...2..4..1.7..5..9...3..7....4..6....6..1..8...2....1..85.9...6.....8...3",
    "..7..8.....6.2.3...3......9.1..5..6.....1.....7.9....2........4.83..4...26....51.",
};

Grid seed_grid(const char* text) {
  Grid g;
  ParseError error;
  EXPECT_TRUE(parse_puzzle(text, g, error));
  return g;
}

GeneratedPuzzle seed_puzzle(const char* text) {
  GeneratedPuzzle p;
  p.puzzle = seed_grid(text);
  p.solution = solve(p.puzzle, 2).solution;
  p.clues = p.puzzle.clue_count();
  p.origin = "seed";
  return p;
}

// A stand-in rating the walk can climb without the grader: the empty cells
// of the first three rows, in tenths; accepted from `floor` on.
class EmptyTop final : public PuzzleFilter {
 public:
  explicit EmptyTop(double floor) : floor_(floor) {}
  bool accept(GeneratedPuzzle& p) override {
    ++judged;
    int empty = 0;
    for (int cell = 0; cell < 27; ++cell) empty += p.puzzle[cell] == 0;
    rating_ = 1 + empty / 10.0;
    return rating_ >= floor_ - 1e-9;
  }
  double rating() const override { return rating_; }
  int judged = 0;

 private:
  double floor_;
  double rating_ = 0;
};

TEST(SeedWalk, AMoveTakesNCluesOutAndPutsNInWhereTheCellsWereEmpty) {
  Engine engine = stream_engine(5, 0);
  for (const char* text : kHardSeeds) {
    const Grid puzzle = seed_grid(text);
    for (int n = 1; n <= 3; ++n) {
      for (int k = 0; k < 50; ++k) {
        Grid out;
        ASSERT_TRUE(exchange_clues(puzzle, n, engine, out));
        int removed = 0, added = 0;
        for (int cell = 0; cell < kCells; ++cell) {
          if (puzzle[cell] == out[cell]) continue;
          ASSERT_TRUE(puzzle[cell] == 0 || out[cell] == 0) << "a clue changed its digit in place";
          removed += out[cell] == 0;
          added += puzzle[cell] == 0;
        }
        EXPECT_EQ(removed, n);
        EXPECT_EQ(added, n);
        EXPECT_GE(count_solutions(out, 1), 1u);  // the new digits come from a solution
      }
    }
  }
  Grid out;
  EXPECT_FALSE(exchange_clues(Grid{}, 1, engine, out));  // no clue to take out
}

// single_exchanges() against its definition: every clue out, every empty
// cell, every digit, solved.
TEST(SeedWalk, ListsEverySingleExchangeThatKeepsOneSolution) {
  for (const char* text : kHardSeeds) {
    const Grid puzzle = seed_grid(text);
    std::set<std::array<int, 3>> listed;
    for (const SingleExchange& m : single_exchanges(puzzle, 1u << 20)) {
      EXPECT_TRUE(listed.insert({m.out, m.in, m.digit}).second) << "listed twice";
    }
    std::set<std::array<int, 3>> expected;
    for (int out = 0; out < kCells; ++out) {
      if (!puzzle[out]) continue;
      for (int in = 0; in < kCells; ++in) {
        if (puzzle[in]) continue;
        for (int d = 1; d <= 9; ++d) {
          Grid next = puzzle;
          next[out] = 0;
          next[in] = static_cast<std::uint8_t>(d);
          if (count_solutions(next, 2) == 1) expected.insert({out, in, d});
        }
      }
    }
    EXPECT_FALSE(expected.empty()) << text;
    EXPECT_EQ(listed, expected) << text;
    // A limit leaves out the clues with as many solutions, never adds one.
    for (const SingleExchange& m : single_exchanges(puzzle, 16)) EXPECT_EQ(expected.count({m.out, m.in, m.digit}), 1u);
    EXPECT_LT(single_exchanges(puzzle, 16).size(), expected.size()) << text;
  }
}

TEST(SeedWalk, FindsAreUniqueDistinctAndNeverTheStart) {
  for (bool minimal : {false, true}) {
    {
      const char* text = kHardSeeds[minimal ? 1 : 0];
      const GeneratedPuzzle start = seed_puzzle(text);
      EmptyTop filter(2.0);
      SeedWalkOptions o;
      o.evaluations = 16;
      o.minimal = minimal;
      Engine engine = stream_engine(9, 1);
      const SeedWalkResult r = walk_from_seed(start, 1.0, filter, o, engine);
      EXPECT_EQ(r.evaluated, filter.judged);
      EXPECT_LE(r.evaluated, o.evaluations);
      // A third of the moves are "-1 +1" drawn from the list, each unique
      // (blind moves on these seeds: about 1 in 50).
      EXPECT_GT(r.unique * 5, r.moves) << r.unique << " unique in " << r.moves << " moves";
      ASSERT_FALSE(r.accepted.empty()) << text;
      std::set<Grid> forms = {canonical_form(start.puzzle)};
      for (const SeedWalkFound& f : r.accepted) {
        const SolveResult s = solve(f.puzzle.puzzle, 2);
        ASSERT_EQ(s.count, 1u);
        EXPECT_EQ(s.solution, f.puzzle.solution);
        EXPECT_EQ(f.canonical, canonical_form(f.puzzle.puzzle));
        EXPECT_TRUE(forms.insert(f.canonical).second) << "isomorphic to the start or an earlier find";
        EXPECT_EQ(f.puzzle.minimal, is_minimal(f.puzzle.puzzle));
        if (minimal) {
          EXPECT_TRUE(f.puzzle.minimal);
        }
        EXPECT_EQ(f.puzzle.clues, f.puzzle.puzzle.clue_count());
        EXPECT_GE(f.puzzle.search_moves, 1);
        EXPECT_EQ(f.puzzle.origin, "seed");
        EXPECT_GE(f.rating, 2.0);
      }
    }
  }
}

TEST(SeedWalk, ClimbsAndIsDeterministic) {
  const GeneratedPuzzle start = seed_puzzle(kHardSeeds[0]);
  SeedWalkOptions o;
  o.evaluations = 30;
  auto walk = [&] {
    EmptyTop filter(100);  // accepts nothing: a pure climb
    Engine engine = stream_engine(3, 7);
    return walk_from_seed(start, 1.0, filter, o, engine);
  };
  const SeedWalkResult a = walk(), b = walk();
  ASSERT_EQ(a.climbing.size(), b.climbing.size());
  for (std::size_t i = 0; i < a.climbing.size(); ++i) EXPECT_EQ(a.climbing[i].puzzle.puzzle, b.climbing[i].puzzle.puzzle);
  EXPECT_EQ(a.best, b.best);
  EXPECT_TRUE(a.accepted.empty());
  // The walk went further than one move from the start, and higher.
  int deepest = 0;
  for (const SeedWalkFound& f : a.climbing) deepest = std::max(deepest, f.puzzle.search_moves);
  EXPECT_GT(deepest, 1);
  EmptyTop rate(100);
  GeneratedPuzzle s = start;
  rate.accept(s);
  EXPECT_GT(a.best_rating, rate.rating());
}

// A walk given what an earlier walk judged (the same draws, so the same
// first neighbours) recalls those instead of judging them: the filter never
// sees them again, none is accepted again, and they still join the frontier
// (a recalled near miss climbs, as a judged one does).
TEST(SeedWalk, RecallsWhatEarlierWalksJudged) {
  const GeneratedPuzzle start = seed_puzzle(kHardSeeds[0]);
  SeedWalkOptions o;
  o.evaluations = 24;
  for (double floor : {2.0, 100.0}) {  // most neighbours accepted; none (a pure climb)
    EmptyTop first(floor);
    Engine e1 = stream_engine(4, 2);
    const SeedWalkResult a = walk_from_seed(start, 1.0, first, o, e1);
    ASSERT_EQ(static_cast<int>(a.judged.size()), a.evaluated);
    EXPECT_EQ(a.recalled, 0);
    JudgedMap judged;
    for (const auto& [form, j] : a.judged) EXPECT_TRUE(judged.emplace(form, j).second) << "judged twice in a walk";
    for (const SeedWalkFound& f : a.accepted) EXPECT_TRUE(judged.at(global_key_of_canonical(f.canonical)).accepted);
    for (const SeedWalkFound& f : a.climbing) EXPECT_FALSE(judged.at(global_key_of_canonical(f.canonical)).accepted);

    EmptyTop second(floor);
    Engine e2 = stream_engine(4, 2);
    const SeedWalkResult b = walk_from_seed(start, 1.0, second, o, e2, nullptr, &judged);
    EXPECT_GT(b.recalled, 0) << floor;
    EXPECT_EQ(b.evaluated, second.judged);
    EXPECT_EQ(static_cast<int>(b.judged.size()), b.evaluated);
    for (const auto& [form, j] : b.judged) EXPECT_EQ(judged.count(form), 0u) << "judged again";
    for (const SeedWalkFound& f : b.accepted) EXPECT_EQ(judged.count(global_key_of_canonical(f.canonical)), 0u) << "accepted again";
    if (floor > 10) {
      int recalled_climbing = 0;
      for (const SeedWalkFound& f : b.climbing)
        recalled_climbing += static_cast<int>(judged.count(global_key_of_canonical(f.canonical)));
      EXPECT_GT(recalled_climbing, 0) << "a recalled near miss joins the frontier";
    } else {
      EXPECT_FALSE(b.accepted.empty()) << "the walk goes on past what it recalls";
    }
  }
}

TEST(SeedWalk, StopsWhenAskedTo) {
  std::atomic<bool> quit{true};
  EmptyTop filter(2.0);
  Engine engine = stream_engine(1, 1);
  const SeedWalkResult r = walk_from_seed(seed_puzzle(kHardSeeds[1]), 1.0, filter, {}, engine, &quit);
  EXPECT_EQ(r.evaluated, 0);
}

}  // namespace
}  // namespace sudokit
