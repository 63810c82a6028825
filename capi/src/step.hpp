// A grader Step as the C API hands it out (sudokit_step): the one place in
// capi that reads Step's fields, so that a change of Step is adapted here.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sudokit.h"
#include "sudokit/grader/step.hpp"

namespace sudokit::capi {

/// What a sudokit_step points into, owned by a result.
struct StepData {
  std::string technique;  // key
  std::string name;       // SE's hint name
  std::string text;       // explain()
  std::string chain;      // chain detail, "" when none
  double rating = 0;      // rounded as SE prints it
  std::int32_t place_cell = -1;
  std::int32_t place_digit = 0;
  std::vector<sudokit_candidate> eliminations;
  std::vector<std::int32_t> cells;
  std::vector<std::int32_t> houses;
};

/// Everything the C API says about a step.
StepData map_step(const grader::Step& step);

/// The C view of `data` (pointers into it).
sudokit_step view_step(const StepData& data);

}  // namespace sudokit::capi
