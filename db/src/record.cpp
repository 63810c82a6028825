// Filling PuzzleRecords: canonical form and clue count from the puzzle, the
// grading columns from a grader::Grade, timestamps.
#include "sudokit/db/record.hpp"

#include "sudokit/db/path.hpp"

#include <ctime>
#include <nlohmann/json.hpp>

#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/solve.hpp"

namespace sudokit::db {

PuzzleRecord make_record(const Grid& puzzle, const Grid& solution) {
  PuzzleRecord r;
  r.puzzle = puzzle;
  r.solution = solution;
  r.canonical = canonical_form(puzzle);
  r.clues = puzzle.clue_count();
  return r;
}

std::string histogram_json(const std::array<int, grader::kTechniqueCount>& histogram) {
  nlohmann::ordered_json j = nlohmann::ordered_json::object();
  for (int t = 0; t < grader::kTechniqueCount; ++t)
    if (const int n = histogram[static_cast<std::size_t>(t)]; n > 0)
      j[std::string(grader::technique_key(static_cast<grader::Technique>(t)))] = n;
  return j.dump();
}

void set_grade(PuzzleRecord& record, const grader::Grade& grade, const std::vector<grader::Level>& levels) {
  if (!grade.rated()) return;
  record.er = grader::rounded_rating(grade.er);
  record.ep = grader::rounded_rating(grade.ep);
  record.ed = grader::rounded_rating(grade.ed);
  record.level = grader::level_for(grade.er, levels);
  record.hardest = std::string(grader::technique_key(grade.hardest));
  record.histogram = histogram_json(grade.histogram);
  if (!grade.steps.empty()) record.path = encode_path(record.puzzle, grade.steps);
  record.rated_by = grader::rater_name();
}

std::string utc_timestamp_now() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return buf;
}

}  // namespace sudokit::db
