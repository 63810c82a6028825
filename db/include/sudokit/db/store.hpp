// PuzzleStore: the puzzle database, a SQLite file (the embedded default) or
// a PostgreSQL database named by a postgresql:// URI (location.hpp; the
// back-ends are behind one interface, db/src/sql.hpp, and behave the same:
// db/README.md). One object is one connection to one store. Opening creates
// the store when asked, checks it really is a sudokit store, and migrates its
// schema forward (SQLite: PRAGMA user_version; PostgreSQL: sudokit_meta).
//
// Writing. insert() queues the row unless the same canonical form is already
// queued; rows are written in batched transactions (one per `batch_rows` rows
// or per `batch_interval`, whichever comes first, and on flush()), where the
// UNIQUE index on canonical forms skips every row whose form the file already
// holds: duplicates are counted, never an error. A batch is written
// under BEGIN IMMEDIATE only when it is complete, so the write lock is held
// for the few milliseconds of the write, not while the caller computes the
// next rows: several processes (on several machines, with PostgreSQL) can
// write to one store at once, each waiting (up to `busy_timeout`) for the
// others' short transactions. A process killed at any moment leaves every
// committed batch intact and the store consistent (SQLite: WAL mode); the
// uncommitted batch is simply absent.
//
// Reading. count/for_each take a PuzzleFilter (level, rating range, clue
// range, technique, limit, seeded random order); stats() summarises the file.
//
// Every failure (not a database, read-only, locked past the timeout, disk
// full, a lost connection, a refused password, a server that stopped
// answering for server_timeout, ...) is thrown as a StoreError whose message
// names the store (a URI without its password). A flush that failed is not
// tried again by the destructor (a second wait of busy_timeout or
// server_timeout); call flush() to retry.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sudokit/db/record.hpp"

namespace sudokit::db {

/// The schema version this build writes (PRAGMA user_version). Older files
/// are migrated forward on open; newer ones are refused.
inline constexpr int kSchemaVersion = 14;
/// PRAGMA application_id of a sudokit store: "SUDK".
inline constexpr std::int32_t kApplicationId = 0x5355444B;

/// A failure of the store. what() is "STORE: what happened: the database's
/// reason", STORE the file or the URI with its password shown as ***.
class StoreError : public std::runtime_error {
 public:
  StoreError(const std::string& path, const std::string& message, int sqlite_code = 0)
      : std::runtime_error(path + ": " + message), path_(path), code_(sqlite_code) {}
  const std::string& path() const { return path_; }
  /// The SQLite (extended) result code, 0 when the failure is not SQLite's
  /// (PostgreSQL's included).
  int sqlite_code() const { return code_; }

 private:
  std::string path_;
  int code_;
};

enum class OpenMode {
  Write,  // create the file if missing; read and write
  Read,   // the file must exist; opened read-only when it is up to date
};

struct StoreOptions {
  OpenMode mode = OpenMode::Write;
  // Commit after this many queued rows (kMinBatchRows..kMaxBatchRows). Each batch rewrites most leaf pages of
  // the random-keyed canonical index, so small batches cost: see db/README.md.
  std::size_t batch_rows = 10000;
  std::chrono::milliseconds batch_interval{1000};         // or when the oldest queued row is this old
  std::chrono::milliseconds busy_timeout{60000};          // wait this long for another writer's lock
  // PostgreSQL: the longest a statement may go unanswered (a hung server, a
  // network black hole) before the store gives up: the client's own wait on
  // the socket, the server's statement_timeout, TCP keepalives and
  // tcp_user_timeout (a wait for the write lock is bounded by busy_timeout:
  // it is tried, each try answered at once). On giving up the connection is closed and StoreError says so. 0 = no limit.
  std::chrono::milliseconds server_timeout{120000};
  // PostgreSQL: called on the calling thread when the server has not
  // answered for stall_notice (or half the limit, when that is shorter),
  // then after twice, four times as long...,
  // with a line saying what waits and for how long (the store's name, no
  // password). Empty: nothing is reported.
  std::function<void(const std::string&)> on_stall{};
  std::chrono::milliseconds stall_notice{5000};
};

/// The bounds of StoreOptions::batch_rows.
inline constexpr std::size_t kMinBatchRows = 1, kMaxBatchRows = 1'000'000;

/// A StoreOptions field the store bounds.
enum class StoreOption { BatchRows };

/// A StoreOptions field outside its bounds: which() names it, so that a
/// front end reports it in its own spelling (the command: --batch-rows);
/// what() is the rule ("batch_rows must be 1 to 1000000 (found 0)").
class StoreOptionError : public std::invalid_argument {
 public:
  StoreOptionError(StoreOption option, const std::string& message) : std::invalid_argument(message), which_(option) {}
  StoreOption which() const { return which_; }

 private:
  StoreOption which_;
};

/// Throws StoreOptionError for a field outside its bounds (batch_rows
/// outside kMinBatchRows..kMaxBatchRows). PuzzleStore's constructor checks
/// the same; a command checks before it opens anything.
void check_store_options(const StoreOptions& options);

enum class Inserted {
  Queued,     // written by the next batch commit, unless the file already holds
              // its canonical form (then counted in duplicates() at that commit)
  Duplicate,  // a row with the same canonical form is already queued: skipped
};

/// PuzzleFilter::geometry for rows of every geometry.
inline constexpr const char* kAllGeometries = "all";

/// Which rows to read. Every bound is inclusive; ratings compare the stored
/// (rounded) ER.
struct PuzzleFilter {
  std::optional<std::string> level;
  std::optional<double> min_rating, max_rating;
  std::optional<int> min_clues, max_clues;
  std::optional<std::string> symmetry;  // the givens' symmetry as stored ("none", "rot180", ...)
  // The geometry (issue #47): "" = the classic 9x9 only (the default, so
  // every output that took no geometry is as before variants); a canonical
  // spelling (Geometry::spelling) = that variant only; kAllGeometries = any.
  std::string geometry;
  std::vector<std::string> technique;  // technique keys: one of them used at least once (histogram); empty = any
  std::vector<std::string> hardest;    // technique keys: the hardest step is one of them; empty = any
  std::optional<std::uint64_t> limit;
  bool unused = false;                   // only puzzles never published: not in `used` (by canonical form) nor in `daily`
  bool random = false;                   // order by a hash of (id, seed) instead of id
  std::uint64_t seed = 0;                // same seed, same file: same order on every machine
};

struct StoreStats {
  struct Count {
    std::string key;  // a level, a method, a technique key; "" = NULL (not graded)
    std::uint64_t count = 0;
  };
  struct TechniqueUse {
    std::string key;
    std::uint64_t puzzles = 0;  // puzzles that use it at least once
    std::uint64_t hardest = 0;  // puzzles whose hardest step it is
    std::uint64_t steps = 0;    // steps over all puzzles
  };
  /// The rows of one generate run (run key) and shard, for an operator
  /// following a sharded job: how many are stored, how many the shard is to
  /// make (from the `runs` table) and when the last batch of them was
  /// committed.
  struct RunShard {
    std::string run;    // the run key (produce::run_key)
    std::string shard;  // "K/N"; "" = the whole run
    std::string geometry;  // the rows' geometry (canonical spelling; "" = classic)
    std::uint64_t rows = 0;
    std::optional<std::uint64_t> first_index, last_index;  // seed_index range of those rows
    std::string last_commit;  // the newest created_at (UTC, ISO 8601)
    /// The run's --count (all shards) and this shard's share of it (the
    /// indices i < count with i % N == K); none for a run the store has no
    /// `runs` row of (stored before version 13, or by a seeded search).
    std::optional<std::uint64_t> count, target;
  };
  std::uint64_t puzzles = 0;
  std::uint64_t graded = 0;
  std::uint64_t daily = 0;  // rows of the daily schedule
  std::vector<Count> used;  // puzzles published, by kind ("book", "daily"): table `used`
  std::optional<double> min_er, max_er, mean_er;
  std::vector<Count> levels;                        // level-table order, then other names, then ""
  std::vector<std::pair<int, std::uint64_t>> ratings;  // floor(ER) -> puzzles, ascending
  std::vector<std::pair<int, std::uint64_t>> clues;    // clue count -> puzzles, ascending
  std::vector<TechniqueUse> techniques;             // SE producer order, unknown keys after
  std::vector<Count> methods;                       // by count, descending
  std::vector<Count> raters;                        // graded puzzles by what rated them (rated_by; "" = unknown), by count
  std::vector<RunShard> runs;                       // rows with a run key, by run key, shard and geometry, of every geometry
  // Variants (issue #47). Every figure above but `runs` (a job's progress,
  // whatever it makes) is of the geometry stats() was asked for (classic by
  // default); `geometries` counts the rows of each
  // geometry ("classic" first, then by spelling), empty when the store
  // holds no variant; `unrated_variant` the rows of the asked geometry whose
  // grading status is kUnratedVariant.
  std::vector<Count> geometries;
  std::uint64_t unrated_variant = 0;
};

/// One generate run's shard as the `runs` table records it: what it was
/// asked to make, so `db stats` can say how far it got.
struct RunRecord {
  std::string run;          // the run key (produce::run_key)
  std::string shard;        // "K/N"; "" = the whole run
  std::uint64_t count = 0;  // the run's --count (all shards); a rerun with a larger one raises it
  std::uint64_t seed = 0;
  std::string options;      // the options the run key names (produce::GeneratePlan::options_text)
  std::string started_at;   // when it was first recorded (UTC, ISO 8601); set by record_run
};

class PuzzleStore {
 public:
  /// Opens (and with OpenMode::Write creates) the store at `path` (a file,
  /// or a PostgreSQL connection string, URI or keyword/value pairs:
  /// is_postgres_location), migrating its schema to kSchemaVersion. Throws
  /// StoreError, also for a connection string check_location refuses
  /// (nothing is opened or created), or StoreOptionError for options outside
  /// their bounds (check_store_options).
  explicit PuzzleStore(const std::string& path, const StoreOptions& options = {});
  /// Commits the queued rows (errors are swallowed here: call flush() first
  /// to see them), unless the last flush() failed: those rows are dropped,
  /// not waited for a second time.
  ~PuzzleStore();
  PuzzleStore(PuzzleStore&&) noexcept;
  PuzzleStore& operator=(PuzzleStore&&) noexcept;

  /// The file, or the connection string with its passwords redacted (redact_location).
  const std::string& path() const;
  /// The schema version found in the file before migration (0 for a new file).
  int opened_version() const;

  // --- writing --------------------------------------------------------------

  /// Queues a record unless its canonical form is already queued (checking
  /// the file is left to the batch's INSERT, which costs nothing extra; use
  /// contains() for an immediate answer). A row without created_at gets the
  /// time of the commit that writes it. May commit a batch, and so throw
  /// StoreError.
  /// Precondition: puzzle, solution, canonical and clues are consistent
  /// (make_record); `method` is not empty.
  Inserted insert(const PuzzleRecord& record);
  Inserted insert(PuzzleRecord&& record);
  /// Commits the queued rows in one transaction; rows whose canonical form
  /// the file already holds (stored before, or meanwhile by another process)
  /// are skipped and counted as duplicates. On failure the transaction is
  /// rolled back, StoreError is thrown, and the rows stay queued for another
  /// flush(); earlier batches stay committed.
  void flush();
  /// flush() if the oldest queued row is older than batch_interval (for
  /// callers whose rows arrive slowly). Returns true when it committed.
  bool flush_if_due();
  /// Drops the queued rows without writing them (after a failed flush, when
  /// giving up); returns how many there were.
  std::size_t discard();
  /// True when a puzzle with this canonical form is stored or queued.
  bool contains(const Grid& canonical);

  std::uint64_t stored() const;      // rows this object committed
  std::uint64_t duplicates() const;  // rows this object skipped as duplicates (exact after flush())
  std::size_t queued() const;        // rows waiting for the next commit

  // --- reading --------------------------------------------------------------

  std::uint64_t count(const PuzzleFilter& filter = {});
  /// The seed_index of every row the generate run `run` stored (the `run`
  /// column, produce::run_key), ascending: what a resumed run skips.
  std::vector<std::uint64_t> indices_of_run(const std::string& run);
  /// The distinct `shard` values ("K/N"; "" for rows of an unsharded run)
  /// of the rows the generate run `run` stored, ascending: how its indices
  /// were split (a rerun into the store must split them the same way).
  std::vector<std::string> shards_of_run(const std::string& run);
  /// Records a generate run's shard in the `runs` table (committed at
  /// once): a new one, or a larger count for one recorded already (the
  /// larger count is kept; the rest stays as first recorded).
  void record_run(const RunRecord& run);
  /// Every row of the `runs` table, by run key and shard.
  std::vector<RunRecord> runs();

  // --- ratings of another grader (db regrade) -----------------------------------

  /// Rows of a variant geometry (geometry not NULL).
  std::uint64_t count_variants();
  /// Classic graded rows (never a variant's) rated by another grader than this one (rated_by not
  /// grader::rater_name(), or unknown); with older_than > 0, only rows rated
  /// by a revision below it (or unknown). count_stale counts them;
  /// stale_rows gives up to `limit` of them with id above `after_id`, in id order.
  std::uint64_t count_stale(int older_than = 0);
  std::vector<PuzzleRecord> stale_rows(std::int64_t after_id, std::size_t limit, int older_than = 0);
  /// Writes the ratings of these rows (er, ep, ed, level, hardest, histogram,
  /// path, rated_by; by id) in one transaction. Throws StoreError.
  void update_ratings(const std::vector<PuzzleRecord>& rows);
  /// Calls `on_row` for each matching row (with id) until it returns false.
  void for_each(const PuzzleFilter& filter, const std::function<bool(const PuzzleRecord&)>& on_row);
  /// Counts by level (ordered as in `levels`), ratings, clues, techniques,
  /// methods, of the rows of `geometry` (PuzzleFilter::geometry: "" =
  /// classic, a canonical spelling, kAllGeometries); rows per geometry.
  StoreStats stats(const std::vector<grader::Level>& levels = grader::default_levels(),
                   const std::string& geometry = {});

  struct Impl;
  /// The connection behind this store, for the db module's own sources
  /// (daily.cpp, used.cpp); Impl is only defined in a private header.
  Impl& impl() { return *impl_; }

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace sudokit::db
