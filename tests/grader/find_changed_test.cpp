// Producer::find_changed: what a dynamic chain asks of the rules it runs on
// its reduced grid. It may leave out only steps that rely on no removed
// candidate, and keeps find()'s order. Checked on hard puzzles with random
// non-solution candidates removed: the steps it reports are find()'s in
// order, and every step it leaves out is a pattern the board had before the
// removals (the same technique, houses, digits, cells and chain), which is
// why it has no rule parents. The boards are the puzzles' first and ones
// along their rating paths.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "grader_test_util.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::grader {
namespace {

// What makes a step the same pattern: everything but its eliminations (a
// lock's or a cycle's victims can differ once candidates outside it go).
// An ALS wing's name and detail follow from its eliminations (doubly linked
// or not, which digit is restricted), so its pattern is its cells, digits
// and rating.
std::string pattern(const Step& s) {
  std::ostringstream key;
  if (s.technique == Technique::WXYZWing || s.technique == Technique::VWXYZWing ||
      s.technique == Technique::UVWXYZWing || s.technique == Technique::TUVWXYZWing) {
    key << "wing " << int(s.technique) << ',' << s.difficulty << ',' << int(s.digits) << '|';
    s.cells.for_each([&](int c) { key << c << ' '; });
    return key.str();
  }
  key << s.name() << '|' << int(s.unit) << ',' << int(s.unit2) << ',' << s.units << ',' << int(s.digits) << '|';
  s.cells.for_each([&](int c) { key << c << ' '; });
  key << '|' << s.detail.substr(0, s.detail.find(" => "));
  return key.str();
}

std::string whole(const Step& s) {
  std::ostringstream key;
  key << pattern(s) << '|' << int(s.place_cell) << '=' << int(s.place_digit) << '|';
  for (int c = 0; c < kCells; ++c)
    if (s.removals[c]) key << c << ':' << int(s.removals[c]) << ' ';
  return key.str();
}

struct Case {
  const char* name;
  std::function<std::unique_ptr<Producer>()> make;
};

// Changes: the houses and cells of the removals, per digit and for any
// digit, checked against the houses listed cell by cell.
TEST(FindChanged, ChangesListTheHousesAndCellsOfTheRemovals) {
  Removed removed{};
  removed[5].add(0);    // r1c1: box 1, row 1, column 1
  removed[5].add(80);   // r9c9: box 9, row 9, column 9
  removed[7].add(40);   // r5c5
  const Changes changes(removed);
  std::uint32_t any = 0;
  CellSet cells;
  for (int d = 1; d <= 9; ++d) {
    std::uint32_t houses = 0;
    removed[static_cast<std::size_t>(d)].for_each([&](int c) {
      for (int u : kCellUnits[static_cast<std::size_t>(c)]) houses |= 1u << u;
    });
    EXPECT_EQ(changes.houses(d), houses) << d;
    EXPECT_EQ(changes.removed[static_cast<std::size_t>(d)], removed[static_cast<std::size_t>(d)]) << d;
    any |= houses;
    cells |= removed[static_cast<std::size_t>(d)];
  }
  EXPECT_EQ(changes.houses(0), any);
  EXPECT_EQ(changes.cells(), cells);
  EXPECT_EQ(__builtin_popcount(changes.houses(5)), 6);
  EXPECT_EQ(changes.houses(1), 0u);
  // set() starts afresh, also once the houses were worked out.
  Changes again(removed);
  EXPECT_EQ(again.houses(0), any);
  again.set(Removed{});
  EXPECT_EQ(again.houses(0), 0u);
  EXPECT_TRUE(again.cells().empty());
}

TEST(FindChanged, LeavesOutOnlyStepsTheBoardHadBefore) {
  const std::vector<Case> cases = {
      {"locking", [] { return make_locking(false); }},
      {"hidden pair", [] { return make_hidden_set(2, false); }},
      {"naked pair", [] { return make_naked_set(2); }},
      {"x-wing", [] { return make_fish(2); }},
      {"forcing chains & cycles (nesting)", [] { return make_forcing_chains_and_cycles(true); }},
  };
  const auto puzzles = sudokit::test::load_puzzles("puzzles_top95.txt");
  std::mt19937 rng(20261126);
  Grader grader;
  for (const Case& c : cases) {
    auto producer = c.make();
    auto reference = c.make();
    std::size_t kept = 0, left_out = 0;
    for (std::size_t run = 0; run < 2 * puzzles.size(); ++run) {
      // Every fourth puzzle's first board, and every fourth from the second
      // on, twelve steps along its rating path, where cells hold fewer
      // candidates and a removal more often makes a new pattern (a naked
      // pair with a changed cell).
      const bool along = run >= puzzles.size();
      const std::size_t i = along ? run - puzzles.size() : run;
      if (i % 4 != (along ? 1 : 0)) continue;
      Board before(puzzles[i]);
      Step step;
      for (int k = 0; along && k < 12 && !before.solved() && grader.next_step(before, step); ++k) before.apply(step);
      const Grid solution = solve(puzzles[i], 1).solution;
      // Remove some candidates that are not the solution's, as a chain's run does.
      Board now = before;
      std::vector<int> options;
      for (int cell = 0; cell < kCells; ++cell)
        for_each_digit(before.candidates(cell), [&](int d) {
          if (d != solution[cell]) options.push_back(cell * 10 + d);
        });
      std::shuffle(options.begin(), options.end(), rng);
      const std::size_t n = 3 + i % 13;
      for (std::size_t k = 0; k < n && k < options.size(); ++k) now.eliminate(options[k] / 10, options[k] % 10);

      const std::vector<Step> all = test::all_steps(*reference, now);
      AllSteps changed;
      producer->find_changed(now, before, changed);
      std::set<std::string> had;
      for (const Step& s : test::all_steps(*reference, before)) had.insert(pattern(s));
      // changed.steps is a subsequence of all, and what it skips the board had before.
      std::size_t j = 0;
      for (const Step& s : all) {
        if (j < changed.steps.size() && whole(changed.steps[j]) == whole(s)) {
          ++j;
          ++kept;
          continue;
        }
        ++left_out;
        EXPECT_TRUE(had.count(pattern(s))) << c.name << ", puzzle " << i << ": left out " << s.name() << " "
                                           << s.detail << ", which is new since the removals";
      }
      EXPECT_EQ(j, changed.steps.size()) << c.name << ", puzzle " << i << ": reports a step find() does not, or out of order";
    }
    // The filter is exercised both ways.
    EXPECT_GT(kept, 0u) << c.name;
    EXPECT_GT(left_out, 0u) << c.name;
  }
}

// The rating loop's use: a producer that found nothing on a board of the
// run is later asked only for what the removals since could have made. On
// the boards of real rating paths (placements included), for the producers
// of the default list up to the forcing chains: what find_changed() leaves
// out, the earlier board had as a pattern, so a producer that found nothing
// there loses nothing.
TEST(FindChanged, LeavesOutOnlyStepsAnEarlierBoardOfTheRunHad) {
  const auto puzzles = sudokit::test::load_puzzles("puzzles_top95.txt");
  auto producers = default_producers();
  auto references = default_producers();
  Grader grader;
  std::vector<std::size_t> kept(producers.size()), left_out(producers.size());
  for (std::size_t i = 0; i < puzzles.size(); i += 6) {
    // Boards of the rating path, `gap` steps apart (1 to 5).
    std::vector<Board> path{Board(puzzles[i])};
    Step step;
    while (!path.back().solved() && path.size() < 40 && grader.next_step(path.back(), step)) {
      path.push_back(path.back());
      path.back().apply(step);
    }
    const std::size_t gap = 1 + i % 5;
    for (std::size_t b = 0; b + gap < path.size(); b += 7) {
      const Board& before = path[b];
      const Board& now = path[b + gap];
      const Removed removed = removed_candidates(now, before);
      // Producers 27 on narrow nothing outside a dynamic chain (and list
      // every hint slowly), but for aligned triplet exclusion (29) and
      // Nishio (30): the first 26, 29 and 30.
      for (std::size_t p = 0; p < 30; ++p) {
        if (p == 26 || p == 27) continue;
        const std::vector<Step> all = test::all_steps(*references[p], now);
        AllSteps changed;
        producers[p]->find_changed(now, removed, changed);
        std::set<std::string> had;
        for (const Step& s : test::all_steps(*references[p], before)) had.insert(pattern(s));
        std::size_t j = 0;
        for (const Step& s : all) {
          if (j < changed.steps.size() && whole(changed.steps[j]) == whole(s)) {
            ++j;
            ++kept[p];
            continue;
          }
          ++left_out[p];
          EXPECT_TRUE(had.count(pattern(s))) << "producer " << p + 1 << ", puzzle " << i << ", step " << b << "+"
                                             << gap << ": left out " << s.name() << " " << s.detail
                                             << ", which is new since the earlier board";
        }
        EXPECT_EQ(j, changed.steps.size()) << "producer " << p + 1 << ", puzzle " << i
                                           << ": reports a step find() does not, or out of order";
      }
    }
  }
  // The narrowing producers leave something out: locks (direct and not),
  // hidden and naked sets, fish, strong links, XY- and XYZ-wings, ALS wings,
  // aligned exclusions and Nishio.
  for (std::size_t p : {1, 2, 5, 6, 7, 8, 12, 13, 14, 20, 23, 24, 25, 28, 29})
    EXPECT_GT(left_out[p], 0u) << "producer " << p + 1;
}

}  // namespace
}  // namespace sudokit::grader
