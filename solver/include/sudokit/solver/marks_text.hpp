// Text formats for pencil-mark positions (a player's candidates in every cell):
//   * Sukaku Explainer's 729-character line: 9 characters per cell in row
//     order, character d-1 of a cell is the digit d when d is a candidate
//     there and '.' or '0' when it is not;
//   * the 9-line candidate grid HoDoKu and SudokuWiki print: each row line
//     holds 9 groups of digits (the cell's candidates; a lone digit is a
//     filled cell or a cell with one candidate), separated by spaces and
//     '|' ':'; lines without digits ('.---+---', ":---", "'---") are frames.
// Neither format tells a placed digit from a one-candidate cell; the grader
// decides that the way Sukaku Explainer does (board_from_marks in grader).
// Errors name the cell: "r3c4: ...".
#pragma once

#include <string>
#include <string_view>

#include "sudokit/solver/grid.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit {

inline constexpr std::size_t kPencilmarkLength = 729;

/// True when `text` looks like a 729-character pencil-mark line: 729
/// characters, all digits or '.' (no check of positions).
bool looks_like_pencilmarks(std::string_view text);

/// Parses the 729-character format into `marks`. False with `error`
/// (column = 1-based character, message naming the cell) on a wrong length,
/// a character other than '.', '0' or the digit of its place, or a cell left
/// with no candidate (unless `empty_cells` is true: a position whose filled
/// cells carry no marks, checked by its reader).
bool parse_pencilmarks(std::string_view text, Candidates& marks, ParseError& error, bool empty_cells = false);

/// Parses a 9-line candidate grid (frame lines allowed anywhere). `text`
/// holds the grid's lines; error.line is 1-based within `text`.
bool parse_candidate_grid(std::string_view text, Candidates& marks, ParseError& error);

/// True when a line is a row of a candidate grid: 9 groups of digits 1-9
/// separated by blanks and '|' or ':' and nothing else.
bool is_candidate_row(std::string_view line);
/// True when a line is a frame line of a candidate grid: only '-' '=' '+'
/// '.' ':' '\'' '|' '*' and blanks, with at least one '-' or '='.
bool is_candidate_frame(std::string_view line);

/// The 729-character line of `marks` ('.' where a digit is absent).
std::string format_pencilmarks(const Candidates& marks);

}  // namespace sudokit
