// The grader on a geometry against the references' ratings carried in
// data/se_rated_variants.tsv (Sukaku Explainer 1.18.1 and the 6x6
// explainer, data/README.md): every puzzle the variant grader rates must
// have the reference's ER, EP and ED exactly; puzzles needing a technique
// beyond it are counted apart, per geometry, and printed as the agreement
// table of docs/GRADING.md.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <sstream>

#include "sudokit/grader/step.hpp"
#include "sudokit/grader/variant_grade.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::grader {
namespace {

struct Row {
  std::string geometry, puzzle, er, ep, ed;
};

std::vector<Row> carried() {
  std::ifstream in(std::string(SUDOKIT_DATA_DIR) + "/se_rated_variants.tsv");
  std::vector<Row> rows;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream f(line);
    Row r;
    std::getline(f, r.geometry, '\t');
    std::getline(f, r.puzzle, '\t');
    std::getline(f, r.er, '\t');
    std::getline(f, r.ep, '\t');
    std::getline(f, r.ed, '\t');
    rows.push_back(r);
  }
  return rows;
}

TEST(VariantGrade, RatesTheCarriedSetLikeTheReference) {
  const auto rows = carried();
  ASSERT_EQ(rows.size(), 587u);
  struct Tally {
    int puzzles = 0, rated = 0, exact = 0, beyond = 0;
    std::map<std::string, int> needs;
  };
  std::map<std::string, Tally> table;
  for (const Row& r : rows) {
    const GeometryPtr g = parse_geometry(r.geometry);
    const VariantGrade v = grade_variant(*g, read_cells(*g, r.puzzle));
    Tally& t = table[r.geometry];
    ++t.puzzles;
    if (v.status == GradeStatus::BeyondTechniques) {
      ++t.beyond;
      ++t.needs[v.needs];
      continue;
    }
    ASSERT_TRUE(v.rated()) << r.geometry << ' ' << r.puzzle << ": " << v.message();
    ++t.rated;
    const bool exact = format_rating(v.er) == r.er && format_rating(v.ep) == r.ep && format_rating(v.ed) == r.ed;
    t.exact += exact;
    EXPECT_TRUE(exact) << r.geometry << ' ' << r.puzzle << ": ours " << format_rating(v.er) << '/'
                       << format_rating(v.ep) << '/' << format_rating(v.ed) << " (" << v.hardest_name
                       << "), reference " << r.er << '/' << r.ep << '/' << r.ed;
  }
  std::cout << "| geometry | puzzles | rated | exact ER/EP/ED | beyond (needs) |\n";
  for (const auto& [name, t] : table) {
    std::cout << "| `" << name << "` | " << t.puzzles << " | " << t.rated << " | " << t.exact << " | " << t.beyond;
    for (const auto& [needs, n] : t.needs) std::cout << "; " << needs << ' ' << n;
    std::cout << " |\n";
  }
}

// On the classic geometry, every puzzle of the classic calibration set the
// variant grader rates gets the classic grader's ER/EP/ED (whose ratings
// agree with the reference on the whole set), and those it does not rate
// have a step the variant producers lack (ER above 2.5 at least).
TEST(VariantGrade, AgreesWithTheClassicGraderOnTheClassicGeometry) {
  std::ifstream in(std::string(SUDOKIT_DATA_DIR) + "/se_rated_calibration.tsv");
  std::string line;
  std::getline(in, line);
  Grader classic;
  const GeometryPtr g = classic_geometry();
  int rated = 0, beyond = 0;
  while (std::getline(in, line)) {
    const std::string text = line.substr(0, line.find('\t'));
    const auto cells = read_cells(*g, text);
    const VariantGrade v = grade_variant(*g, cells);
    Grid grid;
    ParseError error;
    ASSERT_TRUE(parse_puzzle(text, grid, error)) << text;
    const Grade c = classic.grade(grid);
    ASSERT_TRUE(c.rated()) << text;
    if (v.status == GradeStatus::BeyondTechniques) {
      ++beyond;
      EXPECT_GT(rounded_rating(c.er), 2.5) << text;
      continue;
    }
    ++rated;
    EXPECT_EQ(format_rating(v.er) + format_rating(v.ep) + format_rating(v.ed),
              format_rating(c.er) + format_rating(c.ep) + format_rating(c.ed)) << text;
  }
  EXPECT_GT(rated, 0);
  EXPECT_GT(beyond, 0);
}

}  // namespace
}  // namespace sudokit::grader
