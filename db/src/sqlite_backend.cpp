// The SQLite back-end of the store (sql.hpp): one file, opened, checked,
// migrated forward (schema.hpp) and written here.
//
// Durability: the file is in WAL mode with synchronous=NORMAL. A commit is
// appended to the -wal file before COMMIT returns, so a process killed at
// any moment (SIGKILL included) loses only its uncommitted batch; only a
// power failure can lose the last commits (not corrupt the file).
//
// Concurrency: the write lock is taken by BEGIN IMMEDIATE when a batch is
// complete and held only while it is written. Waiting for another writer
// uses our own busy handler rather than sqlite3_busy_timeout: the latter
// sleeps up to 100 ms between polls and can be starved by a writer that
// releases the lock for a few milliseconds between batches.
#include <sqlite3.h>

#include <cassert>
#include <cctype>
#include <chrono>
#include <filesystem>
#include <thread>

#include "schema.hpp"
#include "sql.hpp"
#include "sqlite.hpp"
#include "sudokit/solver/bits.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db::detail {

namespace {

using Clock = std::chrono::steady_clock;

// A SqliteStatement behind the back-end-neutral interface.
class SqliteStatementBackend final : public StatementBackend {
 public:
  explicit SqliteStatementBackend(SqliteStatement st) : st_(std::move(st)) {}
  void bind_int64(int i, std::int64_t v) override { st_.bind(i, v); }
  void bind_double(int i, double v) override { st_.bind(i, v); }
  void bind_null(int i) override { st_.bind_null(i); }
  void bind_text(int i, std::string_view v, bool stable) override {
    if (stable) st_.bind_static(i, v);
    else st_.bind_text(i, v);
  }
  bool step(bool* busy) override { return st_.step(busy); }
  void reset() override { st_.reset(); }
  bool is_null(int col) const override { return st_.is_null(col); }
  std::int64_t int64(int col) const override { return st_.int64(col); }
  double real(int col) const override { return st_.real(col); }
  std::string_view text(int col) const override { return st_.text(col); }
  std::uint64_t changes() const override {
    return static_cast<std::uint64_t>(sqlite3_changes(sqlite3_db_handle(st_.get())));
  }
  void doing(const char* what) override { st_.doing(what); }

 private:
  SqliteStatement st_;
};

class SqliteConnection final : public Connection {
 public:
  SqliteConnection(const std::string& path, const StoreOptions& options) : path(path), options(options) {
    try {
      open();
    } catch (...) {
      close();  // the destructor does not run for a constructor that throws
      throw;
    }
  }
  ~SqliteConnection() override;

  Dialect dialect() const override { return Dialect::Sqlite; }
  const std::string& name() const override { return path; }
  bool read_only() const override { return read_only_; }
  int opened_version() const override { return opened_version_; }
  detail::Statement prepare(std::string_view sql) override {
    return detail::Statement(std::make_unique<SqliteStatementBackend>(SqliteStatement(db, sql, &path)));
  }
  void exec(const char* sql, const char* doing) override;
  void begin_write(const char* doing) override {
    if (read_only_) throw StoreError(path, std::string(doing) + ": the store was opened for reading");
    step_locking(begin_stmt, doing);
  }
  void commit(const char* doing) override { step_locking(commit_stmt, doing); }
  void rollback() noexcept override {
    if (sqlite3_get_autocommit(db) != 0) return;  // no transaction open
    sqlite3_reset(rollback_stmt.get());
    sqlite3_step(rollback_stmt.get());
    sqlite3_reset(rollback_stmt.get());
  }
  void begin_read() override { exec("BEGIN", "cannot start reading"); }
  void end_read() noexcept override { sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr); }
  std::uint64_t write_rows(const std::vector<PuzzleRecord>& rows, const std::string& stamp) override;
  bool stored_form_exists(const Grid& canonical) override;

  std::string path;
  StoreOptions options;
  sqlite3* db = nullptr;
  Clock::time_point busy_start{};  // start of the current wait for a lock

 private:
  void open();
  void close() noexcept;
  void configure_connection();
  void migrate();
  void prepare_writes();
  std::int64_t pragma_int(const char* sql);
  /// Steps a statement that takes the write lock, retrying SQLITE_BUSY until busy_timeout.
  void step_locking(SqliteStatement& stmt, const char* doing);
  [[noreturn]] void locked_out(const char* doing) const;

  bool read_only_ = false;
  int opened_version_ = 0;
  SqliteStatement exists;  // SELECT 1 ... WHERE canonical = ?
  SqliteStatement insert;  // INSERT ... ON CONFLICT(canonical) DO NOTHING
  SqliteStatement begin_stmt, commit_stmt, rollback_stmt;
  char text[3][81] = {};  // puzzle/solution/canonical text of the row being bound
};

// A deterministic mix of (id, seed) for seeded random order, the same on
// every machine.
void sql_mix(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto id = static_cast<std::uint64_t>(sqlite3_value_int64(argv[0]));
  const auto seed = static_cast<std::uint64_t>(sqlite3_value_int64(argv[1]));
  sqlite3_result_int64(ctx, static_cast<std::int64_t>(mix64(mix64(seed + 0x9E3779B97F4A7C15ull) ^ id)));
}

// sudokit_gid(canonical): the global id of a canonical form stored as text
// ('.' or '0' for an empty cell); NULL for anything that is not 81 cells.
void sql_gid(sqlite3_context* ctx, int, sqlite3_value** argv) {
  const auto* text = reinterpret_cast<const char*>(sqlite3_value_text(argv[0]));
  if (!text || sqlite3_value_bytes(argv[0]) != 81) {
    sqlite3_result_null(ctx);
    return;
  }
  Grid canonical;
  for (std::size_t i = 0; i < 81; ++i) {
    const char c = text[i];
    if (c >= '1' && c <= '9') canonical.cells[i] = static_cast<std::uint8_t>(c - '0');
    else if (c != '.' && c != '0') {
      sqlite3_result_null(ctx);
      return;
    }
  }
  const std::string id = global_id_of_canonical(canonical);
  sqlite3_result_text(ctx, id.data(), static_cast<int>(id.size()), SQLITE_TRANSIENT);
}

int busy_handler(void* arg, int attempt) {
  auto* impl = static_cast<SqliteConnection*>(arg);
  const auto now = Clock::now();
  if (attempt == 0) impl->busy_start = now;
  if (now - impl->busy_start >= impl->options.busy_timeout) return 0;
  // Short sleeps: the lock is usually free again within milliseconds.
  std::this_thread::sleep_for(std::chrono::microseconds(attempt < 10 ? 200 + 100 * attempt : 2000));
  return 1;
}

// "file:PATH?immutable=1" with PATH percent-encoded where URIs need it.
std::string immutable_uri(const std::string& path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string uri = "file:";
  for (const char c : path) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) || c == '/' || c == '.' || c == '-' || c == '_' || c == '~') {
      uri += c;
    } else {
      uri += '%';
      uri += kHex[u >> 4];
      uri += kHex[u & 15];
    }
  }
  return uri + "?immutable=1";
}

}  // namespace

// --- opening ------------------------------------------------------------------

SqliteConnection::~SqliteConnection() { close(); }

void SqliteConnection::close() noexcept {
  exists = {};
  insert = {};
  begin_stmt = {};
  commit_stmt = {};
  rollback_stmt = {};
  if (db != nullptr) sqlite3_close_v2(db);
  db = nullptr;
}

void SqliteConnection::exec(const char* sql, const char* doing) {
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    sqlite3_free(message);
    detail::fail(path, db, rc, doing);
  }
}

std::int64_t SqliteConnection::pragma_int(const char* sql) {
  SqliteStatement st(db, sql, &path);
  st.doing("cannot read the database header");
  return st.step() ? st.int64(0) : 0;
}

void SqliteConnection::locked_out(const char* doing) const {
  throw StoreError(path,
                   std::string(doing) + ": database is locked (another process held it for more than " +
                       std::to_string(options.busy_timeout.count()) + " ms)",
                   SQLITE_BUSY);
}

void SqliteConnection::step_locking(SqliteStatement& stmt, const char* doing) {
  const auto start = Clock::now();
  for (;;) {
    bool busy = false;
    stmt.step(&busy);
    if (!busy) {
      sqlite3_reset(stmt.get());
      return;
    }
    // The busy handler already waited, or was not called (e.g. during WAL
    // recovery): keep trying until the timeout.
    if (Clock::now() - start >= options.busy_timeout) locked_out(doing);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
}

void SqliteConnection::configure_connection() {
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_handler(db, busy_handler, this);
  const int rc = sqlite3_create_function(db, "sudokit_mix", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, sql_mix,
                                         nullptr, nullptr);
  if (rc != SQLITE_OK) detail::fail(path, db, rc, "cannot register sudokit_mix");
  const int rc_gid = sqlite3_create_function(db, "sudokit_gid", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, sql_gid,
                                             nullptr, nullptr);
  if (rc_gid != SQLITE_OK) detail::fail(path, db, rc_gid, "cannot register sudokit_gid");
}

void SqliteConnection::open() {
  namespace fs = std::filesystem;
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (options.mode == OpenMode::Read && !fs::exists(status)) throw StoreError(path, "no such database file");
  if (fs::is_directory(status)) throw StoreError(path, "is a directory, not a database file");

  const bool want_read_only = options.mode == OpenMode::Read;
  int flags = SQLITE_OPEN_NOMUTEX | (want_read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    const std::string reason = detail::describe(db, rc);
    close();
    throw StoreError(path, "cannot open: " + reason, rc);
  }
  read_only_ = want_read_only;
  configure_connection();
  // SQLite quietly opens a file it may not write read-only; say so now
  // rather than at the first commit.
  if (!read_only_ && sqlite3_db_readonly(db, "main") == 1)
    throw StoreError(path, "cannot open for writing: the file is read-only", SQLITE_READONLY);

  // Reading the header is what tells a database from any other file.
  int version = 0;
  try {
    version = static_cast<int>(pragma_int("PRAGMA user_version"));
  } catch (const StoreError& e) {
    // A WAL file on a read-only file system: readers need a -shm file that
    // cannot be created there. When no -wal file holds commits to apply, the
    // main file is the whole database and can be read as immutable.
    std::error_code wal_ec;
    const bool wal_has_commits = fs::exists(path + "-wal", wal_ec) && fs::file_size(path + "-wal", wal_ec) > 0;
    if (!read_only_ || (e.sqlite_code() & 0xff) != SQLITE_CANTOPEN || wal_has_commits) throw;
    close();
    rc = sqlite3_open_v2(immutable_uri(path).c_str(), &db, SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_READONLY | SQLITE_OPEN_URI,
                         nullptr);
    if (rc != SQLITE_OK) throw;
    configure_connection();
    version = static_cast<int>(pragma_int("PRAGMA user_version"));
  }
  const auto app_id = static_cast<std::int32_t>(pragma_int("PRAGMA application_id"));
  if (app_id != 0 && app_id != kApplicationId)
    throw StoreError(path, "not a sudokit store (it belongs to another application: application_id " +
                               std::to_string(app_id) + ")");
  if (version > kSchemaVersion)
    throw StoreError(path, "schema version " + std::to_string(version) + " is newer than this sudokit understands (" +
                               std::to_string(kSchemaVersion) + "); use a newer sudokit");
  opened_version_ = version;
  // A file with our tables but no version is someone else's: refuse it
  // before anything below (page size, WAL mode) changes a byte of it. One
  // statement, so a store another process is creating right now (version
  // and tables set in one transaction) is never taken for one.
  if (version == 0) {
    SqliteStatement t(db,
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('puzzles', 'daily', 'used') "
                "AND (SELECT user_version FROM pragma_user_version) = 0",
                &path);
    if (t.step())
      throw StoreError(path, "not a sudokit store: it has a table `" + std::string(t.text(0)) +
                                 "` but no sudokit schema version (PRAGMA user_version is 0); it was left unchanged");
  }

  if (read_only_) {
    if (version == 0) throw StoreError(path, "not a sudokit store (no schema version: PRAGMA user_version is 0)");
    if (version < kSchemaVersion) {
      // Migrating forward needs write access; try it, say so when impossible.
      close();
      rc = sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_READWRITE, nullptr);
      if (rc != SQLITE_OK || sqlite3_db_readonly(db, "main") == 1) {
        close();
        throw StoreError(path, "schema version " + std::to_string(version) + " must be migrated to " +
                                   std::to_string(kSchemaVersion) + " but the file cannot be opened for writing");
      }
      read_only_ = false;
      configure_connection();
    }
  }
  if (!read_only_) {
    // 16 KiB pages for a new file (a no-op on an existing one): the UNIQUE
    // index on canonical forms takes random inserts, and each batch rewrites
    // most of its leaf pages; larger pages mean fewer pages and syscalls per
    // batch (measured: about 1.7x the insert rate of 4 KiB pages).
    if (version == 0) exec("PRAGMA page_size = 16384", "cannot configure");
    // WAL: readers never block the writer, a killed writer never corrupts.
    {
    SqliteStatement wal(db, "PRAGMA journal_mode = WAL", &path);
    const auto start = Clock::now();
    for (;;) {
      bool busy = false;
      const bool row = wal.step(&busy);
      if (!busy) {
        if (!row || wal.text(0) != "wal")
          throw StoreError(path, "cannot switch to WAL mode (journal_mode is " + std::string(row ? wal.text(0) : "?") + ")");
        break;
      }
      if (Clock::now() - start >= options.busy_timeout) locked_out("cannot switch to WAL mode");
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    }  // the statement must be finished before any transaction commits
    exec("PRAGMA synchronous = NORMAL", "cannot configure");
    // Checkpoint every 2,500 pages (40 MB of WAL) rather than 1,000: fewer
    // checkpoints, each copying pages that later batches would rewrite anyway.
    exec("PRAGMA wal_autocheckpoint = 2500", "cannot configure");
    exec("PRAGMA foreign_keys = ON", "cannot configure");
    begin_stmt = SqliteStatement(db, "BEGIN IMMEDIATE", &path);
    begin_stmt.doing("cannot start a transaction");
    commit_stmt = SqliteStatement(db, "COMMIT", &path);
    commit_stmt.doing("cannot commit");
    rollback_stmt = SqliteStatement(db, "ROLLBACK", &path);
    migrate();
    prepare_writes();
  }
  // 32 MiB of page cache: the UNIQUE index on canonical forms is written at
  // random places, and a warm cache keeps inserts fast on large files.
  exec("PRAGMA cache_size = -32768", "cannot configure");
}

void SqliteConnection::migrate() {
  if (pragma_int("PRAGMA user_version") == kSchemaVersion) return;
  // Some migrations rebuild a table that others reference (v8); SQLite's
  // procedure for that turns foreign keys off outside the transaction and
  // checks them before the commit.
  exec("PRAGMA foreign_keys = OFF", "cannot configure");
  struct KeysBackOn {
    SqliteConnection& impl;
    ~KeysBackOn() { sqlite3_exec(impl.db, "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr); }
  } keys_back_on{*this};
  // Rolled back unless committed, before the keys go back on.
  begin_write("cannot start the migration");
  struct RollBackUnlessCommitted {
    SqliteConnection& c;
    ~RollBackUnlessCommitted() { c.rollback(); }
  } migration{*this};
  {
    // Another process may have migrated while we waited for the lock.
    const int version = static_cast<int>(pragma_int("PRAGMA user_version"));
    if (version > kSchemaVersion)
      throw StoreError(path, "schema version " + std::to_string(version) + " is newer than this sudokit understands");
    if (version == 0) {
      SqliteStatement t(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('puzzles', 'daily', 'used')", &path);
      if (t.step())
        throw StoreError(path, "not a sudokit store: it has a table `" + std::string(t.text(0)) +
                                   "` but no sudokit schema version (PRAGMA user_version is 0)");
    }
    for (int v = version; v < kSchemaVersion; ++v)
      exec(detail::kMigrations[static_cast<std::size_t>(v)],
           ("cannot migrate the schema from version " + std::to_string(v) + " to " + std::to_string(v + 1)).c_str());
    if (pragma_int("PRAGMA application_id") == 0)
      exec(("PRAGMA application_id = " + std::to_string(kApplicationId)).c_str(), "cannot set the application id");
    {
      SqliteStatement check(db, "PRAGMA foreign_key_check", &path);
      if (check.step())
        throw StoreError(path, "cannot migrate the schema: a row of `" + std::string(check.text(0)) +
                                   "` refers to a missing row of `" + std::string(check.text(2)) + "`");
    }
    exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str(), "cannot set the schema version");
    commit("cannot commit the migration");
  }
}

void SqliteConnection::prepare_writes() {
  exists = SqliteStatement(db, "SELECT 1 FROM puzzles WHERE canonical = ?1", &path);
  exists.doing("cannot look up a canonical form");
  insert = SqliteStatement(db,
                     "INSERT INTO puzzles (puzzle, solution, canonical, clues, symmetry, minimal, method, seed, "
                     "seed_index, er, ep, ed, level, hardest, histogram, source_rating, created_at, search_moves, "
                     "dig_order, symmetric_minimal, gid, path, run, shard, rated_by, origin, geometry) VALUES (?1, ?2, ?3, ?4, ?5, "
                     "?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, coalesce(?27, sudokit_gid(?3)), "
                     "?21, ?22, ?23, ?24, ?25, ?26) "
                     "ON CONFLICT (canonical) DO NOTHING",
                     &path);
  insert.doing("cannot write a batch");
}

bool SqliteConnection::stored_form_exists(const Grid& canonical) {
  write_text(text[2], canonical);
  if (read_only_) {  // the write statements are not prepared
    SqliteStatement st(db, "SELECT 1 FROM puzzles WHERE canonical = ?1", &path);
    st.bind_static(1, std::string_view(text[2], 81));
    return st.step();
  }
  exists.bind_static(1, std::string_view(text[2], 81));
  const auto start = Clock::now();
  for (;;) {
    bool busy = false;
    const bool found = exists.step(&busy);
    if (!busy) {
      exists.reset();
      return found;
    }
    if (Clock::now() - start >= options.busy_timeout) locked_out("cannot look up a canonical form");
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    exists.bind_static(1, std::string_view(text[2], 81));
  }
}

std::uint64_t SqliteConnection::write_rows(const std::vector<PuzzleRecord>& rows, const std::string& stamp) {
  std::uint64_t added = 0;
  for (const PuzzleRecord& r : rows) {
    // A classic row's cells are written into `text`; a variant's are its
    // own strings (the record outlives the statement's reset below).
    std::string_view puzzle, solution, canonical;
    if (r.variant()) {
      puzzle = r.variant_puzzle;
      solution = r.variant_solution;
      canonical = r.variant_canonical;
    } else {
      write_text(text[2], r.canonical);
      canonical = std::string_view(text[2], 81);
    }
    // Look before inserting: under AUTOINCREMENT an insert that hits the
    // UNIQUE canonical form (ON CONFLICT DO NOTHING) would still use up an
    // id. Inside this write transaction nobody else can add it meanwhile.
    exists.bind_static(1, canonical);
    const bool stored_already = exists.step();
    exists.reset();
    if (stored_already) continue;  // stored before this batch (by us or another writer)
    if (!r.variant()) {
      write_text(text[0], r.puzzle);
      write_text(text[1], r.solution);
      puzzle = std::string_view(text[0], 81);
      solution = std::string_view(text[1], 81);
    }
    insert.bind_static(1, puzzle);
    insert.bind_static(2, solution);
    insert.bind_static(3, canonical);
    insert.bind(4, r.clues);
    insert.bind_static_or_null(5, r.symmetry);
    if (r.minimal) insert.bind(6, *r.minimal ? 1 : 0);
    else insert.bind_null(6);
    insert.bind_static(7, r.method);
    if (r.seed) insert.bind(8, static_cast<std::int64_t>(*r.seed));
    else insert.bind_null(8);
    if (r.index) insert.bind(9, static_cast<std::int64_t>(*r.index));
    else insert.bind_null(9);
    insert.bind_optional(10, r.er);
    insert.bind_optional(11, r.ep);
    insert.bind_optional(12, r.ed);
    insert.bind_static_or_null(13, r.level);
    insert.bind_static_or_null(14, r.hardest);
    insert.bind_static_or_null(15, r.histogram);
    insert.bind_optional(16, r.source_rating);
    insert.bind_static(17, r.created_at.empty() ? stamp : r.created_at);
    if (r.search_moves) insert.bind(18, *r.search_moves);
    else insert.bind_null(18);
    insert.bind_static_or_null(19, r.dig_order);
    if (r.symmetric_minimal) insert.bind(20, *r.symmetric_minimal ? 1 : 0);
    else insert.bind_null(20);
    insert.bind_static_or_null(21, r.path);
    insert.bind_static_or_null(22, r.run);
    insert.bind_static_or_null(23, r.shard);
    insert.bind_static_or_null(24, r.rated_by);
    insert.bind_static_or_null(25, r.origin);
    insert.bind_static_or_null(26, r.geometry);
    // A classic row's gid is computed from its form by sudokit_gid (NULL
    // here); a variant's is its own (variant_identity).
    insert.bind_static_or_null(27, r.variant_gid);
    insert.step();
    if (sqlite3_changes(db) != 0) ++added;
    sqlite3_reset(insert.get());
  }
  return added;
}


std::unique_ptr<Connection> open_sqlite(const std::string& path, const StoreOptions& options) {
  return std::make_unique<SqliteConnection>(path, options);
}

}  // namespace sudokit::db::detail
