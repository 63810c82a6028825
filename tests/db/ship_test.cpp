// The shipping file (ship.hpp, db/README.md "Shipping file"): the documented
// schema, ranks 0..n-1 per level in a seeded order (the same seed gives the
// same file), the (level, rank) and gid lookups use their indexes (no sort,
// no scan), rows equal the store's, ungraded and used puzzles left out, and a
// read-only file that opens without a journal.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <map>

#include "db_test_util.hpp"
#include "sudokit/db/ship.hpp"
#include "sudokit/db/used.hpp"

namespace sudokit::db {
namespace {

using test::TempDir;

TEST(Ship, WritesTheDocumentedSchemaWithRanksPerLevel) {
  TempDir dir;
  const auto p = test::load_puzzles("puzzles_top95.txt", 60);
  PuzzleStore store(dir.file("s.db"));
  for (std::size_t i = 0; i < p.size(); ++i) store.insert(test::full_record(p[i], i));
  PuzzleRecord bare = make_record(test::load_puzzles("puzzles_17clue.txt", 1)[0], {});
  bare.solution = solve(bare.puzzle, 2).solution;
  bare.method = "import";
  store.insert(bare);  // ungraded: not shipped
  store.flush();

  ShipOptions options;
  options.extra = {Field::Ep, Field::HardestName};
  options.seed = 7;
  const std::string out = dir.file("app.db");
  const ShipSummary s = ship_store(store, {}, options, out);
  EXPECT_EQ(s.puzzles, p.size());
  EXPECT_EQ(s.skipped_ungraded, 1u);
  struct stat st {};
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0444u);
  EXPECT_EQ(static_cast<std::uint64_t>(st.st_size), s.bytes);

  test::Raw raw(out, SQLITE_OPEN_READONLY);
  EXPECT_EQ(raw.column("SELECT name FROM pragma_table_info('puzzles') ORDER BY cid"),
            (std::vector<std::string>{"id", "rank", "gid", "level", "puzzle", "solution", "er", "hardest", "ep",
                                      "hardest_name"}));
  EXPECT_EQ(raw.text("PRAGMA journal_mode"), "delete");
  EXPECT_EQ(raw.text("SELECT value FROM meta WHERE key = 'format'"), "sudokit ship 1");
  // Ranks: 0..n-1 within each level, counts in `levels`.
  std::map<std::string, std::int64_t> counts;
  for (const std::string& level : raw.column("SELECT level FROM puzzles")) ++counts[level];
  for (const auto& [level, n] : counts) {
    EXPECT_EQ(raw.integer("SELECT count(DISTINCT rank) FROM puzzles WHERE level = '" + level + "'"), n);
    EXPECT_EQ(raw.integer("SELECT max(rank) FROM puzzles WHERE level = '" + level + "'"), n - 1);
    EXPECT_EQ(raw.integer("SELECT puzzles FROM levels WHERE level = '" + level + "'"), n);
  }
  // Rows are the store's.
  store.for_each({}, [&](const PuzzleRecord& r) {
    if (r.level.empty()) return true;
    const std::string where = " FROM puzzles WHERE id = " + std::to_string(r.id);
    EXPECT_EQ(raw.text("SELECT gid" + where), r.gid());
    EXPECT_EQ(raw.text("SELECT puzzle" + where), format_line(r.puzzle));
    EXPECT_EQ(raw.text("SELECT solution" + where), format_line(r.solution));
    EXPECT_EQ(raw.text("SELECT hardest" + where), r.hardest);
    return true;
  });
  // The app's two lookups go through an index, with no temporary sort.
  auto plan = [&](const std::string& sql) {
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(raw.get(), ("EXPLAIN QUERY PLAN " + sql).c_str(), -1, &st, nullptr), SQLITE_OK);
    std::string all;
    while (sqlite3_step(st) == SQLITE_ROW) all += std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, 3))) + ";";
    sqlite3_finalize(st);
    return all;
  };
  EXPECT_NE(plan("SELECT puzzle FROM puzzles WHERE level = 'hard' AND rank = 3").find("puzzles_level_rank"), std::string::npos);
  EXPECT_NE(plan("SELECT puzzle FROM puzzles WHERE gid = 'x'").find("puzzles_gid"), std::string::npos);
  EXPECT_EQ(plan("SELECT puzzle FROM puzzles WHERE level = 'hard' ORDER BY rank LIMIT 1").find("TEMP B-TREE"),
            std::string::npos);
  // By rating range, easiest first: the (level, er) index, no sort.
  const std::string by_rating = plan("SELECT puzzle FROM puzzles WHERE level = 'hard' AND er BETWEEN 3.0 AND 3.5 ORDER BY er LIMIT 10");
  EXPECT_NE(by_rating.find("puzzles_level_er"), std::string::npos) << by_rating;
  EXPECT_EQ(by_rating.find("TEMP B-TREE"), std::string::npos) << by_rating;

  // The same seed gives the same ranks; another seed another order.
  const std::string again = dir.file("again.db"), other = dir.file("other.db");
  ship_store(store, {}, options, again);
  options.seed = 8;
  ship_store(store, {}, options, other);
  const std::string order = "SELECT group_concat(id) FROM (SELECT id FROM puzzles ORDER BY level, rank)";
  EXPECT_EQ(test::Raw(again).text(order), raw.text(order));
  EXPECT_NE(test::Raw(other).text(order), raw.text(order));
}

}  // namespace
}  // namespace sudokit::db
