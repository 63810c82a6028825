// See input.hpp.
#include "input.hpp"

#include <signal.h>

#include <cerrno>
#include <csignal>
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

WriteError::WriteError(const std::string& target, int error)
    : std::runtime_error(target + ": " + std::strerror(error)), error_(error) {}

int write_failed(const std::string& command, const WriteError& e, const std::string& note) {
  if (e.error() == EPIPE) return 128 + SIGPIPE;
  std::cerr << "sudokit" << (command.empty() ? "" : " ") << command << ": " << e.what() << note << '\n';
  return 1;
}

void ignore_sigpipe() { std::signal(SIGPIPE, SIG_IGN); }

void finish_stdout() {
  errno = 0;
  const bool written = static_cast<bool>(std::cout.flush());
  if (!written) throw WriteError("<stdout>", errno != 0 ? errno : EIO);
  if (std::fflush(stdout) != 0) throw WriteError("<stdout>", errno != 0 ? errno : EIO);
}

Output::~Output() {
  try {
    flush();
  } catch (const WriteError&) {
    // Reported by the flush() the command makes; here another error is on its way.
  }
}

void Output::flush() {
  if (failed_) return;
  const std::size_t size = buffer_.size();
  const bool written = size == 0 || std::fwrite(buffer_.data(), 1, size, stdout) == size;
  buffer_.clear();
  if (written && std::fflush(stdout) == 0) return;
  failed_ = true;
  throw WriteError("<stdout>", errno != 0 ? errno : EIO);
}

}  // namespace sudokit::cli
