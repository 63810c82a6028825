// sudokit_generate: the options of `sudokit generate` mapped onto a
// produce::GenerateRequest, checked by produce::plan_generation (a bad one is
// named by its C field, or as the caller's option_names spell it) and run by
// produce::generate, the one generation entry point the command
// uses too (target defaults, grade stage, local search), so the same options
// and seed give the same puzzles. Puzzles reach the C callback in index
// order. A sudokit_stop is the pipeline's stop flag, owned by the caller so
// that another thread can raise it while the run goes on; without one the
// run has a flag of its own (raised when the callback says stop).
// Variants (options.geometry, issue #47): the spelling is loaded here
// (load_geometry: parsed, and refused when it has no valid grid) and goes
// into the same request as GenerateRequest::geometry, so plan_generation
// checks the rest (rating options refused with the reason) and
// produce::generate runs the variant digger; cells are written in the
// caller's alphabet.
#include <atomic>
#include <cmath>
#include <cstddef>
#include <optional>
#include <string>

#include "boundary.hpp"
#include "shape.hpp"
#include "sudokit/generator/pipeline.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/target.hpp"
#include "sudokit/produce/generate.hpp"
#include "sudokit/produce/variant_output.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/text.hpp"

using namespace sudokit;
using namespace sudokit::capi;

struct sudokit_stop {
  std::atomic<bool> raised{false};
};

namespace {

// Hands each puzzle to the callback until it asks to stop.
class CallbackSink final : public PuzzleSink {
 public:
  CallbackSink(sudokit_generate_callback callback, void* user, std::atomic<bool>& stop, Alphabet alphabet)
      : callback_(callback), user_(user), stop_(stop), alphabet_(alphabet) {}
  void write(const GeneratedPuzzle& p) override {
    if (stop_.load()) return;  // puzzles in flight after the callback said stop
    sudokit_generated g{};
    g.struct_size = sizeof g;
    g.index = p.index;
    g.seed = p.seed;
    if (p.geometry) {  // a variant: its cells, unrated (variant)
      puzzle_ = print_cells(*p.geometry, p.variant_puzzle, alphabet_);
      solution_ = print_cells(*p.geometry, p.variant_solution, alphabet_);
      g.geometry = p.geometry->spelling().c_str();
      g.status = produce::kUnratedVariant;
    } else {
      const Geometry& classic = *classic_geometry();
      puzzle_ = print_cells(classic, {p.puzzle.cells.begin(), p.puzzle.cells.end()}, alphabet_);
      solution_ = print_cells(classic, {p.solution.cells.begin(), p.solution.cells.end()}, alphabet_);
      g.geometry = classic.spelling().c_str();
      g.status = "";
    }
    g.puzzle = puzzle_.c_str();
    g.solution = solution_.c_str();
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
  Alphabet alphabet_;
  std::string level_;             // the level name handed to the callback
  std::string puzzle_, solution_;  // the cells handed to the callback
};

// The C fields' names of the options, indexed by SUDOKIT_OPTION_* (the
// command's own for the four that have no field here).
constexpr produce::GenerateOptionNames kFieldNames = {
    "count", "seed", "threads", "method", "scramble", "base", "symmetry", "clues", "minimal", "verify_minimal",
    "pattern", "dig_order", "max_attempts", "grade", "--with-steps", "levels", "level", "min_rating", "max_rating",
    "required_techniques", "hardest_technique", "search", "search_keep", "time_limit", "--grade-time-limit",
    "--shard", "--from", "strategy",
};
static_assert(kFieldNames.size() == SUDOKIT_GENERATE_OPTION_TOTAL);
static_assert(static_cast<int>(produce::GenerateOption::RequireTechnique) == SUDOKIT_OPTION_REQUIRED_TECHNIQUES);
static_assert(static_cast<int>(produce::GenerateOption::Strategy) == SUDOKIT_OPTION_STRATEGY);

// The options as the request `sudokit generate` makes of its own, unchecked:
// plan_generation checks them. The fields' zeros that mean "the default"
// become the request's defaults.
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
  q.min_rating = o.min_rating;
  if (o.max_rating != 0) q.max_rating = o.max_rating;
  for (std::size_t i = 0; i < o.required_technique_count; ++i) q.require_techniques.emplace_back(o.required_techniques[i]);
  q.hardest_technique = text(o.hardest_technique);
  q.search = o.search;
  q.search_keep = o.search_keep;
  q.strategy = text(o.strategy);
  q.time_limit = o.time_limit != 0 ? o.time_limit : -1;  // 0: the command's default
  if (o.geometry) q.geometry = o.geometry;
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
    if (options && options->struct_size < offsetof(sudokit_generate_options, option_names) + sizeof o.option_names)
      o.option_names = nullptr;
    if (options && options->struct_size < offsetof(sudokit_generate_options, geometry) + sizeof o.geometry)
      o.geometry = nullptr;  // a caller of an earlier header: the classic
    if (options && options->struct_size < offsetof(sudokit_generate_options, alphabet) + sizeof o.alphabet)
      o.alphabet = SUDOKIT_ALPHABET_DIGITS;
    if (o.required_technique_count > 0 && !o.required_techniques)
      return fail(SUDOKIT_E_INVALID_ARGUMENT, "required_techniques is NULL with a count");
    for (std::size_t i = 0; i < o.required_technique_count; ++i)
      if (!o.required_techniques[i])
        return fail(SUDOKIT_E_INVALID_ARGUMENT, "required_techniques[" + std::to_string(i) + "] is NULL");
    produce::GenerateOptionNames names = kFieldNames;
    if (o.option_names)
      for (std::size_t i = 0; i < names.size(); ++i)
        if (o.option_names[i]) names[i] = o.option_names[i];

    // The geometry and alphabet: named by their fields (no option_names index).
    GeometryPtr geometry;
    Alphabet alphabet = Alphabet::kDigits;
    if (int s = read_shape(o.geometry, o.alphabet, geometry, alphabet)) return s;
    produce::GenerateRequest request = request_of(o);
    request.geometry = geometry->classic() ? std::string() : geometry->spelling();
    if (o.base && alphabet != Alphabet::kDigits) {  // the base in the caller's alphabet, for the request in digits
      try {
        request.base = print_cells(*geometry, read_cells(*geometry, o.base, alphabet));
      } catch (const GeometryError& e) {
        return fail_option(SUDOKIT_E_OPTION, names[static_cast<std::size_t>(produce::GenerateOption::Base)],
                           std::string(names[static_cast<std::size_t>(produce::GenerateOption::Base)]) + ": " + e.what());
      }
    }

    produce::GeneratePlan plan;
    try {
      plan = produce::plan_generation(request);
    } catch (const produce::GenerateOptionError& e) {
      return fail_option(SUDOKIT_E_OPTION, names[static_cast<std::size_t>(e.which())], e.message(names));
    }
    sudokit_stop own;
    std::atomic<bool>& stop = o.stop ? o.stop->raised : own.raised;
    produce::GenerateHooks hooks;
    hooks.stop = &stop;
    CallbackSink sink(callback, user, stop, alphabet);
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
