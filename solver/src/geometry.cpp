// The shape of a puzzle as a value (geometry.hpp): the parser of the
// spelling (docs/VARIANTS.md), the tables it builds once (houses, peers,
// orthogonal neighbours), and the cell strings of every size and alphabet.
//
// The extra regions of 9x9 are those of Sukaku Explainer, SudokuMonster's
// fork (github.com/SudokuMonster/SukakuExplainer, diuf/sudoku/Settings.java:
// regionsWindows, regionsGirandola, regionsCD, regionsAsterisk,
// regionsBothDiagonals, regionsDG; the toroidal wrap of the leapers and of
// the non-consecutive rule as in diuf/sudoku/Grid.java, wazirCellsToroidal and
// ferzCellsToroidal).
#include "sudokit/solver/geometry.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdio>
#include <utility>

namespace sudokit {

namespace {

// The extras in canonical (spelling) order; `kExtraNames[i]` spells bit i.
constexpr std::array<const char*, 6> kExtraNames = {"x",         "windows",  "disjoint",
                                                    "centre-dot", "girandola", "asterisk"};
enum Extra { kX, kWindows, kDisjoint, kCentreDot, kGirandola, kAsterisk };

constexpr const char* kExpected =
    "classic, none, NxN, NxN:RxC, NxN:none, jigsaw:MAP, x, windows, disjoint, centre-dot, "
    "girandola, asterisk, anti-knight, anti-king, nc, nc+, toroidal";

// The box shape (rows x columns) of each size's boxes when the spelling
// names none; sizes missing here have no boxed form (jigsaw or none only).
int default_box_rows(int n) {
  switch (n) {
    case 4: return 2;
    case 6: return 2;
    case 8: return 2;
    case 9: return 3;
    case 12: return 3;
    case 16: return 4;
    case 25: return 5;
    default: return 0;
  }
}

[[noreturn]] void fail(int column, const std::string& what) {
  throw GeometryError("geometry:" + std::to_string(column) + ": " + what, column);
}

std::string cell_name(int cell, int n) {
  std::string name = "r";
  name += std::to_string(cell / n + 1);
  name += 'c';
  name += std::to_string(cell % n + 1);
  return name;
}

std::string quoted_char(char c) {
  if (std::isprint(static_cast<unsigned char>(c))) return std::string("'") + c + "'";
  char buf[16];
  std::snprintf(buf, sizeof buf, "byte 0x%02X", static_cast<unsigned char>(c));
  return buf;
}

// "NxN" -> N, or 0 when `t` is not of that form.
int parse_square(std::string_view t) {
  const auto x = t.find('x');
  if (x == std::string_view::npos || x == 0 || x + 1 >= t.size()) return 0;
  auto number = [](std::string_view s) {
    if (s.size() > 2) return 0;
    int v = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return 0;
      v = v * 10 + (c - '0');
    }
    return v;
  };
  const int a = number(t.substr(0, x)), b = number(t.substr(x + 1));
  return a != 0 && a == b ? a : (a != 0 && b != 0 ? -a * 100 - b : 0);
}

// "RxC" -> {R, C}, or {0, 0}.
std::pair<int, int> parse_rect(std::string_view t) {
  const auto x = t.find('x');
  if (x == std::string_view::npos || x == 0 || x + 1 >= t.size() || t.size() > 5) return {0, 0};
  int r = 0, c = 0;
  for (char ch : t.substr(0, x)) {
    if (ch < '0' || ch > '9') return {0, 0};
    r = r * 10 + (ch - '0');
  }
  for (char ch : t.substr(x + 1)) {
    if (ch < '0' || ch > '9') return {0, 0};
    c = c * 10 + (ch - '0');
  }
  return {r, c};
}

std::vector<std::uint8_t> box_map(int n, int rows, int cols) {
  std::vector<std::uint8_t> map(static_cast<std::size_t>(n * n));
  for (int cell = 0; cell < n * n; ++cell) {
    const int r = cell / n, c = cell % n;
    map[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>((r / rows) * (n / cols) + c / cols);
  }
  return map;
}

// The 9x9 extra regions' cells, each house ascending.
std::vector<std::vector<int>> extra_houses(int extra, int n) {
  std::vector<std::vector<int>> out;
  auto from = [&](auto&& in_group, int groups) {
    for (int g = 0; g < groups; ++g) {
      std::vector<int> h;
      for (int cell = 0; cell < n * n; ++cell)
        if (in_group(cell / n, cell % n, g)) h.push_back(cell);
      out.push_back(std::move(h));
    }
  };
  switch (extra) {
    case kX:  // the main diagonal, then the anti-diagonal (9x9 only, as SE)
      from([&](int r, int c, int g) { return g == 0 ? r == c : r + c == n - 1; }, 2);
      break;
    case kWindows: {
      // Band of a row or column: 0 for the lines 1, 5, 9 (between the
      // windows), 1 for lines 2-4, 2 for lines 6-8. The four windows first
      // (SE's regions 1-4), then the five regions they imply (SE's 0, 5-8).
      auto band = [](int i) { return i % 4 == 0 ? 0 : (i < 4 ? 1 : 2); };
      static constexpr std::array<std::pair<int, int>, 9> kOrder = {
          {{1, 1}, {1, 2}, {2, 1}, {2, 2}, {0, 0}, {0, 1}, {0, 2}, {1, 0}, {2, 0}}};
      from([&](int r, int c, int g) { return kOrder[static_cast<std::size_t>(g)] == std::pair{band(r), band(c)}; },
           9);
      break;
    }
    case kDisjoint:  // group g: the cells at position g of their box
      from([](int r, int c, int g) { return (r % 3) * 3 + c % 3 == g; }, 9);
      break;
    case kCentreDot:
      out.push_back({10, 13, 16, 37, 40, 43, 64, 67, 70});
      break;
    case kGirandola:
      out.push_back({0, 8, 13, 37, 40, 43, 67, 72, 80});
      break;
    case kAsterisk:
      out.push_back({13, 20, 24, 37, 40, 43, 56, 60, 67});
      break;
  }
  return out;
}

}  // namespace

// Builds a Geometry from a parsed description; the only writer of its
// private members.
class GeometryBuilder {
 public:
  int size = 9;
  int box_rows = 3, box_cols = 3;      // 0, 0: jigsaw (map) or none (no map)
  std::vector<std::uint8_t> jigsaw;    // region of each cell, in first-cell order
  unsigned extras = 0;                 // bit i: kExtraNames[i]
  bool anti_knight = false, anti_king = false, toroidal = false;
  int nc = 0;                          // 0 off, 1 nc, 2 nc+

  std::string spelling() const {
    std::vector<std::string> parts;
    const bool boxed = box_rows != 0;
    if (!jigsaw.empty()) {
      std::string map = "jigsaw:";
      for (std::uint8_t r : jigsaw) map += static_cast<char>('A' + r);
      parts.push_back(std::move(map));
    } else if (!boxed) {
      parts.push_back(size == 9 ? "none" : std::to_string(size) + "x" + std::to_string(size) + ":none");
    } else if (size != 9 || box_rows != 3) {
      std::string s = std::to_string(size) + "x" + std::to_string(size);
      if (box_rows != default_box_rows(size))
        s += ":" + std::to_string(box_rows) + "x" + std::to_string(box_cols);
      parts.push_back(std::move(s));
    }
    for (std::size_t i = 0; i < kExtraNames.size(); ++i)
      if (extras & (1u << i)) parts.emplace_back(kExtraNames[i]);
    if (anti_knight) parts.emplace_back("anti-knight");
    if (anti_king) parts.emplace_back("anti-king");
    if (toroidal) parts.emplace_back("toroidal");
    if (nc) parts.emplace_back(nc == 2 ? "nc+" : "nc");
    if (parts.empty()) return "classic";
    std::string out;
    for (const auto& p : parts) out += (out.empty() ? "" : ",") + p;
    return out;
  }

  GeometryPtr build() const {
    auto g = std::make_shared<Geometry>();
    const int n = size, cells = n * n;
    g->size_ = n;
    g->box_rows_ = box_rows;
    g->box_cols_ = box_cols;
    g->nc_wrap_ = nc == 2;
    g->classic_ = n == 9 && box_rows == 3 && extras == 0 && !anti_knight && !anti_king && nc == 0;
    g->spelling_ = spelling();
    if (box_rows != 0) g->region_of_ = box_map(n, box_rows, box_cols);
    else g->region_of_ = jigsaw;

    auto& houses = g->houses_;
    for (int r = 0; r < n; ++r) {
      std::vector<int> h;
      for (int c = 0; c < n; ++c) h.push_back(r * n + c);
      houses.push_back(std::move(h));
    }
    for (int c = 0; c < n; ++c) {
      std::vector<int> h;
      for (int r = 0; r < n; ++r) h.push_back(r * n + c);
      houses.push_back(std::move(h));
    }
    if (!g->region_of_.empty()) {
      std::vector<std::vector<int>> regions(static_cast<std::size_t>(n));
      for (int cell = 0; cell < cells; ++cell) regions[g->region_of_[static_cast<std::size_t>(cell)]].push_back(cell);
      for (auto& h : regions) houses.push_back(std::move(h));
    }
    for (std::size_t i = 0; i < kExtraNames.size(); ++i)
      if (extras & (1u << i))
        for (auto& h : extra_houses(static_cast<int>(i), n)) houses.push_back(std::move(h));

    // Leaper moves, wrapping at the edges when toroidal.
    std::vector<std::pair<int, int>> moves;
    if (anti_knight)
      moves.insert(moves.end(), {{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}});
    if (anti_king)
      moves.insert(moves.end(), {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {0, 1}, {0, -1}, {1, 0}, {-1, 0}});
    auto step = [&](int cell, int dr, int dc) {
      int r = cell / n + dr, c = cell % n + dc;
      if (toroidal) {
        r = (r + n) % n;
        c = (c + n) % n;
      } else if (r < 0 || r >= n || c < 0 || c >= n) {
        return -1;
      }
      return r * n + c;
    };

    g->peers_.assign(static_cast<std::size_t>(cells), {});
    g->adjacent_.assign(static_cast<std::size_t>(cells), {});
    std::vector<std::vector<int>> houses_of(static_cast<std::size_t>(cells));
    for (std::size_t h = 0; h < houses.size(); ++h)
      for (int cell : houses[h]) houses_of[static_cast<std::size_t>(cell)].push_back(static_cast<int>(h));
    std::vector<char> seen(static_cast<std::size_t>(cells));
    for (int cell = 0; cell < cells; ++cell) {
      std::fill(seen.begin(), seen.end(), 0);
      for (int h : houses_of[static_cast<std::size_t>(cell)])
        for (int other : houses[static_cast<std::size_t>(h)]) seen[static_cast<std::size_t>(other)] = 1;
      for (auto [dr, dc] : moves)
        if (int other = step(cell, dr, dc); other >= 0) seen[static_cast<std::size_t>(other)] = 1;
      seen[static_cast<std::size_t>(cell)] = 0;
      auto& peers = g->peers_[static_cast<std::size_t>(cell)];
      for (int other = 0; other < cells; ++other)
        if (seen[static_cast<std::size_t>(other)]) peers.push_back(other);
      if (nc) {
        auto& adj = g->adjacent_[static_cast<std::size_t>(cell)];
        for (auto [dr, dc] : {std::pair{-1, 0}, {0, -1}, {0, 1}, {1, 0}})
          if (int other = step(cell, dr, dc); other >= 0 && other != cell) adj.push_back(other);
        std::sort(adj.begin(), adj.end());
        adj.erase(std::unique(adj.begin(), adj.end()), adj.end());
      }
    }
    return g;
  }
};

namespace {

// Reads a jigsaw map starting at 1-based `column` of the spelling into the
// builder: its size, its regions numbered in order of their first cell.
void read_jigsaw(std::string_view map, int column, GeometryBuilder& b) {
  int n = 0;
  while ((n + 1) * (n + 1) <= static_cast<int>(map.size())) ++n;
  if (n * n != static_cast<int>(map.size()) || n < 2 || n > 25)
    fail(column, "jigsaw map of " + std::to_string(map.size()) +
                     " characters (expected N*N, one per cell, for a size N from 2 to 25, e.g. 81)");
  const int cells = n * n;
  std::vector<int> label_of(256, -1);
  std::vector<int> first_cell;
  std::vector<std::uint8_t> region(static_cast<std::size_t>(cells));
  for (int cell = 0; cell < cells; ++cell) {
    const auto ch = static_cast<unsigned char>(map[static_cast<std::size_t>(cell)]);
    if (label_of[ch] < 0) {
      if (static_cast<int>(first_cell.size()) == n)
        fail(column + cell, "jigsaw map has more than " + std::to_string(n) + " regions (" +
                                quoted_char(static_cast<char>(ch)) + " at " + cell_name(cell, n) +
                                " is region " + std::to_string(n + 1) + "; expected one per digit)");
      label_of[ch] = static_cast<int>(first_cell.size());
      first_cell.push_back(cell);
    }
    region[static_cast<std::size_t>(cell)] = static_cast<std::uint8_t>(label_of[ch]);
  }
  if (static_cast<int>(first_cell.size()) != n)
    fail(column, "jigsaw map has " + std::to_string(first_cell.size()) + " regions (expected " +
                     std::to_string(n) + ", one per digit)");
  for (int r = 0; r < n; ++r) {
    const int start = first_cell[static_cast<std::size_t>(r)];
    const char name = map[static_cast<std::size_t>(start)];
    int count = 0;
    for (std::uint8_t x : region) count += x == r;
    if (count != n)
      fail(column + start, "jigsaw region " + quoted_char(name) + " has " + std::to_string(count) +
                               " cells (expected " + std::to_string(n) + ")");
    // Flood from its first cell through orthogonal neighbours.
    std::vector<char> reached(static_cast<std::size_t>(cells));
    std::vector<int> todo{start};
    reached[static_cast<std::size_t>(start)] = 1;
    int got = 1;
    while (!todo.empty()) {
      const int cell = todo.back();
      todo.pop_back();
      const int cr = cell / n, cc = cell % n;
      for (auto [dr, dc] : {std::pair{-1, 0}, {1, 0}, {0, -1}, {0, 1}}) {
        const int nr = cr + dr, nc = cc + dc;
        if (nr < 0 || nr >= n || nc < 0 || nc >= n) continue;
        const int next = nr * n + nc;
        if (region[static_cast<std::size_t>(next)] != r || reached[static_cast<std::size_t>(next)]) continue;
        reached[static_cast<std::size_t>(next)] = 1;
        ++got;
        todo.push_back(next);
      }
    }
    if (got != n) {
      int apart = start;
      for (int cell = 0; cell < cells; ++cell)
        if (region[static_cast<std::size_t>(cell)] == r && !reached[static_cast<std::size_t>(cell)]) {
          apart = cell;
          break;
        }
      fail(column + start, "jigsaw region " + quoted_char(name) + " is not connected (" +
                               cell_name(apart, n) + " is apart from " + cell_name(start, n) + ")");
    }
  }
  b.size = n;
  b.box_rows = b.box_cols = 0;
  b.jigsaw = std::move(region);
  // A map that draws a size's boxes is that boxed geometry (equal
  // geometries, one spelling).
  for (int rows = 2; default_box_rows(n) != 0 && rows <= n / 2; ++rows)
    if (n % rows == 0 && n / rows >= 2 && box_map(n, rows, n / rows) == b.jigsaw) {
      b.box_rows = rows;
      b.box_cols = n / rows;
      b.jigsaw.clear();
      break;
    }
}

}  // namespace

GeometryPtr parse_geometry(std::string_view spelling) {
  GeometryBuilder b;
  std::string base_token;  // the shape named so far, for the error of a second one
  int base_column = 0;
  std::vector<int> extra_column(kExtraNames.size(), 0);
  int knight_column = 0, king_column = 0, nc_column = 0, toroidal_column = 0;
  bool any = false;

  std::size_t pos = 0;
  while (pos <= spelling.size()) {
    std::size_t end = spelling.find(',', pos);
    if (end == std::string_view::npos) end = spelling.size();
    std::size_t a = pos, z = end;
    while (a < z && std::isspace(static_cast<unsigned char>(spelling[a]))) ++a;
    while (z > a && std::isspace(static_cast<unsigned char>(spelling[z - 1]))) --z;
    const int column = static_cast<int>(a) + 1;
    const std::string_view raw = spelling.substr(a, z - a);
    pos = end + 1;
    if (raw.empty()) {
      if (spelling.find_first_not_of(" \t") == std::string_view::npos)
        throw GeometryError("geometry: empty spelling (the classic 9x9 is \"classic\")", 0);
      fail(column, "empty rule between commas");
    }
    any = true;
    std::string t(raw);
    // Lower-case everything but a jigsaw map (its characters are names).
    const bool is_jigsaw = t.size() >= 7 && [&] {
      std::string head = t.substr(0, 7);
      for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return head == "jigsaw:";
    }();
    for (std::size_t i = 0; i < (is_jigsaw ? 7 : t.size()); ++i)
      t[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(t[i])));

    auto once = [&](int& seen_at) {
      if (seen_at) fail(column, "\"" + t + "\" given twice (first at column " + std::to_string(seen_at) + ")");
      seen_at = column;
    };
    auto shape = [&]() {
      if (base_column)
        fail(column, "a second shape \"" + std::string(raw) + "\" (the first is \"" + base_token + "\" at column " +
                         std::to_string(base_column) + ")");
      base_column = column;
      base_token = std::string(raw);
    };

    bool known = true;
    if (t == "classic" || t == "9x9") {
      shape();
    } else if (t == "none") {
      shape();
      b.box_rows = b.box_cols = 0;
    } else if (is_jigsaw) {
      shape();
      read_jigsaw(std::string_view(raw).substr(7), column + 7, b);
    } else if (const auto colon = t.find(':'); parse_square(t.substr(0, colon)) != 0) {
      const int n = parse_square(t.substr(0, colon));
      if (n < 0) fail(column, "\"" + t.substr(0, colon) + "\" is not square (a grid is NxN)");
      if (default_box_rows(n) == 0)
        fail(column, "no size " + t.substr(0, colon) +
                         " (sizes: 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25; other sizes as jigsaw:MAP)");
      shape();
      b.size = n;
      b.box_rows = default_box_rows(n);
      b.box_cols = n / b.box_rows;
      if (colon != std::string::npos) {
        const std::string boxes = t.substr(colon + 1);
        const int box_column = column + static_cast<int>(colon) + 1;
        if (boxes == "none") {
          b.box_rows = b.box_cols = 0;
        } else {
          auto [r, c] = parse_rect(boxes);
          if (r == 0) fail(box_column, "\"" + boxes + "\" is no box shape (expected RxC or none)");
          if (r * c != n || r < 2 || c < 2)
            fail(box_column, "boxes of " + boxes + " do not tile " + t.substr(0, colon) +
                                 " (rows x columns of a box must make " + std::to_string(n) +
                                 ", each at least 2)");
          b.box_rows = r;
          b.box_cols = c;
        }
      }
    } else if (t == "anti-knight") {
      once(knight_column);
      b.anti_knight = true;
    } else if (t == "anti-king") {
      once(king_column);
      b.anti_king = true;
    } else if (t == "nc" || t == "nc+") {
      if (nc_column)
        fail(column, "\"" + t + "\" and the \"" + (b.nc == 2 ? "nc+" : "nc") + "\" at column " +
                         std::to_string(nc_column) + " exclude each other (give one)");
      nc_column = column;
      b.nc = t == "nc" ? 1 : 2;
    } else if (t == "toroidal") {
      once(toroidal_column);
      b.toroidal = true;
    } else {
      known = false;
      for (std::size_t i = 0; i < kExtraNames.size(); ++i)
        if (t == kExtraNames[i]) {
          once(extra_column[i]);
          b.extras |= 1u << i;
          known = true;
        }
    }
    if (!known) fail(column, "unknown rule \"" + std::string(raw) + "\" (expected " + kExpected + ")");
    if (end == spelling.size()) break;
  }
  if (!any) throw GeometryError("geometry: empty spelling (the classic 9x9 is \"classic\")", 0);

  // What cannot combine, whatever the digits.
  for (std::size_t i = 0; i < kExtraNames.size(); ++i)
    if (extra_column[i] && b.size != 9)
      fail(extra_column[i], "\"" + std::string(kExtraNames[i]) + "\" is defined on 9x9 only (this grid is " +
                                std::to_string(b.size) + "x" + std::to_string(b.size) + ")");
  if (toroidal_column && !knight_column && !king_column && !nc_column)
    fail(toroidal_column, "\"toroidal\" wraps anti-knight, anti-king or nc, and none is given");
  return b.build();
}

const GeometryPtr& classic_geometry() {
  static const GeometryPtr classic = GeometryBuilder{}.build();
  return classic;
}

// ---- Digits and cell strings ----

namespace {

int alphabet_limit(Alphabet a) { return a == Alphabet::kHex ? 16 : (a == Alphabet::kLetters ? 26 : 25); }

std::string alphabet_name(int size, Alphabet a) {
  if (a == Alphabet::kHex) return std::string("0-") + digit_char(size, size, a);
  if (a == Alphabet::kLetters) return std::string("A-") + digit_char(size, size, a);
  if (size <= 9) return std::string("1-") + digit_char(size, size, a);
  return std::string("1-9A-") + digit_char(size, size, a);
}

}  // namespace

char digit_char(int d, int size, Alphabet alphabet) {
  if (size < 1 || size > alphabet_limit(alphabet))
    throw GeometryError("digits: no alphabet for size " + std::to_string(size) + " (this alphabet writes up to " +
                        std::to_string(alphabet_limit(alphabet)) + ")");
  if (d < 0 || d > size)
    throw GeometryError("digits: " + std::to_string(d) + " is no digit of size " + std::to_string(size));
  if (d == 0) return '.';
  switch (alphabet) {
    case Alphabet::kDigits: return static_cast<char>(d <= 9 ? '0' + d : 'A' + d - 10);
    case Alphabet::kLetters: return static_cast<char>('A' + d - 1);
    case Alphabet::kHex: return "0123456789ABCDEF"[d - 1];
  }
  return '?';
}

int digit_value(char c, int size, Alphabet alphabet) {
  if (c == '.') return 0;
  const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  int d = -1;
  switch (alphabet) {
    case Alphabet::kDigits:
      if (u >= '0' && u <= '9') d = u - '0';
      else if (u >= 'A' && u <= 'P') d = u - 'A' + 10;
      break;
    case Alphabet::kLetters:
      if (u == '0') d = 0;
      else if (u >= 'A' && u <= 'Z') d = u - 'A' + 1;
      break;
    case Alphabet::kHex:
      if (u >= '0' && u <= '9') d = u - '0' + 1;
      else if (u >= 'A' && u <= 'F') d = u - 'A' + 11;
      break;
  }
  return d <= size ? d : -1;
}

std::string print_cells(const Geometry& geometry, const std::vector<std::uint8_t>& digits, Alphabet alphabet) {
  if (static_cast<int>(digits.size()) != geometry.cells())
    throw GeometryError("cells: " + std::to_string(digits.size()) + " digits for the " +
                        std::to_string(geometry.cells()) + " cells of " + geometry.spelling());
  std::string out;
  out.reserve(digits.size());
  for (std::uint8_t d : digits) out += digit_char(d, geometry.size(), alphabet);
  return out;
}

std::vector<std::uint8_t> read_cells(const Geometry& geometry, std::string_view text, Alphabet alphabet) {
  const int n = geometry.size();
  if (n > alphabet_limit(alphabet))
    throw GeometryError("cells: the alphabet writes sizes up to " + std::to_string(alphabet_limit(alphabet)) +
                        ", not " + std::to_string(n) + "x" + std::to_string(n));
  if (static_cast<int>(text.size()) != geometry.cells())
    throw GeometryError("cells: " + std::to_string(text.size()) + " characters (expected " +
                        std::to_string(geometry.cells()) + ", one per cell of " + geometry.spelling() + ")");
  std::vector<std::uint8_t> out(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    const int d = digit_value(text[i], n, alphabet);
    if (d < 0) {
      const int p = static_cast<int>(i) + 1;
      throw GeometryError("cells:" + std::to_string(p) + ": " + quoted_char(text[i]) + " is no digit of " +
                              std::to_string(n) + "x" + std::to_string(n) + " in the " + alphabet_name(n, alphabet) +
                              " alphabet ('.' for an empty cell)",
                          p);
    }
    out[i] = static_cast<std::uint8_t>(d);
  }
  return out;
}

}  // namespace sudokit
