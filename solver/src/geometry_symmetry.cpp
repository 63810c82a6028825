// The symmetry group of a geometry (geometry_symmetry.hpp).
//
// The group is the stabiliser of the geometry among all LineMaps (transpose
// or not, any row and any column permutation). Plain boxed shapes and plain
// Latin squares keep their whole band-and-stack product (checked: each of
// its generators preserves the geometry, and nothing outside it can keep
// the boxes), so it is described, not listed. Every other geometry is
// searched: the transposition first, then step k fixes the input row and
// column of output row k and column k together, and the output cells made
// so far (the k x k square) must keep each cell's counts (houses, peers,
// neighbours) and, pair by pair, the peer and neighbour relations. A full
// map that survives is checked with preserves() (the houses as sets). The
// relations fail early for anything that is not close to a symmetry, so the
// search visits few nodes even where the LineMaps number 2 * 25!^2.
#include "sudokit/solver/geometry_symmetry.hpp"

#include <algorithm>
#include <map>
#include <mutex>
#include <numeric>

namespace sudokit {

LineMap LineMap::identity(int n) {
  LineMap m;
  m.rows.resize(static_cast<std::size_t>(n));
  m.cols.resize(static_cast<std::size_t>(n));
  std::iota(m.rows.begin(), m.rows.end(), 0);
  std::iota(m.cols.begin(), m.cols.end(), 0);
  return m;
}

int LineMap::source_cell(int cell) const {
  const int n = size();
  const int i = rows[static_cast<std::size_t>(cell / n)], j = cols[static_cast<std::size_t>(cell % n)];
  return transpose ? j * n + i : i * n + j;
}

std::vector<int> LineMap::cell_map() const {
  std::vector<int> map(static_cast<std::size_t>(size() * size()));
  for (std::size_t c = 0; c < map.size(); ++c) map[c] = source_cell(static_cast<int>(c));
  return map;
}

std::vector<std::uint8_t> LineMap::apply(std::span<const std::uint8_t> cells) const {
  std::vector<std::uint8_t> out(cells.size());
  for (std::size_t c = 0; c < out.size(); ++c) out[c] = cells[static_cast<std::size_t>(source_cell(static_cast<int>(c)))];
  return out;
}

LineMap compose(const LineMap& outer, const LineMap& inner) {
  // out(i, j) = mid'(R[i], C[j]) with mid = inner(x). Untransposed outer:
  // mid(R[i], C[j]) = x'(r[R[i]], c[C[j]]). A transposed outer reads
  // mid(C[j], R[i]) = x'(r[C[j]], c[R[i]]), which is x' transposed read at
  // (c[R[i]], r[C[j]]); transposing twice cancels.
  const int n = outer.size();
  LineMap m;
  m.rows.resize(static_cast<std::size_t>(n));
  m.cols.resize(static_cast<std::size_t>(n));
  m.transpose = outer.transpose != inner.transpose;
  for (std::size_t i = 0; i < m.rows.size(); ++i) {
    const auto R = static_cast<std::size_t>(outer.rows[i]), C = static_cast<std::size_t>(outer.cols[i]);
    m.rows[i] = outer.transpose ? inner.cols[R] : inner.rows[R];
    m.cols[i] = outer.transpose ? inner.rows[C] : inner.cols[C];
  }
  return m;
}

LineMap inverse(const LineMap& m) {
  // x(a, b) lands at out(i, j) with rows[i] = a, cols[j] = b (untransposed);
  // a transposed map puts x(b, a) there, so its inverse is transposed too
  // and swaps the roles of rows and columns.
  const int n = m.size();
  LineMap inv;
  inv.transpose = m.transpose;
  inv.rows.resize(static_cast<std::size_t>(n));
  inv.cols.resize(static_cast<std::size_t>(n));
  std::vector<int> row_at(static_cast<std::size_t>(n)), col_at(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    row_at[static_cast<std::size_t>(m.rows[static_cast<std::size_t>(i)])] = i;
    col_at[static_cast<std::size_t>(m.cols[static_cast<std::size_t>(i)])] = i;
  }
  if (!m.transpose) {
    inv.rows = row_at;
    inv.cols = col_at;
  } else {
    // out(i, j) = x(cols[j], rows[i]); so x(a, b) = out(row_at[b], col_at[a]),
    // i.e. x = out' read at (col_at[a], row_at[b]).
    inv.rows = col_at;
    inv.cols = row_at;
  }
  return inv;
}

bool preserves(const Geometry& geometry, std::span<const int> cell_map) {
  const int cells = geometry.cells();
  if (static_cast<int>(cell_map.size()) != cells) return false;
  std::vector<char> hit(static_cast<std::size_t>(cells));
  for (int c : cell_map) {
    if (c < 0 || c >= cells || hit[static_cast<std::size_t>(c)]) return false;
    hit[static_cast<std::size_t>(c)] = 1;
  }
  auto image = [&](int c) { return cell_map[static_cast<std::size_t>(c)]; };
  // Peers and neighbours: the image of c's list is the image's list.
  std::vector<int> mapped;
  for (int c = 0; c < cells; ++c) {
    for (int pass = 0; pass < 2; ++pass) {
      const auto& from = pass == 0 ? geometry.peers(c) : geometry.adjacent(c);
      const auto& to = pass == 0 ? geometry.peers(image(c)) : geometry.adjacent(image(c));
      if (from.size() != to.size()) return false;
      mapped.clear();
      for (int p : from) mapped.push_back(image(p));
      std::sort(mapped.begin(), mapped.end());
      if (!std::equal(mapped.begin(), mapped.end(), to.begin())) return false;
    }
  }
  // Houses as a set of cell sets.
  std::vector<std::vector<int>> have, got;
  for (const auto& h : geometry.houses()) {
    have.emplace_back(h.begin(), h.end());
    std::sort(have.back().begin(), have.back().end());
    got.emplace_back();
    for (int c : h) got.back().push_back(image(c));
    std::sort(got.back().begin(), got.back().end());
  }
  std::sort(have.begin(), have.end());
  std::sort(got.begin(), got.end());
  return have == got;
}

bool preserves(const Geometry& geometry, const LineMap& map) {
  if (map.size() != geometry.size()) return false;
  const auto cells = map.cell_map();
  return preserves(geometry, cells);
}

namespace {

// Decimal string arithmetic for the orders (25x25's exceed 64 bits).
void multiply(std::string& decimal, std::uint64_t factor) {
  std::string out;
  std::uint64_t carry = 0;
  for (auto it = decimal.rbegin(); it != decimal.rend(); ++it) {
    const std::uint64_t v = static_cast<std::uint64_t>(*it - '0') * factor + carry;
    out.push_back(static_cast<char>('0' + v % 10));
    carry = v / 10;
  }
  for (; carry; carry /= 10) out.push_back(static_cast<char>('0' + carry % 10));
  decimal.assign(out.rbegin(), out.rend());
}

std::uint64_t factorial(int k) {
  std::uint64_t f = 1;
  for (int i = 2; i <= k; ++i) f *= static_cast<std::uint64_t>(i);
  return f;
}

// The plain shapes' product: rows in bands of hr, columns in stacks of hc.
bool keeps_bands(const std::vector<int>& lines, int h) {
  const int n = static_cast<int>(lines.size());
  for (int b = 0; b < n / h; ++b)
    for (int i = 1; i < h; ++i)
      if (lines[static_cast<std::size_t>(b * h + i)] / h != lines[static_cast<std::size_t>(b * h)] / h) return false;
  return true;
}

std::vector<LineMap> band_generators(int n, int hr, int hc, bool transposes) {
  std::vector<LineMap> gens;
  auto add = [&](bool on_rows, int a, int b) {
    LineMap m = LineMap::identity(n);
    auto& v = on_rows ? m.rows : m.cols;
    std::swap(v[static_cast<std::size_t>(a)], v[static_cast<std::size_t>(b)]);
    gens.push_back(std::move(m));
  };
  auto add_band_swap = [&](bool on_rows, int h, int band) {
    LineMap m = LineMap::identity(n);
    auto& v = on_rows ? m.rows : m.cols;
    for (int i = 0; i < h; ++i)
      std::swap(v[static_cast<std::size_t>(band * h + i)], v[static_cast<std::size_t>((band + 1) * h + i)]);
    gens.push_back(std::move(m));
  };
  for (int pass = 0; pass < 2; ++pass) {
    const bool on_rows = pass == 0;
    const int h = on_rows ? hr : hc;
    for (int b = 0; b < n / h; ++b)
      for (int i = 0; i + 1 < h; ++i) add(on_rows, b * h + i, b * h + i + 1);
    for (int b = 0; b + 1 < n / h; ++b) add_band_swap(on_rows, h, b);
  }
  if (transposes) {
    LineMap m = LineMap::identity(n);
    m.transpose = true;
    gens.push_back(std::move(m));
  }
  return gens;
}

// The pruned search over all LineMaps (see the file comment).
class ListedSearch {
 public:
  explicit ListedSearch(const Geometry& g) : g_(g), n_(g.size()), cells_(g.cells()) {
    relation_.assign(static_cast<std::size_t>(cells_) * static_cast<std::size_t>(cells_), 0);
    std::vector<int> houses_of(static_cast<std::size_t>(cells_));
    for (const auto& h : g.houses())
      for (int c : h) ++houses_of[static_cast<std::size_t>(c)];
    for (int c = 0; c < cells_; ++c) {
      for (int p : g.peers(c)) relation_[index(c, p)] |= 1;
      for (int a : g.adjacent(c)) relation_[index(c, a)] |= 2;
      signature_.push_back((static_cast<std::int64_t>(houses_of[static_cast<std::size_t>(c)]) << 40) |
                           (static_cast<std::int64_t>(g.peers(c).size()) << 20) |
                           static_cast<std::int64_t>(g.adjacent(c).size()));
    }
  }

  std::vector<LineMap> run() {
    for (int t = 0; t < 2; ++t) {
      map_ = LineMap::identity(n_);
      map_.transpose = t == 1;
      row_used_.assign(static_cast<std::size_t>(n_), 0);
      col_used_.assign(static_cast<std::size_t>(n_), 0);
      step(0);
    }
    // The identity first, the rest in the order found.
    auto id = std::find(found_.begin(), found_.end(), LineMap::identity(n_));
    if (id != found_.end()) std::rotate(found_.begin(), id, id + 1);
    return std::move(found_);
  }

 private:
  std::size_t index(int a, int b) const {
    return static_cast<std::size_t>(a) * static_cast<std::size_t>(cells_) + static_cast<std::size_t>(b);
  }
  int source(int i, int j) const {
    const int a = map_.rows[static_cast<std::size_t>(i)], b = map_.cols[static_cast<std::size_t>(j)];
    return map_.transpose ? b * n_ + a : a * n_ + b;
  }
  // The output cells of step k (row k and column k of the k+1 square) keep
  // their counts and their relations with every cell of the square.
  bool consistent(int k) const {
    auto check = [&](int i, int j) {
      const int out = i * n_ + j, in = source(i, j);
      if (signature_[static_cast<std::size_t>(out)] != signature_[static_cast<std::size_t>(in)]) return false;
      for (int a = 0; a <= k; ++a)
        for (int b = 0; b <= k; ++b) {
          const int other = a * n_ + b;
          if (relation_[index(out, other)] != relation_[index(in, source(a, b))]) return false;
        }
      return true;
    };
    for (int j = 0; j <= k; ++j)
      if (!check(k, j)) return false;
    for (int i = 0; i < k; ++i)
      if (!check(i, k)) return false;
    return true;
  }

  void step(int k) {
    if (k == n_) {
      if (preserves(g_, map_)) {
        if (found_.size() == kMaxListedSymmetries)
          throw GeometryError("geometry: " + g_.spelling() + " has more than " +
                              std::to_string(kMaxListedSymmetries) +
                              " symmetries to list (canonical forms are not offered for it)");
        found_.push_back(map_);
      }
      return;
    }
    for (int r = 0; r < n_; ++r) {
      if (row_used_[static_cast<std::size_t>(r)]) continue;
      row_used_[static_cast<std::size_t>(r)] = 1;
      map_.rows[static_cast<std::size_t>(k)] = r;
      for (int c = 0; c < n_; ++c) {
        if (col_used_[static_cast<std::size_t>(c)]) continue;
        map_.cols[static_cast<std::size_t>(k)] = c;
        if (!consistent(k)) continue;
        col_used_[static_cast<std::size_t>(c)] = 1;
        step(k + 1);
        col_used_[static_cast<std::size_t>(c)] = 0;
      }
      row_used_[static_cast<std::size_t>(r)] = 0;
    }
  }

  const Geometry& g_;
  int n_, cells_;
  std::vector<std::uint8_t> relation_;  // bit 0 peers, bit 1 neighbours
  std::vector<std::int64_t> signature_;
  LineMap map_;
  std::vector<char> row_used_, col_used_;
  std::vector<LineMap> found_;
};

std::uint64_t below_checked(const std::function<std::uint64_t(std::uint64_t)>& below, std::uint64_t k) {
  const std::uint64_t v = below(k);
  return v < k ? v : v % k;
}

void shuffle(std::vector<int>& v, const std::function<std::uint64_t(std::uint64_t)>& below) {
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below_checked(below, i)]);
}

}  // namespace

SymmetryGroup::SymmetryGroup(GeometryPtr geometry) : geometry_(std::move(geometry)) {
  const Geometry& g = *geometry_;
  const int n = g.size();
  for (int c = 0; c < g.cells() && digits_ == DigitSymmetry::kAll; ++c)
    if (!g.adjacent(c).empty()) digits_ = g.nc_wrap() ? DigitSymmetry::kCycle : DigitSymmetry::kReverse;

  // Plain boxes or a plain Latin square: the product, when every generator
  // of it keeps the geometry.
  const bool boxed = g.box_rows() != 0, none = !boxed && g.region_of().empty();
  if (boxed || none) {
    const int hr = boxed ? g.box_rows() : 1, hc = boxed ? g.box_cols() : 1;
    auto gens = band_generators(n, hr, hc, hr == hc);
    if (std::all_of(gens.begin(), gens.end(), [&](const LineMap& m) { return preserves(g, m); })) {
      kind_ = Kind::kBands;
      band_rows_ = hr;
      stack_cols_ = hc;
      transposes_ = hr == hc;
      generators_ = std::move(gens);
      return;
    }
  }
  kind_ = Kind::kListed;
  elements_ = ListedSearch(g).run();
  for (std::size_t i = 1; i < elements_.size(); ++i) {
    generators_.push_back(elements_[i]);
    transposes_ = transposes_ || elements_[i].transpose;
  }
}

std::string SymmetryGroup::order() const {
  std::string order = "1";
  if (kind_ == Kind::kListed) return std::to_string(elements_.size());
  const int n = geometry_->size();
  for (int h : {band_rows_, stack_cols_}) {
    for (int b = 0; b < n / h; ++b) multiply(order, factorial(h));
    for (int f = 2; f <= n / h; ++f) multiply(order, static_cast<std::uint64_t>(f));
  }
  if (transposes_) multiply(order, 2);
  return order;
}

double SymmetryGroup::order_estimate() const { return std::stod(order()); }

std::vector<DigitRelabel> SymmetryGroup::digit_relabels() const {
  const int n = geometry_->size();
  std::vector<DigitRelabel> maps;
  auto add = [&](bool reverse, int shift) {
    DigitRelabel m(static_cast<std::size_t>(n) + 1, 0);
    for (int d = 1; d <= n; ++d) {
      const int x = reverse ? n - d : d - 1;  // 0-based, reversed
      m[static_cast<std::size_t>(d)] = static_cast<std::uint8_t>((x + shift) % n + 1);
    }
    if (std::find(maps.begin(), maps.end(), m) == maps.end()) maps.push_back(std::move(m));
  };
  add(false, 0);
  if (digits_ == DigitSymmetry::kReverse) add(true, 0);
  if (digits_ == DigitSymmetry::kCycle)
    for (int shift = 0; shift < n; ++shift) {
      add(false, shift);
      add(true, shift);
    }
  return maps;
}

std::string SymmetryGroup::digit_order() const {
  if (digits_ != DigitSymmetry::kAll) return std::to_string(digit_relabels().size());
  std::string order = "1";
  for (int f = 2; f <= geometry_->size(); ++f) multiply(order, static_cast<std::uint64_t>(f));
  return order;
}

LineMap SymmetryGroup::random_element(const std::function<std::uint64_t(std::uint64_t)>& below) const {
  if (kind_ == Kind::kListed) return elements_[below_checked(below, elements_.size())];
  const int n = geometry_->size();
  LineMap m = LineMap::identity(n);
  auto lines = [&](std::vector<int>& v, int h) {
    std::vector<int> bands(static_cast<std::size_t>(n / h));
    std::iota(bands.begin(), bands.end(), 0);
    shuffle(bands, below);
    for (int b = 0; b < n / h; ++b) {
      std::vector<int> inner(static_cast<std::size_t>(h));
      std::iota(inner.begin(), inner.end(), 0);
      shuffle(inner, below);
      for (int i = 0; i < h; ++i)
        v[static_cast<std::size_t>(b * h + i)] = bands[static_cast<std::size_t>(b)] * h + inner[static_cast<std::size_t>(i)];
    }
  };
  lines(m.rows, band_rows_);
  lines(m.cols, stack_cols_);
  if (transposes_) m.transpose = below_checked(below, 2) == 1;
  return m;
}

DigitRelabel SymmetryGroup::random_relabel(const std::function<std::uint64_t(std::uint64_t)>& below) const {
  if (digits_ != DigitSymmetry::kAll) {
    const auto maps = digit_relabels();
    return maps[below_checked(below, maps.size())];
  }
  std::vector<int> perm(static_cast<std::size_t>(geometry_->size()));
  std::iota(perm.begin(), perm.end(), 1);
  shuffle(perm, below);
  DigitRelabel m(perm.size() + 1, 0);
  for (std::size_t d = 1; d < m.size(); ++d) m[d] = static_cast<std::uint8_t>(perm[d - 1]);
  return m;
}

bool SymmetryGroup::contains(const LineMap& map) const {
  if (map.size() != geometry_->size()) return false;
  auto is_perm = [&](const std::vector<int>& v) {
    std::vector<char> seen(v.size());
    for (int x : v) {
      if (x < 0 || x >= static_cast<int>(v.size()) || seen[static_cast<std::size_t>(x)]) return false;
      seen[static_cast<std::size_t>(x)] = 1;
    }
    return true;
  };
  if (!is_perm(map.rows) || !is_perm(map.cols)) return false;
  if (kind_ == Kind::kListed) return std::find(elements_.begin(), elements_.end(), map) != elements_.end();
  return (!map.transpose || transposes_) && keeps_bands(map.rows, band_rows_) && keeps_bands(map.cols, stack_cols_);
}

std::shared_ptr<const SymmetryGroup> symmetry_group(const GeometryPtr& geometry) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const SymmetryGroup>> cache;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (auto it = cache.find(geometry->spelling()); it != cache.end()) return it->second;
  }
  auto group = std::make_shared<const SymmetryGroup>(geometry);  // built outside the lock (can be slow)
  std::lock_guard<std::mutex> lock(mutex);
  return cache.emplace(geometry->spelling(), std::move(group)).first->second;
}

std::vector<std::uint8_t> relabel(std::span<const std::uint8_t> cells, const DigitRelabel& map) {
  std::vector<std::uint8_t> out(cells.size());
  for (std::size_t c = 0; c < cells.size(); ++c)
    out[c] = cells[c] < map.size() ? map[cells[c]] : cells[c];
  return out;
}

}  // namespace sudokit
