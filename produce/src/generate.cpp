// Generation requests (generate.hpp): checking, the target defaults, and the
// runs into a sink or the SQLite store.
#include "sudokit/produce/generate.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>

#include "generate_variant.hpp"
#include "sudokit/produce/seeded.hpp"
#include "sudokit/solver/limits.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::produce {

namespace {

/// Local-search neighbours per near miss when a target is set and the
/// request says nothing (docs/GRADING.md has the rates).
constexpr int kDefaultSearch = 32;
/// A seeded search: neighbours judged around each start (docs/GRADING.md).
constexpr int kSeededSearch = 64;
/// A pattern: grids tried per puzzle (each a bounded local search) and
/// failed puzzles in a row before giving up.
constexpr std::uint32_t kPatternAttempts = 5;
constexpr std::uint32_t kPatternFailures = 2;
/// The climb (seeded.hpp): the ER floor from which it is the default, the
/// stones' floor (the target's less kStoneMargin, at most kStoneCap: what
/// digging from scratch meets by the hundred a minute) and the stones dug
/// per round (of which the round walks from the 8 hardest not walked from
/// yet: seeded.cpp's kFresh; docs/GRADING.md has the rates).
constexpr double kClimbFloor = 9.3;
constexpr double kStoneMargin = 0.5;
constexpr double kStoneCap = 9.0;
constexpr std::uint64_t kStonesPerRound = 16;

using Option = GenerateOption;

[[noreturn]] void refuse(Option option, std::vector<MessagePart> message) {
  throw GenerateOptionError(option, std::move(message));
}
/// A value outside the option's bounds (GenerateOptionError::out_of_range).
[[noreturn]] void refuse_range(Option option, std::vector<MessagePart> message) {
  throw GenerateOptionError(option, std::move(message), true);
}

grader::TechniqueSet technique(Option option, const std::string& name) {
  grader::TechniqueSet t;
  if (grader::parse_technique_set(name, t)) return t;
  std::string known;
  for (const auto& key : grader::technique_keys(~grader::TechniqueSet{0} >> (64 - grader::kTechniqueCount)))
    known += ' ' + key;
  refuse(option, {option, ": unknown technique '" + name + "'; known:" + known + ", and x-chain (any single-digit chain)"});
}

/// The options that decide which puzzle each index gets, resolved, as text.
std::string options_text(const GeneratePlan& plan, const GenerateRequest& q) {
  const PipelineOptions& o = plan.pipeline;
  const grader::Target& t = plan.criteria.target;
  char numbers[160];
  std::snprintf(numbers, sizeof numbers, " min-rating=%.17g max-rating=%.17g grade-time-limit=%.17g", t.min_rating,
                t.max_rating, plan.criteria.time_limit);
  std::string text = std::string("sudokit ") + SUDOKIT_VERSION_STRING + " generate method=" + method_name(o.grid.method) +
                     " scramble=" + (o.grid.scramble ? "1" : "0") + " base=" + (q.base.empty() ? "-" : format_line(o.grid.base)) +
                     " symmetry=" + symmetry_name(o.symmetry) + " clues=" + std::to_string(o.target_clues) + " pattern=";
  if (o.pattern)
    for (int cell = 0; cell < 81; ++cell) text += o.pattern->has(cell) ? 'x' : '.';
  else
    text += '-';
  text += " dig-order=" + std::string(dig_order_name(o.dig_order)) + " max-attempts=" + std::to_string(o.max_attempts) +
          " search=" + std::to_string(o.search_evaluations) + " search-keep=" + std::to_string(o.search_keep) +
          " levels=" + grader::format_levels(plan.criteria.levels) + numbers + " require=";
  for (const auto& set : t.required) {
    for (const auto& key : grader::technique_keys(set)) text += key + '|';
    text += ',';
  }
  text += " hardest=";
  if (t.hardest)
    for (const auto& key : grader::technique_keys(*t.hardest)) text += key + '|';
  if (plan.climb) text += " strategy=climb";
  if (plan.seeded()) {
    // The seeds by content (FNV-1a over their lines), not by file name.
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (const SeedPuzzle& s : plan.seeds)
      for (int cell = 0; cell < kCells; ++cell) h = (h ^ s.puzzle[cell]) * 0x100000001b3ull;
    text += " from=" + std::to_string(plan.seeds.size()) + ':' + std::to_string(h) +
            " walk-minimal=" + (plan.walk.minimal ? "1" : "0");
  }
  return text;
}

/// A seeded search (--from): the options that do not go with it, the
/// seeds solved, the walk's settings.
void plan_seeded(const GenerateRequest& q, GeneratePlan& plan) {
  PipelineOptions& o = plan.pipeline;
  auto excluded = [](Option option, const char* why) {
    refuse(option, {option, std::string(" ") + why + "; it excludes ", Option::From});
  };
  if (o.pattern) excluded(Option::Pattern, "fixes the clues of dug puzzles");
  if (o.target_clues > 0) excluded(Option::Clues, "fixes the clue count of dug puzzles");
  if (q.shard_count > 1) excluded(Option::Shard, "splits the indices of dug puzzles");
  if (q.search_keep > 1) excluded(Option::SearchKeep, "keeps neighbours of dug puzzles");
  if (o.symmetry != Symmetry::None) excluded(Option::Symmetry, "shapes dug puzzles (a move keeps no symmetry)");
  if (!q.dig_order.empty()) excluded(Option::DigOrder, "orders the digging of new puzzles");
  if (q.method != "backtrack" || q.scramble || !q.base.empty()) excluded(Option::Method, "makes the grids of dug puzzles");
  if (q.from.empty()) refuse(Option::From, {Option::From, ": no puzzle to start from"});
  for (const SeedPuzzle& seed : q.from) {
    SeedPuzzle solved = seed;
    const SolveResult r = solve(seed.puzzle, 2);
    if (r.count != 1)
      refuse(Option::From, {Option::From, ": the puzzle of line " + std::to_string(seed.line) + " has " +
                                              (r.count == 0 ? "no solution" : "several solutions")});
    solved.solution = r.solution;
    plan.seeds.push_back(solved);
  }
  plan.criteria.grade = true;  // the walk climbs the ratings
  o.search_evaluations = q.search >= 0 ? q.search : kSeededSearch;
  if (o.search_evaluations == 0) refuse(Option::Search, {Option::Search, " 0 leaves ", Option::From, " nothing to do"});
  plan.walk.evaluations = o.search_evaluations;
  plan.walk.minimal = q.minimal;
  o.make_filter = [criteria = plan.criteria] { return std::make_unique<GradeStage>(criteria); };
}

/// Why the climb cannot run this request (empty when it can): the options
/// that shape dug puzzles a walk's moves would not keep.
std::vector<MessagePart> climb_problem(const GenerateRequest& q, const PipelineOptions& o) {
  if (o.pattern) return {Option::Pattern, " fixes the clues"};
  if (o.target_clues > 0) return {Option::Clues, " fixes the clue count"};
  if (o.symmetry != Symmetry::None) return {Option::Symmetry, " shapes the clues (a move keeps no symmetry)"};
  if (q.shard_count > 1) return {Option::Shard, " splits the indices of dug puzzles"};
  if (q.search_keep > 1) return {Option::SearchKeep, " keeps neighbours of dug puzzles"};
  if (q.search == 0) return {Option::Search, " 0 leaves the walks nothing to do"};
  return {};
}

/// The climb: the stones' pipeline (the request's grids and dig order, the
/// rating range from the stone floor, the default local search) and the
/// walk (every neighbour dug minimal, as dug puzzles are).
void plan_climb(const GenerateRequest& q, GeneratePlan& plan) {
  plan.climb = true;
  PipelineOptions& o = plan.pipeline;
  GradeCriteria stone = plan.criteria;
  stone.target = grader::Target{};
  stone.target.min_rating = std::min(kStoneCap, plan.criteria.target.min_rating - kStoneMargin);
  stone.target.max_rating = plan.criteria.target.max_rating;
  plan.criteria.grade = true;  // the walk climbs the ratings
  plan.stones = o;
  plan.stones.count = kStonesPerRound;
  plan.stones.search_evaluations = kDefaultSearch;
  plan.stones.make_filter = [stone] { return std::make_unique<GradeStage>(stone); };
  o.search_evaluations = q.search >= 0 ? q.search : kSeededSearch;
  plan.walk.evaluations = o.search_evaluations;
  plan.walk.minimal = true;
  o.make_filter = [criteria = plan.criteria] { return std::make_unique<GradeStage>(criteria); };
}

}  // namespace

const GenerateOptionNames& command_option_names() {
  static constexpr GenerateOptionNames names = {
      "--count", "--seed", "--threads", "--method", "--scramble", "--base", "--symmetry", "--clues", "--minimal",
      "--verify-minimal", "--pattern", "--dig-order", "--max-attempts", "--grade", "--with-steps", "--levels",
      "--level", "--min-rating", "--max-rating", "--require-technique", "--hardest-technique", "--search",
      "--search-keep", "--time-limit", "--grade-time-limit", "--shard", "--from", "--strategy",
  };
  return names;
}

namespace {
std::string render(const std::vector<MessagePart>& parts, const GenerateOptionNames& names) {
  std::string text;
  for (const MessagePart& p : parts) text += p.option ? std::string(names[static_cast<std::size_t>(*p.option)]) : p.text;
  return text;
}
}  // namespace

GenerateOptionError::GenerateOptionError(GenerateOption option, std::vector<MessagePart> message, bool out_of_range)
    : RequestError(std::string(command_option_names()[static_cast<std::size_t>(option)]),
                   render(message, command_option_names())),
      which_(option),
      out_of_range_(out_of_range),
      parts_(std::move(message)) {}

std::string GenerateOptionError::message(const GenerateOptionNames& names) const { return render(parts_, names); }

std::uint64_t fresh_seed() {
  std::random_device entropy;
  const std::uint64_t drawn = (std::uint64_t{entropy()} << 32) ^ entropy();
  const auto clock = static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count());
  return drawn ^ (clock * 0x9E3779B97F4A7C15ull);
}

void set_grading(GenerateRequest& q, const GradingAsked& asked) {
  if (asked.with_steps && (!asked.to_store || asked.no_grade))
    throw RequestError("--with-steps",
                       "--with-steps stores the solution path: it needs --db (and grading, not --no-grade)");
  // A store grades what it keeps, except variants: they are stored unrated
  // (variant) until issue #48, so --db alone asks no grading of them.
  const bool variant = request_geometry(q) != nullptr;
  q.grade = asked.grade || (asked.to_store && !asked.no_grade && !variant);
  q.with_steps = asked.with_steps;
}

InputDeadline::InputDeadline(const GenerateRequest& request, Clock::time_point started)
    : limit_(request.time_limit > 0 ? request.time_limit : 0), started_(started) {
  if (limit_ > 0)
    deadline_ = started_ + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(limit_));
}

void InputDeadline::charge_reading(GenerateRequest& request, Clock::time_point now) const {
  if (limit_ > 0) request.time_limit = std::max(1e-3, limit_ - std::chrono::duration<double>(now - started_).count());
}

void check_bounds(const GenerateRequest& q) {
  // The bounds of limits.hpp: the one check of them for the command and the
  // bindings alike (each words an out_of_range refusal its own way).
  if (q.count < 1 || q.count > kMaxCount) refuse_range(Option::Count, {Option::Count, " must be from 1 to " + bound_text(kMaxCount)});
  if (q.threads < 1) refuse_range(Option::Threads, {Option::Threads, " must be at least 1"});
  if (q.threads > kMaxThreads) refuse_range(Option::Threads, {Option::Threads, " must be from 1 to " + bound_text(kMaxThreads)});
  if (q.clues != 0 && (q.clues < 17 || q.clues > 80))
    refuse_range(Option::Clues, {Option::Clues, " must be 17 to 80 (or 0 for a minimal puzzle)"});
  if (q.max_attempts > kMaxAttempts)
    refuse_range(Option::MaxAttempts, {Option::MaxAttempts, " must be from 1 to " + bound_text(kMaxAttempts) + " (0 = the default)"});
  if (q.search < -1 || q.search > kMaxSearch)
    refuse_range(Option::Search, {Option::Search, " must be from 0 to " + bound_text(kMaxSearch) + " (-1 = the default)"});
  if (q.search_keep < 1 || q.search_keep > kMaxSearchKeep)
    refuse_range(Option::SearchKeep, {Option::SearchKeep, " must be from 1 to " + bound_text(kMaxSearchKeep)});
  if (!(q.min_rating >= kMinRating && q.min_rating <= kMaxRating))
    refuse_range(Option::MinRating, {Option::MinRating, " must be from " + bound_text(kMinRating) + " to " + bound_text(kMaxRating)});
  if (!(q.max_rating >= kMinMaxRating && q.max_rating <= kMaxRating) && q.max_rating != GenerateRequest{}.max_rating)
    refuse_range(Option::MaxRating, {Option::MaxRating, " must be from " + bound_text(kMinMaxRating) + " to " + bound_text(kMaxRating)});
  if (std::isnan(q.time_limit) || q.time_limit > kMaxSeconds || (q.time_limit < 0 && q.time_limit != -1))
    refuse_range(Option::TimeLimit, {Option::TimeLimit, " must be from 0 (no limit) to " + bound_text(kMaxSeconds) + " seconds"});
  if (!(q.grade_time_limit >= 0 && q.grade_time_limit <= kMaxSeconds))
    refuse_range(Option::GradeTimeLimit, {Option::GradeTimeLimit, " must be from 0 (no limit) to " + bound_text(kMaxSeconds) + " seconds"});
}

GeneratePlan plan_generation(const GenerateRequest& q) {
  if (GeometryPtr geometry = request_geometry(q)) {  // a variant: the rest of this function plans the classic
    GenerateRequest common = q;  // the options every geometry shares, checked as the classic's
    common.geometry.clear();
    common.method = "backtrack";
    common.base.clear();
    common.symmetry = "none";
    common.clues = 0;
    common.minimal = false;
    common.pattern.clear();
    common.dig_order.clear();
    common.max_attempts = 0;
    common.grade = common.with_steps = false;
    common.levels.clear();  // the rating options: refused by plan_variant_generation with the reason
    common.level.clear();
    common.min_rating = GenerateRequest{}.min_rating;
    common.max_rating = GenerateRequest{}.max_rating;
    common.require_techniques.clear();
    common.hardest_technique.clear();
    common.search = -1;
    common.search_keep = 1;
    common.seeded = false;
    common.from.clear();
    common.strategy.clear();
    return plan_variant_generation(q, std::move(geometry), plan_generation(common));
  }
  GeneratePlan plan;
  PipelineOptions& o = plan.pipeline;
  GradeCriteria& criteria = plan.criteria;
  grader::Target& target = criteria.target;
  check_bounds(q);
  if (q.shard_count < 1 || q.shard_index >= q.shard_count)
    refuse(Option::Shard, {Option::Shard, " K/N needs N at least 1 and K from 0 to N-1"});
  if (q.shard_count > 1 && q.search_keep > 1)
    refuse(Option::Shard, {Option::Shard, " splits the run's indices, and ", Option::SearchKeep,
                           " above 1 makes it count puzzles instead: use one of them"});
  o.count = q.count;
  o.seed = q.seed;
  o.shard_index = q.shard_index;
  o.shard_count = q.shard_count;
  o.threads = q.threads;
  o.target_clues = q.clues;

  const auto method = parse_grid_method(q.method);
  if (!method)
    refuse(Option::Method, {"unknown ", Option::Method, " '" + q.method +
                                                         "' (expected backtrack, box-permutation, digit-box or relabel)"});
  o.grid.method = *method;
  o.grid.scramble = q.scramble;
  if (!q.base.empty()) {
    ParseError err;
    if (!parse_puzzle(q.base, o.grid.base, err) || !is_valid_solution_grid(o.grid.base))
      refuse(Option::Base, {Option::Base, " must be a complete valid grid of 81 digits"});
  }
  const auto symmetry = parse_symmetry(q.symmetry);
  if (!symmetry)
    refuse(Option::Symmetry, {"unknown ", Option::Symmetry, " '" + q.symmetry +
                                                             "' (expected none, rot180, rot90, mirror, diagonal, "
                                                             "antidiagonal, dihedral or random)"});
  o.symmetry = *symmetry;
  if (q.clues != 0 && q.minimal) refuse(Option::Clues, {Option::Clues, " and ", Option::Minimal, " exclude each other"});
  if (!q.pattern.empty()) {
    if (q.clues != 0) refuse(Option::Pattern, {Option::Pattern, " fixes the clues; it excludes ", Option::Clues});
    CellSet pattern;
    std::string error;
    if (!parse_pattern(q.pattern, pattern, error)) refuse(Option::Pattern, {Option::Pattern, ": " + error});
    if (pattern.size() < 17)
      refuse(Option::Pattern, {Option::Pattern, ": " + std::to_string(pattern.size()) +
                                                    " clues; no puzzle with one solution has fewer than 17"});
    o.pattern = pattern;
    o.max_attempts = kPatternAttempts;
    o.max_failures = kPatternFailures;
  }
  if (q.max_attempts > 0) o.max_attempts = q.max_attempts;
  if (!q.dig_order.empty()) {
    const auto order = parse_dig_order(q.dig_order);
    if (!order)
      refuse(Option::DigOrder, {"unknown ", Option::DigOrder, " '" + q.dig_order + "' (expected random or sparse-digits)"});
    if (o.pattern)
      refuse(Option::DigOrder, {Option::Pattern, " fixes the clues, nothing is dug; it excludes ", Option::DigOrder});
    o.dig_order = *order;
  }
  o.verify_minimal = q.verify_minimal;

  if (!q.levels.empty()) {
    std::string error;
    if (!grader::parse_levels(q.levels, criteria.levels, error)) refuse(Option::Levels, {Option::Levels, ": " + error});
  }
  criteria.grade = q.grade || q.with_steps;
  criteria.keep_steps = q.with_steps;
  criteria.time_limit = q.grade_time_limit;
  target.min_rating = q.min_rating;
  target.max_rating = q.max_rating;
  if (!q.level.empty() && !target.restrict_to_level(q.level, criteria.levels))
    refuse(Option::Level, {"unknown ", Option::Level, " '" + q.level + "' (expected " +
                                                       grader::level_names(criteria.levels) + ")"});
  if (target.min_rating > target.max_rating)
    refuse(Option::MinRating, {"the rating range is empty (", Option::MinRating, " above ", Option::MaxRating,
                               ", or outside ", Option::Level, ")"});
  for (const auto& name : q.require_techniques) target.required.push_back(technique(Option::RequireTechnique, name));
  if (!q.hardest_technique.empty()) target.hardest = technique(Option::HardestTechnique, q.hardest_technique);

  // Sparse digits makes harder puzzles: the default for targets beyond the
  // singles (docs/GRADING.md has the rates of both orders).
  if (q.dig_order.empty() && !o.pattern && target.needs_more_than_singles()) o.dig_order = DigOrder::SparseDigits;
  if (criteria.active()) o.make_filter = [criteria] { return std::make_unique<GradeStage>(criteria); };
  o.search_evaluations = q.search >= 0 ? q.search : (target.any() ? kDefaultSearch : 0);
  o.search_keep = q.search_keep;
  if (q.search > 0 && (o.pattern || o.target_clues > 0) && !q.seeded)
    refuse(Option::Search, {Option::Search, " moves clues, so it cannot keep ", Option::Pattern, " or ", Option::Clues});
  if (o.search_evaluations > 0 && !target.any() && !q.seeded)
    refuse(Option::Search, {Option::Search, " needs a target (", Option::MinRating, ", ", Option::MaxRating, ", ",
                            Option::Level, ", ", Option::RequireTechnique, " or ", Option::HardestTechnique, ")"});

  if (q.seeded) {
    if (!q.strategy.empty())
      refuse(Option::Strategy, {Option::Strategy, " chooses how puzzles are looked for without ", Option::From,
                                "; it excludes ", Option::From});
    plan_seeded(q, plan);
  } else if (q.strategy == "climb") {
    if (std::vector<MessagePart> why = climb_problem(q, o); !why.empty()) {
      why.insert(why.begin(), {Option::Strategy, " climb walks from dug puzzles, and "});
      refuse(Option::Strategy, std::move(why));
    }
    if (!target.rating_bounded() || target.min_rating <= 0)
      refuse(Option::Strategy, {Option::Strategy, " climb climbs the rating: it needs ", Option::MinRating, " (or ",
                                Option::Level, ")"});
    plan_climb(q, plan);
  } else if (q.strategy.empty()) {
    if (target.min_rating >= kClimbFloor && climb_problem(q, o).empty()) plan_climb(q, plan);
  } else if (q.strategy != "dig") {
    refuse(Option::Strategy, {"unknown ", Option::Strategy, " '" + q.strategy + "' (expected dig or climb)"});
  }

  // A rare target may never be met: without a time limit of its own it gets
  // the target's default one.
  o.time_limit = q.time_limit >= 0 ? q.time_limit : target.default_time_limit();
  if (q.time_limit < 0 && o.time_limit > 0) {
    char notice[160];
    std::snprintf(notice, sizeof notice,
                  "ER >= %.1f is rare: stopping after %.0f s with what is found (--time-limit S to change, 0 for none)",
                  target.min_rating, o.time_limit);
    plan.notice = notice;
  }
  plan.options_text = options_text(plan, q);
  return plan;
}

std::string Shard::text() const { return std::to_string(index) + '/' + std::to_string(count); }

Shard parse_shard(const std::string& spec, const std::function<const char*(const char*)>& env) {
  auto number = [](const std::string& text, std::uint64_t& out) {
    if (text.empty() || text.size() > 18 || text.find_first_not_of("0123456789") != std::string::npos) return false;
    out = std::stoull(text);
    return true;
  };
  auto variable = [&](const char* name, std::uint64_t& out) {
    const char* value = env(name);
    if (value == nullptr) return false;
    if (!number(value, out))
      throw RequestError("--shard", "--shard " + spec + ": " + name + "='" + value + "' is not a whole number");
    return true;
  };
  Shard shard;
  const auto slash = spec.find('/');
  const std::string head = spec.substr(0, slash);
  const bool count_given = slash != std::string::npos;
  if (count_given && !number(spec.substr(slash + 1), shard.count))
    throw RequestError("--shard", "--shard '" + spec + "': expected K/N or auto/N with whole numbers");
  if (head == "auto") {
    // The total never comes from the scheduler: a task resubmitted alone
    // (sbatch --array=7) is an array of one, and would make the whole run.
    if (!count_given)
      throw RequestError("--shard", "--shard auto: the number of shards must be given: write --shard auto/N (N the "
                                    "array's task count or the Indexed Job's completions)");
    std::uint64_t last = 0;
    if (variable("SLURM_ARRAY_TASK_ID", shard.index)) {
      // K is the task id itself (not counted from SLURM_ARRAY_TASK_MIN,
      // which a resubmitted task changes): the array is --array=0-(N-1).
      shard.source = "SLURM_ARRAY_TASK_ID=" + std::to_string(shard.index);
      if (variable("SLURM_ARRAY_TASK_MAX", last) && last >= shard.count)
        throw RequestError("--shard", "--shard " + spec + ": the Slurm array reaches task " + std::to_string(last) +
                                          " (SLURM_ARRAY_TASK_MAX); its task ids are the shard numbers, 0 to " +
                                          std::to_string(shard.count - 1) + ": submit it as --array=0-" +
                                          std::to_string(shard.count - 1));
    } else if (variable("JOB_COMPLETION_INDEX", shard.index)) {
      shard.source = "JOB_COMPLETION_INDEX=" + std::to_string(shard.index);
    } else {
      throw RequestError("--shard", "--shard " + spec + ": neither SLURM_ARRAY_TASK_ID (a Slurm job array) nor "
                                    "JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) is set");
    }
  } else if (!count_given || !number(head, shard.index)) {
    throw RequestError("--shard", "--shard '" + spec + "': expected K/N or auto/N with whole numbers");
  }
  if (shard.count < 1 || shard.index >= shard.count)
    throw RequestError("--shard", "--shard " + spec + ": shard " + std::to_string(shard.index) + " of " +
                                      std::to_string(shard.count) + " does not exist (K runs from 0 to N-1)" +
                                      (shard.source.empty() ? "" : " (" + shard.source + ")"));
  return shard;
}

std::string run_key(const GeneratePlan& plan) {
  // FNV-1a over the text and the seed, finished by a 64-bit mixer.
  std::uint64_t h = 0xcbf29ce484222325ull;
  auto add = [&h](unsigned char c) { h = (h ^ c) * 0x100000001b3ull; };
  for (char c : plan.options_text) add(static_cast<unsigned char>(c));
  for (int i = 0; i < 8; ++i) add(static_cast<unsigned char>(plan.pipeline.seed >> (8 * i)));
  char out[17];
  std::snprintf(out, sizeof out, "%016llx", static_cast<unsigned long long>(mix64(h)));
  return out;
}

GenerateSummary generate(const GeneratePlan& plan, PuzzleSink& sink, const GenerateHooks& hooks) {
  if (plan.geometry) return generate_variants(plan, sink, hooks);
  if (plan.walks()) return generate_from_seeds(plan, sink, hooks);
  PipelineOptions o = plan.pipeline;
  o.progress = hooks.progress;
  o.stop = hooks.stop;
  GenerateSummary summary;
  summary.report = run_pipeline(o, sink);
  return summary;
}

GenerateSummary generate(const GenerateRequest& request, PuzzleSink& sink, const GenerateHooks& hooks) {
  return generate(plan_generation(request), sink, hooks);
}


std::string shortfall_message(const GeneratePlan& plan, const PipelineReport& report, std::uint64_t accepted) {
  const PipelineOptions& o = plan.pipeline;
  if (!report.failure.empty() && (plan.walks() || plan.geometry)) return report.failure;
  if (!report.failure.empty())
    return "giving up after " + std::to_string(report.tried * o.max_attempts) + " grids: " + report.failure;
  if (accepted >= report.wanted) return "";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.0f", o.time_limit);
  return "reached " + std::to_string(accepted) + " of the " + std::to_string(report.wanted) +
         (report.wanted == o.count ? " puzzles asked for" : " puzzles this run was to make") +
         " within the time limit (" + seconds + " s)";
}

}  // namespace sudokit::produce
