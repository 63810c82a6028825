// End-to-end tests of `sudokit book --geometry` (variant books, issue #47):
// the real command on stores and puzzle files made by `sudokit generate
// --geometry`, its PDFs read with pdftotext (pdf_check.hpp) and its
// manifests' puzzles checked against the store and counted by the solver
// (each must have exactly one solution in its geometry). Refusals check the
// exit status, the message and that nothing was written.
#include <gtest/gtest.h>

#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <string>

#include "graded_store.hpp"
#include "pdf_check.hpp"
#include "run.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit {
namespace {

using namespace sudokit::test;
using json = nlohmann::json;

// The text of the first column of the first row `sql` gives on the store `db`.
std::string sql_text(const std::string& db, const std::string& sql) {
  sqlite3* raw = nullptr;
  sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  std::string v;
  if (sqlite3_prepare_v2(raw, sql.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
    if (const unsigned char* t = sqlite3_column_text(st, 0)) v = reinterpret_cast<const char*>(t);
  sqlite3_finalize(st);
  sqlite3_close_v2(raw);
  return v;
}

class VariantBookCli : public ::testing::Test {
 protected:
  // A store of `count` puzzles of `geometry` (seed 1).
  std::string variant_store(const std::string& geometry, int count) {
    const std::string db = dir_.file(geometry + ".db");
    const auto r = run_sudokit("generate --geometry " + geometry + " --count " + std::to_string(count) + " --seed 1 --db " + db);
    EXPECT_EQ(r.status, 0) << r.err;
    return db;
  }
  // How often `word` occurs in `text`.
  static int occurrences(const std::string& text, const std::string& word) {
    int n = 0;
    for (std::size_t at = text.find(word); at != std::string::npos; at = text.find(word, at + 1)) ++n;
    return n;
  }
  // Every puzzle of the manifest has exactly one solution in its geometry,
  // the manifest's; numbers run 1..count and no puzzle is printed twice.
  static void expect_unique_puzzles(const json& manifest, const std::string& spelling, std::size_t count) {
    const GeometryPtr g = parse_geometry(spelling);
    ASSERT_EQ(manifest["puzzles"].size(), count);
    std::set<std::string> seen;
    int number = 0;
    for (const auto& p : manifest["puzzles"]) {
      EXPECT_EQ(p["number"], ++number);
      EXPECT_EQ(p["geometry"], g->spelling());
      EXPECT_FALSE(p.contains("level")) << "a variant has no level until issue #48";
      EXPECT_FALSE(p.contains("er")) << "a variant has no rating until issue #48";
      const auto cells = read_cells(*g, p["puzzle"].get<std::string>());
      EXPECT_TRUE(seen.insert(p["puzzle"].get<std::string>()).second) << "printed twice: " << p["puzzle"];
      const AnySolveResult solved = solve_any(*g, cells, 2);
      ASSERT_EQ(solved.count, 1u) << p["puzzle"];
      EXPECT_EQ(print_cells(*g, solved.solution), p["solution"]) << p["puzzle"];
    }
  }
  TempDir dir_;
};

// A book of X puzzles from the store: the X rules (shaded diagonals) on the
// title page, the number of puzzles asked for, each unique, with the
// store's ids and global ids, the most clues first, and no level or rating
// anywhere (variants are unrated until issue #48).
TEST_F(VariantBookCli, AnXBookFromTheStoreHasItsRulesAndItsPuzzles) {
  const std::string db = variant_store("x", 12), pdf = dir_.file("x.pdf"), manifest = dir_.file("x.json");
  const auto r = run_sudokit("book --db " + db + " --geometry x --count 10 --out " + pdf + " --manifest " + manifest);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("10 puzzles, 5 pages"), std::string::npos) << r.err;
  const std::string text = shell("pdftotext " + pdf + " -");
  std::string flat = text;  // the rules paragraph wraps: compare it on one line
  std::replace(flat.begin(), flat.end(), '\n', ' ');
  EXPECT_NE(flat.find("Each of the two main diagonals (shaded) also holds each symbol once."), std::string::npos) << text;
  EXPECT_EQ(occurrences(text, "Puzzle "), 10) << text;
  EXPECT_NE(text.find("Puzzle 10"), std::string::npos);
  for (const char* level : {"Easy", "Medium", "Hard", "Expert", "Rating", "rated"})
    EXPECT_EQ(text.find(level), std::string::npos) << level << " printed in a variant book";
  EXPECT_EQ(pdfinfo(pdf, "Subject"), "10 puzzles");
  const json m = json::parse(slurp(manifest));
  expect_unique_puzzles(m, "x", 10);
  int previous_clues = 1000;
  for (const auto& p : m["puzzles"]) {
    const std::string id = std::to_string(p["id"].get<long long>());
    EXPECT_EQ(p["gid"], sql_text(db, "SELECT gid FROM puzzles WHERE id = " + id));
    EXPECT_EQ(p["puzzle"], sql_text(db, "SELECT puzzle FROM puzzles WHERE id = " + id));
    const auto puzzle = p["puzzle"].get<std::string>();
    const int clues = static_cast<int>(81 - std::count(puzzle.begin(), puzzle.end(), '.'));
    EXPECT_LE(clues, previous_clues) << "the most clues first";
    previous_clues = clues;
  }
  // --mark-used: the next book takes the 2 left, and a third runs short,
  // suggesting the generate command for the geometry.
  ASSERT_EQ(run_sudokit("book --db " + db + " --geometry x --count 10 --mark-used --out " + pdf).status, 0);
  auto next = run_sudokit("book --db " + db + " --geometry x --count 3 --out " + pdf);
  EXPECT_EQ(next.status, 1) << next.err;
  EXPECT_NE(next.err.find("x: 3 needed, 2 available (1 missing)"), std::string::npos) << next.err;
  EXPECT_NE(next.err.find("sudokit generate --db " + db + " --geometry x --count 1"), std::string::npos) << next.err;
}

// A 6x6 book from a file of puzzles (one a line, `generate`'s output), in
// the file's order, with the 6x6 rules on its how-to-play page; and a
// 16x16 book for print on a trim, its cells kept at 6.5 mm (2 a page).
TEST_F(VariantBookCli, SixBySixFromAFileAndSixteenBySixteenOnATrim) {
  const std::string six = dir_.file("six.txt");
  const auto g = run_sudokit("generate --geometry 6x6 --count 7 --seed 3");
  ASSERT_EQ(g.status, 0) << g.err;
  std::ofstream(six) << "# six by six\n" << g.out;
  const std::string pdf = dir_.file("six.pdf"), manifest = dir_.file("six.json");
  auto r = run_sudokit("book --puzzles " + six + " --geometry 6x6 --how-to-play --out " + pdf + " --manifest " + manifest);
  ASSERT_EQ(r.status, 0) << r.err;
  std::string how = page_text(pdf, 2);
  std::replace(how.begin(), how.end(), '\n', ' ');
  EXPECT_NE(how.find("every 2 \xC3\x97 3 box contains"), std::string::npos) << how;
  EXPECT_NE(how.find("symbols 1\xE2\x80\x93" "6 exactly once"), std::string::npos) << how;
  const std::string text = shell("pdftotext " + pdf + " -");
  EXPECT_EQ(occurrences(text, "Puzzle "), 7) << text;
  const json m = json::parse(slurp(manifest));
  expect_unique_puzzles(m, "6x6", 7);
  const auto lines = lines_of(g.out);
  for (std::size_t i = 0; i < lines.size(); ++i)  // the file's order
    EXPECT_EQ(m["puzzles"][i]["puzzle"], lines[i].substr(0, lines[i].find(' ')));
  // --count takes the first N; more than the file holds writes nothing.
  r = run_sudokit("book --puzzles - --geometry 6x6 --count 3 --out " + pdf + " --manifest " + manifest, g.out);
  ASSERT_EQ(r.status, 0) << r.err;
  expect_unique_puzzles(json::parse(slurp(manifest)), "6x6", 3);
  std::filesystem::remove(pdf);
  r = run_sudokit("book --puzzles " + six + " --geometry 6x6 --count 9 --out " + pdf);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find(six + ": 7 puzzles, 9 asked for (--count); nothing was written"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(pdf));

  const std::string db = variant_store("16x16", 3), big = dir_.file("16.pdf");
  r = run_sudokit("book --db " + db + " --geometry 16x16 --count 3 --trim 8.5x11 --pad-to 24 --symbols letters --out " +
                  big + " --manifest " + manifest);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("2 per page"), std::string::npos) << r.err;
  std::string title = page_text(big, 1);
  std::replace(title.begin(), title.end(), '\n', ' ');
  EXPECT_NE(title.find("every 4 \xC3\x97 4 box"), std::string::npos) << title;
  EXPECT_NE(title.find("symbols A\xE2\x80\x93P"), std::string::npos) << title;
  EXPECT_EQ(occurrences(shell("pdftotext " + big + " -"), "Puzzle "), 3);
  expect_unique_puzzles(json::parse(slurp(manifest)), "16x16", 3);
}

// Options about levels and ratings are refused with a variant, saying why;
// so are a file with a classic book, a file and a store together, and the
// store's filters with a file. Nothing is written.
TEST_F(VariantBookCli, LevelsAndRatingsAreRefusedWithTheReason) {
  const std::string db = variant_store("x", 3), pdf = dir_.file("x.pdf");
  const std::string file = dir_.file("x.txt");
  std::ofstream(file) << run_sudokit("generate --geometry x --count 2 --seed 4").out;
  for (const std::string bad : {"--level hard --count 2", "--levels easy,hard --count 2", "--count 2 --sections",
                                "--count 2 --solutions section", "--count 2 --show-rating", "--count 2 --min-rating 2",
                                "--count 2 --max-rating 5", "--count 2 --technique x-wing", "--count 2 --hardest x-wing",
                                "--count 2 --pick spread"}) {
    SCOPED_TRACE(bad);
    const auto r = run_sudokit("book --db " + db + " --geometry x " + bad + " --out " + pdf);
    EXPECT_EQ(r.status, 2) << r.err;
    const std::string option = bad.starts_with("--count 2 ") ? bad.substr(10) : bad.substr(0, bad.find(' '));
    const std::string name = option == "--solutions section" || option == "--pick spread" ? option : option.substr(0, option.find(' '));
    EXPECT_NE(r.err.find(name + " does not go with --geometry x: variant puzzles have no level and no rating until issue #48 "
                                "(unrated (variant))"),
              std::string::npos) << r.err;
  }
  struct Case {
    std::string args, message;
  };
  for (const Case& c : {Case{"--puzzles " + file + " --count 2", "--puzzles FILE goes with --geometry G (a variant book)"},
                        Case{"--puzzles " + file + " --geometry x --db " + db, "give --db FILE or --puzzles FILE, not both"},
                        Case{"--puzzles " + file + " --geometry x --mark-used", "--mark-used picks puzzles from the store"},
                        Case{"--puzzles " + file + " --geometry x --clues 30-", "--clues picks puzzles from the store"},
                        Case{"--db " + db + " --geometry x", "--count N is required with --geometry"},
                        Case{"--db " + db + " --geometry 'x,' --count 2", "--geometry: geometry:"},
                        Case{"--db " + db + " --geometry x --count 2 --symbols roman", "unknown --symbols 'roman'"},
                        Case{"--db " + db + " --count 2 --level hard --symbols letters", "--symbols goes with --geometry G"}}) {
    SCOPED_TRACE(c.args);
    const auto r = run_sudokit("book " + c.args + " --out " + pdf);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(pdf));
}

// A file whose puzzles cannot go in a book (a line that is no puzzle of the
// geometry, a given that breaks the X rule, several solutions) writes
// nothing and names every bad line.
TEST_F(VariantBookCli, BadPuzzlesInAFileWriteNothingAndAreNamed) {
  const auto g = run_sudokit("generate --geometry x --count 2 --seed 4");
  const auto lines = lines_of(g.out);
  ASSERT_EQ(lines.size(), 2u) << g.err;
  std::string good = lines[0].substr(0, 81);
  std::string clash = std::string(81, '.');  // 1 at r1c1 and r2c2: both on the main diagonal
  clash[0] = '1';
  clash[10] = '1';
  const std::string file = dir_.file("bad.txt"), pdf = dir_.file("b.pdf");
  std::ofstream(file) << good << '\n' << clash << '\n' << std::string(81, '.') << '\n';
  auto r = run_sudokit("book --puzzles " + file + " --geometry x --out " + pdf);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find(file + ":2: givens that break a rule of x: r1c1 (1), r2c2 (1)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(file + ":3: the puzzle has several solutions"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("2 puzzles cannot go in the book; nothing was written"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(pdf));
  std::ofstream(file) << good << '\n' << good.substr(0, 40) << '\n';
  r = run_sudokit("book --puzzles " + file + " --geometry x --out " + pdf);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find(file + ":2: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("1 lines of --puzzles are not puzzles of x; nothing was written"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(pdf));
}

// A grid whose cells would be under 6.5 mm is refused before anything is
// read or written, naming the page (the trim, or the paper and --per-page)
// and the grid's size, with what fits.
TEST_F(VariantBookCli, AGridTooLargeForThePageIsRefusedNamingTheTrimAndTheSize) {
  const std::string db = variant_store("x", 2), pdf = dir_.file("b.pdf");
  struct Case {
    std::string args, message;
  };
  for (const Case& c :
       {Case{"--geometry 25x25 --count 2 --trim 6x9",
             "--trim 6x9: a 25x25 grid at 1 puzzle a page has cells of 5.4 mm, under the 6.5 mm a solver needs to "
             "write in: use a larger trim"},
        Case{"--geometry 16x16 --count 2 --trim 6x9 --per-page 4",
             "--trim 6x9: a 16x16 grid at 4 puzzles a page has cells of "},
        Case{"--geometry 16x16 --count 2 --per-page 6",
             "--paper a4 --per-page 6: a 16x16 grid at 6 puzzles a page has cells of 4.7 mm, under the 6.5 mm a solver "
             "needs to write in: use --per-page 2 or --trim with a larger page"}}) {
    SCOPED_TRACE(c.args);
    const auto r = run_sudokit("book --db " + db + " " + c.args + " --out " + pdf);
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find("sudokit book: " + c.message), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(pdf));
  }
  // What fits is made: 16x16 at 2 a page on A4.
  const auto r = run_sudokit("book --db " + variant_store("16x16", 2) + " --geometry 16x16 --count 2 --per-page 2 --out " + pdf);
  EXPECT_EQ(r.status, 0) << r.err;
}

// daily --images with variant slots (--variant NAME=GEOMETRY): each slot's
// puzzle drawn as its geometry beside the date's JSON (DATE-SLOT.png, named
// in its `image` field), the same image `sudokit render --geometry` draws;
// a run that runs short leaves no image and no staged file.
TEST_F(VariantBookCli, DailyImagesDrawTheVariantSlots) {
  const std::string db = variant_store("x", 3);
  ASSERT_EQ(run_sudokit("generate --geometry 6x6 --count 3 --seed 1 --db " + db).status, 0);
  const std::string out = dir_.file("daily");
  const std::string slots = " --levels daily-x,daily-6 --variant daily-x=x --variant daily-6=6x6";
  for (const char* format : {"png", "svg"}) {
    SCOPED_TRACE(format);
    const std::string from = std::string(format) == "png" ? "2027-01-01" : "2027-02-01";
    const auto r = run_sudokit("daily --db " + db + " --from " + from + " --days 1" + slots + " --out " + out +
                               " --images " + format);
    ASSERT_EQ(r.status, 0) << r.err;
    const json day = json::parse(slurp(out + "/" + from + ".json"));
    for (const auto& [slot, geometry] : {std::pair<std::string, std::string>{"daily-x", "x"}, {"daily-6", "6x6"}}) {
      const json& entry = day["puzzles"][slot];
      EXPECT_EQ(entry["geometry"], geometry);
      const std::string image = entry["image"];
      EXPECT_EQ(image, from + "-" + slot + "." + format);
      const std::string drawn = dir_.file("render." + std::string(format));
      const auto rendered = run_sudokit("render " + entry["puzzle"].get<std::string>() + " --geometry " + geometry +
                                        " --format " + format + " --out " + drawn);
      ASSERT_EQ(rendered.status, 0) << rendered.err;
      // cairo numbers the SVG surfaces it makes in a process: compare without that number.
      const std::regex surface_id("id=\"surface[0-9]+\"");
      const std::string bytes = std::regex_replace(slurp(out + "/" + image), surface_id, "id=\"surface\"");
      EXPECT_GT(bytes.size(), 500u) << image;
      EXPECT_TRUE(bytes == std::regex_replace(slurp(drawn), surface_id, "id=\"surface\"")) << image << " is not the variant's drawing";
    }
  }
  // Short of x puzzles (1 left): nothing assigned, no image, no staged file.
  const std::string short_out = dir_.file("short");
  const auto r = run_sudokit("daily --db " + db + " --from 2028-01-01 --days 2" + slots + " --out " + short_out + " --images png");
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_TRUE(!std::filesystem::exists(short_out) || std::filesystem::is_empty(short_out));
  EXPECT_EQ(sql_text(db, "SELECT count(*) FROM daily WHERE date >= '2028-01-01'"), "0");
}

}  // namespace
}  // namespace sudokit
