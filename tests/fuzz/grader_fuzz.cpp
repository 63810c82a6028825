// Fuzz target: the grader (grader/grade.hpp) on arbitrary puzzles. The grid
// from the bytes is graded as it is: rule-breaking givens, no solution and
// several solutions must be rejected with the matching status before any
// step is taken. When it has solutions, givens from one of them are added
// until it has exactly one (so every input also yields a real puzzle), and
// that puzzle is graded step by step: every placement must write the
// solution's digit, no elimination may remove one, every step must do
// something, explain itself (grade --explain), and replaying the steps must
// solve the puzzle when it is rated.
// Termination within the documented bound: the grader stops at max_steps
// (status StepLimit; a byte of the input picks small bounds) or after its
// time budget (kTimeBudget seconds here; status TimeLimit), whichever comes
// first; libFuzzer's -timeout catches anything slower than that.
#include <numeric>

#include "fuzz_support.hpp"
#include "sudokit/grader/board.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/solver/solve.hpp"

using namespace sudokit;
using namespace sudokit::grader;

namespace {

constexpr double kTimeBudget = 2.0;

// Adds givens of `solution` to `puzzle` until no other solution remains;
// cells are tried from `start` on, in order.
Grid make_unique(Grid puzzle, const Grid& solution, int start) {
  for (int k = 0; k < kCells; ++k) {
    const int c = (start + k) % kCells;
    if (puzzle[c] != 0) continue;
    for (;;) {
      const SolveResult other = solve_excluding(puzzle, c, solution[c], 1);
      if (other.count == 0) break;
      // Pin the first cell (from c on) where the other solution differs.
      for (int j = 0; j < kCells; ++j) {
        const int d = (c + j) % kCells;
        if (other.solution[d] != solution[d]) {
          puzzle[d] = solution[d];
          break;
        }
      }
      if (puzzle[c] != 0) break;
    }
  }
  return puzzle;
}

void check_grade(const Grid& puzzle, const Grid& solution, const Grade& g, const GradeOptions& options) {
  FUZZ_CHECK(g.status == GradeStatus::Rated || g.status == GradeStatus::BeyondTechniques ||
                 g.status == GradeStatus::StepLimit || g.status == GradeStatus::TimeLimit,
             "a unique puzzle got status '%s'", status_message(g.status).c_str());
  FUZZ_CHECK(g.solution == solution, "the grade carries another solution");
  FUZZ_CHECK(g.steps.size() == static_cast<std::size_t>(g.step_count), "%zu steps kept, %d counted", g.steps.size(),
             g.step_count);
  FUZZ_CHECK(std::accumulate(g.histogram.begin(), g.histogram.end(), 0) == g.step_count, "histogram does not add up");
  FUZZ_CHECK(g.step_count <= std::max(options.max_steps, 0), "%d steps taken, bound %d", g.step_count, options.max_steps);
  if (g.status == GradeStatus::StepLimit) FUZZ_CHECK(g.step_count == options.max_steps, "stopped early at %d", g.step_count);
  Board board(puzzle);
  for (const Step& s : g.steps) {
    const std::string name = s.name();
    FUZZ_CHECK(s.places() || s.has_eliminations(), "%s does nothing", name.c_str());
    FUZZ_CHECK(!name.empty() && !explain(s).empty(), "a step without a name or an explanation");  // grade --explain
    if (s.places())
      FUZZ_CHECK(solution[s.place_cell] == s.place_digit, "%s places %d in %s, the solution has %d", name.c_str(),
                 int(s.place_digit), cell_name(s.place_cell).c_str(), int(solution[s.place_cell]));
    for (int c = 0; c < kCells; ++c)
      FUZZ_CHECK(!(s.removals[c] & digit_bit(solution[c])), "%s eliminates the solution digit %d from %s", name.c_str(),
                 int(solution[c]), cell_name(c).c_str());
    board.apply(s);
  }
  if (g.rated()) {
    FUZZ_CHECK(board.solved() && board.values() == solution, "the rated path does not solve the puzzle");
    FUZZ_CHECK((g.er > 0) == (g.step_count > 0) && g.ed <= g.ep && g.ep <= g.er, "ratings ER %.2f EP %.2f ED %.2f out of order", g.er, g.ep, g.ed);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const Grid grid = fuzz::grid_from_bytes(data, size);
  GradeOptions options;
  options.keep_steps = true;
  options.time_limit = kTimeBudget;
  // An odd byte after the grid asks for a small step bound (the --max-steps path).
  if (size > 81 && (data[81] & 1)) options.max_steps = data[81] >> 2;

  Grader grader;
  const Grade raw = grader.grade(grid, options);
  const SolveResult r = solve(grid, 2);
  if (find_conflict(grid)) {
    FUZZ_CHECK(raw.status == GradeStatus::InvalidGivens, "rule-breaking givens got '%s'", status_message(raw.status).c_str());
    return 0;
  }
  if (r.count == 0) {
    FUZZ_CHECK(raw.status == GradeStatus::NoSolution, "an unsolvable grid got '%s'", status_message(raw.status).c_str());
    return 0;
  }
  if (r.count == 2) {
    FUZZ_CHECK(raw.status == GradeStatus::MultipleSolutions, "a grid with several solutions got '%s'",
               status_message(raw.status).c_str());
    FUZZ_CHECK(raw.step_count == 0, "steps taken on a grid with several solutions");
    const int start = size > 82 ? data[82] % kCells : 0;
    const Grid puzzle = make_unique(grid, r.solution, start);
    FUZZ_CHECK(solve(puzzle, 2).count == 1, "make_unique left several solutions");
    check_grade(puzzle, r.solution, grader.grade(puzzle, options), options);
    return 0;
  }
  check_grade(grid, r.solution, raw, options);
  return 0;
}
