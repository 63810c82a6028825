// Drawing checked on pixels: a grid rendered into an image surface has every
// given centred in its cell's white space (ink box centre within a pixel),
// no ink in empty cells, nothing outside its square, box lines several times
// as heavy as cell lines, and in a solution the givens black and the found
// digits grey. Then the files: the book PDF (pages, atomic output, the hook
// that runs before it is published) and images in the three formats.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cairo.h>
#include <zlib.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include "../../book/src/pdf_reader.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/book/cover.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/book/image.hpp"
#include "sudokit/book/preflight.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/solve_any.hpp"
#include "sudokit/solver/text.hpp"
#include "../temp_dir.hpp"

namespace sudokit::book {
namespace {

constexpr const char* kPuzzle = ".49..........9.21....6....5....5.3242.5.........1.8...8.43....6.5.......32..8....";

Grid grid_of(const char* text) {
  Grid g;
  ParseError e;
  EXPECT_TRUE(parse_puzzle(text, g, e));
  return g;
}

class Canvas {
 public:
  Canvas(int w, int h) : surface_(cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h)), cr_(cairo_create(surface_)) {
    cairo_set_source_rgb(cr_, 1, 1, 1);
    cairo_paint(cr_);
  }
  ~Canvas() {
    cairo_destroy(cr_);
    cairo_surface_destroy(surface_);
  }
  cairo_t* cr() { return cr_; }
  /// Grey value 0 (black) .. 255 (white) of pixel (x, y).
  int value(int x, int y) {
    cairo_surface_flush(surface_);
    const unsigned char* data = cairo_image_surface_get_data(surface_);
    const int stride = cairo_image_surface_get_stride(surface_);
    std::uint32_t p;
    std::memcpy(&p, data + y * stride + x * 4, 4);
    return static_cast<int>((p >> 8) & 0xff);  // green: the image is grey
  }
  int width() const { return cairo_image_surface_get_width(surface_); }
  int height() const { return cairo_image_surface_get_height(surface_); }

 private:
  cairo_surface_t* surface_;
  cairo_t* cr_;
};

struct Ink {
  int min_x = INT32_MAX, min_y = INT32_MAX, max_x = -1, max_y = -1, darkest = 255, pixels = 0;
  bool any() const { return max_x >= 0; }
  double cx() const { return (min_x + max_x + 1) / 2.0; }
  double cy() const { return (min_y + max_y + 1) / 2.0; }
};

/// Pixels darker than `threshold` in the whole pixels inside `r` shrunk by `inset`.
Ink ink_in(Canvas& c, const Rect& r, double inset, int threshold) {
  Ink ink;
  for (int y = static_cast<int>(std::ceil(r.y + inset)); y < static_cast<int>(std::floor(r.bottom() - inset)); ++y)
    for (int x = static_cast<int>(std::ceil(r.x + inset)); x < static_cast<int>(std::floor(r.right() - inset)); ++x) {
      const int v = c.value(x, y);
      ink.darkest = std::min(ink.darkest, v);
      if (v >= threshold) continue;
      ++ink.pixels;
      ink.min_x = std::min(ink.min_x, x);
      ink.max_x = std::max(ink.max_x, x);
      ink.min_y = std::min(ink.min_y, y);
      ink.max_y = std::max(ink.max_y, y);
    }
  return ink;
}

void check_grid_pixels(bool snap) {
  SCOPED_TRACE(snap ? "snapped" : "not snapped");
  ASSERT_EQ(font_warning(), std::nullopt) << "the tests need DejaVu Sans (fonts-dejavu-core)";
  const Grid puzzle = grid_of(kPuzzle);
  Canvas c(480, 480);
  const Rect square{12.3, 14.6, 450, 450};
  GridStyle style;
  style.thick = 4;
  style.thin = 1.3;
  style.snap = snap;
  draw_grid(c.cr(), square, puzzle, nullptr, style);
  const GridLines lines = grid_lines(square, style);

  for (int cell = 0; cell < kCells; ++cell) {
    const Rect interior = cell_interior(lines, row_of(cell), col_of(cell));
    SCOPED_TRACE(cell_name(cell));
    // Keep clear of the lines' anti-aliased edges.
    const Ink ink = ink_in(c, interior, 1.5, 128);
    if (puzzle[cell] == 0) {
      EXPECT_FALSE(ink.any());
      EXPECT_GE(ink_in(c, interior, 1.5, 255).darkest, 250);  // not even a grey smudge
      continue;
    }
    ASSERT_TRUE(ink.any());
    EXPECT_NEAR(ink.cx(), interior.x + interior.w / 2, 1.0);
    EXPECT_NEAR(ink.cy(), interior.y + interior.h / 2, 1.0);
    // A digit about half the cell tall, clear of the lines.
    const double tall = ink.max_y - ink.min_y + 1;
    EXPECT_GT(tall, interior.h * 0.38);
    EXPECT_LT(tall, interior.h * 0.62);
    EXPECT_GT(ink.min_y, interior.y + 4);
    EXPECT_LT(ink.max_y, interior.bottom() - 4);
  }
  // Nothing outside the square.
  for (int y = 0; y < c.height(); ++y)
    for (int x = 0; x < c.width(); ++x) {
      const bool outside = x + 1 <= square.x || x >= square.right() || y + 1 <= square.y || y >= square.bottom();
      if (outside) {
        ASSERT_EQ(c.value(x, y), 255) << x << "," << y;
      }
    }
  // Across the middle of row 1: the box lines are the heavy ones.
  const int y = static_cast<int>(lines.y[0] + (lines.y[1] - lines.y[0]) / 2);
  // Dark pixels within 4 px of each line's centre (row 1's digits are farther away).
  std::vector<int> line_runs;
  for (int i = 0; i < 10; ++i) {
    int w = 0;
    for (int x = static_cast<int>(lines.x[i] - 4); x <= static_cast<int>(lines.x[i] + 4); ++x) w += c.value(x, y) < 160;
    line_runs.push_back(w);
  }
  for (int i = 0; i < 10; ++i) {
    if (i % 3 == 0) {
      EXPECT_GE(line_runs[static_cast<std::size_t>(i)], 4) << "line " << i;
    } else {
      EXPECT_LE(line_runs[static_cast<std::size_t>(i)], 2) << "line " << i;
    }
    EXPECT_GE(line_runs[static_cast<std::size_t>(i)], 1) << "line " << i;
  }
}

TEST(GridDrawing, DigitsAreCentredAndNothingIsClipped) {
  check_grid_pixels(true);
  check_grid_pixels(false);
}

TEST(GridDrawing, SolutionsShowGivensBlackAndFoundDigitsGrey) {
  const Grid puzzle = grid_of(kPuzzle);
  const Grid solution = solve(puzzle, 2).solution;
  Canvas c(300, 300);
  const Rect square{10, 10, 280, 280};
  const GridStyle style = style_for(280);
  draw_grid(c.cr(), square, puzzle, &solution, style);
  const GridLines lines = grid_lines(square, style);
  for (int cell = 0; cell < kCells; ++cell) {
    const Ink ink = ink_in(c, cell_interior(lines, row_of(cell), col_of(cell)), 1.5, 230);
    ASSERT_TRUE(ink.any()) << cell_name(cell);
    if (puzzle[cell] != 0) {
      EXPECT_LT(ink.darkest, 40) << cell_name(cell);
    } else {
      EXPECT_GT(ink.darkest, 80) << cell_name(cell);
    }
  }
}

TEST(GridDrawing, LineWeightsGrowGentlyWithTheGrid) {
  const GridStyle book = style_for(mm(75));
  EXPECT_NEAR(book.thick, 1.7, 1e-9);
  EXPECT_NEAR(book.thin, 0.55, 1e-9);
  const GridStyle big = style_for(mm(180)), small = style_for(mm(50));
  EXPECT_GT(big.thick, book.thick);
  EXPECT_LT(big.thick / mm(180), book.thick / mm(75));  // lighter in proportion
  EXPECT_LT(small.thick, book.thick);
  EXPECT_GE(small.thin, 0.4);  // still prints
}

// --- files -----------------------------------------------------------------------

using sudokit::test::TempDir;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<BookPuzzle> puzzles(int n) {
  std::vector<BookPuzzle> out;
  const Grid p = grid_of(kPuzzle);
  for (int i = 0; i < n; ++i) out.push_back({p, solve(p, 2).solution, i < n / 2 ? "medium" : "hard", 2.0 + i * 0.1, i + 1});
  return out;
}

/// Page objects in a PDF cairo wrote ("/Type /Page" but not "/Type /Pages").
int pdf_pages(const std::string& pdf) {
  int n = 0;
  for (std::size_t at = pdf.find("/Type /Page"); at != std::string::npos; at = pdf.find("/Type /Page", at + 1))
    if (pdf.compare(at, 12, "/Type /Pages") != 0) ++n;
  return n;
}

TEST(Book, WritesTheExpectedPages) {
  TempDir dir;
  BookOptions o;
  o.per_page = 6;
  const BookResult r = render_book(puzzles(13), o, dir.file("b.pdf"));
  EXPECT_EQ(r.pages, 1 + 3 + 2);
  const std::string pdf = slurp(dir.file("b.pdf"));
  EXPECT_EQ(pdf.substr(0, 5), "%PDF-");
  EXPECT_EQ(pdf_pages(pdf), r.pages);
  ASSERT_EQ(r.placements.size(), 13u);
  EXPECT_EQ(r.placements[0].page, 2);
  EXPECT_EQ(r.placements[6].page, 3);
  EXPECT_EQ(r.placements[12].page, 4);
  EXPECT_EQ(r.placements[11].solution_page, 5);
  EXPECT_EQ(r.placements[12].solution_page, 6);
  EXPECT_EQ(dir.entries(), 1u);  // no temporary left
  {
    // A later volume: numbering goes on, blank pages pad to the multiple.
    BookOptions later = o;
    later.first_number = 61;
    later.pad_to = 8;
    const BookResult v = render_book(puzzles(13), later, dir.file("v2.pdf"));
    EXPECT_EQ(v.pages, 8);
    EXPECT_EQ(pdf_pages(slurp(dir.file("v2.pdf"))), 8);
    EXPECT_EQ(v.placements[0].number, 61);
    EXPECT_EQ(v.placements[12].number, 73);
    EXPECT_EQ(v.placements[12].solution_page, 6);
    EXPECT_EQ(manifest_json(puzzles(13), later, v)["puzzles"][12]["number"], 73);
    later.first_number = 0;
    EXPECT_THROW(render_book(puzzles(2), later, dir.file("v3.pdf")), std::invalid_argument);
    later.first_number = 1;
    later.pad_to = kMaxPadTo + 1;
    EXPECT_THROW(render_book(puzzles(2), later, dir.file("v3.pdf")), std::invalid_argument);
    std::filesystem::remove(dir.file("v2.pdf"));
  }
  const auto manifest = manifest_json(puzzles(13), o, r);
  EXPECT_EQ(manifest["pages"], 6);
  EXPECT_EQ(manifest["puzzles"][12]["number"], 13);
  EXPECT_EQ(manifest["puzzles"][12]["page"], 4);
  EXPECT_EQ(manifest["puzzles"][12]["level"], "hard");
  o.solutions = false;
  o.per_page = 1;
  EXPECT_EQ(render_book(puzzles(3), o, dir.file("b.pdf")).pages, 4);
  EXPECT_EQ(pdf_pages(slurp(dir.file("b.pdf"))), 4);
}

/// The text of page `page` (from 1) of a PDF, by poppler's pdftotext, its
/// words one space apart.
std::string page_words(const std::string& pdf, int page) {
  const std::string command = "pdftotext -enc UTF-8 -f " + std::to_string(page) + " -l " + std::to_string(page) +
                              " '" + pdf + "' -";
  FILE* in = popen(command.c_str(), "r");
  EXPECT_NE(in, nullptr) << command;
  if (!in) return "";
  std::string raw;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, in)) > 0;) raw.append(buffer, n);
  EXPECT_EQ(pclose(in), 0) << command;
  std::istringstream words(raw);
  std::string text;
  for (std::string w; words >> w;) text += (text.empty() ? "" : " ") + w;
  return text;
}

/// A book of five levels (ten puzzles each, rated as the levels' ranges say).
std::vector<BookPuzzle> five_level_puzzles(BookOptions& o) {
  std::vector<BookPuzzle> out;
  const Grid p = grid_of(kPuzzle);
  const Grid solution = solve(p, 2).solution;
  const std::vector<std::pair<std::string, double>> levels = {
      {"easy", 1.2}, {"medium", 2.0}, {"hard", 3.4}, {"diabolical", 5.6}, {"expert", 7.2}};
  for (const auto& [level, rating] : levels) {
    for (int i = 0; i < 10; ++i)
      out.push_back({p, solution, level, rating + i * 0.01, static_cast<std::int64_t>(out.size()) + 1});
    o.levels_in_book.push_back({level, rating, rating + 0.09});
  }
  return out;
}

// The how-to-play text that needs a second page gets it: in French, five
// levels, on 5x8 it runs from page 4 (after the title, the copyright page's
// blank back and the contents) to page 5, at a legible size, and the book
// passes nothing by: the rules open page 4, the rating scale ends page 5.
TEST(Book, HowToPlayGoesOnToASecondPageWhenItMust) {
  TempDir dir;
  BookOptions o;
  std::string error;
  o.trim = parse_trim("5x8", error);
  ASSERT_TRUE(o.trim) << error;
  o.per_page = 0;  // as `book --trim` lays it out
  o.sections = true;
  o.how_to_play = true;
  o.labels = *labels_for("fr");
  const std::vector<BookPuzzle> book = five_level_puzzles(o);
  const BookLayout l = plan_book_layout(section_sizes(book, o), o);
  ASSERT_GE(l.plan.size(), 5u);
  EXPECT_EQ(l.plan[3].kind, PagePlan::Kind::HowToPlay);
  EXPECT_EQ(l.plan[4].kind, PagePlan::Kind::HowToPlay);
  EXPECT_EQ(l.plan[4].first, 1);
  const std::string pdf = dir.file("fr.pdf");
  render_book(book, o, pdf);
  const std::string four = page_words(pdf, 4), five = page_words(pdf, 5);
  EXPECT_EQ(four.rfind("R\xC3\xA8gles du jeu", 0), 0u) << four;
  EXPECT_EQ(five.find("R\xC3\xA8gles du jeu"), std::string::npos) << five;
  EXPECT_NE(five.find("les plus difficiles connues."), std::string::npos) << five;
  EXPECT_EQ(four.find("les plus difficiles connues."), std::string::npos) << four;
  EXPECT_EQ(page_words(pdf, 6).find("les plus difficiles connues."), std::string::npos);
}

// Large print's answer key is black: every digit of every solution grid,
// the found ones too (regular books print those grey), as poppler renders
// the pages the book wrote.
TEST(Book, LargePrintAnswerKeyDigitsAreBlack) {
  TempDir dir;
  BookOptions o;
  std::string error;
  o.trim = parse_trim("8.5x11", error);
  ASSERT_TRUE(o.trim) << error;
  o.large_print = true;
  o.per_page = 1;
  const std::vector<BookPuzzle> book = puzzles(5);
  const BookLayout l = plan_book_layout(static_cast<int>(book.size()), o);
  const std::string path = dir.file("lp.pdf");
  render_book(book, o, path);
  const auto pdf = detail::open_pdf(detail::read_pdf_file(path));
  ASSERT_TRUE(pdf);
  constexpr double kDpi = 150;
  int cells = 0;
  for (std::size_t p = 0; p < l.plan.size(); ++p) {
    const PagePlan& pp = l.plan[p];
    if (pp.kind != PagePlan::Kind::Solutions) continue;
    detail::GrayImage img;
    ASSERT_TRUE(pdf->render_gray(static_cast<int>(p), kDpi, img));
    const std::vector<Slot>& slots = l.solution_slots[(p + 1) % 2];
    for (int s = 0; s < pp.count; ++s) {
      const Rect g = slots[static_cast<std::size_t>(s)].grid;
      const BookPuzzle& bp = book[static_cast<std::size_t>(pp.first + s)];
      for (int cell = 0; cell < kCells; ++cell) {
        // The darkest pixel in the middle half of the cell: the digit's stroke.
        const double side = g.w / 9, x0 = g.x + col_of(cell) * side, y0 = g.y + row_of(cell) * side;
        int darkest = 255;
        for (int y = static_cast<int>((y0 + side / 4) * kDpi / 72); y < static_cast<int>((y0 + side * 3 / 4) * kDpi / 72); ++y)
          for (int x = static_cast<int>((x0 + side / 4) * kDpi / 72); x < static_cast<int>((x0 + side * 3 / 4) * kDpi / 72); ++x)
            darkest = std::min<int>(darkest, img.pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(img.bytes_per_row) + static_cast<std::size_t>(x)]);
        EXPECT_LT(darkest, 40) << "page " << p + 1 << ", puzzle " << pp.first + s + 1 << ", " << cell_name(cell)
                               << (bp.puzzle[cell] ? " (given)" : " (found)");
        ++cells;
      }
    }
  }
  EXPECT_EQ(cells, 5 * kCells);  // every answer drawn
}

/// Every in-use entry of the PDF's cross-reference table points at "N 0 obj"
/// (the table cairo wrote, moved by the page boxes inserted before it).
void expect_xref_sound(const std::string& pdf) {
  const std::size_t start = pdf.rfind("startxref\n");
  ASSERT_NE(start, std::string::npos);
  const std::size_t xref = std::stoul(pdf.substr(start + 10));
  ASSERT_EQ(pdf.compare(xref, 5, "xref\n"), 0);
  std::istringstream in(pdf.substr(xref + 5));
  unsigned first = 0, count = 0;
  in >> first >> count;
  std::size_t entry = pdf.find('\n', xref + 5) + 1;
  for (unsigned k = 0; k < count; ++k, entry += 20) {
    if (pdf[entry + 17] != 'n') continue;
    const std::size_t at = std::stoul(pdf.substr(entry, 10));
    const std::string head = std::to_string(first + k) + " 0 obj";
    EXPECT_EQ(pdf.compare(at, head.size(), head), 0) << "object " << first + k;
  }
}

TEST(Book, PrintBooksCarryTrimAndBleedBoxesOnEveryPage) {
  TempDir dir;
  BookOptions o;
  std::string error;
  o.trim = parse_trim("6x9", error);
  o.bleed = true;
  o.per_page = 0;
  const BookResult r = render_book(puzzles(13), o, dir.file("b.pdf"));
  const std::string pdf = slurp(dir.file("b.pdf"));
  EXPECT_EQ(pdf_pages(pdf), r.pages);
  EXPECT_EQ(r.pages % 2, 0);
  EXPECT_EQ(r.placements[0].page, 3);  // the title page's blank back comes first
  // Right-hand pages are cut on the left edge, left-hand ones 9 pt in.
  int right = 0, left = 0;
  for (std::size_t at = pdf.find("/TrimBox [ "); at != std::string::npos; at = pdf.find("/TrimBox [ ", at + 1)) {
    const std::string box = pdf.substr(at, pdf.find(']', at) - at);
    if (box == "/TrimBox [ 0.0000 9.0000 432.0000 657.0000 ") ++right;
    else if (box == "/TrimBox [ 9.0000 9.0000 441.0000 657.0000 ") ++left;
    else ADD_FAILURE() << box;
  }
  EXPECT_EQ(right, r.pages / 2);
  EXPECT_EQ(left, r.pages / 2);
  std::size_t bleed = 0;
  for (std::size_t at = pdf.find("/BleedBox [ 0.0000 0.0000 441.0000 666.0000 ]"); at != std::string::npos;
       at = pdf.find("/BleedBox [ 0.0000 0.0000 441.0000 666.0000 ]", at + 1))
    ++bleed;
  EXPECT_EQ(bleed, static_cast<std::size_t>(r.pages));
  expect_xref_sound(pdf);
  // A paper book has no boxes and is unchanged.
  const BookResult p = render_book(puzzles(13), BookOptions{}, dir.file("p.pdf"));
  const std::string paper = slurp(dir.file("p.pdf"));
  EXPECT_EQ(paper.find("/TrimBox"), std::string::npos);
  EXPECT_EQ(p.placements[0].page, 2);
  expect_xref_sound(paper);
}

TEST(Book, TextCairoCannotDrawFailsTheRenderInsteadOfALostPage) {
  // Not UTF-8: cairo puts its context in an error state and draws nothing
  // more, so an unchecked context made a one-page "book" that claimed four.
  TempDir dir;
  BookOptions o;
  o.title = "\xFF";
  try {
    render_book(puzzles(8), o, dir.file("b.pdf"));
    FAIL() << "rendered";
  } catch (const RenderError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot render"), std::string::npos) << e.what();
  }
  EXPECT_EQ(dir.entries(), 0u);
  ImageOptions i;
  i.caption = "a\xC3";
  EXPECT_THROW(render_image(grid_of(kPuzzle), nullptr, i, dir.file("a.png")), RenderError);
  EXPECT_EQ(dir.entries(), 0u);
}

TEST(Text, WhatTheFontCannotPrintIsNamed) {
  EXPECT_EQ(missing_glyphs("Sudoku, Volume 1"), "");
  EXPECT_EQ(missing_glyphs("\xD0\xA1\xD1\x83\xD0\xB4\xD0\xBE\xD0\xBA\xD1\x83 \xC3\x9C \xE2\x80\x93 \xC2\xA9"), "");  // Cyrillic, Latin-1, dash
  // CJK: each character once, in order, with its code point.
  EXPECT_EQ(missing_glyphs("\xE6\x95\xB0\xE7\x8B\xAC \xE6\x95\xB0"), "U+6570 '\xE6\x95\xB0', U+72EC '\xE7\x8B\xAC'");
  EXPECT_EQ(missing_glyphs("a\x01"), "U+0001");  // a control character is named, not shown
  std::string many;
  for (char32_t cp = 0x4E00; cp < 0x4E00 + 14; ++cp)
    many += {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
  const std::string m = missing_glyphs(many);
  EXPECT_NE(m.find("U+4E09"), std::string::npos) << m;
  EXPECT_EQ(m.find("U+4E0A"), std::string::npos) << m;
  EXPECT_NE(m.find("and 4 more"), std::string::npos) << m;
  EXPECT_EQ(unprintable("\xFF"), "the text is not UTF-8");
  EXPECT_NE(unprintable("\xE6\x95\xB0").find("has no glyph for U+6570"), std::string::npos);
  EXPECT_EQ(unprintable("Hard Sudoku"), "");
}

TEST(Book, FailuresLeaveNoFileBehind) {
  TempDir dir;
  BookOptions o;
  EXPECT_THROW(render_book({}, o, dir.file("b.pdf")), std::invalid_argument);
  o.per_page = 5;
  EXPECT_THROW(render_book(puzzles(2), o, dir.file("b.pdf")), std::invalid_argument);
  o.per_page = 4;
  try {
    render_book(puzzles(2), o, dir.file("missing/b.pdf"));
    FAIL();
  } catch (const RenderError& e) {
    EXPECT_EQ(std::string(e.what()), dir.file("missing/b.pdf") + ": cannot write: No such file or directory");
  }
  // The hook runs on the complete document; when it throws, nothing is published.
  bool ran = false;
  EXPECT_THROW(render_book(puzzles(2), o, dir.file("b.pdf"),
                           BookRecord{[&] {
                             ran = true;
                             throw std::runtime_error("marking failed");
                           },
                                      {}, {}}),
               std::runtime_error);
  EXPECT_TRUE(ran);
  EXPECT_EQ(dir.entries(), 0u);
  // A book that already exists stays as it was.
  std::ofstream(dir.file("old.pdf")) << "old";
  EXPECT_THROW(render_book(puzzles(2), o, dir.file("old.pdf"), BookRecord{[] { throw std::runtime_error("no"); }, {}, {}}), std::runtime_error);
  EXPECT_EQ(slurp(dir.file("old.pdf")), "old");
  // A stop request (Ctrl-C) ends the rendering after the page in progress:
  // nothing published, the hook not run, no temporary left.
  std::atomic<bool> stop{true};
  o.stop = &stop;
  ran = false;
  EXPECT_THROW(render_book(puzzles(40), o, dir.file("old.pdf"), BookRecord{[&] { ran = true; }, {}, {}}), RenderInterrupted);
  EXPECT_FALSE(ran);
  EXPECT_EQ(slurp(dir.file("old.pdf")), "old");
  EXPECT_EQ(dir.entries(), 1u);
  stop = false;
  EXPECT_EQ(render_book(puzzles(40), o, dir.file("old.pdf"), BookRecord{[&] { ran = true; }, {}, {}}).pages, 1 + 10 + 4);
  EXPECT_TRUE(ran);
  EXPECT_EQ(dir.entries(), 1u);
}

// The PDF, the manifest and the caller's record are published together:
// a failure after the files went into place (the record's commit, the PDF's
// rename) puts the files back as they were; no temporary or backup stays.
TEST(Book, PdfManifestAndRecordArePublishedTogether) {
  TempDir dir;
  BookOptions o;
  const std::string pdf = dir.file("b.pdf"), manifest = dir.file("m.json");
  std::ofstream(pdf) << "old book";
  std::ofstream(manifest) << "old manifest";
  std::vector<std::string> steps;
  const BookRecord failing_commit{[&] { steps.push_back("prepare"); },
                                  [&] {
                                    steps.push_back("commit");
                                    throw std::runtime_error("commit failed");
                                  }};
  EXPECT_THROW(render_book(puzzles(3), o, {pdf, manifest}, failing_commit), std::runtime_error);
  EXPECT_EQ(steps, (std::vector<std::string>{"prepare", "commit"}));
  EXPECT_EQ(slurp(pdf), "old book");
  EXPECT_EQ(slurp(manifest), "old manifest");
  EXPECT_EQ(dir.entries(), 2u);
  // Without an earlier book, the new files are removed again.
  std::filesystem::remove(pdf);
  std::filesystem::remove(manifest);
  EXPECT_THROW(render_book(puzzles(3), o, {pdf, manifest}, failing_commit), std::runtime_error);
  EXPECT_EQ(dir.entries(), 0u);
  // The PDF's name is a directory from the start: refused before anything
  // is rendered or recorded.
  std::filesystem::create_directory(pdf);
  std::ofstream(manifest) << "old manifest";
  steps.clear();
  const BookRecord record{[&] { steps.push_back("prepare"); }, [&] { steps.push_back("commit"); }};
  try {
    render_book(puzzles(3), o, {pdf, manifest}, record);
    FAIL();
  } catch (const RenderError& e) {
    EXPECT_EQ(std::string(e.what()), pdf + ": cannot write: Is a directory");
  }
  EXPECT_TRUE(steps.empty());
  EXPECT_EQ(slurp(manifest), "old manifest");
  EXPECT_EQ(dir.entries(), 2u);
  // The PDF cannot go into place (its name became a directory while the
  // record was prepared) after the manifest did: the manifest is taken
  // back; the record was prepared but never committed.
  std::filesystem::remove(pdf);
  const BookRecord blocking{[&] {
                              steps.push_back("prepare");
                              std::filesystem::create_directory(pdf);
                            },
                            [&] { steps.push_back("commit"); }};
  try {
    render_book(puzzles(3), o, {pdf, manifest}, blocking);
    FAIL();
  } catch (const RenderError& e) {
    EXPECT_EQ(std::string(e.what()), pdf + ": cannot write: Is a directory");
  }
  EXPECT_EQ(steps, (std::vector<std::string>{"prepare"}));
  EXPECT_EQ(slurp(manifest), "old manifest");
  EXPECT_TRUE(std::filesystem::is_directory(pdf));
  EXPECT_EQ(dir.entries(), 2u);
  // A manifest that cannot be written: nothing rendered, nothing recorded.
  std::filesystem::remove(pdf);
  steps.clear();
  EXPECT_THROW(render_book(puzzles(3), o, {pdf, dir.file("missing/m.json")}, record), RenderError);
  EXPECT_TRUE(steps.empty());
  EXPECT_EQ(dir.entries(), 1u);
  // All goes well: both files in place, the record committed, no backup left.
  EXPECT_EQ(render_book(puzzles(3), o, {pdf, manifest}, record).pages, 3);
  EXPECT_EQ(steps, (std::vector<std::string>{"prepare", "commit"}));
  EXPECT_EQ(slurp(pdf).substr(0, 5), "%PDF-");
  EXPECT_EQ(nlohmann::json::parse(slurp(manifest))["puzzles"].size(), 3u);
  EXPECT_EQ(dir.entries(), 2u);
}

TEST(Image, WritesPngSvgAndPdf) {
  TempDir dir;
  const Grid p = grid_of(kPuzzle);
  ImageOptions o;
  o.format = ImageFormat::Png;
  render_image(p, nullptr, o, dir.file("a.png"));
  cairo_surface_t* png = cairo_image_surface_create_from_png(dir.file("a.png").c_str());
  ASSERT_EQ(cairo_surface_status(png), CAIRO_STATUS_SUCCESS);
  EXPECT_EQ(cairo_image_surface_get_width(png), 1080);
  EXPECT_EQ(cairo_image_surface_get_height(png), 1080);
  cairo_surface_destroy(png);
  o.caption = "Daily Sudoku, 1 January 2027";
  o.size = 500;
  o.transparent = true;
  render_image(p, nullptr, o, dir.file("b.png"));
  png = cairo_image_surface_create_from_png(dir.file("b.png").c_str());
  EXPECT_EQ(cairo_image_surface_get_width(png), 500);
  EXPECT_GT(cairo_image_surface_get_height(png), 500);  // room for the caption
  std::uint32_t corner;
  std::memcpy(&corner, cairo_image_surface_get_data(png), 4);
  EXPECT_EQ(corner >> 24, 0u);  // transparent outside the grid
  cairo_surface_destroy(png);

  o = ImageOptions{};
  o.format = ImageFormat::Svg;
  render_image(p, nullptr, o, dir.file("a.svg"));
  const std::string svg = slurp(dir.file("a.svg"));
  EXPECT_EQ(svg.substr(0, 5), "<?xml");
  EXPECT_NE(svg.find("width=\"540px\""), std::string::npos) << svg.substr(0, 300);
  o.format = ImageFormat::Pdf;
  render_image(p, nullptr, o, dir.file("a.pdf"));
  EXPECT_EQ(pdf_pages(slurp(dir.file("a.pdf"))), 1);
  EXPECT_EQ(image_format_of("x/y.SVG"), ImageFormat::Svg);
  EXPECT_EQ(image_format_of("x.d/y"), std::nullopt);
  EXPECT_EQ(parse_image_format("jpg"), std::nullopt);
}


TEST(Image, PngsCarryTheirResolution) {
  TempDir dir;
  const Grid p = grid_of(kPuzzle);
  ImageOptions o;
  o.format = ImageFormat::Png;
  render_image(p, nullptr, o, dir.file("a.png"));
  const std::string png = slurp(dir.file("a.png"));
  ASSERT_TRUE(png_resolution(png));
  EXPECT_NEAR(*png_resolution(png), 300, 0.01);
  // Right after IHDR, with a CRC that checks, and cairo still reads the file.
  ASSERT_EQ(png.compare(37, 4, "pHYs"), 0);
  EXPECT_EQ(static_cast<std::uint32_t>(crc32(0L, reinterpret_cast<const Bytef*>(png.data() + 37), 13)),
            (static_cast<std::uint32_t>(static_cast<unsigned char>(png[50])) << 24) |
                (static_cast<std::uint32_t>(static_cast<unsigned char>(png[51])) << 16) |
                (static_cast<std::uint32_t>(static_cast<unsigned char>(png[52])) << 8) |
                static_cast<std::uint32_t>(static_cast<unsigned char>(png[53])));
  cairo_surface_t* back = cairo_image_surface_create_from_png(dir.file("a.png").c_str());
  EXPECT_EQ(cairo_surface_status(back), CAIRO_STATUS_SUCCESS);
  EXPECT_EQ(cairo_image_surface_get_width(back), 1080);
  cairo_surface_destroy(back);
  // Another resolution replaces the chunk rather than adding one.
  const std::string again = with_png_resolution(png, 72);
  EXPECT_NEAR(*png_resolution(again), 72, 0.01);
  EXPECT_EQ(again.find("pHYs"), again.rfind("pHYs"));
  EXPECT_EQ(again.size(), png.size());
  o.dpi = 0;
  render_image(p, nullptr, o, dir.file("none.png"));
  EXPECT_FALSE(png_resolution(slurp(dir.file("none.png"))));
  EXPECT_THROW(with_png_resolution("GIF89a", 300), std::invalid_argument);
  EXPECT_EQ(numbered_image_name(7, "", ImageFormat::Png), "0007.png");
  EXPECT_EQ(numbered_image_name(12345, "", ImageFormat::Svg), "12345.svg");
  EXPECT_EQ(numbered_image_name(7, "AamQTKz__Nj9GTP2", ImageFormat::Pdf), "AamQTKz__Nj9GTP2.pdf");
}

// Issue #44: a user's text too long for its box at the smallest size its
// place allows (a word that cannot wrap) is refused with the option or label
// it comes from, and nothing is written; it was drawn clipped or running off
// the page. Each case fitted nothing and rendered before.
TEST(Book, OverLongTextIsRefusedNamingItsSource) {
  TempDir dir;
  const std::string word(160, 'W');  // no space to wrap at: wider than any page at any floor
  const std::vector<std::pair<std::string, std::function<void(BookOptions&)>>> cases = {
      {"--title", [&](BookOptions& o) { o.title = word; }},
      {"--subtitle", [&](BookOptions& o) { o.subtitle = word; }},
      {"--author", [&](BookOptions& o) { o.author = word; }},
      {"--imprint", [&](BookOptions& o) { o.imprint = word; }},
      {"--copyright", [&](BookOptions& o) { o.copyright = {word}; }},
      {"label rules", [&](BookOptions& o) { o.labels.rules = word; }},
      {"label contents", [&](BookOptions& o) { o.sections = true; o.labels.contents = word; }},
      {"a contents entry (labels levels", [&](BookOptions& o) {  // a subtitle: the summary line would name it first
         o.sections = true;
         o.subtitle = "Volume 1";
         o.labels.levels["hard"] = word;
       }},
      {"label how_to_play", [&](BookOptions& o) { o.how_to_play = true; o.labels.how_to_play = word; }},
      {"label pencil", [&](BookOptions& o) { o.how_to_play = true; o.labels.pencil = word; }},
      {"label the_levels", [&](BookOptions& o) {
         o.how_to_play = true;
         o.levels_in_book = {{"medium", 2.0, 2.5}, {"hard", 2.6, 3.0}};
         o.labels.the_levels = word;
       }},
      {"label solutions", [&](BookOptions& o) { o.labels.solutions = word; }},
      {"a puzzle's caption", [&](BookOptions& o) { o.labels.puzzle = word + " {n}"; }},
  };
  for (const auto& [what, change] : cases) {
    BookOptions o;
    change(o);
    try {
      render_book(puzzles(8), o, dir.file("b.pdf"));
      ADD_FAILURE() << what << ": rendered (clipped)";
    } catch (const std::invalid_argument& e) {
      const std::string message = e.what();
      EXPECT_NE(message.find(what), std::string::npos) << message;
      EXPECT_NE(message.find("does not fit"), std::string::npos) << message;
    }
    EXPECT_EQ(dir.entries(), 0u) << what;
  }
}

// A long title of words is fitted, not refused: wrapped and shrunk on the
// title page, and the PDF holds every word of it (poppler's pdftotext).
TEST(Book, LongTitleWrapsWhole) {
  TempDir dir;
  BookOptions o;
  std::string title;
  for (int i = 1; i <= 24; ++i) title += (title.empty() ? "" : " ") + std::string("Volume") + std::to_string(i);
  o.title = title;
  render_book(puzzles(8), o, dir.file("b.pdf"));
  EXPECT_NE(page_words(dir.file("b.pdf"), 1).find(title), std::string::npos) << page_words(dir.file("b.pdf"), 1);
}

TEST(Cover, OverLongTextIsRefusedNamingItsSource) {
  TempDir dir;
  const std::string word(160, 'W');
  std::string error;
  const std::vector<std::pair<std::string, std::function<void(CoverOptions&)>>> cases = {
      {"--title", [&](CoverOptions& o) { o.title = word; }},
      {"--subtitle", [&](CoverOptions& o) { o.subtitle = word; }},
      {"--author", [&](CoverOptions& o) { o.author = word; }},
      {"the spine's text", [&](CoverOptions& o) {  // words: it wraps on the front, not on the spine
         o.title.clear();
         for (int i = 0; i < 24; ++i) o.title += "Sudoku ";
       }},
  };
  for (const auto& [what, change] : cases) {
    CoverOptions o;
    o.trim = *parse_trim("6x9", error);
    o.pages = 300;
    o.art = grid_of(kPuzzle);
    change(o);
    try {
      render_cover(o, dir.file("c.pdf"));
      ADD_FAILURE() << what << ": rendered (clipped)";
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
    EXPECT_EQ(dir.entries(), 0u) << what;
  }
}

// A long cover title of words shrinks (40 pt down to 14) and wraps until it
// fits the front above the grid; every word is in the PDF. At 40 pt it ran
// past the front's foot, under the author.
TEST(Cover, LongTitleShrinksAndWrapsWhole) {
  TempDir dir;
  std::string error;
  CoverOptions o;
  o.trim = *parse_trim("6x9", error);
  o.pages = 300;
  o.art = grid_of(kPuzzle);
  o.author = "A. Author";
  o.spine_text = false;
  o.title.clear();
  for (int i = 1; i <= 30; ++i) o.title += (o.title.empty() ? "" : " ") + std::string("Volume") + std::to_string(i);
  render_cover(o, dir.file("c.pdf"));
  const std::string words = page_words(dir.file("c.pdf"), 1);
  EXPECT_NE(words.find("Volume1 Volume2"), std::string::npos) << words;
  EXPECT_NE(words.find("Volume29 Volume30 A. Author"), std::string::npos) << words;
}

TEST(Image, OverLongCaptionIsRefused) {
  TempDir dir;
  ImageOptions i;
  i.caption = std::string(400, 'W');
  try {
    render_image(grid_of(kPuzzle), nullptr, i, dir.file("a.png"));
    ADD_FAILURE() << "rendered (clipped)";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("--caption"), std::string::npos) << e.what();
  }
  EXPECT_EQ(dir.entries(), 0u);
}

// ---- Variants (issue #47): every geometry drawn as its players expect.

/// An empty grid of `spelling` drawn at 480 px with heavy box lines.
struct VariantCanvas {
  explicit VariantCanvas(const std::string& spelling, const std::vector<std::uint8_t>* digits = nullptr,
                         Symbols symbols = Symbols::kDigits)
      : geometry(parse_geometry(spelling)), canvas(480, 480) {
    style.thick = 4;
    style.thin = 1.3;
    style.snap = true;
    style.symbols = symbols;
    const std::vector<std::uint8_t> empty(static_cast<std::size_t>(geometry->cells()), 0);
    draw_grid(canvas.cr(), square, *geometry, digits != nullptr ? *digits : empty, nullptr, style);
    lines = grid_lines(square, style, *geometry);
  }
  GeometryPtr geometry;
  Canvas canvas;
  GridStyle style;
  Rect square{12, 12, 456, 456};
  GridLines lines;
  /// Dark pixels within 3 px of the line between two neighbouring cells,
  /// across the middle of the side they share.
  int line_run(int a, int b) {
    const int n = geometry->size();
    int dark = 0;
    if (b == a + 1) {  // side by side: the vertical line right of a
      const int y = static_cast<int>((lines.y[a / n] + lines.y[a / n + 1]) / 2);
      const double x0 = lines.x[a % n + 1];
      for (int x = static_cast<int>(x0 - 3); x <= static_cast<int>(x0 + 3); ++x) dark += canvas.value(x, y) < 160;
    } else {  // one above the other: the horizontal line under a
      const int x = static_cast<int>((lines.x[a % n] + lines.x[a % n + 1]) / 2);
      const double y0 = lines.y[a / n + 1];
      for (int y = static_cast<int>(y0 - 3); y <= static_cast<int>(y0 + 3); ++y) dark += canvas.value(x, y) < 160;
    }
    return dark;
  }
  /// The grey value at a point of cell c's white space, (fx, fy) of the way across.
  int at(int c, double fx, double fy) {
    const int n = geometry->size();
    const Rect in = cell_interior(lines, c / n, c % n);
    return canvas.value(static_cast<int>(in.x + in.w * fx), static_cast<int>(in.y + in.h * fy));
  }
};

// Thick lines exactly where two regions meet (boxes of every shape, a
// jigsaw's pieces), thin elsewhere; `none` has no thick inner line. The
// regions expected are written out here, not taken from the geometry.
TEST(VariantDrawing, RegionsAreOutlinedThickWhereTheyMeet) {
  const std::string jigsaw = "AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE";  // docs/VARIANTS.md's 6x6 picture
  struct Case {
    std::string spelling;
    int n;
    std::function<int(int r, int c)> region;  // -1: no regions
  };
  const std::vector<Case> cases = {
      {"4x4", 4, [](int r, int c) { return r / 2 * 2 + c / 2; }},
      {"6x6", 6, [](int r, int c) { return r / 2 * 2 + c / 3; }},  // 2 rows x 3 columns
      {"6x6:3x2", 6, [](int r, int c) { return r / 3 * 3 + c / 2; }},
      {"8x8", 8, [](int r, int c) { return r / 2 * 2 + c / 4; }},
      {"12x12", 12, [](int r, int c) { return r / 3 * 3 + c / 4; }},
      {"16x16", 16, [](int r, int c) { return r / 4 * 4 + c / 4; }},
      {"jigsaw:" + jigsaw, 6, [&](int r, int c) { return jigsaw[static_cast<std::size_t>(r * 6 + c)]; }},
      {"none", 9, [](int, int) { return -1; }},
      {"6x6:none", 6, [](int, int) { return -1; }},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(k.spelling);
    VariantCanvas v(k.spelling);
    for (int r = 0; r < k.n; ++r)
      for (int c = 0; c < k.n; ++c) {
        const int cell = r * k.n + c;
        if (c + 1 < k.n) {
          const int run = v.line_run(cell, cell + 1);
          if (k.region(r, c) != k.region(r, c + 1)) EXPECT_GE(run, 4) << "r" << r + 1 << "c" << c + 1 << " right";
          else EXPECT_LE(run, 2) << "r" << r + 1 << "c" << c + 1 << " right";
          EXPECT_GE(run, 1);
        }
        if (r + 1 < k.n) {
          const int run = v.line_run(cell, cell + k.n);
          if (k.region(r, c) != k.region(r + 1, c)) EXPECT_GE(run, 4) << "r" << r + 1 << "c" << c + 1 << " below";
          else EXPECT_LE(run, 2) << "r" << r + 1 << "c" << c + 1 << " below";
          EXPECT_GE(run, 1);
        }
      }
  }
}

// The extra regions as docs/VARIANTS.md's pictures give them: shaded cells
// (x, windows, girandola, asterisk; darker where two meet), a grey disc in
// each centre-dot cell, a place mark in every cell of disjoint; leapers and
// nc leave the grid exactly as the classic one.
TEST(VariantDrawing, ExtraRegionsAreShadedOrMarkedAndLeapersArePlain) {
  auto on_x = [](int r, int c) { return r == c || r + c == 8; };
  auto in_window = [](int r, int c) { return r % 4 != 0 && c % 4 != 0; };
  const std::set<int> girandola = {0, 8, 13, 37, 40, 43, 67, 72, 80}, asterisk = {13, 20, 24, 37, 40, 43, 56, 60, 67},
                      centres = {10, 13, 16, 37, 40, 43, 64, 67, 70};
  auto grey = [](int layers) { return static_cast<int>(std::lround(255 * (layers == 0 ? 1.0 : layers == 1 ? 0.86 : 0.74))); };
  for (const std::string spelling : {"x", "windows", "girandola", "asterisk", "x,windows", "x,girandola"}) {
    SCOPED_TRACE(spelling);
    VariantCanvas v(spelling);
    for (int cell = 0; cell < 81; ++cell) {
      const int r = cell / 9, c = cell % 9;
      int layers = 0;
      if (spelling.find('x') != std::string::npos && on_x(r, c)) ++layers;
      if (spelling.find("windows") != std::string::npos && in_window(r, c)) ++layers;
      if (spelling.find("girandola") != std::string::npos && girandola.count(cell)) ++layers;
      if (spelling.find("asterisk") != std::string::npos && asterisk.count(cell)) ++layers;
      EXPECT_NEAR(v.at(cell, 0.5, 0.5), grey(layers), 2) << cell_name(cell);
      EXPECT_NEAR(v.at(cell, 0.1, 0.9), grey(layers), 2) << cell_name(cell);
    }
  }
  {
    VariantCanvas v("centre-dot");
    for (int cell = 0; cell < 81; ++cell) {
      EXPECT_NEAR(v.at(cell, 0.5, 0.5), centres.count(cell) ? 199 : 255, 2) << cell_name(cell);
      EXPECT_EQ(v.at(cell, 0.95, 0.95), 255) << cell_name(cell);  // a disc, not a shaded cell
    }
  }
  {
    VariantCanvas v("disjoint");
    const double side = 0.24, pad = 0.05, third = side / 3;
    for (int cell = 0; cell < 81; ++cell) {
      const int place = (cell / 9 % 3) * 3 + cell % 3;
      for (int k = 0; k < 9; ++k) {
        const int value = v.at(cell, pad + (k % 3 + 0.5) * third, pad + (k / 3 + 0.5) * third);
        if (k == place) EXPECT_LT(value, 150) << cell_name(cell) << " place " << k;
        else EXPECT_GT(value, 200) << cell_name(cell) << " place " << k;
      }
      EXPECT_EQ(v.at(cell, 0.6, 0.6), 255) << cell_name(cell);
    }
  }
  VariantCanvas classic("classic");
  for (const std::string spelling : {"anti-knight", "anti-king", "anti-king,toroidal", "nc", "nc+", "anti-knight,nc"}) {
    VariantCanvas v(spelling);
    int differ = 0;
    for (int y = 0; y < 480; ++y)
      for (int x = 0; x < 480; ++x) differ += v.canvas.value(x, y) != classic.canvas.value(x, y);
    EXPECT_EQ(differ, 0) << spelling;
  }
}

// Every digit of 4x4 to 25x25 grids is centred in its cell's white space
// and clear of the lines, in each alphabet; two-digit numbers fit too.
TEST(VariantDrawing, DigitsAndLettersFitTheirCellsAtEverySize) {
  for (const std::string spelling : {"4x4", "6x6", "12x12", "16x16", "25x25"})
    for (const Symbols symbols : {Symbols::kDigits, Symbols::kLetters, Symbols::kHex, Symbols::kNumbers}) {
      const GeometryPtr g = parse_geometry(spelling);
      if (!symbols_problem(symbols, g->size()).empty()) {
        EXPECT_GT(g->size(), 16);
        continue;
      }
      SCOPED_TRACE(spelling + " symbols " + std::to_string(static_cast<int>(symbols)));
      // Digit d in row r, column (r + d - 1) mod n: every digit in every row.
      const int n = g->size();
      std::vector<std::uint8_t> digits(static_cast<std::size_t>(g->cells()));
      for (int c = 0; c < g->cells(); ++c) digits[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>((c % n - c / n + 2 * n) % n + 1);
      VariantCanvas v(spelling, &digits, symbols);
      for (int c = 0; c < g->cells(); ++c) {
        const Rect in = cell_interior(v.lines, c / n, c % n);
        const Ink ink = ink_in(v.canvas, in, 0, 128);
        ASSERT_TRUE(ink.any()) << c;
        EXPECT_NEAR(ink.cx(), in.x + in.w / 2, 1.0) << c;
        EXPECT_NEAR(ink.cy(), in.y + in.h / 2, 1.0) << c;
        EXPECT_GT(ink.min_x, in.x + 1) << c;  // clear of the lines
        EXPECT_LT(ink.max_x, in.right() - 1) << c;
        EXPECT_GT(ink.min_y, in.y + 1) << c;
      }
    }
  EXPECT_EQ(symbol_text(16, 16, Symbols::kDigits), "G");
  EXPECT_EQ(symbol_text(16, 16, Symbols::kLetters), "P");
  EXPECT_EQ(symbol_text(16, 16, Symbols::kHex), "F");
  EXPECT_EQ(symbol_text(16, 16, Symbols::kNumbers), "16");
  EXPECT_EQ(symbols_problem(Symbols::kHex, 25), "hex writes sizes up to 16 (this grid is 25x25)");
  EXPECT_EQ(parse_symbols("letters"), Symbols::kLetters);
  EXPECT_EQ(parse_symbols("roman"), std::nullopt);
  const std::vector<std::uint8_t> short_grid(80, 0);
  Canvas c(100, 100);
  EXPECT_THROW(draw_grid(c.cr(), Rect{0, 0, 100, 100}, *classic_geometry(), short_grid, nullptr, GridStyle{}),
               std::invalid_argument);
}

// A variant puzzle as an image: the same bytes through both overloads for
// the classic, and a PNG of a 6x6 puzzle with its solution.
TEST(VariantDrawing, RenderImageDrawsAnyGeometry) {
  TempDir dir;
  ImageOptions o;
  o.format = ImageFormat::Png;  // an SVG names its surface by a counter that differs between runs
  const Grid p = grid_of(kPuzzle);
  render_image(p, nullptr, o, dir.file("a.png"));
  render_image(*classic_geometry(), std::vector<std::uint8_t>(p.cells.begin(), p.cells.end()), nullptr, o, dir.file("b.png"));
  auto bytes = [](const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(bytes(dir.file("a.png")), bytes(dir.file("b.png")));
  const GeometryPtr g = parse_geometry("6x6");
  const std::vector<std::uint8_t> puzzle = read_cells(*g, ".4....3.26............31........5.24");
  std::vector<std::uint8_t> solution;
  ASSERT_EQ(undrawable(*g, puzzle, &solution), "");
  render_image(*g, puzzle, &solution, o, dir.file("c.png"));
  EXPECT_EQ(bytes(dir.file("c.png")).substr(1, 3), "PNG");
}

/// A book of five levels of `spelling` puzzles: a valid full grid of the
/// geometry (the general solver's) with every third cell left empty.
std::vector<BookPuzzle> variant_puzzles(BookOptions& o, const std::string& spelling) {
  o.geometry = parse_geometry(spelling);
  const std::vector<std::uint8_t> empty(static_cast<std::size_t>(o.geometry->cells()), 0);
  const AnySolveResult full = solve_any(*o.geometry, empty, 1);
  EXPECT_EQ(full.count, 1u) << spelling;
  std::vector<std::uint8_t> cells = full.solution;
  for (std::size_t c = 0; c < cells.size(); c += 3) cells[c] = 0;
  std::vector<BookPuzzle> out = five_level_puzzles(o);
  for (BookPuzzle& p : out) {
    p.cells = cells;
    p.solution_cells = full.solution;
  }
  return out;
}

/// The words of pages first..last, one space between them (no-break spaces as spaces).
std::string book_words(const std::string& pdf, int first, int last) {
  std::string text;
  for (int p = first; p <= last; ++p) text += (text.empty() ? "" : " ") + page_words(pdf, p);
  for (std::size_t at; (at = text.find("\xC2\xA0")) != std::string::npos;) text.replace(at, 2, " ");
  return text;
}

std::string spaced(std::string s) {
  for (std::size_t at; (at = s.find("\xC2\xA0")) != std::string::npos;) s.replace(at, 2, " ");
  return s;
}

// A book of variant puzzles prints its variant's rules on the how-to-play
// page (found whole by pdftotext) and draws its grids: in every language, on
// the smallest and largest trims, with the longest rules there are (every
// extra region and leaper at once), the book's pages pass preflight.
TEST(VariantBook, TheRulesOfTheVariantFitTheHowToPlayPageInEveryLanguage) {
  const std::string longest = "x,windows,disjoint,centre-dot,girandola,asterisk,anti-knight,anti-king,toroidal,nc+";
  for (const std::string language : {"en", "de", "fr", "es"})
    for (const char* trim : {"5x8", "8.5x11"}) {
      SCOPED_TRACE(language + " " + trim);
      TempDir dir;
      BookOptions o;
      std::string error;
      o.trim = parse_trim(trim, error);
      o.per_page = 0;
      o.sections = true;
      o.how_to_play = true;
      o.pad_to = 24;
      o.labels = *labels_for(language);
      // A full grid of the longest combination takes the solver long: the
      // drawing only needs cells of the right count, so x's grid is drawn.
      std::vector<BookPuzzle> book = variant_puzzles(o, "x");
      o.geometry = parse_geometry(longest);
      const std::string pdf = dir.file("v.pdf");
      render_book(book, o, pdf);
      const PreflightReport report = preflight_pdf(pdf, {.trim = o.trim});
      EXPECT_TRUE(report.passed()) << format_preflight(report);
      const std::string words = book_words(pdf, 1, 6);
      std::istringstream rules(spaced(o.labels.rules_for(*o.geometry)));
      std::string want;
      for (std::string w; rules >> w;) want += (want.empty() ? "" : " ") + w;
      EXPECT_NE(words.find(want), std::string::npos) << want << "\n---\n" << words;
    }
}

// Each geometry's book in English: its rules sentence in the PDF, its
// grids drawn (a solution page has ink in every cell of the first grid).
TEST(VariantBook, EachGeometryPrintsItsOwnRules) {
  for (const std::string spelling : {"x", "windows", "disjoint", "centre-dot", "girandola", "asterisk", "anti-knight",
                                     "anti-king", "anti-knight,toroidal", "nc", "nc+", "none", "4x4", "6x6", "8x8",
                                     "12x12", "16x16", "jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE"}) {
    SCOPED_TRACE(spelling);
    TempDir dir;
    BookOptions o;
    o.how_to_play = true;
    o.symbols = spelling == "16x16" ? Symbols::kLetters : Symbols::kDigits;
    o.per_page = spelling == "16x16" ? 2 : 4;  // 4 a page would make 16x16 cells under kMinCell: refused
    const std::vector<BookPuzzle> book = variant_puzzles(o, spelling);
    const std::string pdf = dir.file("v.pdf");
    render_book(book, o, pdf);
    const std::string words = book_words(pdf, 1, 3);
    std::istringstream rules(spaced(o.labels.rules_for(*o.geometry, o.symbols)));
    std::string want;
    for (std::string w; rules >> w;) want += (want.empty() ? "" : " ") + w;
    EXPECT_NE(words.find(want), std::string::npos) << want << "\n---\n" << words;
    const auto manifest = manifest_json(book, o, render_book(book, o, dir.file("w.pdf")));
    EXPECT_EQ(manifest["puzzles"][0]["geometry"], o.geometry->spelling());
    EXPECT_EQ(manifest["puzzles"][0]["solution"], print_cells(*o.geometry, book[0].solution_cells));
  }
  BookOptions o;
  std::vector<BookPuzzle> book = variant_puzzles(o, "6x6");
  book[1].cells.pop_back();
  TempDir dir;
  EXPECT_THROW(render_book(book, o, dir.file("bad.pdf")), std::invalid_argument);
}

}  // namespace
}  // namespace sudokit::book
