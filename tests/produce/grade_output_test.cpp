// produce::append_graded: what `sudokit grade` writes for a record, in both
// forms, checked against the grade itself (ratings, level, every step), and
// for a pencil-mark position (no givens: gid and clues null).
#include "sudokit/produce/grade_output.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "sudokit/db/record_format.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/step.hpp"
#include "sudokit/solver/marks_text.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::produce {
namespace {

using namespace sudokit::grader;

// A 17-clue puzzle: 64 steps at least, of more than one technique.
constexpr const char* kPuzzle = "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

Grid grid_of(const char* text) {
  Grid g;
  ParseError error;
  EXPECT_TRUE(parse_puzzle(text, g, error)) << error.message;
  return g;
}

GradeWriting writing(GradeFormat format, bool explain = false) {
  GradeWriting w;
  w.format = format;
  w.explain = explain;
  w.levels = default_levels();
  return w;
}

TEST(GradeOutput, FormatNames) {
  EXPECT_EQ(parse_grade_format("line"), GradeFormat::Line);
  EXPECT_EQ(parse_grade_format("json"), GradeFormat::Json);
  EXPECT_FALSE(parse_grade_format("csv"));
  EXPECT_FALSE(parse_grade_format(""));
  EXPECT_FALSE(writing(GradeFormat::Line).keeps_steps());
  EXPECT_TRUE(writing(GradeFormat::Line, true).keeps_steps());
  EXPECT_TRUE(writing(GradeFormat::Json).keeps_steps());
}

TEST(GradeOutput, JsonIsTheRecordFormatThenEveryStep) {
  const Grid givens = grid_of(kPuzzle);
  GradeOptions options;
  options.keep_steps = true;
  const Grade g = Grader().grade(givens, options);
  ASSERT_TRUE(g.rated());
  ASSERT_GT(g.steps.size(), 20u);
  std::string out;
  append_graded(out, writing(GradeFormat::Json), format_line(givens), 7, g, &givens);
  ASSERT_EQ(out.back(), '\n');
  ASSERT_EQ(out.find('\n'), out.size() - 1);  // one line
  const auto j = nlohmann::ordered_json::parse(out);
  // The record format's grade fields first, in their order.
  auto it = j.begin();
  for (const db::Field f : db::grade_fields()) {
    ASSERT_NE(it, j.end());
    EXPECT_EQ(it.key(), db::field_name(f));
    ++it;
  }
  EXPECT_EQ(j["puzzle"], format_line(givens));
  EXPECT_EQ(j["gid"].get<std::string>().size(), 16u);
  EXPECT_EQ(j["er"], rounded_rating(g.er));
  EXPECT_EQ(j["level"], level_for(g.er));
  EXPECT_EQ(j["line"], 7);
  EXPECT_EQ(j["rated"], true);
  EXPECT_FALSE(j.contains("reason"));
  ASSERT_EQ(j["steps"].size(), g.steps.size());
  for (std::size_t i = 0; i < g.steps.size(); ++i) {
    const auto& s = j["steps"][i];
    EXPECT_EQ(s["technique"], technique_key(g.steps[i].technique));
    EXPECT_EQ(s["name"], g.steps[i].name());
    EXPECT_EQ(s["rating"], rounded_rating(g.steps[i].difficulty));
    EXPECT_EQ(s["text"], explain(g.steps[i]));
  }
}

TEST(GradeOutput, LineGivesRatingsLevelAndHardestAndExplainAddsEveryStep) {
  const Grid givens = grid_of(kPuzzle);
  GradeOptions options;
  options.keep_steps = true;
  const Grade g = Grader().grade(givens, options);
  std::string out;
  append_graded(out, writing(GradeFormat::Line), format_line(givens), 1, g, &givens);
  EXPECT_EQ(out, format_line(givens) + ' ' + format_rating(g.er) + '/' + format_rating(g.ep) + '/' + format_rating(g.ed) +
                     ' ' + level_for(g.er) + ' ' + g.hardest_name + '\n');
  std::string explained;
  append_graded(explained, writing(GradeFormat::Line, true), format_line(givens), 1, g, &givens);
  std::istringstream lines(explained);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line + '\n', out);
  std::size_t n = 0;
  while (std::getline(lines, line)) {
    ++n;
    EXPECT_EQ(line, "  " + std::to_string(n) + ". " + format_rating(g.steps[n - 1].difficulty) + "  " +
                        explain(g.steps[n - 1]));
  }
  EXPECT_EQ(n, g.steps.size());
}

TEST(GradeOutput, AnUnratedRecordSaysWhy) {
  const Grid givens = grid_of(kPuzzle);
  GradeOptions options;
  options.max_steps = 1;
  const Grade g = Grader().grade(givens, options);
  ASSERT_FALSE(g.rated());
  std::string line, json;
  append_graded(line, writing(GradeFormat::Line), format_line(givens), 3, g, &givens);
  EXPECT_EQ(line, format_line(givens) + " - " + status_message(g.status) + '\n');
  append_graded(json, writing(GradeFormat::Json), format_line(givens), 3, g, &givens);
  const auto j = nlohmann::ordered_json::parse(json);
  EXPECT_EQ(j["rated"], false);
  EXPECT_EQ(j["reason"], status_message(g.status));
  EXPECT_TRUE(j["er"].is_null());
}

TEST(GradeOutput, APencilMarkPositionHasNoGidNorClueCount) {
  // The first position of the reference pencil-mark set.
  std::ifstream in(std::string(SUDOKIT_DATA_DIR) + "/se_rated_pencilmarks.tsv");
  std::string row;
  ASSERT_TRUE(std::getline(in, row) && std::getline(in, row)) << "data/se_rated_pencilmarks.tsv";
  Candidates marks;
  ParseError error;
  ASSERT_TRUE(parse_pencilmarks(row.substr(0, kPencilmarkLength), marks, error)) << error.message;
  const Grade g = Grader().grade_marks(marks);
  ASSERT_TRUE(g.rated());
  std::string json;
  append_graded(json, writing(GradeFormat::Json), format_pencilmarks(marks), 1, g, nullptr);
  const auto j = nlohmann::ordered_json::parse(json);
  EXPECT_TRUE(j["gid"].is_null());
  EXPECT_TRUE(j["clues"].is_null());
  EXPECT_EQ(j["puzzle"], format_pencilmarks(marks));
  EXPECT_EQ(j["er"], rounded_rating(g.er));
}

}  // namespace
}  // namespace sudokit::produce
