// TrimBox and BleedBox for every page (see pdf_boxes.hpp).
#include "pdf_boxes.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <vector>

namespace sudokit::book {

namespace {

std::string box(const char* name, const Rect& r, double media_height) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "   /%s [ %.4f %.4f %.4f %.4f ]\n", name, r.x, media_height - r.bottom(), r.right(),
                media_height - r.y);
  return buf;
}

}  // namespace

std::string add_page_boxes(const std::string& pdf, double media_height, const std::function<PageBoxes(int page)>& boxes) {
  static const std::string kPage = "\n<< /Type /Page % ";
  struct Insert {
    std::size_t at;  // offset in `pdf`
    std::string text;
  };
  std::vector<Insert> inserts;
  for (std::size_t at = pdf.find(kPage); at != std::string::npos; at = pdf.find(kPage, at + 1)) {
    const int page = std::atoi(pdf.c_str() + at + kPage.size());
    const std::size_t media = pdf.find("/MediaBox [", at);
    const std::size_t end = media == std::string::npos ? media : pdf.find("]\n", media);
    if (page < 1 || end == std::string::npos || pdf.compare(at + 1, 2, "<<") != 0)
      throw std::runtime_error("unexpected page dictionary in the PDF");
    const PageBoxes b = boxes(page);
    inserts.push_back({end + 2, box("TrimBox", b.trim, media_height) + box("BleedBox", b.bleed, media_height)});
  }
  const std::size_t startxref = pdf.rfind("startxref\n");
  if (inserts.empty() || startxref == std::string::npos) throw std::runtime_error("no pages or no startxref in the PDF");
  const std::size_t xref = std::strtoull(pdf.c_str() + startxref + 10, nullptr, 10);
  if (xref >= pdf.size() || pdf.compare(xref, 5, "xref\n") != 0) throw std::runtime_error("no xref table in the PDF");

  // The new position of an old offset: moved by every insertion at or
  // before it (`inserts` is in file order; `shift[k]` = bytes of the first k).
  std::vector<std::size_t> shift{0};
  for (const auto& i : inserts) shift.push_back(shift.back() + i.text.size());
  auto moved = [&](std::size_t offset) {
    const auto k = std::upper_bound(inserts.begin(), inserts.end(), offset,
                                    [](std::size_t o, const Insert& i) { return o < i.at; }) - inserts.begin();
    return offset + shift[static_cast<std::size_t>(k)];
  };
  std::string out;
  out.reserve(pdf.size() + inserts.size() * inserts.front().text.size());
  std::size_t from = 0;
  for (const auto& i : inserts) {
    out.append(pdf, from, i.at - from);
    out += i.text;
    from = i.at;
  }
  out.append(pdf, from, xref - from);
  // The table: "xref\n0 N\n" then N entries of 20 bytes "OOOOOOOOOO GGGGG n \n".
  std::size_t line = pdf.find('\n', xref + 5);
  unsigned first = 0, count = 0;
  if (line == std::string::npos || std::sscanf(pdf.c_str() + xref + 5, "%u %u", &first, &count) != 2)
    throw std::runtime_error("malformed xref table in the PDF");
  out.append(pdf, xref, line + 1 - xref);
  std::size_t entry = line + 1;
  for (unsigned k = 0; k < count; ++k, entry += 20) {
    if (entry + 20 > pdf.size()) throw std::runtime_error("truncated xref table in the PDF");
    if (pdf[entry + 17] == 'n') {
      char buf[16];
      std::snprintf(buf, sizeof buf, "%010zu", moved(std::strtoull(pdf.c_str() + entry, nullptr, 10)));
      out += buf;
      out.append(pdf, entry + 10, 10);
    } else {
      out.append(pdf, entry, 20);
    }
  }
  const std::size_t after_table = entry;
  out.append(pdf, after_table, startxref + 10 - after_table);
  out += std::to_string(moved(xref)) + "\n%%EOF\n";
  return out;
}

}  // namespace sudokit::book
