// The grader of the calling thread: grading and hints reuse one Grader (its
// producer list) per thread, so that concurrent calls share nothing.
#pragma once

#include "sudokit/grader/grade.hpp"

namespace sudokit::capi {

inline grader::Grader& grader_of_thread() {
  thread_local grader::Grader grader;
  return grader;
}

}  // namespace sudokit::capi
