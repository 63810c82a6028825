// See marks_input.hpp.
#include "marks_input.hpp"

namespace sudokit::cli {

void for_each_source_text(const std::vector<std::string>& files, Diagnostics& diag,
                          const std::function<void(const std::string&, const std::string&)>& on_text) {
  const std::vector<std::string> names = files.empty() ? std::vector<std::string>{"-"} : files;
  std::string text;
  for (const auto& name : names) {
    const std::string label = source_label(name);
    std::string error;
    if (!read_source(name, text, error, kMaxPositionSource)) {
      diag.report(label, "cannot read: " + error);
      continue;
    }
    on_text(label, text);
  }
}

}  // namespace sudokit::cli
