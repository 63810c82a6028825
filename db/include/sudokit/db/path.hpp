// The stored solution path (`generate --with-steps`, `db import
// --with-steps`; the store's `path` column, the record format's `path`
// field, `db ship --with-steps`): each step of a puzzle's solution path in
// the structure the hint system gives (grader/hint.hpp: the technique, its
// rating, what it places and removes, the candidates that cause it, the
// houses or cells to look at), encoded compactly so that an app can give
// hints offline from the file it ships. db/README.md ("Stored solution
// path") documents the encoding and how an app finds the next hint in it.
//
// Encoding: a JSON array, one object per step, in order:
//   {"t": technique key, "r": SE rating (one decimal),
//    "n": SE's hint name when it differs from the technique's name,
//    "p": the placement, "e": [eliminations], "c": [cause candidates],
//    "h": [houses to look at (0-8 boxes, 9-17 rows, 18-26 columns)],
//    "a": [cells to look at, when the step names no house]}
// A candidate is three digits "RCD": row 1-9, column 1-9, digit 1-9
// ("624" = digit 4 in r6c2). Keys with nothing to say are left out, and so
// is "c" when the cause is the placement alone (singles): a step with "p"
// and no "c" has the cause [p].
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grader/hint.hpp"
#include "sudokit/grader/step.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::db {

/// One decoded step of a stored path.
struct PathStep {
  std::string technique;  // key
  std::string name;       // SE's hint name ("" = the technique's display name)
  double rating = 0;
  std::optional<grader::CandidateRef> placement;
  std::vector<grader::CandidateRef> eliminations;
  std::vector<grader::CandidateRef> cause;
  std::vector<int> houses;
  std::vector<int> cells;  // when there are no houses
  friend bool operator==(const PathStep&, const PathStep&) = default;
};

/// The path of `steps`, the solution path the grader took from `puzzle`
/// (Grade::steps with keep_steps): each step's drawing is taken on the board
/// as it stood before the step.
std::string encode_path(const Grid& puzzle, const std::vector<grader::Step>& steps);

/// The steps of an encoded path; false with `error` ("step 3: ...") when the
/// text is not one.
bool decode_path(std::string_view text, std::vector<PathStep>& out, std::string& error);

}  // namespace sudokit::db
