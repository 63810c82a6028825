// Helpers for grader tests: build boards from candidate pictures, collect a
// producer's steps, check steps against a known solution, and decide by
// exhaustive search (independently of every technique) whether a candidate
// of a position can hold at all.
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <initializer_list>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudokit/grader/board.hpp"
#include "sudokit/grader/technique.hpp"
#include "sudokit/solver/text.hpp"
#include "test_data.hpp"

namespace sudokit::grader::test {

/// A board from a puzzle string, candidates derived from the givens.
inline Board board_from(std::string_view puzzle) { return Board(sudokit::test::grid_from(puzzle)); }

/// The mask of some digits.
inline DigitMask mask(std::initializer_list<int> digits) {
  DigitMask m = 0;
  for (int d : digits) m |= digit_bit(d);
  return m;
}

/// A position: placed digits (81 chars) and the candidates of each empty
/// cell in cell order, as space-separated digit lists ("12 345 ...").
inline Board position(std::string_view values, const std::string& candidates) {
  Board b(sudokit::test::grid_from(values));
  std::istringstream in(candidates);
  std::string token;
  for (int c = 0; c < kCells; ++c) {
    if (b.value(c) != 0) continue;
    EXPECT_TRUE(in >> token) << "too few candidate lists";
    DigitMask m = 0;
    for (char ch : token) m |= digit_bit(ch - '0');
    b.set_candidates(c, m);
  }
  EXPECT_FALSE(in >> token) << "too many candidate lists";
  return b;
}

/// Every step a producer reports on a board.
inline std::vector<Step> all_steps(Producer& producer, const Board& board) {
  AllSteps sink;
  producer.find(board, sink);
  return sink.steps;
}

/// Whether `producer`, asked by a sink keeping the first hint only, reports
/// the head of its full list on `board` (same hint and explanation,
/// complexity, rating, placement and eliminations; failures name `where`).
/// Returns whether there was a hint.
inline bool first_is_head_of_all(Producer& producer, const Board& board, const std::string& where) {
  FirstStep first;
  producer.find(board, first);
  const std::vector<Step> all = all_steps(producer, board);
  EXPECT_EQ(first.found(), !all.empty()) << where;
  if (!first.found() || all.empty()) return false;
  const Step& a = first.step();
  const Step& b = all.front();
  EXPECT_EQ(a.name() + ": " + a.detail, b.name() + ": " + b.detail) << where;
  EXPECT_EQ(a.complexity, b.complexity) << where;
  EXPECT_EQ(a.difficulty, b.difficulty) << where;
  EXPECT_EQ(a.place_cell, b.place_cell) << where;
  for (int c = 0; c < kCells; ++c) EXPECT_EQ(a.removals[c], b.removals[c]) << where << ", " << cell_name(c);
  return true;
}

/// True when the step removes `digit` from `cell`.
inline bool removes(const Step& s, int cell, int digit) { return (s.removals[cell] & digit_bit(digit)) != 0; }

/// Checks a step against the unique solution: a placement must write the
/// solution digit, and no elimination may remove a solution digit.
inline ::testing::AssertionResult agrees_with(const Step& s, const Grid& solution) {
  if (s.places() && solution[s.place_cell] != s.place_digit)
    return ::testing::AssertionFailure() << s.name() << " places " << int(s.place_digit) << " in "
                                         << cell_name(s.place_cell) << " but the solution has "
                                         << int(solution[s.place_cell]);
  for (int c = 0; c < kCells; ++c)
    if (s.removals[c] & digit_bit(solution[c]))
      return ::testing::AssertionFailure() << s.name() << " eliminates the solution digit " << int(solution[c])
                                           << " from " << cell_name(c);
  return ::testing::AssertionSuccess();
}

/// The mask of the digits written in `text`, e.g. digits("129").
inline DigitMask digits(const char* text) {
  DigitMask m = 0;
  for (const char* p = text; *p; ++p) m = static_cast<DigitMask>(m | digit_bit(*p - '0'));
  return m;
}

/// r1c1 = rc(1, 1): 1-based row and column, as the community names cells.
constexpr int rc(int row, int col) { return cell_at(row - 1, col - 1); }
constexpr int box_unit(int box) { return box - 1; }
constexpr int row_unit(int row) { return 9 + row - 1; }
constexpr int col_unit(int col) { return 18 + col - 1; }

inline CellSet cells_of(std::initializer_list<int> cells) {
  CellSet s;
  for (int c : cells) s.add(c);
  return s;
}

/// Keeps `digit` only in the listed cells of house `unit`.
inline void confine(Board& b, int digit, int unit, std::initializer_list<int> keep) {
  for (int c : kUnitCells[static_cast<std::size_t>(unit)]) {
    bool kept = false;
    for (int k : keep) kept = kept || k == c;
    if (!kept) b.eliminate(c, digit);
  }
}

/// Cells from which a step removes `digit`.
inline CellSet cells_losing(const Step& s, int digit) {
  CellSet out;
  for (int c = 0; c < kCells; ++c)
    if (s.removals[c] & digit_bit(digit)) out.add(c);
  return out;
}

/// The chain length increment of se-rating.md 3.1, written from its table
/// (thresholds 4, 6, 8, 12, 16, 24, ... on complexity - 2), as doubles added
/// 0.1 at a time the way SE adds them.
inline double spec_increment(int complexity) {
  static constexpr int kThresholds[] = {4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024};
  double inc = 0.0;
  for (int t : kThresholds)
    if (complexity - 2 > t) inc += 0.1;
  return inc;
}

/// Exhaustive search over a position: fills every empty cell from its
/// candidates so that each house holds each digit once (singles
/// propagation, branching on the cell or house-digit with the fewest
/// choices). It knows no technique, so it is the referee for what a
/// technique may conclude: an elimination is sound when no filling puts the
/// digit there, a placement when no filling puts another digit there.
class CandidateSearch {
 public:
  explicit CandidateSearch(const Board& b) {
    for (int c = 0; c < kCells; ++c) start_[c] = b.value(c) ? digit_bit(b.value(c)) : b.candidates(c);
  }
  /// Whether some filling exists at all.
  bool solvable() { return possible(-1, 0); }
  /// Whether some filling puts `digit` in `cell` (cell -1: no condition).
  bool possible(int cell, int digit) {
    Masks m = start_;
    if (cell >= 0) {
      if (!(m[cell] & digit_bit(digit))) return false;
      m[cell] = digit_bit(digit);
    }
    nodes_ = 0;
    return search(m);
  }

 private:
  using Masks = std::array<DigitMask, 81>;
  static constexpr long kNodeLimit = 200'000;

  // Naked and hidden singles until nothing changes; false on a dead end.
  static bool propagate(Masks& m) {
    for (bool changed = true; changed;) {
      changed = false;
      for (int c = 0; c < kCells; ++c) {
        if (m[c] == 0) return false;
        if (!is_single_bit(m[c])) continue;
        for (int p : kPeers[static_cast<std::size_t>(c)]) {
          if (!(m[p] & m[c])) continue;
          m[p] = static_cast<DigitMask>(m[p] & ~m[c]);
          if (m[p] == 0) return false;
          changed = true;
        }
      }
      for (const auto& unit : kUnitCells) {
        for (int d = 1; d <= 9; ++d) {
          int count = 0, where = -1;
          for (int c : unit)
            if (m[c] & digit_bit(d)) ++count, where = c;
          if (count == 0) return false;
          if (count == 1 && m[where] != digit_bit(d)) {
            m[where] = digit_bit(d);
            changed = true;
          }
        }
      }
    }
    return true;
  }

  bool search(Masks& m) {
    if (++nodes_ > kNodeLimit) throw std::runtime_error("CandidateSearch: node limit exceeded");
    if (!propagate(m)) return false;
    // The cell, or house and digit, with the fewest choices.
    int best = 10, best_cell = -1, best_unit = -1, best_digit = 0;
    for (int c = 0; c < kCells; ++c) {
      const int n = popcount(m[c]);
      if (n > 1 && n < best) best = n, best_cell = c;
    }
    if (best_cell < 0) return true;  // every cell single and no conflict
    for (int u = 0; u < 27 && best > 2; ++u) {
      for (int d = 1; d <= 9; ++d) {
        int n = 0;
        for (int c : kUnitCells[static_cast<std::size_t>(u)]) n += (m[c] & digit_bit(d)) && !is_single_bit(m[c]);
        if (n > 1 && n < best) best = n, best_unit = u, best_digit = d, best_cell = -1;
      }
    }
    if (best_unit >= 0) {
      for (int c : kUnitCells[static_cast<std::size_t>(best_unit)]) {
        if (!(m[c] & digit_bit(best_digit)) || is_single_bit(m[c])) continue;
        Masks next = m;
        next[c] = digit_bit(best_digit);
        if (search(next)) return true;
      }
      return false;
    }
    for (DigitMask rest = m[best_cell]; rest; rest = static_cast<DigitMask>(rest & (rest - 1))) {
      Masks next = m;
      next[best_cell] = static_cast<DigitMask>(rest & -rest);
      if (search(next)) return true;
    }
    return false;
  }

  Masks start_{};
  long nodes_ = 0;
};

/// Checks a step against the position by exhaustive search: the position
/// has a filling, no filling puts an eliminated digit where it was removed,
/// and a placed digit is the only one its cell can hold.
inline ::testing::AssertionResult sound_on(const Step& s, const Board& b) {
  CandidateSearch search(b);
  if (!search.solvable()) return ::testing::AssertionFailure() << "the position has no filling at all";
  if (s.places() && !search.possible(s.place_cell, s.place_digit))
    return ::testing::AssertionFailure() << s.name() << " places " << int(s.place_digit) << " in "
                                         << cell_name(s.place_cell) << ", which no filling does";
  for (int c = 0; c < kCells; ++c) {
    for (int d = 1; d <= 9; ++d) {
      if (!(s.removals[c] & digit_bit(d))) continue;
      if (search.possible(c, d))
        return ::testing::AssertionFailure() << s.name() << " removes " << d << " from " << cell_name(c)
                                             << " but a filling has it there";
    }
  }
  return ::testing::AssertionSuccess();
}

/// Every candidate any of the steps eliminates, checked once each.
inline void expect_all_sound(const std::vector<Step>& steps, const Board& b) {
  CandidateSearch search(b);
  ASSERT_TRUE(search.solvable()) << "the position has no filling at all";
  std::array<DigitMask, 81> checked{};
  for (const Step& s : steps) {
    if (s.places()) {
      EXPECT_TRUE(search.possible(s.place_cell, s.place_digit)) << s.name() << " places a digit no filling has";
    }
    for (int c = 0; c < kCells; ++c) {
      for_each_digit(static_cast<DigitMask>(s.removals[c] & ~checked[c]), [&](int d) {
        EXPECT_FALSE(search.possible(c, d)) << s.name() << " removes " << d << " from " << cell_name(c)
                                            << " but a filling has it there";
      });
      checked[c] |= s.removals[c];
    }
  }
}

}  // namespace sudokit::grader::test
