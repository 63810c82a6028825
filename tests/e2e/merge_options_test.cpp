// db merge's and db regrade's batch size: --batch-rows, the name generate
// and import use; --batch still read as a deprecated spelling with one
// warning line.
#include <gtest/gtest.h>

#include <string>

#include "../temp_dir.hpp"
#include "run.hpp"

namespace sudokit::test {
namespace {

int count_lines_with(const std::string& text, const std::string& what) {
  int n = 0;
  std::size_t at = 0;
  while ((at = text.find(what, at)) != std::string::npos) {
    ++n;
    at += what.size();
  }
  return n;
}

TEST(DbMergeOptions, BatchRowsIsTheNameAndBatchADeprecatedSpellingWithOneWarning) {
  TempDir dir;
  const std::string in = dir.file("in.db");
  ASSERT_EQ(run_sudokit("generate --count 30 --seed 5 --db " + in).status, 0);

  const RunResult rows = run_sudokit("db merge --progress none --batch-rows 7 --db " + dir.file("rows.db") + " " + in);
  EXPECT_EQ(rows.status, 0) << rows.err;
  EXPECT_EQ(rows.err.find("deprecated"), std::string::npos) << rows.err;
  EXPECT_NE(rows.err.find("added 30"), std::string::npos) << rows.err;

  const RunResult old = run_sudokit("db merge --progress none --batch 7 --db " + dir.file("old.db") + " " + in);
  EXPECT_EQ(old.status, 0) << old.err;
  EXPECT_EQ(count_lines_with(old.err, "warning: --batch is deprecated, use --batch-rows"), 1) << old.err;
  EXPECT_NE(old.err.find("added 30"), std::string::npos) << old.err;

  const RunResult both = run_sudokit("db merge --batch 7 --batch-rows 7 --db " + dir.file("both.db") + " " + in);
  EXPECT_EQ(both.status, 2) << both.err;

  const RunResult help = run_sudokit("db merge --help");
  EXPECT_NE(help.out.find("--batch-rows"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("deprecated spelling of --batch-rows"), std::string::npos) << help.out;
}

TEST(DbRegradeOptions, BatchRowsIsTheNameAndBatchADeprecatedSpellingWithOneWarning) {
  TempDir dir;
  const std::string db = dir.file("p.db");
  ASSERT_EQ(run_sudokit("generate --count 30 --seed 5 --db " + db).status, 0);

  const RunResult rows = run_sudokit("db regrade --progress none --batch-rows 7 --db " + db);
  EXPECT_EQ(rows.status, 0) << rows.err;
  EXPECT_EQ(rows.err.find("deprecated"), std::string::npos) << rows.err;

  const RunResult old = run_sudokit("db regrade --progress none --batch 7 --db " + db);
  EXPECT_EQ(old.status, 0) << old.err;
  EXPECT_EQ(count_lines_with(old.err, "warning: --batch is deprecated, use --batch-rows"), 1) << old.err;

  const RunResult both = run_sudokit("db regrade --batch 7 --batch-rows 7 --db " + db);
  EXPECT_EQ(both.status, 2) << both.err;
  EXPECT_NE(both.err.find("give one of them"), std::string::npos) << both.err;

  const RunResult help = run_sudokit("db regrade --help");
  EXPECT_NE(help.out.find("--batch-rows"), std::string::npos) << help.out;
  EXPECT_NE(help.out.find("deprecated spelling of --batch-rows"), std::string::npos) << help.out;
}

}  // namespace
}  // namespace sudokit::test
