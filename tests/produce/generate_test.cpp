// produce::plan_generation and produce::generate: the target defaults (dig
// order, search breadth, pattern attempt limits, the rare target's time
// limit), the request's checks with the option each names, and runs into a
// sink that collects, one that throws, and the SQLite store.
#include "sudokit/produce/generate.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "../temp_dir.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/produce/db_sink.hpp"
#include "sudokit/solver/solve.hpp"

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
      {"count", [](GenerateRequest& q) { q.count = 0; }, "--count", "--count must be at least 1"},
      {"threads", [](GenerateRequest& q) { q.threads = 0; }, "--threads", "--threads must be at least 1"},
      {"clues", [](GenerateRequest& q) { q.clues = 16; }, "--clues", "--clues must be 17 to 80 (or 0 for a minimal puzzle)"},
      {"method", [](GenerateRequest& q) { q.method = "magic"; }, "--method", "unknown --method 'magic'"},
      {"base", [](GenerateRequest& q) { q.base = std::string(81, '1'); }, "--base",
       "--base must be a complete valid grid of 81 digits"},
      {"symmetry", [](GenerateRequest& q) { q.symmetry = "spiral"; }, "--symmetry", "unknown --symmetry 'spiral'"},
      {"clues and minimal", [](GenerateRequest& q) { q.clues = 30; q.minimal = true; }, "--clues",
       "--clues and --minimal exclude each other"},
      {"pattern and clues", [](GenerateRequest& q) { q.clues = 30; q.pattern = kPattern; }, "--pattern",
       "--pattern fixes the clues; it excludes --clues"},
      {"pattern too small", [](GenerateRequest& q) { q.pattern = std::string(16, 'x') + std::string(65, '.'); },
       "--pattern", "the pattern has 16 clues; no puzzle with one solution has fewer than 17"},
      {"dig order", [](GenerateRequest& q) { q.dig_order = "inside-out"; }, "--dig-order",
       "unknown --dig-order 'inside-out' (expected random or sparse-digits)"},
      {"dig order and pattern", [](GenerateRequest& q) { q.pattern = kPattern; q.dig_order = "random"; }, "--dig-order",
       "--pattern fixes the clues, nothing is dug; it excludes --dig-order"},
      {"level", [](GenerateRequest& q) { q.level = "impossible"; }, "--level", "unknown --level 'impossible'"},
      {"custom level", [](GenerateRequest& q) { q.levels = "easy:0,tough:3"; q.level = "hard"; }, "--level",
       "unknown --level 'hard'"},
      {"empty range", [](GenerateRequest& q) { q.min_rating = 5; q.max_rating = 4; }, "--min-rating",
       "the rating range is empty (--min-rating above --max-rating, or outside --level)"},
      {"range outside level", [](GenerateRequest& q) { q.level = "easy"; q.min_rating = 9; }, "--min-rating",
       "the rating range is empty (--min-rating above --max-rating, or outside --level)"},
      {"search and pattern", [](GenerateRequest& q) { q.pattern = kPattern; q.level = "hard"; q.search = 8; }, "--search",
       "--search moves clues, so it cannot keep --pattern or --clues"},
      {"search without target", [](GenerateRequest& q) { q.search = 8; }, "--search",
       "--search needs a target (--min-rating, --max-rating, --level, --require-technique or --hardest-technique)"},
  };
  for (const auto& c : cases) {
    GenerateRequest q;
    c.change(q);
    try {
      plan_generation(q);
      ADD_FAILURE() << c.what << ": accepted";
    } catch (const RequestError& e) {
      EXPECT_EQ(e.option(), c.option) << c.what;
      EXPECT_EQ(std::string(e.what()), c.message) << c.what;
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
      EXPECT_EQ(m.rfind("unknown technique 'w-wing-x'; known: ", 0), 0u) << m;
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
  // Again: every row is a duplicate now.
  const GenerateSummary again = generate_into_store(plan_generation(q), path);
  EXPECT_EQ(again.stored, 0u);
  EXPECT_EQ(again.duplicates, 6u);
}

}  // namespace
}  // namespace sudokit::produce
