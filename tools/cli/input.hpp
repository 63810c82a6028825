// Reading puzzle sources for the subcommands: files or stdin, read as a
// stream (never whole: memory stays flat on any input, and a pipe's records
// are answered as they arrive), each record
// parsed by the solver module's PuzzleReader, every malformed record
// reported as `source:line: message` on stderr and counted so the command can
// exit non-zero at the end. Also a buffered stdout writer for bulk output.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "sudokit/solver/text.hpp"

namespace sudokit::cli {

/// Counts and prints problems with input records.
class Diagnostics {
 public:
  void report(const std::string& source, std::size_t line, const std::string& message);
  void report(const std::string& source, const std::string& message);
  std::size_t problems() const { return problems_; }
  /// 0 when every record was handled, 1 otherwise.
  int exit_status() const { return problems_ == 0 ? 0 : 1; }

 private:
  std::size_t problems_ = 0;
};

/// Opens a source ("-" = stdin) as a byte stream for LineReader; false with
/// `error` set when it cannot be opened. `before_read`, when given, runs
/// before each read, which may block on a pipe: the place to flush output
/// the other end may be waiting for.
bool open_source(const std::string& name, ByteSource& source, std::string& error,
                 std::function<void()> before_read = {});

/// Reads a whole small file ("-" = stdin), such as a --pattern mask, into
/// `text`; false with `error` set on failure or when it holds more than
/// `max_bytes`.
bool read_source(const std::string& name, std::string& text, std::string& error,
                 std::size_t max_bytes = std::size_t{1} << 20);

/// Display name of a source: the file name, or "<stdin>".
std::string source_label(const std::string& name);

/// Calls `on_record(source, record)` for every well-formed record of every
/// source (stdin when `files` is empty); malformed ones go to `diag`.
/// `before_read` as for open_source.
void for_each_record(const std::vector<std::string>& files, Diagnostics& diag,
                     const std::function<void(const std::string&, const TextRecord&)>& on_record,
                     const std::function<void()>& before_read = {});

/// Accumulates output and writes it to stdout in large blocks.
class Output {
 public:
  Output() { buffer_.reserve(1 << 17); }
  ~Output() { flush(); }
  std::string& buffer() { return buffer_; }
  void maybe_flush() {
    if (buffer_.size() >= (1 << 16)) flush();
  }
  void flush();

 private:
  std::string buffer_;
};

}  // namespace sudokit::cli
