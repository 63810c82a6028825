// The one progress printer (produce/progress.hpp): when each form prints,
// and what its lines say.
#include "sudokit/produce/progress.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <string>

namespace sudokit::produce {
namespace {

/// Everything written to `f` so far.
std::string contents(std::FILE* f) {
  std::fflush(f);
  std::rewind(f);
  std::string text;
  char buffer[4096];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, f)) > 0;) text.append(buffer, n);
  return text;
}

TEST(Progress, ALogGetsNoLineBeforeFiveSecondsNorOneAtTheEnd) {
  std::FILE* f = std::tmpfile();
  ProgressReporter log(f, ProgressFormat::Text, false, {"generate", "found"});
  log.update(1, 10, "", "3 candidates tried");
  log.update(10, 10, "", "30 candidates tried", true);  // the end: the summary says it in a log
  EXPECT_EQ(contents(f), "");
  std::fclose(f);
}

TEST(Progress, JsonSaysTheEndOnceWithRunShardAndSource) {
  std::FILE* f = std::tmpfile();
  ProgressReporter json(f, ProgressFormat::Json, true, {"db merge", "rows", "0123456789abcdef", "3/8"});
  json.update(5, 0, "a \"quoted\" file.db");  // not due: within 5 s
  json.update(7, 0, "a \"quoted\" file.db", "", true);
  json.update(7, 0, "a \"quoted\" file.db", "", true);  // the same end: said once
  const std::string text = contents(f);
  std::fclose(f);
  ASSERT_EQ(std::count(text.begin(), text.end(), '\n'), 1) << text;
  const auto j = nlohmann::json::parse(text);
  EXPECT_EQ(j["command"], "db merge");
  EXPECT_EQ(j["run"], "0123456789abcdef");
  EXPECT_EQ(j["shard"], "3/8");
  EXPECT_EQ(j["source"], "a \"quoted\" file.db");
  EXPECT_EQ(j["made"], 7);
  EXPECT_TRUE(j["target"].is_null());
  EXPECT_TRUE(j["rate"].is_number() && j["elapsed"].is_number());
}

TEST(Progress, ATerminalLineIsRedrawnAndEnded) {
  std::FILE* f = std::tmpfile();
  ProgressReporter tty(f, ProgressFormat::Text, true, {"db regrade", "rows"});
  tty.update(4, 4, "", "", true);
  tty.end_line();
  tty.end_line();  // once
  EXPECT_EQ(contents(f).substr(0, 30), "\rsudokit db regrade: 4/4 rows,");
  EXPECT_EQ(contents(f).back(), '\n');
  EXPECT_EQ(contents(f).find('\n'), contents(f).size() - 1);
  std::fclose(f);
}

TEST(Progress, NoneSaysNothingAndFormsAreNamed) {
  std::FILE* f = std::tmpfile();
  ProgressReporter none(f, ProgressFormat::None, true, {"db import", "records"});
  none.update(1, 0, "", "", true);
  EXPECT_EQ(contents(f), "");
  std::fclose(f);
  ProgressFormat format{};
  EXPECT_TRUE(parse_progress_format("json", format));
  EXPECT_EQ(format, ProgressFormat::Json);
  EXPECT_FALSE(parse_progress_format("xml", format));
}

}  // namespace
}  // namespace sudokit::produce
