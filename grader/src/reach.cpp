// ImplicationReach: see reach.hpp.
#include "reach.hpp"

#include <algorithm>
#include <bit>
#include <cassert>

namespace sudokit::grader {

void ImplicationReach::start(const Board& board, bool y, bool x, bool dead_ends) {
  board_ = &board;
  y_ = y;
  x_ = x;
  dead_ends_ = dead_ends;
  ready_.fill(false);
  id_.fill(-1);
  pot_.clear();
  adj_start_.assign(1, 0);
  adj_.clear();
  comp_.clear();
  comp_lo_.clear();
  comp_words_.clear();
  comp_at_.clear();
  bits_.clear();
  members_.clear();
  comp_members_.assign(1, 0);
}

// An "off" that makes nothing on: its cell is not bivalue (or no Y links)
// and no house of the cell holds the digit twice (or no X links).
bool ImplicationReach::dead_end(int cell, int digit) const {
  if (y_ && popcount(board_->candidates(cell)) == 2) return false;
  if (x_)
    for (int u : kCellUnits[static_cast<std::size_t>(cell)])
      if (popcount(board_->positions(u, digit)) == 2) return false;
  return true;
}

const std::uint64_t* ImplicationReach::reach_set(int id, int& lo, int& words) const {
  const auto c = static_cast<std::size_t>(comp_[static_cast<std::size_t>(id)]);
  lo = comp_lo_[c];
  words = comp_words_[c];
  return &bits_[comp_at_[c]];
}

bool ImplicationReach::reaches(int from, int to) {
  if (from == to) return true;
  const int digit = Potential::of_key(from).digit;
  const int d = y_ ? 0 : digit;
  if (!ready_[static_cast<std::size_t>(d)]) build(d);
  const int a = id_[static_cast<std::size_t>(from)];
  if (a < 0) return false;  // a dead end reaches nothing else
  int lo = 0, words = 0;
  const std::uint64_t* r = reach_set(a, lo, words);
  auto has = [&](int w) {
    const int b = id_[static_cast<std::size_t>(w)];
    const int word = (b >> 6) - lo;
    // A set spans its build's words only (another digit's build is apart).
    return b >= 0 && word >= 0 && word < words && ((r[word] >> (b & 63)) & 1) != 0;
  };
  if (id_[static_cast<std::size_t>(to)] >= 0 || (to & 1) || dead_ends_) return has(to);
  // A dead-end "off" left out of the graph is reached with an "on" linked to
  // it: the digit in a peer, or (Y) another digit of the cell.
  const Potential target = Potential::of_key(to);
  const int cell = target.cell, dd = target.digit;
  if (!y_ && dd != digit) return false;
  const CellSet peers = kPeerSet[cell] & board_->digit_cells(dd);
  for (std::uint64_t w = peers.lo; w; w &= w - 1)
    if (has(potential_key(std::countr_zero(w), dd, true))) return true;
  for (std::uint64_t w = peers.hi; w; w &= w - 1)
    if (has(potential_key(64 + std::countr_zero(w), dd, true))) return true;
  if (y_)
    for (DigitMask m = static_cast<DigitMask>(board_->candidates(cell) & ~digit_bit(dd)); m;
         m = static_cast<DigitMask>(clear_lowest_bit(m)))
      if (has(potential_key(cell, lowest_bit_index(m) + 1, true))) return true;
  return false;
}

int ImplicationReach::component(int potential) {
  const int d = y_ ? 0 : Potential::of_key(potential).digit;
  if (!ready_[static_cast<std::size_t>(d)]) build(d);
  const int a = id_[static_cast<std::size_t>(potential)];
  return a < 0 ? -1 : comp_[static_cast<std::size_t>(a)];
}

ImplicationReach::Members ImplicationReach::members(int component) const {
  const auto c = static_cast<std::size_t>(component);
  assert(c + 1 < comp_members_.size());
  return {members_.data() + comp_members_[c], comp_members_[c + 1] - comp_members_[c]};
}

bool ImplicationReach::reach_in_common(const int* from, int n) {
  assert(y_ && n >= 1 && "one build holds every potential");
  if (!ready_[0]) build(0);
  const std::size_t words = (pot_.size() + 63) / 64;
  common_.assign(words, ~std::uint64_t{0});
  for (int i = 0; i < n; ++i) {
    const int a = id_[static_cast<std::size_t>(from[i])];
    if (a < 0) return false;
    int lo = 0, set_words = 0;
    const std::uint64_t* r = reach_set(a, lo, set_words);
    assert(lo == 0 && static_cast<std::size_t>(set_words) == words);
    bool any = false;
    for (std::size_t k = 0; k < words; ++k) any |= (common_[k] &= r[k]) != 0;
    if (!any) return false;
  }
  return true;
}

// The potentials of `digit` (0: every digit), their edges, components and
// reachable sets, added to what this board has built. Every reachable set
// lies within the build's ids.
void ImplicationReach::build(int digit) {
  ready_[static_cast<std::size_t>(digit)] = true;
  const int first_id = static_cast<int>(pot_.size());
  std::array<CellSet, 10> offs{};  // by digit, the cells whose "off" is in the graph
  for (int cell = 0; cell < kCells; ++cell) {
    if (board_->value(cell) != 0) continue;
    const DigitMask m =
        digit ? static_cast<DigitMask>(board_->candidates(cell) & digit_bit(digit)) : board_->candidates(cell);
    for_each_digit(m, [&](int d) {
      for (bool on : {true, false}) {
        if (!on && !dead_ends_ && dead_end(cell, d)) continue;
        if (!on) offs[static_cast<std::size_t>(d)].add(cell);
        id_[static_cast<std::size_t>(potential_key(cell, d, on))] = static_cast<std::int16_t>(pot_.size());
        pot_.push_back(potential_key(cell, d, on));
      }
    });
  }
  const int end_id = static_cast<int>(pot_.size());
  auto at = [](int id) { return static_cast<std::size_t>(id); };
  for (int u = first_id; u < end_id; ++u) {
    const Potential p = Potential::of_key(pot_[at(u)]);
    const int cell = p.cell, d = p.digit;
    auto to = [&](int w) {
      const int b = id_[static_cast<std::size_t>(w)];
      if (b >= 0) adj_.push_back(b);
    };
    if (p.on) {
      // Only "off"s in the graph: a dead end left out is no edge.
      if (y_)
        for_each_digit(static_cast<DigitMask>(board_->candidates(cell) & ~digit_bit(d)), [&](int v) {
          if (offs[static_cast<std::size_t>(v)].has(cell)) to(potential_key(cell, v, false));
        });
      (kPeerSet[cell] & offs[static_cast<std::size_t>(d)]).for_each([&](int c) { to(potential_key(c, d, false)); });
    } else {
      const DigitMask m = board_->candidates(cell);
      if (y_ && popcount(m) == 2) to(potential_key(cell, single_digit(static_cast<DigitMask>(m & ~digit_bit(d))), true));
      if (x_)
        for (int unit : kCellUnits[static_cast<std::size_t>(cell)]) {
          const CellSet where = board_->digit_cells(d) & kUnitSet[static_cast<std::size_t>(unit)];
          if (where.size() == 2) (where - CellSet::of(cell)).for_each([&](int c) { to(potential_key(c, d, true)); });
        }
    }
    adj_start_.push_back(static_cast<int>(adj_.size()));
  }
  if (end_id == first_id) return;
  const int lo = first_id >> 6;
  const std::size_t words = static_cast<std::size_t>(((end_id - 1) >> 6) - lo + 1);
  // Tarjan's algorithm, iterative; components complete sinks first.
  order_.assign(at(end_id), -1);
  low_.assign(at(end_id), 0);
  comp_.resize(at(end_id), -1);
  stack_.clear();
  int counter = 0;
  for (int root = first_id; root < end_id; ++root) {
    if (order_[at(root)] >= 0) continue;
    call_.clear();
    call_.push_back({root, adj_start_[at(root)]});
    order_[at(root)] = low_[at(root)] = counter++;
    stack_.push_back(root);
    while (!call_.empty()) {
      const int u = call_.back().first;
      int& next = call_.back().second;
      if (next < adj_start_[at(u) + 1]) {
        const int w = adj_[at(next++)];
        if (order_[at(w)] < 0) {
          order_[at(w)] = low_[at(w)] = counter++;
          stack_.push_back(w);
          call_.push_back({w, adj_start_[at(w)]});
        } else if (comp_[at(w)] < 0) {
          low_[at(u)] = std::min(low_[at(u)], order_[at(w)]);
        }
        continue;
      }
      call_.pop_back();
      if (!call_.empty()) low_[at(call_.back().first)] = std::min(low_[at(call_.back().first)], low_[at(u)]);
      if (low_[at(u)] != order_[at(u)]) continue;
      // A component: its members, then what they reach (completed before it).
      const int c = static_cast<int>(comp_lo_.size());
      comp_lo_.push_back(lo);
      comp_words_.push_back(static_cast<int>(words));
      comp_at_.push_back(bits_.size());
      bits_.resize(bits_.size() + words, 0);
      std::uint64_t* r = &bits_[comp_at_.back()];
      std::size_t first = stack_.size();
      while (stack_[first - 1] != u) --first;
      --first;
      for (std::size_t i = first; i < stack_.size(); ++i) {
        const int m = stack_[i];
        comp_[at(m)] = c;
        r[(m >> 6) - lo] |= std::uint64_t{1} << (m & 63);
        members_.push_back(pot_[at(m)]);
      }
      comp_members_.push_back(static_cast<int>(members_.size()));
      for (std::size_t i = first; i < stack_.size(); ++i) {
        const int m = stack_[i];
        for (int e = adj_start_[at(m)]; e < adj_start_[at(m) + 1]; ++e) {
          // A potential already in r came with everything it reaches.
          const int w = adj_[at(e)];
          if ((r[(w >> 6) - lo] >> (w & 63)) & 1) continue;
          if (adj_start_[at(w)] == adj_start_[at(w) + 1]) {
            r[(w >> 6) - lo] |= std::uint64_t{1} << (w & 63);  // a dead end reaches itself only
            continue;
          }
          const std::uint64_t* o = &bits_[comp_at_[at(comp_[at(w)])]];
          for (std::size_t k = 0; k < words; ++k) r[k] |= o[k];
        }
      }
      stack_.resize(first);
    }
  }
}

}  // namespace sudokit::grader
