// What each potential of a static implication graph can reach, for the chain
// producers' searches to skip what cannot succeed.
//
// The graph is the static chain rules on one board: "on" makes the digit
// off in the cell's peers and (Y links) the cell's other candidates off;
// "off" makes the digit on where a house holds it twice (X links) and (Y)
// a bivalue cell's other digit on. Potentials are numbered by their key
// (potential.hpp). Built on the first question after start(): the strongly
// connected components (Tarjan), then each component's reachable set as a
// bitset, sinks first. Without Y links every link keeps its digit, and each
// digit is built on its own when first asked about.
//
// An "off" that makes nothing on (a dead end) can be left out of the graph
// (start's `dead_ends` false): questions about reaching one are answered
// through the "on"s linked to it.
//
// A component is the set of potentials that reach each other: a cycle of
// implications lies in one, and so does every path from one of its
// potentials to another (what it passes reaches the end and is reached
// from the start).
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "potential.hpp"
#include "sudokit/grader/board.hpp"

namespace sudokit::grader {

class ImplicationReach {
 public:
  /// Forgets the last board and sets the rules for `board`, which must stay
  /// alive and unchanged until the next start().
  void start(const Board& board, bool y, bool x, bool dead_ends);
  /// Whether `to` can be reached from `from` (a potential reaches itself).
  bool reaches(int from, int to);
  /// Whether some potential is reached from every one of `from` (n >= 1;
  /// needs Y links, so that all are in one build).
  bool reach_in_common(const int* from, int n);
  /// The component of a potential in the graph (-1 for one left out), and
  /// its members (potential keys, count() of them).
  struct Members {
    const int* first;
    int count;
  };
  int component(int potential);
  Members members(int component) const;

 private:
  bool dead_end(int cell, int digit) const;
  void build(int digit);
  const std::uint64_t* reach_set(int id, int& lo, int& words) const;

  const Board* board_ = nullptr;
  bool y_ = false, x_ = false, dead_ends_ = false;
  std::array<bool, 10> ready_{};              // by digit, 0 = all
  std::array<std::int16_t, kPotentialKeys> id_{};  // potential key -> id, -1 if none yet
  std::vector<int> pot_, adj_start_, adj_;    // by id: potential key, edges
  std::vector<int> order_, low_, comp_, stack_;
  std::vector<std::pair<int, int>> call_;     // Tarjan's (id, next edge)
  std::vector<int> comp_lo_, comp_words_;     // by component: the first word of its set, and its length
  std::vector<std::size_t> comp_at_;          // by component: where its set starts in bits_
  std::vector<int> members_;                  // the components' potentials, component after component
  std::vector<int> comp_members_;             // by component: where its potentials start in members_
  std::vector<std::uint64_t> bits_;
  std::vector<std::uint64_t> common_;         // reach_in_common's scratch
};

}  // namespace sudokit::grader
