// Variant generation (generate_variant.hpp; generate.hpp, "Variants"): the
// options a variant run takes, checked against the geometry, and the run:
// make_variant_puzzle per index on an ordered pool, the sink fed in index
// order on the calling thread.
#include "generate_variant.hpp"

#include <algorithm>
#include <chrono>

#include "sudokit/pool/ordered_pool.hpp"

namespace sudokit::produce {
namespace {

using Option = GenerateOption;

[[noreturn]] void refuse(Option option, std::vector<MessagePart> message) {
  throw GenerateOptionError(option, std::move(message));
}

// An option about ratings or the search for them: refused with the reason.
[[noreturn]] void unrated(Option option, const Geometry& g) {
  refuse(option, {option, " is about ratings, and puzzles of " + g.spelling() +
                              " have none yet (unrated (variant): variant grading is issue #48)"});
}

}  // namespace

GeometryPtr request_geometry(const GenerateRequest& request) {
  if (request.geometry.empty()) return nullptr;
  GeometryPtr g;
  try {
    g = parse_geometry(request.geometry);
  } catch (const GeometryError& e) {
    throw RequestError("--geometry", e.what());
  }
  return g->classic() ? nullptr : g;
}

GeneratePlan plan_variant_generation(const GenerateRequest& q, GeometryPtr geometry, GeneratePlan plan) {
  const Geometry& g = *geometry;
  if (q.with_steps) unrated(Option::WithSteps, g);
  if (q.grade) unrated(Option::Grade, g);
  if (!q.levels.empty()) unrated(Option::Levels, g);
  if (!q.level.empty()) unrated(Option::Level, g);
  if (q.min_rating != GenerateRequest{}.min_rating) unrated(Option::MinRating, g);
  if (q.max_rating != GenerateRequest{}.max_rating) unrated(Option::MaxRating, g);
  if (!q.require_techniques.empty()) unrated(Option::RequireTechnique, g);
  if (!q.hardest_technique.empty()) unrated(Option::HardestTechnique, g);
  if (q.search > 0) unrated(Option::Search, g);
  if (q.search_keep > 1) unrated(Option::SearchKeep, g);
  if (q.seeded) unrated(Option::From, g);
  if (!q.strategy.empty()) unrated(Option::Strategy, g);
  if (!q.dig_order.empty() && q.dig_order != "random")
    refuse(Option::DigOrder, {Option::DigOrder, " '" + q.dig_order + "' is the classic's; puzzles of " + g.spelling() +
                                                    " are dug in a random order (random)"});

  plan.geometry = geometry;
  PipelineOptions& o = plan.pipeline;
  VariantGridOptions& grid = plan.variant_grid;
  VariantDigOptions& dig = plan.variant_dig;

  const auto method = parse_grid_method(q.method);
  if (!method)
    refuse(Option::Method, {Option::Method, " '" + q.method + "' is unknown (expected backtrack, box-permutation, digit-box or relabel)"});
  grid.method = *method;
  try {
    if (const std::string why = method_unsupported(g, grid.method); !why.empty()) refuse(Option::Method, {Option::Method, ": " + why});
  } catch (const GeometryError& e) {
    refuse(Option::Method, {Option::Method, ": " + std::string(e.what())});
  }
  grid.scramble = q.scramble;
  if (!q.base.empty()) {
    if (grid.method != GridMethod::Relabel && grid.method != GridMethod::BoxPermutation)
      refuse(Option::Base, {Option::Base, " only applies to ", Option::Method, " relabel or box-permutation"});
    try {
      grid.base = read_cells(g, q.base);
    } catch (const GeometryError& e) {
      refuse(Option::Base, {Option::Base, ": " + std::string(e.what())});
    }
    if (!is_valid_variant_grid(g, grid.base))
      refuse(Option::Base, {Option::Base, " must be a complete valid grid of " + g.spelling()});
  }

  const auto symmetry = parse_symmetry(q.symmetry);
  if (!symmetry)
    refuse(Option::Symmetry, {Option::Symmetry, " '" + q.symmetry +
                                                    "' is unknown (expected none, rot180, rot90, mirror, diagonal, antidiagonal, dihedral or random)"});
  dig.symmetry = *symmetry;
  if (dig.symmetry != Symmetry::Random)
    if (const std::string why = symmetry_unsupported(g, dig.symmetry); !why.empty())
      refuse(Option::Symmetry, {Option::Symmetry, ": " + why});

  if (q.clues != 0) {
    if (q.clues < 1 || q.clues >= g.cells())
      throw GenerateOptionError(Option::Clues, {Option::Clues, " must be 1 to " + std::to_string(g.cells() - 1) + " for " +
                                                                   g.spelling() + " (or 0 for a minimal puzzle)"});
    if (q.minimal) refuse(Option::Minimal, {Option::Minimal, " and ", Option::Clues, " exclude each other"});
    dig.target_clues = q.clues;
  }
  if (!q.pattern.empty()) {
    if (q.clues != 0) refuse(Option::Pattern, {Option::Pattern, " fixes the clues, and ", Option::Clues, " their count: give one"});
    if (dig.symmetry != Symmetry::None) refuse(Option::Pattern, {Option::Pattern, " fixes the clues: no ", Option::Symmetry});
    std::vector<bool> pattern;
    std::string error;
    if (!parse_variant_pattern(g, q.pattern, pattern, error)) refuse(Option::Pattern, {Option::Pattern, ": " + error});
    dig.pattern = std::move(pattern);
  }
  o.max_attempts = q.max_attempts != 0 ? q.max_attempts : 64;
  o.grid.method = grid.method;
  o.grid.scramble = grid.scramble;
  o.symmetry = dig.symmetry;
  o.target_clues = dig.target_clues;
  o.verify_minimal = q.verify_minimal;

  plan.options_text += " geometry=" + g.spelling() + " variant-method=" + method_name(grid.method) +
                       " variant-scramble=" + (grid.scramble ? "1" : "0") +
                       " variant-base=" + (grid.base.empty() ? "-" : print_cells(g, grid.base)) +
                       " variant-symmetry=" + symmetry_name(dig.symmetry) +
                       " variant-clues=" + std::to_string(dig.target_clues) + " variant-pattern=";
  if (dig.pattern)
    for (bool clue : *dig.pattern) plan.options_text += clue ? 'x' : '.';
  else
    plan.options_text += '-';
  plan.options_text += " variant-max-attempts=" + std::to_string(o.max_attempts);
  return plan;
}

GenerateSummary generate_variants(const GeneratePlan& plan, PuzzleSink& sink, const GenerateHooks& hooks) {
  using Clock = std::chrono::steady_clock;
  const PipelineOptions& o = plan.pipeline;
  const Geometry& g = *plan.geometry;
  GenerateSummary summary;
  PipelineReport& report = summary.report;
  std::vector<std::uint64_t> indices;
  for (std::uint64_t i = o.shard_index; i < o.count; i += o.shard_count) {
    if (std::binary_search(o.skip.begin(), o.skip.end(), i)) {
      ++report.skipped;
      continue;
    }
    indices.push_back(i);
  }
  report.wanted = indices.size();

  struct Result {
    bool ok = false;
    GeneratedPuzzle puzzle;
    std::string failure;
  };
  const unsigned workers = std::max(1u, o.threads);
  pool::OrderedPool<std::uint64_t, Result> pool(
      workers, 2 * static_cast<std::size_t>(workers) + 2,
      [&plan, &g, &o](unsigned, std::uint64_t& index, const std::atomic<bool>& stopping) {
        Result r;
        VariantPuzzle p;
        try {
          // The pool's stop flag (set when a signal or the time limit ends
          // the run) reaches the dig, which looks at it between removals.
          VariantDigOptions dig = plan.variant_dig;
          dig.stop = &stopping;
          r.ok = make_variant_puzzle(g, plan.variant_grid, dig, o.seed, index, o.max_attempts, p, r.failure);
          if (r.ok && o.verify_minimal && p.minimal && !is_minimal_variant(g, p.puzzle)) {
            r.ok = false;
            r.failure = "a puzzle dug minimal is not (internal error)";
          }
        } catch (const std::exception& e) {  // a method or symmetry the geometry cannot take (VariantGridError)
          r.ok = false;
          r.failure = e.what();
        }
        if (!r.ok) {
          r.failure = "puzzle " + std::to_string(index) + ": no puzzle from " + std::to_string(o.max_attempts) +
                      " grids: " + r.failure;
          return r;
        }
        GeneratedPuzzle& out = r.puzzle;
        out.index = index;
        out.seed = o.seed;
        out.attempt = p.attempt;
        out.method = plan.variant_grid.method;
        out.symmetry = p.symmetry;
        if (!plan.variant_dig.pattern) out.dig_order = DigOrder::Random;
        out.clues = p.clues;
        out.minimal = p.minimal;
        out.symmetric_minimal = p.symmetric_minimal;
        out.geometry = plan.geometry;
        out.variant_puzzle = std::move(p.puzzle);
        out.variant_solution = std::move(p.solution);
        return r;
      });

  const Clock::time_point start = Clock::now();
  const auto seconds = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  std::size_t next = 0;
  for (;;) {
    if ((hooks.stop && hooks.stop->load()) || (o.time_limit > 0 && seconds() >= o.time_limit)) {
      report.stopped = true;
      break;
    }
    while (!pool.full() && next < indices.size()) pool.submit(indices[next++]);
    if (pool.empty()) break;
    std::optional<Result> r = pool.take(std::chrono::milliseconds(200));
    if (!r) {
      if (hooks.progress) hooks.progress(report.accepted, report.tried);
      continue;
    }
    ++report.tried;
    if (!r->ok) {
      ++report.failed;
      report.failure = r->failure;
      break;
    }
    sink.write(r->puzzle);
    ++report.accepted;
    if (hooks.progress) hooks.progress(report.accepted, report.tried);
  }
  pool.stop();
  report.seconds = seconds();
  return summary;
}

}  // namespace sudokit::produce
