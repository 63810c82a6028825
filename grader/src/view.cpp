// The flat views of view.hpp.
#include "sudokit/grader/view.hpp"

#include "sudokit/grader/explain.hpp"

namespace sudokit::grader {

StepView step_view(const Step& step) {
  StepView v;
  v.technique = std::string(technique_key(step.technique));
  v.name = step.name();
  v.text = explain(step);
  v.chain = step.detail;
  v.rating = rounded_rating(step.difficulty);
  if (step.places()) {
    v.place_cell = step.place_cell;
    v.place_digit = step.place_digit;
  }
  for (int c = 0; c < kCells; ++c)
    if (c != step.place_cell) for_each_digit(step.removals[c], [&](int digit) { v.eliminations.push_back({c, digit}); });
  step.cells.for_each([&](int c) { v.cells.push_back(c); });
  for (int u = 0; u < static_cast<int>(kUnitCells.size()); ++u)
    if (step.units & (std::uint32_t{1} << u)) v.houses.push_back(u);
  return v;
}

std::string_view grade_status_key(GradeStatus status) {
  switch (status) {
    case GradeStatus::Rated: return "rated";
    case GradeStatus::BeyondTechniques: return "beyond-techniques";
    case GradeStatus::NoSolution: return "no-solution";
    case GradeStatus::MultipleSolutions: return "multiple-solutions";
    case GradeStatus::InvalidGivens: return "invalid-givens";
    case GradeStatus::StepLimit: return "step-limit";
    case GradeStatus::TimeLimit: return "time-limit";
    case GradeStatus::AboveCeiling: return "above-ceiling";
  }
  return "unknown";
}

}  // namespace sudokit::grader
