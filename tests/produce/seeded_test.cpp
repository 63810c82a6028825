// The seeded search (produce/seeded.hpp) against ground truth: every find
// has exactly one solution (the solver), is isomorphic to no seed and to no
// other find (canonical forms), carries the grader's exact rating (graded
// again here), meets the floor, is minimal when asked, names its seed; the
// output does not depend on the thread count; the store keeps the
// provenance; the options that do not go with --from are refused.
#include "sudokit/produce/seeded.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "../temp_dir.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/produce/db_sink.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::produce {
namespace {

// Three puzzles of top95 rated 7.2 to 8.3 (lines 31, 40 and 48 there).
const std::vector<std::string> kSeeds = {
    "38.6.......9.......2..3.51......5....3..1..6....4......17.5..8.......9.......7.32",
    "...8....9.873...4.6..7.......85..97...........43..75.......3....3...145.4....2..1",
    ".26.39......6....19.....7.......4..9.5....2....85.....3..2..9..4....762.........4",
};

Grid grid(const std::string& text) {
  Grid g;
  ParseError error;
  EXPECT_TRUE(parse_puzzle(text, g, error)) << text;
  return g;
}

GenerateRequest seeded_request(unsigned threads, bool minimal = false) {
  GenerateRequest q;
  q.count = 4;
  q.seed = 11;
  q.threads = threads;
  q.min_rating = 7.0;
  q.search = 10;
  q.minimal = minimal;
  q.seeded = true;
  for (std::size_t i = 0; i < kSeeds.size(); ++i) q.from.push_back({grid(kSeeds[i]), 2 * i + 1, {}});
  return q;
}

class Collect final : public PuzzleSink {
 public:
  void write(const GeneratedPuzzle& p) override { puzzles.push_back(p); }
  std::vector<GeneratedPuzzle> puzzles;
};

// One solution (the solver's, kept with the puzzle) and the grade it carries
// is the grader's, graded again here, at `floor` or above.
void expect_unique_and_exactly_rated(grader::Grader& grader, const GeneratedPuzzle& p, double floor) {
  const SolveResult s = solve(p.puzzle, 2);
  ASSERT_EQ(s.count, 1u) << format_line(p.puzzle);
  EXPECT_EQ(s.solution, p.solution);
  const GradeAnnotation* a = grade_of(p);
  ASSERT_NE(a, nullptr);
  const grader::Grade again = grader.grade(p.puzzle);
  ASSERT_TRUE(again.rated());
  EXPECT_EQ(grader::rounded_rating(a->grade.er), grader::rounded_rating(again.er));
  EXPECT_EQ(a->grade.ep, again.ep);
  EXPECT_EQ(a->grade.ed, again.ed);
  EXPECT_GE(grader::rounded_rating(again.er), floor);
}

void expect_sound(const std::vector<GeneratedPuzzle>& found, bool minimal) {
  std::set<Grid> forms;
  std::map<std::string, std::uint64_t> seeds;  // gid -> line
  for (std::size_t i = 0; i < kSeeds.size(); ++i) {
    const Grid form = canonical_form(grid(kSeeds[i]));
    forms.insert(form);
    seeds[global_id_of_canonical(form)] = 2 * i + 1;
  }
  grader::Grader grader;
  for (const GeneratedPuzzle& p : found) {
    expect_unique_and_exactly_rated(grader, p, 7.0);
    EXPECT_TRUE(forms.insert(canonical_form(p.puzzle)).second) << "isomorphic to a seed or another find";
    EXPECT_EQ(p.minimal, is_minimal(p.puzzle));
    if (minimal) {
      EXPECT_TRUE(p.minimal);
    }
    EXPECT_EQ(p.clues, p.puzzle.clue_count());
    ASSERT_EQ(seeds.count(p.origin), 1u) << p.origin;
    EXPECT_EQ(p.index, seeds[p.origin]);  // the seed's line
    EXPECT_GE(p.search_moves, 1);
  }
}

TEST(Seeded, FindsAreUniqueDistinctExactlyRatedAndTheSameOnAnyThreadCount) {
  Collect one, two;
  const GenerateSummary a = generate(seeded_request(1), one);
  const GenerateSummary b = generate(seeded_request(2), two);
  ASSERT_EQ(one.puzzles.size(), 4u);
  EXPECT_EQ(a.report.accepted, 4u);
  EXPECT_FALSE(a.report.stopped);
  expect_sound(one.puzzles, false);
  ASSERT_EQ(two.puzzles.size(), one.puzzles.size());
  for (std::size_t i = 0; i < one.puzzles.size(); ++i) EXPECT_EQ(two.puzzles[i].puzzle, one.puzzles[i].puzzle);
  EXPECT_EQ(a.seeded.best_er, b.seeded.best_er);
  EXPECT_GE(a.seeded.graded, 3u + a.report.tried - a.seeded.bounded);  // the seeds, then every neighbour not bounded
  EXPECT_EQ(a.seeded.timed_out, 0u);
}

TEST(Seeded, MinimalWhenAsked) {
  Collect sink;
  GenerateRequest q = seeded_request(2, true);
  q.count = 3;
  generate(q, sink);
  ASSERT_EQ(sink.puzzles.size(), 3u);
  expect_sound(sink.puzzles, true);
}

TEST(Seeded, ATargetNoNeighbourMeetsEndsWhenThePoolIsWalked) {
  Collect sink;
  GenerateRequest q = seeded_request(2);
  q.min_rating = 1.0;
  q.max_rating = 1.0;  // only the easiest puzzles: none near these seeds
  q.search = 2;
  const GeneratePlan plan = plan_generation(q);
  const GenerateSummary s = generate(plan, sink);
  EXPECT_TRUE(sink.puzzles.empty());
  EXPECT_FALSE(s.report.failure.empty());
  EXPECT_FALSE(s.report.stopped);
  EXPECT_EQ(shortfall_message(plan, s.report, 0), s.report.failure);
}

// Over several rounds the walks meet what earlier rounds judged (the seeds,
// the puzzles they start from): recalled, not graded again, the same on any
// thread count, and what is written stays sound and distinct.
TEST(Seeded, WhatEarlierRoundsJudgedIsRecalledNotGradedAgain) {
  Collect one, two;
  GenerateRequest q = seeded_request(1);
  q.count = 60;
  const GenerateSummary a = generate(q, one);
  q.threads = 2;
  const GenerateSummary b = generate(q, two);
  ASSERT_EQ(one.puzzles.size(), 60u);
  EXPECT_GT(a.seeded.rounds, 1u);
  EXPECT_GT(a.seeded.recalled, 0u);
  EXPECT_EQ(a.seeded.recalled, b.seeded.recalled);
  ASSERT_EQ(two.puzzles.size(), one.puzzles.size());
  for (std::size_t i = 0; i < one.puzzles.size(); ++i) EXPECT_EQ(two.puzzles[i].puzzle, one.puzzles[i].puzzle);
  expect_sound(one.puzzles, false);
}

TEST(Seeded, ATimeLimitStopsWithWhatWasFound) {
  Collect sink;
  GenerateRequest q = seeded_request(2);
  q.count = 1'000'000;
  q.time_limit = 1;
  const GenerateSummary s = generate(q, sink);
  EXPECT_TRUE(s.report.stopped);
  EXPECT_LT(s.report.seconds, 15);  // a walk stops between neighbours; a grade stops at the run's end
  EXPECT_EQ(s.report.accepted, sink.puzzles.size());
  expect_sound(sink.puzzles, false);
}

// The run's end bounds the seeds' grading too: with 200 seeds and a limit
// shorter than a grade, a few grades start (about one a thread), not all
// 200, and none counts as a puzzle's own time-out.
TEST(Seeded, TheTimeLimitCutsTheSeedsGrading) {
  GenerateRequest q = seeded_request(2);
  q.from.clear();
  for (std::size_t i = 0; i < 200; ++i) q.from.push_back({grid(kSeeds[i % kSeeds.size()]), i + 1, {}});
  q.count = 1'000'000;
  q.time_limit = 1e-3;
  Collect sink;
  const GenerateSummary s = generate(q, sink);
  EXPECT_TRUE(s.report.stopped);
  EXPECT_LT(s.seeded.graded, 20u);
  EXPECT_EQ(s.report.timed_out, 0u);
  EXPECT_TRUE(sink.puzzles.empty());
}

TEST(Seeded, TheStoreKeepsWhereEachRowCameFrom) {
  test::TempDir dir;
  const std::string path = dir.file("seeded.db");
  GenerateRequest q = seeded_request(2);
  q.count = 3;
  const GenerateSummary s = generate_into_store(plan_generation(q), path);
  EXPECT_EQ(s.stored, 3u);
  db::PuzzleStore store(path, {db::OpenMode::Read});
  int rows = 0;
  store.for_each({}, [&](const db::PuzzleRecord& r) {
    ++rows;
    EXPECT_EQ(r.method, "seeded");
    EXPECT_EQ(r.origin.size(), 16u);
    EXPECT_TRUE(is_global_id(r.origin));
    EXPECT_TRUE(r.search_moves.has_value() && *r.search_moves >= 1);
    EXPECT_TRUE(r.er.has_value() && *r.er >= 7.0);
    return true;
  });
  EXPECT_EQ(rows, 3);
}

TEST(Seeded, PuzzlesWhoseGradingTimesOutAreLeftOutAndCounted) {
  for (bool seeded : {true, false}) {
    GenerateRequest q = seeded_request(2);
    if (!seeded) {
      q.seeded = false;
      q.from.clear();
    }
    q.grade_time_limit = 1e-9;  // every grade stops at once
    q.time_limit = 1;
    q.search = 4;
    Collect sink;
    const GenerateSummary s = generate(q, sink);
    EXPECT_TRUE(sink.puzzles.empty()) << seeded;
    EXPECT_GT(s.report.timed_out, 0u) << seeded;
    if (seeded) {
      EXPECT_EQ(s.seeded.timed_out, s.report.timed_out);
    }
  }
}

TEST(Seeded, SeedProblemsAreSaidAsGradeSaysThem) {
  EXPECT_EQ(seed_problem(grid(kSeeds[0])), "");
  Grid several = grid(kSeeds[0]);
  for (int cell = 0; cell < 81; ++cell)
    if (several[cell]) {
      several[cell] = 0;
      break;
    }
  EXPECT_EQ(seed_problem(several), grader::status_message(grader::GradeStatus::MultipleSolutions));
  Grid clash = grid(kSeeds[0]);
  clash[1] = clash[0];  // 3 3 in row 1
  EXPECT_NE(seed_problem(clash).find(grader::status_message(grader::GradeStatus::InvalidGivens)), std::string::npos);
}

TEST(Seeded, OptionsThatShapeDugPuzzlesAreRefused) {
  auto option_at_fault = [](const std::function<void(GenerateRequest&)>& change) {
    GenerateRequest q = seeded_request(1);
    change(q);
    try {
      plan_generation(q);
    } catch (const RequestError& e) {
      return e.option();
    }
    return std::string("none");
  };
  EXPECT_EQ(option_at_fault([](GenerateRequest& q) { q.pattern = std::string(27, 'x') + std::string(54, '.'); }), "--pattern");
  EXPECT_EQ(option_at_fault([](GenerateRequest& q) { q.clues = 30; }), "--clues");
  EXPECT_EQ(option_at_fault([](GenerateRequest& q) { q.symmetry = "rot180"; }), "--symmetry");
  EXPECT_EQ(option_at_fault([](GenerateRequest& q) { q.search_keep = 3; }), "--search-keep");
  EXPECT_EQ(option_at_fault([](GenerateRequest& q) { q.dig_order = "random"; }), "--dig-order");
  EXPECT_EQ(option_at_fault([](GenerateRequest& q) { q.search = 0; }), "--search");
  EXPECT_EQ(option_at_fault([](GenerateRequest& q) { q.from.clear(); }), "--from");
  EXPECT_EQ(option_at_fault([](GenerateRequest&) {}), "none");
  // The seeds decide the run: another seed list, another run key.
  GenerateRequest other = seeded_request(1);
  other.from.pop_back();
  EXPECT_NE(run_key(plan_generation(other)), run_key(plan_generation(seeded_request(1))));
}

// --- The climb (--strategy climb): walks from stones dug at a lower floor -----

GenerateRequest climb_request(unsigned threads) {
  GenerateRequest q;
  q.count = 12;
  q.seed = 5;
  q.threads = threads;
  q.min_rating = 4.0;  // stones from 3.5: fast enough for a test, the same code as for 10.0
  q.search = 10;
  q.strategy = "climb";
  return q;
}

TEST(Climb, AFloorOf93OrMoreClimbsUnlessAnOptionRulesItOut) {
  auto climbs = [](const std::function<void(GenerateRequest&)>& change) {
    GenerateRequest q;
    q.min_rating = 9.3;
    change(q);
    return plan_generation(q).climb;
  };
  EXPECT_TRUE(climbs([](GenerateRequest&) {}));
  EXPECT_TRUE(climbs([](GenerateRequest& q) { q.min_rating = 10.5; }));
  EXPECT_TRUE(climbs([](GenerateRequest& q) {
    q.min_rating = 0;
    q.level = "nightmare";
  }));
  EXPECT_FALSE(climbs([](GenerateRequest& q) { q.min_rating = 9.2; }));
  EXPECT_FALSE(climbs([](GenerateRequest& q) { q.strategy = "dig"; }));
  EXPECT_FALSE(climbs([](GenerateRequest& q) { q.symmetry = "rot180"; }));
  EXPECT_FALSE(climbs([](GenerateRequest& q) { q.clues = 24; }));
  EXPECT_FALSE(climbs([](GenerateRequest& q) { q.pattern = std::string(30, 'x') + std::string(51, '.'); }));
  EXPECT_FALSE(climbs([](GenerateRequest& q) { q.search_keep = 2; }));
  EXPECT_FALSE(climbs([](GenerateRequest& q) { q.search = 0; }));
  EXPECT_FALSE(climbs([](GenerateRequest& q) {
    q.shard_index = 1;
    q.shard_count = 2;
  }));
  // The stones: the floor less 0.5, at most 9.0; the walk digs minimal.
  GenerateRequest q;
  q.min_rating = 9.3;
  const GeneratePlan plan = plan_generation(q);
  EXPECT_TRUE(plan.walk.minimal);
  EXPECT_TRUE(plan.walks());
  EXPECT_GT(plan.stones.count, 0u);
  GeneratedPuzzle far;  // a 10.1 and a seed rated below 8.5, graded by the stones' filter
  far.puzzle = grid("5...8.....4......39...6..5...95.7.......1.4........5397.59..1.....2....4.3...1...");
  EXPECT_TRUE(plan.stones.make_filter()->accept(far));
  GeneratedPuzzle below;
  below.puzzle = grid(kSeeds[0]);
  EXPECT_FALSE(plan.stones.make_filter()->accept(below));
}

TEST(Climb, OptionsItCannotKeepAreRefusedWhenAskedFor) {
  auto option_at_fault = [](const std::function<void(GenerateRequest&)>& change) {
    GenerateRequest q = climb_request(1);
    q.search = -1;  // the default: a --search above 0 is refused with --clues and without a target
    change(q);
    try {
      plan_generation(q);
    } catch (const RequestError& e) {
      return e.option() + ": " + e.what();
    }
    return std::string("none");
  };
  EXPECT_EQ(option_at_fault([](GenerateRequest&) {}), "none");
  EXPECT_NE(option_at_fault([](GenerateRequest& q) { q.symmetry = "rot90"; }).find("--strategy: --strategy climb walks from dug puzzles, and --symmetry"), std::string::npos);
  EXPECT_NE(option_at_fault([](GenerateRequest& q) { q.clues = 25; }).find("--strategy: "), std::string::npos);
  EXPECT_NE(option_at_fault([](GenerateRequest& q) { q.min_rating = 0; }).find("it needs --min-rating"), std::string::npos);
  EXPECT_NE(option_at_fault([](GenerateRequest& q) { q.strategy = "hill"; }).find("unknown --strategy 'hill'"), std::string::npos);
  EXPECT_NE(option_at_fault([](GenerateRequest& q) {
              q.seeded = true;
              q.from.push_back({grid(kSeeds[0]), 1, {}});
            }).find("it excludes --from"),
            std::string::npos);
  // The strategy decides the puzzles: it is part of the run key.
  GenerateRequest dig = climb_request(1);
  dig.strategy = "dig";
  EXPECT_NE(run_key(plan_generation(dig)), run_key(plan_generation(climb_request(1))));
}

TEST(Climb, FindsAreUniqueMinimalExactlyRatedDistinctAndTheSameOnAnyThreadCount) {
  // 24: more than the first round's stones give, so the walks find some.
  GenerateRequest q1 = climb_request(1), q2 = climb_request(2);
  q1.count = q2.count = 24;
  Collect one, two;
  const GenerateSummary a = generate(q1, one);
  const GenerateSummary b = generate(q2, two);
  ASSERT_EQ(one.puzzles.size(), 24u);
  ASSERT_EQ(two.puzzles.size(), 24u);
  EXPECT_GT(a.seeded.stones, 0u);
  EXPECT_GT(a.report.from_search, 0u) << "the walks found none: the test no longer covers them";
  EXPECT_LT(a.report.from_search, 24u) << "no stone met the floor: the test no longer covers them";
  std::set<Grid> forms;
  grader::Grader grader;
  for (std::size_t i = 0; i < one.puzzles.size(); ++i) {
    const GeneratedPuzzle& p = one.puzzles[i];
    EXPECT_EQ(p.puzzle, two.puzzles[i].puzzle) << i;
    EXPECT_EQ(p.origin, two.puzzles[i].origin) << i;
    expect_unique_and_exactly_rated(grader, p, 4.0);
    EXPECT_TRUE(forms.insert(canonical_form(p.puzzle)).second) << "isomorphic to an earlier find";
    EXPECT_TRUE(p.minimal);
    EXPECT_TRUE(is_minimal(p.puzzle)) << format_line(p.puzzle);
    if (!p.origin.empty()) {  // a walk's find (a stone comes as the pipeline made it)
      EXPECT_TRUE(is_global_id(p.origin)) << p.origin;
      EXPECT_GE(p.search_moves, 1);
    }
  }
  EXPECT_EQ(a.report.accepted, 24u);
  EXPECT_EQ(a.seeded.stones, b.seeded.stones);
}

TEST(Climb, ATimeLimitStopsItWhileDiggingStones) {
  // Nothing is rated 12: stones (9.0 and up) come slowly, and none is written.
  Collect sink;
  GenerateRequest q;
  q.min_rating = 12;
  q.time_limit = 1;
  q.threads = 2;
  const GeneratePlan plan = plan_generation(q);
  ASSERT_TRUE(plan.climb);
  const GenerateSummary s = generate(plan, sink);
  EXPECT_TRUE(s.report.stopped);
  EXPECT_TRUE(s.report.failure.empty());
  EXPECT_LT(s.report.seconds, 15);
  EXPECT_TRUE(sink.puzzles.empty());
  EXPECT_NE(shortfall_message(plan, s.report, 0).find("within the time limit (1 s)"), std::string::npos);
}

TEST(Climb, TheStoreKeepsStonesAsDugAndFindsWithTheirStone) {
  test::TempDir dir;
  const std::string path = dir.file("climb.db");
  const GenerateSummary s = generate_into_store(plan_generation(climb_request(2)), path);
  EXPECT_EQ(s.stored, 12u);
  db::PuzzleStore store(path, {db::OpenMode::Read});
  int rows = 0, walked = 0;
  store.for_each({}, [&](const db::PuzzleRecord& r) {
    ++rows;
    if (r.origin.empty()) {
      EXPECT_EQ(r.method, "backtrack");
    } else {
      ++walked;
      EXPECT_EQ(r.method, "seeded");
      EXPECT_TRUE(is_global_id(r.origin));
      EXPECT_TRUE(r.search_moves.has_value() && *r.search_moves >= 1);
    }
    EXPECT_TRUE(r.minimal);
    EXPECT_TRUE(r.er.has_value() && *r.er >= 4.0);
    return true;
  });
  EXPECT_EQ(rows, 12);
  EXPECT_EQ(static_cast<std::uint64_t>(walked), s.report.from_search);
}

}  // namespace
}  // namespace sudokit::produce
