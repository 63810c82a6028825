// `sudokit solve`: solve puzzles, or count their solutions, from files or stdin.
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::cli {

int run_solve(const std::vector<std::string>& args) {
  po::options_description opts("options");
  unsigned limit = 2;
  opts.add_options()("count", "print the number of solutions of each puzzle instead of a solution");
  add_number(opts, "limit", limit, {2, std::numeric_limits<unsigned>::max()},
             "with --count, stop counting at this many; prints N+ when reached", 2);
  opts.add_options()
      ("any", "print the first solution found even when the puzzle has several (default: such puzzles are rejected)")
      ("format", po::value<std::string>()->default_value("line"), "output: line (81 digits), grid (readable 9x9) or json (one object per line)");
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit solve [options] [FILE...]\n"
      "Solves each puzzle (reads stdin when no FILE is given). Input formats are detected\n"
      "per record: 81-character lines (empty cells . 0 * _ -), lines with extra fields,\n"
      "CSV with a header, 9-line grids, and batch files ended by a line 'end'.\n"
      "Bad records are reported as FILE:LINE: reason and skipped; the exit status is 1\n"
      "if any record was skipped, 2 for a usage error.";
  if (auto status = parse_options(args, usage, opts, vm)) return *status;

  const std::string format = vm["format"].as<std::string>();
  if (format != "line" && format != "grid" && format != "json") {
    std::cerr << "sudokit solve: unknown --format '" << format << "' (expected line, grid or json)\n";
    return kUsageError;
  }
  const bool count_mode = vm.count("count") != 0;
  const bool any = vm.count("any") != 0;

  Diagnostics diag;
  Output out;
  // Givens that break the rules have no solution, so they are looked for
  // only when there is none (most records skip that pass).
  auto broken = [&](const std::string& source, const TextRecord& rec) {
    if (auto conflict = find_conflict(rec.grid)) {
      diag.report(source, rec.line, "givens break the rules: " + conflict->message());
      return true;
    }
    return false;
  };
  for_each_record(input_files(vm), diag, [&](const std::string& source, const TextRecord& rec) {
    std::string& buf = out.buffer();
    if (count_mode) {
      const unsigned n = count_solutions(rec.grid, limit);
      if (n == 0 && broken(source, rec)) return;
      const std::string count = std::to_string(n) + (n >= limit ? "+" : "");
      if (format == "json") {
        nlohmann::json j = {{"line", rec.line}, {"puzzle", format_line(rec.grid)}, {"solutions", n},
                            {"limit_reached", n >= limit}};
        buf += j.dump();
        buf += '\n';
      } else {
        buf += count;
        buf += '\n';
      }
      out.maybe_flush();
      return;
    }
    const SolveResult r = solve(rec.grid, any ? 1 : 2);
    if (r.count == 0 && broken(source, rec)) return;
    if (r.count == 0) {
      diag.report(source, rec.line, "puzzle has no solution");
      return;
    }
    if (r.count > 1) {
      diag.report(source, rec.line, "puzzle has several solutions (use --any to print one of them)");
      return;
    }
    if (format == "line") {
      append_line(buf, r.solution);
      buf += '\n';
    } else if (format == "grid") {
      buf += format_grid(r.solution);
      buf += '\n';
    } else {
      nlohmann::json j = {{"line", rec.line}, {"puzzle", format_line(rec.grid)}, {"solution", format_line(r.solution)}};
      if (!any) j["unique"] = true;
      buf += j.dump();
      buf += '\n';
    }
    out.maybe_flush();
  }, [&] { out.flush(); });  // a pipe's writer may wait for the answers so far
  out.flush();
  return diag.exit_status();
}

}  // namespace sudokit::cli
