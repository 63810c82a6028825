// A PDF's pages as poppler-utils see them (pdftoppm for pixels, pdfinfo for
// fields and boxes, pdftotext for words): the independent reader of the
// end-to-end tests of the commands that write PDFs.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "run.hpp"

namespace sudokit::test {

struct Pgm {
  int width = 0, height = 0;
  std::string pixels;
  int at(int x, int y) const { return static_cast<unsigned char>(pixels[static_cast<std::size_t>(y * width + x)]); }
};

/// Page `page` of a PDF as a grey image at `dpi`, through pdftoppm.
inline Pgm page_image(const std::string& pdf, int page, int dpi, const std::string& scratch) {
  const std::string prefix = scratch + "/page";
  int status = 0;
  shell("pdftoppm -gray -r " + std::to_string(dpi) + " -f " + std::to_string(page) + " -l " + std::to_string(page) +
            " -singlefile " + pdf + " " + prefix,
        &status);
  EXPECT_EQ(status, 0);
  const std::string data = slurp(prefix + ".pgm");
  Pgm img;
  std::istringstream in(data);
  std::string magic;
  int maxval = 0;
  in >> magic >> img.width >> img.height >> maxval;
  in.get();
  EXPECT_EQ(magic, "P5");
  img.pixels = data.substr(static_cast<std::size_t>(in.tellg()));
  EXPECT_EQ(img.pixels.size(), static_cast<std::size_t>(img.width * img.height));
  return img;
}

inline std::string pdfinfo(const std::string& pdf, const std::string& field) {
  const std::string info = shell("pdfinfo " + pdf);
  const std::size_t at = info.find(field + ":");
  if (at == std::string::npos) return "";
  std::size_t from = info.find_first_not_of(' ', at + field.size() + 1);
  return info.substr(from, info.find('\n', from) - from);
}

inline std::string page_text(const std::string& pdf, int page) {
  return shell("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) + " -layout " + pdf + " -");
}

/// Dark pixels in the page, and dark pixels within `band_mm` of its edges.
inline std::pair<long, long> ink(const Pgm& img, int dpi, double band_mm) {
  const int band = static_cast<int>(band_mm / 25.4 * dpi);
  long all = 0, edge = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      if (img.at(x, y) < 160) {
        ++all;
        if (x < band || y < band || x >= img.width - band || y >= img.height - band) ++edge;
      }
  return {all, edge};
}

/// "MediaBox:      0.00     0.00   441.00   666.00" -> the four numbers of a box in `pdfinfo -box` of one page.
inline std::vector<double> page_box(const std::string& pdf, int page, const std::string& name) {
  const std::string info = shell("pdfinfo -box -f " + std::to_string(page) + " -l " + std::to_string(page) + " " + pdf);
  const std::string key = "Page " + std::string(page < 10 ? "   " : page < 100 ? "  " : " ") + std::to_string(page) + " " + name + ":";
  const std::size_t at = info.find(key);
  if (at == std::string::npos) return {};
  std::istringstream in(info.substr(at + key.size()));
  std::vector<double> v(4);
  for (double& x : v) in >> x;
  return v;
}

}  // namespace sudokit::test
