// Records with pencil marks beside the usual puzzle records: a line whose
// first field is a 729-character pencil-mark line (Sukaku Explainer's
// format) is a position; every other line goes through PuzzleReader as
// before (input.hpp). Records reach the callbacks in input order.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "input.hpp"
#include "sudokit/solver/marks_text.hpp"

namespace sudokit::cli {

/// One pencil-mark record: its marks, line, and the fields after it (trimmed).
struct MarksRecord {
  Candidates marks;
  std::size_t line = 0;
  std::string_view fields;
};

/// Calls `on_text(source, text)` with the whole text of every source (stdin
/// when `files` is empty); unreadable ones go to `diag`.
void for_each_source_text(const std::vector<std::string>& files, Diagnostics& diag,
                          const std::function<void(const std::string&, const std::string&)>& on_text);

/// Like for_each_record, with pencil-mark lines handed to `on_marks`.
void for_each_record_or_marks(const std::vector<std::string>& files, Diagnostics& diag,
                              const std::function<void(const std::string&, const TextRecord&)>& on_record,
                              const std::function<void(const std::string&, const MarksRecord&)>& on_marks);

}  // namespace sudokit::cli
