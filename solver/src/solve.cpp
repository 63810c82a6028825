// The fast exact solver. The grid is held as 27 "digit bands": for each digit
// and each band (three rows), a 27-bit set of the cells where the digit can
// still go. Within a band a digit must occupy one cell per row, in three
// different boxes; a 512-entry table (kBandMask) turns "which rows have the
// digit in which boxes" into the cells that survive that rule, which performs
// pointing, claiming and box/row hidden singles for a whole band in a few
// operations. A row left with one cell is a placement: its column leaves the
// digit's other bands, and after each pass of the band rule one SSE2 sweep
// removes the placed cells from the other digits. Naked singles and column
// hidden singles come from bit-sliced counts over the nine digits.
// Search branches on a bivalue cell when there is one (from the band with the
// most of them: about 20% fewer guesses than the first one found; counting
// takes it from that band's row with the most), else on a cell with the
// fewest candidates. The whole state is a small struct copied
// per branch, so nothing is allocated.
//
// Two strengths of the same solver. Counting (limit >= 2) also applies the
// column/box rules (the band rule's transpose, read off each digit's column
// sets): 44% fewer guesses on hard puzzles (13.6 instead of 24.3 per
// top1465 isomorph) and less than half as many on 17-clue puzzles. That changes the
// search tree, hence which solution comes first when there are several, and
// callers rely on that one (generated grids, `solve --any`, the digger's
// pattern moves): so the plain solver, without those rules, gives the first
// solution (limit 1, and again after the counting found two or more) and
// answers solve_excluding, exactly as before. count_solutions() is the
// counting alone, for callers that never read the solution.
#include "sudokit/solver/solve.hpp"

#include <array>
#include <cassert>
#include <vector>
#if defined(__SSE2__)
#include <immintrin.h>
#endif

namespace sudokit {
namespace {

constexpr std::uint32_t kBandCells = 0x7FFFFFF;  // 27 bits
constexpr std::uint32_t kRow = 0x1FF;

// Which box segments (3 bits) a 9-bit row occupies.
constexpr std::array<std::uint8_t, 512> make_segments() {
  std::array<std::uint8_t, 512> t{};
  for (unsigned r = 0; r < 512; ++r)
    t[r] = static_cast<std::uint8_t>(((r & 7) ? 1 : 0) | ((r & 070) ? 2 : 0) | ((r & 0700) ? 4 : 0));
  return t;
}

// For a 9-bit set S of (row, segment) pairs (bit 3*row + segment), the cells
// of the segments that belong to some choice of one segment per row with all
// three segments different. 0 when no such choice exists.
constexpr std::array<std::uint32_t, 512> make_band_mask() {
  std::array<std::uint32_t, 512> t{};
  constexpr int perms[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  for (unsigned s = 0; s < 512; ++s) {
    std::uint32_t mask = 0;
    for (const auto& p : perms) {
      bool ok = true;
      std::uint32_t m = 0;
      for (int r = 0; r < 3; ++r) {
        ok = ok && ((s >> (3 * r + p[r])) & 1);
        m |= 7u << (9 * r + 3 * p[r]);
      }
      if (ok) mask |= m;
    }
    t[s] = mask;
  }
  return t;
}

constexpr auto kSegments = make_segments();
constexpr auto kBandMask = make_band_mask();

constexpr std::uint32_t column_mask(int col) { return (1u << col) | (1u << (col + 9)) | (1u << (col + 18)); }

// Column sets (9 bits, one per column) seen as three stacks of three.
constexpr std::uint32_t kStackLow = 0111;  // the first column of each stack
// Each stack that holds any of `cols`, as its first column.
constexpr std::uint32_t stacks_with(std::uint32_t cols) { return (cols | (cols >> 1) | (cols >> 2)) & kStackLow; }
// The whole stacks that hold any of `cols`.
constexpr std::uint32_t whole_stacks(std::uint32_t cols) { return stacks_with(cols) * 7; }
// The columns of `cols` that are alone in their stack.
constexpr std::uint32_t lone_columns(std::uint32_t cols) {
  const std::uint32_t a = cols & kStackLow, b = (cols >> 1) & kStackLow, c = (cols >> 2) & kStackLow;
  return cols & (((a ^ b ^ c) & ~(a & b & c)) * 7);
}
// The row of a band (as a 27-bit mask) that holds the most of `cells`, the
// first of those on a tie.
inline std::uint32_t fullest_row(std::uint32_t cells) {
  std::uint32_t best = 0;
  int most = -1;
  for (int r = 0; r < 3; ++r) {
    const std::uint32_t row = kRow << (9 * r);
    if (popcount(cells & row) > most) {
      most = popcount(cells & row);
      best = row;
    }
  }
  return best;
}
// A 9-bit column set repeated in the three rows of a band.
constexpr std::uint32_t in_every_row(std::uint32_t cols) { return cols | (cols << 9) | (cols << 18); }

// kColumnBoxes adds the column/box rules (a digit confined to one column
// of a box leaves that column in the other boxes of the stack; a digit
// confined to one box in a column leaves the box's other columns): far
// fewer guesses on hard puzzles, but a different search tree, so a
// different first solution when there are several.
template <bool kColumnBoxes>
struct BandSolver {
  // [3*digit + band], digit 0..8; entry 27 pads both to whole 16-byte
  // vectors for changed_bands() and stays 0
  alignas(16) std::uint32_t cand[28];
  alignas(16) std::uint32_t seen[28];  // cand as the band rule last saw it
  alignas(16) std::uint32_t placed[28];  // the cells where the digit is placed, same layout
  std::uint32_t unsolved[3];   // cells not yet placed, per band
  std::uint32_t rows_left[3];  // bit 3*digit + row: the digit is not yet placed in that row of the band

  unsigned limit;
  unsigned count;
  std::uint64_t guesses;
  Grid* first_solution;
  std::vector<Grid>* every;  // list_solutions(): each solution found, in order

  // Restricts `digit`'s row to the one cell `bit` of band `band`; the band
  // rule then completes the placement.
  void assign(int digit, int band, std::uint32_t bit) {
    const int row = lowest_bit_index(bit) / 9;
    cand[3 * digit + band] &= ~((kRow << (9 * row)) & ~bit);
  }

  // Applies the band rule to one digit band; false on a contradiction.
  bool update_band(int index) {
    std::uint32_t b = cand[index];
    const std::uint32_t segs = kSegments[b & kRow] | (kSegments[(b >> 9) & kRow] << 3) |
                               (kSegments[b >> 18] << 6);
    b &= kBandMask[segs];
    if (b == 0) return false;
    const int digit = index / 3;
    const int band = index % 3;
    std::uint32_t single_rows = 0;
    for (int r = 0; r < 3; ++r)
      if (is_single_bit((b >> (9 * r)) & kRow)) single_rows |= 1u << r;
    std::uint32_t rows = single_rows & (rows_left[band] >> (3 * digit));
    cand[index] = seen[index] = b;
    for (; rows != 0; rows = clear_lowest_bit(rows)) {
      const int r = lowest_bit_index(rows);
      rows_left[band] &= ~(1u << (3 * digit + r));
      const std::uint32_t bit = b & (kRow << (9 * r));
      if (!(unsolved[band] & bit)) return false;  // another digit was placed there
      unsolved[band] &= ~bit;
      placed[index] |= bit;
      const std::uint32_t col = column_mask(lowest_bit_index(bit) % 9);
      for (int other = 0; other < 3; ++other)
        if (other != band) cand[3 * digit + other] &= ~col;
    }
    return true;
  }

  // Removes the cells placed so far from the other digits (batched: one
  // sweep over all digit bands after the band rule's pass, instead of eight
  // scattered writes per placement).
  void clear_placed_cells() {
#if defined(__SSE2__)
    const __m128i open[3] = {_mm_setr_epi32(static_cast<int>(unsolved[0]), static_cast<int>(unsolved[1]), static_cast<int>(unsolved[2]), static_cast<int>(unsolved[0])),
                             _mm_setr_epi32(static_cast<int>(unsolved[1]), static_cast<int>(unsolved[2]), static_cast<int>(unsolved[0]), static_cast<int>(unsolved[1])),
                             _mm_setr_epi32(static_cast<int>(unsolved[2]), static_cast<int>(unsolved[0]), static_cast<int>(unsolved[1]), static_cast<int>(unsolved[2]))};
    for (int k = 0; k < 7; ++k) {
      auto* c = reinterpret_cast<__m128i*>(cand + 4 * k);
      const __m128i mine = _mm_load_si128(reinterpret_cast<const __m128i*>(placed + 4 * k));
      _mm_store_si128(c, _mm_and_si128(_mm_load_si128(c), _mm_or_si128(open[k % 3], mine)));
    }
#else
    for (int i = 0; i < 27; ++i) cand[i] &= unsolved[i % 3] | placed[i];
#endif
  }

  // The digit bands changed since the band rule last saw them, as a 27-bit
  // mask (a branch-free sweep the compiler vectorises: testing each band
  // with a branch mispredicted often enough to cost a quarter of the time).
  std::uint32_t changed_bands() const {
    std::uint32_t m = 0;
#if defined(__SSE2__)
    for (int k = 0; k < 7; ++k) {
      const __m128i now = _mm_load_si128(reinterpret_cast<const __m128i*>(cand + 4 * k));
      const __m128i then = _mm_load_si128(reinterpret_cast<const __m128i*>(seen + 4 * k));
      const auto same = static_cast<std::uint32_t>(_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(now, then))));
      m |= (~same & 0xFu) << (4 * k);
    }
#else
    for (int i = 0; i < 27; ++i) m |= static_cast<std::uint32_t>(cand[i] != seen[i]) << i;
#endif
    return m;
  }

  // Applies the band rule until nothing changes (its fixpoint does not
  // depend on the order).
  bool settle_bands() {
    for (std::uint32_t m = changed_bands(); m != 0; m = changed_bands()) {
      const std::uint32_t open[3] = {unsolved[0], unsolved[1], unsolved[2]};
      for (; m != 0; m = clear_lowest_bit(m))
        if (!update_band(lowest_bit_index(m))) return false;
      if (open[0] != unsolved[0] || open[1] != unsolved[1] || open[2] != unsolved[2]) clear_placed_cells();
    }
    return true;
  }

  // Places naked singles; returns -1 on contradiction, else how many were placed.
  int naked_singles() {
    int placed = 0;
    for (int band = 0; band < 3; ++band) {
      const std::uint32_t open = unsolved[band];
      if (open == 0) continue;
      std::uint32_t once = 0, twice = 0;
      for (int d = 0; d < 9; ++d) {
        const std::uint32_t x = cand[3 * d + band];
        twice |= once & x;
        once |= x;
      }
      if (open & ~once) return -1;  // a cell with no candidate
      for (std::uint32_t singles = open & ~twice; singles != 0; singles = clear_lowest_bit(singles)) {
        const std::uint32_t bit = lowest_bit(singles);
        // An earlier single of this pass may have emptied the cell.
        int d = 0;
        while (d < 9 && !(cand[3 * d + band] & bit)) ++d;
        if (d == 9) return -1;
        assign(d, band, bit);
        ++placed;
      }
    }
    return placed;
  }

  // Places digits that have one possible cell left in a column.
  int column_singles() {
    int placed = 0;
    for (int d = 0; d < 9; ++d) {
      std::uint32_t cols[3], multi = 0, once = 0, twice = 0;
      for (int band = 0; band < 3; ++band) {
        const std::uint32_t b = cand[3 * d + band] & unsolved[band];
        const std::uint32_t r0 = b & kRow, r1 = (b >> 9) & kRow, r2 = b >> 18;
        multi |= (r0 & r1) | (r0 & r2) | (r1 & r2);
        cols[band] = r0 | r1 | r2;
        twice |= once & cols[band];
        once |= cols[band];
      }
      const std::uint32_t hidden = once & ~(twice | multi);
      if (hidden == 0) continue;
      for (int band = 0; band < 3; ++band) {
        const std::uint32_t here = hidden & cols[band];
        if (here == 0) continue;
        const std::uint32_t b = cand[3 * d + band] & unsolved[band];
        for_each_bit(here, [&](int col) {
          const std::uint32_t bit = b & column_mask(col);
          assign(d, band, bit);
          ++placed;
        });
      }
    }
    return placed;
  }

  // Column hidden singles together with the column/box rules (see
  // kColumnBoxes), from one pass over each digit's columns; a column with
  // no place left for a digit is a contradiction: -1 then, else how many
  // placements and shrunk digit bands.
  int column_rules() {
    int changed = 0;
    for (int d = 0; d < 9; ++d) {
      std::uint32_t all[3], open[3], multi = 0, once = 0, twice = 0;
      for (int band = 0; band < 3; ++band) {
        const std::uint32_t b = cand[3 * d + band];
        all[band] = (b | (b >> 9) | (b >> 18)) & kRow;
        const std::uint32_t u = b & unsolved[band];
        const std::uint32_t r0 = u & kRow, r1 = (u >> 9) & kRow, r2 = u >> 18;
        multi |= (r0 & r1) | (r0 & r2) | (r1 & r2);
        open[band] = r0 | r1 | r2;
        twice |= once & open[band];
        once |= open[band];
      }
      if ((all[0] | all[1] | all[2]) != kRow) return -1;
      // A digit's column set drawn from the state before this digit's
      // placements below is a superset of the current one: every rule
      // below stays sound on it.
      const std::uint32_t hidden = once & ~(twice | multi);
      for (int band = 0; band < 3; ++band) {
        const std::uint32_t here = hidden & open[band];
        if (here == 0) continue;
        const std::uint32_t b = cand[3 * d + band] & unsolved[band];
        for_each_bit(here, [&](int col) { assign(d, band, b & column_mask(col)); });
        ++changed;
      }
      for (int band = 0; band < 3; ++band) {
        const std::uint32_t a1 = all[(band + 1) % 3], a2 = all[(band + 2) % 3];
        const std::uint32_t claimed = all[band] & ~(a1 | a2);
        const std::uint32_t drop = lone_columns(a1) | lone_columns(a2) | (whole_stacks(claimed) & ~claimed);
        std::uint32_t& b = cand[3 * d + band];
        const std::uint32_t kept = b & ~in_every_row(drop);
        changed += kept != b;
        b = kept;
      }
    }
    return changed;
  }

  bool propagate() {
    for (;;) {
      if (!settle_bands()) return false;
      const int naked = naked_singles();
      if (naked < 0) return false;
      if (naked > 0) continue;
      if constexpr (kColumnBoxes) {
        const int changed = column_rules();
        if (changed < 0) return false;
        if (changed == 0) return true;
      } else {
        if (column_singles() == 0) return true;
      }
    }
  }

  void write_solution(Grid& out) const {
    for (int d = 0; d < 9; ++d)
      for (int band = 0; band < 3; ++band)
        for_each_bit(cand[3 * d + band], [&](int pos) { out[27 * band + pos] = static_cast<std::uint8_t>(d + 1); });
  }

  void record_solution() {
    if (count++ == 0 && first_solution != nullptr) write_solution(*first_solution);
    if (every != nullptr) write_solution(every->emplace_back());
  }

  // Picks the branch cell: a bivalue cell of the band that has the most, if
  // any (counting: of that band's row with the most, 7% fewer guesses on
  // hard puzzles), else a cell with the fewest candidates.
  bool pick_cell(int& band_out, std::uint32_t& bit_out) {
    // Bivalue cells first, in every band (a cell counted by its candidates
    // bit-sliced over the nine digits), before any cell-by-cell count.
    int most_bivalue = 0;
    for (int band = 0; band < 3; ++band) {
      const std::uint32_t open = unsolved[band];
      if (open == 0) continue;
      std::uint32_t one = 0, two = 0, three = 0;
      for (int d = 0; d < 9; ++d) {
        const std::uint32_t x = cand[3 * d + band];
        three |= two & x;
        two |= one & x;
        one |= x;
      }
      const std::uint32_t bivalue = open & two & ~three;
      if (bivalue && popcount(bivalue) > most_bivalue) {
        most_bivalue = popcount(bivalue);
        band_out = band;
        bit_out = kColumnBoxes ? lowest_bit(bivalue & fullest_row(bivalue)) : lowest_bit(bivalue);
      }
    }
    if (most_bivalue > 0) return true;
    int best = 10;
    for (int band = 0; band < 3; ++band)
      for_each_bit(unsolved[band], [&](int pos) {
        int n = 0;
        for (int d = 0; d < 9; ++d) n += (cand[3 * d + band] >> pos) & 1;
        if (n < best) {
          best = n;
          band_out = band;
          bit_out = 1u << pos;
        }
      });
    return best < 10;
  }

  bool solved() const { return (unsolved[0] | unsolved[1] | unsolved[2]) == 0; }

  // Solves from this state; the caller's copy is untouched by branches. The
  // last candidate of a branch cell needs no copy: this state continues with
  // it (a loop instead of a last recursive call).
  void search() {
    for (;;) {
      if (!propagate()) return;
      if (solved()) {
        record_solution();
        return;
      }
      int band = 0;
      std::uint32_t bit = 0;
      if (!pick_cell(band, bit)) return;
      ++guesses;
      int last = -1;
      for (int d = 0; d < 9; ++d) {
        if (!(cand[3 * d + band] & bit)) continue;
        if (last >= 0) {
          BandSolver branch = *this;
          branch.assign(last, band, bit);
          branch.search();
          count = branch.count;
          guesses = branch.guesses;
          if (count >= limit) return;
          cand[3 * last + band] &= ~bit;  // this digit is not the answer here
        }
        last = d;
      }
      if (last < 0) return;
      assign(last, band, bit);
    }
  }
};

}  // namespace

namespace {

// Sets up the solver with the givens; false when they already clash.
template <bool kColumnBoxes>
bool init_solver(BandSolver<kColumnBoxes>& s, const Grid& grid, unsigned limit, Grid* first_solution) {
  for (int band = 0; band < 3; ++band) s.unsolved[band] = s.rows_left[band] = kBandCells;
  s.limit = limit == 0 ? 1 : limit;
  s.count = 0;
  s.guesses = 0;
  s.first_solution = first_solution;
  s.every = nullptr;
  // Givens by band: a cell holding digit d leaves every other digit's board,
  // and d's row in that band shrinks to the given (the band rule then places
  // it). Written without a branch per cell: empty cells collect in the
  // entries of "digit 0", which are never read as a digit.
  std::uint32_t of_digit[30] = {};  // [3 * value + band], value 0..9
  std::uint8_t largest = 0;
  for (int band = 0; band < 3; ++band)
    for (int pos = 0; pos < 27; ++pos) {
      const std::uint8_t v = grid[27 * band + pos];
      largest = v > largest ? v : largest;
      of_digit[3 * (v > 9 ? 0 : v) + band] |= 1u << pos;
    }
  if (largest > 9) return false;
  for (int i = 0; i < 27; ++i) {
    const std::uint32_t mine = of_digit[i + 3];
    std::uint32_t cand = of_digit[i % 3] | mine;  // the band's empty cells and this digit's givens
    for (int r = 0; r < 3; ++r) {
      const std::uint32_t row = kRow << (9 * r);
      const std::uint32_t in_row = mine & row;
      if (has_two_or_more(in_row)) return false;  // the digit twice in one row
      cand &= in_row ? ~row | in_row : kBandCells;
    }
    s.cand[i] = cand;
    s.seen[i] = s.placed[i] = 0;
  }
  s.cand[27] = s.seen[27] = s.placed[27] = 0;
  return true;
}

}  // namespace

SolveResult solve_excluding(const Grid& grid, int cell, int digit, unsigned limit) {
  SolveResult result;
  BandSolver<false> s;
  if (!init_solver(s, grid, limit, &result.solution)) return result;
  if (cell >= 0 && cell < kCells && digit >= 1 && digit <= 9 && grid[cell] == 0)
    s.cand[3 * (digit - 1) + band_of(cell)] &= ~(1u << (cell % 27));
  s.search();
  result.count = s.count;
  result.guesses = s.guesses;
  return result;
}

bool is_minimal(const Grid& puzzle) {
  const SolveResult r = solve(puzzle, 2);
  if (r.count != 1) return false;
  Grid without = puzzle;
  for (int cell = 0; cell < kCells; ++cell) {
    if (puzzle[cell] == 0) continue;
    without[cell] = 0;
    const bool removable = solve_excluding(without, cell, r.solution[cell], 1).count == 0;
    without[cell] = puzzle[cell];
    if (removable) return false;
  }
  return true;
}

namespace {

// One search by the plain (false) or the counting (true) solver: returns the
// count, adds its guesses, writes the first solution found to `first` when set.
template <bool kColumnBoxes>
unsigned run_search(const Grid& grid, unsigned limit, Grid* first, std::uint64_t& guesses) {
  BandSolver<kColumnBoxes> s;
  if (!init_solver(s, grid, limit, first)) return 0;
  s.search();
  guesses += s.guesses;
  return s.count;
}

}  // namespace

unsigned count_solutions(const Grid& grid, unsigned limit) {
  std::uint64_t guesses = 0;
  return limit <= 1 ? run_search<false>(grid, limit, nullptr, guesses) : run_search<true>(grid, limit, nullptr, guesses);
}

unsigned list_solutions(const Grid& grid, unsigned limit, std::vector<Grid>& out) {
  BandSolver<true> s;
  if (!init_solver(s, grid, limit, nullptr)) return 0;
  s.every = &out;
  s.search();
  return s.count;
}

// With a limit of 2 or more the counting solver counts; only when it finds
// several solutions does the plain one search again for its first solution
// (the one every earlier version returned: generated grids and `--any`
// output stay the same). A limit of 1 asks for that solution straight away.
SolveResult solve(const Grid& grid, unsigned limit) {
  SolveResult r;
  if (limit <= 1) {
    r.count = run_search<false>(grid, limit, &r.solution, r.guesses);
    return r;
  }
  r.count = run_search<true>(grid, limit, &r.solution, r.guesses);
  if (r.count >= 2) run_search<false>(grid, 1, &r.solution, r.guesses);
  return r;
}

}  // namespace sudokit
