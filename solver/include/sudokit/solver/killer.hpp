// Killer sudoku (issue #49): cages on top of any Geometry, their text
// spelling (docs/KILLER.md), and a solver/counter that adds the cage rules to
// the geometry's houses, peers and non-consecutive neighbours.
//
// Contract:
// - A cage is a set of orthogonally connected cells with a sum; its digits
//   are distinct unless KillerRules::repeats ("digits may repeat within
//   cages", as some publishers allow). No cell is in two cages; with
//   KillerRules::cover (a pure killer, the default) every cell is in one.
// - Cells are numbered as in geometry.hpp (row-major); digits 1..size().
// - Sizes up to 16 (the combination tables hold every subset of 1..size()).
// - parse_cages throws KillerError "SOURCE:LINE: cage N: ..." (N 1-based, in
//   spelling order) for a bad spelling, a disconnected cage, an overlap, an
//   uncovered cell (cover) or a sum no digits of that size can make.
#pragma once

#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/solver/geometry.hpp"

namespace sudokit {

class KillerError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct Cage {
  int sum = 0;
  std::vector<int> cells;  // ascending
  bool operator==(const Cage&) const = default;
};

struct KillerRules {
  bool repeats = false;  // digits may repeat within a cage
  bool cover = true;     // every cell must be in a cage (pure killer)
};

/// Largest geometry size a killer may have.
inline constexpr int kKillerMaxSize = 16;

/// Reads the cage spelling of docs/KILLER.md ("15=r1c1,r1c2;7=r1c3,r2c3")
/// and checks the cages; `source` and `line` name the place in errors.
std::vector<Cage> parse_cages(const Geometry& geometry, std::string_view text,
                              const KillerRules& rules = {}, std::string_view source = "cages",
                              int line = 1);

/// Checks cages built in code (same errors as parse_cages).
void check_cages(const Geometry& geometry, const std::vector<Cage>& cages,
                 const KillerRules& rules = {}, std::string_view source = "cages", int line = 1);

/// The canonical spelling: cages in the order given, cells ascending.
std::string print_cages(const Geometry& geometry, const std::vector<Cage>& cages);

/// The digit sets (bit d for digit d) of `count` distinct digits of 1..size
/// summing to `sum`; empty when none (or size > kKillerMaxSize).
std::vector<std::uint32_t> cage_combinations(int size, int count, int sum);

struct KillerResult {
  unsigned count = 0;                  // solutions found, stopping at the limit
  std::vector<std::uint8_t> solution;  // the first one found (empty when count is 0)
  std::uint64_t guesses = 0;           // branch points taken
};

/// Counts the solutions of the killer up to `limit` (>= 1) with `givens`
/// (cells() digits, 0 empty; empty span: no givens). Cages are trusted as
/// checked by check_cages (unchecked cages give a count, never a crash,
/// for cells inside the grid). Not thread-hostile: no shared state but the
/// read-only combination tables.
KillerResult solve_killer(const Geometry& geometry, const std::vector<Cage>& cages,
                          std::span<const std::uint8_t> givens, unsigned limit = 1,
                          const KillerRules& rules = {});

/// The count of solve_killer().
unsigned count_killer(const Geometry& geometry, const std::vector<Cage>& cages,
                      std::span<const std::uint8_t> givens, unsigned limit,
                      const KillerRules& rules = {});

}  // namespace sudokit
