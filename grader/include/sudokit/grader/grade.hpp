// Grading: solve a puzzle the way a person does, one step at a time, and
// rate it on the Sudoku Explainer scale. The loop follows SE exactly: the
// first producer (in SE's order) that has a hint wins, exactly one hint is
// applied, and the search restarts from the top. ER = hardest step taken,
// ED = first step, EP = hardest step up to the first placement.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include "sudokit/grader/step.hpp"
#include "sudokit/grader/technique.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::grader {

enum class GradeStatus {
  Rated,              // every step found; ER/EP/ED are SE's numbers
  BeyondTechniques,   // no implemented technique applies: not rated
  NoSolution,         // rejected: the puzzle has no solution
  MultipleSolutions,  // rejected: the puzzle has several solutions
  InvalidGivens,      // rejected: two equal digits in a unit
  StepLimit,          // stopped: the step bound was exceeded (not rated)
  TimeLimit,          // stopped: the time budget was exceeded (not rated)
  AboveCeiling,       // stopped: a step rated above GradeOptions::ceiling (er = that step)
};

/// Human-readable reason for a status that is not Rated.
std::string status_message(GradeStatus s);

/// The grader's revision: raised in the same commit as any change that can
/// give some puzzle another ER, EP, ED, hardest technique or histogram. A
/// stored rating keeps the name of what rated it (rater_name(), the store's
/// `rated_by`), so `sudokit db regrade` knows which rows an upgrade must
/// rate again. Revision 1 is the grader whose ratings agree with Sukaku
/// Explainer on the whole calibration set (docs/GRADING.md).
inline constexpr int kGraderRevision = 1;
/// "sudokit-grader/<revision>".
std::string rater_name(int revision = kGraderRevision);
/// The revision a rater name says (0 for a name that is not one of ours).
int rater_revision(const std::string& name);

struct GradeOptions {
  bool keep_steps = false;  // keep every step (for --explain and JSON)
  int max_steps = 2000;     // bound on steps per puzzle (each step restarts the producer list)
  double time_limit = 0;    // seconds of work per puzzle; 0 = unbounded
  double ceiling = 0;       // stop at the first step rated above this (rounded); 0 = none.
                            // For callers that reject such puzzles anyway (--max-rating):
                            // the chains that would follow are never run.
};

struct Grade {
  GradeStatus status = GradeStatus::Rated;
  double er = 0, ep = 0, ed = 0;  // raw doubles as SE computes them (print with format_rating)
  Technique hardest = Technique::HiddenSingle;  // the first step that reached ER
  std::string hardest_name;                     // its SE hint name
  std::array<int, kTechniqueCount> histogram{};  // steps per technique
  int step_count = 0;
  std::vector<Step> steps;  // with keep_steps
  Grid solution{};

  bool rated() const { return status == GradeStatus::Rated; }
};

/// Holds the ordered producer list; reuse one Grader for many puzzles (one per thread).
class Grader {
 public:
  Grader();
  ~Grader();
  Grader(Grader&&) noexcept;
  Grader& operator=(Grader&&) noexcept;

  /// Grades a puzzle: checks givens and uniqueness, then runs SE's loop.
  Grade grade(const Grid& puzzle, const GradeOptions& options = {});

  /// Grades a pencil-mark position (Sukaku Explainer's 729-character
  /// input): checks that the marks admit exactly one solution, then runs the
  /// same loop on the given marks (board_from_marks), never on recomputed
  /// candidates. InvalidGivens does not occur (marks have no givens).
  Grade grade_marks(const Candidates& marks, const GradeOptions& options = {});

  /// The next step SE would take on this board (false when none applies).
  bool next_step(const Board& board, Step& step);
  /// The same within a time budget (seconds, 0 = none): `timed_out` is set
  /// when it ran out (then no step is returned).
  bool next_step(const Board& board, Step& step, double time_limit, bool& timed_out);

 private:
  // SE's rating loop from `board` on; fills g's ratings, histogram, steps and status.
  void run(Board board, const GradeOptions& options, Grade& g);
  // next_step() within run(): a producer that found nothing on an earlier
  // board of this run is asked only for what the candidates removed since
  // could have made (Producer::find_changed). Same step as next_step().
  bool next_step_in_run(const Board& board, Step& step);
  std::vector<std::unique_ptr<Producer>> producers_;
  // Within run(): the boards some producer found nothing on (candidate
  // cells per digit), and per producer the last such board (an index, -1 =
  // none). Producers that found nothing on the same board share it, and the
  // changes since (find_changed's candidates removed, houses and cells) are
  // worked out once per board and step (changes_, valid when changes_step_
  // is the step's number).
  std::vector<std::array<CellSet, 10>> boards_;
  std::vector<Changes> changes_;
  std::vector<std::uint32_t> changes_step_;
  std::uint32_t step_number_ = 0;
  std::vector<int> found_nothing_;
};

/// True when naked and hidden singles alone fill the puzzle. Then SE's ER is
/// at most 2.3 (on its path a single is always available, so nothing above
/// the naked single is ever needed): a cheap bound that rejects most random
/// puzzles before grading when a harder one is wanted.
bool solved_by_singles(const Grid& puzzle);

/// Difficulty levels: a table from ER to level names.
struct Level {
  std::string name;
  double min_er;  // inclusive, on the rounded ER
};

/// The default table, the one home of the level names and bounds (the CLI's
/// help and docs/GRADING.md's "Levels" table are made from or checked
/// against it): the puzzle bank's buckets easy, medium, hard, then harder
/// levels up to nightmare.
const std::vector<Level>& default_levels();
/// Parses "name:min,name:min,..." (ascending mins, each a rating from 0 to
/// 20 as parse_rating reads it); false with `error` set on bad input.
bool parse_levels(const std::string& text, std::vector<Level>& out, std::string& error);
/// A table as parse_levels reads it: "easy:0,medium:1.5,...,nightmare:10".
std::string format_levels(const std::vector<Level>& levels = default_levels());
/// The names of a table, easiest first: "easy, medium, ..., nightmare".
std::string level_names(const std::vector<Level>& levels = default_levels());
/// The level of a rounded ER in a table.
const std::string& level_for(double er, const std::vector<Level>& levels = default_levels());

}  // namespace sudokit::grader
