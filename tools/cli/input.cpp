// See input.hpp.
#include "input.hpp"

#include "sudokit/grader/hint.hpp"
#include "sudokit/solver/rule_breaks.hpp"

#include <signal.h>
#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>

#include "sudokit/solver/record_rating.hpp"

namespace sudokit::cli {

void Diagnostics::report(const std::string& source, std::size_t line, const std::string& message) {
  if (before_report) before_report();
  ++problems_;
  std::cerr << source << ':' << line << ": " << message << '\n';
}

void Diagnostics::report(const std::string& source, const std::string& message) {
  if (before_report) before_report();
  ++problems_;
  std::cerr << source << ": " << message << '\n';
}

std::string source_label(const std::string& name) { return name == "-" ? "<stdin>" : name; }

bool open_source(const std::string& name, ByteSource& source, std::string& error, std::function<void()> before_read,
                 ReadDeadline deadline) {
  // With a deadline a FIFO is opened without waiting for its writer (then
  // read in blocking mode, after poll says there is something to read).
  const int fd = name == "-" ? STDIN_FILENO : ::open(name.c_str(), O_RDONLY | O_CLOEXEC | (deadline ? O_NONBLOCK : 0));
  if (fd < 0) {
    error = std::strerror(errno);
    return false;
  }
  if (deadline && fd != STDIN_FILENO) {
    const int flags = ::fcntl(fd, F_GETFL);
    if (flags < 0 || ::fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) < 0) {
      error = std::strerror(errno);
      ::close(fd);
      return false;
    }
  }
  // The descriptor is closed with the last copy of the source (stdin never).
  auto file = std::shared_ptr<void>(nullptr, [fd](void*) {
    if (fd != STDIN_FILENO) ::close(fd);
  });
  source = [file, fd, before_read = std::move(before_read), deadline](char* buffer, std::size_t size,
                                                                     std::string& err) -> long {
    if (before_read) before_read();
    // Until there is something to read (or the writer has gone), at most
    // until the deadline; a FIFO whose writer never opened it is not ready.
    while (deadline) {
      const auto left = std::chrono::ceil<std::chrono::milliseconds>(*deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) {
        err = "no input by the time limit";
        return -1;
      }
      pollfd ready{fd, POLLIN, 0};
      const int n = ::poll(&ready, 1, static_cast<int>(std::min<long long>(left.count(), 1 << 30)));
      if (n > 0) break;
      if (n < 0 && errno != EINTR) {
        err = std::strerror(errno);
        return -1;
      }
    }
    for (;;) {
      const ssize_t n = ::read(fd, buffer, size);
      if (n >= 0) return static_cast<long>(n);
      if (errno == EINTR) continue;
      err = std::strerror(errno);
      return -1;
    }
  };
  return true;
}

bool read_source(const std::string& name, std::string& text, std::string& error, std::size_t max_bytes,
                 ReadDeadline deadline) {
  ByteSource source;
  if (!open_source(name, source, error, {}, deadline)) return false;
  text.clear();
  char block[1 << 16];
  for (;;) {
    const long n = source(block, sizeof block, error);
    if (n < 0) return false;
    if (n == 0) return true;
    if (text.size() + static_cast<std::size_t>(n) > max_bytes) {
      error = "longer than " + std::to_string(max_bytes) + " bytes";
      return false;
    }
    text.append(block, static_cast<std::size_t>(n));
  }
}

void for_each_record(const std::vector<std::string>& files, Diagnostics& diag,
                     const std::function<void(const std::string&, const TextRecord&)>& on_record,
                     const std::function<void()>& before_read, bool pencilmarks, ReadDeadline deadline) {
  const std::vector<std::string> names = files.empty() ? std::vector<std::string>{"-"} : files;
  for (const auto& name : names) {
    const std::string label = source_label(name);
    std::string error;
    ByteSource source;
    if (!open_source(name, source, error, before_read, deadline)) {
      diag.report(label, "cannot read: " + error);
      continue;
    }
    PuzzleReader reader{LineReader(std::move(source))};
    if (pencilmarks) reader.accept_pencilmarks();
    TextRecord record;
    ParseError perr;
    for (;;) {
      const ReadStatus status = reader.next(record, perr);
      if (status == ReadStatus::End) break;
      if (status == ReadStatus::Error) {
        diag.report(label, perr.line, perr.message);
        continue;
      }
      // A rating that comes with the puzzle must be one (0 to 20), as db
      // import reads it (after a header, fields are named columns: db import's
      // CSV reader checks the rating column).
      std::optional<double> rating;
      if (std::string why; !reader.header_seen() && !record_rating(record.fields, rating, why)) {
        diag.report(label, record.line, why);
        continue;
      }
      on_record(label, record);
    }
    if (!reader.read_error().empty()) diag.report(label, "cannot read: " + reader.read_error());
  }
}

ReadStatus VariantReader::next(VariantRecord& record, std::string& error) {
  std::string_view line;
  for (LineStatus status; (status = lines_.next(line)) != LineStatus::End;) {
    record.line = lines_.number();
    if (status == LineStatus::TooLong) {
      error = "line longer than " + std::to_string(lines_.max_line()) + " bytes";
      return ReadStatus::Error;
    }
    const auto start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos || line[start] == '#') continue;
    const auto end = line.find_first_of(" \t", start);
    const std::string_view word = line.substr(start, end == std::string_view::npos ? end : end - start);
    try {
      record.cells = read_cells(geometry_, word);
    } catch (const GeometryError& e) {
      error = e.what();
      return ReadStatus::Error;
    }
    return ReadStatus::Record;
  }
  return ReadStatus::End;
}

void for_each_variant_record(const std::vector<std::string>& files, const Geometry& geometry, Diagnostics& diag,
                             const std::function<void(const std::string&, const VariantRecord&)>& on_record,
                             const std::function<void()>& before_read) {
  const std::vector<std::string> names = files.empty() ? std::vector<std::string>{"-"} : files;
  for (const auto& name : names) {
    const std::string label = source_label(name);
    std::string error;
    ByteSource source;
    if (!open_source(name, source, error, before_read, std::nullopt)) {
      diag.report(label, "cannot read: " + error);
      continue;
    }
    VariantReader reader(LineReader(std::move(source)), geometry);
    VariantRecord record;
    for (ReadStatus status; (status = reader.next(record, error)) != ReadStatus::End;) {
      if (status == ReadStatus::Error)
        diag.report(label, record.line, error);
      else
        on_record(label, record);
    }
    if (!reader.read_error().empty()) diag.report(label, "cannot read: " + reader.read_error());
  }
}

std::string variant_rule_breaks(const Geometry& geometry, const std::vector<std::uint8_t>& cells) {
  const std::vector<int> broken = rule_breaks(geometry, cells);
  if (broken.empty()) return "";
  std::string where;
  for (int cell : broken)
    where += (where.empty() ? "" : " ") + ("r" + std::to_string(cell / geometry.size() + 1)) + "c" +
             std::to_string(cell % geometry.size() + 1);
  return "givens break the rules of " + geometry.spelling() + " at " + where;
}

void for_each_position(const std::vector<std::string>& files, Diagnostics& diag,
                       const std::function<void(const std::string&, const std::string&, std::size_t)>& on_position,
                       const std::function<void()>& before_read) {
  const std::vector<std::string> names = files.empty() ? std::vector<std::string>{"-"} : files;
  std::string text;
  for (const auto& name : names) {
    const std::string label = source_label(name);
    std::string error;
    ByteSource source;
    if (!open_source(name, source, error, before_read)) {
      diag.report(label, "cannot read: " + error);
      continue;
    }
    grader::PositionReader reader{LineReader(std::move(source))};
    std::size_t first = 0;
    ParseError perr;
    for (ReadStatus status; (status = reader.next(text, first, perr)) != ReadStatus::End;) {
      if (status == ReadStatus::Error) diag.report(label, perr.line, perr.message);
      else on_position(label, text, first);
    }
    if (!reader.read_error().empty()) diag.report(label, "cannot read: " + reader.read_error());
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
  pending_ = false;
  if (written && std::fflush(stdout) == 0) return;
  failed_ = true;
  throw WriteError("<stdout>", errno != 0 ? errno : EIO);
}

}  // namespace sudokit::cli
