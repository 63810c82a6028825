// Reading puzzles in every supported text layout, one record at a time, and
// writing grids as lines or readable 9x9 blocks. See text.hpp for the formats.
#include "sudokit/solver/text.hpp"

#include "sudokit/solver/marks_text.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

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

std::string single_quoted(std::string_view text) {
  std::string out(1, '\'');
  out.append(text);
  out += '\'';
  return out;
}

bool parse_puzzle(std::string_view text, Grid& grid, ParseError& error) {
  if (text.size() != 81) {
    error.column = 0;
    error.message = "expected 81 cells, found " + std::to_string(character_count(text)) + " characters";
    return false;
  }
  // Without a branch per cell (the compiler vectorizes this loop; a branch
  // on digit or empty mispredicts on most puzzles): a bad character is
  // looked for only when there is one.
  // The cells go to a local array first: a store through `grid` might
  // change `text` (char aliases everything), which would keep the loop scalar.
  std::uint8_t cells[81];
  unsigned bad = 0;
  for (std::size_t i = 0; i < 81; ++i) {
    const auto c = static_cast<std::uint8_t>(text[i]);
    const auto value = static_cast<std::uint8_t>(c - '0');
    const unsigned digit = static_cast<std::uint8_t>(value - 1) < 9;
    const unsigned empty = is_empty_char(static_cast<char>(c));
    cells[i] = static_cast<std::uint8_t>(value & (0u - digit));  // (a mask: the ?: became a branch)
    bad |= ~(digit | empty) & 1u;
  }
  static_assert(sizeof cells == sizeof grid.cells);
  std::memcpy(grid.cells.data(), cells, sizeof cells);
  if (bad == 0) return true;
  std::size_t i = 0;
  while (is_cell_char(text[i])) ++i;
  error.column = i + 1;
  error.message = "invalid character " + describe_char(text[i]) + " at column " + std::to_string(i + 1);
  return false;
}

bool parse_rating(std::string_view text, double& rating, std::string& error) {
  double value = 0;
  if (parse_number(text, value) && value >= kMinRating && value <= kMaxRating) {
    rating = value;
    return true;
  }
  static_assert(kMinRating == 0.0 && kMaxRating == 20.0, "the message below states the range");
  constexpr std::size_t kShown = 30;  // a long field is cut, not copied whole into the message
  error = "rating '" + std::string(text.substr(0, kShown)) + (text.size() > kShown ? "...'" : "'") +
          " is not a number from 0 to 20";
  return false;
}

bool is_header_line(std::string_view line) {
  bool name = false;        // a field that begins with a letter
  bool field_start = true;  // at the start of a field (after a separator or quote)
  for (const char c : line) {
    const auto u = static_cast<unsigned char>(c);
    if ((u < 0x20 && c != '\t' && c != '\r') || u == 0x7F) return false;  // binary data, not a header
    const bool separator = c == ',' || c == ';' || c == '\t' || c == ' ' || c == '|' || c == '\r';
    const bool quote = c == '"' || c == '\'';
    if (field_start && !separator && !quote) name = name || std::isalpha(u) != 0 || u >= 0x80;
    field_start = separator || (field_start && quote);
  }
  return name;
}

namespace {
constexpr std::size_t kReadChunk = std::size_t{1} << 16;  // bytes asked of the source at a time
}  // namespace

std::size_t character_count(std::string_view text) {
  if (!valid_utf8(text)) return text.size();  // not text: each byte is one
  std::size_t n = 0;
  for (char c : text) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return n;
}

std::string line_too_long_message(std::size_t max_line) {
  return "line longer than " + std::to_string(max_line) + " bytes";
}

LineReader::LineReader(std::string_view text, std::size_t max_line) : data_(text), max_line_(max_line) {}

LineReader::LineReader(ByteSource source, std::size_t max_line) : source_(std::move(source)), max_line_(max_line) {}

// Streams only: moves the unread bytes to the front, grows the buffer when
// the line held is long (never beyond max_line + 2 + kReadChunk: next()
// gives up on a line before that), and reads what the source has.
bool LineReader::fill() {
  if (!source_) return false;
  const std::size_t held = data_.size() - pos_;
  if (capacity_ < held + kReadChunk) {
    const std::size_t capacity = std::max(std::min(capacity_ * 2, max_line_ + 2 + kReadChunk), held + kReadChunk);
    auto bigger = std::make_unique<char[]>(capacity);
    if (held > 0) std::memcpy(bigger.get(), data_.data() + pos_, held);
    buffer_ = std::move(bigger);
    capacity_ = capacity;
  } else if (pos_ > 0) {
    std::memmove(buffer_.get(), data_.data() + pos_, held);
  }
  pos_ = 0;
  data_ = std::string_view(buffer_.get(), held);
  const long n = source_(buffer_.get() + held, capacity_ - held, error_);
  if (n <= 0) {
    if (n < 0 && error_.empty()) error_ = "read error";
    source_ = nullptr;  // the end is final
    return false;
  }
  data_ = std::string_view(buffer_.get(), held + static_cast<std::size_t>(n));
  return true;
}

// Drops the rest of a line that was too long; false when the input ends first.
bool LineReader::skip_to_newline() {
  for (;;) {
    const void* nl = pos_ < data_.size() ? std::memchr(data_.data() + pos_, '\n', data_.size() - pos_) : nullptr;
    if (nl != nullptr) {
      pos_ = static_cast<std::size_t>(static_cast<const char*>(nl) - data_.data()) + 1;
      return true;
    }
    pos_ = data_.size();
    if (!fill()) return false;
  }
}

LineStatus LineReader::next(std::string_view& line) {
  if (repeat_) {
    repeat_ = false;
    line = last_line_;
    return last_status_;
  }
  if (skipping_) {
    skipping_ = false;
    skip_to_newline();
  }
  scanned_ = 0;
  std::size_t end;
  for (;;) {
    const std::size_t unscanned = data_.size() - pos_ - scanned_;
    const void* nl = unscanned > 0 ? std::memchr(data_.data() + pos_ + scanned_, '\n', unscanned) : nullptr;
    if (nl != nullptr) {
      end = static_cast<std::size_t>(static_cast<const char*>(nl) - data_.data());
      break;
    }
    scanned_ = data_.size() - pos_;
    if (scanned_ > max_line_ + 1) {  // too long whatever follows (one byte may be a '\r')
      ++number_;
      skipping_ = true;
      pos_ = data_.size();
      last_line_ = line = {};
      return last_status_ = LineStatus::TooLong;
    }
    if (!fill()) {
      if (pos_ >= data_.size()) {
        last_line_ = line = {};
        return last_status_ = LineStatus::End;
      }
      end = data_.size();
      break;
    }
  }
  line = data_.substr(pos_, end - pos_);
  pos_ = std::min(end + 1, data_.size());
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  if (++number_ == 1 && line.substr(0, 3) == "\xEF\xBB\xBF") line.remove_prefix(3);  // UTF-8 byte order mark
  last_line_ = line;
  return last_status_ = line.size() > max_line_ ? LineStatus::TooLong : LineStatus::Line;
}

ReadStatus PuzzleReader::next(TextRecord& record, ParseError& error) {
  std::string_view raw;
  while (!ended_) {
    const LineStatus got = lines_.next(raw);
    if (got == LineStatus::End) break;
    const std::size_t line_no = lines_.number();
    if (got == LineStatus::TooLong) {
      seen_content_ = true;
      error.line = line_no;
      error.column = 0;
      error.message = line_too_long_message(lines_.max_line());
      return ReadStatus::Error;
    }
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    if (line == "end") {
      ended_ = true;
      break;
    }
    const bool first_content = !seen_content_;
    seen_content_ = true;
    record.line = line_no;
    error.line = line_no;

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
    record.has_marks = false;
    if (pencilmarks_ && field.size() == kPencilmarkLength) {
      if (!parse_pencilmarks(field, record.marks, error)) {
        if (error.column != 0) error.column += static_cast<std::size_t>(field.data() - line.data()) + (line.data() - raw.data());
        return ReadStatus::Error;
      }
      record.has_marks = true;
      record.fields = trim(rest);
      return ReadStatus::Record;
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
      const std::size_t start_line = line_no;
      int rows = 0;
      for (;;) {
        for (std::size_t j = 0; j < 9; ++j) record.grid.cells[static_cast<std::size_t>(rows) * 9 + j] = row[j];
        if (++rows == 9) break;
        std::string_view next;
        bool got_row = false;
        for (LineStatus s; (s = lines_.next(next)) != LineStatus::End;) {
          const std::string_view t = trim(next);
          if (s == LineStatus::Line && is_rule_line(t)) continue;
          if (s == LineStatus::Line && parse_grid_row(t, row)) got_row = true;
          else lines_.unread();  // not part of this grid: read it again as the next record
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
    if (first_content && is_header_line(line)) {  // a header such as "puzzle,solution"
      header_seen_ = true;
      continue;
    }

    error.column = 0;
    if (field.empty()) field = line;
    error.message = "expected an 81-character puzzle or a 9-line grid, found " + std::to_string(character_count(field)) +
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

bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    std::size_t n = 0;
    char32_t cp = 0;
    if (c < 0x80) {
      ++i;
      continue;
    } else if ((c & 0xE0) == 0xC0) {
      n = 1, cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
      n = 2, cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
      n = 3, cp = c & 0x07;
    } else {
      return false;
    }
    for (std::size_t k = 1; k <= n; ++k) {
      if (i + k >= s.size()) return false;
      const auto b = static_cast<unsigned char>(s[i + k]);
      if ((b & 0xC0) != 0x80) return false;
      cp = (cp << 6) | (b & 0x3F);
    }
    static constexpr char32_t kMin[] = {0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return false;
    i += n + 1;
  }
  return true;
}

}  // namespace sudokit
