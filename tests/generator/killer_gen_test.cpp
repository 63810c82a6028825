// The killer generator (generator/killer.hpp): every generated killer is
// checked by check_cages, its sums and sizes against the solution and the
// controls, and its uniqueness by counters that share nothing with the
// solver: the brute-force counter of tests/solver/killer_brute.hpp (6x6)
// and a forward-checking counter written here (9x9: digits per cell from
// row, column, box and cage bounds, smallest cell first; no combination
// tables), itself checked against the brute-force counter. The same seed
// gives the same layout on any thread.
#include "sudokit/generator/killer.hpp"

#include <gtest/gtest.h>

#include <thread>

#include "../solver/killer_brute.hpp"

namespace sudokit {
namespace {

// Forward-checking killer counter for box geometries with distinct cages.
struct Forward {
  int n, br, bc;
  std::vector<Cage> cages;
  std::vector<int> cage_of;
  Cells grid;
  std::vector<unsigned> row, col, box, in_cage;  // digits used (bit d)
  std::vector<int> left, open;                   // per cage: sum left, empty cells
  unsigned count = 0, limit = 2;

  int box_of(int c) const { return (c / n) / br * br + (c % n) / bc; }
  // Smallest and largest sums of k distinct digits of 1..n outside `used`.
  std::pair<int, int> bounds(unsigned used, int k) const {
    int lo = 0, hi = 0, a = 0, b = 0;
    for (int d = 1; d <= n && a < k; ++d)
      if (!(used >> d & 1u)) lo += d, ++a;
    for (int d = n; d >= 1 && b < k; --d)
      if (!(used >> d & 1u)) hi += d, ++b;
    if (a < k) return {1, 0};
    return {lo, hi};
  }
  unsigned allowed(int c) const {
    const int k = cage_of[static_cast<std::size_t>(c)];
    const auto K = static_cast<std::size_t>(k);
    unsigned m = 0;
    const unsigned used = row[static_cast<std::size_t>(c / n)] | col[static_cast<std::size_t>(c % n)] |
                          box[static_cast<std::size_t>(box_of(c))] | in_cage[K];
    for (int d = 1; d <= n; ++d) {
      if (used >> d & 1u) continue;
      const int rest = left[K] - d;
      const auto [lo, hi] = bounds(in_cage[K] | 1u << d, open[K] - 1);
      if (open[K] == 1 ? rest == 0 : (lo <= rest && rest <= hi)) m |= 1u << d;
    }
    return m;
  }
  void set(int c, int d, bool on) {
    const unsigned bit = 1u << d;
    const auto K = static_cast<std::size_t>(cage_of[static_cast<std::size_t>(c)]);
    row[static_cast<std::size_t>(c / n)] ^= bit;
    col[static_cast<std::size_t>(c % n)] ^= bit;
    box[static_cast<std::size_t>(box_of(c))] ^= bit;
    in_cage[K] ^= bit;
    left[K] += on ? -d : d;
    open[K] += on ? -1 : 1;
    grid[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(on ? d : 0);
  }
  void go() {
    if (count >= limit) return;
    int best = -1, best_n = 99;
    unsigned best_m = 0;
    for (int c = 0; c < n * n; ++c) {
      if (grid[static_cast<std::size_t>(c)]) continue;
      const unsigned m = allowed(c);
      const int k = __builtin_popcount(m);
      if (k < best_n) best = c, best_n = k, best_m = m;
      if (k == 0) return;
    }
    if (best < 0) {
      ++count;
      return;
    }
    for (int d = 1; d <= n; ++d)
      if (best_m >> d & 1u) {
        set(best, d, true);
        go();
        set(best, d, false);
      }
  }
};

unsigned forward_count(int n, int br, int bc, const std::vector<Cage>& cages, unsigned limit) {
  const auto N = static_cast<std::size_t>(n);
  Forward f{n, br, bc, cages, std::vector<int>(N * N, -1), Cells(N * N, 0), std::vector<unsigned>(N, 0),
            std::vector<unsigned>(N, 0), std::vector<unsigned>(N, 0), std::vector<unsigned>(cages.size(), 0),
            std::vector<int>(cages.size(), 0), std::vector<int>(cages.size(), 0), 0, limit};
  for (std::size_t i = 0; i < cages.size(); ++i) {
    f.left[i] = cages[i].sum;
    f.open[i] = static_cast<int>(cages[i].cells.size());
    for (int c : cages[i].cells) f.cage_of[static_cast<std::size_t>(c)] = static_cast<int>(i);
  }
  f.go();
  return f.count;
}

// The checks every generated killer must pass but uniqueness.
void expect_valid(const Geometry& g, const KillerPuzzle& p, const KillerGenOptions& o, const std::string& what) {
  SCOPED_TRACE(what);
  KillerRules rules;
  rules.repeats = o.repeats;
  EXPECT_NO_THROW(check_cages(g, p.cages, rules));
  EXPECT_TRUE(is_valid_variant_grid(g, p.solution));
  int givens = 0;
  for (std::size_t c = 0; c < p.givens.size(); ++c)
    if (p.givens[c]) {
      ++givens;
      EXPECT_EQ(p.givens[c], p.solution[c]);
    }
  EXPECT_LE(givens, o.max_givens);
  if (o.target_cages) {
    EXPECT_EQ(static_cast<int>(p.cages.size()), o.target_cages);
  }
  for (const Cage& cage : p.cages) {
    EXPECT_GE(static_cast<int>(cage.cells.size()), o.min_cage);
    EXPECT_LE(static_cast<int>(cage.cells.size()), o.max_cage);
    int sum = 0;
    unsigned seen = 0;
    for (int c : cage.cells) {
      const int d = p.solution[static_cast<std::size_t>(c)];
      sum += d;
      if (!o.repeats) {
        EXPECT_FALSE(seen >> d & 1u) << "digit " << d << " twice in a cage";
      }
      seen |= 1u << d;
    }
    EXPECT_EQ(sum, cage.sum);
  }
}

TEST(KillerGenerator, ForwardCounterAgreesWithTheBruteCounter) {
  // Random 6x6 layouts with 2 to 4 cells a cage reach none, one and many.
  std::mt19937_64 rng(4901);
  const GeometryPtr g = parse_geometry("6x6");
  unsigned seen[3] = {0, 0, 0};
  for (int i = 0; i < 150; ++i) {
    Engine e = stream_engine(77, static_cast<std::uint64_t>(i));
    const Cells grid = variant_grid_from(*g, {}, e);
    auto cages = test::random_cages(6, grid, 2 + i % 3, true, rng);
    if (i % 3 == 0) cages[0].sum += 1;  // usually no solution
    const unsigned want = test::brute_count(6, 2, 3, cages, false, 3);
    ASSERT_EQ(forward_count(6, 2, 3, cages, 3), want) << i;
    ++seen[std::min(want, 2u)];
  }
  EXPECT_GT(seen[0], 0u);
  EXPECT_GT(seen[1], 0u);
  EXPECT_GT(seen[2], 0u);
}

TEST(KillerGenerator, Unique6x6KillersByTheBruteCounter) {
  const GeometryPtr g = parse_geometry("6x6");
  const KillerGenOptions o;
  for (std::uint64_t i = 0; i < 100; ++i) {
    const KillerPuzzle p = generate_killer(*g, o, 49, i);
    expect_valid(*g, p, o, "6x6 #" + std::to_string(i));
    EXPECT_EQ(test::brute_count(6, 2, 3, p.cages, false, 2), 1u) << i << ": " << print_cages(*g, p.cages);
  }
}

// The forward counter is too slow on pure 9x9 killers (minutes each): the
// solver's count here, a sample of 3 (the generator's tail is slow).
TEST(KillerGenerator, UniquePure9x9KillersBySolverCount) {
  const Geometry& g = *classic_geometry();
  const KillerGenOptions o;
  for (std::uint64_t i = 0; i < 3; ++i) {
    const KillerPuzzle p = generate_killer(g, o, 49, i);
    expect_valid(g, p, o, "9x9 #" + std::to_string(i));
    EXPECT_EQ(count_killer(g, p.cages, {}, 2), 1u) << i << ": " << print_cages(g, p.cages);
  }
}

TEST(KillerGenerator, HonoursTheControls) {
  const Geometry& g = *classic_geometry();
  KillerGenOptions o;
  o.target_cages = 24;
  o.max_cage = 6;
  for (std::uint64_t i = 0; i < 2; ++i) {
    const KillerPuzzle p = generate_killer(g, o, 7, i);
    expect_valid(g, p, o, "24 cages #" + std::to_string(i));
    EXPECT_EQ(count_killer(g, p.cages, {}, 2), 1u);
  }
  KillerGenOptions singles;  // single-cell cages allowed
  singles.min_cage = 1;
  singles.max_cage = 3;
  bool single = false;
  for (std::uint64_t i = 0; i < 2; ++i) {
    const KillerPuzzle p = generate_killer(g, singles, 7, i);
    expect_valid(g, p, singles, "min 1 #" + std::to_string(i));
    EXPECT_EQ(count_killer(g, p.cages, {}, 2), 1u);
    for (const Cage& c : p.cages) single |= c.cells.size() == 1;
  }
  EXPECT_TRUE(single);
  // Givens allowed: big cages with repeats need some; solver and brute agree on 6x6.
  const GeometryPtr six = parse_geometry("6x6");
  KillerGenOptions given;
  given.repeats = true;
  given.min_cage = 3;
  given.max_cage = 6;
  given.max_givens = 6;
  KillerRules rules;
  rules.repeats = true;
  int with_givens = 0;
  for (std::uint64_t i = 0; i < 20; ++i) {
    const KillerPuzzle p = generate_killer(*six, given, 7, i);
    expect_valid(*six, p, given, "givens #" + std::to_string(i));
    EXPECT_EQ(count_killer(*six, p.cages, p.givens, 2, rules), 1u);
    bool any = false;
    for (auto d : p.givens) any |= d != 0;
    with_givens += any;
  }
  EXPECT_GT(with_givens, 0);
  KillerGenOptions bad;
  bad.min_cage = 3;
  bad.max_cage = 2;
  EXPECT_THROW(generate_killer(g, bad, 1, 0), KillerGenError);
  bad = {};
  bad.target_cages = 10;  // 10 cages of at most 5 cells cannot cover 81
  EXPECT_THROW(generate_killer(g, bad, 1, 0), KillerGenError);
}

TEST(KillerGenerator, SameSeedSameLayoutOnAnyThread) {
  const Geometry& g = *classic_geometry();
  const KillerGenOptions o;
  std::vector<std::string> one(3), two(3);
  for (std::uint64_t i = 0; i < 3; ++i) one[i] = print_cages(g, generate_killer(g, o, 49, i).cages);
  std::thread a([&] { two[2] = print_cages(g, generate_killer(g, o, 49, 2).cages); });
  std::thread b([&] {
    for (std::uint64_t i = 1; i < 3; --i) two[i] = print_cages(g, generate_killer(g, o, 49, i).cages);
  });
  a.join();
  b.join();
  EXPECT_EQ(one, two);
  EXPECT_NE(one[0], one[1]);
}

}  // namespace
}  // namespace sudokit
