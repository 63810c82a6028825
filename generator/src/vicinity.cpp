// Local search around a puzzle. See vicinity.hpp.
#include "sudokit/generator/vicinity.hpp"

#include <algorithm>
#include <array>
#include <cassert>
#include <set>

#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit {
namespace {

// The orbits (under the symmetry) that hold clues and those that are empty,
// each named by its lowest cell.
struct Orbits {
  std::array<std::uint8_t, 81> clues{}, empty{};
  int clue_count = 0, empty_count = 0;
};

Orbits orbits_of(const Grid& puzzle, Symmetry s) {
  Orbits o;
  for (int c = 0; c < kCells; ++c) {
    if (symmetry_orbit(s, c).first() != c) continue;
    if (puzzle[c]) o.clues[static_cast<std::size_t>(o.clue_count++)] = static_cast<std::uint8_t>(c);
    else o.empty[static_cast<std::size_t>(o.empty_count++)] = static_cast<std::uint8_t>(c);
  }
  return o;
}

void set_orbit(Grid& puzzle, const Grid& solution, Symmetry s, int rep, bool clue) {
  symmetry_orbit(s, rep).for_each([&](int c) { puzzle[c] = clue ? solution[c] : 0; });
}

}  // namespace

VicinityResult search_vicinity(const GeneratedPuzzle& start, double closeness, PuzzleFilter& filter,
                               const VicinityOptions& options, Engine& engine, const std::atomic<bool>* quit) {
  VicinityResult result;
  GeneratedPuzzle here = start;
  double here_closeness = closeness;
  std::vector<Grid> seen = {start.puzzle};
  DigOptions dig_options;
  dig_options.symmetry = options.symmetry;
  dig_options.order = start.dig_order.value_or(DigOrder::Random);
  dig_options.verify = options.verify_minimal;
  // Most moves lose uniqueness and cost only a solver call; bound them too.
  const int max_moves = 16 * options.evaluations;
  for (int move = 0; move < max_moves && result.evaluated < options.evaluations &&
                     static_cast<int>(result.accepted.size()) < options.keep;
       ++move) {
    if (quit && quit->load()) break;
    const Orbits o = orbits_of(here.puzzle, options.symmetry);
    if (o.clue_count == 0 || o.empty_count < 2) break;
    Grid next = here.puzzle;
    set_orbit(next, here.solution, options.symmetry, o.clues[draw_below(engine, static_cast<std::uint32_t>(o.clue_count))], false);
    const auto first = draw_below(engine, static_cast<std::uint32_t>(o.empty_count));
    auto second = draw_below(engine, static_cast<std::uint32_t>(o.empty_count - 1));
    if (second >= first) ++second;
    set_orbit(next, here.solution, options.symmetry, o.empty[first], true);
    set_orbit(next, here.solution, options.symmetry, o.empty[second], true);
    if (count_solutions(next, 2) != 1) continue;
    const DigResult dug = dig_from(next, here.solution, dig_options, engine);
    if (!dug.ok || std::find(seen.begin(), seen.end(), dug.puzzle) != seen.end()) continue;
    seen.push_back(dug.puzzle);

    GeneratedPuzzle neighbour = here;
    neighbour.puzzle = dug.puzzle;
    neighbour.clues = dug.puzzle.clue_count();
    neighbour.minimal = dug.minimal;
    neighbour.symmetric_minimal = dug.symmetric_minimal;
    neighbour.search_moves = here.search_moves + 1;
    neighbour.annotation.reset();
    ++result.evaluated;
    const bool accepted = filter.accept(neighbour);
    const double c = filter.closeness();
    if (accepted) result.accepted.push_back(neighbour);
    if (c >= here_closeness) {
      here = std::move(neighbour);
      here_closeness = c;
    }
  }
  return result;
}

namespace {

// Moves n cells of `from` (count of them) to the front in a random order: a
// partial Fisher-Yates shuffle.
void draw_distinct(std::array<std::uint8_t, 81>& from, int count, int n, Engine& engine) {
  for (int i = 0; i < n; ++i) {
    const auto j = i + static_cast<int>(draw_below(engine, static_cast<std::uint32_t>(count - i)));
    std::swap(from[static_cast<std::size_t>(i)], from[static_cast<std::size_t>(j)]);
  }
}

// A solution of `grid` (which has one), drawn by solving it in a random
// disguise: the solver returns the first solution it meets.
Grid some_solution(const Grid& grid, Engine& engine) {
  const Transform disguise = random_transform(engine);
  return inverse(disguise).apply(solve(disguise.apply(grid), 1).solution);
}

}  // namespace

bool exchange_clues(const Grid& puzzle, int n, Engine& engine, Grid& out) {
  const Orbits o = orbits_of(puzzle, Symmetry::None);
  if (n < 1 || o.clue_count < n || o.empty_count < n || count_solutions(puzzle, 1) == 0) return false;
  Orbits pick = o;
  draw_distinct(pick.clues, o.clue_count, n, engine);
  out = puzzle;
  for (int i = 0; i < n; ++i) out[pick.clues[static_cast<std::size_t>(i)]] = 0;
  // The new clues come from one solution of what is left (any other digits
  // would leave none); each goes where another solution differs from it,
  // which that solution then loses, so the result is often unique. (Cells
  // and digits drawn blindly gave one unique puzzle in 200 moves on top1465.)
  const Grid target = some_solution(out, engine);
  std::array<std::uint8_t, 81> differ{};
  for (int added = 0; added < n; ++added) {
    Grid other = some_solution(out, engine);
    for (int retry = 0; retry < 2 && other == target; ++retry) other = some_solution(out, engine);
    int count = 0;
    for (int i = 0; i < o.empty_count; ++i) {
      const int cell = o.empty[static_cast<std::size_t>(i)];
      if (!out[cell] && (other == target || other[cell] != target[cell])) differ[static_cast<std::size_t>(count++)] = static_cast<std::uint8_t>(cell);
    }
    if (count == 0) return false;
    const int cell = differ[draw_below(engine, static_cast<std::uint32_t>(count))];
    out[cell] = target[cell];
  }
  return true;
}

std::vector<SingleExchange> single_exchanges(const Grid& puzzle, unsigned limit) {
  std::vector<SingleExchange> moves;
  std::vector<Grid> solutions;
  std::array<std::uint16_t, 10> holding{};  // solutions with each digit in a cell
  Grid rest = puzzle;
  for (int out = 0; out < kCells; ++out) {
    if (!puzzle[out]) continue;
    rest[out] = 0;
    solutions.clear();
    const unsigned listed = list_solutions(rest, limit, solutions);
    rest[out] = puzzle[out];
    if (listed >= limit) continue;  // too many to list: none of its moves
    // A clue (cell, digit) keeps the solutions with that digit there: one
    // alone is a unique neighbour.
    for (int cell = 0; cell < kCells; ++cell) {
      if (puzzle[cell]) continue;
      holding.fill(0);
      for (const Grid& s : solutions) ++holding[s[cell]];
      for (int d = 1; d <= 9; ++d)
        if (holding[static_cast<std::size_t>(d)] == 1)
          moves.push_back({static_cast<std::uint8_t>(out), static_cast<std::uint8_t>(cell), static_cast<std::uint8_t>(d)});
    }
  }
  return moves;
}

SeedWalkResult walk_from_seed(const GeneratedPuzzle& start, double rating, PuzzleFilter& filter,
                              const SeedWalkOptions& options, Engine& engine, const std::atomic<bool>* quit,
                              const JudgedMap* judged) {
  SeedWalkResult result;
  struct Node {
    Node(GeneratedPuzzle p, double r) : puzzle(std::move(p)), rating(r) {}
    GeneratedPuzzle puzzle;
    double rating = 0;
    int spent = 0;  // unique neighbours drawn around it
    int tries = 0;  // moves drawn around it
    bool listed = false;  // singles holds its "-1 +1" moves not drawn yet
    std::vector<SingleExchange> singles;
  };
  // A hard minimal puzzle has few unique neighbours: on 14 of ER 10+, about
  // 84 "-1 +1" moves each (listed in about 8 ms), and a blind move is
  // unique 1 in 220 with n = 2, 1 in 350 with n = 3, at about 45 us a move
  // against 10 ms or more to grade. A puzzle is spent after per_node unique
  // neighbours, or 400 moves per neighbour it owed.
  constexpr int kMovesPerNeighbour = 400;
  auto used_up = [&](const Node& node) {
    return node.spent >= options.per_node || node.tries >= kMovesPerNeighbour * options.per_node;
  };
  std::vector<Node> frontier;
  frontier.emplace_back(start, rating);
  std::set<Grid> seen = {canonical_form(start.puzzle)};
  DigOptions dig_options;  // --minimal: every neighbour dug minimal in a random order
  const int max_moves = kMovesPerNeighbour * options.evaluations;
  while (result.evaluated < options.evaluations && result.moves < max_moves) {
    if (quit && quit->load()) break;
    // The hardest frontier puzzle with moves left; the newest among equals
    // (deeper into a climb).
    int at = -1;
    for (int i = 0; i < static_cast<int>(frontier.size()); ++i) {
      const Node& node = frontier[static_cast<std::size_t>(i)];
      if (!used_up(node) && (at < 0 || node.rating >= frontier[static_cast<std::size_t>(at)].rating)) at = i;
    }
    if (at < 0) break;
    const auto here = static_cast<std::size_t>(at);
    ++result.moves;
    ++frontier[here].tries;
    Grid next;
    bool drawn = false;  // next holds a move from the list
    const int exchanges = std::max(1, options.max_exchange);
    int n = 1 + static_cast<int>(draw_below(engine, static_cast<std::uint32_t>(exchanges)));
    Node& node = frontier[here];
    if (n == 1) {
      // "-1 +1" moves are drawn from the list of them all, each once: a
      // hard puzzle has a few dozen in a space of thousands.
      if (!node.listed) {
        node.singles = single_exchanges(node.puzzle.puzzle);
        node.listed = true;
      }
      if (!node.singles.empty()) {
        const auto pick = draw_below(engine, static_cast<std::uint32_t>(node.singles.size()));
        const SingleExchange m = node.singles[pick];
        node.singles[pick] = node.singles.back();
        node.singles.pop_back();
        next = node.puzzle.puzzle;
        next[m.out] = 0;
        next[m.in] = m.digit;
        drawn = true;
      } else if (exchanges == 1) {
        node.spent = options.per_node;  // no move left of the only size
        continue;
      } else {
        n = 2 + static_cast<int>(draw_below(engine, static_cast<std::uint32_t>(exchanges - 1)));
      }
    }
    if (!drawn && !exchange_clues(node.puzzle.puzzle, n, engine, next)) {
      ++node.spent;  // a puzzle with no move of this size: do not draw from it forever
      continue;
    }
    const SolveResult solved = solve(next, 2);
    assert(!drawn || solved.count == 1);
    if (solved.count != 1) continue;
    ++result.unique;
    ++frontier[here].spent;
    GeneratedPuzzle neighbour = frontier[here].puzzle;
    neighbour.solution = solved.solution;
    neighbour.puzzle = next;
    neighbour.symmetry = Symmetry::None;
    neighbour.dig_order.reset();
    if (options.minimal) {
      const DigResult dug = dig_from(next, solved.solution, dig_options, engine);
      if (!dug.ok) continue;
      neighbour.puzzle = dug.puzzle;
      neighbour.dig_order = dig_options.order;
    }
    const Grid canonical = canonical_form(neighbour.puzzle);
    if (!seen.insert(canonical).second) {
      ++result.repeated;
      continue;
    }
    neighbour.clues = neighbour.puzzle.clue_count();
    neighbour.search_moves = frontier[here].puzzle.search_moves + 1;
    neighbour.annotation.reset();
    const auto near_miss = [&](double r) { return r > 0 && r >= frontier[here].rating - options.slack - 1e-9; };
    const std::uint64_t key = global_key_of_canonical(canonical);
    if (judged != nullptr) {
      if (const auto it = judged->find(key); it != judged->end()) {
        ++result.recalled;
        const Judged was = it->second;
        if (was.accepted || near_miss(was.rating)) {
          if (!was.accepted) result.climbing.push_back({neighbour, canonical, was.rating});
          frontier.emplace_back(std::move(neighbour), was.rating);
        }
        continue;
      }
    }
    ++result.evaluated;
    const bool accepted = filter.accept(neighbour);
    const double r = filter.rating();
    result.judged.push_back({key, Judged{r, accepted}});
    if (r > result.best_rating) {
      result.best_rating = r;
      result.best = neighbour.puzzle;
    }
    if (accepted) {
      neighbour.minimal = options.minimal || is_minimal(neighbour.puzzle);
      neighbour.symmetric_minimal = neighbour.minimal;
      result.accepted.push_back({neighbour, canonical, r});
    }
    if (accepted || near_miss(r)) {
      if (!accepted) result.climbing.push_back({neighbour, canonical, r});
      frontier.emplace_back(std::move(neighbour), r);
    }
  }
  return result;
}

}  // namespace sudokit
