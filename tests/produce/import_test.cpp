// produce::import_rater / import_graded: `db import` rates each record with
// the grader, level table and set_grade() that `db regrade` uses, so an
// imported row and the same row regraded are equal; a puzzle over the
// grading bounds is stored ungraded, its minimality still checked.
#include "sudokit/produce/import.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "../db/db_test_util.hpp"
#include "sudokit/db/record_format.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/produce/regrade.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::produce {
namespace {

using sudokit::test::TempDir;

db::ImportInput text_input(const std::string& label, std::string text) {
  return {label, [text = std::move(text)](ByteSource& source, std::string&) {
            auto at = std::make_shared<std::size_t>(0);
            source = [text, at](char* buffer, std::size_t size, std::string&) -> long {
              const std::size_t n = text.copy(buffer, size, *at);
              *at += n;
              return static_cast<long>(n);
            };
            return true;
          }};
}

/// Every `every`-th puzzle of the SE-rated calibration set (all levels).
std::vector<Grid> calibration_puzzles(std::size_t every) {
  std::istringstream in(db::test::slurp(db::test::data_file("se_rated_calibration.tsv")));
  std::string line;
  std::getline(in, line);  // the header
  std::vector<Grid> out;
  for (std::size_t i = 0; std::getline(in, line); ++i)
    if (i % every == 0) {
      Grid g;
      ParseError error;
      EXPECT_TRUE(parse_puzzle(std::string_view(line).substr(0, 81), g, error)) << line;
      out.push_back(g);
    }
  return out;
}

std::string lines_of(const std::vector<Grid>& puzzles) {
  std::string text;
  for (const Grid& g : puzzles) text += format_line(g) + "\n";
  return text;
}

std::vector<db::PuzzleRecord> rows(db::PuzzleStore& store) {
  std::vector<db::PuzzleRecord> out;
  store.for_each({}, [&](const db::PuzzleRecord& r) {
    out.push_back(r);
    return true;
  });
  return out;
}

db::ImportRun import(db::PuzzleStore& store, const std::vector<Grid>& puzzles, const ImportGrading& grading,
                     unsigned threads) {
  db::ImportOptions options;
  options.threads = threads;
  return import_graded(store, {text_input("in.txt", lines_of(puzzles))}, options, grading,
                       [](const std::string& label, std::size_t line, const std::string& reason) {
                         ADD_FAILURE() << label << ':' << line << ": " << reason;
                       });
}

TEST(ImportGraded, GradesEachPuzzleAsTheGraderDoes) {
  TempDir dir;
  db::PuzzleStore store(dir.file("graded.db"));
  const auto p = db::test::load_puzzles("puzzles_17clue.txt", 20);
  EXPECT_EQ(import(store, p, {}, 2).counts.imported, 20u);
  grader::Grader grader;
  for (const auto& r : rows(store)) {
    const grader::Grade g = grader.grade(r.puzzle);
    ASSERT_TRUE(g.rated());
    ASSERT_TRUE(r.graded());
    EXPECT_EQ(*r.er, grader::rounded_rating(g.er));
    EXPECT_EQ(*r.ep, grader::rounded_rating(g.ep));
    EXPECT_EQ(*r.ed, grader::rounded_rating(g.ed));
    EXPECT_EQ(r.level, grader::level_for(g.er));
    EXPECT_EQ(r.hardest, grader::technique_key(g.hardest));
    EXPECT_EQ(r.histogram, db::histogram_json(g.histogram));
    EXPECT_EQ(r.minimal, is_minimal(r.puzzle));
    EXPECT_EQ(r.solution, g.solution);
    EXPECT_EQ(r.clues, 17);
    EXPECT_TRUE(r.path.empty());
  }
  EXPECT_TRUE(is_minimal(p[0]));  // 17-clue puzzles are minimal
}

TEST(ImportGraded, APuzzleOverTheGradingBudgetIsStoredUngraded) {
  TempDir dir;
  db::PuzzleStore store(dir.file("budget.db"));
  const auto p = db::test::load_puzzles("puzzles_17clue.txt", 3);
  ImportGrading grading;
  grading.time_limit = 1e-9;  // expires before the first step
  EXPECT_EQ(import(store, p, grading, 1).counts.imported, 3u);
  for (const auto& r : rows(store)) {
    EXPECT_FALSE(r.graded());
    EXPECT_TRUE(r.level.empty());
    EXPECT_EQ(r.minimal, true);  // still checked
  }
}

TEST(ImportGraded, AnImportedRowIsWhatRegradeWouldWrite) {
  // Puzzles of every level (the SE-rated calibration set), imported with the
  // defaults of `db import` (and with steps), then regraded as rows of an
  // older grader revision: regrade must find nothing to change.
  const auto p = calibration_puzzles(34);
  ASSERT_EQ(p.size(), 60u);
  for (const bool with_steps : {false, true}) {
    TempDir dir;
    db::PuzzleStore store(dir.file("regrade.db"));
    ImportGrading grading;
    grading.with_steps = with_steps;
    ASSERT_EQ(import(store, p, grading, 2).counts.imported, 60u);
    const std::vector<db::PuzzleRecord> imported = rows(store);
    RegradeOptions again;
    again.older_than = grader::kGraderRevision + 1;  // every row counts as stale
    const RegradeReport report = regrade_store(store, again);
    EXPECT_EQ(report.stale, 60u);
    EXPECT_EQ(report.unrated, 0u);
    EXPECT_EQ(report.changed, 0u) << "with_steps " << with_steps;
    const std::vector<db::PuzzleRecord> regraded = rows(store);
    ASSERT_EQ(regraded.size(), imported.size());
    for (std::size_t i = 0; i < imported.size(); ++i) {
      EXPECT_EQ(regraded[i].histogram, imported[i].histogram) << format_line(imported[i].puzzle);
      EXPECT_EQ(regraded[i].path, imported[i].path) << format_line(imported[i].puzzle);
      EXPECT_EQ(regraded[i].path.empty(), !with_steps);
    }
  }
}

}  // namespace
}  // namespace sudokit::produce
