// `sudokit db export`'s policy and the shared puzzle filter (export.hpp).
#include "sudokit/produce/export.hpp"

#include "sudokit/generator/digger.hpp"
#include "sudokit/grader/step.hpp"

namespace sudokit::produce {

namespace {

/// --clues A-B (A, A-B, A- or -B, numbers up to 81) into the filter; false when malformed.
bool parse_clue_range(const std::string& text, db::PuzzleFilter& f) {
  const std::size_t dash = text.find('-');
  auto number = [](const std::string& s, std::optional<int>& out) {
    if (s.empty()) return true;
    if (s.find_first_not_of("0123456789") != std::string::npos || s.size() > 2) return false;
    out = std::stoi(s);
    return *out <= 81;
  };
  if (dash == std::string::npos) return !text.empty() && number(text, f.min_clues) && number(text, f.max_clues);
  return text.size() > 1 && number(text.substr(0, dash), f.min_clues) && number(text.substr(dash + 1), f.max_clues);
}

std::vector<std::string> technique_filter(const std::optional<std::string>& text, const char* option) {
  if (!text) return {};
  grader::TechniqueSet t{};
  if (!grader::parse_technique_set(*text, t))
    throw RequestError(option, std::string(option) + ": unknown technique '" + *text +
                                   "' (use a key such as x-wing or a name such as \"X-Wing\")");
  return grader::technique_keys(t);
}

}  // namespace

db::PuzzleFilter plan_filter(const FilterOptions& o) {
  db::PuzzleFilter f;
  f.level = o.level;
  f.min_rating = o.min_rating;
  f.max_rating = o.max_rating;
  if (f.min_rating && f.max_rating && *f.min_rating > *f.max_rating)
    throw RequestError("--min-rating", "the rating range is empty (--min-rating above --max-rating)");
  if (o.clues && !parse_clue_range(*o.clues, f))
    throw RequestError("--clues", "--clues: expected A, A-B, A- or -B with numbers up to 81, found '" + *o.clues + "'");
  f.technique = technique_filter(o.technique, "--technique");
  f.hardest = technique_filter(o.hardest, "--hardest");
  if (o.symmetry) {
    const auto symmetry = parse_symmetry(*o.symmetry);
    if (!symmetry || *o.symmetry == "random")
      throw RequestError("--symmetry", "unknown --symmetry '" + *o.symmetry +
                                           "' (expected none, rot180, rot90, mirror, diagonal, antidiagonal or dihedral)");
    f.symmetry = symmetry_name(*symmetry);
  }
  return f;
}

ExportPlan plan_export(const ExportCommand& c) {
  ExportPlan plan;
  plan.ipuz = c.format == "ipuz";
  if (!plan.ipuz) {
    const auto format = db::parse_export_format(c.format);
    if (!format) throw RequestError("--format", "unknown --format '" + c.format + "' (expected json, ndjson, csv, line or ipuz)");
    plan.format = *format;
  }
  if (plan.ipuz && (!c.out || c.columns))
    throw RequestError("--format", "--format ipuz writes one file per puzzle, DIR/GID.ipuz: give --out DIR (and no --columns)");
  if (c.columns) {
    if (plan.format == db::ExportFormat::Line)
      throw RequestError("--columns", "--columns is for --format json, ndjson or csv (line writes puzzles only)");
    std::string error;
    if (!db::parse_fields(*c.columns, plan.columns, error)) throw RequestError("--columns", "--columns: " + error);
  }
  plan.filter = plan_filter(c.filter);
  plan.filter.seed = c.seed;
  plan.filter.limit = c.limit;
  plan.filter.random = c.random;
  plan.filter.unused = c.unused;
  plan.out = c.out;
  return plan;
}

}  // namespace sudokit::produce
