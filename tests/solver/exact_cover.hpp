// An independent solution counter for tests and benchmarks: Knuth's dancing
// links (DLX) over an exact cover written here, sharing no code with the
// solver's kernels. Columns: "cell filled" for every cell and "house holds
// digit" for every house and digit; rows: (cell, digit). Rules that are not
// houses (leapers, non-consecutive neighbours) are pair rules, checked when a
// row is chosen against the cells already filled: `pair_cells[c]` lists the
// cells a pair rule may relate to c, and `conflict(c1, d1, c2, d2)` says
// whether c1 = d1 beside c2 = d2 breaks one. Plain vectors in, a count out;
// exact_cover_of(geometry) fills them from a Geometry's houses, peers and
// adjacent() (the contract's tables, none of the solver's code).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "sudokit/solver/geometry.hpp"

namespace sudokit::test {

class ExactCover {
 public:
  using Conflict = std::function<bool(int, int, int, int)>;

  /// `size` digits 1..size, `cells` cells, each house `size` cells.
  ExactCover(int size, int cells, const std::vector<std::vector<int>>& houses,
             std::vector<std::vector<int>> pair_cells = {}, Conflict conflict = {})
      : n_(size), cells_(cells), pair_cells_(std::move(pair_cells)), conflict_(std::move(conflict)) {
    const int columns = cells + static_cast<int>(houses.size()) * size;
    std::vector<std::vector<int>> houses_of(static_cast<std::size_t>(cells));
    for (std::size_t h = 0; h < houses.size(); ++h)
      for (int c : houses[h]) houses_of[static_cast<std::size_t>(c)].push_back(static_cast<int>(h));
    // Node 0 is the root; nodes 1..columns the column headers.
    nodes_.resize(static_cast<std::size_t>(columns) + 1);
    size_.assign(static_cast<std::size_t>(columns) + 1, 0);
    for (int i = 0; i <= columns; ++i) {
      Node& x = nodes_[static_cast<std::size_t>(i)];
      x.left = i == 0 ? columns : i - 1;
      x.right = i == columns ? 0 : i + 1;
      x.up = x.down = x.column = i;
    }
    row_first_.assign(static_cast<std::size_t>(cells * size), 0);
    for (int c = 0; c < cells; ++c)
      for (int d = 1; d <= size; ++d) {
        std::vector<int> cols{1 + c};
        for (int h : houses_of[static_cast<std::size_t>(c)]) cols.push_back(1 + cells + h * size + (d - 1));
        int first = -1;
        for (int col : cols) {
          const int id = static_cast<int>(nodes_.size());
          Node x;
          x.column = col;
          x.row = c * size + (d - 1);
          Node& head = nodes_[static_cast<std::size_t>(col)];
          x.up = head.up;
          x.down = col;
          if (first < 0) {
            first = id;
            x.left = x.right = id;
          } else {
            x.left = nodes_[static_cast<std::size_t>(first)].left;
            x.right = first;
          }
          nodes_.push_back(x);
          Node& y = nodes_[static_cast<std::size_t>(id)];
          nodes_[static_cast<std::size_t>(y.up)].down = id;
          nodes_[static_cast<std::size_t>(col)].up = id;
          nodes_[static_cast<std::size_t>(y.left)].right = id;
          nodes_[static_cast<std::size_t>(first)].left = id;
          ++size_[static_cast<std::size_t>(col)];
        }
        row_first_[static_cast<std::size_t>(c * size + d - 1)] = first;
      }
  }

  /// Solutions of `grid` (0 empty), counted up to `limit`; the first one
  /// found goes to `first` when given.
  unsigned count(const std::vector<std::uint8_t>& grid, unsigned limit,
                 std::vector<std::uint8_t>* first = nullptr) {
    limit_ = limit;
    found_ = 0;
    first_ = first;
    value_.assign(static_cast<std::size_t>(cells_), 0);
    std::vector<int> chosen;
    bool ok = static_cast<int>(grid.size()) == cells_;
    for (int c = 0; ok && c < cells_; ++c) {
      const int d = grid[static_cast<std::size_t>(c)];
      if (d == 0) continue;
      if (d > n_ || !allowed(c, d)) {
        ok = false;
        break;
      }
      const int r = row_first_[static_cast<std::size_t>(c * n_ + d - 1)];
      // A given whose column another given covered already breaks a house.
      int j = r;
      do {
        if (covered(nodes_[static_cast<std::size_t>(j)].column)) ok = false;
        j = nodes_[static_cast<std::size_t>(j)].right;
      } while (ok && j != r);
      if (!ok) break;
      j = r;
      do {
        cover(nodes_[static_cast<std::size_t>(j)].column);
        j = nodes_[static_cast<std::size_t>(j)].right;
      } while (j != r);
      value_[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(d);
      chosen.push_back(r);
    }
    if (ok) search();
    // Put the givens back, last first.
    for (auto it = chosen.rbegin(); it != chosen.rend(); ++it) {
      int j = nodes_[static_cast<std::size_t>(*it)].left;
      while (true) {
        uncover(nodes_[static_cast<std::size_t>(j)].column);
        if (j == *it) break;
        j = nodes_[static_cast<std::size_t>(j)].left;
      }
    }
    return ok ? found_ : 0;
  }

 private:
  struct Node {
    int left = 0, right = 0, up = 0, down = 0, column = 0, row = -1;
  };

  bool covered(int col) const {
    // A covered header is unlinked from its neighbours.
    return nodes_[static_cast<std::size_t>(nodes_[static_cast<std::size_t>(col)].left)].right != col;
  }
  bool allowed(int c, int d) const {
    if (pair_cells_.empty()) return true;
    for (int o : pair_cells_[static_cast<std::size_t>(c)]) {
      const int e = value_[static_cast<std::size_t>(o)];
      if (e != 0 && conflict_(c, d, o, e)) return false;
    }
    return true;
  }
  void cover(int col) {
    Node& h = nodes_[static_cast<std::size_t>(col)];
    nodes_[static_cast<std::size_t>(h.right)].left = h.left;
    nodes_[static_cast<std::size_t>(h.left)].right = h.right;
    for (int i = h.down; i != col; i = nodes_[static_cast<std::size_t>(i)].down)
      for (int j = nodes_[static_cast<std::size_t>(i)].right; j != i; j = nodes_[static_cast<std::size_t>(j)].right) {
        Node& x = nodes_[static_cast<std::size_t>(j)];
        nodes_[static_cast<std::size_t>(x.down)].up = x.up;
        nodes_[static_cast<std::size_t>(x.up)].down = x.down;
        --size_[static_cast<std::size_t>(x.column)];
      }
  }
  void uncover(int col) {
    Node& h = nodes_[static_cast<std::size_t>(col)];
    for (int i = h.up; i != col; i = nodes_[static_cast<std::size_t>(i)].up)
      for (int j = nodes_[static_cast<std::size_t>(i)].left; j != i; j = nodes_[static_cast<std::size_t>(j)].left) {
        Node& x = nodes_[static_cast<std::size_t>(j)];
        ++size_[static_cast<std::size_t>(x.column)];
        nodes_[static_cast<std::size_t>(x.down)].up = j;
        nodes_[static_cast<std::size_t>(x.up)].down = j;
      }
    nodes_[static_cast<std::size_t>(h.right)].left = col;
    nodes_[static_cast<std::size_t>(h.left)].right = col;
  }
  void search() {
    if (nodes_[0].right == 0) {
      if (found_++ == 0 && first_ != nullptr) *first_ = value_;
      return;
    }
    int best = nodes_[0].right;
    for (int c = best; c != 0; c = nodes_[static_cast<std::size_t>(c)].right)
      if (size_[static_cast<std::size_t>(c)] < size_[static_cast<std::size_t>(best)]) best = c;
    if (size_[static_cast<std::size_t>(best)] == 0) return;
    cover(best);
    for (int r = nodes_[static_cast<std::size_t>(best)].down; r != best && found_ < limit_;
         r = nodes_[static_cast<std::size_t>(r)].down) {
      const int row = nodes_[static_cast<std::size_t>(r)].row;
      const int cell = row / n_, digit = row % n_ + 1;
      if (!allowed(cell, digit)) continue;
      value_[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(digit);
      for (int j = nodes_[static_cast<std::size_t>(r)].right; j != r; j = nodes_[static_cast<std::size_t>(j)].right)
        cover(nodes_[static_cast<std::size_t>(j)].column);
      search();
      for (int j = nodes_[static_cast<std::size_t>(r)].left; j != r; j = nodes_[static_cast<std::size_t>(j)].left)
        uncover(nodes_[static_cast<std::size_t>(j)].column);
      value_[static_cast<std::size_t>(cell)] = 0;
    }
    uncover(best);
  }

  int n_, cells_;
  std::vector<std::vector<int>> pair_cells_;
  Conflict conflict_;
  std::vector<Node> nodes_;
  std::vector<int> size_;
  std::vector<int> row_first_;
  std::vector<std::uint8_t> value_;
  unsigned limit_ = 0, found_ = 0;
  std::vector<std::uint8_t>* first_ = nullptr;
};

/// True when a and b are consecutive digits under the geometry's
/// non-consecutive rule (with nc_wrap(), 1 and size() too).
inline bool consecutive_digits(const Geometry& g, int a, int b) {
  return a - b == 1 || b - a == 1 || (g.nc_wrap() && ((a == 1 && b == g.size()) || (b == 1 && a == g.size())));
}

/// The counter for a geometry: its houses as columns; leapers (peers sharing
/// no house) and adjacent() cells as pair rules. Keeps a pointer to `g`.
inline ExactCover exact_cover_of(const Geometry& g) {
  const int n = g.cells();
  std::vector<char> same_house(static_cast<std::size_t>(n) * n, 0);
  for (const auto& h : g.houses())
    for (int a : h)
      for (int b : h) same_house[static_cast<std::size_t>(a) * n + b] = 1;
  auto rel = std::make_shared<std::vector<char>>(static_cast<std::size_t>(n) * n, 0);
  std::vector<std::vector<int>> pair_cells(static_cast<std::size_t>(n));
  for (int c = 0; c < n; ++c) {
    for (int p : g.peers(c))
      if (!same_house[static_cast<std::size_t>(c) * n + p]) (*rel)[static_cast<std::size_t>(c) * n + p] |= 1;
    for (int a : g.adjacent(c)) (*rel)[static_cast<std::size_t>(c) * n + a] |= 2;
    for (int o = 0; o < n; ++o)
      if ((*rel)[static_cast<std::size_t>(c) * n + o]) pair_cells[static_cast<std::size_t>(c)].push_back(o);
  }
  const Geometry* gp = &g;
  return ExactCover(g.size(), n, g.houses(), pair_cells, [rel, n, gp](int c1, int d1, int c2, int d2) {
    const char r = (*rel)[static_cast<std::size_t>(c1) * n + c2];
    return ((r & 1) && d1 == d2) || ((r & 2) && consecutive_digits(*gp, d1, d2));
  });
}

}  // namespace sudokit::test
