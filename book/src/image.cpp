// One puzzle as SVG, PNG or PDF (see image.hpp). The canvas is the grid
// plus a margin of 4% of the width on every side (and the caption line when
// there is one); PNG output is drawn at one unit per pixel with the lines
// snapped to whole pixels, so thin lines stay sharp.
#include "sudokit/book/image.hpp"
#include "sudokit/solver/global_id.hpp"

#include <zlib.h>

#include <cstdint>
#include <cstdio>
#include <stdexcept>

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
#include "sudokit/solver/rule_breaks.hpp"
#include "sudokit/solver/solve_any.hpp"
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

namespace {

constexpr std::string_view kPngSignature("\x89PNG\r\n\x1a\n", 8);

std::uint32_t read_be32(std::string_view s, std::size_t at) {
  return static_cast<std::uint32_t>(static_cast<unsigned char>(s[at])) << 24 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 1])) << 16 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 2])) << 8 |
         static_cast<std::uint32_t>(static_cast<unsigned char>(s[at + 3]));
}

void append_be32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xff);
}

// Calls f(offset, length, type) for each chunk; stops when f returns false.
template <class F>
void for_each_chunk(std::string_view png, F f) {
  for (std::size_t at = kPngSignature.size(); at + 12 <= png.size();) {
    const std::uint32_t length = read_be32(png, at);
    if (length > png.size() - at - 12) return;
    if (!f(at, static_cast<std::size_t>(length), png.substr(at + 4, 4))) return;
    at += 12 + length;
  }
}

}  // namespace

std::string with_png_resolution(std::string png, double dpi) {
  if (png.compare(0, kPngSignature.size(), kPngSignature) != 0 || png.size() < 33 || png.compare(12, 4, "IHDR") != 0)
    throw std::invalid_argument("not a PNG file");
  if (!(dpi > 0)) throw std::invalid_argument("the resolution must be positive");
  // Drop a pHYs chunk already there, then put ours right after IHDR.
  for_each_chunk(png, [&](std::size_t at, std::size_t length, std::string_view type) {
    if (type != "pHYs") return true;
    png.erase(at, 12 + length);
    return false;
  });
  const auto per_metre = static_cast<std::uint32_t>(std::lround(dpi / 0.0254));
  std::string chunk = "pHYs";
  append_be32(chunk, per_metre);
  append_be32(chunk, per_metre);
  chunk += '\x01';  // unit: the metre
  std::string bytes;
  append_be32(bytes, 9);
  bytes += chunk;
  append_be32(bytes, static_cast<std::uint32_t>(crc32(0L, reinterpret_cast<const Bytef*>(chunk.data()),
                                                       static_cast<uInt>(chunk.size()))));
  png.insert(33, bytes);  // signature (8) + IHDR (4 + 4 + 13 + 4)
  return png;
}

std::optional<double> png_resolution(std::string_view png) {
  if (png.substr(0, kPngSignature.size()) != kPngSignature) return std::nullopt;
  std::optional<double> dpi;
  for_each_chunk(png, [&](std::size_t at, std::size_t length, std::string_view type) {
    if (type != "pHYs" || length != 9) return true;
    if (png[at + 16] == 1) dpi = read_be32(png, at + 8) * 0.0254;
    return false;
  });
  return dpi;
}

std::string numbered_image_name(long long number, const std::string& gid, ImageFormat format) {
  const char* ext = format == ImageFormat::Png ? ".png" : format == ImageFormat::Svg ? ".svg" : ".pdf";
  if (!gid.empty()) return global_id_file_stem(gid) + ext;
  char buf[32];
  std::snprintf(buf, sizeof buf, "%04lld", number);
  return buf + std::string(ext);
}

void render_image(const Grid& puzzle, const Grid* solution, const ImageOptions& o, const std::string& path,
                  files::StagedFiles* into) {
  const std::vector<std::uint8_t> cells(puzzle.cells.begin(), puzzle.cells.end());
  if (solution == nullptr) return render_image(*classic_geometry(), cells, nullptr, o, path, into);
  const std::vector<std::uint8_t> solved(solution->cells.begin(), solution->cells.end());
  render_image(*classic_geometry(), cells, &solved, o, path, into);
}

void render_image(const Geometry& geometry, const std::vector<std::uint8_t>& puzzle,
                  const std::vector<std::uint8_t>* solution, const ImageOptions& o, const std::string& path,
                  files::StagedFiles* into) {
  const bool raster = o.format == ImageFormat::Png;
  double width = o.size > 0 ? o.size : default_image_size(o.format);
  if (raster) width = std::round(width);
  const double margin = std::round(width * 0.04);
  const double grid = width - 2 * margin;
  const double caption_size = std::clamp(grid * 0.045, 8.0, 40.0);
  double height = width;
  if (!o.caption.empty()) height += caption_size * 1.9;
  if (raster) height = std::round(height);

  OutputFile out(path, true, into);
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
  style.symbols = o.symbols;
  const Rect square{margin, margin, grid, grid};
  draw_grid(cr, square, geometry, puzzle, solution, style);
  if (!o.caption.empty()) {
    cairo_set_source_rgb(cr, 0, 0, 0);
    fit_user_line(cr, "--caption", o.caption, false, caption_size, 4, grid);
    show_line(cr, o.caption, margin, grid, square.bottom() + caption_size * 1.45, Align::Centre);
  }
  out.check(cairo_status(cr));  // a drawing error (text that is not UTF-8) is not the surface's
  context.reset();
  if (raster) {
    cairo_surface_flush(surface.get());
    std::string png;
    const auto append = [](void* closure, const unsigned char* data, unsigned int length) {
      static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
      return CAIRO_STATUS_SUCCESS;
    };
    out.check(cairo_surface_write_to_png_stream(surface.get(), append, &png));
    if (o.dpi > 0) png = with_png_resolution(std::move(png), o.dpi);
    out.check(OutputFile::write(&out, reinterpret_cast<const unsigned char*>(png.data()),
                                static_cast<unsigned int>(png.size())));
  } else {
    cairo_surface_finish(surface.get());
    out.check(cairo_surface_status(surface.get()));
  }
  surface.reset();
  out.commit();
}

std::string undrawable(const Grid& puzzle, SolveResult* solved) {
  if (const auto conflict = find_conflict(puzzle)) return conflict->message();
  const SolveResult r = solve(puzzle, 2);
  if (r.count == 0) return "the puzzle has no solution";
  if (r.count > 1) return "the puzzle has several solutions";
  if (solved != nullptr) *solved = r;
  return "";
}

std::string undrawable(const Geometry& geometry, const std::vector<std::uint8_t>& puzzle,
                       std::vector<std::uint8_t>* solution) {
  const int n = geometry.size(), cells = geometry.cells();
  if (puzzle.size() != static_cast<std::size_t>(cells))
    return "the puzzle has " + std::to_string(puzzle.size()) + " cells (" + geometry.spelling() + " has " +
           std::to_string(cells) + ")";
  if (geometry.classic()) {
    Grid grid;
    std::copy(puzzle.begin(), puzzle.end(), grid.cells.begin());
    SolveResult solved;
    std::string why = undrawable(grid, &solved);
    if (why.empty() && solution != nullptr) solution->assign(solved.solution.cells.begin(), solved.solution.cells.end());
    return why;
  }
  auto name = [n](int cell) { return "r" + std::to_string(cell / n + 1) + "c" + std::to_string(cell % n + 1); };
  for (int c = 0; c < cells; ++c)
    if (const int d = puzzle[static_cast<std::size_t>(c)]; d > n)
      return name(c) + " holds " + std::to_string(d) + ", above " + std::to_string(n);
  if (const std::vector<int> breaks = rule_breaks(geometry, puzzle); !breaks.empty()) {
    std::string list;
    for (std::size_t i = 0; i < breaks.size() && i < 6; ++i)
      list += (i ? ", " : "") + name(breaks[i]) + " (" + std::string(1, digit_char(puzzle[static_cast<std::size_t>(breaks[i])], n)) + ")";
    if (breaks.size() > 6) list += ", and " + std::to_string(breaks.size() - 6) + " more";
    return "givens that break a rule of " + geometry.spelling() + ": " + list;
  }
  const AnySolveResult r = solve_any(geometry, puzzle, 2);
  if (r.count == 0) return "the puzzle has no solution";
  if (r.count > 1) return "the puzzle has several solutions";
  if (solution != nullptr) *solution = r.solution;
  return "";
}

}  // namespace sudokit::book
