// Progress of a long command (generate, db import, db merge, db regrade) on
// stderr: the one printer of them all, so every command shows the same
// shapes and an operator's log reader parses one of them.
//
// Text on a terminal: one line redrawn in place ("\r") at most 5 times a
// second and when the work is done; text elsewhere (a log, a pipe): one line
// every 5 s, never a "\r", so a long run shows it is alive:
//   sudokit generate: 120/1000 found after 5 s, 1843 candidates tried
//   sudokit db merge: shard-1.db: 40000/250000 rows after 10 s
// JSON (`--progress json`): one object per line every 5 s and once when the
// work (or a merge's source) is done, for machines (a cluster's log collector, a dashboard):
//   {"command":"generate","run":"4f0c...","shard":"7/16","made":120,
//    "target":1000,"rate":24.1,"elapsed":5.0}
// with "source" (the input a merge reads) where there is one; run and shard
// are null when the command has none, target null when unknown (an import
// of a stream). `rate` is made per second of `elapsed`, both since the
// reporter was made.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string>

namespace sudokit::produce {

enum class ProgressFormat {
  Text,  // a redrawn line on a terminal, a line every 5 s otherwise
  Json,  // one JSON object per line
  None,  // nothing
};

/// What every line of one command carries.
struct ProgressLabels {
  std::string command;  // "generate", "db merge"
  std::string unit;     // text: what `made` counts ("found", "rows", "lines")
  std::string run = {};    // the run key; "" = none
  std::string shard = {};  // "K/N"; "" = none
};

class ProgressReporter {
 public:
  static constexpr std::chrono::milliseconds kTerminalEvery{200};
  static constexpr std::chrono::milliseconds kLogEvery{5000};

  /// `terminal`: `out` is a terminal (text is then redrawn in place).
  ProgressReporter(std::FILE* out, ProgressFormat format, bool terminal, ProgressLabels labels);
  /// `made` of `target` (0 = unknown) so far: printed when one is due (see
  /// above), or `done` (the end of the work, or of a source's: printed
  /// unless the last line said the same counts). `source` goes before
  /// the counts (text) or as "source" (JSON); `extra` after them, text only.
  void update(std::uint64_t made, std::uint64_t target, const std::string& source = {}, const std::string& extra = {},
              bool done = false);
  /// Ends a line redrawn in place, before other output on the same stream.
  void end_line();

 private:
  using Clock = std::chrono::steady_clock;
  std::FILE* out_;
  ProgressFormat format_;
  bool terminal_;
  ProgressLabels labels_;
  Clock::time_point start_, last_;
  bool open_line_ = false;   // a redrawn line without its newline
  bool said_ = false;        // a line was printed: the last one's counts follow
  std::uint64_t said_made_ = 0, said_target_ = 0;
  std::string said_source_;
};

/// "text", "json" or "none" as a ProgressFormat; false for another word.
bool parse_progress_format(const std::string& name, ProgressFormat& format);

}  // namespace sudokit::produce
