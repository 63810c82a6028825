// Opening, migrating and writing the store (see store.hpp for the contract).
//
// Durability: the file is in WAL mode with synchronous=NORMAL. A commit is
// appended to the -wal file before COMMIT returns, so a process killed at
// any moment (SIGKILL included) loses only its uncommitted batch; only a
// power failure can lose the last commits (not corrupt the file).
//
// Concurrency: rows are queued in memory and written in one transaction per
// batch, so the write lock is held only while a batch is written. Waiting for
// another writer uses our own busy handler rather than sqlite3_busy_timeout:
// the latter sleeps up to 100 ms between polls and can be starved by a writer
// that releases the lock for a few milliseconds between batches.
#include <cassert>
#include <cctype>
#include <filesystem>
#include <thread>

#include "schema.hpp"
#include "store_impl.hpp"
#include "sudokit/solver/bits.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

using detail::Statement;

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
  auto* impl = static_cast<PuzzleStore::Impl*>(arg);
  const auto now = PuzzleStore::Impl::Clock::now();
  if (attempt == 0) impl->busy_start = now;
  if (now - impl->busy_start >= impl->options.busy_timeout) return 0;
  // Short sleeps: the lock is usually free again within milliseconds.
  std::this_thread::sleep_for(std::chrono::microseconds(attempt < 10 ? 200 + 100 * attempt : 2000));
  return 1;
}

void write_text(char (&out)[81], const Grid& g) {
  for (std::size_t i = 0; i < 81; ++i) out[i] = g.cells[i] ? static_cast<char>('0' + g.cells[i]) : '.';
}

Grid parse_column(std::string_view text, const std::string& path, std::int64_t id, const char* column) {
  Grid g;
  ParseError error;
  if (!parse_puzzle(text, g, error))
    throw StoreError(path, "row " + std::to_string(id) + ": column " + column + ": " + error.message);
  return g;
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

PuzzleStore::Impl::~Impl() { close(); }

void PuzzleStore::Impl::close() noexcept {
  exists = {};
  insert = {};
  begin = {};
  commit = {};
  rollback = {};
  if (db != nullptr) sqlite3_close_v2(db);
  db = nullptr;
}

void PuzzleStore::Impl::exec(const char* sql, const char* doing) {
  char* message = nullptr;
  const int rc = sqlite3_exec(db, sql, nullptr, nullptr, &message);
  if (rc != SQLITE_OK) {
    sqlite3_free(message);
    detail::fail(path, db, rc, doing);
  }
}

std::int64_t PuzzleStore::Impl::pragma_int(const char* sql) {
  Statement st(db, sql, &path);
  st.doing("cannot read the database header");
  return st.step() ? st.int64(0) : 0;
}

void PuzzleStore::Impl::locked_out(const char* doing) const {
  throw StoreError(path,
                   std::string(doing) + ": database is locked (another process held it for more than " +
                       std::to_string(options.busy_timeout.count()) + " ms)",
                   SQLITE_BUSY);
}

void PuzzleStore::Impl::step_locking(Statement& stmt, const char* doing) {
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

void PuzzleStore::Impl::configure_connection() {
  sqlite3_extended_result_codes(db, 1);
  sqlite3_busy_handler(db, busy_handler, this);
  const int rc = sqlite3_create_function(db, "sudokit_mix", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, sql_mix,
                                         nullptr, nullptr);
  if (rc != SQLITE_OK) detail::fail(path, db, rc, "cannot register sudokit_mix");
  const int rc_gid = sqlite3_create_function(db, "sudokit_gid", 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nullptr, sql_gid,
                                             nullptr, nullptr);
  if (rc_gid != SQLITE_OK) detail::fail(path, db, rc_gid, "cannot register sudokit_gid");
}

void PuzzleStore::Impl::open() {
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
  read_only = want_read_only;
  configure_connection();
  // SQLite quietly opens a file it may not write read-only; say so now
  // rather than at the first commit.
  if (!read_only && sqlite3_db_readonly(db, "main") == 1)
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
    if (!read_only || (e.sqlite_code() & 0xff) != SQLITE_CANTOPEN || wal_has_commits) throw;
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
  opened_version = version;
  // A file with our tables but no version is someone else's: refuse it
  // before anything below (page size, WAL mode) changes a byte of it. One
  // statement, so a store another process is creating right now (version
  // and tables set in one transaction) is never taken for one.
  if (version == 0) {
    Statement t(db,
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('puzzles', 'daily', 'used') "
                "AND (SELECT user_version FROM pragma_user_version) = 0",
                &path);
    if (t.step())
      throw StoreError(path, "not a sudokit store: it has a table `" + std::string(t.text(0)) +
                                 "` but no sudokit schema version (PRAGMA user_version is 0); it was left unchanged");
  }

  if (read_only) {
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
      read_only = false;
      configure_connection();
    }
  }
  if (!read_only) {
    // 16 KiB pages for a new file (a no-op on an existing one): the UNIQUE
    // index on canonical forms takes random inserts, and each batch rewrites
    // most of its leaf pages; larger pages mean fewer pages and syscalls per
    // batch (measured: about 1.7x the insert rate of 4 KiB pages).
    if (version == 0) exec("PRAGMA page_size = 16384", "cannot configure");
    // WAL: readers never block the writer, a killed writer never corrupts.
    {
    Statement wal(db, "PRAGMA journal_mode = WAL", &path);
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
    begin = Statement(db, "BEGIN IMMEDIATE", &path);
    begin.doing("cannot start a transaction");
    commit = Statement(db, "COMMIT", &path);
    commit.doing("cannot commit");
    rollback = Statement(db, "ROLLBACK", &path);
    migrate();
    prepare_writes();
  }
  // 32 MiB of page cache: the UNIQUE index on canonical forms is written at
  // random places, and a warm cache keeps inserts fast on large files.
  exec("PRAGMA cache_size = -32768", "cannot configure");
}

void PuzzleStore::Impl::migrate() {
  if (pragma_int("PRAGMA user_version") == kSchemaVersion) return;
  // Some migrations rebuild a table that others reference (v8); SQLite's
  // procedure for that turns foreign keys off outside the transaction and
  // checks them before the commit.
  exec("PRAGMA foreign_keys = OFF", "cannot configure");
  struct KeysBackOn {
    Impl& impl;
    ~KeysBackOn() { sqlite3_exec(impl.db, "PRAGMA foreign_keys = ON", nullptr, nullptr, nullptr); }
  } keys_back_on{*this};
  // Rolled back unless committed, before the keys go back on.
  WriteTransaction migration(*this, "cannot start the migration");
  {
    // Another process may have migrated while we waited for the lock.
    const int version = static_cast<int>(pragma_int("PRAGMA user_version"));
    if (version > kSchemaVersion)
      throw StoreError(path, "schema version " + std::to_string(version) + " is newer than this sudokit understands");
    if (version == 0) {
      Statement t(db, "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('puzzles', 'daily', 'used')", &path);
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
      Statement check(db, "PRAGMA foreign_key_check", &path);
      if (check.step())
        throw StoreError(path, "cannot migrate the schema: a row of `" + std::string(check.text(0)) +
                                   "` refers to a missing row of `" + std::string(check.text(2)) + "`");
    }
    exec(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str(), "cannot set the schema version");
    migration.commit("cannot commit the migration");
  }
}

void PuzzleStore::Impl::prepare_writes() {
  exists = Statement(db, "SELECT 1 FROM puzzles WHERE canonical = ?1", &path);
  exists.doing("cannot look up a canonical form");
  insert = Statement(db,
                     "INSERT INTO puzzles (puzzle, solution, canonical, clues, symmetry, minimal, method, seed, "
                     "seed_index, er, ep, ed, level, hardest, histogram, source_rating, created_at, search_moves, "
                     "dig_order, symmetric_minimal, gid, path, run, shard, rated_by) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, "
                     "?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, sudokit_gid(?3), ?21, ?22, ?23, ?24) "
                     "ON CONFLICT (canonical) DO NOTHING",
                     &path);
  insert.doing("cannot write a batch");
}

// --- writing ------------------------------------------------------------------

const std::string& PuzzleStore::Impl::now_stamp() {
  const std::time_t now = std::time(nullptr);
  if (now != stamp_second) {
    stamp_second = now;
    stamp = utc_timestamp_now();
  }
  return stamp;
}

bool PuzzleStore::Impl::stored_form_exists(const Grid& canonical) {
  write_text(text[2], canonical);
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

void PuzzleStore::Impl::write_queue(WriteTransaction& batch) {
  std::uint64_t added = 0, late_duplicates = 0;
  now_stamp();  // created_at of the rows that have none: the time of this commit
  for (const PuzzleRecord& r : queue) {
    write_text(text[2], r.canonical);
    // Look before inserting: under AUTOINCREMENT an insert that hits the
    // UNIQUE canonical form (ON CONFLICT DO NOTHING) would still use up an
    // id. Inside this write transaction nobody else can add it meanwhile.
    exists.bind_static(1, std::string_view(text[2], 81));
    const bool stored_already = exists.step();
    exists.reset();
    if (stored_already) {
      ++late_duplicates;  // stored before this batch (by us or another writer)
      continue;
    }
    write_text(text[0], r.puzzle);
    write_text(text[1], r.solution);
    insert.bind_static(1, std::string_view(text[0], 81));
    insert.bind_static(2, std::string_view(text[1], 81));
    insert.bind_static(3, std::string_view(text[2], 81));
    insert.bind(4, r.clues);
    if (r.symmetry.empty()) insert.bind_null(5);
    else insert.bind_static(5, r.symmetry);
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
    if (r.level.empty()) insert.bind_null(13);
    else insert.bind_static(13, r.level);
    if (r.hardest.empty()) insert.bind_null(14);
    else insert.bind_static(14, r.hardest);
    if (r.histogram.empty()) insert.bind_null(15);
    else insert.bind_static(15, r.histogram);
    insert.bind_optional(16, r.source_rating);
    insert.bind_static(17, r.created_at.empty() ? stamp : r.created_at);
    if (r.search_moves) insert.bind(18, *r.search_moves);
    else insert.bind_null(18);
    if (r.dig_order.empty()) insert.bind_null(19);
    else insert.bind_static(19, r.dig_order);
    if (r.symmetric_minimal) insert.bind(20, *r.symmetric_minimal ? 1 : 0);
    else insert.bind_null(20);
    if (r.path.empty()) insert.bind_null(21);
    else insert.bind_static(21, r.path);
    if (r.run.empty()) insert.bind_null(22);
    else insert.bind_static(22, r.run);
    if (r.shard.empty()) insert.bind_null(23);
    else insert.bind_static(23, r.shard);
    if (r.rated_by.empty()) insert.bind_null(24);
    else insert.bind_static(24, r.rated_by);
    insert.step();
    if (sqlite3_changes(db) == 0) ++late_duplicates;  // another writer stored it since insert()
    else ++added;
    sqlite3_reset(insert.get());
  }
  batch.commit("cannot commit a batch");
  stored += added;
  duplicates += late_duplicates;
}

// --- PuzzleStore --------------------------------------------------------------

PuzzleStore::PuzzleStore(const std::string& path, const StoreOptions& options) : impl_(std::make_unique<Impl>()) {
  impl_->path = path;
  impl_->options = options;
  if (impl_->options.batch_rows == 0) impl_->options.batch_rows = 1;
  impl_->open();
}

PuzzleStore::~PuzzleStore() {
  if (!impl_) return;
  try {
    flush();
  } catch (const StoreError&) {
    // Documented: call flush() before destruction to see errors.
  }
}

PuzzleStore::PuzzleStore(PuzzleStore&&) noexcept = default;
PuzzleStore& PuzzleStore::operator=(PuzzleStore&&) noexcept = default;

const std::string& PuzzleStore::path() const { return impl_->path; }
int PuzzleStore::opened_version() const { return impl_->opened_version; }
std::uint64_t PuzzleStore::stored() const { return impl_->stored; }
std::uint64_t PuzzleStore::duplicates() const { return impl_->duplicates; }
std::size_t PuzzleStore::queued() const { return impl_->queue.size(); }

Inserted PuzzleStore::insert(const PuzzleRecord& record) { return insert(PuzzleRecord(record)); }

Inserted PuzzleStore::insert(PuzzleRecord&& record) {
  Impl& s = *impl_;
  if (s.read_only) throw StoreError(s.path, "cannot insert: the store was opened for reading");
  assert(!record.method.empty());
  assert(record.clues == record.puzzle.clue_count());
  if (s.queued_forms.contains(record.canonical, s.queue)) {
    ++s.duplicates;
    return Inserted::Duplicate;
  }
  if (s.queue.empty()) s.oldest = Impl::Clock::now();
  s.queue.push_back(std::move(record));
  s.queued_forms.add(s.queue);
  if (s.queue.size() >= s.options.batch_rows) flush();
  else flush_if_due();
  return Inserted::Queued;
}

bool PuzzleStore::flush_if_due() {
  Impl& s = *impl_;
  if (s.queue.empty() || Impl::Clock::now() - s.oldest < s.options.batch_interval) return false;
  flush();
  return true;
}

void PuzzleStore::flush() {
  Impl& s = *impl_;
  if (s.queue.empty()) return;
  WriteTransaction batch(s, "cannot start a batch");
  try {
    s.write_queue(batch);
  } catch (...) {
    // Nothing of this batch reaches the file (the transaction rolls back);
    // it stays queued, so a later flush() (after the disk was freed, the
    // lock released) can retry it.
    sqlite3_reset(s.insert.get());
    throw;
  }
  s.queue.clear();
  s.queued_forms.clear();
}

std::size_t PuzzleStore::discard() {
  Impl& s = *impl_;
  const std::size_t n = s.queue.size();
  s.queue.clear();
  s.queued_forms.clear();
  return n;
}

bool PuzzleStore::contains(const Grid& canonical) {
  Impl& s = *impl_;
  if (s.queued_forms.contains(canonical, s.queue)) return true;
  if (s.read_only) {
    char buf[81];
    write_text(buf, canonical);
    Statement st(s.db, "SELECT 1 FROM puzzles WHERE canonical = ?1", &s.path);
    st.bind_static(1, std::string_view(buf, 81));
    return st.step();
  }
  return s.stored_form_exists(canonical);
}

WriteTransaction::WriteTransaction(PuzzleStore::Impl& store, const char* doing) : store_(store) {
  if (store.read_only) throw StoreError(store.path, std::string(doing) + ": the store was opened for reading");
  store.step_locking(store.begin, doing);
  open_ = true;
}

void WriteTransaction::commit(const char* doing) {
  try {
    store_.step_locking(store_.commit, doing);
  } catch (...) {
    rollback();
    throw;
  }
  open_ = false;
}

void WriteTransaction::rollback() noexcept {
  if (!open_) return;
  open_ = false;
  sqlite3_reset(store_.rollback.get());
  sqlite3_step(store_.rollback.get());
  sqlite3_reset(store_.rollback.get());
}

PuzzleRecord read_row(const Statement& st, const std::string& path) {
  PuzzleRecord r;
  r.id = st.int64(0);
  r.puzzle = parse_column(st.text(1), path, r.id, "puzzle");
  r.solution = parse_column(st.text(2), path, r.id, "solution");
  r.canonical = parse_column(st.text(3), path, r.id, "canonical");
  r.clues = static_cast<int>(st.int64(4));
  r.symmetry = st.text(5);
  if (!st.is_null(6)) r.minimal = st.int64(6) != 0;
  r.method = st.text(7);
  if (!st.is_null(8)) r.seed = static_cast<std::uint64_t>(st.int64(8));
  if (!st.is_null(9)) r.index = static_cast<std::uint64_t>(st.int64(9));
  r.er = st.opt_real(10);
  r.ep = st.opt_real(11);
  r.ed = st.opt_real(12);
  r.level = st.text(13);
  r.hardest = st.text(14);
  r.histogram = st.text(15);
  r.source_rating = st.opt_real(16);
  r.created_at = st.text(17);
  if (!st.is_null(18)) r.search_moves = static_cast<int>(st.int64(18));
  r.dig_order = st.text(19);
  if (!st.is_null(20)) r.symmetric_minimal = st.int64(20) != 0;
  r.path = st.text(21);
  r.run = st.text(22);
  r.shard = st.text(23);
  r.rated_by = st.text(24);
  return r;
}

}  // namespace sudokit::db
