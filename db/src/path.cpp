// The stored solution path (path.hpp).
#include "sudokit/db/path.hpp"

#include <nlohmann/json.hpp>

#include "sudokit/grader/board.hpp"

namespace sudokit::db {

namespace {

std::string candidate_code(const grader::CandidateRef& c) {
  return {static_cast<char>('1' + c.cell / 9), static_cast<char>('1' + c.cell % 9), static_cast<char>('0' + c.digit)};
}

bool parse_candidate(const nlohmann::json& j, grader::CandidateRef& out) {
  if (!j.is_string()) return false;
  const std::string& s = j.get_ref<const std::string&>();
  if (s.size() != 3) return false;
  for (char ch : s)
    if (ch < '1' || ch > '9') return false;
  out = {(s[0] - '1') * 9 + (s[1] - '1'), s[2] - '0'};
  return true;
}

nlohmann::json candidate_list(const std::vector<grader::CandidateRef>& list) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& c : list) a.push_back(candidate_code(c));
  return a;
}

}  // namespace

std::string encode_path(const Grid& puzzle, const std::vector<grader::Step>& steps) {
  nlohmann::ordered_json path = nlohmann::ordered_json::array();
  grader::Board board(puzzle);
  for (const grader::Step& step : steps) {
    const grader::HintDrawing drawing = grader::hint_drawing(step, board);
    const grader::HintArea area = grader::hint_area(step);
    nlohmann::ordered_json s;
    s["t"] = grader::technique_key(step.technique);
    s["r"] = grader::rounded_rating(step.difficulty);
    const std::string name = step.name();
    if (name != grader::technique_name(step.technique)) s["n"] = name;
    if (!drawing.placed.empty()) s["p"] = candidate_code(drawing.placed.front());
    if (!drawing.eliminated.empty()) s["e"] = candidate_list(drawing.eliminated);
    // A single's cause is its placement: left out, the decoder restores it.
    const bool cause_is_placement = drawing.cause.size() == 1 && drawing.placed.size() == 1 &&
                                    drawing.cause.front() == drawing.placed.front();
    if (!drawing.cause.empty() && !cause_is_placement) s["c"] = candidate_list(drawing.cause);
    if (!area.houses.empty()) s["h"] = area.houses;
    else if (!area.cells.empty()) s["a"] = area.cells;
    path.push_back(std::move(s));
    board.apply(step);
  }
  return path.dump();
}

bool decode_path(std::string_view text, std::vector<PathStep>& out, std::string& error) {
  out.clear();
  const nlohmann::json path = nlohmann::json::parse(text, nullptr, false);
  if (path.is_discarded() || !path.is_array()) {
    error = "not a JSON array";
    return false;
  }
  for (std::size_t i = 0; i < path.size(); ++i) {
    const nlohmann::json& s = path[i];
    auto fail = [&](const std::string& what) {
      error = "step " + std::to_string(i + 1) + ": " + what;
      return false;
    };
    if (!s.is_object() || !s.contains("t") || !s["t"].is_string() || !s.contains("r") || !s["r"].is_number())
      return fail("expected an object with \"t\" (technique key) and \"r\" (rating)");
    PathStep p;
    p.technique = s["t"];
    p.rating = s["r"];
    if (s.contains("n")) {
      if (!s["n"].is_string()) return fail("\"n\" is not a string");
      p.name = s["n"];
    }
    if (s.contains("p")) {
      grader::CandidateRef c{};
      if (!parse_candidate(s["p"], c)) return fail("\"p\" is not a candidate (\"RCD\", three digits 1-9)");
      p.placement = c;
    }
    for (const auto& [key, list] : {std::pair{"e", &p.eliminations}, std::pair{"c", &p.cause}}) {
      if (!s.contains(key)) continue;
      if (!s[key].is_array()) return fail(std::string("\"") + key + "\" is not an array");
      for (const auto& j : s[key]) {
        grader::CandidateRef c{};
        if (!parse_candidate(j, c)) return fail(std::string("\"") + key + "\" holds a bad candidate");
        list->push_back(c);
      }
    }
    for (const auto& [key, list, limit] : {std::tuple{"h", &p.houses, 27}, std::tuple{"a", &p.cells, 81}}) {
      if (!s.contains(key)) continue;
      if (!s[key].is_array()) return fail(std::string("\"") + key + "\" is not an array");
      for (const auto& j : s[key]) {
        if (!j.is_number_integer() || j.get<int>() < 0 || j.get<int>() >= limit)
          return fail(std::string("\"") + key + "\" holds a bad number");
        list->push_back(j.get<int>());
      }
    }
    if (!s.contains("c") && p.placement) p.cause = {*p.placement};
    out.push_back(std::move(p));
  }
  return true;
}

}  // namespace sudokit::db
