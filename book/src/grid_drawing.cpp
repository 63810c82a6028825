// Drawing a grid with cairo (see grid_drawing.hpp). Thin lines are drawn
// first and the thick ones over them, so crossings show the thick line
// whole; the outer border is one closed rectangle (mitred corners, no gaps).
#include "sudokit/book/grid_drawing.hpp"

#include <vector>

#include <cstdio>

#include <algorithm>

#include <fontconfig/fontconfig.h>

#include <cmath>

#include "text.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::book {

GridStyle style_for(double size) {
  GridStyle s;
  s.thick = box_line_width(size);
  s.thin = 0.55 * std::sqrt(size / mm(75));
  return s;
}

GridLines grid_lines(const Rect& rect, const GridStyle& style) {
  GridLines g{};
  auto snap_width = [&](double w) { return style.snap ? std::max(1.0, std::round(w)) : w; };
  const double thick = snap_width(style.thick), thin = snap_width(style.thin);
  // Line centres: the border's centre is half its width inside the rect.
  const double inner = rect.w - thick;
  for (int i = 0; i < 10; ++i) {
    g.width[i] = i % 3 == 0 ? thick : thin;
    double ox = thick / 2 + inner * i / 9.0;
    double oy = ox;
    double x = rect.x + ox, y = rect.y + oy;
    if (style.snap) {
      // The line's left edge on a whole pixel, so it covers whole pixels.
      const double half = g.width[i] / 2;
      x = std::round(x - half) + half;
      y = std::round(y - half) + half;
      // Keep the border's outer edge inside the rect after rounding.
      if (i == 0) {
        x = std::max(x, std::ceil(rect.x) + half);
        y = std::max(y, std::ceil(rect.y) + half);
      }
      if (i == 9) {
        x = std::min(x, std::floor(rect.right()) - half);
        y = std::min(y, std::floor(rect.bottom()) - half);
      }
    }
    g.x[i] = x;
    g.y[i] = y;
  }
  return g;
}

Rect cell_interior(const GridLines& g, int row, int col) {
  const double left = g.x[col] + g.width[col] / 2, right = g.x[col + 1] - g.width[col + 1] / 2;
  const double top = g.y[row] + g.width[row] / 2, bottom = g.y[row + 1] - g.width[row + 1] / 2;
  return {left, top, right - left, bottom - top};
}

void draw_grid(cairo_t* cr, const Rect& rect, const Grid& puzzle, const Grid* solution, const GridStyle& style) {
  cairo_save(cr);
  const GridLines g = grid_lines(rect, style);

  // White cells even on a transparent or coloured background.
  cairo_set_source_rgb(cr, 1, 1, 1);
  cairo_rectangle(cr, g.x[0], g.y[0], g.x[9] - g.x[0], g.y[9] - g.y[0]);
  cairo_fill(cr);

  cairo_set_source_rgb(cr, 0, 0, 0);
  cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT);
  for (int pass = 0; pass < 2; ++pass) {  // thin lines, then box lines
    for (int i = 1; i < 9; ++i) {
      if ((i % 3 == 0) != (pass == 1)) continue;
      cairo_set_line_width(cr, g.width[i]);
      // Each line runs between the border's centres; the border covers its ends.
      cairo_move_to(cr, g.x[i], g.y[0]);
      cairo_line_to(cr, g.x[i], g.y[9]);
      cairo_move_to(cr, g.x[0], g.y[i]);
      cairo_line_to(cr, g.x[9], g.y[i]);
      cairo_stroke(cr);
    }
  }
  cairo_set_line_width(cr, g.width[0]);
  cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER);
  cairo_rectangle(cr, g.x[0], g.y[0], g.x[9] - g.x[0], g.y[9] - g.y[0]);
  cairo_stroke(cr);

  const double cell = (g.x[9] - g.x[0]) / 9;
  const double size = cell * style.digit_scale;
  for (int pass = 0; pass < 2; ++pass) {  // regular digits, then bold ones (one font switch each)
    const bool bold = pass == 1;
    set_font(cr, bold, size);
    for (int c = 0; c < kCells; ++c) {
      const int given = puzzle[c];
      const int digit = given != 0 ? given : solution != nullptr ? (*solution)[c] : 0;
      if (digit == 0) continue;
      // Puzzles: givens in regular black. Solutions: givens bold, found digits grey.
      const bool is_bold = solution != nullptr && given != 0;
      if (is_bold != bold) continue;
      const double grey = solution != nullptr && given == 0 ? style.filled_grey : 0.0;
      cairo_set_source_rgb(cr, grey, grey, grey);
      const char text[2] = {static_cast<char>('0' + digit), 0};
      show_centred_ink(cr, text, cell_interior(g, row_of(c), col_of(c)));
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
