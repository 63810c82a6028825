// `sudokit generate`: make unique puzzles (grid -> dig -> [grade] -> [filter])
// and print them in index order, deterministically for a given seed.
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "stop.hpp"
#include "sudokit/db/paths.hpp"
#include "store_cli.hpp"
#include "sudokit/db/record_format.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/produce/db_sink.hpp"
#include "sudokit/generator/pipeline.hpp"
#include "sudokit/produce/generate.hpp"
#include "sudokit/produce/seeded.hpp"
#include "sudokit/produce/variant_output.hpp"

namespace sudokit::cli {

namespace {

using produce::GradeAnnotation;

/// Prints each puzzle: its line (puzzle, solution with --solution, ER when
/// graded), or the record format (db/record_format.hpp) as JSON or CSV.
class PrintSink final : public PuzzleSink {
 public:
  PrintSink(Output& out, std::string format, bool solution, const std::vector<grader::Level>& levels, bool variant)
      : out_(out), format_(std::move(format)), solution_(solution), fields_(db::generate_fields(solution)), levels_(levels) {
    if (format_ == "csv") out_.buffer() += (variant ? produce::variant_csv_header() : db::csv_header(fields_)) + '\n';
  }
  void write(const GeneratedPuzzle& p) override {
    std::string& b = out_.buffer();
    if (p.geometry) {  // a variant puzzle: always with its solution and geometry, unrated
      if (format_ == "line") b += produce::variant_line(p);
      else if (format_ == "csv") b += produce::variant_csv_row(p);
      else b += produce::variant_json(p).dump();
      b += '\n';
      out_.maybe_flush();
      return;
    }
    if (format_ == "line") {
      append_line(b, p.puzzle);
      if (solution_) {
        b += ' ';
        append_line(b, p.solution);
      }
      if (const GradeAnnotation* g = produce::grade_of(p)) b += ' ' + grader::format_rating(g->grade.er);
      b += '\n';
    } else if (format_ == "csv") {
      db::append_csv_row(b, produce::stored_record(p, levels_), fields_);
      b += '\n';
    } else {
      b += db::record_json(produce::stored_record(p, levels_), fields_).dump();
      b += '\n';
    }
    out_.maybe_flush();
  }

 private:
  Output& out_;
  std::string format_;
  bool solution_;
  std::span<const db::Field> fields_;
  const std::vector<grader::Level>& levels_;
};

/// The summary lines on stderr; the exit status of the run.
int report(const produce::GenerateSummary& summary, const produce::GeneratePlan& plan, const std::string* db_location) {
  const std::string shown = db_location ? db::redact_location(*db_location) : "";
  const std::string* db_path = db_location ? &shown : nullptr;
  const PipelineReport& r = summary.report;
  std::fprintf(stderr, "sudokit generate: %llu puzzles in %.2fs (%.0f/s); %llu candidates, %llu rejected by filters, %llu failed%s\n",
               static_cast<unsigned long long>(r.accepted), r.seconds, r.seconds > 0 ? static_cast<double>(r.accepted) / r.seconds : 0.0,
               static_cast<unsigned long long>(r.tried), static_cast<unsigned long long>(r.rejected),
               static_cast<unsigned long long>(r.failed), r.stopped ? " (stopped early)" : "");
  if (r.timed_out > 0 && !plan.walks())
    std::fprintf(stderr, "sudokit generate: %llu candidates whose grading reached its time limit (%.0f s) were left out\n",
                 static_cast<unsigned long long>(r.timed_out), plan.criteria.time_limit);
  if (r.searched > 0)
    std::fprintf(stderr, "sudokit generate: local search judged %llu neighbours and found %llu of the puzzles\n",
                 static_cast<unsigned long long>(r.searched), static_cast<unsigned long long>(r.from_search));
  if (r.skipped > 0)
    std::fprintf(stderr, "sudokit generate: %s: %llu indices of this run were stored already (run %s): skipped\n",
                 db_path ? db_path->c_str() : "", static_cast<unsigned long long>(r.skipped),
                 produce::run_key(plan).c_str());
  if (plan.walks()) {
    const produce::SeededTally& t = summary.seeded;
    const char* name = plan.climb ? "climb" : "--from";
    const std::string starts = plan.climb ? std::to_string(t.stones) + " stones dug" : std::to_string(plan.seeds.size()) + " seeds";
    std::fprintf(stderr,
                 "sudokit generate: %s: %s, %llu walks in %llu rounds; %llu moves, %llu unique, %llu "
                 "isomorphs of puzzles seen skipped, %llu judged in earlier rounds recalled; %llu graded, %llu rejected before grading, %llu whose grading "
                 "timed out (left out), %llu accepted isomorphs of a %s or an earlier find (left out)\n",
                 name, starts.c_str(), static_cast<unsigned long long>(t.starts), static_cast<unsigned long long>(t.rounds),
                 static_cast<unsigned long long>(t.moves), static_cast<unsigned long long>(t.unique),
                 static_cast<unsigned long long>(t.repeated), static_cast<unsigned long long>(t.recalled),
                 static_cast<unsigned long long>(t.graded),
                 static_cast<unsigned long long>(t.bounded), static_cast<unsigned long long>(t.timed_out),
                 static_cast<unsigned long long>(t.isomorphs), plan.climb ? "stone" : "seed");
    if (!t.best.empty()) std::fprintf(stderr, "sudokit generate: %s: highest ER written %.1f: %s\n", name, t.best_er, t.best.c_str());
    if (!t.best_judged.empty())
      std::fprintf(stderr, "sudokit generate: %s: highest ER graded %.1f: %s\n", name, t.best_judged_er, t.best_judged.c_str());
  }
  if (db_path)
    std::fprintf(stderr, "sudokit generate: %s: generated %llu, stored %llu, duplicates skipped %llu\n",
                 db_path->c_str(), static_cast<unsigned long long>(r.accepted),
                 static_cast<unsigned long long>(summary.stored), static_cast<unsigned long long>(summary.duplicates));
  if (r.stopped && r.failure.empty() && g_stop.load()) return interrupted_status();
  if (const std::string shortfall = produce::shortfall_message(plan, r, r.accepted); !shortfall.empty()) {
    std::cerr << "sudokit generate: " << shortfall << '\n';
    return 1;
  }
  return 0;
}

}  // namespace

namespace {

const char* const kUsage =
    "usage: sudokit generate [options]\n"
    "Makes puzzles with exactly one solution: a solution grid, then clues removed while the\n"
    "solver confirms uniqueness (minimal by default). The same --seed and --count give the same\n"
    "puzzles on every machine and with any --threads: puzzle i of a run depends on the seed, the\n"
    "options and i alone, so --shard K/N splits a run over machines, and a run into --db that was\n"
    "stopped makes only the indices it did not store when started again. Progress goes to stderr\n"
    "when it is a terminal; Ctrl-C stops cleanly after the puzzles in flight.\n"
    "With --from FILE it searches the neighbourhoods of FILE's puzzles instead (moves that take\n"
    "1 to 3 clues out and put as many in, with any digit): distinct puzzles meeting the target,\n"
    "none isomorphic to a seed; the same for a seed and --count with any --threads, except a run\n"
    "that --time-limit or Ctrl-C ends (it keeps what its walks found by then).\n"
    "An ER floor of 9.3 or more climbs (--strategy): each round digs a few puzzles at a lower\n"
    "floor and walks their neighbourhoods as --from does, every neighbour dug minimal.\n"
    "--geometry G makes puzzles of another shape (X, windoku, jigsaw, 16x16, ...): unique and\n"
    "minimal as the classic's, printed with their solution and geometry, not graded.";

/// A numeric option whose bounds produce::plan_generation checks: the option
/// its GenerateOptionError names, and the words of the accepted values.
struct LibraryBound {
  produce::GenerateOption option;
  std::string name;     // without "--"
  std::string accepts;  // Accepts::describe()
};

/// add_number for an option plan_generation bounds: its --help line and the
/// refusal's words name `accepts` (limits.hpp's bounds), but here the text is
/// only read (and a value the library reads as "not given" refused, those
/// of accepts.reserved); the range is the library's to check.
template <class T>
void add_bounded_by_library(po::options_description& opts, std::vector<LibraryBound>& bounds,
                            produce::GenerateOption option, const std::string& name, T& target,
                            std::type_identity_t<Accepts<T>> accepts, const std::string& help,
                            std::type_identity_t<std::optional<T>> fallback = std::nullopt) {
  accepts.checked_later = true;
  add_number(opts, name, &target, accepts, help, fallback);
  bounds.push_back({option, name.substr(0, name.find(',')), accepts.describe()});
}

void declare_options(po::options_description& opts, produce::GenerateRequest& q, double& time_limit,
                     std::size_t& batch_rows, std::vector<LibraryBound>& bounds) {
  using Option = produce::GenerateOption;
  add_bounded_by_library(opts, bounds, Option::Count, "count,n", q.count, {1, kMaxCount}, "number of puzzles", 10);
  opts.add_options()
      ("geometry", po::value<std::string>(&q.geometry), "the grid's shape (docs/VARIANTS.md: x, windows, jigsaw:MAP, 16x16, anti-knight, nc, ...; default classic). Another geometry than the classic prints each puzzle with its solution and geometry, unrated (variant); its --clues run from 1 to the cells less one, its --pattern has one character per cell, its --symmetry must be one of the geometry's own; rating, level, technique and search options, --from and --db are refused")
      ("method", po::value<std::string>(&q.method)->default_value("backtrack"), "grid method: backtrack, box-permutation, digit-box or relabel")
      ("scramble", "apply a uniformly random symmetry to each grid (makes box-permutation and relabel useful)")
      ("base", po::value<std::string>(&q.base), "base grid for --method relabel (81 digits)")
      ("symmetry", po::value<std::string>(&q.symmetry)->default_value("none"), "clue symmetry: none, rot180, rot90, mirror, diagonal, antidiagonal, dihedral or random (one per puzzle)");
  add_bounded_by_library(opts, bounds, Option::Clues, "clues", q.clues, {.lo = 17, .hi = 80, .reserved = {0}}, "dig down to exactly this many clues instead of a minimal puzzle (a puzzle with one solution has 17 to 80)");
  opts.add_options()
      ("dig-order", po::value<std::string>(&q.dig_order), "order clues are removed in: random, or sparse-digits (the clues of a few digits first, then where the houses hold the most clues: harder puzzles); default sparse-digits when the target needs more than singles (a rating above 2.3 or a technique beyond them), else random")
      ("minimal", "dig until no clue (or symmetric orbit of clues) can be removed: the default; with --from, dig every neighbour minimal (otherwise they are unique, not always minimal)")
      ("from", po::value<std::string>(), "seeded search: start from the puzzles of this file (- = stdin), one per record, and search their neighbourhoods for puzzles meeting the target (--search: neighbours judged per start, default 64); a bad record is reported as FILE:LINE and skipped (exit status 1)")
      ("strategy", po::value<std::string>(&q.strategy), "how puzzles are looked for without --from: dig (dig candidates, a local search around each near miss) or climb (each round digs 16 puzzles with ER at least the floor less 0.5, at most 9.0, and walks the neighbourhoods of the 8 hardest not walked yet and of the hardest near misses as --from does, keeping what meets the target; every neighbour dug minimal); default climb for --min-rating 9.3 or more unless --pattern, --clues, --symmetry, --shard, --search-keep or --search 0 is given, else dig")
      ("verify-minimal", "re-check every minimal puzzle clue by clue (the single digging pass already guarantees it)")
      ("pattern", po::value<std::string>(), "81-cell clue mask (x/1 = clue, ./0 = empty), or a file holding one");
  add_number(opts, "seed", q.seed, {}, "random seed (default: a fresh one from the system's entropy and the clock, printed on stderr)");
  add_bounded_by_library(opts, bounds, Option::Threads, "threads", q.threads, {1, kMaxThreads},
             "worker threads (output is the same for any count; default: one per core; more than the cores is allowed but gains nothing)",
             q.threads);
  opts.add_options()
      ("format", po::value<std::string>()->default_value("line"), "output: line, json (one object per line) or csv")
      ("solution", "also print each puzzle's solution")
      ("shard", po::value<std::string>(), "K/N: make shard K (0 to N-1) of the run, the indices i with i % N == K; the N shards' puzzles together are exactly the whole run's. auto/N: N shards, K the Slurm job array's task id (SLURM_ARRAY_TASK_ID; the array is --array=0-(N-1)) or a Kubernetes Indexed Job's JOB_COMPLETION_INDEX (auto without N is refused). The shard is printed on stderr; with --db, a store holding rows of this run split another way (another N, or unsharded) is refused. Not with --search-keep above 1")
      ("db", po::value<std::string>()->implicit_value("puzzles.db"), "store the puzzles in this SQLite file (default puzzles.db) or PostgreSQL database (postgresql://USER@HOST[:PORT]/DB, or libpq's 'host=... dbname=...') instead of printing them; graded unless --no-grade")
      ("no-grade", "with --db: store without grading")
      ("with-steps", "with --db: also store each puzzle's solution path, for hints from the stored data (db/README.md, \"Stored solution path\")")
      ("grade", "grade every puzzle and print its SE rating")
      ("level", po::value<std::string>(&q.level), ("keep only puzzles of this level (" + grader::level_names() + ", or one of --levels)").c_str())
      ("levels", po::value<std::string>(&q.levels), "level table NAME:MIN_ER,... for --level and the stored level names, instead of the default one (as db import --levels)");
  add_bounded_by_library(opts, bounds, Option::MinRating, "min-rating", q.min_rating, {kMinRating, kMaxRating}, "keep only puzzles with ER >= this");
  add_bounded_by_library(opts, bounds, Option::MaxRating, "max-rating", q.max_rating,
                         {.lo = kMinMaxRating, .hi = kMaxRating, .reserved = {produce::GenerateRequest{}.max_rating}},
                         "keep only puzzles with ER <= this (every puzzle with an empty cell rates 1.0 or more)");
  opts.add_options()
      ("require-technique", po::value<std::vector<std::string>>(&q.require_techniques)->composing(), "keep only puzzles whose solution path uses this technique (repeatable)")
      ("hardest-technique", po::value<std::string>(&q.hardest_technique), "keep only puzzles whose hardest step (the one that sets ER) is this technique");
  add_bounded_by_library(opts, bounds, Option::Search, "search", q.search,
                         {.lo = 0, .hi = kMaxSearch, .zero = "plain filtering", .reserved = {-1}},
             "local search around each puzzle that nearly meets the target: neighbours graded per puzzle, the first that meets it replaces it (default 32 with a target); with --from, neighbours judged per start (default 64; 0 is refused)");
  add_bounded_by_library(opts, bounds, Option::SearchKeep, "search-keep", q.search_keep, {1, kMaxSearchKeep},
             "above 1: also search around puzzles that meet the target and keep up to this many neighbours of each (more output for rare targets, but neighbours share most clues)",
             1);
  add_bounded_by_library(opts, bounds, Option::TimeLimit, "time-limit", time_limit,
                         {.lo = 0, .hi = kMaxSeconds, .zero = "no limit", .reserved = {-1}}, "stop after this many seconds with what was found; fewer puzzles than --count is exit status 1 (default: 120 for a rare target, ER 9.0 and above; none otherwise); with --from, what a run this stops has found depends on the machine's speed; counted from the start, it bounds the wait for a --from or --pattern file (a FIFO) too",
             0);
  add_number(opts, "batch-rows", batch_rows, batch_rows_accepts(),
             "with --db: commit after this many puzzles (and at least once a second); a killed run loses at most one batch",
             batch_rows);
  add_bounded_by_library(opts, bounds, Option::MaxAttempts, "max-attempts", q.max_attempts,
                         {.lo = 1, .hi = kMaxAttempts, .reserved = {0}},
             "grids tried per puzzle before giving up on it (default 64; 5 with --pattern, each a bounded local search)");
  add_store_wait_options(opts);  // with --db: --busy-timeout, --pg-timeout
  add_progress_option(opts);
}

}  // namespace

int run_generate(const std::vector<std::string>& args) {
  po::options_description opts("options");
  produce::GenerateRequest q;  // the library checks it and applies the target defaults (produce/generate.hpp)
  double time_limit = 0;
  std::size_t batch_rows = db::StoreOptions{}.batch_rows;
  q.threads = std::min(kMaxThreads, std::max(1u, std::thread::hardware_concurrency()));
  std::vector<LibraryBound> bounds;
  declare_options(opts, q, time_limit, batch_rows, bounds);
  po::variables_map vm;
  if (auto status = parse_options(args, kUsage, opts, vm, false)) return *status;
  // The library's refusal of an option: a value out of its range in the
  // words add_number uses, anything else in the library's.
  const auto refused = [&](const produce::GenerateOptionError& e) {
    for (const LibraryBound& b : bounds)
      if (e.out_of_range() && b.option == e.which())
        if (const std::string refusal = range_refusal(vm, b.name, b.accepts); !refusal.empty())
          return usage_error("generate", refusal, kUsage);
    std::cerr << "sudokit generate: " << e.what() << '\n';
    return kUsageError;
  };
  q.time_limit = vm["time-limit"].defaulted() ? -1 : time_limit;
  try {
    produce::check_bounds(q);  // before the time limit bounds the wait for input
  } catch (const produce::GenerateOptionError& e) {
    return refused(e);
  }
  if (const auto status = check_batch_rows(vm, "generate", batch_rows, kUsage)) return *status;
  // An explicit --time-limit bounds the wait for input too (the library's rule).
  const produce::InputDeadline input_deadline(q);
  const ReadDeadline deadline = input_deadline.deadline();
  const auto out_of_time = [&](const std::string& what) {
    if (!input_deadline.passed()) return false;
    std::cerr << "sudokit generate: the time limit (--time-limit " << time_limit << ") passed while reading " << what
              << "; nothing was generated\n";
    return true;
  };

  std::string pattern_file;  // --pattern FILE: an input the store must not write over
  if (vm.count("pattern")) {
    q.pattern = vm["pattern"].as<std::string>();
    std::string error;
    // With --geometry, a pattern is its cells unless it names a file.
    const bool variant_cells = vm.count("geometry") && !std::filesystem::exists(q.pattern);
    if (q.pattern.size() != 81 && !q.clues && !variant_cells) {
      pattern_file = q.pattern;
      if (!read_source(pattern_file, q.pattern, error, std::size_t{1} << 20, deadline)) {
        if (out_of_time("--pattern " + pattern_file)) return 1;
        std::cerr << "sudokit generate: --pattern is neither 81 cells nor a readable file: " << pattern_file << " ("
                  << error << ")\n";
        return kUsageError;
      }
    }
  }
  const auto progress = progress_format(vm, "generate");
  if (!progress) return kUsageError;
  const std::string format = vm["format"].as<std::string>();
  if (format != "line" && format != "json" && format != "csv") {
    std::cerr << "sudokit generate: unknown --format '" << format << "' (expected line, json or csv)\n";
    return kUsageError;
  }
  const bool to_db = vm.count("db") != 0;
  if (to_db && !db_location_ok(vm["db"].as<std::string>(), "generate")) return kUsageError;
  try {
    produce::set_grading(q, {vm.count("grade") != 0, to_db, vm.count("no-grade") != 0, vm.count("with-steps") != 0});
  } catch (const produce::RequestError& e) {
    std::cerr << "sudokit generate: " << e.what() << '\n';
    return kUsageError;
  }
  q.scramble = vm.count("scramble") != 0;
  q.minimal = vm.count("minimal") != 0;
  q.verify_minimal = vm.count("verify-minimal") != 0;
  Diagnostics seed_diag;  // --from FILE: records that cannot start a search
  std::string from_file;
  if (vm.count("from")) {
    from_file = vm["from"].as<std::string>();
    q.seeded = true;
    for_each_record({from_file}, seed_diag, [&](const std::string& source, const TextRecord& rec) {
      if (const std::string problem = produce::seed_problem(rec.grid); !problem.empty())
        return seed_diag.report(source, rec.line, problem);
      q.from.push_back({rec.grid, rec.line, {}});
    }, {}, false, deadline);
    if (out_of_time("--from " + source_label(from_file))) return 1;
  }
  input_deadline.charge_reading(q);
  if (!vm.count("seed")) q.seed = produce::fresh_seed();
  produce::GeneratePlan plan;
  produce::Shard shard;
  try {
    if (vm.count("shard")) {
      shard = produce::parse_shard(vm["shard"].as<std::string>(), std::getenv);
      q.shard_index = shard.index;
      q.shard_count = shard.count;
    }
    plan = produce::plan_generation(q);
  } catch (const produce::GenerateOptionError& e) {
    return refused(e);
  } catch (const produce::RequestError& e) {
    std::cerr << "sudokit generate: " << e.what() << '\n';
    return kUsageError;
  }
  if (vm.count("shard"))  // which share of the run this process makes, before it makes any
    std::cerr << "sudokit generate: shard " << shard.text() << (shard.source.empty() ? "" : " (" + shard.source + ")")
              << ": the indices i < " << q.count << " with i % " << shard.count << " == " << shard.index << '\n';
  if (!vm.count("seed")) std::cerr << "sudokit generate: seed " << plan.pipeline.seed << '\n';
  if (!plan.notice.empty()) std::cerr << "sudokit generate: " << plan.notice << '\n';
  const PipelineOptions& o = plan.pipeline;

  const bool tty = isatty(STDERR_FILENO) != 0;
  // This process's share of the run (a shard's indices; a walk counts puzzles).
  const std::uint64_t share =
      plan.walks() ? o.count : (o.count + o.shard_count - 1 - o.shard_index) / o.shard_count;
  produce::ProgressReporter reporter(
      stderr, *progress, tty,
      {"generate", "found", produce::run_key(plan),
       o.shard_count > 1 ? produce::Shard{o.shard_index, o.shard_count}.text() : std::string()});
  produce::GenerateHooks hooks;
  hooks.progress = [&reporter, share](std::uint64_t accepted, std::uint64_t tried) {
    reporter.update(accepted, share, "", std::to_string(tried) + " candidates tried", accepted >= share);
  };
  catch_stop_signals();
  hooks.stop = &g_stop;

  produce::GenerateSummary summary;
  const std::string path = to_db ? vm["db"].as<std::string>() : "";
  if (to_db) {
    if (files_clash("generate", vm, path)) return kUsageError;
    try {
      db::StoreOptions store = store_options(vm, db::OpenMode::Write, "generate");
      store.batch_rows = batch_rows;
      summary = produce::generate_into_store(plan, path, hooks, store);
    } catch (const produce::RequestError& e) {  // the store holds this run split another way
      std::cerr << "sudokit generate: " << e.what() << '\n';
      return kUsageError;
    } catch (const db::StoreError& e) {
      reporter.end_line();
      std::cerr << "sudokit generate: " << e.what() << '\n';
      return 1;
    }
  } else {
    Output out;
    PrintSink sink(out, format, vm.count("solution") != 0, plan.criteria.levels, plan.geometry != nullptr);
    hooks.progress = [print = std::move(hooks.progress), &out](std::uint64_t accepted, std::uint64_t tried) {
      print(accepted, tried);
      out.flush_if_due();  // a find waits at most Output::kMaxDelay, also in a slow run
    };
    summary = produce::generate(plan, sink, hooks);
    out.flush();
  }
  reporter.end_line();
  const int status = report(summary, plan, to_db ? &path : nullptr);
  return status != 0 ? status : seed_diag.exit_status();
}

}  // namespace sudokit::cli
