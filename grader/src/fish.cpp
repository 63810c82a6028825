// Basic fish: X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2). Base lines are
// columns (covering rows) first, then rows; line combinations in colex
// order, then digits 1..9; a digit is skipped when it is placed so often that
// fewer than 2k of its positions remain. No finned or sashimi variants.
#include <array>

#include "houses.hpp"
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

class Fish final : public Producer {
 public:
  explicit Fish(int size) : k_(size) {}

  void find(const Board& board, StepSink& sink) override {
    if (!scan(board, UnitKind::Column, UnitKind::Row, sink)) return;
    scan(board, UnitKind::Row, UnitKind::Column, sink);
  }

 private:
  bool scan(const Board& board, UnitKind base_type, UnitKind cover_type, StepSink& sink) {
    static constexpr Technique kTech[5] = {Technique::XWing, Technique::XWing, Technique::XWing, Technique::Swordfish,
                                           Technique::Jellyfish};
    static constexpr double kRating[5] = {0, 0, 3.2, 3.8, 5.2};
    // Per digit, the base lines with 2..k positions: only those can be in a
    // fish (fewer fails the test below, more makes the cover too large).
    // find_changed(): a fish's rule parents are removals of its digit in
    // its base lines, so one of them must have lost the digit.
    std::array<std::uint32_t, 10> eligible{}, touched{};
    for (int d = 1; d <= 9; ++d) {
      if (board.placed_count(d) + 2 * k_ > 9) continue;
      touched[static_cast<std::size_t>(d)] = houses_of_kind(changed_houses(d), base_type);
      if (!touched[static_cast<std::size_t>(d)]) continue;
      for (int i = 0; i < kHousesPerKind; ++i) {
        const int n = popcount(board.positions(house_id(base_type, i), d));
        if (n >= 2 && n <= k_) eligible[static_cast<std::size_t>(d)] |= 1u << i;
      }
      if (popcount(eligible[static_cast<std::size_t>(d)]) < k_ || !(eligible[static_cast<std::size_t>(d)] & touched[static_cast<std::size_t>(d)]))
        eligible[static_cast<std::size_t>(d)] = 0;
    }
    bool go = true;
    std::uint32_t digits = 0, lines_in_use = 0;  // those with eligible lines (bit d), and the lines
    for (int d = 1; d <= 9; ++d) {
      if (eligible[static_cast<std::size_t>(d)]) digits |= 1u << d;
      lines_in_use |= eligible[static_cast<std::size_t>(d)];
    }
    if (!digits) return true;
    for_each_combination_within(lines_in_use, k_, [&](std::uint32_t lines) {
      for (std::uint32_t dm = digits; dm && go; dm &= dm - 1) {
        const int d = lowest_bit_index(dm);
        if ((lines & ~eligible[static_cast<std::size_t>(d)]) || !(lines & touched[static_cast<std::size_t>(d)])) continue;
        std::uint16_t common = 0;
        bool ok = true;
        for (std::uint32_t m = lines; m && ok; m &= m - 1) {
          const std::uint16_t pos = board.positions(house_id(base_type, lowest_bit_index(m)), d);
          ok = popcount(pos) > 1;
          common |= pos;
        }
        if (!ok || popcount(common) != k_) continue;
        Step s;
        s.technique = kTech[k_];
        s.difficulty = kRating[k_];
        s.digits = digit_bit(d);
        s.size = static_cast<std::uint8_t>(k_);
        s.fish_base = base_type == UnitKind::Row ? LineKind::Rows : LineKind::Columns;
        for_each_bit(lines, [&](int i) { s.units |= 1u << house_id(base_type, i); });
        for_each_bit(common, [&](int i) { s.units |= 1u << house_id(cover_type, i); });
        for_each_bit(common, [&](int i) {
          const int cover = house_id(cover_type, i);
          const auto& cells = kUnitCells[static_cast<std::size_t>(cover)];
          const std::uint16_t pos = board.positions(cover, d);
          for_each_bit(pos, [&](int j) {
            const int c = cells[static_cast<std::size_t>(j)];
            if (lines & (1u << j)) s.cells.add(c);
            else s.removals[c] |= digit_bit(d);
          });
        });
        if (!s.has_eliminations()) continue;
        go = sink.add(s);
      }
      return go;
    });
    return go;
  }

  int k_;
};

}  // namespace

std::unique_ptr<Producer> make_fish(int size) { return std::make_unique<Fish>(size); }

}  // namespace sudokit::grader
