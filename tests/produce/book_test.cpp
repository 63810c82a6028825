// produce::plan_book and make_book: the options of `sudokit book` checked
// and resolved in one place (which go together, how --levels shares out
// --count, the filter of db export and book), and a book made from a store
// with its puzzles in book order and, with mark_used, marked.
#include "sudokit/produce/book.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "../db/db_test_util.hpp"
#include "sudokit/grader/grade.hpp"

namespace sudokit::produce {
namespace {

using db::test::Raw;
using db::test::TempDir;

BookCommand hard(std::uint64_t count) {
  BookCommand c;
  c.level = "hard";
  c.count = count;
  return c;
}

// The option a command is refused for, or "" when it plans.
std::string refused(const BookCommand& c) {
  try {
    (void)plan_book(c);
    return "";
  } catch (const RequestError& e) {
    EXPECT_NE(std::string(e.what()), "");
    return e.option();
  }
}

TEST(PlanBook, RefusesOptionsThatDoNotGoTogether) {
  EXPECT_EQ(refused(hard(10)), "");
  auto with = [](auto change) {
    BookCommand c = hard(10);
    change(c);
    return refused(c);
  };
  EXPECT_EQ(with([](BookCommand& c) { c.bleed = true; }), "--bleed");
  EXPECT_EQ(with([](BookCommand& c) { c.large_print = true; }), "--large-print");
  EXPECT_EQ(with([](BookCommand& c) { c.gutter_in = 0.5; }), "--gutter");
  EXPECT_EQ(with([](BookCommand& c) { c.margin_in = 0.5; }), "--margin");
  EXPECT_EQ(with([](BookCommand& c) { c.trim = "6x9", c.paper = "letter"; }), "--trim");
  EXPECT_EQ(with([](BookCommand& c) { c.trim = "3x4"; }), "--trim");
  EXPECT_EQ(with([](BookCommand& c) { c.trim = "8.5x11", c.large_print = true, c.per_page = 1; }), "--large-print");
  EXPECT_EQ(with([](BookCommand& c) { c.paper = "a3"; }), "--paper");
  EXPECT_EQ(with([](BookCommand& c) { c.solutions = "middle"; }), "--solutions");
  EXPECT_EQ(with([](BookCommand& c) { c.solutions = "end", c.no_solutions = true; }), "--solutions");
  EXPECT_EQ(with([](BookCommand& c) { c.title = ""; }), "--title");
  EXPECT_EQ(with([](BookCommand& c) { c.count_per_level = 5; }), "--count-per-level");
  EXPECT_EQ(with([](BookCommand& c) { c.pick = "best"; }), "--pick");
  EXPECT_EQ(with([](BookCommand& c) { c.seed = 3; }), "--seed");
  EXPECT_EQ(with([](BookCommand& c) { c.levels = "easy,hard"; }), "--level");
  EXPECT_EQ(with([](BookCommand& c) { c.count.reset(); }), "--count");
  EXPECT_EQ(with([](BookCommand& c) { c.level.reset(); }), "--level");
  EXPECT_EQ(with([](BookCommand& c) { c.filter.clues = "20-x"; }), "--clues");
  EXPECT_EQ(with([](BookCommand& c) { c.filter.symmetry = "random"; }), "--symmetry");
  EXPECT_EQ(with([](BookCommand& c) { c.filter.technique = "x-wingz"; }), "--technique");
  EXPECT_EQ(with([](BookCommand& c) { c.filter.hardest = "nope"; }), "--hardest");
  EXPECT_EQ(with([](BookCommand& c) { c.filter.min_rating = 5, c.filter.max_rating = 4; }), "--min-rating");
  // 6 a page on a small trim makes cells too small to write in.
  EXPECT_EQ(with([](BookCommand& c) { c.trim = "5x8", c.per_page = 6; }), "--trim");
  BookCommand many;
  many.levels = "easy:6000,hard:5000";
  EXPECT_EQ(refused(many), "--levels");
}

TEST(PlanBook, ResolvesTheDefaults) {
  BookPlan plan = plan_book(hard(10));
  EXPECT_EQ(plan.options.per_page, 4);
  EXPECT_EQ(plan.paper_name, "A4");
  EXPECT_TRUE(plan.options.solutions);
  EXPECT_FALSE(plan.options.sections);
  EXPECT_EQ(plan.request.pick, db::Pick::Oldest);
  ASSERT_EQ(plan.request.levels.size(), 1u);
  EXPECT_EQ(plan.request.levels[0].count, 10u);

  BookCommand trim = hard(10);
  trim.trim = "6x9";
  trim.bleed = true;
  plan = plan_book(trim);
  EXPECT_EQ(plan.options.per_page, 0);  // chosen to fit the trim
  EXPECT_EQ(plan.paper_name, "trim 6x9 with bleed");

  BookCommand per_level;
  per_level.levels = "hard,easy";
  per_level.count_per_level = 3;
  plan = plan_book(per_level);
  EXPECT_TRUE(plan.options.sections);  // implied
  ASSERT_EQ(plan.request.levels.size(), 2u);
  EXPECT_EQ(plan.request.levels[0].level, "easy");  // ascending difficulty
  EXPECT_EQ(plan.request.levels[0].count, 3u);

  BookCommand section = hard(4);
  section.solutions = "section";
  EXPECT_TRUE(plan_book(section).options.sections);
  BookCommand none = hard(4);
  none.solutions = "none";
  EXPECT_FALSE(plan_book(none).options.solutions);
}

TEST(PlanBook, LevelsShareOutTheCountTheEasierTakingTheRemainder) {
  std::vector<db::LevelCount> out;
  std::string error;
  ASSERT_TRUE(parse_book_levels("hard,easy,medium", 11, out, error)) << error;
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].level, "easy");
  EXPECT_EQ(out[0].count, 4u);
  EXPECT_EQ(out[1].level, "medium");
  EXPECT_EQ(out[1].count, 4u);
  EXPECT_EQ(out[2].level, "hard");
  EXPECT_EQ(out[2].count, 3u);
  ASSERT_TRUE(parse_book_levels("hard:2,easy:5", std::nullopt, out, error)) << error;
  EXPECT_EQ(out[0].level, "hard");  // explicit counts keep the order given
  EXPECT_EQ(out[1].count, 5u);
  EXPECT_FALSE(parse_book_levels("hard:2,easy:5", 8, out, error));
  EXPECT_NE(error.find("add up to 7"), std::string::npos) << error;
  EXPECT_FALSE(parse_book_levels("hard:2,easy", std::nullopt, out, error));
  EXPECT_FALSE(parse_book_levels("hard,hard", 4, out, error));
  EXPECT_NE(error.find("twice"), std::string::npos) << error;
  EXPECT_FALSE(parse_book_levels("easy,medium,hard", 2, out, error));
  EXPECT_FALSE(parse_book_levels("easy,hard", std::nullopt, out, error));
  EXPECT_FALSE(parse_book_levels("hard:0", std::nullopt, out, error));
}

TEST(PlanFilter, ReadsTheFilterOfExportAndBook) {
  FilterOptions o;
  o.level = "hard";
  o.min_rating = 3.0;
  o.clues = "22-";
  o.symmetry = "rot180";
  o.technique = "X-Wing";
  const db::PuzzleFilter f = plan_filter(o);
  EXPECT_EQ(f.level, "hard");
  EXPECT_EQ(f.min_rating, 3.0);
  EXPECT_FALSE(f.max_rating);
  EXPECT_EQ(f.min_clues, 22);
  EXPECT_FALSE(f.max_clues);
  EXPECT_EQ(f.symmetry, "rot180");
  EXPECT_EQ(f.technique, std::vector<std::string>{"x-wing"});
  for (const char* bad : {"", "-", "82", "1-2-3", "a"}) {
    FilterOptions b;
    b.clues = bad;
    EXPECT_THROW(plan_filter(b), RequestError) << bad;
  }
}

TEST(PlanBook, IsbnsAreCheckedAndLevelsDescribed) {
  for (const char* good : {"978-3-16-148410-0", "9783161484100", "978 0 306 40615 7", "0-306-40615-2", "0-8044-2957-X",
                           "080442957x"})
    EXPECT_TRUE(valid_isbn(good)) << good;
  for (const char* bad : {"", "978-3-16-148410-1", "0-306-40615-3", "978316148410", "97831614841000", "X-8044-2957-0",
                          "978-3-16-14841O-0", "-9783161484100", "978316148410X"})
    EXPECT_FALSE(valid_isbn(bad)) << bad;
  BookCommand c = hard(10);
  c.isbn = "978-3-16-148410-1";
  EXPECT_EQ(refused(c), "--isbn");
  c.isbn = "978-3-16-148410-0";
  c.copyright = {"(c) 2026"};
  c.how_to_play = true;
  const BookPlan plan = plan_book(c);
  EXPECT_EQ(plan.options.isbn, "978-3-16-148410-0");
  EXPECT_TRUE(plan.options.how_to_play);
  for (const std::string& language : book::label_languages())
    for (const auto& level : grader::default_levels())
      EXPECT_NE(book::labels_for(language)->level_note(level.name), "") << language << " " << level.name;
  BookCommand text = hard(10);
  text.title = "\xFF";
  EXPECT_EQ(refused(text), "--title");
  text.title = "Sudoku";
  text.copyright = {"(c) 2026", "a\xC3"};
  EXPECT_EQ(refused(text), "--copyright");
  text.copyright.clear();
  text.subtitle = "\xE6\x95\xB0\xE7\x8B\xAC";  // no glyph in DejaVu Sans: refused, not printed as boxes
  EXPECT_EQ(refused(text), "--subtitle");
  EXPECT_EQ(book::labels_for("en")->level_note("beginner"), "");
}

TEST(MakeBook, PicksInBookOrderRendersAndMarksAllTogether) {
  TempDir dir;
  const std::string store_path = dir.file("store.db");
  {
    const auto puzzles = db::test::load_puzzles("puzzles_17clue.txt", 12);
    db::PuzzleStore store(store_path);
    for (std::size_t i = 0; i < puzzles.size(); ++i) store.insert(db::test::full_record(puzzles[i], i + 1));
    store.flush();
  }
  BookCommand c;
  c.levels = "hard,expert";
  c.count = 6;
  c.mark_used = true;
  c.creation_date = "2026-01-01T00:00:00Z";
  const BookPlan plan = plan_book(c);
  const std::string pdf = dir.file("book.pdf"), manifest = dir.file("book.json");
  const BookMade made = make_book(plan, store_path, {}, {pdf, manifest});
  EXPECT_EQ(made.puzzles, 6u);
  EXPECT_EQ(made.marked, 6u);
  EXPECT_GT(made.result.pages, 2);
  EXPECT_TRUE(std::filesystem::exists(pdf));
  EXPECT_TRUE(std::filesystem::exists(manifest));
  Raw raw(store_path);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM used WHERE kind = 'book'"), 6);
  // The same book again: the marked puzzles are used, 6 are left of 12.
  const BookMade again = make_book(plan, store_path, {}, {dir.file("book2.pdf")});
  EXPECT_EQ(again.marked, 6u);
  // A third finds none left: a shortage, and nothing is written or marked.
  EXPECT_THROW(make_book(plan, store_path, {}, {dir.file("book3.pdf")}), db::ShortageError);
  EXPECT_FALSE(std::filesystem::exists(dir.file("book3.pdf")));
  EXPECT_EQ(raw.integer("SELECT count(*) FROM used WHERE kind = 'book'"), 12);
  // A level the store has never heard of.
  BookCommand unknown = c;
  unknown.levels = "hardest";
  EXPECT_THROW(make_book(plan_book(unknown), store_path, {}, {dir.file("book4.pdf")}), db::LevelError);
}

}  // namespace
}  // namespace sudokit::produce
