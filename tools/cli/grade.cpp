// `sudokit grade`: rate puzzles on the Sudoku Explainer scale, explain the
// solution path, or compare our ratings with reference ones (--compare).
#include "commands.hpp"
#include "input.hpp"
#include "sudokit/solver/marks_text.hpp"
#include "options.hpp"
#include "sudokit/grader/compare.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/variant_grade.hpp"
#include "sudokit/solver/solve_any.hpp"

#include <nlohmann/json.hpp>
#include "sudokit/produce/grade_batch.hpp"
#include "sudokit/produce/grade_output.hpp"

#include <algorithm>
#include <optional>
#include <thread>

namespace sudokit::cli {

using namespace sudokit::grader;

namespace {

const char* const kUsage =
    "usage: sudokit grade [options] [FILE...]\n"
    "A record is a puzzle, or a pencil-mark position in Sukaku Explainer's 729-character format\n"
    "(rated on its marks as Sukaku Explainer rates it).\n"
    "Grades each puzzle as a person would solve it and prints: puzzle ER/EP/ED level hardest-technique.\n"
    "Ratings follow Sudoku Explainer (ER = hardest step, EP = hardest before the first placement,\n"
    "ED = first step). Puzzles with no or several solutions are reported and skipped (exit 1).\n"
    "With --geometry G other than classic (docs/VARIANTS.md) each line's first word is a G puzzle,\n"
    "rated by the variant grader (docs/GRADING.md, \"Variants\"): puzzle ER/EP/ED hardest-technique,\n"
    "or 'puzzle - not rated: needs TECHNIQUE' when a step beyond its techniques is needed.";

void declare_options(po::options_description& opts, GradeOptions& options, unsigned& threads) {
  opts.add_options()
      ("format", po::value<std::string>()->default_value("line"), "output: line or json (one object per line, with histogram and steps)")
      ("explain", "print the solution path, one step per line, after each puzzle (chains in Eureka notation, see docs/GRADING.md)")
      ("compare", "input rows carry reference ratings (puzzle ER [EP [ED]]): print agreement statistics and a confusion table")
      ("mismatches", "with --compare, also list the puzzles whose ER differs")
      ("geometry", po::value<std::string>(), "the puzzles' geometry (docs/VARIANTS.md; default classic); not with --explain, --compare or --levels")
      ("levels", po::value<std::string>(), ("level table NAME:MIN,NAME:MIN,... on the rounded ER (default " + format_levels() + ")").c_str());
  add_number(opts, "max-steps", options.max_steps, {1, kMaxSteps}, "give up (not rated) after this many steps", options.max_steps);
  add_number(opts, "time-limit", options.time_limit, {0, kMaxSeconds, "no limit"},
             "give up (not rated) after this many seconds of work on one puzzle", 60.0);
  add_number(opts, "threads", threads, {1, kMaxThreads},
             "grading threads (output in input order, the same for any count; default: one per core)", threads);
}

/// --geometry other than classic: each record rated by grade_variant.
int grade_variants(const po::variables_map& vm, const Geometry& geometry, produce::GradeFormat format,
                   const GradeOptions& options) {
  Diagnostics diag;
  Output out;
  for_each_variant_record(input_files(vm), geometry, diag, [&](const std::string& source, const VariantRecord& rec) {
    const VariantGrade v = grade_variant(geometry, rec.cells, options.max_steps);
    if (v.status == GradeStatus::InvalidGivens || v.status == GradeStatus::NoSolution ||
        v.status == GradeStatus::MultipleSolutions) {
      const std::string broken = variant_rule_breaks(geometry, rec.cells);
      return diag.report(source, rec.line, broken.empty() ? v.message() : broken);
    }
    const std::string puzzle = print_cells(geometry, rec.cells);
    std::string& buf = out.buffer();
    if (format == produce::GradeFormat::Json) {
      nlohmann::ordered_json j = {{"line", rec.line}, {"geometry", geometry.spelling()}, {"puzzle", puzzle}, {"rated", v.rated()}};
      if (v.rated()) {
        j["er"] = format_rating(v.er);
        j["ep"] = format_rating(v.ep);
        j["ed"] = format_rating(v.ed);
        j["hardest"] = v.hardest_name;
      } else {
        j["reason"] = v.message();
      }
      buf += j.dump() + '\n';
    } else if (v.rated()) {
      buf += puzzle + ' ' + format_rating(v.er) + '/' + format_rating(v.ep) + '/' + format_rating(v.ed) + ' ' +
             v.hardest_name + '\n';
    } else {
      buf += puzzle + " - " + v.message() + '\n';
    }
    out.maybe_flush();
  }, [&] { out.flush(); });  // a pipe's writer may wait for the answers so far
  out.flush();
  return diag.exit_status();
}

}  // namespace

int run_grade(const std::vector<std::string>& args) {
  po::options_description opts("options");
  GradeOptions options;
  unsigned threads = std::min(kMaxThreads, std::max(1u, std::thread::hardware_concurrency()));
  declare_options(opts, options, threads);
  po::variables_map vm;
  if (auto status = parse_options(args, kUsage, opts, vm)) return *status;

  produce::GradeWriting writing;
  const auto format = produce::parse_grade_format(vm["format"].as<std::string>());
  if (!format) {
    std::cerr << "sudokit grade: unknown --format '" << vm["format"].as<std::string>() << "' (expected line or json)\n";
    return kUsageError;
  }
  writing.format = *format;
  writing.levels = default_levels();
  if (vm.count("levels")) {
    std::string error;
    if (!parse_levels(vm["levels"].as<std::string>(), writing.levels, error)) {
      std::cerr << "sudokit grade: --levels: " << error << '\n';
      return kUsageError;
    }
  }
  if (vm.count("geometry")) {
    GeometryPtr geometry;
    try {
      geometry = load_geometry(vm["geometry"].as<std::string>());
    } catch (const GeometryError& e) {
      std::cerr << "sudokit grade: --geometry: " << e.what() << '\n';
      return kUsageError;
    }
    if (!geometry->classic()) {
      for (const char* refused : {"explain", "compare", "levels"})
        if (vm.count(refused)) {
          std::cerr << "sudokit grade: --" << refused << " is not available with --geometry " << geometry->spelling() << '\n';
          return kUsageError;
        }
      return grade_variants(vm, *geometry, writing.format, options);
    }
  }
  writing.explain = vm.count("explain") != 0;
  const bool compare = vm.count("compare") != 0;
  options.keep_steps = writing.keeps_steps();

  Comparison comparison;
  Diagnostics diag;
  Output out;
  // Records are graded on `threads` threads and finished here in input
  // order: printed, reported or compared. A diagnostic of a later record
  // (a line that cannot be read) waits for the records before it.
  produce::GradeBatch batch(threads, options);
  diag.before_report = [&] { batch.drain(); };
  // A slow record holds the printed ones before it no longer than
  // Output::kMaxDelay (and the idle period) when others grade it; with one
  // thread it is graded here, and they wait for it.
  batch.set_idle([&] { out.flush_if_due(); });
  // One graded record: a puzzle (printed as its 81-character line) or a
  // pencil-mark position (printed as its 729-character line).
  auto handle = [&](const std::string& source, const TextRecord& rec) {
    Reference ref;
    std::string ref_error;
    if (compare && !parse_reference(rec.fields, ref, ref_error)) {
      batch.submit([&diag, source, line = rec.line, ref_error] { diag.report(source, line, ref_error); });
      return;
    }
    const std::optional<Grid> givens = rec.has_marks ? std::nullopt : std::optional<Grid>(rec.grid);
    const std::string puzzle = rec.has_marks ? format_pencilmarks(rec.marks) : format_line(rec.grid);
    auto finish = [&, source, line = rec.line, puzzle, ref, givens](const Grade& g) {
      if (g.status == GradeStatus::InvalidGivens || g.status == GradeStatus::NoSolution ||
          g.status == GradeStatus::MultipleSolutions) {
        std::string msg = status_message(g.status);
        if (givens)
          if (auto c = find_conflict(*givens)) msg += ": " + c->message();
        return diag.report(source, line, msg);
      }
      if (compare) return comparison.add(puzzle, ref, g);
      produce::append_graded(out.buffer(), writing, puzzle, line, g, givens ? &*givens : nullptr);
      out.maybe_flush();
    };
    if (rec.has_marks)
      batch.submit(rec.marks, finish);
    else
      batch.submit(rec.grid, finish);
  };
  for_each_record(
      input_files(vm), diag, handle,
      [&] {  // a pipe's writer may wait for the answers so far
        batch.drain();
        out.flush();
      },
      /*pencilmarks=*/true);
  batch.drain();
  if (compare) {
    out.buffer() += comparison.report();
    if (vm.count("mismatches")) out.buffer() += "\nmismatches:\n" + comparison.mismatches();
  }
  out.flush();
  return diag.exit_status();
}

}  // namespace sudokit::cli
