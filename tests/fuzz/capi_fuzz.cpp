// Fuzz target: the C API's entry points (capi/include/sudokit.h) on any
// bytes, as a C caller might misuse them. Byte 0 picks the entry point and
// how the length is passed (exact, NUL-terminated, cut short), byte 1 the
// options, the rest is the text. Invariants: every status is one the
// header lists and never SUDOKIT_E_INTERNAL; a failure sets a message and a
// NULL result; what comes back is consistent (a solution obeys the rules
// and keeps the givens, a canonical form is its own canonical form with as
// many clues, ratings ER >= EP >= ED, a hint never removes or contradicts the
// solution, records have the lengths they claim, generated puzzles have one
// solution and the clues asked for).
#include <cstring>
#include <string>

#include "fuzz_support.hpp"
#include "sudokit.h"

namespace {

bool known_status(int s) { return s == SUDOKIT_OK || s == SUDOKIT_END || (s <= -1 && s >= SUDOKIT_E_INCOMPLETE); }

void check_status(int s, const char* call) {
  FUZZ_CHECK(known_status(s), "%s returned %d (%s)", call, s, sudokit_last_error());
  if (s < 0) FUZZ_CHECK(sudokit_last_error()[0] != '\0', "%s failed without a message", call);
}

bool valid_solution(const char* s) {
  if (std::strlen(s) != 81) return false;
  for (int u = 0; u < 27; ++u) {
    unsigned seen = 0;
    for (int k = 0; k < 9; ++k) {
      const int cell = u < 9 ? u * 9 + k : u < 18 ? k * 9 + (u - 9) : ((u - 18) / 3 * 3 + k / 3) * 9 + (u - 18) % 3 * 3 + k % 3;
      const int d = s[cell] - '0';
      if (d < 1 || d > 9 || (seen & (1u << d))) return false;
      seen |= 1u << d;
    }
  }
  return true;
}

// Whether the 81 characters of `puzzle` read as givens (digits 1-9) all agree with `solution`.
bool keeps_givens(std::string_view puzzle, const char* solution) {
  for (std::size_t i = 0; i < 81 && i < puzzle.size(); ++i)
    if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != solution[i]) return false;
  return true;
}

int clues(const char* grid) {
  int n = 0;
  for (int i = 0; i < 81; ++i) n += grid[i] != '.';
  return n;
}

void fuzz_solve(const std::string& text, std::size_t length, unsigned flags) {
  const uint32_t limit = flags % 4;  // 0 is refused
  uint32_t count = 12345;
  char solution[SUDOKIT_GRID_BUFFER];
  const int s = sudokit_solve(text.c_str(), length, limit, &count, solution);
  check_status(s, "sudokit_solve");
  if (s != SUDOKIT_OK) {
    FUZZ_CHECK(count == 12345, "a failed solve wrote count");
    return;
  }
  FUZZ_CHECK(count <= limit, "count %u above the limit %u", count, limit);
  if (count == 0) return;
  FUZZ_CHECK(valid_solution(solution), "an invalid solution %s", solution);
  FUZZ_CHECK(keeps_givens(text, solution), "the solution leaves the givens");
}

void fuzz_canonical(const std::string& text, std::size_t length) {
  char form[SUDOKIT_GRID_BUFFER], again[SUDOKIT_GRID_BUFFER];
  const int s = sudokit_canonical(text.c_str(), length, form);
  check_status(s, "sudokit_canonical");
  if (s != SUDOKIT_OK) return;
  FUZZ_CHECK(std::strlen(form) == 81, "a form of %zu characters", std::strlen(form));
  int given = 0;
  for (std::size_t i = 0; i < 81; ++i) given += text[i] >= '1' && text[i] <= '9';
  FUZZ_CHECK(clues(form) == given, "the form has %d clues, the puzzle %d", clues(form), given);
  FUZZ_CHECK(sudokit_canonical(form, 81, again) == SUDOKIT_OK && std::strcmp(form, again) == 0,
             "the canonical form is not its own form");
}

void fuzz_grade(const std::string& text, std::size_t length, unsigned flags) {
  sudokit_grade_options o;
  sudokit_grade_options_init(&o);
  o.keep_steps = flags & 1;
  o.time_limit = 0.5;
  o.max_steps = (flags & 2) ? 5 : 2000;
  if (flags & 4) o.struct_size = static_cast<uint32_t>(flags * 7);  // wrong sizes
  sudokit_grade_result* r = reinterpret_cast<sudokit_grade_result*>(&o);
  const int s = sudokit_grade(text.c_str(), length, &o, &r);
  check_status(s, "sudokit_grade");
  if (s != SUDOKIT_OK) {
    FUZZ_CHECK(r == nullptr, "a failed grade left a result");
    return;
  }
  const int32_t status = sudokit_grade_status(r);
  FUZZ_CHECK(status >= SUDOKIT_GRADE_RATED && status <= SUDOKIT_GRADE_TIME_LIMIT, "grade status %d", status);
  if (status == SUDOKIT_GRADE_RATED) {
    const double er = sudokit_grade_er(r), ep = sudokit_grade_ep(r), ed = sudokit_grade_ed(r);
    FUZZ_CHECK(er >= ep && ep >= ed && ed >= 0.0, "ratings %.1f/%.1f/%.1f", er, ep, ed);
    FUZZ_CHECK(sudokit_grade_level(r)[0] != '\0', "a rating without a level");
    char solution[SUDOKIT_GRID_BUFFER];
    FUZZ_CHECK(sudokit_grade_solution(r, solution) == SUDOKIT_OK && valid_solution(solution), "no valid solution");
    for (size_t i = 0; i < sudokit_grade_steps(r); ++i) {
      sudokit_step step = SUDOKIT_STEP_INIT;
      FUZZ_CHECK(sudokit_grade_step(r, i, &step) == SUDOKIT_OK, "step %zu unavailable", i);
      FUZZ_CHECK(step.rating <= er, "a step above ER");
      if (step.place_cell >= 0) FUZZ_CHECK(solution[step.place_cell] == '0' + step.place_digit, "a wrong placement");
      for (size_t k = 0; k < step.elimination_count; ++k)
        FUZZ_CHECK(solution[step.eliminations[k].cell] != '0' + step.eliminations[k].digit, "the solution removed");
    }
  } else {
    FUZZ_CHECK(sudokit_grade_message(r)[0] != '\0', "an unrated grade without a message");
  }
  sudokit_grade_result_free(r);
}

void fuzz_hint(const std::string& text, std::size_t length, unsigned flags) {
  sudokit_hint_options o;
  sudokit_hint_options_init(&o);
  o.reveal = static_cast<int32_t>(flags % 4) - (flags & 64 ? 2 : 0);  // -2..3: some invalid
  o.time_limit = 0.5;
  sudokit_hint_result* r = nullptr;
  int s;
  if (flags & 16) {  // the text as one position in any form
    s = sudokit_hint_text(text.c_str(), length, &o, &r);
  } else {  // the text cut into givens, entries and marks
    sudokit_position p = SUDOKIT_POSITION_INIT;
    const std::size_t n = text.size();
    p.givens = (flags & 4) ? nullptr : text.c_str();
    p.givens_length = n < 81 ? n : 81;
    p.entries = (flags & 8) && n > 81 ? text.c_str() + 81 : nullptr;
    p.entries_length = n > 162 ? 81 : n - 81;
    p.marks = (flags & 32) && n > 162 ? text.c_str() + 162 : nullptr;
    p.marks_length = n > 162 ? n - 162 : 0;
    s = sudokit_hint(&p, &o, &r);
  }
  check_status(s, "sudokit_hint");
  if (s != SUDOKIT_OK) {
    FUZZ_CHECK(r == nullptr, "a failed hint left a result");
    return;
  }
  const int32_t status = sudokit_hint_status(r);
  FUZZ_CHECK(status >= SUDOKIT_HINT_STEP && status <= SUDOKIT_HINT_TIME_LIMIT, "hint status %d", status);
  char solution[SUDOKIT_GRID_BUFFER];
  const bool solved = sudokit_hint_solution(r, solution) == SUDOKIT_OK;
  if (solved) FUZZ_CHECK(valid_solution(solution), "an invalid solution");
  if (status == SUDOKIT_HINT_MISTAKES) FUZZ_CHECK(sudokit_hint_mistake_count(r) > 0, "mistakes without a mistake");
  if (status != SUDOKIT_HINT_STEP) {
    sudokit_hint_result_free(r);
    return;
  }
  FUZZ_CHECK(solved, "a step without a solution");
  sudokit_step step = SUDOKIT_STEP_INIT;
  const int ss = sudokit_hint_step(r, &step);
  FUZZ_CHECK((ss == SUDOKIT_OK) == (o.reveal == SUDOKIT_REVEAL_STEP), "step %d at reveal %d", ss, o.reveal);
  if (ss == SUDOKIT_OK) {
    FUZZ_CHECK(step.text[0] != '\0', "a step without text");
    if (step.place_cell >= 0) FUZZ_CHECK(solution[step.place_cell] == '0' + step.place_digit, "a wrong placement");
    for (size_t k = 0; k < step.elimination_count; ++k)
      FUZZ_CHECK(solution[step.eliminations[k].cell] != '0' + step.eliminations[k].digit, "the solution removed");
  }
  sudokit_hint_result_free(r);
}

void fuzz_reader(const std::string& text, std::size_t length, unsigned flags) {
  sudokit_reader* reader = nullptr;
  const int s = sudokit_reader_open_buffer(text.c_str(), length, flags & 3, &reader);
  check_status(s, "sudokit_reader_open_buffer");
  if (s != SUDOKIT_OK) {
    FUZZ_CHECK(reader == nullptr, "a failed open left a reader");
    return;
  }
  for (std::size_t n = 0;; ++n) {
    FUZZ_CHECK(n <= text.size() + 2, "more records than bytes");
    sudokit_record rec = SUDOKIT_RECORD_INIT;
    const int rs = sudokit_reader_next(reader, &rec);
    check_status(rs, "sudokit_reader_next");
    if (rs == SUDOKIT_END || rs == SUDOKIT_E_IO) break;
    FUZZ_CHECK(rec.line >= 1, "a record on line 0");
    if (rs == SUDOKIT_E_PARSE) {
      FUZZ_CHECK(rec.message[0] != '\0', "an error without a message");
      continue;
    }
    FUZZ_CHECK(rs == SUDOKIT_OK, "reader status %d", rs);
    // Fields are the input's bytes (NULs included): only their end is a NUL.
    FUZZ_CHECK(std::strlen(rec.text) == rec.text_length && rec.fields[rec.fields_length] == '\0',
               "lengths do not match the texts");
    FUZZ_CHECK(rec.text_length == (rec.kind == SUDOKIT_RECORD_PENCILMARKS ? 729u : 81u), "a record of %zu characters",
               rec.text_length);
    FUZZ_CHECK(rec.kind == SUDOKIT_RECORD_PUZZLE || (flags & SUDOKIT_READ_PENCILMARKS), "marks not asked for");
  }
  sudokit_reader_free(reader);
}

struct Generated {
  int clues_wanted;
  int count = 0;
};

int on_puzzle(void* user, const sudokit_generated* p) {
  auto* g = static_cast<Generated*>(user);
  ++g->count;
  uint32_t n = 0;
  char solution[SUDOKIT_GRID_BUFFER];
  FUZZ_CHECK(sudokit_solve(p->puzzle, 81, 2, &n, solution) == SUDOKIT_OK && n == 1, "a puzzle without one solution");
  FUZZ_CHECK(std::strcmp(solution, p->solution) == 0, "the solution differs");
  FUZZ_CHECK(clues(p->puzzle) == p->clues, "clues miscounted");
  if (g->clues_wanted) FUZZ_CHECK(p->clues == g->clues_wanted, "%d clues, %d asked for", p->clues, g->clues_wanted);
  return 0;
}

void fuzz_generate(const std::string& text, unsigned flags, bool graded) {
  static const char* const kNames[] = {nullptr, "rot180", "mirror", "dihedral", "random", "", "backtrack", "relabel"};
  sudokit_generate_options o;
  sudokit_generate_options_init(&o);
  o.count = 1 + (flags & 1);
  o.threads = 1 + ((flags >> 1) & 1);
  o.time_limit = 0.5;
  std::uint64_t seed = 0;
  for (char c : text) seed = seed * 131 + static_cast<unsigned char>(c);
  o.seed = seed;
  o.symmetry = kNames[(flags >> 2) & 7];
  o.method = (flags & 32) ? kNames[(seed >> 8) & 7] : nullptr;
  o.clues = (flags & 64) ? static_cast<int32_t>(seed % 70) : 0;  // many refused, the rest 17..69
  if (flags & 128) o.pattern = text.c_str();
  if (graded) o.level = "hard";  // refused: not supported yet
  Generated g{o.clues};
  sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT;
  const int s = sudokit_generate(&o, on_puzzle, &g, &report);
  check_status(s, "sudokit_generate");
  if (s == SUDOKIT_OK) FUZZ_CHECK(g.count == static_cast<int>(o.count), "%d puzzles of %d", g.count, static_cast<int>(o.count));
  else FUZZ_CHECK(s == SUDOKIT_E_OPTION || s == SUDOKIT_E_UNSUPPORTED || s == SUDOKIT_E_INCOMPLETE || g.count == 0,
                  "puzzles before a refusal");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const unsigned op = (data[0] & 15) % 6;
  const unsigned how = (data[0] >> 4) & 3;
  const unsigned flags = data[1];
  // The text lives in a std::string (NUL-terminated); the length passed is
  // the text's, or SUDOKIT_NUL_TERMINATED (stops at an inner NUL), or a cut.
  const std::string text(reinterpret_cast<const char*>(data) + 2, size - 2);
  const std::size_t length = how == 1 ? SUDOKIT_NUL_TERMINATED : how == 2 ? text.size() / 2 : text.size();
  switch (op) {
    case 0: fuzz_solve(text, length, flags); break;
    case 1: fuzz_canonical(text, length); break;
    case 2: fuzz_grade(text, length, flags); break;
    case 3: fuzz_hint(text, length, flags); break;
    case 4: fuzz_reader(text, length, flags); break;
    case 5: fuzz_generate(text, flags, how == 3); break;
  }
  return 0;
}
