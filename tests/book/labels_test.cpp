// book::Labels: the built-in languages are complete and printable, a label
// file replaces what it names and keeps every placeholder, fill() fills.
#include "sudokit/book/labels.hpp"

#include <gtest/gtest.h>

#include <set>

#include "sudokit/book/grid_drawing.hpp"

namespace sudokit::book {
namespace {

std::set<std::string> braces(const std::string& s) {
  std::set<std::string> out;
  for (std::size_t at = s.find('{'); at != std::string::npos; at = s.find('{', at + 1))
    out.insert(s.substr(at, s.find('}', at) - at + 1));
  return out;
}

TEST(Labels, EveryLanguageHasEveryWordWithItsPlaceholdersAndPrints) {
  const Labels en = *labels_for("en");
  ASSERT_EQ(label_languages(), (std::vector<std::string>{"en", "de", "fr", "es"}));
  for (const std::string& language : label_languages()) {
    const auto l = labels_for(language);
    ASSERT_TRUE(l) << language;
    const auto mine = l->patterns(), english = en.patterns();
    ASSERT_EQ(mine.size(), 23u);  // every field of Labels but the two maps
    for (std::size_t i = 0; i < mine.size(); ++i) {
      EXPECT_EQ(mine[i].first, english[i].first);
      EXPECT_FALSE(mine[i].second->empty()) << language << " " << mine[i].first;
      EXPECT_EQ(braces(*mine[i].second), braces(*english[i].second)) << language << ": " << *mine[i].second;
      EXPECT_EQ(unprintable(*mine[i].second), "") << language << ": " << *mine[i].second;
    }
    for (const auto& [level, name] : en.levels) {
      EXPECT_NE(l->level(level), "") << language << " " << level;
      EXPECT_NE(l->level_note(level), "") << language << " " << level;
      EXPECT_EQ(unprintable(l->level(level) + l->level_note(level)), "") << language << " " << level;
    }
    if (language != "en") EXPECT_NE(l->puzzle, en.puzzle) << language << ": not translated";
  }
  EXPECT_FALSE(labels_for("it"));
  EXPECT_EQ(en.level("hard"), "Hard");
  EXPECT_EQ(en.level("beginner"), "Beginner");  // not in the table: capitalised
  EXPECT_EQ(en.rating_text(2.55), "2.5");
  EXPECT_EQ(labels_for("de")->rating_text(7.2), "7,2");
}

TEST(Labels, FillReplacesThePlaceholdersItIsGiven) {
  EXPECT_EQ(fill("Puzzles {first} to {last}", {{"first", "1"}, {"last", "20"}}), "Puzzles 1 to 20");
  EXPECT_EQ(fill("{n}{n}", {{"n", "7"}}), "77");
  EXPECT_EQ(fill("{x} {n", {{"n", "7"}}), "{x} {n");
}

TEST(Labels, AFileReplacesWhatItNamesAndKeepsThePlaceholders) {
  Labels l = *labels_for("fr");
  std::string error;
  ASSERT_TRUE(read_labels(R"({"puzzle": "N\u00b0 {n}", "levels": {"hard": "Costaud"}, "level_notes": {"hard": "Pour les forts."}})",
                          l, error))
      << error;
  EXPECT_EQ(l.puzzle, "N\xC2\xB0 {n}");
  EXPECT_EQ(l.level("hard"), "Costaud");
  EXPECT_EQ(l.level_note("hard"), "Pour les forts.");
  EXPECT_EQ(l.solutions, "Solutions");  // French, untouched
  EXPECT_EQ(l.level("easy"), "Facile");
  const Labels before = l;
  for (const auto& [json, message] : std::vector<std::pair<std::string, std::string>>{
           {R"({"puzzle": "Puzzle"})", "puzzle: the text must hold {n}"},
           {R"({"solutions": "Solutions {n}"})", "solutions: the text must hold no {placeholder}"},
           {R"({"rated_range": "{lo} to {hi} of {n}"})", "rated_range: the text must hold {hi}, {lo}"},
           {R"({"puzle": "Puzzle {n}"})", "unknown label 'puzle'"},
           {R"({"puzzle": 7})", "puzzle: expected a string"},
           {R"({"levels": ["Easy"]})", "levels: expected an object"},
           {R"({"levels": {"easy": 1}})", "levels.easy: expected a string"},
           {R"(["puzzle"])", "a label file is a JSON object"},
           {R"({"puzzle": )", "not JSON"}}) {
    EXPECT_FALSE(read_labels(json, l, error)) << json;
    EXPECT_EQ(error.rfind(message, 0), 0u) << json << ": " << error;
    EXPECT_EQ(l.puzzle, before.puzzle) << "a refused file changes nothing";
  }
}

}  // namespace
}  // namespace sudokit::book
