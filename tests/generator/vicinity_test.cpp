// The local search in the pipeline, judged by a stand-in filter (few clues)
// so the generator is tested without the grader: what it finds meets the
// filter, keeps the solution, uniqueness, minimality and symmetry, and the
// output does not depend on the thread count.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "collect.hpp"
#include "sudokit/generator/pipeline.hpp"
#include "sudokit/solver/solve.hpp"

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

}  // namespace
}  // namespace sudokit
