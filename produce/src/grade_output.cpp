// `sudokit grade`'s output forms (grade_output.hpp).
#include "sudokit/produce/grade_output.hpp"

#include <nlohmann/json.hpp>

#include "sudokit/db/record_format.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/technique.hpp"
#include "sudokit/grader/view.hpp"

namespace sudokit::produce {

using namespace sudokit::grader;

std::optional<GradeFormat> parse_grade_format(std::string_view name) {
  if (name == "line") return GradeFormat::Line;
  if (name == "json") return GradeFormat::Json;
  return std::nullopt;
}

namespace {

void append_json(std::string& out, const GradeWriting& w, std::string_view text, std::size_t line, const Grade& g,
                 const Grid* givens) {
  db::PuzzleRecord r;
  if (givens != nullptr) r = db::make_record(*givens, g.solution);
  db::set_grade(r, g, w.levels);
  nlohmann::ordered_json j = db::record_json(r, db::grade_fields());
  j["puzzle"] = text;
  if (givens == nullptr) j["clues"] = nullptr;
  j["line"] = line;
  j["rated"] = g.rated();
  if (!g.rated()) j["reason"] = status_message(g.status);
  nlohmann::ordered_json steps = nlohmann::ordered_json::array();
  for (const Step& s : g.steps) {
    const StepView v = step_view(s);
    nlohmann::ordered_json step = {{"technique", v.technique}, {"name", v.name}, {"rating", v.rating}, {"text", v.text}};
    if (!v.chain.empty()) step["detail"] = v.chain;  // chains: the chain in Eureka notation
    steps.push_back(std::move(step));
  }
  j["steps"] = std::move(steps);
  out += j.dump();
  out += '\n';
}

void append_line(std::string& out, const GradeWriting& w, std::string_view text, const Grade& g) {
  out += text;
  if (g.rated())
    out += ' ' + format_rating(g.er) + '/' + format_rating(g.ep) + '/' + format_rating(g.ed) + ' ' +
           level_for(g.er, w.levels) + ' ' + g.hardest_name + '\n';
  else
    out += " - " + status_message(g.status) + '\n';
  if (!w.explain) return;
  int n = 0;
  for (const Step& s : g.steps) out += "  " + std::to_string(++n) + ". " + format_rating(s.difficulty) + "  " + explain(s) + '\n';
}

}  // namespace

void append_graded(std::string& out, const GradeWriting& writing, std::string_view text, std::size_t line,
                   const Grade& grade, const Grid* givens) {
  if (writing.format == GradeFormat::Json)
    append_json(out, writing, text, line, grade, givens);
  else
    append_line(out, writing, text, grade);
}

}  // namespace sudokit::produce
