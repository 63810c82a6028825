// Filling PuzzleRecords: canonical form and clue count from the puzzle, the
// grading columns from a grader::Grade, timestamps.
#include "sudokit/db/record.hpp"

#include "sudokit/db/path.hpp"

#include <ctime>
#include <nlohmann/json.hpp>

#include "sudokit/solver/canonical_any.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

PuzzleRecord make_record(const Grid& puzzle, const Grid& solution) {
  PuzzleRecord r;
  r.puzzle = puzzle;
  r.solution = solution;
  r.canonical = canonical_form(puzzle);
  r.clues = puzzle.clue_count();
  return r;
}

std::string PuzzleRecord::puzzle_text() const { return variant() ? variant_puzzle : format_line(puzzle); }
std::string PuzzleRecord::solution_text() const { return variant() ? variant_solution : format_line(solution); }
std::string PuzzleRecord::canonical_text() const { return variant() ? variant_canonical : format_line(canonical); }

VariantIdentity variant_identity(const GeometryPtr& geometry, const std::vector<std::uint8_t>& puzzle) {
  const std::vector<std::uint8_t> form = canonical_any(geometry, puzzle);
  return {geometry->spelling() + ' ' + print_cells(*geometry, form), global_id_of_canonical(*geometry, form)};
}

PuzzleRecord make_variant_record(const GeometryPtr& geometry, const std::vector<std::uint8_t>& puzzle,
                                 const std::vector<std::uint8_t>& solution) {
  if (geometry->classic()) {
    if (puzzle.size() != 81 || (!solution.empty() && solution.size() != 81))
      throw GeometryError("cells: " + std::to_string(puzzle.size()) + " cells (expected 81 for classic)");
    Grid p, s;
    for (std::size_t i = 0; i < 81; ++i) {
      p.cells[i] = puzzle[i];
      if (!solution.empty()) s.cells[i] = solution[i];
    }
    return make_record(p, s);
  }
  PuzzleRecord r;
  r.geometry = geometry->spelling();
  r.variant_puzzle = print_cells(*geometry, puzzle);  // throws for a wrong length or digit
  if (!solution.empty()) r.variant_solution = print_cells(*geometry, solution);
  VariantIdentity id = variant_identity(geometry, puzzle);
  r.variant_canonical = std::move(id.key);
  r.variant_gid = std::move(id.gid);
  for (const std::uint8_t d : puzzle) r.clues += d != 0 ? 1 : 0;
  r.rated_by = kUnratedVariant;
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
