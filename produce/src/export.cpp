// `sudokit db export`'s policy and the shared puzzle filter (export.hpp).
#include "sudokit/produce/export.hpp"

#include "sudokit/generator/digger.hpp"
#include "sudokit/grader/step.hpp"
#include "sudokit/grader/target.hpp"
#include "sudokit/solver/geometry.hpp"

#include <algorithm>
#include <cstdio>

namespace sudokit::produce {

namespace {

/// --clues A-B (A, A-B, A- or -B, numbers up to `cells`) into the filter; false when malformed.
bool parse_clue_range(const std::string& text, db::PuzzleFilter& f, int cells) {
  const std::size_t dash = text.find('-');
  auto number = [&](const std::string& s, std::optional<int>& out) {
    if (s.empty()) return true;
    if (s.find_first_not_of("0123456789") != std::string::npos || s.size() > 3) return false;
    out = std::stoi(s);
    return *out <= cells;
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
  int cells = 81;
  if (o.geometry && *o.geometry == db::kAllGeometries) {
    f.geometry = db::kAllGeometries;
  } else if (o.geometry) {
    try {
      const GeometryPtr g = parse_geometry(*o.geometry);
      if (!g->classic()) f.geometry = g->spelling();
      cells = g->cells();
    } catch (const GeometryError& e) {
      throw RequestError("--geometry", e.what());
    }
  }
  f.level = o.level;
  f.min_rating = o.min_rating;
  f.max_rating = o.max_rating;
  if (f.min_rating && f.max_rating && *f.min_rating > *f.max_rating)
    throw RequestError("--min-rating", "the rating range is empty (--min-rating above --max-rating)");
  if (o.clues && !parse_clue_range(*o.clues, f, cells))
    throw RequestError("--clues", "--clues: expected A, A-B, A- or -B with numbers up to " + std::to_string(cells) +
                                      ", found '" + *o.clues + "'");
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

std::string shell_word(const std::string& text) {
  if (!text.empty() && text.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_./:,=@%+") ==
                           std::string::npos)
    return text;
  std::string out = "'";
  for (const char c : text) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

namespace {

std::string rating_text(double r) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "%.1f", r);
  return buf;
}

/// The ratings the steps of a technique set can have (the union).
grader::RatingRange set_ratings(const std::string& text) {
  grader::TechniqueSet set{};
  if (!grader::parse_technique_set(text, set) || set == 0) return {0, 20};
  grader::RatingRange r{20, 0};
  for (int t = 0; t < grader::kTechniqueCount; ++t)
    if (set & grader::technique_bit(static_cast<grader::Technique>(t))) {
      const auto one = grader::technique_ratings(static_cast<grader::Technique>(t));
      r.low = std::min(r.low, one.low);
      r.high = std::max(r.high, one.high);
    }
  return r;
}

}  // namespace

FillAdvice fill_advice(const db::Shortage& s, const FilterOptions& f, const std::string& db_path) {
  FillAdvice advice;
  if (!s.geometry.empty()) {  // a variant slot: puzzles of its geometry, which have no level
    advice.command = "sudokit generate --db " + shell_word(db_path) + " --geometry " + shell_word(s.geometry) +
                     " --count " + std::to_string(s.missing());
    return advice;
  }
  std::vector<grader::Level> table = grader::default_levels();
  std::string error;
  if (!s.levels_table.empty() && !grader::parse_levels(s.levels_table, table, error)) table = grader::default_levels();
  grader::Target target;
  const bool known = target.restrict_to_level(s.level, table);
  const double level_low = target.min_rating, level_high = target.max_rating;
  // The ratings a puzzle of the level meeting the filters can have.
  double low = level_low, high = level_high;
  std::string asked;
  if (f.min_rating) low = std::max(low, *f.min_rating), asked += " --min-rating " + rating_text(*f.min_rating);
  if (f.max_rating) high = std::min(high, *f.max_rating), asked += " --max-rating " + rating_text(*f.max_rating);
  if (f.hardest) {
    const auto r = set_ratings(*f.hardest);
    low = std::max(low, r.low), high = std::min(high, r.high);
    asked += " --hardest " + *f.hardest + " (rated " + rating_text(r.low) + (r.high > r.low ? " to " + rating_text(r.high) : "") + ")";
  }
  if (f.technique) {
    const auto r = set_ratings(*f.technique);
    low = std::max(low, r.low);
    asked += " --technique " + *f.technique + " (rated " + rating_text(r.low) + " or more)";
  }
  if (known && low > high + 1e-9) {
    advice.impossible = "no " + s.level + " puzzle can meet" + asked + ": " + s.level + " puzzles are rated " +
                        rating_text(level_low) + (level_high < 100 ? " to " + rating_text(level_high) : " or more");
    return advice;
  }
  std::string c = "sudokit generate --db " + shell_word(db_path);
  if (!s.levels_table.empty()) c += " --levels " + shell_word(s.levels_table);
  c += " --level " + shell_word(s.level) + " --count " + std::to_string(s.missing());
  if (f.min_rating) c += " --min-rating " + rating_text(*f.min_rating);
  if (f.max_rating) c += " --max-rating " + rating_text(*f.max_rating);
  if (f.clues) {
    db::PuzzleFilter range;
    if (parse_clue_range(*f.clues, range, 81)) {
      int k = target.needs_more_than_singles() ? 26 : 30;
      if (range.min_clues) k = std::max(k, *range.min_clues);
      if (range.max_clues) k = std::min(k, *range.max_clues);
      c += " --clues " + std::to_string(std::clamp(k, 17, 80));
    }
  }
  if (f.symmetry) c += " --symmetry " + shell_word(*f.symmetry);
  if (f.technique) c += " --require-technique " + shell_word(*f.technique);
  if (f.hardest) c += " --hardest-technique " + shell_word(*f.hardest);
  advice.command = c;
  return advice;
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
