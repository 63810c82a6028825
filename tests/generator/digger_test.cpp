// The digger and the generation pipeline: every puzzle is unique and
// (when asked) minimal, clue patterns keep their symmetry, clue targets and
// patterns are honoured, output does not depend on the thread count, and
// impossible requests end with a clear failure instead of hanging.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "collect.hpp"
#include "sudokit/generator/pipeline.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit {
namespace {

using test::Collect;

// Removing any single clue gives more than one solution.
bool minimal_by_brute_force(const Grid& puzzle) {
  for (int c = 0; c < kCells; ++c) {
    if (!puzzle[c]) continue;
    Grid p = puzzle;
    p[c] = 0;
    if (solve(p, 2).count < 2) return false;
  }
  return true;
}

std::vector<GeneratedPuzzle> generate(PipelineOptions o) {
  Collect sink;
  const PipelineReport r = run_pipeline(o, sink);
  EXPECT_EQ(r.accepted, o.count);
  EXPECT_TRUE(r.failure.empty()) << r.failure;
  return sink.puzzles;
}

TEST(Digger, MinimalPuzzlesAreUniqueAndMinimal) {
  PipelineOptions o;
  o.count = 1500;
  o.seed = 11;
  const auto puzzles = generate(o);
  ASSERT_EQ(puzzles.size(), 1500u);
  for (const auto& p : puzzles) {
    const SolveResult r = solve(p.puzzle, 2);
    ASSERT_EQ(r.count, 1u) << format_line(p.puzzle);
    ASSERT_EQ(r.solution, p.solution);
    ASSERT_TRUE(p.minimal);
    ASSERT_TRUE(minimal_by_brute_force(p.puzzle)) << format_line(p.puzzle);
    ASSERT_EQ(p.clues, p.puzzle.clue_count());
    for (int c = 0; c < kCells; ++c)
      if (p.puzzle[c]) {
        ASSERT_EQ(p.puzzle[c], p.solution[c]);
      }
  }
}

TEST(Digger, EverySymmetryKeepsItsPatternAndIsMinimalAmongSymmetricRemovals) {
  for (Symmetry s : {Symmetry::Rot180, Symmetry::Rot90, Symmetry::Mirror, Symmetry::Diagonal, Symmetry::AntiDiagonal,
                     Symmetry::Dihedral}) {
    PipelineOptions o;
    o.count = 60;
    o.seed = 5;
    o.symmetry = s;
    o.verify_minimal = true;
    int strictly = 0;
    for (const auto& p : generate(o)) {
      ASSERT_EQ(p.symmetry, s);
      ASSERT_TRUE(has_symmetry(p.puzzle, s)) << symmetry_name(s) << " " << format_line(p.puzzle);
      ASSERT_EQ(solve(p.puzzle, 2).count, 1u);
      ASSERT_TRUE(p.symmetric_minimal);
      ASSERT_TRUE(is_minimal(p.puzzle, s));
      // `minimal` is the strict fact, true or not.
      ASSERT_EQ(p.minimal, minimal_by_brute_force(p.puzzle)) << symmetry_name(s) << " " << format_line(p.puzzle);
      strictly += p.minimal ? 1 : 0;
    }
    EXPECT_LT(strictly, 60) << symmetry_name(s) << ": symmetric digging leaves removable single clues in most puzzles";
  }
}

TEST(Digger, RandomSymmetryIsRecordedPerPuzzle) {
  PipelineOptions o;
  o.count = 100;
  o.seed = 3;
  o.symmetry = Symmetry::Random;
  int kinds = 0;
  std::array<bool, 8> seen{};
  for (const auto& p : generate(o)) {
    ASSERT_NE(p.symmetry, Symmetry::Random);
    ASSERT_TRUE(has_symmetry(p.puzzle, p.symmetry));
    if (!seen[static_cast<std::size_t>(p.symmetry)]) ++kinds;
    seen[static_cast<std::size_t>(p.symmetry)] = true;
  }
  EXPECT_GE(kinds, 5);
}

TEST(Digger, OrbitsAreTheSymmetryGroups) {
  EXPECT_EQ(symmetry_orbit(Symmetry::None, 10).size(), 1);
  EXPECT_EQ(symmetry_orbit(Symmetry::Rot180, 40).size(), 1);  // the centre
  EXPECT_EQ(symmetry_orbit(Symmetry::Rot180, 0).size(), 2);
  EXPECT_EQ(symmetry_orbit(Symmetry::Rot90, 0).size(), 4);
  EXPECT_EQ(symmetry_orbit(Symmetry::Dihedral, 0).size(), 4);  // corners
  EXPECT_EQ(symmetry_orbit(Symmetry::Dihedral, 1).size(), 8);
  EXPECT_EQ(symmetry_orbit(Symmetry::Diagonal, 0).size(), 1);
  EXPECT_TRUE(symmetry_orbit(Symmetry::Mirror, cell_at(2, 1)).has(cell_at(2, 7)));
  EXPECT_TRUE(symmetry_orbit(Symmetry::AntiDiagonal, cell_at(0, 0)).has(cell_at(8, 8)));
}

// Sparse digits: the same guarantees as the random order (unique, minimal,
// symmetric, deterministic), and the structure it is for: fewer clues, and
// the digits drawn first (nearly) absent from the clues.
TEST(Digger, SparseDigitsOrderKeepsEveryGuarantee) {
  for (Symmetry s : {Symmetry::None, Symmetry::Rot180, Symmetry::Dihedral}) {
    PipelineOptions o;
    o.count = s == Symmetry::None ? 300 : 40;
    o.seed = 21;
    o.symmetry = s;
    o.dig_order = DigOrder::SparseDigits;
    o.verify_minimal = true;
    const auto puzzles = generate(o);
    for (const auto& p : puzzles) {
      ASSERT_EQ(p.dig_order, DigOrder::SparseDigits);
      const SolveResult r = solve(p.puzzle, 2);
      ASSERT_EQ(r.count, 1u) << format_line(p.puzzle);
      ASSERT_EQ(r.solution, p.solution);
      ASSERT_TRUE(p.symmetric_minimal);
      ASSERT_TRUE(has_symmetry(p.puzzle, s));
      ASSERT_EQ(p.minimal, minimal_by_brute_force(p.puzzle)) << format_line(p.puzzle);
      if (s == Symmetry::None) ASSERT_TRUE(p.minimal) << format_line(p.puzzle);
      else ASSERT_TRUE(is_minimal(p.puzzle, s));
    }
    o.threads = 3;
    const auto again = generate(o);
    ASSERT_EQ(again.size(), puzzles.size());
    for (std::size_t i = 0; i < puzzles.size(); ++i) ASSERT_EQ(again[i].puzzle, puzzles[i].puzzle);
  }
}

TEST(Digger, SparseDigitsOrderLeavesFewerCluesAndSparseDigits) {
  auto stats = [](DigOrder order, double& clues, double& fewest) {
    PipelineOptions o;
    o.count = 400;
    o.seed = 8;
    o.dig_order = order;
    clues = fewest = 0;
    for (const auto& p : generate(o)) {
      std::array<int, 10> of_digit{};
      for (int c = 0; c < kCells; ++c) ++of_digit[p.puzzle[c]];
      clues += p.clues;
      fewest += *std::min_element(of_digit.begin() + 1, of_digit.end());
    }
    clues /= 400;
    fewest /= 400;
  };
  double random_clues, random_fewest, sparse_clues, sparse_fewest;
  stats(DigOrder::Random, random_clues, random_fewest);
  stats(DigOrder::SparseDigits, sparse_clues, sparse_fewest);
  EXPECT_LT(sparse_clues, random_clues - 0.25);
  // The first digit's nine clues all go (eight digits fix the ninth), so
  // every puzzle lacks exactly one digit; random digging rarely does that.
  EXPECT_EQ(sparse_fewest, 0.0);
  EXPECT_GT(random_fewest, 0.8);
  std::printf("mean clues: random %.2f, sparse digits %.2f; clues of the rarest digit: %.2f, %.2f\n", random_clues,
              sparse_clues, random_fewest, sparse_fewest);
}

TEST(Digger, DigOrderNames) {
  EXPECT_EQ(parse_dig_order("random"), DigOrder::Random);
  EXPECT_EQ(parse_dig_order("sparse-digits"), DigOrder::SparseDigits);
  EXPECT_EQ(parse_dig_order("sparse"), std::nullopt);
  EXPECT_STREQ(dig_order_name(DigOrder::SparseDigits), "sparse-digits");
}

TEST(Digger, ClueTargetIsHonoured) {
  for (int k : {22, 26, 32, 45}) {
    PipelineOptions o;
    o.count = 40;
    o.seed = static_cast<std::uint64_t>(k);
    o.target_clues = k;
    for (const auto& p : generate(o)) {
      ASSERT_EQ(p.puzzle.clue_count(), k);
      ASSERT_EQ(solve(p.puzzle, 2).count, 1u);
      ASSERT_EQ(p.minimal, is_minimal(p.puzzle));
    }
  }
}

TEST(Digger, PatternIsHonoured) {
  // The clue positions of a published puzzle admit unique puzzles.
  Grid model;
  ParseError err;
  ASSERT_TRUE(parse_puzzle("4..8..3599..1..4....8.....289.4........36.......9....13...4....1......8.2..5.1.64", model, err));
  CellSet pattern;
  for (int c = 0; c < kCells; ++c)
    if (model[c]) pattern.add(c);
  PipelineOptions o;
  o.count = 20;
  o.seed = 9;
  o.pattern = pattern;
  o.max_attempts = 20;
  for (const auto& p : generate(o)) {
    for (int c = 0; c < kCells; ++c) ASSERT_EQ(p.puzzle[c] != 0, pattern.has(c));
    ASSERT_EQ(solve(p.puzzle, 2).count, 1u);
  }
}

TEST(Digger, ImpossiblePatternFailsWithinItsBound) {
  // 17 clues in the top three rows: never unique.
  CellSet pattern;
  for (int c = 0; c < 17; ++c) pattern.add(c);
  PipelineOptions o;
  o.count = 1;
  o.seed = 1;
  o.pattern = pattern;
  o.max_attempts = 2;
  Collect sink;
  const PipelineReport r = run_pipeline(o, sink);
  EXPECT_EQ(r.accepted, 0u);
  EXPECT_FALSE(r.failure.empty());
}

TEST(Pipeline, SameOutputForAnyThreadCount) {
  PipelineOptions o;
  o.count = 300;
  o.seed = 42;
  o.symmetry = Symmetry::Random;
  o.threads = 1;
  const auto one = generate(o);
  o.threads = 2;
  const auto two = generate(o);
  o.threads = 4;
  const auto four = generate(o);
  o.threads = 0;  // on the calling thread
  const auto caller = generate(o);
  ASSERT_EQ(one.size(), two.size());
  ASSERT_EQ(one.size(), caller.size());
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].puzzle, two[i].puzzle);
    EXPECT_EQ(one[i].puzzle, caller[i].puzzle);
    EXPECT_EQ(one[i].puzzle, four[i].puzzle);
    EXPECT_EQ(one[i].index, four[i].index);
  }
  o.seed = 43;
  EXPECT_NE(generate(o)[0].puzzle, one[0].puzzle);
}

TEST(Pipeline, FilterRejectionsAreCountedAndOrderIsKept) {
  struct EvenClues final : PuzzleFilter {
    bool accept(GeneratedPuzzle& p) override { return p.clues % 2 == 0; }
  };
  PipelineOptions o;
  o.count = 50;
  o.seed = 8;
  o.threads = 2;
  o.make_filter = [] { return std::make_unique<EvenClues>(); };
  Collect sink;
  const PipelineReport r = run_pipeline(o, sink);
  ASSERT_EQ(r.accepted, 50u);
  EXPECT_GT(r.rejected, 0u);
  EXPECT_EQ(r.tried, r.accepted + r.rejected + r.failed);
  for (std::size_t i = 1; i < sink.puzzles.size(); ++i) EXPECT_LT(sink.puzzles[i - 1].index, sink.puzzles[i].index);
  for (const auto& p : sink.puzzles) EXPECT_EQ(p.clues % 2, 0);
}

TEST(Pipeline, StopFlagEndsTheRunCleanly) {
  for (unsigned threads : {0u, 2u}) {
    std::atomic<bool> stop{true};
    PipelineOptions o;
    o.count = 1000000;
    o.seed = 1;
    o.threads = threads;
    o.stop = &stop;
    Collect sink;
    const PipelineReport r = run_pipeline(o, sink);
    EXPECT_TRUE(r.stopped) << threads << " threads";
    EXPECT_LT(r.accepted, 1000u) << threads << " threads";
  }
}

// A sink that fails (as a store on a full disk does) ends the run with its
// exception, not with std::terminate from worker threads left running.
TEST(Pipeline, ASinkThatThrowsStopsTheWorkersAndPassesTheErrorOn) {
  struct Failing final : PuzzleSink {
    int written = 0;
    void write(const GeneratedPuzzle&) override {
      if (++written == 5) throw std::runtime_error("disk full");
    }
  };
  for (unsigned threads : {0u, 1u, 2u, 4u}) {
    PipelineOptions o;
    o.count = 100000;
    o.seed = 3;
    o.threads = threads;
    Failing sink;
    EXPECT_THROW(run_pipeline(o, sink), std::runtime_error) << threads << " threads";
    EXPECT_EQ(sink.written, 5);
  }
}

// A run that lasts until something stops it.
PipelineOptions long_run(std::uint64_t seed, unsigned threads) {
  PipelineOptions o;
  o.count = 100000;
  o.seed = seed;
  o.threads = threads;
  return o;
}

// The same for a puzzle the local search found: it is written after the
// candidate it replaces, on another path out of the consumer loop.
TEST(Pipeline, ASinkThatThrowsOnASearchFoundPuzzleStopsTheWorkersAndPassesTheErrorOn) {
  struct EvenClues final : PuzzleFilter {
    bool accept(GeneratedPuzzle& p) override { return p.clues % 2 == 0; }
    double closeness() const override { return 1; }  // every candidate is worth a search
  };
  struct FailingOnFound final : PuzzleSink {
    int written = 0, found = 0;
    void write(const GeneratedPuzzle& p) override {
      if (p.search_moves > 0 && ++found == 3) throw std::runtime_error("disk full");
      ++written;
    }
  };
  for (unsigned threads : {0u, 1u, 2u, 4u}) {
    PipelineOptions o = long_run(5, threads);
    o.make_filter = [] { return std::make_unique<EvenClues>(); };
    o.search_evaluations = 8;
    o.search_keep = 4;
    FailingOnFound sink;
    EXPECT_THROW(run_pipeline(o, sink), std::runtime_error) << threads << " threads";
    EXPECT_EQ(sink.found, 3);
    EXPECT_GE(sink.written, 2);
  }
}

// Every other way out joins the workers too: a progress callback that
// throws, and a worker whose filter throws (the error reaches the caller,
// it does not end the process).
TEST(Pipeline, AThrowingProgressCallbackOrWorkerEndsTheRunWithItsError) {
  for (unsigned threads : {0u, 1u, 2u, 4u}) {
    PipelineOptions o = long_run(6, threads);
    int calls = 0;
    o.progress = [&](std::uint64_t, std::uint64_t) {
      if (++calls == 7) throw std::runtime_error("stderr gone");
    };
    Collect sink;
    EXPECT_THROW(run_pipeline(o, sink), std::runtime_error) << threads << " threads";
    EXPECT_EQ(calls, 7);
  }
  struct Throwing final : PuzzleFilter {
    bool accept(GeneratedPuzzle& p) override {
      if (p.index == 40) throw std::length_error("grader out of memory");
      return true;
    }
  };
  for (unsigned threads : {0u, 1u, 2u, 4u}) {
    PipelineOptions o = long_run(7, threads);
    o.make_filter = [] { return std::make_unique<Throwing>(); };
    Collect sink;
    EXPECT_THROW(run_pipeline(o, sink), std::length_error) << threads << " threads";
    // Every index before the failed one was written, in order; none after it.
    ASSERT_EQ(sink.puzzles.size(), 40u) << threads << " threads";
    for (std::size_t i = 0; i < sink.puzzles.size(); ++i) EXPECT_EQ(sink.puzzles[i].index, i);
  }
}

}  // namespace
}  // namespace sudokit
