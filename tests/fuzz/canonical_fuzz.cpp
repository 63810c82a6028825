// Fuzz target: the canonical (minlex) form (solver/canonical.hpp) that
// `sudokit canon` prints and the store deduplicates by, on any grid:
// puzzles, complete grids, nearly empty grids, grids that break the rules.
// Checks that the transform it reports produces it, that it is a fixed point,
// that a symmetric copy of the grid has the same form, and that it keeps the
// number of givens.
#include "fuzz_support.hpp"
#include "sudokit/solver/canonical.hpp"

using namespace sudokit;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Grid grid = fuzz::grid_from_bytes(data, size);
  Transform how;
  const Grid form = canonical_form(grid, &how);
  FUZZ_CHECK(how.is_valid(), "the reported transform is not a symmetry");
  FUZZ_CHECK(how.apply(grid) == form, "the reported transform does not give the form");
  FUZZ_CHECK(form.clue_count() == grid.clue_count(), "%d givens became %d", grid.clue_count(), form.clue_count());
  FUZZ_CHECK(form <= grid, "the form is not minimal: the grid itself is smaller");
  FUZZ_CHECK(canonical_form(form) == form, "the form is not its own form");
  const Transform t = fuzz::transform_from_bytes(data, size);
  FUZZ_CHECK(canonical_form(t.apply(grid)) == form, "a symmetric copy has another form: %s vs %s",
             format_line(canonical_form(t.apply(grid))).c_str(), format_line(form).c_str());
  return 0;
}
