// The general kernel (solve_any.hpp) against ground truth: the independent
// exact-cover counter (exact_cover.hpp, itself checked against the reference
// solver on classic grids), random puzzles of every geometry with 0, 1 and
// 2+ solutions, the classic kernel on classic puzzles, known grid counts,
// and a rule checker written here for every solution returned.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <thread>

#include "exact_cover.hpp"
#include "reference_solver.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/solve_any.hpp"
#include "test_data.hpp"

namespace sudokit {
namespace {

using Cells = std::vector<std::uint8_t>;

constexpr const char* kJigsaw9 =
    "jigsaw:AAAABBBBBAAACCBBBBAACCCDDDDEECCDDDDFEEECCDGFFEEHHGGGFFEHHHGGGFFEHHIIGGFFHHIIIIIII";

const std::vector<std::string>& spellings() {
  static const std::vector<std::string> s = {
      "4x4", "4x4:none", "6x6", "6x6:3x2", "8x8", "12x12", "16x16", "none", "x", "windows",
      "x,windows", "anti-knight", "anti-king", "anti-knight,toroidal", "nc", "nc+", "x,anti-knight",
      "6x6,nc", "jigsaw:AAABCADBCCDBCDDB", kJigsaw9, std::string(kJigsaw9) + ",x"};
  return s;
}


// The rules, checked directly: a full grid, each house all digits, peers
// different, adjacent cells not consecutive, the givens kept.
bool follows_rules(const Geometry& g, const Cells& s, const Cells& puzzle) {
  if (static_cast<int>(s.size()) != g.cells()) return false;
  for (int c = 0; c < g.cells(); ++c) {
    const int d = s[static_cast<std::size_t>(c)];
    if (d < 1 || d > g.size()) return false;
    if (puzzle[static_cast<std::size_t>(c)] != 0 && puzzle[static_cast<std::size_t>(c)] != d) return false;
    for (int p : g.peers(c))
      if (s[static_cast<std::size_t>(p)] == d) return false;
    for (int a : g.adjacent(c))
      if (test::consecutive_digits(g, d, s[static_cast<std::size_t>(a)])) return false;
  }
  for (const auto& h : g.houses()) {
    std::vector<bool> seen(static_cast<std::size_t>(g.size()) + 1, false);
    for (int c : h) seen[s[static_cast<std::size_t>(c)]] = true;
    if (std::count(seen.begin() + 1, seen.end(), true) != g.size()) return false;
  }
  return true;
}


Cells random_grid(const Geometry& g, std::uint64_t seed) {
  AnySolveOptions o;
  o.shuffle_seed = seed;
  const AnySolveResult r = solve_any(g, Cells(static_cast<std::size_t>(g.cells()), 0), 1, o);
  EXPECT_EQ(r.count, 1u) << g.spelling();
  EXPECT_TRUE(follows_rules(g, r.solution, Cells(static_cast<std::size_t>(g.cells()), 0))) << g.spelling();
  return r.solution;
}

// Puzzles from a full grid: keep a random fraction of the clues; then some
// with a given changed (often no solution). The exact-cover counter checks
// the non-consecutive rule only as it fills cells, so sparse nc grids take it
// seconds: those keep more clues.
std::vector<Cells> random_puzzles(const Geometry& g, const Cells& full, std::mt19937_64& rng, int count) {
  std::vector<Cells> out;
  const bool nc = !g.adjacent(0).empty();
  std::uniform_real_distribution<double> keep_from(g.size() >= 12 ? 0.45 : nc ? 0.3 : 0.2, 0.7);
  for (int i = 0; i < count; ++i) {
    const double keep = keep_from(rng);
    Cells p = full;
    std::bernoulli_distribution drop(1.0 - keep);
    for (auto& v : p)
      if (drop(rng)) v = 0;
    if (i % 4 == 3) {  // change one given
      std::vector<int> given;
      for (int c = 0; c < g.cells(); ++c)
        if (p[static_cast<std::size_t>(c)] != 0) given.push_back(c);
      if (!given.empty()) {
        const int c = given[rng() % given.size()];
        p[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(1 + (p[static_cast<std::size_t>(c)] % g.size()));
      }
    }
    out.push_back(p);
  }
  return out;
}

Grid ReferenceSolverFirst(const Grid& p) {
  Grid first;
  test::ReferenceSolver().count(p, 1, &first);
  return first;
}

bool sees_given(const Grid& g, int cell, int d) {
  for (int p : kPeers[cell])
    if (g[p] == d) return true;
  return false;
}

TEST(ExactCover, MatchesReferenceSolverOnClassic) {
  const GeometryPtr& g = classic_geometry();
  test::ExactCover dlx = test::exact_cover_of(*g);
  test::ReferenceSolver ref;
  // The plain reference solver takes seconds on some 17-clue puzzles, and
  // far longer to prove one has no solution: a subset, and the grids without
  // a solution made from the denser top95 puzzles.
  std::vector<Grid> puzzles = test::load_puzzles("puzzles_17clue.txt", 12000);
  ASSERT_GE(puzzles.size(), 4u);
  // Several solutions: a 17-clue puzzle less a clue; none: a clue changed.
  const std::size_t base = puzzles.size();
  for (std::size_t i = 0; i < base; ++i) {
    Grid fewer = puzzles[i];
    for (int c = 0; c < kCells; ++c)
      if (fewer[c] != 0) { fewer[c] = 0; break; }
    puzzles.push_back(fewer);
  }
  const std::vector<Grid> top95 = test::load_puzzles("puzzles_top95.txt", 9);
  for (const Grid& p : top95) {
    const Grid full = ReferenceSolverFirst(p);
    Grid changed = p;
    for (int c = 0; c < kCells; ++c)  // an empty cell given a digit the solution does not have there
      if (changed[c] == 0) {
        for (int d = 1; d <= 9; ++d)
          if (d != full[c] && !sees_given(changed, c, d)) { changed[c] = static_cast<std::uint8_t>(d); break; }
        if (changed[c] != 0) break;
      }
    puzzles.push_back(changed);
  }
  Grid conflicting;
  conflicting[0] = conflicting[1] = 3;
  puzzles.push_back(conflicting);
  puzzles.push_back(test::grid_from(
      "12345678........9................................................................"));
  unsigned seen[3] = {0, 0, 0};
  for (const Grid& p : puzzles) {
    const Cells cells(p.cells.begin(), p.cells.end());
    Cells first;
    const unsigned got = dlx.count(cells, 2, &first);
    ASSERT_EQ(got, ref.count(p, 2)) << format_line(p);
    if (got > 0) {
      EXPECT_TRUE(follows_rules(*g, first, cells)) << format_line(p);
    }
    ++seen[got];
  }
  EXPECT_GT(seen[0], 0u);
  EXPECT_GT(seen[1], 0u);
  EXPECT_GT(seen[2], 0u);
}

TEST(ExactCover, GivensThatBreakAHouseHaveNoSolution) {
  const GeometryPtr g = parse_geometry("4x4");
  test::ExactCover dlx = test::exact_cover_of(*g);
  for (auto [a, b] : {std::pair{0, 1}, std::pair{0, 4}, std::pair{0, 5}, std::pair{10, 15}, std::pair{3, 15}}) {
    Cells p(16, 0);
    p[static_cast<std::size_t>(a)] = p[static_cast<std::size_t>(b)] = 2;
    EXPECT_EQ(dlx.count(p, 2), 0u) << a << " " << b;
    EXPECT_EQ(count_solutions(*g, p, 2), 0u) << a << " " << b;
    p[static_cast<std::size_t>(b)] = 3;
    EXPECT_EQ(dlx.count(p, 2), 2u) << a << " " << b;  // and the counter is left whole
  }
}

TEST(ExactCover, CountsTheKnownGridsOf4x4) {
  // 288 Sudoku grids of 4x4 and 576 Latin squares of order 4.
  for (auto [spelling, grids] : {std::pair{"4x4", 288u}, std::pair{"4x4:none", 576u}}) {
    const GeometryPtr g = parse_geometry(spelling);
    const Cells empty(16, 0);
    EXPECT_EQ(test::exact_cover_of(*g).count(empty, 100000), grids) << spelling;
    EXPECT_EQ(count_solutions(*g, empty, 100000), grids) << spelling;
  }
}

TEST(SolveAny, CountsEqualTheExactCoverOnEveryGeometry) {
  std::mt19937_64 rng(47);
  for (const std::string& spelling : spellings()) {
    SCOPED_TRACE(spelling);
    const GeometryPtr g = parse_geometry(spelling);
    test::ExactCover dlx = test::exact_cover_of(*g);
    ASSERT_TRUE(has_valid_grid(*g));

    unsigned seen[3] = {0, 0, 0};
    const int grids = g->size() >= 12 ? 2 : 4;
    for (int k = 0; k < grids; ++k) {
      const Cells full = random_grid(*g, rng() | 1);
      for (const Cells& p : random_puzzles(*g, full, rng, g->size() >= 12 ? 8 : 40)) {
        AnySolveOptions general;
        general.general = true;
        const AnySolveResult r = solve_any(*g, p, 2, general);
        const unsigned want = dlx.count(p, 2);
        ASSERT_EQ(r.count, want);
        EXPECT_EQ(count_solutions(*g, p, 2), want);
        if (r.count > 0) {
          ASSERT_TRUE(follows_rules(*g, r.solution, p));
        } else {
          EXPECT_TRUE(r.solution.empty());
        }
        ++seen[want];
      }
    }
    EXPECT_GT(seen[0], 0u);
    EXPECT_GT(seen[1] + seen[2], 0u);
  }
}

// Sizes whose cells need 1, 2, 3, 4 and 10 words of the kernel's bit sets,
// and odd sizes of jigsaw: counts against the exact-cover counter.
TEST(SolveAny, EveryWidthOfTheBitSetsCountsAsTheExactCover) {
  // 5x5 (25 cells, one word), 10x10 (100 cells, two), 13x13 (169, three):
  // jigsaws whose regions are arcs of the ring round each pair of rows (a
  // 2 x n strip walked along its top, then back along its bottom: any n
  // consecutive cells of it are connected), an odd last row a region alone;
  // then 16x16 (four words) with leapers.
  auto strips = [](int n) {
    std::string map(static_cast<std::size_t>(n * n), '?');
    for (int top = 0; top < n; top += 2) {
      if (top + 1 == n) {
        for (int c = 0; c < n; ++c) map[static_cast<std::size_t>(top * n + c)] = static_cast<char>('A' + top);
        break;
      }
      const int shift = 1 + (top / 2) % (n - 1);
      for (int p = 0; p < 2 * n; ++p) {
        const int cell = p < n ? top * n + p : (top + 1) * n + (2 * n - 1 - p);
        const bool first = (p - shift + 2 * n) % (2 * n) < n;
        map[static_cast<std::size_t>(cell)] = static_cast<char>('A' + top + (first ? 0 : 1));
      }
    }
    return "jigsaw:" + map;
  };
  std::mt19937_64 rng(4747);
  for (const std::string& spelling : {strips(5), strips(10), strips(13), std::string("16x16,anti-king")}) {
    SCOPED_TRACE(spelling);
    const GeometryPtr g = parse_geometry(spelling);
    test::ExactCover dlx = test::exact_cover_of(*g);
    unsigned seen[3] = {0, 0, 0};
    for (int k = 0; k < 2; ++k) {
      const Cells full = random_grid(*g, rng() | 1);
      for (const Cells& p : random_puzzles(*g, full, rng, 12)) {
        const AnySolveResult r = solve_any(*g, p, 2);
        const unsigned want = dlx.count(p, 2);
        ASSERT_EQ(r.count, want);
        if (r.count > 0) {
          ASSERT_TRUE(follows_rules(*g, r.solution, p));
        }
        ++seen[want];
      }
    }
    EXPECT_GT(seen[0], 0u);
    EXPECT_GT(seen[1] + seen[2], 0u);
  }
}

// 25x25: full grids from the kernel with a shuffle seed; puzzles with 60-75%
// of the clues counted against the exact-cover counter (fast there); sparser
// ones (25-50%), where the counter takes too long, checked against the rules.
TEST(SolveAny, Solves25x25) {
  const GeometryPtr g = parse_geometry("25x25");
  ASSERT_EQ(g->cells(), 625);
  test::ExactCover dlx = test::exact_cover_of(*g);
  std::mt19937_64 rng(2525);
  unsigned seen[3] = {0, 0, 0};
  for (int k = 0; k < 3; ++k) {
    const Cells full = random_grid(*g, rng() | 1);
    for (int i = 0; i < 6; ++i) {
      Cells p = full;
      std::bernoulli_distribution drop(i < 4 ? 0.25 + 0.05 * i : 0.5 + 0.25 * (i - 4));
      for (auto& v : p)
        if (drop(rng)) v = 0;
      const AnySolveResult r = solve_any(*g, p, 2);
      ASSERT_GE(r.count, 1u);  // the full grid is one solution
      ASSERT_TRUE(follows_rules(*g, r.solution, p));
      if (i < 4) {
        ASSERT_EQ(r.count, dlx.count(p, 2));
        EXPECT_EQ(count_solutions(*g, p, 2), r.count);
      }
      ++seen[r.count];
    }
    Cells clash = full;  // a given changed to its row neighbour's digit
    clash[1] = clash[0];
    EXPECT_EQ(solve_any(*g, clash, 2).count, 0u);
    EXPECT_EQ(dlx.count(clash, 2), 0u);
  }
  EXPECT_GT(seen[1], 0u);
  EXPECT_GT(seen[2], 0u);
}

// The kernel's tables are built once per geometry and shared between
// threads: several geometries counted at once give the counts of one thread.
TEST(SolveAny, ThreadsShareTheTables) {
  const std::vector<std::string> names = {"x", "windows", "6x6,nc", "16x16", kJigsaw9, "12x12"};
  std::vector<std::vector<Cells>> sets;
  std::vector<std::vector<unsigned>> want;
  std::mt19937_64 rng(7);
  for (const std::string& name : names) {
    const GeometryPtr g = parse_geometry(name);
    sets.push_back(random_puzzles(*g, random_grid(*g, rng() | 1), rng, 20));
    test::ExactCover dlx = test::exact_cover_of(*g);
    want.emplace_back();
    for (const Cells& p : sets.back()) want.back().push_back(dlx.count(p, 2));
  }
  std::vector<std::vector<unsigned>> got(4 * names.size());
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < got.size(); ++t)
    threads.emplace_back([&, t] {
      for (int round = 0; round < 5; ++round)
        for (std::size_t i = 0; i < names.size(); ++i) {  // each thread its own order of geometries
          const std::size_t k = (i + t) % names.size();
          const GeometryPtr g = parse_geometry(names[k]);
          for (const Cells& p : sets[k]) {
            const unsigned n = count_solutions(*g, p, 2);
            if (round == 0 && k == t % names.size()) got[t].push_back(n);
          }
        }
    });
  for (auto& th : threads) th.join();
  for (std::size_t t = 0; t < got.size(); ++t) EXPECT_EQ(got[t], want[t % names.size()]) << names[t % names.size()];
}

TEST(SolveAny, GeneralKernelEqualsClassicKernelOnClassicPuzzles) {
  const GeometryPtr& g = classic_geometry();
  std::vector<Grid> puzzles = test::load_puzzles("puzzles_top95.txt");
  for (const Grid& p : test::load_puzzles("puzzles_17clue.txt", 500)) puzzles.push_back(p);
  std::mt19937_64 rng(9);
  const std::size_t base = puzzles.size();
  for (std::size_t i = 0; i < base; ++i) {  // fewer clues: several solutions
    Grid q = puzzles[i];
    for (int k = 0; k < 3; ++k) q[static_cast<int>(rng() % kCells)] = 0;
    puzzles.push_back(q);
  }
  AnySolveOptions general;
  general.general = true;
  for (const Grid& p : puzzles) {
    const Cells cells(p.cells.begin(), p.cells.end());
    const AnySolveResult mine = solve_any(*g, cells, 2, general);
    const SolveResult classic = solve(p, 2);
    ASSERT_EQ(mine.count, classic.count) << format_line(p);
    EXPECT_EQ(solve_any(*g, cells, 2).count, classic.count);  // the classic path
    if (mine.count > 0) {
      ASSERT_TRUE(follows_rules(*g, mine.solution, cells)) << format_line(p);
      if (mine.count == 1) {
        EXPECT_EQ(mine.solution, Cells(classic.solution.cells.begin(), classic.solution.cells.end()));
      }
    }
  }
}

TEST(SolveAny, AnyInputIsSafe) {
  const GeometryPtr g = parse_geometry("6x6");
  EXPECT_EQ(solve_any(*g, Cells(35, 0), 2).count, 0u);   // wrong length
  Cells big(36, 0);
  big[0] = 7;                                             // digit above size
  EXPECT_EQ(solve_any(*g, big, 2).count, 0u);
  Cells clash(36, 0);
  clash[0] = clash[7] = 2;                                // same box
  EXPECT_EQ(solve_any(*g, clash, 2).count, 0u);
  const GeometryPtr nc = parse_geometry("nc");
  Cells beside(81, 0);
  beside[0] = 4;
  beside[1] = 5;                                          // consecutive neighbours
  EXPECT_EQ(solve_any(*nc, beside, 2).count, 0u);
  EXPECT_EQ(solve_any(*classic_geometry(), Cells(81, 10), 2).count, 0u);
}

TEST(SolveAny, ACombinationWithNoValidGridIsRefused) {
  const GeometryPtr king4 = parse_geometry("4x4,anti-king");
  EXPECT_EQ(test::exact_cover_of(*king4).count(Cells(16, 0), 1), 0u);  // ground truth
  EXPECT_FALSE(has_valid_grid(*king4));
  try {
    require_valid_grid(*king4);
    ADD_FAILURE() << "no GeometryError";
  } catch (const GeometryError& e) {
    EXPECT_STREQ(e.what(), "geometry: 4x4,anti-king has no valid grid");
  }
  for (const char* ok : {"classic", "x,windows", "anti-king", "nc+", "16x16"}) {
    EXPECT_TRUE(has_valid_grid(*parse_geometry(ok))) << ok;
    EXPECT_NO_THROW(require_valid_grid(*parse_geometry(ok))) << ok;
  }
}

TEST(SolveAny, LoadGeometryChecksForAValidGridOnce) {
  try {
    load_geometry("anti-king, 4x4");
    ADD_FAILURE() << "no GeometryError";
  } catch (const GeometryError& e) {
    EXPECT_STREQ(e.what(), "geometry: 4x4,anti-king has no valid grid");
  }
  try {
    load_geometry("x,wndows");
    ADD_FAILURE() << "no GeometryError";
  } catch (const GeometryError& e) {
    EXPECT_EQ(e.column(), 3);
    EXPECT_EQ(std::string(e.what()).rfind("geometry:3: unknown rule \"wndows\"", 0), 0u) << e.what();
  }
  const GeometryPtr a = load_geometry("Windows,X");
  EXPECT_EQ(a->spelling(), "x,windows");
  EXPECT_EQ(load_geometry("x,windows"), a);  // cached per canonical spelling
  EXPECT_EQ(load_geometry("classic")->spelling(), "classic");
}

}  // namespace
}  // namespace sudokit

namespace sudokit {
namespace {

// solve_any_excluding (the digger's oracle) against the exact-cover counter:
// a solution with another digit in the cell exists exactly when the counter
// finds one with some other digit placed there; what it returns follows the
// rules, keeps the givens and differs there. With and without the guide,
// on every geometry and the classic (the classic kernel's solve_excluding).
std::vector<std::string> classic_and_spellings() {
  std::vector<std::string> all = spellings();
  all.insert(all.begin(), "classic");
  return all;
}

TEST(SolveAnyExcluding, FindsASolutionWithAnotherDigitExactlyWhenTheExactCoverDoes) {
  std::mt19937_64 rng(4747);
  for (const std::string& spelling : classic_and_spellings()) {
    SCOPED_TRACE(spelling);
    const GeometryPtr g = parse_geometry(spelling);
    test::ExactCover dlx = test::exact_cover_of(*g);
    unsigned seen[2] = {0, 0};
    const int grids = g->size() >= 12 ? 2 : 4;
    for (int k = 0; k < grids; ++k) {
      const Cells full = random_grid(*g, rng() | 1);
      for (const Cells& p : random_puzzles(*g, full, rng, g->size() >= 12 ? 6 : 30)) {
        std::vector<int> empty;
        for (int c = 0; c < g->cells(); ++c)
          if (p[static_cast<std::size_t>(c)] == 0) empty.push_back(c);
        if (empty.empty()) continue;
        const int c = empty[rng() % empty.size()];
        // Mostly the grid's digit (the digger's question), sometimes another.
        const auto d = static_cast<std::uint8_t>(rng() % 4 != 0 ? full[static_cast<std::size_t>(c)]
                                                                : 1 + rng() % static_cast<unsigned>(g->size()));
        bool want = false;
        for (int e = 1; e <= g->size() && !want; ++e) {
          if (e == d) continue;
          Cells q = p;
          q[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(e);
          want = dlx.count(q, 1) > 0;
        }
        for (const bool guided : {false, true}) {
          const AnySolveResult r =
              solve_any_excluding(*g, p, c, d, 1, guided ? std::span<const std::uint8_t>(full) : std::span<const std::uint8_t>());
          ASSERT_EQ(r.count > 0, want) << "cell " << c << " digit " << int(d) << (guided ? " guided" : "");
          if (r.count > 0) {
            ASSERT_TRUE(follows_rules(*g, r.solution, p));
            EXPECT_NE(r.solution[static_cast<std::size_t>(c)], d);
          }
        }
        ++seen[want];
      }
    }
    EXPECT_GT(seen[0], 0u);
    EXPECT_GT(seen[1], 0u);
  }
}

// The digger's question: a unique puzzle less one clue c stays unique
// exactly when no solution has another digit than the grid's in c. Asked as
// the digger asks it, down a random removal order from the full grid; the
// exact-cover counter checks one answer in four while the puzzle is no
// sparser than random_puzzles' sparsest (it is slow on sparse nc puzzles),
// and the first that breaks uniqueness, where that grid's dig stops: there
// the counter when no sparser, and always the second solution found, by the
// rule checker (a solution keeping the givens and differing from the grid
// proves the puzzle is not unique).
TEST(SolveAnyExcluding, AnswersTheDiggersUniquenessQuestionAsTheCounters) {
  std::mt19937_64 rng(474747);
  for (const std::string& spelling : classic_and_spellings()) {
    SCOPED_TRACE(spelling);
    const GeometryPtr g = parse_geometry(spelling);
    test::ExactCover dlx = test::exact_cover_of(*g);
    unsigned seen[2] = {0, 0};
    const int grids = g->size() >= 12 ? 2 : 6;
    for (int k = 0; k < grids; ++k) {
      const Cells full = random_grid(*g, rng() | 1);
      Cells p = full;
      std::vector<int> order(static_cast<std::size_t>(g->cells()));
      for (int c = 0; c < g->cells(); ++c) order[static_cast<std::size_t>(c)] = c;
      std::shuffle(order.begin(), order.end(), rng);
      // No sparser than random_puzzles' sparsest.
      const bool nc = !g->adjacent(0).empty();
      const auto floor = static_cast<std::size_t>(g->cells() * (g->size() >= 12 ? 45 : nc ? 30 : 20) / 100);
      bool broken = false;
      for (std::size_t i = 0; i < order.size() && !broken; ++i) {
        const int c = order[i];
        const std::uint8_t d = p[static_cast<std::size_t>(c)];
        p[static_cast<std::size_t>(c)] = 0;
        const AnySolveResult r = solve_any_excluding(*g, p, c, d, 1, full);
        const bool oracle = r.count == 0;
        if (!oracle) {
          ASSERT_TRUE(follows_rules(*g, r.solution, p)) << "cell " << c << " after " << i << " removals";
          ASSERT_NE(r.solution, full);
        }
        if (i + floor < order.size() && (!oracle || rng() % 4 == 0)) {
          const bool unique = dlx.count(p, 2) == 1;
          ASSERT_EQ(oracle, unique) << "cell " << c << " after " << i << " removals";
        }
        ++seen[oracle];
        broken = !oracle;
      }
    }
    EXPECT_GT(seen[0], 0u);
    EXPECT_GT(seen[1], 0u);
  }
}

TEST(SolveAnyExcluding, AGivenAndOddArgumentsAreSafe) {
  for (const std::string spelling : {"classic", "x", "16x16"}) {
    SCOPED_TRACE(spelling);
    const GeometryPtr g = parse_geometry(spelling);
    const Cells full = random_grid(*g, 7);
    EXPECT_EQ(solve_any_excluding(*g, full, 0, full[0]).count, 0u);  // the given is the excluded digit
    const auto other = static_cast<std::uint8_t>(full[0] % g->size() + 1);
    EXPECT_EQ(solve_any_excluding(*g, full, 0, other).count, 1u);    // the given is another
    EXPECT_EQ(solve_any_excluding(*g, full, -1, 1).count, 0u);
    EXPECT_EQ(solve_any_excluding(*g, full, g->cells(), 1).count, 0u);
    Cells empty(static_cast<std::size_t>(g->cells()), 0);
    EXPECT_GT(solve_any_excluding(*g, empty, 5, 0).count, 0u);  // no such digit: nothing excluded
  }
}

}  // namespace
}  // namespace sudokit
