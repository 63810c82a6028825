// Intersections: Pointing (box -> line, 2.6) and Claiming (line -> box, 2.8),
// and their direct forms, Direct Pointing (1.7) and Direct Claiming (1.9),
// which only place the hidden single the lock creates in a parallel house
// and never apply the lock's eliminations. Scan order as SE: (box, column),
// (box, row), (column, box), (row, box); digits 1..9; first houses 0..8;
// crossing houses 0..8.
#include <array>
#include <bit>
#include <cassert>
#include <cstdint>

#include "houses.hpp"
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

bool crosses(int u1, int u2) { return !(kUnitSet[static_cast<std::size_t>(u1)] & kUnitSet[static_cast<std::size_t>(u2)]).empty(); }

// A house's positions of a digit (9 bits, kUnitCells order) that lie in one
// of its three segments, and two or more of them: the segment (0..2), else
// -1. Runs: bits 0-2, 3-5, 6-8 (a line's box segments, a box's rows);
// strides: bits {0,3,6}, {1,4,7}, {2,5,8} (a box's columns).
struct SegmentTables {
  std::array<std::int8_t, 512> run{}, stride{};
  constexpr SegmentTables() {
    for (int pos = 0; pos < 512; ++pos) {
      run[static_cast<std::size_t>(pos)] = stride[static_cast<std::size_t>(pos)] = -1;
      if (std::popcount(static_cast<unsigned>(pos)) < 2) continue;
      for (int k = 0; k < 3; ++k) {
        if ((pos & ~(7 << (3 * k))) == 0) run[static_cast<std::size_t>(pos)] = static_cast<std::int8_t>(k);
        if ((pos & ~(0x49 << k)) == 0) stride[static_cast<std::size_t>(pos)] = static_cast<std::int8_t>(k);
      }
    }
  }
};
constexpr SegmentTables kSegments;

class Locking final : public Producer {
 public:
  explicit Locking(bool direct) : direct_(direct) {}

  void find(const Board& board, StepSink& sink) override {
    static constexpr UnitKind kPairs[4][2] = {{UnitKind::Box, UnitKind::Column},
                                              {UnitKind::Box, UnitKind::Row},
                                              {UnitKind::Column, UnitKind::Box},
                                              {UnitKind::Row, UnitKind::Box}};
    for (const auto& pair : kPairs)
      if (!scan(board, pair[0], pair[1], sink)) return;
  }

 private:
  // Returns false when the sink asked to stop. At most one house of type2
  // holds two or more positions of u1 (the one through the first position),
  // so it is found directly; the order is the scan of every u2 in turn.
  bool scan(const Board& board, UnitKind type1, UnitKind type2, StepSink& sink) {
    // A box's positions in one column are a stride; every other segment is a run.
    const std::array<std::int8_t, 512>& segment = type1 == UnitKind::Box && type2 == UnitKind::Column ? kSegments.stride : kSegments.run;
    for (int d = 1; d <= 9; ++d) {
      // find_changed(): a lock's rule parents are removals of its digit in
      // its first house; a direct one's single also depends on the houses
      // of u1's type crossing u2. Either way, on removals of its digit.
      if (unchanged(d)) continue;
      const std::uint32_t first_houses = houses_of_kind(direct_ ? ~0u : changed_houses(d), type1);
      for (std::uint32_t m = first_houses; m; m &= m - 1) {
        const int u1 = house_id(type1, lowest_bit_index(m));
        const int k = segment[board.positions(u1, d)];
        if (k < 0) continue;
        const int u2 = segment_house(u1, type2, k);
        const CellSet where = board.digit_cells(d) & kUnitSet[static_cast<std::size_t>(u1)];
        assert(where.size() >= 2 && (where - kUnitSet[static_cast<std::size_t>(u2)]).empty());
        if (direct_ && unchanged(d, crossing(type1, u2))) continue;
        if (direct_) {
          if (!direct_hints(board, type1, u1, u2, d, where, sink)) return false;
        } else {
          Step s = make_step(board, u1, u2, d, where);
          if (s.has_eliminations() && !sink.add(s)) return false;
        }
      }
    }
    return true;
  }

  Step make_step(const Board& board, int u1, int u2, int d, const CellSet& where) const {
    Step s;
    const bool from_box = is_box(u1);
    s.technique = direct_ ? (from_box ? Technique::DirectPointing : Technique::DirectClaiming)
                          : (from_box ? Technique::Pointing : Technique::Claiming);
    s.difficulty = direct_ ? (from_box ? 1.7 : 1.9) : (from_box ? 2.6 : 2.8);
    s.unit = static_cast<std::int8_t>(u1);
    s.unit2 = static_cast<std::int8_t>(u2);
    s.units = (1u << u1) | (1u << u2);
    s.digits = digit_bit(d);
    s.cells = where;
    if (!direct_) {
      const CellSet victims = (kUnitSet[static_cast<std::size_t>(u2)] - kUnitSet[static_cast<std::size_t>(u1)]) & board.digit_cells(d);
      victims.for_each([&](int c) { s.removals[c] |= digit_bit(d); });
    }
    return s;
  }

  // The lock of d from u1 in u2 leaves one position in another house u3 of u1's type.
  bool direct_hints(const Board& board, UnitKind type1, int u1, int u2, int d, const CellSet& where, StepSink& sink) {
    for (const int u3 : houses(type1)) {
      if (u3 == u1 || !crosses(u3, u2)) continue;
      const std::uint16_t pos = board.positions(u3, d);
      if (popcount(pos) < 2) continue;
      int remain = 0, cell = -1;
      for_each_bit(pos, [&](int i) {
        const int c = kUnitCells[static_cast<std::size_t>(u3)][static_cast<std::size_t>(i)];
        if (!kUnitSet[static_cast<std::size_t>(u2)].has(c)) {
          ++remain;
          cell = c;
        }
      });
      if (remain != 1) continue;
      Step s = make_step(board, u1, u2, d, where);
      s.place_cell = static_cast<std::int8_t>(cell);
      s.place_digit = static_cast<std::uint8_t>(d);
      s.units |= 1u << u3;
      if (!sink.add(s)) return false;
    }
    return true;
  }

  // The cells of the houses of type `type1` that cross u2.
  static CellSet crossing(UnitKind type1, int u2) {
    CellSet cells;
    for (const int u3 : houses(type1))
      if (crosses(u3, u2)) cells |= kUnitSet[static_cast<std::size_t>(u3)];
    return cells;
  }

  bool direct_;
};

}  // namespace

std::unique_ptr<Producer> make_locking(bool direct) { return std::make_unique<Locking>(direct); }

}  // namespace sudokit::grader
