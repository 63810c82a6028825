// rule_breaks (rule_breaks.hpp): each placed cell against its peers and its
// non-consecutive neighbours.
#include "sudokit/solver/rule_breaks.hpp"

#include <string>

namespace sudokit {

namespace {

// True when digits a and b (both placed) of a size-n grid may not stand
// side by side under the non-consecutive rule.
bool consecutive(int a, int b, int n, bool wrap) {
  const int d = a > b ? a - b : b - a;
  return d == 1 || (wrap && d == n - 1);
}

}  // namespace

std::vector<int> rule_breaks(const Geometry& geometry, std::span<const std::uint8_t> cells) {
  const int n = geometry.size();
  if (static_cast<int>(cells.size()) != geometry.cells())
    throw GeometryError("cells: " + std::to_string(cells.size()) + " digits for the " +
                        std::to_string(geometry.cells()) + " cells of " + geometry.spelling());
  std::vector<int> out;
  for (int c = 0; c < geometry.cells(); ++c) {
    const int d = cells[static_cast<std::size_t>(c)];
    if (d > n) throw GeometryError("cells: " + std::to_string(d) + " is no digit of size " + std::to_string(n));
    if (d == 0) continue;
    bool broken = false;
    for (int p : geometry.peers(c))
      if (cells[static_cast<std::size_t>(p)] == d) broken = true;
    for (int a : geometry.adjacent(c)) {
      const int e = cells[static_cast<std::size_t>(a)];
      if (e != 0 && consecutive(d, e, n, geometry.nc_wrap())) broken = true;
    }
    if (broken) out.push_back(c);
  }
  return out;
}

}  // namespace sudokit
