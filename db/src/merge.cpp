// Merging stores (merge.hpp): each input is attached to the output's
// connection and copied over in id ranges of batch_rows, one transaction
// each.
#include "sudokit/db/merge.hpp"

#include <cassert>

#include "store_impl.hpp"

namespace sudokit::db {

namespace {

using detail::Statement;

// Every column but id, in the order of both statements below.
constexpr const char* kCopied =
    "puzzle, solution, canonical, clues, symmetry, minimal, method, seed, seed_index, er, ep, ed, level, hardest, "
    "histogram, created_at, source_rating, search_moves, dig_order, symmetric_minimal, gid, path, run, shard, rated_by";

// Detaches the input on every way out (also after an error).
class Attached {
 public:
  Attached(PuzzleStore::Impl& s, const std::string& input) : s_(s) {
    Statement attach(s.db, "ATTACH DATABASE ?1 AS merge_input", &s.path);
    attach.bind_text(1, input);
    attach.doing("cannot attach the input");
    attach.step();
  }
  ~Attached() { sqlite3_exec(s_.db, "DETACH DATABASE merge_input", nullptr, nullptr, nullptr); }
  Attached(const Attached&) = delete;
  Attached& operator=(const Attached&) = delete;

 private:
  PuzzleStore::Impl& s_;
};

std::int64_t single(PuzzleStore::Impl& s, const std::string& sql) {
  Statement st(s.db, sql, &s.path);
  return st.step() ? st.int64(0) : 0;
}

}  // namespace

MergeReport merge_stores(PuzzleStore& out, const std::vector<std::string>& inputs, const MergeOptions& options) {
  assert(options.batch_rows >= 1);
  PuzzleStore::Impl& s = out.impl();
  out.flush();  // rows queued by the caller go first
  MergeReport report;
  // Opening each input as a store checks it is one (and migrates an older
  // schema) before anything is copied.
  for (const std::string& input : inputs) PuzzleStore check(input, {OpenMode::Read});
  for (const std::string& input : inputs) {
    MergedSource source;
    source.path = input;
    const Attached attached(s, input);
    const auto total = static_cast<std::uint64_t>(single(s, "SELECT count(*) FROM merge_input.puzzles"));
    source.other_tables = single(s, "SELECT (SELECT count(*) FROM merge_input.daily) + "
                                    "(SELECT count(*) FROM merge_input.used)") > 0;
    {
      Statement range(s.db,
                      "SELECT count(*), max(id) FROM (SELECT id FROM merge_input.puzzles WHERE id > ?1 "
                      "ORDER BY id LIMIT ?2)",
                      &s.path);
      // Rows whose canonical form is there already are left out before the
      // insert, so no id is spent on them (AUTOINCREMENT would spend one on
      // an insert that hits the UNIQUE constraint): a rerun gives the same ids.
      Statement copy(s.db,
                     std::string("INSERT INTO main.puzzles (") + kCopied + ") SELECT " + kCopied +
                         " FROM merge_input.puzzles AS i WHERE i.id > ?1 AND i.id <= ?2 AND NOT EXISTS "
                         "(SELECT 1 FROM main.puzzles AS m WHERE m.canonical = i.canonical) ORDER BY i.id "
                         "ON CONFLICT (canonical) DO NOTHING",
                     &s.path);
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
        if (rows == 0) break;
        copy.bind(1, last);
        copy.bind(2, upto);
        copy.step();
        const auto added = static_cast<std::uint64_t>(sqlite3_changes(s.db));
        copy.reset();
        batch.commit("cannot commit a batch");
        last = upto;
        source.rows += rows;
        source.added += added;
        source.duplicates += rows - added;
        if (options.progress) options.progress({&input, source.rows, total});
        if (options.stop && options.stop->load()) {
          report.stopped = true;
          break;
        }
      }
    }
    report.added += source.added;
    report.duplicates += source.duplicates;
    report.sources.push_back(std::move(source));
    if (report.stopped) break;
  }
  return report;
}

}  // namespace sudokit::db
