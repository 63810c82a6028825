// Merging stores (merge.hpp). A SQLite input into a SQLite output is
// attached to the output's connection and copied over in id ranges of
// batch_rows, one transaction each, inside SQLite. Any other pair (a
// PostgreSQL store on either side) reads batch_rows rows at a time from the
// input by id and writes them as one batch of the output (the same
// Connection::write_rows as every insert): the same rows, order and
// provenance, the rows go through the client.
#include "sudokit/db/merge.hpp"

#include <cassert>

#include "store_impl.hpp"
#include "sudokit/db/location.hpp"

namespace sudokit::db {

namespace {

using detail::Statement;

// Every column but id, in the order of both statements below.
constexpr const char* kCopied =
    "puzzle, solution, canonical, clues, symmetry, minimal, method, seed, seed_index, er, ep, ed, level, hardest, "
    "histogram, created_at, source_rating, search_moves, dig_order, symmetric_minimal, gid, path, run, shard, rated_by, origin, geometry";

// Detaches the input on every way out (also after an error).
class Attached {
 public:
  Attached(PuzzleStore::Impl& s, const std::string& input) : s_(s) {
    Statement attach(*s.conn, "ATTACH DATABASE ?1 AS merge_input");
    attach.bind_text(1, input);
    attach.doing("cannot attach the input");
    attach.step();
  }
  ~Attached() {
    try {
      s_.exec("DETACH DATABASE merge_input", "cannot detach the input");
    } catch (const StoreError&) {
      // Nothing to do on the way out: the connection closes with the store.
    }
  }
  Attached(const Attached&) = delete;
  Attached& operator=(const Attached&) = delete;

 private:
  PuzzleStore::Impl& s_;
};

std::int64_t single(PuzzleStore::Impl& s, const std::string& sql) {
  Statement st(*s.conn, sql);
  return st.step() ? st.int64(0) : 0;
}

// Whether a copy in progress should stop after this batch (progress shown first).
bool report_batch(const MergeOptions& options, const MergedSource& source, std::uint64_t total) {
  if (options.progress) options.progress({&source.path, source.rows, total});
  return options.stop && options.stop->load();
}

// Both SQLite: the input attached, copied inside SQLite. True when stopped.
bool copy_attached(PuzzleStore::Impl& s, const std::string& input, const MergeOptions& options, MergedSource& source) {
  const Attached attached(s, input);
  const auto total = static_cast<std::uint64_t>(single(s, "SELECT count(*) FROM merge_input.puzzles"));
  source.other_tables = single(s, "SELECT (SELECT count(*) FROM merge_input.daily) + "
                                  "(SELECT count(*) FROM merge_input.used)") > 0;
  Statement range(*s.conn,
                  "SELECT count(*), max(id) FROM (SELECT id FROM merge_input.puzzles WHERE id > ?1 "
                  "ORDER BY id LIMIT ?2)");
  // Rows whose canonical form is there already are left out before the
  // insert, so no id is spent on them (AUTOINCREMENT would spend one on
  // an insert that hits the UNIQUE constraint): a rerun gives the same ids.
  Statement copy(*s.conn,
                 std::string("INSERT INTO main.puzzles (") + kCopied + ") SELECT " + kCopied +
                     " FROM merge_input.puzzles AS i WHERE i.id > ?1 AND i.id <= ?2 AND NOT EXISTS "
                     "(SELECT 1 FROM main.puzzles AS m WHERE m.canonical = i.canonical) ORDER BY i.id "
                     "ON CONFLICT (canonical) DO NOTHING");
  copy.doing("cannot write a batch");
  std::int64_t last = 0;
  for (;;) {
    WriteTransaction batch(s, "cannot start a batch");
    range.bind(1, last);
    range.bind(2, static_cast<std::int64_t>(options.batch_rows));
    range.step();
    const auto rows = static_cast<std::uint64_t>(range.int64(0));
    const std::int64_t upto = range.int64(1);
    range.reset();
    if (rows == 0) return false;
    copy.bind(1, last);
    copy.bind(2, upto);
    copy.step();
    const std::uint64_t added = copy.changes();
    copy.reset();
    batch.commit("cannot commit a batch");
    last = upto;
    source.rows += rows;
    source.added += added;
    source.duplicates += rows - added;
    if (report_batch(options, source, total)) return true;
  }
}

// Any other pair: rows read from the input store, written as batches of the
// output. True when stopped.
bool copy_through(PuzzleStore::Impl& s, const std::string& input, const MergeOptions& options, MergedSource& source) {
  PuzzleStore in(input, {OpenMode::Read});
  PuzzleStore::Impl& r = in.impl();
  source.path = r.path;
  const auto total = static_cast<std::uint64_t>(single(r, "SELECT count(*) FROM puzzles"));
  source.other_tables = single(r, "SELECT (SELECT count(*) FROM daily) + (SELECT count(*) FROM used)") > 0;
  Statement next(*r.conn, "SELECT " + std::string(kRowColumns) + " FROM puzzles WHERE id > ?1 ORDER BY id LIMIT ?2");
  std::vector<PuzzleRecord> rows;
  std::int64_t last = 0;
  for (;;) {
    rows.clear();
    next.reset();
    next.bind(1, last);
    next.bind(2, static_cast<std::int64_t>(options.batch_rows));
    while (next.step()) rows.push_back(read_row(next, r.path));
    if (rows.empty()) return false;
    last = rows.back().id;
    WriteTransaction batch(s, "cannot start a batch");
    const std::uint64_t added = s.conn->write_rows(rows, s.now_stamp());
    batch.commit("cannot commit a batch");
    source.rows += rows.size();
    source.added += added;
    source.duplicates += rows.size() - added;
    if (report_batch(options, source, total)) return true;
  }
}

}  // namespace

void check_merge_inputs(const std::vector<std::string>& inputs) {
  for (const std::string& input : inputs) PuzzleStore check(input, {OpenMode::Read});
}

MergeReport merge_stores(PuzzleStore& out, const std::vector<std::string>& inputs, const MergeOptions& options) {
  assert(options.batch_rows >= 1);
  PuzzleStore::Impl& s = out.impl();
  out.flush();  // rows queued by the caller go first
  MergeReport report;
  // Opening each input as a store checks it is one (and migrates an older
  // schema) before anything is copied.
  check_merge_inputs(inputs);
  for (const std::string& input : inputs) {
    MergedSource source;
    source.path = redact_location(input);
    {  // the runs it records, with their targets (a rerun records them again: no change)
      PuzzleStore in(input, {OpenMode::Read});
      for (const RunRecord& run : in.runs()) out.record_run(run);
    }
    report.stopped = s.dialect() == detail::Dialect::Sqlite && !is_postgres_location(input)
                         ? copy_attached(s, input, options, source)
                         : copy_through(s, input, options, source);
    report.added += source.added;
    report.duplicates += source.duplicates;
    report.sources.push_back(std::move(source));
    if (report.stopped) break;
  }
  return report;
}

}  // namespace sudokit::db
