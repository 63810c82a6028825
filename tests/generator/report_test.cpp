// The diversity report on cases where the answer is known: relabel without
// scramble yields exactly one canonical form, box-permutation too; the search
// methods give as many forms as grids; counts, validity and the chi-square
// statistics are consistent.
#include <gtest/gtest.h>

#include "sudokit/generator/report.hpp"

namespace sudokit {
namespace {

GridOptions options_for(GridMethod method, bool scramble) {
  GridOptions o;
  o.method = method;
  o.scramble = scramble;
  return o;
}

TEST(Report, RelabelWithoutScrambleHasExactlyOneForm) {
  const GridReport r = report_grids(options_for(GridMethod::Relabel, false), 1, 3000);
  EXPECT_EQ(r.count, 3000u);
  EXPECT_EQ(r.valid, 3000u);
  EXPECT_EQ(r.distinct_forms, 1u);
  // 3000 draws among 9! relabellings: a handful of repeats at most
  EXPECT_GE(r.distinct_grids, 2980u);
  EXPECT_LE(r.distinct_grids, 3000u);
  EXPECT_GT(r.grids_per_second(), 0);
  // a uniformly random relabelling spreads every cell evenly: chi-square ~ 8
  EXPECT_GT(r.chi_square_mean, 4.0);
  EXPECT_LT(r.chi_square_mean, 13.0);
  EXPECT_GE(r.chi_square_max, r.chi_square_mean);
}

TEST(Report, ScrambleKeepsTheFormCountOfTheTransformMethods) {
  for (GridMethod m : {GridMethod::Relabel, GridMethod::BoxPermutation}) {
    const GridReport r = report_grids(options_for(m, true), 2, 2000);
    EXPECT_EQ(r.distinct_forms, 1u) << method_name(m);
    EXPECT_EQ(r.valid, 2000u);
  }
  const GridReport box = report_grids(options_for(GridMethod::BoxPermutation, false), 2, 2000);
  EXPECT_EQ(box.distinct_forms, 1u);
}

TEST(Report, SearchMethodsHaveAsManyFormsAsGrids) {
  for (GridMethod m : {GridMethod::Backtrack, GridMethod::DigitBox}) {
    const GridReport r = report_grids(options_for(m, false), 3, 1500);
    EXPECT_EQ(r.valid, 1500u);
    EXPECT_EQ(r.distinct_grids, 1500u) << method_name(m);
    EXPECT_EQ(r.distinct_forms, 1500u) << method_name(m);
  }
}

TEST(Report, ChiSquareExposesAFixedGrid) {
  // Every grid the same: each cell always holds one digit, the most uneven
  // spread there is: chi-square = 8 * count in every cell.
  GridOptions o = options_for(GridMethod::Relabel, false);
  const GridReport one = report_grids(o, 4, 1);
  EXPECT_EQ(one.distinct_grids, 1u);
  EXPECT_DOUBLE_EQ(one.chi_square_mean, 8.0);
  EXPECT_DOUBLE_EQ(one.chi_square_max, 8.0);
  const GridReport none = report_grids(o, 4, 0);
  EXPECT_EQ(none.count, 0u);
  EXPECT_EQ(none.distinct_grids, 0u);
  EXPECT_EQ(none.distinct_forms, 0u);
}

}  // namespace
}  // namespace sudokit
