// The seeded search (`sudokit generate --from FILE`): hard puzzles found in
// the neighbourhoods of puzzles already known to be hard, the way the
// community finds its hardest lists. The climb (`--strategy climb`, the
// default for an ER floor of 9.3 or more) is the same search from scratch:
// it has no seeds, and each round first digs its stones (the pipeline,
// plan.stones: puzzles at a lower floor, its own stream per round), writes
// those that meet the target as dug, and walks from them before the
// hardest of the rest of the pool; finds name their stone as their origin.
//
// The seeds are graded first and make the pool. The search is best-first
// in rounds of 32 walks: from the 8 hardest seeds (or stones) not walked
// from yet, then from the hardest puzzles of the rest of the pool not
// walked from yet (ties: the order they joined it), each walk a best-first
// walk of "-n +n" moves (generator/vicinity.hpp, walk_from_seed) of
// `search` judged neighbours: each neighbour unique (dug minimal with
// --minimal), bounded before grading (singles), graded with the target's
// ceiling and the grading time limit, accepted when it meets the target.
// What a walk accepts is written and joins the pool; so do its near misses
// (neighbours rated no more than 0.2 below the puzzle they came from), so
// the next rounds go on from what is hard. The run ends at `count`, the
// time limit, the stop flag, or when the pool has nothing left to walk
// from. What is written is distinct: not isomorphic to a seed or to
// anything written before it (canonical forms); a puzzle whose grading
// timed out is never written (counted in SeededTally::timed_out).
// Nothing is graded twice in a run: what the filter said of every puzzle
// judged (seeds, stones, the walks' neighbours) is kept by a 64-bit key of
// its canonical form (JudgedMap: about 60 bytes a form, up to 4.2 million
// forms, past which new ones are graded as before), and a walk that meets
// one judged in an earlier round recalls it (SeededTally::recalled)
// instead of grading it again.
//
// Deterministic: walk s of round r draws from its own stream (seed, r, s),
// the rounds do not depend on the thread count, what the walks recall grows
// between rounds only (every walk of a round reads the same), and the sink
// gets the finds in walk order; so a run that ends by its count or runs out
// of puzzles to walk from writes the same puzzles for a seed with any
// thread count. A run the time limit or the stop flag ends writes what its
// walks found until then, walk by walk in order; how far each got depends
// on the machine's speed, so that end is not deterministic.
#pragma once

#include <string>

#include "sudokit/produce/generate.hpp"

namespace sudokit::produce {

/// Why a puzzle cannot start a seeded search, in `sudokit grade`'s words
/// ("two 5s in row 1", "no solution", "several solutions"), or "" when it
/// can (exactly one solution).
std::string seed_problem(const Grid& puzzle);

/// Runs a seeded plan or a climb (plan.walks()); generate() calls it for
/// one. The sink gets the finds on the calling thread, each with its grade
/// (grade_of), `origin` the global id of the file's seed (or the stone) it
/// descends from, `index` that seed's line (the stone's number in the run),
/// `search_moves` the moves from it; a climb's stones that meet the target
/// come as dug (no origin, no moves). The report's `failure` says why a run
/// ended short when the pool ran out (a seeded search) or digging failed.
GenerateSummary generate_from_seeds(const GeneratePlan& plan, PuzzleSink& sink, const GenerateHooks& hooks = {});

}  // namespace sudokit::produce
