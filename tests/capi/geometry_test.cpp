// The C API's variants (sudokit.h, "Variants"): sudokit_geometry_parse,
// sudokit_solve_geometry, sudokit_check_geometry, the alphabets and
// sudokit_generate with a geometry, through libsudokit.so. Ground truth is computed here: the rules of each geometry
// checked directly on every solution, the classic puzzle's unique solution
// (a variant of it has one solution exactly when that grid keeps the extra
// rule, else none), and grids with one hole per row (exactly one solution).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <functional>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "../e2e/run.hpp"
#include "capi_test_util.hpp"

using namespace sudokit::capi_test;

namespace {

// The value of a character in the digits alphabet (1-9 then A-P), 0 for '.'.
int digit_of(char c) { return c == '.' ? 0 : c <= '9' ? c - '0' : c - 'A' + 10; }

// The houses written out: rows, columns, the regions (`region` gives each
// cell's), the diagonals when `x`, the four windows when `windows`.
std::vector<std::vector<int>> houses_of(int n, const std::vector<int>& region, bool x, bool windows) {
  std::vector<std::vector<int>> houses(static_cast<std::size_t>(3 * n));
  for (int c = 0; c < n * n; ++c) {
    houses[static_cast<std::size_t>(c / n)].push_back(c);
    houses[static_cast<std::size_t>(n + c % n)].push_back(c);
    houses[static_cast<std::size_t>(2 * n + region[static_cast<std::size_t>(c)])].push_back(c);
  }
  if (x) {
    houses.emplace_back();
    houses.emplace_back();
    for (int i = 0; i < n; ++i) {
      houses[houses.size() - 2].push_back(i * n + i);
      houses.back().push_back(i * n + n - 1 - i);
    }
  }
  if (windows)
    for (int r0 : {1, 5})
      for (int c0 : {1, 5}) {
        houses.emplace_back();
        for (int k = 0; k < 9; ++k) houses.back().push_back((r0 + k / 3) * 9 + c0 + k % 3);
      }
  return houses;
}

// The rules on a full grid: each of those houses holds every digit once.
bool valid(const std::string& grid, int n, const std::vector<int>& region, bool x = false, bool windows = false) {
  if (static_cast<int>(grid.size()) != n * n) return false;
  for (const auto& h : houses_of(n, region, x, windows)) {
    std::set<int> seen;
    for (int c : h) seen.insert(digit_of(grid[static_cast<std::size_t>(c)]));
    if (static_cast<int>(seen.size()) != n || seen.count(0)) return false;
  }
  return true;
}

std::vector<int> boxes(int n, int rows, int cols) {
  std::vector<int> r(static_cast<std::size_t>(n * n));
  for (int c = 0; c < n * n; ++c) r[static_cast<std::size_t>(c)] = (c / n / rows) * (n / cols) + (c % n) / cols;
  return r;
}

std::vector<int> jigsaw(const std::string& map) {
  std::vector<int> r;
  std::string names;
  for (char ch : map) {
    if (names.find(ch) == std::string::npos) names += ch;
    r.push_back(static_cast<int>(names.find(ch)));
  }
  return r;
}

sudokit_geometry_options geometry(const char* spelling, int32_t alphabet = SUDOKIT_ALPHABET_DIGITS) {
  sudokit_geometry_options o;
  sudokit_geometry_options_init(&o);
  o.geometry = spelling;
  o.alphabet = alphabet;
  return o;
}

// A full grid of the geometry (the empty grid solved), with the cell of
// each row at column (row * 5 + 3) mod n emptied: exactly one solution.
std::string one_hole_per_row(const sudokit_geometry_options& o, int n, std::string& full) {
  char out[SUDOKIT_CELLS_BUFFER];
  uint32_t count = 0;
  const std::string empty(static_cast<std::size_t>(n * n), '.');
  EXPECT_EQ(sudokit_solve_geometry(empty.c_str(), empty.size(), &o, 1, &count, out, sizeof out), SUDOKIT_OK)
      << last_error();
  full = out;
  std::string p = full;
  for (int r = 0; r < n; ++r) p[static_cast<std::size_t>(r * n + (r * 5 + 3) % n)] = '.';
  return p;
}

const char* kJigsaw6 = "AAABBBAACCBBDACCEBDDCCEEDFFFEEDDFFFE";

}  // namespace

TEST(CapiGeometry, ParseGivesTheCanonicalSpellingAndSize) {
  char out[SUDOKIT_GEOMETRY_BUFFER];
  int32_t size = 0;
  ASSERT_EQ(sudokit_geometry_parse("Windows,X", SUDOKIT_NUL_TERMINATED, out, sizeof out, &size), SUDOKIT_OK);
  EXPECT_STREQ(out, "x,windows");
  EXPECT_EQ(size, 9);
  ASSERT_EQ(sudokit_geometry_parse("16x16", 5, out, sizeof out, &size), SUDOKIT_OK);
  EXPECT_STREQ(out, "16x16");
  EXPECT_EQ(size, 16);
  ASSERT_EQ(sudokit_geometry_parse("6x6 trailing", 3, nullptr, 0, &size), SUDOKIT_OK);  // length; validate only
  EXPECT_EQ(size, 6);
  ASSERT_EQ(sudokit_geometry_parse("9x9", SUDOKIT_NUL_TERMINATED, out, sizeof out, nullptr), SUDOKIT_OK);
  EXPECT_STREQ(out, "classic");
  // A buffer just large enough, and one byte short.
  ASSERT_EQ(sudokit_geometry_parse("x,windows", SUDOKIT_NUL_TERMINATED, out, 10, nullptr), SUDOKIT_OK);
  std::strcpy(out, "kept");
  EXPECT_EQ(sudokit_geometry_parse("x,windows", SUDOKIT_NUL_TERMINATED, out, 9, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("canonical: 9 bytes cannot hold the 10"), std::string::npos) << last_error();
  EXPECT_STREQ(out, "kept");
}

TEST(CapiGeometry, ParseErrorsNameTheColumn) {
  char out[SUDOKIT_GEOMETRY_BUFFER] = "kept";
  int32_t size = 77;
  EXPECT_EQ(sudokit_geometry_parse("x,wndows", SUDOKIT_NUL_TERMINATED, out, sizeof out, &size), SUDOKIT_E_PARSE);
  EXPECT_EQ(last_error().rfind("geometry:3: unknown rule \"wndows\"", 0), 0u) << last_error();
  EXPECT_EQ(sudokit_geometry_parse("6x6,windows", SUDOKIT_NUL_TERMINATED, out, sizeof out, &size), SUDOKIT_E_PARSE);
  EXPECT_EQ(last_error(), "geometry:5: \"windows\" is defined on 9x9 only (this grid is 6x6)");
  EXPECT_EQ(sudokit_geometry_parse("7x7", SUDOKIT_NUL_TERMINATED, out, sizeof out, &size), SUDOKIT_E_PARSE);
  EXPECT_EQ(last_error().rfind("geometry:1: no size 7x7", 0), 0u) << last_error();
  EXPECT_EQ(sudokit_geometry_parse("", SUDOKIT_NUL_TERMINATED, out, sizeof out, &size), SUDOKIT_E_PARSE);
  EXPECT_EQ(sudokit_geometry_parse(nullptr, 3, out, sizeof out, &size), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_STREQ(out, "kept");
  EXPECT_EQ(size, 77);
}

TEST(CapiGeometry, ClassicThroughTheGeometryCallEqualsSudokitSolve) {
  char a[SUDOKIT_CELLS_BUFFER], b[SUDOKIT_GRID_BUFFER];
  uint32_t ca = 0, cb = 0;
  ASSERT_EQ(sudokit_solve_geometry(kPuzzle.c_str(), 81, nullptr, 2, &ca, a, sizeof a), SUDOKIT_OK);
  ASSERT_EQ(sudokit_solve(kPuzzle.c_str(), 81, 2, &cb, b), SUDOKIT_OK);
  EXPECT_EQ(ca, 1u);
  EXPECT_EQ(cb, 1u);
  EXPECT_STREQ(a, kSolution.c_str());
  EXPECT_STREQ(a, b);
}

TEST(CapiGeometry, AVariantOfAUniqueClassicPuzzleKeepsItsSolutionOrHasNone) {
  // Any solution of the puzzle under x or windows is a classic solution, and
  // the classic one is unique: the count is 1 when kSolution keeps the extra
  // houses (checked here by hand), else 0.
  const std::vector<int> box = boxes(9, 3, 3);
  struct Case { const char* spelling; bool x, windows; };
  for (const Case& k : {Case{"x", true, false}, Case{"windows", false, true}, Case{"x,windows", true, true}}) {
    SCOPED_TRACE(k.spelling);
    const sudokit_geometry_options o = geometry(k.spelling);
    char out[SUDOKIT_CELLS_BUFFER] = "untouched";
    uint32_t count = 99;
    ASSERT_EQ(sudokit_solve_geometry(kPuzzle.c_str(), 81, &o, 2, &count, out, sizeof out), SUDOKIT_OK);
    const bool keeps = valid(kSolution, 9, box, k.x, k.windows);
    EXPECT_EQ(count, keeps ? 1u : 0u);
    EXPECT_STREQ(out, keeps ? kSolution.c_str() : "untouched");
  }
  // The solution's own diagonals as givens: an x puzzle whose answer is kSolution when it keeps them.
}

TEST(CapiGeometry, SolvesEverySizeAndJigsawByTheRules) {
  struct Case { std::string spelling; int n; std::vector<int> region; bool x, windows; };
  const std::vector<Case> cases = {
      {"4x4", 4, boxes(4, 2, 2), false, false},
      {"6x6", 6, boxes(6, 2, 3), false, false},
      {"6x6:3x2", 6, boxes(6, 3, 2), false, false},
      {"16x16", 16, boxes(16, 4, 4), false, false},
      {"x", 9, boxes(9, 3, 3), true, false},
      {"windows", 9, boxes(9, 3, 3), false, true},
      {std::string("jigsaw:") + kJigsaw6, 6, jigsaw(kJigsaw6), false, false},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(k.spelling);
    const sudokit_geometry_options o = geometry(k.spelling.c_str());
    std::string full;
    const std::string puzzle = one_hole_per_row(o, k.n, full);
    ASSERT_TRUE(valid(full, k.n, k.region, k.x, k.windows)) << full;
    char out[SUDOKIT_CELLS_BUFFER];
    uint32_t count = 0;
    ASSERT_EQ(sudokit_solve_geometry(puzzle.c_str(), puzzle.size(), &o, 2, &count, out, sizeof out), SUDOKIT_OK);
    EXPECT_EQ(count, 1u);
    EXPECT_EQ(std::string(out), full);
    // Fewer givens: the first two rows only; several solutions, each by the rules.
    std::string few(static_cast<std::size_t>(k.n * k.n), '.');
    std::copy(full.begin(), full.begin() + 2 * k.n, few.begin());
    ASSERT_EQ(sudokit_solve_geometry(few.c_str(), few.size(), &o, 2, &count, out, sizeof out), SUDOKIT_OK);
    EXPECT_EQ(count, 2u);
    EXPECT_TRUE(valid(out, k.n, k.region, k.x, k.windows)) << out;
    EXPECT_EQ(std::string(out, 2 * static_cast<std::size_t>(k.n)), full.substr(0, 2 * static_cast<std::size_t>(k.n)));
  }
}

TEST(CapiGeometry, AlphabetsReadAndWriteTheSameDigits) {
  // 16x16 in digits (1-9A-G), letters (A-P) and hex (0-9A-F): the same puzzle.
  const sudokit_geometry_options d = geometry("16x16");
  std::string full;
  const std::string puzzle = one_hole_per_row(d, 16, full);
  const std::string digits = "123456789ABCDEFG", letters = "ABCDEFGHIJKLMNOP", hex = "0123456789ABCDEF";
  for (const auto& [alphabet, chars] :
       {std::pair<int32_t, std::string>{SUDOKIT_ALPHABET_LETTERS, letters}, {SUDOKIT_ALPHABET_HEX, hex}}) {
    auto convert = [&](const std::string& s, bool lower) {
      std::string t = s;
      for (char& c : t)
        if (c != '.') c = lower ? static_cast<char>(std::tolower(chars[digits.find(c)])) : chars[digits.find(c)];
      return t;
    };
    const sudokit_geometry_options o = geometry("16x16", alphabet);
    char out[SUDOKIT_CELLS_BUFFER];
    uint32_t count = 0;
    const std::string in = convert(puzzle, true);  // lower case is read too
    ASSERT_EQ(sudokit_solve_geometry(in.c_str(), in.size(), &o, 2, &count, out, sizeof out), SUDOKIT_OK)
        << last_error();
    EXPECT_EQ(count, 1u);
    EXPECT_EQ(std::string(out), convert(full, false));
  }
  int32_t a = -1;
  EXPECT_EQ(sudokit_alphabet_parse("hex", &a), SUDOKIT_OK);
  EXPECT_EQ(a, SUDOKIT_ALPHABET_HEX);
  EXPECT_EQ(sudokit_alphabet_parse("letters", &a), SUDOKIT_OK);
  EXPECT_EQ(a, SUDOKIT_ALPHABET_LETTERS);
  EXPECT_EQ(sudokit_alphabet_parse("digits", &a), SUDOKIT_OK);
  EXPECT_EQ(a, SUDOKIT_ALPHABET_DIGITS);
  EXPECT_EQ(sudokit_alphabet_parse("roman", &a), SUDOKIT_E_OPTION);
  EXPECT_EQ(last_error(), "alphabet: unknown 'roman' (expected digits, letters or hex)");
  EXPECT_EQ(a, SUDOKIT_ALPHABET_DIGITS);
}

TEST(CapiGeometry, BadArgumentsAreNamed) {
  uint32_t count = 7;
  char out[SUDOKIT_CELLS_BUFFER] = "untouched";
  sudokit_geometry_options o = geometry("x,wndows");
  EXPECT_EQ(sudokit_solve_geometry(kPuzzle.c_str(), 81, &o, 2, &count, out, sizeof out), SUDOKIT_E_PARSE);
  EXPECT_EQ(last_error().rfind("geometry:3: unknown rule", 0), 0u) << last_error();
  o = geometry("6x6");
  EXPECT_EQ(sudokit_solve_geometry(kPuzzle.c_str(), 81, &o, 2, &count, out, sizeof out), SUDOKIT_E_PARSE);
  EXPECT_EQ(last_error(), "puzzle: cells: 81 characters (expected 36, one per cell of 6x6)");
  std::string six(36, '.');
  six[9] = '7';
  EXPECT_EQ(sudokit_solve_geometry(six.c_str(), 36, &o, 2, &count, out, sizeof out), SUDOKIT_E_PARSE);
  EXPECT_EQ(last_error().rfind("puzzle: cells:10: '7' is no digit of 6x6 in the 1-6 alphabet", 0), 0u)
      << last_error();
  six[9] = '.';
  EXPECT_EQ(sudokit_solve_geometry(six.c_str(), 36, &o, 2, &count, out, 36), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("solution: 36 bytes cannot hold the 37"), std::string::npos) << last_error();
  EXPECT_EQ(sudokit_solve_geometry(six.c_str(), 36, &o, 0, &count, out, sizeof out), SUDOKIT_E_OPTION);
  EXPECT_EQ(sudokit_solve_geometry(six.c_str(), 36, &o, 2, nullptr, out, sizeof out), SUDOKIT_E_INVALID_ARGUMENT);
  o = geometry("25x25", SUDOKIT_ALPHABET_HEX);
  const std::string big(625, '.');
  EXPECT_EQ(sudokit_solve_geometry(big.c_str(), 625, &o, 1, &count, out, sizeof out), SUDOKIT_E_OPTION);
  EXPECT_EQ(last_error().rfind("alphabet: ", 0), 0u) << last_error();
  o = geometry("6x6", 3);
  EXPECT_EQ(sudokit_solve_geometry(six.c_str(), 36, &o, 2, &count, out, sizeof out), SUDOKIT_E_OPTION);
  EXPECT_EQ(last_error(), "alphabet: 3 is no SUDOKIT_ALPHABET_* value (0 digits, 1 letters, 2 hex)");
  o = geometry("6x6");
  o.struct_size = 2;
  EXPECT_EQ(sudokit_solve_geometry(six.c_str(), 36, &o, 2, &count, out, sizeof out), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("struct_size"), std::string::npos) << last_error();
  EXPECT_EQ(count, 7u) << "a failed call leaves its out-parameters alone";
  EXPECT_STREQ(out, "untouched");
}

// A combination with no valid grid (anti-king on 4x4: a 2x2 box is four
// mutual kings) is refused by every call that takes a geometry, with
// load_geometry's message, not solved to 0 solutions; the out-parameters
// stay as they were. A combination with grids passes the same calls.
TEST(CapiGeometry, AGeometryWithNoValidGridIsRefusedByEveryCall) {
  const std::string message = "geometry: 4x4,anti-king has no valid grid";
  const std::string empty(16, '.');
  const sudokit_geometry_options o = geometry("anti-king,4x4");
  uint32_t count = 7;
  size_t broken = 9;
  int32_t cells[16];
  char out[SUDOKIT_CELLS_BUFFER] = "untouched";
  char id[SUDOKIT_GLOBAL_ID_BUFFER] = "untouched";
  int32_t size = 77;
  EXPECT_EQ(sudokit_solve_geometry(empty.c_str(), 16, &o, 2, &count, out, sizeof out), SUDOKIT_E_OPTION);
  EXPECT_EQ(last_error(), message);
  EXPECT_STREQ(sudokit_last_error_option(), "geometry");
  EXPECT_EQ(sudokit_check_geometry(empty.c_str(), 16, &o, cells, 16, &broken), SUDOKIT_E_OPTION);
  EXPECT_EQ(last_error(), message);
  EXPECT_STREQ(sudokit_last_error_option(), "geometry");
  EXPECT_EQ(sudokit_canonical_geometry(empty.c_str(), 16, &o, out, sizeof out, id), SUDOKIT_E_OPTION);
  EXPECT_EQ(last_error(), message);
  EXPECT_STREQ(sudokit_last_error_option(), "geometry");
  EXPECT_EQ(sudokit_geometry_parse("anti-king,4x4", SUDOKIT_NUL_TERMINATED, out, sizeof out, &size), SUDOKIT_E_PARSE);
  EXPECT_EQ(last_error(), message);
  EXPECT_EQ(count, 7u);
  EXPECT_EQ(broken, 9u);
  EXPECT_EQ(size, 77);
  EXPECT_STREQ(out, "untouched");
  EXPECT_STREQ(id, "untouched");
  const sudokit_geometry_options fine = geometry("anti-king,6x6");
  EXPECT_EQ(sudokit_solve_geometry(std::string(36, '.').c_str(), 36, &fine, 1, &count, out, sizeof out), SUDOKIT_OK);
  EXPECT_EQ(count, 1u);
}

TEST(CapiGeometry, CheckNamesTheCellsThatBreakARule) {
  std::string p(81, '.');
  p[0] = '5';   // r1c1
  p[80] = '5';  // r9c9: the same diagonal under x, nothing in the classic
  p[40] = '3';
  int32_t cells[81];
  size_t count = 99;
  const sudokit_geometry_options x = geometry("x");
  ASSERT_EQ(sudokit_check_geometry(p.c_str(), 81, &x, cells, 81, &count), SUDOKIT_OK);
  ASSERT_EQ(count, 2u);
  EXPECT_EQ(cells[0], 0);
  EXPECT_EQ(cells[1], 80);
  ASSERT_EQ(sudokit_check_geometry(p.c_str(), 81, nullptr, cells, 81, &count), SUDOKIT_OK);
  EXPECT_EQ(count, 0u);
  // Counting only, and a short array: the number is the whole count.
  ASSERT_EQ(sudokit_check_geometry(p.c_str(), 81, &x, nullptr, 0, &count), SUDOKIT_OK);
  EXPECT_EQ(count, 2u);
  cells[1] = -5;
  ASSERT_EQ(sudokit_check_geometry(p.c_str(), 81, &x, cells, 1, &count), SUDOKIT_OK);
  EXPECT_EQ(count, 2u);
  EXPECT_EQ(cells[0], 0);
  EXPECT_EQ(cells[1], -5);
  EXPECT_EQ(sudokit_check_geometry(p.c_str(), 81, &x, nullptr, 4, &count), SUDOKIT_E_INVALID_ARGUMENT);
  // Every full grid the library returns breaks nothing.
  for (const char* spelling : {"x", "windows", "6x6", "16x16", "nc", "anti-knight"}) {
    SCOPED_TRACE(spelling);
    const sudokit_geometry_options o = geometry(spelling);
    int32_t n = 0;
    ASSERT_EQ(sudokit_geometry_parse(spelling, SUDOKIT_NUL_TERMINATED, nullptr, 0, &n), SUDOKIT_OK);
    std::string full;
    one_hole_per_row(o, n, full);
    std::vector<int32_t> list(static_cast<std::size_t>(n * n));
    ASSERT_EQ(sudokit_check_geometry(full.c_str(), full.size(), &o, list.data(), list.size(), &count), SUDOKIT_OK);
    EXPECT_EQ(count, 0u);
    std::swap(full[0], full[1]);  // two cells of a row swapped: the columns now clash
    ASSERT_EQ(sudokit_check_geometry(full.c_str(), full.size(), &o, list.data(), list.size(), &count), SUDOKIT_OK);
    EXPECT_GE(count, 2u);
  }
}

namespace {

// `p` (n x n, digits alphabet) with its rows mapped by `row` and its digits by `relabel` (a permutation of the alphabet).
std::string transformed(const std::string& p, int n, const std::vector<int>& row, bool transpose, const std::string& from,
                        const std::string& to) {
  std::string out(p.size(), '.');
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const char ch = p[static_cast<std::size_t>(row[static_cast<std::size_t>(r)] * n + c)];
      const int at = transpose ? c * n + r : r * n + c;
      out[static_cast<std::size_t>(at)] = ch == '.' ? '.' : to[from.find(ch)];
    }
  return out;
}

}  // namespace

TEST(CapiGeometry, CanonicalFormIsTheSameForEveryIsomorphOfTheVariant) {
  // Symmetries of each geometry, written out: X keeps its diagonals under a
  // transposition; 6x6 may swap the rows of a band; 16x16 whole bands; every
  // one relabels digits.
  struct Case { const char* spelling; int n; std::vector<int> rows; bool transpose; };
  std::vector<int> six = {1, 0, 2, 3, 4, 5}, nine(9), sixteen(16);
  for (int i = 0; i < 9; ++i) nine[static_cast<std::size_t>(i)] = i;
  for (int i = 0; i < 16; ++i) sixteen[static_cast<std::size_t>(i)] = (i + 4) % 16;
  for (const Case& k : {Case{"x", 9, nine, true}, Case{"6x6", 6, six, false}, Case{"16x16", 16, sixteen, false}}) {
    SCOPED_TRACE(k.spelling);
    const sudokit_geometry_options o = geometry(k.spelling);
    std::string full;
    std::string puzzle = one_hole_per_row(o, k.n, full);
    for (int c = 0; c < k.n * k.n; c += 3) puzzle[static_cast<std::size_t>(c)] = '.';
    const std::string digits = std::string("123456789ABCDEFG").substr(0, static_cast<std::size_t>(k.n));
    std::string relabel = digits;
    std::rotate(relabel.begin(), relabel.begin() + 1, relabel.end());
    const std::string iso = transformed(puzzle, k.n, k.rows, k.transpose, digits, relabel);
    ASSERT_NE(iso, puzzle);
    char a[SUDOKIT_CELLS_BUFFER], b[SUDOKIT_CELLS_BUFFER], ida[SUDOKIT_GLOBAL_ID_BUFFER], idb[SUDOKIT_GLOBAL_ID_BUFFER];
    ASSERT_EQ(sudokit_canonical_geometry(puzzle.c_str(), puzzle.size(), &o, a, sizeof a, ida), SUDOKIT_OK) << last_error();
    ASSERT_EQ(sudokit_canonical_geometry(iso.c_str(), iso.size(), &o, b, sizeof b, idb), SUDOKIT_OK) << last_error();
    EXPECT_STREQ(a, b);
    EXPECT_STREQ(ida, idb);
    EXPECT_EQ(std::strlen(ida), 17u);
    EXPECT_EQ(ida[0], 'v');
    EXPECT_EQ(std::count(a, a + std::strlen(a), '.'), std::count(puzzle.begin(), puzzle.end(), '.'));
    // One clue fewer: another puzzle, another form and id.
    std::string fewer = puzzle;
    *std::find_if(fewer.begin(), fewer.end(), [](char ch) { return ch != '.'; }) = '.';
    ASSERT_EQ(sudokit_canonical_geometry(fewer.c_str(), fewer.size(), &o, b, sizeof b, idb), SUDOKIT_OK);
    EXPECT_STRNE(a, b);
    EXPECT_STRNE(ida, idb);
  }
  // The classic through the geometry call: sudokit_canonical's form, the classic id.
  char a[SUDOKIT_CELLS_BUFFER], b[SUDOKIT_GRID_BUFFER], id[SUDOKIT_GLOBAL_ID_BUFFER];
  ASSERT_EQ(sudokit_canonical_geometry(kPuzzle.c_str(), 81, nullptr, a, sizeof a, id), SUDOKIT_OK);
  ASSERT_EQ(sudokit_canonical(kPuzzle.c_str(), 81, b), SUDOKIT_OK);
  EXPECT_STREQ(a, b);
  EXPECT_EQ(std::strlen(id), 16u);
  // A short buffer, and the id left out.
  const sudokit_geometry_options o = geometry("6x6");
  const std::string six_empty(36, '.');
  EXPECT_EQ(sudokit_canonical_geometry(six_empty.c_str(), 36, &o, a, 36, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(sudokit_canonical_geometry(six_empty.c_str(), 36, &o, a, 37, nullptr), SUDOKIT_OK);
  EXPECT_EQ(std::string(a), six_empty);
}

// ---- sudokit_generate with a geometry --------------------------------------

namespace {

// Counts the solutions of `cells` (digits, 0 empty) up to `limit` by plain
// backtracking over the houses above (the fewest-candidates cell first,
// candidates as bit sets): the test's own counter, no library code.
int count_by_houses(std::vector<int> cells, int n, const std::vector<std::vector<int>>& houses, int limit) {
  std::vector<std::vector<int>> peers(cells.size());
  for (const auto& h : houses)
    for (int a : h)
      for (int b : h)
        if (a != b) peers[static_cast<std::size_t>(a)].push_back(b);
  for (std::size_t c = 0; c < cells.size(); ++c)  // givens that clash: no solution
    for (int p : peers[c])
      if (cells[c] != 0 && cells[c] == cells[static_cast<std::size_t>(p)]) return 0;
  const unsigned all = (1u << (n + 1)) - 2;  // bits 1..n
  int found = 0;
  std::function<void()> search = [&] {
    int best = -1, best_count = n + 1;
    unsigned best_free = 0;
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (cells[c] != 0) continue;
      unsigned used = 0;
      for (int p : peers[c]) used |= 1u << cells[static_cast<std::size_t>(p)];
      const unsigned free = all & ~used;
      const int k = __builtin_popcount(free);
      if (k < best_count) best = static_cast<int>(c), best_count = k, best_free = free;
      if (k == 0) return;
    }
    if (best < 0) {
      ++found;
      return;
    }
    for (int d = 1; d <= n && found < limit; ++d) {
      if (!(best_free >> d & 1u)) continue;
      cells[static_cast<std::size_t>(best)] = d;
      search();
      cells[static_cast<std::size_t>(best)] = 0;
    }
  };
  search();
  return found;
}

struct VariantMade {
  uint64_t index;
  std::string puzzle, solution, geometry, status, symmetry, method;
  int clues;
  bool minimal, graded;
};

int collect_variant(void* user, const sudokit_generated* p) {
  static_cast<std::vector<VariantMade>*>(user)->push_back({p->index, p->puzzle, p->solution, p->geometry, p->status,
                                                           p->symmetry, p->method, p->clues, p->minimal != 0,
                                                           p->graded != 0});
  return 0;
}

sudokit_generate_options variant_options(const char* spelling, uint64_t count, uint64_t seed) {
  sudokit_generate_options o;
  sudokit_generate_options_init(&o);
  o.geometry = spelling;
  o.count = count;
  o.seed = seed;
  return o;
}

}  // namespace

// Generated puzzles of several geometries: each unique and minimal by the
// test's own counter over the houses written out, its solution keeps its
// givens and obeys the rules, status "unrated (variant)" and no rating.
TEST(CapiGenerateGeometry, PuzzlesAreUniqueAndMinimalByTheRules) {
  struct Case { std::string spelling, canonical; int n; std::vector<int> region; bool x, windows; };
  const std::vector<Case> cases = {
      {"X", "x", 9, boxes(9, 3, 3), true, false},
      {"windows", "windows", 9, boxes(9, 3, 3), false, true},
      {"6x6", "6x6", 6, boxes(6, 2, 3), false, false},
      {"4x4", "4x4", 4, boxes(4, 2, 2), false, false},
      {"8x8", "8x8", 8, boxes(8, 2, 4), false, false},
      {std::string("jigsaw:") + kJigsaw6, std::string("jigsaw:") + kJigsaw6, 6, jigsaw(kJigsaw6), false, false},
  };
  for (const Case& k : cases) {
    SCOPED_TRACE(k.spelling);
    const auto houses = houses_of(k.n, k.region, k.x, k.windows);
    std::vector<VariantMade> made;
    const sudokit_generate_options o = variant_options(k.spelling.c_str(), 6, 47);
    sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT;
    ASSERT_EQ(sudokit_generate(&o, collect_variant, &made, &report), SUDOKIT_OK) << last_error();
    ASSERT_EQ(made.size(), 6u);
    EXPECT_EQ(report.accepted, 6u);
    for (const VariantMade& m : made) {
      SCOPED_TRACE(m.puzzle);
      EXPECT_EQ(m.geometry, k.canonical);
      EXPECT_EQ(m.status, "unrated (variant)");
      EXPECT_FALSE(m.graded);
      ASSERT_EQ(m.puzzle.size(), static_cast<std::size_t>(k.n * k.n));
      ASSERT_TRUE(valid(m.solution, k.n, k.region, k.x, k.windows)) << m.solution;
      std::vector<int> cells;
      int clues = 0;
      for (std::size_t c = 0; c < m.puzzle.size(); ++c) {
        cells.push_back(digit_of(m.puzzle[c]));
        if (m.puzzle[c] != '.') {
          ++clues;
          EXPECT_EQ(m.puzzle[c], m.solution[c]) << c;
        }
      }
      EXPECT_EQ(m.clues, clues);
      EXPECT_EQ(count_by_houses(cells, k.n, houses, 2), 1);
      EXPECT_TRUE(m.minimal);
      for (std::size_t c = 0; c < cells.size(); ++c) {  // minimal: every clue is needed
        if (cells[c] == 0) continue;
        std::vector<int> less = cells;
        less[c] = 0;
        EXPECT_EQ(count_by_houses(less, k.n, houses, 2), 2) << "clue " << c << " is not needed";
      }
    }
  }
}

// The same seed gives the same puzzles on any thread count, the command's
// (`sudokit generate --geometry x --format json`), and in another alphabet
// the same digits.
TEST(CapiGenerateGeometry, SameSeedSamePuzzlesOnAnyThreadCountAsTheCommand) {
  std::vector<VariantMade> one, three, letters;
  sudokit_generate_options o = variant_options("x", 8, 2024);
  ASSERT_EQ(sudokit_generate(&o, collect_variant, &one, nullptr), SUDOKIT_OK) << last_error();
  o.threads = 3;
  ASSERT_EQ(sudokit_generate(&o, collect_variant, &three, nullptr), SUDOKIT_OK) << last_error();
  o.alphabet = SUDOKIT_ALPHABET_LETTERS;
  ASSERT_EQ(sudokit_generate(&o, collect_variant, &letters, nullptr), SUDOKIT_OK) << last_error();
  const auto r = sudokit::test::run_sudokit("generate --geometry x --count 8 --seed 2024 --format json");
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::string line;
  std::vector<nlohmann::json> cli;
  while (std::getline(lines, line)) cli.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(one.size(), 8u);
  ASSERT_EQ(three.size(), 8u);
  ASSERT_EQ(letters.size(), 8u);
  ASSERT_EQ(cli.size(), 8u);
  std::set<std::string> distinct;
  for (std::size_t i = 0; i < one.size(); ++i) {
    EXPECT_EQ(one[i].index, i);
    EXPECT_EQ(three[i].index, i);
    EXPECT_EQ(one[i].puzzle, three[i].puzzle) << i;
    EXPECT_EQ(one[i].solution, three[i].solution) << i;
    EXPECT_EQ(one[i].puzzle, cli[i]["puzzle"]) << i;
    EXPECT_EQ(one[i].solution, cli[i]["solution"]) << i;
    EXPECT_EQ(one[i].status, cli[i]["status"]) << i;
    EXPECT_EQ(one[i].geometry, cli[i]["geometry"]) << i;
    EXPECT_EQ(one[i].symmetry, cli[i]["symmetry"]) << i;
    EXPECT_EQ(one[i].method, cli[i]["method"]) << i;
    std::string as_letters = one[i].puzzle;
    for (char& c : as_letters)
      if (c != '.') c = static_cast<char>('A' + (c - '1'));
    EXPECT_EQ(letters[i].puzzle, as_letters) << i;
    distinct.insert(one[i].puzzle);
  }
  EXPECT_EQ(distinct.size(), 8u);
  // The classic geometry by name is the classic run, byte for byte.
  std::vector<VariantMade> named, plain;
  o = variant_options("9x9", 3, 5);
  ASSERT_EQ(sudokit_generate(&o, collect_variant, &named, nullptr), SUDOKIT_OK) << last_error();
  o.geometry = nullptr;
  ASSERT_EQ(sudokit_generate(&o, collect_variant, &plain, nullptr), SUDOKIT_OK) << last_error();
  ASSERT_EQ(named.size(), 3u);
  for (std::size_t i = 0; i < named.size(); ++i) {
    EXPECT_EQ(named[i].puzzle, plain[i].puzzle);
    EXPECT_EQ(plain[i].geometry, "classic");
    EXPECT_EQ(plain[i].status, "");
  }
}

// A caller of the earlier header (struct_size ending before geometry, or
// inside its pointer) gets the classic whatever lies beyond its struct.
TEST(CapiGenerateGeometry, AnEarlierHeadersOptionsAreTheClassic) {
  std::vector<VariantMade> old, odd, classic;
  sudokit_generate_options o = variant_options("x", 2, 9);
  o.alphabet = SUDOKIT_ALPHABET_LETTERS;
  o.struct_size = offsetof(sudokit_generate_options, geometry);
  ASSERT_EQ(sudokit_generate(&o, collect_variant, &old, nullptr), SUDOKIT_OK) << last_error();
  std::memset(static_cast<void*>(&o.geometry), 0xAB, sizeof o.geometry);  // its bytes are no spelling
  o.struct_size = offsetof(sudokit_generate_options, geometry) + 3;
  ASSERT_EQ(sudokit_generate(&o, collect_variant, &odd, nullptr), SUDOKIT_OK) << last_error();
  o = variant_options(nullptr, 2, 9);
  ASSERT_EQ(sudokit_generate(&o, collect_variant, &classic, nullptr), SUDOKIT_OK) << last_error();
  ASSERT_EQ(old.size(), 2u);
  ASSERT_EQ(odd.size(), 2u);
  for (std::size_t i = 0; i < old.size(); ++i) {
    EXPECT_EQ(old[i].puzzle, classic[i].puzzle);
    EXPECT_EQ(odd[i].puzzle, classic[i].puzzle);
    EXPECT_EQ(old[i].geometry, "classic");
  }
}

// A bad geometry or alphabet, and every rating option with a variant, are
// refused naming the option (sudokit_last_error_option, and the caller's
// option_names spelling for the rating options) with the reason.
TEST(CapiGenerateGeometry, BadGeometryAndRatingOptionsAreNamed) {
  std::vector<VariantMade> made;
  sudokit_generate_options o = variant_options("x,wndows", 1, 1);
  EXPECT_EQ(sudokit_generate(&o, collect_variant, &made, nullptr), SUDOKIT_E_PARSE);
  EXPECT_EQ(last_error().rfind("geometry:3: unknown rule \"wndows\"", 0), 0u) << last_error();
  EXPECT_STREQ(sudokit_last_error_option(), "geometry");
  o = variant_options("4x4,anti-king", 1, 1);
  EXPECT_EQ(sudokit_generate(&o, collect_variant, &made, nullptr), SUDOKIT_E_OPTION);
  EXPECT_NE(last_error().find("has no valid grid"), std::string::npos) << last_error();
  EXPECT_STREQ(sudokit_last_error_option(), "geometry");
  o = variant_options("25x25", 1, 1);
  o.alphabet = SUDOKIT_ALPHABET_HEX;
  EXPECT_EQ(sudokit_generate(&o, collect_variant, &made, nullptr), SUDOKIT_E_OPTION);
  EXPECT_EQ(last_error().rfind("alphabet: ", 0), 0u) << last_error();
  EXPECT_STREQ(sudokit_last_error_option(), "alphabet");
  o = variant_options("6x6", 1, 1);
  o.alphabet = 7;
  EXPECT_EQ(sudokit_generate(&o, collect_variant, &made, nullptr), SUDOKIT_E_OPTION);
  EXPECT_STREQ(sudokit_last_error_option(), "alphabet");
  o = variant_options("6x6", 1, 1);
  o.clues = 36;
  EXPECT_EQ(sudokit_generate(&o, collect_variant, &made, nullptr), SUDOKIT_E_OPTION);
  EXPECT_NE(last_error().find("clues must be 1 to 35 for 6x6"), std::string::npos) << last_error();
  EXPECT_STREQ(sudokit_last_error_option(), "clues");

  static const char* techniques[] = {"x-wing"};
  struct Case {
    void (*set)(sudokit_generate_options&);
    int option;
  };
  const Case cases[] = {
      {[](sudokit_generate_options& o) { o.grade = 1; }, SUDOKIT_OPTION_GRADE},
      {[](sudokit_generate_options& o) { o.level = "hard"; }, SUDOKIT_OPTION_LEVEL},
      {[](sudokit_generate_options& o) { o.levels = "easy:1,hard:4"; }, SUDOKIT_OPTION_LEVELS},
      {[](sudokit_generate_options& o) { o.min_rating = 3; }, SUDOKIT_OPTION_MIN_RATING},
      {[](sudokit_generate_options& o) { o.max_rating = 5; }, SUDOKIT_OPTION_MAX_RATING},
      {[](sudokit_generate_options& o) { o.required_techniques = techniques, o.required_technique_count = 1; },
       SUDOKIT_OPTION_REQUIRED_TECHNIQUES},
      {[](sudokit_generate_options& o) { o.hardest_technique = "x-wing"; }, SUDOKIT_OPTION_HARDEST_TECHNIQUE},
      {[](sudokit_generate_options& o) { o.search = 4; }, SUDOKIT_OPTION_SEARCH},
      {[](sudokit_generate_options& o) { o.search_keep = 3; }, SUDOKIT_OPTION_SEARCH_KEEP},
      {[](sudokit_generate_options& o) { o.strategy = "dig"; }, SUDOKIT_OPTION_STRATEGY},
  };
  std::vector<std::string> spelt;
  std::vector<const char*> names;
  for (int i = 0; i < SUDOKIT_GENERATE_OPTION_TOTAL; ++i) spelt.push_back("<" + std::to_string(i) + ">");
  for (const std::string& n : spelt) names.push_back(n.c_str());
  for (const Case& k : cases) {
    SCOPED_TRACE(spelt[static_cast<std::size_t>(k.option)]);
    o = variant_options("x", 1, 1);
    k.set(o);
    EXPECT_EQ(sudokit_generate(&o, collect_variant, &made, nullptr), SUDOKIT_E_OPTION);
    EXPECT_NE(last_error().find("unrated (variant)"), std::string::npos) << last_error();
    EXPECT_NE(last_error().find("puzzles of x have none yet"), std::string::npos) << last_error();
    EXPECT_EQ(last_error().find("--"), std::string::npos) << last_error();
    o.option_names = names.data();
    EXPECT_EQ(sudokit_generate(&o, collect_variant, &made, nullptr), SUDOKIT_E_OPTION);
    EXPECT_EQ(std::string(sudokit_last_error_option()), spelt[static_cast<std::size_t>(k.option)]);
    EXPECT_NE(last_error().find(spelt[static_cast<std::size_t>(k.option)]), std::string::npos) << last_error();
  }
  o = variant_options("x", 1, 1);
  o.dig_order = "sparse-digits";
  EXPECT_EQ(sudokit_generate(&o, collect_variant, &made, nullptr), SUDOKIT_E_OPTION);
  EXPECT_STREQ(sudokit_last_error_option(), "dig_order");
  EXPECT_TRUE(made.empty());
}
