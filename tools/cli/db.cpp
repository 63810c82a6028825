// `sudokit db <stats|export|ship|import|merge|regrade>`: the puzzle store (an SQLite file or a
// PostgreSQL database, behind one interface) from the command line. Options are read here; the work is done by the db module (store,
// import, export). Store failures (not a database, locked, read-only, disk
// full) are printed as `sudokit db CMD: FILE: reason` with exit status 1;
// SIGINT/SIGTERM during an import commit the batch in flight and report it.
#include <unistd.h>

#include <csignal>
#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "stop.hpp"
#include "store_cli.hpp"
#include "sudokit/db/export.hpp"
#include "sudokit/db/daily.hpp"
#include "sudokit/db/ship.hpp"
#include "sudokit/db/import.hpp"
#include "sudokit/db/merge.hpp"
#include "sudokit/db/paths.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/grader/step.hpp"
#include "sudokit/produce/export.hpp"
#include "sudokit/produce/import.hpp"
#include "sudokit/produce/regrade.hpp"

namespace sudokit::cli {

namespace {

using namespace sudokit::db;


std::string with_commas(std::uint64_t n) {
  const std::string digits = std::to_string(n);
  std::string out;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
    out += digits[i];
  }
  return out;
}

// --- stats --------------------------------------------------------------------

void print_stats_text(std::ostream& out, const std::string& path, const StoreStats& s) {
  auto pad = [](std::string text, std::size_t width) {
    if (text.size() < width) text.resize(width, ' ');
    return text;
  };
  out << path << ": " << with_commas(s.puzzles) << " puzzles, " << with_commas(s.graded) << " graded";
  if (s.mean_er)
    out << ", ER " << grader::format_rating(*s.min_er) << " to " << grader::format_rating(*s.max_er)
              << " (mean " << std::to_string(*s.mean_er).substr(0, 4) << ")";
  out << "\n\nlevels:\n";
  for (const auto& c : s.levels) out << "  " << pad(c.key.empty() ? "(not graded)" : c.key, 14) << ' ' << c.count << '\n';
  out << "\nratings (ER):\n";
  for (const auto& [bucket, n] : s.ratings) out << "  " << pad(std::to_string(bucket) + ".x", 14) << ' ' << n << '\n';
  out << "\nclues:\n";
  for (const auto& [clues, n] : s.clues) out << "  " << pad(std::to_string(clues), 14) << ' ' << n << '\n';
  out << "\ntechniques (puzzles using it, puzzles where it is the hardest, steps):\n";
  for (const auto& t : s.techniques)
    out << "  " << pad(t.key, 28) << ' ' << pad(std::to_string(t.puzzles), 10) << ' '
              << pad(std::to_string(t.hardest), 10) << ' ' << t.steps << '\n';
  out << "\nmethods:\n";
  for (const auto& c : s.methods) out << "  " << pad(c.key, 14) << ' ' << c.count << '\n';
  out << "\nrated by (graded puzzles by grader; `db regrade` rates again what another one rated):\n";
  for (const auto& c : s.raters) out << "  " << pad(c.key.empty() ? "(unknown)" : c.key, 20) << ' ' << c.count << '\n';
  const bool variants = !s.geometries.empty();  // a store with variants: each run says its geometry
  out << "\nruns (generate --db: run key, shard, rows stored of its target, indices, last commit"
      << (variants ? ", geometry; the runs of every geometry" : "") << "):\n";
  if (s.runs.empty()) out << "  none\n";
  for (const auto& r : s.runs) {
    out << "  " << r.run << ' ' << pad(r.shard.empty() ? "(whole)" : r.shard, 10) << ' '
        << pad(with_commas(r.rows) + (r.target ? " of " + with_commas(*r.target) : std::string(" of ?")), 20);
    if (r.first_index) out << " indices " << *r.first_index << " to " << *r.last_index;
    out << "  last commit " << r.last_commit;
    if (variants) out << "  " << (r.geometry.empty() ? "classic" : r.geometry);
    out << '\n';
  }
  if (!s.geometries.empty()) {
    out << "\ngeometries (puzzles; the figures above but the runs are of one, --geometry):\n";
    for (const auto& c : s.geometries) out << "  " << pad(c.key, 20) << ' ' << c.count << '\n';
    out << "grading: " << s.unrated_variant << " " << db::kUnratedVariant << '\n';
  }
  out << "\ndaily schedule: " << s.daily << " rows\n";
  out << "used (never picked again):";
  if (s.used.empty()) out << " none";
  for (std::size_t i = 0; i < s.used.size(); ++i)
    out << (i ? ", " : " ") << s.used[i].count << " by " << s.used[i].key;
  out << '\n';
}

nlohmann::ordered_json stats_json(const std::string& path, const StoreStats& s) {
  using json = nlohmann::ordered_json;
  auto opt = [](const std::optional<double>& v) { return v ? json(*v) : json(nullptr); };
  json j = {{"db", path}, {"puzzles", s.puzzles}, {"graded", s.graded}, {"min_er", opt(s.min_er)},
            {"max_er", opt(s.max_er)}, {"mean_er", opt(s.mean_er)}, {"daily", s.daily}};
  json levels = json::object(), ratings = json::object(), clues = json::object(), methods = json::object();
  for (const auto& c : s.levels) levels[c.key.empty() ? "unrated" : c.key] = c.count;
  for (const auto& [bucket, n] : s.ratings) ratings[std::to_string(bucket)] = n;
  for (const auto& [c, n] : s.clues) clues[std::to_string(c)] = n;
  for (const auto& c : s.methods) methods[c.key] = c.count;
  json raters = json::object();
  for (const auto& c : s.raters) raters[c.key.empty() ? "unknown" : c.key] = c.count;
  json used = json::object();
  for (const auto& c : s.used) used[c.key] = c.count;
  json techniques = json::object();
  for (const auto& t : s.techniques) techniques[t.key] = {{"puzzles", t.puzzles}, {"hardest", t.hardest}, {"steps", t.steps}};
  j["levels"] = levels;
  j["ratings"] = ratings;
  j["clues"] = clues;
  j["techniques"] = techniques;
  j["methods"] = methods;
  j["rated_by"] = raters;
  json runs = json::array();
  for (const auto& r : s.runs)
    runs.push_back({{"run", r.run}, {"shard", r.shard.empty() ? json(nullptr) : json(r.shard)}, {"rows", r.rows},
                    {"first_index", r.first_index ? json(*r.first_index) : json(nullptr)},
                    {"last_index", r.last_index ? json(*r.last_index) : json(nullptr)},
                    {"last_commit", r.last_commit}, {"target", r.target ? json(*r.target) : json(nullptr)},
                    {"count", r.count ? json(*r.count) : json(nullptr)}});
  if (!s.geometries.empty())  // a store with variants: each run says its geometry (a classic store's JSON is as before)
    for (std::size_t i = 0; i < s.runs.size(); ++i)
      runs[i]["geometry"] = s.runs[i].geometry.empty() ? "classic" : s.runs[i].geometry;
  j["runs"] = runs;
  j["used"] = used;
  if (!s.geometries.empty()) {  // a store with variants only: a classic store's JSON is as before
    json geometries = json::object();
    for (const auto& c : s.geometries) geometries[c.key] = c.count;
    j["geometries"] = geometries;
    j["unrated_variant"] = s.unrated_variant;
  }
  return j;
}

int run_stats(const std::vector<std::string>& args) {
  po::options_description opts("options");
  add_store_options(opts);
  opts.add_options()
      ("format", po::value<std::string>()->default_value("text"), "output: text or json")
      ("levels", po::value<std::string>(), "level table NAME:MIN,... (orders the level counts)")
      ("geometry", po::value<std::string>(), "the figures of this geometry's puzzles (a spelling, or all); default classic");
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit db stats --db FILE [--format text|json] [--geometry G|all]\n"
      "Summarises a puzzle store: puzzles by level, ER histogram, clue-count histogram,\n"
      "techniques seen (how many puzzles use each, how many have it as the hardest step),\n"
      "generator methods, the size of the daily schedule and the puzzles already used.";
  if (auto status = parse_options(args, usage, opts, vm, false)) return *status;
  const auto path = db_path(vm, args[0]);
  const std::string format = vm["format"].as<std::string>();
  if (!path) return kUsageError;
  if (format != "text" && format != "json") {
    std::cerr << "sudokit " << args[0] << ": unknown --format '" << format << "' (expected text or json)\n";
    return kUsageError;
  }
  std::vector<grader::Level> levels;
  if (!parse_levels_option(vm, args[0], levels)) return kUsageError;
  std::string geometry;
  try {
    produce::FilterOptions f;
    if (vm.count("geometry")) f.geometry = vm["geometry"].as<std::string>();
    geometry = produce::plan_filter(f).geometry;
  } catch (const produce::RequestError& e) {
    std::cerr << "sudokit " << args[0] << ": " << e.what() << '\n';
    return kUsageError;
  }
  Output out;
  try {
    PuzzleStore store(*path, store_options(vm, OpenMode::Read, "db stats"));
    const StoreStats s = store.stats(levels, geometry);
    if (format == "json") {
      out.buffer() += stats_json(db::redact_location(*path), s).dump(2) + '\n';
    } else {
      std::ostringstream text;
      print_stats_text(text, db::redact_location(*path), s);
      out.buffer() += text.str();
    }
  } catch (const StoreError& e) {
    std::cerr << "sudokit " << args[0] << ": " << e.what() << '\n';
    return 1;
  }
  out.flush();
  return 0;
}

// --- export -------------------------------------------------------------------

// --- ship ---------------------------------------------------------------------

int run_ship(const std::vector<std::string>& args) {
  po::options_description opts("options");
  add_store_options(opts);
  opts.add_options()
      ("out", po::value<std::string>(), "the file to write (replaced if it exists; required)")
      ("levels", po::value<std::string>(), "only these levels, e.g. easy,medium,hard (default: every graded puzzle)")
      ("columns", po::value<std::string>(), "record-format fields to ship besides id, gid, level, rank, puzzle, solution, er, hardest (e.g. ep,ed,clues,hardest_name)")
      ("with-steps", "ship each puzzle's stored solution path (column path; stored by generate/import --with-steps), for offline hints")
      ("unused", "only puzzles never published (daily, books marked used)")
      ("geometry", po::value<std::string>(), "only puzzles of this geometry (a spelling, or all; default classic); other than classic the file has geometry and rated_by columns and ships unrated variants");
  ShipOptions ship;
  add_number(opts, "seed", ship.seed, {}, "seed of the rank order (the order an app serves each level in)", 0);
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit db ship --db FILE --out APP.db [--levels L,...] [--columns F,...] [--with-steps] [--unused] [--seed S]\n"
      "         [--geometry G|all]\n"
      "Writes the read-only, vacuumed SQLite file an app ships: the graded puzzles with only the\n"
      "columns it needs, numbered per level in a seeded random order (rank), indexed for \"the next\n"
      "puzzle of a level\" and lookups by global id (schema: db/README.md, \"Shipping file\").";
  if (auto status = parse_options(args, usage, opts, vm, false)) return *status;
  const std::string& cmd = args[0];
  const auto path = db_path(vm, cmd);
  if (!path) return kUsageError;
  if (!vm.count("out")) {
    std::cerr << "sudokit " << cmd << ": --out FILE is required\n";
    return kUsageError;
  }
  const std::string out = vm["out"].as<std::string>();
  std::string error;
  if (vm.count("columns") && !parse_fields(vm["columns"].as<std::string>(), ship.extra, error)) {
    std::cerr << "sudokit " << cmd << ": --columns: " << error << '\n';
    return kUsageError;
  }
  if (vm.count("levels") && !parse_level_list(vm["levels"].as<std::string>(), ship.levels, error)) {
    std::cerr << "sudokit " << cmd << ": --levels: " << error << '\n';
    return kUsageError;
  }
  if (vm.count("with-steps") && std::find(ship.extra.begin(), ship.extra.end(), Field::Path) == ship.extra.end())
    ship.extra.push_back(Field::Path);
  db::PuzzleFilter filter;
  try {
    produce::FilterOptions f;
    if (vm.count("geometry")) f.geometry = vm["geometry"].as<std::string>();
    filter = produce::plan_filter(f);
  } catch (const produce::RequestError& e) {
    std::cerr << "sudokit " << cmd << ": " << e.what() << '\n';
    return kUsageError;
  }
  filter.unused = vm.count("unused") != 0;
  if (files_clash(cmd, vm, *path)) return kUsageError;
  try {
    PuzzleStore store(*path, store_options(vm, OpenMode::Read, "db ship"));
    if (!ship.levels.empty()) check_levels(store, ship.levels);
    const ShipSummary s = ship_store(store, filter, ship, out);
    std::cerr << "sudokit " << cmd << ": " << out << ": " << s.puzzles << " puzzles, " << s.bytes << " bytes ("
              << (s.puzzles ? s.bytes / s.puzzles : 0) << " bytes per puzzle)";
    if (s.skipped_ungraded) std::cerr << "; " << s.skipped_ungraded << " ungraded puzzles left out";
    std::cerr << '\n';
  } catch (const LevelError& e) {
    std::cerr << "sudokit " << cmd << ": --levels: " << e.what() << '\n';
    return kUsageError;
  } catch (const StoreError& e) {
    std::cerr << "sudokit " << cmd << ": " << e.what() << '\n';
    return 1;
  }
  return 0;
}

namespace {

const char* const kExportUsage =
    "usage: sudokit db export --db FILE [--format json|ndjson|csv|line] [--level L]\n"
    "         [--min-rating X --max-rating Y] [--clues A-B] [--technique T] [--unused] [--limit N]\n"
    "         [--random --seed S] [--columns F,...] [--geometry G|all] [--out FILE]\n"
    "Writes the stored puzzles that match every filter, in id order (or seeded random order).\n"
    "JSON rows carry every column, the technique histogram as an object; CSV carries every\n"
    "column and is what `sudokit db import --format csv` reads back.";

void declare_export_options(po::options_description& opts, std::uint64_t& seed, double& min_rating, double& max_rating,
                            std::uint64_t& limit) {
  add_store_options(opts);
  opts.add_options()
      ("format", po::value<std::string>()->default_value("json"), "json (one array), ndjson (one object per line), csv (header + every column), line (puzzles only) or ipuz (one ipuz document per puzzle: --out DIR gets DIR/GID.ipuz, DIR/_GID.ipuz for an id beginning with -)")
      ("out", po::value<std::string>(), "write to FILE instead of stdout")
      ("level", po::value<std::string>(), "only this level (a level of the default table or one stored in the file)");
  add_number(opts, "min-rating", min_rating, {kMinRating, kMaxRating}, "only ER >= X");
  add_number(opts, "max-rating", max_rating, {kMinRating, kMaxRating}, "only ER <= Y");
  opts.add_options()
      ("clues", po::value<std::string>(), "only A-B clues (A, A-B, A- or -B)")
      ("technique", po::value<std::string>(), "only puzzles whose solution uses technique T")
      ("hardest", po::value<std::string>(), "only puzzles whose hardest step is technique T")
      ("unused", "only puzzles never published (in no daily schedule, no book made with --mark-used, nor an isomorph of one)")
      ("columns", po::value<std::string>(), "json, ndjson, csv: only these fields, in this order (names of db/README.md's record format, e.g. id,gid,puzzle,solution,level,er)")
      ("geometry", po::value<std::string>(), "only puzzles of this geometry (a spelling of docs/VARIANTS.md, e.g. x or 6x6), or all; default classic. Other than classic, rows carry geometry and rated_by");
  add_number(opts, "limit", limit, {1, std::numeric_limits<std::int64_t>::max()}, "at most N rows (default: all)");
  opts.add_options()("random", "random order (with --limit: a random sample), reproducible with --seed");
  add_number(opts, "seed", seed, {}, "seed of --random: the same seed gives the same rows", 0);
}

}  // namespace

int run_export(const std::vector<std::string>& args) {
  po::options_description opts("options");
  produce::ExportCommand c;
  double min_rating = 0, max_rating = 0;
  std::uint64_t limit = 0;
  declare_export_options(opts, c.seed, min_rating, max_rating, limit);
  po::variables_map vm;
  if (auto status = parse_options(args, kExportUsage, opts, vm, false)) return *status;
  const std::string& cmd = args[0];
  const auto path = db_path(vm, cmd);
  if (!path) return kUsageError;
  auto text = [&](const char* name) { return vm.count(name) ? std::optional(vm[name].as<std::string>()) : std::nullopt; };
  c.format = vm["format"].as<std::string>();
  c.out = text("out");
  c.columns = text("columns");
  c.filter.level = text("level");
  if (vm.count("min-rating")) c.filter.min_rating = min_rating;
  if (vm.count("max-rating")) c.filter.max_rating = max_rating;
  c.filter.clues = text("clues");
  c.filter.technique = text("technique");
  c.filter.hardest = text("hardest");
  c.filter.geometry = text("geometry");
  if (vm.count("limit")) c.limit = limit;
  c.random = vm.count("random") != 0;
  c.unused = vm.count("unused") != 0;
  produce::ExportPlan plan;
  try {
    plan = produce::plan_export(c);
  } catch (const produce::RequestError& e) {
    std::cerr << "sudokit " << cmd << ": " << e.what() << '\n';
    return kUsageError;
  }
  // ipuz: --out is a directory of GID.ipuz files.
  const auto ipuz = [](const std::string& name) {
    const auto target = files::staged_target_name(name);
    return name == files::kLockName || (target ? *target : name).ends_with(".ipuz");
  };
  if (files_clash(cmd, vm, *path, plan.ipuz ? db::DirectoryWrites{{"--out", ipuz}} : db::DirectoryWrites{}))
    return kUsageError;

  try {
    PuzzleStore store(*path, store_options(vm, OpenMode::Read, "db export"));
    if (plan.filter.level) check_levels(store, {*plan.filter.level});
    if (plan.ipuz) {
      const std::uint64_t n = export_ipuz(store, plan.filter, *plan.out);
      std::cerr << "sudokit " << cmd << ": " << n << " ipuz files written to " << *plan.out << '\n';
    } else if (plan.out) {
      const std::uint64_t rows = export_to_file(store, plan.filter, plan.format, *plan.out, plan.columns);
      std::cerr << "sudokit " << cmd << ": " << rows << " rows written to " << *plan.out << '\n';
    } else {
      export_puzzles(store, plan.filter, plan.format, stdout, "<stdout>", plan.columns);
    }
  } catch (const ExportWriteError& e) {
    // stdout: reported as every command's data is (a closed pipe quietly).
    if (!plan.out) return write_failed(cmd, WriteError("<stdout>", e.error()));
    std::cerr << "sudokit " << cmd << ": " << e.what() << '\n';
    return 1;
  } catch (const LevelError& e) {
    std::cerr << "sudokit " << cmd << ": --level: " << e.what() << '\n';
    return kUsageError;
  } catch (const StoreError& e) {
    std::cerr << "sudokit " << cmd << ": " << e.what() << '\n';
    return 1;
  }
  return 0;
}

// --- import -------------------------------------------------------------------

namespace {

const char* const kImportUsage =
    "usage: sudokit db import [FILE...] --db FILE [--format auto|line|csv|bank] [--no-grade | --with-steps]\n"
    "Loads puzzles from text into the store (stdin when no FILE is given). Each puzzle is\n"
    "checked (81 cells, givens that break no rule, exactly one solution), graded unless\n"
    "--no-grade, and stored unless the same puzzle in disguise (same canonical form) is\n"
    "already there. Bad lines are reported as FILE:LINE: reason and skipped; the summary\n"
    "(stderr) gives imported / duplicates / rejected. Exit status 1 if any line was\n"
    "rejected or the store failed, 2 for a usage error, 128+N when stopped by signal N\n"
    "(the rows read so far are committed first).";

void declare_import_options(po::options_description& opts, ImportOptions& options, produce::ImportGrading& grading,
                            std::size_t& batch_rows) {
  add_store_options(opts);
  add_progress_option(opts);
  opts.add_options()
      ("format", po::value<std::string>()->default_value("auto"), "auto, line (one puzzle per line), csv (with a header) or bank (Sudoku Exchange: hash puzzle rating)")
      ("no-grade", "do not grade (fast bulk import: rating columns stay empty, or are taken from a CSV)")
      ("with-steps", "also store each puzzle's solution path, for hints from the stored data (db/README.md, \"Stored solution path\")")
      ("levels", po::value<std::string>(), "level table NAME:MIN,... on the rounded ER (default as for `sudokit grade`)");
  add_number(opts, "max-steps", grading.max_steps, {1, kMaxSteps},
             "grader work bound per puzzle (a puzzle that needs more steps is stored ungraded)", grading.max_steps);
  add_number(opts, "time-limit", grading.time_limit, {0, kMaxSeconds, "no limit"},
             "grading time bound per puzzle in seconds (a puzzle that needs longer is stored ungraded)", grading.time_limit);
  add_number(opts, "threads", options.threads, {0, kMaxThreads, "one per core"},
             "threads that check and grade (1 = do everything in one thread; more than the cores is allowed but gains nothing)", 0);
  add_number(opts, "batch-rows", batch_rows, batch_rows_accepts(), "commit after this many rows (and at least once a second)",
             batch_rows);
}

}  // namespace

int run_import(const std::vector<std::string>& args) {
  po::options_description opts("options");
  ImportOptions options;
  produce::ImportGrading grading;
  std::size_t batch_rows = StoreOptions{}.batch_rows;
  declare_import_options(opts, options, grading, batch_rows);
  po::variables_map vm;
  if (auto status = parse_options(args, kImportUsage, opts, vm)) return *status;
  const std::string& cmd = args[0];
  if (const auto status = check_batch_rows(vm, cmd, batch_rows, kImportUsage)) return *status;
  const auto path = db_path(vm, cmd);
  if (!path) return kUsageError;
  const auto format = parse_import_format(vm["format"].as<std::string>());
  if (!format) {
    std::cerr << "sudokit " << cmd << ": unknown --format '" << vm["format"].as<std::string>()
              << "' (expected auto, line, csv or bank)\n";
    return kUsageError;
  }
  options.format = *format;
  const bool grade = vm.count("no-grade") == 0;
  grading.with_steps = vm.count("with-steps") != 0;
  if (grading.with_steps && !grade) {
    std::cerr << "sudokit " << cmd << ": --with-steps needs grading (leave out --no-grade)\n";
    return kUsageError;
  }
  options.stop = &g_stop;
  if (!parse_levels_option(vm, cmd, grading.levels)) return kUsageError;
  const auto progress = progress_format(vm, cmd);
  if (!progress) return kUsageError;
  std::vector<std::string> files = input_files(vm);
  if (files.empty()) files.push_back("-");
  if (files_clash(cmd, vm, *path)) return kUsageError;

  catch_stop_signals();
  const auto start = std::chrono::steady_clock::now();
  Diagnostics diag;
  std::optional<PuzzleStore> store;
  // Records of every file so far; the total is not known (a stream).
  produce::ProgressReporter reporter(stderr, *progress, isatty(STDERR_FILENO) != 0, {cmd, "records"});
  options.progress = [&](std::uint64_t records) { reporter.update(records, 0); };
  std::vector<ImportInput> inputs;
  for (const auto& name : files)
    inputs.push_back({source_label(name), [name](ByteSource& source, std::string& error) { return open_source(name, source, error); }});
  try {
    StoreOptions so = store_options(vm, OpenMode::Write, "db import");
    so.batch_rows = batch_rows;
    store.emplace(*path, so);
  } catch (const StoreError& e) {
    std::cerr << "sudokit " << cmd << ": " << e.what() << '\n';
    return 1;  // nothing was opened, nothing to report
  }
  const auto on_problem = [&](const std::string& label, std::size_t line, const std::string& reason) {
    if (line == 0) return diag.report(label, reason);
    diag.report(label, line, reason);
  };
  const ImportRun run = grade ? produce::import_graded(*store, inputs, options, grading, on_problem)
                              : import_inputs(*store, inputs, options, on_problem);
  const ImportCounts& total = run.counts;
  int status = diag.exit_status();
  if (!run.store_error.empty()) {
    reporter.end_line();
    std::cerr << "sudokit " << cmd << ": " << run.store_error << '\n';
    if (run.lost) std::cerr << "sudokit " << cmd << ": " << run.lost << " rows of the failed batch were not stored\n";
    status = 1;
  }
  reporter.update(total.records, 0, "", "", true);
  reporter.end_line();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  char rate[96];
  std::snprintf(rate, sizeof rate, " (%s lines in %.2f s: %s lines/s)", with_commas(total.lines).c_str(), seconds,
                with_commas(static_cast<std::uint64_t>(seconds > 0 ? static_cast<double>(total.lines) / seconds : 0)).c_str());
  std::cerr << "sudokit " << cmd << ": imported " << total.imported << ", duplicates " << total.duplicates
            << ", rejected " << total.rejected << (total.lines ? rate : "") << '\n';
  if (total.interrupted) {
    std::cerr << "sudokit " << cmd << ": interrupted by " << stop_signal_name() << ": "
              << total.imported << " rows stored and committed; run again to import the rest (stored puzzles are "
              << "skipped as duplicates)\n";
    return interrupted_status();
  }
  return status;
}

// --- merge --------------------------------------------------------------------

namespace {

/// --batch-rows N (`help`, `lo` to `hi`), the name generate and import use
/// for rows per transaction, and --batch, its old spelling, still read.
template <class T>
void add_batch_rows(po::options_description& opts, T& batch_rows, T& old_batch, T hi, const std::string& help) {
  add_number(opts, "batch-rows", batch_rows, {1, hi}, help, batch_rows);
  add_number(opts, "batch", old_batch, {1, hi}, "deprecated spelling of --batch-rows (a warning on stderr)");
}

/// --batch given: its value, with one warning line; a usage error (the
/// status) when --batch-rows is given too.
template <class T>
std::optional<int> take_old_batch(const po::variables_map& vm, const std::string& cmd, T& batch_rows, T old_batch) {
  if (vm.count("batch") == 0) return std::nullopt;
  if (!vm["batch-rows"].defaulted()) {
    std::cerr << "sudokit " << cmd << ": --batch is the deprecated spelling of --batch-rows: give one of them\n";
    return kUsageError;
  }
  std::cerr << "sudokit " << cmd << ": warning: --batch is deprecated, use --batch-rows\n";
  batch_rows = old_batch;
  return std::nullopt;
}

}  // namespace

int run_merge(const std::vector<std::string>& args) {
  po::options_description opts("options");
  add_store_options(opts);
  std::uint64_t batch_rows = MergeOptions{}.batch_rows;
  std::uint64_t old_batch = 0;
  add_batch_rows<std::uint64_t>(opts, batch_rows, old_batch, 10'000'000, "rows copied per transaction");
  add_progress_option(opts);
  const std::string usage =
      "usage: sudokit db merge --db OUT IN.db...\n"
      "Adds the puzzles of other stores (the shard files of a sharded generate) to OUT, created\n"
      "if missing: an isomorph of a puzzle OUT holds is left out (the first input wins), every\n"
      "column of provenance is kept (seed, index, method, run, shard, ratings). In batches, each\n"
      "committed: killed or stopped, run it again and the result is what one run writes; running\n"
      "it twice adds nothing. Only puzzles are merged, not daily schedules or used marks.\n"
      "--batch is the deprecated spelling of --batch-rows: it still works and prints a warning.";
  po::variables_map vm;
  if (auto status = parse_options(args, usage, opts, vm)) return *status;
  const std::string& cmd = args[0];
  const auto path = db_path(vm, cmd);
  if (!path) return kUsageError;
  const auto progress = progress_format(vm, cmd);
  if (!progress) return kUsageError;
  if (const auto status = take_old_batch(vm, cmd, batch_rows, old_batch)) return *status;
  const std::vector<std::string> inputs = input_files(vm);
  if (inputs.empty()) {
    std::cerr << "sudokit " << cmd << ": no input store (usage: sudokit db merge --db OUT IN.db...)\n";
    return kUsageError;
  }
  for (const auto& name : inputs)
    if (!db_location_ok(name, cmd, "IN.db")) return kUsageError;
  if (files_clash(cmd, vm, *path)) return kUsageError;
  try {
    check_merge_inputs(inputs);  // before OUT is created: a missing input leaves nothing behind
  } catch (const StoreError& e) {
    std::cerr << "sudokit " << cmd << ": " << e.what() << "; nothing was merged\n";
    return 1;
  }
  catch_stop_signals();
  const bool tty = isatty(STDERR_FILENO) != 0;
  const auto start = std::chrono::steady_clock::now();
  MergeOptions options;
  options.batch_rows = batch_rows;
  options.stop = &g_stop;
  produce::ProgressReporter reporter(stderr, *progress, tty, {cmd, "rows"});
  options.progress = [&reporter](const MergeProgress& p) { reporter.update(p.done, p.total, *p.source, "", p.done >= p.total); };
  MergeReport report;
  int status = 0;
  try {
    PuzzleStore store(*path, store_options(vm, OpenMode::Write, "db merge"));
    report = merge_stores(store, inputs, options);
  } catch (const StoreError& e) {
    reporter.end_line();
    std::cerr << "sudokit " << cmd << ": " << e.what() << '\n';
    return 1;
  }
  reporter.end_line();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::uint64_t rows = 0;
  for (const auto& source : report.sources) {
    rows += source.rows;
    std::cerr << "sudokit " << cmd << ": " << source.path << ": " << with_commas(source.rows) << " rows, added "
              << with_commas(source.added) << ", duplicates " << with_commas(source.duplicates) << '\n';
    if (source.other_tables)
      std::cerr << "sudokit " << cmd << ": " << source.path
                << ": has a daily schedule or used marks, which are not merged (only puzzles)\n";
  }
  char rate[96];
  std::snprintf(rate, sizeof rate, " (%s rows in %.2f s: %s rows/s)", with_commas(rows).c_str(), seconds,
                with_commas(static_cast<std::uint64_t>(seconds > 0 ? static_cast<double>(rows) / seconds : 0)).c_str());
  std::cerr << "sudokit " << cmd << ": " << db::redact_location(*path) << ": added " << with_commas(report.added) << ", duplicates "
            << with_commas(report.duplicates) << rate << '\n';
  if (report.stopped) {
    std::cerr << "sudokit " << cmd << ": interrupted by " << stop_signal_name()
              << ": the rows added are committed; run it again to merge the rest\n";
    return interrupted_status();
  }
  return status;
}

// --- regrade ------------------------------------------------------------------

int run_regrade(const std::vector<std::string>& args) {
  po::options_description opts("options");
  add_store_options(opts);
  produce::RegradeOptions options;
  options.threads = std::min(kMaxThreads, std::max(1u, std::thread::hardware_concurrency()));
  add_number(opts, "threads", options.threads, {1, kMaxThreads}, "graders working at once (default: one per core)",
             options.threads);
  add_number(opts, "older-than", options.older_than, {1, 1'000'000},
             "only rows rated by a grader revision below this one (or by an unknown grader)");
  std::size_t old_batch = 0;
  add_batch_rows<std::size_t>(opts, options.batch, old_batch, 1'000'000, "rows rated again per transaction");
  add_number(opts, "time-limit", options.time_limit, {0, kMaxSeconds, "no limit"}, "seconds of grading per puzzle",
             options.time_limit);
  opts.add_options()("levels", po::value<std::string>(), "level table NAME:MIN,... for the new ratings' levels");
  add_progress_option(opts);
  const std::string usage =
      "usage: sudokit db regrade --db FILE [--older-than REVISION]\n"
      "Rates again the graded rows another grader rated (the `rated_by` column is not this\n"
      "grader's, " + grader::rater_name() + ", or is unknown): new ER/EP/ED, level, hardest technique,\n"
      "histogram and stored path, written in batches. Stopped or killed, run it again: it goes on\n"
      "with the rows still rated by another grader. A row this grader cannot rate keeps its ratings.\n"
      "--batch is the deprecated spelling of --batch-rows: it still works and prints a warning.";
  po::variables_map vm;
  if (auto status = parse_options(args, usage, opts, vm, false)) return *status;
  const std::string& cmd = args[0];
  if (const auto status = take_old_batch(vm, cmd, options.batch, old_batch)) return *status;
  const auto path = db_path(vm, cmd);
  if (!path) return kUsageError;
  if (!parse_levels_option(vm, cmd, options.levels)) return kUsageError;
  const auto progress = progress_format(vm, cmd);
  if (!progress) return kUsageError;
  if (!store_exists(*path, cmd)) return 1;
  catch_stop_signals();
  options.stop = &g_stop;
  const bool tty = isatty(STDERR_FILENO) != 0;
  produce::ProgressReporter reporter(stderr, *progress, tty, {cmd, "rows"});
  options.progress = [&reporter](std::uint64_t done, std::uint64_t total) {
    reporter.update(done, total, "", "", done >= total);
  };
  produce::RegradeReport report;
  try {
    PuzzleStore store(*path, store_options(vm, OpenMode::Write, "db regrade"));
    report = produce::regrade_store(store, options);
  } catch (const StoreError& e) {
    reporter.end_line();
    std::cerr << "sudokit " << cmd << ": " << e.what() << '\n';
    return 1;
  }
  reporter.end_line();
  const std::string which = options.older_than > 0
                                ? " rows rated by a revision below " + std::to_string(options.older_than) + " or an unknown grader; "
                                : " rows rated by another grader; ";
  std::cerr << "sudokit " << cmd << ": " << db::redact_location(*path) << ": " << with_commas(report.stale) << which
            << with_commas(report.regraded) << " rated again by " << grader::rater_name() << " ("
            << with_commas(report.changed) << " changed)";
  if (report.unrated) std::cerr << ", " << with_commas(report.unrated) << " could not be rated and kept their ratings";
  if (report.variants)
    std::cerr << "; " << with_commas(report.variants) << " variant puzzles skipped (" << db::kUnratedVariant
              << ": the classic grader does not rate them)";
  std::cerr << '\n';
  if (report.stopped) {
    std::cerr << "sudokit " << cmd << ": interrupted by " << stop_signal_name()
              << ": the rows rated again are written; run it again to rate the rest\n";
    return interrupted_status();
  }
  return 0;
}

}  // namespace

int run_db(const std::vector<std::string>& args) {
  const std::string usage =
      "usage: sudokit db <stats|export|ship|import|merge|regrade> --db FILE [options]\n\n"
      "The puzzle store, an SQLite file or a PostgreSQL database (schema in db/README.md):\n"
      "  stats    counts by level, rating and clue-count histograms, techniques seen\n"
      "  export   write puzzles as json, ndjson, csv or line, with filters\n"
      "  ship     write the read-only file an app ships (graded puzzles, few columns, indexed)\n"
      "  import   load puzzles from text files (one per line, CSV, puzzle bank)\n"
      "  merge    add the puzzles of other stores (shard files), deduplicated, provenance kept\n"
      "  regrade  rate again the rows another grader rated\n\n"
      "Run `sudokit db <command> --help` for a command's options.\n";
  if (args.size() < 2) {
    std::cerr << usage;
    return kUsageError;
  }
  if (args[1] == "--help" || args[1] == "-h" || args[1] == "help") {
    std::cout << usage;
    return 0;
  }
  std::vector<std::string> sub(args.begin() + 1, args.end());
  sub[0] = "db " + args[1];
  if (args[1] == "stats") return run_stats(sub);
  if (args[1] == "export") return run_export(sub);
  if (args[1] == "ship") return run_ship(sub);
  if (args[1] == "import") return run_import(sub);
  if (args[1] == "merge") return run_merge(sub);
  if (args[1] == "regrade") return run_regrade(sub);
  std::cerr << "sudokit db: unknown command '" << args[1] << "'\n\n" << usage;
  return kUsageError;
}

}  // namespace sudokit::cli
