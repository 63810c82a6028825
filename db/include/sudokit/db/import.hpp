// Importing puzzles from text into the store. Three layouts:
//   line  one puzzle per line as every sudokit command reads them (81
//         characters, optionally followed by a rating; also 9-line grids and
//         batch files ended by "end"); the first field after the puzzle that
//         is not 81 characters (a solution) is its rating, kept as
//         source_rating ("ER/EP/ED" gives the ER), later fields are ignored;
//   csv   a header line, then rows (comma, tab or semicolon separated,
//         RFC 4180 quotes; a field may not span lines). The puzzle column is `puzzle` (or `quizzes`,
//         `quiz`, else the first column). Columns named like the store's own
//         (see `sudokit db export --format csv`) are carried over: symmetry,
//         minimal, symmetric_minimal, method, seed, seed_index, created_at, source_rating (or
//         `rating`, `bank_rating`), and, when not grading, er/ep/ed, level,
//         hardest, histogram. A `solution` column is checked, not trusted.
//   bank  the Sudoku Exchange puzzle bank: "hash puzzle rating", a 12-digit
//         hex hash, 81 digits with 0 for empty, the source's rating (" 7.2").
// A rating field that is present, in any layout (also CSV's source_rating,
// rating, er, ep and ed), must be a rating (sudokit::parse_rating: a finite
// number from 0 to 20), else the record is rejected.
//   auto  csv when the first line is a header with separators, bank when it
//         starts with a hex hash and an 81-digit field, line otherwise.
// Every puzzle is checked (81 cells, givens that break no rule, exactly one
// solution) and gets its canonical form; it is rated by the rater the caller
// gives (produce::import_rater(), the grading `sudokit db import` and
// `db regrade` share), or stored ungraded without one.
// Bad records are reported with their line number and skipped; the rest are
// stored. Work is spread over threads; rows reach the store in input order.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/db/store.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

enum class ImportFormat { Auto, Line, Csv, Bank };

/// "auto", "line", "csv", "bank".
std::optional<ImportFormat> parse_import_format(std::string_view name);

/// The layout `auto` picks for a text.
ImportFormat detect_import_format(std::string_view text);

/// Completes a checked record (solution, canonical form and clues set) with
/// what a graded import stores: its ratings (set_grade()) and minimality.
/// One is made per worker and used by that worker's thread only.
using ImportRater = std::function<void(PuzzleRecord&)>;

struct ImportOptions {
  ImportFormat format = ImportFormat::Auto;
  /// Makes a worker's rater (produce::import_rater()); empty: the rows are
  /// stored ungraded (a fast bulk import; a CSV's rating columns are kept).
  std::function<ImportRater()> make_rater = {};
  unsigned threads = 0;  // checking/grading threads (1: all in the calling thread); 0 = one per core
  std::string method = "import";  // method column of rows that do not carry one
  /// Polled while importing: when it becomes true the import stops reading,
  /// stores the records already checked, commits, and returns with
  /// `interrupted` set. May be set from a signal handler (std::atomic<bool>
  /// is lock-free).
  const std::atomic<bool>* stop = nullptr;
  /// Called on the calling thread after each block of records is stored or
  /// rejected, with the records handed on so far (a progress line). May throw
  /// (stops the import after the workers are joined).
  std::function<void(std::uint64_t records)> progress = {};
};

struct ImportCounts {
  std::uint64_t lines = 0;       // lines of text read (when interrupted: up to the last record stored or rejected)
  std::uint64_t records = 0;     // puzzles found (well-formed or not)
  std::uint64_t imported = 0;    // rows committed
  std::uint64_t duplicates = 0;  // skipped: the canonical form was already stored
  std::uint64_t rejected = 0;    // skipped: malformed, rule-breaking, not unique
  bool interrupted = false;

  ImportCounts& operator+=(const ImportCounts& o);
};

/// Receives each rejected record: its 1-based line and the reason.
using ImportProblemSink = std::function<void(std::size_t line, const std::string& reason)>;

/// Imports every puzzle read from `lines` (a text in memory or a stream:
/// memory stays bounded whatever its size) into `store` and commits them
/// (also when stopped). Problems go to `on_problem` in line order; a line
/// longer than the reader's limit is one rejected record, and a read error
/// ends the input as one more rejected record ("cannot read: ..."). Throws
/// StoreError when the store fails; rows committed before that stay
/// committed.
ImportCounts import_lines(PuzzleStore& store, LineReader lines, const ImportOptions& options,
                          const ImportProblemSink& on_problem);

/// import_lines() over a text held in memory.
ImportCounts import_text(PuzzleStore& store, std::string_view text, const ImportOptions& options,
                         const ImportProblemSink& on_problem);

/// One input of import_inputs(): `label` names it in problems; `open`
/// gives its bytes, or false with the reason it cannot be read.
struct ImportInput {
  std::string label;
  std::function<bool(ByteSource& source, std::string& error)> open;
};

/// What import_inputs() did.
struct ImportRun {
  ImportCounts counts;
  std::uint64_t problems = 0;  // reported to on_problem (records, and inputs that cannot be read)
  std::string store_error;     // not empty: the store failed (what it said); the run ended there
  std::size_t lost = 0;        // with store_error: rows of the failed batch not stored
};

/// Receives each problem of import_inputs(): the input's label, the line (0:
/// the input as a whole, "cannot read: ...") and the reason.
using ImportInputProblemSink = std::function<void(const std::string& label, std::size_t line, const std::string& reason)>;

/// `db import`: imports the inputs in turn into `store` (import_lines()).
/// An input that cannot be opened is a problem and the next one goes on; a
/// stop request (options.stop) ends the input being read as if it ended
/// there (a pipe or /dev/zero is not read on) and ends the run after it,
/// counts.interrupted set. options.progress gets the records of all the
/// inputs so far. A StoreError ends the run without throwing: the failed
/// batch is discarded (`lost`), counts.imported and counts.duplicates are
/// what the store committed, counts.rejected the problems reported.
ImportRun import_inputs(PuzzleStore& store, const std::vector<ImportInput>& inputs, const ImportOptions& options,
                        const ImportInputProblemSink& on_problem);

}  // namespace sudokit::db
