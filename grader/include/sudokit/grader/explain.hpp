// Explanations: a step written the way the puzzle community writes it, e.g.
// "r4c7=5 hidden single in box 6" or "r1c2,r1c8<>3 x-wing 3 in rows 1,5".
#pragma once

#include <string>

#include "sudokit/grader/step.hpp"

namespace sudokit::grader {

/// "r4c7=5" for a placement and/or "r1c2,r1c8<>3, r5c5<>7" for eliminations
/// (those in the placed cell go without saying).
std::string step_effect(const Step& step);
/// The pattern that justifies the step, in words ("x-wing 3 in rows 1,5").
std::string step_reason(const Step& step);
/// effect + reason, one line.
std::string explain(const Step& step);

}  // namespace sudokit::grader
