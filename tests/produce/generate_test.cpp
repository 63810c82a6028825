// produce::plan_generation and produce::generate: the target defaults (dig
// order, search breadth, pattern attempt limits, the rare target's time
// limit), the request's checks with the option each names, runs into a
// sink that collects, one that throws, and the SQLite store, and the grade
// stage under a run's time limit.
#include "sudokit/produce/generate.hpp"
#include "sudokit/solver/limits.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <chrono>
#include <functional>
#include <tuple>
#include <stdexcept>
#include <string>
#include <vector>

#include "../temp_dir.hpp"
#include "solver/exact_cover.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/produce/db_sink.hpp"
#include "sudokit/produce/grade_stage.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::produce {
namespace {

const std::string kPattern = std::string(27, 'x') + std::string(54, '.');  // 27 clues: the first three rows

GenerateRequest request(std::uint64_t count, std::uint64_t seed, unsigned threads = 1) {
  GenerateRequest q;
  q.count = count;
  q.seed = seed;
  q.threads = threads;
  return q;
}

class Collect final : public PuzzleSink {
 public:
  void write(const GeneratedPuzzle& p) override { puzzles.push_back(p); }
  std::vector<GeneratedPuzzle> puzzles;
};

TEST(GeneratePlan, WithoutATargetDigsRandomlyAndSearchesNothing) {
  const GeneratePlan plan = plan_generation({});
  EXPECT_EQ(plan.pipeline.dig_order, DigOrder::Random);
  EXPECT_EQ(plan.pipeline.search_evaluations, 0);
  EXPECT_EQ(plan.pipeline.time_limit, 0);
  EXPECT_EQ(plan.pipeline.max_attempts, 64u);
  EXPECT_EQ(plan.pipeline.max_failures, 100u);
  EXPECT_FALSE(plan.pipeline.make_filter);
  EXPECT_FALSE(plan.criteria.active());
  EXPECT_EQ(plan.notice, "");
  EXPECT_EQ(plan.pipeline.count, 10u);
}

TEST(GeneratePlan, ATargetBeyondSinglesDigsSparseDigitsAndSearches32) {
  GenerateRequest q;
  q.level = "hard";
  const GeneratePlan plan = plan_generation(q);
  EXPECT_EQ(plan.pipeline.dig_order, DigOrder::SparseDigits);
  EXPECT_EQ(plan.pipeline.search_evaluations, 32);
  EXPECT_TRUE(plan.pipeline.make_filter);
  EXPECT_EQ(plan.criteria.target.min_rating, 2.5);
  EXPECT_EQ(plan.pipeline.time_limit, 0);  // not rare

  q.dig_order = "random";
  q.search = 0;
  const GeneratePlan asked = plan_generation(q);
  EXPECT_EQ(asked.pipeline.dig_order, DigOrder::Random);
  EXPECT_EQ(asked.pipeline.search_evaluations, 0);

  // A target the singles meet keeps the random order, but still searches.
  GenerateRequest easy;
  easy.max_rating = 2.0;
  const GeneratePlan e = plan_generation(easy);
  EXPECT_EQ(e.pipeline.dig_order, DigOrder::Random);
  EXPECT_EQ(e.pipeline.search_evaluations, 32);
}

TEST(GeneratePlan, GradingWithoutATargetFiltersNothingButGrades) {
  GenerateRequest q;
  q.grade = true;
  q.levels = "easy:0,hard:4";
  const GeneratePlan plan = plan_generation(q);
  EXPECT_TRUE(plan.pipeline.make_filter);
  EXPECT_EQ(plan.pipeline.search_evaluations, 0);
  ASSERT_EQ(plan.criteria.levels.size(), 2u);
  EXPECT_EQ(plan.criteria.levels[1].name, "hard");
}

TEST(GeneratePlan, ARareTargetStopsAfter120SecondsUnlessToldOtherwise) {
  GenerateRequest q;
  q.min_rating = 9.0;
  const GeneratePlan rare = plan_generation(q);
  EXPECT_EQ(rare.pipeline.time_limit, 120);
  EXPECT_EQ(rare.notice,
            "ER >= 9.0 is rare: stopping after 120 s with what is found (--time-limit S to change, 0 for none)");
  q.time_limit = 0;
  EXPECT_EQ(plan_generation(q).pipeline.time_limit, 0);
  EXPECT_EQ(plan_generation(q).notice, "");
  q.time_limit = 5;
  EXPECT_EQ(plan_generation(q).pipeline.time_limit, 5);

  GenerateRequest nightmare;
  nightmare.level = "nightmare";
  EXPECT_EQ(plan_generation(nightmare).pipeline.time_limit, 120);
  GenerateRequest below;
  below.min_rating = 8.9;
  EXPECT_EQ(plan_generation(below).pipeline.time_limit, 0);
}

TEST(GeneratePlan, APatternTriesFiveGridsAndGivesUpAfterTwoFailures) {
  GenerateRequest q;
  q.pattern = kPattern;
  const GeneratePlan plan = plan_generation(q);
  ASSERT_TRUE(plan.pipeline.pattern.has_value());
  EXPECT_EQ(plan.pipeline.pattern->size(), 27);
  EXPECT_EQ(plan.pipeline.max_attempts, 5u);
  EXPECT_EQ(plan.pipeline.max_failures, 2u);
  q.max_attempts = 9;
  EXPECT_EQ(plan_generation(q).pipeline.max_attempts, 9u);
  // A target with a pattern: graded and filtered, but nothing is dug.
  q.level = "hard";
  EXPECT_EQ(plan_generation(q).pipeline.dig_order, DigOrder::Random);
}

struct BadRequest {
  const char* what;
  std::function<void(GenerateRequest&)> change;
  std::string option, message;
};

TEST(GeneratePlan, NamesTheOptionOfEveryProblem) {
  const std::vector<BadRequest> cases = {
      {"count", [](GenerateRequest& q) { q.count = 0; }, "--count", "--count must be from 1 to 1000000000000"},
      {"count too large", [](GenerateRequest& q) { q.count = kMaxCount + 1; }, "--count",
       "--count must be from 1 to 1000000000000"},
      {"too many threads", [](GenerateRequest& q) { q.threads = kMaxThreads + 1; }, "--threads",
       "--threads must be from 1 to 256"},
      {"max attempts", [](GenerateRequest& q) { q.max_attempts = kMaxAttempts + 1; }, "--max-attempts",
       "--max-attempts must be from 1 to 1000000 (0 = the default)"},
      {"search below -1", [](GenerateRequest& q) { q.search = -2; }, "--search",
       "--search must be from 0 to 1000000 (-1 = the default)"},
      {"search keep", [](GenerateRequest& q) { q.search_keep = 0; }, "--search-keep", "--search-keep must be from 1 to 1000"},
      {"min rating", [](GenerateRequest& q) { q.min_rating = 21; }, "--min-rating", "--min-rating must be from 0 to 20"},
      {"max rating", [](GenerateRequest& q) { q.max_rating = -1; }, "--max-rating", "--max-rating must be from 1 to 20"},
      // Below 1.0 no puzzle can meet it: the library's rule (it was the command's alone).
      {"max rating below 1", [](GenerateRequest& q) { q.max_rating = 0.5; }, "--max-rating", "--max-rating must be from 1 to 20"},
      {"time limit", [](GenerateRequest& q) { q.time_limit = kMaxSeconds * 2; }, "--time-limit",
       "--time-limit must be from 0 (no limit) to 100000000 seconds"},
      {"negative time limit", [](GenerateRequest& q) { q.time_limit = -3; }, "--time-limit",
       "--time-limit must be from 0 (no limit) to 100000000 seconds"},
      {"grade time limit", [](GenerateRequest& q) { q.grade_time_limit = -1; }, "--grade-time-limit",
       "--grade-time-limit must be from 0 (no limit) to 100000000 seconds"},
      {"strategy", [](GenerateRequest& q) { q.strategy = "hill"; }, "--strategy",
       "unknown --strategy 'hill' (expected dig or climb)"},
      {"climb without a floor", [](GenerateRequest& q) { q.strategy = "climb"; }, "--strategy",
       "--strategy climb climbs the rating: it needs --min-rating (or --level)"},
      {"climb with a pattern", [](GenerateRequest& q) { q.strategy = "climb"; q.min_rating = 9.5; q.pattern = kPattern; },
       "--strategy", "--strategy climb walks from dug puzzles, and --pattern fixes the clues"},
      {"threads", [](GenerateRequest& q) { q.threads = 0; }, "--threads", "--threads must be at least 1"},
      {"clues", [](GenerateRequest& q) { q.clues = 16; }, "--clues", "--clues must be 17 to 80 (or 0 for a minimal puzzle)"},
      {"method", [](GenerateRequest& q) { q.method = "magic"; }, "--method", "unknown --method 'magic' (expected backtrack, box-permutation, digit-box or relabel)"},
      {"base", [](GenerateRequest& q) { q.base = std::string(81, '1'); }, "--base",
       "--base must be a complete valid grid of 81 digits"},
      {"symmetry", [](GenerateRequest& q) { q.symmetry = "spiral"; }, "--symmetry", "unknown --symmetry 'spiral' (expected none, rot180, rot90, mirror, diagonal, antidiagonal, dihedral or random)"},
      {"clues and minimal", [](GenerateRequest& q) { q.clues = 30; q.minimal = true; }, "--clues",
       "--clues and --minimal exclude each other"},
      {"pattern and clues", [](GenerateRequest& q) { q.clues = 30; q.pattern = kPattern; }, "--pattern",
       "--pattern fixes the clues; it excludes --clues"},
      {"pattern too small", [](GenerateRequest& q) { q.pattern = std::string(16, 'x') + std::string(65, '.'); },
       "--pattern", "--pattern: 16 clues; no puzzle with one solution has fewer than 17"},
      {"dig order", [](GenerateRequest& q) { q.dig_order = "inside-out"; }, "--dig-order",
       "unknown --dig-order 'inside-out' (expected random or sparse-digits)"},
      {"dig order and pattern", [](GenerateRequest& q) { q.pattern = kPattern; q.dig_order = "random"; }, "--dig-order",
       "--pattern fixes the clues, nothing is dug; it excludes --dig-order"},
      {"level", [](GenerateRequest& q) { q.level = "impossible"; }, "--level",
       "unknown --level 'impossible' (expected easy, medium, hard, diabolical, expert, extreme, nightmare)"},
      {"custom level", [](GenerateRequest& q) { q.levels = "easy:0,tough:3"; q.level = "hard"; }, "--level",
       "unknown --level 'hard' (expected easy, tough)"},
      {"empty range", [](GenerateRequest& q) { q.min_rating = 5; q.max_rating = 4; }, "--min-rating",
       "the rating range is empty (--min-rating above --max-rating, or outside --level)"},
      {"range outside level", [](GenerateRequest& q) { q.level = "easy"; q.min_rating = 9; }, "--min-rating",
       "the rating range is empty (--min-rating above --max-rating, or outside --level)"},
      {"search and pattern", [](GenerateRequest& q) { q.pattern = kPattern; q.level = "hard"; q.search = 8; }, "--search",
       "--search moves clues, so it cannot keep --pattern or --clues"},
      {"search without target", [](GenerateRequest& q) { q.search = 8; }, "--search",
       "--search needs a target (--min-rating, --max-rating, --level, --require-technique or --hardest-technique)"},
      {"shard out of range", [](GenerateRequest& q) { q.shard_index = 3; q.shard_count = 3; }, "--shard",
       "--shard K/N needs N at least 1 and K from 0 to N-1"},
      {"shard of a run that keeps neighbours", [](GenerateRequest& q) { q.shard_count = 2; q.level = "hard"; q.search_keep = 3; },
       "--shard", "--shard splits the run's indices, and --search-keep above 1 makes it count puzzles instead: use one of them"},
  };
  // A front end's own names: "<0>", "<1>", ... by identity.
  GenerateOptionNames names;
  std::vector<std::string> spelt;
  for (std::size_t i = 0; i < kGenerateOptionCount; ++i) spelt.push_back("<" + std::to_string(i) + ">");
  for (std::size_t i = 0; i < kGenerateOptionCount; ++i) names[i] = spelt[i];
  for (const auto& c : cases) {
    GenerateRequest q;
    c.change(q);
    try {
      plan_generation(q);
      ADD_FAILURE() << c.what << ": accepted";
    } catch (const GenerateOptionError& e) {
      EXPECT_EQ(e.option(), c.option) << c.what;
      EXPECT_EQ(std::string(e.what()), c.message) << c.what;
      // A value outside limits.hpp's bounds says so (the command words it
      // its own way): "--x must be ..." of every option but --base's grid.
      const bool bound = c.message.starts_with(c.option + " must be ") && c.option != "--base";
      EXPECT_EQ(e.out_of_range(), bound) << c.what;
      // In another front end's spelling: the option at fault by its name
      // there, and no option by the command's name.
      EXPECT_EQ(command_option_names()[static_cast<std::size_t>(e.which())], c.option) << c.what;
      const std::string theirs = e.message(names);
      EXPECT_NE(theirs.find(spelt[static_cast<std::size_t>(e.which())]), std::string::npos) << c.what << ": " << theirs;
      EXPECT_EQ(theirs.find("--"), std::string::npos) << c.what << ": " << theirs;
    }
  }
  // The level table and techniques say what they know.
  GenerateRequest levels;
  levels.levels = "easy";
  try {
    plan_generation(levels);
    ADD_FAILURE() << "a table without ratings was accepted";
  } catch (const RequestError& e) {
    EXPECT_EQ(e.option(), "--levels");
    EXPECT_EQ(std::string(e.what()).rfind("--levels: ", 0), 0u) << e.what();
  }
  for (const bool hardest : {false, true}) {
    GenerateRequest q;
    if (hardest) q.hardest_technique = "w-wing-x";
    else q.require_techniques = {"x-wing", "w-wing-x"};
    try {
      plan_generation(q);
      ADD_FAILURE() << "an unknown technique was accepted";
    } catch (const RequestError& e) {
      EXPECT_EQ(e.option(), hardest ? "--hardest-technique" : "--require-technique");
      const std::string m = e.what();
      EXPECT_EQ(m.rfind(e.option() + ": unknown technique 'w-wing-x'; known: ", 0), 0u) << m;
      EXPECT_NE(m.find(" x-wing "), std::string::npos) << m;
      EXPECT_NE(m.find(", and x-chain (any single-digit chain)"), std::string::npos) << m;
    }
  }
}

TEST(Generate, WritesTheGradedPuzzlesThatMeetTheTargetInIndexOrder) {
  GenerateRequest q = request(4, 4, 2);
  q.min_rating = 3.0;
  q.max_rating = 6.0;
  Collect sink;
  const GenerateSummary s = generate(q, sink);
  EXPECT_EQ(s.report.accepted, 4u);
  ASSERT_EQ(sink.puzzles.size(), 4u);
  std::uint64_t last = 0;
  for (const auto& p : sink.puzzles) {
    const GradeAnnotation* g = grade_of(p);
    ASSERT_NE(g, nullptr);
    EXPECT_GE(grader::rounded_rating(g->grade.er), 3.0);
    EXPECT_LE(grader::rounded_rating(g->grade.er), 6.0);
    EXPECT_EQ(g->level, grader::level_for(g->grade.er));
    EXPECT_EQ(p.dig_order, DigOrder::SparseDigits);
    EXPECT_EQ(solve(p.puzzle, 2).count, 1);
    EXPECT_GE(p.index, last);
    last = p.index;
  }
  // The same request with one thread: the same puzzles.
  q.threads = 1;
  Collect one;
  generate(q, one);
  ASSERT_EQ(one.puzzles.size(), 4u);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(one.puzzles[i].puzzle, sink.puzzles[i].puzzle);
}

// A sink that fails (a store on a full disk) while the workers and the local
// search are busy: generate() joins every thread and passes the error on,
// instead of ending the process in std::terminate.
class FailingSink final : public PuzzleSink {
 public:
  explicit FailingSink(PuzzleSink& inner, int fail_at) : inner_(inner), fail_at_(fail_at) {}
  void write(const GeneratedPuzzle& p) override {
    if (++writes_ == fail_at_) throw db::StoreError("full.db", "cannot commit a batch: database or disk is full");
    inner_.write(p);
  }

 private:
  PuzzleSink& inner_;
  int fail_at_, writes_ = 0;
};

TEST(Generate, ASinkThatThrowsStopsTheRunAndThePuzzlesBeforeStayCommitted) {
  sudokit::test::TempDir dir;
  const std::string path = dir.file("g.db");
  GenerateRequest q = request(20, 11, 2);
  q.level = "hard";  // grading and the local search (32 neighbours) on the workers
  const GeneratePlan plan = plan_generation(q);
  {
    db::StoreOptions o;
    o.batch_rows = 1;  // every row is its own commit
    db::PuzzleStore store(path, o);
    DbSink db_sink(store, plan.criteria.levels);
    FailingSink sink(db_sink, 4);
    EXPECT_THROW(generate(plan, sink), db::StoreError);
    EXPECT_EQ(store.stored(), 3u);
  }
  db::PuzzleStore reopened(path, {db::OpenMode::Read});
  EXPECT_EQ(reopened.count(), 3u);
  db::PuzzleFilter graded;
  graded.level = "hard";
  EXPECT_EQ(reopened.count(graded), 3u);
}

TEST(Generate, IntoTheStoreKeepsEveryPuzzleWithItsGrade) {
  sudokit::test::TempDir dir;
  const std::string path = dir.file("g.db");
  GenerateRequest q = request(6, 5);
  q.grade = true;
  q.levels = "easy:0,hard:2.5";
  const GenerateSummary s = generate_into_store(plan_generation(q), path);
  EXPECT_EQ(s.report.accepted, 6u);
  EXPECT_EQ(s.stored + s.duplicates, 6u);
  db::PuzzleStore store(path, {db::OpenMode::Read});
  EXPECT_EQ(store.count(), s.stored);
  std::uint64_t rows = 0;
  store.for_each({}, [&](const db::PuzzleRecord& r) {
    ++rows;
    EXPECT_TRUE(r.er.has_value());
    EXPECT_TRUE(r.level == "easy" || r.level == "hard") << r.level;
    EXPECT_EQ(r.method, "backtrack");
    EXPECT_EQ(r.dig_order, "random");
    EXPECT_EQ(r.seed, std::optional<std::uint64_t>(5));
    return true;
  });
  EXPECT_EQ(rows, s.stored);
  // Again: every index of the run is stored, so nothing is made.
  const GenerateSummary again = generate_into_store(plan_generation(q), path);
  EXPECT_EQ(again.report.skipped, 6u);
  EXPECT_EQ(again.report.accepted, 0u);
  EXPECT_EQ(again.stored, 0u);
  // Another run (another level table): its puzzles are the same ones, so
  // they are made and found to be duplicates.
  q.levels = "easy:0,hard:3";
  const GenerateSummary other = generate_into_store(plan_generation(q), path);
  EXPECT_EQ(other.report.skipped, 0u);
  EXPECT_EQ(other.report.accepted, 6u);
  EXPECT_EQ(other.duplicates, 6u);
}

// Variants (issue #47): --db keeps them with their geometry, unrated, each
// unique by the exact-cover counter (not the kernel that dug them); none is
// graded, and a rerun of the run makes nothing.
TEST(Generate, IntoTheStoreKeepsVariantsWithTheirGeometryUnrated) {
  sudokit::test::TempDir dir;
  const std::string path = dir.file("x.db");
  GenerateRequest q = request(8, 3, 2);
  q.geometry = "X";  // any spelling; the store keeps the canonical one
  GradingAsked asked;
  asked.to_store = true;
  set_grading(q, asked);
  EXPECT_FALSE(q.grade);  // a store grades classic puzzles only
  const GenerateSummary s = generate_into_store(plan_generation(q), path);
  ASSERT_EQ(s.report.accepted, 8u);
  EXPECT_EQ(s.stored + s.duplicates, 8u);
  const GeometryPtr x = parse_geometry("x");
  sudokit::test::ExactCover dlx = sudokit::test::exact_cover_of(*x);
  db::PuzzleStore store(path, {db::OpenMode::Read});
  db::PuzzleFilter classic, variants;
  variants.geometry = "x";
  EXPECT_EQ(store.count(classic), 0u);
  EXPECT_EQ(store.count(variants), s.stored);
  std::uint64_t rows = 0;
  store.for_each(variants, [&](const db::PuzzleRecord& r) {
    ++rows;
    EXPECT_EQ(r.geometry, "x");
    EXPECT_EQ(r.rated_by, db::kUnratedVariant);
    EXPECT_FALSE(r.er.has_value());
    const std::vector<std::uint8_t> puzzle = read_cells(*x, r.variant_puzzle);
    const std::vector<std::uint8_t> solution = read_cells(*x, r.variant_solution);
    EXPECT_EQ(dlx.count(puzzle, 2), 1u) << r.variant_puzzle;
    for (std::size_t c = 0; c < puzzle.size(); ++c)
      if (puzzle[c] != 0) EXPECT_EQ(puzzle[c], solution[c]) << r.variant_puzzle;
    EXPECT_EQ(r.gid(), global_id_any(x, puzzle));
    return true;
  });
  EXPECT_EQ(rows, s.stored);
  const GenerateSummary again = generate_into_store(plan_generation(q), path);
  EXPECT_EQ(again.report.skipped, 8u);
  EXPECT_EQ(again.stored, 0u);
}

// (seed_index, puzzle, run, shard) of every row, by index.
std::vector<std::tuple<std::uint64_t, std::string, std::string, std::string>> rows_of(const std::string& path) {
  std::vector<std::tuple<std::uint64_t, std::string, std::string, std::string>> out;
  db::PuzzleStore store(path, {db::OpenMode::Read});
  store.for_each({}, [&](const db::PuzzleRecord& r) {
    out.emplace_back(r.index.value_or(~0ull), format_line(r.puzzle), r.run, r.shard);
    return true;
  });
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Generate, IntoTheStoreAgainMakesOnlyTheIndicesNotStoredYet) {
  sudokit::test::TempDir dir;
  GenerateRequest q = request(12, 77, 2);
  q.level = "hard";
  const std::string whole = dir.file("whole.db"), grown = dir.file("grown.db");
  const GeneratePlan plan = plan_generation(q);
  const GenerateSummary all = generate_into_store(plan, whole);
  ASSERT_EQ(all.report.accepted, 12u);
  // The same run in steps: 5 indices, then 12 (7 made), then 12 again (none).
  q.count = 5;
  EXPECT_EQ(generate_into_store(plan_generation(q), grown).report.accepted, 5u);
  q.count = 12;
  const GenerateSummary rest = generate_into_store(plan_generation(q), grown);
  EXPECT_EQ(rest.report.skipped, 5u);
  EXPECT_EQ(rest.report.wanted, 7u);
  EXPECT_EQ(rest.report.accepted, 7u);
  EXPECT_EQ(generate_into_store(plan_generation(q), grown).report.accepted, 0u);
  const auto rows = rows_of(grown);
  EXPECT_EQ(rows, rows_of(whole));
  ASSERT_EQ(rows.size(), 12u);
  for (const auto& r : rows) {
    EXPECT_EQ(std::get<2>(r), run_key(plan));
    EXPECT_EQ(std::get<3>(r), "");
  }
}

TEST(Generate, ShardsIntoOneStoreMakeTheWholeRunAndSayWhichShardMadeARow) {
  sudokit::test::TempDir dir;
  GenerateRequest q = request(20, 5, 1);
  q.min_rating = 2;
  const std::string whole = dir.file("whole.db"), sharded = dir.file("sharded.db");
  generate_into_store(plan_generation(q), whole);
  q.shard_count = 3;
  for (std::uint64_t k = 0; k < 3; ++k) {
    q.shard_index = k;
    const GenerateSummary s = generate_into_store(plan_generation(q), sharded);
    EXPECT_EQ(s.report.wanted, k < 2 ? 7u : 6u);
  }
  auto rows = rows_of(sharded);
  for (auto& [index, puzzle, run, shard] : rows) {
    EXPECT_EQ(shard, std::to_string(index % 3) + "/3");
    shard.clear();
  }
  EXPECT_EQ(rows, rows_of(whole));
}

// A run's time limit bounds each grade: a grade it cuts is rejected and is
// no time-out of the puzzle's, and no grade starts once the run is over.
// The control: the same puzzle under its own tiny limit is a time-out.
TEST(GradeStage, TheRunsEndStopsItsGradesWithoutCountingATimeOut) {
  GeneratedPuzzle p;
  ParseError error;  // AI Escargot, ER 10.5: about 200 ms of grading
  ASSERT_TRUE(parse_puzzle("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", p.puzzle, error));
  GradeCriteria c;
  c.grade = true;
  c.time_limit = 10;
  const auto now = std::chrono::steady_clock::now();

  GradeStage over(c);
  over.set_run_limit(now - std::chrono::seconds(2), 1.0);
  EXPECT_FALSE(over.accept(p));
  EXPECT_EQ(over.tally().graded, 0u);

  GradeStage cut(c);  // 20 ms left: the grade starts, and takes ten times that
  cut.set_run_limit(std::chrono::steady_clock::now(), 0.02);
  EXPECT_FALSE(cut.accept(p));
  EXPECT_EQ(cut.tally().graded, 1u);
  EXPECT_EQ(cut.timed_out(), 0u);
  EXPECT_EQ(grade_of(p), nullptr);

  c.time_limit = 1e-6;
  GradeStage own(c);
  own.set_run_limit(now, 60);
  EXPECT_FALSE(own.accept(p));
  EXPECT_EQ(own.timed_out(), 1u);
}

TEST(RunKey, NamesTheSeedAndTheOptionsThatDecideThePuzzles) {
  GenerateRequest base = request(10, 1, 1);
  base.level = "hard";
  const std::string key = run_key(plan_generation(base));
  EXPECT_EQ(key.size(), 16u);
  EXPECT_EQ(key.find_first_not_of("0123456789abcdef"), std::string::npos) << key;
  // What does not change which puzzle an index gets keeps the key.
  const std::vector<std::function<void(GenerateRequest&)>> same = {
      [](GenerateRequest& q) { q.count = 500; },
      [](GenerateRequest& q) { q.threads = 4; },
      [](GenerateRequest& q) { q.shard_index = 1; q.shard_count = 2; },
      [](GenerateRequest& q) { q.time_limit = 30; },
      [](GenerateRequest& q) { q.with_steps = true; },
      [](GenerateRequest& q) { q.search = 32; },  // the default for a target
  };
  for (std::size_t i = 0; i < same.size(); ++i) {
    GenerateRequest q = base;
    same[i](q);
    EXPECT_EQ(run_key(plan_generation(q)), key) << "change " << i;
  }
  const std::vector<std::function<void(GenerateRequest&)>> other = {
      [](GenerateRequest& q) { q.seed = 2; },
      [](GenerateRequest& q) { q.method = "digit-box"; },
      [](GenerateRequest& q) { q.scramble = true; },
      [](GenerateRequest& q) { q.symmetry = "rot180"; },
      [](GenerateRequest& q) { q.level = "expert"; },
      [](GenerateRequest& q) { q.min_rating = 4.5; },
      [](GenerateRequest& q) { q.levels = "easy:0,hard:2,expert:5"; },
      [](GenerateRequest& q) { q.require_techniques = {"x-wing"}; },
      [](GenerateRequest& q) { q.hardest_technique = "x-wing"; },
      [](GenerateRequest& q) { q.search = 8; },
      [](GenerateRequest& q) { q.dig_order = "random"; },
      [](GenerateRequest& q) { q.max_attempts = 9; },
      [](GenerateRequest& q) { q.level.clear(); q.pattern = kPattern; },
  };
  std::vector<std::string> keys = {key};
  for (std::size_t i = 0; i < other.size(); ++i) {
    GenerateRequest q = base;
    other[i](q);
    keys.push_back(run_key(plan_generation(q)));
    EXPECT_NE(keys.back(), key) << "change " << i;
  }
  std::sort(keys.begin(), keys.end());
  EXPECT_EQ(std::adjacent_find(keys.begin(), keys.end()), keys.end()) << "two runs share a key";
}

// An environment of its own for parse_shard.
std::function<const char*(const char*)> env(std::vector<std::pair<std::string, std::string>> vars) {
  return [vars = std::move(vars)](const char* name) -> const char* {
    for (const auto& [k, v] : vars)
      if (k == name) return v.c_str();
    return nullptr;
  };
}

TEST(ParseShard, ExplicitSlurmAndKubernetes) {
  const auto none = env({});
  auto expect = [](const Shard& s, std::uint64_t k, std::uint64_t n) {
    EXPECT_EQ(s.index, k);
    EXPECT_EQ(s.count, n);
  };
  expect(parse_shard("0/1", none), 0, 1);
  expect(parse_shard("6/7", none), 6, 7);
  EXPECT_EQ(parse_shard("6/7", none).text(), "6/7");
  // auto/N: K is Slurm's task id itself, also for a task resubmitted alone
  // (an array of one: MIN = MAX = the id, COUNT 1), else Kubernetes' index.
  expect(parse_shard("auto/16", env({{"SLURM_ARRAY_TASK_ID", "9"}})), 9, 16);
  expect(parse_shard("auto/16", env({{"SLURM_ARRAY_TASK_ID", "7"}, {"SLURM_ARRAY_TASK_MIN", "7"},
                                     {"SLURM_ARRAY_TASK_MAX", "7"}, {"SLURM_ARRAY_TASK_COUNT", "1"}})),
         7, 16);
  EXPECT_EQ(parse_shard("auto/16", env({{"SLURM_ARRAY_TASK_ID", "7"}})).source, "SLURM_ARRAY_TASK_ID=7");
  expect(parse_shard("auto/16", env({{"SLURM_ARRAY_TASK_ID", "3"}, {"SLURM_ARRAY_TASK_MIN", "0"},
                                     {"SLURM_ARRAY_TASK_MAX", "15"}, {"SLURM_ARRAY_TASK_COUNT", "16"}})),
         3, 16);
  expect(parse_shard("auto/5", env({{"JOB_COMPLETION_INDEX", "4"}})), 4, 5);
  EXPECT_EQ(parse_shard("auto/5", env({{"JOB_COMPLETION_INDEX", "4"}})).source, "JOB_COMPLETION_INDEX=4");
  EXPECT_EQ(parse_shard("6/7", none).source, "");

  const std::vector<std::pair<std::string, std::function<const char*(const char*)>>> bad = {
      {"3", none}, {"1/", none}, {"/2", none}, {"a/b", none}, {"2/2", none}, {"0/0", none}, {"-1/3", none},
      {"1/3/4", none}, {"auto", none}, {"auto/4", none},
      {"auto", env({{"JOB_COMPLETION_INDEX", "1"}})},
      {"auto/4", env({{"JOB_COMPLETION_INDEX", "4"}})},
      {"auto/4", env({{"JOB_COMPLETION_INDEX", "x"}})},
      // auto without N: never the scheduler's count (an array of one would make the whole run).
      {"auto", env({{"SLURM_ARRAY_TASK_ID", "2"}})},
      {"auto", env({{"SLURM_ARRAY_TASK_ID", "7"}, {"SLURM_ARRAY_TASK_MIN", "7"}, {"SLURM_ARRAY_TASK_COUNT", "1"}})},
      {"auto", env({{"SLURM_ARRAY_TASK_ID", "3"}, {"SLURM_ARRAY_TASK_MIN", "0"}, {"SLURM_ARRAY_TASK_COUNT", "16"}})},
      {"auto/4", env({{"SLURM_ARRAY_TASK_ID", "4"}})},
      {"auto/4", env({{"SLURM_ARRAY_TASK_ID", "x"}})},
      // An array 1-4 for 4 shards: task ids are the shard numbers, 0 to 3.
      {"auto/4", env({{"SLURM_ARRAY_TASK_ID", "1"}, {"SLURM_ARRAY_TASK_MIN", "1"}, {"SLURM_ARRAY_TASK_MAX", "4"}})},
  };
  for (const auto& [spec, vars] : bad) {
    try {
      const Shard s = parse_shard(spec, vars);
      ADD_FAILURE() << spec << " gave " << s.text();
    } catch (const RequestError& e) {
      EXPECT_EQ(e.option(), "--shard") << spec;
      EXPECT_EQ(std::string(e.what()).rfind("--shard ", 0), 0u) << e.what();
    }
  }
}

}  // namespace
}  // namespace sudokit::produce

// The wait for input under a run's time limit (InputDeadline): a given limit
// puts the deadline that far from the start and leaves the run what reading
// did not use, never less than 1 ms; no limit (0 or the default -1) gives no
// deadline and keeps the request's value.
namespace sudokit::produce {
TEST(InputDeadline, AGivenLimitBoundsReadingAndTheRunGetsWhatIsLeft) {
  using namespace std::chrono_literals;
  const InputDeadline::Clock::time_point t0{1000s};
  GenerateRequest q;
  q.time_limit = 2;
  const InputDeadline d(q, t0);
  ASSERT_TRUE(d.deadline().has_value());
  EXPECT_EQ(*d.deadline(), t0 + 2s);
  EXPECT_FALSE(d.passed(t0));
  EXPECT_FALSE(d.passed(t0 + 1999ms));
  EXPECT_TRUE(d.passed(t0 + 2s));
  EXPECT_TRUE(d.passed(t0 + 3s));
  d.charge_reading(q, t0 + 500ms);
  EXPECT_DOUBLE_EQ(q.time_limit, 1.5);
  q.time_limit = 2;
  d.charge_reading(q, t0 + 5s);  // reading took it all: the run still has a limit
  EXPECT_DOUBLE_EQ(q.time_limit, 1e-3);
  q.time_limit = 0.25;
  const InputDeadline quarter(q, t0);
  EXPECT_EQ(*quarter.deadline(), t0 + 250ms);
}

TEST(InputDeadline, NoLimitMeansNoDeadlineAndTheRequestKeepsItsValue) {
  using namespace std::chrono_literals;
  const InputDeadline::Clock::time_point t0{1000s};
  for (const double limit : {0.0, -1.0}) {
    GenerateRequest q;
    q.time_limit = limit;
    const InputDeadline d(q, t0);
    EXPECT_FALSE(d.deadline().has_value()) << limit;
    EXPECT_FALSE(d.passed(t0 + 1000000s)) << limit;
    d.charge_reading(q, t0 + 1000s);
    EXPECT_EQ(q.time_limit, limit);
  }
}
}  // namespace sudokit::produce
