// Generation requests (generate.hpp): checking, the target defaults, and the
// runs into a sink or the SQLite store.
#include "sudokit/produce/generate.hpp"

#include <cstdio>

#include "sudokit/solver/text.hpp"

namespace sudokit::produce {

namespace {

/// Local-search neighbours per near miss when a target is set and the
/// request says nothing (docs/GRADING.md has the rates).
constexpr int kDefaultSearch = 32;
/// A pattern: grids tried per puzzle (each a bounded local search) and
/// failed puzzles in a row before giving up.
constexpr std::uint32_t kPatternAttempts = 5;
constexpr std::uint32_t kPatternFailures = 2;

grader::TechniqueSet technique(const std::string& option, const std::string& name) {
  grader::TechniqueSet t;
  if (grader::parse_technique_set(name, t)) return t;
  std::string message = "unknown technique '" + name + "'; known:";
  for (const auto& key : grader::technique_keys(~grader::TechniqueSet{0} >> (64 - grader::kTechniqueCount)))
    message += ' ' + key;
  message += ", and x-chain (any single-digit chain)";
  throw RequestError(option, message);
}

}  // namespace

GeneratePlan plan_generation(const GenerateRequest& q) {
  GeneratePlan plan;
  PipelineOptions& o = plan.pipeline;
  GradeCriteria& criteria = plan.criteria;
  grader::Target& target = criteria.target;
  if (q.count < 1) throw RequestError("--count", "--count must be at least 1");
  if (q.threads < 1) throw RequestError("--threads", "--threads must be at least 1");
  if (q.clues != 0 && (q.clues < 17 || q.clues > 80))
    throw RequestError("--clues", "--clues must be 17 to 80 (or 0 for a minimal puzzle)");
  o.count = q.count;
  o.seed = q.seed;
  o.threads = q.threads;
  o.target_clues = q.clues;

  const auto method = parse_grid_method(q.method);
  if (!method) throw RequestError("--method", "unknown --method '" + q.method + "'");
  o.grid.method = *method;
  o.grid.scramble = q.scramble;
  if (!q.base.empty()) {
    ParseError err;
    if (!parse_puzzle(q.base, o.grid.base, err) || !is_valid_solution_grid(o.grid.base))
      throw RequestError("--base", "--base must be a complete valid grid of 81 digits");
  }
  const auto symmetry = parse_symmetry(q.symmetry);
  if (!symmetry) throw RequestError("--symmetry", "unknown --symmetry '" + q.symmetry + "'");
  o.symmetry = *symmetry;
  if (q.clues != 0 && q.minimal) throw RequestError("--clues", "--clues and --minimal exclude each other");
  if (!q.pattern.empty()) {
    if (q.clues != 0) throw RequestError("--pattern", "--pattern fixes the clues; it excludes --clues");
    CellSet pattern;
    std::string error;
    if (!parse_pattern(q.pattern, pattern, error)) throw RequestError("--pattern", "--pattern: " + error);
    if (pattern.size() < 17)
      throw RequestError("--pattern", "the pattern has " + std::to_string(pattern.size()) +
                                          " clues; no puzzle with one solution has fewer than 17");
    o.pattern = pattern;
    o.max_attempts = kPatternAttempts;
    o.max_failures = kPatternFailures;
  }
  if (q.max_attempts > 0) o.max_attempts = q.max_attempts;
  if (!q.dig_order.empty()) {
    const auto order = parse_dig_order(q.dig_order);
    if (!order)
      throw RequestError("--dig-order", "unknown --dig-order '" + q.dig_order + "' (expected random or sparse-digits)");
    if (o.pattern)
      throw RequestError("--dig-order", "--pattern fixes the clues, nothing is dug; it excludes --dig-order");
    o.dig_order = *order;
  }
  o.verify_minimal = q.verify_minimal;

  if (!q.levels.empty()) {
    std::string error;
    if (!grader::parse_levels(q.levels, criteria.levels, error)) throw RequestError("--levels", "--levels: " + error);
  }
  criteria.grade = q.grade || q.with_steps;
  criteria.keep_steps = q.with_steps;
  criteria.time_limit = q.grade_time_limit;
  target.min_rating = q.min_rating;
  target.max_rating = q.max_rating;
  if (!q.level.empty() && !target.restrict_to_level(q.level, criteria.levels))
    throw RequestError("--level", "unknown --level '" + q.level + "'");
  if (target.min_rating > target.max_rating)
    throw RequestError("--min-rating",
                       "the rating range is empty (--min-rating above --max-rating, or outside --level)");
  for (const auto& name : q.require_techniques) target.required.push_back(technique("--require-technique", name));
  if (!q.hardest_technique.empty()) target.hardest = technique("--hardest-technique", q.hardest_technique);

  // Sparse digits makes harder puzzles: the default for targets beyond the
  // singles (docs/GRADING.md has the rates of both orders).
  if (q.dig_order.empty() && !o.pattern && target.needs_more_than_singles()) o.dig_order = DigOrder::SparseDigits;
  if (criteria.active()) o.make_filter = [criteria] { return std::make_unique<GradeStage>(criteria); };
  o.search_evaluations = q.search >= 0 ? q.search : (target.any() ? kDefaultSearch : 0);
  o.search_keep = q.search_keep;
  if (q.search > 0 && (o.pattern || o.target_clues > 0))
    throw RequestError("--search", "--search moves clues, so it cannot keep --pattern or --clues");
  if (o.search_evaluations > 0 && !target.any())
    throw RequestError("--search", "--search needs a target (--min-rating, --max-rating, --level, "
                                   "--require-technique or --hardest-technique)");

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
  return plan;
}

GenerateSummary generate(const GeneratePlan& plan, PuzzleSink& sink, const GenerateHooks& hooks) {
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
  if (!report.failure.empty())
    return "giving up after " + std::to_string(report.tried * o.max_attempts) + " grids: " + report.failure;
  if (accepted >= o.count) return "";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.0f", o.time_limit);
  return "reached " + std::to_string(accepted) + " of the " + std::to_string(o.count) +
         " puzzles asked for within the time limit (" + seconds + " s)";
}

}  // namespace sudokit::produce
