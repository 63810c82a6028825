// Page geometry of the book (see layout.hpp). Every slot is a column x row
// cell of the printable area; inside it the grid (a square as large as the
// cell allows once the caption line is below it) and its caption are centred
// as one block.
#include "sudokit/book/layout.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <string>

#include "names.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::book {

namespace {

constexpr double kSideMargin = mm(15), kTopMargin = mm(15), kBottomMargin = mm(20);
constexpr double kColumnGap = mm(12), kRowGap = mm(8);
constexpr double kHeadingSize = 16;  // "Solutions"

/// The caption font for a grid of this size: readable, never dominant.
double caption_size_for(double grid) { return std::clamp(grid * 0.045, 8.0, 13.0); }

/// Caption block height (gap above + line) for a caption font size.
double caption_block(double size) { return size * 0.6 + size * 1.3; }

std::vector<Slot> slots_in(const Rect& area, int columns, int rows, double column_gap, double row_gap,
                           double fixed_caption_size = 0) {
  const double cell_w = (area.w - column_gap * (columns - 1)) / columns;
  const double cell_h = (area.h - row_gap * (rows - 1)) / rows;
  // The caption size depends on the grid and the grid on the caption: two
  // rounds settle it (the caption is a few percent of the grid).
  double size = fixed_caption_size > 0 ? fixed_caption_size : 10;
  double grid = 0;
  for (int round = 0; round < 2; ++round) {
    grid = std::min(cell_w, cell_h - caption_block(size));
    if (fixed_caption_size <= 0) size = caption_size_for(grid);
  }
  grid = std::min(cell_w, cell_h - caption_block(size));
  std::vector<Slot> out;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < columns; ++c) {
      const double cx = area.x + c * (cell_w + column_gap), cy = area.y + r * (cell_h + row_gap);
      const double block = grid + caption_block(size);
      Slot s;
      s.caption_size = size;
      s.grid = {cx + (cell_w - grid) / 2, cy + (cell_h - block) / 2, grid, grid};
      s.caption = {s.grid.x, s.grid.bottom() + size * 0.6, grid, size * 1.3};
      out.push_back(s);
    }
  return out;
}

}  // namespace

std::optional<Paper> parse_paper(std::string_view name) {
  const std::string lower = lower_case(name);
  if (lower == "a4") return Paper::A4;
  if (lower == "letter") return Paper::Letter;
  return std::nullopt;
}

PageSize page_size(Paper paper) {
  return paper == Paper::A4 ? PageSize{mm(210), mm(297)} : PageSize{8.5 * 72, 11 * 72};
}

Rect content_area(PageSize page) {
  return {kSideMargin, kTopMargin, page.width - 2 * kSideMargin, page.height - kTopMargin - kBottomMargin};
}

double page_number_baseline(PageSize page) { return page.height - mm(10); }

bool valid_per_page(int per_page) { return per_page == 1 || per_page == 2 || per_page == 4 || per_page == 6; }

std::vector<Slot> puzzle_slots(PageSize page, int per_page) { return puzzle_slots(content_area(page), per_page); }

std::vector<Slot> puzzle_slots(const Rect& area, int per_page, double caption_size) {
  switch (per_page) {
    case 1: return slots_in(area, 1, 1, 0, 0, caption_size);
    case 2: return slots_in(area, 1, 2, 0, kRowGap * 2, caption_size);
    case 4: return slots_in(area, 2, 2, kColumnGap, kRowGap * 2, caption_size);
    case 6: return slots_in(area, 2, 3, kColumnGap, kRowGap, caption_size);
    default: return {};
  }
}

double solutions_heading_size() { return kHeadingSize; }

double solutions_heading_baseline(PageSize page) { return content_area(page).y + kHeadingSize; }

std::vector<Slot> solution_slots(PageSize page) { return solution_slots(content_area(page)); }

std::vector<Slot> solution_slots(const Rect& content) {
  Rect area = content;
  const double heading = kHeadingSize * 2;  // the heading line and the space under it
  area.y += heading;
  area.h -= heading;
  auto slots = slots_in(area, 3, 4, mm(8), mm(5), 8);
  if (cell_size(slots[0]) < kMinSolutionCell) slots = slots_in(area, 2, 3, mm(8), mm(5), 8);
  if (cell_size(slots[0]) < kMinSolutionCell) slots = slots_in(area, 2, 2, mm(8), mm(5), 8);
  return slots;
}

std::vector<Slot> large_print_solution_slots(const Rect& content) {
  Rect area = content;
  const double heading = kLargePrintHeading * 2;
  area.y += heading;
  area.h -= heading;
  std::vector<Slot> slots;
  for (const auto [columns, rows] : {std::pair{2, 2}, std::pair{1, 2}, std::pair{1, 1}}) {
    slots = slots_in(area, columns, rows, mm(10), mm(8), kLargePrintText);
    if (cell_size(slots[0]) * kSolutionDigitScale >= kLargePrintText) break;
  }
  return slots;
}

int densest_per_page(const Rect& area, int size) {
  for (int per_page : {6, 4, 2, 1})
    if (cell_size(puzzle_slots(area, per_page)[0], size) >= kMinCell) return per_page;
  return 0;
}

namespace {

struct TrimPreset {
  const char* name;
  double width, height;  // points
};
constexpr TrimPreset kTrims[] = {
    {"5x8", 5 * kInch, 8 * kInch},         {"5.25x8", 5.25 * kInch, 8 * kInch}, {"5.5x8.5", 5.5 * kInch, 8.5 * kInch},
    {"6x9", 6 * kInch, 9 * kInch},         {"7x10", 7 * kInch, 10 * kInch},     {"8x10", 8 * kInch, 10 * kInch},
    {"8.25x11", 8.25 * kInch, 11 * kInch}, {"8.5x11", 8.5 * kInch, 11 * kInch}, {"a4", mm(210), mm(297)},
    {"a5", mm(148), mm(210)},
};

/// A positive decimal number taking the whole of `text`.
bool parse_size_number(std::string_view text, double& out) {
  if (text.empty() || text.find_first_not_of("0123456789.") != std::string_view::npos) return false;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && out > 0;
}

std::string inches(double points) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", points / kInch);
  return buf;
}

}  // namespace

std::string trim_presets() {
  std::string out;
  for (const auto& t : kTrims) out += (out.empty() ? "" : ", ") + std::string(t.name);
  return out;
}

std::optional<PageSize> parse_trim(std::string_view text, std::string& error) {
  const std::string lower = lower_case(text);
  std::string bare = lower;
  if (bare.size() > 2 && bare.compare(bare.size() - 2, 2, "in") == 0) bare.resize(bare.size() - 2);
  for (const auto& t : kTrims)
    if (lower == t.name || bare == t.name) return PageSize{t.width, t.height};
  double unit = 0;
  std::string_view body = lower;
  if (body.size() > 2 && body.substr(body.size() - 2) == "mm") unit = mm(1);
  else if (body.size() > 2 && body.substr(body.size() - 2) == "in") unit = kInch;
  const std::size_t x = body.find('x');
  double w = 0, h = 0;
  if (unit == 0 || x == std::string_view::npos || !parse_size_number(body.substr(0, x), w) ||
      !parse_size_number(body.substr(x + 1, body.size() - 2 - x - 1), h)) {
    error = single_quoted(text) + " is not a trim size: give a preset (" + trim_presets() +
            ") or WIDTHxHEIGHT with mm or in (150x230mm, 7.5x9.25in)";
    return std::nullopt;
  }
  const PageSize size{w * unit, h * unit};
  const double slack = 0.001 * kInch;
  if (size.width > size.height + slack || size.width < 4 * kInch - slack || size.height < 6 * kInch - slack ||
      size.width > 8.5 * kInch + slack || size.height > 11.69 * kInch + slack) {
    error = single_quoted(text) + " is " + inches(size.width) + " x " + inches(size.height) +
            " in; print-on-demand trims are portrait, 4 x 6 in to 8.5 x 11.69 in";
    return std::nullopt;
  }
  return size;
}

double kdp_gutter(int pages) {
  if (pages <= 150) return 0.375 * kInch;
  if (pages <= 300) return 0.5 * kInch;
  if (pages <= 500) return 0.625 * kInch;
  if (pages <= 700) return 0.75 * kInch;
  return 0.875 * kInch;
}

Margins kdp_margins(int pages, bool bleed) {
  const double edge = (bleed ? 0.375 : 0.25) * kInch;
  return {kdp_gutter(pages), edge, edge, edge};
}

PageSize PageGeometry::media() const {
  return bleed ? PageSize{trim.width + kBleed, trim.height + 2 * kBleed} : trim;
}

Rect PageGeometry::trim_box(int page) const {
  if (!bleed) return {0, 0, trim.width, trim.height};
  // The bleed is on the outside edge: right of a right-hand page, left of a left-hand one.
  return {right_hand(page) ? 0 : kBleed, kBleed, trim.width, trim.height};
}

Rect PageGeometry::safe_area(int page) const {
  const Rect t = trim_box(page);
  if (!print) return {t.x + margins.outside, t.y + margins.top, t.w - margins.inside - margins.outside,
                      t.h - margins.top - margins.bottom};
  const double left = right_hand(page) ? margins.inside : margins.outside;
  return {t.x + left, t.y + margins.top, t.w - margins.inside - margins.outside, t.h - margins.top - margins.bottom};
}

Rect PageGeometry::content_area(int page) const {
  Rect r = safe_area(page);
  if (print) r.h -= page_number_size * 2.2;  // the page number's line and a gap above it
  return r;
}

double PageGeometry::page_number_baseline(int page) const {
  // Digits have no descenders: the baseline is the bottom of their ink.
  return print ? safe_area(page).bottom() - 1 : trim.height - mm(10);
}

double PageGeometry::page_number_centre(int page) const {
  if (!print) return trim.width / 2;
  const Rect s = safe_area(page);
  return s.x + s.w / 2;
}

PageGeometry paper_geometry(Paper paper) {
  PageGeometry g;
  g.trim = page_size(paper);
  g.margins = {kSideMargin, kSideMargin, kTopMargin, kBottomMargin};
  return g;
}

PageGeometry print_geometry(PageSize trim, const Margins& margins, bool bleed) {
  PageGeometry g;
  g.trim = trim;
  g.margins = margins;
  g.bleed = bleed;
  g.print = true;
  return g;
}

int book_page_count(int puzzles, int per_page, bool solutions, int pad_to) {
  return book_page_count(puzzles, per_page, solutions ? kSolutionsPerPage : 0, 1, pad_to);
}

int book_page_count(int puzzles, int per_page, int solutions_per_page, int front, int pad_to) {
  const int puzzle_pages = (puzzles + per_page - 1) / per_page;
  const int solution_pages = solutions_per_page > 0 ? (puzzles + solutions_per_page - 1) / solutions_per_page : 0;
  const int pages = front + puzzle_pages + solution_pages;
  return pad_to > 1 ? (pages + pad_to - 1) / pad_to * pad_to : pages;
}

void check_numbering(int first_number, int pad_to) {
  if (first_number < 1 || first_number > kMaxFirstNumber)
    throw OptionError(BookOption::FirstNumber, "the first puzzle number must be 1 to " + std::to_string(kMaxFirstNumber));
  if (pad_to < 0 || pad_to > kMaxPadTo)
    throw OptionError(BookOption::PadTo, "pages are padded to a multiple of 0 to " + std::to_string(kMaxPadTo));
}

}  // namespace sudokit::book
