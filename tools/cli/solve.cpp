// `sudokit solve`: solve puzzles, or count their solutions, from files or
// stdin; with --geometry, puzzles of that geometry (solve_any.hpp).
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit::cli {

namespace {

/// A solved record's JSON line; "unique": true unless --any.
void append_json(std::string& buf, nlohmann::json j, bool any) {
  if (!any) j["unique"] = true;
  buf += j.dump();
  buf += '\n';
}

/// --geometry other than classic: each record a line of geometry.cells()
/// characters (VariantReader), answered as the classic's are.
int solve_variants(const po::variables_map& vm, const Geometry& geometry, const std::string& format, bool count_mode,
                   unsigned limit, bool any) {
  Diagnostics diag;
  Output out;
  const std::string spelling = geometry.spelling();
  for_each_variant_record(input_files(vm), geometry, diag, [&](const std::string& source, const VariantRecord& rec) {
    std::string& buf = out.buffer();
    const AnySolveResult r = solve_any(geometry, rec.cells, count_mode ? limit : any ? 1 : 2);
    if (r.count == 0)
      if (const std::string broken = variant_rule_breaks(geometry, rec.cells); !broken.empty())
        return diag.report(source, rec.line, broken);
    if (count_mode) {
      if (format == "json") {
        const nlohmann::json j = {{"line", rec.line}, {"geometry", spelling}, {"puzzle", print_cells(geometry, rec.cells)},
                                  {"solutions", r.count}, {"limit_reached", r.count >= limit}};
        buf += j.dump();
      } else {
        buf += std::to_string(r.count) + (r.count >= limit ? "+" : "");
      }
      buf += '\n';
      return out.maybe_flush();
    }
    if (r.count == 0) return diag.report(source, rec.line, "puzzle has no solution");
    if (r.count > 1)
      return diag.report(source, rec.line, "puzzle has several solutions (use --any to print one of them)");
    const std::string solution = print_cells(geometry, r.solution);
    if (format == "line") {
      buf += solution;
      buf += '\n';
    } else if (format == "grid") {  // its rows, one a line, then an empty line
      const std::size_t n = static_cast<std::size_t>(geometry.size());
      for (std::size_t row = 0; row < n; ++row) {
        buf.append(solution, row * n, n);
        buf += '\n';
      }
      buf += '\n';
    } else {
      append_json(buf, {{"line", rec.line}, {"geometry", spelling}, {"puzzle", print_cells(geometry, rec.cells)},
                        {"solution", solution}}, any);
    }
    out.maybe_flush();
  }, [&] { out.flush(); });  // a pipe's writer may wait for the answers so far
  out.flush();
  return diag.exit_status();
}

}  // namespace

int run_solve(const std::vector<std::string>& args) {
  po::options_description opts("options");
  unsigned limit = 2;
  opts.add_options()("count", "print the number of solutions of each puzzle instead of a solution");
  add_number(opts, "limit", limit, {2, std::numeric_limits<unsigned>::max()},
             "with --count, stop counting at this many; prints N+ when reached", 2);
  opts.add_options()
      ("any", "print the first solution found even when the puzzle has several (default: such puzzles are rejected)")
      ("format", po::value<std::string>()->default_value("line"), "output: line (81 digits), grid (readable 9x9) or json (one object per line)")
      ("geometry", po::value<std::string>(), "the puzzles' geometry (docs/VARIANTS.md: x, windows, jigsaw:MAP, 16x16, ...; default classic)");
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit solve [options] [FILE...]\n"
      "Solves each puzzle (reads stdin when no FILE is given). Input formats are detected\n"
      "per record: 81-character lines (empty cells . 0 * _ -), lines with extra fields,\n"
      "CSV with a header, 9-line grids, and batch files ended by a line 'end'.\n"
      "Bad records are reported as FILE:LINE: reason and skipped; the exit status is 1\n"
      "if any record was skipped, 2 for a usage error.\n"
      "With --geometry G other than classic (docs/VARIANTS.md) each line's first word is a\n"
      "puzzle of G, one character per cell (1-9 then A-P, '.' or 0 empty); the solution is\n"
      "printed in the same alphabet (--format grid: its rows, one a line, then an empty line;\n"
      "json adds \"geometry\"). A line that is not G's cells, or whose givens break G's\n"
      "rules, is reported as FILE:LINE: reason and skipped.";
  if (auto status = parse_options(args, usage, opts, vm)) return *status;

  const std::string format = vm["format"].as<std::string>();
  if (format != "line" && format != "grid" && format != "json") {
    std::cerr << "sudokit solve: unknown --format '" << format << "' (expected line, grid or json)\n";
    return kUsageError;
  }
  const bool count_mode = vm.count("count") != 0;
  const bool any = vm.count("any") != 0;
  if (vm.count("geometry")) {
    GeometryPtr geometry;
    try {
      geometry = load_geometry(vm["geometry"].as<std::string>());
    } catch (const GeometryError& e) {
      std::cerr << "sudokit solve: --geometry: " << e.what() << '\n';
      return kUsageError;
    }
    if (!geometry->classic()) return solve_variants(vm, *geometry, format, count_mode, limit, any);
  }

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
      append_json(buf, {{"line", rec.line}, {"puzzle", format_line(rec.grid)}, {"solution", format_line(r.solution)}}, any);
    }
    out.maybe_flush();
  }, [&] { out.flush(); });  // a pipe's writer may wait for the answers so far
  out.flush();
  return diag.exit_status();
}

}  // namespace sudokit::cli
