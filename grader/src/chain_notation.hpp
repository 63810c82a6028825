// Chain notation: writes the chains behind a chain hint in the community's
// alternating-inference (Eureka) notation, for every chain producer (static
// chains and cycles, Nishio, multiple, dynamic and nested forcing chains).
//
//   (1)r1c1-r1c5=r3c6[r1c4]-r7c6
//
// A candidate is rXcY, with its digit in parentheses on the first node and
// whenever the digit changes. "-" leads to a candidate that is false (a weak
// link: the previous candidate is true and shares its cell or a house), "="
// to one that is true (a strong link: the previous candidate is false and
// this is the last candidate of its cell or the last place for its digit in
// a house), "~" to one removed by a technique applied to the grid as reduced
// so far (dynamic levels 1+). Dynamic chains reason on that reduced grid: a
// link that also needs earlier eliminations of the same branch lists them in
// brackets ("[r1c4]": r1c4 had lost the digit too; "[Pointing: r3c4]" for a
// technique), and each of them is then proved by its own chain, starting at
// a candidate already shown: ", r1c4<>1: (1)r1c1-r1c4". A technique that is
// itself a chain (levels 2+) is quoted once per hint, in braces:
// ", r3c9<>1 by {Forcing Chain: (1)r3c9-...=> r3c9<>1}". docs/GRADING.md has
// one example per chain type.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "chain_support.hpp"
#include "stamped_set.hpp"

namespace sudokit::grader {

/// One potential of a producer's node pool, as the writer sees it.
struct NetNode {
  int cell;
  int digit;
  bool on;
  bool rule;                         // removed by a technique on the reduced grid
  Technique technique;               // that technique
  const NestedChain* nested;         // its chain hint, when the technique is a chain
};

/// Read access to a producer's node pool; parent 0 is the first parent (the
/// one the chain is drawn through), the others are what the link also needs.
class NetView {
 public:
  virtual NetNode node(int index) const = 0;
  virtual int parent_count(int index) const = 0;
  virtual int parent(int index, int k) const = 0;

 protected:
  ~NetView() = default;
};

/// One chain given as potential keys, the assumption first:
/// static chains keep their path this way until they are described.
class PathView final : public NetView {
 public:
  void set(const std::vector<int>* codes) { codes_ = codes; }
  NetNode node(int index) const override {
    const Potential p = Potential::of_key((*codes_)[index]);
    return {p.cell, p.digit, p.on, false, Technique::Count, nullptr};
  }
  int parent_count(int index) const override { return index > 0 ? 1 : 0; }
  int parent(int index, int) const override { return index - 1; }

 private:
  const std::vector<int>* codes_ = nullptr;
};

/// "r1c2=5" or "r1c2<>5".
std::string potential_text(int cell, int digit, bool on);

/// Writes the branches of one hint. Call new_hint() first, new_branch()
/// before each further run's chains, chain() for each chain of the branch,
/// then proofs().
class NetWriter {
 public:
  explicit NetWriter(const NetView& view) : view_(view) {}

  /// A new hint: nothing shown, no nested hint printed yet; the links of the
  /// chains written from now on are appended to `links` (the step's chain).
  void new_hint(std::vector<ChainLink>* links);
  /// A new branch (a new run of propagation): nothing is shown yet.
  void new_branch();
  /// Appends the chain from the branch's assumption to `target`.
  void chain(int target, std::string& out);
  /// Appends ", X<>d: chain" for each bracketed candidate not shown yet
  /// (recursively), then ", X<>d by {<nested hint>}" for each nested chain
  /// hint met for the first time in this hint.
  void proofs(std::string& out);

 private:
  static int key(const NetNode& n) { return potential_key(n.cell, n.digit, n.on); }
  bool shown(int index) const { return shown_.contains(key(view_.node(index))); }
  void write_path(const std::vector<int>& path, std::string& out);
  void bracket(int index, const NetNode& n, std::string& out);

  const NetView& view_;
  StampedSet<kPotentialKeys> shown_;  // the potentials written in this branch
  std::vector<int> pending_;                        // bracketed candidates waiting for a proof
  std::vector<std::pair<int, const NestedChain*>> nested_;  // nested hints to print, first use
  std::vector<const NestedChain*> printed_;                 // nested hints printed for this hint
  std::vector<int> path_;
  std::vector<ChainLink>* links_ = nullptr;
};

}  // namespace sudokit::grader
