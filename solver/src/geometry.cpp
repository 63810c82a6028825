// The shape of a puzzle as a value (solver/include/sudokit/solver/geometry.hpp,
// docs/VARIANTS.md): parse_geometry reads a spelling, builds the houses, peers
// and non-consecutive neighbours, and writes the canonical spelling back.
#include "sudokit/solver/geometry.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <set>

namespace sudokit {

class GeometryBuilder {
 public:
  static GeometryPtr build(std::string_view spelling);
};

namespace {

struct Token {
  std::string text;  // lower-cased, except a jigsaw map
  int column = 1;    // 1-based position in the spelling
};

[[noreturn]] void fail(int column, const std::string& what) {
  throw GeometryError("geometry:" + std::to_string(column) + ": " + what, column);
}

// Default box shape of each size (rows x columns of one box).
bool default_box(int n, int& r, int& c) {
  switch (n) {
    case 4: r = 2; c = 2; return true;
    case 6: r = 2; c = 3; return true;
    case 8: r = 2; c = 4; return true;
    case 9: r = 3; c = 3; return true;
    case 12: r = 3; c = 4; return true;
    case 16: r = 4; c = 4; return true;
    case 25: r = 5; c = 5; return true;
    default: return false;
  }
}

bool parse_int(std::string_view s, int& out) {
  if (s.empty() || s.size() > 3) return false;
  out = 0;
  for (char ch : s) {
    if (ch < '0' || ch > '9') return false;
    out = out * 10 + (ch - '0');
  }
  return true;
}

// "AxB" -> a, b.
bool parse_dims(std::string_view s, int& a, int& b) {
  auto x = s.find('x');
  return x != std::string_view::npos && parse_int(s.substr(0, x), a) &&
         parse_int(s.substr(x + 1), b);
}

constexpr std::string_view kRules =
    "expected NxN, NxN:RxC, jigsaw:MAP, none, x, windows, anti-knight, anti-king, toroidal, nc, nc+";

}  // namespace

GeometryPtr GeometryBuilder::build(std::string_view spelling) {
  // Split on commas, keeping 1-based columns.
  std::vector<Token> tokens;
  {
    std::size_t start = 0;
    for (std::size_t i = 0; i <= spelling.size(); ++i) {
      if (i == spelling.size() || spelling[i] == ',') {
        Token t;
        t.column = static_cast<int>(start) + 1;
        std::string_view raw = spelling.substr(start, i - start);
        if (raw.empty()) fail(t.column, "empty rule (" + std::string(kRules) + ")");
        bool jig = raw.size() >= 7 &&
                   std::equal(raw.begin(), raw.begin() + 7, "jigsaw:", [](char a, char b) {
                     return std::tolower(static_cast<unsigned char>(a)) == b;
                   });
        for (std::size_t k = 0; k < raw.size(); ++k) {
          char ch = raw[k];
          t.text += (jig && k >= 7) ? ch : static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
        }
        tokens.push_back(std::move(t));
        start = i + 1;
      }
    }
  }

  int n = 9, br = 3, bc = 3;
  bool have_base = false, none = false, jigsaw = false, x = false, windows = false;
  bool knight = false, king = false, toroidal = false, nc = false, ncplus = false;
  std::string jig_map;
  int jig_column = 0, x_column = 0, windows_column = 0, toroidal_column = 0;
  auto once = [](bool& flag, const Token& t) {
    if (flag) fail(t.column, "rule \"" + t.text + "\" given twice");
    flag = true;
  };
  for (const Token& t : tokens) {
    const std::string& s = t.text;
    int a = 0, b = 0;
    if (s == "classic" || s == "none" || s.rfind("jigsaw:", 0) == 0 ||
        (!s.empty() && std::isdigit(static_cast<unsigned char>(s[0])))) {
      if (have_base) fail(t.column, "second size or region rule \"" + s + "\" (give one)");
      have_base = true;
      if (s == "classic") continue;
      if (s == "none") { none = true; br = bc = 0; continue; }
      if (s.rfind("jigsaw:", 0) == 0) {
        jigsaw = true;
        jig_map = s.substr(7);
        jig_column = t.column + 7;
        br = bc = 0;
        continue;
      }
      std::string_view sv = s;
      auto colon = sv.find(':');
      std::string_view dims = sv.substr(0, colon);
      if (!parse_dims(dims, a, b) || a != b)
        fail(t.column, "unknown size \"" + std::string(dims) + "\" (expected 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25)");
      n = a;
      if (!default_box(n, br, bc))
        fail(t.column, "unknown size \"" + std::string(dims) + "\" (expected 4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25)");
      if (colon != std::string_view::npos) {
        std::string_view box = sv.substr(colon + 1);
        int col = t.column + static_cast<int>(colon) + 1;
        if (box == "none") { none = true; br = bc = 0; continue; }
        if (!parse_dims(box, a, b) || a * b != n || a <= 0 || b <= 0 ||
            !((a == br && b == bc) || (a == bc && b == br)))
          fail(col, "box \"" + std::string(box) + "\" does not tile " + std::to_string(n) + "x" +
                        std::to_string(n) + " (expected " + std::to_string(br) + "x" + std::to_string(bc) +
                        (br != bc ? " or " + std::to_string(bc) + "x" + std::to_string(br) : std::string()) +
                        " or none)");
        br = a;
        bc = b;
      }
    } else if (s == "x") {
      once(x, t);
      x_column = t.column;
    } else if (s == "windows") {
      once(windows, t);
      windows_column = t.column;
    } else if (s == "anti-knight") {
      once(knight, t);
    } else if (s == "anti-king") {
      once(king, t);
    } else if (s == "toroidal") {
      once(toroidal, t);
      toroidal_column = t.column;
    } else if (s == "nc" || s == "nc+") {
      if (nc) fail(t.column, "non-consecutive rule given twice");
      nc = true;
      ncplus = s == "nc+";
    } else {
      fail(t.column, "unknown rule \"" + s + "\" (" + std::string(kRules) + ")");
    }
  }

  auto g = std::make_shared<Geometry>();
  // Jigsaw: the map gives the size and the pieces.
  if (jigsaw) {
    std::size_t len = jig_map.size();
    int side = 0;
    while (static_cast<std::size_t>(side * side) < len) ++side;
    if (static_cast<std::size_t>(side * side) != len || side < 2 || side > 25)
      fail(jig_column, "jigsaw map has " + std::to_string(len) +
                           " characters (expected a square: 16, 36, 64, 81, 144, 256 or 625...)");
    n = side;
    std::map<char, int> label;  // by first appearance
    std::string order;
    for (char ch : jig_map) {
      if (!label.count(ch)) {
        label[ch] = static_cast<int>(order.size());
        order += ch;
      }
    }
    if (static_cast<int>(order.size()) != n)
      fail(jig_column, "jigsaw map has " + std::to_string(order.size()) + " regions (expected " +
                           std::to_string(n) + ")");
    g->region_of_.resize(len);
    for (std::size_t i = 0; i < len; ++i) g->region_of_[i] = static_cast<std::uint8_t>(label[jig_map[i]]);
    for (int r = 0; r < n; ++r) {
      char ch = order[static_cast<std::size_t>(r)];
      int count = 0, first = -1;
      for (std::size_t i = 0; i < len; ++i)
        if (g->region_of_[i] == r) { ++count; if (first < 0) first = static_cast<int>(i); }
      if (count != n)
        fail(jig_column, std::string("jigsaw region '") + ch + "' has " + std::to_string(count) +
                             " cells (expected " + std::to_string(n) + ")");
      std::vector<int> stack{first};
      std::vector<bool> seen(len, false);
      seen[static_cast<std::size_t>(first)] = true;
      int reached = 1;
      while (!stack.empty()) {
        int c = stack.back();
        stack.pop_back();
        int row = c / n, col = c % n;
        const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
        for (int d = 0; d < 4; ++d) {
          int rr = row + dr[d], cc = col + dc[d];
          if (rr < 0 || rr >= n || cc < 0 || cc >= n) continue;
          int o = rr * n + cc;
          if (seen[static_cast<std::size_t>(o)] || g->region_of_[static_cast<std::size_t>(o)] != r) continue;
          seen[static_cast<std::size_t>(o)] = true;
          ++reached;
          stack.push_back(o);
        }
      }
      if (reached != n)
        fail(jig_column, std::string("jigsaw region '") + ch + "' is not connected (" +
                             std::to_string(reached) + " of its " + std::to_string(n) +
                             " cells touch its first)");
    }
  } else if (!none) {
    g->region_of_.resize(static_cast<std::size_t>(n * n));
    for (int c = 0; c < n * n; ++c)
      g->region_of_[static_cast<std::size_t>(c)] =
          static_cast<std::uint8_t>((c / n / br) * (n / bc) + (c % n) / bc);
  }
  if ((x || windows) && n != 9)
    fail(x ? x_column : windows_column, std::string(x ? "x" : "windows") + " is defined for 9x9 only (this is " +
                                     std::to_string(n) + "x" + std::to_string(n) + ")");
  if (toroidal && !knight && !king) fail(toroidal_column, "toroidal needs anti-knight or anti-king");

  g->size_ = n;
  g->box_rows_ = br;
  g->box_cols_ = bc;
  const int cells = n * n;
  // Houses: rows, columns, regions, then extra regions in spelling order.
  for (int r = 0; r < n; ++r) {
    std::vector<int> h;
    for (int c = 0; c < n; ++c) h.push_back(r * n + c);
    g->houses_.push_back(h);
  }
  for (int c = 0; c < n; ++c) {
    std::vector<int> h;
    for (int r = 0; r < n; ++r) h.push_back(r * n + c);
    g->houses_.push_back(h);
  }
  if (!g->region_of_.empty()) {
    for (int reg = 0; reg < n; ++reg) {
      std::vector<int> h;
      for (int c = 0; c < cells; ++c)
        if (g->region_of_[static_cast<std::size_t>(c)] == reg) h.push_back(c);
      g->houses_.push_back(h);
    }
  }
  if (x) {
    std::vector<int> d1, d2;
    for (int i = 0; i < 9; ++i) {
      d1.push_back(i * 9 + i);
      d2.push_back(i * 9 + 8 - i);
    }
    g->houses_.push_back(d1);
    std::sort(d2.begin(), d2.end());
    g->houses_.push_back(d2);
  }
  if (windows) {
    // The four windows (rows/columns 1-3 and 5-7, 0-based) and the five
    // regions they imply: rows {0,4,8} or {1-3} or {5-7} crossed with the same
    // column sets, minus the four windows themselves.
    const std::array<std::array<int, 3>, 3> sets{{{1, 2, 3}, {5, 6, 7}, {0, 4, 8}}};
    for (int a = 0; a < 3; ++a)
      for (int b = 0; b < 3; ++b) {
        std::vector<int> h;
        for (int r : sets[static_cast<std::size_t>(a)])
          for (int c : sets[static_cast<std::size_t>(b)]) h.push_back(r * 9 + c);
        std::sort(h.begin(), h.end());
        g->houses_.push_back(h);
      }
    // Order: the four windows first (row-major), then the five implied.
    std::vector<std::vector<int>> w(g->houses_.end() - 9, g->houses_.end());
    g->houses_.resize(g->houses_.size() - 9);
    for (int i : {0, 1, 3, 4, 2, 5, 6, 7, 8}) g->houses_.push_back(w[static_cast<std::size_t>(i)]);
  }
  // Peers: houses and leapers.
  std::vector<std::set<int>> peers(static_cast<std::size_t>(cells));
  for (const auto& h : g->houses_)
    for (int a : h)
      for (int b : h)
        if (a != b) peers[static_cast<std::size_t>(a)].insert(b);
  auto leap = [&](const std::vector<std::pair<int, int>>& moves) {
    for (int c = 0; c < cells; ++c)
      for (auto [dr, dc] : moves) {
        int r = c / n + dr, col = c % n + dc;
        if (toroidal) {
          r = (r + n) % n;
          col = (col + n) % n;
        } else if (r < 0 || r >= n || col < 0 || col >= n) {
          continue;
        }
        int o = r * n + col;
        if (o != c) peers[static_cast<std::size_t>(c)].insert(o);
      }
  };
  if (knight) leap({{1, 2}, {2, 1}, {-1, 2}, {-2, 1}, {1, -2}, {2, -1}, {-1, -2}, {-2, -1}});
  if (king) leap({{1, 1}, {1, -1}, {-1, 1}, {-1, -1}, {0, 1}, {1, 0}, {0, -1}, {-1, 0}});
  g->peers_.resize(static_cast<std::size_t>(cells));
  g->adjacent_.resize(static_cast<std::size_t>(cells));
  for (int c = 0; c < cells; ++c) {
    const auto& p = peers[static_cast<std::size_t>(c)];
    g->peers_[static_cast<std::size_t>(c)].assign(p.begin(), p.end());
    if (nc) {
      int r = c / n, col = c % n;
      auto& adj = g->adjacent_[static_cast<std::size_t>(c)];
      if (r > 0) adj.push_back(c - n);
      if (col > 0) adj.push_back(c - 1);
      if (col + 1 < n) adj.push_back(c + 1);
      if (r + 1 < n) adj.push_back(c + n);
    }
  }
  g->nc_wrap_ = ncplus;

  // Canonical spelling: base, x, windows, anti-knight, anti-king, toroidal, nc/nc+.
  std::vector<std::string> parts;
  int dbr = 0, dbc = 0;
  default_box(n, dbr, dbc);
  if (jigsaw) {
    std::string map;
    for (auto reg : g->region_of_) map += static_cast<char>('A' + reg);
    parts.push_back("jigsaw:" + map);
  } else if (none) {
    parts.push_back(n == 9 ? "none" : std::to_string(n) + "x" + std::to_string(n) + ":none");
  } else if (n != 9) {
    std::string s = std::to_string(n) + "x" + std::to_string(n);
    if (br != dbr) s += ":" + std::to_string(br) + "x" + std::to_string(bc);
    parts.push_back(s);
  }
  if (x) parts.push_back("x");
  if (windows) parts.push_back("windows");
  if (knight) parts.push_back("anti-knight");
  if (king) parts.push_back("anti-king");
  if (toroidal) parts.push_back("toroidal");
  if (nc) parts.push_back(ncplus ? "nc+" : "nc");
  g->classic_ = parts.empty();
  if (parts.empty()) {
    g->spelling_ = "classic";
  } else {
    g->spelling_.clear();
    for (std::size_t i = 0; i < parts.size(); ++i) g->spelling_ += (i ? "," : "") + parts[i];
  }
  return g;
}

GeometryPtr parse_geometry(std::string_view spelling) { return GeometryBuilder::build(spelling); }

const GeometryPtr& classic_geometry() {
  static const GeometryPtr g = parse_geometry("classic");
  return g;
}

}  // namespace sudokit
