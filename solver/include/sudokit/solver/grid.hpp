// The board model every module shares: a Grid of 81 cells (0 = empty), the
// 27 units (9 boxes, 9 rows, 9 columns), peer tables, candidate masks and the
// rule check for givens. Cells are numbered 0..80 row-major; rows, columns and
// boxes 0..8 (boxes row-major). Text shown to people uses 1-based r1c1 names.
#pragma once

#include <array>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "sudokit/solver/bits.hpp"

namespace sudokit {

inline constexpr int kCells = 81;

constexpr int row_of(int cell) { return cell / 9; }
constexpr int col_of(int cell) { return cell % 9; }
constexpr int box_of(int cell) { return (cell / 27) * 3 + (cell % 9) / 3; }
constexpr int band_of(int cell) { return cell / 27; }
constexpr int stack_of(int cell) { return (cell % 9) / 3; }
constexpr int cell_at(int row, int col) { return row * 9 + col; }

/// Unit kinds, in the order Sudoku Explainer indexes them (box, row, column).
enum class UnitKind : std::uint8_t { Box = 0, Row = 1, Column = 2 };

/// A unit (house) index 0..26: boxes 0..8, rows 9..17, columns 18..26.
struct Unit {
  UnitKind kind;
  int index;  // 0..8 within its kind
  constexpr int id() const { return static_cast<int>(kind) * 9 + index; }
};
/// The kind of a unit id, and the first unit id of a kind.
constexpr UnitKind unit_kind(int unit_id) { return static_cast<UnitKind>(unit_id / 9); }
constexpr int first_unit(UnitKind kind) { return Unit{kind, 0}.id(); }

/// cells of each unit (ids 0..26 as in Unit::id), in index order
/// (box cells row-major).
extern const std::array<std::array<std::uint8_t, 9>, 27> kUnitCells;
/// the 20 peers of each cell (same row, column or box), ascending.
extern const std::array<std::array<std::uint8_t, 20>, 81> kPeers;
/// unit ids of each cell: [0] box, [1] row, [2] column.
extern const std::array<std::array<std::uint8_t, 3>, 81> kCellUnits;

constexpr bool sees(int a, int b) {
  return a != b && (row_of(a) == row_of(b) || col_of(a) == col_of(b) || box_of(a) == box_of(b));
}

/// "r3c7" (1-based row and column), the community's cell notation.
std::string cell_name(int cell);
/// "row 3", "column 7", "box 5" (1-based).
std::string unit_name(int unit_id);

/// A Sudoku grid: 81 digits, 0 = empty. Value type, cheap to copy.
struct Grid {
  std::array<std::uint8_t, kCells> cells{};

  std::uint8_t& operator[](int i) { return cells[static_cast<std::size_t>(i)]; }
  std::uint8_t operator[](int i) const { return cells[static_cast<std::size_t>(i)]; }
  friend bool operator==(const Grid&, const Grid&) = default;
  /// Cell by cell, as the 81-character lines sort. (Written out: libc++
  /// before 17, Emscripten's, has no <=> for std::array to default it on.)
  friend std::strong_ordering operator<=>(const Grid& a, const Grid& b) {
    for (std::size_t i = 0; i < a.cells.size(); ++i)
      if (a.cells[i] != b.cells[i]) return a.cells[i] <=> b.cells[i];
    return std::strong_ordering::equal;
  }

  int clue_count() const;
  bool is_complete() const;  // no empty cell
};

/// Where the givens of a grid break the rules: `digit` appears twice in `unit_id`.
struct Conflict {
  int digit;
  int unit_id;
  int first_cell;
  int second_cell;
  std::string message() const;  // "digit 5 appears twice in row 3 (r3c1, r3c7)"
};

/// The first rule violation among the givens (boxes, rows, columns in order), if any.
std::optional<Conflict> find_conflict(const Grid& grid);

/// True when `solution` is a complete valid grid that agrees with every given of `puzzle`.
bool is_solution_of(const Grid& solution, const Grid& puzzle);

/// Candidate masks of all cells: what the logical grader works on.
/// A cell holding a digit has mask 0.
struct Candidates {
  std::array<DigitMask, kCells> masks{};

  /// Digits not seen among the givens of a cell's peers, for each empty cell.
  static Candidates from_grid(const Grid& grid);
  DigitMask operator[](int cell) const { return masks[static_cast<std::size_t>(cell)]; }
  DigitMask& operator[](int cell) { return masks[static_cast<std::size_t>(cell)]; }
};

}  // namespace sudokit
