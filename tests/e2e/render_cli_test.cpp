// End-to-end tests of `sudokit render`: one puzzle or a file of them as
// SVG (parsed with xmllint), PNG and PDF (pdfinfo, pdf_check.hpp); bad
// puzzles and options refused with nothing written.
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
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit {
namespace {

using namespace sudokit::test;
using json = nlohmann::json;

class RenderCli : public GradedStore {};

constexpr const char* kPuzzle = ".49..........9.21....6....5....5.3242.5.........1.8...8.43....6.5.......32..8....";

TEST_F(RenderCli, RenderWritesSvgThatParsesAsXmlAndPngAndPdf) {
  const std::string svg = dir_.file("p.svg"), png = dir_.file("p.png"), pdf = dir_.file("p.pdf");
  ASSERT_EQ(run_sudokit(std::string("render ") + kPuzzle + " --out " + svg).status, 0);
  int status = 0;
  const std::string root = shell("xmllint --xpath 'name(/*)' " + svg, &status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(root, "svg\n");
  EXPECT_EQ(shell("xmllint --noout " + svg + " 2>&1", &status), "");
  EXPECT_EQ(status, 0);
  // To stdout with --format.
  const auto out = run_sudokit(std::string("render ") + kPuzzle + " --format svg");
  EXPECT_EQ(out.status, 0);
  EXPECT_EQ(out.out, slurp(svg));

  const auto r = run_sudokit(std::string("render ") + kPuzzle + " --out " + png + " --size 600 --caption 'Daily Sudoku'");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string bytes = slurp(png);
  ASSERT_GT(bytes.size(), 24u);
  EXPECT_EQ(bytes.substr(1, 3), "PNG");
  auto be32 = [&](std::size_t at) {
    return (static_cast<unsigned char>(bytes[at]) << 24) | (static_cast<unsigned char>(bytes[at + 1]) << 16) |
           (static_cast<unsigned char>(bytes[at + 2]) << 8) | static_cast<unsigned char>(bytes[at + 3]);
  };
  EXPECT_EQ(be32(16), 600);   // IHDR width
  EXPECT_GT(be32(20), 600u);  // taller: the caption
  ASSERT_EQ(run_sudokit(std::string("render ") + kPuzzle + " --out " + pdf + " --solution").status, 0);
  EXPECT_EQ(pdfinfo(pdf, "Pages"), "1");
  const std::string digits = shell("pdftotext " + pdf + " - | tr -cd 1-9 | wc -c");
  EXPECT_EQ(std::stoi(digits), 81);  // the solution: every cell
  // From a file, and from stdin.
  std::ofstream(dir_.file("in.txt")) << "# a puzzle\n" << kPuzzle << "\n";
  EXPECT_EQ(run_sudokit("render " + dir_.file("in.txt") + " --format svg").out, slurp(svg));
  EXPECT_EQ(run_sudokit("render - --format svg", std::string(kPuzzle) + "\n").out, slurp(svg));
}

TEST_F(RenderCli, RenderDrawsEveryPuzzleOfAFileIntoADirectory) {
  // Five stored puzzles, then a line that is no puzzle and one with two solutions.
  const auto five = run_sudokit("db export --db " + store() + " --format line --limit 5");
  ASSERT_EQ(five.status, 0) << five.err;
  std::string several = kPuzzle;
  several[1] = '.';
  several[2] = '.';
  std::ofstream(dir_.file("set.txt")) << five.out << "12345\n" << several << "\n";
  const std::string dir = dir_.file("images");
  auto r = run_sudokit("render " + dir_.file("set.txt") + " --out-dir " + dir + " --dpi 150");
  EXPECT_EQ(r.status, 1) << r.err;  // the two bad records
  EXPECT_NE(r.err.find("set.txt:6: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("set.txt:7: the puzzle has several solutions"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("5 images written to " + dir), std::string::npos) << r.err;
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"0001.png", "0002.png", "0003.png", "0004.png", "0005.png"}));
  // Each image is the puzzle of its line, drawn as render draws one.
  std::istringstream lines(five.out);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    const std::string one = dir_.file("one.png");
    ASSERT_EQ(run_sudokit("render " + line + " --dpi 150 --out " + one).status, 0);
    EXPECT_EQ(slurp(dir + "/000" + std::to_string(n) + ".png"), slurp(one)) << n;
  }
  // Named by global id, as SVG.
  r = run_sudokit("render " + dir_.file("set.txt") + " --out-dir " + dir_.file("byid") + " --name gid --format svg");
  EXPECT_EQ(r.status, 1);
  const auto ids = nlohmann::json::parse(run_sudokit("db export --db " + store() + " --format json --columns gid,puzzle --limit 5").out);
  ASSERT_EQ(ids.size(), 5u);
  for (const auto& row : ids)
    EXPECT_TRUE(std::filesystem::exists(dir_.file("byid") + "/" + row["gid"].get<std::string>() + ".svg")) << row;
  // A puzzle given twice is one image, counted once (it was "10 images" for 5 files).
  std::ofstream(dir_.file("twice.txt")) << five.out << five.out;
  r = run_sudokit("render " + dir_.file("twice.txt") + " --out-dir " + dir_.file("twice") + " --name gid --format svg");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("5 images written to " + dir_.file("twice") + "; 5 records repeat a puzzle drawn already"),
            std::string::npos)
      << r.err;
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir_.file("twice"))) ++files;
  EXPECT_EQ(files, 5u);
  // Usage: one output kind, --name only with --out-dir, each said as it is.
  r = run_sudokit("render " + dir_.file("set.txt") + " --out-dir " + dir + " --out x.png");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not both"), std::string::npos) << r.err;
  r = run_sudokit(std::string("render ") + kPuzzle + " --name gid --out " + dir_.file("x.png"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--name names the images of --out-dir DIR"), std::string::npos) << r.err;
  r = run_sudokit("render " + dir_.file("set.txt") + " --out-dir " + dir + " --name title");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown --name 'title' (expected number or gid)"), std::string::npos) << r.err;
}

TEST_F(RenderCli, RenderRejectsBadPuzzlesAndOptions) {
  std::string conflict = kPuzzle;
  conflict[0] = '4';  // a second 4 in row 1
  std::string several = kPuzzle;
  several[1] = '.';
  several[2] = '.';
  const std::string out = dir_.file("x.png");
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {conflict + " --out " + out, 1, "digit 4 appears twice"},
      {several + " --out " + out, 1, "the puzzle has several solutions"},
      {std::string(81, '1') + " --out " + out, 1, "appears twice"},
      {std::string(kPuzzle).substr(0, 80) + "x --out " + out, 1, "PUZZLE: column 81"},
      {dir_.file("nothing.txt") + " --out " + out, 1, "nothing.txt: cannot read"},
      {std::string(kPuzzle) + " --out " + dir_.file("x.gif"), 2, "give --format svg|png|pdf or an --out name ending in"},
      {std::string(kPuzzle) + " --format bmp --out " + out, 2, "unknown --format 'bmp'"},
      {std::string(kPuzzle) + " --format svg --out " + out, 2, "--format svg does not match the name"},
      {std::string(kPuzzle) + " --size 10 --out " + out, 2, "--size must be a number from 64 to 20000 (found 10)"},
      {std::string(kPuzzle) + " " + kPuzzle + " --out " + out, 2, "give exactly one PUZZLE"},
      {"--out " + out, 2, "give exactly one PUZZLE"},
  };
  for (const auto& [args, status, message] : cases) {
    const auto r = run_sudokit("render " + args);
    EXPECT_EQ(r.status, status) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(run_sudokit("render --help").status, 0);
}

// --geometry: a variant puzzle (its cells in sudokit's alphabet) drawn as a
// PNG, SVG or PDF, a file of them into a directory, and the errors: a bad
// spelling as geometry:COL, a bad cell as cells:P, a puzzle the geometry's
// rules refuse, an alphabet that cannot write the size.
TEST_F(RenderCli, RenderGeometryDrawsVariantsAndSaysWhatIsWrong) {
  const std::string six = ".4....3.26............31........5.24";  // 6x6, one solution
  const std::string x = "4.3......2........5..1.7.8......3......8......5....6.2.6......4....6.1....2.1....";
  auto r = run_sudokit("render " + six + " --geometry 6x6 --out " + dir_.file("six.png"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(dir_.file("six.png")).substr(1, 3), "PNG");
  r = run_sudokit("render " + x + " --geometry X --solution --out " + dir_.file("x.svg"));
  ASSERT_EQ(r.status, 0) << r.err;
  int status = 0;
  EXPECT_EQ(shell("xmllint --noout " + dir_.file("x.svg") + " 2>&1", &status), "");
  r = run_sudokit("render " + x + " --geometry x --out " + dir_.file("x.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(shell("pdfinfo " + dir_.file("x.pdf")).find("Pages:           1\n"), std::string::npos);
  // The classic spelled out is the classic: the same bytes as without --geometry.
  EXPECT_EQ(run_sudokit(std::string("render ") + kPuzzle + " --format svg --geometry classic").out,
            run_sudokit(std::string("render ") + kPuzzle + " --format svg").out);
  // A file: one puzzle a line (its first word); a bad line is FILE:LINE and skipped.
  {
    std::ofstream f(dir_.file("six.txt"));
    f << "# 6x6 puzzles\n" << six << " first\n" << six.substr(1) << "\n\n" << "44....3.26............31........5.24\n" << six << '\n';
  }
  r = run_sudokit("render " + dir_.file("six.txt") + " --geometry 6x6 --out-dir " + dir_.file("imgs"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("six.txt:3: cells: 35 characters (expected 36, one per cell of 6x6)"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("six.txt:5: givens that break a rule of 6x6: r1c1 (4), r1c2 (4)"), std::string::npos) << r.err;
  EXPECT_TRUE(std::filesystem::exists(dir_.file("imgs/0001.png")));
  // Numbered by their place among the puzzles read (as without --geometry): the
  // fifth line's is the second, refused; the sixth line's the third.
  EXPECT_FALSE(std::filesystem::exists(dir_.file("imgs/0002.png")));
  EXPECT_TRUE(std::filesystem::exists(dir_.file("imgs/0003.png")));
  r = run_sudokit("render " + dir_.file("six.txt") + " --geometry 6x6 --out " + dir_.file("first.png"));
  EXPECT_EQ(r.status, 0) << r.err;
  // One puzzle: the file's first, read as far as it (as the classic's); a bad one is FILE:LINE.
  std::ofstream(dir_.file("bad-first.txt")) << "\n" << six.substr(1) << '\n' << six << '\n';
  r = run_sudokit("render " + dir_.file("bad-first.txt") + " --geometry 6x6 --out " + dir_.file("no.png"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "sudokit render: " + dir_.file("bad-first.txt") + ":2: cells: 35 characters (expected 36, one per cell of 6x6)\n");
  r = run_sudokit("render " + dir_.file("none.txt") + " --geometry 6x6 --out " + dir_.file("no.png"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "sudokit render: " + dir_.file("none.txt") + ": cannot read: No such file or directory (PUZZLE is 36 "
                   "characters, a file, or - for stdin)\n");
  // --name gid: the variant's global id names the image; the same puzzle twice is drawn once.
  r = run_sudokit("render " + dir_.file("six.txt") + " --geometry 6x6 --name gid --out-dir " + dir_.file("gids"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("1 images written to " + dir_.file("gids") + "; 1 records repeat a puzzle drawn already"), std::string::npos) << r.err;
  const std::string gid = global_id_any(parse_geometry("6x6"), read_cells(*parse_geometry("6x6"), six));
  EXPECT_EQ(gid[0], 'v');
  EXPECT_TRUE(std::filesystem::exists(dir_.file("gids/" + gid + ".png"))) << gid;
  // Errors.
  r = run_sudokit("render " + six + " --geometry 6x6,wndows --out " + dir_.file("no.png"));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "sudokit render: --geometry: geometry:5: unknown rule \"wndows\" (expected classic, none, NxN, NxN:RxC, "
                   "NxN:none, jigsaw:MAP, x, windows, disjoint, centre-dot, girandola, asterisk, anti-knight, anti-king, nc, "
                   "nc+, toroidal)\n");
  r = run_sudokit("render .4....3.26............31........5.27 --geometry 6x6 --out " + dir_.file("no.png"));
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("PUZZLE: cells:36: '7' is no digit of 6x6"), std::string::npos) << r.err;
  r = run_sudokit("render ...................................4 --geometry 6x6 --out " + dir_.file("no.png"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "sudokit render: PUZZLE: the puzzle has several solutions\n");
  r = run_sudokit("render " + x.substr(0, 30) + "4" + x.substr(31) + " --geometry x --out " + dir_.file("no.png"));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "sudokit render: PUZZLE: givens that break a rule of x: r1c1 (4), r4c4 (4)\n");
  r = run_sudokit("render " + std::string(625, '.') + " --geometry 25x25 --symbols hex --out " + dir_.file("no.png"));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "sudokit render: --symbols: hex writes sizes up to 16 (this grid is 25x25)\n");
  r = run_sudokit("render " + six + " --geometry 6x6 --symbols roman --out " + dir_.file("no.png"));
  EXPECT_EQ(r.status, 2);
  EXPECT_FALSE(std::filesystem::exists(dir_.file("no.png")));
}

}  // namespace
}  // namespace sudokit
