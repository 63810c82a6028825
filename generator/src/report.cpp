// The diversity report (see report.hpp): generate into memory and time it,
// then check validity, count distinct grids and canonical forms by sorting,
// and compute per-cell chi-square statistics.
#include "sudokit/generator/report.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <ctime>
#include <span>
#include <string>
#include <vector>

#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/canonical_any.hpp"
#include "sudokit/solver/geometry_symmetry.hpp"

namespace sudokit {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

std::uint64_t count_distinct(std::vector<Grid>& grids) {
  std::sort(grids.begin(), grids.end());
  return static_cast<std::uint64_t>(std::unique(grids.begin(), grids.end()) - grids.begin());
}

}  // namespace

GridReport report_grids(const GridOptions& options, std::uint64_t seed, std::uint64_t count) {
  GridReport report;
  report.count = count;
  std::vector<Grid> grids(static_cast<std::size_t>(count));

  const Clock::time_point start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  for (std::uint64_t i = 0; i < count; ++i) grids[static_cast<std::size_t>(i)] = make_grid(options, seed, i);
  report.generate_cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  report.generate_seconds = seconds_since(start);

  std::array<std::array<std::uint64_t, 10>, kCells> tally{};
  for (const Grid& g : grids) {
    report.valid += is_valid_solution_grid(g) ? 1 : 0;
    for (std::size_t c = 0; c < kCells; ++c) ++tally[c][g.cells[c]];
  }
  if (count > 0) {
    const double expected = static_cast<double>(count) / 9.0;
    double sum = 0;
    for (const auto& cell : tally) {
      double chi = 0;
      for (int d = 1; d <= 9; ++d) {
        const double diff = static_cast<double>(cell[static_cast<std::size_t>(d)]) - expected;
        chi += diff * diff / expected;
      }
      sum += chi;
      report.chi_square_max = std::max(report.chi_square_max, chi);
    }
    report.chi_square_mean = sum / kCells;
  }

  report.distinct_grids = count_distinct(grids);
  grids.resize(static_cast<std::size_t>(report.distinct_grids));
  const Clock::time_point canon_start = Clock::now();
  const std::clock_t canon_cpu_start = std::clock();
  const bool all_valid = report.valid == count;
  for (Grid& g : grids) g = all_valid ? canonical_solution(g) : canonical_form(g);
  report.canonical_cpu_seconds = static_cast<double>(std::clock() - canon_cpu_start) / CLOCKS_PER_SEC;
  report.canonical_seconds = seconds_since(canon_start);
  report.distinct_forms = count_distinct(grids);
  return report;
}

VariantGridReport report_variant_grids(const GeometryPtr& geometry_ptr, const VariantGridOptions& options,
                                       std::uint64_t seed, std::uint64_t count) {
  const Geometry& geometry = *geometry_ptr;
  VariantGridReport out;
  if (geometry.classic()) {
    GridOptions classic;
    classic.method = options.method;
    classic.scramble = options.scramble;
    if (!options.base.empty()) std::copy(options.base.begin(), options.base.end(), classic.base.cells.begin());
    out.grids = report_grids(classic, seed, count);
    out.forms_counted = true;
    return out;
  }
  GridReport& report = out.grids;
  const int n = geometry.size();
  out.degrees_of_freedom = n - 1;
  report.count = count;
  std::vector<Cells> grids(static_cast<std::size_t>(count));
  const Clock::time_point start = Clock::now();
  const std::clock_t cpu_start = std::clock();
  for (std::uint64_t i = 0; i < count; ++i) grids[static_cast<std::size_t>(i)] = make_variant_grid(geometry, options, seed, i);
  report.generate_cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  report.generate_seconds = seconds_since(start);

  std::vector<std::vector<std::uint64_t>> tally(static_cast<std::size_t>(geometry.cells()),
                                                std::vector<std::uint64_t>(static_cast<std::size_t>(n) + 1));
  for (const Cells& g : grids) {
    report.valid += is_valid_variant_grid(geometry, g) ? 1 : 0;
    for (std::size_t c = 0; c < g.size(); ++c) ++tally[c][g[c]];
  }
  if (count > 0) {
    const double expected = static_cast<double>(count) / n;
    double sum = 0;
    for (const auto& cell : tally) {
      double chi = 0;
      for (int d = 1; d <= n; ++d) {
        const double diff = static_cast<double>(cell[static_cast<std::size_t>(d)]) - expected;
        chi += diff * diff / expected;
      }
      sum += chi;
      report.chi_square_max = std::max(report.chi_square_max, chi);
    }
    report.chi_square_mean = sum / geometry.cells();
  }
  std::vector<std::string> keys;  // strings: GCC 12 warns (falsely) on sorting vectors of vectors
  keys.reserve(grids.size());
  for (const Cells& g : grids) keys.emplace_back(g.begin(), g.end());
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  report.distinct_grids = keys.size();
  // The canonical forms of the distinct grids (canonical_any.hpp), where the
  // geometry's group can be listed; otherwise forms_not_counted says why.
  if (n > kMaxFormsCountedSize) {
    out.forms_not_counted = "the canonical form of one full " + std::to_string(n) + "x" + std::to_string(n) +
                            " grid takes minutes (canonical_any.hpp); forms are counted up to " +
                            std::to_string(kMaxFormsCountedSize) + "x" + std::to_string(kMaxFormsCountedSize);
    return out;
  }
  try {
    symmetry_group(geometry_ptr);
  } catch (const GeometryError& e) {
    out.forms_not_counted = e.what();
    return out;
  }
  const Clock::time_point canon_start = Clock::now();
  const std::clock_t canon_cpu_start = std::clock();
  std::vector<std::string> forms;
  forms.reserve(keys.size());
  try {
    for (const std::string& key : keys) {
      const std::vector<std::uint8_t> form =
          canonical_any(geometry_ptr, std::span(reinterpret_cast<const std::uint8_t*>(key.data()), key.size()));
      forms.emplace_back(form.begin(), form.end());
    }
  } catch (const CanonicalLimit& e) {
    out.forms_not_counted = e.what();
    return out;
  }
  report.canonical_cpu_seconds = static_cast<double>(std::clock() - canon_cpu_start) / CLOCKS_PER_SEC;
  report.canonical_seconds = seconds_since(canon_start);
  std::sort(forms.begin(), forms.end());
  report.distinct_forms = static_cast<std::uint64_t>(std::unique(forms.begin(), forms.end()) - forms.begin());
  out.forms_counted = true;
  return out;
}

}  // namespace sudokit
