// Digging puzzles out of solution grids. See digger.hpp.
#include "sudokit/generator/digger.hpp"

#include <cassert>

#include "sudokit/solver/bits.hpp"

#include "sudokit/solver/solve.hpp"
#include "sudokit/generator/unavoidable.hpp"

namespace sudokit {
namespace {

constexpr const char* kSymmetryNames[] = {"none", "rot180", "rot90", "mirror", "diagonal", "antidiagonal", "dihedral", "random"};
constexpr const char* kDigOrderNames[] = {"random", "sparse-digits"};

// Sparse digits: the weight of a digit's place in the drawn digit order
// against one clue in the cell's houses (which count up to 27 together).
// Measured on 10,000 grids per setting (docs/GRADING.md): 3 keeps both
// effects; the digit order alone or the balance alone reach SE 8.0 less often
// per CPU second.
constexpr int kDigitRankWeight = 3;

int rot90(int c) { return cell_at(col_of(c), 8 - row_of(c)); }
int rot180(int c) { return 80 - c; }
int mirror(int c) { return cell_at(row_of(c), 8 - col_of(c)); }
int diagonal(int c) { return cell_at(col_of(c), row_of(c)); }
int antidiagonal(int c) { return cell_at(8 - col_of(c), 8 - row_of(c)); }

// Orbits of all cells under one symmetry, and a representative list of orbits.
struct OrbitTable {
  std::array<CellSet, 81> orbit{};
  std::array<std::uint8_t, 81> reps{};  // one cell per orbit, ascending
  int count = 0;
};

OrbitTable make_orbits(Symmetry s) {
  OrbitTable t;
  CellSet seen;
  for (int c = 0; c < kCells; ++c) {
    t.orbit[static_cast<std::size_t>(c)] = symmetry_orbit(s, c);
    if (seen.has(c)) continue;
    seen |= t.orbit[static_cast<std::size_t>(c)];
    t.reps[static_cast<std::size_t>(t.count++)] = static_cast<std::uint8_t>(c);
  }
  return t;
}

const OrbitTable& orbits(Symmetry s) {
  static const std::array<OrbitTable, 7> tables = {
      make_orbits(Symmetry::None),     make_orbits(Symmetry::Rot180),       make_orbits(Symmetry::Rot90),
      make_orbits(Symmetry::Mirror),   make_orbits(Symmetry::Diagonal),     make_orbits(Symmetry::AntiDiagonal),
      make_orbits(Symmetry::Dihedral)};
  return tables[static_cast<std::size_t>(s == Symmetry::Random ? Symmetry::None : s)];
}

// One dig in progress: the clues left, the digits each house still shows
// among them, and the solution's cheap unavoidable sets. It answers
// "does the solution stay unique without these clues?" from the cheapest
// evidence first: an unavoidable set left without a clue (no), every removed
// cell forced by a single (yes), and only then the solver.
class Digging {
 public:
  Digging(const Grid& puzzle, const Grid& solution)
      : puzzle_(puzzle), solution_(solution), unavoidable_(unavoidable_sets(solution)) {
    assert(is_subset_of_solution() && "the puzzle dug from is part of its solution");
    for (int c = 0; c < kCells; ++c)
      if (puzzle_[c]) {
        clues_.add(c);
        show(c, puzzle_[c]);
      }
  }

  const Grid& puzzle() const { return puzzle_; }

  /// Clues in the row, column and box of `c` together (each house's clues
  /// show distinct digits, so its shown mask counts them).
  int house_clues(int c) const {
    int n = 0;
    for (auto u : kCellUnits[static_cast<std::size_t>(c)]) n += popcount(shown_[u]);
    return n;
  }

  /// Removes the clues of `orbit` if the solution stays unique without them.
  bool try_remove(const CellSet& orbit) {
    clear(orbit);
    if (stays_unique(orbit)) return true;
    restore(orbit);
    return false;
  }

  /// Whether the solution would stay unique without `orbit` (nothing changes).
  bool removable(const CellSet& orbit) {
    clear(orbit);
    const bool unique = stays_unique(orbit);
    restore(orbit);
    return unique;
  }

 private:
  void show(int c, int digit) {
    for (auto u : kCellUnits[static_cast<std::size_t>(c)]) shown_[u] |= digit_bit(digit);
  }
  void hide(int c, int digit) {
    for (auto u : kCellUnits[static_cast<std::size_t>(c)]) shown_[u] &= static_cast<DigitMask>(~digit_bit(digit));
  }
  void clear(const CellSet& orbit) {
    orbit.for_each([&](int c) {
      assert(puzzle_[c] != 0 && "a removed cell was a clue");
      hide(c, puzzle_[c]);
      puzzle_[c] = 0;
    });
    clues_ -= orbit;
  }
  void restore(const CellSet& orbit) {
    orbit.for_each([&](int c) {
      assert(puzzle_[c] == 0 && "a restored cell was removed");
      puzzle_[c] = solution_[c];
      show(c, puzzle_[c]);
    });
    clues_ |= orbit;
  }

  // Every clue is the solution's digit (asserted on the way in and out).
  bool is_subset_of_solution() const {
    for (int c = 0; c < kCells; ++c)
      if (puzzle_[c] != 0 && puzzle_[c] != solution_[c]) return false;
    return true;
  }

  // Called with `removed` already cleared.
  bool stays_unique(const CellSet& removed) const {
    assert((removed & clues_).empty());
    bool emptied = false;
    removed.for_each([&](int c) {
      const auto& of_cell = unavoidable_.of_cell[static_cast<std::size_t>(c)];
      for (int k = 0; k < unavoidable_.count_of_cell[static_cast<std::size_t>(c)]; ++k)
        emptied = emptied || (unavoidable_.sets[of_cell[static_cast<std::size_t>(k)]] & clues_).empty();
    });
    if (emptied) return false;
    if (forced_by_singles(removed)) return true;
    if (removed.size() == 1) {
      const int c = removed.first();
      return solve_excluding(puzzle_, c, solution_[c], 1).count == 0;
    }
    return count_solutions(puzzle_, 2) == 1;
  }

  // True when each removed cell is a naked single or the only place for its
  // digit in a house, given the remaining clues alone: they then still force
  // the old solution. Most early removals end here without a search.
  bool forced_by_singles(const CellSet& removed) const {
    auto seen_from = [&](int c) {
      const auto& u = kCellUnits[static_cast<std::size_t>(c)];
      return static_cast<DigitMask>(shown_[u[0]] | shown_[u[1]] | shown_[u[2]]);
    };
    bool forced = true;
    removed.for_each([&](int c) {
      if (!forced) return;
      const DigitMask d = digit_bit(solution_[c]);
      if ((kAllDigits & ~seen_from(c)) == d) return;  // naked single
      for (auto unit : kCellUnits[static_cast<std::size_t>(c)]) {
        bool elsewhere = false;
        for (int e : kUnitCells[unit])
          if (e != c && !puzzle_[e] && !(seen_from(e) & d)) {
            elsewhere = true;
            break;
          }
        if (!elsewhere) return;  // hidden single in this house
      }
      forced = false;
    });
    return forced;
  }

  Grid puzzle_;
  Grid solution_;
  CellSet clues_;
  std::array<DigitMask, 27> shown_{};  // digits among each house's clues
  UnavoidableSets unavoidable_;
};

}  // namespace

const char* symmetry_name(Symmetry s) { return kSymmetryNames[static_cast<std::size_t>(s)]; }

const char* dig_order_name(DigOrder order) { return kDigOrderNames[static_cast<std::size_t>(order)]; }

std::optional<DigOrder> parse_dig_order(std::string_view name) {
  for (int i = 0; i < 2; ++i)
    if (name == kDigOrderNames[i]) return static_cast<DigOrder>(i);
  return std::nullopt;
}

std::optional<Symmetry> parse_symmetry(std::string_view name) {
  for (int i = 0; i < 8; ++i)
    if (name == kSymmetryNames[i]) return static_cast<Symmetry>(i);
  return std::nullopt;
}

CellSet symmetry_orbit(Symmetry s, int cell) {
  CellSet o = CellSet::of(cell);
  switch (s) {
    case Symmetry::None:
    case Symmetry::Random: break;
    case Symmetry::Rot180: o.add(rot180(cell)); break;
    case Symmetry::Rot90: {
      int c = cell;
      for (int i = 0; i < 3; ++i) o.add(c = rot90(c));
      break;
    }
    case Symmetry::Mirror: o.add(mirror(cell)); break;
    case Symmetry::Diagonal: o.add(diagonal(cell)); break;
    case Symmetry::AntiDiagonal: o.add(antidiagonal(cell)); break;
    case Symmetry::Dihedral: {
      int c = cell;
      for (int i = 0; i < 4; ++i) {
        o.add(c);
        o.add(mirror(c));
        c = rot90(c);
      }
      break;
    }
  }
  return o;
}

bool has_symmetry(const Grid& puzzle, Symmetry s) {
  for (int c = 0; c < kCells; ++c) {
    bool clash = false;
    symmetry_orbit(s, c).for_each([&](int o) { clash = clash || ((puzzle[o] != 0) != (puzzle[c] != 0)); });
    if (clash) return false;
  }
  return true;
}

bool parse_pattern(std::string_view text, CellSet& pattern, std::string& error) {
  std::string cells;
  for (char ch : text)
    if (ch != '\n' && ch != '\r' && ch != ' ' && ch != '\t' && ch != '|' && ch != '+') cells.push_back(ch);
  if (cells.size() != 81) {
    error = "a pattern needs 81 cells, found " + std::to_string(cells.size());
    return false;
  }
  pattern = CellSet{};
  for (int c = 0; c < kCells; ++c) {
    const char ch = cells[static_cast<std::size_t>(c)];
    if (ch == 'x' || ch == 'X' || (ch >= '1' && ch <= '9')) pattern.add(c);
    else if (ch != '.' && ch != '0' && ch != '-' && ch != '_') {
      error = std::string("invalid pattern character '") + ch + "' at cell " + std::to_string(c + 1);
      return false;
    }
  }
  return true;
}

bool is_minimal(const Grid& puzzle, Symmetry s) {
  if (s == Symmetry::None || s == Symmetry::Random) return is_minimal(puzzle);
  const OrbitTable& t = orbits(s);
  const SolveResult r = solve(puzzle, 2);
  if (r.count != 1) return false;
  Digging digging(puzzle, r.solution);
  for (int i = 0; i < t.count; ++i) {
    const CellSet orbit = t.orbit[t.reps[static_cast<std::size_t>(i)]];
    if (puzzle[orbit.first()] != 0 && digging.removable(orbit)) return false;
  }
  return true;
}

DigResult dig(const Grid& solution, const DigOptions& options, Engine& engine) {
  assert(solution.is_complete() && !find_conflict(solution));
  return dig_from(solution, solution, options, engine);
}

DigResult dig_from(const Grid& puzzle, const Grid& solution, const DigOptions& options, Engine& engine) {
  const OrbitTable& t = orbits(options.symmetry);
  // A random order of the orbits that hold clues.
  std::array<std::uint8_t, 81> order{};
  int n = 0;
  for (int i = 0; i < t.count; ++i)
    if (puzzle[t.reps[static_cast<std::size_t>(i)]]) order[static_cast<std::size_t>(n++)] = t.reps[static_cast<std::size_t>(i)];
  for (int i = n - 1; i > 0; --i)
    std::swap(order[static_cast<std::size_t>(i)], order[draw_below(engine, static_cast<std::uint32_t>(i + 1))]);
  DigResult r;
  assert(has_symmetry(puzzle, options.symmetry) && "the clue pattern dug from has the symmetry asked for");
  Digging digging(puzzle, solution);
  int clues = puzzle.clue_count();
  const int target = options.target_clues;
  // Greedy in that order: an orbit goes if the solution stays unique. (Trying
  // orbits in batches needs count-to-2 searches, which cost more than the
  // single-cell "any other solution?" searches they save: measured 2x slower.)
  auto try_orbit = [&](const CellSet& orbit) {
    const int size = orbit.size();
    if (target > 0 && clues - size < target) return;  // would overshoot the target
    if (digging.try_remove(orbit)) clues -= size;
  };
  if (options.order == DigOrder::Random) {
    for (int i = 0; i < n && clues > target; ++i) try_orbit(t.orbit[order[static_cast<std::size_t>(i)]]);
  } else {
    // Sparse digits: each time, the untried orbit with the highest score
    // (ties: the random order above). The score changes as clues go.
    std::array<int, 10> rank{};  // digit -> place in a random digit order
    for (int d = 1; d <= 9; ++d) rank[static_cast<std::size_t>(d)] = d - 1;
    for (int i = 9; i > 1; --i) std::swap(rank[static_cast<std::size_t>(i)], rank[1 + draw_below(engine, static_cast<std::uint32_t>(i))]);
    auto score = [&](const CellSet& orbit) {
      int s = 0;
      orbit.for_each([&](int c) {
        s += kDigitRankWeight * (9 - rank[static_cast<std::size_t>(solution[c])]) + digging.house_clues(c);
      });
      return s;
    };
    for (int left = n; left > 0 && clues > target; --left) {
      int best = 0, best_score = score(t.orbit[order[0]]);
      for (int i = 1; i < left; ++i) {
        const int s = score(t.orbit[order[static_cast<std::size_t>(i)]]);
        if (s > best_score) best = i, best_score = s;
      }
      const CellSet orbit = t.orbit[order[static_cast<std::size_t>(best)]];
      // keep the untried ones in their random order
      for (int i = best; i + 1 < left; ++i) order[static_cast<std::size_t>(i)] = order[static_cast<std::size_t>(i + 1)];
      try_orbit(orbit);
    }
  }
  r.puzzle = digging.puzzle();
  assert(r.puzzle.clue_count() == clues);
  if (target > 0 && clues != target) {
    r.failure = "this grid cannot be dug down to " + std::to_string(target) + " clues (reached " + std::to_string(clues) + ")";
    return r;
  }
  // Minimal among symmetric removals by construction for a full dig: every
  // orbit left was found necessary once, and removing more clues never
  // restores uniqueness. options.verify re-checks it (tests always do); a
  // clue target is checked. Strict minimality (single clues) is the same
  // fact without symmetry; with one, a lone clue of an orbit may still go,
  // so it is checked.
  r.symmetric_minimal = (target == 0 && !options.verify) ? true : is_minimal(r.puzzle, options.symmetry);
  r.minimal = options.symmetry == Symmetry::None ? r.symmetric_minimal : is_minimal(r.puzzle);
  r.ok = true;
  return r;
}

DigResult dig_pattern(const Grid& solution, const CellSet& pattern, Engine& engine, int max_moves) {
  // Local search over the digits on the pattern: start from the grid's
  // digits; a move puts another digit in one pattern cell, keeping the
  // puzzle solvable, and is kept when it does not raise the number of
  // solutions (counted up to a cap). Stops at one solution.
  constexpr unsigned kCap = 64;
  DigResult r;
  std::array<std::uint8_t, 81> cells{};
  int n = 0;
  pattern.for_each([&](int c) { cells[static_cast<std::size_t>(n++)] = static_cast<std::uint8_t>(c); });
  for (int c = 0; c < kCells; ++c) r.puzzle[c] = pattern.has(c) ? solution[c] : 0;
  unsigned count = count_solutions(r.puzzle, kCap);
  for (int move = 0; move < max_moves && count > 1; ++move) {
    const int c = cells[draw_below(engine, static_cast<std::uint32_t>(n))];
    const int keep = r.puzzle[c];
    int best_digit = keep;
    unsigned best = count;
    const int first = static_cast<int>(draw_below(engine, 9));
    for (int k = 0; k < 9; ++k) {
      const int d = (first + k) % 9 + 1;
      if (d == keep) continue;
      r.puzzle[c] = static_cast<std::uint8_t>(d);
      if (find_conflict(r.puzzle)) continue;
      const unsigned m = count_solutions(r.puzzle, kCap);
      if (m >= 1 && m <= best) {
        best = m;
        best_digit = d;
      }
    }
    r.puzzle[c] = static_cast<std::uint8_t>(best_digit);
    count = best;
  }
  if (count != 1) {
    r.failure = "no unique puzzle found for the pattern";
    return r;
  }
  r.ok = true;
  r.minimal = r.symmetric_minimal = is_minimal(r.puzzle);  // a pattern has no symmetry of its own
  return r;
}

}  // namespace sudokit
