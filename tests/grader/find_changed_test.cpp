// Producer::find_changed: what a dynamic chain asks of the rules it runs on
// its reduced grid. It may leave out only steps that rely on no removed
// candidate, and keeps find()'s order. Checked on hard puzzles with random
// non-solution candidates removed: the steps it reports are find()'s in
// order, and every step it leaves out is a pattern the board had before the
// removals (the same technique, houses, digits, cells and chain), which is
// why it has no rule parents.
#include <gtest/gtest.h>

#include <functional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "grader_test_util.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::grader {
namespace {

// What makes a step the same pattern: everything but its eliminations (a
// lock's or a cycle's victims can differ once candidates outside it go).
std::string pattern(const Step& s) {
  std::ostringstream key;
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
  for (const Case& c : cases) {
    auto producer = c.make();
    auto reference = c.make();
    std::size_t kept = 0, left_out = 0;
    for (std::size_t i = 0; i < puzzles.size(); i += 4) {
      const Board before(puzzles[i]);
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

}  // namespace
}  // namespace sudokit::grader
