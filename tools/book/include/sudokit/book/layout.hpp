// Page geometry of a puzzle book, in PDF points (1/72 inch), origin at the
// top-left corner of the page: paper sizes, margins, where the grids and
// their captions go for 1, 2, 4 or 6 puzzles a page and for the solutions
// pages, and the page count. Pure arithmetic (no cairo), so the tests can
// check that every grid and caption stays inside the printable area and
// that nothing overlaps, for every setting and both paper sizes.
#pragma once

#include <optional>
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

/// One grid and the caption line under it.
struct Slot {
  Rect grid;     // a square; the grid's outer edge (box line included) lies on it
  Rect caption;  // the caption line's box (text must fit its width)
  double caption_size = 10;  // font size of the caption, points
};

/// The puzzles per page the book supports.
bool valid_per_page(int per_page);

/// Slots of a puzzle page with `per_page` (1, 2, 4 or 6) puzzles, in reading
/// order: 1 and 2 in one column, 4 as 2 x 2, 6 as 2 columns x 3 rows.
std::vector<Slot> puzzle_slots(PageSize page, int per_page);

/// Solutions per page (smaller grids, 3 columns x 4 rows).
inline constexpr int kSolutionsPerPage = 12;
/// Height of the "Solutions" heading at the top of each solutions page.
double solutions_heading_baseline(PageSize page);
double solutions_heading_size();
std::vector<Slot> solution_slots(PageSize page);

/// Pages of a book of `puzzles`: the title page, the puzzle pages, then the
/// solution pages when `solutions`; then blank pages up to a multiple of
/// `pad_to` (printers bind folded sheets of 4, 8, 16 or 32 pages; 0 or 1 =
/// no padding).
int book_page_count(int puzzles, int per_page, bool solutions, int pad_to = 0);

/// The largest --pad-to a book accepts.
inline constexpr int kMaxPadTo = 64;
/// The largest first puzzle number a book accepts (numbers stay in an int).
inline constexpr int kMaxFirstNumber = 1'000'000'000;

}  // namespace sudokit::book
