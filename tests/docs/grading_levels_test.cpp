// docs/GRADING.md's "Levels" table must list the level table of the code
// (grader::default_levels): the same names in the same order, each with its
// lower ER bound ("< 1.5" for the first, "1.5 – 2.4", ..., "10.0+").
#include <gtest/gtest.h>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "sudokit/grader/grade.hpp"

namespace sudokit::grader {
namespace {

TEST(GradingDoc, LevelsTableIsTheCodesTable) {
  std::ifstream in(SUDOKIT_GRADING_DOC);
  ASSERT_TRUE(in) << "cannot read " SUDOKIT_GRADING_DOC;
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  const auto at = text.find("\n## Levels\n");
  ASSERT_NE(at, std::string::npos) << "docs/GRADING.md has no Levels section";
  std::istringstream section(text.substr(at + 1));
  std::string line;
  std::getline(section, line);  // the heading
  std::vector<Level> doc;
  const std::regex row(R"(^\| ([a-z]+) \| (< ([0-9.]+)|([0-9.]+) – [0-9.]+|([0-9.]+)\+) \|)");
  while (std::getline(section, line) && line.rfind("## ", 0) != 0) {
    std::smatch m;
    if (!std::regex_search(line, m, row)) continue;
    doc.push_back({m[1], m[3].matched ? 0.0 : std::stod(m[4].matched ? m[4].str() : m[5].str())});
  }
  const std::vector<Level>& code = default_levels();
  ASSERT_EQ(doc.size(), code.size()) << "rows of docs/GRADING.md's Levels table";
  for (std::size_t i = 0; i < code.size(); ++i) {
    EXPECT_EQ(doc[i].name, code[i].name) << "row " << i + 1;
    EXPECT_DOUBLE_EQ(doc[i].min_er, code[i].min_er) << code[i].name;
  }
  // The first row's "< X" is the second level's bound.
  ASSERT_GE(code.size(), 2u);
  std::smatch first;
  const std::string levels_section = text.substr(at);
  ASSERT_TRUE(std::regex_search(levels_section, first, std::regex(R"(\| [a-z]+ \| < ([0-9.]+) \|)")));
  EXPECT_DOUBLE_EQ(std::stod(first[1]), code[1].min_er);
}

TEST(GradingDoc, LevelTableFormatsAsItIsRead) {
  EXPECT_EQ(format_levels(), "easy:0,medium:1.5,hard:2.5,diabolical:5,expert:7,extreme:8.5,nightmare:10");
  EXPECT_EQ(level_names(), "easy, medium, hard, diabolical, expert, extreme, nightmare");
  std::vector<Level> back;
  std::string error;
  ASSERT_TRUE(parse_levels(format_levels(), back, error)) << error;
  ASSERT_EQ(back.size(), default_levels().size());
  for (std::size_t i = 0; i < back.size(); ++i) {
    EXPECT_EQ(back[i].name, default_levels()[i].name);
    EXPECT_DOUBLE_EQ(back[i].min_er, default_levels()[i].min_er);
  }
}

}  // namespace
}  // namespace sudokit::grader
