// sudokit_generate: the same puzzles as `sudokit generate` for the same
// options and seed (any thread count), what each puzzle must be, stopping
// from the callback or another thread's stop flag, the time limit, fresh
// seeds reported and repeatable, every bad option named, and the graded
// targets giving the command's puzzles and ratings.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "../e2e/run.hpp"
#include "capi_test_util.hpp"

using namespace sudokit::capi_test;

namespace {

struct Made {
  uint64_t index;
  std::string puzzle, solution, symmetry, method, dig_order;
  int clues;
  bool minimal, symmetric_minimal;
};

struct Collector {
  std::vector<Made> made;
  std::size_t stop_after = 0;  // 0 = never
};

int collect(void* user, const sudokit_generated* p) {
  auto* c = static_cast<Collector*>(user);
  c->made.push_back({p->index, p->puzzle, p->solution, p->symmetry, p->method, p->dig_order ? p->dig_order : "",
                     p->clues, p->minimal != 0, p->symmetric_minimal != 0});
  return c->stop_after != 0 && c->made.size() >= c->stop_after;
}

sudokit_generate_options options(uint64_t count, uint64_t seed) {
  sudokit_generate_options o;
  sudokit_generate_options_init(&o);
  o.count = count;
  o.seed = seed;
  return o;
}

int generate(const sudokit_generate_options& o, Collector& c, sudokit_generate_report* report = nullptr) {
  return sudokit_generate(&o, collect, &c, report);
}

// The CLI's puzzles for `args` (--format json --solution).
std::vector<Made> cli(const std::string& args) {
  const auto r = sudokit::test::run_sudokit("generate --format json --solution " + args);
  EXPECT_EQ(r.status, 0) << r.err;
  std::vector<Made> out;
  std::istringstream in(r.out);
  std::string line;
  while (std::getline(in, line)) {
    const auto j = nlohmann::json::parse(line);
    out.push_back({j["seed_index"], j["puzzle"], j["solution"], j["symmetry"], j["method"],
                   j["dig_order"].is_null() ? "" : j["dig_order"].get<std::string>(), j["clues"], j["minimal"],
                   j["symmetric_minimal"]});
  }
  return out;
}

void expect_same(const std::vector<Made>& a, const std::vector<Made>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].index, b[i].index);
    EXPECT_EQ(a[i].puzzle, b[i].puzzle) << i;
    EXPECT_EQ(a[i].solution, b[i].solution) << i;
    EXPECT_EQ(a[i].symmetry, b[i].symmetry) << i;
    EXPECT_EQ(a[i].method, b[i].method) << i;
    EXPECT_EQ(a[i].dig_order, b[i].dig_order) << i;
    EXPECT_EQ(a[i].clues, b[i].clues) << i;
    EXPECT_EQ(a[i].minimal, b[i].minimal) << i;
    EXPECT_EQ(a[i].symmetric_minimal, b[i].symmetric_minimal) << i;
  }
}

void expect_unique_puzzles(const std::vector<Made>& made) {
  for (const Made& m : made) {
    uint32_t count = 0;
    char solution[SUDOKIT_GRID_BUFFER];
    ASSERT_EQ(sudokit_solve(m.puzzle.c_str(), 81, 2, &count, solution), SUDOKIT_OK);
    EXPECT_EQ(count, 1u) << m.puzzle;
    EXPECT_EQ(m.solution, solution);
    EXPECT_TRUE(valid_solution(m.solution));
    EXPECT_TRUE(keeps_givens(m.puzzle, m.solution));
    EXPECT_EQ(81 - std::count(m.puzzle.begin(), m.puzzle.end(), '.'), m.clues);
  }
}

}  // namespace

TEST(CapiGenerate, SamePuzzlesAsTheCommand) {
  Collector c;
  sudokit_generate_options o = options(6, 11);
  o.threads = 3;
  o.symmetry = "random";
  o.dig_order = "sparse-digits";
  o.method = "digit-box";
  sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT;
  ASSERT_EQ(generate(o, c, &report), SUDOKIT_OK) << last_error();
  EXPECT_EQ(report.accepted, 6u);
  EXPECT_EQ(report.stopped, 0);
  expect_unique_puzzles(c.made);
  expect_same(c.made, cli("--count 6 --seed 11 --threads 1 --symmetry random --dig-order sparse-digits --method digit-box"));

  Collector clues;
  o = options(3, 5);
  o.clues = 30;
  o.scramble = 1;
  o.method = "relabel";
  ASSERT_EQ(generate(o, clues), SUDOKIT_OK) << last_error();
  expect_unique_puzzles(clues.made);
  for (const Made& m : clues.made) EXPECT_EQ(m.clues, 30);
  expect_same(clues.made, cli("--count 3 --seed 5 --clues 30 --scramble --method relabel"));
}

TEST(CapiGenerate, Pattern) {
  std::string pattern(81, '.');
  for (std::size_t i = 0; i < 81; ++i)
    if (kPuzzle[i] != '.') pattern[i] = 'x';
  Collector c;
  sudokit_generate_options o = options(2, 3);
  o.pattern = pattern.c_str();
  ASSERT_EQ(generate(o, c), SUDOKIT_OK) << last_error();
  expect_unique_puzzles(c.made);
  for (const Made& m : c.made)
    for (std::size_t i = 0; i < 81; ++i) EXPECT_EQ(m.puzzle[i] != '.', pattern[i] == 'x') << m.puzzle;
  expect_same(c.made, cli("--count 2 --seed 3 --pattern " + pattern));
}

TEST(CapiGenerate, TheCallbackStops) {
  Collector c;
  c.stop_after = 2;
  sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT;
  ASSERT_EQ(generate(options(50, 1), c, &report), SUDOKIT_OK);
  EXPECT_EQ(c.made.size(), 2u);
  EXPECT_EQ(report.accepted, 2u);
  EXPECT_EQ(report.stopped, 1);
}

// Another thread raises the flag while no puzzle can ever come (ER 11 and
// up, 120 s by default): the run stops without waiting for one, as stopped.
TEST(CapiGenerate, AStopFlagStopsARunFromAnotherThread) {
  sudokit_stop* stop = nullptr;
  ASSERT_EQ(sudokit_stop_new(&stop), SUDOKIT_OK);
  Collector c;
  sudokit_generate_options o = options(1, 1);
  o.min_rating = 11;
  o.stop = stop;
  sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT;
  int status = -100;
  std::thread run([&] { status = generate(o, c, &report); });
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  sudokit_stop_request(stop);
  run.join();
  sudokit_stop_free(stop);
  EXPECT_EQ(status, SUDOKIT_OK) << last_error();
  EXPECT_EQ(report.stopped, 1);
  EXPECT_EQ(report.accepted, 0u);
  EXPECT_TRUE(c.made.empty());
  sudokit_stop_request(nullptr);
  sudokit_stop_free(nullptr);
  EXPECT_EQ(sudokit_stop_new(nullptr), SUDOKIT_E_INVALID_ARGUMENT);
}

// A fresh seed differs from run to run; the report gives back the seed a
// run used, and that seed makes the same puzzles again.
TEST(CapiGenerate, AFreshSeedIsReportedAndRepeats) {
  const uint64_t first = sudokit_fresh_seed(), second = sudokit_fresh_seed();
  EXPECT_NE(first, second);
  Collector a, b, other;
  sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT;
  ASSERT_EQ(generate(options(3, first), a, &report), SUDOKIT_OK) << last_error();
  EXPECT_EQ(report.seed, first);
  sudokit_generate_report again = SUDOKIT_GENERATE_REPORT_INIT;
  ASSERT_EQ(generate(options(3, report.seed), b, &again), SUDOKIT_OK) << last_error();
  expect_same(a.made, b.made);
  ASSERT_EQ(generate(options(3, second), other), SUDOKIT_OK) << last_error();
  EXPECT_NE(a.made[0].puzzle, other.made[0].puzzle);
  expect_same(a.made, cli("--count 3 --seed " + std::to_string(first)));
}

// A caller compiled against 0.2.0: options end before `stop`, the report
// before `seed`; both are still served.
TEST(CapiGenerate, StructsOfTheEarlierHeader) {
  Collector c;
  sudokit_generate_options o = options(2, 4);
  o.struct_size = offsetof(sudokit_generate_options, stop);
  sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT;
  report.struct_size = offsetof(sudokit_generate_report, seed);
  report.seed = 77;
  ASSERT_EQ(generate(o, c, &report), SUDOKIT_OK) << last_error();
  EXPECT_EQ(report.accepted, 2u);
  EXPECT_EQ(report.seed, 77u);  // beyond the caller's struct: not written
  expect_same(c.made, cli("--count 2 --seed 4"));
  // A size that ends inside the pointer: its bytes are not a flag.
  std::memset(static_cast<void*>(&o.stop), 0xAB, sizeof o.stop);
  o.struct_size = offsetof(sudokit_generate_options, stop) + 3;
  Collector odd;
  ASSERT_EQ(generate(o, odd), SUDOKIT_OK) << last_error();
  expect_same(odd.made, c.made);
}

TEST(CapiGenerate, TheTimeLimitEndsARunIncomplete) {
  Collector c;
  sudokit_generate_options o = options(1'000'000, 1);
  o.time_limit = 0.05;
  sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT;
  EXPECT_EQ(generate(o, c, &report), SUDOKIT_E_INCOMPLETE);
  EXPECT_NE(last_error().find("of the 1000000 puzzles"), std::string::npos) << last_error();
  EXPECT_EQ(report.accepted, c.made.size());
  EXPECT_LT(report.accepted, 1'000'000u);
  EXPECT_EQ(report.stopped, 1);
}

// NULL options are the defaults: ten puzzles of a fresh seed (as the
// command without --seed), which the report gives back; the initialised
// options draw a fresh seed too, another each time.
TEST(CapiGenerate, DefaultsWithoutOptions) {
  Collector c, d;
  sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT, other = SUDOKIT_GENERATE_REPORT_INIT;
  ASSERT_EQ(sudokit_generate(nullptr, collect, &c, &report), SUDOKIT_OK) << last_error();
  ASSERT_EQ(sudokit_generate(nullptr, collect, &d, &other), SUDOKIT_OK) << last_error();
  EXPECT_EQ(c.made.size(), 10u);
  EXPECT_NE(report.seed, other.seed);
  EXPECT_NE(c.made.front().puzzle, d.made.front().puzzle);
  expect_same(c.made, cli("--count 10 --seed " + std::to_string(report.seed)));
  sudokit_generate_options a, b;
  sudokit_generate_options_init(&a);
  sudokit_generate_options_init(&b);
  EXPECT_NE(a.seed, b.seed);
}

// Every field with a bad value: the message names the field (never a
// command-line --flag), and with option_names it names the caller's own
// spelling instead (as Python's keywords and npm's keys do).
TEST(CapiGenerate, BadOptionsAreNamedByTheirFields) {
  static const std::string one_clue = "x" + std::string(80, '.');
  static const char* techniques[] = {"x-wing", "no-such-thing"};
  struct Case {
    void (*set)(sudokit_generate_options&);
    int option;  // SUDOKIT_OPTION_*, -1 = not an option's value
    const char* words;
  };
  const Case cases[] = {
      {[](sudokit_generate_options& o) { o.count = 0; }, SUDOKIT_OPTION_COUNT, "count must be from 1"},
      {[](sudokit_generate_options& o) { o.count = 2'000'000'000'000; }, SUDOKIT_OPTION_COUNT, "count must be from 1"},
      {[](sudokit_generate_options& o) { o.threads = 0; }, SUDOKIT_OPTION_THREADS, "threads must be"},
      {[](sudokit_generate_options& o) { o.threads = 257; }, SUDOKIT_OPTION_THREADS, "threads must be from 1 to 256"},
      {[](sudokit_generate_options& o) { o.method = "magic"; }, SUDOKIT_OPTION_METHOD, "unknown method 'magic'"},
      {[](sudokit_generate_options& o) { o.base = "123"; }, SUDOKIT_OPTION_BASE, "base must be a complete valid grid"},
      {[](sudokit_generate_options& o) { o.symmetry = "rot45"; }, SUDOKIT_OPTION_SYMMETRY, "unknown symmetry 'rot45'"},
      {[](sudokit_generate_options& o) { o.clues = 16; }, SUDOKIT_OPTION_CLUES, "clues must be 17 to 80"},
      {[](sudokit_generate_options& o) { o.clues = 25, o.minimal = 1; }, SUDOKIT_OPTION_CLUES,
       "clues and minimal exclude each other"},
      {[](sudokit_generate_options& o) { o.pattern = "xx"; }, SUDOKIT_OPTION_PATTERN, "pattern: "},
      {[](sudokit_generate_options& o) { o.pattern = one_clue.c_str(); }, SUDOKIT_OPTION_PATTERN,
       "pattern: 1 clues; no puzzle with one solution has fewer than 17"},
      {[](sudokit_generate_options& o) { o.dig_order = "backwards"; }, SUDOKIT_OPTION_DIG_ORDER,
       "unknown dig_order 'backwards'"},
      {[](sudokit_generate_options& o) { o.max_attempts = 2'000'000; }, SUDOKIT_OPTION_MAX_ATTEMPTS,
       "max_attempts must be from 1 to 1000000"},
      {[](sudokit_generate_options& o) { o.time_limit = -5; }, SUDOKIT_OPTION_TIME_LIMIT, "time_limit must be from 0"},
      {[](sudokit_generate_options& o) { o.time_limit = 1e9; }, SUDOKIT_OPTION_TIME_LIMIT, "time_limit must be from 0"},
      {[](sudokit_generate_options& o) { o.levels = "easy"; }, SUDOKIT_OPTION_LEVELS, "levels: "},
      {[](sudokit_generate_options& o) { o.level = "impossible"; }, SUDOKIT_OPTION_LEVEL,
       "unknown level 'impossible' (expected easy, medium, hard, diabolical, expert, extreme, nightmare)"},
      {[](sudokit_generate_options& o) { o.min_rating = 25; }, SUDOKIT_OPTION_MIN_RATING, "min_rating must be from 0 to 20"},
      {[](sudokit_generate_options& o) { o.max_rating = -2; }, SUDOKIT_OPTION_MAX_RATING, "max_rating must be from 1 to 20"},
      {[](sudokit_generate_options& o) { o.max_rating = 0.5; }, SUDOKIT_OPTION_MAX_RATING, "max_rating must be from 1 to 20"},
      {[](sudokit_generate_options& o) { o.min_rating = 5, o.max_rating = 4; }, SUDOKIT_OPTION_MIN_RATING,
       "the rating range is empty (min_rating above max_rating, or outside level)"},
      {[](sudokit_generate_options& o) { o.required_techniques = techniques, o.required_technique_count = 2; },
       SUDOKIT_OPTION_REQUIRED_TECHNIQUES, "required_techniques: unknown technique 'no-such-thing'"},
      {[](sudokit_generate_options& o) { o.hardest_technique = "w-wing-x"; }, SUDOKIT_OPTION_HARDEST_TECHNIQUE,
       "hardest_technique: unknown technique 'w-wing-x'"},
      {[](sudokit_generate_options& o) { o.search = -2; }, SUDOKIT_OPTION_SEARCH, "search must be from 0 to 1000000"},
      {[](sudokit_generate_options& o) { o.search = 4; }, SUDOKIT_OPTION_SEARCH,
       "search needs a target (min_rating, max_rating, level, required_techniques or hardest_technique)"},
      {[](sudokit_generate_options& o) { o.level = "hard", o.clues = 30, o.search = 4; }, SUDOKIT_OPTION_SEARCH,
       "search moves clues, so it cannot keep pattern or clues"},
      {[](sudokit_generate_options& o) { o.search_keep = 0; }, SUDOKIT_OPTION_SEARCH_KEEP, "search_keep must be from 1 to 1000"},
      {[](sudokit_generate_options& o) { o.strategy = "hill"; }, SUDOKIT_OPTION_STRATEGY, "unknown strategy 'hill'"},
      {[](sudokit_generate_options& o) { o.strategy = "climb"; }, SUDOKIT_OPTION_STRATEGY,
       "strategy climb climbs the rating: it needs min_rating (or level)"},
      {[](sudokit_generate_options& o) { o.required_technique_count = 1; }, -1, "required_techniques is NULL"},
      {[](sudokit_generate_options& o) { o.struct_size = 8; }, -1, "struct_size"},
  };
  // A binding's own spelling: "<0>", "<1>", ... by SUDOKIT_OPTION_*.
  std::vector<std::string> spelt;
  std::vector<const char*> names;
  for (int i = 0; i < SUDOKIT_GENERATE_OPTION_TOTAL; ++i) spelt.push_back("<" + std::to_string(i) + ">");
  for (const std::string& n : spelt) names.push_back(n.c_str());
  for (const Case& k : cases) {
    sudokit_generate_options o = options(1, 1);
    k.set(o);
    Collector c;
    EXPECT_EQ(generate(o, c), k.option >= 0 ? SUDOKIT_E_OPTION : SUDOKIT_E_INVALID_ARGUMENT) << k.words;
    EXPECT_NE(last_error().find(k.words), std::string::npos) << last_error();
    EXPECT_EQ(last_error().find("--"), std::string::npos) << last_error();
    EXPECT_TRUE(c.made.empty());
    // The option at fault by name (sudokit_last_error_option), in the message too.
    const std::string option = sudokit_last_error_option();
    if (k.option < 0) {
      EXPECT_EQ(option, "") << k.words;
      continue;
    }
    EXPECT_FALSE(option.empty()) << k.words;
    EXPECT_NE(last_error().find(option), std::string::npos) << option << ": " << last_error();
    o.option_names = names.data();
    EXPECT_EQ(generate(o, c), SUDOKIT_E_OPTION) << k.words;
    EXPECT_EQ(std::string(sudokit_last_error_option()), spelt[k.option]) << k.words;
    EXPECT_NE(last_error().find(spelt[k.option]), std::string::npos) << k.words << ": " << last_error();
    EXPECT_EQ(last_error().find("--"), std::string::npos) << last_error();
  }
  Collector c;
  EXPECT_EQ(sudokit_generate(nullptr, nullptr, &c, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
}

// Graded targets run the command's grade stage: the same puzzles, ratings,
// levels and hardest techniques as `sudokit generate` for the same seed.
TEST(CapiGenerate, GradedTargetsGiveTheCommandsPuzzlesAndRatings) {
  struct Graded {
    std::string puzzle, level, hardest;
    double er;
  };
  auto run = [](sudokit_generate_options o) {
    std::vector<Graded> out;
    auto cb = [](void* user, const sudokit_generated* g) {
      EXPECT_TRUE(g->graded);
      static_cast<std::vector<Graded>*>(user)->push_back({g->puzzle, g->level, g->hardest, g->er});
      return 0;
    };
    EXPECT_EQ(sudokit_generate(&o, cb, &out, nullptr), SUDOKIT_OK) << last_error();
    return out;
  };
  auto cli_graded = [](const std::string& args) {
    std::vector<Graded> out;
    const auto r = sudokit::test::run_sudokit("generate --format json " + args);
    EXPECT_EQ(r.status, 0) << r.err;
    std::istringstream in(r.out);
    std::string line;
    while (std::getline(in, line)) {
      const auto j = nlohmann::json::parse(line);
      out.push_back({j["puzzle"], j["level"], j["hardest"], j["er"]});
    }
    return out;
  };
  auto same = [](const std::vector<Graded>& a, const std::vector<Graded>& b) {
    ASSERT_EQ(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(a[i].puzzle, b[i].puzzle) << i;
      EXPECT_EQ(a[i].level, b[i].level) << i;
      EXPECT_EQ(a[i].hardest, b[i].hardest) << i;
      EXPECT_EQ(a[i].er, b[i].er) << i;
    }
  };
  sudokit_generate_options o = options(3, 5);
  o.level = "hard";
  same(run(o), cli_graded("--count 3 --seed 5 --level hard --threads 1"));
  o = options(3, 6);
  o.min_rating = 3.0;
  o.max_rating = 4.5;
  o.threads = 2;
  same(run(o), cli_graded("--count 3 --seed 6 --min-rating 3 --max-rating 4.5"));
  o = options(2, 7);
  o.hardest_technique = "x-wing";
  same(run(o), cli_graded("--count 2 --seed 7 --hardest-technique x-wing"));
  o = options(4, 8);
  o.grade = 1;
  same(run(o), cli_graded("--count 4 --seed 8 --grade"));
}
