// sudokit-solver-worst: searches for the grids on which the exact solver is
// slowest and times them against tdoku, the fastest public solver (issue #44:
// an 11-clue grid with no solution took `solve --count` 3.8 s, tdoku 3 ms).
// Not a test: it runs for as long as it is told and prints what it found.
//
// The search generates sparse grids of four families and keeps, for each of
// the solver's two searches, the inputs with the most guesses (a branch point
// costs about the same anywhere, and guesses do not depend on the load):
//   sparse     8 to 24 clues on random cells, random digits (no clash)
//   band       clues packed into two or three rows of one band, a few more in
//              one other row or column (the shape of the grid)
//   perturbed  17 to 30 clues of a random solution grid, one or two of them
//              changed to another digit (a contradiction that lies deep)
//   mutant     a kept input with 1 to 3 clues changed, moved, added or
//              removed (a hill climb on the guesses)
// "count" is solve(grid, 2), the uniqueness check (`solve`, `solve --count`,
// the digger's counts); "first" is solve(grid, 1), the plain search
// (`solve --any`, solve_excluding, the first solution). Then every kept input
// is timed: ours in process (CPU time per call, the best of three batches),
// tdoku whole process on a file of the grid repeated (CPU time, less the
// driver's time on an empty file, per grid), and tdoku's count is checked
// against ours. Same seed, same grids searched.
//   sudokit-solver-worst [--seconds S] [--seed N] [--keep K] [--out FILE] [--from FILE...]
// --from adds the grids of FILEs (the first 81 bytes of each line: '1'-'9' a
// given, anything else empty, as the fuzz target reads them) to the kept
// inputs; with --seconds 0 only those are timed.
// Environment: SUDOKIT_TDOKU=PATH, a driver printing tdoku's count (limit 2)
// per line of a file (docs/BENCHMARKS.md); without it, no ratio.
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include <boost/random/mersenne_twister.hpp>
#include <boost/random/uniform_int_distribution.hpp>

#include "sudokit/solver/grid.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"
#include "sudokit/solver/transform.hpp"

namespace {

namespace fs = std::filesystem;
using namespace sudokit;
using Rng = boost::random::mt19937;

int uniform(Rng& rng, int lo, int hi) { return boost::random::uniform_int_distribution<int>(lo, hi)(rng); }

struct Candidate {
  Grid grid;
  std::string family;
  std::uint64_t guesses_count = 0;  // solve(grid, 2).guesses
  std::uint64_t guesses_first = 0;  // solve(grid, 1).guesses
  unsigned count = 0;               // solve(grid, 2).count
};

void evaluate(Candidate& c) {
  const SolveResult two = solve(c.grid, 2);
  c.count = two.count;
  c.guesses_first = solve(c.grid, 1).guesses;
  // (With two solutions, solve(grid, 2) runs the plain search after the
  // counting one, and its guesses are the sum: the whole check's effort.)
  c.guesses_count = two.guesses;
}

// The digits that may go in `cell` without clashing with a peer's given.
std::vector<int> free_digits(const Grid& g, int cell) {
  bool used[10] = {};
  for (int p : kPeers[cell]) used[g[p]] = true;
  std::vector<int> out;
  for (int d = 1; d <= 9; ++d)
    if (!used[d]) out.push_back(d);
  return out;
}

// Puts a random non-clashing digit in an empty cell; false when none fits.
bool put_random(Grid& g, int cell, Rng& rng) {
  const std::vector<int> ds = free_digits(g, cell);
  if (ds.empty()) return false;
  g[cell] = static_cast<std::uint8_t>(ds[static_cast<std::size_t>(uniform(rng, 0, static_cast<int>(ds.size()) - 1))]);
  return true;
}

Grid sparse(Rng& rng) {
  Grid g;
  const int k = uniform(rng, 8, 24);
  for (int placed = 0, tries = 0; placed < k && tries < 400; ++tries) {
    const int cell = uniform(rng, 0, 80);
    if (g[cell] == 0 && put_random(g, cell, rng)) ++placed;
  }
  return g;
}

Grid band(Rng& rng) {
  Grid g;
  const int b = uniform(rng, 0, 2);
  const int rows = uniform(rng, 2, 3);
  const int skip = uniform(rng, 0, 2);  // the band's row left out when two are used
  const int fill = uniform(rng, 40, 90);  // percent of those rows' cells given
  for (int r = 0; r < 3; ++r) {
    if (rows == 2 && r == skip) continue;
    for (int c = 0; c < 9; ++c)
      if (uniform(rng, 1, 100) <= fill) put_random(g, cell_at(3 * b + r, c), rng);
  }
  // A few more in one row or column outside the band.
  const int extra = uniform(rng, 0, 4);
  const bool in_column = uniform(rng, 0, 1) == 1;
  int line = uniform(rng, 0, 8);
  if (!in_column)
    while (line / 3 == b) line = uniform(rng, 0, 8);
  for (int i = 0; i < extra; ++i) {
    int cell = 0;
    do {
      const int pos = uniform(rng, 0, 8);
      cell = in_column ? cell_at(pos, line) : cell_at(line, pos);
    } while (in_column && band_of(cell) == b);
    if (g[cell] == 0) put_random(g, cell, rng);
  }
  return g;
}

Grid perturbed(Rng& rng, const Grid& base_solution) {
  const Transform t = Transform::from_index(
      static_cast<std::uint32_t>(uniform(rng, 0, static_cast<int>(kPositionalTransforms) - 1)),
      static_cast<std::uint32_t>(uniform(rng, 0, static_cast<int>(kDigitRelabellings) - 1)));
  const Grid solution = t.apply(base_solution);
  Grid g;
  std::vector<int> cells(81);
  for (int i = 0; i < 81; ++i) cells[i] = i;
  for (int i = 80; i > 0; --i) std::swap(cells[i], cells[uniform(rng, 0, i)]);
  const int k = uniform(rng, 17, 30);
  for (int i = 0; i < k; ++i) g[cells[i]] = solution[cells[i]];
  const int changes = uniform(rng, 1, 2);
  for (int i = 0; i < changes; ++i) {
    const int cell = cells[uniform(rng, 0, k - 1)];
    const std::uint8_t was = g[cell];
    g[cell] = 0;
    const std::vector<int> ds = free_digits(g, cell);
    std::vector<int> others;
    for (int d : ds)
      if (d != was) others.push_back(d);
    g[cell] = others.empty() ? was : static_cast<std::uint8_t>(others[uniform(rng, 0, static_cast<int>(others.size()) - 1)]);
  }
  return g;
}

Grid mutant(Rng& rng, Grid g) {
  const int moves = uniform(rng, 1, 3);
  for (int m = 0; m < moves; ++m) {
    std::vector<int> given, empty;
    for (int c = 0; c < 81; ++c) (g[c] ? given : empty).push_back(c);
    const int kind = given.empty() ? 3 : uniform(rng, 0, 3);
    const auto pick = [&](const std::vector<int>& v) { return v[static_cast<std::size_t>(uniform(rng, 0, static_cast<int>(v.size()) - 1))]; };
    if (kind == 0) {  // change a digit
      const int c = pick(given);
      g[c] = 0;
      put_random(g, c, rng);
    } else if (kind == 1 && !empty.empty()) {  // move a clue
      const int from = pick(given), to = pick(empty);
      g[from] = 0;
      put_random(g, to, rng);
    } else if (kind == 2 && given.size() > 6) {  // remove a clue
      g[pick(given)] = 0;
    } else if (!empty.empty()) {  // add a clue
      put_random(g, pick(empty), rng);
    }
  }
  return g;
}

// The K inputs with the most guesses by one measure; no grid twice.
struct Pool {
  std::uint64_t Candidate::*measure;
  std::size_t keep;
  std::vector<Candidate> items;  // most guesses first

  bool offer(const Candidate& c) {
    const std::uint64_t v = c.*measure;
    if (items.size() == keep && v <= items.back().*measure) return false;
    for (const Candidate& x : items)
      if (x.grid == c.grid) return false;
    items.push_back(c);
    std::stable_sort(items.begin(), items.end(), [&](const Candidate& a, const Candidate& b) { return a.*measure > b.*measure; });
    if (items.size() > keep) items.pop_back();
    return true;
  }
};

// CPU seconds of this thread.
double thread_cpu() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// CPU seconds per call of f: batches of at least 20 ms, the best of three.
template <class F>
double cpu_per_call(F f) {
  double best = 1e300;
  long reps = 1;
  for (int batch = 0; batch < 3;) {
    const double t0 = thread_cpu();
    for (long i = 0; i < reps; ++i) f();
    const double t = thread_cpu() - t0;
    if (t < 0.02 && reps < (1L << 24)) {
      reps *= 2;
      continue;
    }
    best = std::min(best, t / static_cast<double>(reps));
    ++batch;
  }
  return best;
}

double child_cpu_seconds() {
  rusage u{};
  getrusage(RUSAGE_CHILDREN, &u);
  return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

// Runs the tdoku driver on `file`; its CPU seconds, and its output in `out`.
double run_driver(const std::string& driver, const std::string& file, std::string& out) {
  const std::string out_file = file + ".out";
  const double c0 = child_cpu_seconds();
  const int status = std::system((driver + " " + file + " > " + out_file).c_str());
  const double t = child_cpu_seconds() - c0;
  std::ifstream in(out_file);
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  fs::remove(out_file);
  return status == 0 ? t : -1;
}

struct TdokuTiming {
  double seconds = -1;  // per grid; < 0 when the driver failed
  int count = -1;       // tdoku's count (limit 2)
};

// tdoku's CPU time per grid: the driver on a file of the grid repeated until
// a run takes 0.1 s, less its time on an empty file (the best of three each).
TdokuTiming time_tdoku(const std::string& driver, const Grid& grid, double empty_seconds) {
  TdokuTiming r;
  const std::string file = (fs::temp_directory_path() / ("sudokit-solver-worst-" + std::to_string(getpid()) + ".txt")).string();
  const std::string line = format_line(grid) + "\n";
  long reps = 100;
  for (;;) {
    {
      std::ofstream f(file, std::ios::binary);
      for (long i = 0; i < reps; ++i) f << line;
    }
    double best = 1e300;
    std::string out;
    for (int i = 0; i < 3; ++i) {
      const double t = run_driver(driver, file, out);
      if (t < 0) {
        fs::remove(file);
        return r;
      }
      best = std::min(best, t);
    }
    r.count = std::atoi(out.c_str());
    if (best - empty_seconds >= 0.1 || reps >= 10'000'000) {
      r.seconds = std::max(best - empty_seconds, 0.0) / static_cast<double>(reps);
      break;
    }
    reps *= std::max<long>(2, static_cast<long>(0.15 / std::max(best - empty_seconds, 0.002)));
  }
  fs::remove(file);
  return r;
}

std::vector<Grid> read_grids(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::cerr << "sudokit-solver-worst: cannot read " << path << '\n';
    std::exit(2);
  }
  std::vector<Grid> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.size() < 81) continue;
    Grid g;
    for (int i = 0; i < 81; ++i)
      if (line[static_cast<std::size_t>(i)] >= '1' && line[static_cast<std::size_t>(i)] <= '9')
        g[i] = static_cast<std::uint8_t>(line[static_cast<std::size_t>(i)] - '0');
    out.push_back(g);
  }
  return out;
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 60;
  std::uint32_t seed = 1;
  std::size_t keep = 12;
  std::string out_path;
  std::vector<std::string> from;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--seconds" && i + 1 < argc) seconds = std::atof(argv[++i]);
    else if (a == "--seed" && i + 1 < argc) seed = static_cast<std::uint32_t>(std::strtoul(argv[++i], nullptr, 10));
    else if (a == "--keep" && i + 1 < argc) keep = static_cast<std::size_t>(std::max(1, std::atoi(argv[++i])));
    else if (a == "--out" && i + 1 < argc) out_path = argv[++i];
    else if (a == "--from" && i + 1 < argc) from.push_back(argv[++i]);
    else if (a == "--help" || a == "-h") {
      std::puts("usage: sudokit-solver-worst [--seconds S] [--seed N] [--keep K] [--out FILE] [--from FILE...]\n"
                "searches S seconds (default 60) for the grids with the most guesses, keeps K per search\n"
                "(count = solve(grid, 2), first = solve(grid, 1)), times them against $SUDOKIT_TDOKU\n"
                "(a driver printing tdoku's count per line, docs/BENCHMARKS.md) and writes them to FILE");
      return 0;
    } else {
      std::cerr << "sudokit-solver-worst: unknown option " << a << '\n';
      return 2;
    }
  }

  Pool by_count{&Candidate::guesses_count, keep, {}};
  Pool by_first{&Candidate::guesses_first, keep, {}};
  std::vector<Candidate> given;
  for (const std::string& path : from)
    for (const Grid& g : read_grids(path)) {
      Candidate c{g, "from " + fs::path(path).filename().string()};
      evaluate(c);
      given.push_back(c);
    }

  // The search: the families in turn, mutants of kept inputs half the time
  // once some are kept.
  Rng rng(seed);
  const Grid base_solution = solve(Grid{}, 1).solution;
  std::uint64_t tried = 0;
  const auto start = std::chrono::steady_clock::now();
  auto next_report = start + std::chrono::seconds(5);
  for (const Candidate& c : given) {
    by_count.offer(c);
    by_first.offer(c);
  }
  while (std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count() < seconds) {
    Candidate c;
    const int family = uniform(rng, 0, 5);
    if (family >= 3 && !by_count.items.empty()) {
      const Pool& p = uniform(rng, 0, 1) ? by_count : by_first;
      const Candidate& parent = p.items[static_cast<std::size_t>(uniform(rng, 0, static_cast<int>(p.items.size()) - 1))];
      c.grid = mutant(rng, parent.grid);
      c.family = parent.family.rfind("mutant", 0) == 0 ? parent.family : "mutant of " + parent.family;
    } else if (family == 0 || family >= 3) {
      c.grid = sparse(rng);
      c.family = "sparse";
    } else if (family == 1) {
      c.grid = band(rng);
      c.family = "band";
    } else {
      c.grid = perturbed(rng, base_solution);
      c.family = "perturbed";
    }
    if (find_conflict(c.grid)) continue;
    evaluate(c);
    ++tried;
    by_count.offer(c);
    by_first.offer(c);
    if (std::chrono::steady_clock::now() >= next_report) {
      next_report += std::chrono::seconds(5);
      std::fprintf(stderr, "searched %llu grids; most guesses: count %llu, first %llu\n",
                   static_cast<unsigned long long>(tried),
                   static_cast<unsigned long long>(by_count.items.empty() ? 0 : by_count.items[0].guesses_count),
                   static_cast<unsigned long long>(by_first.items.empty() ? 0 : by_first.items[0].guesses_first));
    }
  }

  // Time every kept input (once, though both pools may hold it).
  std::vector<Candidate> kept;
  std::set<std::string> seen;
  for (const Pool* p : {&by_count, &by_first})
    for (const Candidate& c : p->items)
      if (seen.insert(format_line(c.grid)).second) kept.push_back(c);
  for (const Candidate& c : given)
    if (seen.insert(format_line(c.grid)).second) kept.push_back(c);

  const char* driver = std::getenv("SUDOKIT_TDOKU");
  double empty_seconds = 0;
  if (driver != nullptr && *driver != '\0') {
    const std::string empty = (fs::temp_directory_path() / ("sudokit-solver-worst-empty-" + std::to_string(getpid()) + ".txt")).string();
    std::ofstream{empty};
    std::string out;
    empty_seconds = 1e300;
    for (int i = 0; i < 5; ++i) empty_seconds = std::min(empty_seconds, run_driver(driver, empty, out));
    fs::remove(empty);
  } else {
    driver = nullptr;
    std::puts("(SUDOKIT_TDOKU not set: no ratio)");
  }

  struct Row {
    Candidate c;
    double count_s, first_s;
    TdokuTiming tdoku;
    double ratio() const { return tdoku.seconds > 0 ? std::max(count_s, first_s) / tdoku.seconds : 0; }
  };
  std::vector<Row> rows;
  bool disagree = false;
  for (const Candidate& c : kept) {
    Row r{c, cpu_per_call([&] { (void)solve(c.grid, 2); }), cpu_per_call([&] { (void)solve(c.grid, 1); }), {}};
    if (driver != nullptr) {
      r.tdoku = time_tdoku(driver, c.grid, empty_seconds);
      if (r.tdoku.count >= 0 && static_cast<unsigned>(r.tdoku.count) != c.count) {
        std::printf("COUNTS DISAGREE: %s ours %u tdoku %d\n", format_line(c.grid).c_str(), c.count, r.tdoku.count);
        disagree = true;
      }
    }
    rows.push_back(r);
  }
  std::stable_sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) {
    return a.ratio() != b.ratio() ? a.ratio() > b.ratio() : std::max(a.count_s, a.first_s) > std::max(b.count_s, b.first_s);
  });

  std::printf("searched %llu grids in %.0f s (seed %u); %zu kept, slowest against tdoku first\n",
              static_cast<unsigned long long>(tried), seconds, seed, rows.size());
  std::printf("%-81s %5s %9s %9s %10s %10s %10s %7s  %s\n", "grid", "count", "guesses2", "guesses1", "count us",
              "first us", "tdoku us", "ratio", "family");
  std::ofstream out;
  if (!out_path.empty()) {
    out.open(out_path, std::ios::binary);
    out << "# grid\tcount\tguesses_count\tguesses_first\tcount_us\tfirst_us\ttdoku_us\tratio\tfamily\n";
  }
  double worst = 0;
  for (const Row& r : rows) {
    char buf[512];
    std::snprintf(buf, sizeof buf, "%-81s %5u %9llu %9llu %10.2f %10.2f %10.2f %7.2f  %s", format_line(r.c.grid).c_str(),
                  r.c.count, static_cast<unsigned long long>(r.c.guesses_count),
                  static_cast<unsigned long long>(r.c.guesses_first), r.count_s * 1e6, r.first_s * 1e6,
                  r.tdoku.seconds * 1e6, r.ratio(), r.c.family.c_str());
    std::puts(buf);
    worst = std::max(worst, r.ratio());
    if (out)
      out << format_line(r.c.grid) << '\t' << r.c.count << '\t' << r.c.guesses_count << '\t' << r.c.guesses_first << '\t'
          << r.count_s * 1e6 << '\t' << r.first_s * 1e6 << '\t' << r.tdoku.seconds * 1e6 << '\t' << r.ratio() << '\t'
          << r.c.family << '\n';
  }
  if (driver != nullptr) std::printf("worst ratio (our slower search over tdoku's count): %.2fx\n", worst);
  if (out && !out.flush()) {
    std::cerr << "sudokit-solver-worst: " << out_path << ": write failed\n";
    return 1;
  }
  return disagree ? 1 : 0;
}
