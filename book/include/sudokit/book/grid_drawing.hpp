// Drawing one Sudoku grid with cairo the way printed books do: a thick outer
// border and box lines, thin cell lines, the givens centred in their cells
// in DejaVu Sans (measured ink extents, so every digit sits in the middle of
// the white space between the lines). A solution grid shows the givens bold
// and the digits the reader found in grey. Used by the book (PDF) and by
// `sudokit render` (SVG, PNG, PDF).
#pragma once

#include <cairo.h>

#include <optional>
#include <string>
#include <string_view>

#include "sudokit/book/layout.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::book {

/// The font every text of a book or image is set in.
inline constexpr const char* kFontFamily = "DejaVu Sans";

struct GridStyle {
  double thin = 0.55;         // cell lines, points
  double thick = 1.7;         // box lines and the outer border
  double digit_scale = 0.64;  // font size / cell size
  double filled_grey = 0.42;  // grey level of solution digits that were not givens
  bool snap = false;          // align lines to whole device pixels (raster output)
};

/// Line weights for a grid `size` points wide: 1.7 / 0.55 pt at 75 mm (a
/// 6-per-page book), growing with the square root of the size so that large
/// grids stay crisp without turning heavy.
GridStyle style_for(double size);

/// Positions of the 10 vertical (and, from `rect.y`, horizontal) lines of a
/// grid drawn in `rect`: line 0 is the outer border, whose outer edge lies
/// on the rect's edge, so nothing is drawn outside `rect`.
struct GridLines {
  double x[10];
  double y[10];
  double width[10];  // line i's width (thick for 0, 3, 6, 9)
};
GridLines grid_lines(const Rect& rect, const GridStyle& style);

/// The white space of cell (row, col) between its lines.
Rect cell_interior(const GridLines& lines, int row, int col);

/// Draws the grid in the square `rect` (givens of `puzzle`; with `solution`,
/// every cell, the givens bold). Leaves the cairo state as it found it.
void draw_grid(cairo_t* cr, const Rect& rect, const Grid& puzzle, const Grid* solution, const GridStyle& style);

/// When DejaVu Sans is not installed (fontconfig would substitute another
/// font), a warning saying what will be used instead and what to install.
std::optional<std::string> font_warning();

/// The characters of `text` (UTF-8) that the book's font, regular or bold,
/// has no glyph for, as "U+4E2D '\xE4\xB8\xAD', ..." (each once, in order of
/// appearance; at most 10, then "and N more"); "" when it can draw them all.
/// cairo's text API does not fall back to another font, so such text would
/// print as empty boxes: the commands refuse it and name the characters.
std::string missing_glyphs(std::string_view text);

/// Why the book's font cannot print `text`: "the text is not UTF-8", or
/// "DejaVu Sans has no glyph for U+..." (missing_glyphs); "" when it can.
/// Titles, subtitles, copyright lines, captions and cover texts are checked
/// with it before anything is drawn.
std::string unprintable(std::string_view text);

}  // namespace sudokit::book
