// The fast solver against ground truth: the rules, the givens, the hard
// published lists, and a second, deliberately simple solver on thousands of
// random puzzles with 0, 1 and 2+ solutions.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "reference_solver.hpp"
#include "sudokit/solver/solve.hpp"
#include "test_data.hpp"

namespace sudokit {
namespace {

void expect_solves(const std::vector<Grid>& puzzles) {
  ASSERT_FALSE(puzzles.empty());
  for (const Grid& p : puzzles) {
    const SolveResult r = solve(p, 2);
    ASSERT_EQ(r.count, 1u) << format_line(p);
    ASSERT_TRUE(is_solution_of(r.solution, p)) << format_line(p);
  }
}

TEST(Solve, AllOfTop95) { expect_solves(test::load_puzzles("puzzles_top95.txt")); }

TEST(Solve, SampleOfTop1465) { expect_solves(test::load_puzzles("puzzles_top1465.txt", 3)); }

TEST(Solve, SampleOf17ClueList) { expect_solves(test::load_puzzles("puzzles_17clue.txt", 20)); }

TEST(Solve, BatchSampleMatchesExpectedOutput) {
  const auto puzzles = test::load_puzzles("poj_sample_input.txt");
  const std::string expected = test::read_file(test::data_path("poj_sample_output.txt"));
  std::string got;
  for (const Grid& p : puzzles) {
    const SolveResult r = solve(p, 2);
    ASSERT_EQ(r.count, 1u);
    got += format_line(r.solution) + "\n";
  }
  EXPECT_EQ(got, expected);
}

TEST(Solve, CountsZeroOneAndMany) {
  Grid empty;
  EXPECT_EQ(solve(empty, 2).count, 2u);
  EXPECT_EQ(solve(empty, 50).count, 50u);
  EXPECT_TRUE(is_solution_of(solve(empty, 1).solution, empty));

  Grid conflicting;
  conflicting[0] = 3;
  conflicting[1] = 3;
  EXPECT_EQ(solve(conflicting, 2).count, 0u);

  // No direct conflict, but r1c9 has no candidate left.
  const Grid dead = test::grid_from(
      "12345678........9................................................................");
  ASSERT_FALSE(find_conflict(dead));
  EXPECT_EQ(solve(dead, 2).count, 0u);

  const Grid unique = test::load_puzzles("puzzles_top95.txt")[0];
  EXPECT_EQ(solve(unique, 10).count, 1u);

  // A complete grid minus a deadly pattern (two cells swapped in two rows) has 2 solutions.
  Grid full = solve(unique, 1).solution;
  Grid two = full;
  // Find a unique rectangle a-b / b-a within one band and two columns of one stack.
  bool made = false;
  for (int r1 = 0; r1 < 9 && !made; ++r1)
    for (int r2 = r1 + 1; r2 < 9 && !made; ++r2)
      for (int c1 = 0; c1 < 9 && !made; ++c1)
        for (int c2 = c1 + 1; c2 < 9 && !made; ++c2) {
          if (box_of(cell_at(r1, c1)) != box_of(cell_at(r2, c1)) && box_of(cell_at(r1, c1)) != box_of(cell_at(r1, c2)))
            continue;
          const int a = full[cell_at(r1, c1)], b = full[cell_at(r1, c2)];
          if (full[cell_at(r2, c1)] == b && full[cell_at(r2, c2)] == a) {
            two[cell_at(r1, c1)] = two[cell_at(r1, c2)] = two[cell_at(r2, c1)] = two[cell_at(r2, c2)] = 0;
            made = true;
          }
        }
  ASSERT_TRUE(made);
  EXPECT_EQ(solve(two, 5).count, 2u);
}

TEST(Solve, InvalidDigitsHaveNoSolution) {
  Grid g;
  g[5] = 12;
  EXPECT_EQ(solve(g, 2).count, 0u);
}

// Random puzzles from known solutions: keep a random subset of cells (often
// several solutions), sometimes change one given (often none).
TEST(Solve, AgreesWithReferenceSolverOnRandomPuzzles) {
  const auto seeds = test::load_puzzles("puzzles_17clue.txt", 500);
  std::mt19937_64 rng(20261123);
  test::ReferenceSolver reference;
  int zero = 0, one = 0, many = 0;
  for (int i = 0; i < 3000; ++i) {
    const Grid base = solve(seeds[static_cast<std::size_t>(i) % seeds.size()], 1).solution;
    Grid p;
    const int keep = 26 + static_cast<int>(rng() % 20);
    std::vector<int> cells(81);
    for (int c = 0; c < 81; ++c) cells[c] = c;
    for (int k = 0; k < keep; ++k) {
      std::swap(cells[k], cells[k + static_cast<int>(rng() % static_cast<std::uint64_t>(81 - k))]);
      p[cells[k]] = base[cells[k]];
    }
    if (rng() % 3 == 0) {
      const int c = cells[static_cast<std::size_t>(rng() % keep)];
      p[c] = static_cast<std::uint8_t>(p[c] % 9 + 1);
    }
    Grid ref_first;
    const unsigned expected = reference.count(p, 3, &ref_first);
    const SolveResult got = solve(p, 3);
    ASSERT_EQ(got.count, expected) << format_line(p);
    if (expected >= 1) {
      ASSERT_TRUE(is_solution_of(got.solution, p)) << format_line(p);
    }
    if (expected == 1) {
      ASSERT_EQ(got.solution, ref_first);
    }
    if (expected == 0) {
      ++zero;
    } else if (expected == 1) {
      ++one;
    } else {
      ++many;
    }
  }
  // The sample must exercise all three outcomes, or the test proves little.
  EXPECT_GT(zero, 100);
  EXPECT_GT(one, 100);
  EXPECT_GT(many, 100);
}

// list_solutions() against the reference count: every solution listed once,
// each one a solution of the grid; at the limit, exactly the limit.
TEST(Solve, ListsEverySolutionUpToTheLimit) {
  const auto seeds = test::load_puzzles("puzzles_17clue.txt", 60);
  std::mt19937_64 rng(20261126);
  test::ReferenceSolver reference;
  int complete = 0, capped = 0;
  for (std::size_t i = 0; i < seeds.size(); ++i) {
    // A random 30 to 45 cells of a solution: from one to thousands of solutions.
    const Grid base = solve(seeds[i], 1).solution;
    Grid p;
    const int keep = 30 + static_cast<int>(rng() % 16);
    for (int kept = 0; kept < keep;) {
      const int c = static_cast<int>(rng() % 81);
      if (!p[c]) p[c] = base[c], ++kept;
    }
    constexpr unsigned kLimit = 64;
    const unsigned expected = reference.count(p, kLimit);
    std::vector<Grid> listed = {Grid{}};  // appended to, never cleared
    const unsigned got = list_solutions(p, kLimit, listed);
    ASSERT_EQ(got, expected) << format_line(p);
    ASSERT_EQ(listed.size(), got + 1);
    EXPECT_EQ(listed.front(), Grid{});
    std::set<Grid> distinct(listed.begin() + 1, listed.end());
    EXPECT_EQ(distinct.size(), got) << "a solution listed twice";
    for (std::size_t k = 1; k < listed.size(); ++k) ASSERT_TRUE(is_solution_of(listed[k], p)) << format_line(p);
    (got < kLimit ? complete : capped)++;
  }
  EXPECT_GT(complete, 5);
  EXPECT_GT(capped, 0);
  std::vector<Grid> none;
  Grid clash;
  clash[0] = clash[1] = 1;  // two 1s in row 1
  EXPECT_EQ(list_solutions(clash, 8, none), 0u);
  EXPECT_TRUE(none.empty());
}

// Minimality by its definition: unique, and every given needed.
bool minimal_by_definition(const Grid& puzzle) {
  if (solve(puzzle, 2).count != 1) return false;
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] == 0) continue;
    Grid g = puzzle;
    g[cell] = 0;
    if (solve(g, 2).count == 1) return false;
  }
  return true;
}

TEST(Solve, IsMinimalAgreesWithTheDefinition) {
  const auto clue17 = test::load_puzzles("puzzles_17clue.txt", 500);  // 17 givens: all minimal
  ASSERT_FALSE(clue17.empty());
  for (const Grid& p : clue17) ASSERT_TRUE(is_minimal(p)) << format_line(p);
  int minimal = 0, not_minimal = 0;
  for (const Grid& p : test::load_puzzles("puzzles_top1465.txt", 5)) {
    const bool m = is_minimal(p);
    ASSERT_EQ(m, minimal_by_definition(p)) << format_line(p);
    (m ? minimal : not_minimal)++;
  }
  EXPECT_GT(minimal, 0);
  EXPECT_GT(not_minimal, 0);
}

TEST(Solve, IsMinimalNeedsOneSolutionAndEveryGiven) {
  const Grid p = test::load_puzzles("puzzles_17clue.txt")[0];
  const Grid solution = solve(p, 1).solution;
  Grid more = p;  // one given more: the 17-clue puzzle is still inside it
  for (int c = 0; c < kCells; ++c)
    if (more[c] == 0) {
      more[c] = solution[c];
      break;
    }
  EXPECT_FALSE(is_minimal(more));
  Grid fewer = p;  // one given less: several solutions
  for (int c = 0; c < kCells; ++c)
    if (fewer[c] != 0) {
      fewer[c] = 0;
      break;
    }
  EXPECT_FALSE(is_minimal(fewer));
  EXPECT_FALSE(is_minimal(Grid{}));
  EXPECT_TRUE(is_minimal(p));
}

// Sparse grids on which a search wandered in subtrees with no solution
// (issue #44; found by tools/bench/solver_worst.cpp, also in the fuzz
// corpus as tests/fuzz/corpus/solver/slow-sparse-issue44-*). The counts are
// tdoku's (limit 2), the first solutions those the plain search gave before
// its guard. The guess counts are the effort, checked without a clock: the
// first grid took the counting search 5.8 million guesses (four digits
// confined to a minirow of two free cells, not seen as a contradiction), the
// next three the plain search 54, 13.6 and 5.5 million, the two after it 75,000
// and 35,000 (dead subtrees under the plain search's choice of branch), the
// last two 8,579 and 7,654 in solve(grid, 2) (the counting search found one
// dead stack again under every combination of its branches elsewhere; its
// choice of branch now weighs the dead ends met, band_solver.inc pick_way()).
// With several solutions, most of the effort is the plain search's, for the
// first solution: its guard's checks (each a counting search to two
// solutions) came every 8 to 32 guesses of a dive that met no dead end; now
// only after a dead end, a state that a solution found earlier fits needs
// none, and a state the counting search's rules refute without a guess is
// skipped without one (the first four grids with several solutions took
// 88-139 and 96-187 guesses before, now 59-115).
TEST(Solve, SparseGridsWithDeadSubtreesTakeFewGuesses) {
  struct Case {
    const char* grid;
    unsigned count;          // tdoku's, limit 2
    const char* first;       // the first solution, when there is one
    std::uint64_t max_guesses;  // for solve(grid, 1) and solve(grid, 2)
  };
  const Case cases[] = {
      {"......836492..5.............68...................................................", 0, "", 8},
      {"....2.1...........7.......5........1.....2.....2.................13....842...1...", 0, "", 8},
      {"....2.1...........7.......3........1.....2...5.2.........2.......63....842...1...", 0, "", 8},
      {"...7..............7...4...3........1..4..2...9.2......37.2........3....8.2.......", 0, "", 8},
      {"..9..71...........7..64...3.....5..1...........2.........2........3....5427......", 2,
       "249537168356182749781649523864725391975413682132968457593276814618394275427851936", 51},
      {"..58.71...........7..64...3.....9..1...........2.........2........4....5427......", 2,
       "245837169368192574719645283584729631673581492192364758856213947931476825427958316", 44},
      {"...428.1....6.3......79...........4...3..2......9........2......3..4.............", 2,
       "356428719729613854148795326872361945493572168615984237984236571537149682261857493", 115},
      {".....2.1..2.1.........9........5..4.3............8..............3..4.............", 2,
       "689432517427165983153798426968357142375214698241689735794523861536841279812976354", 68},
      // Several solutions, 6 clues: the plain search's guard checked every 8
      // guesses of a long dive without a dead end (solve(g, 1) 202-207
      // guesses; 84 and 92 once the allowance grew while no dead end was
      // met; 183 and 187 since solve(g, 1) checks its first state too, which
      // took the next grid from 584 guesses to 1; 78 and 85 since the guard
      // checks only after a dead end and asks the solutions already found
      // first).
      {".......2.............9............4......8.......9.........................5.....", 2,
       "568341729913672854274985316782136945496258173135497268649713582357824691821569437", 78},
      {"...............4.1.......7.............3.................5....2..................", 2,
       "157489263369257481248136975412695837785324619936718524893561742571842396624973158", 85},
      // Several solutions, 6 to 11 clues, found by the worst-case search at
      // 21.3x, 18.8x, 28.0x and 11.3x tdoku's time (solve(g, 2), solve(g, 1):
      // 127 and 180 guesses, 202 and 104, 226 and 202, 181 and 171; the third
      // and fourth found against the guard that checks only after a dead end,
      // 220 and 163, before the plain search's states had to pass the
      // counting search's rules).
      {"........3.5......9..........13.........................7.........................", 2,
       "627589143154236789839147256513862974742913865968475312271354698385691427496728531", 80},
      {".................1..7................3................245........6.....2.........", 2,
       "163245897482379561597861243621594738734182956958736124245617389316958472879423615", 82},
      {".5.7.....62....3.1..........3.......7.5...6.................1.........64...6.....", 2,
       "158739246627458391349126578832567419715943682964281735486395127573812964291674853", 55},
      {".1.........................1.5.9...692.1.3.......................................", 2,
       "612835974593724618784619325135497286928163457467258139246571893351986742879342561", 77},
      // 8 clues: the states the counting search's rules refute were skipped
      // without counting as dead ends, so the guard never checked a wander
      // among them (40,154 guesses, 6,957x tdoku; 164 and 176 before).
      {".1.....2....1....9.........8.5...3.6....1................6......3.8........5.....", 2,
       "719483625346152789258796134895247316462315897173968452527631948634829571981574263", 127},
      // No solution: the counting search's checks below the plain search's
      // first, unchecked guesses (2,402 guesses in solve(g, 1) before the
      // dead-end weights, 51,511 with weights that never faded, 584 with
      // fading ones; 1 since solve(g, 1) checks its first state), and the
      // counting search itself (2,410, 20,485; tdoku 2,239).
      // Several solutions, 9 and 12 clues: the worst of main's worst-case
      // search (17.1x tdoku, 190 guesses: the plain search's guard counted
      // states to two solutions on entry, 29-57 guesses each), now 85 since
      // a dead end checks the states on its path, deepest first (one
      // counting search, limit 1, each); and the worst of the search after
      // that change (12.4x, tdoku 35 guesses), where the counting search
      // alone takes 95 of the 127.
      {"...8............8.........1.6...8..3..4...81..................................24.", 2,
       "716849352593217684428563791165798423274356819389124567647982135852431976931675248", 85},
      {".2....49.........8..........5..............8.........7........9....5...3....9....", 2,
       "526738491741926538398415762859267314217349685463581927635172849982654173174893256", 127},
      // The worst of the worst-case search of 2026-11-28 13:45 (17.6x
      // tdoku's time, tdoku 30 guesses): 11 clues, two solutions, the
      // counting search alone 111 of the 145.
      {".2....3..........9.....5....5..............8.........7........6....2...3........4", 2,
       "821796345537248169946315278658972431379164582214583697183459726495627813762831954", 145},
      // Several solutions, 14, 22 and 13 clues, that other choices of
      // branch in the counting search make slow (tdoku 27, 21 and 28
      // guesses; counting alone 29, 19 and 29 here). solve(g, 2) when the
      // counting search takes a digit with two ways from any unit once the
      // chosen unit has none: 1,661, 47 and 66 guesses (those branches took
      // the dead ends, hence the weight, away from the unit holding the
      // contradiction); only from units scoring at most twice the chosen
      // one's: 54, 41 and 198; the digit with the least (ways - 1) / (1 +
      // its dead ends) over every unit: 57, 119 and 58.
      {"............6..1....6..9..82...............4.5..7....1....1.98.................1.", 2,
       "829137456357648129146259738278461395631592847594783261762315984915824673483976512", 55},
      {".......9....5......4.1..........3...236891574.9.724...6...............15.2.......", 2,
       "751246398862539741943178256417653829236891574598724163685417932374982615129365487", 41},
      {".........7.6..8..9....6.837...................51..2...........8....1.............", 2,
       "238794156716358249549261837472836591983175624651942783164523978827419365395687412", 60},
      {"....9.3..7.....984...3......8...4.....4..7.3......8.41..7....2..........4.......3", 0, "", 8},
      {"....9....7......841..3.....568..4....2...7........8.........1.7.7....8..........9", 0, "", 498},
  };
  for (const Case& c : cases) {
    const Grid g = test::grid_from(c.grid);
    const SolveResult one = solve(g, 1), two = solve(g, 2);
    EXPECT_EQ(two.count, c.count) << c.grid;
    EXPECT_EQ(count_solutions(g, 2), c.count) << c.grid;
    EXPECT_EQ(one.count, c.count > 0 ? 1u : 0u) << c.grid;
    EXPECT_LE(one.guesses, c.max_guesses) << c.grid;
    EXPECT_LE(two.guesses, c.max_guesses) << c.grid;
    if (c.count == 0) continue;
    EXPECT_TRUE(is_solution_of(one.solution, g)) << c.grid;
    EXPECT_EQ(format_line(one.solution), c.first) << c.grid;
    EXPECT_EQ(two.solution, one.solution) << c.grid;
    // Two solutions: some cell of the first can hold another digit.
    bool other = false;
    for (int cell = 0; cell < kCells && !other; ++cell) {
      if (g[cell] != 0) continue;
      const SolveResult ex = solve_excluding(g, cell, one.solution[cell], 1);
      if (ex.count == 0) continue;
      EXPECT_TRUE(is_solution_of(ex.solution, g)) << c.grid;
      other = true;
    }
    EXPECT_TRUE(other) << c.grid;
  }
}

// Which solution comes first when there are several is part of the contract
// (generated grids, `solve --any`, the digger): counting uses a stronger
// search than finding, so every limit must still give the plain search's
// first solution, and that solution must stay the one earlier versions gave
// (the fingerprint was taken before the counting search changed).
TEST(Solve, FirstOfSeveralSolutionsIsStable) {
  const auto seeds = test::load_puzzles("puzzles_17clue.txt", 100);
  std::mt19937_64 rng(20261126);
  std::uint64_t fingerprint = 0;
  int several = 0;
  for (int i = 0; i < 2000; ++i) {
    const Grid base = solve(seeds[static_cast<std::size_t>(i) % seeds.size()], 1).solution;
    Grid p;
    const int keep = 12 + static_cast<int>(rng() % 24);
    for (int k = 0; k < keep; ++k) {
      const auto c = static_cast<int>(rng() % 81);
      p[c] = base[c];
    }
    const SolveResult one = solve(p, 1), two = solve(p, 2), many = solve(p, 7);
    ASSERT_EQ(one.count, 1u) << format_line(p);
    ASSERT_EQ(two.solution, one.solution) << format_line(p);
    ASSERT_EQ(many.solution, one.solution) << format_line(p);
    several += two.count == 2;
    for (int c = 0; c < kCells; ++c) fingerprint = fingerprint * 31 + one.solution[c];
    fingerprint = fingerprint * 1000003 + many.count;
  }
  EXPECT_GT(several, 1500);
  EXPECT_EQ(fingerprint, 11433054792109791024ull);
}

// The kernels (the same search compiled for wider instruction sets) take the
// same steps as the baseline: same counts, first solutions, guesses and
// solution lists, on hard puzzles and on random ones with 0, 1 and many
// solutions, for the plain search, the counting one and solve_excluding.
TEST(Solve, EveryKernelTakesTheSameSteps) {
  const std::vector<std::string> kernels = solver_kernels();
  ASSERT_FALSE(kernels.empty());
  EXPECT_EQ(kernels.back(), "baseline");
  const std::string was = solver_kernel();
  EXPECT_FALSE(use_solver_kernel("no such kernel"));
  EXPECT_EQ(solver_kernel(), was);

  std::vector<Grid> puzzles = test::load_puzzles("puzzles_top95.txt");
  const auto seeds = test::load_puzzles("puzzles_17clue.txt", 50);
  std::mt19937_64 rng(20261127);
  for (int i = 0; i < 600; ++i) {
    const Grid base = solve(seeds[static_cast<std::size_t>(i) % seeds.size()], 1).solution;
    Grid p;
    const int keep = 20 + static_cast<int>(rng() % 20);
    for (int k = 0; k < keep; ++k) {
      const auto c = static_cast<int>(rng() % 81);
      p[c] = base[c];
    }
    if (rng() % 4 == 0) p[rng() % 81] = static_cast<std::uint8_t>(1 + rng() % 9);
    puzzles.push_back(p);
  }
  struct Answers {
    std::vector<unsigned> counts;
    std::vector<std::uint64_t> guesses;
    std::vector<Grid> solutions;
    bool operator==(const Answers&) const = default;
  };
  auto answers = [&] {
    Answers a;
    for (const Grid& p : puzzles) {
      for (const unsigned limit : {1u, 2u, 5u}) {
        const SolveResult r = solve(p, limit);
        a.counts.push_back(r.count);
        a.guesses.push_back(r.guesses);
        a.solutions.push_back(r.solution);
      }
      a.counts.push_back(count_solutions(p, 2));
      a.counts.push_back(list_solutions(p, 4, a.solutions));
      int cell = 0;
      while (cell < kCells - 1 && p[cell] != 0) ++cell;
      const SolveResult other = solve_excluding(p, cell, 1 + cell % 9, 2);
      a.counts.push_back(other.count);
      a.guesses.push_back(other.guesses);
      a.solutions.push_back(other.solution);
    }
    return a;
  };
  ASSERT_TRUE(use_solver_kernel("baseline"));
  const Answers expected = answers();
  std::set<unsigned> outcomes(expected.counts.begin(), expected.counts.end());
  EXPECT_TRUE(outcomes.count(0) && outcomes.count(1) && outcomes.count(2) && outcomes.count(4));
  for (const std::string& k : kernels) {
    ASSERT_TRUE(use_solver_kernel(k));
    EXPECT_EQ(solver_kernel(), k);
    EXPECT_TRUE(answers() == expected) << "kernel " << k;
  }
  ASSERT_TRUE(use_solver_kernel(was));
}

}  // namespace
}  // namespace sudokit
