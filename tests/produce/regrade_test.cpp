// produce::regrade_store: the rows another grader rated (rated_by not this
// grader's, or unknown; with older_than, a revision below it) get this
// grader's ratings, level and path, and no other row is touched; stopped
// after a batch, a second run finishes; run twice, the second does nothing.
#include "sudokit/produce/regrade.hpp"

#include <gtest/gtest.h>
#include <sqlite3.h>

#include <atomic>
#include <string>
#include <vector>

#include "../temp_dir.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/produce/db_sink.hpp"
#include "sudokit/produce/generate.hpp"

namespace sudokit::produce {
namespace {

// Runs SQL on a store file, returns the first column of every row ("" for NULL).
std::vector<std::string> sql(const std::string& path, const std::string& statement) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open(path.c_str(), &db), SQLITE_OK);
  sqlite3_busy_timeout(db, 10000);
  sqlite3_stmt* st = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, statement.c_str(), -1, &st, nullptr), SQLITE_OK) << statement;
  std::vector<std::string> out;
  int rc = 0;
  while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
    const auto* t = sqlite3_column_text(st, 0);
    out.emplace_back(t ? reinterpret_cast<const char*>(t) : "");
  }
  EXPECT_EQ(rc, SQLITE_DONE) << statement;
  sqlite3_finalize(st);
  sqlite3_close(db);
  return out;
}

// The ratings of every row, in id order.
std::vector<std::string> ratings(const std::string& path) {
  return sql(path, "SELECT id || ' ' || er || ' ' || ep || ' ' || ed || ' ' || level || ' ' || hardest || ' ' || "
                   "histogram || ' ' || ifnull(path, '-') || ' ' || ifnull(rated_by, '-') FROM puzzles ORDER BY id");
}

// A graded store of 24 puzzles (with their paths when `steps`).
std::string graded_store(sudokit::test::TempDir& dir, bool steps = false) {
  const std::string path = dir.file(steps ? "steps.db" : "graded.db");
  GenerateRequest q;
  q.count = 24;
  q.seed = 12;
  q.min_rating = 2;  // beyond singles: histograms and paths with some variety
  q.with_steps = steps;
  q.grade = true;
  generate_into_store(plan_generation(q), path);
  return path;
}

TEST(Regrade, RatesAgainWhatAnotherGraderRatedAndTouchesNothingElse) {
  sudokit::test::TempDir dir;
  const std::string path = graded_store(dir);
  const std::vector<std::string> truth = ratings(path);
  ASSERT_EQ(truth.size(), 24u);
  EXPECT_EQ(sql(path, "SELECT DISTINCT rated_by FROM puzzles"), std::vector<std::string>{grader::rater_name()});
  // Rows 1-6: rated before ratings were signed (NULL), same ratings. Rows
  // 7-12: an older revision that rated them wrong. Rows 13-24: this grader,
  // with a mark that a regrade would wipe if it touched them.
  sql(path, "UPDATE puzzles SET rated_by = NULL WHERE id <= 6");
  sql(path, "UPDATE puzzles SET rated_by = 'sudokit-grader/0', er = 1.0, level = 'wrong', hardest = 'x', "
            "histogram = '{}' WHERE id BETWEEN 7 AND 12");
  sql(path, "UPDATE puzzles SET ep = 0.5 WHERE id = 20");
  RegradeReport r;
  {
    db::PuzzleStore store(path);
    RegradeOptions o;
    o.threads = 2;
    o.batch = 4;
    r = regrade_store(store, o);
  }
  EXPECT_EQ(r.stale, 12u);
  EXPECT_EQ(r.regraded, 12u);
  EXPECT_EQ(r.changed, 6u);
  EXPECT_EQ(r.unrated, 0u);
  EXPECT_FALSE(r.stopped);
  std::vector<std::string> expected = truth;
  const std::vector<std::string> after = ratings(path);
  ASSERT_EQ(after.size(), 24u);
  for (std::size_t i = 0; i < 24; ++i) {
    if (i + 1 == 20) EXPECT_NE(after[i], truth[i]) << "row 20 was this grader's: left as it was";
    else EXPECT_EQ(after[i], truth[i]) << "row " << i + 1;
  }
  // Again: nothing is stale.
  db::PuzzleStore store(path);
  EXPECT_EQ(regrade_store(store, {}).stale, 0u);
}

TEST(Regrade, OlderThanPicksTheRowsOfOlderRevisionsAndUnknownRaters) {
  sudokit::test::TempDir dir;
  const std::string path = graded_store(dir);
  sql(path, "UPDATE puzzles SET rated_by = 'sudokit-grader/0' WHERE id <= 3");
  sql(path, "UPDATE puzzles SET rated_by = 'sudokit-grader/7' WHERE id BETWEEN 4 AND 8");
  sql(path, "UPDATE puzzles SET rated_by = 'another rater 1.2' WHERE id = 9");
  sql(path, "UPDATE puzzles SET rated_by = NULL WHERE id = 10");
  db::PuzzleStore store(path);
  EXPECT_EQ(store.count_stale(), 10u);               // every other rater
  EXPECT_EQ(store.count_stale(1), 5u);               // revision 0, unknown names, NULL
  EXPECT_EQ(store.count_stale(2), 19u);              // and this grader's own (revision 1)
  EXPECT_EQ(store.count_stale(8), 24u);              // every row
  RegradeOptions o;
  o.older_than = 1;
  const RegradeReport r = regrade_store(store, o);
  EXPECT_EQ(r.regraded, 5u);
  EXPECT_EQ(sql(path, "SELECT group_concat(id) FROM puzzles WHERE rated_by = 'sudokit-grader/7'"),
            std::vector<std::string>{"4,5,6,7,8"});
  EXPECT_EQ(grader::rater_revision(grader::rater_name()), grader::kGraderRevision);
  EXPECT_EQ(grader::rater_revision("sudokit-grader/x"), 0);
  EXPECT_EQ(grader::rater_revision("another rater 1.2"), 0);
}

TEST(Regrade, StoppedAfterABatchGoesOnWhenRunAgain) {
  sudokit::test::TempDir dir;
  const std::string path = graded_store(dir);
  const std::vector<std::string> truth = ratings(path);
  sql(path, "UPDATE puzzles SET rated_by = 'sudokit-grader/0', er = 1.0");
  std::atomic<bool> stop{false};
  RegradeOptions o;
  o.batch = 5;
  o.stop = &stop;
  o.progress = [&](std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(total, 24u);
    if (done >= 10) stop = true;
  };
  {
    db::PuzzleStore store(path);
    const RegradeReport r = regrade_store(store, o);
    EXPECT_TRUE(r.stopped);
    EXPECT_EQ(r.regraded, 10u);
  }
  db::PuzzleStore store(path);
  const RegradeReport rest = regrade_store(store, {});
  EXPECT_EQ(rest.stale, 14u);
  EXPECT_EQ(rest.regraded, 14u);
  EXPECT_EQ(ratings(path), truth);
}

TEST(Regrade, WritesTheSolutionPathOfRowsThatKeepOne) {
  sudokit::test::TempDir dir;
  const std::string path = graded_store(dir, true);
  const std::vector<std::string> truth = ratings(path);
  EXPECT_EQ(sql(path, "SELECT count(*) FROM puzzles WHERE path IS NULL"), std::vector<std::string>{"0"});
  sql(path, "UPDATE puzzles SET rated_by = NULL, path = '[]', er = 1.0");
  db::PuzzleStore store(path);
  EXPECT_EQ(regrade_store(store, {}).regraded, 24u);
  EXPECT_EQ(ratings(path), truth);
}

}  // namespace
}  // namespace sudokit::produce
