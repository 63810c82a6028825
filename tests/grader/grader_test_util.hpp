// Helpers for grader tests: build boards from candidate pictures, collect a
// producer's steps, and check steps against a known solution.
#pragma once

#include <gtest/gtest.h>

#include <sstream>
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

}  // namespace sudokit::grader::test
