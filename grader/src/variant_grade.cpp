// The grader on a geometry (variant_grade.hpp): typed houses in the
// reference's scan order, a candidate mask per cell, and the producers in the
// reference's order (docs/se-rating-variants.md, sections 2 and 3).
#include "sudokit/grader/variant_grade.hpp"

#include <algorithm>
#include <bit>
#include <functional>
#include <stdexcept>
#include <string_view>

#include "sudokit/solver/bits.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit::grader {

std::string VariantGrade::message() const {
  if (status == GradeStatus::BeyondTechniques) return "not rated: needs " + needs;
  return status_message(status);
}

namespace {

// The reference's region types, in its scan order (Hidden Single, sets).
enum class HouseType { Box, Column, Row, Disjoint, Window, Diagonal, AntiDiagonal, Girandola, Asterisk, CentreDot };
constexpr int kHouseTypes = 10;

struct House {
  HouseType type;
  std::vector<int> cells;  // ascending
};

struct VStep {
  std::string name;
  double difficulty = 0;
  int place_cell = -1, place_digit = 0;
  std::vector<std::pair<int, int>> removals;  // (cell, digit)
};

struct VBoard {
  int n = 0;
  std::vector<std::uint8_t> value;
  std::vector<std::uint32_t> cand;  // bit d-1
  int empty = 0;
  bool has(int c, int d) const { return (cand[static_cast<std::size_t>(c)] >> (d - 1)) & 1u; }
};

class Layout {
 public:
  Layout(const Geometry& g) : g_(g) {
    const int n = g.size();
    const auto& hs = g.houses();
    std::size_t at = 0;
    auto take = [&](HouseType t, int count) {
      for (int i = 0; i < count; ++i) by_type_[static_cast<int>(t)].push_back(House{t, hs[at++]});
    };
    take(HouseType::Row, n);
    take(HouseType::Column, n);
    boxes_ = !g.region_of().empty();
    if (boxes_) take(HouseType::Box, n);
    // Extras in spelling order (geometry.hpp): x, windows, disjoint, centre-dot, girandola, asterisk.
    auto has_rule = [&](std::string_view rule) {
      std::string_view s = g.spelling();
      while (!s.empty()) {
        const auto comma = s.find(',');
        if (s.substr(0, comma) == rule) return true;
        if (comma == std::string_view::npos) break;
        s.remove_prefix(comma + 1);
      }
      return false;
    };
    if (has_rule("x")) {
      take(HouseType::Diagonal, 1);
      take(HouseType::AntiDiagonal, 1);
    }
    if (has_rule("windows")) {
      // The geometry lists the four windows first, then the five regions
      // they imply; the reference's order is implied region 0, windows 1-4,
      // implied 5-8.
      for (std::size_t i : {4u, 0u, 1u, 2u, 3u, 5u, 6u, 7u, 8u}) by_type_[static_cast<int>(HouseType::Window)].push_back(House{HouseType::Window, hs[at + i]});
      at += 9;
    }
    if (has_rule("disjoint")) take(HouseType::Disjoint, 9);
    if (has_rule("centre-dot")) take(HouseType::CentreDot, 1);
    if (has_rule("girandola")) take(HouseType::Girandola, 1);
    if (has_rule("asterisk")) take(HouseType::Asterisk, 1);
    if (at != hs.size()) throw std::logic_error("variant grader: the houses of " + g.spelling() + " are not typed");
    leapers_ = has_rule("anti-knight") || has_rule("anti-king");
    nc_ = has_rule("nc") || has_rule("nc+");
    jigsaw_ = boxes_ && g.box_rows() == 0;
    latin_ = !leapers_ && at == static_cast<std::size_t>((boxes_ ? 3 : 2) * n);
    for (int t = 0; t < kHouseTypes; ++t)
      for (const House& h : by_type_[t]) scan_.push_back(&h);
  }
  const Geometry& geometry() const { return g_; }
  const std::vector<House>& of(HouseType t) const { return by_type_[static_cast<int>(t)]; }
  const std::vector<const House*>& scan() const { return scan_; }
  bool boxes() const { return boxes_; }
  bool latin() const { return latin_; }
  bool nc() const { return nc_; }
  bool jigsaw() const { return jigsaw_; }

 private:
  const Geometry& g_;
  std::vector<House> by_type_[kHouseTypes];
  std::vector<const House*> scan_;
  bool boxes_ = false, leapers_ = false, nc_ = false, jigsaw_ = false, latin_ = true;
};

// Positions of digit d in house h: bit i = h.cells[i].
std::uint32_t positions(const VBoard& b, const House& h, int d) {
  std::uint32_t m = 0;
  for (std::size_t i = 0; i < h.cells.size(); ++i)
    if (b.has(h.cells[i], d)) m |= 1u << i;
  return m;
}

bool contains(const House& h, int c) { return std::binary_search(h.cells.begin(), h.cells.end(), c); }

bool crosses(const House& a, const House& b) {
  for (int c : a.cells)
    if (contains(b, c)) return true;
  return false;
}

// A producer: fills `step` and returns true when it has a hint.
using Producer = std::function<bool(const Layout&, const VBoard&, VStep&)>;

bool hidden_single(const Layout& L, const VBoard& b, VStep& s) {
  for (int pass = 0; pass < 2; ++pass)
    for (const House* h : L.scan()) {
      int empty = 0;
      for (int c : h->cells) empty += b.value[static_cast<std::size_t>(c)] == 0;
      if (empty == 0 || (pass == 0 && empty != 1)) continue;
      for (int d = 1; d <= b.n; ++d) {
        const std::uint32_t pos = positions(b, *h, d);
        if (std::popcount(pos) != 1) continue;
        s.name = "Hidden Single";
        s.place_cell = h->cells[static_cast<std::size_t>(std::countr_zero(pos))];
        s.place_digit = d;
        s.difficulty = pass == 0 ? 1.0 : (h->type == HouseType::Box ? 1.2 : 1.5);
        return true;
      }
    }
  return false;
}

bool naked_single(const Layout&, const VBoard& b, VStep& s) {
  for (std::size_t c = 0; c < b.cand.size(); ++c)
    if (b.value[c] == 0 && std::popcount(b.cand[c]) == 1) {
      s.name = "Naked Single";
      s.difficulty = 2.3;
      s.place_cell = static_cast<int>(c);
      s.place_digit = std::countr_zero(b.cand[c]) + 1;
      return true;
    }
  return false;
}

// The crossings the reference's Locking scans, in its order (section 3).
std::vector<std::pair<HouseType, HouseType>> locking_pairs(const Layout& L) {
  using T = HouseType;
  std::vector<std::pair<T, T>> p;
  if (!L.boxes()) return p;
  p = {{T::Box, T::Column}, {T::Box, T::Row}, {T::Column, T::Box}, {T::Row, T::Box}};
  for (T x : {T::Disjoint, T::Window})
    if (!L.of(x).empty())
      for (auto q : std::vector<std::pair<T, T>>{{x, T::Column}, {x, T::Row}, {T::Column, x}, {T::Row, x}, {T::Box, x}, {x, T::Box}})
        p.push_back(q);
  if (!L.of(T::Disjoint).empty() && !L.of(T::Window).empty()) {
    p.push_back({T::Window, T::Disjoint});
    p.push_back({T::Disjoint, T::Window});
  }
  return p;
}

bool locking(const Layout& L, const VBoard& b, VStep& s, bool direct, bool all_pairs) {
  auto pairs = locking_pairs(L);
  if (!all_pairs && pairs.size() > 4) pairs.resize(4);
  for (const auto& [t1, t2] : pairs) {
    for (int d = 1; d <= b.n; ++d) {
      for (const House& u1 : L.of(t1)) {
        const std::uint32_t pos = positions(b, u1, d);
        if (std::popcount(pos) < 2) continue;
        const int first = u1.cells[static_cast<std::size_t>(std::countr_zero(pos))];
        const House* u2 = nullptr;
        for (const House& h : L.of(t2))
          if (contains(h, first)) u2 = &h;
        bool inside = u2 != nullptr;
        for (std::uint32_t m = pos; m && inside; m &= m - 1)
          inside = contains(*u2, u1.cells[static_cast<std::size_t>(std::countr_zero(m))]);
        if (!inside) continue;
        const bool from_box = t1 == HouseType::Box;
        if (!direct) {
          s.removals.clear();
          for (int c : u2->cells)
            if (!contains(u1, c) && b.has(c, d)) s.removals.push_back({c, d});
          if (s.removals.empty()) continue;
          s.name = from_box ? "Pointing" : "Claiming";
          s.difficulty = from_box ? 2.6 : 2.8;
          return true;
        }
        for (const House& u3 : L.of(t1)) {
          if (&u3 == &u1 || !crosses(u3, *u2)) continue;
          const std::uint32_t p3 = positions(b, u3, d);
          if (std::popcount(p3) < 2) continue;
          int remain = 0, cell = -1;
          for (std::uint32_t m = p3; m; m &= m - 1) {
            const int c = u3.cells[static_cast<std::size_t>(std::countr_zero(m))];
            if (!contains(*u2, c)) ++remain, cell = c;
          }
          if (remain != 1) continue;
          s.name = from_box ? "Direct Pointing" : "Direct Claiming";
          s.difficulty = from_box ? 1.7 : 1.9;
          s.place_cell = cell;
          s.place_digit = d;
          return true;
        }
      }
    }
  }
  return false;
}

bool hidden_set(const Layout& L, const VBoard& b, VStep& s, int k, bool direct) {
  for (const House* h : L.scan()) {
    int empty = 0;
    for (int c : h->cells) empty += b.value[static_cast<std::size_t>(c)] == 0;
    if (!(empty > 2 * k || (direct && empty > k))) continue;
    std::uint32_t eligible = 0;
    std::vector<std::uint32_t> pos(static_cast<std::size_t>(b.n) + 1);
    for (int d = 1; d <= b.n; ++d) {
      pos[static_cast<std::size_t>(d)] = positions(b, *h, d);
      const int c = std::popcount(pos[static_cast<std::size_t>(d)]);
      if (c >= 2 && c <= k) eligible |= 1u << (d - 1);
    }
    if (std::popcount(eligible) < k) continue;
    bool found = false;
    for_each_combination_within(eligible, k, [&](std::uint32_t combo) {
      std::uint32_t common = 0;
      for (std::uint32_t m = combo; m; m &= m - 1) common |= pos[static_cast<std::size_t>(std::countr_zero(m) + 1)];
      if (std::popcount(common) != k) return true;
      s.removals.clear();
      if (direct) {
        for (int d = 1; d <= b.n; ++d) {
          if (combo & (1u << (d - 1))) continue;
          const std::uint32_t p = pos[static_cast<std::size_t>(d)];
          if (std::popcount(p) <= 1) continue;
          const std::uint32_t rest = p & ~common;
          if (std::popcount(rest) != 1) continue;
          s.name = k == 2 ? "Direct Hidden Pair" : "Direct Hidden Triplet";
          s.difficulty = k == 2 ? 2.0 : 2.5;
          s.place_cell = h->cells[static_cast<std::size_t>(std::countr_zero(rest))];
          s.place_digit = d;
          found = true;
          return false;
        }
        return true;
      }
      for (std::uint32_t m = common; m; m &= m - 1) {
        const int c = h->cells[static_cast<std::size_t>(std::countr_zero(m))];
        for (int d = 1; d <= b.n; ++d)
          if (b.has(c, d) && !(combo & (1u << (d - 1)))) s.removals.push_back({c, d});
      }
      if (s.removals.empty()) return true;
      s.name = k == 2 ? "Hidden Pair" : k == 3 ? "Hidden Triplet" : "Hidden Quad";
      s.difficulty = k == 2 ? 3.4 : k == 3 ? 4.0 : 5.4;
      found = true;
      return false;
    });
    if (found) return true;
  }
  return false;
}

// The classic naked set: clears its own house only (the reference's
// NakedSet, on by the "Latin" technique set).
bool naked_set(const Layout& L, const VBoard& b, VStep& s, int k) {
  for (const House* h : L.scan()) {
    int empty = 0;
    for (int c : h->cells) empty += b.value[static_cast<std::size_t>(c)] == 0;
    if (empty < 2 * k) continue;
    std::uint32_t eligible = 0;
    for (std::size_t i = 0; i < h->cells.size(); ++i) {
      const int n = std::popcount(b.cand[static_cast<std::size_t>(h->cells[i])]);
      if (n >= 2 && n <= k) eligible |= 1u << i;
    }
    if (std::popcount(eligible) < k) continue;
    bool found = false;
    for_each_combination_within(eligible, k, [&](std::uint32_t combo) {
      std::uint32_t digits = 0;
      for (std::uint32_t m = combo; m; m &= m - 1) digits |= b.cand[static_cast<std::size_t>(h->cells[static_cast<std::size_t>(std::countr_zero(m))])];
      if (std::popcount(digits) != k) return true;
      s.removals.clear();
      for (std::size_t i = 0; i < h->cells.size(); ++i) {
        if (combo & (1u << i)) continue;
        const int c = h->cells[i];
        for (std::uint32_t m = b.cand[static_cast<std::size_t>(c)] & digits; m; m &= m - 1)
          s.removals.push_back({c, std::countr_zero(m) + 1});
      }
      if (s.removals.empty()) return true;
      s.name = k == 2 ? "Naked Pair" : k == 3 ? "Naked Triplet" : "Naked Quad";
      s.difficulty = k == 2 ? 3.0 : k == 3 ? 3.6 : 5.0;
      found = true;
      return false;
    });
    if (found) return true;
  }
  return false;
}

// Basic fish on rows and columns only (the reference's Fisherman, also under
// variants): base columns first, then rows; line combinations in colex
// order, then digits; a digit placed so often that fewer than 2k positions
// remain is skipped.
bool fish(const Layout& L, const VBoard& b, VStep& s, int k) {
  for (const auto& [base_type, cover_type] : {std::pair{HouseType::Column, HouseType::Row}, std::pair{HouseType::Row, HouseType::Column}}) {
    const auto& base = L.of(base_type);
    const auto& cover = L.of(cover_type);
    std::vector<std::uint32_t> eligible(static_cast<std::size_t>(b.n) + 1);
    std::uint32_t lines_in_use = 0;
    for (int d = 1; d <= b.n; ++d) {
      int placed = 0;
      for (std::uint8_t v : b.value) placed += v == d;
      if (placed + 2 * k > b.n) continue;
      std::uint32_t e = 0;
      for (std::size_t i = 0; i < base.size(); ++i) {
        const int n = std::popcount(positions(b, base[i], d));
        if (n >= 2 && n <= k) e |= 1u << i;
      }
      if (std::popcount(e) < k) continue;
      eligible[static_cast<std::size_t>(d)] = e;
      lines_in_use |= e;
    }
    bool found = false;
    for_each_combination_within(lines_in_use, k, [&](std::uint32_t lines) {
      for (int d = 1; d <= b.n; ++d) {
        if (!eligible[static_cast<std::size_t>(d)] || (lines & ~eligible[static_cast<std::size_t>(d)])) continue;
        std::uint32_t common = 0;
        for (std::uint32_t m = lines; m; m &= m - 1) common |= positions(b, base[static_cast<std::size_t>(std::countr_zero(m))], d);
        if (std::popcount(common) != k) continue;
        s.removals.clear();
        for (std::uint32_t m = common; m; m &= m - 1) {
          const House& h = cover[static_cast<std::size_t>(std::countr_zero(m))];
          for (std::size_t j = 0; j < h.cells.size(); ++j)
            if (!(lines & (1u << j)) && b.has(h.cells[j], d)) s.removals.push_back({h.cells[j], d});
        }
        if (s.removals.empty()) continue;
        s.name = k == 2 ? "X-Wing" : k == 3 ? "Swordfish" : "Jellyfish";
        s.difficulty = k == 2 ? 3.2 : k == 3 ? 3.8 : 5.2;
        found = true;
        return false;
      }
      return true;
    });
    if (found) return true;
  }
  return false;
}

struct Named {
  Producer find;
  std::string name;  // the reference's name, for `needs`
};

// The reference's producer list up to the first one not implemented (its
// name closes the list with an empty `find`).
std::vector<Named> variant_producers(const Layout& L) {
  using namespace std::placeholders;
  std::vector<Named> p;
  p.push_back({hidden_single, "Hidden Single"});
  if (L.boxes()) p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return locking(l, b, s, true, true); }, "Direct Pointing"});
  p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return hidden_set(l, b, s, 2, true); }, "Direct Hidden Pair"});
  p.push_back({naked_single, "Naked Single"});
  p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return hidden_set(l, b, s, 3, true); }, "Direct Hidden Triplet"});
  if (!L.latin()) {
    p.push_back({nullptr, "Generalized Intersections"});
    return p;
  }
  if (L.boxes()) p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return locking(l, b, s, false, false); }, "Pointing & Claiming"});
  p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return naked_set(l, b, s, 2); }, "Naked Pair"});
  p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return fish(l, b, s, 2); }, "X-Wing"});
  p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return hidden_set(l, b, s, 2, false); }, "Hidden Pair"});
  p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return naked_set(l, b, s, 3); }, "Naked Triplet"});
  p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return fish(l, b, s, 3); }, "Swordfish"});
  p.push_back({[](const Layout& l, const VBoard& b, VStep& s) { return hidden_set(l, b, s, 3, false); }, "Hidden Triplet"});
  // The 9x9 reference (1.18.1) has the strong-link fish next; the 6x6 and
  // 16x16 explainers (1.2.1's set) go on with XY-Wing.
  p.push_back({nullptr, L.geometry().size() == 9 ? "Skyscraper/Kite/Turbot (2 strong links)" : "XY-Wing"});
  return p;
}

void place(const Geometry& g, VBoard& b, int c, int d) {
  b.value[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(d);
  b.cand[static_cast<std::size_t>(c)] = 0;
  --b.empty;
  for (int p : g.peers(c)) b.cand[static_cast<std::size_t>(p)] &= ~(1u << (d - 1));
}

}  // namespace

VariantGrade grade_variant(const Geometry& g, const std::vector<std::uint8_t>& puzzle, int max_steps) {
  VariantGrade out;
  const Layout layout(g);
  if (static_cast<int>(puzzle.size()) != g.cells()) throw std::invalid_argument("variant grader: the puzzle has the wrong length");
  for (int c = 0; c < g.cells(); ++c)
    if (puzzle[static_cast<std::size_t>(c)])
      for (int p : g.peers(c))
        if (puzzle[static_cast<std::size_t>(p)] == puzzle[static_cast<std::size_t>(c)]) {
          out.status = GradeStatus::InvalidGivens;
          return out;
        }
  const AnySolveResult sr = solve_any(g, puzzle, 2);
  if (sr.count != 1) {
    out.status = sr.count == 0 ? GradeStatus::NoSolution : GradeStatus::MultipleSolutions;
    return out;
  }
  out.solution = sr.solution;
  if (layout.nc() || layout.jigsaw()) {
    out.status = GradeStatus::BeyondTechniques;
    out.needs = layout.nc() ? "the non-consecutive producers (NC Forcing Cell, Locked NC)" : "a reference that rates jigsaw";
    return out;
  }
  VBoard b;
  b.n = g.size();
  b.value.assign(static_cast<std::size_t>(g.cells()), 0);
  b.cand.assign(static_cast<std::size_t>(g.cells()), (g.size() >= 32 ? ~0u : (1u << g.size()) - 1));
  b.empty = g.cells();
  for (int c = 0; c < g.cells(); ++c)
    if (puzzle[static_cast<std::size_t>(c)]) place(g, b, c, puzzle[static_cast<std::size_t>(c)]);
  const auto producers = variant_producers(layout);
  bool pearl_frozen = false;
  while (b.empty > 0) {
    if (out.step_count >= max_steps) {
      out.status = GradeStatus::StepLimit;
      return out;
    }
    VStep s;
    bool found = false;
    for (const Named& p : producers) {
      if (!p.find) {
        out.status = GradeStatus::BeyondTechniques;
        out.needs = p.name;
        return out;
      }
      s = VStep{};
      if ((found = p.find(layout, b, s))) break;
    }
    if (!found) throw std::logic_error("variant grader: the producer list has no end");
    for (auto [c, d] : s.removals)
      if (out.solution[static_cast<std::size_t>(c)] == d)
        throw std::logic_error("variant grader: " + s.name + " removes the solution's digit");
    if (s.place_cell >= 0 && out.solution[static_cast<std::size_t>(s.place_cell)] != s.place_digit)
      throw std::logic_error("variant grader: " + s.name + " places a digit the solution does not have");
    if (s.difficulty > out.er) {
      out.er = s.difficulty;
      out.hardest_name = s.name;
    }
    if (out.step_count == 0) out.ed = out.er;
    if (!pearl_frozen) {
      out.ep = out.er;
      pearl_frozen = s.place_cell >= 0;
    }
    ++out.step_count;
    for (auto [c, d] : s.removals) b.cand[static_cast<std::size_t>(c)] &= ~(1u << (d - 1));
    if (s.place_cell >= 0) place(g, b, s.place_cell, s.place_digit);
  }
  return out;
}

}  // namespace sudokit::grader
