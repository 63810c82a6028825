// One puzzle as SVG, PNG or PDF (see image.hpp). The canvas is the grid
// plus a margin of 4% of the width on every side (and the caption line when
// there is one); PNG output is drawn at one unit per pixel with the lines
// snapped to whole pixels, so thin lines stay sharp.
#include "sudokit/book/image.hpp"

#include <cairo-pdf.h>
#include <cairo-svg.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <memory>

#include "names.hpp"
#include "output_file.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "text.hpp"

namespace sudokit::book {

std::optional<ImageFormat> parse_image_format(std::string_view name) {
  const std::string lower = lower_case(name);
  if (lower == "svg") return ImageFormat::Svg;
  if (lower == "png") return ImageFormat::Png;
  if (lower == "pdf") return ImageFormat::Pdf;
  return std::nullopt;
}

std::optional<ImageFormat> image_format_of(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return std::nullopt;
  return parse_image_format(path.substr(dot + 1));
}

std::optional<std::string> other_format_extension(std::string_view path) {
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return std::nullopt;
  std::string ext(path.substr(dot + 1));
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* other : {"png", "svg", "jpg", "jpeg", "gif", "webp", "json", "ndjson", "csv", "txt", "html", "ipuz", "db"})
    if (ext == other) return "." + ext;
  return std::nullopt;
}

double default_image_size(ImageFormat format) {
  switch (format) {
    case ImageFormat::Png: return 1080;
    case ImageFormat::Svg: return 540;
    case ImageFormat::Pdf: return 360;
  }
  return 540;
}

void render_image(const Grid& puzzle, const Grid* solution, const ImageOptions& o, const std::string& path) {
  const bool raster = o.format == ImageFormat::Png;
  double width = o.size > 0 ? o.size : default_image_size(o.format);
  if (raster) width = std::round(width);
  const double margin = std::round(width * 0.04);
  const double grid = width - 2 * margin;
  const double caption_size = std::clamp(grid * 0.045, 8.0, 40.0);
  double height = width;
  if (!o.caption.empty()) height += caption_size * 1.9;
  if (raster) height = std::round(height);

  OutputFile out(path);
  using SurfacePtr = std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)>;
  SurfacePtr surface(nullptr, cairo_surface_destroy);
  switch (o.format) {
    case ImageFormat::Png:
      surface.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, static_cast<int>(width), static_cast<int>(height)));
      break;
    case ImageFormat::Svg:
      surface.reset(cairo_svg_surface_create_for_stream(&OutputFile::write, &out, width, height));
      cairo_svg_surface_set_document_unit(surface.get(), CAIRO_SVG_UNIT_PX);
      break;
    case ImageFormat::Pdf:
      surface.reset(cairo_pdf_surface_create_for_stream(&OutputFile::write, &out, width, height));
      cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, "sudokit");
      if (!o.creation_date.empty())
        cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, o.creation_date.c_str());
      break;
  }
  out.check(cairo_surface_status(surface.get()));
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> context(cairo_create(surface.get()), cairo_destroy);
  cairo_t* cr = context.get();
  if (!o.transparent || o.format == ImageFormat::Pdf) {
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
  }
  // The proportions of the book's 75 mm grid (style_for), at any size: an
  // image is seen whole, whatever its pixel count.
  GridStyle style;
  style.thick = grid * 0.008;
  style.thin = grid * 0.0026;
  style.snap = raster;
  const Rect square{margin, margin, grid, grid};
  draw_grid(cr, square, puzzle, solution, style);
  if (!o.caption.empty()) {
    cairo_set_source_rgb(cr, 0, 0, 0);
    fit_font(cr, o.caption, false, caption_size, 4, grid);
    show_line(cr, o.caption, margin, grid, square.bottom() + caption_size * 1.45, Align::Centre);
  }
  context.reset();
  if (raster) {
    cairo_surface_flush(surface.get());
    out.check(cairo_surface_write_to_png_stream(surface.get(), &OutputFile::write, &out));
  } else {
    cairo_surface_finish(surface.get());
    out.check(cairo_surface_status(surface.get()));
  }
  surface.reset();
  out.commit();
}

}  // namespace sudokit::book
