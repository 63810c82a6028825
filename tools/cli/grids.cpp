// `sudokit grids`: make complete solution grids with one of the four methods,
// optionally scrambled by a random symmetry, or print their diversity report.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "sudokit/generator/report.hpp"
#include "sudokit/generator/variant_grids.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::cli {
namespace {

// The diversity report: the classic's lines (with a geometry, its name
// first), the chi-square's degrees of freedom the size's.
void print_report(Output& out, const char* method, bool scramble, std::uint64_t seed, const VariantGridReport& v,
                  const Geometry* geometry = nullptr) {
  const GridReport& r = v.grids;
  char line[256];
  auto add = [&](int length) { out.buffer().append(line, static_cast<std::size_t>(std::min<int>(length, sizeof line - 1))); };
  if (geometry) out.buffer() += "geometry               " + geometry->spelling() + '\n';
  add(std::snprintf(line, sizeof line, "method                 %s%s\n", method, scramble ? " --scramble" : ""));
  add(std::snprintf(line, sizeof line, "seed                   %llu\n", static_cast<unsigned long long>(seed)));
  add(std::snprintf(line, sizeof line, "grids                  %llu (%llu valid)\n", static_cast<unsigned long long>(r.count),
                    static_cast<unsigned long long>(r.valid)));
  add(std::snprintf(line, sizeof line, "grids per second       %.0f (in memory, %.3f s; %.0f per CPU second)\n", r.grids_per_second(),
                    r.generate_seconds, r.grids_per_cpu_second()));
  add(std::snprintf(line, sizeof line, "distinct grids         %llu\n", static_cast<unsigned long long>(r.distinct_grids)));
  if (v.forms_counted)
    add(std::snprintf(line, sizeof line, "essentially different  %llu (distinct canonical forms; %.0f forms/s, %.0f per CPU second)\n",
                      static_cast<unsigned long long>(r.distinct_forms), r.forms_per_second(), r.forms_per_cpu_second()));
  else
    out.buffer() += "essentially different  not counted: " + v.forms_not_counted + '\n';
  const int df = v.degrees_of_freedom;  // about df on average when uniform, and below df + 4.3 sd at most
  add(std::snprintf(line, sizeof line, "cell chi-square        mean %.1f, max %.1f (%d d.f.: about %d and %.0f when uniform)\n",
                    r.chi_square_mean, r.chi_square_max, df, df, df + 4.3 * std::sqrt(2.0 * df)));
}

int run_variant_grids(const po::variables_map& vm, const GeometryPtr& geometry_ptr, GridMethod method,
                      std::uint64_t count, std::uint64_t seed, const std::string& format) {
  const Geometry& geometry = *geometry_ptr;
  VariantGridOptions options;
  options.method = method;
  options.scramble = vm.count("scramble") != 0;
  try {
    if (const std::string why = method_unsupported(geometry, method); !why.empty()) {
      std::cerr << "sudokit grids: --method " << method_name(method) << ": " << why << '\n';
      return kUsageError;
    }
    if (vm.count("base")) {
      if (method != GridMethod::Relabel && method != GridMethod::BoxPermutation) {
        std::cerr << "sudokit grids: --base only applies to --method relabel or box-permutation\n";
        return kUsageError;
      }
      options.base = read_cells(geometry, vm["base"].as<std::string>());
      if (!is_valid_variant_grid(geometry, options.base)) {
        std::cerr << "sudokit grids: --base must be a complete valid grid of " << geometry.spelling() << '\n';
        return kUsageError;
      }
    }
  } catch (const GeometryError& e) {
    std::cerr << "sudokit grids: --base: " << e.what() << '\n';
    return kUsageError;
  }
  Output out;
  try {
    if (vm.count("report")) {
      print_report(out, method_name(options.method), options.scramble, seed,
                   report_variant_grids(geometry_ptr, options, seed, count), &geometry);
      out.flush();
      return 0;
    }
    const int n = geometry.size();
    for (std::uint64_t i = 0; i < count; ++i) {
      const std::string cells = print_cells(geometry, make_variant_grid(geometry, options, seed, i));
      if (format == "line") {
        out.buffer() += cells;
      } else {
        for (int r = 0; r < n; ++r) {
          for (int c = 0; c < n; ++c) {
            if (c > 0) out.buffer() += ' ';
            out.buffer() += cells[static_cast<std::size_t>(r * n + c)];
          }
          out.buffer() += '\n';
        }
      }
      out.buffer() += '\n';
      out.maybe_flush();
    }
  } catch (const VariantGridError& e) {
    out.flush();
    std::cerr << "sudokit grids: " << e.what() << '\n';
    return 1;
  }
  out.flush();
  return 0;
}

}  // namespace

int run_grids(const std::vector<std::string>& args) {
  po::options_description opts("options");
  std::uint64_t count = 1, seed = 1;
  opts.add_options()
      ("method", po::value<std::string>()->default_value("backtrack"),
       "backtrack | box-permutation | digit-box | relabel")
      ("geometry", po::value<std::string>(), "the grid's shape (docs/VARIANTS.md; default classic): grids of that geometry, one line of cells each in the 1-9A-P alphabet; box-permutation and --scramble use the geometry's own symmetries, relabel its allowed relabellings (nc: reversal only)");
  add_number(opts, "count", count, {1, kMaxCount}, "how many grids", 1);
  add_number(opts, "seed", seed, {}, "random seed; grid i depends only on (method, options, seed, i)", 1);
  opts.add_options()
      ("scramble", "apply a uniformly random symmetry (bands, rows, stacks, columns, transpose, digits) to each grid")
      ("base", po::value<std::string>(), "relabel: the base grid (81 digits); default: a built-in grid")
      ("report", "print the diversity report (speed, distinct grids, distinct canonical forms, per-cell chi-square) instead of the grids")
      ("format", po::value<std::string>()->default_value("line"), "output: line (81 digits) or grid (readable 9x9)");
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit grids [--method M] [--count N] [--seed S] [--scramble] [--report]\n"
      "Makes complete, valid solution grids, one per line. Methods:\n"
      "  backtrack        randomized backtracking (fewest-candidates cell first, digits in\n"
      "                   random order); any valid grid can come out.\n"
      "  box-permutation  a random centre box, its rows and columns cycled into the other\n"
      "                   boxes: very fast, but only 4*9! grids, all essentially alike.\n"
      "  digit-box        all the 1s one per box, then the 2s, ..., backtracking when a\n"
      "                   digit cannot be placed.\n"
      "  relabel          a base grid with its digits permuted: 9! grids, all essentially\n"
      "                   the same grid.\n"
      "--scramble applies a uniformly random symmetry to every grid: this is what makes\n"
      "box-permutation and relabel useful (random-looking grids, fast), though the grids\n"
      "stay within the few essentially different grids the method reaches; --report\n"
      "shows how many.";
  if (auto status = parse_options(args, usage, opts, vm, false)) return *status;

  GridOptions options;
  const std::string method = vm["method"].as<std::string>();
  if (auto m = parse_grid_method(method)) {
    options.method = *m;
  } else {
    std::cerr << "sudokit grids: unknown --method '" << method
              << "' (expected backtrack, box-permutation, digit-box or relabel)\n";
    return kUsageError;
  }
  const std::string format = vm["format"].as<std::string>();
  if (format != "line" && format != "grid") {
    std::cerr << "sudokit grids: unknown --format '" << format << "' (expected line or grid)\n";
    return kUsageError;
  }
  if (vm.count("geometry")) {
    GeometryPtr geometry;
    try {
      geometry = parse_geometry(vm["geometry"].as<std::string>());
    } catch (const GeometryError& e) {
      std::cerr << "sudokit grids: --geometry: " << e.what() << '\n';
      return kUsageError;
    }
    if (!geometry->classic()) return run_variant_grids(vm, geometry, options.method, count, seed, format);
  }
  if (vm.count("base")) {
    if (options.method != GridMethod::Relabel) {
      std::cerr << "sudokit grids: --base only applies to --method relabel\n";
      return kUsageError;
    }
    ParseError error;
    if (!parse_puzzle(vm["base"].as<std::string>(), options.base, error)) {
      std::cerr << "sudokit grids: --base: " << error.message << '\n';
      return kUsageError;
    }
    if (!is_valid_solution_grid(options.base)) {
      std::cerr << "sudokit grids: --base must be a complete valid grid\n";
      return kUsageError;
    }
  }
  options.scramble = vm.count("scramble") != 0;

  Output out;
  if (vm.count("report")) {
    print_report(out, method_name(options.method), options.scramble, seed, {report_grids(options, seed, count), true, "", 8});
    out.flush();
    return 0;
  }
  for (std::uint64_t i = 0; i < count; ++i) {
    const Grid grid = make_grid(options, seed, i);
    if (format == "line") {
      append_line(out.buffer(), grid);
      out.buffer() += '\n';
    } else {
      out.buffer() += format_grid(grid);
      out.buffer() += '\n';
    }
    out.maybe_flush();
  }
  out.flush();
  return 0;
}

}  // namespace sudokit::cli
