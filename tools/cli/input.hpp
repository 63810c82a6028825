// Reading puzzle sources for the subcommands: files or stdin, read as a
// stream (never whole: memory stays flat on any input, and a pipe's records
// are answered as they arrive), each record
// parsed by the solver module's PuzzleReader, every malformed record
// reported as `source:line: message` on stderr and counted so the command can
// exit non-zero at the end. Also a buffered stdout writer for bulk output.
//
// Writing data: a failed write is an error. Every command's data goes to
// stdout through Output, which checks every fwrite and fflush and throws
// WriteError; main() turns it into `sudokit CMD: <stdout>: No space left on
// device` (strerror) and exit status 1. (The db and book libraries check
// their own writes the same way and carry the errno in their errors.)
//
// A closed pipe (`sudokit generate | head -1`) ends quietly, as Unix tools
// do: main() ignores SIGPIPE, so the write fails with EPIPE, the WriteError
// unwinds the command and main() exits with 141 (128 + SIGPIPE, what a shell
// reports for a tool the signal killed) and no message. Why not the default
// action (being killed): the disposition is inherited, and a parent that
// ignores SIGPIPE (systemd services by default, some language runtimes)
// would leave a command generating for a reader that is gone unless every
// write is checked anyway; and a stop by exception runs the destructors, so
// worker threads are joined, a store's open transaction is rolled back or
// committed as on any other error (`daily --format ndjson` records nothing)
// and temporary files are removed. Diagnostics to a closed stderr are lost
// without stopping the work.
#pragma once

#include <chrono>
#include <cstdio>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::cli {

/// Counts and prints problems with input records.
class Diagnostics {
 public:
  void report(const std::string& source, std::size_t line, const std::string& message);
  void report(const std::string& source, const std::string& message);
  /// Runs before each report is written: a command that finishes records
  /// out of line (grade --threads) writes what comes before it first.
  std::function<void()> before_report;
  std::size_t problems() const { return problems_; }
  /// 0 when every record was handled, 1 otherwise.
  int exit_status() const { return problems_ == 0 ? 0 : 1; }

 private:
  std::size_t problems_ = 0;
};

/// When reading must stop (a command's --time-limit): no time point = never.
using ReadDeadline = std::optional<std::chrono::steady_clock::time_point>;

/// Opens a source ("-" = stdin) as a byte stream for LineReader; false with
/// `error` set when it cannot be opened. `before_read`, when given, runs
/// before each read, which may block on a pipe: the place to flush output
/// the other end may be waiting for. With a `deadline`, neither the opening
/// (a FIFO no writer opened yet) nor a read (a writer that never writes)
/// waits past it: the read fails with "no input by the time limit".
bool open_source(const std::string& name, ByteSource& source, std::string& error,
                 std::function<void()> before_read = {}, ReadDeadline deadline = {});

/// Reads a whole small file ("-" = stdin), such as a --pattern mask, into
/// `text`; false with `error` set on failure or when it holds more than
/// `max_bytes`.
bool read_source(const std::string& name, std::string& text, std::string& error,
                 std::size_t max_bytes = std::size_t{1} << 20, ReadDeadline deadline = {});

/// Display name of a source: the file name, or "<stdin>".
std::string source_label(const std::string& name);

/// Calls `on_record(source, record)` for every well-formed record of every
/// source (stdin when `files` is empty); malformed ones go to `diag`, and so
/// does a record whose rating is not one (record_rating.hpp: "PUZZLE 99").
/// `before_read` and `deadline` as for open_source. With `pencilmarks`,
/// 729-character pencil-mark lines are records too (TextRecord::has_marks).
void for_each_record(const std::vector<std::string>& files, Diagnostics& diag,
                     const std::function<void(const std::string&, const TextRecord&)>& on_record,
                     const std::function<void()>& before_read = {}, bool pencilmarks = false,
                     ReadDeadline deadline = {});

/// A variant puzzle read by for_each_variant_record: its cells and line.
struct VariantRecord {
  std::vector<std::uint8_t> cells;
  std::size_t line = 0;
};

/// Reads variant puzzles one line at a time from a stream (LineReader): the
/// puzzle of every non-empty line that is not a '#' comment is the line's
/// first word, geometry.cells() characters in the geometry's alphabet
/// (geometry.hpp, read_cells). next() gives Record, or Error with `error`
/// set ("cells:P: ..." or "line longer than N bytes"; record.line is the
/// line's number), or End (then read_error() says whether the input failed).
class VariantReader {
 public:
  VariantReader(LineReader lines, const Geometry& geometry) : lines_(std::move(lines)), geometry_(geometry) {}
  ReadStatus next(VariantRecord& record, std::string& error);
  const std::string& read_error() const { return lines_.read_error(); }

 private:
  LineReader lines_;
  const Geometry& geometry_;
};

/// Calls `on_record(source, record)` for every puzzle a VariantReader reads
/// from every source (stdin when `files` is empty); a line that is not one
/// goes to `diag` as "SOURCE:LINE: cells:P: ..." and is skipped, as does a
/// line longer than 16 MiB. `before_read` as for open_source.
void for_each_variant_record(const std::vector<std::string>& files, const Geometry& geometry, Diagnostics& diag,
                             const std::function<void(const std::string&, const VariantRecord&)>& on_record,
                             const std::function<void()>& before_read = {});

/// Empty when the givens of `cells` keep the rules of `geometry`; otherwise
/// "givens break the rules of SPELLING at r1c1 r1c2 ..." (rule_breaks.hpp),
/// the message for the record's SOURCE:LINE.
std::string variant_rule_breaks(const Geometry& geometry, const std::vector<std::uint8_t>& cells);

/// Calls `on_position(source, text, line)` with the text of every position
/// of every source (stdin when `files` is empty), for `sudokit hint`, whose
/// positions may span several lines (a candidate grid): read as a stream
/// like for_each_record (grader::PositionReader), a line longer than 16 MiB
/// reported to `diag` and skipped; `before_read` as for open_source.
void for_each_position(const std::vector<std::string>& files, Diagnostics& diag,
                       const std::function<void(const std::string&, const std::string&, std::size_t)>& on_position,
                       const std::function<void()>& before_read = {});

/// A write of a command's data failed; error() is the errno (EPIPE: the
/// reader of a pipe went away).
class WriteError : public std::runtime_error {
 public:
  WriteError(const std::string& target, int error);
  int error() const { return error_; }

 private:
  int error_;
};

/// The exit status for a failed write of `command`'s data: 141 and no
/// message for a closed pipe; otherwise `sudokit COMMAND: TARGET: reason`
/// (then `note`) on stderr and 1.
int write_failed(const std::string& command, const WriteError& e, const std::string& note = "");

/// Called once by main(): a write to a closed pipe fails with EPIPE instead
/// of killing the process (see the comment at the top).
void ignore_sigpipe();

/// Flushes std::cout and stdout (what a command printed outside Output, such
/// as --help); throws WriteError when that output could not be written.
void finish_stdout();

/// Accumulates output and writes it to stdout in large blocks, and no
/// record later than kMaxDelay after it was made: a slow run (a rare
/// rating target, an hour-long search) shows each find as it comes, and a
/// run killed outright has lost at most that much. Call maybe_flush() after
/// each record, and flush_if_due() while waiting for the next one (generate
/// does it from its progress hook, at least every 200 ms). flush(),
/// maybe_flush() and flush_if_due() throw WriteError when a write fails;
/// after that nothing more is written.
class Output {
 public:
  using Clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds kMaxDelay{250};

  Output() { buffer_.reserve(1 << 17); }
  /// Writes what is left, without throwing: commands call flush() at the
  /// end, so this only runs its course when another error ends the command.
  ~Output();
  std::string& buffer() { return buffer_; }
  void maybe_flush() {
    if (buffer_.size() >= (1 << 16)) return flush();
    const Clock::time_point now = Clock::now();
    if (!pending_) {
      pending_ = true;
      pending_since_ = now;
    } else if (now - pending_since_ >= kMaxDelay) {
      flush();
    }
  }
  void flush_if_due() {
    if (pending_ && Clock::now() - pending_since_ >= kMaxDelay) flush();
  }
  void flush();

 private:
  std::string buffer_;
  bool pending_ = false;              // the buffer holds a record since pending_since_
  Clock::time_point pending_since_;
  bool failed_ = false;
};

}  // namespace sudokit::cli
