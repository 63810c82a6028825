// Shared by the C API suites: they link libsudokit.so only (what a C
// program sees), so grids are checked here without the C++ libraries.
#pragma once

#include <array>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../data_file.hpp"
#include "sudokit.h"

namespace sudokit::capi_test {

/// A puzzle rated ER 3.0 / EP 1.2 / ED 1.2 by Sudoku Explainer (data/se_rated_calibration.tsv).
inline const std::string kPuzzle =
    "............7.8...8.6...4.1.8.....3...16847...9.5.1.2...........128.534.7..316..9";
inline const std::string kSolution =
    "579142863143768952826953471685297134231684795497531628368429517912875346754316289";

/// True when `s` is a complete grid obeying the rules (81 digits 1-9, each once per row, column and box).
inline bool valid_solution(const std::string& s) {
  if (s.size() != 81) return false;
  for (int u = 0; u < 27; ++u) {
    std::array<bool, 10> seen{};
    for (int k = 0; k < 9; ++k) {
      const int cell = u < 9 ? u * 9 + k : u < 18 ? k * 9 + (u - 9) : ((u - 18) / 3 * 3 + k / 3) * 9 + (u - 18) % 3 * 3 + k % 3;
      const char c = s[static_cast<std::size_t>(cell)];
      if (c < '1' || c > '9' || seen[static_cast<std::size_t>(c - '0')]) return false;
      seen[static_cast<std::size_t>(c - '0')] = true;
    }
  }
  return true;
}

/// True when `solution` holds every given of `puzzle` (81 characters, '.' empty).
inline bool keeps_givens(const std::string& puzzle, const std::string& solution) {
  for (std::size_t i = 0; i < 81; ++i)
    if (puzzle[i] != '.' && puzzle[i] != solution[i]) return false;
  return true;
}

/// The last error as a string (for assertions on its words).
inline std::string last_error() { return sudokit_last_error(); }

/// Every candidate of every empty cell of `puzzle`, as Sukaku Explainer's 729 characters.
inline std::string all_candidates(const std::string& puzzle) {
  std::string marks;
  for (char c : puzzle)
    for (char d = '1'; d <= '9'; ++d) marks += c == '.' || c == d ? d : '.';
  return marks;
}

/// The tab-separated rows (after the header) of data/NAME, the first `limit`.
inline std::vector<std::vector<std::string>> tsv_rows(const std::string& name, std::size_t limit) {
  std::ifstream in(test::data_file(name));
  std::vector<std::vector<std::string>> rows;
  std::string line;
  std::getline(in, line);
  while (rows.size() < limit && std::getline(in, line)) {
    std::vector<std::string> fields;
    std::stringstream ss(line);
    std::string f;
    while (std::getline(ss, f, '\t')) fields.push_back(f);
    rows.push_back(fields);
  }
  return rows;
}

}  // namespace sudokit::capi_test
