// Page geometry of a puzzle book, in PDF points (1/72 inch), origin at the
// top-left corner of the page: paper sizes and print-on-demand trims,
// margins (KDP's gutter table, mirrored on left and right pages), bleed,
// where the grids and their captions go for 1, 2, 4 or 6 puzzles a page and
// for the solutions pages, the smallest cell a solver can write in, and the
// page count. Pure arithmetic (no cairo), so the tests can check that every
// grid and caption stays inside the safe area and that nothing overlaps, for
// every setting and every trim.
#pragma once

#include <cmath>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sudokit::book {

enum class Paper { A4, Letter };

/// "a4" or "letter" (any case).
std::optional<Paper> parse_paper(std::string_view name);

struct Rect {
  double x = 0, y = 0, w = 0, h = 0;
  double right() const { return x + w; }
  double bottom() const { return y + h; }
  bool contains(const Rect& r, double slack = 1e-6) const {
    return r.x >= x - slack && r.y >= y - slack && r.right() <= right() + slack && r.bottom() <= bottom() + slack;
  }
  bool overlaps(const Rect& r) const { return r.x < right() && x < r.right() && r.y < bottom() && y < r.bottom(); }
};

struct PageSize {
  double width = 0, height = 0;
};

/// A4 = 210 x 297 mm, Letter = 8.5 x 11 in.
PageSize page_size(Paper paper);

/// Millimetres to points.
constexpr double mm(double v) { return v * 72.0 / 25.4; }

/// The printable area: the page less the margins (15 mm at the top and
/// sides, 20 mm at the bottom, where the page number goes).
Rect content_area(PageSize page);
/// Baseline of the page number, centred horizontally.
double page_number_baseline(PageSize page);

// ---- Print-on-demand geometry (`sudokit book --trim`) ----

inline constexpr double kInch = 72;
/// What printers trim off the top, bottom and outside edge of a page printed
/// with bleed (KDP, IngramSpark, Lulu: 0.125 in).
inline constexpr double kBleed = 0.125 * kInch;

/// A trim size (the finished page): a preset ("5x8", "5.25x8", "5.5x8.5",
/// "6x9", "7x10", "8x10", "8.25x11", "8.5x11", inches, "in" optional; "a4",
/// "a5") or a custom size "WxHmm" / "WxHin" ("150x230mm", "7.5x9.25in").
/// Sizes must lie within KDP's paperback range, 4 x 6 in to 8.5 x 11.69 in
/// (portrait: width <= height). nullopt and `error` set otherwise.
std::optional<PageSize> parse_trim(std::string_view text, std::string& error);
/// The preset names, for --help.
std::string trim_presets();

/// KDP's inside (gutter) margin for a paperback of `pages` pages: 24-150
/// pages 0.375 in, 151-300 0.5 in, 301-500 0.625 in, 501-700 0.75 in,
/// 701-828 (and more) 0.875 in; fewer than 24 pages as 24.
double kdp_gutter(int pages);

struct Margins {
  double inside = 0, outside = 0, top = 0, bottom = 0;
};
/// KDP's minimum margins: the gutter by page count, 0.25 in elsewhere
/// (0.375 in with bleed, measured from the trim).
Margins kdp_margins(int pages, bool bleed);

/// The geometry of every page of a book. Two kinds: a paper book (A4 or
/// Letter as before: 15 mm margins, 20 mm at the bottom where the page
/// number goes, the same on every page) and a print book (`print`): a trim
/// with margins mirrored on left and right pages (the inside margin at the
/// spine), optional bleed, the page number inside the safe area, and the
/// PDF's TrimBox and BleedBox set. Pages are numbered from 1; odd pages are
/// right-hand pages (recto), their spine on the left.
struct PageGeometry {
  PageSize trim;
  Margins margins;
  bool bleed = false;
  bool print = false;
  double page_number_size = 10;  // points

  /// The PDF page: the trim plus, with bleed, kBleed on the top, bottom and
  /// outside edge.
  PageSize media() const;
  static bool right_hand(int page) { return page % 2 == 1; }
  /// The trim within the page (with bleed: shifted off the outside edge).
  Rect trim_box(int page) const;
  /// The page itself (trim and bleed).
  Rect bleed_box() const { return {0, 0, media().width, media().height}; }
  /// Where ink may go: the trim less the margins. For a paper book, the
  /// content area (the page number sits in the bottom margin).
  Rect safe_area(int page) const;
  /// Where grids and headings go: the safe area less the page number's line.
  Rect content_area(int page) const;
  double page_number_baseline(int page) const;
  /// The horizontal centre of the page number.
  double page_number_centre(int page) const;
};
PageGeometry paper_geometry(Paper paper);
PageGeometry print_geometry(PageSize trim, const Margins& margins, bool bleed);

/// One grid and the caption line under it.
struct Slot {
  Rect grid;     // a square; the grid's outer edge (box line included) lies on it
  Rect caption;  // the caption line's box (text must fit its width)
  double caption_size = 10;  // font size of the caption, points
};

/// The smallest cell a reader can write a digit in (6.5 mm: a 58.5 mm grid).
inline constexpr double kMinCell = mm(6.5);
/// Large print: one puzzle a page with digits of at least 28 pt.
inline constexpr double kLargePrintDigit = 28;
inline constexpr double kLargePrintDigitScale = 0.7;  // font size / cell size
/// The smallest body text a page sets (the how-to-play page shrinks its
/// text down to it before it takes a second page), and in large print.
inline constexpr double kMinBodyText = 9, kLargePrintText = 16;
/// The width of the outer border and box lines of a grid `size` points
/// wide (grid_drawing.hpp style_for): 1.7 pt at 75 mm, growing with the
/// square root of the size.
inline double box_line_width(double size) { return 1.7 * std::sqrt(size / mm(75)); }
/// The cell size of a slot's grid of `size` cells a side (a variant's
/// geometry.size(); 9 for the classic) as drawn: the distance between the
/// centres of its lines, the outer border's width taken off the square
/// (grid_lines puts the border inside it).
inline double cell_size(const Slot& s, int size = 9) { return (s.grid.w - box_line_width(s.grid.w)) / size; }

/// The puzzles per page the book supports.
bool valid_per_page(int per_page);

/// Slots of a puzzle page with `per_page` (1, 2, 4 or 6) puzzles, in reading
/// order: 1 and 2 in one column, 4 as 2 x 2, 6 as 2 columns x 3 rows.
std::vector<Slot> puzzle_slots(PageSize page, int per_page);
/// The same in any content area; `caption_size` > 0 fixes the caption font.
std::vector<Slot> puzzle_slots(const Rect& area, int per_page, double caption_size = 0);
/// The most puzzles per page (6, 4, 2 or 1) whose cells (of a grid `size`
/// cells a side) are at least kMinCell in this content area; 0 when not
/// even one fits.
int densest_per_page(const Rect& area, int size = 9);

/// Solutions per page (smaller grids, 3 columns x 4 rows).
inline constexpr int kSolutionsPerPage = 12;
/// Height of the "Solutions" heading at the top of each solutions page.
double solutions_heading_baseline(PageSize page);
double solutions_heading_size();
std::vector<Slot> solution_slots(PageSize page);
/// Solutions slots in a content area with the heading on top: 3 x 4 when
/// their cells are at least kMinSolutionCell, else 2 x 3, else 2 x 2.
inline constexpr double kMinSolutionCell = mm(3.5);
std::vector<Slot> solution_slots(const Rect& area);
/// Large print's answer key: the heading kLargePrintHeading, captions of
/// kLargePrintText, and grids of 2 x 2, else 1 x 2, else 1 a page, the
/// densest whose digits (kSolutionDigitScale of the cell) are at least
/// kLargePrintText.
inline constexpr double kLargePrintHeading = 24, kSolutionDigitScale = 0.64;
std::vector<Slot> large_print_solution_slots(const Rect& area);

/// Pages of a book of `puzzles`: the title page, the puzzle pages, then the
/// solution pages when `solutions`; then blank pages up to a multiple of
/// `pad_to` (printers bind folded sheets of 4, 8, 16 or 32 pages; 0 or 1 =
/// no padding).
int book_page_count(int puzzles, int per_page, bool solutions, int pad_to = 0);
/// The general count: `front` pages before the puzzles, `solutions_per_page`
/// 0 for none.
int book_page_count(int puzzles, int per_page, int solutions_per_page, int front, int pad_to);

/// The largest --pad-to a book accepts.
inline constexpr int kMaxPadTo = 64;
/// The largest first puzzle number a book accepts (numbers stay in an int).
inline constexpr int kMaxFirstNumber = 1'000'000'000;

/// A numeric option of a book or a cover that the library bounds.
enum class BookOption { FirstNumber, PadTo, Pages };

/// A book or cover option outside its bounds: which() names it, so that a
/// front end reports it in its own spelling (the command: --first-number,
/// --pad-to, --pages); what() is the rule ("the first puzzle number must be
/// 1 to 1000000000").
class OptionError : public std::invalid_argument {
 public:
  OptionError(BookOption option, const std::string& message) : std::invalid_argument(message), which_(option) {}
  BookOption which() const { return which_; }

 private:
  BookOption which_;
};

/// Throws OptionError for a first_number outside 1..kMaxFirstNumber or a
/// pad_to outside 0..kMaxPadTo (plan_book_layout and render_book check the
/// same; the command checks before it opens anything).
void check_numbering(int first_number, int pad_to);

}  // namespace sudokit::book
