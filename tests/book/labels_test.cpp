// book::Labels: the built-in languages are complete and printable, a label
// file replaces what it names and keeps every placeholder, fill() fills.
#include "sudokit/book/labels.hpp"
#include "sudokit/solver/geometry.hpp"

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
    ASSERT_EQ(mine.size(), 27u);  // every field of Labels but the three maps
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
    for (const auto& [rule, text] : en.variant_rules) {
      const auto it = l->variant_rules.find(rule);
      ASSERT_NE(it, l->variant_rules.end()) << language << " " << rule;
      EXPECT_EQ(unprintable(it->second), "") << language << " " << rule;
      if (language != "en") EXPECT_NE(it->second, text) << language << " " << rule << ": not translated";
    }
    EXPECT_EQ(l->variant_rules.size(), en.variant_rules.size()) << language;
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

// The rules of each variant in each language: the classic keeps `rules`;
// a variant says its shape (box size or bold regions or none, and the
// symbols in the alphabet printed), each extra rule once in spelling order,
// then rules_end. Every rule the spelling knows has its sentence.
TEST(Labels, EveryVariantHasItsRulesInEveryLanguage) {
  const std::vector<std::string> extras = {"x",         "windows",     "disjoint",  "centre-dot", "girandola", "asterisk",
                                           "anti-knight", "anti-king", "toroidal", "nc",         "nc+"};
  for (const std::string& language : label_languages()) {
    SCOPED_TRACE(language);
    const Labels l = *labels_for(language);
    EXPECT_EQ(l.rules_for(*classic_geometry()), l.rules);
    for (const std::string& rule : extras) {
      ASSERT_TRUE(l.variant_rules.count(rule)) << rule;
      const std::string spelling = rule == "toroidal" ? "anti-knight,toroidal" : rule;
      const std::string text = l.rules_for(*parse_geometry(spelling));
      const std::string box = fill(l.rules_boxes, {{"box", "3\xC2\xA0\xC3\x97\xC2\xA0" "3"}, {"symbols", "1\xE2\x80\x93" "9"}});
      EXPECT_EQ(text.rfind(box, 0), 0u) << text;
      EXPECT_NE(text.find(l.variant_rules.at(rule)), std::string::npos) << text;
      EXPECT_EQ(text.substr(text.size() - l.rules_end.size()), l.rules_end);
      EXPECT_EQ(unprintable(text), "") << text;
    }
    // Shapes and alphabets.
    const std::string dash = "\xE2\x80\x93", times = "\xC2\xA0\xC3\x97\xC2\xA0";
    EXPECT_EQ(l.rules_for(*parse_geometry("6x6")).rfind(fill(l.rules_boxes, {{"box", "2" + times + "3"}, {"symbols", "1" + dash + "6"}}), 0), 0u);
    EXPECT_EQ(l.rules_for(*parse_geometry("16x16")).rfind(fill(l.rules_boxes, {{"box", "4" + times + "4"}, {"symbols", "1" + dash + "9, A" + dash + "G"}}), 0), 0u);
    EXPECT_EQ(l.rules_for(*parse_geometry("16x16"), Symbols::kLetters).rfind(fill(l.rules_boxes, {{"box", "4" + times + "4"}, {"symbols", "A" + dash + "P"}}), 0), 0u);
    EXPECT_EQ(l.rules_for(*parse_geometry("16x16"), Symbols::kHex).rfind(fill(l.rules_boxes, {{"box", "4" + times + "4"}, {"symbols", "0" + dash + "F"}}), 0), 0u);
    EXPECT_EQ(l.rules_for(*parse_geometry("25x25"), Symbols::kNumbers).rfind(fill(l.rules_boxes, {{"box", "5" + times + "5"}, {"symbols", "1" + dash + "25"}}), 0), 0u);
    EXPECT_EQ(l.rules_for(*parse_geometry("jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE")),
              fill(l.rules_jigsaw, {{"symbols", "1" + dash + "6"}}) + " " + l.rules_end);
    EXPECT_EQ(l.rules_for(*parse_geometry("none")), fill(l.rules_latin, {{"symbols", "1" + dash + "9"}}) + " " + l.rules_end);
    // Several rules: each once, in spelling order.
    const std::string all = l.rules_for(*parse_geometry("nc,windows,x,anti-king"));
    const std::size_t x = all.find(l.variant_rules.at("x")), w = all.find(l.variant_rules.at("windows")),
                      k = all.find(l.variant_rules.at("anti-king")), nc = all.find(l.variant_rules.at("nc"));
    EXPECT_TRUE(x < w && w < k && k < nc && nc != std::string::npos) << all;
  }
  Labels l = *labels_for("en");
  std::string error;
  ASSERT_TRUE(read_labels(R"({"variant_rules": {"x": "Diagonals too."}, "rules_latin": "Rows and columns: {symbols}."})", l, error)) << error;
  EXPECT_EQ(l.variant_rules.at("x"), "Diagonals too.");
  EXPECT_EQ(l.rules_for(*parse_geometry("none,x")).rfind("Rows and columns: 1\xE2\x80\x93" "9. Diagonals too.", 0), 0u);
  EXPECT_FALSE(read_labels(R"({"rules_boxes": "every box {box}"})", l, error));
  EXPECT_EQ(error.rfind("rules_boxes: the text must hold {box}, {symbols}", 0), 0u) << error;
  EXPECT_FALSE(read_labels(R"({"variant_rules": ["x"]})", l, error));
  EXPECT_EQ(error.rfind("variant_rules: expected an object of rule name -> text", 0), 0u) << error;
}

}  // namespace
}  // namespace sudokit::book
