// Board: candidate state and its per-step derived tables. See board.hpp.
#include "sudokit/grader/board.hpp"

#include "sudokit/grader/technique.hpp"

#include <cassert>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace sudokit::grader {
namespace {

std::array<CellSet, 27> make_unit_sets() {
  std::array<CellSet, 27> s{};
  for (int u = 0; u < 27; ++u)
    for (int c : kUnitCells[static_cast<std::size_t>(u)]) s[static_cast<std::size_t>(u)].add(c);
  return s;
}

std::array<CellSet, 81> make_peer_sets() {
  std::array<CellSet, 81> s{};
  for (int c = 0; c < 81; ++c)
    for (int p : kPeers[static_cast<std::size_t>(c)]) s[static_cast<std::size_t>(c)].add(p);
  return s;
}

}  // namespace

const std::array<CellSet, 27> kUnitSet = make_unit_sets();
const std::array<CellSet, 81> kPeerSet = make_peer_sets();

Board::Board(const Grid& puzzle) : values_(puzzle), cand_(Candidates::from_grid(puzzle)) {
  for (int c = 0; c < kCells; ++c) empty_cells_ += puzzle[c] == 0;
}

Board::Board(const Grid& values, const Candidates& candidates) : values_(values), cand_(candidates) {
  for (int c = 0; c < kCells; ++c) empty_cells_ += values[c] == 0;
}

Board board_from_marks(const Candidates& marks) {
  Grid values{};
  Candidates cand = marks;
  for (int c = 0; c < kCells; ++c) {
    if (!is_single_bit(cand[c])) continue;
    const DigitMask bit = cand[c];
    bool shared = false;
    for (int p : kPeers[static_cast<std::size_t>(c)]) shared = shared || (cand[p] & bit) != 0;
    if (shared) continue;
    values[c] = static_cast<std::uint8_t>(single_digit(bit));
    cand[c] = 0;
  }
  return Board(values, cand);
}

void Board::rebuild() const {
  for (auto& u : pos_) u.fill(0);
  empty_.fill(0);
  digit_cells_.fill(CellSet{});
  placed_.fill(0);
  for (int u = 0; u < 27; ++u) {
    const auto& cells = kUnitCells[static_cast<std::size_t>(u)];
    auto& p = pos_[static_cast<std::size_t>(u)];
    for (int i = 0; i < 9; ++i) {
      const int c = cells[static_cast<std::size_t>(i)];
      if (values_[c] != 0) continue;
      ++empty_[static_cast<std::size_t>(u)];
      for_each_digit(cand_[c], [&](int d) { p[static_cast<std::size_t>(d)] |= static_cast<std::uint16_t>(1u << i); });
    }
  }
  for (int c = 0; c < kCells; ++c) {
    if (values_[c] != 0) {
      ++placed_[values_[c]];
      continue;
    }
    for_each_digit(cand_[c], [&](int d) { digit_cells_[static_cast<std::size_t>(d)].add(c); });
  }
  fresh_ = true;
}

DigitMask Board::lone_digits(int unit_id) const {
  assert(unit_id >= 0 && unit_id < 27);
  refresh();
  const auto& p = pos_[static_cast<std::size_t>(unit_id)];  // p[d]: digit d's positions, d = 1..9
  DigitMask lone = is_single_bit(p[9]) ? digit_bit(9) : 0;
#if defined(__SSE2__)
  // Digits 1..8 at once: a lane x is one position when x != 0 and x & (x - 1) == 0.
  const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(&p[1]));
  const __m128i zero = _mm_setzero_si128();
  const __m128i rest = _mm_and_si128(x, _mm_sub_epi16(x, _mm_set1_epi16(1)));
  const __m128i one = _mm_andnot_si128(_mm_cmpeq_epi16(x, zero), _mm_cmpeq_epi16(rest, zero));
  lone |= static_cast<DigitMask>(_mm_movemask_epi8(_mm_packs_epi16(one, zero)));  // lane i (digit i + 1) -> bit i
#else
  for (int d = 1; d <= 8; ++d)
    if (is_single_bit(p[static_cast<std::size_t>(d)])) lone |= digit_bit(d);
#endif
  return lone;
}

CellSet Board::cells_with_candidates(int least, int most) const {
  CellSet out;
  for (int c = 0; c < kCells; ++c) {
    const int n = popcount(cand_[c]);
    if (n >= least && n <= most) out.add(c);
  }
  return out;
}

Removed removed_candidates(const Board& now, const Board& before) {
  Removed out{};
  for (int d = 1; d <= 9; ++d) out[static_cast<std::size_t>(d)] = before.digit_cells(d) - now.digit_cells(d);
  return out;
}

void Changes::derive() const {
  houses_.fill(0);
  cells_ = CellSet{};
  for (int d = 1; d <= 9; ++d) {
    const CellSet& gone = removed[static_cast<std::size_t>(d)];
    std::uint32_t& h = houses_[static_cast<std::size_t>(d)];
    gone.for_each([&](int c) {
      const auto& u = kCellUnits[static_cast<std::size_t>(c)];
      h |= (1u << u[0]) | (1u << u[1]) | (1u << u[2]);
    });
    houses_[0] |= h;
    cells_ |= gone;
  }
  derived_ = true;
}

// Takes `digits` out of the position tables for `cell` (they are fresh):
// bit i of a house's positions is its i-th cell in kUnitCells order, which is
// the column in a row, the row in a column, row-major in a box.
void Board::unlist(int cell, DigitMask digits) const {
  const auto& units = kCellUnits[static_cast<std::size_t>(cell)];
  const int row = row_of(cell), col = col_of(cell);
  const auto in_box = static_cast<std::uint16_t>(~(1u << ((row % 3) * 3 + col % 3)));
  const auto in_row = static_cast<std::uint16_t>(~(1u << col)), in_col = static_cast<std::uint16_t>(~(1u << row));
  for_each_digit(digits, [&](int d) {
    const auto k = static_cast<std::size_t>(d);
    pos_[units[0]][k] &= in_box;
    pos_[units[1]][k] &= in_row;
    pos_[units[2]][k] &= in_col;
    digit_cells_[k].remove(cell);
  });
}

void Board::place(int cell, int digit) {
  assert(cell >= 0 && cell < kCells && digit >= 1 && digit <= 9);
  assert(values_[cell] == 0);
  assert(has(cell, digit) && "a placement is a candidate of its cell");
  const DigitMask bit = digit_bit(digit);
  if (fresh_) {
    // Keep the tables: the cell leaves every list, the digit leaves its
    // peers (those that have it, read off the digit's cells).
    unlist(cell, cand_[cell]);
    for (int u : kCellUnits[static_cast<std::size_t>(cell)]) --empty_[static_cast<std::size_t>(u)];
    ++placed_[static_cast<std::size_t>(digit)];
    (kPeerSet[static_cast<std::size_t>(cell)] & digit_cells_[static_cast<std::size_t>(digit)]).for_each([&](int p) {
      unlist(p, bit);
    });
  }
  values_[cell] = static_cast<std::uint8_t>(digit);
  cand_[cell] = 0;
  --empty_cells_;
  for (int p : kPeers[static_cast<std::size_t>(cell)]) cand_[p] &= static_cast<DigitMask>(~bit);
}

void Board::eliminate(int cell, int digit) {
  assert(cell >= 0 && cell < kCells && digit >= 1 && digit <= 9);
  if (fresh_ && has(cell, digit)) unlist(cell, digit_bit(digit));
  cand_[cell] &= static_cast<DigitMask>(~digit_bit(digit));
}

void Board::set_candidates(int cell, DigitMask mask) {
  cand_[cell] = mask;
  fresh_ = false;
}

void Board::apply(const Step& step) {
  // Most steps (singles) remove nothing: the removals are read four cells
  // (eight bytes) at a time, and only a word with some removal cell by cell.
  static_assert(sizeof(DigitMask) == 2);
  auto remove = [&](int c) {
    assert((step.removals[c] & ~cand_[c]) == 0 && "a step eliminates only candidates that are there");
    const auto gone = static_cast<DigitMask>(cand_[c] & step.removals[c]);
    if (!gone) return;
    if (fresh_) unlist(c, gone);
    cand_[c] &= static_cast<DigitMask>(~gone);
  };
  constexpr int kWhole = kCells / 4 * 4;
  for (int c = 0; c < kWhole; c += 4) {
    std::uint64_t word;
    std::memcpy(&word, &step.removals.masks[static_cast<std::size_t>(c)], sizeof word);
    if (word == 0) continue;
    for (int k = c; k < c + 4; ++k) remove(k);
  }
  for (int c = kWhole; c < kCells; ++c) remove(c);
  if (step.places() && values_[step.place_cell] == 0) place(step.place_cell, step.place_digit);
}

}  // namespace sudokit::grader
