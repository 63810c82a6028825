// Board: the candidate state the logical solver works on, exactly as Sudoku
// Explainer keeps it: the placed digits and, for each empty cell, its
// candidates. Candidates change only through applied steps (eliminations,
// then a placement that clears the digit from the cell's 20 peers); there is
// no implicit cleanup. A per-step table of digit positions in each unit is
// derived on demand.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>

#include "sudokit/grader/step.hpp"
#include "sudokit/solver/cellset.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::grader {

class Board {
 public:
  Board() = default;
  explicit Board(const Grid& puzzle);
  /// A board with the given placed digits and candidates (e.g. a chain's reduced grid).
  Board(const Grid& values, const Candidates& candidates);

  const Grid& values() const { return values_; }
  int value(int cell) const { return values_[cell]; }
  DigitMask candidates(int cell) const { return cand_[cell]; }
  bool has(int cell, int digit) const { return (cand_[cell] & digit_bit(digit)) != 0; }
  bool solved() const { return empty_cells_ == 0; }
  int empty_cells() const { return empty_cells_; }
  const Candidates& candidate_masks() const { return cand_; }

  /// Positions (bit i = i-th cell of the unit, see kUnitCells) where `digit`
  /// is a candidate in unit `unit_id`.
  std::uint16_t positions(int unit_id, int digit) const {
    assert(unit_id >= 0 && unit_id < 27 && digit >= 1 && digit <= 9);
    refresh();
    return pos_[static_cast<std::size_t>(unit_id)][static_cast<std::size_t>(digit)];
  }
  /// The digits with exactly one position in unit `unit_id` (digit_bit).
  DigitMask lone_digits(int unit_id) const;
  /// The cells with `least` to `most` candidates (a placed cell has none).
  CellSet cells_with_candidates(int least, int most) const;
  /// Number of empty cells in a unit.
  int empty_in_unit(int unit_id) const {
    assert(unit_id >= 0 && unit_id < 27);
    refresh();
    return empty_[static_cast<std::size_t>(unit_id)];
  }
  /// Cells where `digit` is a candidate.
  const CellSet& digit_cells(int digit) const {
    assert(digit >= 1 && digit <= 9);
    refresh();
    return digit_cells_[static_cast<std::size_t>(digit)];
  }
  /// How many times `digit` is placed on the board.
  int placed_count(int digit) const {
    refresh();
    return placed_[static_cast<std::size_t>(digit)];
  }

  /// Applies a step: all eliminations, then the placement (if any).
  void apply(const Step& step);
  void place(int cell, int digit);
  void eliminate(int cell, int digit);
  /// Replaces the candidates of a cell (used by tests to set up positions).
  void set_candidates(int cell, DigitMask mask);

 private:
  // The position tables (pos_, empty_, digit_cells_, placed_) are built on
  // first use after a change, and kept up to date by apply, place and
  // eliminate when they are fresh (unlist).
  void refresh() const {
    if (!fresh_) rebuild();
  }
  void rebuild() const;
  void unlist(int cell, DigitMask digits) const;
  Grid values_{};
  Candidates cand_{};
  int empty_cells_ = 0;
  mutable bool fresh_ = false;
  mutable std::array<std::array<std::uint16_t, 10>, 27> pos_{};
  mutable std::array<std::uint8_t, 27> empty_{};
  mutable std::array<CellSet, 10> digit_cells_{};
  mutable std::array<std::uint8_t, 10> placed_{};
};

/// The board Sukaku Explainer starts from when it reads pencil marks: every
/// cell keeps its marks, except that a cell with one candidate that no peer
/// has as a candidate counts as placed (cells looked at in order, a placed
/// cell's mark cleared before the next is looked at). No other candidate is
/// removed: a one-candidate cell whose digit a peer still shows is left for
/// the naked or hidden single that SE then rates.
Board board_from_marks(const Candidates& marks);

/// Cells of each unit as a CellSet, and peers of each cell as a CellSet.
extern const std::array<CellSet, 27> kUnitSet;
extern const std::array<CellSet, 81> kPeerSet;

}  // namespace sudokit::grader
