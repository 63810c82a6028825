// What `sudokit grade` writes for each graded record, as a library call so the
// CLI, tests and bindings share one form:
//   line: "PUZZLE ER/EP/ED level hardest-name" (or "PUZZLE - reason"), and with
//         explain each step as "  N. RATING  text";
//   json: one object per line, the record format's grade fields
//         (db/record_format.hpp, db/README.md) then grade's own: line, rated,
//         reason (when not rated) and steps [{technique, name, rating, text,
//         detail (chains, Eureka notation)}].
// A pencil-mark position has no givens: its gid and clue count are null.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/grader/grade.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::produce {

enum class GradeFormat { Line, Json };

/// "line" or "json"; nullopt for any other name.
std::optional<GradeFormat> parse_grade_format(std::string_view name);

struct GradeWriting {
  GradeFormat format = GradeFormat::Line;
  bool explain = false;                 // line: the solution path under each puzzle
  std::vector<grader::Level> levels;    // the level table (grader::default_levels() unless --levels)
  /// Whether the grader must keep the steps for this output.
  bool keeps_steps() const { return explain || format == GradeFormat::Json; }
};

/// Appends one graded record to `out`, newline-terminated. `text` is the record
/// as printed (the 81-character puzzle or the 729-character marks), `line` its
/// input line, `givens` the puzzle's givens (null for a pencil-mark position).
void append_graded(std::string& out, const GradeWriting& writing, std::string_view text, std::size_t line,
                   const grader::Grade& grade, const Grid* givens);

}  // namespace sudokit::produce
