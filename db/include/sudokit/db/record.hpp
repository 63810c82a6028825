// PuzzleRecord: one row of the store's `puzzles` table as the rest of the
// toolkit sees it (db/README.md documents every column for app developers).
// The generator knows nothing of this type; `tools/` fills records from
// whatever the generator produces, grades them with set_grade(), and hands
// them to PuzzleStore::insert().
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudokit/grader/grade.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::db {

/// The grading status of a variant puzzle until variant grading lands
/// (issue #48): stored in the `rated_by` column of a row with no rating.
inline constexpr const char* kUnratedVariant = "unrated (variant)";

struct PuzzleRecord {
  std::int64_t id = 0;  // row id: 0 until stored; set on records read back
  Grid puzzle{};
  Grid solution{};
  Grid canonical{};  // canonical_form(puzzle): the deduplication key
  int clues = 0;
  std::string symmetry;                // symmetry of the givens' pattern; empty = unknown (NULL)
  std::optional<bool> minimal;         // no single given can be removed keeping one solution; empty = unknown
  std::optional<bool> symmetric_minimal;  // no orbit of givens under `symmetry` can be removed; empty = unknown
  std::string method;                  // generator method ("backtrack", ...) or "import"
  std::optional<std::uint64_t> seed;   // generator seed (with method and index, regenerates the row)
  std::optional<std::uint64_t> index;  // puzzle index within the seed's stream
  std::optional<double> er, ep, ed;    // SE ratings rounded as SE prints them; empty = not graded
  std::string level;                   // level name from the level table; empty = not graded
  std::string hardest;                 // technique key of the hardest step ("x-wing"); empty = not graded
  std::string histogram;               // JSON object {"hidden-single":40,...}; empty = not graded
  std::optional<double> source_rating; // rating given by the source of an imported puzzle
  std::string created_at;              // ISO 8601 UTC "2024-05-01T12:00:00Z"; empty = the time of the commit
  std::optional<int> search_moves;     // local-search moves from the dug puzzle (0 = as dug); empty = not generated here
  std::string dig_order;               // order the clues were dug in ("random", "sparse-digits"); empty = not dug here
  std::string path;                    // the solution path (path.hpp, JSON); empty = not stored (--with-steps)
  std::string run;                     // the generate run that made it (produce::run_key: options and seed); empty = none
  std::string shard;                   // "K/N" when shard K of N of that run made it; empty otherwise
  std::string rated_by;                // what gave the ratings (grader::rater_name()); empty = not graded, or unknown
  std::string origin;                  // a seeded search (generate --from): the global id of the seed it was found
                                       // from (search_moves: how many moves from it; index: its line); empty = none
  // A variant puzzle (issue #47; make_variant_record): `geometry` is its
  // geometry's canonical spelling, empty for the classic 9x9 (NULL in the
  // store). A variant's cells are text, cells() characters in the
  // geometry's default alphabet (Alphabet::kDigits, '.' empty), and the
  // Grids puzzle/solution/canonical above stay empty.
  std::string geometry;
  std::string variant_puzzle;
  std::string variant_solution;
  std::string variant_canonical;  // the deduplication key: variant_identity().key
  std::string variant_gid;        // variant_identity().gid

  bool variant() const { return !geometry.empty(); }
  bool graded() const { return er.has_value(); }
  /// The global id (solver/global_id.hpp): names the canonical form, so it
  /// is the same for this puzzle in every store, export and daily file (the
  /// store keeps it in the `gid` column). A variant's comes from
  /// variant_identity.
  std::string gid() const { return variant() ? variant_gid : global_id_of_canonical(canonical); }
  /// The store's text of puzzle, solution and canonical form: 81
  /// characters for a classic puzzle, the variant_ fields for a variant.
  std::string puzzle_text() const;
  std::string solution_text() const;  // "" for a variant without a solution
  std::string canonical_text() const;
  friend bool operator==(const PuzzleRecord&, const PuzzleRecord&) = default;
};

/// A record for a puzzle and its (unique) solution: canonical form and clue
/// count filled in, everything else empty.
PuzzleRecord make_record(const Grid& puzzle, const Grid& solution);

/// What names a variant puzzle in the store: `key`, the `canonical` column
/// (UNIQUE: the deduplication key), "SPELLING CELLS": the geometry's
/// canonical spelling, a space, the puzzle's canonical form
/// (canonical_any.hpp) in kDigits, so isomorphs of a puzzle under the
/// geometry's symmetries share it; and `gid`, the variant global id
/// (global_id.hpp: 'v' and 16 base64url characters). The one function that
/// computes a variant's identity: every writer calls it. Throws as
/// canonical_any does.
struct VariantIdentity {
  std::string key;
  std::string gid;
};
VariantIdentity variant_identity(const GeometryPtr& geometry, const std::vector<std::uint8_t>& puzzle);

/// A record for a variant puzzle and its (unique) solution (cells() digits
/// each, 0 empty; an empty `solution` leaves it out): geometry, cells,
/// identity and clue count filled in, rated_by kUnratedVariant (no rating
/// until issue #48), everything else empty. For the classic geometry it is
/// make_record of the same cells. Throws GeometryError when a vector does
/// not have cells() entries or holds a digit above size().
PuzzleRecord make_variant_record(const GeometryPtr& geometry, const std::vector<std::uint8_t>& puzzle,
                                 const std::vector<std::uint8_t>& solution);

/// Fills er/ep/ed, level, hardest, histogram and rated_by (this grader's
/// rater_name) from a rated Grade (does nothing for one that is not rated),
/// and the path when the grade kept its steps (GradeOptions::keep_steps). Ratings are stored rounded the way SE
/// prints them (rounded_rating), so `er >= 7.2` in SQL means what people read.
void set_grade(PuzzleRecord& record, const grader::Grade& grade,
               const std::vector<grader::Level>& levels = grader::default_levels());

/// The histogram column: {"hidden-single":40,"x-wing":1} with the techniques
/// used at least once, in the order of the SE producer list.
std::string histogram_json(const std::array<int, grader::kTechniqueCount>& histogram);

/// The created_at text for the current time: "YYYY-MM-DDTHH:MM:SSZ" (UTC).
std::string utc_timestamp_now();

}  // namespace sudokit::db
