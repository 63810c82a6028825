// Reading puzzles in every supported text layout, one record at a time, and
// writing grids as lines or readable 9x9 blocks. See text.hpp for the formats.
#include "sudokit/solver/text.hpp"

#include <cctype>

namespace sudokit {
namespace {

constexpr bool is_field_separator(char c) { return c == ' ' || c == '\t' || c == ',' || c == ';'; }
constexpr bool is_grid_separator(char c) { return c == ' ' || c == '\t' || c == '|' || c == '+'; }
constexpr bool is_cell_char(char c) { return (c >= '1' && c <= '9') || is_empty_char(c); }
constexpr bool is_hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

// Splits off the first field (CSV quotes stripped); `rest` is what follows it.
std::string_view first_field(std::string_view line, std::string_view& rest) {
  std::size_t i = 0;
  while (i < line.size() && is_field_separator(line[i])) ++i;
  std::size_t start = i;
  std::size_t end;
  if (i < line.size() && line[i] == '"') {
    start = ++i;
    while (i < line.size() && line[i] != '"') ++i;
    end = i;
    if (i < line.size()) ++i;
  } else {
    while (i < line.size() && !is_field_separator(line[i])) ++i;
    end = i;
  }
  while (i < line.size() && is_field_separator(line[i])) ++i;
  rest = line.substr(i);
  return line.substr(start, end - start);
}

// A row of a 9-line grid: exactly nine cell characters once separators are removed.
bool parse_grid_row(std::string_view line, std::array<std::uint8_t, 9>& row) {
  int n = 0;
  for (char c : line) {
    if (is_grid_separator(c)) continue;
    if (!is_cell_char(c) || n == 9) return false;
    row[static_cast<std::size_t>(n++)] = (c >= '1' && c <= '9') ? static_cast<std::uint8_t>(c - '0') : 0;
  }
  return n == 9;
}

// A rule between grid rows: only - = + | and blanks, with at least one - or =.
bool is_rule_line(std::string_view line) {
  bool dash = false;
  for (char c : line) {
    if (c == '-' || c == '=') dash = true;
    else if (c != '+' && c != '|' && c != ' ' && c != '\t') return false;
  }
  return dash;
}

std::string describe_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  if (u >= 0x20 && u < 0x7F) return std::string("'") + c + "'";
  static constexpr char kHex[] = "0123456789abcdef";
  return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
}

}  // namespace

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

bool parse_puzzle(std::string_view text, Grid& grid, ParseError& error) {
  if (text.size() != 81) {
    error.column = 0;
    error.message = "expected 81 cells, found " + std::to_string(text.size()) + " characters";
    return false;
  }
  for (std::size_t i = 0; i < 81; ++i) {
    const char c = text[i];
    if (c >= '1' && c <= '9') {
      grid.cells[i] = static_cast<std::uint8_t>(c - '0');
    } else if (is_empty_char(c)) {
      grid.cells[i] = 0;
    } else {
      error.column = i + 1;
      error.message = "invalid character " + describe_char(c) + " at column " + std::to_string(i + 1);
      return false;
    }
  }
  return true;
}

bool is_header_line(std::string_view line) {
  bool letter = false;
  for (const char c : line) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t' && c != '\r') || u == 0x7F) return false;  // binary data, not a header
    letter = letter || std::isalpha(u) != 0;
  }
  return letter;
}

PuzzleReader::PuzzleReader(std::string_view text) : text_(text) {
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") text_.remove_prefix(3);  // UTF-8 byte order mark
}

bool PuzzleReader::next_line(std::string_view& line) {
  if (pending_) {
    pending_ = false;
    line = pending_line_;
    line_no_ = pending_line_no_;
    return true;
  }
  if (pos_ >= text_.size()) return false;
  std::size_t end = text_.find('\n', pos_);
  if (end == std::string_view::npos) end = text_.size();
  line = text_.substr(pos_, end - pos_);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  pos_ = end + 1;
  ++line_no_;
  return true;
}

ReadStatus PuzzleReader::next(TextRecord& record, ParseError& error) {
  std::string_view raw;
  while (!ended_ && next_line(raw)) {
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    if (line == "end") {
      ended_ = true;
      break;
    }
    const bool first_content = !seen_content_;
    seen_content_ = true;
    record.line = line_no_;
    error.line = line_no_;

    std::string_view rest;
    std::string_view field = first_field(line, rest);
    // Puzzle-bank layout: a hex hash, then the puzzle, then the rating.
    if (field.size() != 81 && field.size() >= 8 && field.size() <= 40 && !rest.empty()) {
      bool hex = true;
      for (char c : field) hex = hex && is_hex(c);
      std::string_view rest2;
      std::string_view second = first_field(rest, rest2);
      if (hex && second.size() == 81) {
        field = second;
        rest = rest2;
      }
    }
    if (field.size() == 81) {
      if (!parse_puzzle(field, record.grid, error)) {
        if (error.column != 0) error.column += static_cast<std::size_t>(field.data() - line.data()) + (line.data() - raw.data());
        return ReadStatus::Error;
      }
      record.fields = trim(rest);
      return ReadStatus::Record;
    }

    std::array<std::uint8_t, 9> row{};
    if (parse_grid_row(line, row)) {
      // A 9-line grid: collect nine rows, skipping rule lines between them.
      const std::size_t start_line = line_no_;
      int rows = 0;
      for (;;) {
        for (std::size_t j = 0; j < 9; ++j) record.grid.cells[static_cast<std::size_t>(rows) * 9 + j] = row[j];
        if (++rows == 9) break;
        std::string_view next;
        bool got_row = false;
        while (next_line(next)) {
          const std::string_view t = trim(next);
          if (is_rule_line(t)) continue;
          if (parse_grid_row(t, row)) {
            got_row = true;
          } else {  // not part of this grid: read it again as the next record
            pending_ = true;
            pending_line_ = next;
            pending_line_no_ = line_no_;
          }
          break;
        }
        if (!got_row) {
          error.line = start_line;
          error.column = 0;
          error.message = "grid ends after " + std::to_string(rows) + " rows, expected 9";
          return ReadStatus::Error;
        }
      }
      record.line = start_line;
      record.fields = {};
      return ReadStatus::Record;
    }
    if (is_rule_line(line)) continue;
    if (first_content && is_header_line(line)) continue;  // a header such as "puzzle,solution"

    error.column = 0;
    if (field.empty()) field = line;
    error.message = "expected an 81-character puzzle or a 9-line grid, found " + std::to_string(field.size()) +
                    " characters";
    return ReadStatus::Error;
  }
  ended_ = true;
  return ReadStatus::End;
}

void append_line(std::string& out, const Grid& grid) {
  for (std::uint8_t v : grid.cells) out.push_back(v ? static_cast<char>('0' + v) : '.');
}

std::string format_line(const Grid& grid) {
  std::string s;
  s.reserve(81);
  append_line(s, grid);
  return s;
}

std::string format_grid(const Grid& grid) {
  std::string s;
  for (int r = 0; r < 9; ++r) {
    if (r == 3 || r == 6) s += "------+-------+------\n";
    for (int c = 0; c < 9; ++c) {
      if (c == 3 || c == 6) s += "| ";
      const int v = grid[cell_at(r, c)];
      s.push_back(v ? static_cast<char>('0' + v) : '.');
      s.push_back(c == 8 ? '\n' : ' ');
    }
  }
  return s;
}

}  // namespace sudokit
