// The diversity report of a grid method: how fast it makes grids, how many of
// them are different, how many are essentially different (different
// canonical forms), and how evenly the digits spread over each cell (a
// chi-square of each cell's digit counts against uniform, 8 degrees of
// freedom: about 8 on average for a uniform source, growing with the count
// for a biased one). Methods that reach only a few essentially different
// grids show it here plainly.
#pragma once

#include <cstdint>
#include <string>

#include "sudokit/generator/grids.hpp"
#include "sudokit/generator/variant_grids.hpp"

namespace sudokit {

struct GridReport {
  std::uint64_t count = 0;
  double generate_seconds = 0;   // making the grids only, in memory (wall clock)
  double generate_cpu_seconds = 0;  // the same, processor time (steadier on a busy machine)
  double canonical_seconds = 0;  // canonical forms of the distinct grids
  double canonical_cpu_seconds = 0;
  std::uint64_t valid = 0;
  std::uint64_t distinct_grids = 0;
  std::uint64_t distinct_forms = 0;  // essentially different grids
  double chi_square_mean = 0;        // over the 81 cells
  double chi_square_max = 0;

  double grids_per_second() const { return generate_seconds > 0 ? static_cast<double>(count) / generate_seconds : 0; }
  double grids_per_cpu_second() const {
    return generate_cpu_seconds > 0 ? static_cast<double>(count) / generate_cpu_seconds : 0;
  }
  double forms_per_second() const {
    return canonical_seconds > 0 ? static_cast<double>(distinct_grids) / canonical_seconds : 0;
  }
  double forms_per_cpu_second() const {
    return canonical_cpu_seconds > 0 ? static_cast<double>(distinct_grids) / canonical_cpu_seconds : 0;
  }
};

/// The same report for grids of any geometry (variant_grids.hpp): the
/// chi-square has size()-1 degrees of freedom, and distinct_forms counts
/// the distinct canonical forms under the geometry's own group
/// (canonical_any.hpp) where that group can be listed and the size is at
/// most kMaxFormsCountedSize (a full 12x12 grid's form takes about a second,
/// a 16x16 one's minutes); otherwise (or when a form ran out of search,
/// CanonicalLimit) forms_counted is false and forms_not_counted says why.
/// The classic geometry gives report_grids' report.
inline constexpr int kMaxFormsCountedSize = 12;
struct VariantGridReport {
  GridReport grids;
  bool forms_counted = false;
  std::string forms_not_counted;
  int degrees_of_freedom = 8;
};
VariantGridReport report_variant_grids(const GeometryPtr& geometry, const VariantGridOptions& options,
                                       std::uint64_t seed, std::uint64_t count);

/// Makes grids 0..count-1 of `seed` with `options` and measures them.
/// Holds all of them in memory (81 bytes each) to count distinct ones.
GridReport report_grids(const GridOptions& options, std::uint64_t seed, std::uint64_t count);

}  // namespace sudokit
