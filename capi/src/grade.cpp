// sudokit_grade: the SE-scale rating of a puzzle or a pencil-mark position,
// held in an opaque result (ratings, level, histogram, the kept path).
#include <utility>
#include <vector>

#include "boundary.hpp"
#include "grader_of_thread.hpp"
#include "step.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/view.hpp"
#include "sudokit/solver/limits.hpp"
#include "sudokit/solver/marks_text.hpp"

using namespace sudokit;
using namespace sudokit::capi;

struct sudokit_grade_result {
  grader::Grade grade;
  std::string message;  // status_message when not rated
  std::string level;
  std::vector<std::pair<std::string, std::int32_t>> histogram;  // techniques used, SE's order
  std::vector<StepData> steps;
};

namespace {

int32_t grade_status_code(grader::GradeStatus s) {
  switch (s) {
    case grader::GradeStatus::Rated: return SUDOKIT_GRADE_RATED;
    case grader::GradeStatus::BeyondTechniques: return SUDOKIT_GRADE_BEYOND_TECHNIQUES;
    case grader::GradeStatus::NoSolution: return SUDOKIT_GRADE_NO_SOLUTION;
    case grader::GradeStatus::MultipleSolutions: return SUDOKIT_GRADE_MULTIPLE_SOLUTIONS;
    case grader::GradeStatus::InvalidGivens: return SUDOKIT_GRADE_INVALID_GIVENS;
    case grader::GradeStatus::StepLimit: return SUDOKIT_GRADE_STEP_LIMIT;
    case grader::GradeStatus::TimeLimit: return SUDOKIT_GRADE_TIME_LIMIT;
    case grader::GradeStatus::AboveCeiling: break;  // not asked for here (no ceiling option)
  }
  return SUDOKIT_GRADE_BEYOND_TECHNIQUES;
}

}  // namespace

extern "C" {

void sudokit_grade_options_init(sudokit_grade_options* o) {
  if (!o) return;
  *o = sudokit_grade_options{};
  o->struct_size = sizeof *o;
  o->max_steps = grader::GradeOptions{}.max_steps;
}

int sudokit_grade(const char* text, size_t length, const sudokit_grade_options* options, sudokit_grade_result** result) {
  return guard([&] {
    if (!result) return fail(SUDOKIT_E_INVALID_ARGUMENT, "result is NULL");
    *result = nullptr;
    std::string_view t;
    if (!text_arg(text, length, "text", t)) return SUDOKIT_E_INVALID_ARGUMENT;
    sudokit_grade_options o;
    sudokit_grade_options_init(&o);
    if (int s = read_options(options, o, "sudokit_grade_options")) return s;
    if (!(o.time_limit >= 0 && o.time_limit <= kMaxSeconds))
      return fail_option(SUDOKIT_E_OPTION, "time_limit",
                         "time_limit must be from 0 (no limit) to " + bound_text(kMaxSeconds) + " seconds");
    if (o.max_steps < 1 || o.max_steps > kMaxSteps)
      return fail_option(SUDOKIT_E_OPTION, "max_steps", "max_steps must be from 1 to " + bound_text(kMaxSteps));
    std::vector<grader::Level> levels = grader::default_levels();
    if (o.levels) {
      std::string error;
      if (!grader::parse_levels(o.levels, levels, error)) return fail_option(SUDOKIT_E_OPTION, "levels", "levels: ", error);
    }
    grader::GradeOptions go;
    go.keep_steps = o.keep_steps != 0;
    go.time_limit = o.time_limit;
    go.max_steps = o.max_steps;

    auto r = std::make_unique<sudokit_grade_result>();
    if (t.size() == kPencilmarkLength) {
      Candidates marks;
      ParseError error;
      if (!parse_pencilmarks(t, marks, error)) return fail(SUDOKIT_E_PARSE, "marks: ", error.message);
      r->grade = grader_of_thread().grade_marks(marks, go);
    } else {
      Grid grid;
      if (int s = read_grid_arg(t, "puzzle (81 characters, or 729 of pencil marks)", grid)) return s;
      r->grade = grader_of_thread().grade(grid, go);
    }
    const grader::Grade& g = r->grade;
    if (g.rated()) {
      r->level = grader::level_for(g.er, levels);
    } else {
      r->message = grader::status_message(g.status);
    }
    for (int i = 0; i < grader::kTechniqueCount; ++i)
      if (g.histogram[static_cast<std::size_t>(i)] > 0)
        r->histogram.emplace_back(grader::technique_key(static_cast<grader::Technique>(i)),
                                  g.histogram[static_cast<std::size_t>(i)]);
    r->steps.reserve(g.steps.size());
    for (const grader::Step& s : g.steps) r->steps.push_back(map_step(s));
    *result = r.release();
    return SUDOKIT_OK;
  });
}

void sudokit_grade_result_free(sudokit_grade_result* r) { delete r; }

int32_t sudokit_grade_status(const sudokit_grade_result* r) { return r ? grade_status_code(r->grade.status) : -1; }
const char* sudokit_grade_status_key(const sudokit_grade_result* r) {
  // grade_status_key() views string literals.
  return r ? grader::grade_status_key(r->grade.status).data() : "";
}
const char* sudokit_grade_message(const sudokit_grade_result* r) { return r ? r->message.c_str() : ""; }
double sudokit_grade_er(const sudokit_grade_result* r) { return r && r->grade.rated() ? grader::rounded_rating(r->grade.er) : 0; }
double sudokit_grade_ep(const sudokit_grade_result* r) { return r && r->grade.rated() ? grader::rounded_rating(r->grade.ep) : 0; }
double sudokit_grade_ed(const sudokit_grade_result* r) { return r && r->grade.rated() ? grader::rounded_rating(r->grade.ed) : 0; }
const char* sudokit_grade_level(const sudokit_grade_result* r) { return r ? r->level.c_str() : ""; }
const char* sudokit_grade_hardest(const sudokit_grade_result* r) {
  return r && r->grade.rated() ? grader::technique_key(r->grade.hardest).data() : "";
}
const char* sudokit_grade_hardest_name(const sudokit_grade_result* r) {
  return r && r->grade.rated() ? r->grade.hardest_name.c_str() : "";
}
int32_t sudokit_grade_step_total(const sudokit_grade_result* r) { return r ? r->grade.step_count : 0; }

int sudokit_grade_solution(const sudokit_grade_result* r, char* out) {
  if (!r || !out) return fail(SUDOKIT_E_INVALID_ARGUMENT, !r ? "result is NULL" : "out is NULL");
  const grader::GradeStatus s = r->grade.status;
  if (s == grader::GradeStatus::NoSolution || s == grader::GradeStatus::MultipleSolutions ||
      s == grader::GradeStatus::InvalidGivens || !r->grade.solution.is_complete())
    return fail(SUDOKIT_E_UNAVAILABLE, "no solution: the puzzle does not have exactly one");
  write_grid(r->grade.solution, out);
  return SUDOKIT_OK;
}

size_t sudokit_grade_histogram_size(const sudokit_grade_result* r) { return r ? r->histogram.size() : 0; }

int sudokit_grade_histogram_entry(const sudokit_grade_result* r, size_t i, const char** technique, int32_t* steps) {
  if (!r || !technique || !steps) return fail(SUDOKIT_E_INVALID_ARGUMENT, "result, technique or steps is NULL");
  if (i >= r->histogram.size()) return fail(SUDOKIT_E_UNAVAILABLE, "histogram index out of range");
  *technique = r->histogram[i].first.c_str();
  *steps = r->histogram[i].second;
  return SUDOKIT_OK;
}

size_t sudokit_grade_steps(const sudokit_grade_result* r) { return r ? r->steps.size() : 0; }

int sudokit_grade_step(const sudokit_grade_result* r, size_t i, sudokit_step* step) {
  if (!r) return fail(SUDOKIT_E_INVALID_ARGUMENT, "result is NULL");
  if (i >= r->steps.size())
    return fail(SUDOKIT_E_UNAVAILABLE, r->steps.empty() ? "no steps kept (set keep_steps)" : "step index out of range");
  return write_struct(view_step(r->steps[i]), step, "step") ? SUDOKIT_OK : SUDOKIT_E_INVALID_ARGUMENT;
}

}  // extern "C"
