// A puzzle book as one call: a BookCommand (what `sudokit book`'s options
// say, plain data) is checked and resolved into a BookPlan (the renderer's
// options, the store request, the levels in book order), which make_book()
// runs: it opens the store, picks the puzzles, renders the PDF (and the
// manifest) and, with mark_used, records them as used, all or nothing.
//
// The policy that lives here and only here:
// - which options go together (--trim with --bleed/--large-print/--gutter/
//   --margin; --level with --count; --levels with --count or per-level
//   counts or --count-per-level; --seed with --pick random; ...);
// - how --levels shares out --count: evenly, the easier levels taking the
//   remainder; levels in ascending difficulty (the level table's order);
// - sections are implied by --count-per-level and --solutions section;
// - a variant book (--geometry other than classic): its puzzles have no
//   level and no rating until issue #48 (`unrated (variant)`), so it is one
//   run of puzzles, never sections, and every option about levels or
//   ratings is refused with that reason; its puzzles come from the store
//   (the geometry's rows) or from a file of puzzles (make_book_from_puzzles);
// - (the puzzle filter, plan_filter, is `db export`'s too: produce/export.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/book/book.hpp"
#include "sudokit/book/preflight.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/produce/export.hpp"
#include "sudokit/produce/generate.hpp"

namespace sudokit::produce {

/// The most puzzles one book holds (a 10,000-page book at one per page).
inline constexpr std::uint64_t kMaxBookPuzzles = 10'000;

/// "easy,medium,hard" (`count` shared out evenly, the easier levels taking
/// the remainder; levels then in the table's order) or "easy:10,hard:20"
/// (explicit counts, adding up to `count` when it is given). False with
/// `error` set when the text or the counts do not fit.
bool parse_book_levels(const std::string& text, std::optional<std::uint64_t> count,
                       std::vector<db::LevelCount>& out, std::string& error);

/// What to make. Names are `sudokit book`'s options; nullopt = not given.
struct BookCommand {
  std::string title = "Sudoku";
  std::string subtitle;
  std::string author, imprint;       // on the title page (optional)
  std::optional<std::string> paper;  // a4 (default) or letter
  std::optional<std::string> trim;   // a preset or a size (book::parse_trim)
  bool bleed = false, large_print = false;
  std::optional<double> gutter_in, margin_in;  // inches
  std::optional<int> per_page;                 // 1, 2, 4 or 6
  int first_number = 1;
  int pad_to = 0;
  bool preflight = false;                // with trim: check the PDF made (book/preflight.hpp)
  std::vector<std::string> copyright;    // lines of the copyright page
  std::optional<std::string> isbn;       // ISBN-10 or ISBN-13 (hyphens allowed), check digit checked
  bool how_to_play = false;              // the rules and the levels on a page of their own
  std::optional<std::string> ipuz_dir;   // also each puzzle as DIR/GID.ipuz, published with the book
  std::optional<std::string> language;   // the printed words: en (default), de, fr or es (book/labels.hpp)
  std::optional<std::string> labels;     // a label file's text (JSON), over the language's words
  std::string labels_source;             // its name, for errors
  bool show_rating = false;
  std::optional<std::string> solutions;  // end, section or none
  bool no_solutions = false;
  bool sections = false;
  std::optional<std::string> level, levels;
  std::optional<std::uint64_t> count, count_per_level;
  FilterOptions filter;                  // its `level` is unused (--level is above)
  std::string pick = "oldest";           // oldest, random or spread
  std::optional<std::uint64_t> seed;     // with pick random
  bool mark_used = false, include_used = false;
  std::string creator = "sudokit";       // the PDF's Creator field
  std::string creation_date;             // "" = now (book::source_date_epoch() for reproducible builds)
  std::optional<std::string> geometry;   // --geometry: a spelling (parse_geometry); not given = classic
  std::optional<std::string> symbols;    // --symbols: how a variant's digits print (book::parse_symbols)
  /// --puzzles FILE: the puzzles come from a file (make_book_from_puzzles),
  /// not the store; goes with a variant --geometry.
  bool from_file = false;
};

/// A checked command with every default resolved.
struct BookPlan {
  book::BookOptions options;
  db::BookRequest request;       // levels in the order the request named them
  std::string levels_option;     // "--level" or "--levels": the option a LevelError is about
  std::string paper_name;        // "A4", "Letter", "trim 6x9 with bleed": for the summary
  bool mark_used = false;
  std::optional<book::PreflightRules> preflight;  // a print book: its PDF is checked before it is published
  bool print_preflight = false;                   // --preflight: print the report of one that passes
  std::optional<std::string> ipuz_dir;             // the book's puzzles as ipuz documents (db::IpuzFiles)
  FilterOptions filter;                            // the filters as given, for the generate command of a shortage
  std::string labels_source;                       // the --labels file's name
  std::set<std::string> labels_from_file;          // the label keys it set ("rules", "levels.hard")
  bool from_file = false;                          // the puzzles come from --puzzles FILE (make_book_from_puzzles)
  std::optional<std::uint64_t> count;              // a --puzzles book's --count (else all of the file)
};

/// Whether `isbn` is an ISBN-13 or ISBN-10 with a correct check digit
/// (hyphens and spaces between the digits allowed; ISBN-10 may end in X).
bool valid_isbn(std::string_view isbn);

/// Checks the command (throws RequestError, the first problem found, in the
/// order of the options) and applies the defaults above, including that the
/// layout fits the trim (book::plan_book_layout). A variant book's grids
/// must keep cells of book::kMinCell on paper too; one that cannot at any
/// number a page is RequestError("--trim" or "--paper", "--trim 5x8: a
/// 25x25 grid ...") naming the page and the geometry's size.
BookPlan plan_book(const BookCommand& command);

/// A print book that its own preflight fails; nothing was written or marked.
class BookFailsPreflight : public std::runtime_error {
 public:
  explicit BookFailsPreflight(book::PreflightReport report)
      : std::runtime_error(report.path + " does not pass preflight"), report_(std::move(report)) {}
  const book::PreflightReport& report() const { return report_; }

 private:
  book::PreflightReport report_;
};

struct BookMade {
  std::uint64_t puzzles = 0, marked = 0;
  book::BookResult result;
  std::optional<book::PreflightReport> preflight;  // a print book's (it passed)
  std::uint64_t ipuz = 0;                          // with plan.ipuz_dir: documents written
};

/// Opens the store at `db_path`, checks the levels (db::LevelError), puts them
/// in ascending difficulty, picks the puzzles (db::ShortageError), renders
/// the book to `files` and, with mark_used, marks the puzzles used (with
/// ipuz_dir, writes each puzzle's ipuz document there), all or nothing (book.hpp: a failure or a stop leaves no file and no mark). Throws
/// what those throw: db::LevelError, db::ShortageError, db::AlreadyUsedError,
/// db::StoreError, book::RenderInterrupted, book::RenderError. A print book
/// (a trim) is preflighted before it is published (book::BookRecord::check):
/// one that fails a check is BookFailsPreflight, with nothing written or
/// marked; the report of one that passes is in `preflight`. A label of the
/// --labels file that does not fit its box is RequestError("--labels",
/// "FILE: label \"KEY\": \"TEXT...\" does not fit: ...; shorten it"), bad
/// input like the file's other faults; another text that does not fit is
/// book::TextDoesNotFit.
BookMade make_book(const BookPlan& plan, const std::string& db_path, const db::StoreOptions& store_options,
                   const book::BookFiles& files, const std::atomic<bool>* stop = nullptr);

/// A puzzle of a --puzzles file: its cells (the geometry's, 0 empty) and
/// where it was read ("FILE", line).
struct SourcePuzzle {
  std::vector<std::uint8_t> cells;
  std::string source;
  std::size_t line = 0;
};

/// Puzzles of a --puzzles file that cannot go in a book; nothing was
/// written. what() is the first; problems() every one, "SOURCE:LINE: why"
/// (book::undrawable: a rule broken, no solution, several solutions).
class BadPuzzles : public std::runtime_error {
 public:
  explicit BadPuzzles(std::vector<std::string> problems)
      : std::runtime_error(problems.front()), problems_(std::move(problems)) {}
  const std::vector<std::string>& problems() const { return problems_; }

 private:
  std::vector<std::string> problems_;
};

/// A variant book of `puzzles` in their order (the first `count` of them
/// when the command gave --count: fewer is db::ShortageError), each checked
/// (BadPuzzles when any cannot be drawn: every problem listed, nothing
/// written) and solved, rendered to `files` as make_book does (manifest,
/// --ipuz-dir, preflight of a print book), all or nothing.
BookMade make_book_from_puzzles(const BookPlan& plan, const std::vector<SourcePuzzle>& puzzles,
                                const book::BookFiles& files, const std::atomic<bool>* stop = nullptr);

}  // namespace sudokit::produce
