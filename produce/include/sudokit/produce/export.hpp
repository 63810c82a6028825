// `sudokit db export` as plain data: an ExportCommand (what the options say)
// is checked and resolved by plan_export() into an ExportPlan (the format, the
// store filter, the fields), which the db module's export functions run. The
// puzzle filter (plan_filter) is `sudokit book`'s too.
//
// The policy that lives here: the format names (json, ndjson, csv, line,
// ipuz); ipuz writes one file per puzzle, so it needs --out DIR and takes no
// --columns; --columns is for json, ndjson and csv; the filter's checks
// (--min-rating not above --max-rating, --clues A-B, known techniques and
// symmetries). Errors are RequestError naming the option.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudokit/db/export.hpp"
#include "sudokit/db/record_format.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/produce/generate.hpp"

namespace sudokit::produce {

/// The filter options of `db export` and `book`, as given (nullopt = not given).
struct FilterOptions {
  std::optional<std::string> level;
  std::optional<double> min_rating, max_rating;
  std::optional<std::string> clues;      // A, A-B, A- or -B (numbers up to 81)
  std::optional<std::string> symmetry;   // a symmetry of the givens (not "random")
  std::optional<std::string> technique;  // key or name: the solution uses it
  std::optional<std::string> hardest;    // key or name: the hardest step is it
  std::optional<std::string> geometry;   // --geometry: a spelling or "all"; not given = classic only
};

/// The filter the options say; throws RequestError naming the option
/// (--geometry: "geometry:COL: ..." as parse_geometry says it). The
/// geometry is stored canonical ("" for classic, db::kAllGeometries for
/// "all"); --clues takes numbers up to the geometry's cells (81 for classic
/// and all).
db::PuzzleFilter plan_filter(const FilterOptions& options);

/// What to tell a user whose book (or daily schedule) ran short of a level:
/// the `sudokit generate` command that makes the missing puzzles with the
/// filters as generate's options (--min-rating, --max-rating, --clues K
/// for a range A-B: 26 within it for a level beyond the singles, else 30,
/// --symmetry, --require-technique, --hardest-technique), so that running it
/// fills the gap; or, when no puzzle of the level can meet the filters (its
/// ER range, the ratings asked and the ratings of a --hardest or
/// --technique's steps, grader::technique_ratings, do not meet), why not.
/// `text` as one shell word: as it is when plain, else single-quoted.
std::string shell_word(const std::string& text);

struct FillAdvice {
  std::string command;     // empty when impossible
  std::string impossible;  // empty when there is a command
};
FillAdvice fill_advice(const db::Shortage& shortage, const FilterOptions& filter, const std::string& db_path);

/// `db export`'s options, as given.
struct ExportCommand {
  std::string format = "json";
  std::optional<std::string> out;      // FILE (DIR for ipuz); stdout when not given
  std::optional<std::string> columns;  // "gid,puzzle,er": record-format names
  FilterOptions filter;
  std::optional<std::uint64_t> limit;
  bool random = false;                 // seeded random order (a sample with limit)
  std::uint64_t seed = 0;
  bool unused = false;                 // never published, nor an isomorph of one
};

struct ExportPlan {
  db::ExportFormat format = db::ExportFormat::Json;
  bool ipuz = false;                   // one ipuz document per puzzle in `out` (a directory)
  db::PuzzleFilter filter;
  std::vector<db::Field> columns;      // empty: every field of the store
  std::optional<std::string> out;
};

/// The export the command says; throws RequestError naming the option.
ExportPlan plan_export(const ExportCommand& command);

}  // namespace sudokit::produce
