// The progress printer (progress.hpp).
#include "sudokit/produce/progress.hpp"

#include <nlohmann/json.hpp>

namespace sudokit::produce {

ProgressReporter::ProgressReporter(std::FILE* out, ProgressFormat format, bool terminal, ProgressLabels labels)
    : out_(out), format_(format), terminal_(terminal && format == ProgressFormat::Text), labels_(std::move(labels)),
      start_(Clock::now()), last_(start_) {}

void ProgressReporter::update(std::uint64_t made, std::uint64_t target, const std::string& source,
                              const std::string& extra, bool done) {
  if (format_ == ProgressFormat::None) return;
  const auto now = Clock::now();
  // A log gets its line every 5 s only: the command's summary says the end.
  if (format_ == ProgressFormat::Text && !terminal_) done = false;
  if (done) {
    if (said_ && made == said_made_ && target == said_target_ && source == said_source_) return;  // said already
  } else if (now - last_ < (terminal_ ? kTerminalEvery : kLogEvery)) {
    return;
  }
  last_ = now;
  said_ = true;
  said_made_ = made;
  said_target_ = target;
  said_source_ = source;
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(made) / elapsed : 0.0;
  if (format_ == ProgressFormat::Json) {
    nlohmann::ordered_json j;
    j["command"] = labels_.command;
    j["run"] = labels_.run.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(labels_.run);
    j["shard"] = labels_.shard.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(labels_.shard);
    if (!source.empty()) j["source"] = source;
    j["made"] = made;
    j["target"] = target > 0 ? nlohmann::ordered_json(target) : nlohmann::ordered_json(nullptr);
    j["rate"] = static_cast<double>(static_cast<std::int64_t>(rate * 10 + 0.5)) / 10;
    j["elapsed"] = static_cast<double>(static_cast<std::int64_t>(elapsed * 10 + 0.5)) / 10;
    std::fprintf(out_, "%s\n", j.dump().c_str());
    std::fflush(out_);
    return;
  }
  std::string line = "sudokit " + labels_.command + ": ";
  if (!source.empty()) line += source + ": ";
  line += std::to_string(made);
  if (target > 0) line += '/' + std::to_string(target);
  line += ' ' + labels_.unit;
  char number[64];
  if (terminal_) {
    std::snprintf(number, sizeof number, ", %.1f/s", rate);
    line += number;
  } else {
    std::snprintf(number, sizeof number, " after %.0f s", elapsed);
    line += number;
  }
  if (!extra.empty()) line += ", " + extra;
  if (terminal_ && target > made && rate > 0)
    line += ", ETA " + std::to_string(static_cast<long long>(static_cast<double>(target - made) / rate)) + " s";
  if (terminal_) {
    std::fprintf(out_, "\r%s   ", line.c_str());
    open_line_ = true;
  } else {
    std::fprintf(out_, "%s\n", line.c_str());
  }
  std::fflush(out_);
}

void ProgressReporter::end_line() {
  if (!open_line_) return;
  std::fputc('\n', out_);
  open_line_ = false;
}

bool parse_progress_format(const std::string& name, ProgressFormat& format) {
  if (name == "text") format = ProgressFormat::Text;
  else if (name == "json") format = ProgressFormat::Json;
  else if (name == "none") format = ProgressFormat::None;
  else return false;
  return true;
}

}  // namespace sudokit::produce
