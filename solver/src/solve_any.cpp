// The general kernel behind solve_any.hpp: one frame per search depth, each
// the candidate mask and the digit of every cell, in one per-call vector.
// Placing a digit removes it from the cell's peers (houses and leapers, from
// the geometry) and removes its consecutive digits from the cell's adjacent()
// neighbours; a cell left with one candidate is queued and placed (naked
// singles); then each house is swept with "seen once / seen twice" masks: a
// digit seen nowhere is a contradiction, a digit seen once is placed (hidden
// singles); repeated until nothing changes. The branch takes an empty cell
// with the fewest candidates.
#include "sudokit/solver/solve_any.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "sudokit/solver/grid.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit {
namespace {

class Kernel {
 public:
  Kernel(const Geometry& g, unsigned limit, const AnySolveOptions& options, bool keep)
      : g_(g),
        n_(g.size()),
        cells_(g.cells()),
        full_(n_ >= 32 ? ~0u : (1u << n_) - 1u),
        limit_(limit == 0 ? 1 : limit),
        keep_(keep),
        rng_(options.shuffle_seed),
        max_guesses_(options.max_guesses),
        queue_(static_cast<std::size_t>(cells_)) {}

  AnySolveResult run(std::span<const std::uint8_t> givens) {
    AnySolveResult out;
    if (n_ > 25 || static_cast<int>(givens.size()) != cells_) return out;
    grow(0);
    std::uint32_t* cand = frame(0);
    std::uint32_t* val = cand + cells_;
    std::fill(cand, cand + cells_, full_);
    std::fill(val, val + cells_, 0u);
    bool ok = true;
    for (int c = 0; ok && c < cells_; ++c) {
      const unsigned d = givens[static_cast<std::size_t>(c)];
      if (d == 0) continue;
      if (d > static_cast<unsigned>(n_) || val[c] != 0) { ok = false; break; }
      ok = place(cand, val, c, d);
    }
    if (ok && propagate(cand, val)) search(0);
    out.count = found_;
    out.guesses = guesses_;
    out.complete = !stopped_;
    if (found_ > 0) out.solution = std::move(solution_);
    return out;
  }

 private:
  std::uint32_t* frame(int depth) { return frames_.data() + static_cast<std::size_t>(depth) * 2 * cells_; }
  void grow(int depth) {
    const std::size_t need = static_cast<std::size_t>(depth + 1) * 2 * cells_;
    if (frames_.size() < need) frames_.resize(std::max(need, frames_.size() * 2));
  }
  std::uint32_t consecutive(unsigned d) const {
    std::uint32_t m = 0;
    if (d > 1) m |= 1u << (d - 2);
    if (d < static_cast<unsigned>(n_)) m |= 1u << d;
    if (g_.nc_wrap()) {
      if (d == 1) m |= 1u << (n_ - 1);
      if (d == static_cast<unsigned>(n_)) m |= 1u;
    }
    return m;
  }
  // Removes `m` from an empty cell; false on a contradiction; queues singles.
  bool remove(std::uint32_t* cand, const std::uint32_t* val, int p, std::uint32_t m) {
    if (val[p] != 0 || (cand[p] & m) == 0) return true;
    cand[p] &= ~m;
    if (cand[p] == 0) return false;
    if ((cand[p] & (cand[p] - 1)) == 0) queue_[static_cast<std::size_t>(qlen_++)] = p;
    return true;
  }
  bool place(std::uint32_t* cand, std::uint32_t* val, int c, unsigned d) {
    const std::uint32_t bit = 1u << (d - 1);
    if ((cand[c] & bit) == 0) return false;
    val[c] = d;
    cand[c] = 0;
    for (int p : g_.peers(c))
      if (!remove(cand, val, p, bit)) return false;
    const auto& adj = g_.adjacent(c);
    if (!adj.empty()) {
      const std::uint32_t m = consecutive(d);
      for (int a : adj)
        if (!remove(cand, val, a, m)) return false;
    }
    return true;
  }
  bool drain(std::uint32_t* cand, std::uint32_t* val) {
    while (qlen_ > 0) {
      const int p = queue_[static_cast<std::size_t>(--qlen_)];
      if (val[p] != 0) continue;
      if (!place(cand, val, p, static_cast<unsigned>(std::countr_zero(cand[p])) + 1)) return false;
    }
    return true;
  }
  bool propagate(std::uint32_t* cand, std::uint32_t* val) {
    bool ok = drain(cand, val);
    for (bool changed = true; ok && changed;) {
      changed = false;
      for (const auto& house : g_.houses()) {
        std::uint32_t placed = 0, once = 0, twice = 0;
        for (int c : house) {
          if (val[c] != 0) {
            placed |= 1u << (val[c] - 1);
          } else {
            twice |= once & cand[c];
            once |= cand[c];
          }
        }
        if ((placed | once) != full_) { ok = false; break; }
        std::uint32_t hidden = once & ~twice;
        while (hidden != 0 && ok) {
          const std::uint32_t bit = hidden & (0u - hidden);
          hidden &= hidden - 1;
          const unsigned d = static_cast<unsigned>(std::countr_zero(bit)) + 1;
          int at = -1;
          bool placed_since = false;  // by the singles an earlier digit of this house led to
          for (int c : house) {
            if (val[c] == d) placed_since = true;
            if (val[c] == 0 && (cand[c] & bit) != 0) { at = c; break; }
          }
          if (placed_since) continue;
          ok = at >= 0 && place(cand, val, at, d) && drain(cand, val);
          changed = true;
        }
        if (!ok) break;
      }
    }
    qlen_ = 0;
    return ok;
  }
  std::uint64_t next_random() {  // splitmix64
    std::uint64_t z = (rng_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  void search(int depth) {
    std::uint32_t* cand = frame(depth);
    std::uint32_t* val = cand + cells_;
    int best = -1, fewest = 99;
    for (int c = 0; c < cells_; ++c) {
      if (val[c] != 0) continue;
      const int k = std::popcount(cand[c]);
      if (k < fewest) {
        fewest = k;
        best = c;
        if (k == 2) break;
      }
    }
    if (best < 0) {
      if (found_++ == 0 && keep_) solution_.assign(val, val + cells_);
      return;
    }
    unsigned digits[32];
    int count = 0;
    for (std::uint32_t m = cand[best]; m != 0; m &= m - 1)
      digits[count++] = static_cast<unsigned>(std::countr_zero(m)) + 1;
    if (rng_ != 0)
      for (int i = count - 1; i > 0; --i)
        std::swap(digits[i], digits[next_random() % static_cast<std::uint64_t>(i + 1)]);
    grow(depth + 1);
    cand = frame(depth);  // grow() may have moved the frames
    for (int i = 0; i < count && found_ < limit_ && !stopped_; ++i) {
      if (max_guesses_ != 0 && guesses_ >= max_guesses_) { stopped_ = true; break; }
      ++guesses_;
      std::uint32_t* next = frame(depth + 1);
      std::memcpy(next, cand, sizeof(std::uint32_t) * 2 * static_cast<std::size_t>(cells_));
      qlen_ = 0;
      if (place(next, next + cells_, best, digits[i]) && propagate(next, next + cells_)) search(depth + 1);
      cand = frame(depth);
    }
  }

  const Geometry& g_;
  const int n_, cells_;
  const std::uint32_t full_;
  const unsigned limit_;
  const bool keep_;
  std::uint64_t rng_;
  const std::uint64_t max_guesses_;
  std::vector<std::uint32_t> frames_;
  std::vector<int> queue_;
  int qlen_ = 0;
  unsigned found_ = 0;
  std::uint64_t guesses_ = 0;
  bool stopped_ = false;
  std::vector<std::uint8_t> solution_;
};

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
  return Kernel(geometry, limit, options, true).run(cells);
}

unsigned count_solutions(const Geometry& geometry, std::span<const std::uint8_t> cells, unsigned limit) {
  if (geometry.classic()) {
    Grid grid;
    return to_grid(cells, grid) ? count_solutions(grid, limit == 0 ? 1 : limit) : 0;
  }
  return Kernel(geometry, limit, {}, false).run(cells).count;
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

}  // namespace sudokit
