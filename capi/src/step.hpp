// A grader Step as the C API hands it out (sudokit_step): the grader's flat
// view (grader/view.hpp) with the C types its arrays need.
#pragma once

#include <cstdint>
#include <vector>

#include "sudokit.h"
#include "sudokit/grader/step.hpp"
#include "sudokit/grader/view.hpp"

namespace sudokit::capi {

/// What a sudokit_step points into, owned by a result.
struct StepData {
  grader::StepView view;
  std::vector<sudokit_candidate> eliminations;
  std::vector<std::int32_t> cells;
  std::vector<std::int32_t> houses;
};

/// Everything the C API says about a step.
StepData map_step(const grader::Step& step);

/// The C view of `data` (pointers into it).
sudokit_step view_step(const StepData& data);

}  // namespace sudokit::capi
