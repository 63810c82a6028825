// Hints from a player's position: reading positions, mistakes, the next
// step and its area. See hint.hpp.
#include "sudokit/grader/hint.hpp"

#include <algorithm>
#include <array>
#include <cassert>

#include <nlohmann/json.hpp>

#include "sudokit/grader/explain.hpp"
#include "sudokit/solver/marks_text.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/solve_marks.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::grader {
namespace {

bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_blank(s.back())) s.remove_suffix(1);
  return s;
}

// The cell a 1-based column of an 81- or 729-character field falls in.
int cell_of_column(std::size_t column, std::size_t width) {
  return column == 0 ? -1 : static_cast<int>((column - 1) / width);
}

bool read_grid_field(std::string_view text, std::string_view what, Grid& grid, PositionError& error) {
  ParseError perr;
  if (!parse_puzzle(text, grid, perr)) {
    error.cell = text.size() == static_cast<std::size_t>(kCells) ? cell_of_column(perr.column, 1) : -1;
    error.column = perr.column;
    error.message = std::string(what) + ": " +
                    (error.cell >= 0 ? cell_name(error.cell) + ": " + perr.message : perr.message);
    return false;
  }
  return true;
}

// Reads marks with empty cells allowed: a filled cell needs none (its marks
// are ignored); check_marks then requires a candidate in every other cell.
bool read_marks_field(std::string_view text, Candidates& marks, PositionError& error) {
  ParseError perr;
  if (!parse_pencilmarks(text, marks, perr, /*empty_cells=*/true)) {
    error.cell = text.size() == kPencilmarkLength ? cell_of_column(perr.column, 9) : -1;
    error.column = perr.column;
    error.message = "marks: " + perr.message;
    return false;
  }
  return true;
}

// JSON "marks": a 729-character string or an array of 81 strings of digits.
bool read_marks_json(const nlohmann::json& j, Candidates& marks, PositionError& error) {
  if (j.is_string()) return read_marks_field(j.get<std::string>(), marks, error);
  if (!j.is_array() || j.size() != static_cast<std::size_t>(kCells)) {
    error.message = "marks: expected a 729-character string or an array of 81 strings";
    return false;
  }
  for (int cell = 0; cell < kCells; ++cell) {
    const auto& v = j[static_cast<std::size_t>(cell)];
    if (!v.is_string()) {
      error.cell = cell;
      error.message = "marks: " + cell_name(cell) + ": expected a string of candidate digits";
      return false;
    }
    const std::string s = v.get<std::string>();
    DigitMask m = 0;
    for (char c : s) {
      if (c < '1' || c > '9' || (m & digit_bit(c - '0'))) {
        error.cell = cell;
        error.message = "marks: " + cell_name(cell) + ": '" + s + "' is not a set of digits 1-9";
        return false;
      }
      m |= digit_bit(c - '0');
    }
    marks[cell] = m;  // "" on a filled cell: check_marks
  }
  return true;
}

// `marks_text`: the marks came as a 729-character string (errors then carry a column).
bool parse_json_position(std::string_view text, Position& out, PositionError& error, bool& marks_text) {
  const nlohmann::json j = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    error.message = "not a JSON object";
    return false;
  }
  for (const auto& [key, value] : j.items())
    if (key != "givens" && key != "entries" && key != "marks") {
      error.message = "unknown field \"" + key + "\" (expected givens, entries, marks)";
      return false;
    }
  auto grid_field = [&](const char* key, Grid& grid) {
    if (!j.contains(key)) return true;
    if (!j[key].is_string()) {
      error.message = std::string(key) + ": expected an 81-character string";
      return false;
    }
    return read_grid_field(j[key].get<std::string>(), key, grid, error);
  };
  if (!grid_field("givens", out.givens) || !grid_field("entries", out.entries)) return false;
  if (j.contains("marks")) {
    out.has_marks = true;
    marks_text = j["marks"].is_string();
    if (!read_marks_json(j["marks"], out.marks, error)) return false;
  }
  if (!j.contains("givens") && !out.has_marks) {
    error.message = "a position needs givens or marks";
    return false;
  }
  if (j.contains("entries") && !j.contains("givens")) {
    error.message = "entries need the givens";
    return false;
  }
  return true;
}

// Splits on blanks (and commas/semicolons) into at most `max` fields.
std::vector<std::string_view> fields_of(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  auto sep = [](char c) { return is_blank(c) || c == ',' || c == ';'; };
  while (i < line.size()) {
    while (i < line.size() && sep(line[i])) ++i;
    std::size_t j = i;
    while (j < line.size() && !sep(line[j])) ++j;
    if (j > i) out.push_back(line.substr(i, j - i));
    i = j;
  }
  return out;
}

// Entries must not sit on givens; returns false with the cell named.
bool check_entries(const Position& p, PositionError& error) {
  for (int c = 0; c < kCells; ++c)
    if (p.entries[c] != 0 && p.givens[c] != 0) {
      error.cell = c;
      error.message = "entries: " + cell_name(c) + ": an entry on a given";
      return false;
    }
  return true;
}

Grid placed_digits(const Position& p) {
  Grid g = p.givens;
  for (int c = 0; c < kCells; ++c)
    if (p.entries[c] != 0) g[c] = p.entries[c];
  return g;
}

// Every cell neither given nor entered has a candidate in the marks (a
// filled cell's marks are ignored, empty or not). `columns`: the marks were
// a 729-character line, and the error gives the cell's first column in it.
bool check_marks(const Position& p, bool columns, PositionError& error) {
  if (!p.has_marks) return true;
  const Grid values = placed_digits(p);
  for (int c = 0; c < kCells; ++c)
    if (values[c] == 0 && p.marks[c] == 0) {
      error.cell = c;
      error.column = columns ? static_cast<std::size_t>(c * 9 + 1) : 0;
      error.message = "marks: " + cell_name(c) + ": no candidate left";
      return false;
    }
  return true;
}

// Whether a step keeps the invariant every hint keeps: it fills an empty
// cell with a digit no placed peer holds, removes candidates only from empty
// cells, and agrees with the solution (places its digit, removes others).
bool step_is_sound(const Step& step, const Board& board, const Grid& solution) {
  if (step.places()) {
    const int cell = step.place_cell, digit = step.place_digit;
    if (board.value(cell) != 0 || solution[cell] != digit) return false;
    for (int peer : kPeers[static_cast<std::size_t>(cell)])
      if (board.value(peer) == digit) return false;
  }
  for (int c = 0; c < kCells; ++c) {
    if (step.removals[c] == 0) continue;
    if (board.value(c) != 0 || (step.removals[c] & digit_bit(solution[c])) != 0) return false;
  }
  return true;
}

void add_unit(std::vector<int>& houses, int u) {
  for (int h : houses)
    if (h == u) return;
  houses.push_back(u);
}

}  // namespace

bool parse_position(std::string_view text, Position& out, PositionError& error) {
  out = Position{};
  error = PositionError{};
  std::string_view t = trim(text);
  if (t.substr(0, 3) == "\xEF\xBB\xBF") t = trim(t.substr(3));  // a UTF-8 byte order mark
  if (t.empty()) {
    error.message = "empty position";
    return false;
  }
  if (t.front() == '{') {
    bool marks_text = false;
    return parse_json_position(t, out, error, marks_text) && check_entries(out, error) &&
           check_marks(out, marks_text, error);
  }
  if (t.find('\n') != std::string_view::npos) {
    // Several lines: a candidate grid.
    ParseError perr;
    if (!parse_candidate_grid(t, out.marks, perr)) {
      error.line = perr.line;
      error.column = perr.column;
      error.message = perr.message;
      if (perr.message.size() > 5 && perr.message[0] == 'r' && perr.message.find(": ") != std::string::npos) {
        const int r = perr.message[1] - '1', c = perr.message[3] - '1';
        if (r >= 0 && r < 9 && c >= 0 && c < 9) error.cell = cell_at(r, c);
      }
      return false;
    }
    out.has_marks = true;
    return true;
  }
  const auto f = fields_of(t);
  if (f.empty()) {  // only separators (",", ";")
    error.message = "empty position";
    return false;
  }
  if (f.size() == 1 && f[0].size() == kPencilmarkLength) {
    out.has_marks = true;
    return read_marks_field(f[0], out.marks, error) && check_marks(out, true, error);
  }
  if (f.size() > 2) {
    error.message = "expected GIVENS [ENTRIES|MARKS], got " + std::to_string(f.size()) + " fields";
    return false;
  }
  if (!read_grid_field(f[0], "givens", out.givens, error)) return false;
  if (f.size() == 2) {
    if (f[1].size() == kPencilmarkLength) {
      out.has_marks = true;
      if (!read_marks_field(f[1], out.marks, error)) return false;
    } else if (!read_grid_field(f[1], "entries", out.entries, error)) {
      return false;
    }
    // An entries field that repeats the givens (a full position) is accepted:
    // digits equal to the given in the same cell are not entries.
    for (int c = 0; c < kCells; ++c)
      if (out.entries[c] != 0 && out.entries[c] == out.givens[c]) out.entries[c] = 0;
  }
  return check_entries(out, error) && check_marks(out, true, error);
}

bool position_from_fields(const std::string_view* givens, const std::string_view* entries,
                          const std::string_view* marks, Position& out, PositionError& error) {
  out = Position{};
  error = PositionError{};
  if (!givens && !marks) {
    error.message = "a position needs givens or marks";
    return false;
  }
  if (entries && !givens) {
    error.message = "entries need the givens";
    return false;
  }
  if (givens && !read_grid_field(*givens, "givens", out.givens, error)) return false;
  if (entries && !read_grid_field(*entries, "entries", out.entries, error)) return false;
  if (marks) {
    out.has_marks = true;
    if (!read_marks_field(*marks, out.marks, error)) return false;
  }
  for (int c = 0; c < kCells; ++c)
    if (out.entries[c] != 0 && out.entries[c] == out.givens[c]) out.entries[c] = 0;
  return check_entries(out, error) && check_marks(out, true, error);
}

ReadStatus PositionReader::next(std::string& text, std::size_t& first_line, ParseError& error) {
  text.clear();
  bool grid = false;
  int rows = 0;
  std::string_view line;
  for (LineStatus s; (s = lines_.next(line)) != LineStatus::End;) {
    if (s == LineStatus::TooLong) {
      if (grid) {  // ends the grid; reported by the next call
        lines_.unread();
        break;
      }
      error.line = lines_.number();
      error.column = 0;
      error.message = line_too_long_message(lines_.max_line());
      return ReadStatus::Error;
    }
    bool blank = true;
    for (char c : line) blank = blank && is_blank(c);
    const bool row = !blank && is_candidate_row(line), frame = !blank && !row && is_candidate_frame(line);
    if (!grid) {
      if (blank) continue;
      first_line = lines_.number();
      text.assign(line);
      if (!row && !frame) return ReadStatus::Record;  // a one-line record
      grid = true;
      rows = row;
      continue;
    }
    if (blank || (!row && !frame) || (row && rows == 9)) {
      lines_.unread();  // the next record's (a blank line is skipped then)
      break;
    }
    rows += row;
    text += '\n';
    text.append(line);
  }
  return grid ? ReadStatus::Record : ReadStatus::End;
}

std::optional<HintReveal> parse_hint_reveal(std::string_view word) {
  if (word == "area") return HintReveal::Area;
  if (word == "technique") return HintReveal::Technique;
  if (word == "step") return HintReveal::Step;
  return std::nullopt;
}

std::string_view hint_reveal_key(HintReveal reveal) {
  switch (reveal) {
    case HintReveal::Area: return "area";
    case HintReveal::Technique: return "technique";
    case HintReveal::Step: return "step";
  }
  return "step";
}

std::string_view hint_status_key(HintStatus s) {
  switch (s) {
    case HintStatus::Hint: return "hint";
    case HintStatus::Mistakes: return "mistakes";
    case HintStatus::Solved: return "solved";
    case HintStatus::InvalidPosition: return "invalid-position";
    case HintStatus::NoSolution: return "no-solution";
    case HintStatus::MultipleSolutions: return "multiple-solutions";
    case HintStatus::BeyondTechniques: return "beyond-techniques";
    case HintStatus::TimeLimit: return "time-limit";
    case HintStatus::InternalError: return "internal-error";
  }
  return "unknown";
}

Board position_board(const Position& p) {
  const bool has_givens = p.givens.clue_count() > 0;
  if (!p.has_marks) return Board(placed_digits(p));
  if (!has_givens) return board_from_marks(p.marks);
  const Grid values = placed_digits(p);
  Candidates cand = p.marks;
  for (int c = 0; c < kCells; ++c)
    if (values[c] != 0) cand[c] = 0;
  return Board(values, cand);
}

Step basic_elimination(const Board& board) {
  Step step;
  step.technique = Technique::BasicElimination;
  step.difficulty = 0.0;
  for (int c = 0; c < kCells; ++c) {
    if (board.value(c) != 0) continue;
    std::array<int, 10> peer_of{};  // by digit: the first peer (in kPeers' order) that holds it, or 0
    for (int peer : kPeers[static_cast<std::size_t>(c)]) {
      int& first = peer_of[static_cast<std::size_t>(board.value(peer))];
      if (first == 0) first = peer + 1;
    }
    DigitMask placed = 0;
    for_each_digit(board.candidates(c), [&](int d) {
      const int peer = peer_of[static_cast<std::size_t>(d)] - 1;
      if (peer < 0) return;
      placed |= digit_bit(d);
      step.chain.push_back({{static_cast<std::int8_t>(peer), static_cast<std::uint8_t>(d), true},
                            {static_cast<std::int8_t>(c), static_cast<std::uint8_t>(d), false},
                            LinkKind::Weak});
    });
    step.removals[c] = placed;
    step.digits |= placed;
  }
  return step;
}

HintArea hint_area(const Step& step) {
  HintArea a;
  if (step.unit >= 0) add_unit(a.houses, step.unit);
  if (step.unit2 >= 0) add_unit(a.houses, step.unit2);
  for (int u = 0; u < 27; ++u)
    if (step.units & (1u << u)) add_unit(a.houses, u);
  if (a.houses.empty()) step.cells.for_each([&](int c) { a.cells.push_back(c); });
  if (a.houses.empty() && a.cells.empty()) {
    if (step.places()) a.cells.push_back(step.place_cell);
    for (int c = 0; c < kCells; ++c)
      if (step.removals[c] != 0 && c != step.place_cell) a.cells.push_back(c);
  }
  return a;
}

HintDrawing hint_drawing(const Step& step, const Board& board) {
  HintDrawing d;
  if (step.places()) d.placed.push_back({step.place_cell, step.place_digit});
  for (int c = 0; c < kCells; ++c)
    if (c != step.place_cell) for_each_digit(step.removals[c], [&](int digit) { d.eliminated.push_back({c, digit}); });
  step.cells.for_each([&](int c) {
    const DigitMask m = static_cast<DigitMask>(board.candidates(c) & (step.digits ? step.digits : kAllDigits) &
                                               ~step.removals[c]);
    for_each_digit(m, [&](int digit) { d.cause.push_back({c, digit}); });
  });
  if (step.unit >= 0) add_unit(d.houses, step.unit);
  if (step.unit2 >= 0) add_unit(d.houses, step.unit2);
  for (int u = 0; u < 27; ++u)
    if (step.units & (1u << u)) add_unit(d.houses, u);
  d.links = step.chain;
  auto add_node = [&](const ChainNode& n) {
    std::vector<CandidateRef>& list = n.on ? d.on : d.off;
    const CandidateRef c{n.cell, n.digit};
    if (std::find(list.begin(), list.end(), c) == list.end()) list.push_back(c);
  };
  for (const ChainLink& l : step.chain) {
    add_node(l.from);
    add_node(l.to);
  }
  return d;
}

Hint find_hint(Grader& grader, const Position& p, const HintOptions& options) {
  Hint h;
  const Grid values = placed_digits(p);
  const bool has_givens = !p.has_marks || p.givens.clue_count() > 0;
  auto invalid = [&](const Conflict& conflict) {
    h.status = HintStatus::InvalidPosition;
    h.message = conflict.message();
    return h;
  };
  if (auto conflict = find_conflict(p.givens)) return invalid(*conflict);
  // The solution: of the givens when known (mistakes are judged against it),
  // else of the marks.
  const SolveResult sr = has_givens ? solve(p.givens, 2) : solve_marks(p.marks, 2);
  if (sr.count != 1) {
    // Without one solution, entries that clash cannot be judged: the clash is the answer.
    if (auto conflict = find_conflict(values)) return invalid(*conflict);
    h.status = sr.count == 0 ? HintStatus::NoSolution : HintStatus::MultipleSolutions;
    h.message = std::string(has_givens ? "the puzzle has " : "the marks have ") +
                (sr.count == 0 ? "no solution" : "several solutions");
    return h;
  }
  h.solution = sr.solution;
  for (int c = 0; c < kCells; ++c) {
    const int s = h.solution[c];
    if (p.entries[c] != 0 && p.entries[c] != s) {
      h.mistakes.push_back({MistakeKind::WrongEntry, c, p.entries[c], s,
                            cell_name(c) + ": " + std::to_string(p.entries[c]) + " entered, the solution has " +
                                std::to_string(s)});
    } else if (p.has_marks && values[c] == 0 && (p.marks[c] & digit_bit(s)) == 0) {
      h.mistakes.push_back({MistakeKind::LostDigit, c, 0, s,
                            cell_name(c) + ": the marks lost " + std::to_string(s) + ", the solution digit"});
    }
  }
  if (!h.mistakes.empty()) {
    h.status = HintStatus::Mistakes;
    return h;
  }
  // Entries that agree with the solution break no rule.
  assert(!find_conflict(values));
  const Board board = position_board(p);
  if (board.solved()) {
    h.status = HintStatus::Solved;
    h.message = "the position is solved";
    return h;
  }
  // Marks a placed digit rules out come off first, all in one step: no
  // technique may build on them (they are not candidates).
  h.step = basic_elimination(board);
  bool timed_out = false;
  if (!h.step.has_eliminations() && !grader.next_step(board, h.step, options.time_limit, timed_out)) {
    h.status = timed_out ? HintStatus::TimeLimit : HintStatus::BeyondTechniques;
    h.message = timed_out ? "no step found within the time limit" : status_message(GradeStatus::BeyondTechniques);
    return h;
  }
  Hint found = hint_from_step(h.step, board, h.solution, options);
  found.solution = h.solution;
  return found;
}

Hint hint_from_step(const Step& step, const Board& board, const Grid& solution, const HintOptions& options) {
  Hint h;
  if (!step_is_sound(step, board, solution)) {
    // A defect of a technique, not of the position: an error, never a wrong answer.
    h.status = HintStatus::InternalError;
    h.message = "internal error: the step found (" + explain(step) +
                ") contradicts a placed digit or the solution; it is not given (please report it)";
    return h;
  }
  h.status = HintStatus::Hint;
  h.step = step;
  h.area = hint_area(h.step);
  h.reveal = options.reveal;
  if (options.reveal == HintReveal::Step) {
    h.drawing = hint_drawing(h.step, board);
  } else {
    // Tell no more than was asked for: the technique at most.
    Step told;
    if (options.reveal == HintReveal::Technique) {
      told.technique = h.step.technique;
      told.difficulty = h.step.difficulty;
      told.label = h.step.label;
    }
    h.step = told;
  }
  return h;
}

}  // namespace sudokit::grader
