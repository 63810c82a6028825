// The canonical form of any geometry's puzzles (canonical_any.hpp, which
// gives the definition and the two strategies).
#include "sudokit/solver/canonical_any.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <string>

#include "sudokit/solver/bits.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/geometry_symmetry.hpp"

namespace sudokit {
namespace {

using Cells = std::vector<std::uint8_t>;

void check_cells(const Geometry& g, std::span<const std::uint8_t> cells) {
  if (static_cast<int>(cells.size()) != g.cells())
    throw GeometryError("cells: " + std::to_string(cells.size()) + " digits (expected " + std::to_string(g.cells()) +
                        ", one per cell of " + g.spelling() + ")");
  for (std::size_t i = 0; i < cells.size(); ++i)
    if (cells[i] > g.size())
      throw GeometryError("cells:" + std::to_string(i + 1) + ": " + std::to_string(cells[i]) + " is no digit of " +
                              g.spelling(),
                          static_cast<int>(i) + 1);
}

// Digits numbered in order of first appearance (the smallest relabelling).
Cells first_appearance(const Cells& cells, int n) {
  std::vector<std::uint8_t> label(static_cast<std::size_t>(n) + 1, 0);
  std::uint8_t next = 1;
  Cells out(cells.size());
  for (std::size_t i = 0; i < cells.size(); ++i) {
    const std::uint8_t d = cells[i];
    if (d == 0) continue;
    if (label[d] == 0) label[d] = next++;
    out[i] = label[d];
  }
  return out;
}

// The smallest allowed relabelling of `cells`.
Cells best_relabel(const Cells& cells, const SymmetryGroup& group) {
  if (group.digits() == DigitSymmetry::kAll) return first_appearance(cells, group.geometry().size());
  Cells best;
  for (const auto& map : group.digit_relabels()) {
    Cells r = relabel(cells, map);
    if (best.empty() || r < best) best = std::move(r);
  }
  return best;
}

// Invariants of rows and columns that no symmetry or relabelling changes
// (the contract in canonical_any.hpp): a line's key is its count of givens
// and a hash of the sorted counts of the crossing lines at its givens; a
// band's (stack's) key hashes the sorted keys of its lines.
struct LineKeys {
  std::vector<std::uint64_t> row, col, band, stack;
};

std::uint64_t hash_sorted(std::vector<std::uint64_t> v) {
  std::sort(v.begin(), v.end());
  std::uint64_t h = 0x5851F42D4C957F2Dull;
  for (std::uint64_t x : v) h = mix64(h ^ x) + 0x9E3779B97F4A7C15ull;
  return h;
}

LineKeys line_keys(std::span<const std::uint8_t> y, int n, int hr, int hc) {
  const auto nn = static_cast<std::size_t>(n);
  std::vector<std::uint64_t> row_count(nn), col_count(nn);
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      if (y[static_cast<std::size_t>(r * n + c)]) {
        ++row_count[static_cast<std::size_t>(r)];
        ++col_count[static_cast<std::size_t>(c)];
      }
  LineKeys k;
  for (int pass = 0; pass < 2; ++pass) {
    auto& out = pass == 0 ? k.row : k.col;
    for (int a = 0; a < n; ++a) {
      std::vector<std::uint64_t> crossing;
      for (int b = 0; b < n; ++b) {
        const int cell = pass == 0 ? a * n + b : b * n + a;
        if (y[static_cast<std::size_t>(cell)]) crossing.push_back(pass == 0 ? col_count[static_cast<std::size_t>(b)] : row_count[static_cast<std::size_t>(b)]);
      }
      const std::uint64_t count = pass == 0 ? row_count[static_cast<std::size_t>(a)] : col_count[static_cast<std::size_t>(a)];
      out.push_back((count << 56) | (hash_sorted(crossing) >> 8));
    }
  }
  for (int pass = 0; pass < 2; ++pass) {
    const int h = pass == 0 ? hr : hc;
    const auto& lines = pass == 0 ? k.row : k.col;
    auto& out = pass == 0 ? k.band : k.stack;
    for (int b = 0; b < n / h; ++b)
      out.push_back(hash_sorted(std::vector<std::uint64_t>(lines.begin() + b * h, lines.begin() + (b + 1) * h)));
  }
  return k;
}

// True when the lines of `y` are in key order: lines within each band
// (stack) non-decreasing, bands (stacks) non-decreasing.
bool lines_sorted(std::span<const std::uint8_t> y, int n, int hr, int hc) {
  const LineKeys k = line_keys(y, n, hr, hc);
  auto sorted = [](const std::vector<std::uint64_t>& v, int h) {
    for (std::size_t i = 1; i < v.size(); ++i)
      if (i % static_cast<std::size_t>(h) != 0 && v[i] < v[i - 1]) return false;
    return true;
  };
  return sorted(k.row, hr) && sorted(k.col, hc) && std::is_sorted(k.band.begin(), k.band.end()) &&
         std::is_sorted(k.stack.begin(), k.stack.end());
}

// Every element of a band group (small ones only: tests).
template <class F>
void for_each_band_element(int n, int hr, int hc, bool transposes, F&& f) {
  auto lines = [n](int h) {
    std::vector<std::vector<int>> all;
    std::vector<int> bands(static_cast<std::size_t>(n / h));
    std::iota(bands.begin(), bands.end(), 0);
    std::vector<std::vector<int>> inner(static_cast<std::size_t>(n / h), std::vector<int>(static_cast<std::size_t>(h)));
    // Odometer over the band order and each band's inner order.
    do {
      for (auto& v : inner) std::iota(v.begin(), v.end(), 0);
      while (true) {
        std::vector<int> line;
        for (int b = 0; b < n / h; ++b)
          for (int i = 0; i < h; ++i)
            line.push_back(bands[static_cast<std::size_t>(b)] * h + inner[static_cast<std::size_t>(b)][static_cast<std::size_t>(i)]);
        all.push_back(std::move(line));
        std::size_t b = 0;
        while (b < inner.size() && !std::next_permutation(inner[b].begin(), inner[b].end())) ++b;
        if (b == inner.size()) break;
      }
    } while (std::next_permutation(bands.begin(), bands.end()));
    return all;
  };
  const auto rows = lines(hr), cols = lines(hc);
  for (int t = 0; t < (transposes ? 2 : 1); ++t)
    for (const auto& r : rows)
      for (const auto& c : cols) f(LineMap{t == 1, r, c});
}

// The band search (canonical_any.hpp). State: the orientation, the input
// row of each output row so far, the column permutation so far, the labels
// given so far; `best_` is the smallest form found, and equals the current
// branch's output on every cell the branch has written (a branch that goes
// below it overwrites it and marks the rest unknown, 0xFF).
class BandSearch {
 public:
  BandSearch(int n, int hr, int hc, bool transposes, std::span<const std::uint8_t> cells, bool sorted)
      : n_(n), hr_(hr), hc_(hc), transposes_(transposes), sorted_(sorted) {
    const auto nn = static_cast<std::size_t>(n);
    for (int t = 0; t < 2; ++t) {
      in_[t].resize(nn * nn);
      for (int r = 0; r < n; ++r)
        for (int c = 0; c < n; ++c)
          in_[t][static_cast<std::size_t>(r * n + c)] =
              t == 0 ? cells[static_cast<std::size_t>(r * n + c)] : cells[static_cast<std::size_t>(c * n + r)];
    }
    for (std::size_t t = 0; t < 2; ++t) keys_[t] = line_keys(in_[t], n, hr, hc);
    best_.assign(nn * nn, kUnknown);
    rows_.assign(nn, 0);
    cols_.assign(nn, 0);
    label_.assign(nn + 1, 0);
  }

  Cells run() {
    for (int t = 0; t < (transposes_ ? 2 : 1); ++t) {
      t_ = t;
      row_used_.assign(static_cast<std::size_t>(n_), 0);
      col_used_.assign(static_cast<std::size_t>(n_), 0);
      for (int r : next_choices(0, /*rows=*/true)) {
        rows_[0] = r;
        row_used_[static_cast<std::size_t>(r)] = 1;
        col_step(0);
        row_used_[static_cast<std::size_t>(r)] = 0;
      }
    }
    return best_;
  }

 private:
  static constexpr std::uint8_t kUnknown = 0xFF;

  std::uint8_t at(int r, int c) const {
    return in_[static_cast<std::size_t>(t_)][static_cast<std::size_t>(r * n_ + c)];
  }
  std::uint8_t at_in(const Cells& in, int r, int c) const { return in[static_cast<std::size_t>(r * n_ + c)]; }

  // Rows (or columns) a and b hold the same digits everywhere.
  bool same_line(const Cells& in, int a, int b, bool rows) const {
    for (int k = 0; k < n_; ++k)
      if ((rows ? at_in(in, a, k) : at_in(in, k, a)) != (rows ? at_in(in, b, k) : at_in(in, k, b))) return false;
    return true;
  }
  // With sorted_, keeps only the lines (or whole bands) of the smallest key.
  void keep_smallest(std::vector<int>& v, const std::vector<std::uint64_t>& key) const {
    if (!sorted_ || v.empty()) return;
    std::uint64_t least = ~std::uint64_t{0};
    for (int x : v) least = std::min(least, key[static_cast<std::size_t>(x)]);
    std::erase_if(v, [&](int x) { return key[static_cast<std::size_t>(x)] != least; });
  }
  // The unused lines of band (stack) b of height h that may come next.
  std::vector<int> next_lines(int b, int h, const std::vector<char>& used, const std::vector<std::uint64_t>& key) const {
    std::vector<int> v;
    for (int x = b * h; x < (b + 1) * h; ++x)
      if (!used[static_cast<std::size_t>(x)]) v.push_back(x);
    keep_smallest(v, key);
    return v;
  }
  // The unused bands (stacks) that may come next.
  std::vector<int> next_bands(int h, const std::vector<char>& used, const std::vector<std::uint64_t>& key) const {
    std::vector<int> v;
    for (int b = 0; b < n_ / h; ++b)
      if (!used[static_cast<std::size_t>(b * h)]) v.push_back(b);
    keep_smallest(v, key);
    return v;
  }

  std::uint8_t label(std::uint8_t d) {
    if (d == 0) return 0;
    if (label_[d] == 0) {
      label_[d] = ++labels_;
      given_.push_back(d);
    }
    return label_[d];
  }
  void unlabel_to(std::size_t mark) {
    while (given_.size() > mark) {
      label_[given_.back()] = 0;
      given_.pop_back();
      --labels_;
    }
  }
  // Compares the branch's value at `pos` with the best: false when larger.
  bool place(std::size_t pos, std::uint8_t v) {
    const std::uint8_t b = best_[pos];
    if (v > b) return false;
    if (v < b) {
      best_[pos] = v;
      std::fill(best_.begin() + static_cast<std::ptrdiff_t>(pos) + 1, best_.end(), kUnknown);
    }
    return true;
  }
  void count_node() {
    if (++nodes_ > kMaxCanonicalNodes)
      throw CanonicalLimit("canonical form: the search passed " + std::to_string(kMaxCanonicalNodes) +
                           " nodes (too many ties; a nearly empty puzzle?)");
  }

  // The input lines that may fill output row (column) `pos`: a line of an
  // unused band (stack) of the smallest key when `pos` starts one, else an
  // unused line of the current band (stack) of the smallest key. A band
  // equal line by line to an earlier unused one, and a line equal to an
  // earlier one of its band, are left out: trading them is a symmetry that
  // changes nothing, so their branches are the same.
  std::vector<int> next_choices(int pos, bool rows) const {
    const auto& in = in_[static_cast<std::size_t>(t_)];
    const auto& keys = keys_[static_cast<std::size_t>(t_)];
    const int h = rows ? hr_ : hc_;
    const auto& used = rows ? row_used_ : col_used_;
    const auto& line_key = rows ? keys.row : keys.col;
    std::vector<int> candidates;
    if (pos % h == 0) {
      for (int b : next_bands(h, used, rows ? keys.band : keys.stack)) {
        bool twin = false;
        for (int o = 0; o < b && !twin; ++o) {
          if (used[static_cast<std::size_t>(o * h)]) continue;
          bool same = true;
          for (int k = 0; k < h && same; ++k) same = same_line(in, o * h + k, b * h + k, rows);
          twin = same;
        }
        if (twin) continue;
        for (int x : next_lines(b, h, used, line_key)) candidates.push_back(x);
      }
    } else {
      const auto& chosen = rows ? rows_ : cols_;
      candidates = next_lines(chosen[static_cast<std::size_t>(pos - pos % h)] / h, h, used, line_key);
    }
    std::vector<int> kept;
    for (int x : candidates) {
      bool twin = false;
      for (int o : kept)
        if (o / h == x / h && same_line(in, o, x, rows)) twin = true;
      if (!twin) kept.push_back(x);
    }
    return kept;
  }

  // Column j of output row 0.
  void col_step(int j) {
    if (j == n_) {
      row_step(1);
      return;
    }
    count_node();
    const int r0 = rows_[0];
    std::vector<int> kept = next_choices(j, /*rows=*/false);
    // Smallest value first, so that the first forms found are good bounds.
    std::stable_sort(kept.begin(), kept.end(), [&](int a, int b) {
      const auto la = at(r0, a) == 0 ? 0 : (label_[at(r0, a)] ? label_[at(r0, a)] : 100);
      const auto lb = at(r0, b) == 0 ? 0 : (label_[at(r0, b)] ? label_[at(r0, b)] : 100);
      return la < lb;
    });
    const auto pos = static_cast<std::size_t>(j);
    for (int c : kept) {
      const std::size_t mark = given_.size();
      if (place(pos, label(at(r0, c)))) {
        cols_[static_cast<std::size_t>(j)] = c;
        col_used_[static_cast<std::size_t>(c)] = 1;
        col_step(j + 1);
        col_used_[static_cast<std::size_t>(c)] = 0;
      }
      unlabel_to(mark);
    }
  }

  // Output row i (the column permutation is complete).
  void row_step(int i) {
    if (i == n_) return;  // a leaf: best_ now holds this branch's form
    count_node();
    std::vector<int> kept = next_choices(i, /*rows=*/true);
    // Smallest row first (labels as this row would give them), so that the
    // first branch is the greedy one and the others stop where they are larger.
    if (kept.size() > 1) {
      std::vector<std::pair<Cells, int>> keyed;
      for (int r : kept) {
        Cells key(static_cast<std::size_t>(n_));
        std::vector<std::uint8_t> tentative = label_;
        std::uint8_t next = labels_;
        for (int j = 0; j < n_; ++j) {
          const std::uint8_t d = at(r, cols_[static_cast<std::size_t>(j)]);
          if (d != 0 && tentative[d] == 0) tentative[d] = ++next;
          key[static_cast<std::size_t>(j)] = d == 0 ? 0 : tentative[d];
        }
        keyed.emplace_back(std::move(key), r);
      }
      std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) {
        return std::lexicographical_compare(a.first.begin(), a.first.end(), b.first.begin(), b.first.end());
      });
      for (std::size_t k = 0; k < kept.size(); ++k) kept[k] = keyed[k].second;
    }
    for (int r : kept) {
      const std::size_t mark = given_.size();
      bool ok = true;
      for (int j = 0; j < n_ && ok; ++j)
        ok = place(static_cast<std::size_t>(i * n_ + j), label(at(r, cols_[static_cast<std::size_t>(j)])));
      if (ok) {
        rows_[static_cast<std::size_t>(i)] = r;
        row_used_[static_cast<std::size_t>(r)] = 1;
        row_step(i + 1);
        row_used_[static_cast<std::size_t>(r)] = 0;
      }
      unlabel_to(mark);
    }
  }

  int n_, hr_, hc_;
  bool transposes_, sorted_;
  std::array<LineKeys, 2> keys_;
  int t_ = 0;
  std::array<Cells, 2> in_;
  Cells best_;
  std::vector<int> rows_, cols_;
  std::vector<char> row_used_, col_used_;
  std::vector<std::uint8_t> label_;
  std::vector<std::uint8_t> given_;
  std::uint8_t labels_ = 0;
  std::uint64_t nodes_ = 0;
};

}  // namespace

std::vector<std::uint8_t> canonical_by_enumeration(const GeometryPtr& geometry, std::span<const std::uint8_t> cells) {
  check_cells(*geometry, cells);
  const auto group = symmetry_group(geometry);
  Cells best;
  const bool bands = group->kind() == SymmetryGroup::Kind::kBands;
  auto consider = [&](const LineMap& m) {
    const Cells moved = m.apply(cells);
    if (bands && !lines_sorted(moved, geometry->size(), group->band_rows(), group->stack_cols())) return;
    Cells form = best_relabel(moved, *group);
    if (best.empty() || form < best) best = std::move(form);
  };
  if (group->kind() == SymmetryGroup::Kind::kListed) {
    for (const auto& m : group->elements()) consider(m);
  } else {
    if (group->order_estimate() > static_cast<double>(kMaxListedSymmetries))
      throw GeometryError("geometry: " + geometry->spelling() + " has " + group->order() +
                          " symmetries, too many to try one by one");
    for_each_band_element(geometry->size(), group->band_rows(), group->stack_cols(), group->transposes(), consider);
  }
  return best;
}

std::vector<std::uint8_t> canonical_by_band_search(const GeometryPtr& geometry, std::span<const std::uint8_t> cells,
                                                   bool sorted_lines) {
  check_cells(*geometry, cells);
  const auto group = symmetry_group(geometry);
  if (group->kind() != SymmetryGroup::Kind::kBands)
    throw GeometryError("geometry: " + geometry->spelling() + " has no band-and-stack group");
  return BandSearch(geometry->size(), group->band_rows(), group->stack_cols(), group->transposes(), cells, sorted_lines).run();
}

std::vector<std::uint8_t> canonical_any(const GeometryPtr& geometry, std::span<const std::uint8_t> cells) {
  check_cells(*geometry, cells);
  if (geometry->classic()) {
    Grid grid;
    std::copy(cells.begin(), cells.end(), grid.cells.begin());
    const Grid form = canonical_form(grid);
    return Cells(form.cells.begin(), form.cells.end());
  }
  const auto group = symmetry_group(geometry);
  if (group->kind() == SymmetryGroup::Kind::kListed) return canonical_by_enumeration(geometry, cells);
  return canonical_by_band_search(geometry, cells);
}

}  // namespace sudokit
