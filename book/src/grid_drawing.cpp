// Drawing a grid with cairo (see grid_drawing.hpp). Thin lines are drawn
// first and the thick ones over them, so crossings show the thick line
// whole; the outer border is one closed rectangle (mitred corners, no gaps).
#include "sudokit/book/grid_drawing.hpp"

#include <fontconfig/fontconfig.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "spelling_rules.hpp"
#include "text.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::book {

GridStyle style_for(double size) {
  GridStyle s;
  s.thick = box_line_width(size);
  s.thin = 0.55 * std::sqrt(size / mm(75));
  return s;
}

std::optional<Symbols> parse_symbols(std::string_view name) {
  if (name == "digits") return Symbols::kDigits;
  if (name == "letters") return Symbols::kLetters;
  if (name == "hex") return Symbols::kHex;
  if (name == "numbers") return Symbols::kNumbers;
  return std::nullopt;
}

std::string symbols_problem(Symbols symbols, int size) {
  if (symbols == Symbols::kHex && size > 16) return "hex writes sizes up to 16 (this grid is " + std::to_string(size) + "x" + std::to_string(size) + ")";
  return "";
}

std::string symbol_text(int d, int size, Symbols symbols) {
  switch (symbols) {
    case Symbols::kNumbers: return std::to_string(d);
    case Symbols::kLetters: return std::string(1, digit_char(d, size, Alphabet::kLetters));
    case Symbols::kHex: return std::string(1, digit_char(d, size, Alphabet::kHex));
    case Symbols::kDigits: break;
  }
  return std::string(1, digit_char(d, size, Alphabet::kDigits));
}

namespace {

// Full-length thick lines: the border, and the box lines of a boxed
// geometry (jigsaw borders are drawn as segments over thin lines).
bool box_line(int i, int n, int box) { return i == 0 || i == n || (box != 0 && i % box == 0); }

}  // namespace

GridLines grid_lines(const Rect& rect, const GridStyle& style, const Geometry& geometry) {
  const int n = geometry.size();
  GridLines g{std::vector<double>(n + 1), std::vector<double>(n + 1), std::vector<double>(n + 1),
              std::vector<double>(n + 1)};
  auto snap_width = [&](double w) { return style.snap ? std::max(1.0, std::round(w)) : w; };
  const double thick = snap_width(style.thick), thin = snap_width(style.thin);
  // Line centres: the border's centre is half its width inside the rect.
  const double inner = rect.w - thick;
  for (int i = 0; i <= n; ++i) {
    g.x_width[i] = box_line(i, n, geometry.box_cols()) ? thick : thin;
    g.y_width[i] = box_line(i, n, geometry.box_rows()) ? thick : thin;
    double ox = thick / 2 + inner * i / static_cast<double>(n);
    double oy = ox;
    double x = rect.x + ox, y = rect.y + oy;
    if (style.snap) {
      // The line's left edge on a whole pixel, so it covers whole pixels.
      const double half_x = g.x_width[i] / 2, half_y = g.y_width[i] / 2;
      x = std::round(x - half_x) + half_x;
      y = std::round(y - half_y) + half_y;
      // Keep the border's outer edge inside the rect after rounding.
      if (i == 0) {
        x = std::max(x, std::ceil(rect.x) + half_x);
        y = std::max(y, std::ceil(rect.y) + half_y);
      }
      if (i == n) {
        x = std::min(x, std::floor(rect.right()) - half_x);
        y = std::min(y, std::floor(rect.bottom()) - half_y);
      }
    }
    g.x[i] = x;
    g.y[i] = y;
  }
  return g;
}

Rect cell_interior(const GridLines& g, int row, int col) {
  const double left = g.x[col] + g.x_width[col] / 2, right = g.x[col + 1] - g.x_width[col + 1] / 2;
  const double top = g.y[row] + g.y_width[row] / 2, bottom = g.y[row + 1] - g.y_width[row + 1] / 2;
  return {left, top, right - left, bottom - top};
}

namespace {

// What the drawing marks besides the regions, read from the geometry's
// houses: they come in spelling order after the rows, columns and regions
// (geometry.hpp), so the spelling's rules say which house is which.
struct Marks {
  std::vector<int> shade;      // per cell: how many shaded groups hold it (x, windows, girandola, asterisk)
  std::vector<bool> dot;       // centre-dot cells
  bool disjoint = false;       // a 3x3 place mark in every cell
};

Marks marks_of(const Geometry& geometry) {
  Marks m;
  m.shade.assign(static_cast<std::size_t>(geometry.cells()), 0);
  m.dot.assign(static_cast<std::size_t>(geometry.cells()), false);
  const auto& houses = geometry.houses();
  std::size_t next = static_cast<std::size_t>(2 * geometry.size()) + (geometry.region_of().empty() ? 0 : geometry.size());
  for (const std::string& rule : spelling_rules(geometry)) {
    // Houses of each extra rule, in the order geometry.cpp adds them.
    const int count = rule == "x" ? 2 : rule == "windows" ? 9 : rule == "disjoint" ? 9
                    : rule == "centre-dot" || rule == "girandola" || rule == "asterisk" ? 1 : 0;
    // A cell counts once per rule (x's centre is on both diagonals).
    std::vector<bool> in_rule(static_cast<std::size_t>(geometry.cells()), false);
    for (int k = 0; k < count && next < houses.size(); ++k, ++next) {
      if (rule == "disjoint") continue;
      if (rule == "windows" && k >= 4) continue;  // the implied regions are not drawn
      for (const int cell : houses[next]) in_rule[static_cast<std::size_t>(cell)] = true;
    }
    for (std::size_t cell = 0; cell < in_rule.size(); ++cell) {
      if (!in_rule[cell]) continue;
      if (rule == "centre-dot") m.dot[cell] = true;
      else ++m.shade[cell];
    }
    if (rule == "disjoint") m.disjoint = true;
  }
  return m;
}

constexpr double kShadeGrey[] = {1.0, 0.86, 0.74, 0.64};  // by the number of shaded groups holding a cell
constexpr double kDotGrey = 0.78;
constexpr double kMarkGrey = 0.3;
constexpr double kMarkLight = 0.85;

}  // namespace

void draw_grid(cairo_t* cr, const Rect& rect, const Grid& puzzle, const Grid* solution, const GridStyle& style) {
  const std::vector<std::uint8_t> cells(puzzle.cells.begin(), puzzle.cells.end());
  if (solution == nullptr) return draw_grid(cr, rect, *classic_geometry(), cells, nullptr, style);
  const std::vector<std::uint8_t> solved(solution->cells.begin(), solution->cells.end());
  draw_grid(cr, rect, *classic_geometry(), cells, &solved, style);
}

void draw_grid(cairo_t* cr, const Rect& rect, const Geometry& geometry, const std::vector<std::uint8_t>& puzzle,
               const std::vector<std::uint8_t>* solution, const GridStyle& style) {
  const int n = geometry.size(), cells = geometry.cells();
  if (puzzle.size() != static_cast<std::size_t>(cells) || (solution != nullptr && solution->size() != puzzle.size()))
    throw std::invalid_argument("draw_grid: " + std::to_string(puzzle.size()) + " cells for a grid of " +
                                std::to_string(cells) + " (" + geometry.spelling() + ")");
  cairo_save(cr);
  const GridLines g = grid_lines(rect, style, geometry);

  // White cells even on a transparent or coloured background.
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_rectangle(cr, g.x[0], g.y[0], g.x[n] - g.x[0], g.y[n] - g.y[0]);
  cairo_fill(cr);

  const Marks marks = geometry.classic() ? Marks{} : marks_of(geometry);
  for (int c = 0; c < static_cast<int>(marks.shade.size()); ++c) {
    const int layers = std::min(marks.shade[static_cast<std::size_t>(c)], 3);
    if (layers == 0) continue;
    // The whole cell up to the line centres: the lines are drawn over it.
    const int r = c / n, col = c % n;
    const double grey = kShadeGrey[layers];
    cairo_set_source_rgb(cr, grey, grey, grey);
    cairo_rectangle(cr, g.x[col], g.y[r], g.x[col + 1] - g.x[col], g.y[r + 1] - g.y[r]);
    cairo_fill(cr);
  }

  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  for (int pass = 0; pass < 2; ++pass) {  // thin lines, then box lines
    for (int i = 1; i < n; ++i) {
      const bool vertical = box_line(i, n, geometry.box_cols()) == (pass == 1);
      const bool horizontal = box_line(i, n, geometry.box_rows()) == (pass == 1);
      // Each line runs between the border's centres; the border covers its ends.
      if (vertical && horizontal && g.x_width[i] == g.y_width[i]) {
        cairo_set_line_width(cr, g.x_width[i]);
        cairo_move_to(cr, g.x[i], g.y[0]);
        cairo_line_to(cr, g.x[i], g.y[n]);
        cairo_move_to(cr, g.x[0], g.y[i]);
        cairo_line_to(cr, g.x[n], g.y[i]);
        cairo_stroke(cr);
        continue;
      }
      if (vertical) {
        cairo_set_line_width(cr, g.x_width[i]);
        cairo_move_to(cr, g.x[i], g.y[0]);
        cairo_line_to(cr, g.x[i], g.y[n]);
        cairo_stroke(cr);
      }
      if (horizontal) {
        cairo_set_line_width(cr, g.y_width[i]);
        cairo_move_to(cr, g.x[0], g.y[i]);
        cairo_line_to(cr, g.x[n], g.y[i]);
        cairo_stroke(cr);
      }
    }
  }
  const auto& region = geometry.region_of();
  if (geometry.box_rows() == 0 && !region.empty()) {
    // Jigsaw: a thick segment on each cell side between two regions; square
    // caps close the corners where segments meet.
    cairo_set_line_width(cr, g.x_width[0]);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) {
        const int cell = r * n + c;
        if (c + 1 < n && region[static_cast<std::size_t>(cell)] != region[static_cast<std::size_t>(cell + 1)]) {
          cairo_move_to(cr, g.x[c + 1], g.y[r]);
          cairo_line_to(cr, g.x[c + 1], g.y[r + 1]);
        }
        if (r + 1 < n && region[static_cast<std::size_t>(cell)] != region[static_cast<std::size_t>(cell + n)]) {
          cairo_move_to(cr, g.x[c], g.y[r + 1]);
          cairo_line_to(cr, g.x[c + 1], g.y[r + 1]);
        }
      }
    cairo_stroke(cr);
    cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  }
  cairo_set_line_width(cr, g.x_width[0]);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, g.x[0], g.y[0], g.x[n] - g.x[0], g.y[n] - g.y[0]);
  cairo_stroke(cr);

  for (int c = 0; c < cells; ++c) {
    const bool dot = marks.dot.empty() ? false : marks.dot[static_cast<std::size_t>(c)];
    if (!dot && !marks.disjoint) continue;
    const Rect in = cell_interior(g, c / n, c % n);
    if (dot) {  // a grey disc behind the digit
      cairo_set_source_rgb(cr, kDotGrey, kDotGrey, kDotGrey);
      cairo_arc(cr, in.x + in.w / 2, in.y + in.h / 2, std::min(in.w, in.h) * 0.36, 0, 2 * M_PI);
      cairo_fill(cr);
    }
    if (marks.disjoint) {
      // The box in small, light grey, the cell's place in it dark: filled
      // shapes only (no hairline a printer could lose).
      const double side = std::min(in.w, in.h) * 0.24, pad = std::min(in.w, in.h) * 0.05, third = side / 3;
      const int place_r = (c / n) % 3, place_c = (c % n) % 3;
      cairo_set_source_rgb(cr, kMarkLight, kMarkLight, kMarkLight);
      cairo_rectangle(cr, in.x + pad, in.y + pad, side, side);
      cairo_fill(cr);
      cairo_set_source_rgb(cr, kMarkGrey, kMarkGrey, kMarkGrey);
      cairo_rectangle(cr, in.x + pad + place_c * third, in.y + pad + place_r * third, third, third);
      cairo_fill(cr);
    }
  }

  const double cell = (g.x[n] - g.x[0]) / n;
  // Two-digit numbers (Symbols::kNumbers from 10 up) are set smaller to fit.
  const double size = cell * style.digit_scale * (style.symbols == Symbols::kNumbers && n >= 10 ? 0.72 : 1.0);
  for (int pass = 0; pass < 2; ++pass) {  // regular digits, then bold ones (one font switch each)
    const bool bold = pass == 1;
    set_font(cr, bold, size);
    for (int c = 0; c < cells; ++c) {
      const int given = puzzle[static_cast<std::size_t>(c)];
      const int digit = given != 0 ? given : solution != nullptr ? (*solution)[static_cast<std::size_t>(c)] : 0;
      if (digit == 0) continue;
      // Puzzles: givens in regular black. Solutions: givens bold, found digits grey.
      const bool is_bold = solution != nullptr && given != 0;
      if (is_bold != bold) continue;
      const double grey = solution != nullptr && given == 0 ? style.filled_grey : 0.0;
      cairo_set_source_rgb(cr, grey, grey, grey);
      const std::string text = symbol_text(digit, n, style.symbols);
      show_centred_ink(cr, text.c_str(), cell_interior(g, c / n, c % n));
    }
  }
  cairo_restore(cr);
}

std::optional<std::string> font_warning() {
  FcPattern* pattern = FcNameParse(reinterpret_cast<const FcChar8*>(kFontFamily));
  if (pattern == nullptr) return std::nullopt;
  FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern* match = FcFontMatch(nullptr, pattern, &result);
  std::string family;
  if (match != nullptr) {
    FcChar8* name = nullptr;
    if (FcPatternGetString(match, FC_FAMILY, 0, &name) == FcResultMatch && name != nullptr)
      family = reinterpret_cast<const char*>(name);
    FcPatternDestroy(match);
  }
  FcPatternDestroy(pattern);
  if (family == kFontFamily) return std::nullopt;
  return std::string("the font '") + kFontFamily + "' is not installed; digits and text will be set in '" +
         (family.empty() ? "(no font found)" : family) + "' (install the Debian package fonts-dejavu-core)";
}

namespace {

// The character set of the font fontconfig gives for the family at a weight.
FcCharSet* font_charset(int weight) {
  FcPattern* pattern = FcNameParse(reinterpret_cast<const FcChar8*>(kFontFamily));
  if (pattern == nullptr) return nullptr;
  FcPatternAddInteger(pattern, FC_WEIGHT, weight);
  FcConfigSubstitute(nullptr, pattern, FcMatchPattern);
  FcDefaultSubstitute(pattern);
  FcResult result = FcResultNoMatch;
  FcPattern* match = FcFontMatch(nullptr, pattern, &result);
  FcPatternDestroy(pattern);
  if (match == nullptr) return nullptr;
  FcCharSet* set = nullptr;
  FcCharSet* copy = nullptr;
  if (FcPatternGetCharSet(match, FC_CHARSET, 0, &set) == FcResultMatch && set != nullptr) copy = FcCharSetCopy(set);
  FcPatternDestroy(match);
  return copy;
}

}  // namespace

std::string unprintable(std::string_view text) {
  if (!valid_utf8(text)) return "the text is not UTF-8";
  const std::string missing = missing_glyphs(text);
  if (missing.empty()) return "";
  return std::string("the book's font (") + kFontFamily + ") has no glyph for " + missing +
         ": they would print as empty boxes";
}

std::string missing_glyphs(std::string_view text) {
  static FcCharSet* const regular = font_charset(FC_WEIGHT_REGULAR);
  static FcCharSet* const bold = font_charset(FC_WEIGHT_BOLD);
  std::vector<char32_t> missing;
  std::size_t more = 0;
  for (std::size_t i = 0; i < text.size();) {
    // Decode one code point (the text is valid UTF-8: callers check).
    const auto c = static_cast<unsigned char>(text[i]);
    const std::size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    char32_t cp = n == 1 ? c : n == 2 ? (c & 0x1F) : n == 3 ? (c & 0x0F) : (c & 0x07);
    for (std::size_t k = 1; k < n && i + k < text.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(text[i + k]) & 0x3F);
    i += n;
    const bool drawn = (regular == nullptr || FcCharSetHasChar(regular, cp)) && (bold == nullptr || FcCharSetHasChar(bold, cp));
    if (drawn || std::find(missing.begin(), missing.end(), cp) != missing.end()) continue;
    if (missing.size() < 10) missing.push_back(cp);
    else ++more;
  }
  std::string out;
  for (const char32_t cp : missing) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
    std::string ch;  // the character itself, unless it is a control character
    if (cp >= 0x20 && cp != 0x7F) {
      if (cp < 0x80) ch = static_cast<char>(cp);
      else if (cp < 0x800) ch = {static_cast<char>(0xC0 | (cp >> 6)), static_cast<char>(0x80 | (cp & 0x3F))};
      else if (cp < 0x10000)
        ch = {static_cast<char>(0xE0 | (cp >> 12)), static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
      else
        ch = {static_cast<char>(0xF0 | (cp >> 18)), static_cast<char>(0x80 | ((cp >> 12) & 0x3F)),
              static_cast<char>(0x80 | ((cp >> 6) & 0x3F)), static_cast<char>(0x80 | (cp & 0x3F))};
    }
    out += (out.empty() ? "" : ", ") + std::string(buf) + (ch.empty() ? "" : " '" + ch + "'");
  }
  if (more) out += ", and " + std::to_string(more) + " more";
  return out;
}

}  // namespace sudokit::book
