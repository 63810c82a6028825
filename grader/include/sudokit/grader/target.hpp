// What a caller asks of a puzzle's grade (a rating range, techniques on the
// solution path, the technique of the hardest step), whether a grade meets
// it, and how close a grade that misses comes: the measure the generator's
// local search climbs. Also the cheap bounds that decide before grading.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "sudokit/grader/grade.hpp"

namespace sudokit::grader {

struct Target {
  double min_rating = 0, max_rating = 100;  // on the rounded ER, inclusive
  std::vector<TechniqueSet> required;       // each set must have a technique on the solution path
  std::optional<TechniqueSet> hardest;      // the step that set ER must be one of these

  bool rating_bounded() const { return min_rating > 0 || max_rating < 100; }
  bool any() const { return rating_bounded() || !required.empty() || hardest.has_value(); }

  /// Narrows the rating range to a level of `levels` (false: no such level).
  bool restrict_to_level(const std::string& level, const std::vector<Level>& levels = default_levels());

  /// Grading options that stop early once a puzzle cannot meet the target
  /// (a step above max_rating).
  GradeOptions grade_options(GradeOptions base = {}) const;

  /// Rare targets: a rating floor at or above this (ER >= 9.0 is 0.2% of dug
  /// puzzles, and none of 10,000 reached 10.0; docs/GRADING.md).
  static constexpr double kRareFloor = 9.0;
  /// The time limit generation gets when the caller sets none: a rare target
  /// may take without end, so it stops after kRareSeconds with what it found.
  static constexpr double kRareSeconds = 120;
  bool rare() const { return min_rating >= kRareFloor; }
  /// kRareSeconds for a rare target, 0 (no limit) otherwise.
  double default_time_limit() const { return rare() ? kRareSeconds : 0; }

  /// True when only puzzles that singles cannot solve meet the target (it
  /// wants ER above 2.3 or a technique beyond the singles).
  bool needs_more_than_singles() const;

  /// True when the puzzle certainly misses the target without grading it
  /// (it wants ER above 2.3 and singles alone solve the puzzle).
  bool rejected_before_grading(const Grid& puzzle) const;

  bool met(const Grade& g) const;

  /// 0 when the grade is far from the target (0.3 or more outside the
  /// rating range, or none of the wanted techniques), else higher the closer
  /// it is: below 1 for a miss, 1 or more for a grade that meets the target
  /// (more when its ER is further inside the range).
  double closeness(const Grade& g) const;
};

}  // namespace sudokit::grader
