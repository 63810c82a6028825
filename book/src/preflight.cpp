// Preflight of a book interior PDF (see preflight.hpp): page boxes, fonts and
// the raster check through poppler (pdf_reader.hpp, a module loaded when the
// first PDF is read), line widths from the content streams.
#include "sudokit/book/preflight.hpp"

#include <zlib.h>

#include <algorithm>
#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "pdf_reader.hpp"

namespace sudokit::book {

bool PreflightReport::passed() const {
  return std::all_of(checks.begin(), checks.end(), [](const PreflightCheck& c) { return c.passed; });
}

namespace {

std::string inches(double points) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f in", points / kInch);
  return buf;
}

std::string size_text(PageSize s) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.3f x %.3f in", s.width / kInch, s.height / kInch);
  return buf;
}

void fail(PreflightCheck& c, std::string problem) {
  c.passed = false;
  c.problems.push_back(std::move(problem));
}

// ---- Content streams: a tokenizer that knows strings, names, arrays and
// dictionaries well enough to find operators and their numeric operands.

class ContentReader {
 public:
  explicit ContentReader(std::string_view s) : s_(s) {}

  // The next operator, with the numbers before it in `numbers`; false at the end.
  bool next(std::string& op, std::vector<double>& numbers) {
    numbers.clear();
    while (true) {
      skip_space();
      if (i_ >= s_.size()) return false;
      const char c = s_[i_];
      if (c == '(') {
        skip_string();
      } else if (c == '<' && i_ + 1 < s_.size() && s_[i_ + 1] == '<') {
        i_ += 2;  // dictionary: its contents are read as operands and dropped
      } else if (c == '>' && i_ + 1 < s_.size() && s_[i_ + 1] == '>') {
        i_ += 2;
      } else if (c == '<') {
        const std::size_t end = s_.find('>', i_);
        i_ = end == std::string_view::npos ? s_.size() : end + 1;
      } else if (c == '[' || c == ']' || c == '{' || c == '}') {
        ++i_;
      } else if (c == '/') {
        ++i_;
        while (i_ < s_.size() && !delimiter(s_[i_]) && !space(s_[i_])) ++i_;
      } else if (c == '%') {
        while (i_ < s_.size() && s_[i_] != '\n' && s_[i_] != '\r') ++i_;
      } else if (c == '+' || c == '-' || c == '.' || (c >= '0' && c <= '9')) {
        const std::size_t start = i_;
        while (i_ < s_.size() && !delimiter(s_[i_]) && !space(s_[i_])) ++i_;
        numbers.push_back(std::strtod(std::string(s_.substr(start, i_ - start)).c_str(), nullptr));
      } else {
        const std::size_t start = i_;
        while (i_ < s_.size() && !delimiter(s_[i_]) && !space(s_[i_])) ++i_;
        if (i_ == start) ++i_;  // a stray delimiter
        op.assign(s_.substr(start, i_ - start));
        if (op == "BI") skip_inline_image();
        return true;
      }
    }
  }

 private:
  static bool space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\0'; }
  static bool delimiter(char c) {
    return c == '(' || c == ')' || c == '<' || c == '>' || c == '[' || c == ']' || c == '{' || c == '}' || c == '/' ||
           c == '%';
  }
  void skip_space() {
    while (i_ < s_.size() && space(s_[i_])) ++i_;
  }
  void skip_string() {
    int depth = 0;
    for (; i_ < s_.size(); ++i_) {
      const char c = s_[i_];
      if (c == '\\') {
        ++i_;
      } else if (c == '(') {
        ++depth;
      } else if (c == ')' && --depth == 0) {
        ++i_;
        return;
      }
    }
  }
  // BI <dictionary> ID <bytes> EI: the bytes are not tokens.
  void skip_inline_image() {
    const std::size_t id = s_.find("ID", i_);
    if (id == std::string_view::npos) {
      i_ = s_.size();
      return;
    }
    std::size_t at = id + 2;
    while (true) {
      const std::size_t ei = s_.find("EI", at);
      if (ei == std::string_view::npos) {
        i_ = s_.size();
        return;
      }
      const bool before = ei > 0 && space(s_[ei - 1]);
      const bool after = ei + 2 >= s_.size() || space(s_[ei + 2]);
      if (before && after) {
        i_ = ei + 2;
        return;
      }
      at = ei + 2;
    }
  }

  std::string_view s_;
  std::size_t i_ = 0;
};

// ---- The raw file: page dictionaries, their /Contents, the streams.

struct RawPdf {
  std::string_view bytes;
  std::map<long, std::pair<std::size_t, std::size_t>> objects;  // number -> [start, end) of its body

  std::string_view object(long number) const {
    const auto it = objects.find(number);
    if (it == objects.end()) return {};
    return bytes.substr(it->second.first, it->second.second - it->second.first);
  }
};

RawPdf read_raw(std::string_view bytes) {
  RawPdf pdf;
  pdf.bytes = bytes;
  // "N G obj" ... "endobj": streams are skipped by their "endstream", which
  // compressed bytes could in principle contain, so a body ends at the first
  // "endobj" after its "endstream" (when it has one).
  const std::string_view b = pdf.bytes;
  for (std::size_t at = b.find(" obj"); at != std::string_view::npos; at = b.find(" obj", at + 4)) {
    std::size_t p = at;  // back over "N G"
    while (p > 0 && b[p - 1] >= '0' && b[p - 1] <= '9') --p;
    if (p == at || p == 0 || b[p - 1] != ' ') continue;
    std::size_t q = p - 1;
    while (q > 0 && b[q - 1] >= '0' && b[q - 1] <= '9') --q;
    if (q == p - 1 || (q > 0 && b[q - 1] != '\n' && b[q - 1] != '\r' && b[q - 1] != ' ')) continue;
    long number = 0;
    std::from_chars(b.data() + q, b.data() + p - 1, number);
    const std::size_t start = at + 4;
    const std::size_t stream = b.find("stream", start);
    const std::size_t endobj0 = b.find("endobj", start);
    if (endobj0 == std::string::npos) break;
    std::size_t end = endobj0;
    if (stream != std::string::npos && stream < endobj0) {
      const std::size_t endstream = b.find("endstream", stream);
      if (endstream != std::string::npos) end = b.find("endobj", endstream);
      if (end == std::string::npos) break;
    }
    pdf.objects[number] = {start, end};
    at = end;
  }
  return pdf;
}

// The decompressed data of a stream object; nullopt when it has none or the
// filter is not Flate (or none).
std::optional<std::string> stream_data(std::string_view object) {
  const std::size_t s = object.find("stream");
  const std::size_t e = object.rfind("endstream");
  if (s == std::string_view::npos || e == std::string_view::npos || e < s) return std::nullopt;
  const std::string_view dict = object.substr(0, s);
  std::size_t begin = s + 6;
  if (begin < object.size() && object[begin] == '\r') ++begin;
  if (begin < object.size() && object[begin] == '\n') ++begin;
  const std::string_view data = object.substr(begin, e - begin);
  if (dict.find("/Filter") == std::string_view::npos) return std::string(data);
  if (dict.find("/FlateDecode") == std::string_view::npos || dict.find("/DecodeParms") != std::string_view::npos)
    return std::nullopt;
  z_stream z{};
  if (inflateInit(&z) != Z_OK) return std::nullopt;
  std::string out;
  std::array<char, 1 << 16> chunk{};
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
  z.avail_in = static_cast<uInt>(data.size());
  int status = Z_OK;
  while (status == Z_OK) {
    z.next_out = reinterpret_cast<Bytef*>(chunk.data());
    z.avail_out = static_cast<uInt>(chunk.size());
    status = inflate(&z, Z_NO_FLUSH);
    out.append(chunk.data(), chunk.size() - z.avail_out);
  }
  inflateEnd(&z);
  if (status != Z_STREAM_END) return std::nullopt;
  return out;
}

// The object numbers after "/Contents": one reference or an array of them.
std::vector<long> contents_of(std::string_view page) {
  std::vector<long> refs;
  const std::size_t at = page.find("/Contents");
  if (at == std::string_view::npos) return refs;
  std::size_t i = at + 9;
  while (i < page.size() && (page[i] == ' ' || page[i] == '\n' || page[i] == '\r')) ++i;
  const bool array = i < page.size() && page[i] == '[';
  const std::size_t end = array ? page.find(']', i) : page.find('R', i);
  if (end == std::string_view::npos) return refs;
  std::istringstream in(std::string(page.substr(array ? i + 1 : i, end - (array ? i + 1 : i) + (array ? 0 : 1))));
  long number = 0, generation = 0;
  std::string r;
  while (in >> number >> generation >> r)
    if (r == "R") refs.push_back(number);
  return refs;
}

bool is_page_dictionary(std::string_view object) {
  const std::size_t dict_end = std::min(object.find("stream"), object.size());
  const std::string_view dict = object.substr(0, dict_end);
  for (std::size_t at = dict.find("/Type"); at != std::string_view::npos; at = dict.find("/Type", at + 5)) {
    std::size_t i = at + 5;
    while (i < dict.size() && (dict[i] == ' ' || dict[i] == '\n' || dict[i] == '\r')) ++i;
    if (dict.substr(i, 5) == "/Page" && (i + 5 >= dict.size() || dict[i + 5] != 's')) return true;
  }
  return false;
}

// ---- The checks.

PreflightCheck check_lines(std::string_view bytes, int pages, double min_width) {
  PreflightCheck c{"lines", true, "", {}};
  const RawPdf pdf = read_raw(bytes);
  int found_pages = 0, strokes = 0;
  double thinnest = 0;
  for (const auto& [number, range] : pdf.objects) {
    const std::string_view object = pdf.object(number);
    if (!is_page_dictionary(object)) continue;
    ++found_pages;
    // cairo names each page in a comment after its type: "/Type /Page % 7".
    int page_number = found_pages;
    const std::size_t comment = object.find("/Page % ");
    if (comment != std::string_view::npos) page_number = std::atoi(std::string(object.substr(comment + 8, 8)).c_str());
    std::string content;
    for (const long ref : contents_of(object)) {
      const auto data = stream_data(pdf.object(ref));
      if (!data) {
        fail(c, "page " + std::to_string(page_number) + ": its content stream cannot be read (object " +
                    std::to_string(ref) + ")");
        continue;
      }
      content += *data;
      content += '\n';
    }
    const StrokeScan scan = scan_strokes(content);
    if (scan.strokes == 0) continue;
    if (strokes == 0 || scan.thinnest < thinnest) thinnest = scan.thinnest;
    strokes += scan.strokes;
    if (scan.thinnest < min_width - 1e-3) {
      char buf[128];
      std::snprintf(buf, sizeof buf, "page %d: a line %.3f pt wide (at least %.2f pt)", page_number, scan.thinnest,
                    min_width);
      fail(c, buf);
    }
  }
  if (found_pages != pages) {
    fail(c, "found " + std::to_string(found_pages) + " page dictionaries of " + std::to_string(pages) +
                " pages: the file is not laid out as sudokit writes PDFs (object streams?), so its lines were not checked");
  }
  char buf[128];
  std::snprintf(buf, sizeof buf, "%d strokes, the thinnest %.3f pt (at least %.2f pt)", strokes, thinnest, min_width);
  c.summary = buf;
  return c;
}

using Box = detail::PdfBox;

bool inside(const Box& inner, const Box& outer, double slack = 0.05) {
  return inner.x1 >= outer.x1 - slack && inner.y1 >= outer.y1 - slack && inner.x2 <= outer.x2 + slack &&
         inner.y2 <= outer.y2 + slack;
}

}  // namespace

StrokeScan scan_strokes(std::string_view content) {
  struct State {
    std::array<double, 6> m{1, 0, 0, 1, 0, 0};  // a b c d e f
    double width = 1;                          // the PDF default
  };
  std::vector<State> stack{State{}};
  StrokeScan scan;
  ContentReader reader(content);
  std::string op;
  std::vector<double> n;
  while (reader.next(op, n)) {
    State& s = stack.back();
    if (op == "q") {
      stack.push_back(s);
    } else if (op == "Q") {
      if (stack.size() > 1) stack.pop_back();
    } else if (op == "cm" && n.size() == 6) {
      const auto& m = s.m;  // new = given x current
      s.m = {n[0] * m[0] + n[1] * m[2],        n[0] * m[1] + n[1] * m[3],
             n[2] * m[0] + n[3] * m[2],        n[2] * m[1] + n[3] * m[3],
             n[4] * m[0] + n[5] * m[2] + m[4], n[4] * m[1] + n[5] * m[3] + m[5]};
    } else if (op == "w" && n.size() == 1) {
      s.width = n[0];
    } else if (op == "S" || op == "s" || op == "B" || op == "B*" || op == "b" || op == "b*") {
      const double scale = std::sqrt(std::fabs(s.m[0] * s.m[3] - s.m[1] * s.m[2]));
      const double drawn = s.width * scale;
      if (scan.strokes == 0 || drawn < scan.thinnest) scan.thinnest = drawn;
      ++scan.strokes;
    }
  }
  return scan;
}

PreflightReport preflight_pdf(const std::string& path, const PreflightRules& rules) {
  std::string bytes;
  try {
    bytes = detail::read_pdf_file(path);
  } catch (const std::runtime_error& e) {
    throw PreflightError(path + ": " + e.what());
  }
  return preflight_pdf_data(bytes, path, rules);
}

PreflightReport preflight_pdf_data(const std::string& bytes, const std::string& path, const PreflightRules& rules) {
  assert(rules.dpi > 0 && rules.min_pages <= rules.max_pages);
  std::unique_ptr<detail::PdfReader> doc;
  try {
    doc = detail::open_pdf(bytes);
  } catch (const std::runtime_error& e) {
    throw PreflightError(path + ": " + e.what());
  }
  if (!doc) throw PreflightError(path + ": not a PDF that can be read");
  if (doc->locked()) throw PreflightError(path + ": the PDF is encrypted");
  PreflightReport report;
  report.path = path;
  report.pages = doc->pages();
  if (report.pages < 1) throw PreflightError(path + ": the PDF has no pages");

  PreflightCheck pages{"pages", true, std::to_string(report.pages) + " pages (" + std::to_string(rules.min_pages) + " to " +
                                          std::to_string(rules.max_pages) + ")", {}};
  if (report.pages < rules.min_pages || report.pages > rules.max_pages)
    fail(pages, std::to_string(report.pages) + " pages: printers take " + std::to_string(rules.min_pages) + " to " +
                    std::to_string(rules.max_pages));
  PreflightCheck even{"even", true, report.pages % 2 == 0 ? "an even page count" : "an odd page count", {}};
  if (report.pages % 2 != 0) fail(even, "an odd page count: add a blank page (sudokit book --pad-to 2)");

  // Page 1 sets the sizes every page must share.
  Box media1, trim1, bleed1;
  if (!doc->boxes(0, media1, trim1, bleed1)) throw PreflightError(path + ": page 1 cannot be read");
  report.trim = {trim1.width(), trim1.height()};
  report.bleed = bleed1.width() > trim1.width() + 0.05 || bleed1.height() > trim1.height() + 0.05;
  const Margins margins = kdp_margins(report.pages, report.bleed);

  PreflightCheck boxes{"boxes", true, "", {}};
  boxes.summary = "trim " + size_text(report.trim) + (report.bleed ? ", bleed 0.125 in" : ", no bleed") + ", page " +
                  size_text({media1.width(), media1.height()});
  if (rules.trim && (std::fabs(rules.trim->width - report.trim.width) > 0.01 * kInch ||
                     std::fabs(rules.trim->height - report.trim.height) > 0.01 * kInch))
    fail(boxes, "the trim is " + size_text(report.trim) + ", not " + size_text(*rules.trim));

  PreflightCheck fonts{"fonts", true, "", {}};
  int font_count = 0;
  for (const detail::PdfFont& f : doc->fonts()) {
    ++font_count;
    if (!f.embedded) fail(fonts, "font " + f.name + " is not embedded");
  }
  fonts.summary = std::to_string(font_count) + (font_count == 1 ? " font" : " fonts") +
                  (fonts.passed ? ", all embedded" : "");

  PreflightCheck safe{"safe area", true, "", {}};
  safe.summary = "margins: inside " + inches(margins.inside) + ", outside " + inches(margins.outside) + ", top " +
                 inches(margins.top) + ", bottom " + inches(margins.bottom) + " (KDP's for " +
                 std::to_string(report.pages) + " pages" + (report.bleed ? " with bleed" : "") + ")";
  detail::GrayImage img;
  const double px = 72.0 / rules.dpi;  // points per pixel

  for (int i = 0; i < report.pages; ++i) {
    const int number = i + 1;
    const std::string where = "page " + std::to_string(number) + ": ";
    Box media, trim, bleed;
    if (!doc->boxes(i, media, trim, bleed)) {
      fail(boxes, where + "cannot be read");
      continue;
    }
    auto same = [](const Box& a, const Box& b) {
      return std::fabs(a.width() - b.width()) <= 0.05 && std::fabs(a.height() - b.height()) <= 0.05;
    };
    if (!same(media, media1) || !same(trim, trim1) || !same(bleed, bleed1))
      fail(boxes, where + "its page, trim or bleed size differs from page 1's");
    if (!inside(trim, bleed) || !inside(bleed, media)) fail(boxes, where + "the TrimBox is not in the BleedBox, or the BleedBox not in the MediaBox");
    if (report.bleed) {
      // 0.125 in on the top, bottom and outside edge, none at the spine.
      const bool right = PageGeometry::right_hand(number);
      const double spine = right ? trim.x1 - bleed.x1 : bleed.x2 - trim.x2;
      const double outside = right ? bleed.x2 - trim.x2 : trim.x1 - bleed.x1;
      if (std::fabs(trim.y1 - bleed.y1 - kBleed) > 0.05 || std::fabs(bleed.y2 - trim.y2 - kBleed) > 0.05 ||
          std::fabs(outside - kBleed) > 0.05 || std::fabs(spine) > 0.05)
        fail(boxes, where + "the bleed is not 0.125 in on the top, bottom and outside edge (and none at the spine)");
    }

    // The raster check: the page as printed, ink outside the safe area.
    if (!doc->render_gray(i, rules.dpi, img)) {
      fail(safe, where + "cannot be rendered");
      continue;
    }
    // The safe area in the image: the trim (top-left origin within the
    // media) less the margins, mirrored by the side of the spine.
    const double trim_left = trim.x1 - media.x1, trim_top = media.y2 - trim.y2;
    const bool right = PageGeometry::right_hand(number);
    const double left = trim_left + (right ? margins.inside : margins.outside);
    const double rightx = trim_left + trim.width() - (right ? margins.outside : margins.inside);
    const double top = trim_top + margins.top, bottom = trim_top + trim.height() - margins.bottom;
    int ink = 0;
    double worst = 0;  // the farthest ink outside, in points
    for (int y = 0; y < img.height; ++y) {
      const unsigned char* row = img.pixels.data() + static_cast<std::ptrdiff_t>(y) * img.bytes_per_row;
      const double cy = (y + 0.5) * px;
      for (int x = 0; x < img.width; ++x) {
        if (row[x] >= 224) continue;  // paper (anti-aliasing's faint edge included)
        const double cx = (x + 0.5) * px;
        const double out = std::max({left - cx, cx - rightx, top - cy, cy - bottom, 0.0});
        if (out > px) {
          ++ink;
          worst = std::max(worst, out);
        }
      }
    }
    if (ink > 0) {
      char buf[160];
      std::snprintf(buf, sizeof buf, "%d pixels of ink outside the safe area, up to %.3f in beyond it", ink,
                    worst / kInch);
      fail(safe, where + buf);
    }
  }
  if (!safe.passed) safe.summary += "; rendered at " + std::to_string(static_cast<int>(rules.dpi)) + " dpi";

  report.checks = {pages, even, boxes, fonts, safe, check_lines(bytes, report.pages, rules.min_line_width)};
  return report;
}

std::string format_preflight(const PreflightReport& report, std::size_t max_problems) {
  std::string out = report.path + ": " + std::to_string(report.pages) + " pages, trim " + size_text(report.trim) +
                    (report.bleed ? " with bleed" : "") + "\n";
  for (const PreflightCheck& c : report.checks) {
    char head[48];
    std::snprintf(head, sizeof head, "  %-4s %-10s ", c.passed ? "ok" : "FAIL", c.name.c_str());
    out += head + c.summary + "\n";
    const std::size_t shown = std::min(max_problems, c.problems.size());
    for (std::size_t i = 0; i < shown; ++i) out += "         " + c.problems[i] + "\n";
    if (c.problems.size() > shown)
      out += "         and " + std::to_string(c.problems.size() - shown) + " more\n";
  }
  out += report.passed() ? "passes preflight\n" : "does not pass preflight\n";
  return out;
}

}  // namespace sudokit::book
