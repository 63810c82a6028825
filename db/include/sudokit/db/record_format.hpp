// The record format: how every command writes a puzzle record in machine-
// readable form (JSON objects, CSV rows). `generate`, `grade`, `db export`
// and `daily` all write through these functions, so a field has one name and
// one meaning wherever it appears; db/README.md ("Record format") documents
// each field and which commands write it, and a test holds every command's
// JSON to that table.
//
// A command picks the fields it knows (a list of Field, in the order below);
// a field it lists but a record lacks (an ungraded puzzle's ratings, an
// imported puzzle's seed) is written as null (JSON) or an empty cell (CSV).
// Technique fields hold the technique key (`direct-hidden-pair`);
// `hardest_name` is the display name of the same technique.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/db/record.hpp"

namespace sudokit::db {

enum class Field {
  Id,                // store row id
  Gid,               // global id (solver/global_id.hpp)
  Puzzle,
  Solution,
  Canonical,
  Clues,
  Symmetry,
  Minimal,
  SymmetricMinimal,
  Method,
  Seed,
  SeedIndex,
  Er,
  Ep,
  Ed,
  Level,
  Hardest,           // technique key
  HardestName,       // its display name
  Histogram,         // {"technique-key": count, ...}
  SourceRating,
  CreatedAt,
  SearchMoves,
  DigOrder,
  Origin,            // a seeded search's seed (its global id)
  Path,              // the stored solution path (db/path.hpp), a JSON array
  Geometry,          // a variant's geometry (canonical spelling); left out of a classic record's JSON
  RatedBy,           // what rated the row (grader::rater_name()), or kUnratedVariant
};

/// The field's name in JSON and in the CSV header.
std::string_view field_name(Field field);

/// Every column of the store, as `db export` writes it for classic puzzles.
std::span<const Field> store_fields();
/// store_fields() and geometry, rated_by: what `db export` writes when the
/// rows may be variants (--geometry other than classic).
std::span<const Field> variant_store_fields();
/// What `generate` writes (the solution with --solution).
std::span<const Field> generate_fields(bool with_solution);
/// What `grade` writes for a puzzle before its own fields (line, rated,
/// reason, steps).
std::span<const Field> grade_fields();
/// What `daily` writes for each puzzle of a date.
std::span<const Field> daily_fields();

/// Parses a list of field names ("gid,puzzle,er"; `db export --columns`):
/// the fields in the order given; false with `error` for an unknown or
/// repeated name or an empty list.
bool parse_fields(std::string_view list, std::vector<Field>& out, std::string& error);

/// The record as one JSON object with `fields` in that order; Field::Geometry
/// is left out for a classic record (so classic JSON is as before variants).
nlohmann::ordered_json record_json(const PuzzleRecord& record, std::span<const Field> fields);

/// The record as an ipuz document (the ipuz Sudoku kind,
/// http://ipuz.org/sudoku#1): version, kind, uniqueid (the gid), origin,
/// difficulty (the level), charset, boxes, empty 0, puzzle and solution as 9
/// rows of 9 numbers (0 = empty), and our ratings in the extension field
/// "com.sudokit:rating" ({"er", "ep", "ed", "hardest", "hardest_name"}, when
/// graded). A variant (db/README.md, "ipuz of variants"): its size in
/// `dimensions`, its digits in `charset`, `boxes` only for boxes, and the
/// geometry in the extension field "com.sudokit:geometry" ({"spelling",
/// "regions" for jigsaw and extra regions, "rules"}). db/README.md ("ipuz")
/// documents it.
nlohmann::ordered_json ipuz_json(const PuzzleRecord& record);

/// The CSV header line for `fields` (no newline).
std::string csv_header(std::span<const Field> fields);
/// One CSV row (no newline); fields are quoted as RFC 4180 says (a field
/// with a comma, a quote or a line break is quoted, quotes doubled).
void append_csv_row(std::string& out, const PuzzleRecord& record, std::span<const Field> fields);
/// One CSV field, quoted when it must be.
void append_csv_field(std::string& out, std::string_view value);

}  // namespace sudokit::db
