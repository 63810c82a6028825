// db/README.md states the schema version (PRAGMA user_version) in two places:
// the "currently **N**" of the file's property table and the last row of the
// Versions table. Both must equal the version the code writes, so a schema
// change cannot ship with a stale page.
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "sudokit/db/store.hpp"

namespace sudokit::db {
namespace {

std::string db_readme() {
  std::ifstream in(SUDOKIT_DB_README);
  if (!in) throw std::runtime_error("cannot read " SUDOKIT_DB_README);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(DbReadme, StatesTheSchemaVersionOfTheCode) {
  const std::string text = db_readme();
  std::smatch m;
  ASSERT_TRUE(std::regex_search(text, m, std::regex(R"(`PRAGMA user_version` \| the schema version, currently \*\*(\d+)\*\*)")))
      << "db/README.md has no 'currently **N**' for PRAGMA user_version";
  EXPECT_EQ(std::stoi(m[1]), kSchemaVersion) << "db/README.md's file table";
}

TEST(DbReadme, VersionsTableEndsAtTheSchemaVersionOfTheCode) {
  const std::string text = db_readme();
  const auto at = text.find("\n## Versions");
  ASSERT_NE(at, std::string::npos) << "db/README.md has no Versions section";
  std::istringstream section(text.substr(at + 1));
  std::string line;
  std::getline(section, line);  // the heading
  int last = 0, rows = 0;
  const std::regex row(R"(^\| (\d+) \|)");
  while (std::getline(section, line) && line.rfind("## ", 0) != 0) {
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    ++rows;
    EXPECT_EQ(std::stoi(m[1]), last + 1) << "versions must be listed in order, one row each: " << line;
    last = std::stoi(m[1]);
  }
  EXPECT_GT(rows, 0);
  EXPECT_EQ(last, kSchemaVersion) << "the last row of db/README.md's Versions table";
}

}  // namespace
}  // namespace sudokit::db
