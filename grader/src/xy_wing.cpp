// XY-Wing (4.2) and XYZ-Wing (4.4). Pivot cells 0..80; wings among the
// pivot's bivalue peers in ascending order. XY-Wing: three bivalue cells xy,
// xz, yz (union of 3 digits, none common to all); z leaves every cell that
// sees both wings. XYZ-Wing: pivot xyz with wings xz and yz; z leaves cells
// that see all three.
//
// find_changed(): a wing whose three cells lost nothing has the candidates
// it had on the board before, and there it cleared at least what it clears
// now; so the second wing is taken among changed cells unless the pivot or
// the first wing is one.
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

class XYWing final : public Producer {
 public:
  explicit XYWing(bool xyz) : xyz_(xyz) {}

  void find(const Board& board, StepSink& sink) override {
    const int pivot_size = xyz_ ? 3 : 2;
    const CellSet bivalue = board.cells_with_candidates(2, 2);
    const CellSet changed = changed_cells();
    for (int p = 0; p < kCells; ++p) {
      const DigitMask xy = board.candidates(p);
      if (popcount(xy) != pivot_size) continue;
      const CellSet wings = kPeerSet[static_cast<std::size_t>(p)] & bivalue;
      for (CellSet left = wings; !left.empty();) {  // the first wing, then the second, ascending
        const int a = left.first();
        left.remove(a);
        const DigitMask xz = board.candidates(a);
        if (popcount(static_cast<DigitMask>(xy & ~xz)) != 1) continue;
        for (CellSet rest = changed.has(p) || changed.has(a) ? wings : wings & changed; !rest.empty();) {
          const int b = rest.first();
          rest.remove(b);
          const DigitMask yz = board.candidates(b);
          const DigitMask all = xy | xz | yz;
          const DigitMask common = xy & xz & yz;
          if (popcount(all) != 3 || popcount(common) != (xyz_ ? 1 : 0)) continue;
          const DigitMask z = xz & yz;
          if (popcount(z) != 1) continue;
          const int zd = single_digit(z);
          CellSet victims = kPeerSet[static_cast<std::size_t>(a)] & kPeerSet[static_cast<std::size_t>(b)];
          if (xyz_) victims &= kPeerSet[static_cast<std::size_t>(p)];
          victims.remove(p);
          victims &= board.digit_cells(zd);
          if (victims.empty()) continue;
          Step s;
          s.technique = xyz_ ? Technique::XYZWing : Technique::XYWing;
          s.difficulty = xyz_ ? 4.4 : 4.2;
          s.digits = all;
          s.cells.add(p);
          s.cells.add(a);
          s.cells.add(b);
          s.z_digit = static_cast<std::uint8_t>(zd);
          victims.for_each([&](int c) { s.removals[c] |= z; });
          if (!sink.add(s)) return;
        }
      }
    }
  }

 private:
  bool xyz_;
};

}  // namespace

std::unique_ptr<Producer> make_xy_wing(bool xyz) { return std::make_unique<XYWing>(xyz); }

}  // namespace sudokit::grader
