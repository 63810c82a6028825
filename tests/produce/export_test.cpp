// produce::plan_export: `sudokit db export`'s options checked and resolved in
// one place (format names, what ipuz and --columns need, the filter and the
// row options carried into the store filter).
#include "sudokit/produce/export.hpp"

#include <gtest/gtest.h>

#include <string>

namespace sudokit::produce {
namespace {

// The option a command is refused for, or "" when it plans.
std::string refused(const ExportCommand& c) {
  try {
    (void)plan_export(c);
    return "";
  } catch (const RequestError& e) {
    EXPECT_NE(std::string(e.what()), "");
    return e.option();
  }
}

TEST(PlanExport, ReadsTheFormatAndRefusesUnknownOnes) {
  for (const auto& [name, format] : {std::pair{"json", db::ExportFormat::Json}, {"ndjson", db::ExportFormat::Ndjson},
                                     {"csv", db::ExportFormat::Csv}, {"line", db::ExportFormat::Line}}) {
    ExportCommand c;
    c.format = name;
    const ExportPlan plan = plan_export(c);
    EXPECT_EQ(plan.format, format) << name;
    EXPECT_FALSE(plan.ipuz) << name;
  }
  for (const char* bad : {"", "JSON", "xml", "ipuz2"}) {
    ExportCommand c;
    c.format = bad;
    EXPECT_EQ(refused(c), "--format") << bad;
  }
}

TEST(PlanExport, IpuzNeedsAnOutputDirectoryAndTakesNoColumns) {
  ExportCommand c;
  c.format = "ipuz";
  EXPECT_EQ(refused(c), "--format");
  c.out = "dir";
  EXPECT_TRUE(plan_export(c).ipuz);
  c.columns = "gid,puzzle";
  EXPECT_EQ(refused(c), "--format");
}

TEST(PlanExport, ColumnsAreRecordFieldsAndNotForLine) {
  ExportCommand c;
  c.format = "csv";
  c.columns = "gid,puzzle,er";
  const ExportPlan plan = plan_export(c);
  ASSERT_EQ(plan.columns.size(), 3u);
  EXPECT_EQ(plan.columns[0], db::Field::Gid);
  EXPECT_EQ(plan.columns[2], db::Field::Er);
  for (const char* bad : {"gid,gid", "nope", ""}) {
    c.columns = bad;
    EXPECT_EQ(refused(c), "--columns") << bad;
  }
  c.format = "line";
  c.columns = "gid";
  EXPECT_EQ(refused(c), "--columns");
}

TEST(PlanExport, CarriesTheFilterAndTheRowOptions) {
  ExportCommand c;
  c.filter.level = "hard";
  c.filter.max_rating = 7.5;
  c.filter.hardest = "X-Wing";
  c.limit = 10;
  c.random = true;
  c.seed = 42;
  c.unused = true;
  const ExportPlan plan = plan_export(c);
  EXPECT_EQ(plan.filter.level, "hard");
  EXPECT_EQ(plan.filter.max_rating, 7.5);
  EXPECT_EQ(plan.filter.hardest, std::vector<std::string>{"x-wing"});
  EXPECT_EQ(plan.filter.limit, 10u);
  EXPECT_TRUE(plan.filter.random);
  EXPECT_EQ(plan.filter.seed, 42u);
  EXPECT_TRUE(plan.filter.unused);
  c.filter.min_rating = 8.0;
  EXPECT_EQ(refused(c), "--min-rating");
}

}  // namespace
}  // namespace sudokit::produce
