// produce::set_grading: the grade and --with-steps rules of generate, once
// in produce (the CLI passes what was given): every combination of --grade,
// --db, --no-grade and --with-steps.
#include <gtest/gtest.h>

#include "sudokit/produce/generate.hpp"

namespace sudokit::produce {
namespace {

TEST(SetGrading, GradesWhenAskedOrWhenStoringAndStepsNeedAGradingStore) {
  for (int bits = 0; bits < 16; ++bits) {
    GradingAsked asked;
    asked.grade = (bits & 1) != 0;
    asked.to_store = (bits & 2) != 0;
    asked.no_grade = (bits & 4) != 0;
    asked.with_steps = (bits & 8) != 0;
    GenerateRequest q;
    const bool refused = asked.with_steps && (!asked.to_store || asked.no_grade);
    if (refused) {
      try {
        set_grading(q, asked);
        ADD_FAILURE() << "accepted " << bits;
      } catch (const RequestError& e) {
        EXPECT_EQ(e.option(), "--with-steps") << bits;
        EXPECT_STREQ(e.what(), "--with-steps stores the solution path: it needs --db (and grading, not --no-grade)");
      }
      continue;
    }
    set_grading(q, asked);
    EXPECT_EQ(q.grade, asked.grade || (asked.to_store && !asked.no_grade)) << bits;
    EXPECT_EQ(q.with_steps, asked.with_steps) << bits;
  }
  // Storing grades by default; printing does not.
  GenerateRequest stored, printed;
  set_grading(stored, {false, true, false, false});
  set_grading(printed, {false, false, false, false});
  EXPECT_TRUE(stored.grade);
  EXPECT_FALSE(printed.grade);
}

}  // namespace
}  // namespace sudokit::produce
