// The full-wrap cover (see cover.hpp). Everything but the background stays
// 0.125 in inside the trim of its panel (KDP's cover safe zone), spine text
// 0.0625 in inside the spine.
#include "sudokit/book/cover.hpp"

#include <cairo-pdf.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <memory>
#include <stdexcept>

#include "names.hpp"
#include "output_file.hpp"
#include "pdf_boxes.hpp"
#include "pdf_reader.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "text.hpp"

namespace sudokit::book {

namespace {

constexpr double kCoverSafe = 0.125 * kInch;

Rect inset(const Rect& r, double by) { return {r.x + by, r.y + by, r.w - 2 * by, r.h - 2 * by}; }

/// Lines of `text` wrapped to `width` at the largest size from `size` down
/// to `min_size`; a word that does not fit at `min_size` is TextDoesNotFit
/// naming `what`.
double wrapped_block(cairo_t* cr, const std::string& what, const std::string& text, bool bold, double size,
                     double min_size, double width, std::vector<std::string>& lines) {
  set_font(cr, bold, size);
  lines = wrap_balanced(cr, text, width);
  for (const auto& line : lines) size = std::min(size, fit_user_line(cr, what, line, bold, size, min_size, width));
  set_font(cr, bold, size);
  return size;
}

}  // namespace

std::optional<CoverPaper> parse_cover_paper(std::string_view name) {
  const std::string lower = lower_case(name);
  if (lower == "white") return CoverPaper::White;
  if (lower == "cream") return CoverPaper::Cream;
  if (lower == "color" || lower == "colour") return CoverPaper::Color;
  return std::nullopt;
}

double paper_thickness(CoverPaper paper) {
  switch (paper) {
    case CoverPaper::White: return 0.002252;
    case CoverPaper::Cream: return 0.0025;
    case CoverPaper::Color: return 0.002347;
  }
  return 0.002252;
}

Rect CoverGeometry::barcode() const {
  const Rect b = back();
  return {b.right() - 0.25 * kInch - kBarcodeWidth, b.bottom() - 0.25 * kInch - kBarcodeHeight, kBarcodeWidth,
          kBarcodeHeight};
}

void check_page_count(int pages) {
  if (pages < kMinBookPages || pages > kMaxBookPages)
    throw OptionError(BookOption::Pages, "a paperback has " + std::to_string(kMinBookPages) + " to " +
                                             std::to_string(kMaxBookPages) + " pages (found " + std::to_string(pages) + ")");
}

CoverGeometry cover_geometry(PageSize trim, int pages, CoverPaper paper, bool spine_text) {
  check_page_count(pages);
  CoverGeometry g;
  g.trim = trim;
  g.pages = pages;
  g.spine = pages * paper_thickness(paper) * kInch;
  g.spine_text_wanted = spine_text;
  return g;
}

CoverGeometry render_cover(const CoverOptions& o, const std::string& path) {
  const CoverGeometry g = cover_geometry(o.trim, o.pages, o.paper, o.spine_text);
  OutputFile out(path);
  // Drawn into memory: the page boxes go in at the end (pdf_boxes.hpp).
  std::string in_memory;
  auto append = [](void* closure, const unsigned char* data, unsigned int length) {
    static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
    return CAIRO_STATUS_SUCCESS;
  };
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
      cairo_pdf_surface_create_for_stream(append, &in_memory, g.width(), g.height()), cairo_surface_destroy);
  out.check(cairo_surface_status(surface.get()));
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, (o.title + " (cover)").c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "sudokit");
  if (!o.creation_date.empty())
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, o.creation_date.c_str());
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> context(cairo_create(surface.get()), cairo_destroy);
  cairo_t* cr = context.get();

  // Full-bleed background: a deep blue wrap.
  cairo_set_source_rgb(cr, 0.11, 0.21, 0.36);
  cairo_rectangle(cr, 0, 0, g.width(), g.height());
  cairo_fill(cr);

  // Front: title, subtitle, the grid, the author.
  const Rect front = inset(g.front(), kCoverSafe + 0.25 * kInch);
  std::vector<std::string> lines;
  cairo_set_source_rgb(cr, 1, 1, 1);
  // The title from 40 pt and the subtitle from 16 pt, both shrunk a point at
  // a time (down to 14 and 8 pt) until their lines fit above the author.
  const double author_space = o.author.empty() ? 0 : 40;
  const auto title_block = [&](double largest, bool draw) {
    std::vector<std::string> title_lines;
    double size = wrapped_block(cr, "--title", o.title, true, largest, 14, front.w, title_lines);
    double y = front.y + size;
    for (const auto& line : title_lines) {
      if (draw) show_line(cr, line, front.x, front.w, y, Align::Centre);
      y += size * 1.2;
    }
    if (!o.subtitle.empty()) {
      size = wrapped_block(cr, "--subtitle", o.subtitle, false, std::max(8.0, 16 * largest / 40), 8, front.w, title_lines);
      y += size * 0.4;
      for (const auto& line : title_lines) {
        if (draw) show_line(cr, line, front.x, front.w, y, Align::Centre);
        y += size * 1.3;
      }
    }
    return y;
  };
  double largest = 40;
  while (title_block(largest, false) > front.bottom() - author_space) {
    if (largest <= 14)  // the title and subtitle run past the front
      refuse_text(o.subtitle.empty() ? "--title" : "--title and --subtitle",
                  o.subtitle.empty() ? o.title : o.title + " " + o.subtitle,
                  "they take more than the front cover's height at the smallest sizes (14 and 8 pt)");
    largest = std::max(14.0, largest - 1);
  }
  double y = title_block(largest, true);
  const double grid = std::min(front.w * 0.8, front.bottom() - author_space - y - 20);
  if (grid > kInch) {
    const Rect r{front.x + (front.w - grid) / 2, y + 10 + (front.bottom() - author_space - y - 20 - grid) / 2, grid, grid};
    draw_grid(cr, r, o.art, nullptr, style_for(grid));
  }
  if (!o.author.empty()) {
    cairo_set_source_rgb(cr, 1, 1, 1);
    fit_user_line(cr, "--author", o.author, false, 18, 8, front.w);
    show_line(cr, o.author, front.x, front.w, front.bottom(), Align::Centre);
  }

  // Spine: title and author, rotated to read top to bottom.
  if (g.spine_text()) {
    const Rect spine = inset(g.spine_area(), kSpineSafe);
    const std::string text = o.author.empty() ? o.title : o.title + "  \xC2\xB7  " + o.author;
    cairo_save(cr);
    cairo_translate(cr, spine.x + spine.w / 2, spine.y);
    cairo_rotate(cr, 1.5707963267948966);  // x along the spine, downwards
    cairo_set_source_rgb(cr, 1, 1, 1);
    fit_user_line(cr, "the spine's text (--title and --author; --no-spine-text leaves it off)", text, true,
                  g.spine_text_size(), kMinSpineText, spine.h * 0.9);
    cairo_font_extents_t fe;
    cairo_font_extents(cr, &fe);
    // Centred across the spine: the baseline sits below the middle by half the cap height.
    show_line(cr, text, 0, spine.h, (fe.ascent - fe.descent) / 2 * 0.8, Align::Centre);
    cairo_restore(cr);
  }

  // Back: a line about the book and the barcode area.
  const Rect back = inset(g.back(), kCoverSafe + 0.25 * kInch);
  cairo_set_source_rgb(cr, 1, 1, 1);
  const std::string blurb = o.subtitle.empty() ? o.title : o.title + ": " + o.subtitle;
  double size = wrapped_block(cr, "the back cover's text (--title and --subtitle)", blurb, false, 14, 8, back.w, lines);
  y = back.y + size;
  const Rect code = g.barcode();
  if (back.y + size + (static_cast<double>(lines.size()) - 1) * size * 1.3 > code.y)  // it would run into the barcode
    refuse_text("the back cover's text (--title and --subtitle)", blurb,
                "it runs into the barcode area");
  for (const auto& line : lines) {
    show_line(cr, line, back.x, back.w, y, Align::Left);
    y += size * 1.3;
  }
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_rectangle(cr, code.x, code.y, code.w, code.h);
  cairo_fill(cr);

  out.check(cairo_status(cr));  // a drawing error (text that is not UTF-8) is not the surface's
  cairo_show_page(cr);
  out.check(cairo_surface_status(surface.get()));
  context.reset();
  cairo_surface_finish(surface.get());
  out.check(cairo_surface_status(surface.get()));
  surface.reset();
  // The TrimBox is the cover as cut (back, spine and front), the BleedBox
  // the whole sheet.
  std::string pdf;
  try {
    pdf = add_page_boxes(in_memory, g.height(), [&](int) {
      return PageBoxes{{kBleed, kBleed, g.width() - 2 * kBleed, g.height() - 2 * kBleed}, {0, 0, g.width(), g.height()}};
    });
  } catch (const std::runtime_error& e) {
    throw RenderError(path, std::string("cannot set the page boxes: ") + e.what());
  }
  out.write_text(pdf);
  out.commit();
  return g;
}

InteriorPdf read_interior(const std::string& path) {
  std::unique_ptr<detail::PdfReader> doc;
  try {
    doc = detail::open_pdf(detail::read_pdf_file(path));
  } catch (const std::runtime_error& e) {
    throw RenderError(path, e.what());
  }
  if (!doc) throw RenderError(path, "not a PDF that can be read");
  if (doc->locked()) throw RenderError(path, "the PDF is encrypted");
  InteriorPdf interior;
  interior.pages = doc->pages();
  detail::PdfBox media, trim, bleed;
  if (interior.pages < 1 || !doc->boxes(0, media, trim, bleed)) throw RenderError(path, "the PDF has no pages");
  interior.trim = {trim.width(), trim.height()};
  return interior;
}

}  // namespace sudokit::book
