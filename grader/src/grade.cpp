// The rating loop (section 1 of the specification) and the level table.
#include "sudokit/grader/grade.hpp"

#include <cassert>
#include <chrono>
#include <sstream>

#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"
#include "sudokit/solver/solve_marks.hpp"

namespace sudokit::grader {

namespace {
using Clock = std::chrono::steady_clock;
thread_local bool t_budget_set = false;
thread_local Clock::time_point t_deadline;
thread_local unsigned t_budget_calls = 0;
thread_local bool t_budget_expired = false;

// Arms the budget for one puzzle; disarms it when it goes out of scope.
struct BudgetScope {
  explicit BudgetScope(double seconds) {
    // A budget the clock cannot represent (inf, 1e300 s) is no budget: the
    // deadline would overflow and expire at once.
    t_budget_set = seconds > 0 && seconds < 1e9;
    t_budget_expired = false;
    t_budget_calls = 0;
    if (t_budget_set)
      t_deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  }
  ~BudgetScope() { t_budget_set = false; }
};

// Invariants of the rating loop on a puzzle with one solution (asserted).
[[maybe_unused]] bool agrees_with_solution(const Step& step, const Grid& solution) {
  if (step.places() && step.place_digit != solution[step.place_cell]) return false;
  for (int c = 0; c < kCells; ++c)
    if (step.removals[c] & digit_bit(solution[c])) return false;
  return true;
}

[[maybe_unused]] bool keeps_solution(const Board& board, const Grid& solution) {
  for (int c = 0; c < kCells; ++c)
    if (board.value(c) == 0 && !board.has(c, solution[c])) return false;
  return true;
}
}  // namespace

bool work_budget_expired() {
  if (!t_budget_set) return false;
  if (t_budget_expired) return true;
  if ((++t_budget_calls & 15) == 0 && Clock::now() >= t_deadline) t_budget_expired = true;
  return t_budget_expired;
}

std::string rater_name(int revision) { return "sudokit-grader/" + std::to_string(revision); }

int rater_revision(const std::string& name) {
  static const std::string prefix = "sudokit-grader/";
  if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0 || name.size() > prefix.size() + 9)
    return 0;
  int revision = 0;
  for (std::size_t i = prefix.size(); i < name.size(); ++i) {
    if (name[i] < '0' || name[i] > '9') return 0;
    revision = revision * 10 + (name[i] - '0');
  }
  return revision;
}

std::string status_message(GradeStatus s) {
  switch (s) {
    case GradeStatus::Rated: return "rated";
    case GradeStatus::BeyondTechniques: return "not rated: needs techniques beyond forcing chains & cycles";
    case GradeStatus::NoSolution: return "puzzle has no solution";
    case GradeStatus::MultipleSolutions: return "puzzle has several solutions";
    case GradeStatus::InvalidGivens: return "givens break the rules";
    case GradeStatus::StepLimit: return "not rated: step limit exceeded";
    case GradeStatus::TimeLimit: return "not rated: time limit exceeded";
    case GradeStatus::AboveCeiling: return "not rated: a step is harder than the ceiling";
  }
  return "unknown";
}

Grader::Grader() : producers_(default_producers()) {}
Grader::~Grader() = default;
Grader::Grader(Grader&&) noexcept = default;
Grader& Grader::operator=(Grader&&) noexcept = default;

bool Grader::next_step(const Board& board, Step& step) {
  FirstStep first;  // one for all producers: it stays empty until one finds a step
  for (auto& producer : producers_) {
    producer->find(board, first);
    if (first.found()) {
      step = first.take();
      return true;
    }
  }
  return false;
}

bool Grader::next_step_in_run(const Board& board, Step& step) {
  ++step_number_;
  FirstStep first;  // one for all producers (a Step is large): it stays empty until one finds a step
  int here = -1;    // this board's index in boards_, once a producer found nothing on it
  for (std::size_t i = 0; i < producers_.size(); ++i) {
    const int before = found_nothing_[i];
    if (before >= 0) {
      const auto b = static_cast<std::size_t>(before);
      if (changes_step_[b] != step_number_) {
        // The boards of a run only lose candidates, so boards_[b] is a superset.
        Removed removed;
        for (int d = 1; d <= 9; ++d) {
          const auto k = static_cast<std::size_t>(d);
          assert((board.digit_cells(d) - boards_[b][k]).empty() && "a run's boards only lose candidates");
          removed[k] = boards_[b][k] - board.digit_cells(d);
        }
        changes_[b].set(removed);
        changes_step_[b] = step_number_;
      }
      producers_[i]->find_changed(board, changes_[b], first);
    } else {
      producers_[i]->find(board, first);
    }
    if (first.found()) {
      step = first.take();
      return true;
    }
    if (here < 0) {
      here = static_cast<int>(boards_.size());
      auto& cells = boards_.emplace_back();
      for (int d = 1; d <= 9; ++d) cells[static_cast<std::size_t>(d)] = board.digit_cells(d);
      changes_.emplace_back();
      changes_step_.push_back(0);
    }
    found_nothing_[i] = here;
  }
  return false;
}

namespace {
// Sets the status for no or several solutions, or keeps the one solution.
bool one_solution(const SolveResult& sr, Grade& g) {
  if (sr.count != 1) {
    g.status = sr.count == 0 ? GradeStatus::NoSolution : GradeStatus::MultipleSolutions;
    return false;
  }
  g.solution = sr.solution;
  return true;
}
}  // namespace

bool Grader::next_step(const Board& board, Step& step, double time_limit, bool& timed_out) {
  BudgetScope budget(time_limit);
  const bool found = next_step(board, step);
  timed_out = t_budget_set && (t_budget_expired || Clock::now() >= t_deadline);
  return found && !timed_out;
}

Grade Grader::grade(const Grid& puzzle, const GradeOptions& options) {
  Grade g;
  if (find_conflict(puzzle)) {
    g.status = GradeStatus::InvalidGivens;
    return g;
  }
  if (one_solution(solve(puzzle, 2), g)) run(Board(puzzle), options, g);
  return g;
}

Grade Grader::grade_marks(const Candidates& marks, const GradeOptions& options) {
  Grade g;
  if (one_solution(solve_marks(marks, 2), g)) run(board_from_marks(marks), options, g);
  return g;
}

void Grader::run(Board board, const GradeOptions& options, Grade& g) {
  BudgetScope budget(options.time_limit);
  found_nothing_.assign(producers_.size(), -1);
  boards_.clear();
  changes_.clear();
  changes_step_.clear();
  step_number_ = 0;  // counts this run's steps only: no wrap-around over a long-lived grader
  Step step;
  bool pearl_frozen = false;
  while (!board.solved()) {
    if (g.step_count >= options.max_steps) {
      g.status = GradeStatus::StepLimit;
      return;
    }
    const bool found = next_step_in_run(board, step);
    // The clock is read on every 16th question (work_budget_expired), not
    // after every step: an easy step takes well under a microsecond, and
    // reading the clock took 6% of grading easy puzzles.
    if (work_budget_expired()) {
      g.status = GradeStatus::TimeLimit;
      return;
    }
    if (!found) {
      g.status = GradeStatus::BeyondTechniques;
      return;
    }
    if (step.difficulty > g.er) {
      g.er = step.difficulty;
      g.hardest = step.technique;
      g.hardest_name = step.name();
      if (options.ceiling > 0 && rounded_rating(g.er) > options.ceiling + 1e-9) {
        g.status = GradeStatus::AboveCeiling;
        return;
      }
    }
    if (g.step_count == 0) g.ed = g.er;
    if (!pearl_frozen) {
      g.ep = g.er;
      pearl_frozen = step.places();
    }
    ++g.histogram[static_cast<std::size_t>(step.technique)];
    ++g.step_count;
    assert(agrees_with_solution(step, g.solution) && "a step places the solution's digit and never eliminates it");
    board.apply(step);
    assert(keeps_solution(board, g.solution) && "every empty cell keeps its solution digit as a candidate");
    if (options.keep_steps) g.steps.push_back(step);
  }
}

bool solved_by_singles(const Grid& puzzle) {
  Candidates cand = Candidates::from_grid(puzzle);
  Grid g = puzzle;
  int open = kCells - puzzle.clue_count();
  auto place = [&](int c, int digit) {
    g[c] = static_cast<std::uint8_t>(digit);
    cand[c] = 0;
    --open;
    for (auto p : kPeers[static_cast<std::size_t>(c)]) cand[p] &= static_cast<DigitMask>(~digit_bit(digit));
  };
  for (bool progress = true; progress && open > 0;) {
    progress = false;
    for (int c = 0; c < kCells; ++c) {
      if (g[c]) continue;
      if (cand[c] == 0) return false;  // a contradiction: not this puzzle's path
      if (is_single_bit(cand[c])) {
        place(c, single_digit(cand[c]));
        progress = true;
      }
    }
    for (const auto& unit : kUnitCells) {
      // Digits with exactly one place left in the unit.
      DigitMask once = 0, twice = 0;
      for (auto c : unit) {
        twice |= once & cand[c];
        once |= cand[c];
      }
      for_each_digit(static_cast<DigitMask>(once & ~twice), [&](int digit) {
        for (auto c : unit)
          if (cand[c] & digit_bit(digit)) {
            place(c, digit);
            progress = true;
            break;
          }
      });
    }
  }
  return open == 0;
}

const std::vector<Level>& default_levels() {
  static const std::vector<Level> levels = {
      {"easy", 0.0},       {"medium", 1.5},  {"hard", 2.5},       {"diabolical", 5.0},
      {"expert", 7.0},     {"extreme", 8.5}, {"nightmare", 10.0},
  };
  return levels;
}

bool parse_levels(const std::string& text, std::vector<Level>& out, std::string& error) {
  out.clear();
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    const auto colon = item.find(':');
    if (colon == std::string::npos || colon == 0) {
      error = "level '" + item + "' is not NAME:MIN_RATING";
      return false;
    }
    Level l{item.substr(0, colon), 0};
    std::string_view value = std::string_view(item).substr(colon + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    while (!value.empty() && (value.back() == ' ' || value.back() == '\t')) value.remove_suffix(1);
    std::string why;
    if (!parse_rating(value, l.min_er, why)) {  // finite, on the SE scale: "nan" or "1e999" would order nothing
      error = "level '" + item + "' has an invalid rating: " + why;
      return false;
    }
    if (!out.empty() && l.min_er <= out.back().min_er) {
      error = "level ratings must increase ('" + item + "')";
      return false;
    }
    out.push_back(l);
  }
  if (out.empty()) {
    error = "no levels given";
    return false;
  }
  out.front().min_er = 0.0;
  return true;
}

std::string format_levels(const std::vector<Level>& levels) {
  std::ostringstream out;
  for (const Level& l : levels) out << (&l == &levels.front() ? "" : ",") << l.name << ':' << l.min_er;
  return out.str();
}

std::string level_names(const std::vector<Level>& levels) {
  std::string out;
  for (const Level& l : levels) out += (out.empty() ? "" : ", ") + l.name;
  return out;
}

const std::string& level_for(double er, const std::vector<Level>& levels) {
  const double r = rounded_rating(er);
  std::size_t i = 0;
  while (i + 1 < levels.size() && r + 1e-9 >= levels[i + 1].min_er) ++i;
  return levels[i].name;
}

}  // namespace sudokit::grader
