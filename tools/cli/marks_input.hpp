// Whole-source reading for `sudokit hint`, whose positions may span several
// lines (a 9-line candidate grid) and are cut out of the whole text by
// grader::next_position_text. A source is read whole, but never more than
// kMaxPositionSource bytes: a larger one (or /dev/zero) is reported and
// skipped, so memory stays bounded. Every other command streams its input
// (input.hpp); `grade` reads 729-character pencil-mark lines through the
// streaming reader (PuzzleReader::accept_pencilmarks).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "input.hpp"

namespace sudokit::cli {

/// The largest source `hint` reads (64 MiB: some hundred thousand positions).
inline constexpr std::size_t kMaxPositionSource = std::size_t{64} << 20;

/// Calls `on_text(source, text)` with the whole text of every source (stdin
/// when `files` is empty); unreadable or too large ones go to `diag`.
void for_each_source_text(const std::vector<std::string>& files, Diagnostics& diag,
                          const std::function<void(const std::string&, const std::string&)>& on_text);

}  // namespace sudokit::cli
