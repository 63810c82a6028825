// `sudokit grade`: rate puzzles on the Sudoku Explainer scale, explain the
// solution path, or compare our ratings with reference ones (--compare).
#include <nlohmann/json.hpp>

#include "sudokit/db/record_format.hpp"

#include "commands.hpp"
#include "input.hpp"
#include "sudokit/solver/marks_text.hpp"
#include "options.hpp"
#include "sudokit/grader/compare.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/grade.hpp"

namespace sudokit::cli {

using namespace sudokit::grader;

int run_grade(const std::vector<std::string>& args) {
  po::options_description opts("options");
  opts.add_options()
      ("format", po::value<std::string>()->default_value("line"), "output: line or json (one object per line, with histogram and steps)")
      ("explain", "print the solution path, one step per line, after each puzzle (chains in Eureka notation, see docs/GRADING.md)")
      ("compare", "input rows carry reference ratings (puzzle ER [EP [ED]]): print agreement statistics and a confusion table")
      ("mismatches", "with --compare, also list the puzzles whose ER differs")
      ("levels", po::value<std::string>(), ("level table NAME:MIN,NAME:MIN,... on the rounded ER (default " + format_levels() + ")").c_str());
  GradeOptions options;
  add_number(opts, "max-steps", options.max_steps, {1, kMaxSteps}, "give up (not rated) after this many steps", 2000);
  add_number(opts, "time-limit", options.time_limit, {0, kMaxSeconds, "no limit"},
             "give up (not rated) after this many seconds of work on one puzzle", 60.0);
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit grade [options] [FILE...]\n"
      "A record is a puzzle, or a pencil-mark position in Sukaku Explainer's 729-character format\n"
      "(rated on its marks as Sukaku Explainer rates it).\n"
      "Grades each puzzle as a person would solve it and prints: puzzle ER/EP/ED level hardest-technique.\n"
      "Ratings follow Sudoku Explainer (ER = hardest step, EP = hardest before the first placement,\n"
      "ED = first step). Puzzles with no or several solutions are reported and skipped (exit 1).";
  if (auto status = parse_options(args, usage, opts, vm)) return *status;

  const std::string format = vm["format"].as<std::string>();
  if (format != "line" && format != "json") {
    std::cerr << "sudokit grade: unknown --format '" << format << "' (expected line or json)\n";
    return kUsageError;
  }
  std::vector<Level> levels = default_levels();
  if (vm.count("levels")) {
    std::string error;
    if (!parse_levels(vm["levels"].as<std::string>(), levels, error)) {
      std::cerr << "sudokit grade: --levels: " << error << '\n';
      return kUsageError;
    }
  }
  const bool explain_steps = vm.count("explain") != 0;
  const bool compare = vm.count("compare") != 0;
  options.keep_steps = explain_steps || format == "json";

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
    if (compare && !parse_reference(fields, ref, ref_error)) {
      diag.report(source, line, ref_error);
      return;
    }
    const Grade g = grade_it();
    if (g.status == GradeStatus::InvalidGivens || g.status == GradeStatus::NoSolution ||
        g.status == GradeStatus::MultipleSolutions) {
      std::string msg = status_message(g.status);
      if (givens != nullptr)
        if (auto c = find_conflict(*givens)) msg += ": " + c->message();
      diag.report(source, line, msg);
      return;
    }
    if (compare) {
      comparison.add(puzzle, ref, g);
      return;
    }
    std::string& buf = out.buffer();
    if (format == "json") {
      // The record format's fields (db/record_format.hpp), then grade's own:
      // line, rated, reason, steps. A pencil-mark position has no givens to
      // name: its gid and clue count are null.
      db::PuzzleRecord r;
      if (givens != nullptr) r = db::make_record(*givens, g.solution);
      db::set_grade(r, g, levels);
      nlohmann::ordered_json j = db::record_json(r, db::grade_fields());
      j["puzzle"] = puzzle;
      if (givens == nullptr) j["clues"] = nullptr;
      j["line"] = line;
      j["rated"] = g.rated();
      if (!g.rated()) j["reason"] = status_message(g.status);
      nlohmann::ordered_json steps = nlohmann::ordered_json::array();
      for (const Step& s : g.steps) {
        nlohmann::ordered_json step = {{"technique", technique_key(s.technique)}, {"name", s.name()},
                               {"rating", rounded_rating(s.difficulty)}, {"text", explain(s)}};
        if (!s.detail.empty()) step["detail"] = s.detail;  // chains: the chain in Eureka notation
        steps.push_back(std::move(step));
      }
      j["steps"] = steps;
      buf += j.dump();
      buf += '\n';
    } else {
      buf += puzzle;
      if (g.rated()) {
        buf += ' ' + format_rating(g.er) + '/' + format_rating(g.ep) + '/' + format_rating(g.ed) + ' ' +
               level_for(g.er, levels) + ' ' + g.hardest_name + '\n';
      } else {
        buf += " - " + status_message(g.status) + '\n';
      }
      if (explain_steps) {
        int n = 0;
        for (const Step& s : g.steps) {
          buf += "  " + std::to_string(++n) + ". " + format_rating(s.difficulty) + "  " + explain(s) + '\n';
        }
      }
    }
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
