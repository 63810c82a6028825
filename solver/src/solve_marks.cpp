// Solving under pencil marks. See solve_marks.hpp.
#include "sudokit/solver/solve_marks.hpp"

namespace sudokit {
namespace {

// The whole search state: marks of every cell (a filled cell keeps its one
// digit as its mask) and which cells are filled. Copied per branch (82 bytes
// of masks): no undo log, and the depth is at most 81.
struct MarkState {
  Candidates cand;
  Grid value{};
  int open = kCells;

  // Fills `cell` with `digit` and removes the digit from its peers; false on a contradiction.
  bool assign(int cell, int digit) {
    const DigitMask bit = digit_bit(digit);
    if ((cand[cell] & bit) == 0) return false;
    value[cell] = static_cast<std::uint8_t>(digit);
    cand[cell] = bit;
    --open;
    for (int p : kPeers[static_cast<std::size_t>(cell)]) {
      if (value[p] == digit) return false;
      cand[p] &= static_cast<DigitMask>(~bit);
      if (value[p] == 0 && cand[p] == 0) return false;
    }
    return true;
  }

  // Naked and hidden singles until nothing changes; false on a contradiction.
  bool propagate() {
    for (bool progress = true; progress && open > 0;) {
      progress = false;
      for (int c = 0; c < kCells; ++c) {
        if (value[c] != 0) continue;
        if (cand[c] == 0) return false;
        if (is_single_bit(cand[c])) {
          if (!assign(c, single_digit(cand[c]))) return false;
          progress = true;
        }
      }
      for (const auto& unit : kUnitCells) {
        DigitMask once = 0, twice = 0, placed = 0;
        for (auto c : unit) {
          if (value[c] != 0) {
            placed |= digit_bit(value[c]);
            continue;
          }
          twice |= once & cand[c];
          once |= cand[c];
        }
        if ((once | placed) != kAllDigits) return false;  // a digit with no place left
        const DigitMask single = static_cast<DigitMask>(once & ~twice & ~placed);
        bool bad = false;
        for_each_digit(single, [&](int digit) {
          if (bad) return;
          for (auto c : unit)
            if (value[c] == 0 && (cand[c] & digit_bit(digit))) {
              if (!assign(c, digit)) bad = true;
              progress = true;
              break;
            }
        });
        if (bad) return false;
      }
    }
    return true;
  }
};

void search(MarkState& s, unsigned limit, SolveResult& result) {
  if (!s.propagate()) return;
  if (s.open == 0) {
    if (result.count++ == 0) result.solution = s.value;
    return;
  }
  int best = -1, best_n = 10;
  for (int c = 0; c < kCells; ++c) {
    if (s.value[c] != 0) continue;
    const int n = popcount(s.cand[c]);
    if (n < best_n) best = c, best_n = n;
  }
  ++result.guesses;
  DigitMask m = s.cand[best];
  while (m != 0 && result.count < limit) {
    const int digit = single_digit(m);
    m &= static_cast<DigitMask>(m - 1);
    MarkState next = s;
    if (next.assign(best, digit)) search(next, limit, result);
  }
}

}  // namespace

SolveResult solve_marks(const Candidates& marks, unsigned limit) {
  SolveResult result;
  if (limit == 0) limit = 1;
  MarkState s;
  s.cand = marks;
  for (int c = 0; c < kCells; ++c)
    if ((s.cand[c] &= kAllDigits) == 0) return result;
  search(s, limit, result);
  return result;
}

}  // namespace sudokit
