// See input.hpp.
#include "input.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>

namespace sudokit::cli {

void Diagnostics::report(const std::string& source, std::size_t line, const std::string& message) {
  ++problems_;
  std::cerr << source << ':' << line << ": " << message << '\n';
}

void Diagnostics::report(const std::string& source, const std::string& message) {
  ++problems_;
  std::cerr << source << ": " << message << '\n';
}

std::string source_label(const std::string& name) { return name == "-" ? "<stdin>" : name; }

bool read_source(const std::string& name, std::string& text, std::string& error) {
  std::FILE* f = name == "-" ? stdin : std::fopen(name.c_str(), "rb");
  if (f == nullptr) {
    error = std::strerror(errno);
    return false;
  }
  text.clear();
  char block[1 << 16];
  std::size_t n;
  while ((n = std::fread(block, 1, sizeof block, f)) > 0) text.append(block, n);
  const bool failed = std::ferror(f) != 0;
  if (failed) error = std::strerror(errno);
  if (f != stdin) std::fclose(f);
  return !failed;
}

void for_each_record(const std::vector<std::string>& files, Diagnostics& diag,
                     const std::function<void(const std::string&, const TextRecord&)>& on_record) {
  const std::vector<std::string> names = files.empty() ? std::vector<std::string>{"-"} : files;
  std::string text;
  for (const auto& name : names) {
    const std::string label = source_label(name);
    std::string error;
    if (!read_source(name, text, error)) {
      diag.report(label, "cannot read: " + error);
      continue;
    }
    PuzzleReader reader(text);
    TextRecord record;
    ParseError perr;
    for (;;) {
      const ReadStatus status = reader.next(record, perr);
      if (status == ReadStatus::End) break;
      if (status == ReadStatus::Error) {
        diag.report(label, perr.line, perr.message);
        continue;
      }
      on_record(label, record);
    }
  }
}

void Output::flush() {
  if (!buffer_.empty()) {
    std::fwrite(buffer_.data(), 1, buffer_.size(), stdout);
    buffer_.clear();
  }
  std::fflush(stdout);
}

}  // namespace sudokit::cli
