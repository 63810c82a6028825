// The C API's basics: version, statuses, sudokit_solve, sudokit_canonical,
// the technique list; NULL pointers, wrong lengths, bad characters.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <set>
#include <string>

#include "capi_test_util.hpp"

using namespace sudokit::capi_test;

TEST(CapiVersion, LibraryMatchesHeader) {
  EXPECT_STREQ(sudokit_version(), SUDOKIT_VERSION_STRING);
  const std::string v = std::to_string(SUDOKIT_VERSION_MAJOR) + "." + std::to_string(SUDOKIT_VERSION_MINOR) + "." +
                        std::to_string(SUDOKIT_VERSION_PATCH);
  EXPECT_EQ(v, sudokit_version());
}

TEST(CapiStatus, EveryCodeHasItsOwnName) {
  std::set<std::string> names;
  for (int s : {SUDOKIT_OK, SUDOKIT_END, SUDOKIT_E_INVALID_ARGUMENT, SUDOKIT_E_PARSE, SUDOKIT_E_OPTION,
                SUDOKIT_E_UNSUPPORTED, SUDOKIT_E_NO_MEMORY, SUDOKIT_E_IO, SUDOKIT_E_UNAVAILABLE, SUDOKIT_E_INCOMPLETE,
                SUDOKIT_E_INTERNAL})
    names.insert(sudokit_status_name(s));
  EXPECT_EQ(names.size(), 11u);
  EXPECT_EQ(names.count("unknown"), 0u);
  EXPECT_STREQ(sudokit_status_name(12345), "unknown");
}

TEST(CapiSolve, UniquePuzzle) {
  char solution[SUDOKIT_GRID_BUFFER];
  uint32_t count = 99;
  ASSERT_EQ(sudokit_solve(kPuzzle.c_str(), SUDOKIT_NUL_TERMINATED, 2, &count, solution), SUDOKIT_OK);
  EXPECT_EQ(count, 1u);
  EXPECT_EQ(std::strlen(solution), 81u);
  EXPECT_EQ(std::string(solution), kSolution);
  EXPECT_TRUE(valid_solution(solution));
  EXPECT_TRUE(keeps_givens(kPuzzle, solution));
  // An explicit length reads only that much; the solution may be left out.
  const std::string longer = kPuzzle + "trailing words";
  count = 0;
  ASSERT_EQ(sudokit_solve(longer.data(), 81, 1, &count, nullptr), SUDOKIT_OK);
  EXPECT_EQ(count, 1u);
}

TEST(CapiSolve, CountsUpToTheLimit) {
  std::string few = kPuzzle;
  std::replace(few.begin(), few.begin() + 40, '8', '.');  // fewer clues: several solutions
  uint32_t count = 0;
  char solution[SUDOKIT_GRID_BUFFER];
  ASSERT_EQ(sudokit_solve(few.c_str(), 81, 2, &count, solution), SUDOKIT_OK);
  EXPECT_EQ(count, 2u);
  EXPECT_TRUE(valid_solution(solution));
  EXPECT_TRUE(keeps_givens(few, solution));
  ASSERT_EQ(sudokit_solve(few.c_str(), 81, 5, &count, nullptr), SUDOKIT_OK);
  EXPECT_EQ(count, 5u);
  const std::string empty(81, '.');
  ASSERT_EQ(sudokit_solve(empty.c_str(), 81, 1, &count, nullptr), SUDOKIT_OK);
  EXPECT_EQ(count, 1u);
}

TEST(CapiSolve, BrokenRulesHaveNoSolution) {
  std::string bad = kPuzzle;
  bad[0] = '7';  // r1c1 = 7 and r2c1 = 7: twice in column 1 and box 1
  bad[9] = '7';
  uint32_t count = 99;
  char solution[SUDOKIT_GRID_BUFFER] = "untouched";
  ASSERT_EQ(sudokit_solve(bad.c_str(), 81, 2, &count, solution), SUDOKIT_OK);
  EXPECT_EQ(count, 0u);
  EXPECT_STREQ(solution, "untouched");
}

TEST(CapiSolve, BadArguments) {
  uint32_t count = 7;
  EXPECT_EQ(sudokit_solve(nullptr, 81, 2, &count, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("puzzle is NULL"), std::string::npos) << last_error();
  EXPECT_EQ(sudokit_solve(kPuzzle.c_str(), 81, 2, nullptr, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_NE(last_error().find("count"), std::string::npos) << last_error();
  EXPECT_EQ(sudokit_solve(kPuzzle.c_str(), 81, 0, &count, nullptr), SUDOKIT_E_OPTION);
  EXPECT_NE(last_error().find("limit"), std::string::npos) << last_error();
  EXPECT_EQ(sudokit_solve(kPuzzle.c_str(), 80, 2, &count, nullptr), SUDOKIT_E_PARSE);
  EXPECT_NE(last_error().find("expected 81 cells, found 80"), std::string::npos) << last_error();
  EXPECT_EQ(sudokit_solve(kPuzzle.c_str(), 0, 2, &count, nullptr), SUDOKIT_E_PARSE);
  std::string bad = kPuzzle;
  bad[40] = 'x';
  EXPECT_EQ(sudokit_solve(bad.c_str(), 81, 2, &count, nullptr), SUDOKIT_E_PARSE);
  EXPECT_NE(last_error().find("column 41"), std::string::npos) << last_error();
  EXPECT_EQ(count, 7u) << "a failed call leaves its out-parameters alone";
}

TEST(CapiCanonical, SameFormForAnEquivalentPuzzle) {
  char a[SUDOKIT_GRID_BUFFER], b[SUDOKIT_GRID_BUFFER];
  ASSERT_EQ(sudokit_canonical(kPuzzle.c_str(), 81, a), SUDOKIT_OK);
  // Transposed and with digits 1 and 2 swapped: essentially the same puzzle.
  std::string t(81, '.');
  for (int r = 0; r < 9; ++r)
    for (int c = 0; c < 9; ++c) {
      char d = kPuzzle[static_cast<std::size_t>(r * 9 + c)];
      d = d == '1' ? '2' : d == '2' ? '1' : d;
      t[static_cast<std::size_t>(c * 9 + r)] = d;
    }
  ASSERT_EQ(sudokit_canonical(t.c_str(), 81, b), SUDOKIT_OK);
  EXPECT_STREQ(a, b);
  EXPECT_EQ(std::strlen(a), 81u);
  EXPECT_EQ(std::count(a, a + 81, '.'), std::count(kPuzzle.begin(), kPuzzle.end(), '.'));
  EXPECT_EQ(sudokit_canonical(kPuzzle.c_str(), 81, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(sudokit_canonical(nullptr, 81, a), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(sudokit_canonical(kPuzzle.c_str(), 82, a), SUDOKIT_E_PARSE);
}

TEST(CapiTechniques, KeysAndNames) {
  const size_t n = sudokit_technique_count();
  ASSERT_GT(n, 30u);
  EXPECT_STREQ(sudokit_technique_key(0), "hidden-single");
  std::set<std::string> keys;
  for (size_t i = 0; i < n; ++i) {
    ASSERT_NE(sudokit_technique_key(i), nullptr);
    ASSERT_NE(sudokit_technique_name(i), nullptr);
    keys.insert(sudokit_technique_key(i));
  }
  EXPECT_EQ(keys.size(), n);
  EXPECT_EQ(keys.count("x-wing"), 1u);
  EXPECT_EQ(sudokit_technique_key(n), nullptr);
  EXPECT_EQ(sudokit_technique_name(n), nullptr);
}
