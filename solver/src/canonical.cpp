// Canonical (minlex) forms, see canonical.hpp for the definition.
//
// Solution grids (canonical_solution). The first row of a minlex grid always
// reads 123456789: whichever row comes first, relabelling makes it so. Given
// the first row x (18 choices with the transposition) and the second row y of
// the same band, the second row of the result depends only on the column
// permutation C: output cell (1, j) holds the label of the digit at (y, C(j)),
// i.e. the output column where C puts the column of row x holding that digit
// ("target" below). C is built position by position in the order the second
// row is read. At position j the only free choice is which input column
// becomes output column j, when an earlier step has not fixed it already; the
// target of that column is then forced to the smallest output column still
// free for it, since any other would make the value at j larger.
//
// Bands come in two kinds. In a pure band the second row's digits in each box
// are the first row's digits of one other box; its second rows read 456789
// and then three values fixed by the order of the first stack's columns, so
// they are computed directly. In a mixed band each box of the second row
// takes two digits from one box of the first row and one from the other; the
// best start is 457, from the two "paired" columns first; the value at
// position 3 is computed directly for every such start, and the starts that
// tie continue breadth-first, position by position, keeping only the smallest
// value at each position (a choice is left only at positions 5 and 7). Pure
// beats mixed, so mixed bands are skipped when a pure one exists. When the
// second row is complete so is C, and the remaining seven rows follow
// greedily: the third row is fixed, and the lower bands sort by their
// smallest row. Rows of a valid grid differ in every column, so there are no
// ties to follow there; ties in the second row (automorphisms) are all
// finished and compared.
//
// Puzzles (canonical_puzzle). The labels are decided incrementally: scanning
// the output row by row, the first digit seen gets label 1, the next new one
// label 2, and so on, which is optimal for any fixed placement. The search
// goes row by row and keeps every partial transform whose rows so far tie
// with the best prefix. A partial transform fixes the transposition, the
// input rows of the output rows so far, the stack order, the labels seen so
// far, and for each stack the set of column orders (a 6-bit mask) that are
// still interchangeable. Extending by one row picks an input row (same band
// as the row above unless a new band starts) and, stack by stack, the column
// orders giving the smallest triplet; orders that tie but give new digits
// different labels split into separate partial transforms. Each triplet is
// compared against the best row so far, so losing branches stop at the first
// triplet that is larger. Puzzles with a handful of givens (many empty rows,
// everything ties) are the slow case, around a millisecond.
#include "sudokit/solver/canonical.hpp"

#include <algorithm>
#include <cassert>
#include <vector>

namespace sudokit {
namespace {

constexpr std::uint8_t kNone = 0xFF;
constexpr std::uint64_t kWorstRow = ~std::uint64_t{0};

// A 9x9 grid as rows, in both orientations: [0] as given, [1] transposed.
using Rows = std::array<std::array<std::uint8_t, 9>, 9>;

void orient(const Grid& grid, std::array<Rows, 2>& rows) {
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      const std::uint8_t d = grid[cell_at(r, c)];
      rows[0][static_cast<std::size_t>(r)][static_cast<std::size_t>(c)] = d;
      rows[1][static_cast<std::size_t>(c)][static_cast<std::size_t>(r)] = d;
    }
}

// Complete, and every row, column and box holds nine different digits.
bool is_valid_solution(const Grid& grid) {
  std::array<DigitMask, 27> seen{};
  for (int cell = 0; cell < kCells; ++cell) {
    const int d = grid[cell];
    if (d < 1 || d > 9) return false;
    for (auto u : kCellUnits[static_cast<std::size_t>(cell)]) seen[u] |= digit_bit(d);
  }
  return std::all_of(seen.begin(), seen.end(), [](DigitMask m) { return m == kAllDigits; });
}

// The other two bands than `band` (which = 0 or 1).
constexpr int other_band(int band, int which) { return (band + 1 + which) % 3; }

// Sorts three (value, row) keys ascending.
void sort3(std::uint64_t& a, std::uint64_t& b, std::uint64_t& c) {
  if (a > b) std::swap(a, b);
  if (b > c) std::swap(b, c);
  if (a > b) std::swap(a, b);
}

class SolutionMinlex {
 public:
  explicit SolutionMinlex(const Grid& grid) {
    orient(grid, cells_);
    for (std::size_t t = 0; t < 2; ++t)
      for (std::size_t r = 0; r < 9; ++r)
        for (std::size_t c = 0; c < 9; ++c) column_of_[t][r][cells_[t][r][c]] = static_cast<std::uint8_t>(c);
  }

  Transform run() {
    best_rest_.fill(kWorstRow);
    // A band is pure when the second row's digits in each box are the first
    // row's digits of one other box; then the second row can start 456,
    // otherwise at best 457. Purity is a property of the band (any two of its
    // rows), so mixed bands are skipped entirely when a pure one exists.
    bool pure[2][3];
    bool any_pure = false;
    for (int t = 0; t < 2; ++t)
      for (int band = 0; band < 3; ++band) {
        const Pair p = make_pair(t, 3 * band, 3 * band + 1);
        pure[t][band] = p.target[0] / 3 == p.target[1] / 3 && p.target[1] / 3 == p.target[2] / 3;
        any_pure = any_pure || pure[t][band];
      }
    if (any_pure)
      run_pure(pure);
    else
      run_mixed();
    return best_;
  }

 private:
  // A column permutation under construction. Output columns are always
  // taken in order within an output stack, so `filled` (a count) says which
  // ones are taken.
  struct State {
    std::array<std::uint8_t, 9> col;        // output column -> input column
    std::array<std::uint8_t, 9> out_of;     // input column -> output column
    std::array<std::uint8_t, 3> stack;      // output stack -> input stack
    std::array<std::uint8_t, 3> stack_out;  // input stack -> output stack
    std::array<std::uint8_t, 3> filled;     // output columns taken per output stack
  };
  // A choice of the first two rows: orientation t, rows x then y, and z the
  // third row of their band. target[c] is the column of row x holding the
  // digit at (y, c).
  struct Pair {
    std::uint8_t t, x, y, z;
    std::array<std::uint8_t, 9> target;
  };
  struct Branch {
    State s;
    std::uint8_t pair;
  };
  static constexpr int kMaxBranches = 512;

  static std::size_t sz(int i) { return static_cast<std::size_t>(i); }

  Pair make_pair(int t, int x, int y) const {
    Pair p;
    p.t = static_cast<std::uint8_t>(t);
    p.x = static_cast<std::uint8_t>(x);
    p.y = static_cast<std::uint8_t>(y);
    p.z = static_cast<std::uint8_t>(x - x % 3 + 3 - x % 3 - y % 3);
    for (std::size_t c = 0; c < 9; ++c) p.target[c] = column_of_[sz(t)][sz(x)][cells_[sz(t)][sz(y)][c]];
    return p;
  }

  static State empty_state() {
    State n;
    n.col.fill(kNone);
    n.out_of.fill(kNone);
    n.stack.fill(kNone);
    n.stack_out.fill(kNone);
    n.filled.fill(0);
    return n;
  }

  // Places input column c at output column j.
  static void put(State& n, int j, int c) {
    n.col[sz(j)] = static_cast<std::uint8_t>(c);
    n.out_of[sz(c)] = static_cast<std::uint8_t>(j);
  }

  // Output column j is placed: the value of the second row there is the
  // output column of the matching digit in the first row, which gets the
  // smallest free place if it has none yet (any other would be larger).
  static int point(State& n, int j, const std::array<std::uint8_t, 9>& target) {
    const int t = target[sz(n.col[sz(j)])];
    int v = n.out_of[sz(t)];
    if (v == kNone) {
      const int in_stack = t / 3;
      int u = n.stack_out[sz(in_stack)];
      if (u == kNone) {
        u = n.stack[1] == kNone ? 1 : 2;
        n.stack[sz(u)] = static_cast<std::uint8_t>(in_stack);
        n.stack_out[sz(in_stack)] = static_cast<std::uint8_t>(u);
      }
      v = 3 * u + n.filled[sz(u)]++;
      assert(n.col[sz(v)] == kNone);
      put(n, v, t);
    }
    return v;
  }

  // Pure bands. With input stack s first, whatever the order of its columns
  // the second row reads 456789 and then the order's view of rho (target
  // applied three times, which maps the stack onto itself); the view is
  // packed 4 bits per value. All the column permutation follows: the
  // targets of output columns 0..2 fill 3..5, theirs fill 6..8.
  static int pure_view(const Pair& p, int s, const std::array<std::uint8_t, 3>& o) {
    const int c0 = 3 * s;
    int where[3];
    for (int i = 0; i < 3; ++i) where[o[sz(i)]] = i;
    auto view = [&](int i) { return where[p.target[p.target[p.target[sz(c0 + o[sz(i)])]]] - c0]; };
    return view(0) * 16 + view(1) * 4 + view(2);
  }

  void run_pure(const bool pure[2][3]) {
    int best = 1 << 30;
    for (int pass = 0; pass < 2; ++pass)
      for (int t = 0; t < 2; ++t)
        for (int band = 0; band < 3; ++band) {
          if (!pure[t][band]) continue;
          for (int x = 3 * band; x < 3 * band + 3; ++x)
            for (int y = 3 * band; y < 3 * band + 3; ++y) {
              if (y == x) continue;
              const Pair p = make_pair(t, x, y);
              for (int s = 0; s < 3; ++s)
                for (const auto& o : kOrderings3) {
                  const int view = pure_view(p, s, o);
                  if (pass == 0) {
                    best = std::min(best, view);
                    continue;
                  }
                  if (view != best) continue;
                  State n = empty_state();
                  for (int i = 0; i < 3; ++i) {
                    put(n, i, 3 * s + o[sz(i)]);
                    put(n, 3 + i, p.target[n.col[sz(i)]]);
                    put(n, 6 + i, p.target[n.col[sz(3 + i)]]);
                  }
                  finish(p, n);
                }
            }
        }
  }

  // Mixed bands. With input stack s first, the two columns whose digits come
  // from the same box of the first row go first (either way round) and the
  // odd one last, giving the best start 457. The value at position 3 is
  // computed directly for all such starts; the ones that tie go on
  // breadth-first, position by position, keeping only the smallest value at
  // each position. Only position 5 (one free column) and 7 (at most two)
  // can need a choice, the other positions are already placed.
  void run_mixed() {
    int n_pairs = 0;
    for (int t = 0; t < 2; ++t)
      for (int x = 0; x < 9; ++x)
        for (int y = x - x % 3; y < x - x % 3 + 3; ++y)
          if (y != x) pairs_[sz(n_pairs++)] = make_pair(t, x, y);

    struct Start {
      std::uint8_t pair, first, second, odd;
    };
    std::array<Start, 36 * 6> starts;
    int n_starts = 0;
    int best = 1 << 30;
    for (int pi = 0; pi < n_pairs; ++pi) {
      const auto& target = pairs_[sz(pi)].target;
      for (int s = 0; s < 3; ++s) {
        const int c0 = 3 * s;
        const int s0 = target[sz(c0)] / 3, s1 = target[sz(c0 + 1)] / 3;
        const int odd = c0 + (s0 == s1 ? 2 : (s0 == target[sz(c0 + 2)] / 3 ? 1 : 0));
        const int a = c0 + (odd == c0 ? 1 : 0), b = c0 + (odd == c0 + 2 ? 1 : 2);
        for (int w = 0; w < 2; ++w) {
          const int first = w ? b : a, second = w ? a : b;
          const int back = target[target[sz(first)]];
          const int v = back / 3 == s ? (back == first ? 0 : back == second ? 1 : 2) : (back == target[sz(odd)] ? 6 : 7);
          if (v > best) continue;
          if (v < best) {
            best = v;
            n_starts = 0;
          }
          starts[sz(n_starts++)] = {static_cast<std::uint8_t>(pi), static_cast<std::uint8_t>(first),
                                    static_cast<std::uint8_t>(second), static_cast<std::uint8_t>(odd)};
        }
      }
    }

    Branch* from = branches_[0].data();
    Branch* to = branches_[1].data();
    int n_from = 0;
    for (int i = 0; i < n_starts; ++i) {
      const Start& st = starts[sz(i)];
      Branch& b = from[n_from++];
      b.pair = st.pair;
      b.s = empty_state();
      b.s.stack[0] = static_cast<std::uint8_t>(st.first / 3);
      b.s.stack_out[sz(st.first / 3)] = 0;
      b.s.filled[0] = 3;
      put(b.s, 0, st.first);
      put(b.s, 1, st.second);
      put(b.s, 2, st.odd);
      const auto& target = pairs_[st.pair].target;
      for (int j = 0; j < 4; ++j) point(b.s, j, target);
    }
    for (int j = 4; j < 9; ++j) {
      int n_to = 0;
      int least = 1 << 30;
      const int u = j / 3;
      auto consider = [&](const Branch& b, int v) {
        if (v > least) return;
        if (v < least) {
          least = v;
          n_to = 0;
        }
        assert(n_to < kMaxBranches);
        to[n_to++] = b;
      };
      for (int i = 0; i < n_from; ++i) {
        const Branch& b = from[i];
        const auto& target = pairs_[b.pair].target;
        if (b.s.filled[sz(u)] > j % 3) {
          Branch n = b;
          consider(n, point(n.s, j, target));
          continue;
        }
        const int s = b.s.stack[sz(u)];
        for (int c = 3 * s; c < 3 * s + 3; ++c) {
          if (b.s.out_of[sz(c)] != kNone) continue;
          Branch n = b;
          put(n.s, j, c);
          ++n.s.filled[sz(u)];
          consider(n, point(n.s, j, target));
        }
      }
      std::swap(from, to);
      n_from = n_to;
    }
    for (int i = 0; i < n_from; ++i) finish(pairs_[from[i].pair], from[i].s);
  }

  // The column permutation is complete and the second row is the best:
  // the rest of the grid follows. Rows are packed 4 bits per cell, first
  // cell most significant, with the input row in the low 4 bits.
  void finish(const Pair& p, const State& s) {
    const auto& rows = cells_[p.t];
    std::array<std::uint8_t, 10> label{};
    for (std::size_t d = 1; d <= 9; ++d) label[d] = s.out_of[column_of_[p.t][p.x][d]];
    auto pack = [&](int r) {
      std::uint64_t v = 0;
      const auto& row = rows[sz(r)];
      for (std::size_t j = 0; j < 9; ++j) v = (v << 4) | label[row[s.col[j]]];
      return (v << 4) | static_cast<std::uint64_t>(r);
    };
    std::array<std::uint64_t, 7> rest;
    rest[0] = pack(p.z);
    if ((rest[0] >> 4) > (best_rest_[0] >> 4)) return;
    const int band = p.x / 3;
    std::uint64_t lower[2][3];
    for (int k = 0; k < 2; ++k) {
      const int b = other_band(band, k);
      for (int i = 0; i < 3; ++i) lower[k][i] = pack(3 * b + i);
      sort3(lower[k][0], lower[k][1], lower[k][2]);
    }
    const int first = lower[0][0] < lower[1][0] ? 0 : 1;
    for (int i = 0; i < 3; ++i) {
      rest[sz(1 + i)] = lower[first][i];
      rest[sz(4 + i)] = lower[1 - first][i];
    }
    // Compare the rows only, not the input rows riding in the low bits.
    if (!std::lexicographical_compare(rest.begin(), rest.end(), best_rest_.begin(), best_rest_.end(),
                                      [](std::uint64_t a, std::uint64_t b) { return (a >> 4) < (b >> 4); }))
      return;
    best_rest_ = rest;
    best_.transpose = p.t == 1;
    best_.rows[0] = p.x;
    best_.rows[1] = p.y;
    for (std::size_t i = 0; i < 7; ++i) best_.rows[2 + i] = static_cast<std::uint8_t>(rest[i] & 0xF);
    best_.cols = s.col;
    best_.digits[0] = 0;
    for (std::size_t d = 1; d <= 9; ++d) best_.digits[d] = static_cast<std::uint8_t>(label[d] + 1);
  }

  std::array<Rows, 2> cells_;
  std::uint8_t column_of_[2][9][10] = {};  // [t][row][digit] -> column
  std::array<Pair, 36> pairs_;
  std::array<std::array<Branch, kMaxBranches>, 2> branches_;
  std::array<std::uint64_t, 7> best_rest_{};
  Transform best_;
};

// One partial transform of the puzzle search (see the file comment).
struct Partial {
  std::array<std::uint8_t, 9> rows;    // output row -> input row, for the rows placed so far
  std::array<std::uint8_t, 10> label;  // input digit -> label, 0 = not seen yet
  std::array<std::uint8_t, 3> stack;   // output stack -> input stack
  std::array<std::uint8_t, 3> orders;  // per output stack: bit k = kOrderings3[k] still allowed
  std::uint16_t rows_used;             // input rows placed so far
  std::uint8_t t;                      // transposed?
  std::uint8_t next_label;
};

constexpr std::uint8_t kAllOrders = 0x3F;
constexpr std::uint16_t kWorstTriplet = 0xFFFF;

class PuzzleMinlex {
 public:
  PuzzleMinlex(const Grid& grid, std::vector<Partial>& current, std::vector<Partial>& next)
      : current_(current), next_(next) {
    orient(grid, cells_);
  }

  Transform run() {
    current_.clear();
    next_.clear();
    out_row_ = 0;
    best_.fill(kWorstTriplet);
    start_first_row();
    for (out_row_ = 1; out_row_ < 9; ++out_row_) {
      std::swap(current_, next_);
      next_.clear();
      best_.fill(kWorstTriplet);
      for (const Partial& p : current_) {
        const unsigned used = p.rows_used;
        if (out_row_ % 3 != 0) {
          const int band = p.rows[static_cast<std::size_t>(out_row_ - out_row_ % 3)] / 3;
          for (int r = 3 * band; r < 3 * band + 3; ++r)
            if (!(used >> r & 1)) extend(p, r);
        } else {
          for (int band = 0; band < 3; ++band) {
            if (used >> (3 * band) & 7) continue;
            for (int r = 3 * band; r < 3 * band + 3; ++r) extend(p, r);
          }
        }
      }
    }
    assert(!next_.empty());
    return to_transform(next_.front());
  }

 private:
  static int givens(const std::array<std::uint8_t, 9>& row, int stack) {
    return (row[static_cast<std::size_t>(3 * stack)] != 0) + (row[static_cast<std::size_t>(3 * stack + 1)] != 0) +
           (row[static_cast<std::size_t>(3 * stack + 2)] != 0);
  }

  // The first row reads, stack by stack, empty cells then labels 1, 2, ...
  // in order, so only its counts of givens per stack matter: the best first
  // rows have the lexicographically smallest sorted counts, with the stacks
  // in ascending order of count.
  void start_first_row() {
    int best_key = 1 << 30;
    for (int t = 0; t < 2; ++t)
      for (int r = 0; r < 9; ++r) {
        const auto& row = cells_[static_cast<std::size_t>(t)][static_cast<std::size_t>(r)];
        int n[3] = {givens(row, 0), givens(row, 1), givens(row, 2)};
        std::sort(n, n + 3);
        best_key = std::min(best_key, n[0] * 16 + n[1] * 4 + n[2]);
      }
    for (int t = 0; t < 2; ++t)
      for (int r = 0; r < 9; ++r) {
        const auto& row = cells_[static_cast<std::size_t>(t)][static_cast<std::size_t>(r)];
        const int n[3] = {givens(row, 0), givens(row, 1), givens(row, 2)};
        for (const auto& o : kOrderings3) {
          if (n[o[0]] * 16 + n[o[1]] * 4 + n[o[2]] != best_key) continue;
          Partial p{};
          p.t = static_cast<std::uint8_t>(t);
          p.stack = o;
          p.orders = {kAllOrders, kAllOrders, kAllOrders};
          p.next_label = 1;
          extend(p, r);
        }
      }
  }

  // Tries input row `in_row` as output row out_row_.
  void extend(const Partial& p, int in_row) {
    Partial q = p;
    q.rows[static_cast<std::size_t>(out_row_)] = static_cast<std::uint8_t>(in_row);
    q.rows_used = static_cast<std::uint16_t>(q.rows_used | (1u << in_row));
    extend_stack(q, cells_[q.t][static_cast<std::size_t>(in_row)].data(), 0);
  }

  // Picks the best column orders for output stack s of the current row.
  void extend_stack(const Partial& q, const std::uint8_t* row, int s) {
    const std::size_t us = static_cast<std::size_t>(s);
    const std::uint8_t* cells = row + 3 * q.stack[us];
    std::uint16_t best = kWorstTriplet;
    std::uint8_t tie_order[6];
    std::uint16_t tie_new[6];  // the new digits, in order of appearance, 4 bits each
    int ties = 0;
    for_each_bit(static_cast<unsigned>(q.orders[us]), [&](int k) {
      const auto& o = kOrderings3[static_cast<std::size_t>(k)];
      std::uint16_t v = 0, fresh = 0;
      int next = q.next_label;
      for (std::size_t i = 0; i < 3; ++i) {
        const std::uint8_t d = cells[o[i]];
        int value = 0;
        if (d != 0) {
          value = q.label[d];
          // (a digit repeated inside one triplet only happens in grids that
          // break the rules; it keeps the label it got a moment ago)
          for (int f = 0; value == 0 && f < next - q.next_label; ++f)
            if ((fresh >> (4 * (next - q.next_label - 1 - f)) & 0xF) == d) value = q.next_label + f;
          if (value == 0) {
            value = next++;
            fresh = static_cast<std::uint16_t>(fresh << 4 | d);
          }
        }
        v = static_cast<std::uint16_t>(v << 4 | value);
      }
      if (v > best) return;
      if (v < best) {
        best = v;
        ties = 0;
      }
      tie_order[ties] = static_cast<std::uint8_t>(k);
      tie_new[ties] = fresh;
      ++ties;
    });
    if (best > best_[us]) return;
    if (best < best_[us]) {
      best_[us] = best;
      for (std::size_t k = us + 1; k < 3; ++k) best_[k] = kWorstTriplet;
      next_.clear();
    }
    unsigned grouped = 0;
    for (int i = 0; i < ties; ++i) {
      if (grouped >> i & 1) continue;
      Partial n = q;
      std::uint8_t orders = 0;
      for (int k = i; k < ties; ++k)
        if (tie_new[k] == tie_new[i]) {
          orders = static_cast<std::uint8_t>(orders | (1u << tie_order[k]));
          grouped |= 1u << k;
        }
      n.orders[us] = orders;
      const std::uint16_t fresh = tie_new[i];
      for (int shift = 8; shift >= 0; shift -= 4) {
        const int d = fresh >> shift & 0xF;
        if (d != 0) n.label[static_cast<std::size_t>(d)] = n.next_label++;
      }
      if (s == 2)
        next_.push_back(n);
      else
        extend_stack(n, row, s + 1);
    }
  }

  static Transform to_transform(const Partial& p) {
    Transform how;
    how.transpose = p.t != 0;
    how.rows = p.rows;
    for (std::size_t s = 0; s < 3; ++s) {
      const auto& o = kOrderings3[static_cast<std::size_t>(lowest_bit_index(p.orders[s]))];
      for (std::size_t i = 0; i < 3; ++i) how.cols[3 * s + i] = static_cast<std::uint8_t>(3 * p.stack[s] + o[i]);
    }
    // Digits the puzzle never uses take the remaining labels in order.
    how.digits = p.label;
    std::uint8_t next = p.next_label;
    for (std::size_t d = 1; d <= 9; ++d)
      if (how.digits[d] == 0) how.digits[d] = next++;
    how.digits[0] = 0;
    return how;
  }

  std::array<Rows, 2> cells_;
  std::vector<Partial>& current_;
  std::vector<Partial>& next_;
  int out_row_ = 0;
  std::array<std::uint16_t, 3> best_{};  // best triplets of the current output row
};

}  // namespace

Grid canonical_solution(const Grid& grid, Transform* how) {
  assert(is_valid_solution(grid));
  const Transform t = SolutionMinlex(grid).run();
  if (how != nullptr) *how = t;
  return t.apply(grid);
}

Grid canonical_puzzle(const Grid& grid, Transform* how) {
  // Reused between calls so the search does not allocate once warmed up.
  thread_local std::vector<Partial> current, next;
  const Transform t = PuzzleMinlex(grid, current, next).run();
  if (how != nullptr) *how = t;
  return t.apply(grid);
}

Grid canonical_form(const Grid& grid, Transform* how) {
  return is_valid_solution(grid) ? canonical_solution(grid, how) : canonical_puzzle(grid, how);
}

}  // namespace sudokit
