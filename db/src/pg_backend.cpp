// The PostgreSQL back-end of the store (sql.hpp), over libpq: a store shared
// by many processes on many machines.
//
// Schema: created whole, at the current version, by the first writer that
// finds the database without it (under the write lock below, so two first
// writers cannot both create it); the table `sudokit_meta` says whose tables
// these are and at which schema version. The columns are those of the SQLite
// schema (schema.hpp), with PostgreSQL's types, and text compared bytewise
// (COLLATE "C", as SQLite does): the same queries return the same rows in
// the same order.
//
// Writing: one writer at a time, like SQLite. A write transaction takes a
// transaction-scoped advisory lock, so batches, daily schedules and used
// marks of concurrent processes never interleave; the lock goes with the
// transaction's end, also when the process dies or the connection drops. It
// is tried (pg_try_advisory_xact_lock) again and again, with pauses growing
// from 1 to 50 ms, until the store's busy_timeout, as SQLite's busy handler
// does, rather than waited for inside the server: every try is answered at
// once, so a server that stops answering during a lock wait is found as
// soon as anywhere else (below), and a lock held by another writer is never
// mistaken for a hung server. A
// batch is copied into a temporary table (COPY) and inserted from there in
// queue order, leaving out forms the table holds (ON CONFLICT DO NOTHING
// covers any other writer): no id is spent on a duplicate.
//
// Durability is the server's: a committed batch survives the client being
// killed; a batch interrupted by a lost connection is rolled back by the
// server and stays queued in the client, which reports the error.
//
// Reading: statements fetch their whole result, except the row walk of
// for_each, which reads through a cursor 1,000 rows at a time.
//
// Never waiting without end: a server that stops answering (a hung backend,
// a stopped machine, a network black hole) must not hold a writer forever
// with nothing said. Every statement is sent and its answer awaited
// without blocking (libpq's non-blocking mode, poll on its socket): after
// StoreOptions::stall_notice without an answer on_stall is told (and again
// at each doubling of the wait), and after server_timeout the connection
// is closed and StoreError thrown (every later call says so at once); the
// transaction in flight is the server's to roll back, so the rerun finds
// exactly the committed batches. The server's own statement_timeout (the
// same limit, set in each transaction), TCP keepalives and tcp_user_timeout
// end what the server or the kernel can end first; connect_timeout bounds
// the connection.
//
// Poolers (PgBouncer in transaction pooling): consecutive transactions of
// one client may run on different server connections, and what one client
// leaves in a session stays for the next client of that connection. So
// nothing here lives longer than a transaction: the lock is transaction-
// scoped (pg_try_advisory_xact_lock; a failed try ends its transaction, so a
// writer waiting for the lock holds no server connection), every
// transaction sets its own lock_timeout and statement_timeout (SET LOCAL),
// a store opened for reading reads in READ ONLY transactions (never by
// default_transaction_read_only), the batch table is created in the write
// transaction and dropped at its end, and cursors live in a transaction.
// No named prepared statement, no LISTEN, no session advisory lock.
//
// Credentials: the location's passwords (or PGPASSWORD, ~/.pgpass, which
// libpq reads itself) are never shown: the store's name is the redacted
// location (location.hpp), and every server or libpq message is cleaned of
// every spelling of them before it is thrown.
#include <dlfcn.h>
#include <libpq-fe.h>
#include <poll.h>

#include <array>
#include <cassert>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <thread>

#include "sql.hpp"
#include "sudokit/db/location.hpp"
#include "sudokit/solver/global_id.hpp"

namespace sudokit::db::detail {

namespace {

// --- libpq, loaded on first use ----------------------------------------------
// The program does not link libpq: it is loaded (dlopen) when the first
// PostgreSQL store is opened. Linked, libpq and the libraries it brings
// (TLS, Kerberos, LDAP, ...) would be loaded and relocated at every start
// of every command, also the many that never touch PostgreSQL: 5 ms of the
// `sudokit` command's 12 ms start (docs/BENCHMARKS.md). The functions are those of
// libpq-fe.h (same names and types, checked by decltype); SUDOKIT_LIBPQ
// names another file to load (tests; a libpq outside the loader's path).
#define SUDOKIT_LIBPQ_FUNCTIONS(X)                                                                        \
  X(PQclear) X(PQcmdStatus) X(PQcmdTuples) X(PQconnectdbParams) X(PQconninfoFree) X(PQconninfoParse)         \
  X(PQerrorMessage) X(PQfinish) X(PQfreemem) X(PQgetResult) X(PQgetisnull)                                   \
  X(PQgetlength) X(PQgetvalue) X(PQntuples) X(PQputCopyData) X(PQputCopyEnd) X(PQresultErrorField) X(PQresultErrorMessage) X(PQresultStatus) X(PQsetNoticeProcessor)   \
  X(PQstatus) X(PQtransactionStatus) X(PQsendQuery) X(PQsendQueryParams) X(PQconsumeInput) X(PQisBusy)        \
  X(PQsocket) X(PQflush) X(PQsetnonblocking)

struct LibPq {
#define SUDOKIT_LIBPQ_MEMBER(name) decltype(&::name) name = nullptr;
  SUDOKIT_LIBPQ_FUNCTIONS(SUDOKIT_LIBPQ_MEMBER)
#undef SUDOKIT_LIBPQ_MEMBER
  std::string error;  // why it could not be loaded; empty when loaded
};

/// The default library, by its soname (Debian's libpq5).
constexpr const char* kLibPq = "libpq.so.5";

/// Loads libpq once per process (thread-safe); never unloaded.
const LibPq& load_libpq() {
  static const LibPq lib = [] {
    LibPq l;
    const char* env = std::getenv("SUDOKIT_LIBPQ");
    const std::string file = env != nullptr && *env != '\0' ? env : kLibPq;
    void* handle = dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) {
      const char* why = dlerror();
      l.error = "the PostgreSQL client library (" + file + ") cannot be loaded: " + (why != nullptr ? why : "unknown error");
      return l;
    }
    const char* missing = nullptr;
#define SUDOKIT_LIBPQ_LOAD(name)                                      \
  l.name = reinterpret_cast<decltype(&::name)>(dlsym(handle, #name)); \
  if (l.name == nullptr && missing == nullptr) missing = #name;
    SUDOKIT_LIBPQ_FUNCTIONS(SUDOKIT_LIBPQ_LOAD)
#undef SUDOKIT_LIBPQ_LOAD
    if (missing != nullptr) l.error = "the PostgreSQL client library (" + file + ") has no " + missing;
    return l;
  }();
  return lib;
}

/// libpq's functions; only after a connection was opened (PgConnection::open
/// checks that the library loaded).
const LibPq& pq() {
  const LibPq& l = load_libpq();
  assert(l.error.empty() && "libpq is used only after PgConnection::open loaded it");
  return l;
}

/// The advisory lock every write transaction takes (key "SUDK"): tried, not
/// waited for in the server (see begin_write).
constexpr const char* kTryWriteLock = "SELECT pg_try_advisory_xact_lock(1398097227)";
/// The pause between two tries grows from 1 ms to this.
constexpr std::chrono::milliseconds kLockPause{50};

/// TCP keepalives (libpq's keepalives_*): a peer that vanished (a network
/// black hole, a machine gone) is found dead after 10 + 3 x 5 s of silence
/// on an idle connection, whatever the store's server_timeout.
constexpr const char* kKeepalivesIdle = "10";
constexpr const char* kKeepalivesInterval = "5";
constexpr const char* kKeepalivesCount = "3";
/// connect_timeout when the store has no server_timeout shorter than it.
constexpr long long kConnectTimeout = 10;

/// The schema version this back-end writes (the same number as SQLite's:
/// the same columns).
constexpr int kPgSchema = kSchemaVersion;

constexpr const char* kCreateSchema = R"sql(
CREATE TABLE sudokit_meta (
  key    TEXT COLLATE "C" PRIMARY KEY,
  value  TEXT NOT NULL
);
CREATE TABLE puzzles (
  id                 BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
  puzzle             TEXT COLLATE "C" NOT NULL CHECK (length(puzzle) = 81),
  solution           TEXT COLLATE "C" NOT NULL CHECK (length(solution) = 81),
  canonical          TEXT COLLATE "C" NOT NULL UNIQUE CHECK (length(canonical) = 81),
  clues              INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 81),
  symmetry           TEXT COLLATE "C",
  minimal            INTEGER CHECK (minimal IN (0, 1)),
  method             TEXT COLLATE "C" NOT NULL,
  seed               BIGINT,
  seed_index         BIGINT,
  er                 DOUBLE PRECISION,
  ep                 DOUBLE PRECISION,
  ed                 DOUBLE PRECISION,
  level              TEXT COLLATE "C",
  hardest            TEXT COLLATE "C",
  histogram          TEXT COLLATE "C",
  created_at         TEXT COLLATE "C" NOT NULL,
  source_rating      DOUBLE PRECISION,
  search_moves       INTEGER,
  dig_order          TEXT COLLATE "C",
  symmetric_minimal  INTEGER CHECK (symmetric_minimal IN (0, 1)),
  gid                TEXT COLLATE "C" NOT NULL CHECK (length(gid) = 16),
  path               TEXT COLLATE "C",
  run                TEXT COLLATE "C",
  shard              TEXT COLLATE "C",
  rated_by           TEXT COLLATE "C",
  origin             TEXT COLLATE "C"
);
CREATE INDEX puzzles_level_er ON puzzles (level, er);
CREATE INDEX puzzles_clues ON puzzles (clues);
CREATE INDEX puzzles_level ON puzzles (level, id);
CREATE INDEX puzzles_run ON puzzles (run, seed_index) WHERE run IS NOT NULL;
CREATE TABLE daily (
  date       TEXT COLLATE "C" NOT NULL,
  level      TEXT COLLATE "C" NOT NULL,
  puzzle_id  BIGINT NOT NULL REFERENCES puzzles (id),
  PRIMARY KEY (date, level)
);
CREATE INDEX daily_puzzle ON daily (puzzle_id);
CREATE TABLE used (
  canonical  TEXT COLLATE "C" NOT NULL PRIMARY KEY CHECK (length(canonical) = 81),
  puzzle_id  BIGINT NOT NULL,
  kind       TEXT COLLATE "C" NOT NULL,
  label      TEXT COLLATE "C" NOT NULL,
  used_at    TEXT COLLATE "C" NOT NULL
);
CREATE INDEX used_puzzle ON used (puzzle_id);
-- sudokit_mix(id, seed): SQLite's sudokit_mix (solver/bits.hpp mix64 of the
-- seed, xor id, mixed again), so a seeded random order is the same in both
-- stores. Unsigned 64-bit arithmetic wraps through numeric.
CREATE FUNCTION sudokit_u64(x bigint) RETURNS numeric LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
  $$ SELECT CASE WHEN x < 0 THEN x::numeric + 18446744073709551616 ELSE x::numeric END $$;
CREATE FUNCTION sudokit_wrap(n numeric) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
  $$ SELECT (CASE WHEN m >= 9223372036854775808 THEN m - 18446744073709551616 ELSE m END)::bigint
     FROM (SELECT mod(n, 18446744073709551616) AS m) AS t $$;
CREATE FUNCTION sudokit_shr(x bigint, n integer) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
  $$ SELECT (x::bit(64) >> n)::bigint $$;
CREATE FUNCTION sudokit_mix64(z bigint) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
  $$ SELECT b # sudokit_shr(b, 31)
     FROM (SELECT sudokit_wrap(sudokit_u64(a # sudokit_shr(a, 27)) * 10723151780598845931) AS b
           FROM (SELECT sudokit_wrap(sudokit_u64(z # sudokit_shr(z, 30)) * 13787848793156543929) AS a) AS s1) AS s2 $$;
CREATE FUNCTION sudokit_mix(id bigint, seed bigint) RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
  $$ SELECT sudokit_mix64(sudokit_mix64(sudokit_wrap(sudokit_u64(seed) + 11400714819323198485)) # id) $$;
)sql";

/// Version 13's table (schema.hpp): made by its migration, and after
/// kCreateSchema in a new store.
constexpr const char* kPgRunsTable = R"sql(CREATE TABLE runs (
  run         TEXT COLLATE "C" NOT NULL,
  shard       TEXT COLLATE "C" NOT NULL,
  count       BIGINT NOT NULL CHECK (count >= 0),
  seed        BIGINT NOT NULL,
  options     TEXT COLLATE "C" NOT NULL,
  started_at  TEXT COLLATE "C" NOT NULL,
  PRIMARY KEY (run, shard)
))sql";

/// Version 14's change (schema.hpp: variants): the geometry column, the
/// length checks of a variant's cells instead of 81, the index of the
/// variants' rows; made by its migration, and after kPgRunsTable in a new
/// store. The checks are named by PostgreSQL's rule (TABLE_COLUMN_check).
constexpr const char* kPgGeometry = R"sql(
ALTER TABLE puzzles ADD COLUMN geometry TEXT COLLATE "C";
ALTER TABLE puzzles DROP CONSTRAINT puzzles_puzzle_check, DROP CONSTRAINT puzzles_solution_check,
  DROP CONSTRAINT puzzles_canonical_check, DROP CONSTRAINT puzzles_clues_check, DROP CONSTRAINT puzzles_gid_check,
  ADD CONSTRAINT puzzles_clues_check CHECK (clues BETWEEN 0 AND 625),
  ADD CONSTRAINT puzzles_cells_check CHECK (CASE WHEN geometry IS NULL
    THEN length(puzzle) = 81 AND length(solution) = 81 AND length(canonical) = 81 AND length(gid) = 16
    ELSE length(puzzle) BETWEEN 16 AND 625 AND length(solution) = length(puzzle)
         AND length(canonical) = length(geometry) + 1 + length(puzzle) AND length(gid) = 17 END);
ALTER TABLE used DROP CONSTRAINT used_canonical_check;
CREATE INDEX puzzles_geometry ON puzzles (geometry, id) WHERE geometry IS NOT NULL;
)sql";

/// The first schema version PostgreSQL stores had (the columns of SQLite's
/// version 11); kPgMigrations[v - kFirstPgSchema] takes a store from v to
/// v + 1, as SQLite's kMigrations do (the same columns in both).
constexpr int kFirstPgSchema = 11;
constexpr std::array<const char*, kPgSchema - kFirstPgSchema> kPgMigrations = {
    // v11 -> v12: origin, the seed a seeded search started from (schema.hpp).
    R"sql(ALTER TABLE puzzles ADD COLUMN origin TEXT COLLATE "C")sql",
    // v12 -> v13: the generate runs and their targets (schema.hpp).
    kPgRunsTable,
    // v13 -> v14: variants (schema.hpp).
    kPgGeometry,
};

/// The batch's rows on their way to `puzzles` (write_rows): created in the
/// write transaction and dropped with its end, so that no table outlives it
/// on a server connection a pooler hands on (emptied for a second batch of
/// the same transaction).
constexpr const char* kBatchTable = R"sql(
CREATE TEMPORARY TABLE IF NOT EXISTS sudokit_batch (
  ord bigint, puzzle text, solution text, canonical text, clues integer, symmetry text, minimal integer,
  method text, seed bigint, seed_index bigint, er double precision, ep double precision, ed double precision,
  level text, hardest text, histogram text, source_rating double precision, created_at text, search_moves integer,
  dig_order text, symmetric_minimal integer, gid text, path text, run text, shard text, rated_by text, origin text,
  geometry text
) ON COMMIT DROP;
TRUNCATE sudokit_batch
)sql";

constexpr const char* kBatchColumns =
    "puzzle, solution, canonical, clues, symmetry, minimal, method, seed, seed_index, er, ep, ed, level, hardest, "
    "histogram, source_rating, created_at, search_moves, dig_order, symmetric_minimal, gid, path, run, shard, rated_by, "
    "origin, geometry";

/// SQLite's parameters as PostgreSQL's: ?N -> $N, a bare ? -> the next
/// number after the highest so far (SQLite's rule). Quoted text is left alone.
std::string renumber(std::string_view sql) {
  std::string out;
  out.reserve(sql.size() + 8);
  int highest = 0;
  char quote = 0;
  for (std::size_t i = 0; i < sql.size(); ++i) {
    const char c = sql[i];
    if (quote != 0) {
      out += c;
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      out += c;
      continue;
    }
    if (c != '?') {
      out += c;
      continue;
    }
    std::size_t j = i + 1;
    int n = 0;
    while (j < sql.size() && sql[j] >= '0' && sql[j] <= '9') n = n * 10 + (sql[j++] - '0');
    if (j == i + 1) n = highest + 1;
    if (n > highest) highest = n;
    out += '$';
    out += std::to_string(n);
    i = j - 1;
  }
  return out;
}

std::string first_line(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  if (const auto nl = text.find('\n'); nl != std::string::npos) text.resize(nl);
  // "ERROR:  relation ..." -> "relation ...": the StoreError already says it failed.
  for (const char* prefix : {"ERROR:  ", "FATAL:  "})
    if (text.rfind(prefix, 0) == 0) text.erase(0, std::strlen(prefix));
  // The server's "FATAL:  reason" inside libpq's "connection ... failed: ".
  for (std::size_t at; (at = text.find(":  ")) != std::string::npos;) text.erase(at + 1, 1);
  return text;
}

/// "2 s", "3.5 s", "0.5 s": a wait in seconds, to a tenth.
std::string seconds_text(std::chrono::milliseconds ms) {
  char text[32];
  const double s = static_cast<double>(ms.count()) / 1000;
  std::snprintf(text, sizeof text, ms.count() % 1000 == 0 ? "%.0f s" : "%.1f s", s);
  return text;
}

void ignore_notice(void*, const char*) {}

class PgConnection;

class PgStatement final : public StatementBackend {
 public:
  PgStatement(PgConnection& c, std::string_view sql, bool cursor) : c_(c), sql_(renumber(sql)), cursor_(cursor) {}
  ~PgStatement() override { finish(); }

  void bind_int64(int i, std::int64_t v) override { param(i) = std::to_string(v); }
  void bind_double(int i, double v) override {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    param(i) = buf;
  }
  void bind_null(int i) override { param(i).reset(); }
  void bind_text(int i, std::string_view v, bool) override { param(i) = std::string(v); }
  bool step(bool* busy) override;
  void reset() override {
    finish();
    params_.clear();
  }
  bool is_null(int col) const override { return pq().PQgetisnull(res_, row_, col) != 0; }
  std::int64_t int64(int col) const override { return std::strtoll(pq().PQgetvalue(res_, row_, col), nullptr, 10); }
  double real(int col) const override { return std::strtod(pq().PQgetvalue(res_, row_, col), nullptr); }
  std::string_view text(int col) const override {
    if (is_null(col)) return {};
    return {pq().PQgetvalue(res_, row_, col), static_cast<std::size_t>(pq().PQgetlength(res_, row_, col))};
  }
  std::uint64_t changes() const override { return changes_; }
  void doing(const char* what) override { doing_ = what; }

 private:
  std::optional<std::string>& param(int i) {
    if (params_.size() < static_cast<std::size_t>(i)) params_.resize(static_cast<std::size_t>(i));
    return params_[static_cast<std::size_t>(i) - 1];
  }
  std::string what() const { return doing_ != nullptr ? doing_ : "cannot run `" + sql_.substr(0, 60) + "`"; }
  void run();
  void fetch();
  void finish() noexcept;

  PgConnection& c_;
  std::string sql_;
  bool cursor_;  // read through a cursor (for_each) rather than all at once
  std::vector<std::optional<std::string>> params_;
  PGresult* res_ = nullptr;
  int row_ = -1, rows_ = 0;
  bool running_ = false;      // executed, rows not all read
  bool cursor_open_ = false;
  bool own_transaction_ = false;  // the cursor's read transaction, ours to end
  std::string cursor_name_;
  std::uint64_t changes_ = 0;
  const char* doing_ = nullptr;
};

class PgConnection final : public Connection {
 public:
  PgConnection(const std::string& uri, const StoreOptions& options)
      : name_(redact_location(uri)), secrets_(location_secrets(uri)), options_(options) {
    try {
      open(uri);
    } catch (...) {
      if (conn_ != nullptr) pq().PQfinish(conn_);  // the destructor does not run for a constructor that throws
      conn_ = nullptr;
      throw;
    }
  }
  ~PgConnection() override {
    if (conn_ != nullptr) pq().PQfinish(conn_);
  }

  Dialect dialect() const override { return Dialect::Postgres; }
  const std::string& name() const override { return name_; }
  bool read_only() const override { return read_only_; }
  int opened_version() const override { return opened_version_; }
  Statement prepare(std::string_view sql) override {
    return Statement(std::make_unique<PgStatement>(*this, sql, false));
  }
  Statement prepare_cursor(std::string_view sql) override {
    return Statement(std::make_unique<PgStatement>(*this, sql, true));
  }
  void exec(const char* sql, const char* doing) override { pq().PQclear(checked(query(sql, nullptr, doing), doing)); }

  void begin_write(const char* doing) override {
    if (read_only_) throw StoreError(name_, std::string(doing) + ": the store was opened for reading");
    try {
      const auto start = std::chrono::steady_clock::now();
      auto pause = std::chrono::milliseconds(1);
      // Reported before giving up, also with a busy_timeout shorter than the notice.
      auto notice = std::max(std::chrono::milliseconds(1), std::min(options_.stall_notice, options_.busy_timeout / 2));
      // Each try in one round trip: BEGIN, the settings, the lock. A try
      // that fails ends its transaction at once, so a writer waiting for the
      // lock holds no server connection a pooler could give another client.
      const std::string sql = "BEGIN; " + local_settings_ + "; " + kTryWriteLock;
      for (;;) {
        PGresult* r = checked(query(sql.c_str(), nullptr, doing), doing);
        const bool locked = pq().PQntuples(r) == 1 && pq().PQgetvalue(r, 0, 0)[0] == 't';
        pq().PQclear(r);
        if (locked) return;
        rollback();
        const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
        if (waited >= options_.busy_timeout)
          throw StoreError(name_, std::string(doing) + ": database is locked (another process held it for more than " +
                                      std::to_string(options_.busy_timeout.count()) + " ms)");
        if (waited >= notice) {
          if (options_.on_stall)
            options_.on_stall(name_ + ": " + doing + ": waiting for the write lock for " + seconds_text(waited / 100 * 100) +
                              " (another writer holds it); giving up after " + seconds_text(options_.busy_timeout));
          notice *= 2;
        }
        std::this_thread::sleep_for(std::min(pause, options_.busy_timeout - waited));
        pause = std::min(kLockPause, pause * 2);
      }
    } catch (...) {
      rollback();
      throw;
    }
  }
  void commit(const char* doing) override {
    PGresult* r = checked(query("COMMIT", nullptr, doing), doing);
    // A transaction that failed earlier "commits" as ROLLBACK.
    const bool committed = std::strcmp(pq().PQcmdStatus(r), "COMMIT") == 0;
    pq().PQclear(r);
    if (!committed) throw StoreError(name_, std::string(doing) + ": the transaction was rolled back");
  }
  void rollback() noexcept override {
    if (conn_ == nullptr || pq().PQtransactionStatus(conn_) == PQTRANS_IDLE) return;
    try {
      pq().PQclear(query("ROLLBACK", nullptr, "cannot roll back"));
    } catch (const StoreError&) {
      // The connection is gone (closed after a timeout, or lost): the
      // server rolls the transaction back itself.
    }
  }
  // Inside a transaction already (a write transaction of the caller), reads
  // are part of it: neither started nor ended here.
  void begin_read() override {
    if (in_transaction()) {
      ++reads_in_caller_transaction_;
      return;
    }
    exec(("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY; " + local_settings_).c_str(), "cannot start reading");
  }
  void end_read() noexcept override {
    if (reads_in_caller_transaction_ > 0) --reads_in_caller_transaction_;
    else rollback();
  }
  std::uint64_t write_rows(const std::vector<PuzzleRecord>& rows, const std::string& stamp) override;
  bool stored_form_exists(const Grid& canonical) override {
    char text[81];
    write_text(text, canonical);
    Statement st = prepare("SELECT 1 FROM puzzles WHERE canonical = ?1");
    st.doing("cannot look up a canonical form");
    st.bind_static(1, std::string_view(text, 81));
    return st.step();
  }

  PGconn* handle() const { return conn_; }
  bool in_transaction() const { return conn_ != nullptr && pq().PQtransactionStatus(conn_) != PQTRANS_IDLE; }

  /// Sends `sql` (with `values` as its parameters, when given: one
  /// statement; without, several may be separated by semicolons) and waits
  /// for the answer as the header says (stall reports, giving up). Returns
  /// the first failed result, else the last one, or a COPY IN result at
  /// once (the caller sends the data: put_copy); null when there was none.
  PGresult* query(const char* sql, const std::vector<const char*>* values, const std::string& doing);
  /// Sends `n` bytes of COPY data, or (data == nullptr) ends the COPY, and
  /// returns the COPY's final result (for the end only).
  PGresult* put_copy(const char* data, std::size_t n, const std::string& doing);
  std::string next_cursor_name() { return "sudokit_cursor_" + std::to_string(++cursors_); }

  /// Throws StoreError for a failed result (cleared), else returns it (the
  /// caller clears it).
  PGresult* checked(PGresult* r, const std::string& doing) {
    const ExecStatusType status = r != nullptr ? pq().PQresultStatus(r) : PGRES_FATAL_ERROR;
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_COPY_IN) return r;
    fail(r, doing);
  }
  [[noreturn]] void fail(PGresult* r, const std::string& doing) {
    if (conn_ == nullptr) throw StoreError(name_, doing + ": " + closed_);
    const char* state = r != nullptr ? pq().PQresultErrorField(r, PG_DIAG_SQLSTATE) : nullptr;
    std::string reason = first_line(r != nullptr ? pq().PQresultErrorMessage(r) : pq().PQerrorMessage(conn_));
    if (reason.empty()) reason = first_line(pq().PQerrorMessage(conn_));
    const bool locked = state != nullptr && std::strcmp(state, "55P03") == 0;
    pq().PQclear(r);
    if (locked)
      throw StoreError(name_, doing + ": database is locked (another process held it for more than " +
                                  std::to_string(options_.busy_timeout.count()) + " ms)");
    if (pq().PQstatus(conn_) == CONNECTION_BAD) reason = "the connection to the server was lost: " + reason;
    throw StoreError(name_, redact_text(doing + ": " + reason, secrets_));
  }

 private:
  void open(const std::string& uri);
  void create_schema();


  /// One wait for the server: the deadline, the next stall report.
  class Waiter {
   public:
    Waiter(PgConnection& c, const std::string& doing);
    /// Until the socket is readable (or also writable, `write`): reports
    /// stalls, gives up at the deadline.
    void until_ready(bool write);

   private:
    PgConnection& c_;
    const std::string& doing_;
    std::chrono::steady_clock::time_point start_, deadline_, notice_;
    std::chrono::milliseconds limit_{0}, next_notice_{0};
  };
  /// Sends what libpq holds (non-blocking mode), waiting while the socket is full.
  void flush_out(Waiter& waiter, const std::string& doing);
  /// The results of the statement sent (see query()).
  PGresult* collect(Waiter& waiter, const std::string& doing);
  /// Closes the connection after `waited` without an answer and throws.
  [[noreturn]] void give_up(const std::string& doing, std::chrono::milliseconds waited);
  std::string closed_;  // why conn_ is null after being open (give_up)

  std::string name_;
  std::vector<std::string> secrets_;  // location_secrets: cleaned out of every message
  StoreOptions options_;
  /// The server-side limits every transaction of ours sets for itself (SET
  /// LOCAL: see "Poolers" in the header).
  std::string local_settings_;
  PGconn* conn_ = nullptr;
  bool read_only_ = false;
  int opened_version_ = 0;
  std::uint64_t cursors_ = 0;
  int reads_in_caller_transaction_ = 0;
};

void PgStatement::run() {
  std::vector<const char*> values(params_.size());
  for (std::size_t i = 0; i < params_.size(); ++i) values[i] = params_[i] ? params_[i]->c_str() : nullptr;
  if (!cursor_) {
    // A store opened for reading reads in READ ONLY transactions only (a
    // statement of its own outside one gets one), never by a session
    // setting, which a pooler would hand on to its next client.
    const bool own_read = c_.read_only() && !c_.in_transaction();
    if (own_read) c_.begin_read();
    try {
      res_ = c_.checked(c_.query(sql_.c_str(), &values, what()), what());
    } catch (...) {
      if (own_read) c_.end_read();
      throw;
    }
    if (own_read) c_.end_read();
    rows_ = pq().PQntuples(res_);
    const char* tuples = pq().PQcmdTuples(res_);
    changes_ = tuples[0] != '\0' ? std::strtoull(tuples, nullptr, 10) : 0;
    return;
  }
  // A cursor lives in a transaction: the caller's, or a read transaction of its own.
  if (!c_.in_transaction()) {
    c_.begin_read();
    own_transaction_ = true;
  }
  cursor_name_ = c_.next_cursor_name();
  const std::string declare = "DECLARE " + cursor_name_ + " NO SCROLL CURSOR FOR " + sql_;
  pq().PQclear(c_.checked(c_.query(declare.c_str(), &values, what()), what()));
  cursor_open_ = true;
  fetch();
}

void PgStatement::fetch() {
  if (res_ != nullptr) pq().PQclear(res_);
  res_ = nullptr;
  const std::string sql = "FETCH FORWARD 1000 FROM " + cursor_name_;
  res_ = c_.checked(c_.query(sql.c_str(), nullptr, what()), what());
  rows_ = pq().PQntuples(res_);
  row_ = -1;
}

bool PgStatement::step(bool*) {
  try {
    if (!running_) {
      finish();
      run();
      running_ = true;
      row_ = -1;
    }
    if (++row_ < rows_) return true;
    if (cursor_ && rows_ != 0) {
      fetch();
      if (++row_ < rows_) return true;
    }
  } catch (...) {
    finish();
    throw;
  }
  // Done: like SQLite, the next step() runs the statement again.
  finish();
  return false;
}

void PgStatement::finish() noexcept {
  running_ = false;
  if (res_ != nullptr) pq().PQclear(res_);
  res_ = nullptr;
  rows_ = 0;
  row_ = -1;
  if (cursor_open_) {
    cursor_open_ = false;
    const std::string close = "CLOSE " + cursor_name_;
    if (c_.handle() != nullptr && pq().PQtransactionStatus(c_.handle()) == PQTRANS_INTRANS) {
      try {
        pq().PQclear(c_.query(close.c_str(), nullptr, "cannot close a cursor"));
      } catch (const StoreError&) {
        // The connection is gone: the cursor with it.
      }
    }
  }
  if (own_transaction_) {
    own_transaction_ = false;
    c_.end_read();
  }
}

void PgConnection::open(const std::string& uri) {
  // Defaults first: what the URI itself says overrides them.
  const long long timeout_ms = options_.server_timeout.count();
  const std::string connect_timeout =
      std::to_string(timeout_ms > 0 ? std::max(2LL, std::min(kConnectTimeout, (timeout_ms + 999) / 1000)) : kConnectTimeout);
  const std::string user_timeout = std::to_string(std::max(0LL, timeout_ms));
  const char* keys[] = {"fallback_application_name", "connect_timeout", "client_encoding", "keepalives",
                        "keepalives_idle", "keepalives_interval", "keepalives_count", "tcp_user_timeout", "dbname",
                        nullptr};
  const char* values[] = {"sudokit", connect_timeout.c_str(), "UTF8", "1", kKeepalivesIdle, kKeepalivesInterval,
                          kKeepalivesCount, user_timeout.c_str(), uri.c_str(), nullptr};
  if (const std::string& error = load_libpq().error; !error.empty()) throw StoreError(name_, "cannot connect: " + error);
  conn_ = pq().PQconnectdbParams(keys, values, 1);
  if (conn_ == nullptr) throw StoreError(name_, "cannot connect: out of memory");
  if (pq().PQstatus(conn_) != CONNECTION_OK)
    throw StoreError(name_, redact_text("cannot connect: " + first_line(pq().PQerrorMessage(conn_)), secrets_));
  pq().PQsetNoticeProcessor(conn_, ignore_notice, nullptr);
  if (pq().PQsetnonblocking(conn_, 1) != 0) fail(nullptr, "cannot configure the session");
  // lock_timeout 0 would wait forever; --busy-timeout 0 means "give up at once".
  const auto wait = std::max<long long>(1, static_cast<long long>(options_.busy_timeout.count()));
  local_settings_ = "SET LOCAL lock_timeout = " + std::to_string(wait) + "; SET LOCAL statement_timeout = " +
                    std::to_string(std::max<long long>(0, options_.server_timeout.count()));

  // Whose tables are these, at which version? One query for all tables, so
  // that a store another process creates meanwhile (all its tables in one
  // transaction) is seen whole or not at all; read from pg_tables, not with
  // to_regclass, whose catalog cache may not yet know of a table another
  // session created while we waited for the lock.
  struct Found {
    std::optional<int> version;  // sudokit_meta's schema_version, when it has one
    std::string foreign;         // a table of ours in a database without sudokit_meta
  };
  const auto inspect = [&]() {
    Found found;
    PGresult* r = checked(query(
                                 "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND "
                                 "tablename IN ('sudokit_meta', 'daily', 'puzzles', 'used') ORDER BY tablename",
                              nullptr, "cannot read the schema"),
                          "cannot read the schema");
    bool has_meta = false;
    for (int i = 0; i < pq().PQntuples(r); ++i) {
      const std::string table = pq().PQgetvalue(r, i, 0);
      if (table == "sudokit_meta") has_meta = true;
      else if (found.foreign.empty()) found.foreign = table;
    }
    pq().PQclear(r);
    if (!has_meta) return found;
    found.foreign.clear();
    r = checked(query("SELECT value FROM sudokit_meta WHERE key = 'schema_version'", nullptr, "cannot read the schema"),
                "cannot read the schema");
    found.version = pq().PQntuples(r) == 1 ? std::atoi(pq().PQgetvalue(r, 0, 0)) : 0;
    pq().PQclear(r);
    return found;
  };
  auto refuse_foreign = [&](const Found& found) {
    if (!found.foreign.empty())
      throw StoreError(name_, "not a sudokit store: it has a table `" + found.foreign +
                                  "` but no sudokit schema (no table sudokit_meta); it was left unchanged");
  };

  Found found = inspect();
  if (!found.version) {
    refuse_foreign(found);
    if (options_.mode == OpenMode::Read)
      throw StoreError(name_, "not a sudokit store (the database has no sudokit schema; fill it with `sudokit "
                              "generate --db URI` or `sudokit db import --db URI`)");
    // Created under the write lock: another first writer waits, then finds it.
    begin_write("cannot create the schema");
    try {
      found = inspect();
      refuse_foreign(found);
      if (!found.version) {
        exec(kCreateSchema, "cannot create the schema");
        exec(kPgRunsTable, "cannot create the schema");
        exec(kPgGeometry, "cannot create the schema");
        exec(("INSERT INTO sudokit_meta (key, value) VALUES ('application', 'sudokit'), ('schema_version', '" +
              std::to_string(kPgSchema) + "')")
                 .c_str(),
             "cannot create the schema");
      }
      commit("cannot commit the schema");
    } catch (...) {
      rollback();
      throw;
    }
  }
  int version = found.version.value_or(0);
  if (version > kPgSchema)
    throw StoreError(name_, "schema version " + std::to_string(version) + " is newer than this sudokit understands (" +
                                std::to_string(kPgSchema) + "); use a newer sudokit");
  if (found.version && version < kFirstPgSchema)
    throw StoreError(name_, "schema version " + std::to_string(version) + " is not one this sudokit can migrate");
  opened_version_ = version;  // as found, before migrating (store.hpp: opened_version)
  if (found.version && version < kPgSchema) {
    // Forward migrations, under the write lock: another writer that got
    // there first leaves the version at kPgSchema, and this one does nothing.
    begin_write("cannot migrate the schema");
    try {
      found = inspect();
      for (version = found.version.value_or(0); version < kPgSchema; ++version)
        exec(kPgMigrations[static_cast<std::size_t>(version - kFirstPgSchema)], "cannot migrate the schema");
      exec(("UPDATE sudokit_meta SET value = '" + std::to_string(kPgSchema) + "' WHERE key = 'schema_version'").c_str(),
           "cannot migrate the schema");
      commit("cannot commit the migration");
    } catch (...) {
      rollback();
      throw;
    }
  }
  read_only_ = options_.mode == OpenMode::Read;
}

PgConnection::Waiter::Waiter(PgConnection& c, const std::string& doing)
    : c_(c), doing_(doing), start_(std::chrono::steady_clock::now()) {
  const StoreOptions& o = c.options_;
  limit_ = o.server_timeout;
  deadline_ = start_ + limit_;
  // Reported before giving up, also with a limit shorter than the notice.
  next_notice_ = std::max(std::chrono::milliseconds(1), limit_.count() > 0 ? std::min(o.stall_notice, limit_ / 2) : o.stall_notice);
  notice_ = start_ + next_notice_;
}

void PgConnection::Waiter::until_ready(bool write) {
  using namespace std::chrono;
  for (;;) {
    const auto now = steady_clock::now();
    if (limit_.count() > 0 && now >= deadline_) c_.give_up(doing_, duration_cast<milliseconds>(now - start_));
    if (now >= notice_) {
      if (c_.options_.on_stall) {
        const std::string waited = seconds_text(duration_cast<milliseconds>(now - start_) / 100 * 100);
        std::string line = c_.name_ + ": " + doing_ + ": the server has not answered for " + waited;
        line += limit_.count() > 0 ? "; giving up after " + seconds_text(limit_) : "; waiting without a limit";
        c_.options_.on_stall(line);
      }
      next_notice_ *= 2;
      notice_ = start_ + next_notice_;
    }
    auto until = notice_;
    if (limit_.count() > 0) until = std::min(until, deadline_);
    const auto ms = std::max<long long>(1, duration_cast<milliseconds>(until - now).count() + 1);
    pollfd fd{pq().PQsocket(c_.conn_), static_cast<short>(POLLIN | (write ? POLLOUT : 0)), 0};
    const int n = ::poll(&fd, 1, static_cast<int>(std::min<long long>(ms, 1 << 30)));
    if (n > 0) return;
    if (n < 0 && errno != EINTR) c_.fail(nullptr, doing_);
  }
}

void PgConnection::give_up(const std::string& doing, std::chrono::milliseconds waited) {
  pq().PQfinish(conn_);  // the server rolls back what was not committed
  conn_ = nullptr;
  closed_ = "no answer from the server for " + seconds_text(waited / 1000 * 1000) + " (the limit: " +
            seconds_text(options_.server_timeout) +
            "); the connection was closed, and what was not committed is not stored";
  throw StoreError(name_, doing + ": " + closed_);
}

void PgConnection::flush_out(Waiter& waiter, const std::string& doing) {
  for (;;) {
    const int left = pq().PQflush(conn_);
    if (left == 0) return;
    if (left < 0) fail(nullptr, doing);
    waiter.until_ready(true);
    if (pq().PQconsumeInput(conn_) == 0) fail(nullptr, doing);
  }
}

PGresult* PgConnection::collect(Waiter& waiter, const std::string& doing) {
  PGresult* kept = nullptr;  // the first failure, else the last result
  bool failed = false;
  for (;;) {
    while (pq().PQisBusy(conn_) != 0) {
      waiter.until_ready(false);
      if (pq().PQconsumeInput(conn_) == 0) {
        if (kept != nullptr) pq().PQclear(kept);
        fail(nullptr, doing);
      }
    }
    PGresult* r = pq().PQgetResult(conn_);
    if (r == nullptr) return kept;
    const ExecStatusType status = pq().PQresultStatus(r);
    if (status == PGRES_COPY_IN) {
      if (kept != nullptr) pq().PQclear(kept);
      return r;
    }
    const bool bad = status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK && status != PGRES_EMPTY_QUERY;
    if (failed) {  // after a failure the rest is skipped by the server: only drained here
      pq().PQclear(r);
      continue;
    }
    if (kept != nullptr) pq().PQclear(kept);
    kept = r;
    failed = bad;
  }
}

PGresult* PgConnection::query(const char* sql, const std::vector<const char*>* values, const std::string& doing) {
  if (conn_ == nullptr) throw StoreError(name_, doing + ": " + closed_);
  const int sent = values != nullptr ? pq().PQsendQueryParams(conn_, sql, static_cast<int>(values->size()), nullptr,
                                                               values->data(), nullptr, nullptr, 0)
                                     : pq().PQsendQuery(conn_, sql);
  if (sent == 0) fail(nullptr, doing);
  Waiter waiter(*this, doing);
  flush_out(waiter, doing);
  return collect(waiter, doing);
}

PGresult* PgConnection::put_copy(const char* data, std::size_t n, const std::string& doing) {
  if (conn_ == nullptr) throw StoreError(name_, doing + ": " + closed_);
  Waiter waiter(*this, doing);
  for (;;) {
    const int put = data != nullptr ? pq().PQputCopyData(conn_, data, static_cast<int>(n)) : pq().PQputCopyEnd(conn_, nullptr);
    if (put == 1) break;
    if (put < 0) fail(nullptr, doing);
    waiter.until_ready(true);  // 0: libpq's buffer is full (non-blocking mode)
    if (pq().PQflush(conn_) < 0) fail(nullptr, doing);
  }
  if (data != nullptr) return nullptr;
  flush_out(waiter, doing);
  return collect(waiter, doing);
}

void append_copy_text(std::string& out, std::string_view v) {
  for (const char c : v) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\t': out += "\\t"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      default: out += c;
    }
  }
}

std::uint64_t PgConnection::write_rows(const std::vector<PuzzleRecord>& rows, const std::string& stamp) {
  // COPY's text format: tab-separated, \N for NULL.
  std::string data;
  data.reserve(rows.size() * 400);
  char grid[81];
  char number[32];
  auto sep = [&] { data += '\t'; };
  auto null = [&] { data += "\\N"; };
  auto text = [&](std::string_view v) { v.empty() ? null() : append_copy_text(data, v); };
  auto integer = [&](std::optional<std::int64_t> v) { v ? (void)(data += std::to_string(*v)) : null(); };
  auto real = [&](std::optional<double> v) {
    if (!v) return null();
    std::snprintf(number, sizeof number, "%.17g", *v);
    data += number;
  };
  std::int64_t ord = 0;
  for (const PuzzleRecord& r : rows) {
    data += std::to_string(ord++);
    sep();
    if (r.variant()) {
      append_copy_text(data, r.variant_puzzle);
      sep();
      append_copy_text(data, r.variant_solution);
      sep();
      append_copy_text(data, r.variant_canonical);
    } else {
      write_text(grid, r.puzzle);
      data.append(grid, 81);
      sep();
      write_text(grid, r.solution);
      data.append(grid, 81);
      sep();
      write_text(grid, r.canonical);
      data.append(grid, 81);
    }
    sep();
    integer(r.clues);
    sep();
    text(r.symmetry);
    sep();
    integer(r.minimal ? std::optional<std::int64_t>(*r.minimal ? 1 : 0) : std::nullopt);
    sep();
    text(r.method);
    sep();
    integer(r.seed ? std::optional<std::int64_t>(static_cast<std::int64_t>(*r.seed)) : std::nullopt);
    sep();
    integer(r.index ? std::optional<std::int64_t>(static_cast<std::int64_t>(*r.index)) : std::nullopt);
    sep();
    real(r.er);
    sep();
    real(r.ep);
    sep();
    real(r.ed);
    sep();
    text(r.level);
    sep();
    text(r.hardest);
    sep();
    text(r.histogram);
    sep();
    real(r.source_rating);
    sep();
    text(r.created_at.empty() ? stamp : r.created_at);
    sep();
    integer(r.search_moves ? std::optional<std::int64_t>(*r.search_moves) : std::nullopt);
    sep();
    text(r.dig_order);
    sep();
    integer(r.symmetric_minimal ? std::optional<std::int64_t>(*r.symmetric_minimal ? 1 : 0) : std::nullopt);
    sep();
    data += r.gid();
    sep();
    text(r.path);
    sep();
    text(r.run);
    sep();
    text(r.shard);
    sep();
    text(r.rated_by);
    sep();
    text(r.origin);
    sep();
    text(r.geometry);
    data += '\n';
  }
  exec(kBatchTable, "cannot write a batch");
  const std::string copy = std::string("COPY sudokit_batch (ord, ") + kBatchColumns + ") FROM STDIN";
  pq().PQclear(checked(query(copy.c_str(), nullptr, "cannot write a batch"), "cannot write a batch"));
  constexpr std::size_t kChunk = 1 << 20;
  for (std::size_t at = 0; at < data.size(); at += kChunk)
    put_copy(data.data() + at, std::min(kChunk, data.size() - at), "cannot write a batch");
  pq().PQclear(checked(put_copy(nullptr, 0, "cannot write a batch"), "cannot write a batch"));

  const std::string insert = std::string("INSERT INTO puzzles (") + kBatchColumns + ") SELECT " + kBatchColumns +
                             " FROM sudokit_batch AS b WHERE NOT EXISTS (SELECT 1 FROM puzzles AS p WHERE p.canonical "
                             "= b.canonical) ORDER BY ord ON CONFLICT (canonical) DO NOTHING";
  PGresult* r = checked(query(insert.c_str(), nullptr, "cannot write a batch"), "cannot write a batch");
  const std::uint64_t added = std::strtoull(pq().PQcmdTuples(r), nullptr, 10);
  pq().PQclear(r);
  return added;
}

}  // namespace

std::unique_ptr<Connection> open_postgres(const std::string& uri, const StoreOptions& options) {
  return std::make_unique<PgConnection>(uri, options);
}

Conninfo parse_conninfo(const std::string& conninfo) {
  Conninfo result;
  if (!load_libpq().error.empty()) return result;
  result.loaded = true;
  char* error = nullptr;
  PQconninfoOption* options = pq().PQconninfoParse(conninfo.c_str(), &error);
  if (options == nullptr) {
    result.error = error != nullptr ? first_line(error) : "out of memory";
    if (error != nullptr) pq().PQfreemem(error);
    return result;
  }
  result.parsed = true;
  for (const PQconninfoOption* o = options; o->keyword != nullptr; ++o)
    if (o->val != nullptr) result.options.emplace_back(o->keyword, o->val);
  pq().PQconninfoFree(options);
  return result;
}

}  // namespace sudokit::db::detail
