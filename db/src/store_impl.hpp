// The state behind a PuzzleStore (private to the db module): the connection
// (sql.hpp: SQLite or PostgreSQL), the queue of rows waiting for the next
// batch commit, and the counters. store.cpp queues and writes; query.cpp
// reads; the back-ends open, migrate and run the SQL.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sql.hpp"
#include "sudokit/db/store.hpp"

namespace sudokit::db {

// The canonical forms of the queued rows, for the duplicate check in
// insert(): an open-addressing table (linear probing) of indices into the
// queue, 0 for an empty slot. Unlike a node-based set it costs no allocation
// per row once it has grown to the batch size.
class QueuedForms {
 public:
  /// A record's key: the 81 cells of a classic form (bytes 0-9), a
  /// variant's text key (printable characters, so never equal to a classic one).
  static std::string_view key(const PuzzleRecord& r) {
    if (r.variant()) return r.variant_canonical;
    return std::string_view(reinterpret_cast<const char*>(r.canonical.cells.data()), r.canonical.cells.size());
  }
  bool contains(const Grid& form, const std::vector<PuzzleRecord>& queue) const {
    return contains(std::string_view(reinterpret_cast<const char*>(form.cells.data()), form.cells.size()), queue);
  }
  bool contains(std::string_view form, const std::vector<PuzzleRecord>& queue) const {
    if (slots_.empty()) return false;
    for (std::size_t i = hash(form) & mask();; i = (i + 1) & mask()) {
      const std::uint32_t slot = slots_[i];
      if (slot == 0) return false;
      if (key(queue[slot - 1]) == form) return true;
    }
  }
  /// Adds queue[used] (rows are added in queue order).
  void add(const std::vector<PuzzleRecord>& queue) {
    if ((used_ + 1) * 2 > slots_.size()) grow(queue);
    place(queue, used_);
    ++used_;
  }
  void clear() {
    if (used_ != 0) std::fill(slots_.begin(), slots_.end(), 0u);
    used_ = 0;
  }

 private:
  static std::size_t hash(std::string_view key) { return std::hash<std::string_view>{}(key); }
  std::size_t mask() const { return slots_.size() - 1; }
  void place(const std::vector<PuzzleRecord>& queue, std::size_t index) {
    std::size_t i = hash(key(queue[index])) & mask();
    while (slots_[i] != 0) i = (i + 1) & mask();
    slots_[i] = static_cast<std::uint32_t>(index + 1);
  }
  void grow(const std::vector<PuzzleRecord>& queue) {
    slots_.assign(std::max<std::size_t>(1024, slots_.size() * 2), 0u);
    for (std::size_t i = 0; i < used_; ++i) place(queue, i);
  }

  std::vector<std::uint32_t> slots_;  // size a power of two, at most half full
  std::size_t used_ = 0;
};

struct PuzzleStore::Impl {
  using Clock = std::chrono::steady_clock;

  std::string path;  // conn->name(): the file, or the URI without its password
  StoreOptions options;
  std::unique_ptr<detail::Connection> conn;
  bool read_only = false;
  int opened_version = 0;

  std::vector<PuzzleRecord> queue;
  QueuedForms queued_forms;
  Clock::time_point oldest{};  // when the first queued row arrived

  std::uint64_t stored = 0;
  std::uint64_t duplicates = 0;
  bool flush_failed = false;  // the last flush() threw: the destructor does not retry it

  std::time_t stamp_second = -1;  // created_at cache: the second it is for
  std::string stamp;

  detail::Dialect dialect() const { return conn->dialect(); }
  void exec(const char* sql, const char* doing) { conn->exec(sql, doing); }
  const std::string& now_stamp();
};

/// A write transaction (Connection::begin_write: one writer at a time,
/// waiting up to busy_timeout for the others) that rolls back unless committed: the one home of commit and
/// rollback in the db module (batches of inserts, migrations, the daily
/// schedule, the used marks). `doing` says what failed in the StoreError
/// ("cannot start a batch").
class WriteTransaction {
 public:
  WriteTransaction(PuzzleStore::Impl& store, const char* doing);
  ~WriteTransaction() { rollback(); }
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  /// Throws StoreError after rolling back when the commit fails.
  void commit(const char* doing = "cannot commit");
  void rollback() noexcept;
  bool open() const { return open_; }

 private:
  PuzzleStore::Impl& store_;
  bool open_ = false;
};

/// A filter as one SQL condition list (" WHERE a AND b", or "" for none)
/// with its parameters bound in order from 1 (query.cpp).
struct Where {
  std::string sql;
  std::vector<std::function<void(detail::Statement&, int)>> binders;

  void add(const std::string& condition, std::function<void(detail::Statement&, int)> binder = nullptr) {
    sql += sql.empty() ? " WHERE " : " AND ";
    sql += condition;
    if (binder) binders.push_back(std::move(binder));
  }
  void bind(detail::Statement& st) const {
    for (std::size_t i = 0; i < binders.size(); ++i) binders[i](st, static_cast<int>(i) + 1);
  }
};
/// The conditions of `filter` (all but its limit and order).
Where where_of(const PuzzleFilter& filter, detail::Dialect dialect);
/// " ORDER BY <seeded mix of id>, id": the seeded random order of rows (the
/// same on every machine for one store and seed).
std::string random_order(std::uint64_t seed);

/// The columns of a row, in table order, as every reader selects them.
inline constexpr std::string_view kRowColumns =
    "id, puzzle, solution, canonical, clues, symmetry, minimal, method, seed, seed_index, "
    "er, ep, ed, level, hardest, histogram, source_rating, created_at, search_moves, dig_order, symmetric_minimal, path, "
    "run, shard, rated_by, origin, geometry, gid";

/// Reads a row selected with kRowColumns (from column 0) into a record.
PuzzleRecord read_row(const detail::Statement& stmt, const std::string& path);

using detail::Statement;

}  // namespace sudokit::db
