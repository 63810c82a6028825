// Page geometry of the book for every setting (1, 2, 4, 6 puzzles a page,
// the solutions pages) on both paper sizes and every print-on-demand trim:
// every grid and caption inside the printable (safe) area, nothing
// overlapping, grids as large as a book needs, KDP's gutter table, mirrored
// margins, bleed, and the page count.
#include <gtest/gtest.h>

#include "sudokit/book/book.hpp"
#include "sudokit/book/cover.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/book/layout.hpp"
#include "sudokit/solver/geometry.hpp"

namespace sudokit::book {
namespace {

void expect_sound(const std::vector<Slot>& slots, PageSize page, double min_grid_mm, const std::string& what) {
  const Rect area = content_area(page);
  const Rect sheet{0, 0, page.width, page.height};
  for (std::size_t i = 0; i < slots.size(); ++i) {
    const Slot& s = slots[i];
    SCOPED_TRACE(what + " slot " + std::to_string(i));
    EXPECT_DOUBLE_EQ(s.grid.w, s.grid.h);  // square
    EXPECT_GE(s.grid.w, mm(min_grid_mm));
    EXPECT_TRUE(area.contains(s.grid));
    EXPECT_TRUE(area.contains(s.caption));
    EXPECT_TRUE(sheet.contains(s.grid));
    EXPECT_FALSE(s.grid.overlaps(s.caption));
    EXPECT_GE(s.caption.y, s.grid.bottom());            // under its grid
    EXPECT_LE(s.caption.y - s.grid.bottom(), s.caption_size);  // and close to it
    EXPECT_GE(s.caption.h, s.caption_size);             // one line of text fits
    EXPECT_GE(s.caption_size, 8.0);
    for (std::size_t j = 0; j < i; ++j) {
      EXPECT_FALSE(s.grid.overlaps(slots[j].grid)) << "with " << j;
      EXPECT_FALSE(s.grid.overlaps(slots[j].caption)) << "with " << j;
      EXPECT_FALSE(s.caption.overlaps(slots[j].grid)) << "with " << j;
      EXPECT_FALSE(s.caption.overlaps(slots[j].caption)) << "with " << j;
    }
  }
  // Nothing in the page number's line.
  for (const Slot& s : slots) EXPECT_LT(s.caption.bottom(), page_number_baseline(page) - 10);
}

TEST(Layout, EveryPuzzleSettingFitsBothPapers) {
  // Smallest grid wanted per setting (a 6-per-page book's grids are about 70 mm).
  const std::vector<std::pair<int, double>> settings = {{1, 150}, {2, 100}, {4, 80}, {6, 65}};
  for (Paper paper : {Paper::A4, Paper::Letter}) {
    const PageSize page = page_size(paper);
    for (const auto& [per_page, min_mm] : settings) {
      const auto slots = puzzle_slots(page, per_page);
      ASSERT_EQ(slots.size(), static_cast<std::size_t>(per_page));
      expect_sound(slots, page, min_mm, (paper == Paper::A4 ? "a4 " : "letter ") + std::to_string(per_page));
      // Reading order: left to right, then top to bottom.
      for (std::size_t i = 1; i < slots.size(); ++i)
        EXPECT_TRUE(slots[i].grid.y > slots[i - 1].grid.y + 1 || slots[i].grid.x > slots[i - 1].grid.x + 1);
    }
  }
}

TEST(Layout, SolutionPagesHoldTwelveReadableGrids) {
  for (Paper paper : {Paper::A4, Paper::Letter}) {
    const PageSize page = page_size(paper);
    const auto slots = solution_slots(page);
    ASSERT_EQ(slots.size(), static_cast<std::size_t>(kSolutionsPerPage));
    expect_sound(slots, page, 45, "solutions");
    for (const auto& s : slots) EXPECT_GT(s.grid.y, solutions_heading_baseline(page));  // below the heading
  }
}

TEST(Layout, PaperSizes) {
  EXPECT_NEAR(page_size(Paper::A4).width, 595.28, 0.01);
  EXPECT_NEAR(page_size(Paper::A4).height, 841.89, 0.01);
  EXPECT_DOUBLE_EQ(page_size(Paper::Letter).width, 612);
  EXPECT_DOUBLE_EQ(page_size(Paper::Letter).height, 792);
  EXPECT_EQ(parse_paper("A4"), Paper::A4);
  EXPECT_EQ(parse_paper("letter"), Paper::Letter);
  EXPECT_EQ(parse_paper("a5"), std::nullopt);
  EXPECT_TRUE(puzzle_slots(page_size(Paper::A4), 5).empty());
  EXPECT_FALSE(valid_per_page(5));
  EXPECT_FALSE(valid_per_page(0));
  EXPECT_TRUE(valid_per_page(6));
}

TEST(Layout, PageCount) {
  EXPECT_EQ(book_page_count(60, 6, true), 1 + 10 + 5);
  EXPECT_EQ(book_page_count(60, 6, false), 1 + 10);
  EXPECT_EQ(book_page_count(7, 4, true), 1 + 2 + 1);
  EXPECT_EQ(book_page_count(13, 2, true), 1 + 7 + 2);
  EXPECT_EQ(book_page_count(1, 1, true), 3);
  EXPECT_EQ(book_page_count(12, 1, true), 1 + 12 + 1);
  EXPECT_EQ(book_page_count(25, 1, true), 1 + 25 + 3);
  // Padded with blank pages to the printer's multiple.
  EXPECT_EQ(book_page_count(25, 1, true, 4), 32);
  EXPECT_EQ(book_page_count(25, 1, true, 29), 29);
  EXPECT_EQ(book_page_count(25, 1, true, 16), 32);
  EXPECT_EQ(book_page_count(7, 4, true, 1), 4);
  EXPECT_EQ(book_page_count(7, 4, true, 0), 4);
  EXPECT_EQ(book_page_count(7, 4, true, 8), 8);
}

// The numbers a book and a cover bound are the library's rule, refused with
// the option at fault (book::OptionError::which) so that the command names
// it (--first-number, --pad-to, --pages); the edges are accepted.
TEST(Layout, NumberingAndPageCountOutsideTheirBoundsNameTheOption) {
  const auto refused = [](const auto& call) -> std::optional<BookOption> {
    try {
      call();
    } catch (const OptionError& e) {
      return e.which();
    }
    return std::nullopt;
  };
  EXPECT_EQ(refused([] { check_numbering(0, 0); }), BookOption::FirstNumber);
  EXPECT_EQ(refused([] { check_numbering(kMaxFirstNumber + 1, 0); }), BookOption::FirstNumber);
  EXPECT_EQ(refused([] { check_numbering(1, -1); }), BookOption::PadTo);
  EXPECT_EQ(refused([] { check_numbering(1, kMaxPadTo + 1); }), BookOption::PadTo);
  EXPECT_EQ(refused([] { check_numbering(1, 0); }), std::nullopt);
  EXPECT_EQ(refused([] { check_numbering(kMaxFirstNumber, kMaxPadTo); }), std::nullopt);
  BookOptions o;
  o.first_number = 0;
  EXPECT_EQ(refused([&] { (void)plan_book_layout(10, o); }), BookOption::FirstNumber);
  o.first_number = 1;
  o.pad_to = kMaxPadTo + 1;
  EXPECT_EQ(refused([&] { (void)plan_book_layout(10, o); }), BookOption::PadTo);
  for (const int pages : {kMinBookPages - 1, kMaxBookPages + 1}) {
    EXPECT_EQ(refused([&] { check_page_count(pages); }), BookOption::Pages) << pages;
    EXPECT_EQ(refused([&] { (void)cover_geometry(PageSize{6 * kInch, 9 * kInch}, pages, CoverPaper::White); }),
              BookOption::Pages)
        << pages;
  }
  for (const int pages : {kMinBookPages, kMaxBookPages}) EXPECT_EQ(refused([&] { check_page_count(pages); }), std::nullopt);
}

PageSize trim_of(const std::string& text) {
  std::string error;
  const auto t = parse_trim(text, error);
  EXPECT_TRUE(t) << text << ": " << error;
  return t.value_or(PageSize{});
}

TEST(PrintLayout, TrimPresetsAndCustomSizes) {
  struct Case {
    const char* text;
    double w_in, h_in;
  };
  for (const Case& c : {Case{"5x8", 5, 8}, Case{"5.25x8", 5.25, 8}, Case{"5.5x8.5in", 5.5, 8.5}, Case{"6x9", 6, 9},
                        Case{"6X9IN", 6, 9}, Case{"7x10", 7, 10}, Case{"8x10", 8, 10}, Case{"8.25x11", 8.25, 11},
                        Case{"8.5x11", 8.5, 11}, Case{"a4", 210 / 25.4, 297 / 25.4}, Case{"A5", 148 / 25.4, 210 / 25.4},
                        Case{"150x230mm", 150 / 25.4, 230 / 25.4}, Case{"7.5x9.25in", 7.5, 9.25}}) {
    const PageSize t = trim_of(c.text);
    EXPECT_NEAR(t.width, c.w_in * 72, 1e-9) << c.text;
    EXPECT_NEAR(t.height, c.h_in * 72, 1e-9) << c.text;
  }
  for (const char* bad : {"", "6x", "x9", "6x9cm", "7.5x9.25", "9x6in", "3x5in", "9x12in", "-6x9in", "6x9x1in", "a3",
                          "1e1x9in", "nanx9in"}) {
    std::string error;
    EXPECT_FALSE(parse_trim(bad, error)) << bad;
    EXPECT_NE(error.find(std::string("'") + bad + "'"), std::string::npos) << error;
  }
}

TEST(PrintLayout, GutterFollowsKdpTable) {
  const std::vector<std::pair<int, double>> table = {{1, 0.375},   {24, 0.375}, {150, 0.375}, {151, 0.5},
                                                     {300, 0.5},   {301, 0.625}, {500, 0.625}, {501, 0.75},
                                                     {700, 0.75},  {701, 0.875}, {828, 0.875}, {2000, 0.875}};
  for (const auto& [pages, inches] : table) EXPECT_DOUBLE_EQ(kdp_gutter(pages), inches * 72) << pages;
  EXPECT_DOUBLE_EQ(kdp_margins(100, false).outside, 0.25 * 72);
  EXPECT_DOUBLE_EQ(kdp_margins(100, true).top, 0.375 * 72);
  EXPECT_DOUBLE_EQ(kdp_margins(400, true).inside, 0.625 * 72);
}

TEST(PrintLayout, BleedAndMirroredMargins) {
  const PageGeometry g = print_geometry(trim_of("6x9"), kdp_margins(200, true), true);
  EXPECT_DOUBLE_EQ(g.media().width, 6 * 72 + 9);  // bleed on the outside edge only
  EXPECT_DOUBLE_EQ(g.media().height, 9 * 72 + 18);
  // Right-hand page: spine on the left, bleed on the right.
  EXPECT_DOUBLE_EQ(g.trim_box(3).x, 0);
  EXPECT_DOUBLE_EQ(g.trim_box(3).y, 9);
  EXPECT_DOUBLE_EQ(g.safe_area(3).x - g.trim_box(3).x, 0.5 * 72);                  // gutter
  EXPECT_DOUBLE_EQ(g.trim_box(3).right() - g.safe_area(3).right(), 0.375 * 72);  // outside
  // Left-hand page: the mirror.
  EXPECT_DOUBLE_EQ(g.trim_box(4).x, 9);
  EXPECT_DOUBLE_EQ(g.safe_area(4).x - g.trim_box(4).x, 0.375 * 72);
  EXPECT_DOUBLE_EQ(g.trim_box(4).right() - g.safe_area(4).right(), 0.5 * 72);
  EXPECT_DOUBLE_EQ(g.safe_area(4).y - g.trim_box(4).y, 0.375 * 72);
  EXPECT_DOUBLE_EQ(g.trim_box(4).bottom() - g.safe_area(4).bottom(), 0.375 * 72);
  for (int page : {3, 4}) {
    EXPECT_TRUE(g.safe_area(page).contains(g.content_area(page)));
    EXPECT_LT(g.content_area(page).bottom(), g.page_number_baseline(page) - g.page_number_size);
    EXPECT_LE(g.page_number_baseline(page), g.safe_area(page).bottom());
  }
  // Without bleed the page is the trim.
  const PageGeometry plain = print_geometry(trim_of("6x9"), kdp_margins(200, false), false);
  EXPECT_DOUBLE_EQ(plain.media().width, 6 * 72);
  EXPECT_DOUBLE_EQ(plain.trim_box(4).x, 0);
}

TEST(PrintLayout, EveryTrimGetsReadableGridsInsideTheSafeArea) {
  for (const char* trim : {"5x8", "5.25x8", "5.5x8.5", "6x9", "7x10", "8x10", "8.25x11", "8.5x11", "a4", "a5"})
    for (bool bleed : {false, true})
      for (int puzzles : {20, 400, 3000}) {
        SCOPED_TRACE(std::string(trim) + (bleed ? " bleed " : " ") + std::to_string(puzzles));
        BookOptions o;
        o.trim = trim_of(trim);
        o.bleed = bleed;
        o.per_page = 0;
        const BookLayout l = plan_book_layout(puzzles, o);
        EXPECT_EQ(l.pages % 2, 0);
        EXPECT_EQ(l.front, 2);
        // The gutter is KDP's for the book's own page count.
        EXPECT_DOUBLE_EQ(l.geometry.margins.inside, kdp_gutter(l.pages));
        EXPECT_GE(l.per_page, 1);
        for (int page : {1, 2}) {
          const Rect area = l.geometry.content_area(page);
          EXPECT_TRUE(l.geometry.safe_area(page).contains(area));
          for (const auto& s : l.puzzle_slots[page % 2]) {
            EXPECT_TRUE(area.contains(s.grid));
            EXPECT_TRUE(area.contains(s.caption));
            EXPECT_GE(cell_size(s), kMinCell - 1e-9);
          }
          for (const auto& s : l.solution_slots[page % 2]) {
            EXPECT_TRUE(area.contains(s.grid));
            EXPECT_TRUE(area.contains(s.caption));
            EXPECT_GE(cell_size(s), kMinSolutionCell - 1e-9);
          }
        }
        // The densest setting that fits: one more step would make cells too small.
        const int denser = l.per_page == 1 ? 2 : l.per_page == 2 ? 4 : l.per_page == 4 ? 6 : 0;
        if (denser) {
          EXPECT_LT(cell_size(puzzle_slots(l.geometry.content_area(1), denser)[0]), kMinCell);
        }
        EXPECT_GE(puzzle_grid_style(l, o).thin, 0.5);
        EXPECT_GE(solution_grid_style(l).thin, 0.5);
      }
}

// The 6.5 mm promise holds for the cells as drawn: the distance between
// the centres of the lines grid_lines draws (the outer border inside the
// square), on every trim, with and without bleed, for the default and every
// --per-page the layout accepts, on left and right pages.
TEST(PrintLayout, TheSmallestCellDrawnIsAtLeastTheMinimum) {
  double smallest = 1e9;
  std::string where;
  for (const char* trim : {"5x8", "5.25x8", "5.5x8.5", "6x9", "7x10", "8x10", "8.25x11", "8.5x11", "a4", "a5"})
    for (bool bleed : {false, true})
      for (int per_page : {0, 1, 2, 4, 6})
        for (int puzzles : {20, 400, 3000}) {
          BookOptions o;
          o.trim = trim_of(trim);
          o.bleed = bleed;
          o.per_page = per_page;
          BookLayout l;
          try {
            l = plan_book_layout(puzzles, o);
          } catch (const std::invalid_argument&) {
            continue;  // refused: the setting makes cells too small (tested above)
          }
          const GridStyle style = puzzle_grid_style(l, o);
          for (int side = 0; side < 2; ++side)
            for (const Slot& s : l.puzzle_slots[side]) {
              const GridLines g = grid_lines(s.grid, style);
              for (int i = 0; i < 9; ++i)
                for (const double pitch : {g.x[i + 1] - g.x[i], g.y[i + 1] - g.y[i]})
                  if (pitch < smallest) {
                    smallest = pitch;
                    where = std::string(trim) + (bleed ? " bleed" : "") + " per page " + std::to_string(per_page) +
                            " (" + std::to_string(l.per_page) + ")";
                  }
            }
        }
  EXPECT_GE(smallest, kMinCell - 1e-9) << smallest * 25.4 / 72 << " mm on " << where;
}

// A variant's grid keeps the 6.5 mm cells too, counted with its own size:
// a print book of 16x16 puzzles takes fewer a page (the cells as
// grid_lines draws them for that geometry), a 25x25 one on a small trim is
// refused naming the geometry; 4x4 and 6x6 grids keep the classic's layout
// (the same grid size, so larger cells: not more puzzles a page).
TEST(PrintLayout, VariantGridsKeepTheSmallestCellAtTheirSize) {
  for (const char* trim : {"6x9", "8.5x11"})
    for (const char* spelling : {"classic", "4x4", "6x6", "12x12", "16x16", "25x25"}) {
      SCOPED_TRACE(std::string(trim) + " " + spelling);
      BookOptions o;
      std::string error;
      o.trim = parse_trim(trim, error);
      o.per_page = 0;
      o.geometry = parse_geometry(spelling);
      BookOptions classic = o;
      classic.geometry = nullptr;
      const BookLayout c = plan_book_layout(40, classic);
      BookLayout l;
      try {
        l = plan_book_layout(40, o);
      } catch (const std::invalid_argument& e) {
        EXPECT_EQ(std::string(spelling), "25x25");
        EXPECT_EQ(std::string(trim), "6x9");
        EXPECT_NE(std::string(e.what()).find("a 25x25 grid at 1 puzzle a page has cells of 5.4 mm, under the 6.5 mm a "
                                             "solver needs to write in: use a larger trim"),
                  std::string::npos) << e.what();
        continue;
      }
      if (o.geometry->size() <= 9) EXPECT_EQ(l.per_page, c.per_page);
      else EXPECT_LT(l.per_page, c.per_page);
      const GridLines g = grid_lines(l.puzzle_slots[1][0].grid, puzzle_grid_style(l, o), *o.geometry);
      for (int i = 0; i < o.geometry->size(); ++i) EXPECT_GE(g.x[static_cast<std::size_t>(i) + 1] - g.x[static_cast<std::size_t>(i)], kMinCell - 1e-9);
      o.per_page = 6;  // asked for: refused when too dense, naming the geometry
      if (o.geometry->size() > 9) {
        try {
          plan_book_layout(40, o);
          ADD_FAILURE() << "6 a page accepted";
        } catch (const std::invalid_argument& e) {
          EXPECT_NE(std::string(e.what()).find("a " + o.geometry->spelling() + " grid at 6 puzzles a page has cells of "),
                    std::string::npos) << e.what();
        }
      }
    }
}

// On paper too a variant's cells stay at kMinCell or more: a 16x16 at 4 or
// 6 a page is refused naming what fits; the classic's paper books (and
// 16x16 at 1 or 2 a page) are laid out as before.
TEST(PaperLayout, VariantGridsUnderTheSmallestCellAreRefused) {
  for (const Paper paper : {Paper::A4, Paper::Letter})
    for (const int per_page : {1, 2, 4, 6}) {
      SCOPED_TRACE(std::to_string(per_page));
      BookOptions o;
      o.paper = paper;
      o.per_page = per_page;
      EXPECT_NO_THROW(plan_book_layout(40, o));
      o.geometry = parse_geometry("6x6");
      EXPECT_NO_THROW(plan_book_layout(40, o));
      o.geometry = parse_geometry("16x16");
      if (per_page <= 2) {
        const BookLayout l = plan_book_layout(40, o);
        EXPECT_GE(cell_size(l.puzzle_slots[0][0], 16), kMinCell - 1e-9);
        continue;
      }
      try {
        plan_book_layout(40, o);
        ADD_FAILURE() << per_page << " a page accepted";
      } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("a 16x16 grid at " + std::to_string(per_page) + " puzzles a page has cells of "),
                  std::string::npos) << e.what();
        EXPECT_NE(std::string(e.what()).find("use --per-page 2 or --trim with a larger page"), std::string::npos) << e.what();
      }
    }
}

TEST(PagePlan, SectionsContentsAndSolutionsWhereAsked) {
  using Kind = PagePlan::Kind;
  auto kinds = [](const std::vector<PagePlan>& plan) {
    std::string out;
    for (const auto& p : plan)
      out += p.kind == Kind::Title ? 'T' : p.kind == Kind::Blank ? 'B' : p.kind == Kind::Contents ? 'C'
           : p.kind == Kind::Copyright ? 'R' : p.kind == Kind::HowToPlay ? 'H'
           : p.kind == Kind::Section ? 'S' : p.kind == Kind::Puzzles ? 'P' : 'A';
    return out;
  };
  BookOptions o;
  // Without sections: as always, title, puzzles, answers.
  EXPECT_EQ(kinds(plan_pages({13}, o, 6, 12, 1)), "TPPPAA");
  o.sections = true;
  const auto plan = plan_pages({7, 5}, o, 4, 12, 2);
  // Every section's title page is a right-hand (odd) page: a blank before it when needed.
  EXPECT_EQ(kinds(plan), "TBCBSPPBSPPA");
  EXPECT_EQ(plan[5].first, 0);
  EXPECT_EQ(plan[6].first, 4);
  EXPECT_EQ(plan[6].count, 3);
  EXPECT_EQ(plan[9].first, 7);  // the second section starts on a page of its own
  EXPECT_EQ(plan[9].section, 1);
  EXPECT_EQ(plan[11].count, 12);
  o.solutions_after_section = true;
  EXPECT_EQ(kinds(plan_pages({7, 5}, o, 4, 6, 2)), "TBCBSPPAABSPPA");
  o.solutions = false;
  EXPECT_EQ(kinds(plan_pages({7, 5}, o, 4, 6, 2)), "TBCBSPPBSPP");
  // A print book's layout counts these pages (even, gutter by count).
  BookOptions print;
  std::string error;
  print.trim = parse_trim("6x9", error);
  print.per_page = 2;
  print.sections = true;
  const BookLayout l = plan_book_layout(std::vector<int>{7, 5}, print);
  EXPECT_EQ(kinds(l.plan), "TBCBSPPPPBSPPPA");
  EXPECT_EQ(l.pages, 16);

  // Front matter: the copyright page is the title's back in print (page 2
  // on paper); with how to play, a blank keeps the first puzzle page odd.
  BookOptions front;
  front.isbn = "978-3-16-148410-0";
  EXPECT_EQ(kinds(plan_pages({13}, front, 6, 12, 1)), "TRPPPAA");
  front.how_to_play = true;
  EXPECT_EQ(kinds(plan_pages({13}, front, 6, 12, 1)), "TRHPPPAA");
  EXPECT_EQ(kinds(plan_pages({13}, front, 6, 12, 2)), "TRHBPPPAA");
  front.sections = true;
  EXPECT_EQ(kinds(plan_pages({7, 5}, front, 4, 12, 2)), "TRCHSPPBSPPA");
  // The how-to-play text may take two pages.
  EXPECT_EQ(kinds(plan_pages({7, 5}, front, 4, 12, 2, 2)), "TRCHHBSPPBSPPA");
  front.isbn.clear();
  front.how_to_play = false;
  EXPECT_EQ(kinds(plan_pages({7, 5}, front, 4, 12, 2)), "TBCBSPPBSPPA");
  for (const bool copyright : {false, true})
    for (const bool how : {false, true})
      for (const bool sections : {false, true}) {
        BookOptions p = print;
        p.copyright = copyright ? std::vector<std::string>{"(c) 2026"} : std::vector<std::string>{};
        p.how_to_play = how;
        p.sections = sections;
        const BookLayout pl = plan_book_layout(std::vector<int>{7, 5}, p);
        // Puzzles open on a right-hand page; in sections, each section does.
        int first_puzzles = 0;
        for (std::size_t i = 0; i < pl.plan.size(); ++i) {
          if (pl.plan[i].kind == Kind::Section) EXPECT_EQ(i % 2, 0u) << "page " << i + 1 << ": " << kinds(pl.plan);
          if (pl.plan[i].kind == Kind::Puzzles && !first_puzzles) first_puzzles = static_cast<int>(i) + 1;
        }
        if (!sections) EXPECT_EQ(first_puzzles % 2, 1) << kinds(pl.plan);
      }
}

TEST(PrintLayout, TooSmallGridsAndLargePrintThatDoesNotFitAreRefused) {
  BookOptions o;
  o.trim = trim_of("5x8");
  o.per_page = 6;
  try {
    plan_book_layout(60, o);
    ADD_FAILURE() << "6 a page on 5x8 accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("--per-page 2"), std::string::npos) << e.what();
  }
  o.per_page = 0;
  o.large_print = true;
  EXPECT_THROW(plan_book_layout(60, o), std::invalid_argument);
  o.trim = trim_of("8.5x11");
  const BookLayout l = plan_book_layout(60, o);
  EXPECT_EQ(l.per_page, 1);
  EXPECT_GE(cell_size(l.puzzle_slots[1][0]) * puzzle_grid_style(l, o).digit_scale, kLargePrintDigit);
  EXPECT_GT(puzzle_grid_style(l, o).thick, style_for(l.puzzle_slots[1][0].grid.w).thick);  // heavier lines
  // Margins under the printer's minimum.
  BookOptions m;
  m.trim = trim_of("6x9");
  m.per_page = 0;
  m.gutter = 0.25 * 72;
  EXPECT_THROW(plan_book_layout(60, m), std::invalid_argument);
  m.gutter = 0.75 * 72;
  m.outer_margin = 0.3 * 72;
  EXPECT_DOUBLE_EQ(plan_book_layout(60, m).geometry.margins.inside, 0.75 * 72);
  m.bleed = true;  // 0.3 in is below 0.375 in with bleed
  EXPECT_THROW(plan_book_layout(60, m), std::invalid_argument);
  // Print options without a trim.
  BookOptions paper;
  paper.bleed = true;
  EXPECT_THROW(plan_book_layout(60, paper), std::invalid_argument);
}

}  // namespace
}  // namespace sudokit::book
