// The store on real SQLite files in a temporary directory: schema creation,
// migration of files written by older versions (made by hand here, as those
// versions wrote them), refusal of files that are not ours, deduplication by
// canonical form through random isomorphs, batching, and failures (locked,
// read-only, not a database) reported as StoreError naming the file.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <thread>

#include "db_test_util.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/transform.hpp"

namespace sudokit::db {
namespace {

using test::Raw;
using test::TempDir;

// The v1 schema exactly as version 1 of the store created it.
constexpr const char* kVersion1Schema = R"sql(
CREATE TABLE puzzles (
  id          INTEGER PRIMARY KEY,
  puzzle      TEXT    NOT NULL CHECK (length(puzzle) = 81),
  solution    TEXT    NOT NULL CHECK (length(solution) = 81),
  canonical   TEXT    NOT NULL UNIQUE CHECK (length(canonical) = 81),
  clues       INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 81),
  symmetry    TEXT,
  minimal     INTEGER CHECK (minimal IN (0, 1)),
  method      TEXT    NOT NULL,
  seed        INTEGER,
  seed_index  INTEGER,
  er          REAL,
  ep          REAL,
  ed          REAL,
  level       TEXT,
  hardest     TEXT,
  histogram   TEXT,
  created_at  TEXT    NOT NULL
);
CREATE INDEX puzzles_level_er ON puzzles (level, er);
CREATE INDEX puzzles_clues ON puzzles (clues);
PRAGMA user_version = 1;
)sql";

std::vector<std::string> columns_of(Raw& raw, const std::string& table) {
  return raw.column("SELECT name FROM pragma_table_info('" + table + "') ORDER BY cid");
}

// Deterministic "random" group elements: SplitMix64 indices (the tests need
// variety, not a distribution).
Transform nth_transform(std::uint64_t n) {
  std::uint64_t z = n * 0x9E3779B97F4A7C15ull + 0x1234567;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  return Transform::from_index(static_cast<std::uint32_t>(z % kPositionalTransforms),
                               static_cast<std::uint32_t>((z >> 32) % kDigitRelabellings));
}

// The batch size is the store's rule: outside kMinBatchRows..kMaxBatchRows
// it is refused with the field at fault (the command names it --batch-rows),
// by check_store_options and by the store itself, before any file is made.
TEST(Store, BatchRowsOutsideTheirBoundsAreRefusedNamingTheField) {
  TempDir dir;
  for (const std::size_t rows : {std::size_t{0}, kMaxBatchRows + 1}) {
    StoreOptions o;
    o.batch_rows = rows;
    try {
      check_store_options(o);
      ADD_FAILURE() << rows << " accepted";
    } catch (const StoreOptionError& e) {
      EXPECT_EQ(e.which(), StoreOption::BatchRows);
      EXPECT_NE(std::string(e.what()).find("(found " + std::to_string(rows) + ")"), std::string::npos) << e.what();
    }
    EXPECT_THROW(PuzzleStore(dir.file("refused.db"), o), StoreOptionError) << rows;
    EXPECT_FALSE(std::filesystem::exists(dir.file("refused.db"))) << rows;
  }
  for (const std::size_t rows : {kMinBatchRows, kMaxBatchRows}) {
    StoreOptions o;
    o.batch_rows = rows;
    EXPECT_NO_THROW(check_store_options(o)) << rows;
  }
}

TEST(Store, CreatesTheSchemaInANewFile) {
  TempDir dir;
  const std::string path = dir.file("new.db");
  {
    PuzzleStore store(path);
    EXPECT_EQ(store.opened_version(), 0);
  }
  Raw raw(path);
  EXPECT_EQ(raw.integer("PRAGMA user_version"), kSchemaVersion);
  EXPECT_EQ(raw.integer("PRAGMA application_id"), kApplicationId);
  EXPECT_EQ(raw.text("PRAGMA journal_mode"), "wal");
  EXPECT_EQ(raw.integer("PRAGMA page_size"), 16384);
  EXPECT_EQ(columns_of(raw, "puzzles"),
            (std::vector<std::string>{"id", "puzzle", "solution", "canonical", "clues", "symmetry", "minimal", "method",
                                      "seed", "seed_index", "er", "ep", "ed", "level", "hardest", "histogram",
                                      "created_at", "source_rating", "search_moves", "dig_order", "symmetric_minimal",
                                      "gid", "path", "run", "shard", "rated_by", "origin", "geometry"}));
  EXPECT_EQ(columns_of(raw, "daily"), (std::vector<std::string>{"date", "level", "puzzle_id"}));
  auto indexes = raw.column("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  EXPECT_EQ(columns_of(raw, "used"), (std::vector<std::string>{"canonical", "puzzle_id", "kind", "label", "used_at"}));
  EXPECT_EQ(indexes, (std::vector<std::string>{"daily_puzzle", "puzzles_clues", "puzzles_geometry", "puzzles_level",
                                               "puzzles_level_er", "puzzles_run", "used_puzzle"}));
  // The canonical form is UNIQUE (an automatic index from the constraint);
  // ids are AUTOINCREMENT (never given out twice).
  EXPECT_EQ(raw.integer("SELECT count(*) FROM pragma_index_list('puzzles') WHERE \"unique\" = 1 AND origin = 'u'"), 1);
  EXPECT_NE(raw.text("SELECT sql FROM sqlite_master WHERE name = 'puzzles'").find("AUTOINCREMENT"), std::string::npos);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
}

TEST(Store, QueriesUseTheIndexesMadeForThem) {
  TempDir dir;
  const std::string path = dir.file("plan.db");
  { PuzzleStore store(path); }
  Raw raw(path);
  auto plan = [&](const std::string& sql) {
    sqlite3_stmt* st = nullptr;
    sqlite3_prepare_v2(raw.get(), ("EXPLAIN QUERY PLAN " + sql).c_str(), -1, &st, nullptr);
    std::string all;
    while (sqlite3_step(st) == SQLITE_ROW) all += reinterpret_cast<const char*>(sqlite3_column_text(st, 3)) + std::string("\n");
    sqlite3_finalize(st);
    return all;
  };
  EXPECT_NE(plan("SELECT id FROM puzzles WHERE level = 'hard' AND er BETWEEN 4 AND 5").find("puzzles_level_er"),
            std::string::npos);
  EXPECT_NE(plan("SELECT id FROM puzzles WHERE clues BETWEEN 22 AND 24").find("puzzles_clues"), std::string::npos);
  EXPECT_NE(plan("SELECT id FROM puzzles WHERE canonical = 'x'").find("sqlite_autoindex_puzzles_1"), std::string::npos);
  // The oldest unused puzzles of a level (daily, book; db/src/used.cpp): the
  // level's index walked in id order, stopping at the first that qualify.
  // With only (level, er) every puzzle of the level was tested and sorted.
  const std::string oldest = plan(
      "SELECT id FROM puzzles WHERE level = 'hard'"
      " AND NOT EXISTS (SELECT 1 FROM used WHERE used.canonical = puzzles.canonical)"
      " AND NOT EXISTS (SELECT 1 FROM daily WHERE daily.puzzle_id = puzzles.id) ORDER BY id LIMIT 4");
  EXPECT_NE(oldest.find("puzzles_level "), std::string::npos) << oldest;
  EXPECT_EQ(oldest.find("TEMP B-TREE"), std::string::npos) << oldest;
}

// What versions 2 to 6 added to the v1 schema, exactly as they added it.
constexpr const char* kVersion6Additions = R"sql(
ALTER TABLE puzzles ADD COLUMN source_rating REAL;
CREATE TABLE daily (
  date       TEXT    NOT NULL,
  level      TEXT    NOT NULL,
  puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id),
  PRIMARY KEY (date, level)
);
CREATE INDEX daily_puzzle ON daily (puzzle_id);
CREATE TABLE used (
  canonical  TEXT    NOT NULL PRIMARY KEY CHECK (length(canonical) = 81),
  puzzle_id  INTEGER NOT NULL,
  kind       TEXT    NOT NULL,
  label      TEXT    NOT NULL,
  used_at    TEXT    NOT NULL
) WITHOUT ROWID;
CREATE INDEX used_puzzle ON used (puzzle_id);
ALTER TABLE puzzles ADD COLUMN search_moves INTEGER;
ALTER TABLE puzzles ADD COLUMN dig_order TEXT;
PRAGMA user_version = 6;
)sql";

TEST(Store, MigratesVersion6MinimalIntoTwoFacts) {
  // Up to v6 a symmetric generated row's `minimal` was the orbit fact; v7
  // keeps it as symmetric_minimal and leaves the strict fact unknown.
  TempDir dir;
  const std::string path = dir.file("v6.db");
  const auto puzzles = test::load_puzzles("puzzles_top95.txt", 10);
  {
    Raw raw(path);
    ASSERT_EQ(raw.exec(kVersion1Schema), SQLITE_OK);
    ASSERT_EQ(raw.exec(kVersion6Additions), SQLITE_OK);
    const std::vector<std::string> rows = {"'rot180', 1, 'backtrack'", "'none', 1, 'backtrack'", "NULL, 0, 'import'",
                                           "'dihedral', 0, 'digit-box'", "'rot180', 1, 'import'"};
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const PuzzleRecord r = make_record(puzzles[i], solve(puzzles[i], 2).solution);
      ASSERT_EQ(raw.exec("INSERT INTO puzzles (puzzle, solution, canonical, clues, symmetry, minimal, method, created_at) "
                         "VALUES ('" + format_line(r.puzzle) + "', '" + format_line(r.solution) + "', '" +
                         format_line(r.canonical) + "', " + std::to_string(r.clues) + ", " + rows[i] +
                         ", '2026-01-01T00:00:00Z')"),
                SQLITE_OK);
    }
  }
  {
    PuzzleStore store(path);
    EXPECT_EQ(store.opened_version(), 6);
  }
  Raw raw(path);
  EXPECT_EQ(raw.integer("PRAGMA user_version"), kSchemaVersion);
  auto facts = [&](int id) {
    return raw.text("SELECT coalesce(minimal, 'NULL') || '/' || coalesce(symmetric_minimal, 'NULL') FROM puzzles WHERE id = " +
                    std::to_string(id));
  };
  EXPECT_EQ(facts(1), "NULL/1");  // symmetric, generated: the orbit fact moves
  EXPECT_EQ(facts(2), "1/1");     // no symmetry: both facts are the same
  EXPECT_EQ(facts(3), "0/NULL");  // imported without a symmetry: strict only
  EXPECT_EQ(facts(4), "NULL/0");
  EXPECT_EQ(facts(5), "1/1");     // imported with a symmetry: import checked strictly
}

TEST(Store, MigratesVersion7ToStableIds) {
  // v8 rebuilds the table with AUTOINCREMENT and a global id per row: ids
  // (with their gaps) and the daily rows that point at them stay as they were.
  TempDir dir;
  const std::string path = dir.file("v7.db");
  const auto puzzles = test::load_puzzles("puzzles_top95.txt", 10);
  const std::vector<int> ids = {1, 2, 5};
  {
    Raw raw(path);
    ASSERT_EQ(raw.exec(kVersion1Schema), SQLITE_OK);
    ASSERT_EQ(raw.exec(kVersion6Additions), SQLITE_OK);
    ASSERT_EQ(raw.exec("ALTER TABLE puzzles ADD COLUMN symmetric_minimal INTEGER CHECK (symmetric_minimal IN (0, 1));"
                       "PRAGMA user_version = 7;"),
              SQLITE_OK);
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const PuzzleRecord r = make_record(puzzles[i], solve(puzzles[i], 2).solution);
      ASSERT_EQ(raw.exec("INSERT INTO puzzles (id, puzzle, solution, canonical, clues, method, er, level, created_at) "
                         "VALUES (" + std::to_string(ids[i]) + ", '" + format_line(r.puzzle) + "', '" +
                         format_line(r.solution) + "', '" + format_line(r.canonical) + "', " +
                         std::to_string(r.clues) + ", 'backtrack', 9.1, 'nightmare', '2023-01-01T00:00:00Z')"),
                SQLITE_OK);
    }
    ASSERT_EQ(raw.exec("INSERT INTO daily (date, level, puzzle_id) VALUES ('2026-01-01', 'nightmare', 5)"), SQLITE_OK);
  }
  {
    PuzzleStore store(path);
    EXPECT_EQ(store.opened_version(), 7);
  }
  Raw raw(path);
  EXPECT_EQ(raw.integer("PRAGMA user_version"), kSchemaVersion);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const std::string where = " FROM puzzles WHERE id = " + std::to_string(ids[i]);
    EXPECT_EQ(raw.text("SELECT puzzle" + where), format_line(puzzles[i]));
    EXPECT_EQ(raw.text("SELECT gid" + where), global_id(puzzles[i]));
  }
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 3);
  EXPECT_EQ(raw.integer("SELECT puzzle_id FROM daily"), 5);
  EXPECT_EQ(raw.integer("SELECT seq FROM sqlite_sequence WHERE name = 'puzzles'"), 5);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
  EXPECT_EQ(raw.integer("SELECT count(*) FROM pragma_foreign_key_check"), 0);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM sqlite_master WHERE name IN ('puzzles_level_er', 'puzzles_clues')"), 2);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM sqlite_master WHERE name = 'puzzles_v8'"), 0);
}

TEST(Store, AnIdIsNeverGivenToAnotherPuzzle) {
  TempDir dir;
  const std::string path = dir.file("ids.db");
  const auto puzzles = test::load_puzzles("puzzles_top95.txt", 10);
  auto add = [&](std::size_t i) {
    PuzzleStore store(path);
    PuzzleRecord r = make_record(puzzles[i], solve(puzzles[i], 2).solution);
    r.method = "import";
    store.insert(r);
    store.flush();
  };
  add(0);
  add(1);
  add(2);
  Raw(path).exec("DELETE FROM puzzles WHERE id = 3");
  add(3);
  Raw raw(path);
  // Without AUTOINCREMENT SQLite would hand out 3 again.
  EXPECT_EQ(raw.text("SELECT group_concat(id) FROM (SELECT id FROM puzzles ORDER BY id)"), "1,2,4");
  EXPECT_EQ(raw.text("SELECT gid FROM puzzles WHERE id = 4"), global_id(puzzles[3]));
  // The same puzzle has the same global id in another store.
  const std::string other = dir.file("other.db");
  {
    PuzzleStore store(other);
    PuzzleRecord r = make_record(nth_transform(7).apply(puzzles[3]), {});
    r.solution = solve(r.puzzle, 2).solution;
    r.method = "import";
    EXPECT_EQ(r.gid(), global_id(puzzles[3]));
    store.insert(r);
    store.flush();
  }
  EXPECT_EQ(Raw(other).text("SELECT gid FROM puzzles"), global_id(puzzles[3]));
}

TEST(Store, MigratesAVersion1FileForward) {
  TempDir dir;
  const std::string path = dir.file("v1.db");
  const auto puzzles = test::load_puzzles("puzzles_top95.txt", 3);
  {
    Raw raw(path);
    ASSERT_EQ(raw.exec(kVersion1Schema), SQLITE_OK);
    for (std::size_t i = 0; i < 2; ++i) {
      const PuzzleRecord r = make_record(puzzles[i], solve(puzzles[i], 2).solution);
      ASSERT_EQ(raw.exec("INSERT INTO puzzles (puzzle, solution, canonical, clues, method, er, level, created_at) "
                         "VALUES ('" + format_line(r.puzzle) + "', '" + format_line(r.solution) + "', '" +
                         format_line(r.canonical) + "', " + std::to_string(r.clues) +
                         ", 'backtrack', 9.1, 'nightmare', '2023-01-01T00:00:00Z')"),
                SQLITE_OK);
    }
  }
  {
    PuzzleStore store(path);
    EXPECT_EQ(store.opened_version(), 1);
    // The old rows are still there and still deduplicate.
    PuzzleRecord again = make_record(nth_transform(1).apply(puzzles[0]), {});
    again.solution = solve(again.puzzle, 2).solution;
    again.method = "import";
    store.insert(again);
    PuzzleRecord fresh = make_record(puzzles[2], solve(puzzles[2], 2).solution);
    fresh.method = "import";
    fresh.source_rating = 9.9;
    store.insert(fresh);
    store.flush();
    EXPECT_EQ(store.stored(), 1u);
    EXPECT_EQ(store.duplicates(), 1u);
  }
  Raw raw(path);
  EXPECT_EQ(raw.integer("PRAGMA user_version"), kSchemaVersion);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 3);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles WHERE source_rating IS NULL"), 2);
  EXPECT_EQ(raw.text("SELECT source_rating FROM puzzles WHERE id = 3"), "9.9");
  EXPECT_EQ(raw.text("SELECT level FROM puzzles WHERE id = 1"), "nightmare");
  EXPECT_EQ(raw.integer("SELECT count(*) FROM daily"), 0);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM sqlite_master WHERE name = 'daily_puzzle'"), 1);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM used"), 0);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
}

TEST(Store, MigratesAVersion0FileKeepingTheAppsOwnTables) {
  // An app's own database, never touched by sudokit: user_version 0.
  TempDir dir;
  const std::string path = dir.file("app.db");
  {
    Raw raw(path);
    ASSERT_EQ(raw.exec("CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT); INSERT INTO settings VALUES ('theme', 'dark');"),
              SQLITE_OK);
  }
  { PuzzleStore store(path); }
  Raw raw(path);
  EXPECT_EQ(raw.integer("PRAGMA user_version"), kSchemaVersion);
  EXPECT_EQ(raw.text("SELECT value FROM settings WHERE key = 'theme'"), "dark");
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 0);
}

TEST(Store, ReadModeMigratesAnOldFileToo) {
  TempDir dir;
  const std::string path = dir.file("v1.db");
  {
    Raw raw(path);
    ASSERT_EQ(raw.exec(kVersion1Schema), SQLITE_OK);
  }
  StoreOptions read;
  read.mode = OpenMode::Read;
  PuzzleStore store(path, read);
  EXPECT_EQ(store.opened_version(), 1);
  EXPECT_EQ(store.count(), 0u);
  Raw raw(path);
  EXPECT_EQ(raw.integer("PRAGMA user_version"), kSchemaVersion);
}

TEST(Store, RefusesFilesThatAreNotOurs) {
  TempDir dir;
  auto error_of = [](const std::string& path, OpenMode mode = OpenMode::Write) -> std::string {
    try {
      StoreOptions o;
      o.mode = mode;
      PuzzleStore store(path, o);
    } catch (const StoreError& e) {
      EXPECT_EQ(e.path(), path);
      return e.what();
    }
    return "no error";
  };
  // Not a database at all.
  const std::string text = dir.file("notes.db");
  std::ofstream(text) << "these are my notes, not a database, and they are long enough to fill a header page.\n";
  EXPECT_NE(error_of(text).find(text + ": cannot read the database header: file is not a database"), std::string::npos)
      << error_of(text);
  EXPECT_EQ(test::slurp(text).substr(0, 9), "these are");  // left alone
  // A newer schema than this build knows.
  const std::string newer = dir.file("newer.db");
  { Raw(newer).exec("PRAGMA user_version = 99"); }
  EXPECT_NE(error_of(newer).find("schema version 99 is newer"), std::string::npos);
  // Another application's file (application_id set, not ours).
  const std::string other = dir.file("other.db");
  { Raw(other).exec("PRAGMA application_id = 1234; CREATE TABLE t (x);"); }
  EXPECT_NE(error_of(other).find("belongs to another application"), std::string::npos);
  // A `puzzles` table that is not ours: refused before anything changes
  // (no switch to WAL mode, no -wal or -shm file), in both modes.
  const std::string foreign = dir.file("foreign.db");
  { Raw(foreign).exec("CREATE TABLE puzzles (grid TEXT); INSERT INTO puzzles VALUES ('mine');"); }
  const std::string foreign_bytes = test::slurp(foreign);
  for (const OpenMode mode : {OpenMode::Write, OpenMode::Read}) {
    EXPECT_NE(error_of(foreign, mode).find("has a table `puzzles` but no sudokit schema version"), std::string::npos);
    EXPECT_EQ(test::slurp(foreign), foreign_bytes) << "the refused file was changed";
    EXPECT_FALSE(std::filesystem::exists(foreign + "-wal"));
    EXPECT_FALSE(std::filesystem::exists(foreign + "-shm"));
  }
  // Missing file in read mode, directory in either mode.
  EXPECT_NE(error_of(dir.file("missing.db"), OpenMode::Read).find("no such database file"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir.file("missing.db")));
  EXPECT_NE(error_of(dir.path()).find("is a directory"), std::string::npos);
  // An empty SQLite file opened for reading has no schema.
  const std::string empty = dir.file("empty.db");
  { Raw(empty).exec("CREATE TABLE x (y); DROP TABLE x;"); }
  EXPECT_NE(error_of(empty, OpenMode::Read).find("not a sudokit store"), std::string::npos);
}

TEST(Store, SkipsTheSamePuzzleInDisguiseAndCountsIt) {
  TempDir dir;
  const std::string path = dir.file("dup.db");
  const auto puzzles = test::load_puzzles("puzzles_top95.txt", 10);
  {
    PuzzleStore store(path);
    for (std::size_t i = 0; i < puzzles.size(); ++i) EXPECT_EQ(store.insert(test::full_record(puzzles[i], i)), Inserted::Queued);
    // Random isomorphs of queued puzzles: caught before they reach the file.
    for (std::uint64_t n = 0; n < 40; ++n) {
      const Grid disguised = nth_transform(n).apply(puzzles[n % puzzles.size()]);
      ASSERT_NE(disguised, puzzles[n % puzzles.size()]);
      EXPECT_EQ(store.insert(test::full_record(disguised, 100 + n)), Inserted::Duplicate);
    }
    store.flush();
    EXPECT_EQ(store.stored(), 10u);
    EXPECT_EQ(store.duplicates(), 40u);
  }
  {
    // A later session: isomorphs of stored puzzles are skipped at commit.
    PuzzleStore store(path);
    for (std::uint64_t n = 0; n < 25; ++n) {
      const Grid disguised = nth_transform(1000 + n).apply(puzzles[n % puzzles.size()]);
      EXPECT_TRUE(store.contains(canonical_form(disguised)));
      store.insert(test::full_record(disguised, 200 + n));
    }
    store.flush();
    EXPECT_EQ(store.stored(), 0u);
    EXPECT_EQ(store.duplicates(), 25u);
    EXPECT_FALSE(store.contains(canonical_form(test::load_puzzles("puzzles_17clue.txt", 1)[0])));
  }
  Raw raw(path);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 10);
  EXPECT_EQ(raw.integer("SELECT count(DISTINCT canonical) FROM puzzles"), 10);
}

TEST(Store, FindsQueuedDuplicatesInALargeBatch) {
  TempDir dir;
  const auto puzzles = test::load_puzzles("puzzles_17clue.txt", 5000);
  StoreOptions options;
  options.batch_rows = 100000;
  // One batch for the whole test: no commit by the clock either (ASan on a
  // loaded machine took more than the default second to queue 5,000 rows,
  // and a committed row is found by the insert that writes it, not queued).
  options.batch_interval = std::chrono::hours(1);
  PuzzleStore store(dir.file("large.db"), options);
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    PuzzleRecord r = make_record(puzzles[i], solve(puzzles[i], 2).solution);
    r.method = "import";
    ASSERT_EQ(store.insert(std::move(r)), Inserted::Queued) << i;
  }
  for (std::size_t i = 0; i < puzzles.size(); i += 7) {
    const Grid disguised = nth_transform(i).apply(puzzles[i]);
    EXPECT_TRUE(store.contains(canonical_form(disguised)));
    PuzzleRecord r = make_record(disguised, solve(disguised, 2).solution);
    r.method = "import";
    EXPECT_EQ(store.insert(std::move(r)), Inserted::Duplicate) << i;
  }
  EXPECT_EQ(store.queued(), 5000u);
  store.flush();
  EXPECT_EQ(store.stored(), 5000u);
  EXPECT_EQ(store.duplicates(), (5000u + 6) / 7);
  // The table is empty again after the commit: the same forms are now found in the file.
  PuzzleRecord again = make_record(puzzles[3], solve(puzzles[3], 2).solution);
  again.method = "import";
  EXPECT_EQ(store.insert(std::move(again)), Inserted::Queued);
  store.flush();
  EXPECT_EQ(store.stored(), 5000u);
  EXPECT_EQ(store.duplicates(), (5000u + 6) / 7 + 1);
}

TEST(Store, RowsReadBackAsTheyWereWritten) {
  TempDir dir;
  const std::string path = dir.file("rows.db");
  const auto puzzles = test::load_puzzles("puzzles_top95.txt", 12);
  std::vector<PuzzleRecord> written;
  {
    PuzzleStore store(path);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      written.push_back(test::full_record(puzzles[i], i));
      store.insert(written.back());
    }
    // An ungraded, unknown-provenance row: NULLs throughout.
    PuzzleRecord bare = make_record(test::load_puzzles("puzzles_17clue.txt", 1)[0], {});
    bare.solution = solve(bare.puzzle, 2).solution;
    bare.method = "import";
    bare.created_at = "2024-01-01T00:00:00Z";
    written.push_back(bare);
    store.insert(bare);
  }
  StoreOptions read;
  read.mode = OpenMode::Read;
  PuzzleStore store(path, read);
  std::vector<PuzzleRecord> back;
  store.for_each({}, [&](const PuzzleRecord& r) {
    back.push_back(r);
    return true;
  });
  ASSERT_EQ(back.size(), written.size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].id, static_cast<std::int64_t>(i + 1));
    PuzzleRecord expected = written[i];
    expected.id = back[i].id;
    EXPECT_EQ(back[i], expected) << "row " << i + 1;
  }
  Raw raw(path);
  EXPECT_EQ(raw.text("SELECT seed FROM puzzles WHERE id = 1"), "-16");  // 2^64 - 16, two's complement
  EXPECT_EQ(raw.text("SELECT puzzle FROM puzzles WHERE id = 1"), format_line(puzzles[0]));
  EXPECT_EQ(raw.text("SELECT minimal IS NULL AND er IS NULL AND level IS NULL AND histogram IS NULL FROM puzzles WHERE id = 13"), "1");
  EXPECT_THROW(store.insert(written[0]), StoreError);  // opened for reading
}

TEST(Store, CommitsEveryBatchRowsAndEveryInterval) {
  TempDir dir;
  const std::string path = dir.file("batch.db");
  const auto puzzles = test::load_puzzles("puzzles_top95.txt", 8);
  StoreOptions options;
  options.batch_rows = 3;
  options.batch_interval = std::chrono::milliseconds(200);
  PuzzleStore store(path, options);
  Raw raw(path);
  auto visible = [&] { return raw.integer("SELECT count(*) FROM puzzles"); };
  store.insert(test::full_record(puzzles[0], 0));
  store.insert(test::full_record(puzzles[1], 1));
  EXPECT_EQ(visible(), 0);
  EXPECT_EQ(store.queued(), 2u);
  store.insert(test::full_record(puzzles[2], 2));
  EXPECT_EQ(visible(), 3);  // a full batch commits at once
  EXPECT_EQ(store.queued(), 0u);
  store.insert(test::full_record(puzzles[3], 3));
  EXPECT_FALSE(store.flush_if_due());
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  EXPECT_TRUE(store.flush_if_due());  // the oldest queued row is older than the interval
  EXPECT_EQ(visible(), 4);
  store.insert(test::full_record(puzzles[4], 4));
  std::this_thread::sleep_for(std::chrono::milliseconds(250));
  store.insert(test::full_record(puzzles[5], 5));  // an insert after the interval commits too
  EXPECT_EQ(visible(), 6);
  EXPECT_EQ(store.stored(), 6u);
}

TEST(Store, ALockHeldTooLongIsAStoreErrorAndNothingCommittedIsLost) {
  TempDir dir;
  const std::string path = dir.file("locked.db");
  const auto puzzles = test::load_puzzles("puzzles_top95.txt", 4);
  StoreOptions options;
  options.busy_timeout = std::chrono::milliseconds(300);
  PuzzleStore store(path, options);
  store.insert(test::full_record(puzzles[0], 0));
  store.flush();
  Raw other(path);
  ASSERT_EQ(other.exec("BEGIN IMMEDIATE"), SQLITE_OK);  // another writer holds the lock
  store.insert(test::full_record(puzzles[1], 1));
  const auto t0 = std::chrono::steady_clock::now();
  try {
    store.flush();
    ADD_FAILURE() << "flush succeeded under another writer's lock";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find(path + ": cannot start a batch: database is locked"), std::string::npos) << e.what();
  }
  EXPECT_GE(std::chrono::steady_clock::now() - t0, std::chrono::milliseconds(250));
  EXPECT_EQ(store.queued(), 1u);  // the row waits for the next attempt
  ASSERT_EQ(other.exec("COMMIT"), SQLITE_OK);
  store.insert(test::full_record(puzzles[2], 2));
  store.flush();  // works again once the lock is released, with the waiting row
  EXPECT_EQ(store.stored(), 3u);
  EXPECT_EQ(other.integer("SELECT count(*) FROM puzzles"), 3);
}

TEST(Store, WaitsForAnotherWritersShortTransactions) {
  // Two connections writing the same file from two threads: each waits for
  // the other's batch; nothing is lost, nothing fails.
  TempDir dir;
  const std::string path = dir.file("two.db");
  const auto puzzles = test::load_puzzles("puzzles_17clue.txt", 4000);
  { PuzzleStore create(path); }
  auto writer = [&](std::size_t from, std::size_t to, std::uint64_t& stored, std::uint64_t& dups) {
    StoreOptions o;
    o.batch_rows = 100;
    PuzzleStore store(path, o);
    for (std::size_t i = from; i < to; ++i) {
      PuzzleRecord r = make_record(puzzles[i], solve(puzzles[i], 2).solution);
      r.method = "import";
      store.insert(std::move(r));
    }
    store.flush();
    stored = store.stored();
    dups = store.duplicates();
  };
  std::uint64_t s1 = 0, d1 = 0, s2 = 0, d2 = 0;
  std::thread a(writer, 0, 2500, std::ref(s1), std::ref(d1));
  std::thread b(writer, 1500, 4000, std::ref(s2), std::ref(d2));
  a.join();
  b.join();
  EXPECT_EQ(s1 + s2, 4000u);
  EXPECT_EQ(d1 + d2, 1000u);  // the overlap, stored by one and skipped by the other
  Raw raw(path);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 4000);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
}

TEST(Store, AFailingBatchIsRolledBackAndEarlierBatchesStay) {
  // A batch that SQLite refuses half-way (here a trigger aborts the 1001st
  // row; a full disk behaves the same, see the CLI test under `ulimit -f`)
  // is rolled back whole; the batches committed before it stay.
  TempDir dir;
  const std::string path = dir.file("fail.db");
  const auto puzzles = test::load_puzzles("puzzles_17clue.txt", 3000);
  StoreOptions o;
  o.batch_rows = 400;
  PuzzleStore store(path, o);
  Raw raw(path);
  ASSERT_EQ(raw.exec("CREATE TRIGGER refuse BEFORE INSERT ON puzzles WHEN (SELECT count(*) FROM puzzles) >= 1000 "
                     "BEGIN SELECT RAISE(ABORT, 'simulated failure'); END;"),
            SQLITE_OK);
  std::string message;
  try {
    for (const Grid& p : puzzles) {
      PuzzleRecord r = make_record(p, solve(p, 2).solution);
      r.method = "import";
      store.insert(std::move(r));
    }
    store.flush();
  } catch (const StoreError& e) {
    message = e.what();
  }
  EXPECT_NE(message.find(path + ": cannot write a batch: simulated failure"), std::string::npos) << message;
  EXPECT_EQ(store.stored(), 800u);  // two whole batches; the third was rolled back
  EXPECT_EQ(store.queued(), 400u);  // and is still queued for a retry
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 800);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
}

}  // namespace
}  // namespace sudokit::db
