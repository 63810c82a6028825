// `sudokit grade`: rate puzzles on the Sudoku Explainer scale, explain the
// solution path, or compare our ratings with reference ones (--compare).
#include "commands.hpp"
#include "input.hpp"
#include "sudokit/solver/marks_text.hpp"
#include "options.hpp"
#include "sudokit/grader/compare.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/produce/grade_output.hpp"

namespace sudokit::cli {

using namespace sudokit::grader;

namespace {

const char* const kUsage =
    "usage: sudokit grade [options] [FILE...]\n"
    "A record is a puzzle, or a pencil-mark position in Sukaku Explainer's 729-character format\n"
    "(rated on its marks as Sukaku Explainer rates it).\n"
    "Grades each puzzle as a person would solve it and prints: puzzle ER/EP/ED level hardest-technique.\n"
    "Ratings follow Sudoku Explainer (ER = hardest step, EP = hardest before the first placement,\n"
    "ED = first step). Puzzles with no or several solutions are reported and skipped (exit 1).";

void declare_options(po::options_description& opts, GradeOptions& options) {
  opts.add_options()
      ("format", po::value<std::string>()->default_value("line"), "output: line or json (one object per line, with histogram and steps)")
      ("explain", "print the solution path, one step per line, after each puzzle (chains in Eureka notation, see docs/GRADING.md)")
      ("compare", "input rows carry reference ratings (puzzle ER [EP [ED]]): print agreement statistics and a confusion table")
      ("mismatches", "with --compare, also list the puzzles whose ER differs")
      ("levels", po::value<std::string>(), ("level table NAME:MIN,NAME:MIN,... on the rounded ER (default " + format_levels() + ")").c_str());
  add_number(opts, "max-steps", options.max_steps, {1, kMaxSteps}, "give up (not rated) after this many steps", 2000);
  add_number(opts, "time-limit", options.time_limit, {0, kMaxSeconds, "no limit"},
             "give up (not rated) after this many seconds of work on one puzzle", 60.0);
}

}  // namespace

int run_grade(const std::vector<std::string>& args) {
  po::options_description opts("options");
  GradeOptions options;
  declare_options(opts, options);
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
  writing.explain = vm.count("explain") != 0;
  const bool compare = vm.count("compare") != 0;
  options.keep_steps = writing.keeps_steps();

  Grader grader;
  Comparison comparison;
  Diagnostics diag;
  Output out;
  // One graded record: a puzzle (printed as its 81-character line) or a
  // pencil-mark position (printed as its 729-character line).
  auto handle = [&](const std::string& source, std::size_t line, std::string_view fields, const std::string& puzzle,
                    auto&& grade_it, const Grid* givens) {
    Reference ref;
    std::string ref_error;
    if (compare && !parse_reference(fields, ref, ref_error)) return diag.report(source, line, ref_error);
    const Grade g = grade_it();
    if (g.status == GradeStatus::InvalidGivens || g.status == GradeStatus::NoSolution ||
        g.status == GradeStatus::MultipleSolutions) {
      std::string msg = status_message(g.status);
      if (givens != nullptr)
        if (auto c = find_conflict(*givens)) msg += ": " + c->message();
      return diag.report(source, line, msg);
    }
    if (compare) return comparison.add(puzzle, ref, g);
    produce::append_graded(out.buffer(), writing, puzzle, line, g, givens);
    out.maybe_flush();
  };
  for_each_record(
      input_files(vm), diag,
      [&](const std::string& source, const TextRecord& rec) {
        if (rec.has_marks)
          handle(source, rec.line, rec.fields, format_pencilmarks(rec.marks),
                 [&] { return grader.grade_marks(rec.marks, options); }, nullptr);
        else
          handle(source, rec.line, rec.fields, format_line(rec.grid), [&] { return grader.grade(rec.grid, options); },
                 &rec.grid);
      },
      [&] { out.flush(); },  // a pipe's writer may wait for the answers so far
      /*pencilmarks=*/true);
  if (compare) {
    out.buffer() += comparison.report();
    if (vm.count("mismatches")) out.buffer() += "\nmismatches:\n" + comparison.mismatches();
  }
  out.flush();
  return diag.exit_status();
}

}  // namespace sudokit::cli
