// The puzzle book PDF (see book.hpp): one cairo PDF surface, one page at a
// time in the order plan_pages gives: the title page (and, in a print book,
// its blank back), with sections the contents and each section's title
// page, the puzzle pages (slots from layout.cpp, a caption under each
// grid), the solutions pages; page numbers on every page but the title page and blank ones; PDF
// outline entries for the puzzles and the solutions. A print book is drawn
// into memory and written with its page boxes (pdf_boxes.hpp).
#include "sudokit/solver/global_id.hpp"
#include "sudokit/book/book.hpp"

#include <cairo-pdf.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <ctime>
#include <cstdio>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>

#include "output_file.hpp"
#include "pdf_boxes.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/solver/text.hpp"
#include "text.hpp"

namespace sudokit::book {

namespace {

// A book of variant puzzles (BookOptions::geometry, not the classic).
bool variant(const BookOptions& o) { return o.geometry != nullptr && !o.geometry->classic(); }

// The rules the book prints: the classic's `rules`, or the variant's.
std::string rules_of(const BookOptions& o) {
  return variant(o) ? o.labels.rules_for(*o.geometry, o.symbols) : o.labels.rules;
}

/// "60 puzzles, all Hard" / "60 puzzles: 20 Easy, 20 Medium, 20 Hard".
std::string contents_line(const std::vector<BookPuzzle>& puzzles, int first_number, const Labels& words) {
  std::vector<std::pair<std::string, int>> levels;  // in book order
  for (const auto& p : puzzles) {
    if (levels.empty() || levels.back().first != p.level) levels.emplace_back(p.level, 0);
    ++levels.back().second;
  }
  std::string count = puzzles.size() == 1 ? words.one_puzzle : fill(words.n_puzzles, {{"n", std::to_string(puzzles.size())}});
  if (first_number != 1) {  // a later volume says where its numbering starts
    const std::size_t last = static_cast<std::size_t>(first_number) + puzzles.size() - 1;
    count = fill(words.numbered, {{"count", count}, {"first", std::to_string(first_number)}, {"last", std::to_string(last)}});
  }
  if (levels.size() == 1)
    return levels[0].first.empty() ? count : fill(words.all_of_level, {{"count", count}, {"level", words.level(levels[0].first)}});
  std::string list;
  for (std::size_t i = 0; i < levels.size(); ++i)
    list += (i ? ", " : "") + std::to_string(levels[i].second) + " " + words.level(levels[i].first);
  return fill(words.by_level, {{"count", count}, {"levels", list}});
}

/// A text size of the regular book in this book: large print sets 1.4
/// times it, and never under kLargePrintText.
double text_size(const BookOptions& o, double regular) {
  return o.large_print ? std::max(regular * 1.4, kLargePrintText) : regular;
}

void page_number(cairo_t* cr, const PageGeometry& g, int number) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  set_font(cr, false, g.page_number_size);
  const double centre = g.page_number_centre(number);
  show_line(cr, std::to_string(number), centre - 100, 200, g.page_number_baseline(number), Align::Centre);
}

void title_page(cairo_t* cr, const Rect& area, const std::vector<BookPuzzle>& puzzles, const BookOptions& o,
                int first_solution_page) {
  const double width = area.w * 0.86, left = area.x + (area.w - width) / 2;
  cairo_set_source_rgb(cr, 0, 0, 0);

  // The title: 34 pt on one line when it fits, else shrunk down to 26 pt,
  // else wrapped into balanced lines (each shrunk if one word is too wide)
  // at the largest size whose lines fit the title's room (down to the
  // middle of the page); a title that does not fit at the legible floor is
  // refused.
  double size = 34;
  set_font(cr, true, size);
  const double one_line = text_width(cr, o.title);
  std::vector<std::string> lines;
  if (one_line <= width * 34 / 26) {
    size = std::min(34.0, 34 * width / one_line);
    lines = {o.title};
  } else {
    const double floor = text_size(o, kMinBodyText), room = area.h * 0.3;
    for (double largest = 34;; largest = std::max(floor, largest - 1)) {
      set_font(cr, true, largest);
      lines = wrap_balanced(cr, o.title, width);
      size = largest;
      for (const auto& line : lines) size = std::min(size, fit_user_line(cr, "--title", line, true, largest, floor, width));
      if (static_cast<double>(lines.size()) * size * 1.25 <= room) break;
      if (largest <= floor)
        refuse_text("--title", o.title, "it takes " + std::to_string(lines.size()) + " lines on the title page at " +
                                            std::to_string(static_cast<int>(floor)) + " pt, the smallest size");
    }
  }
  set_font(cr, true, size);
  double y = area.y + area.h * 0.28;
  for (const auto& line : lines) {
    show_line(cr, line, left, width, y, Align::Centre);
    y += size * 1.25;
  }
  // A rule under the title.
  y += 4;
  cairo_set_line_width(cr, 1.2);
  cairo_move_to(cr, area.x + area.w * 0.3, y);
  cairo_line_to(cr, area.x + area.w * 0.7, y);
  cairo_stroke(cr);
  y += 30;
  if (!o.subtitle.empty()) {
    const double sub = text_size(o, 18);
    set_font(cr, false, sub);
    for (const auto& line : wrap_words(cr, o.subtitle, width)) {
      fit_user_line(cr, "--subtitle", line, false, sub, text_size(o, 8), width);
      show_line(cr, line, left, width, y, Align::Centre);
      y += sub * 1.3;
    }
    y += 10;
  }
  if (o.subtitle.empty()) {  // the summary line, unless the publisher wrote their own
    cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
    const std::string contents = contents_line(puzzles, o.first_number, o.labels);
    fit_user_line(cr, "the summary line (labels one_puzzle, n_puzzles, all_of_level, by_level, numbered and levels)", contents, false, text_size(o, 13), text_size(o, 7), width);
    show_line(cr, contents, left, width, y, Align::Centre);
    y += text_size(o, 13) * 1.3;
  }
  if (!o.author.empty()) {  // the author, well below the title block
    cairo_set_source_rgb(cr, 0, 0, 0);
    y += text_size(o, 16) * 1.5;
    fit_user_line(cr, "--author", o.author, false, text_size(o, 16), text_size(o, 8), width);
    show_line(cr, o.author, left, width, y, Align::Centre);
  }
  double bottom = area.bottom();  // the imprint at the foot, the rules above it
  if (!o.imprint.empty()) {
    cairo_set_source_rgb(cr, 0, 0, 0);
    fit_user_line(cr, "--imprint", o.imprint, true, text_size(o, 11), text_size(o, 7), width);
    show_line(cr, o.imprint, left, width, bottom, Align::Centre);
    bottom -= text_size(o, 11) * 2.5;
  }
  if (o.how_to_play) return;  // the rules have a page of their own

  // How to play, near the bottom.
  std::string rules = o.labels.how_to_play + ": " + rules_of(o);
  if (first_solution_page > 0) rules += " " + fill(o.labels.solutions_start, {{"page", std::to_string(first_solution_page)}});
  const double body = text_size(o, 11);
  set_font(cr, false, body);
  const auto rule_lines = wrap_user_words(cr, "label rules", rules, width);
  double ry = bottom - rule_lines.size() * body * 1.45 + body;
  cairo_set_source_rgb(cr, 0, 0, 0);
  for (const auto& line : rule_lines) {
    show_line(cr, line, left, width, ry, Align::Centre);
    ry += body * 1.45;
  }
}

/// The copyright page: its lines and the ISBN, small, at the foot of the page.
void copyright_page(cairo_t* cr, const Rect& area, const BookOptions& o) {
  const double size = text_size(o, 9), leading = size * 1.45;
  set_font(cr, false, size);
  std::vector<std::string> lines;
  for (const auto& text : o.copyright)
    for (auto& line : wrap_user_words(cr, "--copyright", text, area.w)) lines.push_back(std::move(line));
  if (!o.isbn.empty()) lines.push_back("ISBN " + o.isbn);
  cairo_set_source_rgb(cr, 0, 0, 0);
  double y = area.bottom() - (static_cast<double>(lines.size()) - 1) * leading;
  for (const auto& line : lines) {
    fit_user_line(cr, line.rfind("ISBN ", 0) == 0 ? "--isbn" : "--copyright", line, false, size, text_size(o, 6), area.w);
    show_line(cr, line, area.x, area.w, y, Align::Left);
    y += leading;
  }
}

/// The how-to-play pages' text, laid out: lines with their font and
/// baseline, page by page. The body size is the largest from
/// kHowToPlayBody (13 pt, or area.w / 30 when smaller; large print 18 pt)
/// down to the legible floor (9 pt; large print 16 pt) at which
/// everything fits the content area; when nothing fits one page even at the
/// floor, the text goes on over further pages at the largest size.
/// Measured with the fonts' own advances, so what is drawn is what was
/// measured.
struct HowToPlayLine {
  std::string text;
  bool bold = false;
  double size = 0, baseline = 0;
};
struct HowToPlayLayout {
  double body = 0;
  std::vector<std::vector<HowToPlayLine>> pages;
};

/// A cairo context that measures text as the PDF surface sets it and
/// draws nowhere.
struct MeasuringContext {
  static cairo_status_t discard(void*, const unsigned char*, unsigned int) { return CAIRO_STATUS_SUCCESS; }
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface{
      cairo_pdf_surface_create_for_stream(&discard, nullptr, 100, 100), cairo_surface_destroy};
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> context{cairo_create(surface.get()), cairo_destroy};
  cairo_t* get() const { return context.get(); }
};

/// `solutions_page`: the page number to print ("" = no solutions); the plan
/// measures with "88888" (DejaVu Sans' digits share one width), wider than
/// any page number it becomes.
HowToPlayLayout layout_how_to_play(cairo_t* cr, const Rect& area, const BookOptions& o, const std::string& solutions_page,
                                   std::optional<double> forced_body = std::nullopt) {
  const double largest = o.large_print ? 18.0 : std::clamp(area.w / 30, 10.0, 13.0);
  const double floor = o.large_print ? kLargePrintText : kMinBodyText;
  // The blocks, top to bottom: {text, bold, size in body units, space before in leadings, keep with next}.
  struct Block {
    std::string text;
    bool bold;
    double scale, space;
    bool heading;
    std::string what;  // the label it comes from, for an error
  };
  std::vector<Block> blocks;
  blocks.push_back({o.labels.how_to_play, true, 22.0 / 13, 0, true, "label how_to_play"});
  blocks.push_back({rules_of(o), false, 1, 0, false, variant(o) ? "label rules_boxes (rules_jigsaw, rules_latin, variant_rules, rules_end)" : "label rules"});
  blocks.push_back({o.labels.pencil, false, 1, 0.5, false, "label pencil"});
  if (!solutions_page.empty())
    blocks.push_back({fill(o.labels.solutions_start, {{"page", solutions_page}}), false, 1, 0.5, false, "label solutions_start"});
  if (!o.levels_in_book.empty()) {
    blocks.push_back({o.labels.the_levels, true, 16.0 / 13, 1.2, true, "label the_levels"});
    bool rated = false;
    for (const auto& l : o.levels_in_book) {
      blocks.push_back({o.labels.level(l.level), true, 1, 0.3, true, "label levels." + l.level});
      std::string note = o.labels.level_note(l.level);
      if (l.low && l.high) {
        rated = true;
        const std::string lo = o.labels.rating_text(*l.low), hi = o.labels.rating_text(*l.high);
        note += (note.empty() ? "" : " ") + (lo == hi ? fill(o.labels.in_this_book_one, {{"lo", lo}})
                                                       : fill(o.labels.in_this_book, {{"lo", lo}, {"hi", hi}}));
      }
      if (!note.empty()) blocks.push_back({note, false, 1, 0, false, "label level_notes." + l.level + " (or in_this_book)"});
    }
    if (rated) blocks.push_back({o.labels.rating_scale, false, 1, 0.8, false, "label rating_scale"});
  }
  // Lays the blocks out at body size `body`; at most `max_pages` pages
  // (0: any number). False when they need more.
  auto lay_out = [&](double body, std::size_t max_pages, HowToPlayLayout& out) {
    out.body = body;
    out.pages.assign(1, {});
    const double leading = body * 1.45;
    double y = area.y;  // the bottom of the last line set
    bool page_top = true;
    for (std::size_t b = 0; b < blocks.size(); ++b) {
      const Block& block = blocks[b];
      const double size = body * block.scale;
      std::vector<std::string> lines;
      double line_size = size;
      if (block.scale > 1) {  // a heading: one line, shrunk to the width
        line_size = fit_font(cr, block.text, block.bold, size, floor, area.w);
        lines = {block.text};
      } else {
        set_font(cr, block.bold, size);
        lines = wrap_words(cr, block.text, area.w);
      }
      for (const auto& line : lines)
        if (text_width(cr, line) > area.w + 1e-6) return false;  // a word wider than the page at this size
      const double step = std::max(leading, line_size * 1.3);
      // A heading stays with the first line after it.
      const double keep = block.heading && b + 1 < blocks.size() ? body * 1.45 : 0;
      double gap = page_top ? 0 : block.space * leading;
      for (std::size_t i = 0; i < lines.size(); ++i) {
        if (y + gap + step + (i == 0 ? keep : 0) > area.bottom() + 1e-6) {
          if (max_pages != 0 && out.pages.size() >= max_pages) return false;
          if (page_top) return false;  // a line that fits no page
          out.pages.emplace_back();
          y = area.y;
          gap = 0;
        }
        // The line's box is `step` high: its ascent (0.93 em in DejaVu Sans)
        // and descent (0.24 em) both inside it.
        const double top = y + gap;
        y = top + step;
        gap = 0;
        page_top = false;
        out.pages.back().push_back({lines[i], block.bold, line_size, top + line_size * 0.95});
      }
    }
    return true;
  };
  HowToPlayLayout layout;
  if (forced_body) {
    lay_out(*forced_body, 0, layout);
    return layout;
  }
  for (double body = largest; body >= floor - 1e-9; body -= 0.25)
    if (lay_out(body, 1, layout)) return layout;
  // More than a page: the largest size at which every line fits the width.
  for (double body = largest; body >= floor - 1e-9; body -= 0.25)
    if (lay_out(body, 0, layout)) return layout;
  // Not even at the floor: name the text that runs out of the page.
  for (const Block& block : blocks) {
    if (block.scale > 1) {
      fit_user_line(cr, block.what, block.text, block.bold, floor * block.scale, floor, area.w);
    } else {
      set_font(cr, block.bold, floor);
      wrap_user_words(cr, block.what, block.text, area.w);
    }
  }
  refuse_text("the how-to-play text", o.labels.how_to_play, "a line of it is taller than the page");
}

/// The pages the how-to-play text takes in `area` (0 without it).
int how_to_play_pages(const Rect& area, const BookOptions& o) {
  if (!o.how_to_play) return 0;
  const MeasuringContext measure;
  return static_cast<int>(layout_how_to_play(measure.get(), area, o, o.solutions ? "88888" : "").pages.size());
}

void how_to_play_page(cairo_t* cr, const std::vector<HowToPlayLine>& lines, const Rect& area) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  for (const auto& line : lines) {
    set_font(cr, line.bold, line.size);
    show_line(cr, line.text, area.x, area.w, line.baseline, Align::Left);
  }
}

/// `what`: the labels the caption is made of, for an error. Both parts are
/// set at one size down to 6 pt (or the slot's size when smaller); text
/// that needs less is refused.
void caption(cairo_t* cr, const Slot& slot, const std::string& left_text, const std::string& right_text,
             const std::string& what) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  const double baseline = slot.caption.y + slot.caption_size * 1.0;
  // Both parts at one size that fits the slot's width with a gap between them.
  const double gap = slot.caption_size;
  double size = slot.caption_size;
  set_font(cr, true, size);
  double need = text_width(cr, left_text);
  set_font(cr, false, size);
  need += text_width(cr, right_text) + (right_text.empty() ? 0 : gap);
  if (need > slot.caption.w) size *= slot.caption.w / need;
  const double floor = std::min(slot.caption_size, 6.0);
  if (size < floor - 1e-6)
    refuse_text(what, left_text + (right_text.empty() ? "" : " " + right_text),
                "the caption would be " + std::to_string(size).substr(0, 3) + " pt, under " +
                    std::to_string(static_cast<int>(floor)) + " pt");
  set_font(cr, true, size);
  show_line(cr, left_text, slot.caption.x, slot.caption.w, baseline, Align::Left);
  if (!right_text.empty()) {
    set_font(cr, false, size);
    show_line(cr, right_text, slot.caption.x, slot.caption.w, baseline, Align::Right);
  }
}

void check_surface(cairo_surface_t* surface, const OutputFile& out) { out.check(cairo_surface_status(surface)); }

/// The cairo stream of a print book: the PDF in memory, boxes added at the end.
cairo_status_t append_to_string(void* closure, const unsigned char* data, unsigned int length) {
  static_cast<std::string*>(closure)->append(reinterpret_cast<const char*>(data), length);
  return CAIRO_STATUS_SUCCESS;
}

std::string points_in_mm(double points) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f mm", points * 25.4 / 72);
  return buf;
}

std::string points_in_inches(double points) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g in", std::round(points / kInch * 1000) / 1000);
  return buf;
}

/// Index of the first puzzle of section k.
int section_first(const std::vector<int>& sections, int k) {
  int first = 0;
  for (int i = 0; i < k; ++i) first += sections[static_cast<std::size_t>(i)];
  return first;
}

/// "Contents", then one line per entry: its name left, its page right.
void contents_page(cairo_t* cr, const Rect& area, const BookOptions& o, const std::string& heading,
                   const std::vector<std::pair<std::string, int>>& entries) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  fit_user_line(cr, "label contents", heading, true, 22, 12, area.w);
  double y = area.y + area.h * 0.12;
  show_line(cr, heading, area.x, area.w, y, Align::Left);
  y += 22 * 1.6;
  const double size = std::clamp(area.h / (static_cast<double>(entries.size()) + 4) / 1.6, text_size(o, 8), text_size(o, 13));
  for (const auto& [name, page] : entries) {
    fit_user_line(cr, "a contents entry (labels levels, solutions_of, solutions)", name, false, size, text_size(o, 7),
                  area.w * 0.8);
    show_line(cr, name, area.x, area.w, y, Align::Left);
    set_font(cr, false, size);
    show_line(cr, std::to_string(page), area.x, area.w, y, Align::Right);
    y += size * 1.6;
  }
}

/// A section's title page: the level's name, the puzzles' numbers and ratings.
void section_page_draw(cairo_t* cr, const Rect& area, const BookOptions& o, const std::vector<BookPuzzle>& puzzles, int first, int count,
                       int first_number, const Labels& words) {
  cairo_set_source_rgb(cr, 0, 0, 0);
  const std::string name = words.level(puzzles[static_cast<std::size_t>(first)].level);
  const double size = fit_user_line(cr, "label levels." + puzzles[static_cast<std::size_t>(first)].level, name, true, 32, 12,
                                    area.w * 0.9);
  double y = area.y + area.h * 0.38;
  show_line(cr, name, area.x, area.w, y, Align::Centre);
  y += size * 1.5;
  std::string line = count == 1 ? fill(words.puzzle, {{"n", std::to_string(first_number + first)}})
                                : fill(words.puzzles_range, {{"first", std::to_string(first_number + first)},
                                                             {"last", std::to_string(first_number + first + count - 1)}});
  double lo = 1e9, hi = -1;
  for (int i = first; i < first + count; ++i)
    if (const auto& r = puzzles[static_cast<std::size_t>(i)].rating) {
      lo = std::min(lo, *r);
      hi = std::max(hi, *r);
    }
  if (hi >= 0)
    line += ", " + (lo == hi ? fill(words.rated, {{"lo", words.rating_text(lo)}})
                             : fill(words.rated_range, {{"lo", words.rating_text(lo)}, {"hi", words.rating_text(hi)}}));
  cairo_set_source_rgb(cr, 0.3, 0.3, 0.3);
  fit_user_line(cr, "a section's numbers (labels puzzle, puzzles_range, rated, rated_range)", line, false,
                text_size(o, 13), text_size(o, 7), area.w * 0.9);
  show_line(cr, line, area.x, area.w, y, Align::Centre);
}

void check_book_options(const BookOptions& o) {
  if (!valid_per_page(o.per_page) && !(o.trim && o.per_page == 0))
    throw std::invalid_argument("puzzles per page must be 1, 2, 4 or 6");
  check_numbering(o.first_number, o.pad_to);
  if (!o.trim && (o.bleed || o.gutter || o.outer_margin || o.large_print))
    throw std::invalid_argument("bleed, margins and large print need a trim size");
}

/// A variant's grids must keep cells of kMinCell at its size (a 16x16 needs
/// a larger grid than the classic; 4x4 and 6x6 keep the classic's grid,
/// with larger cells): throws std::invalid_argument naming the grid's size,
/// its cells and what fits ("--per-page 2", or `larger`, the larger page)
/// when `per_page` grids on `area` make them smaller.
void check_variant_cells(const Rect& area, int per_page, const BookOptions& o, const std::string& larger) {
  const int side = std::max(9, o.geometry->size());
  const double cell = cell_size(puzzle_slots(area, per_page)[0], side);
  if (cell >= kMinCell - 1e-6) return;
  const int fits = densest_per_page(area, side);
  const std::string size = std::to_string(o.geometry->size()) + "x" + std::to_string(o.geometry->size());
  const std::string named = o.geometry->spelling() == size ? "" : " (" + o.geometry->spelling() + ")";
  throw std::invalid_argument("a " + size + " grid" + named + " at " + std::to_string(per_page) +
                              (per_page == 1 ? " puzzle" : " puzzles") + " a page has cells of " + points_in_mm(cell) +
                              ", under the " + points_in_mm(kMinCell) + " a solver needs to write in: " +
                              (fits ? "use --per-page " + std::to_string(fits) + " or " + larger : "use " + larger));
}

/// One round of a print book's plan, for a page count guess.
/// The page count of a plan: padded to `pad_to`, and even for print.
int padded_count(const std::vector<PagePlan>& plan, const BookOptions& o, bool print) {
  int pages = static_cast<int>(plan.size());
  if (o.pad_to > 1) pages = (pages + o.pad_to - 1) / o.pad_to * o.pad_to;
  if (print && pages % 2 != 0) ++pages;  // printers bind sheets: an even count
  return pages;
}

BookLayout plan_print(const std::vector<int>& sections, const BookOptions& o, int pages_guess) {
  BookLayout l;
  Margins m = kdp_margins(pages_guess, o.bleed);
  if (o.gutter) {
    if (*o.gutter < m.inside - 1e-6)
      throw std::invalid_argument("the gutter " + points_in_inches(*o.gutter) + " is below the printer's minimum of " +
                                  points_in_inches(m.inside) + " for a book of " + std::to_string(pages_guess) + " pages");
    m.inside = *o.gutter;
  }
  if (o.outer_margin) {
    if (*o.outer_margin < m.outside - 1e-6)
      throw std::invalid_argument("the margin " + points_in_inches(*o.outer_margin) + " is below the printer's minimum of " +
                                  points_in_inches(m.outside) + (o.bleed ? " with bleed" : ""));
    m.outside = m.top = m.bottom = *o.outer_margin;
  }
  l.geometry = print_geometry(*o.trim, m, o.bleed);
  if (o.large_print) l.geometry.page_number_size = 14;
  const Rect area = l.geometry.content_area(1);
  if (area.w < kInch || area.h < kInch) throw std::invalid_argument("the margins leave no room on the page");
  // Cells a side the minimum cell is checked at: a 16x16 needs a larger grid;
  // 4x4 and 6x6 keep the classic's grid size, with larger cells.
  const int side = std::max(9, o.geometry ? o.geometry->size() : 9);
  l.per_page = o.large_print ? 1 : o.per_page ? o.per_page : densest_per_page(area, side);
  if (l.per_page == 0) {
    if (variant(o)) check_variant_cells(area, 1, o, "a larger trim");
    throw std::invalid_argument("the trim is too small: even one grid a page has cells under " + points_in_mm(kMinCell) +
                                (side != 9 ? " (" + o.geometry->spelling() + ")" : std::string()));
  }
  const double caption = o.large_print ? 16 : 0;
  const auto probe = puzzle_slots(area, l.per_page, caption);
  if (variant(o) && !o.large_print) check_variant_cells(area, l.per_page, o, "a larger trim");
  if (o.large_print) {
    const double digit = cell_size(probe[0], side) * kLargePrintDigitScale;
    if (digit < kLargePrintDigit - 1e-6)
      throw std::invalid_argument("large print needs digits of at least 28 pt; on this trim they would be " +
                                  std::to_string(static_cast<int>(digit)) + " pt: use a larger trim (7x10 or more)");
  } else if (cell_size(probe[0], side) < kMinCell - 1e-6) {
    const int fits = densest_per_page(area, side);
    throw std::invalid_argument(std::to_string(l.per_page) + " puzzles a page on this trim make cells of " +
                                points_in_mm(cell_size(probe[0], side)) + ", under the " + points_in_mm(kMinCell) +
                                " a solver needs to write in" + (side != 9 ? " (" + o.geometry->spelling() + ")" : std::string()) +
                                (fits ? ": use --per-page " + std::to_string(fits) + " or a larger trim" : ": use a larger trim"));
  }
  for (int parity = 0; parity < 2; ++parity) {
    const Rect a = l.geometry.content_area(parity == 1 ? 1 : 2);
    l.puzzle_slots[parity] = puzzle_slots(a, l.per_page, caption);
    l.solution_slots[parity] = o.large_print ? large_print_solution_slots(a) : solution_slots(a);
  }
  l.front = 2;  // the title page and its blank back: puzzles start on a right-hand page
  l.plan = plan_pages(sections, o, l.per_page, static_cast<int>(l.solution_slots[0].size()), l.front,
                      how_to_play_pages(area, o));
  l.pages = padded_count(l.plan, o, true);
  return l;
}

}  // namespace

std::vector<PagePlan> plan_pages(const std::vector<int>& sections, const BookOptions& o, int per_page,
                                 int solutions_per_page, int front, int how_to_play_pages) {
  using Kind = PagePlan::Kind;
  std::vector<PagePlan> plan;
  const bool copyright = !o.copyright.empty() || !o.isbn.empty();
  plan.push_back({Kind::Title});
  if (front > 1 || copyright) plan.push_back({copyright ? Kind::Copyright : Kind::Blank});
  for (int p = 2; p < front; ++p) plan.push_back({Kind::Blank});
  if (o.sections) plan.push_back({Kind::Contents});
  if (o.how_to_play)
    for (int p = 0; p < how_to_play_pages; ++p) plan.push_back({Kind::HowToPlay, -1, p, 1});
  // A print book opens its puzzles, and each section, on a right-hand (odd) page.
  auto open_on_the_right = [&] {
    if (front > 1 && (plan.size() + 1) % 2 == 0) plan.push_back({Kind::Blank});
  };
  if (!o.sections) open_on_the_right();
  auto run = [&](Kind kind, int section, int first, int count, int per) {
    for (int i = 0; i < count; i += per) plan.push_back({kind, section, first + i, std::min(per, count - i)});
  };
  int first = 0;
  for (int k = 0; k < static_cast<int>(sections.size()); ++k) {
    if (o.sections) {
      open_on_the_right();
      plan.push_back({Kind::Section, k});
    }
    run(Kind::Puzzles, k, first, sections[static_cast<std::size_t>(k)], per_page);
    if (o.solutions && o.sections && o.solutions_after_section)
      run(Kind::Solutions, k, first, sections[static_cast<std::size_t>(k)], solutions_per_page);
    first += sections[static_cast<std::size_t>(k)];
  }
  if (o.solutions && !(o.sections && o.solutions_after_section)) run(Kind::Solutions, -1, 0, first, solutions_per_page);
  return plan;
}

std::vector<int> section_sizes(const std::vector<BookPuzzle>& puzzles, const BookOptions& o) {
  if (!o.sections) return {static_cast<int>(puzzles.size())};
  std::vector<int> sizes;
  for (std::size_t i = 0; i < puzzles.size(); ++i)
    if (i == 0 || puzzles[i].level != puzzles[i - 1].level) sizes.push_back(1);
    else ++sizes.back();
  return sizes;
}

BookLayout plan_book_layout(int n, const BookOptions& o) { return plan_book_layout(std::vector<int>{n}, o); }

BookLayout plan_book_layout(const std::vector<int>& sections, const BookOptions& o) {
  check_book_options(o);
  if (!o.trim) {
    BookLayout l;
    l.geometry = paper_geometry(o.paper);
    l.per_page = o.per_page;
    l.front = 1;
    const Rect area = l.geometry.content_area(1);
    if (variant(o)) check_variant_cells(area, o.per_page, o, "--trim with a larger page");
    l.puzzle_slots[0] = l.puzzle_slots[1] = puzzle_slots(area, o.per_page);
    l.solution_slots[0] = l.solution_slots[1] = solution_slots(area);
    l.plan = plan_pages(sections, o, o.per_page, static_cast<int>(l.solution_slots[0].size()), l.front,
                        how_to_play_pages(area, o));
    l.pages = padded_count(l.plan, o, false);
    return l;
  }
  // The gutter depends on the page count and the page count on the layout:
  // start from the fewest pages and go round until the count holds.
  BookLayout l = plan_print(sections, o, 24);
  for (int round = 0; round < 4; ++round) {
    BookLayout next = plan_print(sections, o, l.pages);
    if (next.pages == l.pages && next.geometry.margins.inside == l.geometry.margins.inside) return next;
    l = std::move(next);
  }
  return plan_print(sections, o, l.pages);
}

GridStyle puzzle_grid_style(const BookLayout& l, const BookOptions& o) {
  GridStyle s = style_for(l.puzzle_slots[0][0].grid.w);
  s.symbols = o.symbols;
  if (!l.geometry.print) return s;
  if (o.large_print) {
    s.thin *= 1.6;
    s.thick *= 1.4;
    s.digit_scale = kLargePrintDigitScale;
  }
  s.thin = std::max(s.thin, 0.5);  // printers lose lines under 0.5 pt
  s.thick = std::max(s.thick, 1.2);
  return s;
}

GridStyle solution_grid_style(const BookLayout& l, const BookOptions& o) {
  GridStyle s = style_for(l.solution_slots[0][0].grid.w);
  s.symbols = o.symbols;
  if (!l.geometry.print) return s;
  if (o.large_print) {  // every digit black: the givens bold, the found ones regular
    s.filled_grey = 0;
    s.thin *= 1.6;
    s.thick *= 1.4;
  }
  s.thin = std::max(s.thin, 0.5);
  s.thick = std::max(s.thick, 1.2);
  return s;
}

std::string source_date_epoch() {
  const char* text = std::getenv("SOURCE_DATE_EPOCH");
  if (text == nullptr || *text == 0) return "";
  char* end = nullptr;
  errno = 0;
  const long long seconds = std::strtoll(text, &end, 10);
  if (*end != 0 || errno != 0 || seconds < 0) return "";
  const std::time_t t = static_cast<std::time_t>(seconds);
  std::tm utc{};
  if (gmtime_r(&t, &utc) == nullptr) return "";
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

std::string display_level(const std::string& level) {
  std::string out = level;
  if (!out.empty() && out[0] >= 'a' && out[0] <= 'z') out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

BookResult render_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& o, const BookFiles& files,
                       const BookRecord& record) {
  if (puzzles.empty()) throw std::invalid_argument("a book needs at least one puzzle");
  if (variant(o))
    for (const BookPuzzle& p : puzzles)
      if (p.cells.size() != static_cast<std::size_t>(o.geometry->cells()) || p.solution_cells.size() != p.cells.size())
        throw std::invalid_argument("a puzzle of " + std::to_string(p.cells.size()) + " cells (solution " +
                                    std::to_string(p.solution_cells.size()) + ") in a book of " + o.geometry->spelling());
  const int n = static_cast<int>(puzzles.size());
  const std::vector<int> sections = section_sizes(puzzles, o);
  const BookLayout layout = plan_book_layout(sections, o);
  const PageGeometry& geometry = layout.geometry;
  const PageSize media = geometry.media();
  const int per_page = layout.per_page;
  using Kind = PagePlan::Kind;

  BookResult result;
  result.pages = layout.pages;
  result.per_page = per_page;
  result.placements.resize(static_cast<std::size_t>(n));
  // Where each section and the (first) solutions start, for the contents and the title page.
  std::vector<int> section_page(sections.size(), 0), section_solutions(sections.size(), 0);
  int first_solution_page = 0;
  for (std::size_t p = 0; p < layout.plan.size(); ++p) {
    const PagePlan& pp = layout.plan[p];
    const int page_no = static_cast<int>(p) + 1;
    if (pp.kind == Kind::Section) section_page[static_cast<std::size_t>(pp.section)] = page_no;
    if (pp.kind == Kind::Puzzles && section_page[static_cast<std::size_t>(pp.section)] == 0)
      section_page[static_cast<std::size_t>(pp.section)] = page_no;
    if (pp.kind == Kind::Solutions) {
      if (first_solution_page == 0) first_solution_page = page_no;
      if (pp.section >= 0 && section_solutions[static_cast<std::size_t>(pp.section)] == 0)
        section_solutions[static_cast<std::size_t>(pp.section)] = page_no;
    }
    if (pp.kind != Kind::Puzzles && pp.kind != Kind::Solutions) continue;
    for (int i = pp.first; i < pp.first + pp.count; ++i) {
      auto& at = result.placements[static_cast<std::size_t>(i)];
      at.number = o.first_number + i;
      if (pp.kind == Kind::Puzzles) at.page = page_no;
      if (pp.kind == Kind::Solutions) at.solution_page = page_no;
    }
  }

  // 1. The manifest (first: it is small and fails fast), then the PDF,
  // under temporary names.
  files::StagedFiles staged;  // the manifest, the PDF and record.stage's files, published together
  std::optional<OutputFile> manifest;
  if (!files.manifest.empty()) {
    manifest.emplace(files.manifest, false, &staged);
    manifest->write_text(manifest_json(puzzles, o, result).dump(2) + "\n");
    manifest->finish();
  }
  const std::string& path = files.pdf;
  OutputFile out(path, true, &staged);
  std::string in_memory;  // a print book's PDF, before its page boxes
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface(
      geometry.print ? cairo_pdf_surface_create_for_stream(&append_to_string, &in_memory, media.width, media.height)
                     : cairo_pdf_surface_create_for_stream(&OutputFile::write, &out, media.width, media.height),
      cairo_surface_destroy);
  check_surface(surface.get(), out);
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_TITLE, o.title.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATOR, o.creator.c_str());
  cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_SUBJECT, contents_line(puzzles, o.first_number, o.labels).c_str());
  if (!o.creation_date.empty())
    cairo_pdf_surface_set_metadata(surface.get(), CAIRO_PDF_METADATA_CREATE_DATE, o.creation_date.c_str());
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> context(cairo_create(surface.get()), cairo_destroy);
  cairo_t* cr = context.get();

  const GridStyle style = puzzle_grid_style(layout, o);
  const GridStyle sstyle = solution_grid_style(layout, o);
  auto outline = [&](const std::string& name, int page_no) {
    const std::string dest = "page=" + std::to_string(page_no);
    cairo_pdf_surface_add_outline(surface.get(), CAIRO_PDF_OUTLINE_ROOT, name.c_str(), dest.c_str(),
                                  static_cast<cairo_pdf_outline_flags_t>(0));
  };
  const Labels& words = o.labels;
  auto section_name = [&](int k) { return words.level(puzzles[static_cast<std::size_t>(section_first(sections, k))].level); };
  auto solutions_of = [&](int k) { return fill(words.solutions_of, {{"level", section_name(k)}}); };
  bool puzzles_outlined = false, solutions_outlined = false;
  HowToPlayLayout how_to_play;
  for (std::size_t p = 0; p < layout.plan.size(); ++p) {
    const PagePlan& pp = layout.plan[p];
    const int page_no = static_cast<int>(p) + 1;
    const Rect area = geometry.content_area(page_no);
    switch (pp.kind) {
      case Kind::Title:
        title_page(cr, area, puzzles, o, first_solution_page);
        cairo_pdf_surface_add_outline(surface.get(), CAIRO_PDF_OUTLINE_ROOT, o.title.c_str(), "page=1", CAIRO_PDF_OUTLINE_FLAG_OPEN);
        break;
      case Kind::Blank:
        break;
      case Kind::Copyright:
        copyright_page(cr, area, o);
        break;
      case Kind::HowToPlay: {
        // Laid out as planned (the same size and breaks), with the real page number.
        if (pp.first == 0) {
          const MeasuringContext measure;
          const double body = layout_how_to_play(measure.get(), area, o, o.solutions ? "88888" : "").body;
          how_to_play = layout_how_to_play(cr, area, o, first_solution_page > 0 ? std::to_string(first_solution_page) : "", body);
          outline(words.how_to_play, page_no);
        }
        if (static_cast<std::size_t>(pp.first) < how_to_play.pages.size())
          how_to_play_page(cr, how_to_play.pages[static_cast<std::size_t>(pp.first)], area);
        page_number(cr, geometry, page_no);
        break;
      }
      case Kind::Contents: {
        std::vector<std::pair<std::string, int>> entries;
        for (std::size_t k = 0; k < sections.size(); ++k) {
          entries.emplace_back(section_name(static_cast<int>(k)), section_page[k]);
          if (section_solutions[k] != 0) entries.emplace_back(solutions_of(static_cast<int>(k)), section_solutions[k]);
        }
        if (o.solutions && !o.solutions_after_section) entries.emplace_back(words.solutions, first_solution_page);
        contents_page(cr, area, o, o.labels.contents, entries);
        outline(words.contents, page_no);
        page_number(cr, geometry, page_no);
        break;
      }
      case Kind::Section: {
        const int first = section_first(sections, pp.section);
        const int count = sections[static_cast<std::size_t>(pp.section)];
        section_page_draw(cr, area, o, puzzles, first, count, o.first_number, o.labels);
        outline(section_name(pp.section), page_no);
        page_number(cr, geometry, page_no);
        break;
      }
      case Kind::Puzzles: {
        if (!puzzles_outlined && !o.sections) outline(words.puzzles, page_no);
        puzzles_outlined = true;
        const std::vector<Slot>& slots = layout.puzzle_slots[page_no % 2];
        for (int s = 0; s < pp.count; ++s) {
          const int i = pp.first + s;
          const BookPuzzle& bp = puzzles[static_cast<std::size_t>(i)];
          if (variant(o)) draw_grid(cr, slots[static_cast<std::size_t>(s)].grid, *o.geometry, bp.cells, nullptr, style);
          else draw_grid(cr, slots[static_cast<std::size_t>(s)].grid, bp.puzzle, nullptr, style);
          std::string right = words.level(bp.level);
          if (o.show_rating && bp.rating) right += (right.empty() ? "" : " \xC2\xB7 ") + fill(words.rating, {{"r", words.rating_text(*bp.rating)}});
          caption(cr, slots[static_cast<std::size_t>(s)], fill(words.puzzle, {{"n", std::to_string(o.first_number + i)}}), right,
                  "a puzzle's caption (labels puzzle, levels." + bp.level + ", rating)");
        }
        page_number(cr, geometry, page_no);
        break;
      }
      case Kind::Solutions: {
        if (!solutions_outlined || (pp.section >= 0 && section_solutions[static_cast<std::size_t>(pp.section)] == page_no))
          outline(pp.section >= 0 ? solutions_of(pp.section) : words.solutions, page_no);
        solutions_outlined = true;
        const std::vector<Slot>& sslots = layout.solution_slots[page_no % 2];
        cairo_set_source_rgb(cr, 0, 0, 0);
        const double heading = o.large_print ? kLargePrintHeading : solutions_heading_size();
        fit_user_line(cr, pp.section >= 0 ? "label solutions_of" : "label solutions",
                      pp.section >= 0 ? solutions_of(pp.section) : words.solutions, true, heading, heading * 0.7, area.w);
        show_line(cr, pp.section >= 0 ? solutions_of(pp.section) : words.solutions, area.x, area.w, area.y + heading,
                  Align::Left);
        for (int s = 0; s < pp.count; ++s) {
          const int i = pp.first + s;
          const BookPuzzle& bp = puzzles[static_cast<std::size_t>(i)];
          if (variant(o)) draw_grid(cr, sslots[static_cast<std::size_t>(s)].grid, *o.geometry, bp.cells, &bp.solution_cells, sstyle);
          else draw_grid(cr, sslots[static_cast<std::size_t>(s)].grid, bp.puzzle, &bp.solution, sstyle);
          caption(cr, sslots[static_cast<std::size_t>(s)], std::to_string(o.first_number + i), "", "a solution's number");
        }
        page_number(cr, geometry, page_no);
        break;
      }
    }
    out.check(cairo_status(cr));  // a drawing error (text that is not UTF-8) is not the surface's
    cairo_show_page(cr);
    check_surface(surface.get(), out);
    if (pp.kind != Kind::Title && pp.kind != Kind::Blank && o.stop && o.stop->load()) throw RenderInterrupted(path);
  }
  // Blank pages (no number) up to the printer's multiple.
  for (int p = static_cast<int>(layout.plan.size()); p < result.pages; ++p) {
    cairo_show_page(cr);
    check_surface(surface.get(), out);
  }
  context.reset();
  cairo_surface_finish(surface.get());
  check_surface(surface.get(), out);
  surface.reset();
  if (geometry.print) {
    std::string pdf;
    try {
      pdf = add_page_boxes(in_memory, media.height,
                           [&](int page) { return PageBoxes{geometry.trim_box(page), geometry.bleed_box()}; });
    } catch (const std::runtime_error& e) {
      throw RenderError(path, std::string("cannot set the page boxes: ") + e.what());
    }
    in_memory.clear();
    if (record.check) record.check(pdf);
    out.write_text(pdf);
  }
  out.finish();
  // 2. The last moment to stop.
  if (o.stop && o.stop->load()) throw RenderInterrupted(path);
  // 3-6: record, publish, commit; the set undoes its publishing when it is
  // destroyed without keep() (an exception from here on).
  if (record.stage) record.stage(staged);
  if (record.prepare) record.prepare();
  OutputFile::publish_set(staged);
  if (record.commit) record.commit();
  staged.keep();
  return result;
}

nlohmann::ordered_json manifest_json(const std::vector<BookPuzzle>& puzzles, const BookOptions& o, const BookResult& r) {
  using json = nlohmann::ordered_json;
  json list = json::array();
  for (std::size_t i = 0; i < puzzles.size() && i < r.placements.size(); ++i) {
    const BookPuzzle& p = puzzles[i];
    const auto& at = r.placements[i];
    if (variant(o)) {  // unrated until issue #48: no level, no er
      json entry = {{"number", at.number}, {"id", p.id}};
      if (!p.gid.empty()) entry["gid"] = p.gid;
      entry.update(json{{"geometry", o.geometry->spelling()},
                      {"page", at.page},
                      {"solution_page", at.solution_page ? json(at.solution_page) : json(nullptr)},
                      {"puzzle", print_cells(*o.geometry, p.cells)},
                      {"solution", print_cells(*o.geometry, p.solution_cells)}});
      list.push_back(std::move(entry));
      continue;
    }
    list.push_back({{"number", at.number},
                    {"id", p.id},
                    {"gid", global_id(p.puzzle)},  // the record format's names (db/README.md)
                    {"level", p.level},
                    {"er", p.rating ? json(*p.rating) : json(nullptr)},
                    {"page", at.page},
                    {"solution_page", at.solution_page ? json(at.solution_page) : json(nullptr)},
                    {"puzzle", format_line(p.puzzle)},
                    {"solution", format_line(p.solution)}});
  }
  json out = {{"title", o.title}, {"subtitle", o.subtitle}};
  if (o.trim) {
    out["trim_in"] = {o.trim->width / kInch, o.trim->height / kInch};
    out["bleed"] = o.bleed;
    out["large_print"] = o.large_print;
  } else {
    out["paper"] = o.paper == Paper::A4 ? "a4" : "letter";
  }
  out["per_page"] = r.per_page != 0 ? r.per_page : o.per_page;
  out["pages"] = r.pages;
  out["puzzles"] = list;
  return out;
}

}  // namespace sudokit::book
