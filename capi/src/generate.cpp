// sudokit_generate: the options of `sudokit generate` checked field by field
// (messages name the C fields), then mapped onto a produce::GenerateRequest
// and run by produce::generate, the one generation entry point the command
// uses too (target defaults, grade stage, local search), so the same options
// and seed give the same puzzles. Puzzles reach the C callback in index
// order. A sudokit_stop is the pipeline's stop flag, owned by the caller so
// that another thread can raise it while the run goes on; without one the
// run has a flag of its own (raised when the callback says stop).
#include <atomic>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>

#include "boundary.hpp"
#include "sudokit/generator/pipeline.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/target.hpp"
#include "sudokit/produce/generate.hpp"
#include "sudokit/solver/text.hpp"

using namespace sudokit;
using namespace sudokit::capi;

struct sudokit_stop {
  std::atomic<bool> raised{false};
};

namespace {

constexpr std::uint64_t kMaxCount = 1'000'000'000'000;
constexpr std::uint32_t kMaxThreads = 256;
constexpr double kMaxSeconds = 1e8;

// Hands each puzzle to the callback until it asks to stop.
class CallbackSink final : public PuzzleSink {
 public:
  CallbackSink(sudokit_generate_callback callback, void* user, std::atomic<bool>& stop)
      : callback_(callback), user_(user), stop_(stop) {}
  void write(const GeneratedPuzzle& p) override {
    if (stop_.load()) return;  // puzzles in flight after the callback said stop
    char puzzle[SUDOKIT_GRID_BUFFER], solution[SUDOKIT_GRID_BUFFER];
    write_grid(p.puzzle, puzzle);
    write_grid(p.solution, solution);
    sudokit_generated g{};
    g.struct_size = sizeof g;
    g.index = p.index;
    g.seed = p.seed;
    g.puzzle = puzzle;
    g.solution = solution;
    g.clues = p.clues;
    g.symmetry = symmetry_name(p.symmetry);
    g.method = method_name(p.method);
    g.dig_order = p.dig_order ? dig_order_name(*p.dig_order) : nullptr;
    g.minimal = p.minimal;
    g.symmetric_minimal = p.symmetric_minimal;
    g.level = "";
    g.hardest = "";
    if (const produce::GradeAnnotation* a = produce::grade_of(p)) {
      g.graded = 1;
      g.er = grader::rounded_rating(a->grade.er);
      g.ep = grader::rounded_rating(a->grade.ep);
      g.ed = grader::rounded_rating(a->grade.ed);
      level_ = a->level;
      g.level = level_.c_str();
      g.hardest = grader::technique_key(a->grade.hardest).data();
    }
    ++accepted_;
    if (callback_(user_, &g) != 0) {
      stop_.store(true);
      stopped_by_callback_ = true;
    }
  }
  std::uint64_t accepted() const { return accepted_; }
  bool stopped_by_callback() const { return stopped_by_callback_; }

 private:
  sudokit_generate_callback callback_;
  void* user_;
  std::atomic<bool>& stop_;
  std::uint64_t accepted_ = 0;
  bool stopped_by_callback_ = false;
  std::string level_;  // the level name handed to the callback
};

// A name option: false after fail() when it names nothing `parse` knows.
template <class T, class Parse>
bool name_option(const char* value, const char* field, const char* expected, Parse parse, T& out) {
  if (!value) return true;
  const auto parsed = parse(value);
  if (!parsed) {
    fail(SUDOKIT_E_OPTION, std::string(field) + ": unknown '" + value + "' (expected " + expected + ")");
    return false;
  }
  out = *parsed;
  return true;
}

// The options into the pipeline's, and the graded target into `target`:
// SUDOKIT_OK or the status of the first bad field.
int pipeline_options(const sudokit_generate_options& o, PipelineOptions& p, grader::Target& target) {
  if (o.count < 1 || o.count > kMaxCount) return fail(SUDOKIT_E_OPTION, "count must be from 1 to 1e12");
  p.count = o.count;
  p.seed = o.seed;
  if (o.threads < 1 || o.threads > kMaxThreads) return fail(SUDOKIT_E_OPTION, "threads must be from 1 to 256");
  p.threads = o.threads;
  if (!name_option(o.method, "method", "backtrack, box-permutation, digit-box or relabel", parse_grid_method,
                   p.grid.method))
    return SUDOKIT_E_OPTION;
  p.grid.scramble = o.scramble != 0;
  if (o.base) {
    ParseError error;
    if (!parse_puzzle(o.base, p.grid.base, error) || !is_valid_solution_grid(p.grid.base))
      return fail(SUDOKIT_E_OPTION, "base must be a complete valid grid of 81 digits");
  }
  if (!name_option(o.symmetry, "symmetry", "none, rot180, rot90, mirror, diagonal, antidiagonal, dihedral or random",
                   parse_symmetry, p.symmetry))
    return SUDOKIT_E_OPTION;
  if (o.clues != 0 && (o.clues < 17 || o.clues > 80))
    return fail(SUDOKIT_E_OPTION, "clues must be from 17 to 80 (0 = minimal)");
  if (o.clues != 0 && o.minimal) return fail(SUDOKIT_E_OPTION, "clues and minimal exclude each other");
  p.target_clues = o.clues;
  p.verify_minimal = o.verify_minimal != 0;
  if (o.max_attempts > 1'000'000) return fail(SUDOKIT_E_OPTION, "max_attempts must be from 1 to 1000000 (0 = default)");
  if (o.pattern) {
    if (o.clues != 0) return fail(SUDOKIT_E_OPTION, "pattern fixes the clues; it excludes clues");
    CellSet pattern;
    std::string error;
    if (!parse_pattern(o.pattern, pattern, error)) return fail(SUDOKIT_E_OPTION, "pattern: ", error);
    if (pattern.size() < 17)
      return fail(SUDOKIT_E_OPTION, "pattern: " + std::to_string(pattern.size()) +
                                        " clues; no puzzle with one solution has fewer than 17");
    p.pattern = pattern;
    p.max_attempts = 5;  // each attempt is a bounded local search
    p.max_failures = 2;
  }
  if (o.max_attempts != 0) p.max_attempts = o.max_attempts;
  if (o.dig_order) {
    if (o.pattern) return fail(SUDOKIT_E_OPTION, "pattern fixes the clues, nothing is dug; it excludes dig_order");
    if (!name_option(o.dig_order, "dig_order", "random or sparse-digits", parse_dig_order, p.dig_order))
      return SUDOKIT_E_OPTION;
  }
  if (!(o.time_limit >= 0 && o.time_limit <= kMaxSeconds))
    return fail(SUDOKIT_E_OPTION, "time_limit must be from 0 (no limit) to 1e8 seconds");
  p.time_limit = o.time_limit;

  // The graded target, checked as the command checks it.
  std::vector<grader::Level> levels = grader::default_levels();
  if (o.levels) {
    std::string error;
    if (!grader::parse_levels(o.levels, levels, error)) return fail(SUDOKIT_E_OPTION, "levels: ", error);
  }
  auto rating = [](double r) { return r == 0 || (r >= kMinRating && r <= kMaxRating); };
  if (!rating(o.min_rating) || !rating(o.max_rating) || std::isnan(o.min_rating) || std::isnan(o.max_rating))
    return fail(SUDOKIT_E_OPTION, "min_rating and max_rating must be from 0 to 20 (0 = no bound)");
  if (o.min_rating > 0) target.min_rating = o.min_rating;
  if (o.max_rating > 0) target.max_rating = o.max_rating;
  if (o.level && !target.restrict_to_level(o.level, levels))
    return fail(SUDOKIT_E_OPTION, std::string("level: unknown '") + o.level + "' (expected one of " +
                                      grader::level_names(levels) + ")");
  if (target.min_rating > target.max_rating)
    return fail(SUDOKIT_E_OPTION, "the rating range is empty (min_rating above max_rating, or outside level)");
  if (o.required_technique_count > 0 && !o.required_techniques)
    return fail(SUDOKIT_E_INVALID_ARGUMENT, "required_techniques is NULL with a count");
  for (std::size_t i = 0; i < o.required_technique_count; ++i) {
    grader::TechniqueSet t;
    if (!o.required_techniques[i] || !grader::parse_technique_set(o.required_techniques[i], t))
      return fail(SUDOKIT_E_OPTION, "required_techniques[" + std::to_string(i) + "]: unknown technique");
    target.required.push_back(t);
  }
  if (o.hardest_technique) {
    grader::TechniqueSet t;
    if (!grader::parse_technique_set(o.hardest_technique, t))
      return fail(SUDOKIT_E_OPTION, std::string("hardest_technique: unknown technique '") + o.hardest_technique + "'");
    target.hardest = t;
  }
  if (o.search < -1 || o.search > 1'000'000) return fail(SUDOKIT_E_OPTION, "search must be from -1 (default) to 1000000");
  if (o.search_keep < 1 || o.search_keep > 1000) return fail(SUDOKIT_E_OPTION, "search_keep must be from 1 to 1000");
  if (o.search > 0 && (o.pattern || o.clues != 0))
    return fail(SUDOKIT_E_OPTION, "search moves clues, so it cannot keep pattern or clues");
  if (o.search > 0 && !target.any()) return fail(SUDOKIT_E_OPTION, "search needs a target (level, ratings, techniques)");

  return SUDOKIT_OK;
}

// The checked options as the request `sudokit generate` makes of its own.
produce::GenerateRequest request_of(const sudokit_generate_options& o) {
  auto text = [](const char* v, const char* fallback = "") { return std::string(v ? v : fallback); };
  produce::GenerateRequest q;
  q.count = o.count;
  q.seed = o.seed;
  q.threads = o.threads;
  q.method = text(o.method, "backtrack");
  q.scramble = o.scramble != 0;
  q.base = text(o.base);
  q.symmetry = text(o.symmetry, "none");
  q.clues = o.clues;
  q.minimal = o.minimal != 0;
  q.verify_minimal = o.verify_minimal != 0;
  q.pattern = text(o.pattern);
  q.dig_order = text(o.dig_order);
  q.max_attempts = o.max_attempts;
  q.grade = o.grade != 0;
  q.levels = text(o.levels);
  q.level = text(o.level);
  if (o.min_rating > 0) q.min_rating = o.min_rating;
  if (o.max_rating > 0) q.max_rating = o.max_rating;
  for (std::size_t i = 0; i < o.required_technique_count; ++i) q.require_techniques.emplace_back(o.required_techniques[i]);
  q.hardest_technique = text(o.hardest_technique);
  q.search = o.search;
  q.search_keep = o.search_keep;
  q.strategy = text(o.strategy);
  q.time_limit = o.time_limit > 0 ? o.time_limit : -1;  // 0: the command's default
  return q;
}

}  // namespace

extern "C" {

int sudokit_stop_new(sudokit_stop** stop) {
  return guard([&] {
    if (!stop) return fail(SUDOKIT_E_INVALID_ARGUMENT, "stop is NULL");
    *stop = nullptr;
    *stop = new sudokit_stop;
    return SUDOKIT_OK;
  });
}

void sudokit_stop_request(sudokit_stop* stop) {
  if (stop) stop->raised.store(true);
}

void sudokit_stop_free(sudokit_stop* stop) { delete stop; }

uint64_t sudokit_fresh_seed(void) { return produce::fresh_seed(); }

void sudokit_generate_options_init(sudokit_generate_options* o) {
  if (!o) return;
  *o = sudokit_generate_options{};
  o->struct_size = sizeof *o;
  o->count = 10;
  o->seed = sudokit_fresh_seed();  // as the command without --seed: a new run each time, repeated by report.seed
  o->threads = 1;
  o->search = -1;
  o->search_keep = 1;
}

int sudokit_generate(const sudokit_generate_options* options, sudokit_generate_callback callback, void* user,
                     sudokit_generate_report* report) {
  return guard([&] {
    if (!callback) return fail(SUDOKIT_E_INVALID_ARGUMENT, "callback is NULL");
    if (report && report->struct_size < sizeof(std::uint32_t))
      return fail(SUDOKIT_E_INVALID_ARGUMENT, "report: struct_size is 0 (use SUDOKIT_GENERATE_REPORT_INIT)");
    sudokit_generate_options o;
    sudokit_generate_options_init(&o);
    // A caller compiled against 0.2.0 ends its options before `stop`.
    if (int s = read_options(options, o, "sudokit_generate_options", offsetof(sudokit_generate_options, stop)))
      return s;
    if (options && options->struct_size < offsetof(sudokit_generate_options, stop) + sizeof o.stop)
      o.stop = nullptr;  // a struct ending inside the pointer has no stop flag
    PipelineOptions p;
    grader::Target target;
    if (int s = pipeline_options(o, p, target)) return s;

    produce::GeneratePlan plan;
    try {
      plan = produce::plan_generation(request_of(o));
    } catch (const produce::RequestError& e) {
      return fail(SUDOKIT_E_OPTION, e.what());
    }
    sudokit_stop own;
    std::atomic<bool>& stop = o.stop ? o.stop->raised : own.raised;
    produce::GenerateHooks hooks;
    hooks.stop = &stop;
    CallbackSink sink(callback, user, stop);
    const PipelineReport r = produce::generate(plan, sink, hooks).report;

    if (report) {
      sudokit_generate_report full = SUDOKIT_GENERATE_REPORT_INIT;
      full.accepted = sink.accepted();
      full.tried = r.tried;
      full.failed = r.failed;
      full.seconds = r.seconds;
      full.stopped = r.stopped || sink.stopped_by_callback();
      full.seed = o.seed;
      write_struct(full, report, "report");
    }
    if (stop.load()) return SUDOKIT_OK;  // the callback or the caller's flag stopped it
    if (const std::string shortfall = produce::shortfall_message(plan, r, sink.accepted()); !shortfall.empty())
      return fail(SUDOKIT_E_INCOMPLETE, shortfall);
    return SUDOKIT_OK;
  });
}

}  // extern "C"
