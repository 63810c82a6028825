// Naked and hidden sets (pairs 3.0/3.4, triplets 3.6/4.0, quads 5.0/5.4) and
// the direct hidden sets (Direct Hidden Pair 2.0, Direct Hidden Triplet 2.5),
// which only place the hidden single the set creates. Houses box, column,
// row; combinations in colex order. A naked set only clears its own house.
#include "houses.hpp"
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

class HiddenSet final : public Producer {
 public:
  HiddenSet(int size, bool direct) : k_(size), direct_(direct) {}

  void find(const Board& board, StepSink& sink) override {
    for (const UnitKind kind : kScanOrder) {
      for (const int u : houses(kind)) {
        // find_changed(): a set's rule parents are removals of its digits in
        // its house, which also holds a direct set's single (so that one
        // depends on every digit there).
        if (!((changed_houses() >> u) & 1)) continue;
        std::uint32_t touched = direct_ ? 0x1FF : 0;  // digits removed in the house (bit d - 1)
        for (int d = 1; d <= 9 && !direct_; ++d)
          if ((changed_houses(d) >> u) & 1) touched |= 1u << (d - 1);
        const int empty = board.empty_in_unit(u);
        if (!(empty > 2 * k_ || (direct_ && empty > k_))) continue;
        // Only digits with 2..k positions can be in a set (fewer fails the
        // test below, more makes the union too large): a house with fewer
        // than k such digits has no set, and a combination with another
        // digit is none. Same sets, same order.
        std::uint32_t eligible = 0;
        for (int d = 1; d <= 9; ++d) {
          const int n = popcount(board.positions(u, d));
          if (n >= 2 && n <= k_) eligible |= 1u << (d - 1);
        }
        if (popcount(eligible) < k_) continue;
        bool go = true;
        for_each_combination_within(eligible, k_, [&](std::uint32_t combo) {
          if (!(combo & touched)) return true;
          std::uint16_t common = 0;
          DigitMask set_digits = 0;
          for (std::uint32_t m = combo; m; m &= m - 1) {
            const int d = lowest_bit_index(m) + 1;
            const std::uint16_t pos = board.positions(u, d);
            if (popcount(pos) <= 1) return true;
            common |= pos;
            set_digits |= digit_bit(d);
          }
          if (popcount(common) != k_) return true;
          go = report(board, u, set_digits, common, sink);
          return go;
        });
        if (!go) return;
      }
    }
  }

 private:
  bool report(const Board& board, int u, DigitMask set_digits, std::uint16_t common, StepSink& sink) {
    Step s;
    s.unit = static_cast<std::int8_t>(u);
    s.units = 1u << u;
    s.digits = set_digits;
    s.size = static_cast<std::uint8_t>(k_);
    const auto& cells = kUnitCells[static_cast<std::size_t>(u)];
    for_each_bit(common, [&](int i) {
      const int c = cells[static_cast<std::size_t>(i)];
      s.cells.add(c);
      if (!direct_) s.removals[c] = static_cast<DigitMask>(board.candidates(c) & ~set_digits);
    });
    if (direct_) {
      s.technique = k_ == 2 ? Technique::DirectHiddenPair : Technique::DirectHiddenTriplet;
      s.difficulty = k_ == 2 ? 2.0 : 2.5;
      for (int d = 1; d <= 9; ++d) {
        if (set_digits & digit_bit(d)) continue;
        const std::uint16_t pos = board.positions(u, d);
        if (popcount(pos) <= 1) continue;
        const std::uint16_t rest = static_cast<std::uint16_t>(pos & ~common);
        if (!is_single_bit(rest)) continue;
        s.place_cell = static_cast<std::int8_t>(cells[static_cast<std::size_t>(lowest_bit_index(rest))]);
        s.place_digit = static_cast<std::uint8_t>(d);
        return sink.add(s);
      }
      return true;
    }
    static constexpr Technique kTech[5] = {Technique::HiddenSingle, Technique::HiddenSingle, Technique::HiddenPair,
                                           Technique::HiddenTriplet, Technique::HiddenQuad};
    static constexpr double kRating[5] = {0, 0, 3.4, 4.0, 5.4};
    s.technique = kTech[k_];
    s.difficulty = kRating[k_];
    if (!s.has_eliminations()) return true;
    return sink.add(s);
  }

  int k_;
  bool direct_;
};

class NakedSet final : public Producer {
 public:
  explicit NakedSet(int size) : k_(size) {}

  void find(const Board& board, StepSink& sink) override {
    static constexpr Technique kTech[5] = {Technique::NakedSingle, Technique::NakedSingle, Technique::NakedPair,
                                           Technique::NakedTriplet, Technique::NakedQuad};
    static constexpr double kRating[5] = {0, 0, 3.0, 3.6, 5.0};
    for (const UnitKind kind : kScanOrder) {
      for (const int u : houses(kind)) {
        if (board.empty_in_unit(u) < 2 * k_) continue;
        // find_changed(): a set's rule parents are removals in its cells.
        if (!((changed_houses() >> u) & 1)) continue;
        const auto& cells = kUnitCells[static_cast<std::size_t>(u)];
        const CellSet changed = changed_cells();
        // Only cells with 2..k candidates can be in a set (as for hidden sets).
        std::uint32_t eligible = 0, touched = 0;
        for (int i = 0; i < 9; ++i) {
          const int c = cells[static_cast<std::size_t>(i)];
          const int n = popcount(board.candidates(c));
          if (n >= 2 && n <= k_) eligible |= 1u << i;
          if (changed.has(c)) touched |= 1u << i;
        }
        if (popcount(eligible) < k_ || !(eligible & touched)) continue;
        bool go = true;
        for_each_combination_within(eligible, k_, [&](std::uint32_t combo) {
          if (!(combo & touched)) return true;
          DigitMask digits = 0;
          for (std::uint32_t m = combo; m; m &= m - 1) {
            const DigitMask c = board.candidates(cells[static_cast<std::size_t>(lowest_bit_index(m))]);
            if (popcount(c) <= 1) return true;
            digits |= c;
          }
          if (popcount(digits) != k_) return true;
          Step s;
          s.technique = kTech[k_];
          s.difficulty = kRating[k_];
          s.unit = static_cast<std::int8_t>(u);
          s.units = 1u << u;
          s.digits = digits;
          s.size = static_cast<std::uint8_t>(k_);
          for (int i = 0; i < 9; ++i) {
            const int c = cells[static_cast<std::size_t>(i)];
            if (combo & (1u << i)) s.cells.add(c);
            else s.removals[c] = static_cast<DigitMask>(board.candidates(c) & digits);
          }
          if (!s.has_eliminations()) return true;
          go = sink.add(s);
          return go;
        });
        if (!go) return;
      }
    }
  }

 private:
  int k_;
};

}  // namespace

std::unique_ptr<Producer> make_hidden_set(int size, bool direct) { return std::make_unique<HiddenSet>(size, direct); }
std::unique_ptr<Producer> make_naked_set(int size) { return std::make_unique<NakedSet>(size); }

}  // namespace sudokit::grader
