// The daily-puzzle schedule: which puzzle of which level is published on
// which date (the store's `daily` table), for apps and sites.
//
// A weekly schedule says which levels each weekday gets ("every day easy,
// medium, hard", or "mon=easy,tue=medium,...,sun=expert" the way newspapers
// ramp difficulty through the week). DailyAssignment fills a date range:
// (date, level) pairs already in the table keep their puzzle (running again
// is idempotent), levels a date already has beyond the schedule's stay with
// it (a date's output shows every level assigned to it), the others get the oldest stored puzzle of that level that
// was never used anywhere (table `used`, by canonical form: no puzzle and no
// isomorph of one is published twice). Everything happens in one write
// transaction that the caller commits once its output is safely written; a
// level that runs short throws ShortageError before anything is assigned.
//
// The per-date JSON written for apps (daily_json) and the directory writer
// (DailyDirectory: DIR/YYYY-MM-DD.json + DIR/index.json, all or nothing) are
// here too; the layout is documented in db/README.md.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/db/calendar.hpp"
#include "sudokit/db/record.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/files/staged.hpp"

namespace sudokit::db {

/// Levels per weekday, Monday first. A day with no level gets no puzzle.
struct WeeklySchedule {
  std::array<std::vector<std::string>, 7> days;

  /// The same levels every day.
  static WeeklySchedule every_day(const std::vector<std::string>& levels);
  /// Every level named, in order of first appearance (Monday first).
  std::vector<std::string> levels() const;
  bool empty() const;
  friend bool operator==(const WeeklySchedule&, const WeeklySchedule&) = default;
};

/// "easy,medium,hard": distinct names separated by commas.
bool parse_level_list(std::string_view text, std::vector<std::string>& out, std::string& error);

/// "mon=easy,tue=medium,wed=medium,thu=hard,fri=hard,sat=expert,sun=expert".
/// Days are mon..sun or monday..sunday (any case); a range "mon-fri=hard"
/// (wrapping "fri-mon" too) gives the same levels to each day of it; several
/// levels on one day are joined with '+' ("sun=hard+expert"). A day named
/// twice, an unknown day, an empty level are errors; days not named get no
/// puzzle. False with `error` set on bad input.
bool parse_schedule(std::string_view text, WeeklySchedule& out, std::string& error);

/// "mon=easy,tue=medium,..." (days with levels only, '+' between levels).
std::string format_schedule(const WeeklySchedule& schedule);

struct DailyRequest {
  Date first;
  std::int64_t days = 1;  // dates first, first + 1, ..., first + days - 1
  WeeklySchedule schedule;
  /// Variant slots (`daily --variant NAME=GEOMETRY`): a name the schedule
  /// gives like a level, served by the oldest unused puzzle of that
  /// geometry (canonical spelling; unrated until issue #48, so of no
  /// level), e.g. {"daily-x", "x"} beside the classic levels.
  std::vector<std::pair<std::string, std::string>> variants{};
  /// The geometry of a variant slot; "" for a level.
  std::string variant_of(std::string_view slot) const {
    for (const auto& [name, geometry] : variants)
      if (name == slot) return geometry;
    return {};
  }
};

/// "NAME=GEOMETRY" (a --variant): a URL-safe slot name and a geometry
/// spelling, parsed (parse_geometry) to its canonical spelling. False with
/// `error` ("geometry:COL: ...", "slot name ..."); the classic geometry is
/// refused (its slots are levels).
bool parse_variant_slot(std::string_view text, std::pair<std::string, std::string>& out, std::string& error);

/// "" when the request can be run, else what is wrong ("--days must be at
/// least 1", "the range ends after 9999-12-31", "the schedule gives no
/// puzzle to any date of the range").
std::string check_request(const DailyRequest& request);

struct DailyEntry {
  std::string level;
  PuzzleRecord puzzle;
  bool assigned_now = false;  // false: the date already had it
};

struct DailyDate {
  Date date;
  /// In the schedule's order for that weekday; a date that also has levels
  /// from earlier runs (another --levels or --schedule) gets those too, and
  /// then every entry is in ascending difficulty (the level table's order).
  std::vector<DailyEntry> entries;
};

class WriteTransaction;

class DailyAssignment {
 public:
  /// Takes the store's write lock and assigns every (date, level) of the
  /// request, uncommitted. Throws LevelError (a level neither the level
  /// table nor the store knows), ShortageError (nothing assigned: every
  /// short level with the numbers), StoreError. check_request() must be "".
  DailyAssignment(PuzzleStore& store, const DailyRequest& request);
  /// Rolls back unless commit() was called.
  ~DailyAssignment();
  DailyAssignment(const DailyAssignment&) = delete;
  DailyAssignment& operator=(const DailyAssignment&) = delete;

  /// The dates that get at least one puzzle, ascending.
  const std::vector<DailyDate>& dates() const { return dates_; }
  std::uint64_t assigned() const { return assigned_; }  // pairs new in this run
  std::uint64_t reused() const { return reused_; }      // pairs that were in the table
  /// Makes the assignment permanent. Throws StoreError (then nothing is).
  void commit();
  /// Drops the assignment now (what the destructor does).
  void rollback() noexcept;

 private:
  std::unique_ptr<WriteTransaction> tx_;  // open until commit() or rollback()
  std::vector<DailyDate> dates_;
  std::uint64_t assigned_ = 0, reused_ = 0;
};

/// What a date's JSON carries besides the record format's daily fields.
struct DailyJsonOptions {
  bool with_path = false;  // each puzzle's solution path (`path`, db/path.hpp; null when the record has none)
  std::string image_ext;   // "png"/"svg": each puzzle's `image`, the file daily_image_name names; "" = none
};

/// Whether a level name can be part of a file name and a URL as it is
/// (letters, digits, '-' and '_'): what `daily --images` asks of levels.
bool url_safe_name(std::string_view name);

/// "2027-01-01-hard.png": the image of a date's puzzle of a level, beside the
/// date's JSON (`daily --images`).
std::string daily_image_name(const Date& date, std::string_view level, std::string_view ext);

/// One date as apps read it: {"date", "weekday", "puzzles": {LEVEL: the
/// record format's daily fields, and what `options` adds}}.
nlohmann::ordered_json daily_json(const DailyDate& date, const DailyJsonOptions& options = {});

/// Writes a daily directory all or nothing: stage() writes every date file
/// and the index under temporary names in DIR (created if missing) into a
/// set of staged files (files/staged.hpp) that other files may join
/// (staged_files(): the images); publish() renames the whole set into
/// place, index.json last, or none of it. Until publish(), DIR is
/// unchanged; the destructor removes temporaries that were not published.
/// index.json lists every YYYY-MM-DD.json in DIR after publishing, and the
/// time zone of this run.
/// Failures throw StoreError naming the file; a stop flag set while staging
/// throws StagingInterrupted (the staged files are removed).
class StagingInterrupted : public StoreError {
 public:
  explicit StagingInterrupted(const std::string& dir) : StoreError(dir, "interrupted; nothing written") {}
};

class DailyDirectory {
 public:
  /// `time_zone`: the zone the dates were reckoned in, recorded in index.json.
  explicit DailyDirectory(std::string dir, std::string time_zone = std::string(kDefaultTimeZone),
                          DailyJsonOptions json = {});
  ~DailyDirectory();
  DailyDirectory(const DailyDirectory&) = delete;
  DailyDirectory& operator=(const DailyDirectory&) = delete;

  /// `stop` is polled between files.
  void stage(const std::vector<DailyDate>& dates, const std::atomic<bool>* stop = nullptr);
  void publish();
  /// Files staged and not yet published (stage()'s, index.json included,
  /// and any other the set was given).
  std::size_t staged() const { return files_.size(); }
  /// The set publish() publishes; files staged into it before stage() are
  /// published before the JSON.
  files::StagedFiles& staged_files() { return files_; }
  /// Whether a run of `request` writes (or stages) a file called `name` in
  /// DIR: the dates of the range the schedule gives a level, index.json, with
  /// `image_ext` ("png", "svg") each date's images, their temporaries and the
  /// directory's lock file. For the check that no input is written over.
  static bool writes(const DailyRequest& request, std::string_view name, std::string_view image_ext = {});

 private:
  void write_file(const std::string& name, const std::string& text);
  std::string dir_;
  std::string time_zone_;
  DailyJsonOptions json_;
  files::StagedFiles files_;
};

}  // namespace sudokit::db
