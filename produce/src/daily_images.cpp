// Daily images (daily_images.hpp).
#include "sudokit/produce/daily_images.hpp"

#include <filesystem>
#include <map>
#include <stdexcept>

#include "sudokit/book/book.hpp"
#include "sudokit/db/daily.hpp"
#include "sudokit/solver/geometry.hpp"

namespace sudokit::produce {

std::optional<book::ImageFormat> parse_daily_image_format(std::string_view name) {
  if (name == "png") return book::ImageFormat::Png;
  if (name == "svg") return book::ImageFormat::Svg;
  return std::nullopt;
}

void ImagesOutput::stage(const std::vector<db::DailyDate>& dates, const std::atomic<bool>* stop) {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);  // the JSON staging reports a directory it cannot make
  const char* ext = format_ == book::ImageFormat::Png ? "png" : "svg";
  book::ImageOptions options;
  options.format = format_;
  files::StagedFiles* set = inner_.staged_files();
  if (set == nullptr) throw std::logic_error("ImagesOutput needs an inner output of files");
  std::map<std::string, GeometryPtr> geometries;  // the variant slots' geometries, parsed once
  for (const db::DailyDate& date : dates) {
    for (const db::DailyEntry& e : date.entries) {
      if (stop != nullptr && stop->load()) throw db::StagingInterrupted(dir_);
      const std::string name = db::daily_image_name(date.date, e.level, ext);
      if (!db::url_safe_name(e.level))
        throw book::RenderError(name, "level '" + e.level +
                                          "' cannot name an image file (use letters, digits, - and _ in level names)");
      const std::string final_path = (std::filesystem::path(dir_) / name).string();
      if (e.puzzle.variant()) {  // a variant slot (--variant): drawn as its geometry
        auto& geometry = geometries[e.puzzle.geometry];
        if (!geometry) geometry = parse_geometry(e.puzzle.geometry);
        book::render_image(*geometry, read_cells(*geometry, e.puzzle.variant_puzzle), nullptr, options, final_path, set);
      } else {
        book::render_image(e.puzzle.puzzle, nullptr, options, final_path, set);
      }
    }
  }
  inner_.stage(dates, stop);
}

}  // namespace sudokit::produce
