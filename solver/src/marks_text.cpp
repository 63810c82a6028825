// Pencil-mark text formats. See marks_text.hpp.
#include "sudokit/solver/marks_text.hpp"

#include <cstdio>
#include <vector>

namespace sudokit {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string printable(char c) {
  if (c >= 0x21 && c < 0x7f) return std::string("'") + c + "'";
  char buf[8];
  std::snprintf(buf, sizeof buf, "0x%02X", static_cast<unsigned char>(c));
  return buf;
}

// Splits a row line into its digit groups; false on any other character.
bool row_groups(std::string_view line, std::vector<std::string_view>& groups, std::size_t& bad_column) {
  groups.clear();
  std::size_t i = 0;
  while (i < line.size()) {
    const char c = line[i];
    if (c >= '1' && c <= '9') {
      std::size_t j = i;
      while (j < line.size() && line[j] >= '1' && line[j] <= '9') ++j;
      groups.push_back(line.substr(i, j - i));
      i = j;
      continue;
    }
    if (!is_blank(c) && c != '|' && c != ':') {
      bad_column = i + 1;
      return false;
    }
    ++i;
  }
  return true;
}

}  // namespace

bool looks_like_pencilmarks(std::string_view text) {
  if (text.size() != kPencilmarkLength) return false;
  for (char c : text)
    if (c != '.' && (c < '0' || c > '9')) return false;
  return true;
}

bool parse_pencilmarks(std::string_view text, Candidates& marks, ParseError& error, bool empty_cells) {
  error.column = 0;
  if (text.size() != kPencilmarkLength) {
    error.message = "a pencil-mark line has 729 characters (9 per cell), this one has " + std::to_string(character_count(text));
    return false;
  }
  for (int cell = 0; cell < kCells; ++cell) {
    DigitMask m = 0;
    for (int d = 1; d <= 9; ++d) {
      const std::size_t at = static_cast<std::size_t>(cell * 9 + d - 1);
      const char c = text[at];
      if (c == '.' || c == '0') continue;
      if (c == static_cast<char>('0' + d)) {
        m |= digit_bit(d);
        continue;
      }
      error.column = at + 1;
      if (c >= '1' && c <= '9')
        error.message = cell_name(cell) + ": digit " + c + " at the place of digit " + std::to_string(d) +
                        " (character " + std::to_string(d) + " of the cell must be " + std::to_string(d) + ", '.' or '0')";
      else
        error.message = cell_name(cell) + ": invalid character " + printable(c) + " (expected " + std::to_string(d) + ", '.' or '0')";
      return false;
    }
    if (m == 0 && !empty_cells) {
      error.column = static_cast<std::size_t>(cell * 9 + 1);
      error.message = cell_name(cell) + ": no candidate left";
      return false;
    }
    marks[cell] = m;
  }
  return true;
}

bool is_candidate_row(std::string_view line) {
  std::vector<std::string_view> groups;
  std::size_t bad = 0;
  return row_groups(line, groups, bad) && groups.size() == 9;
}

bool is_candidate_frame(std::string_view line) {
  bool dash = false;
  for (char c : line) {
    if (c == '-' || c == '=') {
      dash = true;
      continue;
    }
    if (!is_blank(c) && c != '+' && c != '.' && c != ':' && c != '\'' && c != '|' && c != '*') return false;
  }
  return dash;
}

bool parse_candidate_grid(std::string_view text, Candidates& marks, ParseError& error) {
  int row = 0;
  std::size_t line_no = 0, pos = 0;
  std::vector<std::string_view> groups;
  while (pos <= text.size() && row <= 9) {
    std::size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view line = text.substr(pos, end - pos);
    ++line_no;
    pos = end + 1;
    if (is_candidate_frame(line)) continue;
    bool blank = true;
    for (char c : line) blank = blank && is_blank(c);
    if (blank) {
      if (end == text.size()) break;
      continue;
    }
    error.line = line_no;
    std::size_t bad = 0;
    if (!row_groups(line, groups, bad)) {
      error.column = bad;
      error.message = "invalid character " + printable(line[bad - 1]) + " in a candidate grid";
      return false;
    }
    if (row == 9) {
      error.column = 0;
      error.message = "a candidate grid has 9 rows; this is a 10th";
      return false;
    }
    if (groups.size() != 9) {
      error.column = 0;
      error.message = "row " + std::to_string(row + 1) + " of the candidate grid has " + std::to_string(groups.size()) +
                      " cells, expected 9";
      return false;
    }
    for (int col = 0; col < 9; ++col) {
      const std::string_view g = groups[static_cast<std::size_t>(col)];
      const int cell = cell_at(row, col);
      DigitMask m = 0;
      for (char c : g) {
        const DigitMask bit = digit_bit(c - '0');
        if (m & bit) {
          error.column = static_cast<std::size_t>(g.data() - line.data()) + 1;
          error.message = cell_name(cell) + ": digit " + c + " listed twice";
          return false;
        }
        m |= bit;
      }
      marks[cell] = m;
    }
    ++row;
    if (end == text.size()) break;
  }
  if (row != 9) {
    error.line = line_no;
    error.column = 0;
    error.message = "a candidate grid has 9 rows, this one has " + std::to_string(row);
    return false;
  }
  return true;
}

std::string format_pencilmarks(const Candidates& marks) {
  std::string s(kPencilmarkLength, '.');
  for (int cell = 0; cell < kCells; ++cell)
    for (int d = 1; d <= 9; ++d)
      if (marks[cell] & digit_bit(d)) s[static_cast<std::size_t>(cell * 9 + d - 1)] = static_cast<char>('0' + d);
  return s;
}

}  // namespace sudokit
