// The general kernel behind solve_any.hpp, digit-major: for each digit a bit
// set of the cells where it can still go (one bit per cell, in K 64-bit
// words: K is 1, 2, 3, 4 or 10, the smallest that holds the geometry's
// cells, so a 9x9 grid is two words), the set of empty cells, the digits
// placed in each house, and the digit of each cell. Per geometry (cached by
// spelling, built once) every cell's peers and non-consecutive neighbours
// and every house are bit sets of the same width, and each cell lists its
// houses. Placing d in c clears c from every digit's set, c's peers from d's
// set and c's adjacent() cells from the sets of d's consecutive digits.
// Propagation: naked singles from bit-sliced counts over the digits (an
// empty cell with no digit left is a contradiction), repeated until none;
// then a sweep of hidden singles over each house's unplaced digits (a
// digit with no cell left there is a contradiction), limited to what changed
// since the last fixpoint: every digit in the houses of a placed cell, the
// placed digits (and their consecutive ones under nc) in every house; both
// again while the sweep placed anything; then, without nc and without a
// shuffle seed, locked candidates (locked()) on what changed. The branch takes the first empty cell with the
// fewest candidates (bit-sliced counts up to five, then a scan). One frame
// per search depth in one per-call buffer, copied whole per branch.
#include "sudokit/solver/solve_any.hpp"

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstring>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "sudokit/solver/grid.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit {
namespace {

template <int K>
struct Bits {
  std::uint64_t w[K];

  static Bits zero() {
    Bits b;
    for (int i = 0; i < K; ++i) b.w[i] = 0;
    return b;
  }
  void set(int c) { w[c >> 6] |= std::uint64_t{1} << (c & 63); }
  void clear(int c) { w[c >> 6] &= ~(std::uint64_t{1} << (c & 63)); }
  bool test(int c) const { return (w[c >> 6] >> (c & 63)) & 1u; }
  bool any() const {
    std::uint64_t o = 0;
    for (int i = 0; i < K; ++i) o |= w[i];
    return o != 0;
  }
  int count() const {
    int n = 0;
    for (int i = 0; i < K; ++i) n += std::popcount(w[i]);
    return n;
  }
  int first() const {  // the lowest cell; call on a non-empty set
    for (int i = 0; i < K; ++i)
      if (w[i] != 0) return i * 64 + std::countr_zero(w[i]);
    return -1;
  }
  template <class F>
  void each(F&& f) const {
    for (int i = 0; i < K; ++i)
      for (std::uint64_t m = w[i]; m != 0; m &= m - 1) f(i * 64 + std::countr_zero(m));
  }
  friend Bits operator&(const Bits& a, const Bits& b) {
    Bits r;
    for (int i = 0; i < K; ++i) r.w[i] = a.w[i] & b.w[i];
    return r;
  }
  friend Bits operator|(const Bits& a, const Bits& b) {
    Bits r;
    for (int i = 0; i < K; ++i) r.w[i] = a.w[i] | b.w[i];
    return r;
  }
  Bits operator~() const {
    Bits r;
    for (int i = 0; i < K; ++i) r.w[i] = ~w[i];
    return r;
  }
  Bits& operator|=(const Bits& b) {
    for (int i = 0; i < K; ++i) w[i] |= b.w[i];
    return *this;
  }
  Bits& operator&=(const Bits& b) {
    for (int i = 0; i < K; ++i) w[i] &= b.w[i];
    return *this;
  }
  Bits& clear_all(const Bits& b) {  // this &= ~b
    for (int i = 0; i < K; ++i) w[i] &= ~b.w[i];
    return *this;
  }
};

// Houses a geometry may have: 25x25 has 75, a 9x9 with every extra region 50.
constexpr int kMaxHouses = 128;

// A geometry's rules as bit sets of width K.
template <int K>
struct Tables {
  int n = 0, cells = 0, houses = 0;
  bool nc = false, nc_wrap = false;
  std::vector<Bits<K>> peer, adj, house;
  std::vector<std::uint16_t> cell_house_start, cell_house;  // houses of cell c: [start[c], start[c+1])
  std::vector<Bits<2>> houses_of;  // the same as a set of house numbers (kMaxHouses)

  explicit Tables(const Geometry& g)
      : n(g.size()), cells(g.cells()), houses(static_cast<int>(g.houses().size())), nc_wrap(g.nc_wrap()) {
    peer.assign(static_cast<std::size_t>(cells), Bits<K>::zero());
    adj.assign(static_cast<std::size_t>(cells), Bits<K>::zero());
    house.assign(static_cast<std::size_t>(houses), Bits<K>::zero());
    std::vector<std::vector<std::uint16_t>> of(static_cast<std::size_t>(cells));
    for (int c = 0; c < cells; ++c) {
      for (int p : g.peers(c)) peer[static_cast<std::size_t>(c)].set(p);
      for (int a : g.adjacent(c)) adj[static_cast<std::size_t>(c)].set(a);
      nc = nc || !g.adjacent(c).empty();
    }
    for (int h = 0; h < houses; ++h)
      for (int c : g.houses()[static_cast<std::size_t>(h)]) {
        house[static_cast<std::size_t>(h)].set(c);
        of[static_cast<std::size_t>(c)].push_back(static_cast<std::uint16_t>(h));
      }
    houses_of.assign(static_cast<std::size_t>(cells), Bits<2>::zero());
    for (int c = 0; c < cells; ++c) {
      for (std::uint16_t h : of[static_cast<std::size_t>(c)]) houses_of[static_cast<std::size_t>(c)].set(h);
      cell_house_start.push_back(static_cast<std::uint16_t>(cell_house.size()));
      cell_house.insert(cell_house.end(), of[static_cast<std::size_t>(c)].begin(), of[static_cast<std::size_t>(c)].end());
    }
    cell_house_start.push_back(static_cast<std::uint16_t>(cell_house.size()));
  }
};

// The tables of a geometry, built once per spelling and kept for the
// process (a handful of geometries per run); the last one a thread used is
// kept at hand without the lock.
template <int K>
std::shared_ptr<const Tables<K>> tables_of(const Geometry& g) {
  thread_local std::shared_ptr<const Tables<K>> last;
  thread_local std::string last_spelling;
  if (last && last_spelling == g.spelling()) return last;
  static std::mutex mutex;
  static std::unordered_map<std::string, std::shared_ptr<const Tables<K>>> cache;
  std::shared_ptr<const Tables<K>> t;
  {
    const std::lock_guard<std::mutex> lock(mutex);
    auto& slot = cache[g.spelling()];
    if (!slot) slot = std::make_shared<const Tables<K>>(g);
    t = slot;
  }
  last = t;
  last_spelling = g.spelling();
  return t;
}

// A search for the solutions where one cell holds any digit but one
// (solve_any_excluding), branching to the guide's digit first.
struct Exclusion {
  int cell = -1;  // -1: none
  int digit = 0;  // 1-based
  std::span<const std::uint8_t> guide;  // empty, or one digit per cell
};

template <int K>
class Kernel {
  using B = Bits<K>;

 public:
  Kernel(const Tables<K>& t, unsigned limit, const AnySolveOptions& options, bool keep, const Exclusion& exclusion = {})
      : t_(t),
        n_(t.n),
        full_(n_ >= 32 ? ~0u : (1u << n_) - 1u),
        limit_(limit == 0 ? 1 : limit),
        keep_(keep),
        rng_(options.shuffle_seed),
        max_guesses_(options.max_guesses),
        exclusion_(exclusion),
        // Locked candidates pay off without nc (measured: 2x to 10x fewer
        // branch points for x, leapers, jigsaw and 16x16); under nc they
        // cost more than they save. Random grids keep the plain search so
        // their fill, and every seed's puzzles, stay the same.
        locked_(options.shuffle_seed == 0 && !t.nc) {
    // Frame: cand[n], empty, done[houses] (32-bit), val[cells] (bytes).
    const std::size_t bytes = sizeof(B) * static_cast<std::size_t>(n_ + 1) +
                              4 * static_cast<std::size_t>(t.houses) + static_cast<std::size_t>(t.cells);
    frame_bytes_ = (bytes + 7) / 8 * 8;
  }

  AnySolveResult run(std::span<const std::uint8_t> givens) {
    AnySolveResult out;
    if (n_ > 25 || t_.houses > kMaxHouses || static_cast<int>(givens.size()) != t_.cells) return out;
    grow(0);
    Frame f = frame(0);
    B all = B::zero();
    for (int c = 0; c < t_.cells; ++c) all.set(c);
    for (int d = 0; d < n_; ++d) f.cand[d] = all;
    *f.empty = all;
    std::fill(f.done, f.done + t_.houses, 0u);
    std::fill(f.val, f.val + t_.cells, std::uint8_t{0});
    bool ok = true;
    for (int h = 0; h < t_.houses; ++h) dirty_.set(h);
    for (int c = 0; ok && c < t_.cells; ++c) {
      const unsigned d = givens[static_cast<std::size_t>(c)];
      if (d == 0) continue;
      ok = d <= static_cast<unsigned>(n_) && f.val[c] == 0 && f.cand[d - 1].test(c);
      if (ok) place(f, c, static_cast<int>(d) - 1);
    }
    if (ok && exclusion_.cell >= 0) {  // no solution with `digit` in `cell`
      const int c = exclusion_.cell, d = exclusion_.digit - 1;
      if (d < 0 || d >= n_) {
        // a digit the geometry lacks: every solution qualifies
      } else if (f.val[c] != 0) {
        ok = f.val[c] != exclusion_.digit;
      } else {
        f.cand[d].clear(c);
        dirty_digits_ |= 1u << d;
      }
    }
    if (ok && propagate(f)) search(0);
    out.count = found_;
    out.guesses = guesses_;
    out.complete = !stopped_;
    if (found_ > 0) out.solution = std::move(solution_);
    return out;
  }

 private:
  struct Frame {
    B* cand;
    B* empty;
    std::uint32_t* done;
    std::uint8_t* val;
  };
  Frame frame(int depth) {
    std::byte* base = frames_.data() + static_cast<std::size_t>(depth) * frame_bytes_;
    Frame f;
    f.cand = reinterpret_cast<B*>(base);
    f.empty = f.cand + n_;
    f.done = reinterpret_cast<std::uint32_t*>(f.empty + 1);
    f.val = reinterpret_cast<std::uint8_t*>(f.done + t_.houses);
    return f;
  }
  void grow(int depth) {
    const std::size_t need = static_cast<std::size_t>(depth + 1) * frame_bytes_;
    if (frames_.size() < need) frames_.resize(std::max(need, frames_.size() * 2));
  }
  // Places digit d (0-based) in the empty cell c, where it is a candidate.
  std::uint32_t consecutive(int d) const {  // the digits (0-based) d's adjacent cells lose
    std::uint32_t m = 0;
    if (d > 0) m |= 1u << (d - 1);
    if (d + 1 < n_) m |= 1u << (d + 1);
    if (t_.nc_wrap && d == 0) m |= 1u << (n_ - 1);
    if (t_.nc_wrap && d == n_ - 1) m |= 1u;
    return m;
  }
  void place(Frame& f, int c, int d) {
    dirty_ |= t_.houses_of[static_cast<std::size_t>(c)];
    dirty_digits_ |= 1u << d;
    f.val[c] = static_cast<std::uint8_t>(d + 1);
    f.empty->clear(c);
    const int word = c >> 6;
    const std::uint64_t keep = ~(std::uint64_t{1} << (c & 63));
    for (int e = 0; e < n_; ++e) f.cand[e].w[word] &= keep;
    f.cand[d].clear_all(t_.peer[static_cast<std::size_t>(c)]);
    const std::uint32_t bit = 1u << d;
    for (int i = t_.cell_house_start[static_cast<std::size_t>(c)]; i < t_.cell_house_start[static_cast<std::size_t>(c) + 1]; ++i)
      f.done[t_.cell_house[static_cast<std::size_t>(i)]] |= bit;
    if (t_.nc) {
      const B& a = t_.adj[static_cast<std::size_t>(c)];
      dirty_digits_ |= consecutive(d);
      if (d > 0) f.cand[d - 1].clear_all(a);
      if (d + 1 < n_) f.cand[d + 1].clear_all(a);
      if (t_.nc_wrap) {
        if (d == 0) f.cand[n_ - 1].clear_all(a);
        if (d == n_ - 1) f.cand[0].clear_all(a);
      }
    }
  }
  bool naked_singles(Frame& f) {
    for (;;) {
      B one = B::zero(), two = B::zero();
      for (int d = 0; d < n_; ++d) {
        two |= one & f.cand[d];
        one |= f.cand[d];
      }
      if ((*f.empty & ~one).any()) return false;  // an empty cell with no candidate
      const B singles = one & ~two;
      if (!singles.any()) return true;
      for (int d = 0; d < n_; ++d) {
        const B s = singles & f.cand[d];
        bool ok = true;
        s.each([&](int c) {
          // An earlier single of this pass took c's only digit away: c is left with none.
          if (!ok) return;
          if (!f.cand[d].test(c)) { ok = false; return; }
          place(f, c, d);
        });
        if (!ok) return false;
      }
    }
  }
  // Since the last fixpoint a house can hold a new hidden single (or lose a
  // digit) only for the digits whose cells changed (dirty_digits_: each
  // digit placed, and its consecutive digits under nc) and, in the houses
  // of each placed cell (dirty_), for every digit.
  bool propagate(Frame& f) {
    for (;;) {
      if (!naked_singles(f)) return false;
      if (!dirty_.any() && dirty_digits_ == 0) {
        // Singles are at a fixpoint: locked candidates, on what changed since they last ran.
        if (!locked_) return true;
        locked(f);
        if (!dirty_.any() && dirty_digits_ == 0) return true;
        continue;
      }
      const Bits<2> houses = dirty_;
      const std::uint32_t digits = dirty_digits_;
      lock_houses_ |= houses;
      lock_digits_ |= digits;
      dirty_ = Bits<2>::zero();
      dirty_digits_ = 0;
      for (int h = 0; h < t_.houses; ++h) {
        const B& house = t_.house[static_cast<std::size_t>(h)];
        for (std::uint32_t todo = (houses.test(h) ? full_ : digits) & ~f.done[h]; todo != 0; todo &= todo - 1) {
          const int d = std::countr_zero(todo);
          const B m = f.cand[d] & house;
          const int k = m.count();
          if (k > 1) continue;
          if (k == 0) {
            if ((f.done[h] >> d) & 1u) continue;  // placed by a single this sweep
            return false;
          }
          place(f, m.first(), d);
        }
      }
    }
  }
  // For each house h and digit d with 2 to kLockedPlaces places left in h:
  // d goes in one of them, so every cell that is a peer of all of them
  // loses d (pointing and claiming between boxes and lines, and the same
  // through extra regions and leaper moves).
  void locked(Frame& f) {
    const Bits<2> houses = lock_houses_;
    const std::uint32_t digits = lock_digits_;
    lock_houses_ = Bits<2>::zero();
    lock_digits_ = 0;
    for (int h = 0; h < t_.houses; ++h) {
      const B& house = t_.house[static_cast<std::size_t>(h)];
      for (std::uint32_t todo = (houses.test(h) ? full_ : digits) & ~f.done[h]; todo != 0; todo &= todo - 1) {
        const int d = std::countr_zero(todo);
        const B m = f.cand[d] & house;
        if (const int k = m.count(); k < 2 || k > kLockedPlaces) continue;
        B common = ~B::zero();
        bool any = true;
        m.each([&](int p) {
          if (any) {
            common &= t_.peer[static_cast<std::size_t>(p)];
            any = (common & f.cand[d]).any();
          }
        });
        if (any) {
          f.cand[d].clear_all(common);
          dirty_digits_ |= 1u << d;
        }
      }
    }
  }
  std::uint64_t next_random() {  // splitmix64
    std::uint64_t z = (rng_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // The first empty cell with the fewest candidates; -1 when none is empty.
  // at_least[k]: the cells with more than k candidates (propagate() left
  // none with one), so a cell with 2 to 5 comes from these; else a scan.
  int branch_cell(const Frame& f) const {
    if (!f.empty->any()) return -1;
    constexpr int kLevels = 5;
    B at_least[kLevels + 1];
    for (int k = 0; k <= kLevels; ++k) at_least[k] = B::zero();
    for (int d = 0; d < n_; ++d) {
      for (int k = kLevels; k > 0; --k) at_least[k] |= at_least[k - 1] & f.cand[d];
      at_least[0] |= f.cand[d];
    }
    for (int k = 1; k < kLevels; ++k) {
      const B exact = at_least[k] & ~at_least[k + 1];  // k + 1 candidates
      if (exact.any()) return exact.first();
    }
    int best = -1, fewest = n_ + 1;
    f.empty->each([&](int c) {
      int k = 0;
      for (int d = 0; d < n_; ++d) k += f.cand[d].test(c);
      if (k < fewest) { fewest = k; best = c; }
    });
    return best;
  }
  void search(int depth) {
    Frame f = frame(depth);
    const int best = branch_cell(f);
    if (best < 0) {
      if (found_++ == 0 && keep_) solution_.assign(f.val, f.val + t_.cells);
      return;
    }
    int digits[32];
    int count = 0;
    for (int d = 0; d < n_; ++d)
      if (f.cand[d].test(best)) digits[count++] = d;
    if (rng_ != 0)
      for (int i = count - 1; i > 0; --i)
        std::swap(digits[i], digits[next_random() % static_cast<std::uint64_t>(i + 1)]);
    if (!exclusion_.guide.empty())  // the guide's digit first: a solution near it is met early
      for (int i = 1; i < count; ++i)
        if (digits[i] + 1 == exclusion_.guide[static_cast<std::size_t>(best)]) {
          std::rotate(digits, digits + i, digits + i + 1);
          break;
        }
    grow(depth + 1);
    for (int i = 0; i < count && found_ < limit_ && !stopped_; ++i) {
      if (max_guesses_ != 0 && guesses_ >= max_guesses_) { stopped_ = true; break; }
      ++guesses_;
      std::memcpy(frames_.data() + static_cast<std::size_t>(depth + 1) * frame_bytes_,
                  frames_.data() + static_cast<std::size_t>(depth) * frame_bytes_, frame_bytes_);
      Frame next = frame(depth + 1);
      dirty_ = Bits<2>::zero();  // the parent is at a fixpoint
      dirty_digits_ = 0;
      lock_houses_ = Bits<2>::zero();
      lock_digits_ = 0;
      place(next, best, digits[i]);
      if (propagate(next)) search(depth + 1);
    }
  }

  const Tables<K>& t_;
  const int n_;
  const std::uint32_t full_;
  const unsigned limit_;
  const bool keep_;
  std::uint64_t rng_;
  const std::uint64_t max_guesses_;
  const Exclusion exclusion_;
  const bool locked_;
  static constexpr int kLockedPlaces = 3;  // houses where d has more places are not looked at (measured: 2-4 alike, 3 best)
  std::size_t frame_bytes_ = 0;
  std::vector<std::byte> frames_;  // frame_bytes_ per depth (operator new aligns it for 64-bit words)
  Bits<2> dirty_ = Bits<2>::zero();  // houses to sweep for every digit
  std::uint32_t dirty_digits_ = 0;    // digits to sweep in every house
  Bits<2> lock_houses_ = Bits<2>::zero();  // the same since the stronger rules last ran
  std::uint32_t lock_digits_ = 0;
  unsigned found_ = 0;
  std::uint64_t guesses_ = 0;
  bool stopped_ = false;
  std::vector<std::uint8_t> solution_;
};

template <int K>
AnySolveResult run_kernel(const Geometry& g, std::span<const std::uint8_t> cells, unsigned limit,
                          const AnySolveOptions& options, bool keep, const Exclusion& exclusion) {
  const std::shared_ptr<const Tables<K>> t = tables_of<K>(g);
  return Kernel<K>(*t, limit, options, keep, exclusion).run(cells);
}

AnySolveResult general_kernel(const Geometry& g, std::span<const std::uint8_t> cells, unsigned limit,
                       const AnySolveOptions& options, bool keep, const Exclusion& exclusion = {}) {
  const int n = g.cells();
  if (n <= 64) return run_kernel<1>(g, cells, limit, options, keep, exclusion);
  if (n <= 128) return run_kernel<2>(g, cells, limit, options, keep, exclusion);
  if (n <= 192) return run_kernel<3>(g, cells, limit, options, keep, exclusion);
  if (n <= 256) return run_kernel<4>(g, cells, limit, options, keep, exclusion);
  if (n <= 640) return run_kernel<10>(g, cells, limit, options, keep, exclusion);
  return {};
}

bool to_grid(std::span<const std::uint8_t> cells, Grid& grid) {
  if (cells.size() != kCells) return false;
  for (int c = 0; c < kCells; ++c) {
    if (cells[static_cast<std::size_t>(c)] > 9) return false;
    grid[c] = cells[static_cast<std::size_t>(c)];
  }
  return true;
}

bool classic_path(const Geometry& g, const AnySolveOptions& options) {
  return g.classic() && !options.general && options.shuffle_seed == 0;
}

}  // namespace

AnySolveResult solve_any(const Geometry& geometry, std::span<const std::uint8_t> cells, unsigned limit,
                         const AnySolveOptions& options) {
  if (classic_path(geometry, options)) {
    AnySolveResult out;
    Grid grid;
    if (!to_grid(cells, grid)) return out;
    const SolveResult r = solve(grid, limit == 0 ? 1 : limit);
    out.count = r.count;
    out.guesses = r.guesses;
    if (r.count > 0) out.solution.assign(r.solution.cells.begin(), r.solution.cells.end());
    return out;
  }
  return general_kernel(geometry, cells, limit, options, true);
}

unsigned count_solutions(const Geometry& geometry, std::span<const std::uint8_t> cells, unsigned limit) {
  if (geometry.classic()) {
    Grid grid;
    return to_grid(cells, grid) ? count_solutions(grid, limit == 0 ? 1 : limit) : 0;
  }
  return general_kernel(geometry, cells, limit, {}, false).count;
}

AnySolveResult solve_any_excluding(const Geometry& geometry, std::span<const std::uint8_t> cells, int cell,
                                   std::uint8_t digit, unsigned limit, std::span<const std::uint8_t> guide) {
  if (geometry.classic() && guide.empty()) {
    AnySolveResult out;
    Grid grid;
    if (!to_grid(cells, grid) || cell < 0 || cell >= kCells) return out;
    if (grid[cell] != 0 && grid[cell] == digit) return out;  // the given is the excluded digit
    const SolveResult r = solve_excluding(grid, cell, digit, limit == 0 ? 1 : limit);
    out.count = r.count;
    out.guesses = r.guesses;
    if (r.count > 0) out.solution.assign(r.solution.cells.begin(), r.solution.cells.end());
    return out;
  }
  if (cell < 0 || cell >= geometry.cells()) return {};
  if (!guide.empty() && static_cast<int>(guide.size()) != geometry.cells()) guide = {};
  return general_kernel(geometry, cells, limit, {}, true, Exclusion{cell, digit, guide});
}

namespace {
AnySolveResult solve_empty(const Geometry& geometry) {
  const std::vector<std::uint8_t> empty(static_cast<std::size_t>(geometry.cells()), 0);
  AnySolveOptions options;
  options.max_guesses = kValidGridGuesses;
  return solve_any(geometry, empty, 1, options);
}
}  // namespace

bool has_valid_grid(const Geometry& geometry) { return solve_empty(geometry).count > 0; }

void require_valid_grid(const Geometry& geometry) {
  const AnySolveResult r = solve_empty(geometry);
  if (r.count > 0) return;
  throw GeometryError("geometry: " + geometry.spelling() +
                      (r.complete ? " has no valid grid"
                                  : " has no valid grid found within " + std::to_string(kValidGridGuesses) +
                                        " guesses"));
}

GeometryPtr load_geometry(std::string_view spelling) {
  GeometryPtr g = parse_geometry(spelling);
  static std::mutex mutex;
  static std::unordered_map<std::string, GeometryPtr> checked;  // canonical spelling -> geometry with a grid
  {
    const std::lock_guard<std::mutex> lock(mutex);
    if (auto it = checked.find(g->spelling()); it != checked.end()) return it->second;
  }
  require_valid_grid(*g);  // outside the lock: it may search for a while
  const std::lock_guard<std::mutex> lock(mutex);
  return checked.emplace(g->spelling(), g).first->second;
}

}  // namespace sudokit
