// grade --compare: reference ratings are read from the text after each
// puzzle by the rating rule (0 to 20); the report must still place any
// number it is given (found by the options fuzz target: a reference of
// 7.7e39 was converted to int out of range when the confusion table picked
// its band).
#include <gtest/gtest.h>

#include <limits>

#include "sudokit/grader/compare.hpp"

namespace sudokit::grader {
namespace {

TEST(Compare, ReferenceRatingsOfAnySizeLandInTheOuterBands) {
  Grade rated;
  rated.er = 7.2;
  Comparison c;
  for (double huge : {7.6e39, 1e300, std::numeric_limits<double>::infinity()}) {
    Reference r;
    r.er = huge;
    c.add(std::string(81, '.'), r, rated);
  }
  const std::string report = c.report();
  // All three are in the 10+ row, in our 7.x column.
  EXPECT_NE(report.find("   10+     0     0     0     0     0     0     3     0     0     0     0"), std::string::npos)
      << report;
  Reference nan;
  nan.er = std::numeric_limits<double>::quiet_NaN();
  c.add(std::string(81, '.'), nan, rated);
  EXPECT_FALSE(c.report().empty());
}

// The text after a puzzle follows the one rule for rating fields (0 to 20,
// finite): what the fuzz target found (7.6e39) is now refused when read.
TEST(Compare, ReferenceRatingsAreReadByTheRatingRule) {
  Reference ref;
  std::string error;
  ASSERT_TRUE(parse_reference("7.2\t7.2\t1.2\t\tpuzzle-bank-hard", ref, error)) << error;
  EXPECT_EQ(ref.er, 7.2);
  EXPECT_TRUE(ref.has_ed);
  ASSERT_TRUE(parse_reference("0 20 source", ref, error)) << error;  // the ends of the scale
  EXPECT_FALSE(ref.has_ed);
  for (const char* bad : {"7666666666666666666666666666666666666666.2 2.8", "nan", "inf", "1e999", "-5", "7.2 -1",
                          "7.2 7.2 nan", "20.1"}) {
    EXPECT_FALSE(parse_reference(bad, ref, error)) << bad;
    EXPECT_NE(error.find("is not a number from 0 to 20"), std::string::npos) << bad << ": " << error;
  }
  EXPECT_FALSE(parse_reference("hard", ref, error));
  EXPECT_EQ(error, "no reference rating after the puzzle");
}

}  // namespace
}  // namespace sudokit::grader
