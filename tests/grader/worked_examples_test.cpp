// The worked examples of the specification (section 5) reproduce exactly:
// ER, EP, ED and the name of the technique that set ER. Rows are added here
// as the techniques they need are implemented.
#include <gtest/gtest.h>

#include "sudokit/grader/grade.hpp"
#include "test_data.hpp"

namespace sudokit::grader {
namespace {

struct Example {
  const char* puzzle;
  double er, ep, ed;
  const char* technique;
};

const Example kExamples[] = {
    {"4..8..3599..1..4....8.....289.4........36.......9....13...4....1......8.2..5.1.64", 1.2, 1.2, 1.2, "Hidden Single"},
    {".3....8..8.....4.....35..9...6...1.5..9.....4...742..3....692..68.1.5...1........", 1.5, 1.2, 1.2, "Hidden Single"},
    {".............351824...8...68....3.1...29....87..1..6...1..4...5.8....26..4....9..", 1.7, 1.2, 1.2, "Direct Pointing"},
    {"6....2......3..85.9...1...3..........3....17..14.6.53...745.....81.........2....9", 2.0, 1.2, 1.2, "Direct Hidden Pair"},
    {"..93.14.7........22....83......6.7......432...8...7.5..4...913.7.........5......9", 2.3, 1.2, 1.2, "Naked Single"},
    {"..1....59...3.2...7.9.6....837....9.1............7.6.....5.7.8...38....5...9...1.", 2.5, 1.2, 1.2, "Direct Hidden Triplet"},
    {".....29..7...514....34...7....1.8...2......8..413....6......8..6.9.....518..6....", 2.6, 1.2, 1.2, "Pointing"},
    {"....1..4..9...7...47........458.61..26......9...54....127....9..5.2.3.......8....", 2.8, 1.2, 1.2, "Claiming"},
    {"45....3...3.15.......6......4..91.8..8......57.....2..6....2.4.59.8....337.9..1..", 3.0, 1.5, 1.5, "Naked Pair"},
    {".......35...2.1...6....98.....9.6.....9.1...8.3......4.46.7...1.5189.7...7...3...", 3.4, 1.2, 1.2, "Hidden Pair"},
    {"..28....5....3..4.63...719....7.....2.4......87.4.3......5....1..1.287.........56", 4.2, 1.2, 1.2, "XY-Wing"},
    // strong-link fish and ALS wings of the default set
    {"......6...298....53........5.4.9...8...58..12.....4..39..2.3.....59......6.....8.", 4.0, 1.2, 1.2, "Skyscraper 011"},
    {".....28..1..98.....6..7..2.....3.......7.......51...84..1....9...64....282....57.", 4.3, 1.2, 1.2, "Grouped Skyscraper 111"},
    {".6.1...9.4.8.95..7....7.......4...3.......4.5......9.8856.3.7...479.....9..81....", 5.4, 1.2, 1.2, "3 Skyscrapers 0111"},
    {"...8.2.94..8...16.....9.......5....88...213....7....4...1..57...2.......35.68....", 5.6, 1.2, 1.2, "WXYZ-Wing 138"},
    {"2.1...7....536....79..1...54.......1....8......96...8.....9......74..6..1.....23.", 4.0, 1.2, 1.2, "Skyscraper 011"},
    {"8..........36......7..9.2...5...78..3...457.....1...3.5.1....684.85...1..9....4..", 5.7, 1.7, 1.7, "Grouped 3 Skyscrapers 1111"},
    {"1..2..8....7.96....6.5..1.751.........6...4...93..2..67..9...1...4..........7.6..", 6.3, 1.2, 1.2, "VWXYZ-Wing 128"},
    {"......9......5......5.8..37.9..1...3.52.3..9.1.......4..659.8..987..6........46..", 5.6, 1.2, 1.2, "WXYZ-Wing 138"},
    {"..4.1.25.765..2..91............3..26....271....9....3..8....9..3...6..4.....4...7", 4.5, 1.2, 1.2, "Unique Rectangle type 1"},
    {"...5..9...9...45.7.....9.1....7.34..8...5.7.9....8...637.9..6...81......92......8", 4.5, 1.2, 1.2, "Unique Rectangle type 1"},
    {"34..1.............5...471..7......2..945.87..835...4..1...73..2.....4......1.28.5", 5.2, 1.2, 1.2, "Jellyfish"},
    {".3...5....27....8..1.92...4.6..3851.3......2...81.....7.4.9...2..........8.54....", 7.1, 1.2, 1.2, "Forcing Chain"},
    {"8..7...4..436...7..7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", 8.4, 7.2, 2.6, "Cell Forcing Chains"},
    {"8..........36.....67..9.2...5...78......457.....1...3...1..4.684.85...1..9....4..", 8.3, 2.6, 2.6, "Cell Forcing Chains"},
    {".1...4.2....39.........6..8....2.71.84...7..2.3.....9..28...1.3.7.......5...31...", 8.5, 1.2, 1.2, "Cell Forcing Chains"},
    {"...8416..7.....5....4.5.....9.7....44..93..6..5..6.8....5.....38.....1...6.32....", 8.9, 1.2, 1.2, "Dynamic Contradiction Forcing Chains"},
    {"1....7.9..3..2...87.96..5....53..9...1..8...26....4...3...7..1..41.....78.7...3..", 9.0, 9.0, 3.4, "Dynamic Region Forcing Chains"},
    {"1....7.9..3..2..78..964.5....53..9...1..8...26....4...3......1..41...8.7..7...3..", 9.1, 9.1, 7.8, "Dynamic Cell Forcing Chains"},
    // nested forcing chains (about 2 s each)
    {"1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", 10.5, 1.2, 1.2,
     "Dynamic Contradiction Forcing Chains (+ Forcing Chains)"},
    {"800000000003600000070090200050007000000045700000100030001000068008500010090000400", 10.7, 10.7, 9.7,
     "Dynamic Contradiction Forcing Chains (+ Forcing Chains)"},
};

TEST(WorkedExamples, ReproduceExactly) {
  Grader grader;
  for (const Example& e : kExamples) {
    const Grade g = grader.grade(sudokit::test::grid_from(e.puzzle));
    ASSERT_TRUE(g.rated()) << e.puzzle << ": " << status_message(g.status);
    EXPECT_EQ(format_rating(g.er), format_rating(e.er)) << e.puzzle;
    EXPECT_EQ(format_rating(g.ep), format_rating(e.ep)) << e.puzzle;
    EXPECT_EQ(format_rating(g.ed), format_rating(e.ed)) << e.puzzle;
    EXPECT_EQ(g.hardest_name, e.technique) << e.puzzle;
  }
}

TEST(Levels, DefaultTableAndOverrides) {
  EXPECT_EQ(level_for(1.2), "easy");
  EXPECT_EQ(level_for(1.5), "medium");
  EXPECT_EQ(level_for(2.45), "hard");  // prints as 2.5
  EXPECT_EQ(level_for(4.9), "hard");
  EXPECT_EQ(level_for(5.0), "diabolical");
  EXPECT_EQ(level_for(7.1), "expert");
  EXPECT_EQ(level_for(8.9), "extreme");
  EXPECT_EQ(level_for(11.0), "nightmare");
  std::vector<Level> custom;
  std::string error;
  ASSERT_TRUE(parse_levels("gentle:0,tough:3.0,fiendish:6", custom, error));
  EXPECT_EQ(level_for(2.9, custom), "gentle");
  EXPECT_EQ(level_for(3.0, custom), "tough");
  EXPECT_EQ(level_for(9.0, custom), "fiendish");
  EXPECT_FALSE(parse_levels("a:0,b:2,c:1", custom, error));
  EXPECT_FALSE(parse_levels("a", custom, error));
  EXPECT_FALSE(parse_levels("a:0,b:x", custom, error));
  // Every minimum is a rating (0 to 20): "nan" compares false with
  // everything and used to pass the ascending check.
  for (const char* bad : {"a:0,b:nan", "a:0,b:inf", "a:0,b:1e999", "a:0,b:25", "a:-1,b:2", "a:0,b:2,c:nan"}) {
    EXPECT_FALSE(parse_levels(bad, custom, error)) << bad;
    EXPECT_NE(error.find("invalid rating"), std::string::npos) << bad << ": " << error;
  }
  ASSERT_TRUE(parse_levels("a:0, b: 2.5", custom, error)) << error;  // blanks around a number, as before
  EXPECT_EQ(custom[1].min_er, 2.5);
}

}  // namespace
}  // namespace sudokit::grader
