// Daily images (daily_images.hpp).
#include "sudokit/produce/daily_images.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "sudokit/book/book.hpp"
#include "sudokit/db/daily.hpp"

namespace sudokit::produce {

std::optional<book::ImageFormat> parse_daily_image_format(std::string_view name) {
  if (name == "png") return book::ImageFormat::Png;
  if (name == "svg") return book::ImageFormat::Svg;
  return std::nullopt;
}

ImagesOutput::~ImagesOutput() {
  for (const Staged& s : staged_) std::remove(s.staging.c_str());
}

void ImagesOutput::stage(const std::vector<db::DailyDate>& dates, const std::atomic<bool>* stop) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);  // the JSON staging reports a directory it cannot make
  const char* ext = format_ == book::ImageFormat::Png ? "png" : "svg";
  book::ImageOptions options;
  options.format = format_;
  for (const db::DailyDate& date : dates) {
    for (const db::DailyEntry& e : date.entries) {
      if (stop != nullptr && stop->load()) throw db::StagingInterrupted(dir_);
      const std::string name = db::daily_image_name(date.date, e.level, ext);
      if (!db::url_safe_name(e.level))
        throw book::RenderError(name, "level '" + e.level +
                                          "' cannot name an image file (use letters, digits, - and _ in level names)");
      const std::string final_path = (std::filesystem::path(dir_) / name).string();
      const std::string staging = (std::filesystem::path(dir_) / ("." + name + ".staged")).string();
      staged_.push_back({staging, final_path});
      book::render_image(e.puzzle.puzzle, nullptr, options, staging);
    }
  }
  inner_.stage(dates, stop);
}

void ImagesOutput::publish() {
  for (const Staged& s : staged_)
    if (std::rename(s.staging.c_str(), s.final_path.c_str()) != 0)
      throw db::StoreError(s.final_path, std::string("cannot publish: ") + std::strerror(errno));
  staged_.clear();
  inner_.publish();
}

}  // namespace sudokit::produce
