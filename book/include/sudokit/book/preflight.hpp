// Preflight: checks a book interior PDF against the rules print-on-demand
// printers (KDP, IngramSpark, Lulu) apply before they accept a file, so a
// publisher learns of a problem here rather than from a rejection e-mail.
// `sudokit preflight FILE.pdf` and `sudokit book ... --preflight` print the
// report; any failed check is exit status 1.
//
// The checks, each passed or failed with the pages and figures that break it:
//   pages        the page count is within 24-828 (KDP's paperback range);
//   even         the page count is even (a printed sheet has two sides);
//   boxes        every page has the same MediaBox, TrimBox and BleedBox
//                sizes; the TrimBox lies in the BleedBox, the BleedBox in
//                the MediaBox; with bleed (BleedBox larger than the TrimBox)
//                it is 0.125 in on the top, bottom and outside edge and none
//                on the spine side (odd pages are right-hand pages); with a
//                trim given, the TrimBox is that size (to 0.01 in);
//   fonts        every font is embedded;
//   safe area    no ink outside the safe area: the trim less KDP's minimum
//                margins for the page count (layout.hpp kdp_margins: the
//                gutter on the spine side, 0.25 in elsewhere, 0.375 in with
//                bleed), mirrored on left and right pages. Each page is
//                rasterised (poppler, `dpi`, white paper) and a pixel darker
//                than near-white whose centre lies more than one pixel
//                outside the safe area is ink where it must not be;
//   lines        every stroke is at least 0.5 pt wide, as drawn: the page
//                content streams are read (Flate-compressed or plain) and
//                each stroke's line width is scaled by the transformation in
//                force (q/Q/cm). Form XObjects are not followed (sudokit's
//                interiors have none); a PDF whose page contents cannot be
//                found this way (object streams, another producer) fails
//                the check and says so.
// The checks read the file only; nothing is changed.
#pragma once

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/book/layout.hpp"

namespace sudokit::book {

struct PreflightRules {
  int min_pages = 24;
  int max_pages = 828;
  double min_line_width = 0.5;         // points
  std::optional<PageSize> trim;        // the trim the book should have (points); any when nullopt
  double dpi = 72;                     // resolution of the safe-area raster check
};

struct PreflightCheck {
  std::string name;                    // "pages", "even", "boxes", "fonts", "safe area", "lines"
  bool passed = true;
  std::string summary;                 // one line: what was found
  std::vector<std::string> problems;   // one line each, naming the page ("page 7: ...")
};

struct PreflightReport {
  std::string path;
  int pages = 0;
  PageSize trim;                       // of page 1 (points)
  bool bleed = false;
  std::vector<PreflightCheck> checks;
  bool passed() const;
};

/// A PDF that cannot be opened or read at all (not a PDF, encrypted, missing).
class PreflightError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Runs every check on the PDF at `path`. Throws PreflightError when the file
/// cannot be read as a PDF: not a regular file (a device such as /dev/zero,
/// a FIFO), larger than KDP's 650 MB upload limit, or not beginning with
/// "%PDF-" are refused before the file is read, so memory stays bounded.
PreflightReport preflight_pdf(const std::string& path, const PreflightRules& rules = {});
/// The same for a PDF in memory (`name` for the report): `sudokit book
/// --trim` checks its PDF before publishing it.
PreflightReport preflight_pdf_data(const std::string& bytes, const std::string& name, const PreflightRules& rules = {});

/// The report as text: a line per check ("ok" / "FAIL", its summary), the
/// problems of each failed check under it (at most `max_problems` each, then
/// a count of the rest), and a last line saying whether the file passes.
std::string format_preflight(const PreflightReport& report, std::size_t max_problems = 10);

/// The strokes of one content stream (decompressed): how many, and the
/// thinnest as drawn (line width times the scale of the transformation in
/// force). No strokes: thinnest is 0 and strokes 0.
struct StrokeScan {
  int strokes = 0;
  double thinnest = 0;
};
StrokeScan scan_strokes(std::string_view content);

}  // namespace sudokit::book
