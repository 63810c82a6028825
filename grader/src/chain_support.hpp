// Internal support shared by the chain producers: their node lists, SE's
// length increment, potentials' causes, Java's HashMap iteration order, and the record a chain
// hint carries when it is used inside a nested (9.5+) chain.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "potential.hpp"
#include "sudokit/grader/step.hpp"
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {

/// A growing list of node indices for the chain searches' queues and pools:
/// its append is inlined (GCC leaves std::vector::push_back out of line in
/// the large propagation loops, a call per potential: 5% of top1465's time),
/// and the rare growth is out of line. Cleared, it keeps its storage.
class NodeList {
 public:
  NodeList() = default;
  NodeList(const NodeList&) = delete;
  NodeList& operator=(const NodeList&) = delete;

  void push_back(int node) {
    if (size_ == capacity_) [[unlikely]]
      grow();
    data_[size_++] = node;
  }
  void clear() { size_ = 0; }
  void swap(NodeList& o) noexcept {
    std::swap(data_, o.data_);
    std::swap(size_, o.size_);
    std::swap(capacity_, o.capacity_);
  }
  void assign(std::size_t n, int node) {
    clear();
    for (std::size_t i = 0; i < n; ++i) push_back(node);
  }
  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  int operator[](std::size_t i) const {
    assert(i < size_);
    return data_[i];
  }
  const int* begin() const { return data_.get(); }
  const int* end() const { return data_.get() + size_; }

 private:
  [[gnu::noinline]] void grow() {
    const std::size_t capacity = std::max<std::size_t>(256, 2 * capacity_);
    auto bigger = std::make_unique<int[]>(capacity);
    std::copy(begin(), end(), bigger.get());
    data_ = std::move(bigger);
    capacity_ = capacity;
  }
  std::unique_ptr<int[]> data_;
  std::size_t size_ = 0, capacity_ = 0;
};

/// How a potential was derived (SE's Potential.Cause). For "on" potentials
/// it names the rule that forced the digit: the cell's last candidate, or
/// the last position in a box, row or column.
enum class Cause : std::uint8_t { None, NakedSingle, HiddenBox, HiddenRow, HiddenColumn, Advanced };

/// The region cause for a unit id: its kind.
constexpr Cause region_cause(int unit_id) {
  switch (unit_kind(unit_id)) {
    case UnitKind::Box: return Cause::HiddenBox;
    case UnitKind::Row: return Cause::HiddenRow;
    case UnitKind::Column: break;
  }
  return Cause::HiddenColumn;
}
/// The unit of `cell` named by a region cause (kCellUnits lists a cell's
/// units by kind).
inline int cause_unit(Cause c, int cell) {
  const UnitKind kind = c == Cause::HiddenBox ? UnitKind::Box : c == Cause::HiddenRow ? UnitKind::Row : UnitKind::Column;
  return kCellUnits[cell][static_cast<int>(kind)];
}

/// SE's length increment for a chain of the given complexity, added up as doubles.
constexpr double computed_length_increment(int complexity) {
  double added = 0.0;
  int ceil = 4;
  const int length = complexity - 2;
  bool odd = false;
  while (length > ceil) {
    added += 0.1;
    ceil = odd ? (ceil * 4) / 3 : (ceil * 3) / 2;
    odd = !odd;
  }
  return added;
}
/// The same, looked up for the complexities chains reach (the searches ask
/// it for every potential they expand); the values are the computed ones,
/// bit for bit.
inline constexpr int kLengthIncrements = 2048;
inline constexpr auto kLengthIncrement = [] {
  std::array<double, kLengthIncrements> t{};
  for (int c = 0; c < kLengthIncrements; ++c) t[c] = computed_length_increment(c);
  return t;
}();
inline double length_increment(int complexity) {
  if (complexity >= 0 && complexity < kLengthIncrements) return kLengthIncrement[complexity];
  return computed_length_increment(complexity);
}

/// Java's HashMap iterates keys by bucket (hash & (capacity - 1)), then in
/// insertion order; a cell's hash is its index. SE feeds the eliminations of
/// a nested hint to the outer chain in that order, so it matters.
inline void java_hash_order(std::vector<int>& cells) {
  int capacity = 16;
  while (static_cast<int>(cells.size()) > capacity * 3 / 4) capacity *= 2;
  std::stable_sort(cells.begin(), cells.end(),
                   [capacity](int a, int b) { return (a & (capacity - 1)) < (b & (capacity - 1)); });
}

/// An "on" potential with a cause, as met when collecting a chain's rule parents.
struct CauseEntry {
  std::uint8_t cell;
  std::uint8_t digit;
  Cause cause;
};

/// What a chain hint must carry to be used inside a nested chain (levels 2+).
struct NestedChain {
  std::vector<CauseEntry> causes;   // SE's collectRuleParents walk, all targets in order
  std::vector<int> removal_cells;   // cells with eliminations, in SE's insertion order
  std::vector<int> identity;  // targets and their chains as potential keys, -1 after each: SE's FullChain equality
  int complexity = 0;               // flat + nested complexity of the hint
  std::string text;                 // "<name>: <chains> => <conclusion>", for the outer hint's explanation
};

/// A chain hint with SE's kind key (double forcing 1, X 2, Y 3, XY 4, cell 5,
/// region 6, contradiction 7).
struct ChainHint {
  Step step;
  int sort_key;
  std::vector<int> targets;  // the producer's nodes its explanation is drawn from (dynamic chains)
  int unit = -1;             // region forcing: the house
};

/// SE's order for a chain producer's hints: rating as a double, then
/// complexity, then kind key, ties in discovery order; reports them in turn,
/// each explained by `describe` just before it is reported (the rating loop
/// takes only the first, so only that one is written out).
template <class Describe>
void emit_sorted(std::vector<ChainHint>& hints, StepSink& sink, Describe&& describe) {
  std::stable_sort(hints.begin(), hints.end(), [](const ChainHint& a, const ChainHint& b) {
    if (a.step.difficulty != b.step.difficulty) return a.step.difficulty < b.step.difficulty;
    if (a.step.complexity != b.step.complexity) return a.step.complexity < b.step.complexity;
    return a.sort_key < b.sort_key;
  });
  for (ChainHint& h : hints) {
    describe(h);
    if (!sink.add(h.step)) return;
  }
}
inline void emit_sorted(std::vector<ChainHint>& hints, StepSink& sink) {
  emit_sorted(hints, sink, [](ChainHint&) {});
}

}  // namespace sudokit::grader
