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
    const SolveResult s = solve(p.puzzle, 2);
    ASSERT_EQ(s.count, 1u) << format_line(p.puzzle);
    EXPECT_EQ(s.solution, p.solution);
    EXPECT_TRUE(forms.insert(canonical_form(p.puzzle)).second) << "isomorphic to a seed or another find";
    const GradeAnnotation* a = grade_of(p);
    ASSERT_NE(a, nullptr);
    const grader::Grade again = grader.grade(p.puzzle);
    ASSERT_TRUE(again.rated());
    EXPECT_EQ(grader::rounded_rating(a->grade.er), grader::rounded_rating(again.er));
    EXPECT_EQ(a->grade.ep, again.ep);
    EXPECT_EQ(a->grade.ed, again.ed);
    EXPECT_GE(grader::rounded_rating(again.er), 7.0);
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

TEST(Seeded, ATimeLimitStopsWithWhatWasFound) {
  Collect sink;
  GenerateRequest q = seeded_request(2);
  q.count = 1'000'000;
  q.time_limit = 1;
  const GenerateSummary s = generate(q, sink);
  EXPECT_TRUE(s.report.stopped);
  EXPECT_LT(s.report.seconds, 15);  // a walk stops between neighbours; one grade may finish
  EXPECT_EQ(s.report.accepted, sink.puzzles.size());
  expect_sound(sink.puzzles, false);
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

}  // namespace
}  // namespace sudokit::produce
