// Text formats for grids. Reading auto-detects the format of each record:
//   * 81-character lines (empty = . 0 * _ -), optionally followed by other
//     fields ("puzzle rating", CSV with the puzzle first, a header line);
//   * the puzzle-bank layout "hash puzzle rating" (hex hash first);
//   * 9-line grids with optional separators (| + - spaces), as printed by
//     QQWing's readable mode and most books;
//   * the classic batch format: 81-character lines ended by a line "end".
// Writing: line (81 chars, '.' empty), grid (readable 9x9) and JSON (in tools).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "sudokit/solver/grid.hpp"

namespace sudokit {

/// What was wrong with a record and where (1-based line and column; column 0
/// when the whole line is at fault).
struct ParseError {
  std::size_t line = 0;
  std::size_t column = 0;
  std::string message;
};

/// One puzzle read from text. `fields` is the rest of the line after the
/// puzzle (e.g. a rating), trimmed; it points into the reader's text.
struct TextRecord {
  Grid grid;
  std::size_t line = 0;
  std::string_view fields;
};

enum class ReadStatus { Record, Error, End };

/// Reads puzzles one record at a time from a text held in memory. Never
/// throws on bad input: a malformed record yields ReadStatus::Error and the
/// reader continues with the next line.
class PuzzleReader {
 public:
  explicit PuzzleReader(std::string_view text);
  ReadStatus next(TextRecord& record, ParseError& error);

 private:
  bool next_line(std::string_view& line);
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_no_ = 0;
  bool seen_content_ = false;
  bool ended_ = false;
  bool pending_ = false;  // a line was pushed back
  std::string_view pending_line_;
  std::size_t pending_line_no_ = 0;
};

/// Parses one 81-character puzzle string (empty = . 0 * _ -). Returns false and
/// sets `error` (column = 1-based position) on a wrong length or character.
bool parse_puzzle(std::string_view text, Grid& grid, ParseError& error);

/// True for a line that can be a header ("puzzle,solution,rating"): it has
/// a letter and no control characters (binary data is never a header). Only
/// the first line with content may be one.
bool is_header_line(std::string_view line);

/// `s` without leading spaces and tabs and without trailing spaces, tabs and
/// carriage returns (a CRLF line's '\r'): how every reader of fields and
/// option lists trims.
std::string_view trim(std::string_view s);

/// True for characters that mean "empty cell" in the 81-character format.
constexpr bool is_empty_char(char c) { return c == '.' || c == '0' || c == '*' || c == '_' || c == '-'; }

/// 81 characters, '.' for empty. Appends to `out` (no newline).
void append_line(std::string& out, const Grid& grid);
/// 81 characters, '.' for empty.
std::string format_line(const Grid& grid);
/// Readable 9x9 with box separators, 11 lines each ending in '\n'.
std::string format_grid(const Grid& grid);

}  // namespace sudokit
