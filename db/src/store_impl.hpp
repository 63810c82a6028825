// The state behind a PuzzleStore (private to the db module): the connection,
// the prepared statements, the queue of rows waiting for the next batch
// commit, and the counters. store.cpp opens, migrates and writes;
// query.cpp reads.
#pragma once

#include <sqlite3.h>

#include <chrono>
#include <ctime>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "sqlite.hpp"
#include "sudokit/db/store.hpp"

namespace sudokit::db {

struct GridHash {
  std::size_t operator()(const Grid& g) const noexcept {
    return std::hash<std::string_view>{}(
        std::string_view(reinterpret_cast<const char*>(g.cells.data()), g.cells.size()));
  }
};

struct PuzzleStore::Impl {
  using Clock = std::chrono::steady_clock;

  std::string path;
  StoreOptions options;
  sqlite3* db = nullptr;
  bool read_only = false;
  int opened_version = 0;

  detail::Statement exists;  // SELECT 1 ... WHERE canonical = ?
  detail::Statement insert;  // INSERT ... ON CONFLICT(canonical) DO NOTHING
  detail::Statement begin, commit, rollback;

  std::vector<PuzzleRecord> queue;
  std::unordered_set<Grid, GridHash> queued_forms;
  Clock::time_point oldest{};  // when the first queued row arrived

  std::uint64_t stored = 0;
  std::uint64_t duplicates = 0;

  Clock::time_point busy_start{};  // start of the current wait for a lock
  std::time_t stamp_second = -1;   // created_at cache: the second it is for
  std::string stamp;
  char text[3][81] = {};           // puzzle/solution/canonical text of the row being bound

  ~Impl();
  void open();
  void close() noexcept;
  void configure_connection();
  void migrate();
  void prepare_writes();

  /// Runs one or more statements with sqlite3_exec; `doing` names it in errors.
  void exec(const char* sql, const char* doing);
  std::int64_t pragma_int(const char* sql);
  /// Steps a statement that takes the write lock, retrying SQLITE_BUSY until busy_timeout.
  void step_locking(detail::Statement& stmt, const char* doing);
  [[noreturn]] void locked_out(const char* doing) const;
  bool stored_form_exists(const Grid& canonical);
  const std::string& now_stamp();
  void write_queue();
};

/// The columns of a row, in table order, as every reader selects them.
inline constexpr std::string_view kRowColumns =
    "id, puzzle, solution, canonical, clues, symmetry, minimal, method, seed, seed_index, "
    "er, ep, ed, level, hardest, histogram, source_rating, created_at";

/// Reads a row selected with kRowColumns (from column 0) into a record.
PuzzleRecord read_row(const detail::Statement& stmt, const std::string& path);

}  // namespace sudokit::db
