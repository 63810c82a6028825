// sudokit_hint / sudokit_hint_text: grader::find_hint from a position given
// as fields or as text, held in an opaque result that reveals as much as the
// options asked for (area, technique, step).
#include <memory>
#include <vector>

#include "boundary.hpp"
#include "grader_of_thread.hpp"
#include "step.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/solver/limits.hpp"

using namespace sudokit;
using namespace sudokit::capi;

struct sudokit_hint_result {
  grader::Hint hint;  // as much as the options' reveal asked for (grader::HintOptions::reveal)
  StepData step;
  std::vector<std::int32_t> area_houses, area_cells, drawing_houses;
  std::vector<sudokit_candidate> placed, eliminated, cause, on, off;
  std::vector<sudokit_chain_link> links;
};

namespace {

int32_t hint_status_code(grader::HintStatus s) {
  switch (s) {
    case grader::HintStatus::Hint: return SUDOKIT_HINT_STEP;
    case grader::HintStatus::Mistakes: return SUDOKIT_HINT_MISTAKES;
    case grader::HintStatus::Solved: return SUDOKIT_HINT_SOLVED;
    case grader::HintStatus::InvalidPosition: return SUDOKIT_HINT_INVALID_POSITION;
    case grader::HintStatus::NoSolution: return SUDOKIT_HINT_NO_SOLUTION;
    case grader::HintStatus::MultipleSolutions: return SUDOKIT_HINT_MULTIPLE_SOLUTIONS;
    case grader::HintStatus::BeyondTechniques: return SUDOKIT_HINT_BEYOND_TECHNIQUES;
    case grader::HintStatus::TimeLimit: return SUDOKIT_HINT_TIME_LIMIT;
    case grader::HintStatus::InternalError: return SUDOKIT_HINT_INTERNAL_ERROR;
  }
  return SUDOKIT_HINT_BEYOND_TECHNIQUES;
}

std::vector<sudokit_candidate> candidates_of(const std::vector<grader::CandidateRef>& refs) {
  std::vector<sudokit_candidate> out;
  out.reserve(refs.size());
  for (const auto& r : refs) out.push_back({r.cell, r.digit});
  return out;
}

int position_error(const grader::PositionError& e) {
  std::string m = e.message;
  if (e.line > 0) m = "line " + std::to_string(e.line) + (e.column > 0 ? ", column " + std::to_string(e.column) : "") + ": " + m;
  else if (e.column > 0) m = "column " + std::to_string(e.column) + ": " + m;
  return fail(SUDOKIT_E_PARSE, m);
}

// Checks the options, finds the hint for `p` and hands out a new result.
int make_hint(const grader::Position& p, const sudokit_hint_options* options, sudokit_hint_result** result) {
  sudokit_hint_options o;
  sudokit_hint_options_init(&o);
  if (int s = read_options(options, o, "sudokit_hint_options")) return s;
  static_assert(SUDOKIT_REVEAL_AREA == static_cast<int>(grader::HintReveal::Area) &&
                SUDOKIT_REVEAL_TECHNIQUE == static_cast<int>(grader::HintReveal::Technique) &&
                SUDOKIT_REVEAL_STEP == static_cast<int>(grader::HintReveal::Step));
  if (o.reveal < SUDOKIT_REVEAL_AREA || o.reveal > SUDOKIT_REVEAL_STEP)
    return fail_option(SUDOKIT_E_OPTION, "reveal", "reveal must be SUDOKIT_REVEAL_AREA, _TECHNIQUE or _STEP");
  if (!(o.time_limit >= 0 && o.time_limit <= kMaxSeconds))
    return fail_option(SUDOKIT_E_OPTION, "time_limit",
                       "time_limit must be from 0 (no limit) to " + bound_text(kMaxSeconds) + " seconds");
  grader::HintOptions ho;
  ho.time_limit = o.time_limit;
  ho.reveal = static_cast<grader::HintReveal>(o.reveal);
  auto r = std::make_unique<sudokit_hint_result>();
  r->hint = grader::find_hint(grader_of_thread(), p, ho);
  const grader::Hint& h = r->hint;
  if (h.status == grader::HintStatus::Hint) {
    if (h.reveal != grader::HintReveal::Area) r->step = map_step(h.step);
    r->area_houses.assign(h.area.houses.begin(), h.area.houses.end());
    r->area_cells.assign(h.area.cells.begin(), h.area.cells.end());
    r->drawing_houses.assign(h.drawing.houses.begin(), h.drawing.houses.end());
    r->placed = candidates_of(h.drawing.placed);
    r->eliminated = candidates_of(h.drawing.eliminated);
    r->cause = candidates_of(h.drawing.cause);
    r->on = candidates_of(h.drawing.on);
    r->off = candidates_of(h.drawing.off);
    for (const grader::ChainLink& l : h.drawing.links)
      r->links.push_back({{l.from.cell, l.from.digit}, l.from.on ? 1 : 0, {l.to.cell, l.to.digit}, l.to.on ? 1 : 0,
                          l.kind == grader::LinkKind::Strong ? SUDOKIT_LINK_STRONG
                          : l.kind == grader::LinkKind::Weak ? SUDOKIT_LINK_WEAK
                                                             : SUDOKIT_LINK_TECHNIQUE});
  }
  *result = r.release();
  return SUDOKIT_OK;
}

// SUDOKIT_OK when the result holds a step revealed at least to `level`.
int revealed(const sudokit_hint_result* r, int32_t level) {
  if (!r) return fail(SUDOKIT_E_INVALID_ARGUMENT, "result is NULL");
  if (r->hint.status != grader::HintStatus::Hint)
    return fail(SUDOKIT_E_UNAVAILABLE, "no step: the status is ", grader::hint_status_key(r->hint.status));
  if (static_cast<int32_t>(r->hint.reveal) < level)
    return fail(SUDOKIT_E_UNAVAILABLE, level == SUDOKIT_REVEAL_STEP ? "not revealed: reveal is below SUDOKIT_REVEAL_STEP"
                                                                  : "not revealed: reveal is SUDOKIT_REVEAL_AREA");
  return SUDOKIT_OK;
}

}  // namespace

extern "C" {

int sudokit_reveal_parse(const char* word, int32_t* reveal) {
  return guard([&] {
    if (!word || !reveal) return fail(SUDOKIT_E_INVALID_ARGUMENT, !word ? "word is NULL" : "reveal is NULL");
    const auto parsed = grader::parse_hint_reveal(word);
    if (!parsed)
      return fail_option(SUDOKIT_E_OPTION, "reveal", "reveal: unknown '" + std::string(word) + "' (expected " +
                                        std::string(grader::kHintRevealWords) + ")");
    *reveal = static_cast<int32_t>(*parsed);
    return SUDOKIT_OK;
  });
}

void sudokit_hint_options_init(sudokit_hint_options* o) {
  if (!o) return;
  *o = sudokit_hint_options{};
  o->struct_size = sizeof *o;
  o->time_limit = grader::HintOptions{}.time_limit;
  o->reveal = static_cast<int32_t>(grader::HintOptions{}.reveal);
}

int sudokit_hint(const sudokit_position* position, const sudokit_hint_options* options, sudokit_hint_result** result) {
  return guard([&] {
    if (!result) return fail(SUDOKIT_E_INVALID_ARGUMENT, "result is NULL");
    *result = nullptr;
    if (!position) return fail(SUDOKIT_E_INVALID_ARGUMENT, "position is NULL");
    sudokit_position in = SUDOKIT_POSITION_INIT;
    if (int s = read_options(position, in, "sudokit_position")) return s;
    std::string_view givens, entries, marks;
    if (in.givens && !text_arg(in.givens, in.givens_length, "givens", givens)) return SUDOKIT_E_INVALID_ARGUMENT;
    if (in.entries && !text_arg(in.entries, in.entries_length, "entries", entries)) return SUDOKIT_E_INVALID_ARGUMENT;
    if (in.marks && !text_arg(in.marks, in.marks_length, "marks", marks)) return SUDOKIT_E_INVALID_ARGUMENT;
    grader::Position p;
    grader::PositionError error;
    if (!grader::position_from_fields(in.givens ? &givens : nullptr, in.entries ? &entries : nullptr,
                                      in.marks ? &marks : nullptr, p, error))
      return position_error(error);
    return make_hint(p, options, result);
  });
}

int sudokit_hint_text(const char* text, size_t length, const sudokit_hint_options* options,
                      sudokit_hint_result** result) {
  return guard([&] {
    if (!result) return fail(SUDOKIT_E_INVALID_ARGUMENT, "result is NULL");
    *result = nullptr;
    std::string_view t;
    if (!text_arg(text, length, "text", t)) return SUDOKIT_E_INVALID_ARGUMENT;
    grader::Position p;
    grader::PositionError error;
    if (!grader::parse_position(t, p, error)) return position_error(error);
    return make_hint(p, options, result);
  });
}

void sudokit_hint_result_free(sudokit_hint_result* r) { delete r; }

int32_t sudokit_hint_status(const sudokit_hint_result* r) { return r ? hint_status_code(r->hint.status) : -1; }
const char* sudokit_hint_status_key(const sudokit_hint_result* r) {
  // hint_status_key() views string literals.
  return r ? grader::hint_status_key(r->hint.status).data() : "";
}
const char* sudokit_hint_message(const sudokit_hint_result* r) { return r ? r->hint.message.c_str() : ""; }
size_t sudokit_hint_mistake_count(const sudokit_hint_result* r) { return r ? r->hint.mistakes.size() : 0; }

int sudokit_hint_mistake(const sudokit_hint_result* r, size_t i, sudokit_mistake* out) {
  if (!r) return fail(SUDOKIT_E_INVALID_ARGUMENT, "result is NULL");
  if (i >= r->hint.mistakes.size()) return fail(SUDOKIT_E_UNAVAILABLE, "mistake index out of range");
  const grader::Mistake& m = r->hint.mistakes[i];
  sudokit_mistake full = SUDOKIT_MISTAKE_INIT;
  full.kind = m.kind == grader::MistakeKind::WrongEntry ? SUDOKIT_MISTAKE_WRONG_ENTRY : SUDOKIT_MISTAKE_LOST_DIGIT;
  full.cell = m.cell;
  full.digit = m.digit;
  full.solution_digit = m.solution_digit;
  full.message = m.message.c_str();
  return write_struct(full, out, "mistake") ? SUDOKIT_OK : SUDOKIT_E_INVALID_ARGUMENT;
}

int sudokit_hint_area(const sudokit_hint_result* r, const int32_t** houses, size_t* house_count, const int32_t** cells,
                      size_t* cell_count) {
  if (!houses || !house_count || !cells || !cell_count)
    return fail(SUDOKIT_E_INVALID_ARGUMENT, "houses, house_count, cells or cell_count is NULL");
  if (int s = revealed(r, SUDOKIT_REVEAL_AREA)) return s;
  *houses = r->area_houses.data();
  *house_count = r->area_houses.size();
  *cells = r->area_cells.data();
  *cell_count = r->area_cells.size();
  return SUDOKIT_OK;
}

int sudokit_hint_technique(const sudokit_hint_result* r, const char** key, const char** name, double* rating) {
  if (!key || !name || !rating) return fail(SUDOKIT_E_INVALID_ARGUMENT, "key, name or rating is NULL");
  if (int s = revealed(r, SUDOKIT_REVEAL_TECHNIQUE)) return s;
  *key = r->step.view.technique.c_str();
  *name = r->step.view.name.c_str();
  *rating = r->step.view.rating;
  return SUDOKIT_OK;
}

int sudokit_hint_step(const sudokit_hint_result* r, sudokit_step* step) {
  if (int s = revealed(r, SUDOKIT_REVEAL_STEP)) return s;
  return write_struct(view_step(r->step), step, "step") ? SUDOKIT_OK : SUDOKIT_E_INVALID_ARGUMENT;
}

int sudokit_hint_drawing_get(const sudokit_hint_result* r, sudokit_hint_drawing* drawing) {
  if (int s = revealed(r, SUDOKIT_REVEAL_STEP)) return s;
  sudokit_hint_drawing full = SUDOKIT_HINT_DRAWING_INIT;
  full.placed = r->placed.data();
  full.placed_count = r->placed.size();
  full.eliminated = r->eliminated.data();
  full.eliminated_count = r->eliminated.size();
  full.cause = r->cause.data();
  full.cause_count = r->cause.size();
  full.houses = r->drawing_houses.data();
  full.house_count = r->drawing_houses.size();
  full.links = r->links.data();
  full.link_count = r->links.size();
  full.on = r->on.data();
  full.on_count = r->on.size();
  full.off = r->off.data();
  full.off_count = r->off.size();
  return write_struct(full, drawing, "drawing") ? SUDOKIT_OK : SUDOKIT_E_INVALID_ARGUMENT;
}

int sudokit_hint_solution(const sudokit_hint_result* r, char* out) {
  if (!r || !out) return fail(SUDOKIT_E_INVALID_ARGUMENT, !r ? "result is NULL" : "out is NULL");
  const grader::HintStatus s = r->hint.status;
  if (s == grader::HintStatus::InvalidPosition || s == grader::HintStatus::NoSolution ||
      s == grader::HintStatus::MultipleSolutions || !r->hint.solution.is_complete())
    return fail(SUDOKIT_E_UNAVAILABLE, "no solution: the position does not have exactly one");
  write_grid(r->hint.solution, out);
  return SUDOKIT_OK;
}

}  // extern "C"
