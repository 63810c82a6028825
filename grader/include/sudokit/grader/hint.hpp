// Hints from a player's position: the givens, the digits the player entered
// and optionally the player's pencil marks. First the mistakes (an entry
// that contradicts the solution, a cell whose marks lost its solution
// digit), then the next step Sukaku Explainer would take from that position
// (same producer list, same order, same choice among equal hints), working on
// the player's marks when there are marks. Plain data in and out, so that a
// C layer can wrap it: a Position in, a Hint out; bad input is a
// PositionError naming the cell.
//
// Which board the step is searched on:
//   * givens + entries, no marks: the candidates SE computes from the
//     placed digits (as when it reads an 81-character puzzle);
//   * marks without givens (the 729-character line, a candidate grid): the
//     marks as Sukaku Explainer reads them (board_from_marks: a one-candidate
//     cell no peer shares counts as placed);
//   * givens (+ entries) + marks: the given and entered digits are placed,
//     every other cell keeps exactly the player's marks (a filled cell's
//     marks are ignored, and may be empty).
// Marks that a placed digit rules out (a digit marked in an empty cell whose
// row, column or box holds it) are not candidates: while there are any, the
// hint is the Basic Elimination step that removes them all, before any
// technique looks at the board (docs/HINTS.md). No hint ever places or
// removes what a placed digit or the solution contradicts (asserted).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grader/board.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/step.hpp"
#include "sudokit/solver/grid.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::grader {

/// A player's position.
struct Position {
  Grid givens{};           // the puzzle's clues; all 0 when only marks are known
  Grid entries{};          // digits the player wrote (0 elsewhere; never on a given)
  bool has_marks = false;  // whether `marks` holds the player's pencil marks
  Candidates marks{};      // every cell's candidates (filled cells: ignored)
};

/// What is wrong with an input and where. `cell` is the cell at fault (0..80)
/// or -1; `line`/`column` are 1-based within the text read (0 = unknown).
struct PositionError {
  int cell = -1;
  std::size_t line = 0, column = 0;
  std::string message;  // names the cell when there is one ("r3c4: ...")
};

/// Reads one position from text, detecting its form:
///   * a JSON object {"givens": 81 chars, "entries": 81 chars, "marks": 729
///     chars or an array of 81 strings of candidate digits} (each optional,
///     at least givens or marks);
///   * "GIVENS ENTRIES" or "GIVENS MARKS" (fields separated by blanks), or a
///     lone 81-character puzzle (givens, no entries);
///   * a 729-character pencil-mark line;
///   * a 9-line candidate grid (HoDoKu / SudokuWiki print).
/// Checks the position is well formed (digits, lengths, no entry on a given,
/// a candidate in every cell neither given nor entered); mistakes against the
/// solution are find_hint's.
bool parse_position(std::string_view text, Position& out, PositionError& error);

/// A position from its separate fields, as an API caller gives them: the
/// givens and the entries as 81-character puzzles, the marks as a
/// 729-character line, each null when absent. The checks and messages of
/// parse_position (at least givens or marks; entries need the givens; no
/// entry on a given; an entry equal to the given in its cell is no entry).
bool position_from_fields(const std::string_view* givens, const std::string_view* entries,
                          const std::string_view* marks, Position& out, PositionError& error);

/// Reads positions one at a time from a text, a file or a stream
/// (LineReader: memory stays flat, a pipe's positions come as they arrive,
/// a UTF-8 byte order mark is skipped), the one cutter of position records
/// (the command, the fuzz target and the tests use it): a one-line record,
/// or the lines of a candidate grid (its 9 rows and the frame lines HoDoKu
/// and SudokuWiki print before, between and after them). Blank lines are
/// skipped. A line longer than the reader's limit is one error, and reading
/// goes on after it.
class PositionReader {
 public:
  explicit PositionReader(LineReader lines) : lines_(std::move(lines)) {}
  /// Record: `text` holds the position's lines ('\n' between them) and
  /// `first_line` the number of the first; Error: `error.line` and message.
  ReadStatus next(std::string& text, std::size_t& first_line, ParseError& error);
  /// Why the input ended early; empty when it did not.
  const std::string& read_error() const { return lines_.read_error(); }

 private:
  LineReader lines_;
};

/// What a hint request found.
enum class HintStatus {
  Hint,               // `step` is the next step
  Mistakes,           // `mistakes` lists what contradicts the solution; no hint
  Solved,             // nothing left to do
  InvalidPosition,    // two equal digits in a house among the givens, or among givens and entries
                      // when the givens have no single solution (else clashing entries are Mistakes): `message`
  NoSolution,         // the position (givens, or marks when alone) has no solution
  MultipleSolutions,  // ... or several
  BeyondTechniques,   // no implemented technique applies
  TimeLimit,          // the time budget ran out before a step was found
  InternalError,      // the step found contradicts a placed digit or the solution (a defect): `message`, no step
};
std::string_view hint_status_key(HintStatus s);  // "hint", "mistakes", ...

enum class MistakeKind {
  WrongEntry,  // the player wrote `digit` in `cell`, the solution has `solution_digit`
  LostDigit,   // the marks of `cell` no longer hold its solution digit `solution_digit`
};

struct Mistake {
  MistakeKind kind;
  int cell;
  int digit;           // the entry (WrongEntry) or 0
  int solution_digit;  // the cell's digit in the solution
  std::string message;  // "r3c4: 7 entered, the solution has 5"
};

/// The area to look at (first level of the reveal): houses (unit ids as in
/// sudokit::Unit, 0-8 boxes, 9-17 rows, 18-26 columns), or cells when the
/// step names no house. It does not give the answer away by itself.
struct HintArea {
  std::vector<int> houses;
  std::vector<int> cells;
};

/// A candidate: digit 1-9 in cell 0-80.
struct CandidateRef {
  int cell;
  int digit;
  friend bool operator==(const CandidateRef&, const CandidateRef&) = default;
};

/// What an app highlights, by role, without parsing text: the placement,
/// the candidates removed, the candidates of the pattern that cause the
/// deduction (the step's digits in its pattern cells, as they stand on the
/// board), every house the step names, and for chain techniques the chain:
/// its links (Step::chain) and its candidates by role, `on` (assumed or
/// implied true) and `off` (implied false), each once, in chain order.
struct HintDrawing {
  std::vector<CandidateRef> placed;
  std::vector<CandidateRef> eliminated;
  std::vector<CandidateRef> cause;
  std::vector<int> houses;
  std::vector<ChainLink> links;
  std::vector<CandidateRef> on;
  std::vector<CandidateRef> off;
};

/// How much of the step a hint tells (a player asks for more one level at
/// a time): the area to look at; also the technique (its name and rating);
/// also the whole step and its drawing.
enum class HintReveal { Area, Technique, Step };
/// "area", "technique" or "step"; nullopt for any other word.
std::optional<HintReveal> parse_hint_reveal(std::string_view word);
std::string_view hint_reveal_key(HintReveal reveal);
/// The words parse_hint_reveal takes, for messages: "area, technique or step".
inline constexpr std::string_view kHintRevealWords = "area, technique or step";

struct Hint {
  HintStatus status = HintStatus::Hint;
  std::string message;             // for statuses other than Hint and Mistakes
  std::vector<Mistake> mistakes;   // with Mistakes, in cell order
  HintReveal reveal = HintReveal::Step;  // how much of the step below is told (HintOptions::reveal)
  Step step;                       // with Hint: reveal Step, all of it; reveal Technique, only its technique,
                                   // label (name()) and difficulty; reveal Area, nothing
  HintArea area;                   // with Hint
  HintDrawing drawing;             // with Hint and reveal Step (else empty)
  Grid solution{};                 // when the position has one solution
};

/// The defaults of a hint: every front end's (the command, the C API,
/// Python, npm).
struct HintOptions {
  double time_limit = 10.0;  // seconds for the step search; 0 = unbounded
  HintReveal reveal = HintReveal::Step;  // how much of the step the hint holds
};

/// The hint for a position; reuse one Grader per thread.
Hint find_hint(Grader& grader, const Position& position, const HintOptions& options = {});

/// The hint for `step`, found on `board` of a position whose solution is
/// `solution`: status Hint with the step, its area and its drawing (as
/// options.reveal tells); or, when
/// the step places a digit on a filled cell, a digit a placed peer holds or
/// one the solution does not have there, or removes a candidate from a filled
/// cell or the solution's digit, InternalError with a message and no step.
/// find_hint passes every step through it, in every build: a defect of a
/// technique becomes an error, never a wrong hint.
Hint hint_from_step(const Step& step, const Board& board, const Grid& solution, const HintOptions& options = {});

/// The area of a step: the houses it names; for steps that name none, its
/// pattern cells (or else the placed cell and the cells that lose candidates).
HintArea hint_area(const Step& step);

/// The drawing of a step found on `board`.
HintDrawing hint_drawing(const Step& step, const Board& board);

/// The board the step is searched on (see the header comment).
Board position_board(const Position& position);

/// The step that removes every mark a placed digit rules out (a digit in
/// the candidates of an empty cell whose row, column or box holds it):
/// technique BasicElimination, rating 0; no eliminations when there are none.
/// Each removed mark comes with the placed peer that rules it out (the first
/// in cell order, as kPeers lists them, that holds the digit) as a weak link
/// in `chain` from the peer's digit (on) to the mark (off), by cell then digit
/// (the drawing's `eliminated` order): the explanation names them
/// ("r1c2<>9 basic elimination: r1c1 is 9") and the drawing's links carry
/// them to every entry point.
Step basic_elimination(const Board& board);

}  // namespace sudokit::grader
