#include "sudokit/serve/service.hpp"

#include <nlohmann/json.hpp>

#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/grader/view.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::serve {

using nlohmann::json;

namespace {

Response error(int status, const std::string& message) {
  return {status, "application/json", json{{"error", message}}.dump() + "\n", {}};
}

Response ok(const json& j) { return {200, "application/json", j.dump() + "\n", {}}; }

grader::Grader& thread_grader() {
  thread_local grader::Grader grader;
  return grader;
}

// The body as a JSON object, or the 400 that says why not.
bool body_object(const std::string& body, json& out, Response& fail) {
  out = json::parse(body, nullptr, false);
  if (out.is_discarded() || !out.is_object()) {
    fail = error(400, "request body: expected a JSON object");
    return false;
  }
  return true;
}

// The "puzzle" field read as `sudokit solve` and `sudokit grade` read a line.
bool puzzle_field(const json& body, Grid& grid, Response& fail) {
  auto it = body.find("puzzle");
  if (it == body.end() || !it->is_string()) {
    fail = error(400, "request body: \"puzzle\" must be a string of 81 cells");
    return false;
  }
  ParseError perr;
  if (!parse_puzzle(it->get<std::string>(), grid, perr)) {
    fail = error(400, "puzzle: " + perr.message);
    return false;
  }
  return true;
}

json cell_digit(int cell, int digit) { return {{"cell", cell_name(cell)}, {"digit", digit}}; }

Response do_solve(const json& body) {
  Grid grid;
  Response fail;
  if (!puzzle_field(body, grid, fail)) return fail;
  if (const auto conflict = find_conflict(grid))
    return error(400, "puzzle: digit " + std::to_string(conflict->digit) + " twice in " + unit_name(conflict->unit_id));
  const SolveResult r = solve(grid, 2);
  json j = {{"solutions", r.count}};
  if (r.count >= 1) j["solution"] = format_line(r.solution);
  return ok(j);
}

Response do_grade(const json& body, const Limits& limits) {
  Grid grid;
  Response fail;
  if (!puzzle_field(body, grid, fail)) return fail;
  grader::GradeOptions options;
  options.time_limit = limits.grade_seconds;
  const grader::Grade g = thread_grader().grade(grid, options);
  json j = {{"status", grader::grade_status_key(g.status)}};
  if (g.rated()) {
    j["er"] = grader::format_rating(g.er);
    j["ep"] = grader::format_rating(g.ep);
    j["ed"] = grader::format_rating(g.ed);
    j["hardest"] = g.hardest_name;
    j["level"] = grader::level_for(g.er);
    j["solution"] = format_line(g.solution);
  } else {
    j["message"] = grader::status_message(g.status);
  }
  return ok(j);
}

Response do_hint(const std::string& text, const Limits& limits) {
  grader::Position p;
  grader::PositionError perr;
  if (!grader::parse_position(text, p, perr)) return error(400, "position: " + perr.message);
  grader::HintOptions options;
  options.time_limit = limits.hint_seconds;
  const grader::Hint h = grader::find_hint(thread_grader(), p, options);
  json j = {{"status", grader::hint_status_key(h.status)}};
  if (h.status == grader::HintStatus::Mistakes) {
    json m = json::array();
    for (const grader::Mistake& x : h.mistakes) m.push_back({{"cell", cell_name(x.cell)}, {"message", x.message}});
    j["mistakes"] = m;
    return ok(j);
  }
  if (h.status != grader::HintStatus::Hint) {
    j["message"] = h.message;
    // A position that has no single answer is the caller's fault; a stopped search is not.
    const bool bad = h.status == grader::HintStatus::InvalidPosition || h.status == grader::HintStatus::NoSolution ||
                     h.status == grader::HintStatus::MultipleSolutions;
    Response r = ok(j);
    if (bad) r.status = 400;
    return r;
  }
  // The flat step view every front end shares (grader/view.hpp).
  const grader::StepView step = grader::step_view(h.step);
  json placements = json::array(), eliminations = json::array();
  if (step.place_cell >= 0) placements.push_back(cell_digit(step.place_cell, step.place_digit));
  for (const grader::CandidateRef& c : step.eliminations) eliminations.push_back(cell_digit(c.cell, c.digit));
  j["technique"] = {{"key", step.technique}, {"name", step.name}, {"rating", step.rating}};
  j["step"] = {{"placements", placements}, {"eliminations", eliminations}, {"text", step.text}};
  if (!step.chain.empty()) j["step"]["chain"] = step.chain;
  return ok(j);
}

}  // namespace

Service::Service(Limits limits, std::string token) : limits_(limits), token_(std::move(token)) {}

void Service::count_status(int status) {
  ++requests_;
  (status < 400 ? status_2xx_ : status < 500 ? status_4xx_ : status_5xx_)++;
}

Response Service::handle(const Request& request) {
  Response r = route(request);
  count_status(r.status);
  return r;
}

Response Service::route(const Request& rq) {
  const bool get = rq.method == "GET" || rq.method == "HEAD";
  auto wrong_method = [](const char* allowed) {
    Response r = error(405, std::string("method not allowed (use ") + allowed + ")");
    r.headers.emplace_back("Allow", allowed);
    return r;
  };
  if (rq.path == "/healthz") return get ? ok({{"status", "ok"}}) : wrong_method("GET");
  if (rq.path == "/metrics") {
    if (!get) return wrong_method("GET");
    return {200, "text/plain; version=0.0.4", metrics(), {}};
  }
  if (rq.path != "/grade" && rq.path != "/hint" && rq.path != "/solve") return error(404, "no such path: " + rq.path);
  if (rq.method != "POST") return wrong_method("POST");
  if (!token_.empty() && rq.authorization != "Bearer " + token_) {
    Response r = error(401, "this endpoint needs a bearer token");
    r.headers.emplace_back("WWW-Authenticate", "Bearer");
    return r;
  }
  if (rq.body.size() > limits_.max_body)
    return error(413, "request body of " + std::to_string(rq.body.size()) + " bytes is over the limit of " +
                          std::to_string(limits_.max_body));
  if (rq.path == "/hint") return do_hint(rq.body, limits_);
  json body;
  Response fail;
  if (!body_object(rq.body, body, fail)) return fail;
  return rq.path == "/grade" ? do_grade(body, limits_) : do_solve(body);
}

std::string Service::metrics() const {
  std::string s = "# HELP sudokit_requests_total Requests answered.\n# TYPE sudokit_requests_total counter\n";
  s += "sudokit_requests_total " + std::to_string(requests_.load()) + "\n";
  s += "# HELP sudokit_responses_total Responses by status class.\n# TYPE sudokit_responses_total counter\n";
  s += "sudokit_responses_total{class=\"2xx\"} " + std::to_string(status_2xx_.load()) + "\n";
  s += "sudokit_responses_total{class=\"4xx\"} " + std::to_string(status_4xx_.load()) + "\n";
  s += "sudokit_responses_total{class=\"5xx\"} " + std::to_string(status_5xx_.load()) + "\n";
  return s;
}

}  // namespace sudokit::serve
