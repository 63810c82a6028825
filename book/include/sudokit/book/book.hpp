// A print-ready puzzle book as one PDF, drawn with cairo: a title page (the
// title, an optional subtitle, what the book holds, how to play), numbered
// puzzles with their level (and optionally rating) under each grid, page
// numbers, and the solutions at the back in smaller grids; or in sections,
// one per level (a contents page, a title page per section, the solutions
// after each section or at the back: plan_pages). On A4 or Letter
// paper, or for print on demand on a trim (`trim`): KDP's margins for the
// page count mirrored on left and right pages, optional bleed, a blank back
// to the title page so puzzle pages start on the right, an even page count,
// TrimBox and BleedBox on every page, and large print. The caller picks
// and orders the puzzles (`sudokit book` takes them from the store); this
// library only lays them out (layout.hpp) and draws them (grid_drawing.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/book/labels.hpp"
#include "sudokit/book/layout.hpp"
#include "sudokit/files/staged.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::book {

/// A failure to render or write; what() is "FILE: reason".
class RenderError : public std::runtime_error {
 public:
  /// `error`: the errno of a failed write (EPIPE: a pipe's reader went away), 0 otherwise.
  RenderError(const std::string& path, const std::string& message, int error = 0)
      : std::runtime_error(path + ": " + message), error_(error) {}
  int error() const { return error_; }

 private:
  int error_;
};

/// A text of the user's (a label of --labels or a language, --title,
/// --author, ...) that does not fit its box even at the smallest size the
/// book allows there: what draws it refuses the whole book or cover before
/// anything is written, rather than clip it. what() is "SOURCE DETAIL"
/// ("label rules \"How to play...\" does not fit: ...; shorten it");
/// label() is the label's key ("rules", "levels.hard") when the text is a
/// label's, else empty; detail() is the part after the source.
class TextDoesNotFit : public std::invalid_argument {
 public:
  TextDoesNotFit(const std::string& source, std::string label, std::string detail)
      : std::invalid_argument(source + " " + detail), label_(std::move(label)), detail_(std::move(detail)) {}
  const std::string& label() const { return label_; }
  const std::string& detail() const { return detail_; }

 private:
  std::string label_, detail_;
};

/// Rendering stopped because BookOptions::stop was set; nothing was written.
class RenderInterrupted : public RenderError {
 public:
  explicit RenderInterrupted(const std::string& path) : RenderError(path, "interrupted; not written") {}
};

struct BookPuzzle {
  Grid puzzle{};
  Grid solution{};
  std::string level;             // level name, shown capitalised ("Hard")
  std::optional<double> rating;  // ER, shown with show_rating
  std::int64_t id = 0;           // store id, for the manifest
  /// A variant's puzzle and solution (BookOptions::geometry not classic):
  /// geometry.cells() digits each, 0 empty; `puzzle` and `solution` unused.
  std::vector<std::uint8_t> cells, solution_cells;
  /// A variant's global id (the store's gid: global_id_any), for the
  /// manifest; empty leaves it out. A classic puzzle's is computed.
  std::string gid{};
};

struct BookOptions {
  std::string title = "Sudoku";
  std::string subtitle;  // optional line under the title
  std::string author;    // optional: under the subtitle (or summary line) on the title page
  std::string imprint;   // optional: the publisher's name at the foot of the title page
  Paper paper = Paper::A4;
  /// A print book on this trim (parse_trim); `paper` is then unused.
  std::optional<PageSize> trim;
  bool bleed = false;                   // with trim: kBleed on the top, bottom and outside edge
  std::optional<double> gutter;         // with trim: the inside margin, points (default: kdp_gutter)
  std::optional<double> outer_margin;   // with trim: outside, top and bottom margins, points (default: kdp_margins)
  bool large_print = false;             // with trim: one puzzle a page, digits >= kLargePrintDigit, heavier lines;
                                        // front matter and answer key in large print too (text >= kLargePrintText)
  int per_page = 4;  // 1, 2, 4 or 6; with trim, 0 = the densest whose cells are at least kMinCell
  bool solutions = true;
  /// One section per level (a run of puzzles of one level): a contents page
  /// after the title page, a title page before each section's puzzles.
  bool sections = false;
  /// With sections: each section's solutions right after its puzzles
  /// instead of all at the end of the book.
  bool solutions_after_section = false;
  bool show_rating = false;
  /// Front matter. The copyright page (the title page's back in a print
  /// book, page 2 on paper) holds these lines and "ISBN <isbn>", set small
  /// at the foot of the page; none when both are empty.
  std::vector<std::string> copyright;
  std::string isbn;
  /// A page with the rules and what each level of the book takes (after the
  /// contents); the title page then leaves its rules paragraph out.
  bool how_to_play = false;
  /// The levels of the book for the how-to-play page, in book order, with
  /// the ratings they have in it (what each takes comes from `labels`).
  struct LevelInBook {
    std::string level;
    std::optional<double> low, high;
  };
  std::vector<LevelInBook> levels_in_book;
  /// The words the book prints (labels.hpp): English unless --language or
  /// --labels says otherwise.
  Labels labels = *labels_for("en");
  /// The puzzles' geometry (docs/VARIANTS.md): their grids are drawn with it
  /// (grid_drawing.hpp) and its rules are the ones printed (Labels::rules_for);
  /// null or classic: the classic 9x9 from BookPuzzle::puzzle and solution.
  GeometryPtr geometry;
  Symbols symbols = Symbols::kDigits;  // how a variant's digits are printed
  std::string creator = "sudokit";  // the PDF's Creator field
  std::string creation_date;        // the PDF's CreationDate, "YYYY-MM-DDThh:mm:ssZ"; empty = now
  int first_number = 1;  // the first puzzle's number (a later volume goes on from the last one)
  int pad_to = 0;        // blank pages at the end up to a multiple of this (0 or 1 = none; at most kMaxPadTo)
  const std::atomic<bool>* stop = nullptr;  // polled after each page: set, render_book throws RenderInterrupted
};

/// The creation date a reproducible build asks for: SOURCE_DATE_EPOCH (seconds
/// since 1970, see reproducible-builds.org) as "YYYY-MM-DDThh:mm:ssZ", or ""
/// when it is not set or not a number.
std::string source_date_epoch();

/// One page of a book, in order.
struct PagePlan {
  enum class Kind { Title, Blank, Copyright, Contents, HowToPlay, Section, Puzzles, Solutions };
  Kind kind = Kind::Blank;
  int section = -1;  // Section, Puzzles, Solutions: the section's index (0 without sections)
  int first = 0;     // Puzzles, Solutions: index of the first puzzle on the page; HowToPlay: which of its pages
  int count = 0;     // and how many
};

/// How a book's pages are laid out: the geometry, the slots of left and
/// right pages (index page % 2), line styles, and the page count.
struct BookLayout {
  PageGeometry geometry;
  int per_page = 0;
  int front = 1;  // pages before the first puzzle page (the title page, its blank back)
  int pages = 0;  // with padding
  std::vector<PagePlan> plan;  // the pages before padding
  std::vector<Slot> puzzle_slots[2], solution_slots[2];
};

/// The pages of a book whose sections hold `sections[k]` puzzles (one
/// section when options.sections is false), before padding: the title
/// page, its back (`front` = 2: a print book; the copyright page or blank),
/// on paper the copyright page when there is one, the contents page, the
/// how-to-play pages (`how_to_play_pages`: its text may need more than
/// one), then per section its title page, its puzzle pages and
/// (solutions_after_section) its solutions; then the solutions (at the
/// end). A print book opens each section's title page (without sections,
/// the first puzzle page) on a right-hand page, with a blank page before
/// it when needed.
std::vector<PagePlan> plan_pages(const std::vector<int>& sections, const BookOptions& options, int per_page,
                                 int solutions_per_page, int front, int how_to_play_pages = 1);

/// The sizes of the runs of one level in `puzzles` (the book's sections),
/// or one section of all when options.sections is false.
std::vector<int> section_sizes(const std::vector<BookPuzzle>& puzzles, const BookOptions& options);

/// Plans the pages of a book of `puzzles` puzzles. For a trim, the gutter
/// follows the page count (which follows the layout): settled in a few
/// rounds. Throws std::invalid_argument with a reason a user can act on:
/// grids whose cells would be smaller than kMinCell (naming the per-page
/// setting that fits), large print that does not fit the trim, margins
/// below the printer's minimum, bad per_page; OptionError for a bad
/// first_number or pad_to (check_numbering).
BookLayout plan_book_layout(int puzzles, const BookOptions& options);
/// The same for a book in sections of these sizes.
BookLayout plan_book_layout(const std::vector<int>& sections, const BookOptions& options);

/// The line styles of a book's grids (print books: no line under 0.5 pt;
/// large print heavier).
GridStyle puzzle_grid_style(const BookLayout& layout, const BookOptions& options);
GridStyle solution_grid_style(const BookLayout& layout, const BookOptions& options = {});

/// Where each puzzle went (1-based page numbers; solution_page 0 without solutions).
struct BookResult {
  int pages = 0;
  int per_page = 0;  // as laid out (a print book may choose it)
  struct Placement {
    int number = 0;
    int page = 0;
    int solution_page = 0;
  };
  std::vector<Placement> placements;  // in puzzle order
};

/// What a book run writes: the PDF ("-" = stdout, written as it is drawn)
/// and, unless empty, the manifest (manifest_json; "-" is a file name here).
struct BookFiles {
  BookFiles(std::string pdf_path, std::string manifest_path = "")
      : pdf(std::move(pdf_path)), manifest(std::move(manifest_path)) {}
  std::string pdf;
  std::string manifest;
};

/// The caller's record of the run (`sudokit book --mark-used`: the store's
/// used marks), kept in step with the files. `stage` adds files of its own
/// to the book's set (`--ipuz-dir`), published and undone with the PDF;
/// `prepare` records it without making it permanent (an open transaction
/// that is rolled back unless committed), `commit` makes it permanent. Any
/// may be empty or throw.
struct BookRecord {
  std::function<void()> prepare;
  std::function<void()> commit;
  std::function<void(files::StagedFiles&)> stage = {};
  /// A print book's finished PDF (page boxes included), before any of it is
  /// written: `sudokit book --trim` preflights it here and throws when it
  /// fails, so that nothing is published. Not called for a paper book
  /// (written as it is drawn).
  std::function<void(const std::string& pdf)> check = {};
};

/// Renders the book all or nothing: the PDF, the manifest, record.stage's
/// files and the record together, or none of them. The protocol:
///  1. the manifest, then the PDF, are written under temporary names of
///     their own beside their targets (files/staged.hpp), every write,
///     flush, fsync and close checked (a print book's PDF is passed to
///     record.check first);
///  2. a stop request (options.stop) ends the run here: RenderInterrupted;
///  3. record.stage(set), record.prepare();
///  4. the set (manifest, PDF, record.stage's files) is renamed into place
///     under the directories' locks, each file replaced kept as a backup
///     (a hard link);
///  5. record.commit();
///  6. the backups are removed and the locks released.
/// When a step throws, what was done is undone (temporaries removed, the
/// replaced files renamed back, new ones removed; the caller rolls back an
/// uncommitted record) and the exception propagates: RenderError ("FILE:
/// reason"), RenderInterrupted, or what the record threw. A run killed
/// outright (SIGKILL) may leave its temporaries (.sudokit-tmp.*) or backups
/// (.sudokit-old.*): the next run that publishes into the directory removes
/// them.
/// std::invalid_argument for an empty puzzle list, a variant puzzle whose
/// cells do not fit options.geometry or an unsupported per_page; OptionError
/// (one) for a first_number outside 1..kMaxFirstNumber or a pad_to outside
/// 0..kMaxPadTo (check_numbering).
BookResult render_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options, const BookFiles& files,
                       const BookRecord& record = {});

/// "Hard" for "hard": the level name as printed.
std::string display_level(const std::string& level);

/// The book's contents as JSON: title, paper, pages, and for each puzzle its
/// number, store id, gid, level, rating, page, solution page, puzzle and
/// solution. A variant book's puzzles have instead of level and rating
/// their geometry (canonical spelling) and no level or rating (unrated
/// until issue #48); cells in the geometry's alphabet (print_cells).
nlohmann::ordered_json manifest_json(const std::vector<BookPuzzle>& puzzles, const BookOptions& options,
                                     const BookResult& result);

}  // namespace sudokit::book
