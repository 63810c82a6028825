// The full-wrap paperback cover as one PDF page: back, spine and front side
// by side, with bleed all round, sized as print-on-demand printers (KDP)
// compute it: width = bleed + trim width + spine + trim width + bleed,
// height = bleed + trim height + bleed, spine = pages x paper thickness.
// Drawn with cairo in DejaVu Sans (embedded): a full-bleed background, the
// title, subtitle and author on the front over a puzzle grid as cover art,
// the title and author on the spine when the book is thick enough for
// spine text (KDP: more than 79 pages), and an empty white barcode area on
// the back.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>

#include "sudokit/book/layout.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::book {

enum class CoverPaper { White, Cream, Color };
/// "white", "cream", "color" (any case).
std::optional<CoverPaper> parse_cover_paper(std::string_view name);
/// Inches per page, as KDP states: white 0.002252, cream 0.0025, premium colour 0.002347.
double paper_thickness(CoverPaper paper);

/// Pages a paperback may have (KDP): 24 to 828.
inline constexpr int kMinBookPages = 24, kMaxBookPages = 828;
/// Spine text only on books of more than 79 pages (KDP), and only when the
/// spine takes it at kMinSpineText or more.
inline constexpr int kMinSpineTextPages = 80;
/// The smallest spine text set (points): below it, none (6 pt needs a spine
/// of 0.245 in, 109 pages of white paper).
inline constexpr double kMinSpineText = 6;
/// The clearance KDP keeps on either side of spine text.
inline constexpr double kSpineSafe = 0.0625 * kInch;
/// The barcode area KDP keeps free on the back: 2 x 1.2 in.
inline constexpr double kBarcodeWidth = 2 * kInch, kBarcodeHeight = 1.2 * kInch;

/// Where the parts of a cover lie, points, origin top-left of the sheet.
struct CoverGeometry {
  PageSize trim;
  double spine = 0;
  int pages = 0;
  double width() const { return 2 * kBleed + 2 * trim.width + spine; }
  double height() const { return trim.height + 2 * kBleed; }
  Rect back() const { return {kBleed, kBleed, trim.width, trim.height}; }
  Rect spine_area() const { return {kBleed + trim.width, kBleed, spine, trim.height}; }
  Rect front() const { return {kBleed + trim.width + spine, kBleed, trim.width, trim.height}; }
  /// Bottom right of the back, 0.25 in from the spine fold and the bottom trim.
  Rect barcode() const;
  bool spine_text_wanted = true;  // CoverOptions::spine_text
  /// The spine text's size: 0.7 of the spine less its clearances, at most 14 pt.
  double spine_text_size() const { return std::min((spine - 2 * kSpineSafe) * 0.7, 14.0); }
  bool spine_text() const {
    return spine_text_wanted && pages >= kMinSpineTextPages && spine_text_size() >= kMinSpineText - 1e-9;
  }
};
/// Throws OptionError (BookOption::Pages) for pages outside
/// kMinBookPages..kMaxBookPages.
void check_page_count(int pages);
/// Throws OptionError for pages outside kMinBookPages..kMaxBookPages (check_page_count).
CoverGeometry cover_geometry(PageSize trim, int pages, CoverPaper paper, bool spine_text = true);

struct CoverOptions {
  PageSize trim;
  int pages = 0;
  CoverPaper paper = CoverPaper::White;
  std::string title = "Sudoku";
  std::string subtitle;
  std::string author;
  Grid art{};                  // the puzzle drawn on the front (givens only)
  bool spine_text = true;      // false: none even on a spine that takes it (--no-spine-text)
  std::string creation_date;   // CreationDate "YYYY-MM-DDThh:mm:ssZ"; empty = now
};

/// Writes the cover PDF to `path` (a temporary moved into place when whole).
/// Throws RenderError, or OptionError (an std::invalid_argument) for a page
/// count outside the printer's range.
CoverGeometry render_cover(const CoverOptions& options, const std::string& path);

/// What a cover needs of its interior PDF: the page count and page 1's
/// TrimBox (its MediaBox when it has none). Read through the PDF reader
/// module (poppler); the file is checked first as preflight checks it (a
/// regular file of at most 650 MB beginning "%PDF-"), so /dev/zero or a
/// huge file is refused unread. Throws RenderError ("FILE: reason").
struct InteriorPdf {
  int pages = 0;
  PageSize trim;
};
InteriorPdf read_interior(const std::string& path);

}  // namespace sudokit::book
