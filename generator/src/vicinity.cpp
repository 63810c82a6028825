// Local search around a puzzle. See vicinity.hpp.
#include "sudokit/generator/vicinity.hpp"

#include <algorithm>
#include <array>

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

}  // namespace sudokit
