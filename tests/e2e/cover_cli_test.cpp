// End-to-end tests of `sudokit cover`: the full-wrap cover of a book made
// by `sudokit book` from a store filled by `sudokit generate --db`
// (graded_store.hpp), measured with pdfinfo and pdffonts (pdf_check.hpp).
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

class CoverCli : public GradedStore {};

// The full-wrap cover: width = 2 x trim + spine + 2 x bleed (to 0.01 in) for
// each paper, spine text only past 79 pages, fonts embedded, the page count
// taken from the interior.
TEST_F(CoverCli, CoverIsAsWideAsTheBookNeeds) {
  const std::string cover = dir_.file("cover.pdf");
  struct Case {
    int pages;
    const char* paper;
    double per_page_in;
    bool spine_text;
  };
  // Spine text past 79 pages, and only at 6 pt or more (0.7 of the spine
  // less 2 x 0.0625 in): from 109 pages of white paper, 98 of cream.
  for (const Case& c : {Case{120, "white", 0.002252, true}, Case{300, "cream", 0.0025, true},
                        Case{79, "white", 0.002252, false}, Case{80, "color", 0.002347, false},
                        Case{108, "white", 0.002252, false}, Case{109, "white", 0.002252, true},
                        Case{97, "cream", 0.0025, false}, Case{98, "cream", 0.0025, true}}) {
    SCOPED_TRACE(std::to_string(c.pages) + " " + c.paper);
    const auto r = run_sudokit("cover --pages " + std::to_string(c.pages) + " --trim 6x9 --paper " + c.paper +
                               " --title 'Sudoku Marathon' --author 'A. Setter' --out " + cover);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::size_t size_at = r.err.find("spine text ");
    if (c.spine_text) {
      ASSERT_NE(size_at, std::string::npos) << r.err;
      EXPECT_GE(std::stod(r.err.substr(size_at + 11)), 6.0) << r.err;
      EXPECT_NEAR(std::stod(r.err.substr(size_at + 11)), std::min((c.pages * c.per_page_in - 0.125) * 72 * 0.7, 14.0), 0.06);
    }
    const auto media = page_box(cover, 1, "MediaBox");
    ASSERT_EQ(media.size(), 4u);
    const double spine = c.pages * c.per_page_in;
    EXPECT_NEAR(media[2] / 72, 2 * 6 + spine + 2 * 0.125, 0.01);
    EXPECT_NEAR(media[3] / 72, 9 + 2 * 0.125, 0.01);
    // The author is on the front, and on the spine when it has text.
    const std::string text = shell("pdftotext -raw " + cover + " -");
    EXPECT_EQ(text.find("Setter") != text.rfind("Setter"), c.spine_text) << text;
    const std::string fonts = shell("pdffonts " + cover);
    EXPECT_EQ(fonts.find(" no "), std::string::npos) << fonts;
  }
  // --no-spine-text leaves it off a spine that would take it.
  auto r = run_sudokit("cover --pages 300 --trim 6x9 --author 'A. Setter' --no-spine-text --out " + cover);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("(no spine text: --no-spine-text)"), std::string::npos) << r.err;
  EXPECT_EQ(shell("pdftotext -raw " + cover + " - | grep -c Setter"), "1\n");
  // The page count from the interior.
  const std::string db = store(), book = dir_.file("interior.pdf");
  ASSERT_EQ(run_sudokit("book --db " + db + " --level medium --count 40 --per-page 1 --trim 6x9 --out " + book).status, 0);
  const int pages = std::stoi(pdfinfo(book, "Pages"));
  r = run_sudokit("cover --interior " + book + " --trim 6x9 --out " + cover);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find(std::to_string(pages) + " pages"), std::string::npos) << r.err;
  EXPECT_NEAR(page_box(cover, 1, "MediaBox")[2] / 72, 12 + pages * 0.002252 + 0.25, 0.01);
  for (const char* bad : {"--pages 20 --trim 6x9", "--pages 100", "--trim 6x9", "--pages 100 --trim 6x9 --paper glossy",
                          "--pages 100 --interior x.pdf --trim 6x9", "--pages 100 --trim 6x9 --puzzle 123"}) {
    const auto b = run_sudokit(std::string("cover ") + bad + " --out " + dir_.file("c2.pdf"));
    EXPECT_EQ(b.status, 2) << bad << ": " << b.err;
    EXPECT_FALSE(std::filesystem::exists(dir_.file("c2.pdf"))) << bad;
  }
  const auto png = run_sudokit("cover --pages 100 --trim 6x9 --out " + dir_.file("c.png"));
  EXPECT_EQ(png.status, 2);
  EXPECT_NE(png.err.find("a cover is a PDF"), std::string::npos) << png.err;
}

// The cover wraps the interior it is given: its trim comes from the
// interior's TrimBox (a --trim that differs is refused, nothing written),
// and its own TrimBox is the cover as cut, the bleed left out. A file that
// is not a PDF (a device, a huge sparse file, text) is refused before it
// is read, by cover and preflight alike.
TEST_F(CoverCli, CoverTakesTheInteriorsTrimAndReadsOnlyPdfs) {
  const std::string db = store(), book = dir_.file("interior.pdf"), cover = dir_.file("cover.pdf");
  ASSERT_EQ(run_sudokit("book --db " + db + " --level medium --count 40 --per-page 1 --trim 6x9 --bleed --out " + book).status, 0);
  const int pages = std::stoi(pdfinfo(book, "Pages"));
  auto r = run_sudokit("cover --interior " + book + " --trim 5x8 --out " + cover);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--trim 5x8 is 5.000 x 8.000 in, but " + book + " is trimmed 6.000 x 9.000 in"), std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(cover));
  r = run_sudokit("cover --interior " + book + " --out " + cover);  // the trim from the interior
  ASSERT_EQ(r.status, 0) << r.err;
  const double w = 2 * 6 + pages * 0.002252 + 0.25, h = 9.25;
  const auto media = page_box(cover, 1, "MediaBox"), trim = page_box(cover, 1, "TrimBox"),
             bleed = page_box(cover, 1, "BleedBox");
  ASSERT_EQ(trim.size(), 4u);
  EXPECT_NEAR(media[2] / 72, w, 0.01);
  EXPECT_NEAR(media[3] / 72, h, 0.01);
  EXPECT_NEAR(trim[0], 9, 0.01);
  EXPECT_NEAR(trim[1], 9, 0.01);
  EXPECT_NEAR(trim[2], media[2] - 9, 0.01);
  EXPECT_NEAR(trim[3], media[3] - 9, 0.01);
  EXPECT_EQ(bleed, media);
  // Not PDFs: refused unread, quickly, with the reason.
  {
    std::ofstream sparse(dir_.file("huge.pdf"));
    sparse << "%PDF-1.5\n";
  }
  std::filesystem::resize_file(dir_.file("huge.pdf"), 2'000'000'000ull);  // sparse: no disk used
  std::ofstream(dir_.file("text.pdf")) << "not a PDF\n";
  struct Case {
    std::string file, says;
  };
  for (const Case& c : {Case{"/dev/zero", "not a PDF (not a regular file)"},
                        Case{dir_.file("huge.pdf"), "2000000000 bytes, more than the 650000000 a printer takes"},
                        Case{dir_.file("text.pdf"), "not a PDF (it does not begin with %PDF-)"}}) {
    SCOPED_TRACE(c.file);
    r = run_sudokit("cover --interior " + c.file + " --trim 6x9 --out " + dir_.file("c3.pdf"));
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir_.file("c3.pdf")));
    r = run_sudokit("preflight " + c.file);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace sudokit
