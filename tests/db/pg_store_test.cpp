// The PostgreSQL back-end of PuzzleStore against a real server the test
// starts (pg_server.hpp), checked against the SQLite back-end as ground
// truth: the same rows in give the same rows, statistics, query answers,
// daily schedule and used marks out; isomorphs are duplicates across
// connections; concurrent writers lose nothing; merges go both ways; a lost
// server, a held lock, bad URIs and wrong passwords are clear errors that
// never show the password.
#include <signal.h>
#include <algorithm>
#include <chrono>
#include <atomic>
#include <thread>

#include "db_test_util.hpp"
#include "pg_test_util.hpp"
#include "sudokit/db/daily.hpp"
#include "sudokit/db/location.hpp"
#include "sudokit/db/merge.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/solver/transform.hpp"

namespace sudokit::db::test {
namespace {

using sudokit::test::fresh_database;
using sudokit::test::PgServer;

std::vector<PuzzleRecord> sample_records(std::size_t n) {
  std::vector<PuzzleRecord> out;
  const std::vector<Grid> puzzles = load_puzzles("puzzles_top1465.txt", n);
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    PuzzleRecord r = full_record(puzzles[i], i);
    r.run = i % 5 == 0 ? "" : "0123456789abcdef";
    r.shard = i % 5 == 0 ? "" : std::to_string(i % 4) + "/4";
    r.rated_by = i % 7 == 0 ? "" : i % 7 == 1 ? "sudokit-grader/0" : grader::rater_name();
    r.path = i % 6 == 0 ? R"({"steps":[{"t":"tab\tand \\ backslash","n":"line\nbreak"}]})" : "";
    r.level = i % 3 == 0 ? "hard" : i % 3 == 1 ? "expert" : "diabolical";
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<PuzzleRecord> all_rows(PuzzleStore& store, const PuzzleFilter& filter = {}) {
  std::vector<PuzzleRecord> out;
  store.for_each(filter, [&](const PuzzleRecord& r) {
    out.push_back(r);
    return true;
  });
  return out;
}

std::vector<std::int64_t> ids(PuzzleStore& store, const PuzzleFilter& filter) {
  std::vector<std::int64_t> out;
  for (const PuzzleRecord& r : all_rows(store, filter)) out.push_back(r.id);
  return out;
}

/// A SQLite file and a PostgreSQL database holding the same rows.
struct Twins {
  TempDir dir;
  std::string file = dir.file("twin.db");
  std::string uri = fresh_database();
  explicit Twins(const std::vector<PuzzleRecord>& rows) {
    for (const std::string& where : {file, uri}) {
      PuzzleStore store(where);
      for (const PuzzleRecord& r : rows) store.insert(r);
      store.flush();
    }
  }
};

TEST(PgStore, StoresEveryColumnAsSqliteDoes) {
  const std::vector<PuzzleRecord> rows = sample_records(300);
  Twins twins(rows);
  PuzzleStore sqlite(twins.file, {OpenMode::Read});
  PuzzleStore pg(twins.uri, {OpenMode::Read});
  const auto from_sqlite = all_rows(sqlite);
  const auto from_pg = all_rows(pg);
  ASSERT_EQ(from_pg.size(), rows.size());
  ASSERT_EQ(from_sqlite.size(), rows.size());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(from_pg[i], from_sqlite[i]) << "row " << i;
    PuzzleRecord expected = rows[i];
    expected.id = static_cast<std::int64_t>(i) + 1;  // ids in insertion order, from 1
    EXPECT_EQ(from_pg[i], expected) << "row " << i;
  }
  EXPECT_EQ(pg.count(), rows.size());
  EXPECT_EQ(pg.opened_version(), kSchemaVersion);
}

TEST(PgStore, AnswersEveryQueryAsSqliteDoes) {
  const std::vector<PuzzleRecord> rows = sample_records(300);
  Twins twins(rows);
  PuzzleStore sqlite(twins.file, {OpenMode::Read});
  PuzzleStore pg(twins.uri, {OpenMode::Read});
  std::vector<PuzzleFilter> filters(9);
  filters[0].level = "hard";
  filters[1].min_rating = 3.2;
  filters[1].max_rating = 7.2;
  filters[2].min_clues = 22;
  filters[2].max_clues = 23;
  filters[3].technique = {"x-wing"};
  filters[4].hardest = {"xy-chain"};
  filters[5].random = true;
  filters[5].seed = 0xFFFFFFFFFFFFFFFFull;  // the whole 64-bit range of seeds
  filters[6].random = true;
  filters[6].seed = 42;
  filters[6].limit = 17;
  filters[7].symmetry = "rotational";
  filters[7].level = "expert";
  filters[8].unused = true;
  for (std::size_t i = 0; i < filters.size(); ++i) {
    const auto expected = ids(sqlite, filters[i]);
    EXPECT_FALSE(expected.empty()) << "filter " << i;
    EXPECT_EQ(ids(pg, filters[i]), expected) << "filter " << i;
    EXPECT_EQ(pg.count(filters[i]), sqlite.count(filters[i])) << "filter " << i;
  }
  EXPECT_EQ(pg.indices_of_run("0123456789abcdef"), sqlite.indices_of_run("0123456789abcdef"));
  EXPECT_EQ(pg.shards_of_run("0123456789abcdef"), sqlite.shards_of_run("0123456789abcdef"));
  EXPECT_FALSE(sqlite.shards_of_run("0123456789abcdef").empty());
  EXPECT_EQ(pg.count_stale(), sqlite.count_stale());
  EXPECT_EQ(pg.count_stale(1), sqlite.count_stale(1));
  EXPECT_GT(pg.count_stale(), 0u);

  const StoreStats a = sqlite.stats(), b = pg.stats();
  EXPECT_EQ(b.puzzles, a.puzzles);
  EXPECT_EQ(b.graded, a.graded);
  EXPECT_EQ(b.min_er, a.min_er);
  EXPECT_EQ(b.max_er, a.max_er);
  ASSERT_TRUE(a.mean_er && b.mean_er);
  EXPECT_NEAR(*b.mean_er, *a.mean_er, 1e-9);  // summed in another order
  auto same_counts = [](const std::vector<StoreStats::Count>& x, const std::vector<StoreStats::Count>& y) {
    ASSERT_EQ(x.size(), y.size());
    for (std::size_t i = 0; i < x.size(); ++i) {
      EXPECT_EQ(x[i].key, y[i].key);
      EXPECT_EQ(x[i].count, y[i].count);
    }
  };
  same_counts(b.levels, a.levels);
  same_counts(b.methods, a.methods);
  same_counts(b.raters, a.raters);
  ASSERT_EQ(b.runs.size(), a.runs.size());
  EXPECT_FALSE(a.runs.empty());
  for (std::size_t i = 0; i < a.runs.size(); ++i) {
    EXPECT_EQ(b.runs[i].run, a.runs[i].run);
    EXPECT_EQ(b.runs[i].shard, a.runs[i].shard);
    EXPECT_EQ(b.runs[i].rows, a.runs[i].rows);
    EXPECT_EQ(b.runs[i].first_index, a.runs[i].first_index);
    EXPECT_EQ(b.runs[i].last_index, a.runs[i].last_index);
    EXPECT_EQ(b.runs[i].last_commit.size(), a.runs[i].last_commit.size());
  }
  EXPECT_EQ(b.ratings, a.ratings);
  EXPECT_EQ(b.clues, a.clues);
  ASSERT_EQ(b.techniques.size(), a.techniques.size());
  for (std::size_t i = 0; i < a.techniques.size(); ++i) {
    EXPECT_EQ(b.techniques[i].key, a.techniques[i].key);
    EXPECT_EQ(b.techniques[i].puzzles, a.techniques[i].puzzles);
    EXPECT_EQ(b.techniques[i].hardest, a.techniques[i].hardest);
    EXPECT_EQ(b.techniques[i].steps, a.techniques[i].steps);
  }
}

TEST(PgStore, AnIsomorphIsADuplicateAcrossConnections) {
  const std::string uri = fresh_database();
  const Grid puzzle = load_puzzles("puzzles_top95.txt", 1)[0];
  const Grid solution = solve(puzzle, 2).solution;
  PuzzleStore first(uri), second(uri);
  PuzzleRecord r = make_record(puzzle, solution);
  r.method = "import";
  first.insert(r);
  first.flush();
  const Transform t = Transform::from_index(4321, 99);
  PuzzleRecord twin = make_record(t.apply(puzzle), t.apply(solution));
  twin.method = "import";
  ASSERT_NE(twin.puzzle, r.puzzle);
  EXPECT_TRUE(second.contains(twin.canonical));
  second.insert(twin);
  second.flush();
  EXPECT_EQ(second.stored(), 0u);
  EXPECT_EQ(second.duplicates(), 1u);
  EXPECT_EQ(first.count(), 1u);
}

TEST(PgStore, ConcurrentWritersLoseNothingAndDuplicateNothing) {
  const std::string uri = fresh_database();
  const std::vector<PuzzleRecord> rows = sample_records(400);
  // Four writers, each with a batch of 25: writer w takes rows i with
  // i % 4 == w and also every row i % 10 == 0 (which all four try to store).
  std::vector<std::thread> writers;
  std::atomic<std::uint64_t> stored{0}, duplicates{0};
  for (int w = 0; w < 4; ++w)
    writers.emplace_back([&, w] {
      StoreOptions o;
      o.batch_rows = 25;
      PuzzleStore store(uri, o);
      for (std::size_t i = 0; i < rows.size(); ++i)
        if (static_cast<int>(i % 4) == w || i % 10 == 0) store.insert(rows[i]);
      store.flush();
      stored += store.stored();
      duplicates += store.duplicates();
    });
  for (auto& t : writers) t.join();
  std::set<std::string> distinct;  // the list holds isomorphs: one row each
  for (const PuzzleRecord& r : rows) distinct.insert(format_line(r.canonical));
  EXPECT_EQ(stored.load(), distinct.size());
  EXPECT_EQ(stored.load() + duplicates.load(), rows.size() + 3 * (rows.size() / 10));
  PuzzleStore check(uri, {OpenMode::Read});
  EXPECT_EQ(check.count(), distinct.size());
  std::set<std::string> forms;
  for (const PuzzleRecord& r : all_rows(check)) forms.insert(format_line(r.canonical));
  EXPECT_EQ(forms, distinct);
}

TEST(PgStore, DailyScheduleAndUsedMarksAsSqlite) {
  const std::vector<PuzzleRecord> rows = sample_records(120);
  Twins twins(rows);
  DailyRequest request;
  std::string error;
  ASSERT_TRUE(parse_date("2027-03-01", request.first, error));
  request.days = 10;
  request.schedule = WeeklySchedule::every_day({"hard", "expert"});
  std::vector<std::vector<std::int64_t>> picked;
  for (const std::string& where : {twins.file, twins.uri}) {
    PuzzleStore store(where);
    std::vector<std::int64_t> ids_of_run;
    {
      DailyAssignment a(store, request);
      EXPECT_EQ(a.assigned(), 20u);
      for (const DailyDate& d : a.dates())
        for (const DailyEntry& e : d.entries) ids_of_run.push_back(e.puzzle.id);
      a.commit();
    }
    {
      DailyAssignment again(store, request);  // idempotent
      EXPECT_EQ(again.assigned(), 0u);
    }
    BookRequest book;
    book.levels = {{"diabolical", 5}};
    for (const PuzzleRecord& r : pick_book_puzzles(store, book)) ids_of_run.push_back(r.id);
    EXPECT_EQ(mark_used(store, pick_book_puzzles(store, book), "book", "test"), 5u);
    EXPECT_EQ(count_unused(store, "diabolical"), 40u - 5u);
    book.pick = Pick::Random;
    book.seed = 7;
    for (const PuzzleRecord& r : pick_book_puzzles(store, book)) ids_of_run.push_back(r.id);
    book.pick = Pick::Spread;
    for (const PuzzleRecord& r : pick_book_puzzles(store, book)) ids_of_run.push_back(r.id);
    const StoreStats s = store.stats();
    EXPECT_EQ(s.daily, 20u);
    picked.push_back(ids_of_run);
  }
  EXPECT_EQ(picked[1], picked[0]);
}

TEST(PgStore, MergesShardFilesInAndOutAgain) {
  TempDir dir;
  const std::vector<PuzzleRecord> rows = sample_records(90);
  std::vector<std::string> shards;
  for (int k = 0; k < 3; ++k) {
    shards.push_back(dir.file("s" + std::to_string(k) + ".db"));
    PuzzleStore store(shards.back());
    for (std::size_t i = static_cast<std::size_t>(k); i < rows.size(); i += 3) store.insert(rows[i]);
  }
  const std::string uri = fresh_database();
  MergeOptions o;
  o.batch_rows = 7;
  {
    PuzzleStore out(uri);
    const MergeReport report = merge_stores(out, shards, o);
    EXPECT_EQ(report.added, rows.size());
    const MergeReport again = merge_stores(out, shards, o);  // idempotent
    EXPECT_EQ(again.added, 0u);
    EXPECT_EQ(again.duplicates, rows.size());
  }
  const std::string file_merge = dir.file("merged.db"), back = dir.file("back.db");
  {
    PuzzleStore out(file_merge);
    merge_stores(out, shards, o);
    PuzzleStore home(back);
    const MergeReport report = merge_stores(home, {uri}, o);
    EXPECT_EQ(report.added, rows.size());
    ASSERT_EQ(report.sources.size(), 1u);
    EXPECT_EQ(report.sources[0].path.find(PgServer::shared().password()), std::string::npos);
  }
  PuzzleStore a(file_merge, {OpenMode::Read}), b(uri, {OpenMode::Read}), c(back, {OpenMode::Read});
  EXPECT_EQ(all_rows(b), all_rows(a));
  EXPECT_EQ(all_rows(c), all_rows(a));
}

TEST(PgStore, RatingsAreRewrittenInPlace) {
  const std::vector<PuzzleRecord> rows = sample_records(50);
  const std::string uri = fresh_database();
  {
    PuzzleStore store(uri);
    for (const PuzzleRecord& r : rows) store.insert(r);
  }
  PuzzleStore store(uri);
  const std::uint64_t stale = store.count_stale();
  ASSERT_GT(stale, 0u);
  std::vector<PuzzleRecord> batch = store.stale_rows(0, 1000);
  ASSERT_EQ(batch.size(), stale);
  for (PuzzleRecord& r : batch) {
    r.er = 9.9;
    r.rated_by = grader::rater_name();
  }
  store.update_ratings(batch);
  EXPECT_EQ(store.count_stale(), 0u);
  PuzzleFilter high;
  high.min_rating = 9.9;
  EXPECT_EQ(store.count(high), stale);
}

TEST(PgStore, AWrongPasswordIsRefusedAndNeverShown) {
  PgServer& server = PgServer::shared();
  const std::string uri = fresh_database();
  const std::string db = uri.substr(uri.rfind('/') + 1);
  const std::string secret = "not-the-Pa55word";
  const std::string wrong = "postgresql://sudokit:" + secret + "@127.0.0.1:" + std::to_string(server.port()) + "/" + db;
  try {
    PuzzleStore store(wrong);
    FAIL() << "opened with a wrong password";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("password authentication failed"), std::string::npos) << what;
    EXPECT_EQ(what.find(secret), std::string::npos) << what;
    EXPECT_NE(what.find("postgresql://sudokit:***@127.0.0.1"), std::string::npos) << what;
  }
  PuzzleStore good(uri);
  EXPECT_EQ(good.path().find(server.password()), std::string::npos);
  EXPECT_NE(good.path().find(":***@"), std::string::npos);
}

TEST(PgStore, BadUrisSayWhatIsWrong) {
  PgServer& server = PgServer::shared();
  const std::string base = "postgresql://sudokit:" + server.password() + "@127.0.0.1:";
  const std::pair<std::string, std::string> cases[] = {
      // Refused before connecting, quoting nothing of the URI (a password
      // with an unencoded '/' would be read as the port: location.hpp).
      {base + "notaport/x", "the port is not a number"},
      {base + std::to_string(server.port()) + "/no_such_database", "database \"no_such_database\" does not exist"},
      {base + std::to_string(server.port()) + "/x?frobnicate=1", "not a connection string libpq accepts: invalid URI query parameter: \"...\""},
      {"postgresql://sudokit@127.0.0.1:" + std::to_string(server.port()) + "/postgres", "no password supplied"},
  };
  ::unsetenv("PGPASSWORD");
  for (const auto& [uri, expected] : cases) {
    try {
      PuzzleStore store(uri);
      ADD_FAILURE() << "opened " << uri;
    } catch (const StoreError& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(expected), std::string::npos) << what;
      EXPECT_EQ(what.find(server.password()), std::string::npos) << what;
    }
  }
}

TEST(PgStore, AnotherApplicationsTablesAreLeftAlone) {
  PgServer& server = PgServer::shared();
  const std::string uri = fresh_database();
  const std::string db = uri.substr(uri.rfind('/') + 1);
  server.query(db, "CREATE TABLE puzzles (x integer); INSERT INTO puzzles VALUES (7)");
  try {
    PuzzleStore store(uri);
    FAIL() << "took another application's database";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("not a sudokit store: it has a table `puzzles`"), std::string::npos) << e.what();
  }
  EXPECT_EQ(server.query(db, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"), "1\n");  // nothing created
}

/// Takes a store back to version 13 as sudokit left it (before variants:
/// no geometry column, 81-character checks). Its rows must be classic.
void revert_to_version_13(PgServer& server, const std::string& db) {
  server.query(db,
               "ALTER TABLE puzzles DROP COLUMN geometry; "
               "ALTER TABLE puzzles DROP CONSTRAINT puzzles_clues_check, "
               "ADD CONSTRAINT puzzles_puzzle_check CHECK (length(puzzle) = 81), "
               "ADD CONSTRAINT puzzles_solution_check CHECK (length(solution) = 81), "
               "ADD CONSTRAINT puzzles_canonical_check CHECK (length(canonical) = 81), "
               "ADD CONSTRAINT puzzles_clues_check CHECK (clues BETWEEN 0 AND 81), "
               "ADD CONSTRAINT puzzles_gid_check CHECK (length(gid) = 16); "
               "ALTER TABLE used ADD CONSTRAINT used_canonical_check CHECK (length(canonical) = 81); "
               "UPDATE sudokit_meta SET value = '13' WHERE key = 'schema_version'");
}

const std::vector<std::string> kVariantSpellings = {"x", "4x4", "6x6", "16x16", "windows,anti-knight",
                                                    "jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE", "8x8,nc"};

TEST(PgStore, VariantRecordsAreStoredAndReadAsSqliteDoes) {
  std::vector<PuzzleRecord> rows = sample_records(20);
  for (std::size_t i = 0; i < kVariantSpellings.size(); ++i) {
    rows.push_back(variant_record(kVariantSpellings[i], 21 + i));
    rows.push_back(variant_record(kVariantSpellings[i], 41 + i));
  }
  rows.push_back(rows.back());  // a duplicate of a variant
  Twins twins(rows);
  PuzzleStore sqlite(twins.file, {OpenMode::Read});
  PuzzleStore pg(twins.uri, {OpenMode::Read});
  PuzzleFilter all;
  all.geometry = kAllGeometries;
  const auto from_pg = all_rows(pg, all);
  ASSERT_EQ(from_pg.size(), 20 + 2 * kVariantSpellings.size());
  EXPECT_EQ(from_pg, all_rows(sqlite, all));
  for (std::size_t i = 0; i < 2 * kVariantSpellings.size(); ++i) {
    PuzzleRecord expected = rows[20 + i];
    expected.id = from_pg[20 + i].id;
    EXPECT_EQ(from_pg[20 + i], expected) << expected.geometry;
  }
  PuzzleFilter x;
  x.geometry = "x";
  EXPECT_EQ(pg.count(x), 2u);
  EXPECT_EQ(pg.count({}), 20u);  // the classic rows
  EXPECT_EQ(pg.count_stale(), sqlite.count_stale());
  const StoreStats a = pg.stats(grader::default_levels(), "16x16"), b = sqlite.stats(grader::default_levels(), "16x16");
  EXPECT_EQ(a.puzzles, 2u);
  EXPECT_EQ(a.unrated_variant, 2u);
  EXPECT_EQ(b.unrated_variant, 2u);
  ASSERT_EQ(a.geometries.size(), b.geometries.size());
  for (std::size_t i = 0; i < a.geometries.size(); ++i) {
    EXPECT_EQ(a.geometries[i].key, b.geometries[i].key);
    EXPECT_EQ(a.geometries[i].count, b.geometries[i].count);
  }
  // A rated variant is refused here too.
  PuzzleStore writer(twins.uri);
  PuzzleRecord rated = variant_record("x", 99);
  rated.er = 1.5;
  EXPECT_THROW(writer.insert(rated), StoreError);
}

TEST(PgStore, AVersion13StoreIsMigratedAndReadsAsClassic) {
  PgServer& server = PgServer::shared();
  const std::string uri = fresh_database();
  const std::string db = uri.substr(uri.rfind('/') + 1);
  const std::vector<PuzzleRecord> rows = sample_records(6);
  {
    PuzzleStore store(uri);
    for (const PuzzleRecord& r : rows) store.insert(r);
    store.flush();
  }
  revert_to_version_13(server, db);
  EXPECT_EQ(server.query(db, "SELECT count(*) FROM information_schema.columns WHERE table_name = 'puzzles' AND "
                             "column_name = 'geometry'"),
            "0\n");
  {
    PuzzleStore store(uri, {OpenMode::Read});  // reading migrates too
    EXPECT_EQ(store.opened_version(), 13);
    const std::vector<PuzzleRecord> back = all_rows(store);
    ASSERT_EQ(back.size(), rows.size());
    for (std::size_t i = 0; i < back.size(); ++i) {
      PuzzleRecord expected = rows[i];
      expected.id = back[i].id;
      expected.created_at = back[i].created_at;
      EXPECT_EQ(back[i], expected) << i;
    }
  }
  EXPECT_EQ(server.query(db, "SELECT value FROM sudokit_meta WHERE key = 'schema_version'"),
            std::to_string(kSchemaVersion) + "\n");
  {
    PuzzleStore store(uri);
    store.insert(variant_record("16x16", 3));
    store.flush();
    PuzzleFilter g;
    g.geometry = "16x16";
    EXPECT_EQ(mark_used(store, all_rows(store, g), "book", "test"), 1u);
  }
  EXPECT_EQ(server.query(db, "SELECT geometry, length(puzzle) FROM puzzles WHERE geometry IS NOT NULL"), "16x16|256\n");
  EXPECT_EQ(server.query(db, "SELECT count(*) FROM puzzles WHERE geometry IS NULL"), "6\n");
  // The checks still hold a classic row to 81 cells.
  EXPECT_THROW(server.query(db, "UPDATE puzzles SET puzzle = substr(puzzle, 2) WHERE geometry IS NULL"),
               std::runtime_error);
  EXPECT_EQ(server.query(db, "SELECT count(*) FROM puzzles WHERE length(puzzle) = 80"), "0\n");
}

TEST(PgStore, AStoreOfAnOlderSudokitIsMigratedForward) {
  PgServer& server = PgServer::shared();
  const std::string uri = fresh_database();
  const std::string db = uri.substr(uri.rfind('/') + 1);
  std::vector<PuzzleRecord> rows = sample_records(6);
  for (PuzzleRecord& r : rows) r.origin.clear();  // version 11 had no origin
  {
    PuzzleStore store(uri);
    for (const PuzzleRecord& r : rows) store.insert(r);
    store.flush();
  }
  // As sudokit left it before version 12 (no origin, no runs table).
  revert_to_version_13(server, db);
  server.query(db, "ALTER TABLE puzzles DROP COLUMN origin; DROP TABLE runs; "
                   "UPDATE sudokit_meta SET value = '11' WHERE key = 'schema_version'");
  {
    PuzzleStore store(uri, {OpenMode::Read});  // reading migrates too, as for a file
    const std::vector<PuzzleRecord> back = all_rows(store);
    ASSERT_EQ(back.size(), rows.size());
    for (std::size_t i = 0; i < back.size(); ++i) {
      PuzzleRecord expected = rows[i];
      expected.id = back[i].id;
      expected.created_at = back[i].created_at;
      EXPECT_EQ(back[i], expected) << i;
    }
  }
  EXPECT_EQ(server.query(db, "SELECT value FROM sudokit_meta WHERE key = 'schema_version'"),
            std::to_string(kSchemaVersion) + "\n");
  EXPECT_EQ(server.query(db, "SELECT count(*) FROM runs"), "0\n");  // version 13's table, empty
  PuzzleRecord found = full_record(load_puzzles("puzzles_top95.txt", 1)[0], 1);
  found.origin = "A0b1C2d3E4f5G6h7";
  {
    PuzzleStore store(uri);
    store.insert(found);
    store.flush();
  }
  EXPECT_EQ(server.query(db, "SELECT origin FROM puzzles WHERE origin IS NOT NULL"), "A0b1C2d3E4f5G6h7\n");
}

TEST(PgStore, ReadingADatabaseWithoutAStoreIsRefused) {
  const std::string uri = fresh_database();
  try {
    PuzzleStore store(uri, {OpenMode::Read});
    FAIL() << "read an empty database";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("not a sudokit store"), std::string::npos) << e.what();
  }
}

TEST(PgStore, AWriterWaitsForTheLockThenGivesUp) {
  const std::string uri = fresh_database();
  const std::vector<PuzzleRecord> rows = sample_records(40);
  PuzzleStore holder(uri);
  for (std::size_t i = 0; i < 20; ++i) holder.insert(rows[i]);
  holder.flush();
  // The daily assignment holds the write transaction until committed.
  DailyRequest request;
  std::string error;
  ASSERT_TRUE(parse_date("2027-01-01", request.first, error));
  request.schedule = WeeklySchedule::every_day({"hard"});
  DailyAssignment held(holder, request);
  StoreOptions o;
  o.busy_timeout = std::chrono::milliseconds(300);
  PuzzleStore waiting(uri, o);
  waiting.insert(rows[30]);
  const auto start = std::chrono::steady_clock::now();
  try {
    waiting.flush();
    FAIL() << "wrote while another writer held the lock";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("database is locked (another process held it for more than 300 ms)"),
              std::string::npos)
        << e.what();
  }
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(250));
  EXPECT_EQ(waiting.queued(), 1u);  // kept for another flush
  held.rollback();
  waiting.flush();
  EXPECT_EQ(waiting.stored(), 1u);
}

/// The server process serving the store's connection (application_name
/// sudokit) in database `db`: the only one when a single store is open.
pid_t backend_of(const std::string& db) {
  const std::string pids = PgServer::shared().query(
      db, "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND application_name = 'sudokit'");
  EXPECT_EQ(std::count(pids.begin(), pids.end(), '\n'), 1) << pids;
  return static_cast<pid_t>(std::atoi(pids.c_str()));
}

// Issue #44: a server that stops answering (here its backend is stopped,
// SIGSTOP) held a writer for ever with nothing said. Now the wait is
// reported within the stall notice and given up after server_timeout, the
// connection closed; the batch is the server's to roll back, and a new
// store writes it once the server answers again.
TEST(PgStore, AServerThatStopsAnsweringIsReportedThenGivenUp) {
  const std::string uri = fresh_database();
  const std::string db = uri.substr(uri.rfind('/') + 1);
  const std::vector<PuzzleRecord> rows = sample_records(40);
  StoreOptions o;
  o.server_timeout = std::chrono::milliseconds(2000);
  o.stall_notice = std::chrono::milliseconds(500);
  std::vector<std::pair<double, std::string>> stalls;  // seconds into the flush, line
  auto start = std::chrono::steady_clock::now();
  o.on_stall = [&](const std::string& line) {
    stalls.emplace_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), line);
  };
  PuzzleStore store(uri, o);
  for (std::size_t i = 0; i < 20; ++i) store.insert(rows[i]);
  store.flush();
  const pid_t backend = backend_of(db);
  ASSERT_GT(backend, 0);
  ASSERT_EQ(kill(backend, SIGSTOP), 0);
  for (std::size_t i = 20; i < 40; ++i) store.insert(rows[i]);
  start = std::chrono::steady_clock::now();
  std::string what;
  try {
    store.flush();
  } catch (const StoreError& e) {
    what = e.what();
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  kill(backend, SIGCONT);
  EXPECT_NE(what.find(": cannot start a batch: no answer from the server for 2 s (the limit: 2 s); the connection "
                      "was closed, and what was not committed is not stored"),
            std::string::npos)
      << what;
  EXPECT_EQ(what.find(PgServer::shared().password()), std::string::npos) << what;
  EXPECT_GE(seconds, 1.9);
  EXPECT_LT(seconds, 10.0);
  ASSERT_GE(stalls.size(), 1u);
  EXPECT_LT(stalls[0].first, 1.5);
  EXPECT_NE(stalls[0].second.find(": cannot start a batch: the server has not answered for 0."), std::string::npos)
      << stalls[0].second;
  EXPECT_NE(stalls[0].second.find(" s; giving up after 2 s"), std::string::npos)
      << stalls[0].second;
  EXPECT_EQ(store.queued(), 20u);
  // Closed: no statement waits again, each says why at once.
  try {
    store.count();
    ADD_FAILURE() << "read through a closed connection";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("no answer from the server"), std::string::npos) << e.what();
  }
  // The server answers again: a new store writes the rows; the first 20 once.
  PuzzleStore again(uri);
  for (std::size_t i = 0; i < 40; ++i) again.insert(rows[i]);
  again.flush();
  EXPECT_EQ(again.stored(), 20u);
  EXPECT_EQ(again.count(), 40u);
}

// The write lock may be waited for busy_timeout whatever server_timeout is:
// it is tried again and again, each try answered at once, so a lock wait is
// never taken for a server that stopped answering (nor the reverse).
TEST(PgStore, TheWriteLockIsWaitedForBusyTimeoutBeyondTheServerTimeout) {
  const std::string uri = fresh_database();
  const std::vector<PuzzleRecord> rows = sample_records(2);
  PuzzleStore holder(uri);
  holder.insert(rows[0]);
  holder.flush();
  DailyRequest request;
  std::string error;
  ASSERT_TRUE(parse_date("2027-01-01", request.first, error));
  request.schedule = WeeklySchedule::every_day({"hard"});
  DailyAssignment held(holder, request);  // holds the write lock until it ends
  StoreOptions o;
  o.busy_timeout = std::chrono::milliseconds(2500);
  o.server_timeout = std::chrono::milliseconds(1000);
  std::vector<std::string> stalls;
  o.on_stall = [&](const std::string& line) { stalls.push_back(line); };
  PuzzleStore waiting(uri, o);
  waiting.insert(rows[1]);
  const auto start = std::chrono::steady_clock::now();
  std::string what;
  try {
    waiting.flush();
  } catch (const StoreError& e) {
    what = e.what();
  }
  EXPECT_NE(what.find("database is locked (another process held it for more than 2500 ms)"), std::string::npos) << what;
  EXPECT_GE(std::chrono::steady_clock::now() - start, std::chrono::milliseconds(2400));
  ASSERT_FALSE(stalls.empty());
  EXPECT_NE(stalls[0].find(": cannot start a batch: waiting for the write lock for 1."), std::string::npos) << stalls[0];
  EXPECT_NE(stalls[0].find(" s (another writer holds it); giving up after 2.5 s"), std::string::npos) << stalls[0];
  held.rollback();
  waiting.flush();  // the same connection goes on
  EXPECT_EQ(waiting.stored(), 1u);
}

TEST(PgStore, AServerRestartIsAClearErrorAndTheRowsStayQueued) {
  PgServer server;  // its own: this test restarts it
  server.create_database("restart");
  const std::string uri = server.uri("restart");
  const std::vector<PuzzleRecord> rows = sample_records(60);
  PuzzleStore store(uri);
  for (std::size_t i = 0; i < 30; ++i) store.insert(rows[i]);
  store.flush();
  server.restart();
  for (std::size_t i = 30; i < 60; ++i) store.insert(rows[i]);
  try {
    store.flush();
    FAIL() << "wrote through a restarted server's dead connection";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("cannot start a batch: the connection to the server was lost"), std::string::npos) << what;
    EXPECT_EQ(what.find(server.password()), std::string::npos) << what;
  }
  EXPECT_EQ(store.queued(), 30u);
  store.discard();
  // A new connection (a rerun) finishes the work.
  PuzzleStore rerun(uri);
  for (const PuzzleRecord& r : rows) rerun.insert(r);
  rerun.flush();
  EXPECT_EQ(rerun.stored(), 30u);
  EXPECT_EQ(rerun.duplicates(), 30u);
  EXPECT_EQ(rerun.count(), 60u);
}

// The masking of a location's passwords (location.hpp), spelling by
// spelling: what is shown, what is refused, and that nothing shown or said
// holds a password. Which text is the password is libpq's reading
// (PQconninfoParse), checked against a real server in pg_secrets_test.cpp.
struct Shown {
  std::string location;
  std::string shown;                 // redact_location's answer
  std::vector<std::string> secrets;  // each must be among location_secrets and absent from `shown`
};

TEST(Location, ShowsEachSpellingWithItsPasswordsMasked) {
  const std::vector<Shown> table = {
      {"postgresql://u:secret@h:5432/db", "postgresql://u:***@h:5432/db", {"secret"}},
      // libpq's user part ends at the first '@' met before any '/': '?', '#' and '!' are the password's.
      {"postgresql://qpw:pa?ss#wd!x@127.0.0.1:55433/puzzles", "postgresql://qpw:***@127.0.0.1:55433/puzzles",
       {"pa?ss#wd!x"}},
      {"postgres://u:se%40cr%2Fet@h/db?sslmode=require", "postgres://u:***@h/db?sslmode=require",
       {"se%40cr%2Fet", "se@cr/et"}},
      {"postgresql://u@h/db?password=secret&sslmode=disable", "postgresql://u@h/db?password=***&sslmode=disable",
       {"secret"}},
      // libpq takes the last of repeated parameters: every one is masked.
      {"postgresql://u@h/db?password=WRONG&password=REAL", "postgresql://u@h/db?password=***&password=***",
       {"WRONG", "REAL"}},
      // a percent-encoded key is still the password's
      {"postgresql://u@h/db?pass%77ord=hidden", "postgresql://u@h/db?pass%77ord=***", {"hidden"}},
      {"postgresql://u:one@h/db?sslmode=disable&sslpassword=keypass", "postgresql://u:***@h/db?sslmode=disable&sslpassword=***",
       {"one", "keypass"}},
      {"postgresql://h/db", "postgresql://h/db", {}},
      {"postgresql://u@h/db", "postgresql://u@h/db", {}},
      // keyword/value pairs: shown as libpq reads them (its order of options), quoted values included
      {R"(host=h port=5432 user=u password='se cret\' x' dbname=d)", "user=u password=*** dbname=d host=h port=5432",
       {"se cret' x"}},
      {"  host = h password = s3cr3t dbname = d", "password=*** dbname=d host=h", {"s3cr3t"}},
      {R"(host=h password=back\\slash dbname='my db')", "password=*** dbname='my db' host=h", {"back\\slash"}},
      // passfile names a file, not a secret: shown
      {"host=h passfile=/tmp/pgpass dbname=d", "passfile=/tmp/pgpass dbname=d host=h", {}},
      // a database name that is itself a URI (libpq does not read it again): its password is masked too
      {"host=h dbname=postgresql://u:inner@h/x", "dbname=postgresql://u:***@h/x host=h", {"inner"}},
      // file paths are shown as they are
      {"/var/lib/a:b@c.db", "/var/lib/a:b@c.db", {}},
      {"./password=x.db", "./password=x.db", {}},
      {"my puzzles.db", "my puzzles.db", {}},
  };
  for (const Shown& t : table) {
    SCOPED_TRACE(t.location);
    EXPECT_NO_THROW(check_location(t.location));
    EXPECT_EQ(redact_location(t.location), t.shown);
    const std::vector<std::string> secrets = location_secrets(t.location);
    for (const std::string& secret : t.secrets) {
      EXPECT_NE(std::find(secrets.begin(), secrets.end(), secret), secrets.end()) << secret;
      EXPECT_EQ(redact_location(t.location).find(secret), std::string::npos) << secret;
    }
    if (t.secrets.empty()) {
      EXPECT_TRUE(secrets.empty());
    }
  }
}

// Spellings libpq would misread (part of a password taken for the host, the
// port or the database, then printed in its messages) or cannot parse (its
// message may quote any part): refused with a reason that quotes nothing of
// the value, and never shown.
TEST(Location, RefusesWhatLibpqWouldMisreadOrCannotParse) {
  const std::vector<std::pair<std::string, std::string>> refused = {
      {"postgresql://u:pa/ss@h/db", "pa/ss"},            // libpq: host u, port pa, database ss@h/db
      {"postgresql://u:p@ss@h/db", "p@ss"},              // libpq: password p, host ss@h
      {"postgresql://u:pa?ss/x@h/db", "pa?ss/x"},        // libpq: port pa, query ss/x@h/db
      {"postgresql://u:secret", "secret"},               // libpq: host u, port secret
      {"postgresql://u:p%zzword@h/db", "p%zzword"},      // invalid percent-encoding, quoted by libpq
      {"postgresql://u@h/db?password=a=b", "a=b"},       // extra '='
      {"postgresql://u@h/db?PASSWORD=upper", "upper"},   // keys are case-sensitive: an unknown parameter
      {"host=h password=se cret dbname=d", "se cret"},   // libpq: missing "=" after "cret"
      {"host=h Password=mixed dbname=d", "mixed"},       // unknown option "Password"
      {"host=h password='Unterm1nated dbname=d", "Unterm1nated"},
      {"host=h port=hunter2 dbname=d", "hunter2"},
  };
  for (const auto& [location, secret] : refused) {
    SCOPED_TRACE(location);
    EXPECT_TRUE(is_postgres_location(location));
    try {
      check_location(location);
      ADD_FAILURE() << "accepted";
    } catch (const LocationError& e) {
      const std::string what = e.what();
      EXPECT_EQ(what.find(secret), std::string::npos) << what;
      for (const std::string& piece : {std::string("cret"), std::string("ss@h"), std::string("ss/x")})
        if (secret.find(piece) != std::string::npos) {
          EXPECT_EQ(what.find(piece), std::string::npos) << what;
        }
    }
    EXPECT_EQ(redact_location(location), kLocationNotShown);
    // The store refuses it too, before opening anything.
    try {
      PuzzleStore store(location, {OpenMode::Write});
      ADD_FAILURE() << "opened";
    } catch (const StoreError& e) {
      EXPECT_EQ(std::string(e.what()).find(secret), std::string::npos) << e.what();
    }
  }
}

TEST(Location, TellsConnectionStringsFromFilePaths) {
  for (const char* pg : {"postgresql://x", "postgres://x", "host=h", " dbname = d", "service=s", "Host=h"})
    EXPECT_TRUE(is_postgres_location(pg)) << pg;
  for (const char* file : {"puzzles.db", "postgresql:/x", "./host=h", "/tmp/a=b.db", "=x", "a b=c", ""})
    EXPECT_FALSE(is_postgres_location(file)) << file;
  EXPECT_TRUE(location_secrets("puzzles.db").empty());
  EXPECT_EQ(redact_text("failed for secret and secret, se", {"secret", "se"}), "failed for *** and ***, ***");
}

}  // namespace
}  // namespace sudokit::db::test
