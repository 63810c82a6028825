// grade --compare: reference ratings are read from the text after each
// puzzle, so they can be any number; the report must place every one of them
// (found by the options fuzz target: a reference of 7.7e39 was converted to
// int out of range when the confusion table picked its band).
#include <gtest/gtest.h>

#include <limits>

#include "sudokit/grader/compare.hpp"

namespace sudokit::grader {
namespace {

TEST(Compare, ReferenceRatingsOfAnySizeLandInTheOuterBands) {
  Reference ref;
  ASSERT_TRUE(parse_reference("7666666666666666666666666666666666666666.2 2.8", ref));
  Grade rated;
  rated.er = 7.2;
  Comparison c;
  c.add(std::string(81, '.'), ref, rated);
  for (double huge : {1e300, std::numeric_limits<double>::infinity()}) {
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

}  // namespace
}  // namespace sudokit::grader
