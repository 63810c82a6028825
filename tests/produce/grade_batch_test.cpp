// produce::GradeBatch: grades on several threads come back in submission
// order and equal one Grader's, for puzzles and pencil-mark positions;
// plain items keep their place; a continuation that drains does not
// re-enter; drain() continues everything; the window bounds what is in
// flight; the idle hook runs while a slow record is waited for.
#include "sudokit/produce/grade_batch.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "../data_file.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::produce {
namespace {

// Every 10th calibration puzzle: easy to chain-heavy, some slow, some fast,
// so that workers finish out of order.
std::vector<Grid> sample() {
  std::ifstream in(test::data_file("se_rated_calibration.tsv"));
  std::vector<Grid> out;
  std::string line;
  for (int i = 0; std::getline(in, line); ++i) {
    Grid g;
    ParseError e;
    if (i % 10 == 1 && line.size() > 81 && parse_puzzle(std::string_view(line).substr(0, 81), g, e)) out.push_back(g);
  }
  return out;
}

TEST(GradeBatch, GradesComeBackInOrderAndEqualOneGradersForAnyThreadCount) {
  const std::vector<Grid> puzzles = sample();
  ASSERT_GT(puzzles.size(), 2 * GradeBatch::kWindowPerThread + 20);  // the window bites on 2 threads
  grader::GradeOptions options;
  options.keep_steps = true;
  grader::Grader reference;
  std::vector<grader::Grade> expected;
  for (const Grid& p : puzzles) expected.push_back(reference.grade(p, options));

  for (unsigned threads : {1u, 2u, 4u}) {
    std::vector<std::size_t> order;
    {
      GradeBatch batch(threads, options);
      for (std::size_t i = 0; i < puzzles.size(); ++i) {
        batch.submit(puzzles[i], [&, i](const grader::Grade& g) {
          order.push_back(i);
          EXPECT_EQ(g.status, expected[i].status) << i;
          EXPECT_EQ(g.er, expected[i].er) << i;
          EXPECT_EQ(g.ep, expected[i].ep) << i;
          EXPECT_EQ(g.ed, expected[i].ed) << i;
          EXPECT_EQ(g.steps.size(), expected[i].steps.size()) << i;
        });
        // The window: at most kWindowPerThread per thread are in flight,
        // so the continuations keep up with the submissions.
        EXPECT_GE(order.size() + GradeBatch::kWindowPerThread * threads, i + 1) << threads << " threads";
      }
      batch.drain();
    }
    ASSERT_EQ(order.size(), puzzles.size()) << threads << " threads";
    for (std::size_t i = 0; i < order.size(); ++i) ASSERT_EQ(order[i], i) << threads << " threads";
  }
}

TEST(GradeBatch, PlainItemsKeepTheirPlaceAndAContinuationMayDrain) {
  const std::vector<Grid> puzzles = sample();
  std::vector<std::string> log;
  GradeBatch batch(2, {});
  for (std::size_t i = 0; i < 40; ++i) {
    if (i % 7 == 3)
      batch.submit([&log, i] { log.push_back("plain " + std::to_string(i)); });
    else
      batch.submit(puzzles[i], [&, i](const grader::Grade&) {
        log.push_back("graded " + std::to_string(i));
        batch.drain();  // as a diagnostic's hook does: returns at once
      });
  }
  batch.drain();
  ASSERT_EQ(log.size(), 40u);
  for (std::size_t i = 0; i < 40; ++i) EXPECT_EQ(log[i], (i % 7 == 3 ? "plain " : "graded ") + std::to_string(i));
}

TEST(GradeBatch, PencilMarkPositionsAreGradedOnTheirMarks) {
  const std::vector<Grid> puzzles = sample();
  grader::Grader reference;
  std::vector<double> expected, got;
  GradeBatch batch(3, {});
  for (std::size_t i = 0; i < 30; ++i) {
    // Sukaku Explainer's form of the puzzle: a given is its one candidate.
    Candidates marks = Candidates::from_grid(puzzles[i]);
    for (int c = 0; c < kCells; ++c)
      if (puzzles[i][c]) marks[c] = digit_bit(puzzles[i][c]);
    expected.push_back(reference.grade_marks(marks).er);
    batch.submit(marks, [&](const grader::Grade& g) { got.push_back(g.er); });
  }
  batch.drain();
  EXPECT_EQ(got, expected);
  EXPECT_GT(expected.front(), 1.0);  // rated, not rejected
}

// While a slow record keeps the calling thread waiting, the idle hook runs
// (every kIdleEvery), after the faster record before it was continued: what
// `sudokit grade` writes out there. With one thread nothing waits. A throw
// from the hook ends the wait; the batch still ends cleanly.
TEST(GradeBatch, TheIdleHookRunsWhileASlowRecordIsWaitedFor) {
  Grid easy, slow;
  ParseError e;
  ASSERT_TRUE(parse_puzzle("5......9.2....4...........57....8.4...2.5..38.937...52..4.769....7.9...3.....5..4", easy, e));  // 2.0
  // AI Escargot (10.5): a tenth of a second or more to grade.
  ASSERT_TRUE(parse_puzzle("1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..", slow, e));
  {
    int continued = 0, idle_calls = 0, idle_after_first = 0;
    GradeBatch batch(2, {});
    batch.set_idle([&] {
      ++idle_calls;
      if (continued == 1) ++idle_after_first;
    });
    batch.submit(easy, [&](const grader::Grade&) { ++continued; });
    batch.submit(slow, [&](const grader::Grade& g) {
      ++continued;
      EXPECT_GE(g.er, 10.0);
    });
    batch.drain();
    EXPECT_EQ(continued, 2);
    EXPECT_GE(idle_after_first, 1) << idle_calls << " idle calls";
  }
  {
    int idle_calls = 0;
    GradeBatch batch(1, {});
    batch.set_idle([&] { ++idle_calls; });
    batch.submit(easy, [](const grader::Grade&) {});
    batch.submit(slow, [](const grader::Grade&) {});
    batch.drain();
    EXPECT_EQ(idle_calls, 0);
  }
  {
    GradeBatch batch(2, {});
    batch.set_idle([] { throw std::runtime_error("write failed"); });
    batch.submit(slow, [](const grader::Grade&) {});
    EXPECT_THROW(batch.drain(), std::runtime_error);
  }  // destroyed while the record may still be graded: joins, drops it
}

}  // namespace
}  // namespace sudokit::produce
