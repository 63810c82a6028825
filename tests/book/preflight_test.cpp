// book::preflight_pdf: each check passes on a good file and fails, naming the
// page, on a file made to break it (PDFs drawn here with cairo, one written
// by hand for a font that is not embedded); real books on several trims,
// with bleed and in large print, pass. scan_strokes on hand-written content.
#include "sudokit/book/preflight.hpp"

#include <gtest/gtest.h>
#include <cairo-pdf.h>
#include <cairo.h>

#include <fstream>
#include <functional>
#include <string>

#include "../temp_dir.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::book {
namespace {

using sudokit::test::TempDir;

constexpr double kW = 6 * kInch, kH = 9 * kInch;

// A PDF of `pages` pages of 6 x 9 in; draw(cr, page) draws each (pages from 1).
// `size(page)` may give a page another size.
void make_pdf(const std::string& path, int pages, const std::function<void(cairo_t*, int)>& draw,
              const std::function<PageSize(int)>& size = nullptr) {
  cairo_surface_t* surface = cairo_pdf_surface_create(path.c_str(), kW, kH);
  cairo_t* cr = cairo_create(surface);
  for (int p = 1; p <= pages; ++p) {
    if (size) {
      const PageSize s = size(p);
      cairo_pdf_surface_set_size(surface, s.width, s.height);
    }
    cairo_save(cr);
    draw(cr, p);
    cairo_restore(cr);
    cairo_show_page(cr);
  }
  cairo_destroy(cr);
  cairo_surface_finish(surface);
  ASSERT_EQ(cairo_surface_status(surface), CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy(surface);
}

// A page a printer accepts: a grid-like square well inside the margins, a
// 0.5 pt line, and some text (an embedded font).
void good_page(cairo_t* cr, int page) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_width(cr, 0.5);
  cairo_rectangle(cr, 1 * kInch, 1 * kInch, 4 * kInch, 4 * kInch);
  cairo_stroke(cr);
  cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, 10);
  cairo_move_to(cr, 2.5 * kInch, 8 * kInch);
  cairo_show_text(cr, ("Page " + std::to_string(page)).c_str());
}

const PreflightCheck& check(const PreflightReport& r, const std::string& name) {
  for (const auto& c : r.checks)
    if (c.name == name) return c;
  throw std::logic_error("no check " + name);
}

// The checks that failed, by name.
std::string failed(const PreflightReport& r) {
  std::string out;
  for (const auto& c : r.checks)
    if (!c.passed) out += (out.empty() ? "" : ",") + c.name;
  return out;
}

TEST(ScanStrokes, WidthsAsDrawnUnderTheTransformation) {
  EXPECT_EQ(scan_strokes("").strokes, 0);
  const StrokeScan plain = scan_strokes("0.5 w 0 0 m 10 10 l S");
  EXPECT_EQ(plain.strokes, 1);
  EXPECT_DOUBLE_EQ(plain.thinnest, 0.5);
  EXPECT_DOUBLE_EQ(scan_strokes("0 0 m 10 10 l S").thinnest, 1.0);  // the default width
  // Scaled by half: a 0.8 pt width draws 0.4 pt; Q restores both.
  const StrokeScan scaled = scan_strokes("q 0.5 0 0 0.5 0 0 cm 0.8 w 0 0 m 1 1 l S Q 0 0 m 1 1 l S");
  EXPECT_EQ(scaled.strokes, 2);
  EXPECT_DOUBLE_EQ(scaled.thinnest, 0.4);
  EXPECT_DOUBLE_EQ(scan_strokes("1 0 0 -1 0 648 cm 2 w 0 0 m 1 1 l S").thinnest, 2.0);  // a flip is no scale
  // Operators inside strings, arrays and dictionaries are not operators.
  EXPECT_EQ(scan_strokes("BT (0.1 w S) Tj [(x) -200 (y)] TJ ET /P <</MCID 0>> BDC EMC").strokes, 0);
  EXPECT_EQ(scan_strokes("(a \\) 0.1 w S (b)) Tj").strokes, 0);
  // Closing and fill-and-stroke operators stroke too.
  EXPECT_EQ(scan_strokes("0.2 w 0 0 10 10 re b 0 0 m s 0 0 m B*").strokes, 3);
}

TEST(Preflight, AGoodFilePassesEveryCheck) {
  TempDir dir;
  make_pdf(dir.file("good.pdf"), 24, good_page);
  const PreflightReport r = preflight_pdf(dir.file("good.pdf"));
  EXPECT_TRUE(r.passed()) << format_preflight(r);
  EXPECT_EQ(r.pages, 24);
  EXPECT_FALSE(r.bleed);
  EXPECT_NEAR(r.trim.width, kW, 0.01);
  ASSERT_EQ(r.checks.size(), 6u);
  EXPECT_EQ(check(r, "lines").summary.substr(0, 11), "24 strokes,");  // a square a page
  EXPECT_NE(format_preflight(r).find("passes preflight"), std::string::npos);
}

TEST(Preflight, PageCountsOutsideTheRangeOrOddFail) {
  TempDir dir;
  make_pdf(dir.file("short.pdf"), 23, good_page);
  const PreflightReport r = preflight_pdf(dir.file("short.pdf"));
  EXPECT_EQ(failed(r), "pages,even");
  PreflightRules rules;
  rules.max_pages = 20;
  make_pdf(dir.file("long.pdf"), 22, good_page);
  rules.min_pages = 2;
  EXPECT_EQ(failed(preflight_pdf(dir.file("long.pdf"), rules)), "pages");
}

TEST(Preflight, InkOutsideTheSafeAreaFailsAndTheGutterMirrors) {
  TempDir dir;
  // A dot 0.3 in from the left edge: inside the 0.375 in gutter of a
  // right-hand (odd) page, but outside the 0.25 in outer margin of a
  // left-hand (even) one, where it is allowed.
  auto dot_at_left = [](cairo_t* cr, int page) {
    good_page(cr, page);
    if (page == 3 || page == 4) {
      cairo_rectangle(cr, 0.3 * kInch, 4 * kInch, 2, 2);
      cairo_fill(cr);
    }
  };
  make_pdf(dir.file("gutter.pdf"), 24, dot_at_left);
  const PreflightReport r = preflight_pdf(dir.file("gutter.pdf"));
  EXPECT_EQ(failed(r), "safe area");
  ASSERT_EQ(check(r, "safe area").problems.size(), 1u);
  EXPECT_EQ(check(r, "safe area").problems[0].substr(0, 8), "page 3: ");
  // A mark 0.1 in from the bottom edge breaks every page's margin.
  auto low = [](cairo_t* cr, int page) {
    good_page(cr, page);
    if (page == 10) {
      cairo_rectangle(cr, 3 * kInch, kH - 0.1 * kInch, 3, 1);
      cairo_fill(cr);
    }
  };
  make_pdf(dir.file("low.pdf"), 24, low);
  const PreflightReport l = preflight_pdf(dir.file("low.pdf"));
  ASSERT_EQ(check(l, "safe area").problems.size(), 1u);
  EXPECT_EQ(check(l, "safe area").problems[0].substr(0, 9), "page 10: ");
  // Faint grey still counts; white does not.
  auto grey = [](cairo_t* cr, int page) {
    good_page(cr, page);
    cairo_set_source_rgb(cr, page == 5 ? 0.7 : 1.0, page == 5 ? 0.7 : 1.0, page == 5 ? 0.7 : 1.0);
    cairo_rectangle(cr, 0.05 * kInch, 0.05 * kInch, 10, 10);
    cairo_fill(cr);
  };
  make_pdf(dir.file("grey.pdf"), 24, grey);
  const PreflightReport g = preflight_pdf(dir.file("grey.pdf"));
  ASSERT_EQ(check(g, "safe area").problems.size(), 1u);
  EXPECT_EQ(check(g, "safe area").problems[0].substr(0, 8), "page 5: ");
}

TEST(Preflight, ThinLinesFailAsDrawn) {
  TempDir dir;
  auto thin = [](cairo_t* cr, int page) {
    good_page(cr, page);
    if (page == 2) {  // 0.3 pt
      cairo_set_line_width(cr, 0.3);
      cairo_move_to(cr, 2 * kInch, 6 * kInch);
      cairo_line_to(cr, 3 * kInch, 6 * kInch);
      cairo_stroke(cr);
    }
    if (page == 7) {  // 0.8 pt at half scale: 0.4 pt on paper
      cairo_scale(cr, 0.5, 0.5);
      cairo_set_line_width(cr, 0.8);
      cairo_move_to(cr, 4 * kInch, 12 * kInch);
      cairo_line_to(cr, 6 * kInch, 12 * kInch);
      cairo_stroke(cr);
    }
    if (page == 9) {  // 1 pt at half scale: 0.5 pt, allowed
      cairo_scale(cr, 0.5, 0.5);
      cairo_set_line_width(cr, 1.0);
      cairo_move_to(cr, 4 * kInch, 12 * kInch);
      cairo_line_to(cr, 6 * kInch, 12 * kInch);
      cairo_stroke(cr);
    }
  };
  make_pdf(dir.file("thin.pdf"), 24, thin);
  const PreflightReport r = preflight_pdf(dir.file("thin.pdf"));
  EXPECT_EQ(failed(r), "lines");
  const auto& problems = check(r, "lines").problems;
  ASSERT_EQ(problems.size(), 2u) << format_preflight(r);
  EXPECT_EQ(problems[0].substr(0, 8), "page 2: ");
  EXPECT_EQ(problems[1].substr(0, 8), "page 7: ");
  EXPECT_NE(problems[1].find("0.400 pt"), std::string::npos) << problems[1];
}

TEST(Preflight, PagesOfAnotherSizeOrTheWrongTrimFail) {
  TempDir dir;
  make_pdf(dir.file("mixed.pdf"), 24, good_page,
           [](int page) { return page == 12 ? PageSize{kW + 9, kH} : PageSize{kW, kH}; });
  const PreflightReport r = preflight_pdf(dir.file("mixed.pdf"));
  EXPECT_NE(failed(r).find("boxes"), std::string::npos);
  EXPECT_EQ(check(r, "boxes").problems.at(0).substr(0, 9), "page 12: ");
  make_pdf(dir.file("good.pdf"), 24, good_page);
  PreflightRules rules;
  rules.trim = PageSize{5 * kInch, 8 * kInch};
  EXPECT_EQ(failed(preflight_pdf(dir.file("good.pdf"), rules)), "boxes");
  rules.trim = PageSize{kW, kH};
  EXPECT_EQ(failed(preflight_pdf(dir.file("good.pdf"), rules)), "");
}

// A one-page PDF written by hand that uses Helvetica without embedding it.
std::string pdf_with_a_font_not_embedded() {
  std::vector<std::string> objects = {
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
      "",  // the content stream
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"};
  const std::string content = "BT /F1 12 Tf 100 300 Td (Sudoku) Tj ET";
  objects[3] = "<< /Length " + std::to_string(content.size()) + " >>\nstream\n" + content + "\nendstream";
  std::string pdf = "%PDF-1.4\n";
  std::vector<std::size_t> offsets;
  for (std::size_t i = 0; i < objects.size(); ++i) {
    offsets.push_back(pdf.size());
    pdf += std::to_string(i + 1) + " 0 obj\n" + objects[i] + "\nendobj\n";
  }
  const std::size_t xref = pdf.size();
  pdf += "xref\n0 " + std::to_string(objects.size() + 1) + "\n0000000000 65535 f \n";
  for (const std::size_t o : offsets) {
    char line[24];
    std::snprintf(line, sizeof line, "%010zu 00000 n \n", o);
    pdf += line;
  }
  pdf += "trailer\n<< /Size " + std::to_string(objects.size() + 1) + " /Root 1 0 R >>\nstartxref\n" +
         std::to_string(xref) + "\n%%EOF\n";
  return pdf;
}

TEST(Preflight, AFontNotEmbeddedFailsAndUnreadableFilesAreErrors) {
  TempDir dir;
  std::ofstream(dir.file("font.pdf"), std::ios::binary) << pdf_with_a_font_not_embedded();
  PreflightRules rules;
  rules.min_pages = 1;
  const PreflightReport r = preflight_pdf(dir.file("font.pdf"), rules);
  EXPECT_EQ(failed(r), "even,fonts") << format_preflight(r);
  ASSERT_EQ(check(r, "fonts").problems.size(), 1u);
  EXPECT_NE(check(r, "fonts").problems[0].find("Helvetica"), std::string::npos);
  // Its plain content stream is read: one text object, no stroke.
  EXPECT_TRUE(check(r, "lines").passed) << format_preflight(r);

  std::ofstream(dir.file("text.pdf")) << "not a PDF\n";
  EXPECT_THROW(preflight_pdf(dir.file("text.pdf")), PreflightError);
  EXPECT_THROW(preflight_pdf(dir.file("missing.pdf")), PreflightError);
}

std::vector<BookPuzzle> book_puzzles(int n) {
  Grid p;
  ParseError error;
  EXPECT_TRUE(parse_puzzle("000000010400000000020000000000050407008000300001090000300400200050100000000806000", p, error));
  std::vector<BookPuzzle> out;
  for (int i = 0; i < n; ++i) out.push_back({p, solve(p, 2).solution, "hard", 5.0 + i * 0.01, i + 1});
  return out;
}

TEST(Preflight, SudokitBooksPassOnEveryTrimWithBleedAndInLargePrint) {
  TempDir dir;
  struct Case {
    const char* trim;
    bool bleed, large_print;
    int puzzles;
  };
  for (const Case& k : {Case{"6x9", false, false, 120}, Case{"5x8", true, false, 80}, Case{"8.5x11", true, true, 30},
                        Case{"a5", false, false, 90}, Case{"8.25x11", false, false, 300}}) {
    BookOptions o;
    std::string error;
    o.trim = parse_trim(k.trim, error);
    ASSERT_TRUE(o.trim) << error;
    o.bleed = k.bleed;
    o.large_print = k.large_print;
    o.per_page = k.large_print ? 1 : 0;
    o.pad_to = 2;
    const std::string path = dir.file(std::string("book-") + k.trim + ".pdf");
    const BookResult made = render_book(book_puzzles(k.puzzles), o, path);
    PreflightRules rules;
    rules.trim = o.trim;
    const PreflightReport r = preflight_pdf(path, rules);
    EXPECT_EQ(r.pages, made.pages) << k.trim;
    EXPECT_EQ(r.bleed, k.bleed) << k.trim;
    EXPECT_TRUE(r.passed()) << k.trim << "\n" << format_preflight(r);
  }
}

}  // namespace
}  // namespace sudokit::book
