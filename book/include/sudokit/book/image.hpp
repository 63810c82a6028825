// One puzzle as an image for app stores, web pages and social posts: SVG,
// PNG or a one-page PDF, drawn with the same grid as the book
// (grid_drawing.hpp), on a square canvas with a small margin and an
// optional caption line under the grid.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/files/staged.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/grid.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::book {

enum class ImageFormat { Svg, Png, Pdf };

/// "svg", "png", "pdf" (any case).
std::optional<ImageFormat> parse_image_format(std::string_view name);
/// The format a file name's extension names (".png" -> Png), if any.
std::optional<ImageFormat> image_format_of(std::string_view path);

/// For a command that writes a PDF: the extension of `path` when it names
/// another kind of file (".png", ".svg", ".jpg", ".json", ".csv", ".txt",
/// ".html", ".ipuz", any case), so that `book --out x.png` is refused rather
/// than written as a PDF under another name; nullopt for ".pdf", no
/// extension or one that names nothing known.
std::optional<std::string> other_format_extension(std::string_view path);

struct ImageOptions {
  ImageFormat format = ImageFormat::Png;
  /// Width of the image: pixels for PNG and SVG, points for PDF; 0 = the
  /// format's default (1080 px, 540 px, 360 pt).
  double size = 0;
  std::string caption;       // a line under the grid (makes the image taller)
  bool transparent = false;  // PNG/SVG: no white background outside the grid
  /// PNG: the resolution written into the file (its pHYs chunk), so layout
  /// software places a 1080-pixel image 3.6 in wide at 300 dpi; 0 = none.
  double dpi = 300;
  std::string creation_date; // PDF: CreationDate "YYYY-MM-DDThh:mm:ssZ"; empty = now
  Symbols symbols = Symbols::kDigits;  // how digits are printed (grid_drawing.hpp)
};

/// A PNG file's bytes with a pHYs chunk (pixels per metre for `dpi`, both
/// axes) inserted after its IHDR, replacing one already there.
/// std::invalid_argument when `png` is not a PNG or `dpi` not positive.
std::string with_png_resolution(std::string png, double dpi);

/// The resolution a PNG file's pHYs chunk gives, in dots per inch (metre
/// units), or nullopt when it has none.
std::optional<double> png_resolution(std::string_view png);

/// The name of the image of the puzzle numbered `number` in a set written to
/// a directory: "0007.png" (four digits at least, so the names sort), or,
/// when `gid` is not empty, "GID.png" ("_GID.png" for an id beginning with
/// '-': global_id_file_stem).
std::string numbered_image_name(long long number, const std::string& gid, ImageFormat format);

/// The default width for a format.
double default_image_size(ImageFormat format);

/// Why `puzzle` cannot be drawn as a puzzle (`render`, the cover art):
/// its givens break a rule (the conflict's message), "the puzzle has no
/// solution" or "the puzzle has several solutions"; "" when it can, with
/// its solution left in `*solved` when one is given.
std::string undrawable(const Grid& puzzle, SolveResult* solved = nullptr);
/// The same for any geometry (`puzzle`: geometry.cells() digits, 0 empty):
/// "the puzzle has N cells (GEOMETRY has M)", a digit above the size, givens
/// that break the geometry's rules (rule_breaks: "givens that break a rule
/// of x: r1c1 (4), r4c4 (4)"), no solution or several; the classic geometry
/// gives the classic's messages.
std::string undrawable(const Geometry& geometry, const std::vector<std::uint8_t>& puzzle,
                       std::vector<std::uint8_t>* solution = nullptr);

/// Draws `puzzle` (or, with `solution`, the solved grid with the givens
/// bold) to `path` ("-" = stdout). With `into`, a regular file is staged in
/// that set (published by its owner, with the files beside it) instead of
/// being moved into place at once. Throws RenderError.
void render_image(const Grid& puzzle, const Grid* solution, const ImageOptions& options, const std::string& path,
                  files::StagedFiles* into = nullptr);
/// The same for any geometry (grid_drawing.hpp draws it); the classic
/// geometry gives the same bytes as the overload above.
void render_image(const Geometry& geometry, const std::vector<std::uint8_t>& puzzle,
                  const std::vector<std::uint8_t>* solution, const ImageOptions& options, const std::string& path,
                  files::StagedFiles* into = nullptr);

}  // namespace sudokit::book
