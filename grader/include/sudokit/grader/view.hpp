// The flat views of the grader's results that every front end serialises
// (the command's JSON, the C API, Python through it, the WebAssembly
// engine): a step as plain fields, and the status keys of a grade. A front
// end reads a Step through step_view() only, so a change of Step's fields is
// adapted here once.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/grader/step.hpp"

namespace sudokit::grader {

/// Everything a front end says about a step.
struct StepView {
  std::string technique;  // the technique's key ("hidden-single")
  std::string name;       // Sudoku Explainer's hint name
  std::string text;       // explain()
  std::string chain;      // the chain in Eureka notation (Step::detail), "" when none
  double rating = 0;      // rounded as SE prints it
  int place_cell = -1;    // the cell filled, or -1
  int place_digit = 0;    // its digit, or 0
  std::vector<CandidateRef> eliminations;  // cell by cell, digits ascending; not the placed cell's
  std::vector<int> cells;                  // the pattern's cells, ascending
  std::vector<int> houses;                 // the houses that justify it (unit ids), ascending
};

StepView step_view(const Step& step);

/// "rated", "beyond-techniques", "no-solution", "multiple-solutions",
/// "invalid-givens", "step-limit", "time-limit", "above-ceiling".
std::string_view grade_status_key(GradeStatus status);

}  // namespace sudokit::grader
