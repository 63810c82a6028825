// Chain explanations in Eureka notation (grader/src/chain_notation.hpp):
// the exact text for hand-made positions of each chain type, each followed
// by the reader of chain_reader.hpp on its position, and a text the reader
// must refuse. (The ground-truth suite follows every chain step of the
// calibration set and top95 the same way.)
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "chain_reader.hpp"
#include "grader_test_util.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/grade.hpp"

namespace sudokit::grader {
namespace {

using test::box_unit;
using test::col_unit;
using test::confine;
using test::digits;
using test::rc;
using test::row_unit;

std::string follow(const Board& b, const Step& s) { return test::follow_chain(b, s); }

// The first (cheapest) hint with this SE name that removes `digit` from `cell`.
const Step* find_hint(const std::vector<Step>& steps, const std::string& name, int cell, int digit) {
  for (const Step& s : steps)
    if (s.name() == name && test::removes(s, cell, digit)) return &s;
  return nullptr;
}

// --- exact texts for the hand-made positions -----------------------------------------

TEST(ChainNotation, StaticChains) {
  {
    Board b{Grid{}};
    confine(b, 1, row_unit(1), {rc(1, 1), rc(1, 5)});
    confine(b, 1, box_unit(5), {rc(4, 5), rc(6, 4)});
    const Step s = test::all_steps(*make_forcing_chains_and_cycles(), b).front();
    EXPECT_EQ(s.detail, "(1)r6c1-r6c4=r4c5-r1c5=r1c1-r6c1 => r6c1<>1");
    EXPECT_EQ(explain(s), "r6c1<>1 Turbot Fish r6c1: (1)r6c1-r6c4=r4c5-r1c5=r1c1-r6c1 => r6c1<>1");
    EXPECT_EQ(follow(b, s), "");
  }
  {
    Board b{Grid{}};
    confine(b, 1, row_unit(1), {rc(1, 1), rc(1, 6)});
    confine(b, 1, col_unit(1), {rc(1, 1), rc(6, 1)});
    confine(b, 1, box_unit(5), {rc(5, 6), rc(6, 4)});
    const Step s = test::all_steps(*make_forcing_chains_and_cycles(), b).front();
    EXPECT_EQ(explain(s), "r1c1=1 Turbot Fish r1c1: (1)r1c1=r1c6-r5c6=r6c4-r6c1=r1c1 => r1c1=1");
    EXPECT_EQ(follow(b, s), "");
  }
  {
    Board b{Grid{}};
    b.set_candidates(rc(1, 1), digits("12"));
    b.set_candidates(rc(1, 5), digits("23"));
    b.set_candidates(rc(5, 5), digits("13"));
    const Step s = test::all_steps(*make_forcing_chains_and_cycles(), b).front();
    EXPECT_EQ(s.detail, "(1)r5c1-r5c5=(3)r5c5-r1c5=(2)r1c5-r1c1=(1)r1c1-r5c1 => r5c1<>1");
    EXPECT_EQ(follow(b, s), "");
  }
  {
    Board b{Grid{}};
    b.set_candidates(rc(1, 1), digits("12"));
    b.set_candidates(rc(4, 5), digits("12"));
    confine(b, 2, row_unit(1), {rc(1, 1), rc(1, 5)});
    confine(b, 1, col_unit(1), {rc(1, 1), rc(4, 1)});
    const Step s = test::all_steps(*make_forcing_chains_and_cycles(), b).front();
    EXPECT_EQ(s.detail.substr(0, s.detail.find(" => ")), "(1)r1c1-(2)r1c1=r1c5-r4c5=(1)r4c5-r4c1=r1c1");
    EXPECT_EQ(s.detail.substr(s.detail.find(" => ") + 4), step_effect(s));
    EXPECT_EQ(follow(b, s), "");
  }
}

TEST(ChainNotation, NishioAndMultipleChains) {
  {
    Board b{Grid{}};
    confine(b, 1, row_unit(1), {rc(1, 1), rc(1, 2)});
    confine(b, 1, col_unit(1), {rc(1, 1), rc(2, 1)});
    const Step s = test::all_steps(*make_nishio_chains(), b).front();
    EXPECT_EQ(explain(s), "r1c1=1 Nishio Forcing Chains r1c1: r1c1<>1 is impossible: (1)r1c1=r2c1; (1)r1c1=r1c2-r2c1 => r1c1=1");
    EXPECT_EQ(follow(b, s), "");
  }
  {
    Board b{Grid{}};
    b.set_candidates(rc(5, 5), digits("123"));
    b.set_candidates(rc(5, 1), digits("19"));
    b.set_candidates(rc(1, 5), digits("29"));
    b.set_candidates(rc(4, 4), digits("34"));
    b.set_candidates(rc(4, 1), digits("49"));
    const Step s = test::all_steps(*make_multiple_chains(), b).front();
    EXPECT_EQ(s.detail,
              "r5c5=1: (1)r5c5-r5c1=(9)r5c1-r1c1; r5c5=2: (2)r5c5-r1c5=(9)r1c5-r1c1; "
              "r5c5=3: (3)r5c5-r4c4=(4)r4c4-r4c1=(9)r4c1-r1c1 => r1c1<>9");
    EXPECT_EQ(follow(b, s), "");
    // Texts the reader refuses: a branch missing, a weak link used as strong.
    Step two = s;
    two.detail.erase(two.detail.find("; r5c5=3"), two.detail.find(" => ") - two.detail.find("; r5c5=3"));
    EXPECT_NE(follow(b, two), "");
    Step bent = s;
    bent.detail.replace(bent.detail.find("(2)r5c5-r1c5="), 13, "(2)r5c5-r1c5-");
    EXPECT_NE(follow(b, bent), "");
  }
  {
    Board b{Grid{}};
    confine(b, 1, row_unit(5), {rc(5, 1), rc(5, 2), rc(5, 9)});
    confine(b, 1, row_unit(2), {rc(2, 3), rc(2, 9)});
    const Step s = test::all_steps(*make_multiple_chains(), b).front();
    EXPECT_EQ(s.detail,
              "1 in row 5: r5c1=1: (1)r5c1-r4c3; r5c2=1: (1)r5c2-r4c3; r5c9=1: (1)r5c9-r2c9=r2c3-r4c3 => r4c3<>1");
    EXPECT_EQ(follow(b, s), "");
  }
}

TEST(ChainNotation, DynamicChainsShowWhatTheReducedGridNeeds) {
  {
    // r3c6=1 only because r1c4 and r1c5 both lost the 1: "[r1c4]", proved after.
    Board b{Grid{}};
    confine(b, 1, box_unit(2), {rc(1, 4), rc(1, 5), rc(3, 6)});
    confine(b, 1, row_unit(7), {rc(7, 1), rc(7, 6)});
    const auto found = test::all_steps(*make_dynamic_chains(), b);
    const Step* s = find_hint(found, "Dynamic Contradiction Forcing Chains", rc(1, 1), 1);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->detail,
              "r1c1=1 is impossible: (1)r1c1-r7c1=r7c6; (1)r1c1-r1c5=r3c6[r1c4]-r7c6, r1c4<>1: (1)r1c1-r1c4 => r1c1<>1");
    EXPECT_EQ(follow(b, *s), "");
    // Leave the bracket out and the reader no longer accepts r3c6=1.
    Step cut = *s;
    cut.detail.replace(cut.detail.find("[r1c4]"), 6, "");
    EXPECT_NE(follow(b, cut), "");
  }
  {
    Board b{Grid{}};
    b.set_candidates(rc(5, 5), digits("123"));
    confine(b, 1, box_unit(5), {rc(5, 5), rc(4, 4)});
    confine(b, 1, row_unit(5), {rc(5, 5), rc(5, 9)});
    confine(b, 1, row_unit(8), {rc(8, 4), rc(8, 6), rc(8, 9)});
    const auto found = test::all_steps(*make_dynamic_chains(), b);
    const Step* s = find_hint(found, "Dynamic Double Forcing Chains", rc(7, 5), 1);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->detail,
              "r5c5=1: (1)r5c5-r7c5; r5c5<>1: (1)r5c5=r5c9-r8c9=r8c6[r8c4]-r7c5, r8c4<>1: (1)r5c5=r4c4-r8c4 => r7c5<>1");
    EXPECT_EQ(follow(b, *s), "");
    // The cheapest hint here is the region forcing on row 8.
    EXPECT_EQ(found.front().name(), "Dynamic Region Forcing Chains");
    EXPECT_EQ(found.front().detail,
              "1 in row 8: r8c4=1: (1)r8c4-r7c5; r8c6=1: (1)r8c6-r7c5; r8c9=1: (1)r8c9-r5c9=r5c5-r7c5 => r7c5<>1");
    EXPECT_DOUBLE_EQ(found.front().difficulty, 8.5 + test::spec_increment(8));
    for (const Step& st : found) EXPECT_EQ(follow(b, st), "") << explain(st);
  }
  {
    // Level 1: the Pointing on the reduced grid is a "~" link.
    Board b{Grid{}};
    confine(b, 1, box_unit(2), {rc(1, 5), rc(2, 4), rc(2, 6)});
    confine(b, 1, col_unit(2), {rc(2, 2), rc(8, 2)});
    confine(b, 1, col_unit(8), {rc(2, 8), rc(8, 8)});
    const auto found = test::all_steps(*make_dynamic_chains(1), b);
    const Step* s = find_hint(found, "Dynamic Contradiction Forcing Chains (+)", rc(5, 5), 1);
    ASSERT_NE(s, nullptr);
    EXPECT_EQ(s->detail,
              "r5c5=1 is impossible: (1)r5c5-r1c5~r2c2[Pointing]=r8c2; (1)r5c5-r1c5~r2c8[Pointing]=r8c8-r8c2 => r5c5<>1");
    EXPECT_EQ(follow(b, *s), "");
  }
}

TEST(ChainNotation, NestedChainsQuoteTheirInnerHints) {
  // AI Escargot's 10.5 step: rule links name the nested chain, and the
  // nested hints' own chains follow in braces ("X<>d by {Forcing Chain: ...}").
  const Board b = test::position(
      "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..41.....7..7...3..",
      "2568 2468 458 345 246 346 457 46 1459 59 1467 467 2478 278 134 138 2347 134 2478 278 167 126 4678 146 479 "
      "34 579 569 467 34567 2789 238 12579 1579 178 358 135 25689 268 24578 45679 2568 2468 4569 2589 2589 3569 "
      "3568 268 2568 2589 25689 12458 14569 1258 24568 4569");
  const Step s = test::all_steps(*make_dynamic_chains(2), b).front();
  EXPECT_EQ(s.detail.rfind("r6c4=5 is impossible: (5)r6c4-r6c9~(1)r3c9[Forcing Chain: (5)r1c4,(5)r2c4]=(4)r3c9", 0), 0u)
      << s.detail;
  EXPECT_NE(s.detail.find(", r3c9<>1 by {Forcing Chain: (1)r3c9-"), std::string::npos);
  EXPECT_EQ(s.detail.substr(s.detail.rfind(" => ")), " => r6c4<>5");
  EXPECT_EQ(follow(b, s), "");
}

}  // namespace
}  // namespace sudokit::grader
