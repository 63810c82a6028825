// Page geometry of the book for every setting (1, 2, 4, 6 puzzles a page,
// the solutions pages) on both paper sizes: every grid and caption inside
// the printable area, nothing overlapping, grids as large as a book needs,
// and the page count.
#include <gtest/gtest.h>

#include "sudokit/book/layout.hpp"

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

}  // namespace
}  // namespace sudokit::book
