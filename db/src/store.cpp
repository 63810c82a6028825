// The store's logic, the same for both back-ends (sql.hpp): the queue of
// rows waiting for the next batch, batch commits, and the write transaction
// (see store.hpp for the contract).
#include <cassert>

#include "store_impl.hpp"
#include "sudokit/db/location.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

Grid parse_column(std::string_view text, const std::string& path, std::int64_t id, const char* column) {
  Grid g;
  ParseError error;
  if (!parse_puzzle(text, g, error))
    throw StoreError(path, "row " + std::to_string(id) + ": column " + column + ": " + error.message);
  return g;
}

}  // namespace

const std::string& PuzzleStore::Impl::now_stamp() {
  const std::time_t now = std::time(nullptr);
  if (now != stamp_second) {
    stamp_second = now;
    stamp = utc_timestamp_now();
  }
  return stamp;
}

// --- PuzzleStore --------------------------------------------------------------

void check_store_options(const StoreOptions& options) {
  if (options.batch_rows < kMinBatchRows || options.batch_rows > kMaxBatchRows)
    throw StoreOptionError(StoreOption::BatchRows, "batch_rows must be " + std::to_string(kMinBatchRows) + " to " +
                                                       std::to_string(kMaxBatchRows) + " (found " +
                                                       std::to_string(options.batch_rows) + ")");
}

PuzzleStore::PuzzleStore(const std::string& path, const StoreOptions& options) : impl_(std::make_unique<Impl>()) {
  check_store_options(options);
  impl_->options = options;
  if (is_postgres_location(path)) {
    try {
      check_location(path);
    } catch (const LocationError& e) {
      throw StoreError(redact_location(path), e.what());
    }
    impl_->conn = detail::open_postgres(path, impl_->options);
  } else {
    impl_->conn = detail::open_sqlite(path, impl_->options);
  }
  impl_->path = impl_->conn->name();
  impl_->read_only = impl_->conn->read_only();
  impl_->opened_version = impl_->conn->opened_version();
}

PuzzleStore::~PuzzleStore() {
  // After a failed flush the queued rows are not tried again here: that
  // would wait out busy_timeout (or server_timeout) a second time before the
  // caller could report the first failure (generate: 120 s for a 60 s lock wait).
  if (!impl_ || impl_->flush_failed) return;
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
  if (record.variant()) {
    // Until variant grading is exact (issue #48) a variant has no rating:
    // the classic grader's would be made up.
    if (record.graded() || !record.level.empty())
      throw StoreError(s.path, "cannot insert a " + record.geometry + " puzzle with a rating: variant puzzles are stored "
                               "unrated ('" + kUnratedVariant + "') until variant grading exists");
    if (record.variant_solution.size() != record.variant_puzzle.size())
      throw StoreError(s.path, "cannot insert a " + record.geometry + " puzzle without its solution");
  } else {
    assert(record.clues == record.puzzle.clue_count());
  }
  if (s.queued_forms.contains(QueuedForms::key(record), s.queue)) {
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
  // On failure nothing of this batch reaches the store (the transaction
  // rolls back); it stays queued, so a later flush() (after the disk was
  // freed, the lock released, the server back) can retry it.
  s.flush_failed = true;  // until this batch is committed
  WriteTransaction batch(s, "cannot start a batch");
  const std::uint64_t added = s.conn->write_rows(s.queue, s.now_stamp());
  batch.commit("cannot commit a batch");
  s.flush_failed = false;
  s.stored += added;
  s.duplicates += s.queue.size() - added;  // stored before this batch, by us or another writer
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
  return s.conn->stored_form_exists(canonical);
}

WriteTransaction::WriteTransaction(PuzzleStore::Impl& store, const char* doing) : store_(store) {
  if (store.read_only) throw StoreError(store.path, std::string(doing) + ": the store was opened for reading");
  store.conn->begin_write(doing);
  open_ = true;
}

void WriteTransaction::commit(const char* doing) {
  try {
    store_.conn->commit(doing);
  } catch (...) {
    rollback();
    throw;
  }
  open_ = false;
}

void WriteTransaction::rollback() noexcept {
  if (!open_) return;
  open_ = false;
  store_.conn->rollback();
}

PuzzleRecord read_row(const Statement& st, const std::string& path) {
  PuzzleRecord r;
  r.id = st.int64(0);
  r.geometry = st.text(26);
  if (r.variant()) {
    r.variant_puzzle = st.text(1);
    r.variant_solution = st.text(2);
    r.variant_canonical = st.text(3);
    r.variant_gid = st.text(27);
  } else {
    r.puzzle = parse_column(st.text(1), path, r.id, "puzzle");
    r.solution = parse_column(st.text(2), path, r.id, "solution");
    r.canonical = parse_column(st.text(3), path, r.id, "canonical");
  }
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
  r.origin = st.text(25);
  return r;
}

}  // namespace sudokit::db
