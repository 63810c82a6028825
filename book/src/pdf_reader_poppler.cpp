// The PDF reader module (pdf_reader.hpp) over poppler's C++ interface: the
// only code that links poppler, loaded by open_pdf() when a PDF is read.
#include <poppler/cpp/poppler-document.h>
#include <poppler/cpp/poppler-font.h>
#include <poppler/cpp/poppler-global.h>
#include <poppler/cpp/poppler-page-renderer.h>
#include <poppler/cpp/poppler-page.h>

#include <algorithm>
#include <cstring>

#include "pdf_reader.hpp"

namespace sudokit::book::detail {
namespace {

PdfBox box_of(const poppler::page& p, poppler::page_box_enum which) {
  const poppler::rectf r = p.page_rect(which);
  return {std::min(r.left(), r.right()), std::min(r.top(), r.bottom()), std::max(r.left(), r.right()),
          std::max(r.top(), r.bottom())};
}

class PopplerReader final : public PdfReader {
 public:
  explicit PopplerReader(std::unique_ptr<poppler::document> doc) : doc_(std::move(doc)) {
    renderer_.set_render_hint(poppler::page_renderer::antialiasing, true);
    renderer_.set_render_hint(poppler::page_renderer::text_antialiasing, true);
    renderer_.set_paper_color(0xffffffff);
    renderer_.set_image_format(poppler::image::format_gray8);
  }
  bool locked() const override { return doc_->is_locked(); }
  int pages() const override { return doc_->pages(); }
  std::vector<PdfFont> fonts() const override {
    std::vector<PdfFont> out;
    for (const poppler::font_info& f : doc_->fonts()) out.push_back({f.name(), f.is_embedded()});
    return out;
  }
  bool boxes(int index, PdfBox& media, PdfBox& trim, PdfBox& bleed) const override {
    const std::unique_ptr<poppler::page> p(doc_->create_page(index));
    if (!p) return false;
    media = box_of(*p, poppler::media_box);
    trim = box_of(*p, poppler::trim_box);
    bleed = box_of(*p, poppler::bleed_box);
    return true;
  }
  bool render_gray(int index, double dpi, GrayImage& out) const override {
    const std::unique_ptr<poppler::page> p(doc_->create_page(index));
    if (!p) return false;
    const poppler::image img = renderer_.render_page(p.get(), dpi, dpi);
    if (!img.is_valid()) return false;
    out.width = img.width();
    out.height = img.height();
    out.bytes_per_row = img.bytes_per_row();
    const std::size_t size = static_cast<std::size_t>(out.height) * static_cast<std::size_t>(out.bytes_per_row);
    out.pixels.resize(size);
    std::memcpy(out.pixels.data(), img.const_data(), size);
    return true;
  }

 private:
  std::unique_ptr<poppler::document> doc_;
  poppler::page_renderer renderer_;
};

}  // namespace
}  // namespace sudokit::book::detail

extern "C" __attribute__((visibility("default"))) sudokit::book::detail::PdfReader* sudokit_pdf_reader_open_data(
    const char* data, std::size_t size) {
  // load_from_data takes the bytes over (swapped into the document).
  poppler::byte_array bytes(data, data + size);
  std::unique_ptr<poppler::document> doc(poppler::document::load_from_data(&bytes));
  if (!doc) return nullptr;
  return new sudokit::book::detail::PopplerReader(std::move(doc));
}
