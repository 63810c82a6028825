// End-to-end tests of `sudokit book`: the real command on a store filled by
// `sudokit generate --db` (graded_store.hpp), its PDFs opened with
// poppler-utils (pdf_check.hpp: pdfinfo for pages and paper, pdftoppm for
// pixels, pdftotext for words; pdffonts for the embedded font), its
// manifests and puzzles checked against the store. Error cases check the
// exit status, the message, and that nothing was written or marked used.
#include <gtest/gtest.h>
#include <unistd.h>

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "graded_store.hpp"
#include "pdf_check.hpp"
#include "run.hpp"
#include "store_check.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit {
namespace {

using namespace sudokit::test;
using json = nlohmann::json;

class BookCli : public GradedStore {};

// A book with filters that runs short suggests a generate command with the
// same filters (as generate's options), and running it fills the gap: the
// same book is then made. A filter no puzzle of the level can meet is said
// to be so, with no command.
TEST_F(BookCli, TheCommandABookSuggestsFillsTheGap) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  for (const std::string filters : {"--level medium --count 3 --clues 26-28 --symmetry rot180",
                                    "--level hard --count 2 --hardest x-wing --symmetry mirror"}) {
    SCOPED_TRACE(filters);
    auto r = run_sudokit("book --db " + db + " " + filters + " --out " + pdf);
    ASSERT_EQ(r.status, 1) << r.err;
    const std::vector<std::string> suggestions = suggested_commands(r.err);
    ASSERT_EQ(suggestions.size(), 1u) << r.err;
    const auto g = run_sudokit(suggestions[0] + " --seed 5");
    ASSERT_EQ(g.status, 0) << suggestions[0] << ": " << g.err;
    r = run_sudokit("book --db " + db + " " + filters + " --out " + pdf);
    EXPECT_EQ(r.status, 0) << suggestions[0] << ": " << r.err;
  }
  // x-wing is rated 3.2: no expert puzzle's hardest step is one.
  const auto r = run_sudokit("book --db " + db + " --level expert --count 2 --hardest x-wing --out " + pdf);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("no expert puzzle can meet --hardest x-wing (rated 3.2): expert puzzles are rated 7.0 to 8.4"),
            std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("sudokit generate"), std::string::npos) << r.err;
}

TEST_F(BookCli, BookHasTheExpectedPagesOnBothPapers) {
  const std::string db = store();
  struct Case {
    int count, per_page;
    const char* paper;
    bool solutions;
    int pages;
  };
  for (const Case& c : {Case{60, 6, "a4", true, 16}, Case{7, 4, "letter", true, 4}, Case{5, 1, "a4", false, 6},
                        Case{13, 2, "letter", true, 10}, Case{24, 6, "letter", true, 7}, Case{12, 4, "a4", true, 5}}) {
    const std::string pdf = dir_.file("b.pdf");
    const auto r = run_sudokit("book --db " + db + " --level medium --count " + std::to_string(c.count) + " --per-page " +
                               std::to_string(c.per_page) + " --paper " + c.paper +
                               (c.solutions ? "" : " --no-solutions") + " --out " + pdf);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(pdfinfo(pdf, "Pages"), std::to_string(c.pages)) << c.count << " per page " << c.per_page;
    EXPECT_EQ(pdfinfo(pdf, "Page size").substr(0, 19), std::string(c.paper) == "a4" ? "595.276 x 841.89 pt" : "612 x 792 pts (lett");
    EXPECT_NE(r.err.find(std::to_string(c.pages) + " pages"), std::string::npos) << r.err;
  }
}

// A second volume goes on numbering where the first stopped and is padded
// with blank pages for the printer.
TEST_F(BookCli, BookVolumesContinueNumberingAndPadForThePrinter) {
  const std::string db = store(), pdf = dir_.file("v2.pdf");
  const auto r = run_sudokit("book --db " + db + " --level medium --count 13 --per-page 4 --first-number 61 --pad-to 8 --out " +
                             pdf + " --manifest " + dir_.file("v2.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(pdfinfo(pdf, "Pages"), "8");  // 1 + 4 + 2 = 7 pages, padded to 8
  EXPECT_EQ(pdfinfo(pdf, "Subject"), "13 puzzles (numbers 61 to 73), all Medium");
  EXPECT_NE(page_text(pdf, 2).find("Puzzle 61"), std::string::npos) << page_text(pdf, 2);
  EXPECT_NE(page_text(pdf, 5).find("Puzzle 73"), std::string::npos) << page_text(pdf, 5);
  EXPECT_EQ(page_text(pdf, 5).find("Puzzle 74"), std::string::npos);
  EXPECT_NE(page_text(pdf, 7).find("73"), std::string::npos);  // the last solution
  std::string last = page_text(pdf, 8);
  last.erase(std::remove_if(last.begin(), last.end(), [](unsigned char c) { return std::isspace(c) != 0; }), last.end());
  EXPECT_EQ(last, "") << "the padding page is blank";
  const json m = json::parse(slurp(dir_.file("v2.json")));
  EXPECT_EQ(m["puzzles"][0]["number"], 61);
  EXPECT_EQ(m["pages"], 8);
  for (const auto& p : m["puzzles"])  // the same global id as every export
    EXPECT_EQ(p["gid"], global_id(grid_of(p["puzzle"].get<std::string>())));
  for (const char* bad : {"--first-number 0", "--pad-to -2", "--pad-to 65", "--first-number 2000000000"}) {
    const auto b = run_sudokit("book --db " + db + " --level medium --count 2 --out " + pdf + " " + bad);
    EXPECT_EQ(b.status, 2) << bad;
    EXPECT_NE(b.err.find(std::string(bad).substr(0, std::string(bad).find(' ')) + " must be"), std::string::npos) << b.err;
  }
}

TEST_F(BookCli, BookPagesAreInkedAndNothingRunsOffThePage) {
  const std::string db = store();
  for (const char* paper : {"a4", "letter"})
    for (int per_page : {1, 2, 4, 6}) {
      SCOPED_TRACE(std::string(paper) + " " + std::to_string(per_page));
      const std::string pdf = dir_.file("b.pdf");
      const auto r = run_sudokit("book --db " + db + " --levels medium,hard --count " + std::to_string(per_page + 1) +
                                 " --per-page " + std::to_string(per_page) + " --paper " + paper +
                                 " --show-rating --title 'A Very Long Title That Must Wrap Onto Several Lines Without Running Off' --out " + pdf);
      ASSERT_EQ(r.status, 0) << r.err;
      const int pages = std::stoi(pdfinfo(pdf, "Pages"));
      for (int page = 1; page <= pages; ++page) {
        const Pgm img = page_image(pdf, page, 40, dir_.file(""));
        const auto [all, edge] = ink(img, 40, 8);
        EXPECT_GT(all, 500) << "page " << page << " is blank";
        EXPECT_EQ(edge, 0) << "page " << page << " has ink within 8 mm of its edge";
      }
      // A full puzzle page holds 9 x 9 x per_page cells' worth of grid: far more ink than a title page.
      EXPECT_GT(ink(page_image(pdf, 2, 40, dir_.file("")), 40, 8).first,
                ink(page_image(pdf, 1, 40, dir_.file("")), 40, 8).first);
    }
}

// Print-on-demand trims: page and trim sizes as pdfinfo reads them, the bleed
// on the outside edge, and on every page no ink outside the safe area (KDP's
// margins computed here from its table, independently of the library),
// above all none in the gutter.
TEST_F(BookCli, PrintBooksHaveTheTrimBleedAndMarginsThePrinterWants) {
  const std::string db = store();
  struct Case {
    const char* trim;
    double w_in, h_in;
    bool bleed;
    const char* extra;
  };
  // (At least 24 pages each: a print book fails its own preflight otherwise.)
  for (const Case& c : {Case{"6x9", 6, 9, true, "--levels medium,hard --count 80"},
                        Case{"5x8", 5, 8, false, "--level medium --count 40"},
                        Case{"8.5x11", 8.5, 11, true, "--level medium --count 21 --large-print"},
                        Case{"150x230mm", 150 / 25.4, 230 / 25.4, false, "--level medium --count 40 --per-page 2"}}) {
    SCOPED_TRACE(c.trim);
    const std::string pdf = dir_.file("p.pdf");
    const auto r = run_sudokit("book --db " + db + " " + c.extra + " --trim " + c.trim + (c.bleed ? " --bleed" : "") +
                               " --show-rating --out " + pdf);
    ASSERT_EQ(r.status, 0) << r.err;
    const int pages = std::stoi(pdfinfo(pdf, "Pages"));
    EXPECT_EQ(pages % 2, 0);
    const double bleed = c.bleed ? 9 : 0, w = c.w_in * 72, h = c.h_in * 72;
    const double gutter = (pages <= 150 ? 0.375 : 0.5) * 72, edge = (c.bleed ? 0.375 : 0.25) * 72;
    for (int page = 1; page <= pages; ++page) {
      SCOPED_TRACE("page " + std::to_string(page));
      const bool right = page % 2 == 1;
      const auto media = page_box(pdf, page, "MediaBox"), trim = page_box(pdf, page, "TrimBox"),
                 bleed_box = page_box(pdf, page, "BleedBox");
      ASSERT_EQ(media.size(), 4u);
      EXPECT_NEAR(media[2], w + bleed, 0.01);
      EXPECT_NEAR(media[3], h + 2 * bleed, 0.01);
      EXPECT_EQ(bleed_box, media);
      ASSERT_EQ(trim.size(), 4u);
      EXPECT_NEAR(trim[0], right ? 0 : bleed, 0.01);  // bleed on the outside edge
      EXPECT_NEAR(trim[1], bleed, 0.01);
      EXPECT_NEAR(trim[2] - trim[0], w, 0.01);
      EXPECT_NEAR(trim[3] - trim[1], h, 0.01);
      // The safe area in pixels at 72 dpi (1 px = 1 pt; y from the top).
      const double left_edge = (right ? 0 : bleed) + (right ? gutter : edge);
      const double right_edge = (right ? 0 : bleed) + w - (right ? edge : gutter);
      const double top = bleed + edge, bottom = bleed + h - edge;
      const Pgm img = page_image(pdf, page, 72, dir_.file(""));
      long outside = 0, in_gutter = 0, all = 0;
      for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x) {
          if (img.at(x, y) >= 200) continue;
          ++all;
          if (x + 1 < left_edge || x > right_edge || y + 1 < top || y > bottom) ++outside;
          if (right ? x + 1 < left_edge : x > right_edge) ++in_gutter;
        }
      EXPECT_EQ(outside, 0);
      EXPECT_EQ(in_gutter, 0);
      // Page 2, the title page's back, is blank; so may be the last (an even count).
      if (page == 2) {
        EXPECT_EQ(all, 0);
      } else if (page != pages) {
        EXPECT_GT(all, 200) << "blank";
      }
    }
  }
}

// Large print is large throughout: the title page, the copyright page, the
// contents, the how-to-play and section pages and the answer key set no
// word smaller than 14 pt (pdftotext's word boxes, the answer key's digits
// included: DejaVu Sans' ascent and descent make a box 1.16 times the size).
TEST_F(BookCli, LargePrintIsLargeFromCoverToAnswerKey) {
  const std::string db = store(), pdf = dir_.file("lp.pdf");
  const auto r = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 11 --trim 8.5x11 --large-print "
                             "--how-to-play --copyright 'Copyright (c) 2026 Jane Doe' --isbn 978-3-16-148410-0 --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  const std::string boxes = shell("pdftotext -bbox " + pdf + " -");
  int words = 0, small = 0;
  std::string smallest;
  for (std::size_t at = boxes.find("<word "); at != std::string::npos; at = boxes.find("<word ", at + 1)) {
    const auto number = [&](const char* key) { return std::stod(boxes.substr(boxes.find(key, at) + std::strlen(key) + 2)); };
    const double height = number("yMax") - number("yMin");
    ++words;
    if (height < 14 * 1.16 - 0.3) {
      ++small;
      smallest = boxes.substr(at, boxes.find("</word>", at) - at);
    }
  }
  EXPECT_GT(words, 1500);
  EXPECT_EQ(small, 0) << smallest;
}

TEST_F(BookCli, PrintBookOptionsAreChecked) {
  const std::string db = store(), pdf = dir_.file("p.pdf");
  struct Case {
    const char* args;
    const char* says;
  };
  for (const Case& c : {Case{"--trim 6x9cm", "--trim: '6x9cm' is not a trim size"},
                        Case{"--trim 12x18in", "4 x 6 in to 8.5 x 11.69 in"},
                        Case{"--trim 5x8 --per-page 6", "use --per-page 2"},
                        Case{"--trim 5x8 --large-print", "large print needs digits of at least 28 pt"},
                        Case{"--trim 6x9 --gutter 0.2", "--gutter must be a number from 0.375 to 3"},
                        Case{"--bleed", "--bleed needs --trim"},
                        Case{"--paper letter --trim 6x9", "--paper or --trim"},
                        Case{"--trim 8.5x11 --large-print --per-page 2", "leave --per-page out"}}) {
    const auto r = run_sudokit("book --db " + db + " --level medium --count 20 --out " + pdf + " " + c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << ": " << r.err;
    EXPECT_FALSE(std::filesystem::exists(pdf)) << c.args;
  }
}

// The filters of `db export` and the pick order choose a book's puzzles.
TEST_F(BookCli, BookFiltersAndPicksItsPuzzles) {
  const std::string db = store(), pdf = dir_.file("f.pdf"), manifest = dir_.file("f.json");
  auto ratings = [&](const std::string& args) {
    const auto r = run_sudokit("book --db " + db + " " + args + " --out " + pdf + " --manifest " + manifest);
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    std::vector<double> out;
    if (r.status != 0) return out;
    const json m = json::parse(slurp(manifest));
    for (const auto& p : m["puzzles"]) out.push_back(p["er"].get<double>());
    return out;
  };
  const auto oldest = ratings("--level medium --count 8");
  const auto spread = ratings("--level medium --count 8 --pick spread");
  ASSERT_EQ(spread.size(), 8u);
  EXPECT_TRUE(std::is_sorted(spread.begin(), spread.end()));
  // Spread reaches the ends of the level's range (medium is ER 1.5 to 2.5).
  EXPECT_GE(spread.back() - spread.front(), oldest.back() - oldest.front());
  const auto low = ratings("--level medium --count 3 --max-rating 1.7");
  for (double r : low) EXPECT_LE(r, 1.7 + 1e-9);
  EXPECT_EQ(ratings("--level medium --count 4 --pick random --seed 5"), ratings("--level medium --count 4 --pick random --seed 5"));
  EXPECT_EQ(ratings("--levels medium,hard --count-per-level 2").size(), 4u);
  // Nothing in the store has 40 clues: short, nothing written.
  const auto none = run_sudokit("book --db " + db + " --level medium --count 2 --clues 40-50 --out " + dir_.file("n.pdf"));
  EXPECT_EQ(none.status, 1) << none.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("n.pdf")));
  for (const char* bad : {"--pick newest", "--seed 3", "--clues 9-x", "--symmetry spiral", "--technique telepathy",
                          "--count-per-level 2", "--min-rating 5 --max-rating 4"}) {
    const auto r = run_sudokit("book --db " + db + " --level medium --count 2 --out " + pdf + " " + bad);
    EXPECT_EQ(r.status, 2) << bad << ": " << r.err;
  }
}

// Sections: a contents page, a title page per level, solutions after each
// section or at the end, and the page numbers the contents gives are right.
TEST_F(BookCli, BookSectionsHaveContentsTitlesAndAnswerKeys) {
  const std::string db = store(), pdf = dir_.file("s.pdf"), manifest = dir_.file("s.json");
  const auto r = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 5 --solutions section --trim 6x9 "
                             "--per-page 2 --pad-to 24 --out " + pdf + " --manifest " + manifest);
  ASSERT_EQ(r.status, 0) << r.err;
  // Title, blank, contents (3), blank, medium (5: a section opens on a
  // right-hand page), 3 puzzle pages, 1 solutions page (9), blank, hard (11),
  // 3 + 1: 15, padded to the printers' 24.
  EXPECT_EQ(pdfinfo(pdf, "Pages"), "24");
  const std::string contents = page_text(pdf, 3);
  EXPECT_NE(contents.find("Contents"), std::string::npos) << contents;
  for (const char* line : {"Medium", "Solutions: Medium", "Hard", "Solutions: Hard"})
    EXPECT_NE(contents.find(line), std::string::npos) << line << "\n" << contents;
  auto page_of = [&](const std::string& entry) {  // the number at the end of the contents line
    const std::size_t at = contents.find(entry + " ");
    if (at == std::string::npos) return -1;
    const std::size_t digits = contents.find_first_of("0123456789", at + entry.size());
    return std::stoi(contents.substr(digits));
  };
  EXPECT_EQ(page_of("Medium"), 5);
  EXPECT_EQ(page_of("Solutions: Medium"), 9);
  EXPECT_EQ(page_of("Hard"), 11);
  EXPECT_EQ(page_of("Solutions: Hard"), 15);
  EXPECT_NE(page_text(pdf, 5).find("Puzzles 1 to 5"), std::string::npos) << page_text(pdf, 5);
  EXPECT_NE(page_text(pdf, 9).find("Solutions: Medium"), std::string::npos) << page_text(pdf, 9);
  EXPECT_NE(page_text(pdf, 11).find("Puzzles 6 to 10"), std::string::npos) << page_text(pdf, 11);
  const json m = json::parse(slurp(manifest));
  EXPECT_EQ(m["puzzles"][0]["page"], 6);
  EXPECT_EQ(m["puzzles"][0]["solution_page"], 9);
  EXPECT_EQ(m["puzzles"][5]["page"], 12);
  EXPECT_EQ(m["puzzles"][9]["solution_page"], 15);
  // Ascending ratings within each section.
  for (int i = 1; i < 10; ++i)
    if (i != 5) {
      EXPECT_LE(m["puzzles"][i - 1]["er"].get<double>(), m["puzzles"][i]["er"].get<double>()) << i;
    }
  // --solutions none and a bad value.
  const auto none = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 2 --solutions none --out " + pdf);
  ASSERT_EQ(none.status, 0) << none.err;
  EXPECT_EQ(page_text(pdf, 2).find("Solutions"), std::string::npos);
  const auto bad = run_sudokit("book --db " + db + " --level medium --count 2 --solutions middle --out " + dir_.file("x.pdf"));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("unknown --solutions 'middle'"), std::string::npos) << bad.err;
}

// `book --out x.png` (and other names of another kind of file) is a usage
// error before anything is opened, not a PDF under another name; .pdf in any
// case and names that say nothing (x.out, no extension) are written.
TEST_F(BookCli, BookRefusesAnOutNameOfAnotherFormat) {
  const std::string db = store();
  for (const char* name : {"b.png", "b.SVG", "b.json", "b.csv", "b.txt", "b.ipuz"}) {
    const auto r = run_sudokit("book --db " + db + " --level hard --count 4 --out " + dir_.file(name));
    EXPECT_EQ(r.status, 2) << name << ": " << r.err;
    EXPECT_NE(r.err.find("a book is a PDF"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir_.file(name))) << name;
  }
  for (const char* name : {"b.PDF", "b.out", "book"}) {
    const auto r = run_sudokit("book --db " + db + " --level hard --count 4 --out " + dir_.file(name));
    ASSERT_EQ(r.status, 0) << name << ": " << r.err;
    EXPECT_EQ(slurp(dir_.file(name)).substr(0, 5), "%PDF-") << name;
  }
}

TEST_F(BookCli, BookReadsLikeABook) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  const auto r = run_sudokit("book --db " + db + " --level hard --count 8 --per-page 6 --show-rating "
                             "--title 'Hard Sudoku, Volume 1' --subtitle 'For the train' --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(pdfinfo(pdf, "Title"), "Hard Sudoku, Volume 1");
  EXPECT_EQ(pdfinfo(pdf, "Pages"), "4");
  const std::string title = page_text(pdf, 1);
  EXPECT_NE(title.find("Hard Sudoku, Volume 1"), std::string::npos) << title;
  EXPECT_NE(title.find("For the train"), std::string::npos);
  // A subtitle replaces the summary line (which a book without one has).
  EXPECT_EQ(title.find("8 puzzles, all Hard"), std::string::npos) << title;
  EXPECT_NE(title.find("solutions start on page 4"), std::string::npos) << title;
  ASSERT_EQ(run_sudokit("book --db " + db + " --level hard --count 8 --title T --out " + dir_.file("s.pdf")).status, 0);
  EXPECT_NE(page_text(dir_.file("s.pdf"), 1).find("8 puzzles, all Hard"), std::string::npos);
  const std::string first = page_text(pdf, 2);
  for (int n = 1; n <= 6; ++n) EXPECT_NE(first.find("Puzzle " + std::to_string(n)), std::string::npos) << first;
  EXPECT_EQ(first.find("Puzzle 7"), std::string::npos);
  EXPECT_NE(first.find("Hard · rating "), std::string::npos) << first;
  EXPECT_NE(page_text(pdf, 3).find("Puzzle 8"), std::string::npos);
  const std::string solutions = page_text(pdf, 4);
  EXPECT_NE(solutions.find("Solutions"), std::string::npos);
  // The font is DejaVu Sans, embedded.
  const std::string fonts = shell("pdffonts " + pdf);
  EXPECT_NE(fonts.find("DejaVuSans "), std::string::npos) << fonts;
  EXPECT_NE(fonts.find("DejaVuSans-Bold"), std::string::npos) << fonts;
  EXPECT_EQ(fonts.find(" no "), std::string::npos) << "a font is not embedded:\n" << fonts;
}

TEST_F(BookCli, BookFrontMatterCopyrightIsbnAndHowToPlay) {
  const std::string db = store(), pdf = dir_.file("b.pdf"), manifest = dir_.file("b.json");
  auto r = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 40 --trim 6x9 --title Road "
                       "--copyright 'Copyright (c) 2026 Jane Doe' --copyright 'All rights reserved.' "
                       "--isbn 978-3-16-148410-0 --how-to-play --manifest " + manifest + " --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  // Page 2, the title page's back: the copyright lines and the ISBN.
  const std::string copyright = page_text(pdf, 2);
  EXPECT_NE(copyright.find("Copyright (c) 2026 Jane Doe"), std::string::npos) << copyright;
  EXPECT_NE(copyright.find("All rights reserved."), std::string::npos) << copyright;
  EXPECT_NE(copyright.find("ISBN 978-3-16-148410-0"), std::string::npos) << copyright;
  // Contents (3), how to play (4): the rules, the levels with their ratings here.
  EXPECT_NE(page_text(pdf, 3).find("Contents"), std::string::npos);
  std::string how;  // the page's words, one space between them (lines wrap)
  {
    std::istringstream words(page_text(pdf, 4));
    for (std::string w; words >> w;) how += (how.empty() ? "" : " ") + w;
  }
  EXPECT_NE(how.find("How to play"), std::string::npos) << how;
  EXPECT_NE(how.find("The levels"), std::string::npos) << how;
  const auto m = nlohmann::json::parse(slurp(manifest));
  for (const char* level : {"Medium", "Hard"}) EXPECT_NE(how.find(level), std::string::npos) << how;
  double low = 99, high = 0;
  for (const auto& p : m["puzzles"])
    if (p["level"] == "hard") low = std::min(low, p["er"].get<double>()), high = std::max(high, p["er"].get<double>());
  char range[64];
  std::snprintf(range, sizeof range, "rated %.1f to %.1f", low, high);
  EXPECT_NE(how.find(range), std::string::npos) << range << "\n" << how;
  EXPECT_NE(how.find("solutions start on page"), std::string::npos);
  // The first section's title page, before puzzle 1, is a right-hand page;
  // the title page has no rules now.
  EXPECT_EQ((m["puzzles"][0]["page"].get<int>() - 1) % 2, 1) << m["puzzles"][0];
  EXPECT_NE(page_text(pdf, m["puzzles"][0]["page"].get<int>() - 1).find("Puzzles 1 to 40"), std::string::npos);
  EXPECT_EQ(page_text(pdf, 1).find("How to play"), std::string::npos);
  // The title page names the author and the imprint when given.
  r = run_sudokit("book --db " + db + " --level hard --count 4 --author 'A. Setter' --imprint 'Grid & Pencil Press' "
                  "--out " + dir_.file("a.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string title_page = page_text(dir_.file("a.pdf"), 1);
  EXPECT_NE(title_page.find("A. Setter"), std::string::npos) << title_page;
  EXPECT_NE(title_page.find("Grid & Pencil Press"), std::string::npos) << title_page;
  EXPECT_NE(title_page.find("How to play"), std::string::npos) << title_page;
  r = run_sudokit("book --db " + db + " --level hard --count 4 --author '\xE6\x95\xB0' --out " + dir_.file("x.pdf"));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--author: the book's font (DejaVu Sans) has no glyph"), std::string::npos) << r.err;
  // The printer's rules hold.
  r = run_sudokit("preflight " + pdf);
  EXPECT_EQ(r.status, 0) << r.out;
  // A wrong check digit, or not an ISBN: a usage error, nothing written.
  for (const char* bad : {"978-3-16-148410-1", "12345", "0-306-40615-3", "97831614841X0"}) {
    r = run_sudokit("book --db " + db + " --level hard --count 4 --isbn " + std::string(bad) + " --out " + dir_.file("x.pdf"));
    EXPECT_EQ(r.status, 2) << bad << ": " << r.err;
    EXPECT_NE(r.err.find("is not an ISBN"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir_.file("x.pdf")));
  // Text the font has no glyph for is refused, naming the characters.
  r = run_sudokit("book --db " + db + " --level hard --count 4 --title '\xE6\x95\xB0\xE7\x8B\xAC' --out " + dir_.file("x.pdf"));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--title: the book's font (DejaVu Sans) has no glyph for U+6570"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("x.pdf")));
  // An ISBN-10 (with X) is taken; on paper the copyright page is page 2.
  r = run_sudokit("book --db " + db + " --level hard --count 4 --isbn 0-8044-2957-X --out " + dir_.file("p.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(page_text(dir_.file("p.pdf"), 2).find("ISBN 0-8044-2957-X"), std::string::npos);
}

TEST_F(BookCli, BookIpuzDirHoldsTheBooksPuzzlesAsDbExportWritesThem) {
  const std::string db = store(), dir = dir_.file("ipuz"), manifest = dir_.file("b.json");
  auto r = run_sudokit("book --db " + db + " --levels medium,hard --count 12 --ipuz-dir " + dir + " --manifest " +
                       manifest + " --out " + dir_.file("b.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("12 ipuz files in " + dir), std::string::npos) << r.err;
  // The same documents `db export --format ipuz` writes for those puzzles.
  const std::string all = dir_.file("all");
  ASSERT_EQ(run_sudokit("db export --db " + db + " --format ipuz --out " + all).status, 0);
  const auto m = nlohmann::json::parse(slurp(manifest));
  ASSERT_EQ(m["puzzles"].size(), 12u);
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    ++files;
    EXPECT_EQ(slurp(e.path().string()), slurp(all + "/" + e.path().filename().string())) << e.path();
  }
  EXPECT_EQ(files, 12u);
  // GID.ipuz, or _GID.ipuz for an id that begins with '-': no name reads as an option.
  auto stem = [](const std::string& gid) { return (gid[0] == '-' ? "_" : "") + gid; };
  for (const auto& p : m["puzzles"])
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + stem(p["gid"].get<std::string>()) + ".ipuz")) << p;
  std::size_t dashed = 0, exported = 0;
  for (const auto& e : std::filesystem::directory_iterator(all)) {
    const std::string name = e.path().filename().string();
    ++exported;
    EXPECT_NE(name[0], '-') << name;
    const std::string gid = json::parse(slurp(e.path().string()))["uniqueid"].get<std::string>();
    EXPECT_EQ(name, stem(gid) + ".ipuz");
    if (gid[0] == '-') ++dashed;
  }
  EXPECT_EQ(exported, 400u);
  EXPECT_GT(dashed, 0u) << "no id begins with '-' in this store: the names are not tried";
  // A book that fails writes no ipuz file either, and leaves no directory it made.
  const std::string dir2 = dir_.file("ipuz2");
  r = run_sudokit("book --db " + db + " --level hard --count 4 --ipuz-dir " + dir2 + " --out " +
                  dir_.file("missing/b.pdf"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir2));
  // The same when it fails after the documents were staged: the used marks
  // cannot be written (another connection holds the write lock).
  sqlite3* lock = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &lock), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(lock, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  const std::string dir3 = dir_.file("new/ipuz3");
  r = run_sudokit("book --db " + db + " --level hard --count 4 --mark-used --busy-timeout 0 --ipuz-dir " + dir3 +
                  " --out " + dir_.file("c.pdf"));
  sqlite3_exec(lock, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(lock);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("c.pdf")));
  EXPECT_FALSE(std::filesystem::exists(dir_.file("new"))) << r.err;
}

TEST_F(BookCli, BookSpeaksTheLanguageAskedAndTakesALabelFile) {
  const std::string db = store(), pdf = dir_.file("fr.pdf");
  auto r = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 6 --per-page 6 --show-rating "
                       "--sections --how-to-play --language fr --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  std::string text;  // every page's words, one space between them (pdftotext gives no-break spaces as spaces)
  {
    std::istringstream words(shell("pdftotext " + pdf + " -"));
    for (std::string w; words >> w;) text += (text.empty() ? "" : " ") + w;
  }
  for (const char* words : {"12 grilles : 6 Moyen, 6 Difficile", "Sommaire", "R\xC3\xA8gles du jeu", "Les niveaux",
                            "Grilles 1 \xC3\xA0 6", "Grille 1", "Moyen \xC2\xB7 note 1,"})
    EXPECT_NE(text.find(words), std::string::npos) << words << "\n" << text.substr(0, 600);
  EXPECT_EQ(text.find("Puzzle "), std::string::npos);
  // A label file over the language: its words, the rest French.
  std::ofstream(dir_.file("labels.json")) << R"({"puzzle": "N\u00b0 {n}", "levels": {"hard": "Costaud"}})";
  r = run_sudokit("book --db " + db + " --levels medium,hard --count 4 --per-page 4 --language fr --labels " +
                  dir_.file("labels.json") + " --out " + dir_.file("l.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = page_text(dir_.file("l.pdf"), 2);
  EXPECT_NE(page.find("N\xC2\xB0 1"), std::string::npos) << page;
  EXPECT_NE(shell("pdftotext " + dir_.file("l.pdf") + " -").find("Costaud"), std::string::npos);
  // Refused: an unknown language, a label that drops its number, words the font cannot print.
  std::ofstream(dir_.file("lost.json")) << R"({"puzzle": "Puzzle"})";
  std::ofstream(dir_.file("cjk.json")) << R"({"solutions": "\u89e3\u7b54"})";
  // A label too long for its box (a word that cannot wrap): named with its
  // file, bad input like the rest (issue #44; it named no file and exited 1).
  std::ofstream(dir_.file("long.json")) << R"({"rules": ")" << std::string(160, 'W') << R"("})";
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"--labels " + dir_.file("long.json"), dir_.file("long.json") + ": label \"rules\": \"How to play: WWW"},
           {"--title " + std::string(160, 'W'), "--title \"WWW"},
           {"--language it", "unknown --language 'it' (expected en, de, fr or es)"},
           {"--labels " + dir_.file("lost.json"), "lost.json: puzzle: the text must hold {n}"},
           {"--labels " + dir_.file("cjk.json"), "has no glyph for U+89E3"},
           {"--labels " + dir_.file("none.json"), "none.json: cannot read"}}) {
    r = run_sudokit("book --db " + db + " --level hard --count 4 " + args + " --out " + dir_.file("x.pdf"));
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir_.file("x.pdf")));
}

TEST_F(BookCli, BookIsReproducibleWithSourceDateEpoch) {
  const std::string db = store();
  const std::string cmd = std::string("SOURCE_DATE_EPOCH=1798761600 ") + SUDOKIT_BIN + " book --db " + db +
                          " --levels medium,hard --count 9 --title Reproducible --out ";
  int status = 0;
  shell(cmd + dir_.file("a.pdf") + " 2>/dev/null", &status);
  ASSERT_EQ(status, 0);
  sleep(1);  // a different second: only the fixed date can make them equal
  shell(cmd + dir_.file("b.pdf") + " 2>/dev/null", &status);
  ASSERT_EQ(status, 0);
  EXPECT_EQ(slurp(dir_.file("a.pdf")), slurp(dir_.file("b.pdf")));
  EXPECT_NE(pdfinfo(dir_.file("a.pdf"), "CreationDate").find("2027"), std::string::npos);
}

json manifest(const std::string& path) { return json::parse(slurp(path)); }

std::set<long long> manifest_ids(const json& m) {
  std::set<long long> ids;
  for (const auto& p : m["puzzles"]) ids.insert(p["id"].get<long long>());
  return ids;
}

TEST_F(BookCli, BookMixesLevelsInAscendingDifficulty) {
  const std::string db = store();
  const auto r = run_sudokit("book --db " + db + " --levels hard,medium,diabolical --count 10 --out " + dir_.file("b.pdf") +
                             " --manifest " + dir_.file("m.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  const json m = manifest(dir_.file("m.json"));
  ASSERT_EQ(m["puzzles"].size(), 10u);
  // 10 shared out among 3 levels: 4 medium, 3 hard, 3 diabolical, in that order.
  std::vector<std::string> levels;
  for (const auto& p : m["puzzles"]) levels.push_back(p["level"]);
  EXPECT_EQ(levels, (std::vector<std::string>{"medium", "medium", "medium", "medium", "hard", "hard", "hard", "diabolical",
                                              "diabolical", "diabolical"}));
  for (std::size_t i = 1; i < 10; ++i) {
    EXPECT_EQ(m["puzzles"][i]["number"], i + 1);
    if (levels[i] == levels[i - 1]) {
      EXPECT_LE(m["puzzles"][i - 1]["er"].get<double>(), m["puzzles"][i]["er"].get<double>());
    }
  }
  for (const auto& p : m["puzzles"]) {
    const Grid puzzle = grid_of(p["puzzle"].get<std::string>());
    EXPECT_EQ(solve(puzzle, 2).count, 1u);
    EXPECT_EQ(format_line(solve(puzzle, 2).solution), p["solution"]);
  }
  EXPECT_NE(page_text(dir_.file("b.pdf"), 1).find("10 puzzles: 4 Medium, 3 Hard, 3 Diabolical"), std::string::npos);
  // Explicit counts per level.
  ASSERT_EQ(run_sudokit("book --db " + db + " --levels medium:2,hard:5 --out " + dir_.file("b.pdf") + " --manifest " +
                        dir_.file("m.json"))
                .status,
            0);
  EXPECT_EQ(manifest(dir_.file("m.json"))["puzzles"].size(), 7u);
}

TEST_F(BookCli, MarkUsedMeansNoLaterBookOrDailyRepeatsAPuzzle) {
  const std::string db = store();
  auto book = [&](const std::string& name, const std::string& extra) {
    const auto r = run_sudokit("book --db " + db + " --levels medium,hard --count 20 --title '" + name + "' --out " +
                               dir_.file(name + ".pdf") + " --manifest " + dir_.file(name + ".json") + " " + extra);
    EXPECT_EQ(r.status, 0) << r.err;
    return manifest_ids(manifest(dir_.file(name + ".json")));
  };
  // Without --mark-used, the same book twice.
  const auto draft1 = book("draft1", ""), draft2 = book("draft2", "");
  EXPECT_EQ(draft1, draft2);
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), 0);
  // With it, each book is new.
  const auto v1 = book("v1", "--mark-used"), v2 = book("v2", "--mark-used");
  EXPECT_EQ(v1, draft1);
  EXPECT_EQ(v1.size(), 20u);
  EXPECT_EQ(v2.size(), 20u);
  for (long long id : v2) EXPECT_EQ(v1.count(id), 0u) << id;
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used WHERE kind = 'book'"), 40);
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used WHERE label = 'v2'"), 20);
  const auto stats = run_sudokit("db stats --db " + db);
  EXPECT_NE(stats.out.find("used (never picked again): 40 by book"), std::string::npos) << stats.out;
  // A daily export afterwards skips the books' puzzles.
  const auto d = run_sudokit("daily --db " + db + " --from 2027-01-01 --days 30 --levels medium,hard --format ndjson");
  ASSERT_EQ(d.status, 0) << d.err;
  std::istringstream lines(d.out);
  std::set<long long> daily;
  for (std::string line; std::getline(lines, line);) {
    const json day = json::parse(line);
    for (const auto& [level, p] : day["puzzles"].items()) daily.insert(p["id"].get<long long>());
  }
  EXPECT_EQ(daily.size(), 60u);
  for (long long id : daily) EXPECT_TRUE(v1.count(id) == 0 && v2.count(id) == 0) << id;
  // And a later book skips the daily puzzles; --include-used may take anything.
  const auto v3 = book("v3", "");
  for (long long id : v3) EXPECT_TRUE(v1.count(id) == 0 && v2.count(id) == 0 && daily.count(id) == 0) << id;
  EXPECT_EQ(book("anthology", "--include-used"), draft1);
}

TEST_F(BookCli, BookRunningShortWritesNothing) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  const long long expert = level_count(db, "expert");
  const auto r = run_sudokit("book --db " + db + " --levels medium:5,expert:" + std::to_string(expert + 7) +
                             " --mark-used --out " + pdf);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("expert: " + std::to_string(expert + 7) + " needed, " + std::to_string(expert) +
                       " available (7 missing)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("sudokit generate --db " + db + " --level expert --count 7"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("medium:"), std::string::npos) << "medium is not short";
  EXPECT_FALSE(std::filesystem::exists(pdf));
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), 0);
}

// Ctrl-C during a book: every run ends with the whole book and its puzzles
// marked used, or with no book, nothing marked and no temporary file left
// (exit 130, or killed outright before the handler is in place). At least
// one run must be stopped cleanly mid-render.
TEST_F(BookCli, CtrlCDuringABookLeavesNoFileAndMarksNothing) {
  const long long medium = level_count(store(), "medium");
  ASSERT_GT(medium, 100);
  const std::string pdf = dir_.file("b.pdf");
  const auto n = interrupt_runs(
      [&] { return store(); }, dir_.file(""),
      [&](const std::string& db) {
        std::filesystem::remove(pdf);
        return "book --db " + db + " --level medium --count " + std::to_string(medium) + " --per-page 1 --mark-used --out " + pdf;
      },
      [&](const std::string& db, int code, const std::string& err) {
        EXPECT_EQ(std::filesystem::exists(pdf), code == 0) << err;
        EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), code == 0 ? medium : 0) << err;
        if (code == 130) {
          EXPECT_NE(err.find("interrupted by SIGINT: " + pdf + " was not written and no puzzle was marked used"),
                    std::string::npos)
              << err;
        } else if (code != -1) {
          EXPECT_EQ(code, 0) << err;
        }
      });
  EXPECT_GE(n.stopped, 1);
}

TEST_F(BookCli, BookRejectsBadRequestsClearly) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  const std::string base = "book --db " + db + " ";
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"--level hard --count 6 --per-page 5 --out " + pdf, 2, "--per-page must be 1, 2, 4 or 6 (found 5)"},
      {"--level hard --count 6 --per-page 0 --out " + pdf, 2, "--per-page must be 1, 2, 4 or 6"},
      {"--level hard --count 6 --paper a5 --out " + pdf, 2, "unknown --paper 'a5' (expected a4 or letter)"},
      {"--level hardd --count 6 --out " + pdf, 2, "--level: unknown level 'hardd'"},
      {"--levels medium,hardd --count 6 --out " + pdf, 2, "--levels: unknown level 'hardd'"},
      {"--level hard --levels medium --count 6 --out " + pdf, 2, "give --level or --levels, not both"},
      {"--level hard --out " + pdf, 2, "--count N is required with --level"},
      {"--count 6 --out " + pdf, 2, "give the level"},
      {"--level hard --count 0 --out " + pdf, 2, "--count must be a whole number from 1 to 10000 (found 0)"},
      {"--level hard --count 6", 2, "--out FILE.pdf is required"},
      {"--levels medium:2,hard --out " + pdf, 2, "give a count for every level"},
      {"--levels medium:2,hard:3 --count 6 --out " + pdf, 2, "the counts add up to 5 but --count is 6"},
      {"--levels medium:x --out " + pdf, 2, "'medium:x': the count after ':' must be a whole number"},
      {"--levels medium,hard,expert --count 2 --out " + pdf, 2, "--count 2 is less than the 3 levels"},
      {"--level hard --count 6 --solutions --no-solutions --out " + pdf, 2, "give --solutions or --no-solutions"},
      {"--level hard --count 6 --title '' --out " + pdf, 2, "--title must not be empty"},
  };
  for (const auto& [args, status, message] : cases) {
    const auto r = run_sudokit(base + args);
    EXPECT_EQ(r.status, status) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(pdf));
  const auto missing = run_sudokit("book --db " + dir_.file("none.db") + " --level hard --count 2 --out " + pdf);
  EXPECT_EQ(missing.status, 1);
  EXPECT_FALSE(std::filesystem::exists(dir_.file("none.db")));
  const auto unwritable = run_sudokit(base + "--level hard --count 2 --mark-used --out " + dir_.file("no/such/dir/b.pdf"));
  EXPECT_EQ(unwritable.status, 1);
  EXPECT_NE(unwritable.err.find("no/such/dir/b.pdf: cannot write: No such file or directory"), std::string::npos)
      << unwritable.err;
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), 0);  // no book, no marks
  EXPECT_EQ(run_sudokit("book --help").status, 0);
}


/// A small store of 3 puzzles of each of five levels (easy to expert, from
/// data/se_rated_calibration.tsv, graded as they are imported), made in
/// a tenth of a second, so each case of the suite below makes its own.
class HowToPlayFits : public ::testing::TestWithParam<std::tuple<const char*, int, const char*, bool>> {
 protected:
  void SetUp() override {
    std::ifstream in(std::string(SUDOKIT_DATA_DIR) + "/se_rated_calibration.tsv");
    std::ofstream out(dir_.file("p.txt"));
    std::map<std::string, int> taken;
    std::string line;
    std::getline(in, line);  // the header
    while (std::getline(in, line)) {
      const std::string puzzle = line.substr(0, line.find('\t'));
      const double er = std::stod(line.substr(line.find('\t') + 1));
      const char* level = er < 1.5 ? "easy" : er < 2.5 ? "medium" : er < 5 ? "hard" : er < 7 ? "diabolical" : er < 8.5 ? "expert" : "";
      if (*level && taken[level]++ < 3) out << puzzle << '\n';
    }
    out.close();
    const auto r = run_sudokit("db import " + dir_.file("p.txt") + " --db " + dir_.file("s.db"));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  TempDir dir_;
};

// The how-to-play page with four or five levels in each language on each
// trim, with and without bleed: the book's own preflight passes (it would
// not write the book otherwise), `sudokit preflight` agrees, and the text
// is whole (its last paragraph, the rating scale, is in the PDF).
TEST_P(HowToPlayFits, OnEveryTrimInEveryLanguage) {
  const auto& [language, levels, trim, bleed] = GetParam();
  const std::string pdf = dir_.file("b.pdf");
  const std::string list = levels == 4 ? "easy,medium,hard,expert" : "easy,medium,hard,diabolical,expert";
  auto r = run_sudokit("book --db " + dir_.file("s.db") + " --levels " + list + " --count-per-level 3 --trim " + trim +
                       (bleed ? " --bleed" : "") + " --how-to-play --pad-to 24 --language " + language + " --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  r = run_sudokit("preflight " + pdf + " --trim " + trim);
  EXPECT_EQ(r.status, 0) << r.out;
  std::string text;  // the words of the book, one space between them
  {
    std::istringstream words(shell("pdftotext -enc UTF-8 " + pdf + " -"));
    for (std::string w; words >> w;) text += (text.empty() ? "" : " ") + w;
  }
  const std::map<std::string, std::string> last_words = {{"en", "the hardest puzzles known."},
                                                         {"de", "schwersten bekannten R\xC3\xA4tsel."},
                                                         {"fr", "les plus difficiles connues."},
                                                         {"es", "m\xC3\xA1s dif\xC3\xAD" "ciles que se conocen."}};
  EXPECT_NE(text.find(last_words.at(language)), std::string::npos) << text;
}

INSTANTIATE_TEST_SUITE_P(Books, HowToPlayFits,
                         ::testing::Combine(::testing::Values("en", "de", "fr", "es"), ::testing::Values(4, 5),
                                            ::testing::Values("5x8", "5.5x8.5", "6x9", "7x10", "8.5x11"),
                                            ::testing::Bool()),
                         [](const auto& info) {
                           std::string name = std::string(std::get<0>(info.param)) + "_" +
                                              std::to_string(std::get<1>(info.param)) + "levels_" +
                                              std::get<2>(info.param) + (std::get<3>(info.param) ? "_bleed" : "");
                           for (char& c : name)
                             if (c == '.') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace sudokit
