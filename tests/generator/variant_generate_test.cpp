// Grids and puzzles of every geometry (variant_grids.hpp, variant_digger.hpp)
// against ground truth: the independent exact-cover counter
// (tests/solver/exact_cover.hpp, dancing links, none of the solver's code).
// A full grid is valid when the counter finds it a solution (count 1); a
// puzzle is unique when it counts 1 and minimal when it counts 2 or more with
// any one clue removed.
//
// Issue #47 asks for 1,000 puzzles of each geometry, unique and minimal by an
// independent count. Puzzles are checked by the forward-checking counter
// (tests/solver/forward_count.hpp), which handles the leaper and nc rules by
// elimination; the exact-cover counter, which only filters them, took over
// ten minutes on one minimal nc puzzle. The suite makes 1,000 of every 9x9
// geometry and small size whose 1,000 dig and check in seconds (cases()
// below); the slow ones fewer, from the figures the test prints (digging and
// counting time per geometry; 2026-11-28, 50 puzzles each, wall time at load
// 10-19 on the 2-core VM, about 3.5x CPU time): per puzzle, 16x16 1.4 s dug +
// 5.1 s checked, nc 0.9 + 2.7, toroidal,nc 1.1 + 3.3, nc+ 0.35 + 1.0,
// x,anti-knight 0.35 + 2.3, jigsaw 9x9 + x 0.16 + 0.73, anti-knight,toroidal
// 0.03 + 0.17, anti-knight 0.03 + 0.11; the rest below 0.03 s. With the
// faster digger (main at f2880e6, the whole suite at load 7: 4m01 wall,
// 2m40 CPU; this test 234 s) counting is most of the time: per puzzle nc
// 0.27 s dug + 1.16 s checked, toroidal,nc 0.27 + 1.6, nc+ 0.07 + 0.40,
// x,anti-knight 0.04 + 1.0, 16x16 0.2 + 2.8. 1,000 of each would still take
// over an hour of wall time, so the test command
// (30 minutes for every suite) makes what cases() says; SUDOKIT_VARIANT_PUZZLES=N
// makes N of every geometry (the full check: =1000). Under the
// sanitizers (the asan test preset sets SUDOKIT_TEST_SAMPLE) a tenth of
// cases(), at least one.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "solver/exact_cover.hpp"
#include "solver/forward_count.hpp"
#include "sudokit/generator/variant_digger.hpp"
#include "sudokit/generator/variant_grids.hpp"
#include "sudokit/solver/geometry_symmetry.hpp"

namespace sudokit {
namespace {

constexpr const char* kJigsaw9 =
    "jigsaw:AAAABBBBBAAACCBBBBAACCCDDDDEECCDDDDFEEECCDGFFEEHHGGGFFEHHHGGGFFEHHIIGGFFHHIIIIIII";
constexpr const char* kJigsaw6 = "jigsaw:AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE";

struct Case {
  std::string spelling;
  int puzzles;  // in the release suite (see the header comment)
};

// VARIANTS.md's geometries; the counts from the figures in the header.
const std::vector<Case>& cases() {
  static const std::vector<Case> c = {
      {"4x4", 1000},         {"6x6", 1000},          {"6x6:3x2", 1000},    {"8x8", 1000},
      {"classic", 1000},     {"12x12", 1000},        {"16x16", 2},         {"none", 1000},
      {kJigsaw9, 1000},      {kJigsaw6, 1000},       {"x", 1000},          {"windows", 1000},
      {"disjoint", 1000},    {"centre-dot", 1000},   {"girandola", 1000},  {"asterisk", 1000},
      {"anti-knight", 300},  {"anti-king", 1000},    {"anti-knight,toroidal", 200},
      {"anti-king,toroidal", 1000}, {"toroidal,nc", 20}, {"nc", 20},        {"nc+", 50},
      {"x,windows", 1000},   {std::string(kJigsaw9) + ",x", 50}, {"6x6,nc", 1000}, {"x,anti-knight", 20},
  };
  return c;
}

int sample_divisor() {
  const char* sample = std::getenv("SUDOKIT_TEST_SAMPLE");
  return sample && std::atoi(sample) > 1 ? 10 : 1;
}

int puzzles_for(const Case& c) {
  if (const char* n = std::getenv("SUDOKIT_VARIANT_PUZZLES")) return std::max(1, std::atoi(n));
  return std::max(1, c.puzzles / sample_divisor());
}

template <class Counter>
bool valid_grid(Counter& dlx, const Cells& grid) {
  return std::find(grid.begin(), grid.end(), 0) == grid.end() && dlx.count(grid, 2) == 1;
}

// Unique, minimal (when asked), and the clues are the solution's.
// `Counter`: test::ExactCover or test::ForwardCount (count(cells, limit)).
template <class Counter>
void expect_unique_minimal(const Geometry& g, Counter& dlx, const VariantPuzzle& p, bool minimal) {
  ASSERT_EQ(p.puzzle.size(), static_cast<std::size_t>(g.cells()));
  ASSERT_TRUE(valid_grid(dlx, p.solution));
  int clues = 0;
  for (std::size_t c = 0; c < p.puzzle.size(); ++c) {
    if (p.puzzle[c] == 0) continue;
    ++clues;
    ASSERT_EQ(p.puzzle[c], p.solution[c]);
  }
  EXPECT_EQ(clues, p.clues);
  ASSERT_EQ(dlx.count(p.puzzle, 2), 1u) << print_cells(g, p.puzzle);
  if (!minimal) return;
  EXPECT_TRUE(p.minimal);
  Cells q = p.puzzle;
  for (std::size_t c = 0; c < q.size(); ++c) {
    if (q[c] == 0) continue;
    const std::uint8_t d = q[c];
    q[c] = 0;
    ASSERT_GE(dlx.count(q, 2), 2u) << "clue " << c << " of " << print_cells(g, p.puzzle) << " is removable";
    q[c] = d;
  }
}

TEST(VariantGrids, EveryMethodGivesValidGridsOfEveryGeometry) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.spelling);
    const GeometryPtr g = parse_geometry(c.spelling);
    test::ExactCover dlx = test::exact_cover_of(*g);
    const int grids = g->size() >= 12 || c.puzzles < 100 ? 1 : std::max(1, 5 / sample_divisor());
    for (GridMethod method : {GridMethod::Backtrack, GridMethod::DigitBox, GridMethod::Relabel, GridMethod::BoxPermutation}) {
      if (!method_unsupported(*g, method).empty()) continue;
      for (bool scramble : {false, true}) {
        SCOPED_TRACE(std::string(method_name(method)) + (scramble ? " --scramble" : ""));
        VariantGridOptions options;
        options.method = method;
        options.scramble = scramble;
        for (int i = 0; i < grids; ++i) {
          const Cells grid = make_variant_grid(*g, options, 7, static_cast<std::uint64_t>(i));
          ASSERT_TRUE(valid_grid(dlx, grid)) << print_cells(*g, grid);
          EXPECT_TRUE(is_valid_variant_grid(*g, grid));
          EXPECT_EQ(grid, make_variant_grid(*g, options, 7, static_cast<std::uint64_t>(i)));  // a function of (seed, index)
        }
      }
    }
  }
}

TEST(VariantGrids, MethodsAreDefinedWhereTheGeometryAllowsThem) {
  for (const Case& c : cases()) {
    const GeometryPtr g = parse_geometry(c.spelling);
    EXPECT_EQ(method_unsupported(*g, GridMethod::Backtrack), "") << c.spelling;
    const bool hard_for_digit_box = c.spelling.find("toroidal") != std::string::npos ||
                                    c.spelling.find("nc") != std::string::npos || c.spelling == "x,anti-knight";
    EXPECT_EQ(method_unsupported(*g, GridMethod::DigitBox).empty(), !hard_for_digit_box) << c.spelling;
    EXPECT_EQ(method_unsupported(*g, GridMethod::Relabel), "") << c.spelling;
  }
  // A jigsaw map with no symmetry: nothing to permute the base grid by.
  const GeometryPtr jigsaw = parse_geometry(kJigsaw9);
  const std::string why = method_unsupported(*jigsaw, GridMethod::BoxPermutation);
  EXPECT_NE(why.find("box-permutation"), std::string::npos) << why;
  EXPECT_NE(why.find(jigsaw->spelling()), std::string::npos) << why;
  VariantGridOptions options;
  options.method = GridMethod::BoxPermutation;
  EXPECT_THROW(make_variant_grid(*jigsaw, options, 1, 0), VariantGridError);
  EXPECT_EQ(method_unsupported(*parse_geometry("x"), GridMethod::BoxPermutation), "");
  EXPECT_EQ(method_unsupported(*parse_geometry("16x16"), GridMethod::BoxPermutation), "");
}

TEST(VariantGrids, TheClassicGeometryGivesTheClassicGrids) {
  const GeometryPtr g = parse_geometry("classic");
  for (GridMethod method : {GridMethod::Backtrack, GridMethod::DigitBox, GridMethod::Relabel, GridMethod::BoxPermutation})
    for (bool scramble : {false, true}) {
      GridOptions classic;
      classic.method = method;
      classic.scramble = scramble;
      VariantGridOptions variant;
      variant.method = method;
      variant.scramble = scramble;
      for (std::uint64_t i = 0; i < 20; ++i) {
        const Grid want = make_grid(classic, 3, i);
        EXPECT_EQ(make_variant_grid(*g, variant, 3, i), Cells(want.cells.begin(), want.cells.end()));
      }
    }
}

TEST(VariantGrids, NonConsecutiveRelabelsOnlyByReversal) {
  const GeometryPtr g = parse_geometry("nc");
  const Cells& base = variant_base_grid(*g);
  Cells reversed = base;
  for (auto& d : reversed) d = static_cast<std::uint8_t>(10 - d);
  VariantGridOptions options;
  options.method = GridMethod::Relabel;
  int seen_base = 0, seen_reversed = 0;
  for (std::uint64_t i = 0; i < 40; ++i) {
    const Cells grid = make_variant_grid(*g, options, 5, i);
    seen_base += grid == base;
    seen_reversed += grid == reversed;
  }
  EXPECT_EQ(seen_base + seen_reversed, 40);
  EXPECT_GT(seen_base, 0);
  EXPECT_GT(seen_reversed, 0);
}

TEST(VariantGrids, AGeometryWithNoValidGridIsReported) {
  const GeometryPtr g = parse_geometry("4x4,anti-king");
  for (GridMethod method : {GridMethod::Backtrack, GridMethod::DigitBox}) {
    VariantGridOptions options;
    options.method = method;
    try {
      (void)make_variant_grid(*g, options, 1, 0);
      ADD_FAILURE() << method_name(method) << " made a grid of 4x4,anti-king";
    } catch (const VariantGridError& e) {
      EXPECT_NE(std::string(e.what()).find("4x4,anti-king"), std::string::npos) << e.what();
    }
  }
}

// Unique and minimal by the forward-checking counter (forward_count.hpp): it
// expresses the leaper and nc rules as eliminations, where the exact-cover
// counter only filters, so it checks the few-clue nc puzzles in
// milliseconds. Prints the time spent digging and the time spent counting.
TEST(VariantDigger, PuzzlesOfEveryGeometryAreUniqueAndMinimal) {
  for (const Case& c : cases()) {
    SCOPED_TRACE(c.spelling);
    const GeometryPtr g = parse_geometry(c.spelling);
    test::ForwardCount counter(*g);
    const int n = puzzles_for(c);
    double digging = 0, counting = 0;
    long clues = 0;
    for (int i = 0; i < n; ++i) {
      VariantPuzzle p;
      std::string failure;
      const auto start = std::chrono::steady_clock::now();
      ASSERT_TRUE(make_variant_puzzle(*g, {}, {}, 47, static_cast<std::uint64_t>(i), 64, p, failure)) << failure;
      const auto dug = std::chrono::steady_clock::now();
      ASSERT_NO_FATAL_FAILURE(expect_unique_minimal(*g, counter, p, true)) << "puzzle " << i;
      digging += std::chrono::duration<double>(dug - start).count();
      counting += std::chrono::duration<double>(std::chrono::steady_clock::now() - dug).count();
      clues += p.clues;
    }
    std::printf("%s: %d puzzles (mean %.1f clues) dug in %.2f s, checked in %.2f s\n", c.spelling.c_str(), n,
                n > 0 ? static_cast<double>(clues) / n : 0.0, digging, counting);
    std::fflush(stdout);
  }
}

TEST(VariantDigger, TwentyFiveByTwentyFivePuzzlesAreUnique) {
  const GeometryPtr g = parse_geometry("25x25");
  test::ExactCover dlx = test::exact_cover_of(*g);
  VariantDigOptions dig;
  dig.target_clues = g->cells() * 6 / 10;
  for (std::uint64_t i = 0; i < 2; ++i) {
    VariantPuzzle p;
    std::string failure;
    ASSERT_TRUE(make_variant_puzzle(*g, {}, dig, 9, i, 4, p, failure)) << failure;
    EXPECT_EQ(p.clues, dig.target_clues);
    ASSERT_NO_FATAL_FAILURE(expect_unique_minimal(*g, dlx, p, false));
  }
}

TEST(VariantDigger, SlowGeometriesPuzzlesAreUniqueAtAClueCount) {
  for (const std::string spelling : {"nc", "nc+", "toroidal,nc", "anti-knight,toroidal", "x,anti-knight"}) {
    SCOPED_TRACE(spelling);
    const GeometryPtr g = parse_geometry(spelling);
    test::ExactCover dlx = test::exact_cover_of(*g);
    VariantDigOptions dig;
    dig.target_clues = 26;
    for (std::uint64_t i = 0; i < 2; ++i) {
      VariantPuzzle p;
      std::string failure;
      ASSERT_TRUE(make_variant_puzzle(*g, {}, dig, 11, i, 64, p, failure)) << failure;
      EXPECT_EQ(p.clues, 26);
      ASSERT_NO_FATAL_FAILURE(expect_unique_minimal(*g, dlx, p, false));
    }
  }
}

// The clue pattern keeps every map of the symmetry.
bool pattern_has(const Cells& puzzle, const std::vector<std::vector<int>>& maps) {
  for (const auto& m : maps)
    for (std::size_t c = 0; c < puzzle.size(); ++c)
      if ((puzzle[c] != 0) != (puzzle[static_cast<std::size_t>(m[c])] != 0)) return false;
  return true;
}

TEST(VariantDigger, SymmetricPuzzlesKeepTheGeometrysOwnSymmetries) {
  for (const auto& [spelling, symmetry] : std::vector<std::pair<std::string, Symmetry>>{
           {"x", Symmetry::Rot90}, {"windows", Symmetry::Dihedral}, {"anti-knight", Symmetry::Rot180},
           {"6x6,nc", Symmetry::Mirror}, {"6x6", Symmetry::Rot180}, {"16x16", Symmetry::Diagonal}}) {
    SCOPED_TRACE(spelling);
    const GeometryPtr g = parse_geometry(spelling);
    test::ExactCover dlx = test::exact_cover_of(*g);
    ASSERT_EQ(symmetry_unsupported(*g, symmetry), "");
    VariantDigOptions dig;
    dig.symmetry = symmetry;
    const int n = g->size() >= 16 ? 1 : 10;
    for (int i = 0; i < n; ++i) {
      VariantPuzzle p;
      std::string failure;
      ASSERT_TRUE(make_variant_puzzle(*g, {}, dig, 3, static_cast<std::uint64_t>(i), 64, p, failure)) << failure;
      EXPECT_EQ(p.symmetry, symmetry);
      EXPECT_TRUE(pattern_has(p.puzzle, symmetry_maps(symmetry, g->size()))) << print_cells(*g, p.puzzle);
      EXPECT_TRUE(p.symmetric_minimal);
      ASSERT_NO_FATAL_FAILURE(expect_unique_minimal(*g, dlx, p, false));
      EXPECT_EQ(p.minimal, is_minimal_variant(*g, p.puzzle));
    }
  }
}

TEST(VariantDigger, ASymmetryTheGeometryLacksIsRefusedNamingBoth) {
  const GeometryPtr jigsaw = parse_geometry(kJigsaw9);
  const std::string why = symmetry_unsupported(*jigsaw, Symmetry::Rot180);
  EXPECT_NE(why.find("rot180"), std::string::npos) << why;
  EXPECT_NE(why.find(jigsaw->spelling()), std::string::npos) << why;
  VariantDigOptions dig;
  dig.symmetry = Symmetry::Rot180;
  Engine engine = stream_engine(1, 0);
  EXPECT_THROW(dig_variant(*jigsaw, variant_base_grid(*jigsaw), dig, engine), VariantGridError);
  // 6x6 boxes are 2x3: a quarter turn makes them 3x2.
  EXPECT_NE(symmetry_unsupported(*parse_geometry("6x6"), Symmetry::Rot90), "");
  EXPECT_NE(symmetry_unsupported(*parse_geometry("6x6"), Symmetry::Diagonal), "");
  // Random draws among the geometry's own only.
  dig.symmetry = Symmetry::Random;
  for (std::uint64_t i = 0; i < 10; ++i) {
    VariantPuzzle p;
    std::string failure;
    ASSERT_TRUE(make_variant_puzzle(*parse_geometry("6x6"), {}, dig, 1, i, 64, p, failure)) << failure;
    EXPECT_EQ(symmetry_unsupported(*parse_geometry("6x6"), p.symmetry), "") << symmetry_name(p.symmetry);
  }
}

TEST(VariantDigger, AClueTargetGivesExactlyThatManyClues) {
  const GeometryPtr g = parse_geometry("x");
  test::ExactCover dlx = test::exact_cover_of(*g);
  VariantDigOptions dig;
  dig.target_clues = 30;
  for (std::uint64_t i = 0; i < 10; ++i) {
    VariantPuzzle p;
    std::string failure;
    ASSERT_TRUE(make_variant_puzzle(*g, {}, dig, 2, i, 64, p, failure)) << failure;
    EXPECT_EQ(p.clues, 30);
    ASSERT_NO_FATAL_FAILURE(expect_unique_minimal(*g, dlx, p, false));
  }
  dig.target_clues = 5;  // below any unique X puzzle
  VariantPuzzle p;
  std::string failure;
  EXPECT_FALSE(make_variant_puzzle(*g, {}, dig, 2, 0, 3, p, failure));
  EXPECT_NE(failure.find("5 clues"), std::string::npos) << failure;
}

TEST(VariantDigger, APatternPlacesTheCluesExactly) {
  const GeometryPtr g = parse_geometry("windows");
  test::ExactCover dlx = test::exact_cover_of(*g);
  // The clue places of a minimal puzzle dug from grid 0: that grid fits them.
  VariantPuzzle dug;
  std::string failure;
  ASSERT_TRUE(make_variant_puzzle(*g, {}, {}, 4, 0, 64, dug, failure)) << failure;
  std::string text;
  for (std::uint8_t d : dug.puzzle) text += d != 0 ? 'x' : '.';
  VariantDigOptions dig;
  dig.pattern.emplace();
  ASSERT_TRUE(parse_variant_pattern(*g, text, *dig.pattern, failure)) << failure;
  Engine engine = stream_engine(0, 0);
  const VariantDigResult r = dig_variant(*g, dug.solution, dig, engine);
  ASSERT_TRUE(r.ok) << r.failure;
  EXPECT_EQ(r.puzzle, dug.puzzle);
  EXPECT_TRUE(r.minimal);
  // Malformed patterns name the fault.
  std::vector<bool> pattern;
  EXPECT_FALSE(parse_variant_pattern(*g, text.substr(1), pattern, failure));
  EXPECT_NE(failure.find("80 cells, expected 81"), std::string::npos) << failure;
  EXPECT_FALSE(parse_variant_pattern(*g, "q" + text.substr(1), pattern, failure));
  EXPECT_NE(failure.find("pattern:1:"), std::string::npos) << failure;
}

TEST(VariantDigger, AStopFlagEndsTheDigBetweenRemovalsAndNoFurtherGridIsTried) {
  const GeometryPtr g = parse_geometry("16x16");
  std::atomic<bool> stop{true};
  VariantDigOptions dig;
  dig.stop = &stop;
  Engine engine = stream_engine(1, 0);
  const VariantDigResult r = dig_variant(*g, variant_base_grid(*g), dig, engine);
  EXPECT_FALSE(r.ok);
  EXPECT_EQ(r.failure, "stopped");
  EXPECT_EQ(r.puzzle.size(), 0u);  // nothing half-dug is handed out
  // make_variant_puzzle gives up at once instead of trying its 1,000 grids.
  VariantPuzzle p;
  std::string failure;
  EXPECT_FALSE(make_variant_puzzle(*g, {}, dig, 1, 0, 1000, p, failure));
  EXPECT_EQ(failure, "stopped");
  // Unset, the same dig runs to a puzzle.
  stop = false;
  VariantDigOptions target = dig;
  target.target_clues = 200;
  ASSERT_TRUE(make_variant_puzzle(*g, {}, target, 1, 0, 64, p, failure)) << failure;
  EXPECT_EQ(p.clues, 200);
}

}  // namespace
}  // namespace sudokit
