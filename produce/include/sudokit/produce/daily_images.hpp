// `sudokit daily --images png|svg`: each day's puzzles as images beside the
// day's JSON (DIR/YYYY-MM-DD-LEVEL.png, named in the JSON's `image` field;
// a variant slot's, DIR/YYYY-MM-DD-SLOT.png, drawn as its geometry),
// staged and published with it: ImagesOutput wraps the directory output, so
// the images appear with the JSON, after the commit, or not at all.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sudokit/book/image.hpp"
#include "sudokit/produce/daily.hpp"

namespace sudokit::produce {

/// "png" or "svg" (the formats a web page or an app shows), else nullopt.
std::optional<book::ImageFormat> parse_daily_image_format(std::string_view name);

/// Renders each date's puzzles to DIR/db::daily_image_name(...) ("2027-01-01-hard.png").
class ImagesOutput final : public DailyOutput {
 public:
  /// `inner` writes the JSON (and must name the images: a DirectoryOutput
  /// made with the same extension) and owns the set of staged files the
  /// images join; it must outlive this.
  ImagesOutput(DailyOutput& inner, std::string dir, book::ImageFormat format)
      : inner_(inner), dir_(std::move(dir)), format_(format) {}
  ImagesOutput(const ImagesOutput&) = delete;
  ImagesOutput& operator=(const ImagesOutput&) = delete;

  /// Renders every puzzle of `dates` into the inner output's set of staged
  /// files, then stages the JSON into it. Throws book::RenderError (a level
  /// name that cannot name a file, a failed write) or what the inner output
  /// throws.
  void stage(const std::vector<db::DailyDate>& dates, const std::atomic<bool>* stop) override;
  /// Publishes the set: the images, then the JSON (index last), or none.
  void publish() override { inner_.publish(); }
  files::StagedFiles* staged_files() override { return inner_.staged_files(); }

 private:
  DailyOutput& inner_;
  std::string dir_;
  book::ImageFormat format_;
};

}  // namespace sudokit::produce
