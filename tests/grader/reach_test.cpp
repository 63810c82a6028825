// ImplicationReach (grader/src/reach.hpp): what each potential reaches in the
// static implication graph, checked against a plain breadth-first search per
// potential on the boards of real rating paths, for each rule set (X links
// only, built digit by digit; X and Y links; Y links only), with dead-end
// "off"s in the graph and left out; reach_in_common against the
// intersection of those searches; and the components against mutual reach.
// The chain producers skip searches and runs on its answers, so a wrong "no"
// would lose hints.
#include <gtest/gtest.h>

#include <array>
#include <vector>

#include "../../grader/src/reach.hpp"
#include "grader_test_util.hpp"
#include "sudokit/grader/grade.hpp"

namespace sudokit::grader {
namespace {

// Every potential reachable from `from`, by the rules reach.hpp states.
std::array<bool, 1620> bfs(const Board& b, int from, bool y, bool x) {
  std::array<bool, 1620> seen{};
  std::vector<int> queue{from};
  seen[static_cast<std::size_t>(from)] = true;
  auto add = [&](int c, int d, bool on) {
    const int k = potential_key(c, d, on);
    if (!seen[static_cast<std::size_t>(k)]) {
      seen[static_cast<std::size_t>(k)] = true;
      queue.push_back(k);
    }
  };
  for (std::size_t i = 0; i < queue.size(); ++i) {
    const int c = queue[i] / 20, d = (queue[i] / 2) % 10;
    if (queue[i] & 1) {
      for (int p = 0; p < kCells; ++p)
        if (p != c && sees(c, p) && b.has(p, d)) add(p, d, false);
      if (y)
        for_each_digit(b.candidates(c), [&](int e) {
          if (e != d) add(c, e, false);
        });
    } else {
      if (x)
        for (int u : kCellUnits[static_cast<std::size_t>(c)]) {
          const CellSet where = b.digit_cells(d) & kUnitSet[static_cast<std::size_t>(u)];
          if (where.size() == 2 && where.has(c)) (where - CellSet::of(c)).for_each([&](int p) { add(p, d, true); });
        }
      if (y && popcount(b.candidates(c)) == 2)
        for_each_digit(b.candidates(c), [&](int e) {
          if (e != d) add(c, e, true);
        });
    }
  }
  return seen;
}

std::vector<Board> path_boards() {
  const auto puzzles = sudokit::test::load_puzzles("puzzles_top95.txt");
  Grader grader;
  std::vector<Board> out;
  for (std::size_t i = 0; i < puzzles.size() && out.size() < 12; i += 8) {
    Board board(puzzles[i]);
    Step step;
    for (int n = 0; n < 40 && !board.solved() && grader.next_step(board, step); ++n) {
      if (n % 13 == 5) out.push_back(board);
      board.apply(step);
    }
  }
  return out;
}

// Every potential of the board's candidates, "on" and "off".
std::vector<int> potentials(const Board& b) {
  std::vector<int> pots;
  for (int c = 0; c < kCells; ++c)
    if (b.value(c) == 0)
      for_each_digit(b.candidates(c), [&](int d) {
        pots.push_back(potential_key(c, d, true));
        pots.push_back(potential_key(c, d, false));
      });
  return pots;
}

TEST(ImplicationReach, AgreesWithABreadthFirstSearchFromEveryPotential) {
  const std::vector<Board> boards = path_boards();
  ASSERT_GE(boards.size(), 8u);
  struct Rules {
    bool y, x, dead_ends;
  };
  long reached = 0, not_reached = 0;
  for (const Board& b : boards) {
    const std::vector<int> pots = potentials(b);
    for (const Rules r : {Rules{false, true, false}, Rules{true, true, false}, Rules{true, true, true},
                          Rules{true, false, true}}) {
      ImplicationReach reach;
      reach.start(b, r.y, r.x, r.dead_ends);
      for (std::size_t i = 0; i < pots.size(); i += 3) {
        const int from = pots[i];
        const auto expected = bfs(b, from, r.y, r.x);
        for (int to : pots) {
          // Without Y links only the digit's own potentials are asked about.
          if (!r.y && (to / 2) % 10 != (from / 2) % 10) continue;
          const bool got = reach.reaches(from, to);
          ASSERT_EQ(got, expected[static_cast<std::size_t>(to)])
              << "y " << r.y << " x " << r.x << " dead ends " << r.dead_ends << ": " << from << " -> " << to;
          (got ? reached : not_reached) += 1;
        }
      }
    }
  }
  EXPECT_GT(reached, 1000);
  EXPECT_GT(not_reached, 1000);
}

// The cycle searches make only the potentials of their start's component
// (chains.cpp, cycles): a component must be exactly the potentials that
// reach each other, and its members list them all.
TEST(ImplicationReach, ComponentsAreThePotentialsThatReachEachOther) {
  long together = 0, apart = 0, left_out = 0;
  for (const Board& b : path_boards()) {
    const std::vector<int> pots = potentials(b);
    for (const bool y : {true, false}) {
      ImplicationReach reach;
      reach.start(b, y, true, false);
      std::vector<std::array<bool, 1620>> from(pots.size());
      for (std::size_t i = 0; i < pots.size(); ++i) from[i] = bfs(b, pots[i], y, true);
      for (std::size_t i = 0; i < pots.size(); ++i) {
        const int a = pots[i];
        const int comp = reach.component(a);
        if (comp < 0) {
          // Only a dead-end "off" is left out: it makes nothing on.
          ASSERT_FALSE(a & 1) << a;
          for (int to : pots) ASSERT_TRUE(to == a || !from[i][static_cast<std::size_t>(to)]) << a << " -> " << to;
          ++left_out;
          continue;
        }
        const ImplicationReach::Members m = reach.members(comp);
        int listed = 0;
        for (int k = 0; k < m.count; ++k) listed += m.first[k] == a;
        ASSERT_EQ(listed, 1) << a;
        for (std::size_t j = 0; j < pots.size(); ++j) {
          const int b2 = pots[j];
          if (!y && (b2 / 2) % 10 != (a / 2) % 10) continue;  // one digit's build at a time
          const int other = reach.component(b2);
          const bool mutual = from[i][static_cast<std::size_t>(b2)] && from[j][static_cast<std::size_t>(a)];
          ASSERT_EQ(other == comp, mutual && other >= 0) << "y " << y << ": " << a << " and " << b2;
          (mutual ? together : apart) += 1;
        }
        for (int k = 0; k < m.count; ++k) ASSERT_EQ(reach.component(m.first[k]), comp);
      }
    }
  }
  EXPECT_GT(together, 1000);
  EXPECT_GT(apart, 1000);
  EXPECT_GT(left_out, 100);
}

// The forcing chains' X pass asks the graph with X and Y links whether an
// assumption can reach its negation (chains.cpp, may_contradict): sound only
// while every X-link path is a path of that graph too.
TEST(ImplicationReach, WithYLinksReachesEverythingXLinksReach) {
  long x_paths = 0, y_only = 0;
  for (const Board& b : path_boards()) {
    ImplicationReach x_only, both;
    x_only.start(b, false, true, false);
    both.start(b, true, true, false);
    for (int c = 0; c < kCells; ++c)
      if (b.value(c) == 0)
        for_each_digit(b.candidates(c), [&](int d) {
          for (bool on : {true, false}) {
            const int from = potential_key(c, d, on);
            for (int p = 0; p < kCells; ++p)
              if (b.has(p, d))
                for (bool to_on : {true, false}) {
                  const int to = potential_key(p, d, to_on);
                  const bool by_x = x_only.reaches(from, to), by_xy = both.reaches(from, to);
                  ASSERT_TRUE(!by_x || by_xy) << from << " -> " << to;
                  x_paths += by_x;
                  y_only += by_xy && !by_x;
                }
          }
        });
  }
  EXPECT_GT(x_paths, 1000);
  EXPECT_GT(y_only, 1000);  // the looser test: more "yes"
}

TEST(ImplicationReach, InCommonIsTheIntersectionOfTheSearches) {
  int common = 0, none = 0;
  for (const Board& b : path_boards()) {
    ImplicationReach reach;
    reach.start(b, true, true, true);
    for (int c = 0; c < kCells; ++c) {
      if (b.value(c) != 0 || popcount(b.candidates(c)) < 2) continue;
      std::vector<int> from;
      std::array<bool, 1620> all{};
      all.fill(true);
      for_each_digit(b.candidates(c), [&](int d) {
        from.push_back(potential_key(c, d, true));
        const auto one = bfs(b, from.back(), true, true);
        for (std::size_t k = 0; k < all.size(); ++k) all[k] = all[k] && one[k];
      });
      bool expected = false;
      for (bool v : all) expected = expected || v;
      EXPECT_EQ(reach.reach_in_common(from.data(), static_cast<int>(from.size())), expected) << "cell " << c;
      (expected ? common : none) += 1;
    }
  }
  EXPECT_GT(common, 10);
  EXPECT_GT(none, 10);
}

}  // namespace
}  // namespace sudokit::grader
