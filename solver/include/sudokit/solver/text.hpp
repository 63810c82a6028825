// Text formats for grids. Reading auto-detects the format of each record:
//   * 81-character lines (empty = . 0 * _ -), optionally followed by other
//     fields ("puzzle rating", CSV with the puzzle first, a header line);
//   * the puzzle-bank layout "hash puzzle rating" (hex hash first);
//   * 9-line grids with optional separators (| + - spaces), as printed by
//     QQWing's readable mode and most books;
//   * the classic batch format: 81-character lines ended by a line "end".
// Records are read one line at a time, from a text in memory or from a
// stream of bytes (a file, a pipe), through a buffer that never holds more
// than one line of at most kMaxLineBytes: memory stays flat on any input
// (/dev/zero, /dev/urandom), and a pipe's records come out as they arrive.
// A longer line is one error ("line longer than N bytes"); reading goes on
// after its newline.
// Writing: line (81 chars, '.' empty), grid (readable 9x9) and JSON (in tools).
// Also the one strict number reader behind every numeric field and option
// (parse_number) and the rule for a rating field (parse_rating).
#pragma once

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>

#include "sudokit/solver/grid.hpp"

namespace sudokit {

/// What was wrong with a record and where (1-based line and column; column 0
/// when the whole line is at fault).
struct ParseError {
  std::size_t line = 0;
  std::size_t column = 0;
  std::string message;
};

/// The longest line a reader accepts by default (16 MiB: a line of puzzles
/// separated by blanks, read as one puzzle and its fields, fits; /dev/zero
/// does not).
inline constexpr std::size_t kMaxLineBytes = std::size_t{16} << 20;

/// Reads up to `size` bytes into `buffer`: returns how many, 0 at the end of
/// the input, or -1 after a read error with `error` set. May block (a pipe).
using ByteSource = std::function<long(char* buffer, std::size_t size, std::string& error)>;

enum class LineStatus { Line, TooLong, End };

/// Lines of a text in memory or of a byte stream, numbered from 1, without
/// their '\n' or "\r\n" (and without a leading UTF-8 byte order mark). A line
/// longer than `max_line` bytes counts as one line and yields
/// LineStatus::TooLong as soon as that is known (before its newline is
/// seen); the next call goes on after its newline. A read error ends the
/// input (`read_error()` says why).
class LineReader {
 public:
  /// Lines of `text`, which must outlive the reader; lines point into it.
  explicit LineReader(std::string_view text, std::size_t max_line = kMaxLineBytes);
  /// Lines read from `source` as needed; a line stays valid until the next
  /// call of next(). The buffer grows with the longest line, up to about
  /// max_line + 64 KiB.
  explicit LineReader(ByteSource source, std::size_t max_line = kMaxLineBytes);

  LineStatus next(std::string_view& line);
  /// The next call of next() gives the same result again (once).
  void unread() { repeat_ = true; }
  /// The number of the line last returned (0 before the first).
  std::size_t number() const { return number_; }
  std::size_t max_line() const { return max_line_; }
  /// Why the input ended early; empty when it did not.
  const std::string& read_error() const { return error_; }

 private:
  bool fill();
  bool skip_to_newline();
  ByteSource source_;
  std::unique_ptr<char[]> buffer_;  // stream only: the bytes held are buffer_[0, data_.size())
  std::size_t capacity_ = 0;
  std::string_view data_;       // the text, or the bytes held from the stream
  std::size_t pos_ = 0;         // start of the next line in data_
  std::size_t scanned_ = 0;     // bytes from pos_ known to hold no newline
  std::size_t number_ = 0;
  std::size_t max_line_;
  bool skipping_ = false;       // inside a line that was too long
  bool repeat_ = false;
  LineStatus last_status_ = LineStatus::End;
  std::string_view last_line_;
  std::string error_;
};

/// One puzzle read from text. `fields` is the rest of the line after the
/// puzzle (e.g. a rating), trimmed; it points into the reader's text, or,
/// when reading a stream, into its buffer until the next call of next().
struct TextRecord {
  Grid grid;
  std::size_t line = 0;
  std::string_view fields;
  /// With PuzzleReader::accept_pencilmarks: the record is a 729-character
  /// pencil-mark position (marks_text.hpp), held in `marks`; `grid` is unset.
  bool has_marks = false;
  Candidates marks;
};

enum class ReadStatus { Record, Error, End };

/// Reads puzzles one record at a time from a text held in memory or from a
/// stream (see LineReader). Never throws on bad input: a malformed record
/// (a line longer than the limit included) yields ReadStatus::Error and the
/// reader continues with the next line. After ReadStatus::End, read_error()
/// says whether the input ended by a read error.
class PuzzleReader {
 public:
  explicit PuzzleReader(std::string_view text) : lines_(text) {}
  explicit PuzzleReader(LineReader lines) : lines_(std::move(lines)) {}
  ReadStatus next(TextRecord& record, ParseError& error);
  const LineReader& lines() const { return lines_; }
  /// The lines underneath, e.g. to count those after a batch file's "end".
  LineReader& lines() { return lines_; }
  const std::string& read_error() const { return lines_.read_error(); }
  /// From now on a line whose first field has 729 characters is a pencil-mark
  /// position (TextRecord::has_marks), not an error.
  void accept_pencilmarks() { pencilmarks_ = true; }
  /// True once the text opened with a header line ("puzzle,source"): its
  /// records' fields are columns named there, not a rating by position.
  bool header_seen() const { return header_seen_; }

 private:
  LineReader lines_;
  bool pencilmarks_ = false;
  bool seen_content_ = false;
  bool header_seen_ = false;
  bool ended_ = false;
};

/// "line longer than N bytes": the error for LineStatus::TooLong.
std::string line_too_long_message(std::size_t max_line);

/// The number of characters of UTF-8 text (the bytes that do not continue
/// a character), for messages that count characters ("found 70 characters");
/// the number of bytes when `text` is not well-formed UTF-8 (binary data).
std::size_t character_count(std::string_view text);

/// Parses one 81-character puzzle string (empty = . 0 * _ -). Returns false and
/// sets `error` (column = 1-based position) on a wrong length or character.
bool parse_puzzle(std::string_view text, Grid& grid, ParseError& error);

/// True for a line that can be a header ("puzzle,solution,rating"): a field
/// (between , ; | tabs or blanks, quotes aside) begins with a letter (or a
/// non-ASCII byte: UTF-8 names), and no control characters (binary data is
/// never a header). A puzzle line with a stray letter ("1234567x9") is not
/// one: it is read, and refused as a puzzle. Only the first line with
/// content may be a header.
bool is_header_line(std::string_view line);

/// Reads a number that is all of `text`: a whole number for an integral T
/// (decimal digits, a leading '-' only for a signed T), else a finite real
/// ("7.2", "1e-3"). False for anything else: blanks, a fraction or exponent
/// for an integral T, a value outside T's range ("-1" for an unsigned T is
/// refused, never wrapped round to 2^64 - 1), "nan", "inf", "1e999". A
/// leading '+' is allowed. std::from_chars does the conversion (locale-free,
/// no wrapping); this adds the whole-text, sign and finiteness rules.
template <class T>
bool parse_number(std::string_view text, T& out) {
  static_assert(std::is_arithmetic_v<T> && !std::is_same_v<T, bool>);
  const bool plus = !text.empty() && text.front() == '+';
  if (plus) text.remove_prefix(1);
  if (text.empty() || text.front() == '+' || (text.front() == '-' && (plus || std::is_unsigned_v<T>))) return false;
  T value{};
#if defined(_LIBCPP_VERSION) && _LIBCPP_VERSION < 170000
  // libc++ before 17 (Emscripten's, for the WebAssembly build) has no
  // from_chars for floating point: strtod on a copy, refusing what
  // from_chars refuses and strtod takes (blanks, hexadecimal). The C locale
  // is the only locale there.
  if constexpr (std::is_floating_point_v<T>) {
    const std::string copy(text);
    const std::size_t digits = copy[0] == '-' ? 1 : 0;
    const bool hexadecimal =
        copy.size() > digits + 1 && copy[digits] == '0' && (copy[digits + 1] == 'x' || copy[digits + 1] == 'X');
    if (std::isspace(static_cast<unsigned char>(copy[0])) || hexadecimal) return false;
    char* end = nullptr;
    errno = 0;
    value = static_cast<T>(std::strtod(copy.c_str(), &end));
    if (end != copy.c_str() + copy.size() || errno == ERANGE) return false;
  } else
#endif
  {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || ptr != text.data() + text.size()) return false;
  }
  if constexpr (std::is_floating_point_v<T>) {
    if (!std::isfinite(value)) return false;
  }
  out = value;
  return true;
}

/// The ratings a text field may carry, on the Sudoku Explainer scale: from
/// 0.0 (SE's rating of a solved grid) to 20.0 (SE's mark for a puzzle beyond
/// its techniques). Puzzles rate 1.0 to about 12.
inline constexpr double kMinRating = 0.0;
inline constexpr double kMaxRating = 20.0;

/// A rating field (the number after a puzzle, a rating column): true with
/// the value for a number (parse_number) from kMinRating to kMaxRating, else
/// false with `error` saying what was found ("rating 'abc' is not a number
/// from 0 to 20"). Every reader of ratings (db import's line, bank and CSV
/// layouts, `grade --compare`) applies this one rule.
bool parse_rating(std::string_view text, double& rating, std::string& error);

/// `s` without leading spaces and tabs and without trailing spaces, tabs and
/// carriage returns (a CRLF line's '\r'): how every reader of fields and
/// option lists trims.
std::string_view trim(std::string_view s);

/// `text` in single quotes, as error messages quote what the user gave
/// ('150x230', '2027-13-01'). Built by appending: GCC 12 at -O3 warns
/// falsely (-Wrestrict) on "'" + std::string(text).
std::string single_quoted(std::string_view text);

/// Whether `s` is well-formed UTF-8 (no overlong forms, surrogates or code
/// points above U+10FFFF): what cairo draws, so user text (titles,
/// captions) is checked with it before a page is drawn.
bool valid_utf8(std::string_view s);

/// True for characters that mean "empty cell" in the 81-character format.
/// (Bitwise, not ||: parse_puzzle's loop stays free of branches.)
constexpr bool is_empty_char(char c) { return (c == '.') | (c == '0') | (c == '*') | (c == '_') | (c == '-'); }

/// 81 characters, '.' for empty. Appends to `out` (no newline).
void append_line(std::string& out, const Grid& grid);
/// 81 characters, '.' for empty.
std::string format_line(const Grid& grid);
/// Readable 9x9 with box separators, 11 lines each ending in '\n'.
std::string format_grid(const Grid& grid);

}  // namespace sudokit
