// Drawing one Sudoku grid with cairo the way printed books do: a thick outer
// border and box lines, thin cell lines, the givens centred in their cells
// in DejaVu Sans (measured ink extents, so every digit sits in the middle of
// the white space between the lines). A solution grid shows the givens bold
// and the digits the reader found in grey. Used by the book (PDF) and by
// `sudokit render` (SVG, PNG, PDF).
//
// Every geometry (solver/geometry.hpp) is drawn in the same square, its
// cells as large as its size allows, in grey only (books print in black):
// - regions: thick lines between cells of different regions (boxes or
//   jigsaw pieces); `none` has no thick inner lines;
// - x: the cells of both main diagonals shaded; windows: the four windows
//   shaded; girandola and asterisk: their cells shaded (a cell in two shaded
//   groups, as x's centre in a window, is shaded darker);
// - centre-dot: a grey disc behind the digit of each centre cell;
// - disjoint: in each cell's top-left corner its box in miniature (a light
//   grey square) with the cell's own place in it dark (cells with the same
//   mark are one group);
// - anti-knight, anti-king, nc, nc+, toroidal: the plain grid (the rules
//   text says what holds).
// Digits follow GridStyle::symbols; the classic 9x9 is drawn exactly as it
// always was (the same cairo calls, byte for byte).
#pragma once

#include <cairo.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/book/layout.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::book {

/// The font every text of a book or image is set in.
inline constexpr const char* kFontFamily = "DejaVu Sans";

/// How digits are printed in the cells (docs/BOOKS.md, "Variants"):
/// - kDigits: 1-9 then A-P, sudokit's text alphabet (16x16: 1-9, A-G);
/// - kLetters: A, B, C ... (16x16: A-P, as many 16x16 books print);
/// - kHex: 0-9 then A-F, digit d as d-1 (sizes up to 16);
/// - kNumbers: 1..N in decimal (16x16: 1-16; two-digit numbers are set
///   smaller so they fit the cell).
enum class Symbols { kDigits, kLetters, kHex, kNumbers };
/// "digits", "letters", "hex", "numbers"; nullopt for another name.
std::optional<Symbols> parse_symbols(std::string_view name);
/// Why a grid of `size` cannot be printed in `symbols` ("hex writes sizes up
/// to 16"), or "".
std::string symbols_problem(Symbols symbols, int size);
/// The text of digit `d` (1..size) in a grid of `size`.
std::string symbol_text(int d, int size, Symbols symbols);

struct GridStyle {
  double thin = 0.55;         // cell lines, points
  double thick = 1.7;         // box lines and the outer border
  double digit_scale = 0.64;  // font size / cell size
  double filled_grey = 0.42;  // grey level of solution digits that were not givens
  bool snap = false;          // align lines to whole device pixels (raster output)
  Symbols symbols = Symbols::kDigits;  // how digits are printed (variants; the classic prints 1-9 in every one but kHex and kLetters)
};

/// Line weights for a grid `size` points wide: 1.7 / 0.55 pt at 75 mm (a
/// 6-per-page book), growing with the square root of the size so that large
/// grids stay crisp without turning heavy.
GridStyle style_for(double size);

/// Positions of the size()+1 vertical (x) and horizontal (y) lines of a
/// grid drawn in `rect`: line 0 is the outer border, whose outer edge lies
/// on the rect's edge, so nothing is drawn outside `rect`.
struct GridLines {
  std::vector<double> x;
  std::vector<double> y;
  std::vector<double> x_width;  // vertical line i's width (thick for the border and full-length box lines)
  std::vector<double> y_width;  // horizontal line i's width
};
GridLines grid_lines(const Rect& rect, const GridStyle& style, const Geometry& geometry = *classic_geometry());

/// The white space of cell (row, col) between its lines.
Rect cell_interior(const GridLines& lines, int row, int col);

/// Draws the grid in the square `rect` (givens of `puzzle`; with `solution`,
/// every cell, the givens bold). Leaves the cairo state as it found it.
void draw_grid(cairo_t* cr, const Rect& rect, const Grid& puzzle, const Grid* solution, const GridStyle& style);
/// The same for any geometry: `puzzle` and `solution` hold geometry.cells()
/// digits (0 empty; std::invalid_argument for another length).
void draw_grid(cairo_t* cr, const Rect& rect, const Geometry& geometry, const std::vector<std::uint8_t>& puzzle,
               const std::vector<std::uint8_t>* solution, const GridStyle& style);

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
