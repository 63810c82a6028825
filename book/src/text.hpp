// Setting text with cairo's text API in the book's font, private to the book
// library: choosing the face, measuring, centring a digit by its ink,
// shrinking a line to fit a width, and wrapping a title into lines. Text is
// UTF-8; the width measured is the advance of the whole string.
#pragma once

#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudokit/book/book.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/book/layout.hpp"

namespace sudokit::book {

inline void set_font(cairo_t* cr, bool bold, double size) {
  cairo_select_font_face(cr, kFontFamily, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size(cr, size);
}

/// Advance width of `text` in the current font.
inline double text_width(cairo_t* cr, const std::string& text) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, text.c_str(), &e);
  return e.x_advance;
}

/// Draws `text` so that the middle of its ink box is the middle of `box`.
inline void show_centred_ink(cairo_t* cr, const char* text, const Rect& box) {
  cairo_text_extents_t e;
  cairo_text_extents(cr, text, &e);
  cairo_move_to(cr, box.x + box.w / 2 - (e.x_bearing + e.width / 2), box.y + box.h / 2 - (e.y_bearing + e.height / 2));
  cairo_show_text(cr, text);
}

enum class Align { Left, Centre, Right };

/// Draws one line with its baseline at `baseline`, aligned in [x, x + width].
inline void show_line(cairo_t* cr, const std::string& text, double x, double width, double baseline, Align align) {
  const double w = text_width(cr, text);
  const double left = align == Align::Left ? x : align == Align::Centre ? x + (width - w) / 2 : x + width - w;
  cairo_move_to(cr, left, baseline);
  cairo_show_text(cr, text.c_str());
}

/// The largest size <= `size` (down to `min_size`) at which `text` fits
/// `width`; sets the font to it.
inline double fit_font(cairo_t* cr, const std::string& text, bool bold, double size, double min_size, double width) {
  set_font(cr, bold, size);
  const double w = text_width(cr, text);
  if (w > width && w > 0) size = std::max(min_size, size * width / w);
  set_font(cr, bold, size);
  return size;
}

/// The start of `text` for a message: its first 32 characters (UTF-8 kept
/// whole), "..." when there is more.
inline std::string text_start(const std::string& text) {
  std::size_t end = 0;
  for (int chars = 0; end < text.size() && chars < 32; ++chars) {
    ++end;
    while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
  }
  return end < text.size() ? text.substr(0, end) + "..." : text;
}

/// Throws TextDoesNotFit (book.hpp): `what` ("label the_levels", "label
/// levels.hard", "--title") and the text's start, and why. A `what` of the
/// form "label KEY ..." is a label's: KEY is the error's label().
[[noreturn]] inline void refuse_text(const std::string& what, const std::string& text, const std::string& why) {
  std::string label;
  if (what.starts_with("label ")) label = what.substr(6, what.find(' ', 6) - 6);
  throw TextDoesNotFit(what, label, "\"" + text_start(text) + "\" does not fit: " + why + "; shorten it");
}

/// fit_font for a user's text: at `min_size` it must fit `width`, else
/// TextDoesNotFit names `what`.
inline double fit_user_line(cairo_t* cr, const std::string& what, const std::string& text, bool bold, double size,
                            double min_size, double width) {
  size = fit_font(cr, text, bold, size, min_size, width);
  const double w = text_width(cr, text);
  if (w > width + 1e-6)
    refuse_text(what, text, "it is " + std::to_string(static_cast<int>(std::ceil(w))) + " pt wide at " +
                                std::to_string(static_cast<int>(std::lround(size))) + " pt, the smallest size, where " +
                                std::to_string(static_cast<int>(width)) + " pt fit");
  return size;
}

/// Splits `text` at spaces into lines no wider than `width` in the current
/// font (a single word wider than `width` gets a line of its own).
inline std::vector<std::string> wrap_words(cairo_t* cr, const std::string& text, double width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t pos = 0;
  while (pos < text.size()) {
    const std::size_t space = text.find(' ', pos);
    const std::string word = text.substr(pos, space == std::string::npos ? std::string::npos : space - pos);
    pos = space == std::string::npos ? text.size() : space + 1;
    if (word.empty()) continue;
    const std::string candidate = line.empty() ? word : line + " " + word;
    if (!line.empty() && text_width(cr, candidate) > width) {
      lines.push_back(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

/// wrap_words for a user's text: a word wider than `width` in the current
/// font (it would run out of its box) is TextDoesNotFit naming `what`.
inline std::vector<std::string> wrap_user_words(cairo_t* cr, const std::string& what, const std::string& text,
                                                double width) {
  std::vector<std::string> lines = wrap_words(cr, text, width);
  for (const auto& line : lines)
    if (text_width(cr, line) > width + 1e-6)
      refuse_text(what, text, "the word \"" + text_start(line) + "\" is wider than the " +
                                  std::to_string(static_cast<int>(width)) + " pt of its line");
  return lines;
}

/// wrap_words with lines of even length: the narrowest width that still
/// needs no more lines than `width` does, so a title breaks as
/// "Hard Sudoku," / "Volume 1" rather than leaving one word alone on the
/// last line.
inline std::vector<std::string> wrap_balanced(cairo_t* cr, const std::string& text, double width) {
  const std::vector<std::string> greedy = wrap_words(cr, text, width);
  if (greedy.size() < 2) return greedy;
  double lo = 0, hi = width;
  for (int i = 0; i < 30; ++i) {  // bisection on the width: 30 halvings are far below a point
    const double mid = (lo + hi) / 2;
    if (wrap_words(cr, text, mid).size() <= greedy.size()) hi = mid;
    else lo = mid;
  }
  return wrap_words(cr, text, hi);
}

}  // namespace sudokit::book
