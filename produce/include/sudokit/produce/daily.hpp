// The daily export's protocol, stage -> commit -> publish: the store assigns
// the dates' puzzles in an open write transaction (db::DailyAssignment), the
// output is staged where nobody sees it yet (temporary files; or, for a
// stream, written and flushed), the assignment is committed, and then the
// output is published (the temporaries renamed into place). So:
// - a failure or a stop before the commit assigns nothing and changes no
//   published file (the transaction rolls back, the temporaries go);
// - a commit that fails after staging is a CommitFailed (a stream has been
//   written: the caller says the output was not recorded);
// - a publish that fails after the commit is a PublishFailed (the assignment
//   is recorded; running the same request again writes the files).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "sudokit/db/daily.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/db/used.hpp"  // LevelError, ShortageError
#include "sudokit/produce/generate.hpp"  // RequestError

namespace sudokit::produce {

/// Where a daily run's output goes, written in two steps around the commit.
class DailyOutput {
 public:
  virtual ~DailyOutput() = default;
  /// Writes every date, unseen until publish() where it can be (a stream
  /// cannot). Throwing assigns nothing; `stop` may be polled.
  virtual void stage(const std::vector<db::DailyDate>& dates, const std::atomic<bool>* stop) = 0;
  /// Makes the staged output visible; called after the commit.
  virtual void publish() = 0;
  /// The set of staged files publish() publishes, for files that join it
  /// (ImagesOutput); nullptr for an output that is not files.
  virtual files::StagedFiles* staged_files() { return nullptr; }
};

/// DIR/YYYY-MM-DD.json and DIR/index.json, all or nothing (db::DailyDirectory).
class DirectoryOutput final : public DailyOutput {
 public:
  DirectoryOutput(std::string dir, std::string time_zone, db::DailyJsonOptions json = {})
      : files_(std::move(dir), std::move(time_zone), std::move(json)) {}
  void stage(const std::vector<db::DailyDate>& dates, const std::atomic<bool>* stop) override {
    files_.stage(dates, stop);
  }
  void publish() override { files_.publish(); }
  files::StagedFiles* staged_files() override { return &files_.staged_files(); }

 private:
  db::DailyDirectory files_;
};

/// The commit failed after the output was staged; nothing is assigned.
class CommitFailed : public db::StoreError {
 public:
  explicit CommitFailed(const db::StoreError& e) : db::StoreError(e) {}
};

/// The assignment is committed but the output could not be published.
class PublishFailed : public db::StoreError {
 public:
  explicit PublishFailed(const db::StoreError& e) : db::StoreError(e) {}
};

struct DailyRun {
  std::vector<db::DailyDate> dates;  // the dates that got puzzles, ascending
  std::uint64_t assigned = 0;        // (date, level) pairs new in this run
  std::uint64_t reused = 0;          // pairs that were assigned before
};

/// What `sudokit daily`'s options say; empty / 0 = not given.
struct DailyOptions {
  std::string from;                                      // YYYY-MM-DD, today or tomorrow (required)
  std::string to;                                        // the last date, instead of days
  std::int64_t days = 0;                                 // number of dates; 0 = not given (1 without --to)
  std::string time_zone = std::string(db::kDefaultTimeZone);  // of today and tomorrow (IANA name)
  std::string levels;                                    // the same levels every day
  std::string schedule;                                  // levels per weekday
  std::string format = "json";                           // json (files in out) or ndjson (a stream)
  std::string out;                                       // the directory for json
  bool dry_run = false;
  bool with_steps = false;                               // each puzzle with its solution path (`path`)
  std::string images;                                    // png or svg: each puzzle's image beside the JSON; "" = none
  std::vector<std::string> variants;                     // --variant NAME=GEOMETRY: variant slots (db::DailyRequest::variants)
};

/// A checked daily run: the request for the store and where it goes.
struct DailyPlan {
  db::DailyRequest request;
  std::string time_zone;
  bool ndjson = false;
  std::string out;                    // "" with ndjson or a dry run without --out
  bool dry_run = false;
  std::string levels_option;          // "--levels" or "--schedule": what a LevelError names
  bool with_steps = false;            // each puzzle with its solution path
  std::string images;                 // "", "png" or "svg" (checked; needs out, not ndjson)
};

/// Checks the options in the order the command reports problems (the first
/// one throws RequestError naming the option, with the command's message)
/// and resolves "today"/"tomorrow" in the time zone at `now`.
DailyPlan plan_daily(const DailyOptions& options, std::chrono::system_clock::time_point now);

/// Assigns the request's dates and publishes them to `output` by the
/// protocol above; `output` nullptr is a dry run (the assignment is
/// computed, then rolled back; nothing written). A stop flag set before the
/// commit throws db::StagingInterrupted (nothing assigned or written).
/// Throws what DailyAssignment and the output throw before the commit
/// (db::LevelError, db::ShortageError, db::StoreError, the output's own),
/// CommitFailed, PublishFailed. check_request(request) must be "".
/// With `with_steps`, every puzzle the output gets carries its solution path:
/// the stored one, or, for a puzzle stored without (generated or imported
/// without --with-steps), the path the grader takes, computed here.
DailyRun publish_daily(db::PuzzleStore& store, const db::DailyRequest& request, DailyOutput* output,
                       const std::atomic<bool>* stop = nullptr, bool with_steps = false);

}  // namespace sudokit::produce
