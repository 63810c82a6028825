// Page boxes for print: cairo 1.16 writes only a MediaBox per page, while a
// printer's PDF also says where the page is cut (TrimBox) and how far the
// art may run past that (BleedBox). This adds both to every page of a PDF
// cairo wrote, private to the book library. cairo has no API for them; the
// PDF it writes has one uncompressed dictionary per page opening with
// "<< /Type /Page % N" (N = the page number) and a classic cross-reference
// table, so the boxes are inserted after each page's MediaBox and the
// table's offsets moved by the bytes inserted before them.
#pragma once

#include <functional>
#include <string>

#include "sudokit/book/layout.hpp"

namespace sudokit::book {

/// The boxes of page N (1-based), in the page's top-left coordinates.
struct PageBoxes {
  Rect trim;
  Rect bleed;
};

/// `pdf` with /TrimBox and /BleedBox on every page (`media_height` = the
/// page height, to turn top-left rectangles into PDF coordinates). Throws
/// std::runtime_error when the PDF does not have the layout cairo writes.
std::string add_page_boxes(const std::string& pdf, double media_height, const std::function<PageBoxes(int page)>& boxes);

}  // namespace sudokit::book
