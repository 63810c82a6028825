// Strong-link fish of the reference build's default set: chains of 2, 3 or 4
// strong links on one digit (Skyscraper, 2-String Kite, Turbot Fish, their
// grouped forms, and the 3- and 4-link generalisations), rated 4.0-4.3,
// 5.4-5.7 and 5.8-6.1.
//
// Behaviour (specification sections 3.3 and 4, checked against the
// reference program's StrongLinks / StrongLinksHint):
//  * A link is a house holding the digit in 2..6 places. Two places make a
//    plain link (a box whose two places share a line is not one). Three or
//    more make a grouped link when the places avoid one "empty area": for a
//    box the first of 15 configurations whose area is free of the digit
//    (9 "heart" cells, the area being the 4 cells off the heart's row and
//    column; then the 6 whole lines of the box, only with 4+ places); for a
//    line the first of its three box segments. The places left form two
//    blades, the two ends of the link; the heart joins a blade under the
//    rules in build_links() below.
//  * Reference search order: link-type sequences (box 0, row 1, column 2)
//    in the order of its bit permutations, then digits 1..9, then the houses
//    of each type in index order (same-type houses increasing), the link
//    variants of a house, then the orders of the chosen links (a QuickPerm
//    sequence keeping orders not greater than their reverse) and the
//    directions of the links (binary count, first link most significant).
//    Houses whose digit places overlap are never combined. This producer
//    walks chains through the houses their ends share instead, and gives
//    each chain its rank in that enumeration for tie-breaking.
//  * Consecutive link ends must share a house (column tried first, then row,
//    then box). The free ends eliminate the digit from the cells seeing
//    every cell of both ends, outside all link houses and connecting houses.
//    When the free ends share a house too, the pattern is a loop, reported
//    once (from the first chosen link, first direction); it also eliminates
//    around each connection, and its count of eliminations counts a cell once
//    per connection that reaches it (the reference sorts on that count).
//  * All hints are collected and sorted by rating, then eliminations (more
//    first), then the name suffix, then that rank (the reference's stable
//    sort); the first is reported first.
#include <algorithm>
#include <array>
#include <cstring>
#include <string>
#include <vector>

#include "houses.hpp"
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {
namespace {

constexpr int kMaxLinks = 4;

// Box configurations: the area that must be free of the digit, and the two
// blades (the heart's column-mates, then its row-mates; for the whole-line
// configurations the two other lines). Positions are box indices 0..8.
constexpr std::uint16_t pos_mask(std::initializer_list<int> positions) {
  std::uint16_t m = 0;
  for (int p : positions) m = static_cast<std::uint16_t>(m | (1u << p));
  return m;
}

struct BoxConfig {
  std::uint16_t area, blade1, blade2;
};

// Hearts 0..8: area = cells off the heart's row and column; blade1 = the
// heart's column without the heart, blade2 = its row without the heart.
// Then whole lines: rows 2,1,0 empty, columns 2,1,0 empty.
constexpr std::array<BoxConfig, 15> make_box_configs() {
  std::array<BoxConfig, 15> t{};
  for (int h = 0; h < 9; ++h) {
    std::uint16_t area = 0, col = 0, row = 0;
    for (int p = 0; p < 9; ++p) {
      const bool same_row = p / 3 == h / 3, same_col = p % 3 == h % 3;
      if (!same_row && !same_col) area = static_cast<std::uint16_t>(area | (1u << p));
      if (same_col && p != h) col = static_cast<std::uint16_t>(col | (1u << p));
      if (same_row && p != h) row = static_cast<std::uint16_t>(row | (1u << p));
    }
    t[static_cast<std::size_t>(h)] = {area, col, row};
  }
  const std::uint16_t r0 = pos_mask({0, 1, 2}), r1 = pos_mask({3, 4, 5}), r2 = pos_mask({6, 7, 8});
  const std::uint16_t c0 = pos_mask({0, 3, 6}), c1 = pos_mask({1, 4, 7}), c2 = pos_mask({2, 5, 8});
  t[9] = {r2, r0, r1};
  t[10] = {r1, r0, r2};
  t[11] = {r0, r1, r2};
  t[12] = {c2, c0, c1};
  t[13] = {c1, c0, c2};
  t[14] = {c0, c1, c2};
  return t;
}
constexpr std::array<BoxConfig, 15> kBoxConfigs = make_box_configs();

// Lines: segment s must be free; the blades are the two other segments.
constexpr std::array<BoxConfig, 3> kLineConfigs = {{
    {pos_mask({0, 1, 2}), pos_mask({3, 4, 5}), pos_mask({6, 7, 8})},
    {pos_mask({3, 4, 5}), pos_mask({0, 1, 2}), pos_mask({6, 7, 8})},
    {pos_mask({6, 7, 8}), pos_mask({0, 1, 2}), pos_mask({3, 4, 5})},
}};

// Link orders: QuickPerm (countdown) sequence, keeping orders that are not
// greater than their reverse.
struct Orders {
  int count = 0;
  std::array<std::array<std::int8_t, kMaxLinks>, 24> order{};
};

constexpr bool not_greater_than_reverse(const std::array<std::int8_t, kMaxLinks>& q, int n) {
  for (int i = 0; i < n; ++i) {
    const int a = q[static_cast<std::size_t>(i)], b = q[static_cast<std::size_t>(n - 1 - i)];
    if (a != b) return a < b;
  }
  return true;
}

constexpr Orders make_orders(int n) {
  Orders o;
  std::array<std::int8_t, kMaxLinks> q{};
  std::array<int, kMaxLinks + 1> r{};
  for (int i = 0; i < n; ++i) {
    q[static_cast<std::size_t>(i)] = static_cast<std::int8_t>(i);
    r[static_cast<std::size_t>(i)] = i;
  }
  r[static_cast<std::size_t>(n)] = n;
  auto keep = [&] {
    if (not_greater_than_reverse(q, n)) o.order[static_cast<std::size_t>(o.count++)] = q;
  };
  keep();
  int s = 1;
  while (s < n) {
    --r[static_cast<std::size_t>(s)];
    const int t = (s % 2) * r[static_cast<std::size_t>(s)];
    std::swap(q[static_cast<std::size_t>(t)], q[static_cast<std::size_t>(s)]);
    keep();
    s = 1;
    while (r[static_cast<std::size_t>(s)] == 0) {
      r[static_cast<std::size_t>(s)] = s;
      ++s;
    }
  }
  return o;
}
constexpr std::array<Orders, kMaxLinks + 1> kOrders = {Orders{}, Orders{}, make_orders(2), make_orders(3),
                                                        make_orders(4)};

// One end of a link: a cell, or a group of up to three cells (main cell
// first, then its supports, as the reference lists them).
struct End {
  std::array<std::int8_t, 3> cell{-1, -1, -1};
  CellSet seen;      // cells that see every cell of the end
  std::int8_t col = -1, row = -1, box = -1;  // common house of all cells, or -1

  void set(int main, int support = -1, int support2 = -1) {
    cell = {static_cast<std::int8_t>(main), static_cast<std::int8_t>(support), static_cast<std::int8_t>(support2)};
    seen = kPeerSet[static_cast<std::size_t>(main)];
    col = static_cast<std::int8_t>(col_of(main));
    row = static_cast<std::int8_t>(row_of(main));
    box = static_cast<std::int8_t>(box_of(main));
    for (int i = 1; i < 3; ++i) {
      const int c = cell[static_cast<std::size_t>(i)];
      if (c < 0) continue;
      seen &= kPeerSet[static_cast<std::size_t>(c)];
      if (col_of(c) != col) col = -1;
      if (row_of(c) != row) row = -1;
      if (box_of(c) != box) box = -1;
    }
  }
};

// The house both ends lie in: column first, then row, then box; -1 if none.
int shared_unit(const End& a, const End& b) {
  if (a.col >= 0 && a.col == b.col) return house_id(UnitKind::Column, a.col);
  if (a.row >= 0 && a.row == b.row) return house_id(UnitKind::Row, a.row);
  if (a.box >= 0 && a.box == b.box) return a.box;
  return -1;
}

struct Link {
  std::int8_t unit = -1;
  bool grouped = false;
  End end[2];
  CellSet places;  // every cell of the house holding the digit
};

bool same_line(int a, int b) { return row_of(a) == row_of(b) || col_of(a) == col_of(b); }

int nth_bit(std::uint16_t m, int n) {
  for (int i = 0; i < n; ++i) m = static_cast<std::uint16_t>(m & (m - 1));
  return m ? lowest_bit_index(m) : -1;
}

// The link variants of one house for one digit (0, 1 or 2), in the
// reference's order.
int build_links(int unit, std::uint16_t places, Link out[2]) {
  const int type = unit / 9;
  const int n = popcount(places);
  if (n < 2 || n > 6) return 0;
  const auto& cells = kUnitCells[static_cast<std::size_t>(unit)];
  auto cell = [&](int pos) { return pos < 0 ? -1 : static_cast<int>(cells[static_cast<std::size_t>(pos)]); };
  CellSet where;
  for_each_bit(places, [&](int p) { where.add(cell(p)); });
  for (int i = 0; i < 2; ++i) {
    out[i].unit = static_cast<std::int8_t>(unit);
    out[i].places = where;
    out[i].grouped = n > 2;
  }
  if (n == 2) {
    const int a = cell(nth_bit(places, 0)), b = cell(nth_bit(places, 1));
    if (type == 0 && same_line(a, b)) return 0;  // a pointing pair is not a box link
    out[0].end[0].set(a);
    out[0].end[1].set(b);
    return 1;
  }

  // Grouped link: the first configuration whose empty area holds no place.
  const int configs = type == 0 ? 15 : 3;
  int e = 0;
  std::uint16_t b1 = 0, b2 = 0;
  bool heart_holds = false, found = false;
  for (; e < configs; ++e) {
    if (e > 8 && n < 4) continue;
    const BoxConfig& c = type == 0 ? kBoxConfigs[static_cast<std::size_t>(e)] : kLineConfigs[static_cast<std::size_t>(e)];
    if (places & c.area) continue;
    b1 = places & c.blade1;
    b2 = places & c.blade2;
    heart_holds = type == 0 && e < 9 && ((places >> e) & 1u);
    found = b1 && b2;
    break;
  }
  if (!found) return 0;
  const int n1 = popcount(b1), n2 = popcount(b2);
  const int heart = type == 0 && e < 9 ? cell(e) : -1;

  if (n1 == 1 || n2 == 1) {
    // The single blade is one end; the other blade is the other end, which
    // in a box also takes the heart cell (whether or not it holds the digit).
    // When both blades are single (a box whose heart holds the digit) the
    // reference keeps its second layout: blade2 alone, blade1 with the heart.
    const bool first_single = n1 == 1 && n2 != 1;
    const std::uint16_t single = first_single ? b1 : b2;
    const std::uint16_t other = first_single ? b2 : b1;
    const int other_n = first_single ? n2 : n1;
    out[0].end[0].set(cell(nth_bit(single, 0)));
    if (type == 0)
      out[0].end[1].set(cell(nth_bit(other, 0)), heart, other_n > 1 ? cell(nth_bit(other, 1)) : -1);
    else
      out[0].end[1].set(cell(nth_bit(other, 0)), cell(nth_bit(other, 1)), other_n > 2 ? cell(nth_bit(other, 2)) : -1);
    return 1;
  }

  // Both blades hold two or more places.
  const int a0 = cell(nth_bit(b1, 0)), a1 = cell(nth_bit(b1, 1)), a2 = n1 > 2 ? cell(nth_bit(b1, 2)) : -1;
  const int c0 = cell(nth_bit(b2, 0)), c1 = cell(nth_bit(b2, 1)), c2 = n2 > 2 ? cell(nth_bit(b2, 2)) : -1;
  const bool square = e > 8 && n == 4 && same_line(a1, c1) && same_line(a0, c0);
  if (!square) {
    // A heart holding the digit joins each two-cell blade (issue #111 fix).
    const bool add_heart = e < 9 && heart_holds;
    out[0].end[0].set(a0, a1, add_heart && n1 == 2 ? heart : a2);
    out[0].end[1].set(c0, c1, add_heart && n2 == 2 ? heart : c2);
    return 1;
  }
  // Four places on a 2x2 square of the box: the two lines of either kind.
  out[0].end[0].set(a0, a1);
  out[0].end[1].set(c0, c1);
  out[1].end[0].set(a0, c0);
  out[1].end[1].set(a1, c1);
  return 2;
}

struct Found {
  double difficulty = 0;
  int eliminations = 0;
  std::array<char, 8> suffix{};
  std::uint64_t order = 0;  // position in the reference's discovery order
  std::int8_t digit = 0;
  std::int8_t ring = -1;
  std::int8_t grouped = 0;
  std::array<const Link*, kMaxLinks> chain{};  // links in chain order
  std::array<std::int8_t, kMaxLinks> dir{};    // entry end of each link
  std::array<std::int8_t, kMaxLinks - 1> share{};
  CellSet victims;
};

// StrongLinksHint's name suffix: grouped-link count, then the link types in
// chain order (or reversed, whichever is smaller), rows and columns being
// interchangeable.
void make_suffix(const std::array<int, kMaxLinks>& types_in, int n, int grouped, std::array<char, 8>& out) {
  std::array<int, kMaxLinks> t = types_in;
  bool reverse = false;
  for (int i = 0; i < n; ++i) {
    const int a = t[static_cast<std::size_t>(i)], b = t[static_cast<std::size_t>(n - 1 - i)];
    if (a != b) {
      reverse = a > b;
      break;
    }
  }
  if (reverse) std::reverse(t.begin(), t.begin() + n);
  // Candidates: the types as they are; rows and columns swapped, read
  // forwards or backwards (whichever is smaller); without any row, columns
  // are written as 1.
  std::array<char, kMaxLinks + 1> original{}, lines{}, swapped{}, swapped_reversed{};
  bool has_row = false;
  for (int i = 0; i < n; ++i) {
    const int v = t[static_cast<std::size_t>(i)];
    const char ch = static_cast<char>('0' + v);
    const char sw = v == 1 ? '2' : v == 2 ? '1' : ch;
    has_row |= v == 1;
    original[static_cast<std::size_t>(i)] = ch;
    lines[static_cast<std::size_t>(i)] = v == 2 ? '1' : ch;
    swapped[static_cast<std::size_t>(i)] = sw;
    swapped_reversed[static_cast<std::size_t>(n - 1 - i)] = sw;
  }
  const auto* smaller_swap = std::strcmp(swapped_reversed.data(), swapped.data()) > 0 ? &swapped : &swapped_reversed;
  const auto* name = has_row ? (std::strcmp(original.data(), smaller_swap->data()) > 0 ? smaller_swap : &original) : &lines;
  out.fill(0);
  out[0] = static_cast<char>('0' + grouped);
  for (int i = 0; i < n; ++i) out[static_cast<std::size_t>(i + 1)] = (*name)[static_cast<std::size_t>(i)];
}

double rating(int n, int grouped, const std::array<char, 8>& suffix) {
  static constexpr double kBase[kMaxLinks + 1] = {0, 0, 4.0, 5.4, 5.8};
  const double base = kBase[n];
  if (grouped > 0) return base + 0.3;
  const bool box = std::strchr(suffix.data() + 1, '0') != nullptr;
  const bool col = std::strchr(suffix.data() + 1, '2') != nullptr;
  if (!box && !col) return base;
  if (box && col) return base + 0.2;
  return base + 0.1;
}

std::string hint_name(int n, int grouped, bool ring, const std::array<char, 8>& suffix) {
  const bool box = std::strchr(suffix.data() + 1, '0') != nullptr;
  const bool col = std::strchr(suffix.data() + 1, '2') != nullptr;
  std::string name = std::to_string(n);
  if (ring) name = "(" + name + " Strong Links) " + (grouped > 0 ? "Grouped " : "") + "X-Loop";
  else if (!box && !col) name = n < 3 ? "Skyscraper" : name + " Skyscrapers";
  else if (box || n > 3) name += " Strong links";
  else name += "-String Kite";
  if (grouped > 0 && !ring) name = "Grouped " + name;
  return name + " " + suffix.data();
}

class StrongLinks final : public Producer {
 public:
  explicit StrongLinks(int links) : n_(links) {
    // Link-type sequences in the order of the reference's bit permutations
    // of n ones among 3n bits, keeping those with bit i of the sequence in
    // slot i: the non-decreasing sequences. combo_rank_ maps a sequence
    // (base 3) to its rank in that order.
    combo_rank_.fill(-1);
    int rank = 0;
    for (std::uint32_t m = (1u << n_) - 1; m < (1u << (3 * n_)); m = next_combination(m)) {
      int i = 0, code = 0;
      bool ok = true;
      for_each_bit(m, [&](int b) {
        if (!ok) return;
        if (b % n_ != i) ok = false;
        else {
          code = code * 3 + b / n_;
          ++i;
        }
      });
      if (ok) combo_rank_[static_cast<std::size_t>(code)] = static_cast<std::int8_t>(rank++);
    }
    const Orders& orders = kOrders[static_cast<std::size_t>(n_)];
    order_rank_.fill(-1);
    for (int o = 0; o < orders.count; ++o) {
      int code = 0;
      for (int i = 0; i < n_; ++i) code = code * kMaxLinks + orders.order[static_cast<std::size_t>(o)][static_cast<std::size_t>(i)];
      order_rank_[static_cast<std::size_t>(code)] = static_cast<std::int8_t>(o);
    }
  }

  // The reference enumerates link sets (type sequence, digit, then houses
  // and variants by depth), then orders and directions, and stably sorts.
  // Here chains are walked directly through the houses their ends share;
  // each one gets its rank in that enumeration, so sorting by rating,
  // eliminations, suffix and then rank gives the reference's order.
  void find(const Board& board, StepSink& sink) override {
    found_.clear();
    for (int d = 1; d <= 9; ++d) {
      if (unchanged(d)) continue;  // find_changed(): a chain of one digit depends on its candidates only
      digit_ = d;
      changed_units_ = changed_houses(d);
      digit_cells_ = board.digit_cells(d);
      int total = 0;
      for (auto& b : bucket_size_) b = 0;
      for (int u = 0; u < 27; ++u) {
        // A house's links follow from its places alone: kept while they stay.
        const std::uint16_t places = board.positions(u, d);
        if (places != built_places_[d][u]) {
          built_places_[d][u] = places;
          count_[d][u] = static_cast<std::uint8_t>(build_links(u, places, links_[d][u]));
        }
        const int count = count_[d][u];
        for (int v = 0; v < count; ++v) {
          const Link& l = links_[d][u][v];
          for (int e = 0; e < 2; ++e) {
            const End& end = l.end[e];
            const int houses[3] = {end.col >= 0 ? house_id(UnitKind::Column, end.col) : -1,
                                   end.row >= 0 ? house_id(UnitKind::Row, end.row) : -1, end.box};
            for (int h : houses) {
              if (h < 0) continue;
              buckets_[h][bucket_size_[h]++] = {l.places, &l, end.col, end.row, end.box, l.unit,
                                                static_cast<std::int8_t>(e), static_cast<std::int8_t>(v)};
            }
          }
          ++total;
        }
      }
      if (total < n_) continue;
      for (int u = 0; u < 27; ++u)
        for (int v = 0; v < count_[d][u]; ++v)
          for (int e = 0; e < 2; ++e) {
            const Link& l = links_[d][u][v];
            const CellSet open = (l.end[e].seen & digit_cells_) - kUnitSet[static_cast<std::size_t>(u)];
            if (open.empty() && e != 0) continue;  // neither an open chain nor a reported loop
            path_[0] = &l;
            variant_[0] = static_cast<std::int8_t>(v);
            dir_[0] = static_cast<std::int8_t>(e);
            walk(1, l.places, open, (changed_units_ >> u) & 1u);
          }
    }
    std::sort(found_.begin(), found_.end(), [](const Found& a, const Found& b) {
      if (a.difficulty != b.difficulty) return a.difficulty < b.difficulty;
      if (a.eliminations != b.eliminations) return a.eliminations > b.eliminations;
      const int c = std::strcmp(a.suffix.data(), b.suffix.data());
      if (c != 0) return c < 0;
      return a.order < b.order;
    });
    for (const Found& f : found_)
      if (!sink.add(to_step(f))) return;
  }

 private:
  // A link end filed under a house it lies in (copied fields keep the
  // walk's inner loop on one cache line per entry).
  struct Slot {
    CellSet places;
    const Link* link;
    std::int8_t col, row, box;
    std::int8_t unit;
    std::int8_t end;
    std::int8_t variant;
  };

  // Extends the chain path_[0..len) leaving through the far end of its last
  // link; `used` = the digit's places in the chain's houses. `open` = the
  // cells an open chain could still clear: those seeing the start end,
  // holding the digit, outside the houses used so far. Once it is empty only
  // a loop can eliminate anything, and a loop is reported only from its
  // lowest house in its first direction. `fresh`: a link of the chain so
  // far lies in a house that lost a candidate of the digit (changed_units_).
  //
  // find_changed(): a chain whose link houses all kept their places of the
  // digit has the same links on the board before, where it saw at least the
  // cells it eliminates now (candidates only go): a hint find_changed may
  // leave out. So the last link of a chain without a fresh one must be
  // fresh.
  void walk(int len, const CellSet& used, const CellSet& open, bool fresh) {
    if (len == n_) {
      chain_found();
      return;
    }
    const bool loop_only = open.empty();
    if (loop_only) {
      if (dir_[0] != 0) return;
      for (int i = 1; i < len; ++i)
        if (path_[static_cast<std::size_t>(i)]->unit < path_[0]->unit) return;
    }
    const End& exit = path_[static_cast<std::size_t>(len - 1)]->end[1 - dir_[static_cast<std::size_t>(len - 1)]];
    const int houses[3] = {exit.col >= 0 ? house_id(UnitKind::Column, exit.col) : -1,
                          exit.row >= 0 ? house_id(UnitKind::Row, exit.row) : -1, exit.box};
    // The reported walk of a chain starts in a house before its last one.
    const int min_unit = len + 1 == n_ || loop_only ? path_[0]->unit : -1;
    for (int k = 0; k < 3; ++k) {
      const int h = houses[k];
      if (h < 0) continue;
      // A bucket is in unit order (find() files the houses in order): from
      // its end down to the first house walks may not take. The order chains
      // are found in does not matter (find() sorts them by their rank).
      for (int i = bucket_size_[h]; i-- > 0;) {
        const Slot& s = buckets_[h][i];
        if (s.unit <= min_unit) break;
        const bool fresh_link = (changed_units_ >> s.unit) & 1u;
        if (!(s.places & used).empty() || (len + 1 == n_ && !fresh && !fresh_link)) continue;
        // Reach each end once, through the house the reference reports
        // (column before row before box).
        if ((k > 0 && exit.col >= 0 && exit.col == s.col) || (k > 1 && exit.row >= 0 && exit.row == s.row)) continue;
        path_[static_cast<std::size_t>(len)] = s.link;
        variant_[static_cast<std::size_t>(len)] = s.variant;
        dir_[static_cast<std::size_t>(len)] = s.end;
        share_[static_cast<std::size_t>(len - 1)] = static_cast<std::int8_t>(h);
        walk(len + 1, used | s.link->places,
             loop_only ? open : open - kUnitSet[static_cast<std::size_t>(h)] - kUnitSet[static_cast<std::size_t>(s.unit)],
             fresh || fresh_link);
      }
    }
  }

  void chain_found() {
    const Link& first = *path_[0];
    const Link& last = *path_[static_cast<std::size_t>(n_ - 1)];
    // The reference keeps the order of the chosen links that is not greater
    // than its reverse: the walk whose first house comes before its last
    // (houses ranked by type, then index: by unit id).
    if (first.unit > last.unit) return;
    const End& start = first.end[dir_[0]];
    const End& end = last.end[1 - dir_[static_cast<std::size_t>(n_ - 1)]];
    const int ring = shared_unit(start, end);
    CellSet bases = kUnitSet[static_cast<std::size_t>(first.unit)];
    bool lowest_first = true;
    for (int i = 1; i < n_; ++i) {
      bases |= kUnitSet[static_cast<std::size_t>(path_[static_cast<std::size_t>(i)]->unit)];
      lowest_first &= path_[static_cast<std::size_t>(i)]->unit > first.unit;
    }
    // A loop is reported once: from the first chosen link, first direction.
    if (ring >= 0 && (!lowest_first || dir_[0] != 0)) return;

    CellSet v = start.seen & end.seen & digit_cells_;
    v.remove(start.cell[0]);
    v.remove(end.cell[0]);
    v -= bases;
    if (ring < 0)
      for (int w = 0; w + 1 < n_; ++w) v -= kUnitSet[static_cast<std::size_t>(share_[static_cast<std::size_t>(w)])];
    if (ring < 0 && v.empty()) return;
    int count = v.size();
    if (ring >= 0) {
      for (int w = 0; w + 1 < n_; ++w) {
        const End& b1 = path_[static_cast<std::size_t>(w)]->end[1 - dir_[static_cast<std::size_t>(w)]];
        const End& b2 = path_[static_cast<std::size_t>(w + 1)]->end[dir_[static_cast<std::size_t>(w + 1)]];
        CellSet around = b1.seen & b2.seen & digit_cells_;
        around.remove(b1.cell[0]);
        around.remove(b2.cell[0]);
        around -= bases;
        count += around.size();  // the reference counts a cell once per connection
        v |= around;
      }
      if (v.empty()) return;
    }

    Found f;
    f.ring = static_cast<std::int8_t>(ring);
    f.eliminations = count;
    f.victims = v;
    f.digit = static_cast<std::int8_t>(digit_);
    // Rank in the reference's enumeration: type sequence, digit, then house
    // index and variant by depth (houses sorted by unit id), link order,
    // directions.
    std::array<int, kMaxLinks> by_unit{};
    for (int i = 0; i < n_; ++i) by_unit[static_cast<std::size_t>(i)] = i;
    for (int i = 1; i < n_; ++i)
      for (int j = i; j > 0 && path_[static_cast<std::size_t>(by_unit[static_cast<std::size_t>(j)])]->unit <
                                   path_[static_cast<std::size_t>(by_unit[static_cast<std::size_t>(j - 1)])]->unit;
           --j)
        std::swap(by_unit[static_cast<std::size_t>(j)], by_unit[static_cast<std::size_t>(j - 1)]);
    std::array<int, kMaxLinks> q{}, types{};
    int type_code = 0, q_code = 0, dirs = 0, grouped = 0;
    std::uint64_t houses = 0;
    for (int depth = 0; depth < n_; ++depth) {
      const int i = by_unit[static_cast<std::size_t>(depth)];
      q[static_cast<std::size_t>(i)] = depth;
      const int unit = path_[static_cast<std::size_t>(i)]->unit;
      type_code = type_code * 3 + unit / 9;
      houses = houses << 5 | static_cast<std::uint64_t>((unit % 9) << 1 | variant_[static_cast<std::size_t>(i)]);
    }
    for (int i = 0; i < n_; ++i) {
      const Link& l = *path_[static_cast<std::size_t>(i)];
      q_code = q_code * kMaxLinks + q[static_cast<std::size_t>(i)];
      dirs = dirs << 1 | dir_[static_cast<std::size_t>(i)];
      types[static_cast<std::size_t>(i)] = l.unit / 9;
      grouped += l.grouped;
      f.chain[static_cast<std::size_t>(i)] = &l;
      f.dir[static_cast<std::size_t>(i)] = dir_[static_cast<std::size_t>(i)];
      if (i + 1 < n_) f.share[static_cast<std::size_t>(i)] = share_[static_cast<std::size_t>(i)];
    }
    const std::uint64_t combo = static_cast<std::uint64_t>(combo_rank_[static_cast<std::size_t>(type_code)]);
    const std::uint64_t perm = static_cast<std::uint64_t>(order_rank_[static_cast<std::size_t>(q_code)]);
    f.order = ((((combo << 4 | static_cast<std::uint64_t>(digit_)) << 20 | houses) << 5 | perm) << 4) | static_cast<std::uint64_t>(dirs);
    f.grouped = static_cast<std::int8_t>(grouped);
    make_suffix(types, n_, grouped, f.suffix);
    f.difficulty = rating(n_, grouped, f.suffix);
    found_.push_back(f);
  }

  Step to_step(const Found& f) const {
    static constexpr Technique kTech[kMaxLinks + 1] = {Technique::TwoStrongLinks, Technique::TwoStrongLinks,
                                                       Technique::TwoStrongLinks, Technique::ThreeStrongLinks,
                                                       Technique::FourStrongLinks};
    Step s;
    s.technique = kTech[n_];
    s.difficulty = f.difficulty;
    s.digits = digit_bit(f.digit);
    s.size = static_cast<std::uint8_t>(n_);
    s.grouped = f.grouped;
    s.unit = f.chain[0]->unit;
    const DigitMask bit = digit_bit(f.digit);
    f.victims.for_each([&](int c) { s.removals[c] = bit; });
    std::string path;
    auto add_end = [&](const End& e, const char* sep) {
      bool first_cell = true;
      for (int c : e.cell) {
        if (c < 0) continue;
        s.cells.add(c);
        if (!first_cell) path += '+';
        path += cell_name(c);
        first_cell = false;
      }
      path += sep;
    };
    for (int i = 0; i < n_; ++i) {
      const Link& l = *f.chain[static_cast<std::size_t>(i)];
      s.units |= 1u << l.unit;
      add_end(l.end[f.dir[static_cast<std::size_t>(i)]], "=");
      add_end(l.end[1 - f.dir[static_cast<std::size_t>(i)]], i + 1 < n_ ? "-" : "");
      if (i + 1 < n_) s.units |= 1u << f.share[static_cast<std::size_t>(i)];
    }
    if (f.ring >= 0) s.units |= 1u << f.ring;
    // The chain to draw: each link's first end false, so its second true
    // (strong), which makes the next link's first end false (weak). A group
    // end is several cells, not one candidate: grouped hints draw their
    // cells (cause) and houses only.
    if (!f.grouped) {
      for (int i = 0; i < n_; ++i) {
        const Link& l = *f.chain[static_cast<std::size_t>(i)];
        const int dir = f.dir[static_cast<std::size_t>(i)];
        const ChainNode a{l.end[dir].cell[0], static_cast<std::uint8_t>(f.digit), false};
        const ChainNode b{l.end[1 - dir].cell[0], static_cast<std::uint8_t>(f.digit), true};
        if (!s.chain.empty()) s.chain.push_back({s.chain.back().to, a, LinkKind::Weak});
        s.chain.push_back({a, b, LinkKind::Strong});
      }
    }
    s.label = hint_name(n_, f.grouped, f.ring >= 0, f.suffix);
    s.detail = path + " on value " + std::to_string(f.digit);
    return s;
  }

  int n_;
  std::uint32_t changed_units_ = 0;  // changed_houses(digit_)
  int digit_ = 0;
  CellSet digit_cells_;
  std::array<std::int8_t, 81> combo_rank_{};  // base-3 type sequence -> rank
  std::array<std::int8_t, 256> order_rank_{};  // base-4 link order -> rank
  std::array<const Link*, kMaxLinks> path_{};
  std::array<std::int8_t, kMaxLinks> variant_{};
  std::array<std::int8_t, kMaxLinks> dir_{};
  std::array<std::int8_t, kMaxLinks> share_{};
  Link links_[10][27][2];
  std::uint8_t count_[10][27]{};
  // The places links_[d][u] were built from (no house has 0xFFFF: built on first use).
  std::array<std::array<std::uint16_t, 27>, 10> built_places_ = [] {
    std::array<std::array<std::uint16_t, 27>, 10> none{};
    for (auto& by_unit : none) by_unit.fill(0xFFFF);
    return none;
  }();
  Slot buckets_[27][2 * 27 * 2];
  int bucket_size_[27]{};
  std::vector<Found> found_;
};

}  // namespace

std::unique_ptr<Producer> make_strong_links(int links) { return std::make_unique<StrongLinks>(links); }

}  // namespace sudokit::grader
