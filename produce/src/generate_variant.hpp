// Generation of variant puzzles (generate.hpp, "Variants"): the plan of a
// request whose geometry is not the classic, and its run. Private to
// produce: plan_generation and generate() call these.
#pragma once

#include "sudokit/produce/generate.hpp"

namespace sudokit::produce {

/// The geometry of the request: null for the classic ("" or any classic
/// spelling); throws RequestError("--geometry", "geometry:COL: ...").
GeometryPtr request_geometry(const GenerateRequest& request);

/// Checks a variant request (throws GenerateOptionError or RequestError)
/// and resolves it; `common` is plan_generation's plan of the same request
/// without its variant fields (count, seed, threads, shard, time limit).
GeneratePlan plan_variant_generation(const GenerateRequest& request, GeometryPtr geometry, GeneratePlan common);

/// Runs a variant plan: the run's indices in order into the sink.
GenerateSummary generate_variants(const GeneratePlan& plan, PuzzleSink& sink, const GenerateHooks& hooks);

}  // namespace sudokit::produce
