// The one interface every technique implements, as in Sudoku Explainer: given
// the board, report the steps this technique finds, in its own order, to a
// sink that may stop the search early (the rating loop only wants the first).
// Producers whose hints have variable ratings sort them and report the
// cheapest first. Adding a technique takes a value in the Technique enum
// (step.hpp), one row in step.cpp's kTechniques table (key, name, SE
// ratings; a missing row does not compile), a unit implementing Producer
// with its factory below, and a line in the ordered list (techniques.cpp);
// an explanation case (explain.cpp) only where the default text is not
// enough. grader/README.md ("Adding a technique") has the whole checklist.
#pragma once

#include <array>
#include <memory>
#include <vector>

#include "sudokit/grader/board.hpp"
#include "sudokit/grader/step.hpp"

namespace sudokit::grader {

/// Receives steps; returns false to stop the producer.
class StepSink {
 public:
  virtual ~StepSink() = default;
  virtual bool add(const Step& step) = 0;
  /// True when the sink keeps the first step only: a producer that sorts
  /// its hints may then leave out any hint that cannot come first.
  virtual bool first_only() const { return false; }
};

/// Keeps the first step only.
class FirstStep final : public StepSink {
 public:
  bool add(const Step& step) override {
    step_ = step;
    found_ = true;
    return false;
  }
  bool first_only() const override { return true; }
  bool found() const { return found_; }
  const Step& step() const { return step_; }
  /// The step found, moved out (the sink is spent).
  Step take() { return std::move(step_); }

 private:
  Step step_;
  bool found_ = false;
};

/// Keeps every step (tests, listing all hints).
class AllSteps final : public StepSink {
 public:
  bool add(const Step& step) override {
    steps.push_back(step);
    return true;
  }
  std::vector<Step> steps;
};

/// Per digit, the cells that lost the digit as a candidate (find_changed()).
using Removed = std::array<CellSet, 10>;

/// Per digit, the cells where `before` has the digit as a candidate and
/// `now` has not (find_changed()). A placed digit's cell has no candidates,
/// so a placement counts as the removal of all the cell had.
Removed removed_candidates(const Board& now, const Board& before);

/// What find_changed() narrows by: the candidates removed, and from them per
/// digit the houses that lost a candidate (bit u for house u; index 0: any
/// digit) and the cells that lost any. Shared by all producers asked about
/// the same removals; the houses and cells are worked out when one first
/// asks (most producers narrow by the removals alone, or not at all).
struct Changes {
  Removed removed{};

  Changes() = default;
  explicit Changes(const Removed& r) { set(r); }
  void set(const Removed& r) {
    removed = r;
    derived_ = false;
  }
  std::uint32_t houses(int digit) const {
    if (!derived_) derive();
    return houses_[static_cast<std::size_t>(digit)];
  }
  const CellSet& cells() const {
    if (!derived_) derive();
    return cells_;
  }

 private:
  void derive() const;
  mutable bool derived_ = false;
  mutable std::array<std::uint32_t, 10> houses_{};
  mutable CellSet cells_;
};

class Producer {
 public:
  virtual ~Producer() = default;
  /// Reports steps to `sink` until it returns false or none are left.
  virtual void find(const Board& board, StepSink& sink) = 0;

  /// As find(), but may leave out steps that rely on no candidate in
  /// `removed`: the board `before` them (`board` with those candidates
  /// back) has such a step too, with the same pattern and at least its
  /// eliminations (a name that follows from the eliminations, such as an
  /// ALS wing's "doubly linked", may differ), and its rule parents, as a
  /// dynamic chain collects them (dynamic_chains.cpp, rule_parents), are
  /// none. The others come in find()'s order. Two callers rely on it:
  /// - a dynamic chain runs the rules on its reduced grid and drops hints
  ///   without rule parents, so it asks for the rest only; and as it takes
  ///   every hint a rule reports, it asks a rule that ran before in the same
  ///   run for what the removals since could have made;
  /// - the rating loop (Grader::run) asks a producer that found nothing on an
  ///   earlier board for what the candidates removed since could have made:
  ///   what it leaves out, that board had, so it is nothing.
  /// A producer narrows its search through unchanged() while find() runs;
  /// one that does not is simply searched in full. `changes` outlives the
  /// call; the rating loop gives the same one to every producer that found
  /// nothing on the same earlier board.
  void find_changed(const Board& board, const Changes& changes, StepSink& sink) {
    struct Reset {
      const Changes*& p;
      ~Reset() { p = nullptr; }
    } reset{changed_};
    changed_ = &changes;
    find(board, sink);
  }
  void find_changed(const Board& board, const Removed& removed, StepSink& sink) {
    const Changes changes(removed);
    find_changed(board, changes, sink);
  }
  void find_changed(const Board& board, const Board& before, StepSink& sink) {
    const Removed removed = removed_candidates(board, before);
    find_changed(board, removed, sink);
  }

 protected:
  /// During find_changed(), whether no candidate of a cell in `cells` was
  /// removed (any digit); false otherwise.
  bool unchanged(const CellSet& cells) const {
    if (!changed_) return false;
    for (const CellSet& gone : changed_->removed)
      if (!(gone & cells).empty()) return false;
    return true;
  }
  /// During find_changed(), whether no candidate `digit` of a cell in
  /// `cells` was removed; false otherwise.
  bool unchanged(int digit, const CellSet& cells) const {
    return changed_ && (changed_->removed[static_cast<std::size_t>(digit)] & cells).empty();
  }
  /// During find_changed(), whether no candidate `digit` was removed.
  bool unchanged(int digit) const { return changed_ && changed_->removed[static_cast<std::size_t>(digit)].empty(); }
  /// During find_changed(), bit u (a house id) set where a candidate
  /// `digit` was removed from a cell of house u; every house otherwise.
  std::uint32_t changed_houses(int digit) const {
    return changed_ ? changed_->houses(digit) : kEveryHouse;
  }
  /// The same for any digit.
  std::uint32_t changed_houses() const { return changed_ ? changed_->houses(0) : kEveryHouse; }
  /// During find_changed(), the cells that lost a candidate; every cell otherwise.
  CellSet changed_cells() const {
    return changed_ ? changed_->cells() : CellSet{~std::uint64_t{0}, (std::uint64_t{1} << (kCells - 64)) - 1};
  }
  /// During find_changed(), the candidates removed since the board before;
  /// null otherwise.
  const Removed* removed_since() const { return changed_ ? &changed_->removed : nullptr; }

 private:
  static constexpr std::uint32_t kEveryHouse = (1u << 27) - 1;
  const Changes* changed_ = nullptr;  // during find_changed()
};

/// Whether the work budget of the puzzle being graded on this thread has run
/// out. Long producers (chains) check it in their outer loops and stop early;
/// the rating loop asks it after each step and then reports the puzzle as not
/// rated instead of hanging. The clock is read on every 16th call only (once
/// it has run out, every call says so).
bool work_budget_expired();

/// The default producer list of the reference build, in SE's order: every
/// producer of its default technique set, singles first, dynamic chains last.
std::vector<std::unique_ptr<Producer>> default_producers();

// Factories, one per technique unit.
std::unique_ptr<Producer> make_hidden_single();
std::unique_ptr<Producer> make_locking(bool direct);
std::unique_ptr<Producer> make_hidden_set(int size, bool direct);
std::unique_ptr<Producer> make_naked_single();
std::unique_ptr<Producer> make_naked_set(int size);
std::unique_ptr<Producer> make_fish(int size);
std::unique_ptr<Producer> make_xy_wing(bool xyz);
/// Strong-link fish of 2, 3 or 4 links (skyscraper, kite, turbot, grouped forms).
std::unique_ptr<Producer> make_strong_links(int links);
/// Bivalue cell + ALS of `size` cells: 3 WXYZ-, 4 VWXYZ-, 5 UVWXYZ-, 6 TUVWXYZ-Wing.
std::unique_ptr<Producer> make_als_wing(int size);
std::unique_ptr<Producer> make_unique_loops();
std::unique_ptr<Producer> make_bug();
std::unique_ptr<Producer> make_aligned_exclusion(int degree);  // 2: pair, 3: triplet
/// Static forcing chains & cycles; `nesting` keeps every hint with what nested chains need.
std::unique_ptr<Producer> make_forcing_chains_and_cycles(bool nesting = false);
std::unique_ptr<Producer> make_nishio_chains();
std::unique_ptr<Producer> make_multiple_chains();
/// Dynamic forcing chains. level 1 "(+)": basic techniques run on the reduced
/// grid; 2 adds forcing chains & cycles, 3 multiple chains; level 4 nests
/// dynamic chains of level `nesting_limit`.
std::unique_ptr<Producer> make_dynamic_chains(int level = 0, int nesting_limit = 0);

}  // namespace sudokit::grader
