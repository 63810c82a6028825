// Generation as one call: a GenerateRequest (what `sudokit generate`'s
// options say, as a plain struct a C options struct maps onto field by
// field) is checked and resolved into a GeneratePlan (the pipeline options
// and the grade criteria, with the target defaults applied), which
// generate() runs into any sink: the CLI's printer, the SQLite store
// (generate_into_store, db_sink.hpp), a binding's callback.
//
// The defaults that depend on the target live here and only here:
// - dig order: sparse-digits when the target needs more than singles (a
//   rating above 2.3 or a technique beyond them), random otherwise;
// - local search: 32 neighbours per near miss when there is a target, none
//   without one;
// - a pattern: 5 grids per puzzle (each a bounded local search) and giving
//   up after 2 failed puzzles in a row, instead of 64 and 100;
// - a rare target (ER floor >= 9.0) stops after 120 s unless a time limit
//   is given (grader::Target::default_time_limit);
// - a seeded search (--from FILE, seeded.hpp): 64 neighbours judged per
//   start, each puzzle graded;
// - the strategy (GenerateRequest::strategy): a climb (seeded.hpp) for an
//   ER floor of 9.3 or more, unless an option it cannot keep is given (a
//   pattern, a clue count, a symmetry, a shard, --search-keep, --search 0):
//   each round digs 16 stones with ER at least the floor less 0.5 (at most
//   9.0), then walks from the 8 hardest stones not walked from yet and from
//   the hardest near misses, every neighbour dug minimal; 64 neighbours
//   judged per start.
//
// Variants (GenerateRequest::geometry names a geometry other than the
// classic; issue #47): each puzzle index is made by make_variant_puzzle
// (variant_digger.hpp) from the stream (seed, index), on `threads` workers,
// written in index order: a grid by --method (where the geometry allows it:
// method_unsupported), dug minimal, or to --clues (1 to cells()-1), or on a
// --pattern of cells() cells, under a --symmetry of the geometry's own. The
// puzzles carry their geometry and cells (GeneratedPuzzle::geometry,
// variant_puzzle, variant_solution) and no grade: variant grading is issue
// #48's, so every option about ratings, levels, techniques, the local
// search, the seeded search and the climb is refused with the reason, and so
// are --base that is no valid grid of the geometry and --dig-order other than
// random. A store (generate_into_store) keeps them with their geometry,
// unrated (variant) (db::make_variant_record); --db alone grades none.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/generator/pipeline.hpp"
#include "sudokit/generator/variant_digger.hpp"
#include "sudokit/generator/vicinity.hpp"
#include "sudokit/produce/grade_stage.hpp"

namespace sudokit::produce {

/// A puzzle a seeded search starts from (`--from FILE`): its line in the
/// file (from 1) and, once planned, its solution.
struct SeedPuzzle {
  Grid puzzle{};
  std::uint64_t line = 0;
  Grid solution{};  // filled by plan_generation
};

/// What to generate. Names are those of `sudokit generate`'s options; an
/// empty string or a negative number means "the default" where said.
struct GenerateRequest {
  std::uint64_t count = 10;          // puzzles wanted (at least 1)
  std::uint64_t seed = 0;            // same seed, same puzzles, whatever `threads`
  unsigned threads = 1;              // worker threads (at least 1)
  std::string method = "backtrack";  // grid method: backtrack, box-permutation, digit-box, relabel
  bool scramble = false;             // a uniformly random symmetry applied to each grid
  std::string base;                  // base grid for relabel (81 digits); "" = the built-in one
  std::string symmetry = "none";     // none, rot180, rot90, mirror, diagonal, antidiagonal, dihedral, random
  int clues = 0;                     // exactly this many clues (17..80); 0 = minimal
  bool minimal = false;              // minimal asked for explicitly (the default; excludes clues)
  bool verify_minimal = false;       // re-check every minimal puzzle clue by clue
  std::string pattern;               // clue mask text (81 cells x/1 or ./0, or a pattern file's text); "" = none
  std::string dig_order;             // random or sparse-digits; "" = by the target (see above)
  std::uint32_t max_attempts = 0;    // grids per puzzle before giving up on it; 0 = 64, 5 with a pattern
  bool grade = false;                // grade every puzzle even without a target
  bool with_steps = false;           // keep each puzzle's solution path (implies grade; the store keeps it as `path`)
  std::string levels;                // level table NAME:MIN_ER,...; "" = grader::default_levels()
  std::string level;                 // keep only this level; "" = any
  double min_rating = 0;             // keep only ER >= this
  double max_rating = 100;           // keep only ER <= this
  std::vector<std::string> require_techniques;  // each must be on the solution path (technique keys, x-chain)
  std::string hardest_technique;     // the hardest step's technique; "" = any
  int search = -1;                   // local-search neighbours per near miss; -1 = 32 with a target, else 0
  int search_keep = 1;               // above 1: also keep up to this many accepted neighbours of each puzzle
  double time_limit = -1;            // seconds; 0 = none; negative = 120 for a rare target, else none
  double grade_time_limit = 10;      // seconds of grading per puzzle
  std::uint64_t shard_index = 0;     // this run makes the indices i with i % shard_count == shard_index
  std::uint64_t shard_count = 1;     // 1 = every index (see Shard, parse_shard)
  // --from FILE: search the neighbourhoods of these puzzles instead of
  // digging new ones (seeded.hpp); `count` then counts puzzles, `search` is
  // the neighbours judged per start, and `minimal` digs each neighbour
  // minimal. Each must have one solution (seed_problem).
  bool seeded = false;
  std::vector<SeedPuzzle> from;
  // How puzzles are looked for without --from: "dig" (dig candidates, a
  // local search around each near miss), "climb" (seeded.hpp: walk from
  // stones dug at a lower floor), or "" = by the target (see above).
  std::string strategy;
  // The geometry (docs/VARIANTS.md's spelling); "" or any spelling of the
  // classic = the classic, planned and run exactly as without it. Any other
  // geometry is planned by the rules of "Variants" below.
  std::string geometry;
};

/// A request that cannot be run. what() is the message the CLI prints after
/// "sudokit generate: " ("unknown --level 'x'"); option() names the option
/// at fault ("--level"), for bindings that report errors per field.
class RequestError : public std::invalid_argument {
 public:
  RequestError(std::string option, const std::string& message)
      : std::invalid_argument(message), option_(std::move(option)) {}
  const std::string& option() const { return option_; }

 private:
  std::string option_;
};

/// The options of a GenerateRequest by identity, so that each front end
/// (the command, the C API, Python, npm) reports a bad one in its own
/// spelling: plan_generation throws GenerateOptionError naming them by
/// identity, and a front end renders the message with its table of names.
enum class GenerateOption : std::uint8_t {
  Count, Seed, Threads, Method, Scramble, Base, Symmetry, Clues, Minimal, VerifyMinimal, Pattern, DigOrder,
  MaxAttempts, Grade, WithSteps, Levels, Level, MinRating, MaxRating, RequireTechnique, HardestTechnique, Search,
  SearchKeep, TimeLimit, GradeTimeLimit, Shard, From, Strategy,
};
inline constexpr std::size_t kGenerateOptionCount = static_cast<std::size_t>(GenerateOption::Strategy) + 1;

/// A front end's name of each option, indexed by GenerateOption.
using GenerateOptionNames = std::array<std::string_view, kGenerateOptionCount>;

/// The command's names ("--count", "--min-rating", ...): what() and
/// option() of every GenerateOptionError.
const GenerateOptionNames& command_option_names();

/// A piece of a message about options: text, or an option named by identity.
struct MessagePart {
  MessagePart(std::string text) : text(std::move(text)) {}
  MessagePart(const char* text) : text(text) {}
  MessagePart(GenerateOption option) : option(option) {}
  std::string text;
  std::optional<GenerateOption> option;
};

/// A GenerateRequest that cannot be run: the option at fault by identity
/// and a message whose option names each front end spells its own way
/// (message(names)); what() and option() are the command's spelling.
/// out_of_range() says the option's value is outside its bounds (those of
/// sudokit/solver/limits.hpp), so a front end may word that in its own way.
class GenerateOptionError : public RequestError {
 public:
  GenerateOptionError(GenerateOption option, std::vector<MessagePart> message, bool out_of_range = false);
  GenerateOption which() const { return which_; }
  bool out_of_range() const { return out_of_range_; }
  /// The message with every option spelt as `names` spells it.
  std::string message(const GenerateOptionNames& names) const;

 private:
  GenerateOption which_;
  bool out_of_range_ = false;
  std::vector<MessagePart> parts_;
};

/// A checked request with every default resolved.
struct GeneratePlan {
  PipelineOptions pipeline;  // progress and stop are set by generate()
  GradeCriteria criteria;    // grade stage (pipeline.make_filter builds it when active)
  std::string notice;        // "" or what the caller should tell the user (a default time limit applied)
  std::string options_text;  // every option that decides the puzzles, as text (run_key hashes it with the seed)
  std::vector<SeedPuzzle> seeds;  // a seeded search (not empty): where it starts, solutions filled in
  bool climb = false;             // a climb: walks from stones dug at a lower floor (seeded.hpp)
  PipelineOptions stones;         // a climb: digs one round's stones (seed, time, stop, progress set per round)
  SeedWalkOptions walk;           // a seeded search or a climb: the walk around each start
  // A variant run (not the classic): its geometry, grid and dig options
  // (pipeline's count, seed, threads, shard, time limit and max_attempts
  // apply; its grid, symmetry, pattern and clue fields do not).
  GeometryPtr geometry;
  VariantGridOptions variant_grid;
  VariantDigOptions variant_dig;
  bool seeded() const { return !seeds.empty(); }
  /// Runs as walks from a pool of starts (generate_from_seeds), not as the
  /// pipeline of indices: puzzles are counted, not indexed, and a stopped
  /// run into the store is not resumed by index.
  bool walks() const { return seeded() || climb; }
};

/// Shard K of N of a run (K from 0): it makes the indices i with i % N == K.
struct Shard {
  std::uint64_t index = 0, count = 1;
  std::string source{};      // where K came from ("SLURM_ARRAY_TASK_ID=7"); "" when given as K/N
  std::string text() const;  // "K/N"
};

/// `--shard`'s value: "K/N" (K from 0 to N-1) or "auto/N": N given, K the
/// Slurm job array's task id (SLURM_ARRAY_TASK_ID itself: the array is
/// --array=0-(N-1), so a task resubmitted alone, --array=7, is still shard
/// 7; an array whose SLURM_ARRAY_TASK_MAX is N or more is refused), else a
/// Kubernetes Indexed Job's JOB_COMPLETION_INDEX. "auto" without N is
/// refused: a scheduler's task count is not the run's (an array of one
/// resubmitted task would make the whole run). `env` reads the environment
/// (std::getenv; tests pass their own). Throws RequestError("--shard", ...)
/// saying what is wrong: a bad spec, a missing or malformed variable, K out
/// of range.
Shard parse_shard(const std::string& spec, const std::function<const char*(const char*)>& env);

/// The run key: 16 hexadecimal digits naming the plan's seed and every
/// option that decides which puzzle each index gets (not the count, the
/// threads, the shard or the time limits). Two runs with one key make the
/// same puzzle at every index they share: the store keeps it with each row
/// (column `run`), and generate_into_store skips the indices stored already.
std::string run_key(const GeneratePlan& plan);

/// A fresh seed for a run not given one: 64 bits from the system's entropy
/// source (std::random_device, two draws) mixed with the clock, so two runs
/// differ even where the entropy source is weak. The one place every front
/// end draws it (the command, the C API's sudokit_fresh_seed, Python, npm);
/// each reports the seed it used so the run can be repeated with it.
std::uint64_t fresh_seed();

/// What a run is asked about grading (the command's --grade, --db,
/// --no-grade and --with-steps).
struct GradingAsked {
  bool grade = false;       // grade and print the rating
  bool to_store = false;    // the puzzles go to a store
  bool no_grade = false;    // ... without grading
  bool with_steps = false;  // ... with each puzzle's solution path
};
/// Sets request.grade and request.with_steps: a run grades when asked to or
/// when it stores without no_grade; with_steps needs a store that grades
/// (else RequestError("--with-steps", ...)); a store for a variant geometry
/// is refused (RequestError("--db", ...): the store keeps classic puzzles
/// only for now).
void set_grading(GenerateRequest& request, const GradingAsked& asked);

/// The first part of plan_generation's check: every number of the request
/// within the bounds of sudokit/solver/limits.hpp (else GenerateOptionError
/// with out_of_range()), for a front end to call before it acts on one (the
/// command bounds its wait for input by time_limit).
void check_bounds(const GenerateRequest& request);

/// A run's own time limit (request.time_limit > 0: given, and not 0) bounds
/// the wait for its input too (a pattern file or a --from FIFO whose writer
/// never writes): the clock starts when the request is checked, reading
/// stops at deadline(), and once the input is read the run gets what is
/// left. Without a limit (0, or -1 = the default) there is no deadline and
/// the request's time_limit is kept. Every front end that reads input for a
/// request (the command's --pattern FILE and --from) uses this one rule.
class InputDeadline {
 public:
  using Clock = std::chrono::steady_clock;
  explicit InputDeadline(const GenerateRequest& request, Clock::time_point started = Clock::now());
  /// When reading input must stop; none without a limit.
  std::optional<Clock::time_point> deadline() const { return deadline_; }
  /// The deadline is reached (never without a limit).
  bool passed(Clock::time_point now = Clock::now()) const { return deadline_ && now >= *deadline_; }
  /// After the input is read: request.time_limit becomes the limit less the
  /// time since the start, at least 1 ms (so the run still ends by itself,
  /// never "no limit"); unchanged without a limit.
  void charge_reading(GenerateRequest& request, Clock::time_point now = Clock::now()) const;

 private:
  double limit_ = 0;  // seconds; 0 = none
  Clock::time_point started_;
  std::optional<Clock::time_point> deadline_;
};

/// Checks the request (throws GenerateOptionError, the first problem found:
/// a value outside the bounds of sudokit/solver/limits.hpp, an unknown
/// name, options that exclude each other) and applies the defaults above. A shard of a run that keeps several
/// neighbours per puzzle (search_keep > 1) is refused: that run counts
/// puzzles, not indices.
GeneratePlan plan_generation(const GenerateRequest& request);

/// Called on the calling thread while generate() runs.
struct GenerateHooks {
  /// Accepted puzzles and candidates judged so far; may throw (stops the run).
  std::function<void(std::uint64_t accepted, std::uint64_t tried)> progress;
  const std::atomic<bool>* stop = nullptr;  // set (e.g. by a signal) to stop cleanly
};

/// What a seeded search or a climb (seeded.hpp) did besides what
/// PipelineReport says (there: accepted = written, tried = neighbours
/// judged, rejected = of those, failed = 0, searched = neighbours judged,
/// from_search = accepted by a walk; a climb adds its stone digging's
/// candidates, rejections, failures and local search to those).
struct SeededTally {
  std::uint64_t starts = 0;       // walks run (a seed, a stone or an earlier find each)
  std::uint64_t rounds = 0;       // rounds begun: the seeds, then each round's finds
  std::uint64_t moves = 0;        // moves drawn
  std::uint64_t unique = 0;       // of those, with one solution
  std::uint64_t repeated = 0;     // unique neighbours a walk had seen already (isomorphs included)
  std::uint64_t recalled = 0;     // unique neighbours judged in an earlier round (or a seed, a stone): not graded again
  std::uint64_t bounded = 0;      // rejected before grading (singles solve them)
  std::uint64_t graded = 0;       // given to the grader (the seeds included)
  std::uint64_t timed_out = 0;    // whose grading hit --grade-time-limit: never written
  std::uint64_t stones = 0;       // a climb: puzzles dug to walk from (graded by the pipeline, not in `graded`)
  std::uint64_t isomorphs = 0;    // accepted but isomorphic to a seed or an earlier output: not written
  double best_er = 0;             // the highest ER written
  std::string best;               // that puzzle (81 characters)
  double best_judged_er = 0;      // the highest ER of any neighbour graded and rated, written or not
  std::string best_judged;        // that puzzle
};

struct GenerateSummary {
  PipelineReport report;
  std::uint64_t stored = 0, duplicates = 0;  // generate_into_store (db_sink.hpp) only
  SeededTally seeded;                        // a seeded search or a climb only
};

/// Runs the plan; the sink gets the accepted puzzles in index order on the
/// calling thread, each with a GradeAnnotation (grade_of) when graded.
/// Exceptions of the sink, the hooks, the grader pass through after every
/// worker thread is joined.
GenerateSummary generate(const GeneratePlan& plan, PuzzleSink& sink, const GenerateHooks& hooks = {});
GenerateSummary generate(const GenerateRequest& request, PuzzleSink& sink, const GenerateHooks& hooks = {});

/// Why a run that was not stopped by its caller ended short of what it was to make, in
/// the command's words (after "sudokit generate: "): "giving up after N
/// grids: ..." when digging kept failing, "reached A of the C puzzles asked
/// for within the time limit (T s)" when the time ran out; "" when every
/// puzzle was made. `accepted` counts the puzzles the sink took; what the
/// run was to make is report.wanted (its shard's share, less what a resumed
/// run found stored).
std::string shortfall_message(const GeneratePlan& plan, const PipelineReport& report, std::uint64_t accepted);


}  // namespace sudokit::produce
