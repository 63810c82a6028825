// What preflight reads of a PDF (page boxes, fonts, pages rendered in gray),
// from poppler in a module of its own (pdf_reader_poppler.cpp, built as
// sudokit-pdf-reader.so) that is loaded when the first PDF is read. Linked
// into the program, poppler and the libraries it brings (NSS, lcms, TIFF,
// OpenJPEG, ...) were loaded and relocated at every start of every sudokit
// command: 4 ms of a 7 ms start (docs/BENCHMARKS.md).
//
// The module is looked for at $SUDOKIT_PDF_READER when set, else beside the
// program as installed (BIN/../LIB/sudokit/), else where the build made it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace sudokit::book::detail {

/// A page box in PDF user space (y up), its corners in either order as
/// the file gives them made x1 <= x2, y1 <= y2.
struct PdfBox {
  double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
  double width() const { return x2 - x1; }
  double height() const { return y2 - y1; }
};

struct PdfFont {
  std::string name;
  bool embedded = false;
};

/// A page rendered in 8-bit gray (0 black, 255 white), rows top first.
struct GrayImage {
  int width = 0, height = 0, bytes_per_row = 0;
  std::vector<unsigned char> pixels;  // height * bytes_per_row
};

class PdfReader {
 public:
  virtual ~PdfReader() = default;
  virtual bool locked() const = 0;
  virtual int pages() const = 0;
  virtual std::vector<PdfFont> fonts() const = 0;
  /// The media, trim and bleed boxes of page `index` (from 0); false when
  /// the page cannot be read.
  virtual bool boxes(int index, PdfBox& media, PdfBox& trim, PdfBox& bleed) const = 0;
  /// Page `index` at `dpi`, anti-aliased on white paper; false when it
  /// cannot be rendered.
  virtual bool render_gray(int index, double dpi, GrayImage& out) const = 0;
};

/// The largest PDF read (KDP's limit for an interior upload, 650 MB): a
/// larger file is refused before it is read, so memory stays bounded.
inline constexpr std::uint64_t kMaxPdfBytes = 650'000'000;

/// The bytes of the PDF at `path`, read whole once checked: a regular file
/// (not a device, FIFO or directory: /dev/zero is refused unread) of at
/// most kMaxPdfBytes whose first bytes are "%PDF-". Throws
/// std::runtime_error saying which check failed ("not a PDF (it does not
/// begin with %PDF-)").
std::string read_pdf_file(const std::string& path);

/// A reader of the PDF `bytes` (the reader keeps its own copy), or null when
/// they are not a PDF that can be read. Throws std::runtime_error when the
/// module cannot be loaded (saying which file and why).
std::unique_ptr<PdfReader> open_pdf(const std::string& bytes);

/// The module's one entry point (C linkage, looked up by this name): a new
/// reader of the PDF in memory, or null. Built with the same compiler and
/// library as the program.
using OpenPdfFunction = PdfReader* (*)(const char* data, std::size_t size);
inline constexpr const char* kOpenPdfSymbol = "sudokit_pdf_reader_open_data";

}  // namespace sudokit::book::detail
