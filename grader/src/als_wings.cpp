// The reference build's "wings" of a bivalue cell and an almost locked set:
// WXYZ-Wing (3 ALS cells, 5.5-5.6), VWXYZ-Wing (4 cells, 6.2-6.4),
// UVWXYZ-Wing (5 cells, 6.6) and TUVWXYZ-Wing (6 cells, 7.5).
//
// Behaviour (specification sections 3.3 and 4, checked against the
// reference program's WXYZWing ... TUVWXYZWing and their hints):
//  * ALS: k mutually visible cells holding exactly k+1 digits. The first
//    cell runs over cells 0..80 (2..k+1 candidates); each further cell is
//    taken, in ascending order, among the later cells seeing all cells
//    chosen so far, with 2..k+1 candidates (a cell with more would take the
//    union past k+1), while the union stays below k+2 digits (exactly k+1
//    at the last cell).
//  * Bivalue cell {x,z} (x < z), in ascending order among the cells seeing at
//    least one ALS cell, both digits in the ALS. A digit is restricted when
//    every ALS cell holding it sees the bivalue cell. x restricted: remove z
//    from cells seeing the bivalue cell and every ALS cell holding z. Only z
//    restricted: the same with x and z swapped. Both restricted ("doubly
//    linked"): also remove each other ALS digit from the cells seeing every
//    ALS cell holding it, and x like z; a doubly linked hint whose only
//    eliminations are of one of x, z is reported as singly linked.
//  * Rating: WXYZ 5.5 + 0.1 * (1 - |3 - b|), VWXYZ 6.2 + 0.1 * (2 - |3 - b|),
//    b = the largest candidate count in the ALS; UVWXYZ 6.6, TUVWXYZ 7.5.
//  * Name "<kind> <l><b><s>": l = 2 if doubly linked else 1, s = total
//    candidate count of the ALS cells. All hints are collected and stably
//    sorted by rating, eliminations (more first), then name suffix
//    (greater first).
#include <algorithm>
#include <array>
#include <cassert>
#include <cstdlib>
#include <string>
#include <vector>

#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

constexpr int kMaxAls = 6;

std::array<CellSet, 81> make_forward_peers() {
  std::array<CellSet, 81> s{};
  for (int c = 0; c < 81; ++c)
    for (int p : kPeers[static_cast<std::size_t>(c)])
      if (p > c) s[static_cast<std::size_t>(c)].add(p);
  return s;
}
const std::array<CellSet, 81> kForward = make_forward_peers();

struct Found {
  double difficulty = 0;
  int eliminations = 0;
  std::array<char, 8> suffix{};
  CellSet cells;        // ALS cells and the bivalue cell
  DigitMask digits = 0;  // ALS digits
  std::int8_t x = 0, z = 0;  // restricted digit, eliminated digit (as the reference labels them)
  Candidates removals;
};

class AlsWing final : public Producer {
 public:
  explicit AlsWing(int size) : k_(size) {}

  void find(const Board& board, StepSink& sink) override {
    found_.clear();
    board_ = &board;
    bivalue_ = board.cells_with_candidates(2, 2);
    // find_changed(): a wing none of whose cells lost a candidate the board
    // before had too, so only wings with a changed cell are searched: a
    // changed ALS cell, or a changed bivalue cell, which sees an ALS cell.
    changed_ = changed_cells();
    need_ = changed_;
    (changed_ & bivalue_).for_each([&](int c) { need_ |= kPeerSet[static_cast<std::size_t>(c)]; });
    // Only cells with 2..k+1 candidates can be ALS cells (more would make
    // the union too large): the others are never visited.
    const CellSet eligible = board.cells_with_candidates(2, k_ + 1);
    eligible.for_each([&](int p) {
      const DigitMask m = board.candidates(p);
      const int n = popcount(m);
      const CellSet later = kForward[static_cast<std::size_t>(p)] & eligible;
      if (!need_.has(p) && (later & need_).empty()) return;
      als_[0] = p;
      extend(1, later, m, n, n, need_.has(p));
    });
    std::stable_sort(found_.begin(), found_.end(), [](const Found& a, const Found& b) {
      if (a.difficulty != b.difficulty) return a.difficulty < b.difficulty;
      if (a.eliminations != b.eliminations) return a.eliminations > b.eliminations;
      return std::string_view(a.suffix.data()) > std::string_view(b.suffix.data());
    });
    for (const Found& f : found_)
      if (!sink.add(to_step(f))) return;
  }

 private:
  // `needed`: the cells so far hold one of need_ (see find()).
  void extend(int level, const CellSet& candidates, DigitMask all, int biggest, int total, bool needed) {
    candidates.for_each([&](int c) {
      const DigitMask m = board_->candidates(c);
      const int n = popcount(m);
      const DigitMask u = all | m;
      const int un = popcount(u);
      const bool now_needed = needed || need_.has(c);
      als_[static_cast<std::size_t>(level)] = c;
      if (level == k_ - 1) {
        if (un == k_ + 1 && now_needed) wings(u, std::max(biggest, n), total + n);
      } else if (un < k_ + 2) {
        const CellSet later = candidates & kForward[static_cast<std::size_t>(c)];
        if (now_needed || !(later & need_).empty())
          extend(level + 1, later, u, std::max(biggest, n), total + n, now_needed);
      }
    });
  }

  // The bivalue cells that complete the ALS into a wing.
  void wings(DigitMask all, int biggest, int total) {
    // Only a bivalue cell whose two digits are the ALS's can complete it
    // (one holding no other digit): most ALS have none, and need nothing
    // more worked out.
    CellSet other_digits;
    for_each_digit(static_cast<DigitMask>(kAllDigits & ~all), [&](int d) { other_digits |= board_->digit_cells(d); });
    const CellSet fitting = bivalue_ - other_digits;
    if (fitting.empty()) return;
    CellSet als, range;
    for (int i = 0; i < k_; ++i) {
      const int c = als_[static_cast<std::size_t>(i)];
      als.add(c);
      range |= kPeerSet[static_cast<std::size_t>(c)];
    }
    range -= als;
    range &= fitting;
    if ((als & changed_).empty()) range &= changed_;  // find_changed(): the wing's changed cell is the bivalue one
    if (range.empty()) return;
    std::array<CellSet, 10> holding{};  // ALS cells holding each digit
    std::array<CellSet, 10> seeing{};   // cells seeing every ALS cell that holds the digit
    for_each_digit(all, [&](int d) {
      CellSet see;
      bool first = true;
      for (int i = 0; i < k_; ++i) {
        const int c = als_[static_cast<std::size_t>(i)];
        if (!board_->has(c, d)) continue;
        holding[static_cast<std::size_t>(d)].add(c);
        see = first ? kPeerSet[static_cast<std::size_t>(c)] : see & kPeerSet[static_cast<std::size_t>(c)];
        first = false;
      }
      seeing[static_cast<std::size_t>(d)] = see;
    });
    range.for_each([&](int yz) {
      const DigitMask m = board_->candidates(yz);
      assert((m & ~all) == 0 && "a fitting cell's digits are the ALS's");
      const int x = lowest_bit_index(m) + 1;
      const int z = lowest_bit_index(clear_lowest_bit(m)) + 1;
      const CellSet& peers = kPeerSet[static_cast<std::size_t>(yz)];
      auto restricted = [&](int d) { return (holding[static_cast<std::size_t>(d)] - peers).empty(); };
      const bool z_restricted = restricted(z);
      if (restricted(x)) record(all, als, yz, seeing, x, z, z_restricted, biggest, total);
      else if (z_restricted) record(all, als, yz, seeing, z, x, false, biggest, total);
    });
  }

  void record(DigitMask all, const CellSet& als, int yz, const std::array<CellSet, 10>& seeing, int x, int z,
              bool doubly, int biggest, int total) {
    Found f;
    CellSet pattern = als;
    pattern.add(yz);
    int count = 0;
    auto remove = [&](int d, CellSet victims) {
      victims -= pattern;
      victims &= board_->digit_cells(d);
      victims.for_each([&](int c) { f.removals[c] |= digit_bit(d); });
      const int n = victims.size();
      count += n;
      return n > 0;
    };
    const CellSet& peers = kPeerSet[static_cast<std::size_t>(yz)];
    bool others = false, x_gone = false;
    if (doubly) {
      const DigitMask rest = static_cast<DigitMask>(all & ~digit_bit(x) & ~digit_bit(z));
      for_each_digit(rest, [&](int w) { others |= remove(w, seeing[static_cast<std::size_t>(w)]); });
      x_gone = remove(x, peers & seeing[static_cast<std::size_t>(x)]);
    }
    const bool z_gone = remove(z, peers & seeing[static_cast<std::size_t>(z)]);
    if (count == 0) return;
    f.x = static_cast<std::int8_t>(x);
    f.z = static_cast<std::int8_t>(z);
    if (doubly && !others) {
      if (!z_gone) {
        doubly = false;
        std::swap(f.x, f.z);
      } else if (!x_gone) {
        doubly = false;
      }
    }
    f.eliminations = count;
    f.cells = pattern;
    f.digits = all;
    f.difficulty = rating(biggest);
    const std::string suffix = std::to_string(doubly ? 2 : 1) + std::to_string(biggest) + std::to_string(total);
    for (std::size_t i = 0; i < suffix.size() && i + 1 < f.suffix.size(); ++i) f.suffix[i] = suffix[i];
    found_.push_back(f);
  }

  double rating(int biggest) const {
    switch (k_) {
      case 3: return 5.5 + ((4 - 3) - std::abs(3 - biggest)) * 0.1;
      case 4: return 6.2 + ((5 - 3) - std::abs(3 - biggest)) * 0.1;
      case 5: return 6.6;
      default: return 7.5;
    }
  }

  Step to_step(const Found& f) const {
    static constexpr Technique kTech[kMaxAls + 1] = {Technique::WXYZWing,   Technique::WXYZWing,  Technique::WXYZWing,
                                                     Technique::WXYZWing,   Technique::VWXYZWing, Technique::UVWXYZWing,
                                                     Technique::TUVWXYZWing};
    static constexpr const char* kName[kMaxAls + 1] = {"", "", "", "WXYZ-Wing ", "VWXYZ-Wing ", "UVWXYZ-Wing ",
                                                       "TUVWXYZ-Wing "};
    Step s;
    s.technique = kTech[k_];
    s.difficulty = f.difficulty;
    s.digits = f.digits;
    s.cells = f.cells;
    s.size = static_cast<std::uint8_t>(k_);
    s.z_digit = static_cast<std::uint8_t>(f.z);
    s.removals = f.removals;
    s.label = std::string(kName[k_]) + f.suffix.data();
    s.detail = "on value " + std::to_string(f.z) + " (restricted " + std::to_string(f.x) + ")";
    return s;
  }

  int k_;
  const Board* board_ = nullptr;
  CellSet bivalue_;
  CellSet changed_, need_;  // find_changed(): cells that lost a candidate (every cell otherwise), and see find()
  std::array<int, kMaxAls> als_{};
  std::vector<Found> found_;
};

}  // namespace

std::unique_ptr<Producer> make_als_wing(int size) { return std::make_unique<AlsWing>(size); }

}  // namespace sudokit::grader
