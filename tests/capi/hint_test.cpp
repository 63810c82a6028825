// sudokit_hint and sudokit_hint_text: mistakes before hints, the reveal
// levels, the structured drawing, positions as fields and as text, every
// malformed field named, options.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>

#include "capi_test_util.hpp"
#include "../../solver/include/sudokit/solver/limits.hpp"  // header only: the bounds the messages name

using namespace sudokit::capi_test;

namespace {

using HintPtr = std::unique_ptr<sudokit_hint_result, decltype(&sudokit_hint_result_free)>;

HintPtr hint(const sudokit_position& p, const sudokit_hint_options* o = nullptr) {
  sudokit_hint_result* r = nullptr;
  EXPECT_EQ(sudokit_hint(&p, o, &r), SUDOKIT_OK) << last_error();
  return HintPtr(r, sudokit_hint_result_free);
}

sudokit_position givens_position(const std::string& givens) {
  sudokit_position p = SUDOKIT_POSITION_INIT;
  p.givens = givens.data();
  p.givens_length = givens.size();
  return p;
}

std::string step_text(const sudokit_hint_result* r) {
  sudokit_step s = SUDOKIT_STEP_INIT;
  if (sudokit_hint_step(r, &s) == SUDOKIT_OK) return s.text;
  std::string error = "error: ";
  return error.append(last_error());
}

}  // namespace

TEST(CapiHint, NextStepFromTheGivens) {
  const HintPtr h = hint(givens_position(kPuzzle));
  ASSERT_EQ(sudokit_hint_status(h.get()), SUDOKIT_HINT_STEP);
  EXPECT_STREQ(sudokit_hint_status_key(h.get()), "hint");
  sudokit_step s = SUDOKIT_STEP_INIT;
  ASSERT_EQ(sudokit_hint_step(h.get(), &s), SUDOKIT_OK);
  EXPECT_STREQ(s.text, "r1c4=1 hidden single in box 2");
  EXPECT_STREQ(s.technique, "hidden-single");
  EXPECT_EQ(s.place_cell, 3);
  EXPECT_EQ(s.place_digit, 1);
  EXPECT_DOUBLE_EQ(s.rating, 1.2);

  const int32_t *houses = nullptr, *cells = nullptr;
  size_t nh = 0, nc = 0;
  ASSERT_EQ(sudokit_hint_area(h.get(), &houses, &nh, &cells, &nc), SUDOKIT_OK);
  ASSERT_EQ(nh, 1u);
  EXPECT_EQ(houses[0], 1) << "box 2 is house 1";

  const char *key = nullptr, *name = nullptr;
  double rating = 0;
  ASSERT_EQ(sudokit_hint_technique(h.get(), &key, &name, &rating), SUDOKIT_OK);
  EXPECT_STREQ(key, "hidden-single");
  EXPECT_STREQ(name, "Hidden Single");

  sudokit_hint_drawing d = SUDOKIT_HINT_DRAWING_INIT;
  ASSERT_EQ(sudokit_hint_drawing_get(h.get(), &d), SUDOKIT_OK);
  ASSERT_EQ(d.placed_count, 1u);
  EXPECT_EQ(d.placed[0].cell, 3);
  EXPECT_EQ(d.placed[0].digit, 1);
  ASSERT_GE(d.house_count, 1u);

  char solution[SUDOKIT_GRID_BUFFER];
  ASSERT_EQ(sudokit_hint_solution(h.get(), solution), SUDOKIT_OK);
  EXPECT_EQ(std::string(solution), kSolution);
}

// A position on a calibration puzzle's SE path (the 1,500th row on) just
// before its first chain step, found by walking the grader's path; made with
// the library, kept here as plain text.
constexpr const char* kChainGivens = ".6.........9.2538.......7...3..8.15...19.34...58.4..3...4.......9513.2.........4.";
constexpr const char* kChainEntries = "...3.8594.4.......5834.....4.......96...5...89....16.........1.8....4....16......";
constexpr const char* kChainMarks =
    "12............6....2....7....3......1.....7.........8.....5............9...4....."
    "1.....7.....4.............9.....67...2...........5......3.............8.1....6..."
    "....5...........8...3.........4.....1....6..9.....6..9......7...2...6...12...6..."
    "...4.......3.......2....7...2...6..........8......67..1............5............9"
    ".....6....2....7..1................9....5......3.........4......2....7.........8."
    "........9....5...........8..2....7.....4.....1.............6.....3.......2....7.."
    "..3...7...2....7.....4.........5..8......67.9.2...6..9.......891..........3.5...."
    ".......8.........9....5....1..........3.........4......2............67.......67.."
    ".23...7..1.............6.......5..8.......7.9.2....7.9.......89...4.......3.5....";

bool sees(const sudokit_candidate& a, const sudokit_candidate& b) {
  if (a.cell == b.cell) return a.digit != b.digit;
  if (a.digit != b.digit) return false;
  const int ra = a.cell / 9, ca = a.cell % 9, rb = b.cell / 9, cb = b.cell % 9;
  return ra == rb || ca == cb || (ra / 3 == rb / 3 && ca / 3 == cb / 3);
}

// A chain step's drawing: its links (weak: true -> false, the two see each
// other; strong: false -> true), the on/off candidates they join; a caller
// built against the 0.1 header (a smaller struct) gets the old fields only.
TEST(CapiHint, AChainStepDrawsItsLinks) {
  sudokit_position p = SUDOKIT_POSITION_INIT;
  p.givens = kChainGivens;
  p.givens_length = SUDOKIT_NUL_TERMINATED;
  p.entries = kChainEntries;
  p.entries_length = SUDOKIT_NUL_TERMINATED;
  p.marks = kChainMarks;
  p.marks_length = SUDOKIT_NUL_TERMINATED;
  const HintPtr h = hint(p);
  ASSERT_EQ(sudokit_hint_status(h.get()), SUDOKIT_HINT_STEP) << sudokit_hint_message(h.get());
  sudokit_step step = SUDOKIT_STEP_INIT;
  ASSERT_EQ(sudokit_hint_step(h.get(), &step), SUDOKIT_OK);
  EXPECT_NE(std::string(step.chain), "") << step.text;
  sudokit_hint_drawing d = SUDOKIT_HINT_DRAWING_INIT;
  ASSERT_EQ(sudokit_hint_drawing_get(h.get(), &d), SUDOKIT_OK);
  ASSERT_GT(d.link_count, 1u) << step.chain;
  EXPECT_GT(d.on_count, 0u);
  EXPECT_GT(d.off_count, 0u);
  for (size_t i = 0; i < d.link_count; ++i) {
    const sudokit_chain_link& l = d.links[i];
    ASSERT_TRUE(l.kind == SUDOKIT_LINK_STRONG || l.kind == SUDOKIT_LINK_WEAK) << step.chain;  // a static chain
    EXPECT_TRUE(sees(l.from, l.to)) << step.chain;
    if (l.kind == SUDOKIT_LINK_WEAK) {
      EXPECT_TRUE(l.from_on && !l.to_on) << step.chain;
    } else {
      EXPECT_TRUE(!l.from_on && l.to_on) << step.chain;
    }
    const sudokit_candidate* list = l.to_on ? d.on : d.off;
    const size_t n = l.to_on ? d.on_count : d.off_count;
    bool found = false;
    for (size_t k = 0; k < n; ++k) found |= list[k].cell == l.to.cell && list[k].digit == l.to.digit;
    EXPECT_TRUE(found);
  }
  // The 0.1 struct: up to house_count.
  sudokit_hint_drawing old = SUDOKIT_HINT_DRAWING_INIT;
  old.struct_size = static_cast<uint32_t>(offsetof(sudokit_hint_drawing, links));
  old.links = nullptr;
  ASSERT_EQ(sudokit_hint_drawing_get(h.get(), &old), SUDOKIT_OK);
  EXPECT_EQ(old.struct_size, offsetof(sudokit_hint_drawing, links));
  EXPECT_EQ(old.links, nullptr);
  EXPECT_EQ(old.house_count, d.house_count);
}

TEST(CapiHint, MistakesComeFirst) {
  std::string entries(81, '.');
  entries[0] = '1';   // r1c1: the solution has 5
  entries[1] = '7';   // r1c2: right
  sudokit_position p = givens_position(kPuzzle);
  p.entries = entries.data();
  p.entries_length = 81;
  const HintPtr h = hint(p);
  ASSERT_EQ(sudokit_hint_status(h.get()), SUDOKIT_HINT_MISTAKES);
  ASSERT_EQ(sudokit_hint_mistake_count(h.get()), 1u);
  sudokit_mistake m = SUDOKIT_MISTAKE_INIT;
  ASSERT_EQ(sudokit_hint_mistake(h.get(), 0, &m), SUDOKIT_OK);
  EXPECT_EQ(m.kind, SUDOKIT_MISTAKE_WRONG_ENTRY);
  EXPECT_EQ(m.cell, 0);
  EXPECT_EQ(m.digit, 1);
  EXPECT_EQ(m.solution_digit, 5);
  EXPECT_STREQ(m.message, "r1c1: 1 entered, the solution has 5");
  EXPECT_EQ(sudokit_hint_mistake(h.get(), 1, &m), SUDOKIT_E_UNAVAILABLE);
  sudokit_step s = SUDOKIT_STEP_INIT;
  EXPECT_EQ(sudokit_hint_step(h.get(), &s), SUDOKIT_E_UNAVAILABLE);
  EXPECT_NE(last_error().find("mistakes"), std::string::npos) << last_error();

  // Marks that lost the solution digit of a cell.
  std::string marks = all_candidates(kPuzzle);
  marks[4] = '.';  // r1c1 loses 5
  sudokit_position q = givens_position(kPuzzle);
  q.marks = marks.data();
  q.marks_length = marks.size();
  const HintPtr lost = hint(q);
  ASSERT_EQ(sudokit_hint_status(lost.get()), SUDOKIT_HINT_MISTAKES);
  ASSERT_EQ(sudokit_hint_mistake(lost.get(), 0, &m), SUDOKIT_OK);
  EXPECT_EQ(m.kind, SUDOKIT_MISTAKE_LOST_DIGIT);
  EXPECT_EQ(m.cell, 0);
  EXPECT_EQ(m.solution_digit, 5);
}

TEST(CapiHint, RevealLevels) {
  sudokit_hint_options o;
  sudokit_hint_options_init(&o);
  o.reveal = SUDOKIT_REVEAL_AREA;
  const HintPtr area = hint(givens_position(kPuzzle), &o);
  const int32_t *houses = nullptr, *cells = nullptr;
  size_t nh = 0, nc = 0;
  EXPECT_EQ(sudokit_hint_area(area.get(), &houses, &nh, &cells, &nc), SUDOKIT_OK);
  const char *key = nullptr, *name = nullptr;
  double rating = 0;
  EXPECT_EQ(sudokit_hint_technique(area.get(), &key, &name, &rating), SUDOKIT_E_UNAVAILABLE);
  EXPECT_NE(last_error().find("not revealed"), std::string::npos) << last_error();
  sudokit_step s = SUDOKIT_STEP_INIT;
  EXPECT_EQ(sudokit_hint_step(area.get(), &s), SUDOKIT_E_UNAVAILABLE);
  sudokit_hint_drawing d = SUDOKIT_HINT_DRAWING_INIT;
  EXPECT_EQ(sudokit_hint_drawing_get(area.get(), &d), SUDOKIT_E_UNAVAILABLE);

  o.reveal = SUDOKIT_REVEAL_TECHNIQUE;
  const HintPtr technique = hint(givens_position(kPuzzle), &o);
  EXPECT_EQ(sudokit_hint_technique(technique.get(), &key, &name, &rating), SUDOKIT_OK);
  EXPECT_DOUBLE_EQ(rating, 1.2);
  EXPECT_EQ(sudokit_hint_step(technique.get(), &s), SUDOKIT_E_UNAVAILABLE);
}

TEST(CapiHint, TextFormsGiveTheSameStep) {
  const std::string marks = all_candidates(kPuzzle);
  sudokit_position p = SUDOKIT_POSITION_INIT;
  p.marks = marks.data();
  p.marks_length = marks.size();
  const HintPtr fields = hint(p);
  sudokit_hint_result* r = nullptr;
  ASSERT_EQ(sudokit_hint_text(marks.c_str(), SUDOKIT_NUL_TERMINATED, nullptr, &r), SUDOKIT_OK) << last_error();
  const HintPtr text(r, sudokit_hint_result_free);
  ASSERT_EQ(sudokit_hint_status(fields.get()), SUDOKIT_HINT_STEP);
  EXPECT_EQ(step_text(fields.get()), step_text(text.get()));

  std::string entries(81, '.');
  entries[3] = '1';
  const std::string line = kPuzzle + " " + entries;
  ASSERT_EQ(sudokit_hint_text(line.data(), line.size(), nullptr, &r), SUDOKIT_OK) << last_error();
  const HintPtr with_entry(r, sudokit_hint_result_free);
  sudokit_position q = givens_position(kPuzzle);
  q.entries = entries.data();
  q.entries_length = 81;
  EXPECT_EQ(step_text(with_entry.get()), step_text(hint(q).get()));
  EXPECT_NE(step_text(with_entry.get()), "r1c4=1 hidden single in box 2") << "the entry was not taken";

  const std::string json = "{\"givens\": \"" + kPuzzle + "\"}";
  ASSERT_EQ(sudokit_hint_text(json.data(), json.size(), nullptr, &r), SUDOKIT_OK) << last_error();
  const HintPtr from_json(r, sudokit_hint_result_free);
  EXPECT_EQ(step_text(from_json.get()), "r1c4=1 hidden single in box 2");
}

TEST(CapiHint, OtherStatuses) {
  EXPECT_EQ(sudokit_hint_status(hint(givens_position(kSolution)).get()), SUDOKIT_HINT_SOLVED);
  std::string several = kPuzzle;
  for (char& c : several)
    if (c == '8') c = '.';
  const HintPtr h = hint(givens_position(several));
  EXPECT_EQ(sudokit_hint_status(h.get()), SUDOKIT_HINT_MULTIPLE_SOLUTIONS);
  EXPECT_STRNE(sudokit_hint_message(h.get()), "");
  char solution[SUDOKIT_GRID_BUFFER];
  EXPECT_EQ(sudokit_hint_solution(h.get(), solution), SUDOKIT_E_UNAVAILABLE);
  std::string broken = kPuzzle;
  broken[0] = broken[9] = '7';
  EXPECT_EQ(sudokit_hint_status(hint(givens_position(broken)).get()), SUDOKIT_HINT_INVALID_POSITION);
}

TEST(CapiHint, MalformedPositionsNameTheCell) {
  auto bad = [](const sudokit_position& p, const char* words) {
    sudokit_hint_result* r = reinterpret_cast<sudokit_hint_result*>(1);
    EXPECT_EQ(sudokit_hint(&p, nullptr, &r), SUDOKIT_E_PARSE) << words;
    EXPECT_EQ(r, nullptr);
    EXPECT_NE(last_error().find(words), std::string::npos) << last_error();
  };
  sudokit_position p = SUDOKIT_POSITION_INIT;
  bad(p, "needs givens or marks");
  const std::string short_givens = kPuzzle.substr(0, 80);
  bad(givens_position(short_givens), "givens: expected 81 cells, found 80");
  std::string entries(81, '.');
  entries[12] = '3';  // r2c4 holds a given
  p = givens_position(kPuzzle);
  p.entries = entries.data();
  p.entries_length = 81;
  bad(p, "entries: r2c4: an entry on a given");
  entries[12] = 'q';
  bad(p, "entries: r2c4");
  sudokit_position q = SUDOKIT_POSITION_INIT;
  q.entries = entries.data();
  q.entries_length = 81;
  bad(q, "needs givens or marks");
  std::string marks = all_candidates(kPuzzle);
  marks.replace(9 * 40, 9, ".........");  // r5c5 without a candidate
  q = SUDOKIT_POSITION_INIT;
  q.marks = marks.data();
  q.marks_length = marks.size();
  bad(q, "r5c5");
  q.marks_length = 728;
  bad(q, "marks");

  sudokit_hint_result* r = nullptr;
  EXPECT_EQ(sudokit_hint_text("r1c1", 4, nullptr, &r), SUDOKIT_E_PARSE);
  EXPECT_EQ(sudokit_hint_text("{\"givens\": 5}", SUDOKIT_NUL_TERMINATED, nullptr, &r), SUDOKIT_E_PARSE);
  EXPECT_NE(last_error().find("givens"), std::string::npos) << last_error();
  EXPECT_EQ(sudokit_hint_text(nullptr, 0, nullptr, &r), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(sudokit_hint(nullptr, nullptr, &r), SUDOKIT_E_INVALID_ARGUMENT);
  const sudokit_position ok = givens_position(kPuzzle);
  EXPECT_EQ(sudokit_hint(&ok, nullptr, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
  sudokit_position unsized = givens_position(kPuzzle);
  unsized.struct_size = 0;
  EXPECT_EQ(sudokit_hint(&unsized, nullptr, &r), SUDOKIT_E_INVALID_ARGUMENT);
}

TEST(CapiHint, BadOptions) {
  const sudokit_position p = givens_position(kPuzzle);
  sudokit_hint_result* r = nullptr;
  sudokit_hint_options o;
  sudokit_hint_options_init(&o);
  o.reveal = 3;
  EXPECT_EQ(sudokit_hint(&p, &o, &r), SUDOKIT_E_OPTION);
  EXPECT_NE(last_error().find("reveal"), std::string::npos) << last_error();
  o.reveal = -1;
  EXPECT_EQ(sudokit_hint(&p, &o, &r), SUDOKIT_E_OPTION);
  sudokit_hint_options_init(&o);
  o.time_limit = -0.5;
  EXPECT_EQ(sudokit_hint(&p, &o, &r), SUDOKIT_E_OPTION);
  EXPECT_NE(last_error().find("time_limit"), std::string::npos) << last_error();
  EXPECT_NE(last_error().find("to " + sudokit::bound_text(sudokit::kMaxSeconds) + " seconds"), std::string::npos)
      << last_error();  // the bound of limits.hpp
  EXPECT_EQ(r, nullptr);
  // NULL results are accepted by the accessors.
  EXPECT_EQ(sudokit_hint_status(nullptr), -1);
  EXPECT_EQ(sudokit_hint_mistake_count(nullptr), 0u);
  sudokit_hint_result_free(nullptr);
}

// Issue #45 through the C API: marks a placed digit rules out (here never
// narrowed: 1-9 in every empty cell) come off first in one step, "basic
// elimination", from fields and from text alike; once clean, the puzzle's
// own step. A filled cell needs no marks; clashing entries are mistakes.
TEST(CapiHint, MarksAPlacedDigitRulesOutComeOffFirst) {
  const std::string marks = all_candidates(kPuzzle);
  sudokit_position p = givens_position(kPuzzle);
  p.marks = marks.data();
  p.marks_length = marks.size();
  const HintPtr h = hint(p);
  ASSERT_EQ(sudokit_hint_status(h.get()), SUDOKIT_HINT_STEP) << sudokit_hint_message(h.get());
  sudokit_step s = SUDOKIT_STEP_INIT;
  ASSERT_EQ(sudokit_hint_step(h.get(), &s), SUDOKIT_OK);
  EXPECT_STREQ(s.technique, "basic-elimination");
  EXPECT_STREQ(s.name, "Basic Elimination");
  EXPECT_DOUBLE_EQ(s.rating, 0.0);
  EXPECT_EQ(s.place_cell, -1);
  // Exactly the marks that are not the givens' candidates.
  std::string clean = marks;
  std::size_t stale = 0;
  for (int c = 0; c < 81; ++c) {
    if (kPuzzle[static_cast<std::size_t>(c)] != '.') continue;
    for (int d = 1; d <= 9; ++d) {
      bool seen = false;
      for (int q = 0; q < 81; ++q)
        if (q / 9 == c / 9 || q % 9 == c % 9 || (q / 27 == c / 27 && q % 9 / 3 == c % 9 / 3))
          seen |= kPuzzle[static_cast<std::size_t>(q)] == '0' + d;
      if (seen) clean[static_cast<std::size_t>(c * 9 + d - 1)] = '.', ++stale;
    }
  }
  ASSERT_EQ(s.elimination_count, stale);
  for (size_t i = 0; i < s.elimination_count; ++i) {
    const sudokit_candidate e = s.eliminations[i];
    EXPECT_EQ(clean[static_cast<std::size_t>(e.cell * 9 + e.digit - 1)], '.');
    EXPECT_NE(kSolution[static_cast<std::size_t>(e.cell)], '0' + e.digit);
  }
  // Each mark with the given that rules it out: a weak link from the given's
  // digit (on) to the mark (off), in the order of the eliminations, and the
  // text names the given.
  sudokit_hint_drawing d = SUDOKIT_HINT_DRAWING_INIT;
  ASSERT_EQ(sudokit_hint_drawing_get(h.get(), &d), SUDOKIT_OK);
  ASSERT_EQ(d.link_count, s.elimination_count);
  for (size_t i = 0; i < d.link_count; ++i) {
    const sudokit_chain_link& l = d.links[i];
    EXPECT_EQ(l.kind, SUDOKIT_LINK_WEAK);
    EXPECT_TRUE(l.from_on && !l.to_on);
    EXPECT_EQ(kPuzzle[static_cast<std::size_t>(l.from.cell)], '0' + l.from.digit);
    EXPECT_TRUE(sees(l.from, l.to));
    EXPECT_EQ(l.to.cell, s.eliminations[i].cell);
    EXPECT_EQ(l.to.digit, s.eliminations[i].digit);
    const std::string peer = "r" + std::to_string(l.from.cell / 9 + 1) + "c" + std::to_string(l.from.cell % 9 + 1) +
                             " is " + std::to_string(l.from.digit);
    EXPECT_NE(std::string(s.text).find(peer), std::string::npos) << s.text;
  }
  const std::string line = kPuzzle + " " + marks;
  sudokit_hint_result* r = nullptr;
  ASSERT_EQ(sudokit_hint_text(line.data(), line.size(), nullptr, &r), SUDOKIT_OK) << last_error();
  const HintPtr text(r, sudokit_hint_result_free);
  EXPECT_EQ(step_text(text.get()), std::string(s.text));
  // Clean marks, the givens' cells empty (they were "no candidate left"):
  // the step from the givens alone.
  for (int c = 0; c < 81; ++c)
    if (kPuzzle[static_cast<std::size_t>(c)] != '.') clean.replace(static_cast<std::size_t>(c * 9), 9, ".........");
  p.marks = clean.data();
  const HintPtr next = hint(p);
  EXPECT_EQ(step_text(next.get()), "r1c4=1 hidden single in box 2");

  std::string entries(81, '.');
  entries[0] = '7';  // the solution has 5
  entries[1] = '7';  // right; the two clash in row 1
  sudokit_position e = givens_position(kPuzzle);
  e.entries = entries.data();
  e.entries_length = 81;
  const HintPtr m = hint(e);
  ASSERT_EQ(sudokit_hint_status(m.get()), SUDOKIT_HINT_MISTAKES) << sudokit_hint_message(m.get());
  ASSERT_EQ(sudokit_hint_mistake_count(m.get()), 1u);
  sudokit_mistake x = SUDOKIT_MISTAKE_INIT;
  ASSERT_EQ(sudokit_hint_mistake(m.get(), 0, &x), SUDOKIT_OK);
  EXPECT_STREQ(x.message, "r1c1: 7 entered, the solution has 5");
}
