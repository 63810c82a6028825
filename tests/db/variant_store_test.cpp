// Variant puzzles in the store (issue #47): the geometry column and its
// migration (a version 13 file, made here with its frozen schema, reads as
// classic with every byte kept), variant records of several geometries
// written and read back, the deduplication key, the grading status
// 'unrated (variant)' (never a rating; the classic regrade never picks a
// variant), filters by geometry in export, stats, ship and the daily
// schedule's variant slots, and the ipuz document of a variant read back.
#include <nlohmann/json.hpp>

#include <set>

#include "db_test_util.hpp"
#include "sudokit/db/daily.hpp"
#include "sudokit/db/export.hpp"
#include "sudokit/db/ship.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/solver/canonical_any.hpp"

namespace sudokit::db::test {
namespace {

// The geometries the tests store: boxes of each shape, extra regions,
// jigsaw, leapers and non-consecutive.
const std::vector<std::string> kSpellings = {"x",     "4x4",        "6x6",
                                             "16x16", "windows,anti-knight",
                                             "jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE", "8x8,nc"};

std::vector<PuzzleRecord> rows_of(PuzzleStore& store, const PuzzleFilter& filter) {
  std::vector<PuzzleRecord> out;
  store.for_each(filter, [&](const PuzzleRecord& r) {
    out.push_back(r);
    return true;
  });
  return out;
}

PuzzleFilter of_geometry(const std::string& g) {
  PuzzleFilter f;
  f.geometry = g;
  return f;
}

TEST(VariantStore, WritesAndReadsBackRecordsOfSeveralGeometries) {
  TempDir dir;
  const std::string path = dir.file("variants.db");
  std::vector<PuzzleRecord> written;
  {
    PuzzleStore store(path);
    store.insert(full_record(load_puzzles("puzzles_top95.txt", 1)[0], 0));  // a classic row beside them
    for (std::size_t i = 0; i < kSpellings.size(); ++i) {
      written.push_back(variant_record(kSpellings[i], 11 + i));
      store.insert(written.back());
    }
    store.flush();
    EXPECT_EQ(store.stored(), kSpellings.size() + 1);
  }
  PuzzleStore store(path, {OpenMode::Read});
  for (const PuzzleRecord& w : written) {
    const GeometryPtr g = parse_geometry(w.geometry);
    const std::vector<PuzzleRecord> back = rows_of(store, of_geometry(g->spelling()));
    ASSERT_EQ(back.size(), 1u) << w.geometry;
    PuzzleRecord expected = w;
    expected.id = back[0].id;
    EXPECT_EQ(back[0], expected) << w.geometry;
    // Cells in the default alphabet, one per cell; the key and the id.
    EXPECT_EQ(back[0].variant_puzzle.size(), static_cast<std::size_t>(g->cells()));
    EXPECT_EQ(read_cells(*g, back[0].variant_solution).size(), static_cast<std::size_t>(g->cells()));
    EXPECT_EQ(back[0].variant_canonical,
              g->spelling() + ' ' + print_cells(*g, canonical_any(g, read_cells(*g, back[0].variant_puzzle))));
    EXPECT_TRUE(is_variant_global_id(back[0].gid()));
    EXPECT_EQ(back[0].gid(), global_id_any(g, read_cells(*g, back[0].variant_puzzle)));
    EXPECT_EQ(back[0].rated_by, kUnratedVariant);
    EXPECT_FALSE(back[0].graded());
  }
  // The file as an app sees it.
  Raw raw(path);
  EXPECT_EQ(raw.text("SELECT count(*) FROM puzzles WHERE geometry IS NULL"), "1");
  EXPECT_EQ(raw.text("SELECT geometry FROM puzzles WHERE id = 5"), "16x16");
  EXPECT_EQ(raw.text("SELECT length(puzzle) FROM puzzles WHERE geometry = '16x16'"), "256");
  EXPECT_EQ(raw.text("SELECT count(*) FROM puzzles WHERE geometry IS NOT NULL AND er IS NULL AND level IS NULL AND "
                     "rated_by = 'unrated (variant)'"),
            std::to_string(kSpellings.size()));
  EXPECT_EQ(raw.text("SELECT gid FROM puzzles WHERE geometry = 'x'"), written[0].gid());
  // The default filter is the classic rows only; "all" is every row.
  EXPECT_EQ(rows_of(store, {}).size(), 1u);
  EXPECT_EQ(rows_of(store, of_geometry(kAllGeometries)).size(), kSpellings.size() + 1);
  EXPECT_EQ(store.count(of_geometry("x")), 1u);
}

TEST(VariantStore, AVariantIsADuplicateOnlyOfTheSamePuzzleOfTheSameGeometry) {
  TempDir dir;
  PuzzleStore store(dir.file("dups.db"));
  PuzzleRecord x = variant_record("x", 3);
  // The same cells under another 9x9 geometry are another puzzle.
  PuzzleRecord windows = make_variant_record(parse_geometry("windows"), read_cells(*parse_geometry("x"), x.variant_puzzle),
                                             read_cells(*parse_geometry("x"), x.variant_solution));
  windows.method = "backtrack";
  EXPECT_EQ(store.insert(x), Inserted::Queued);
  EXPECT_EQ(store.insert(x), Inserted::Duplicate);  // queued already
  EXPECT_EQ(store.insert(windows), Inserted::Queued);
  store.flush();
  store.insert(x);  // stored already
  store.flush();
  // An isomorph under the geometry's symmetries (here the digits
  // relabelled, 1 <-> 2) is the same puzzle: a duplicate.
  std::string relabelled = x.variant_puzzle, solution = x.variant_solution;
  for (std::string* t : {&relabelled, &solution})
    for (char& c : *t) c = c == '1' ? '2' : c == '2' ? '1' : c;
  ASSERT_NE(relabelled, x.variant_puzzle);
  const GeometryPtr gx = parse_geometry("x");
  PuzzleRecord isomorph = make_variant_record(gx, read_cells(*gx, relabelled), read_cells(*gx, solution));
  isomorph.method = "backtrack";
  EXPECT_EQ(isomorph.variant_canonical, x.variant_canonical);
  EXPECT_EQ(isomorph.gid(), x.gid());
  store.insert(isomorph);
  store.flush();
  EXPECT_EQ(store.count(of_geometry(kAllGeometries)), 2u);
  EXPECT_EQ(store.duplicates(), 3u);
  EXPECT_NE(x.gid(), windows.gid());
}

TEST(VariantStore, AVariantIsNeverStoredWithARating) {
  TempDir dir;
  PuzzleStore store(dir.file("rated.db"));
  PuzzleRecord r = variant_record("x", 5);
  r.er = 2.0;
  r.level = "easy";
  try {
    store.insert(r);
    FAIL() << "a rated variant was queued";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("unrated (variant)"), std::string::npos) << e.what();
  }
  PuzzleRecord no_solution = variant_record("6x6", 5);
  no_solution.variant_solution.clear();
  EXPECT_THROW(store.insert(no_solution), StoreError);
  store.flush();
  EXPECT_EQ(store.count(of_geometry(kAllGeometries)), 0u);
}

TEST(VariantStore, TheClassicRegradeNeverPicksAVariant) {
  TempDir dir;
  const std::string path = dir.file("regrade.db");
  {
    PuzzleStore store(path);
    PuzzleRecord classic = full_record(load_puzzles("puzzles_top95.txt", 1)[0], 0);
    classic.rated_by = "sudokit-grader/0";
    store.insert(classic);
    store.insert(variant_record("x", 1));
    store.flush();
  }
  // Even a variant row an app gave a rating by hand is not the classic grader's.
  Raw(path).exec("UPDATE puzzles SET er = 3.0, rated_by = 'sudokit-grader/0' WHERE geometry IS NOT NULL");
  PuzzleStore store(path);
  EXPECT_EQ(store.count_stale(), 1u);
  const std::vector<PuzzleRecord> stale = store.stale_rows(0, 10);
  ASSERT_EQ(stale.size(), 1u);
  EXPECT_FALSE(stale[0].variant());
  EXPECT_EQ(store.count_variants(), 1u);
}

// The schema of a version 13 store, as sudokit wrote it (read back with
// `SELECT sql FROM sqlite_master` from a store made by the release before
// variants); frozen here: never edit it.
constexpr const char* kVersion13Schema = R"sql(
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
CREATE TABLE "puzzles" (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  puzzle             TEXT    NOT NULL CHECK (length(puzzle) = 81),
  solution           TEXT    NOT NULL CHECK (length(solution) = 81),
  canonical          TEXT    NOT NULL UNIQUE CHECK (length(canonical) = 81),
  clues              INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 81),
  symmetry           TEXT,
  minimal            INTEGER CHECK (minimal IN (0, 1)),
  method             TEXT    NOT NULL,
  seed               INTEGER,
  seed_index         INTEGER,
  er                 REAL,
  ep                 REAL,
  ed                 REAL,
  level              TEXT,
  hardest            TEXT,
  histogram          TEXT,
  created_at         TEXT    NOT NULL,
  source_rating      REAL,
  search_moves       INTEGER,
  dig_order          TEXT,
  symmetric_minimal  INTEGER CHECK (symmetric_minimal IN (0, 1)),
  gid                TEXT    NOT NULL CHECK (length(gid) = 16)
, path TEXT, run TEXT, shard TEXT, rated_by TEXT, origin TEXT);
CREATE INDEX puzzles_level_er ON puzzles (level, er);
CREATE INDEX puzzles_clues ON puzzles (clues);
CREATE INDEX puzzles_level ON puzzles (level);
CREATE INDEX puzzles_run ON puzzles (run, seed_index) WHERE run IS NOT NULL;
CREATE TABLE runs (
  run         TEXT    NOT NULL,
  shard       TEXT    NOT NULL,
  count       INTEGER NOT NULL CHECK (count >= 0),
  seed        INTEGER NOT NULL,
  options     TEXT    NOT NULL,
  started_at  TEXT    NOT NULL,
  PRIMARY KEY (run, shard)
);
PRAGMA application_id = 1398096971;
PRAGMA user_version = 13;
)sql";

TEST(VariantStore, AVersion13StoreIsMigratedAndReadsAsClassicByteForByte) {
  TempDir dir;
  const std::string old_path = dir.file("v13.db"), new_path = dir.file("v14.db");
  const auto puzzles = load_puzzles("puzzles_top95.txt", 6);
  std::vector<PuzzleRecord> records;
  for (std::size_t i = 0; i < puzzles.size(); ++i) {
    records.push_back(full_record(puzzles[i], i));
    records.back().rated_by = i % 2 ? "sudokit-grader/3" : "";
    records.back().run = i % 3 ? "0123456789abcdef" : "";
  }
  // The same rows in a store made now (the ground truth of reading) ...
  {
    PuzzleStore store(new_path);
    for (const PuzzleRecord& r : records) store.insert(r);
    store.flush();
  }
  // ... and in a version 13 file written by hand, ids 1..6, the highest id
  // ever given 9 (rows 7 to 9 deleted), a daily row and a used mark.
  {
    Raw raw(old_path);
    ASSERT_EQ(raw.exec(kVersion13Schema), SQLITE_OK);
    Raw from(new_path);
    for (const std::string& row : from.column(
             "SELECT 'INSERT INTO puzzles (id, puzzle, solution, canonical, clues, symmetry, minimal, method, seed, "
             "seed_index, er, ep, ed, level, hardest, histogram, created_at, source_rating, search_moves, dig_order, "
             "symmetric_minimal, gid, path, run, shard, rated_by, origin) VALUES (' || quote(id) || ',' || quote(puzzle) "
             "|| ',' || quote(solution) || ',' || quote(canonical) || ',' || quote(clues) || ',' || quote(symmetry) || "
             "',' || quote(minimal) || ',' || quote(method) || ',' || quote(seed) || ',' || quote(seed_index) || ',' || "
             "quote(er) || ',' || quote(ep) || ',' || quote(ed) || ',' || quote(level) || ',' || quote(hardest) || ',' "
             "|| quote(histogram) || ',' || quote(created_at) || ',' || quote(source_rating) || ',' || "
             "quote(search_moves) || ',' || quote(dig_order) || ',' || quote(symmetric_minimal) || ',' || quote(gid) "
             "|| ',' || quote(path) || ',' || quote(run) || ',' || quote(shard) || ',' || quote(rated_by) || ',' || "
             "quote(origin) || ')' FROM puzzles ORDER BY id"))
      ASSERT_EQ(raw.exec(row), SQLITE_OK) << row;
    ASSERT_EQ(raw.exec("UPDATE sqlite_sequence SET seq = 9 WHERE name = 'puzzles';"
                       "INSERT INTO daily VALUES ('2026-01-01', 'hard', 2);"
                       "INSERT INTO used SELECT canonical, id, 'daily', '2026-01-01 hard', '2026-01-01T00:00:00Z' "
                       "FROM puzzles WHERE id = 2;"),
              SQLITE_OK);
  }
  const std::string before = Raw(old_path).text(
      "SELECT group_concat(quote(id) || quote(puzzle) || quote(solution) || quote(canonical) || quote(er) || "
      "quote(gid) || quote(histogram) || quote(rated_by), '|') FROM (SELECT * FROM puzzles ORDER BY id)");
  {
    PuzzleStore store(old_path);
    EXPECT_EQ(store.opened_version(), 13);
    // Every export of the migrated file is byte for byte the new store's.
    PuzzleStore fresh(new_path, {OpenMode::Read});
    for (const ExportFormat f : {ExportFormat::Json, ExportFormat::Ndjson, ExportFormat::Csv, ExportFormat::Line})
      EXPECT_EQ(export_to_string(store, f, {}), export_to_string(fresh, f, {})) << static_cast<int>(f);
    const std::vector<PuzzleRecord> back = rows_of(store, {});
    ASSERT_EQ(back.size(), records.size());
    for (std::size_t i = 0; i < back.size(); ++i) {
      PuzzleRecord expected = records[i];
      expected.id = static_cast<std::int64_t>(i + 1);
      EXPECT_EQ(back[i], expected) << i;
      EXPECT_FALSE(back[i].variant());
    }
    // A variant goes into the migrated file, its key into `used`.
    PuzzleRecord v = variant_record("16x16", 2);
    store.insert(v);
    store.flush();
    EXPECT_EQ(mark_used(store, rows_of(store, of_geometry("16x16")), "book", "test"), 1u);
  }
  Raw raw(old_path);
  EXPECT_EQ(raw.integer("PRAGMA user_version"), kSchemaVersion);
  EXPECT_EQ(raw.text("SELECT group_concat(quote(id) || quote(puzzle) || quote(solution) || quote(canonical) || "
                     "quote(er) || quote(gid) || quote(histogram) || quote(rated_by), '|') FROM (SELECT * FROM puzzles "
                     "WHERE geometry IS NULL ORDER BY id)"),
            before);
  EXPECT_EQ(raw.text("SELECT max(id) FROM puzzles"), "10");  // after the highest id ever given (9)
  EXPECT_EQ(raw.integer("SELECT count(*) FROM daily"), 1);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM used"), 2);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
  EXPECT_EQ(raw.integer("SELECT count(*) FROM pragma_foreign_key_check"), 0);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM sqlite_master WHERE name IN ('puzzles_level_er', 'puzzles_clues', "
                        "'puzzles_level', 'puzzles_run', 'puzzles_geometry', 'used_puzzle', 'daily_puzzle')"),
            7);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM sqlite_master WHERE name LIKE '%_v14'"), 0);
  // The checks still hold a classic row to 81 cells.
  EXPECT_NE(raw.exec("UPDATE puzzles SET puzzle = substr(puzzle, 2) WHERE id = 1"), SQLITE_OK);
}

TEST(VariantStore, ExportsCarryTheGeometryOnlyForVariants) {
  TempDir dir;
  PuzzleStore store(dir.file("export.db"));
  store.insert(full_record(load_puzzles("puzzles_top95.txt", 1)[0], 0));
  const PuzzleRecord x = variant_record("x", 7), small = variant_record("4x4", 7);
  store.insert(x);
  store.insert(small);
  store.flush();
  const std::string classic_json = export_to_string(store, ExportFormat::Json, {});
  EXPECT_EQ(classic_json.find("geometry"), std::string::npos);
  EXPECT_EQ(export_to_string(store, ExportFormat::Csv, {}).find("geometry"), std::string::npos);

  const auto rows = nlohmann::json::parse(export_to_string(store, ExportFormat::Json, of_geometry("x")));
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(rows[0]["geometry"], "x");
  EXPECT_EQ(rows[0]["puzzle"], x.variant_puzzle);
  EXPECT_EQ(rows[0]["solution"], x.variant_solution);
  EXPECT_EQ(rows[0]["gid"], x.gid());
  EXPECT_EQ(rows[0]["rated_by"], "unrated (variant)");
  EXPECT_TRUE(rows[0]["er"].is_null());
  EXPECT_TRUE(rows[0]["level"].is_null());

  // all: the classic row has no geometry field, the variants have theirs.
  const auto all = nlohmann::json::parse(export_to_string(store, ExportFormat::Json, of_geometry(kAllGeometries)));
  ASSERT_EQ(all.size(), 3u);
  EXPECT_FALSE(all[0].contains("geometry"));
  EXPECT_EQ(all[2]["geometry"], "4x4");
  const std::string csv = export_to_string(store, ExportFormat::Csv, of_geometry(kAllGeometries));
  EXPECT_NE(csv.substr(0, csv.find('\n')).find(",geometry,rated_by"), std::string::npos) << csv.substr(0, 300);
  EXPECT_NE(csv.find(",4x4,unrated (variant)\n"), std::string::npos);
  EXPECT_EQ(export_to_string(store, ExportFormat::Line, of_geometry("4x4")), small.variant_puzzle + "\n");
}

TEST(VariantStore, IpuzSaysWhatItCanAndTheRestInTheExtension) {
  struct Case {
    std::string spelling;
    bool boxes;
    std::size_t zones, zone_size;
    std::vector<std::string> rules;
  };
  const std::vector<Case> cases = {
      {"x", true, 2, 9, {}},
      {"6x6", false, 6, 6, {}},
      {"16x16", true, 0, 0, {}},
      {"jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE", false, 6, 6, {}},
      {"windows,anti-knight", true, 9, 9, {"anti-knight"}},
      {"8x8,nc", false, 8, 8, {"nc"}},
  };
  for (const Case& c : cases) {
    const GeometryPtr g = parse_geometry(c.spelling);
    const PuzzleRecord r = variant_record(c.spelling, 9);
    const auto doc = nlohmann::json::parse(ipuz_json(r).dump());
    const int n = g->size();
    EXPECT_EQ(doc["kind"][0], "http://ipuz.org/sudoku#1") << c.spelling;
    EXPECT_EQ(doc["dimensions"]["width"], n);
    EXPECT_EQ(doc["charset"].get<std::string>().size(), static_cast<std::size_t>(n));
    EXPECT_EQ(doc["boxes"], c.boxes) << c.spelling;
    EXPECT_EQ(doc["com.sudokit:geometry"]["spelling"], g->spelling());
    EXPECT_EQ(doc["com.sudokit:geometry"]["rules"].get<std::vector<std::string>>(), c.rules) << c.spelling;
    EXPECT_EQ(doc["com.sudokit:grading"], "unrated (variant)");
    EXPECT_EQ(doc["uniqueid"], r.gid());
    // The cells back from the rows of numbers, through the charset.
    for (const char* key : {"puzzle", "solution"}) {
      std::string cells;
      for (const auto& row : doc[key])
        for (const auto& v : row) cells += v.get<int>() == 0 ? '.' : doc["charset"].get<std::string>()[v.get<std::size_t>() - 1];
      EXPECT_EQ(cells, std::string(key) == "puzzle" ? r.variant_puzzle : r.variant_solution) << c.spelling;
    }
    // Every zone must hold each digit once: check it on the solution.
    const std::size_t zones = doc.contains("zones") ? doc["zones"].size() : 0;
    EXPECT_EQ(zones, c.zones) << c.spelling;
    for (std::size_t z = 0; z < zones; ++z) {
      const auto& cells = doc["zones"][z]["cells"];
      EXPECT_EQ(cells.size(), c.zone_size);
      std::set<int> digits;
      for (const auto& cell : cells) {
        const int col = cell[0].get<int>() - 1, row = cell[1].get<int>() - 1;
        digits.insert(doc["solution"][static_cast<std::size_t>(row)][static_cast<std::size_t>(col)].get<int>());
      }
      EXPECT_EQ(digits.size(), static_cast<std::size_t>(n)) << c.spelling << " zone " << z;
    }
  }
}

TEST(VariantStore, StatsArePerGeometry) {
  TempDir dir;
  const std::string mixed = dir.file("mixed.db"), plain = dir.file("plain.db");
  const auto puzzles = load_puzzles("puzzles_top95.txt", 4);
  for (const std::string& path : {mixed, plain}) {
    PuzzleStore store(path);
    for (std::size_t i = 0; i < puzzles.size(); ++i) store.insert(full_record(puzzles[i], i));
    store.flush();
  }
  {
    PuzzleStore store(mixed);
    for (std::uint64_t s = 1; s <= 3; ++s) store.insert(variant_record("x", s));
    store.insert(variant_record("6x6", 1));
    store.flush();
  }
  PuzzleStore m(mixed, {OpenMode::Read}), p(plain, {OpenMode::Read});
  StoreStats classic = m.stats(), reference = p.stats();
  EXPECT_EQ(classic.puzzles, reference.puzzles);
  EXPECT_EQ(classic.clues, reference.clues);
  EXPECT_EQ(classic.levels.size(), reference.levels.size());
  EXPECT_EQ(classic.methods.size(), reference.methods.size());
  EXPECT_EQ(classic.unrated_variant, 0u);
  EXPECT_TRUE(reference.geometries.empty());  // a classic store's summary is as before
  ASSERT_EQ(classic.geometries.size(), 3u);
  EXPECT_EQ(classic.geometries[0].key, "classic");
  EXPECT_EQ(classic.geometries[0].count, 4u);
  EXPECT_EQ(classic.geometries[1].key, "6x6");
  EXPECT_EQ(classic.geometries[2].key, "x");
  EXPECT_EQ(classic.geometries[2].count, 3u);
  const StoreStats x = m.stats(grader::default_levels(), "x");
  EXPECT_EQ(x.puzzles, 3u);
  EXPECT_EQ(x.graded, 0u);
  EXPECT_EQ(x.unrated_variant, 3u);
  ASSERT_EQ(x.levels.size(), 1u);
  EXPECT_EQ(x.levels[0].key, "");  // not graded
  EXPECT_EQ(m.stats(grader::default_levels(), kAllGeometries).puzzles, 8u);
}

TEST(VariantStore, ShipsTheVariantsOfAGeometryUnrated) {
  TempDir dir;
  const std::string path = dir.file("ship.db"), out = dir.file("app.db");
  {
    PuzzleStore store(path);
    store.insert(full_record(load_puzzles("puzzles_top95.txt", 1)[0], 0));
    for (std::uint64_t s = 1; s <= 3; ++s) store.insert(variant_record("x", s));
    store.flush();
  }
  PuzzleStore store(path, {OpenMode::Read});
  const ShipSummary s = ship_store(store, of_geometry("x"), {}, out);
  EXPECT_EQ(s.puzzles, 3u);
  Raw raw(out, SQLITE_OPEN_READONLY);
  EXPECT_EQ(raw.text("SELECT group_concat(DISTINCT geometry) FROM puzzles"), "x");
  EXPECT_EQ(raw.text("SELECT group_concat(rank) FROM (SELECT rank FROM puzzles ORDER BY rank)"), "0,1,2");
  EXPECT_EQ(raw.text("SELECT count(*) FROM puzzles WHERE level IS NULL AND er IS NULL AND rated_by = 'unrated (variant)'"), "3");
  EXPECT_EQ(raw.text("SELECT value FROM meta WHERE key = 'geometry'"), "x");
  // The classic ship leaves the variants out and has no geometry column.
  const std::string classic = dir.file("classic.db");
  EXPECT_EQ(ship_store(store, {}, {}, classic).puzzles, 1u);
  EXPECT_EQ(Raw(classic, SQLITE_OPEN_READONLY).integer("SELECT count(*) FROM pragma_table_info('puzzles') WHERE name = 'geometry'"), 0);
}

TEST(VariantStore, DailyServesAVariantSlotBesideTheLevels) {
  TempDir dir;
  const std::string path = dir.file("daily.db");
  std::vector<PuzzleRecord> xs;
  {
    PuzzleStore store(path);
    const auto puzzles = load_puzzles("puzzles_top95.txt", 4);
    for (std::size_t i = 0; i < puzzles.size(); ++i) store.insert(full_record(puzzles[i], i));  // hard, expert
    for (std::uint64_t s = 1; s <= 3; ++s) {
      xs.push_back(variant_record("x", s));
      store.insert(xs.back());
    }
    store.flush();
  }
  DailyRequest request;
  std::string error;
  ASSERT_TRUE(parse_date("2027-01-01", request.first, error)) << error;
  request.days = 2;
  request.schedule = WeeklySchedule::every_day({"hard", "daily-x"});
  std::pair<std::string, std::string> slot;
  ASSERT_TRUE(parse_variant_slot("daily-x=X", slot, error)) << error;
  EXPECT_EQ(slot, (std::pair<std::string, std::string>{"daily-x", "x"}));
  request.variants = {slot};
  PuzzleStore store(path);
  std::vector<DailyDate> dates;
  {
    DailyAssignment a(store, request);
    a.commit();
    dates = a.dates();
  }
  ASSERT_EQ(dates.size(), 2u);
  for (std::size_t d = 0; d < 2; ++d) {
    ASSERT_EQ(dates[d].entries.size(), 2u);
    EXPECT_EQ(dates[d].entries[1].level, "daily-x");
    EXPECT_EQ(dates[d].entries[1].puzzle.variant_puzzle, xs[d].variant_puzzle);  // the oldest unused, in date order
    const auto j = nlohmann::json::parse(daily_json(dates[d]).dump());
    EXPECT_EQ(j["puzzles"]["daily-x"]["geometry"], "x");
    EXPECT_TRUE(j["puzzles"]["daily-x"]["level"].is_null());
    EXPECT_EQ(j["puzzles"]["daily-x"]["puzzle"], xs[d].variant_puzzle);
    EXPECT_EQ(j["puzzles"]["hard"]["level"], "hard");
    EXPECT_FALSE(j["puzzles"]["hard"].contains("geometry"));
  }
  Raw raw(path);
  EXPECT_EQ(raw.text("SELECT count(*) FROM used WHERE canonical LIKE 'x %'"), "2");
  // Again: the same puzzles; a third date finds the last X, a fourth none.
  {
    DailyAssignment again(store, request);
    EXPECT_EQ(again.reused(), 4u);
    EXPECT_EQ(again.assigned(), 0u);
  }
  request.days = 4;
  try {
    DailyAssignment short_of_x(store, request);
    FAIL() << "no shortage";
  } catch (const ShortageError& e) {
    ASSERT_EQ(e.shortages().size(), 2u) << e.what();
    const Shortage& x = e.shortages()[1];
    EXPECT_EQ(x.level, "daily-x");
    EXPECT_EQ(x.geometry, "x");
    EXPECT_EQ(x.needed, 2u);
    EXPECT_EQ(x.available, 1u);
  }
  // A slot may not take a level's name; a slot's geometry is not classic.
  request.days = 1;
  request.schedule = WeeklySchedule::every_day({"hard"});
  request.variants = {{"hard", "x"}};
  EXPECT_THROW(DailyAssignment(store, request), LevelError);
  EXPECT_FALSE(parse_variant_slot("daily=classic", slot, error));
  EXPECT_FALSE(parse_variant_slot("daily=wndows", slot, error));
  EXPECT_EQ(error.rfind("geometry:1: ", 0), 0u) << error;
  EXPECT_FALSE(parse_variant_slot("da ily=x", slot, error));
}

}  // namespace
}  // namespace sudokit::db::test
