// Page geometry of the book (see layout.hpp). Every slot is a column x row
// cell of the printable area; inside it the grid (a square as large as the
// cell allows once the caption line is below it) and its caption are centred
// as one block.
#include "sudokit/book/layout.hpp"

#include <algorithm>
#include <cctype>
#include <string>

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
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
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

std::vector<Slot> puzzle_slots(PageSize page, int per_page) {
  const Rect area = content_area(page);
  switch (per_page) {
    case 1: return slots_in(area, 1, 1, 0, 0);
    case 2: return slots_in(area, 1, 2, 0, kRowGap * 2);
    case 4: return slots_in(area, 2, 2, kColumnGap, kRowGap * 2);
    case 6: return slots_in(area, 2, 3, kColumnGap, kRowGap);
    default: return {};
  }
}

double solutions_heading_size() { return kHeadingSize; }

double solutions_heading_baseline(PageSize page) { return content_area(page).y + kHeadingSize; }

std::vector<Slot> solution_slots(PageSize page) {
  Rect area = content_area(page);
  const double heading = kHeadingSize * 2;  // the heading line and the space under it
  area.y += heading;
  area.h -= heading;
  return slots_in(area, 3, 4, mm(8), mm(5), 8);
}

int book_page_count(int puzzles, int per_page, bool solutions, int pad_to) {
  const int puzzle_pages = (puzzles + per_page - 1) / per_page;
  const int solution_pages = solutions ? (puzzles + kSolutionsPerPage - 1) / kSolutionsPerPage : 0;
  const int pages = 1 + puzzle_pages + solution_pages;
  return pad_to > 1 ? (pages + pad_to - 1) / pad_to * pad_to : pages;
}

}  // namespace sudokit::book
