// Thin RAII wrappers over the SQLite C API, private to the db module: a
// prepared SqliteStatement that finalizes itself and turns every failing
// call into a StoreError naming the database file. The SQLite back-end of
// the store (sqlite_backend.cpp) and the shipping file (ship.cpp) use it.
// Nothing here hides SQL; callers write their statements in full where they
// use them.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "sudokit/db/store.hpp"

namespace sudokit::db::detail {

/// "database is locked (SQLITE_BUSY)" style text for a result code.
inline std::string describe(sqlite3* db, int code) {
  // The connection's message is more specific ("no such table: x") when it
  // belongs to this failure; the generic text otherwise.
  const bool own = db != nullptr && (sqlite3_extended_errcode(db) == code || sqlite3_errcode(db) == (code & 0xff));
  std::string text = own ? sqlite3_errmsg(db) : sqlite3_errstr(code);
  // For I/O failures the operating system's reason says what to do about it
  // ("disk I/O error (File too large)").
  const int primary = code & 0xff;
  if (db != nullptr && (primary == SQLITE_IOERR || primary == SQLITE_FULL || primary == SQLITE_CANTOPEN))
    if (const int e = sqlite3_system_errno(db); e != 0) text += std::string(" (") + std::strerror(e) + ")";
  return text;
}

[[noreturn]] inline void fail(const std::string& path, sqlite3* db, int code, const std::string& doing) {
  throw StoreError(path, doing + ": " + describe(db, code), code);
}

class SqliteStatement {
 public:
  SqliteStatement() = default;
  SqliteStatement(sqlite3* db, std::string_view sql, const std::string* path) : db_(db), path_(path) {
    const int rc = sqlite3_prepare_v3(db, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT, &stmt_,
                                      nullptr);
    if (rc != SQLITE_OK) fail(*path, db, rc, "cannot prepare `" + std::string(sql.substr(0, 60)) + "`");
  }
  ~SqliteStatement() { sqlite3_finalize(stmt_); }
  SqliteStatement(SqliteStatement&& o) noexcept
      : db_(std::exchange(o.db_, nullptr)), stmt_(std::exchange(o.stmt_, nullptr)), path_(o.path_), doing_(o.doing_) {}
  SqliteStatement& operator=(SqliteStatement&& o) noexcept {
    if (this != &o) {
      sqlite3_finalize(stmt_);
      db_ = std::exchange(o.db_, nullptr);
      stmt_ = std::exchange(o.stmt_, nullptr);
      path_ = o.path_;
      doing_ = o.doing_;
    }
    return *this;
  }
  SqliteStatement(const SqliteStatement&) = delete;
  SqliteStatement& operator=(const SqliteStatement&) = delete;

  sqlite3_stmt* get() const { return stmt_; }
  /// What a failing step() says it was doing ("cannot write a batch"); by
  /// default "cannot run `SQL...`".
  SqliteStatement& doing(const char* what) {
    doing_ = what;
    return *this;
  }

  void bind(int i, std::int64_t v) { check(sqlite3_bind_int64(stmt_, i, v), "bind"); }
  void bind(int i, int v) { check(sqlite3_bind_int(stmt_, i, v), "bind"); }
  void bind(int i, double v) { check(sqlite3_bind_double(stmt_, i, v), "bind"); }
  void bind_null(int i) { check(sqlite3_bind_null(stmt_, i), "bind"); }
  /// Binds text that stays alive and unchanged until the statement is reset.
  void bind_static(int i, std::string_view v) {
    check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_STATIC), "bind");
  }
  void bind_text(int i, std::string_view v) {
    check(sqlite3_bind_text(stmt_, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT), "bind");
  }
  /// NULL for an empty string.
  void bind_text_or_null(int i, std::string_view v) {
    if (v.empty()) bind_null(i);
    else bind_text(i, v);
  }
  /// Stable text (as bind_static), or NULL for an empty string.
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
  /// errors other than SQLITE_BUSY, which it returns through `busy` when
  /// given (the caller retries), else throws too.
  bool step(bool* busy = nullptr) {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    if (busy != nullptr && (rc & 0xff) == SQLITE_BUSY) {
      sqlite3_reset(stmt_);
      *busy = true;
      return false;
    }
    // The message (and the OS error behind it) before reset() can change it.
    const std::string reason = describe(db_, rc);
    const std::string doing = doing_ != nullptr ? std::string(doing_) : "cannot run `" + std::string(sql_prefix()) + "`";
    sqlite3_reset(stmt_);
    throw StoreError(*path_, doing + ": " + reason, rc);
  }
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  bool is_null(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  std::int64_t int64(int col) const { return sqlite3_column_int64(stmt_, col); }
  double real(int col) const { return sqlite3_column_double(stmt_, col); }
  std::string_view text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p == nullptr ? std::string_view{} : std::string_view(p, static_cast<std::size_t>(sqlite3_column_bytes(stmt_, col)));
  }
  std::optional<std::int64_t> opt_int64(int col) const {
    return is_null(col) ? std::nullopt : std::optional<std::int64_t>(int64(col));
  }
  std::optional<double> opt_real(int col) const { return is_null(col) ? std::nullopt : std::optional<double>(real(col)); }

 private:
  std::string_view sql_prefix() const {
    const char* s = stmt_ != nullptr ? sqlite3_sql(stmt_) : nullptr;
    if (s == nullptr) return {};
    std::string_view v(s);
    return v.substr(0, 60);
  }
  void check(int rc, const char* what) {
    if (rc != SQLITE_OK) fail(*path_, db_, rc, what);
  }

  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
  const std::string* path_ = nullptr;
  const char* doing_ = nullptr;
};

}  // namespace sudokit::db::detail
