// The shipping file (ship.hpp).
#include "sudokit/db/ship.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "sql.hpp"
#include "sqlite.hpp"
#include "sudokit/files/staged.hpp"
#include "sudokit/solver/bits.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

using Statement = detail::SqliteStatement;

// The fixed columns, always shipped, in this order.
constexpr Field kFixed[] = {Field::Id, Field::Gid, Field::Level, Field::Puzzle, Field::Solution, Field::Er,
                            Field::Hardest};

std::string sql_type(Field f) {
  switch (f) {
    case Field::Id: case Field::Clues: case Field::Seed: case Field::SeedIndex: case Field::SearchMoves:
    case Field::Minimal: case Field::SymmetricMinimal:
      return "INTEGER";
    case Field::Er: case Field::Ep: case Field::Ed: case Field::SourceRating:
      return "REAL";
    default:
      return "TEXT";
  }
}

struct Connection {
  sqlite3* db = nullptr;
  std::string path;
  ~Connection() { sqlite3_close_v2(db); }
  void exec(const std::string& sql, const char* doing) {
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) detail::fail(path, db, rc, doing);
  }
};

void bind_json(Statement& st, int i, const nlohmann::ordered_json& v) {
  if (v.is_null()) st.bind_null(i);
  else if (v.is_boolean()) st.bind(i, v.get<bool>() ? 1 : 0);
  else if (v.is_number_unsigned()) st.bind(i, static_cast<std::int64_t>(v.get<std::uint64_t>()));
  else if (v.is_number_integer()) st.bind(i, v.get<std::int64_t>());
  else if (v.is_number()) st.bind(i, v.get<double>());
  else if (v.is_string()) st.bind_text(i, v.get_ref<const std::string&>());
  else st.bind_text(i, v.dump());  // the histogram object
}

}  // namespace

ShipSummary ship_store(PuzzleStore& store, const PuzzleFilter& filter, const ShipOptions& options,
                       const std::string& out) {
  namespace fs = std::filesystem;
  std::vector<Field> fields(std::begin(kFixed), std::end(kFixed));
  // A file of variants (the filter's geometry is not the classic one): each
  // row says its geometry and grading status, unrated variants ship with no
  // level, and ranks count per geometry and level.
  const bool variants = !filter.geometry.empty();
  if (variants) {
    fields.insert(fields.begin() + 3, Field::Geometry);
    fields.push_back(Field::RatedBy);
  }
  for (Field f : options.extra)
    if (std::find(fields.begin(), fields.end(), f) == fields.end()) fields.push_back(f);

  // The file is written under its own temporary name beside OUT (SQLite
  // opens it by name) and published whole (files/staged.hpp): two runs to
  // one OUT never touch each other's file, the last to finish wins.
  files::StagedFiles staged;
  files::StagedFile* file = nullptr;
  try {
    file = &staged.stage(out);
    file->close_for_others();
  } catch (const files::FileError& e) {
    throw StoreError(out, e.reason());
  }
  Connection c;
  c.path = file->temporary();
  const int rc = sqlite3_open_v2(c.path.c_str(), &c.db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr);
  if (rc != SQLITE_OK) detail::fail(out, c.db, rc, "cannot create");
  // Rows with a solution path (about 3 KB) would take a 4 KB page each:
  // 32 KB pages pack them (3,300 instead of 4,200 bytes a puzzle).
  const bool with_path = std::find(fields.begin(), fields.end(), Field::Path) != fields.end();
  c.exec(std::string("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA page_size = ") +
             (with_path ? "32768" : "4096"),
         "cannot configure");

  std::string create = "CREATE TABLE puzzles (\n  id INTEGER PRIMARY KEY,\n  rank INTEGER NOT NULL";
  std::string insert_cols = "rank", insert_vals = "?1";
  int n = 1;
  for (Field f : fields) {
    const std::string name(field_name(f));
    if (f == Field::Id) continue;
    const bool required = f == Field::Gid || (f == Field::Level && !variants) || f == Field::Puzzle ||
                          f == Field::Solution || f == Field::Geometry;
    create += ",\n  " + name + " " + sql_type(f) + (required ? " NOT NULL" : "");
    insert_cols += ", " + name;
    insert_vals += ", ?" + std::to_string(++n);
  }
  create += "\n)";
  c.exec("BEGIN", "cannot start");
  c.exec(create, "cannot create the puzzles table");
  ShipSummary summary;
  {  // the statement is finalized before the file is closed
  Statement insert(c.db, "INSERT INTO puzzles (id, " + insert_cols + ") VALUES (?" + std::to_string(n + 1) + ", " +
                             insert_vals + ")",
                   &out);
  auto add = [&](const PuzzleRecord& r) {
    if (r.level.empty() && !r.variant()) {
      ++summary.skipped_ungraded;
      return true;
    }
    // The rank column first holds each row's shuffle key; ranks follow below.
    insert.bind(1, static_cast<std::int64_t>(mix64(mix64(options.seed + 0x9E3779B97F4A7C15ull) ^ static_cast<std::uint64_t>(r.id)) >> 1));
    const nlohmann::ordered_json j = record_json(r, fields);
    int i = 1;
    for (Field f : fields) {
      if (f == Field::Id) continue;
      if (f == Field::Geometry) insert.bind_text(++i, r.variant() ? r.geometry : std::string("classic"));
      else bind_json(insert, ++i, j[std::string(field_name(f))]);
    }
    insert.bind(n + 1, r.id);
    insert.step();
    insert.reset();
    ++summary.puzzles;
    return true;
  };
  if (options.levels.empty()) {
    store.for_each(filter, add);
  } else {
    for (const std::string& level : options.levels) {
      PuzzleFilter one = filter;
      one.level = level;
      store.for_each(one, add);
    }
  }
  }
  // A file with no puzzle would ship an app with nothing to serve.
  if (summary.puzzles == 0) {
    std::string which = variants ? "no puzzle of geometry " + filter.geometry : "no graded puzzle";
    if (filter.unused) which += " never published";
    for (std::size_t i = 0; i < options.levels.size(); ++i)
      which += (i == 0 ? " of level " : " or ") + options.levels[i];
    throw StoreError(out, "nothing to ship: the store has " + which + "; the file was not written");
  }
  // Ranks 0, 1, 2, ... per level (of a geometry) in the order of the shuffle keys.
  const std::string slot = variants ? "geometry, level" : "level";
  c.exec("UPDATE puzzles SET rank = r.rank FROM (SELECT id, row_number() OVER (PARTITION BY " + slot +
             " ORDER BY rank, id) - 1 AS rank FROM puzzles) AS r WHERE puzzles.id = r.id",
         "cannot number the puzzles");
  if (variants)
    c.exec("CREATE UNIQUE INDEX puzzles_geometry_level_rank ON puzzles (geometry, level, rank);"
           "CREATE UNIQUE INDEX puzzles_gid ON puzzles (gid);"
           "CREATE TABLE levels (geometry TEXT NOT NULL, level TEXT, puzzles INTEGER NOT NULL, min_er REAL, max_er REAL);"
           "INSERT INTO levels SELECT geometry, level, count(*), min(er), max(er) FROM puzzles GROUP BY geometry, level "
           "ORDER BY geometry, min(er);"
           "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
           "INSERT INTO meta VALUES ('format', 'sudokit ship 1'), ('seed', '" + std::to_string(options.seed) + "'), "
           "('geometry', " + detail::sql_literal(filter.geometry) + ");"
           "PRAGMA user_version = 1;",
           "cannot index the file");
  else
  c.exec("CREATE UNIQUE INDEX puzzles_level_rank ON puzzles (level, rank);"
         "CREATE UNIQUE INDEX puzzles_gid ON puzzles (gid);"
         "CREATE INDEX puzzles_level_er ON puzzles (level, er);"
         "CREATE TABLE levels (level TEXT PRIMARY KEY, puzzles INTEGER NOT NULL, min_er REAL, max_er REAL);"
         "INSERT INTO levels SELECT level, count(*), min(er), max(er) FROM puzzles GROUP BY level ORDER BY min(er);"
         "CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
         "INSERT INTO meta VALUES ('format', 'sudokit ship 1'), ('seed', '" + std::to_string(options.seed) + "');"
         "PRAGMA user_version = 1;",
         "cannot index the file");
  c.exec("COMMIT", "cannot commit");
  c.exec("VACUUM", "cannot vacuum");
  const int closed = sqlite3_close(c.db);  // every statement is finalized: this closes
  if (closed != SQLITE_OK) detail::fail(out, c.db, closed, "cannot close");
  c.db = nullptr;
  if (::chmod(c.path.c_str(), 0444) != 0) throw StoreError(out, "cannot make the file read-only");
  try {
    staged.commit();
  } catch (const files::FileError& e) {
    throw StoreError(out, "cannot move the finished file into place: " + e.reason());
  }
  std::error_code ec;
  summary.bytes = fs::file_size(out, ec);
  return summary;
}

}  // namespace sudokit::db
