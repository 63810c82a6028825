// Singles: Hidden Single (full house 1.0, box 1.2, row/column 1.5) and
// Naked Single (2.3). Houses are scanned box, column, row; cells 0..80.
#include "houses.hpp"
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

class HiddenSingle final : public Producer {
 public:
  void find(const Board& board, StepSink& sink) override {
    // Pass 1: full houses (a house with one empty cell), then pass 2: any single position.
    for (int pass = 0; pass < 2; ++pass) {
      for (const UnitKind kind : kScanOrder) {
        for (const int u : houses(kind)) {
          if (pass == 0 && board.empty_in_unit(u) != 1) continue;
          for (DigitMask lone = board.lone_digits(u); lone; lone = static_cast<DigitMask>(clear_lowest_bit(lone))) {
            const int d = lowest_bit_index(lone) + 1;
            const std::uint16_t pos = board.positions(u, d);
            Step s;
            s.technique = Technique::HiddenSingle;
            s.place_cell = static_cast<std::int8_t>(kUnitCells[static_cast<std::size_t>(u)][static_cast<std::size_t>(lowest_bit_index(pos))]);
            s.place_digit = static_cast<std::uint8_t>(d);
            s.unit = static_cast<std::int8_t>(u);
            s.units = 1u << u;
            s.digits = digit_bit(d);
            s.single_kind = pass == 0 ? SingleKind::FullHouse : (is_box(u) ? SingleKind::Box : SingleKind::Line);
            s.difficulty = pass == 0 ? 1.0 : (is_box(u) ? 1.2 : 1.5);
            s.cells.add(s.place_cell);
            if (!sink.add(s)) return;
          }
        }
      }
    }
  }
};

class NakedSingle final : public Producer {
 public:
  void find(const Board& board, StepSink& sink) override {
    for (int c = 0; c < kCells; ++c) {
      const DigitMask m = board.candidates(c);
      if (board.value(c) != 0 || !is_single_bit(m)) continue;
      Step s;
      s.technique = Technique::NakedSingle;
      s.difficulty = 2.3;
      s.place_cell = static_cast<std::int8_t>(c);
      s.place_digit = static_cast<std::uint8_t>(single_digit(m));
      s.digits = m;
      s.cells.add(c);
      if (!sink.add(s)) return;
    }
  }
};

}  // namespace

std::unique_ptr<Producer> make_hidden_single() { return std::make_unique<HiddenSingle>(); }
std::unique_ptr<Producer> make_naked_single() { return std::make_unique<NakedSingle>(); }

}  // namespace sudokit::grader
