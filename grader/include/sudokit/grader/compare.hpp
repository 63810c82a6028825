// Agreement of our grades with reference SE ratings (ER/EP/ED): exact and
// within-0.3 rates, Spearman rank correlation, and a confusion table of
// reference ER against ours, over slices of the reference scale. Used by
// `sudokit grade --compare` and docs/GRADING.md.
#pragma once

#include <string>
#include <vector>

#include "sudokit/grader/grade.hpp"

namespace sudokit::grader {

struct Reference {
  double er = 0, ep = 0, ed = 0;
  bool has_ep = false, has_ed = false;
};

/// Parses "ER [EP [ED]]" from the fields after a puzzle (tabs, spaces or
/// commas); a word after ER or EP ends the list. Each number must be a
/// rating (sudokit::parse_rating: 0 to 20); false with `error` saying what
/// is wrong ("no reference rating after the puzzle", "rating 'nan' is not
/// a number from 0 to 20").
bool parse_reference(std::string_view fields, Reference& ref, std::string& error);
bool parse_reference(std::string_view fields, Reference& ref);

struct ComparedPuzzle {
  std::string puzzle;
  Reference ref;
  bool rated = false;
  double er = 0, ep = 0, ed = 0;  // rounded
  std::string hardest;
};

class Comparison {
 public:
  void add(const std::string& puzzle, const Reference& ref, const Grade& grade);
  /// The full text report: slices, confusion table.
  std::string report() const;
  /// Rows whose ER differs, as "puzzle ref-ER ours-ER hardest".
  std::string mismatches() const;

  struct Slice {
    std::string name;
    int count = 0, rated = 0, exact_er = 0, within_03 = 0, exact_ep = 0, exact_ed = 0;
    double spearman = 0;
  };
  /// Metrics over puzzles whose reference ER lies in [lo, hi).
  Slice slice(const std::string& name, double lo, double hi) const;
  const std::vector<ComparedPuzzle>& rows() const { return rows_; }

 private:
  std::vector<ComparedPuzzle> rows_;
};

/// Spearman rank correlation (average ranks for ties).
double spearman(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace sudokit::grader
