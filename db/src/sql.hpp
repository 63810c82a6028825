// The database behind a PuzzleStore, private to the db module: one
// interface (Connection, Statement) with two back-ends, SQLite
// (sqlite_backend.cpp, the embedded default) and PostgreSQL (pg_backend.cpp,
// a shared server). The store's logic (queueing, batching, queries, the daily
// schedule, the used marks) is written once against this interface, in SQL
// both databases run, with ?N parameters (the PostgreSQL back-end renumbers
// them $N). The few statements that differ ask Connection::dialect() and say
// why where they do.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudokit/db/record.hpp"
#include "sudokit/db/store.hpp"

namespace sudokit::db::detail {

enum class Dialect { Sqlite, Postgres };

/// What a back-end's prepared statement does; Statement is its handle.
class StatementBackend {
 public:
  virtual ~StatementBackend() = default;
  virtual void bind_int64(int i, std::int64_t v) = 0;
  virtual void bind_double(int i, double v) = 0;
  virtual void bind_null(int i) = 0;
  /// `stable`: the text stays alive and unchanged until reset() (no copy needed).
  virtual void bind_text(int i, std::string_view v, bool stable) = 0;
  /// See Statement::step.
  virtual bool step(bool* busy) = 0;
  virtual void reset() = 0;  // ready to run again, parameters cleared
  virtual bool is_null(int col) const = 0;
  virtual std::int64_t int64(int col) const = 0;
  virtual double real(int col) const = 0;
  virtual std::string_view text(int col) const = 0;
  virtual std::uint64_t changes() const = 0;
  virtual void doing(const char* what) = 0;
};

class Connection;

/// A prepared statement: bind parameters (from 1), step through the rows,
/// read columns (from 0). Every failure throws StoreError naming the store.
class Statement {
 public:
  Statement() = default;
  explicit Statement(std::unique_ptr<StatementBackend> b) : b_(std::move(b)) {}
  inline Statement(Connection& c, std::string_view sql);

  /// What a failing step() says it was doing ("cannot write a batch"); by
  /// default "cannot run `SQL...`".
  Statement& doing(const char* what) {
    b_->doing(what);
    return *this;
  }
  void bind(int i, std::int64_t v) { b_->bind_int64(i, v); }
  void bind(int i, int v) { b_->bind_int64(i, v); }
  void bind(int i, double v) { b_->bind_double(i, v); }
  void bind_null(int i) { b_->bind_null(i); }
  /// Binds text that stays alive and unchanged until the statement is reset.
  void bind_static(int i, std::string_view v) { b_->bind_text(i, v, true); }
  void bind_text(int i, std::string_view v) { b_->bind_text(i, v, false); }
  /// NULL for an empty string.
  void bind_text_or_null(int i, std::string_view v) {
    if (v.empty()) bind_null(i);
    else bind_text(i, v);
  }
  /// Stable text, or NULL for an empty string.
  void bind_static_or_null(int i, std::string_view v) {
    if (v.empty()) bind_null(i);
    else bind_static(i, v);
  }
  template <class T>
  void bind_optional(int i, const std::optional<T>& v) {
    if (v) bind(i, *v);
    else bind_null(i);
  }

  /// One step: true when a row is available, false when done. Throws on
  /// errors other than "locked by another writer", which it returns through
  /// `busy` when given (the caller retries), else throws too.
  bool step(bool* busy = nullptr) { return b_->step(busy); }
  void reset() { b_->reset(); }
  /// Rows the last step() of an INSERT/UPDATE/DELETE changed.
  std::uint64_t changes() const { return b_->changes(); }

  bool is_null(int col) const { return b_->is_null(col); }
  std::int64_t int64(int col) const { return b_->int64(col); }
  double real(int col) const { return b_->real(col); }
  std::string_view text(int col) const { return b_->text(col); }
  std::optional<std::int64_t> opt_int64(int col) const {
    return is_null(col) ? std::nullopt : std::optional<std::int64_t>(int64(col));
  }
  std::optional<double> opt_real(int col) const { return is_null(col) ? std::nullopt : std::optional<double>(real(col)); }

 private:
  std::unique_ptr<StatementBackend> b_;
};

/// One connection to one store. Opening (and creating, and migrating the
/// schema) is the back-end's: open_sqlite, open_postgres.
class Connection {
 public:
  virtual ~Connection() = default;
  virtual Dialect dialect() const = 0;
  /// What errors call the store: the file's path, or the URI without its password.
  virtual const std::string& name() const = 0;
  virtual bool read_only() const = 0;
  /// The schema version found before migration (0 for a new store).
  virtual int opened_version() const = 0;

  virtual Statement prepare(std::string_view sql) = 0;
  /// A statement whose rows may be many (for_each): read a part at a time
  /// where the back-end would otherwise hold them all (PostgreSQL: a cursor).
  virtual Statement prepare_cursor(std::string_view sql) { return prepare(sql); }
  /// Runs statements without results; `doing` names them in errors.
  virtual void exec(const char* sql, const char* doing) = 0;

  /// The write transaction: one writer at a time, waiting up to the store's
  /// busy_timeout for the others (SQLite: BEGIN IMMEDIATE; PostgreSQL: a
  /// transaction-scoped advisory lock), so batches, the daily schedule and
  /// the used marks of concurrent processes never interleave.
  virtual void begin_write(const char* doing) = 0;
  virtual void commit(const char* doing) = 0;
  virtual void rollback() noexcept = 0;
  /// A read transaction: every statement until end_read() sees one moment.
  virtual void begin_read() = 0;
  virtual void end_read() noexcept = 0;

  /// Inside a write transaction: inserts the rows whose canonical form the
  /// store does not hold, in order (no id is spent on the others); rows
  /// without created_at get `stamp`. Returns how many were added.
  virtual std::uint64_t write_rows(const std::vector<PuzzleRecord>& rows, const std::string& stamp) = 0;
  /// True when a row with this canonical form is stored.
  virtual bool stored_form_exists(const Grid& canonical) = 0;
};

inline Statement::Statement(Connection& c, std::string_view sql) : Statement(c.prepare(sql)) {}

/// `sqlite` or `postgres`, by the connection's dialect (for the few statements that differ).
inline const char* by_dialect(const Connection& c, const char* sqlite, const char* postgres) {
  return c.dialect() == Dialect::Sqlite ? sqlite : postgres;
}

std::unique_ptr<Connection> open_sqlite(const std::string& path, const StoreOptions& options);
std::unique_ptr<Connection> open_postgres(const std::string& uri, const StoreOptions& options);

/// libpq's own reading of a connection string (PQconninfoParse, which reads
/// no environment variable and no file): the options the string sets, in
/// libpq's order of options.
struct Conninfo {
  bool loaded = false;  // libpq could be loaded; nothing else is set when not
  bool parsed = false;  // libpq accepts the string
  std::vector<std::pair<std::string, std::string>> options;  // keyword, value (decoded, unquoted)
  std::string error;    // libpq's reason when not parsed (it may quote the string)
};
Conninfo parse_conninfo(const std::string& conninfo);

/// `text` as an SQL string literal ('it''s'), for a value written into
/// several statements (both back-ends read it the same way).
inline std::string sql_literal(std::string_view text) {
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

/// 81 characters, '.' for an empty cell: how grids are stored.
inline void write_text(char (&out)[81], const Grid& g) {
  for (std::size_t i = 0; i < 81; ++i) out[i] = g.cells[i] ? static_cast<char>('0' + g.cells[i]) : '.';
}

}  // namespace sudokit::db::detail
