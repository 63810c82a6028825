// Local search around a puzzle, the way the puzzle community finds its
// hardest puzzles: hard puzzles come in clusters, so the neighbours of one
// that met (or nearly met) a target often meet it too.
//
// A move keeps the solution grid: one clue orbit goes, two empty orbits come
// in with the solution's digits, and if that is unique it is dug minimal
// again (in a random order, keeping the symmetry). Each neighbour is judged
// by the pipeline's filter (the full grader, from produce); the search walks
// to a neighbour that comes at least as close to the target as where it
// stands, and returns the neighbours the filter accepted. Deterministic for
// a given engine state.
#pragma once

#include <atomic>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include "sudokit/generator/pipeline.hpp"

namespace sudokit {

struct VicinityOptions {
  int evaluations = 32;  // neighbours judged by the filter, at most
  int keep = 4;          // accepted neighbours returned, at most
  Symmetry symmetry = Symmetry::None;  // the start's clue symmetry (moves keep it)
  bool verify_minimal = false;         // re-check each dug neighbour clue by clue (DigOptions::verify)
};

struct VicinityResult {
  std::vector<GeneratedPuzzle> accepted;  // in the order found, none equal to the start
  int evaluated = 0;                      // neighbours judged by the filter
};

/// Searches around `start` (unique, minimal, with its solution), which the
/// filter last judged at `closeness`. Stops early when `quit` is set.
VicinityResult search_vicinity(const GeneratedPuzzle& start, double closeness, PuzzleFilter& filter,
                               const VicinityOptions& options, Engine& engine,
                               const std::atomic<bool>* quit = nullptr);

}  // namespace sudokit

namespace sudokit {

// --- The seeded walk ---------------------------------------------------------
//
// The community's "-n +n" vicinity search around puzzles already known to be
// hard (a list such as top1465): a move takes n clues out and puts n clues
// in on cells that were empty, with the digits of a solution of what is
// left (any other digits leave no solution); so the solution may change. A
// neighbour is kept only when it has exactly one solution (and, when
// asked, is dug minimal in a random order). Moves with n = 1 come from the
// list of every one that keeps one solution (single_exchanges(), made once
// per puzzle, drawn without repeats); the larger ones are drawn blindly
// (exchange_clues(): each new clue where another solution differs) and
// solved, as listing them would cost more than it saves.
// The walk is best-first: it holds a frontier of puzzles, judges a
// neighbour of the hardest one that still has moves to spend, and puts
// every neighbour into the frontier that the filter accepted or that rates
// at least as high as where it came from less a slack (a near miss of a
// climb). Distinct means not isomorphic: the walk judges every canonical
// form once and never returns the start's; forms judged by earlier walks
// (a JudgedMap) are recalled, not judged again.

struct SeedWalkOptions {
  int evaluations = 64;     // neighbours judged by the filter, at most
  int max_exchange = 3;     // a move exchanges n clues, n drawn from 1 .. max_exchange
  int per_node = 12;        // neighbours judged around one frontier puzzle before it is spent
  double slack = 0.2;       // a neighbour rated this much below its parent still joins the frontier
  bool minimal = false;     // dig every neighbour minimal (random order) before judging it
};

/// What the filter said of a neighbour an earlier walk judged: a walk that
/// meets it again takes this instead of judging it again (it is not
/// accepted again; it joins the frontier as before).
struct Judged {
  double rating = 0;      // the filter's rating()
  bool accepted = false;  // the filter accepted it
};
/// By global_key_of_canonical() of the canonical form (about 60 bytes an
/// entry). Two forms that share a key (about n^2 / 2^65 for n) make a
/// neighbour recalled with the other's judgement: it is then not graded
/// and never written, so a clash can cost a find, never write a wrong one.
using JudgedMap = std::unordered_map<std::uint64_t, Judged>;

struct SeedWalkFound {
  GeneratedPuzzle puzzle;  // search_moves: moves from the start
  Grid canonical{};
  double rating = 0;       // the filter's rating() of it
};

struct SeedWalkResult {
  std::vector<SeedWalkFound> accepted;  // in the order found: distinct, none isomorphic to the start
  std::vector<SeedWalkFound> climbing;  // not accepted but joined the frontier (near misses of the climb), in order
  int evaluated = 0;                    // neighbours judged by the filter
  int moves = 0;                        // moves drawn (most lose uniqueness: a solver call each)
  int unique = 0;                       // moves that gave a puzzle with one solution
  int repeated = 0;                     // unique neighbours seen before in this walk (not judged again)
  int recalled = 0;                     // unique neighbours in `judged` (earlier walks): not judged again
  std::vector<std::pair<std::uint64_t, Judged>> judged;  // every neighbour judged (its key), in order
  double best_rating = 0;               // the highest rating() of a judged neighbour, accepted or not
  Grid best{};                          // that neighbour
};

/// One "-n +n" move (see above): false when the puzzle has fewer than n
/// clues or empty cells (or no solution). The result has a solution, not
/// always one alone.
bool exchange_clues(const Grid& puzzle, int n, Engine& engine, Grid& out);

/// A "-1 +1" move: the clue in `out` taken out, `digit` put in `in`.
struct SingleExchange {
  std::uint8_t out = 0, in = 0, digit = 0;
};

/// Every "-1 +1" move of `puzzle` whose result has one solution: for each
/// clue, the solutions of the puzzle without it are listed (list_solutions)
/// and a new clue that only one of them holds is such a move. A clue whose
/// removal leaves `limit` solutions or more gives none (on 10+ puzzles,
/// 1,024 lists all but one clue in 300 and finds about 84 moves a puzzle in
/// about 8 ms).
std::vector<SingleExchange> single_exchanges(const Grid& puzzle, unsigned limit = 1024);

/// Walks from `start` (unique, with its solution and `rating` as the
/// filter's PuzzleFilter::rating() saw it; 0 if unknown). A neighbour whose
/// canonical form is in `judged` (what earlier walks judged; read only, may
/// be null) is recalled, not judged: it counts in `recalled`, not in
/// `evaluated`, is never accepted again, and joins the frontier (and
/// `climbing`, unless it was accepted) as a judged neighbour would.
/// Deterministic for a given engine state and `judged`; stops early when
/// `quit` is set.
SeedWalkResult walk_from_seed(const GeneratedPuzzle& start, double rating, PuzzleFilter& filter,
                              const SeedWalkOptions& options, Engine& engine, const std::atomic<bool>* quit = nullptr,
                              const JudgedMap* judged = nullptr);

}  // namespace sudokit
