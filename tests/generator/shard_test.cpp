// Puzzle i of a run depends on the seed, the options and i alone: the
// shards of a run (i % N == K) together make exactly the run's puzzles, a
// run that skips the indices stored already makes exactly the others, and
// neither depends on the thread count, with filters that turn most
// candidates down (so indices draw several) and with the local search.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <tuple>
#include <vector>

#include "collect.hpp"
#include "sudokit/generator/pipeline.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit {
namespace {

using test::Collect;

// Keeps one candidate in `every` (by its clue pattern), so an index draws
// `every` candidates on average; a near miss is one whose clue count is off
// by one (for the local search).
class OneIn final : public PuzzleFilter {
 public:
  explicit OneIn(int every, int clues = 0) : every_(every), clues_(clues) {}
  bool accept(GeneratedPuzzle& p) override {
    if (clues_ > 0) {
      const int over = p.puzzle.clue_count() - clues_;
      closeness_ = over <= 0 ? 1.0 : over == 1 ? 0.5 : 0.0;
      return over <= 0;
    }
    std::uint64_t h = 0;
    for (int c = 0; c < 81; ++c) h = h * 31 + p.puzzle[c];
    return h % static_cast<std::uint64_t>(every_) == 0;
  }
  double closeness() const override { return closeness_; }

 private:
  int every_, clues_;
  double closeness_ = 0;
};

// (index, puzzle, solution, draw) of each puzzle, sorted by index.
using Made = std::vector<std::tuple<std::uint64_t, Grid, Grid, std::uint64_t>>;
Made run(const PipelineOptions& o, PipelineReport* report = nullptr) {
  Collect sink;
  const PipelineReport r = run_pipeline(o, sink);
  if (report) *report = r;
  Made out;
  for (const auto& p : sink.puzzles) out.emplace_back(p.index, p.puzzle, p.solution, p.draw);
  EXPECT_TRUE(std::is_sorted(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return std::get<0>(a) < std::get<0>(b);
  })) << "the sink gets the puzzles in index order";
  return out;
}

PipelineOptions filtered(int every) {
  PipelineOptions o;
  o.count = 90;
  o.seed = 2026;
  o.symmetry = Symmetry::Random;
  o.threads = 2;
  o.make_filter = [every] { return std::make_unique<OneIn>(every); };
  return o;
}

TEST(Shards, TogetherMakeExactlyTheWholeRun) {
  for (int every : {1, 3, 40}) {
    PipelineOptions o = filtered(every);
    const Made whole = run(o);
    ASSERT_EQ(whole.size(), 90u);
    for (std::size_t i = 0; i < whole.size(); ++i) ASSERT_EQ(std::get<0>(whole[i]), i);
    if (every > 1) {
      std::uint64_t draws = 0;
      for (const auto& m : whole) draws += std::get<3>(m);
      EXPECT_GT(draws, 0u) << "indices drew several candidates";
    }
    for (std::uint64_t n : {2u, 3u, 7u}) {
      Made joined;
      for (std::uint64_t k = 0; k < n; ++k) {
        PipelineOptions shard = o;
        shard.shard_index = k;
        shard.shard_count = n;
        shard.threads = static_cast<unsigned>(k % 3);  // 0 (the calling thread), 1 and 2
        PipelineReport r;
        const Made part = run(shard, &r);
        EXPECT_EQ(r.wanted, (90 - k + n - 1) / n);
        EXPECT_EQ(r.accepted, r.wanted);
        for (const auto& m : part) EXPECT_EQ(std::get<0>(m) % n, k);
        joined.insert(joined.end(), part.begin(), part.end());
      }
      std::sort(joined.begin(), joined.end(), [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
      EXPECT_EQ(joined, whole) << "one in " << every << ", " << n << " shards";
    }
  }
}

TEST(Shards, TheSameForAnyThreadCountWhenCandidatesRarelyPass) {
  PipelineOptions o = filtered(60);
  o.count = 12;
  o.threads = 1;
  const Made one = run(o);
  for (unsigned threads : {0u, 2u, 4u}) {
    o.threads = threads;
    EXPECT_EQ(run(o), one) << threads << " threads";
  }
}

TEST(Shards, SkippedIndicesAreLeftOutAndTheRestIsTheRun) {
  PipelineOptions o = filtered(3);
  const Made whole = run(o);
  o.skip = {0, 1, 2, 5, 17, 40, 41, 89, 90, 500};  // 90 and 500 lie beyond the count
  PipelineReport r;
  const Made rest = run(o, &r);
  EXPECT_EQ(r.skipped, 8u);
  EXPECT_EQ(r.wanted, 82u);
  Made expected;
  for (const auto& m : whole)
    if (!std::binary_search(o.skip.begin(), o.skip.end(), std::get<0>(m))) expected.push_back(m);
  EXPECT_EQ(rest, expected);
  // A shard that skips: its share less the skipped indices of it.
  o.shard_index = 1;
  o.shard_count = 4;
  const Made part = run(o, &r);
  EXPECT_EQ(r.skipped, 5u);  // 1, 5, 17, 41 and 89 are in shard 1 of 4
  EXPECT_EQ(r.wanted, 23u - 5u);
  Made expected_part;
  for (const auto& m : expected)
    if (std::get<0>(m) % 4 == 1) expected_part.push_back(m);
  EXPECT_EQ(part, expected_part);
}

TEST(Shards, TogetherMakeTheWholeRunWithTheLocalSearch) {
  PipelineOptions o;
  o.count = 40;
  o.seed = 7;
  o.threads = 2;
  o.make_filter = [] { return std::make_unique<OneIn>(1, 22); };
  o.search_evaluations = 16;
  PipelineReport r;
  const Made whole = run(o, &r);
  ASSERT_EQ(whole.size(), 40u);
  EXPECT_GT(r.from_search, 0u);
  Made joined;
  for (std::uint64_t k = 0; k < 3; ++k) {
    PipelineOptions shard = o;
    shard.shard_index = k;
    shard.shard_count = 3;
    const Made part = run(shard);
    joined.insert(joined.end(), part.begin(), part.end());
  }
  std::sort(joined.begin(), joined.end(), [](const auto& a, const auto& b) { return std::get<0>(a) < std::get<0>(b); });
  EXPECT_EQ(joined, whole);
}

TEST(Shards, AShardBeyondTheCountMakesNothing) {
  PipelineOptions o = filtered(1);
  o.count = 3;
  o.shard_index = 4;
  o.shard_count = 5;
  PipelineReport r;
  EXPECT_TRUE(run(o, &r).empty());
  EXPECT_EQ(r.wanted, 0u);
  EXPECT_TRUE(r.failure.empty());
  EXPECT_FALSE(r.stopped);
}

}  // namespace
}  // namespace sudokit
