// sudokit_grade: puzzles and 729-character pencil-mark positions against
// Sudoku Explainer's ratings (data/), the kept path, the statuses of puzzles
// without one solution, options, output structs of other sizes, threads.
#include <gtest/gtest.h>

#include <cstddef>
#include <cmath>
#include <cstring>
#include <algorithm>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "capi_test_util.hpp"
#include "../../solver/include/sudokit/solver/limits.hpp"  // header only: the bounds the messages name

using namespace sudokit::capi_test;

namespace {

using GradePtr = std::unique_ptr<sudokit_grade_result, decltype(&sudokit_grade_result_free)>;

GradePtr grade(const std::string& text, const sudokit_grade_options* options = nullptr) {
  sudokit_grade_result* r = nullptr;
  EXPECT_EQ(sudokit_grade(text.data(), text.size(), options, &r), SUDOKIT_OK) << last_error();
  return GradePtr(r, sudokit_grade_result_free);
}

double number(const std::string& s) { return std::stod(s); }

GradePtr grade_keeping_steps(const std::string& text) {
  sudokit_grade_options o;
  sudokit_grade_options_init(&o);
  o.keep_steps = 1;
  return grade(text, &o);
}

}  // namespace

TEST(CapiGrade, PuzzlesRateAsSudokuExplainer) {
  int checked = 0;
  for (const auto& row : tsv_rows("se_rated_calibration.tsv", 400)) {
    if (number(row[1]) > 4.5) continue;  // the fast ones
    const GradePtr g = grade(row[0]);
    ASSERT_EQ(sudokit_grade_status(g.get()), SUDOKIT_GRADE_RATED) << row[0];
    EXPECT_DOUBLE_EQ(sudokit_grade_er(g.get()), number(row[1])) << row[0];
    EXPECT_DOUBLE_EQ(sudokit_grade_ep(g.get()), number(row[2])) << row[0];
    EXPECT_DOUBLE_EQ(sudokit_grade_ed(g.get()), number(row[3])) << row[0];
    EXPECT_STRNE(sudokit_grade_level(g.get()), "");
    EXPECT_STREQ(sudokit_grade_message(g.get()), "");
    ++checked;
  }
  EXPECT_GE(checked, 50);
}

TEST(CapiGrade, PencilMarkPositionsRateAsSukakuExplainer) {
  for (const auto& row : tsv_rows("se_rated_pencilmarks.tsv", 40)) {
    ASSERT_EQ(row[0].size(), 729u);
    const GradePtr g = grade(row[0]);
    ASSERT_EQ(sudokit_grade_status(g.get()), SUDOKIT_GRADE_RATED) << row[0];
    EXPECT_DOUBLE_EQ(sudokit_grade_er(g.get()), number(row[1])) << row[0];
    EXPECT_DOUBLE_EQ(sudokit_grade_ep(g.get()), number(row[2])) << row[0];
    EXPECT_DOUBLE_EQ(sudokit_grade_ed(g.get()), number(row[3])) << row[0];
  }
}

TEST(CapiGrade, KeptPathPlacesTheSolution) {
  const GradePtr g = grade_keeping_steps(kPuzzle);
  EXPECT_DOUBLE_EQ(sudokit_grade_er(g.get()), 3.0);
  EXPECT_STREQ(sudokit_grade_level(g.get()), "hard");
  EXPECT_STREQ(sudokit_grade_hardest(g.get()), "naked-pair");  // the key, as `hardest` everywhere
  EXPECT_STREQ(sudokit_grade_hardest_name(g.get()), "Naked Pair");
  char solution[SUDOKIT_GRID_BUFFER];
  ASSERT_EQ(sudokit_grade_solution(g.get(), solution), SUDOKIT_OK);
  EXPECT_EQ(std::string(solution), kSolution);

  const size_t n = sudokit_grade_steps(g.get());
  ASSERT_EQ(static_cast<int32_t>(n), sudokit_grade_step_total(g.get()));
  std::string board = kPuzzle;
  double hardest = 0;
  for (size_t i = 0; i < n; ++i) {
    sudokit_step s = SUDOKIT_STEP_INIT;
    ASSERT_EQ(sudokit_grade_step(g.get(), i, &s), SUDOKIT_OK);
    EXPECT_EQ(s.struct_size, sizeof(sudokit_step));
    ASSERT_NE(s.text, nullptr);
    EXPECT_GT(std::strlen(s.text), 5u);
    EXPECT_GT(std::strlen(s.technique), 0u);
    EXPECT_TRUE(s.place_cell >= 0 || s.elimination_count > 0) << s.text;
    for (size_t k = 0; k < s.elimination_count; ++k) {
      const sudokit_candidate c = s.eliminations[k];
      ASSERT_TRUE(c.cell >= 0 && c.cell < 81 && c.digit >= 1 && c.digit <= 9);
      EXPECT_NE(kSolution[static_cast<std::size_t>(c.cell)], '0' + c.digit) << "step " << s.text << " removes the solution";
    }
    for (size_t k = 0; k < s.house_count; ++k) EXPECT_TRUE(s.houses[k] >= 0 && s.houses[k] < 27);
    if (s.place_cell >= 0) {
      EXPECT_EQ(kSolution[static_cast<std::size_t>(s.place_cell)], '0' + s.place_digit) << s.text;
      board[static_cast<std::size_t>(s.place_cell)] = static_cast<char>('0' + s.place_digit);
    }
    hardest = std::max(hardest, s.rating);
  }
  EXPECT_EQ(board, kSolution);
  EXPECT_DOUBLE_EQ(hardest, 3.0);
  sudokit_step s = SUDOKIT_STEP_INIT;
  EXPECT_EQ(sudokit_grade_step(g.get(), n, &s), SUDOKIT_E_UNAVAILABLE);

  int32_t total = 0;
  for (size_t i = 0; i < sudokit_grade_histogram_size(g.get()); ++i) {
    const char* key = nullptr;
    int32_t steps = 0;
    ASSERT_EQ(sudokit_grade_histogram_entry(g.get(), i, &key, &steps), SUDOKIT_OK);
    EXPECT_GT(steps, 0) << key;
    total += steps;
  }
  EXPECT_EQ(total, sudokit_grade_step_total(g.get()));
}

TEST(CapiGrade, NoStepsUnlessKept) {
  const GradePtr g = grade(kPuzzle);
  EXPECT_EQ(sudokit_grade_steps(g.get()), 0u);
  sudokit_step s = SUDOKIT_STEP_INIT;
  EXPECT_EQ(sudokit_grade_step(g.get(), 0, &s), SUDOKIT_E_UNAVAILABLE);
  EXPECT_NE(last_error().find("keep_steps"), std::string::npos) << last_error();
  EXPECT_GT(sudokit_grade_step_total(g.get()), 0);
}

TEST(CapiGrade, PuzzlesWithoutOneSolutionAreResultsNotErrors) {
  std::string several = kPuzzle;
  for (std::size_t i = 0; i < 81; ++i)
    if (several[i] == '8') several[i] = '.';
  const GradePtr g = grade(several);
  EXPECT_EQ(sudokit_grade_status(g.get()), SUDOKIT_GRADE_MULTIPLE_SOLUTIONS);
  EXPECT_STRNE(sudokit_grade_message(g.get()), "");
  EXPECT_EQ(sudokit_grade_er(g.get()), 0.0);
  EXPECT_STREQ(sudokit_grade_level(g.get()), "");
  char solution[SUDOKIT_GRID_BUFFER];
  EXPECT_EQ(sudokit_grade_solution(g.get(), solution), SUDOKIT_E_UNAVAILABLE);

  std::string broken = kPuzzle;
  broken[0] = broken[9] = '7';
  EXPECT_EQ(sudokit_grade_status(grade(broken).get()), SUDOKIT_GRADE_INVALID_GIVENS);
}

TEST(CapiGrade, Options) {
  sudokit_grade_options o;
  sudokit_grade_options_init(&o);
  o.levels = "plain:0,tricky:2.9,tough:3.0";
  EXPECT_STREQ(sudokit_grade_level(grade(kPuzzle, &o).get()), "tough");
  o.max_steps = 3;
  EXPECT_EQ(sudokit_grade_status(grade(kPuzzle, &o).get()), SUDOKIT_GRADE_STEP_LIMIT);

  sudokit_grade_result* r = reinterpret_cast<sudokit_grade_result*>(&o);  // must become NULL on failure
  auto bad = [&](const sudokit_grade_options& x, int status, const char* words) {
    r = reinterpret_cast<sudokit_grade_result*>(&o);
    EXPECT_EQ(sudokit_grade(kPuzzle.data(), 81, &x, &r), status) << words;
    EXPECT_EQ(r, nullptr);
    EXPECT_NE(last_error().find(words), std::string::npos) << last_error();
    // The option at fault, by name (sudokit_last_error_option): every
    // SUDOKIT_E_OPTION names its field, other failures none.
    const std::string option = sudokit_last_error_option();
    if (status == SUDOKIT_E_OPTION) {
      EXPECT_TRUE(option == "time_limit" || option == "max_steps" || option == "levels") << option;
      EXPECT_EQ(last_error().rfind(option, 0), 0u) << last_error();
    } else {
      EXPECT_EQ(option, "") << words;
    }
  };
  sudokit_grade_options x;
  sudokit_grade_options_init(&x);
  x.time_limit = -1;
  bad(x, SUDOKIT_E_OPTION, "time_limit");
  // The messages give the bounds of limits.hpp, not numbers of their own.
  bad(x, SUDOKIT_E_OPTION, ("to " + sudokit::bound_text(sudokit::kMaxSeconds) + " seconds").c_str());
  x.time_limit = NAN;
  bad(x, SUDOKIT_E_OPTION, "time_limit");
  sudokit_grade_options_init(&x);
  x.max_steps = 0;
  bad(x, SUDOKIT_E_OPTION, "max_steps");
  bad(x, SUDOKIT_E_OPTION, ("from 1 to " + sudokit::bound_text(sudokit::kMaxSteps)).c_str());
  sudokit_grade_options_init(&x);
  x.levels = "easy:5,hard:1";
  bad(x, SUDOKIT_E_OPTION, "levels");
  sudokit_grade_options_init(&x);
  x.struct_size = 0;
  bad(x, SUDOKIT_E_INVALID_ARGUMENT, "struct_size");
  x.struct_size = sizeof x + 8;  // a newer header than this library
  bad(x, SUDOKIT_E_UNSUPPORTED, "struct_size");
}

TEST(CapiGrade, BadArguments) {
  sudokit_grade_result* r = nullptr;
  EXPECT_EQ(sudokit_grade(kPuzzle.data(), 81, nullptr, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(sudokit_grade(nullptr, 81, nullptr, &r), SUDOKIT_E_INVALID_ARGUMENT);
  const std::string too_long = kPuzzle + std::string(19, '.');  // 100 characters, all of them the caller's
  EXPECT_EQ(sudokit_grade(too_long.data(), too_long.size(), nullptr, &r), SUDOKIT_E_PARSE);
  EXPECT_NE(last_error().find("81 characters, or 729"), std::string::npos) << last_error();
  std::string marks = all_candidates(kPuzzle);
  marks[9] = '5';  // r1c2's first place holds 5
  EXPECT_EQ(sudokit_grade(marks.data(), marks.size(), nullptr, &r), SUDOKIT_E_PARSE);
  EXPECT_NE(last_error().find("r1c2"), std::string::npos) << last_error();
  EXPECT_EQ(r, nullptr);
  // Accessors accept NULL.
  EXPECT_EQ(sudokit_grade_status(nullptr), -1);
  EXPECT_STREQ(sudokit_grade_level(nullptr), "");
  EXPECT_EQ(sudokit_grade_steps(nullptr), 0u);
  sudokit_step s = SUDOKIT_STEP_INIT;
  EXPECT_EQ(sudokit_grade_step(nullptr, 0, &s), SUDOKIT_E_INVALID_ARGUMENT);
  sudokit_grade_result_free(nullptr);
}

// A caller built against an older, smaller sudokit_step gets only the
// fields that fit, and struct_size says how much was written.
TEST(CapiGrade, SmallerOutputStructsGetThePrefix) {
  const GradePtr g = grade_keeping_steps(kPuzzle);
  sudokit_step s = SUDOKIT_STEP_INIT;
  s.rating = -5;
  s.struct_size = offsetof(sudokit_step, rating);
  ASSERT_EQ(sudokit_grade_step(g.get(), 0, &s), SUDOKIT_OK);
  EXPECT_EQ(s.struct_size, offsetof(sudokit_step, rating));
  EXPECT_STREQ(s.technique, "hidden-single");
  EXPECT_EQ(s.rating, -5) << "written beyond struct_size";
  s.struct_size = 0;
  EXPECT_EQ(sudokit_grade_step(g.get(), 0, &s), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(sudokit_grade_step(g.get(), 0, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
}

// Results are independent and outlive later calls; threads grade at once.
TEST(CapiGrade, ResultsAndThreadsAreIndependent) {
  const GradePtr first = grade_keeping_steps(kPuzzle);
  sudokit_step s = SUDOKIT_STEP_INIT;
  ASSERT_EQ(sudokit_grade_step(first.get(), 0, &s), SUDOKIT_OK);
  const std::string text = s.text;
  const auto rows = tsv_rows("se_rated_calibration.tsv", 60);
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (std::size_t i = static_cast<std::size_t>(t); i < rows.size(); i += 4) {
        if (std::stod(rows[i][1]) > 4.5) continue;
        sudokit_grade_result* r = nullptr;
        if (sudokit_grade(rows[i][0].data(), 81, nullptr, &r) != SUDOKIT_OK ||
            sudokit_grade_er(r) != std::stod(rows[i][1]))
          ++wrong[static_cast<std::size_t>(t)];
        sudokit_grade_result_free(r);
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(wrong, std::vector<int>(4, 0));
  EXPECT_EQ(text, s.text) << "the first result's step changed under later calls";
}
