// Record format writers (see record_format.hpp).
#include "sudokit/db/record_format.hpp"

#include <algorithm>
#include <array>
#include <charconv>

#include "sudokit/grader/step.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

using json = nlohmann::ordered_json;

constexpr std::array kStoreFields = {Field::Id,        Field::Gid,          Field::Puzzle,      Field::Solution,
                                     Field::Canonical, Field::Clues,        Field::Symmetry,    Field::Minimal,
                                     Field::SymmetricMinimal, Field::Method, Field::Seed,       Field::SeedIndex,
                                     Field::Er,        Field::Ep,           Field::Ed,          Field::Level,
                                     Field::Hardest,   Field::HardestName,  Field::Histogram,   Field::SourceRating,
                                     Field::CreatedAt, Field::SearchMoves,  Field::DigOrder, Field::Origin, Field::Path};
constexpr std::array kVariantStoreFields = {
    Field::Id,        Field::Gid,          Field::Puzzle,      Field::Solution,
    Field::Canonical, Field::Clues,        Field::Symmetry,    Field::Minimal,
    Field::SymmetricMinimal, Field::Method, Field::Seed,       Field::SeedIndex,
    Field::Er,        Field::Ep,           Field::Ed,          Field::Level,
    Field::Hardest,   Field::HardestName,  Field::Histogram,   Field::SourceRating,
    Field::CreatedAt, Field::SearchMoves,  Field::DigOrder,    Field::Origin,
    Field::Path,      Field::Geometry,     Field::RatedBy};
constexpr std::array kGenerateFields = {Field::Gid,      Field::Puzzle,  Field::Solution,    Field::Clues,
                                        Field::Symmetry, Field::Minimal, Field::SymmetricMinimal, Field::Method,
                                        Field::Seed,     Field::SeedIndex, Field::Er,         Field::Ep,
                                        Field::Ed,       Field::Level,   Field::Hardest,     Field::HardestName,
                                        Field::Histogram, Field::SearchMoves, Field::DigOrder, Field::Origin};
constexpr std::array kGenerateFieldsNoSolution = {
    Field::Gid,    Field::Puzzle,    Field::Clues, Field::Symmetry, Field::Minimal, Field::SymmetricMinimal,
    Field::Method, Field::Seed,      Field::SeedIndex, Field::Er,   Field::Ep,      Field::Ed,
    Field::Level,  Field::Hardest,   Field::HardestName, Field::Histogram, Field::SearchMoves, Field::DigOrder, Field::Origin};
constexpr std::array kGradeFields = {Field::Gid,   Field::Puzzle,  Field::Clues,       Field::Er,       Field::Ep,
                                     Field::Ed,    Field::Level,   Field::Hardest,     Field::HardestName,
                                     Field::Histogram};
constexpr std::array kDailyFields = {Field::Id,    Field::Gid, Field::Puzzle, Field::Solution, Field::Clues,
                                     Field::Er,    Field::Ep,  Field::Ed,     Field::Level,    Field::Hardest,
                                     Field::HardestName};

void append_number(std::string& out, double v) {
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);  // shortest text that reads back as v
  out.append(buf, r.ptr);
}

template <class Int>
void append_number(std::string& out, Int v) {
  char buf[24];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

std::string hardest_name(const PuzzleRecord& r) {
  grader::Technique t{};
  if (r.hardest.empty() || !grader::parse_technique(r.hardest, t)) return {};
  return std::string(grader::technique_name(t));
}

json text_or_null(const std::string& s) { return s.empty() ? json(nullptr) : json(s); }
template <class T>
json opt(const std::optional<T>& v) {
  return v ? json(*v) : json(nullptr);
}

json field_json(const PuzzleRecord& r, Field f) {
  switch (f) {
    case Field::Id: return r.id ? json(r.id) : json(nullptr);
    case Field::Gid:
      if (r.variant()) return text_or_null(r.variant_gid);
      return r.canonical.clue_count() ? json(r.gid()) : json(nullptr);
    case Field::Puzzle: return r.variant() ? json(r.variant_puzzle) : json(format_line(r.puzzle));
    case Field::Solution:
      if (r.variant()) return text_or_null(r.variant_solution);
      return r.solution.clue_count() ? json(format_line(r.solution)) : json(nullptr);
    case Field::Canonical: return r.variant() ? json(r.variant_canonical) : json(format_line(r.canonical));
    case Field::Geometry: return r.variant() ? json(r.geometry) : json("classic");
    case Field::RatedBy: return text_or_null(r.rated_by);
    case Field::Clues: return r.clues;
    case Field::Symmetry: return text_or_null(r.symmetry);
    case Field::Minimal: return opt(r.minimal);
    case Field::SymmetricMinimal: return opt(r.symmetric_minimal);
    case Field::Method: return text_or_null(r.method);
    case Field::Seed: return opt(r.seed);
    case Field::SeedIndex: return opt(r.index);
    case Field::Er: return opt(r.er);
    case Field::Ep: return opt(r.ep);
    case Field::Ed: return opt(r.ed);
    case Field::Level: return text_or_null(r.level);
    case Field::Hardest: return text_or_null(r.hardest);
    case Field::HardestName: return text_or_null(hardest_name(r));
    case Field::Histogram: {
      if (r.histogram.empty()) return nullptr;
      // The column holds JSON text; an app-edited value that does not parse
      // is written as the string it is rather than failing the whole export.
      json h = json::parse(r.histogram, nullptr, /*allow_exceptions=*/false);
      return h.is_discarded() ? json(r.histogram) : h;
    }
    case Field::SourceRating: return opt(r.source_rating);
    case Field::CreatedAt: return text_or_null(r.created_at);
    case Field::SearchMoves: return opt(r.search_moves);
    case Field::DigOrder: return text_or_null(r.dig_order);
    case Field::Origin: return text_or_null(r.origin);
    case Field::Path: {
      if (r.path.empty()) return nullptr;
      json p = json::parse(r.path, nullptr, /*allow_exceptions=*/false);
      return p.is_discarded() ? json(r.path) : p;
    }
  }
  return nullptr;
}

}  // namespace

std::string_view field_name(Field field) {
  switch (field) {
    case Field::Id: return "id";
    case Field::Gid: return "gid";
    case Field::Puzzle: return "puzzle";
    case Field::Solution: return "solution";
    case Field::Canonical: return "canonical";
    case Field::Clues: return "clues";
    case Field::Symmetry: return "symmetry";
    case Field::Minimal: return "minimal";
    case Field::SymmetricMinimal: return "symmetric_minimal";
    case Field::Method: return "method";
    case Field::Seed: return "seed";
    case Field::SeedIndex: return "seed_index";
    case Field::Er: return "er";
    case Field::Ep: return "ep";
    case Field::Ed: return "ed";
    case Field::Level: return "level";
    case Field::Hardest: return "hardest";
    case Field::HardestName: return "hardest_name";
    case Field::Histogram: return "histogram";
    case Field::SourceRating: return "source_rating";
    case Field::CreatedAt: return "created_at";
    case Field::SearchMoves: return "search_moves";
    case Field::DigOrder: return "dig_order";
    case Field::Origin: return "origin";
    case Field::Path: return "path";
    case Field::Geometry: return "geometry";
    case Field::RatedBy: return "rated_by";
  }
  return "?";
}

std::span<const Field> store_fields() { return kStoreFields; }
std::span<const Field> variant_store_fields() { return kVariantStoreFields; }
std::span<const Field> generate_fields(bool with_solution) {
  if (with_solution) return kGenerateFields;
  return kGenerateFieldsNoSolution;
}
std::span<const Field> grade_fields() { return kGradeFields; }
std::span<const Field> daily_fields() { return kDailyFields; }

bool parse_fields(std::string_view list, std::vector<Field>& out, std::string& error) {
  out.clear();
  std::size_t start = 0;
  while (start <= list.size()) {
    const std::size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view name = list.substr(start, comma - start);
    const auto it = std::find_if(kVariantStoreFields.begin(), kVariantStoreFields.end(),
                                 [&](Field f) { return field_name(f) == name; });
    if (it == kVariantStoreFields.end()) {
      error = "unknown column '" + std::string(name) + "' (expected some of " + csv_header(kVariantStoreFields) + ")";
      return false;
    }
    if (std::find(out.begin(), out.end(), *it) != out.end()) {
      error = "column '" + std::string(name) + "' is named twice";
      return false;
    }
    out.push_back(*it);
    start = comma + 1;
  }
  return true;
}

json record_json(const PuzzleRecord& record, std::span<const Field> fields) {
  json j = json::object();
  for (Field f : fields)
    if (f != Field::Geometry || record.variant()) j[std::string(field_name(f))] = field_json(record, f);
  return j;
}

namespace {

// A variant as ipuz's Sudoku kind can say it (db/README.md, "ipuz of
// variants"): the size in `dimensions` and `charset` (the digits 1..N in
// the default alphabet), `boxes` true only for square boxes (what ipuz's
// standard boxes are), every other region (oblong boxes, jigsaw pieces) and
// extra region (diagonals, windows, ...) as a zone of cells; the geometry
// in the extension field, with the rules ipuz has no field for.
json ipuz_variant_json(const PuzzleRecord& r) {
  const GeometryPtr g = parse_geometry(r.geometry);
  const int n = g->size();
  auto rows = [&](const std::string& text) {
    const std::vector<std::uint8_t> cells = read_cells(*g, text);
    json a = json::array();
    for (int row = 0; row < n; ++row) {
      json line = json::array();
      for (int col = 0; col < n; ++col) line.push_back(static_cast<int>(cells[static_cast<std::size_t>(row * n + col)]));
      a.push_back(std::move(line));
    }
    return a;
  };
  std::string charset;
  for (int d = 1; d <= n; ++d) charset += digit_char(d, n);
  const bool has_regions = !g->region_of().empty();
  const bool square_boxes = g->box_rows() != 0 && g->box_rows() == g->box_cols();
  json zones = json::array();
  const auto& houses = g->houses();
  for (std::size_t h = square_boxes ? static_cast<std::size_t>(3 * n) : static_cast<std::size_t>(2 * n);
       h < houses.size(); ++h) {
    json cells = json::array();
    for (const int c : houses[h]) cells.push_back(json::array({c % n + 1, c / n + 1}));  // [column, row], from 1
    zones.push_back({{"cells", std::move(cells)}});
  }
  // The rules of the canonical spelling's comma-separated words that no
  // ipuz field says: leapers, their wrapping, non-consecutive.
  json rules = json::array();
  const std::string& spelling = g->spelling();
  for (std::size_t at = 0; at <= spelling.size();) {
    const std::size_t end = std::min(spelling.find(',', at), spelling.size());
    const std::string word = spelling.substr(at, end - at);
    if (word == "anti-knight" || word == "anti-king" || word == "toroidal" || word == "nc" || word == "nc+")
      rules.push_back(word);
    at = end + 1;
  }
  json j = {{"version", "http://ipuz.org/v2"},
            {"kind", json::array({"http://ipuz.org/sudoku#1"})},
            {"uniqueid", r.gid()},
            {"origin", "sudokit"},
            {"dimensions", {{"width", n}, {"height", n}}},
            {"charset", charset},
            {"boxes", square_boxes},
            {"empty", 0},
            {"puzzle", rows(r.variant_puzzle)},
            {"solution", rows(r.variant_solution)}};
  if (!zones.empty()) j["zones"] = std::move(zones);
  j["com.sudokit:geometry"] = {{"spelling", r.geometry},
                               {"regions", has_regions ? (square_boxes ? "boxes" : "zones") : "none"},
                               {"rules", std::move(rules)}};
  j["com.sudokit:grading"] = text_or_null(r.rated_by);
  return j;
}

}  // namespace

json ipuz_json(const PuzzleRecord& r) {
  if (r.variant()) return ipuz_variant_json(r);
  auto rows = [](const Grid& g) {
    json a = json::array();
    for (int row = 0; row < 9; ++row) {
      json cells = json::array();
      for (int col = 0; col < 9; ++col) cells.push_back(static_cast<int>(g[row * 9 + col]));
      a.push_back(std::move(cells));
    }
    return a;
  };
  json j = {{"version", "http://ipuz.org/v2"},
            {"kind", json::array({"http://ipuz.org/sudoku#1"})},
            {"uniqueid", r.gid()},
            {"origin", "sudokit"}};
  if (!r.level.empty()) j["difficulty"] = r.level;
  j["charset"] = "123456789";
  j["boxes"] = true;
  j["empty"] = 0;
  j["puzzle"] = rows(r.puzzle);
  j["solution"] = rows(r.solution);
  if (r.graded())
    j["com.sudokit:rating"] = {{"er", field_json(r, Field::Er)},       {"ep", field_json(r, Field::Ep)},
                               {"ed", field_json(r, Field::Ed)},       {"hardest", field_json(r, Field::Hardest)},
                               {"hardest_name", field_json(r, Field::HardestName)}};
  return j;
}

std::string csv_header(std::span<const Field> fields) {
  std::string out;
  for (Field f : fields) {
    if (!out.empty()) out += ',';
    out += field_name(f);
  }
  return out;
}

void append_csv_field(std::string& out, std::string_view v) {
  if (v.find_first_of(",\"\r\n") == std::string_view::npos) {
    out += v;
    return;
  }
  out += '"';
  for (char c : v) {
    if (c == '"') out += '"';
    out += c;
  }
  out += '"';
}

void append_csv_row(std::string& out, const PuzzleRecord& r, std::span<const Field> fields) {
  bool first = true;
  for (Field f : fields) {
    if (!first) out += ',';
    first = false;
    const json v = field_json(r, f);
    if (v.is_null()) continue;
    if (v.is_string()) append_csv_field(out, v.get_ref<const std::string&>());
    else if (v.is_boolean()) out += v.get<bool>() ? '1' : '0';
    else if (v.is_number_float()) append_number(out, v.get<double>());
    else if (v.is_number_unsigned()) append_number(out, v.get<std::uint64_t>());
    else if (v.is_number_integer()) append_number(out, v.get<std::int64_t>());
    else append_csv_field(out, v.dump());  // the histogram object, the path array
  }
}

}  // namespace sudokit::db
