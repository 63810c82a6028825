// The daily schedule and the used-puzzle record on real store files: ISO
// dates and weekly schedules (every error case says what is wrong), the
// assignment (idempotent, extensions never reuse a puzzle or an isomorph of
// one, even after the row was deleted and an isomorph stored again, a level
// that runs short assigns nothing), the v3 -> v4 migration of hand-made
// daily rows, picking and marking puzzles for books, and the all-or-nothing
// daily directory.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "db_test_util.hpp"
#include "sudokit/db/daily.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/transform.hpp"

namespace sudokit::db {
namespace {

using test::Raw;
using test::TempDir;

Date date(const char* text) {
  Date d;
  std::string error;
  EXPECT_TRUE(parse_date(text, d, error)) << text << ": " << error;
  return d;
}

std::string date_error(const char* text) {
  Date d;
  std::string error;
  EXPECT_FALSE(parse_date(text, d, error)) << text;
  return error;
}

std::string schedule_error(const char* text) {
  WeeklySchedule s;
  std::string error;
  EXPECT_FALSE(parse_schedule(text, s, error)) << text;
  return error;
}

WeeklySchedule schedule(const char* text) {
  WeeklySchedule s;
  std::string error;
  EXPECT_TRUE(parse_schedule(text, s, error)) << text << ": " << error;
  return s;
}

// --- dates ---------------------------------------------------------------------

TEST(Calendar, ReadsAndWritesIsoDates) {
  for (const char* text : {"2027-01-01", "2028-02-29", "2000-02-29", "0001-01-01", "9999-12-31", "2027-12-31"})
    EXPECT_EQ(format_date(date(text)), text);
  EXPECT_EQ(date("2027-01-01").weekday(), 4);  // a Friday
  EXPECT_EQ(date("2024-02-29").weekday(), 3);  // a Thursday
  EXPECT_EQ(date("2027-01-04").weekday(), 0);  // a Monday
  EXPECT_EQ(weekday_name(date("2027-01-03").weekday()), "sunday");
  // Stepping day by day walks the calendar: month ends, leap days, year ends.
  Date d = date("2027-12-30");
  std::vector<std::string> seen;
  for (int i = 0; i < 4; ++i) seen.push_back(format_date(d.plus_days(i)));
  EXPECT_EQ(seen, (std::vector<std::string>{"2027-12-30", "2027-12-31", "2028-01-01", "2028-01-02"}));
  EXPECT_EQ(format_date(date("2028-02-28").plus_days(1)), "2028-02-29");
  EXPECT_EQ(format_date(date("2100-02-28").plus_days(1)), "2100-03-01");  // not a leap year
  // Every day of 2027 to 2030 formats to a date that reads back to itself.
  for (Date day = date("2027-01-01"); day <= date("2030-12-31"); day = day.plus_days(1))
    ASSERT_EQ(date(format_date(day).c_str()), day);
}

TEST(Calendar, SaysWhyATextIsNotADate) {
  EXPECT_EQ(date_error("2027-02-29"), "'2027-02-29' is not a date: February 2027 has 28 days");
  EXPECT_EQ(date_error("2027-04-31"), "'2027-04-31' is not a date: April 2027 has 30 days");
  EXPECT_EQ(date_error("1900-02-29"), "'1900-02-29' is not a date: February 1900 has 28 days");
  EXPECT_EQ(date_error("2027-13-01"), "'2027-13-01' is not a date: there is no month 13");
  EXPECT_EQ(date_error("2027-00-10"), "'2027-00-10' is not a date: there is no month 0");
  EXPECT_EQ(date_error("2027-01-00"), "'2027-01-00' is not a date: January 2027 has 31 days");
  EXPECT_EQ(date_error("0000-01-01"), "'0000-01-01' is out of range (years 0001 to 9999)");
  for (const char* bad : {"2027-1-1", "27-01-01", "2027/01/01", "20270101", "2027-01-01x", " 2027-01-01", "", "tomorrow",
                          "2027-01-0a", "+202-01-01"})
    EXPECT_NE(date_error(bad).find("is not an ISO 8601 date (expected YYYY-MM-DD"), std::string::npos) << bad;
}

TEST(Calendar, TodayIsTheDateInTheNamedZoneAtTheGivenInstant) {
  // The clock is an argument: two instants around midnight UTC, read in
  // zones on both sides of it. The machine's TZ plays no part.
  using namespace std::chrono;
  auto at = [](int y, unsigned m, unsigned d, int h, int min) {
    return system_clock::time_point(sys_days(year(y) / month(m) / day(d)) + hours(h) + minutes(min));
  };
  auto date_at = [](std::string_view zone, system_clock::time_point now) {
    Date out;
    std::string error;
    EXPECT_TRUE(date_in_zone(zone, now, out, error)) << zone << ": " << error;
    return format_date(out);
  };
  ::setenv("TZ", "Pacific/Kiritimati", 1);  // UTC+14: would shift every date below
  const auto before = at(2027, 3, 1, 23, 30), after = at(2027, 3, 2, 0, 30);
  EXPECT_EQ(date_at("UTC", before), "2027-03-01");
  EXPECT_EQ(date_at("UTC", after), "2027-03-02");
  EXPECT_EQ(date_at("Asia/Tokyo", before), "2027-03-02");        // 08:30 the next day
  EXPECT_EQ(date_at("America/New_York", after), "2027-03-01");   // 19:30 the day before
  EXPECT_EQ(date_at("Europe/Paris", before), "2027-03-02");      // 00:30
  EXPECT_EQ(date_at("Europe/Paris", at(2027, 7, 1, 22, 30)), "2027-07-02");  // summer time: 00:30
  EXPECT_EQ(date_at("Europe/London", at(2027, 1, 1, 23, 30)), "2027-01-01");
  EXPECT_STREQ(std::getenv("TZ"), "Pacific/Kiritimati");  // left as it was
  ::unsetenv("TZ");
  for (const char* bad : {"Mars/Olympus", "utc+1", "", "/etc/passwd", "../zoneinfo/UTC", "Europe", "Europe/Paris\n",
                          "localtime", "posixrules"}) {
    Date out;
    std::string error;
    EXPECT_FALSE(date_in_zone(bad, before, out, error)) << bad;
    EXPECT_NE(error.find("unknown time zone"), std::string::npos) << bad << ": " << error;
  }
}

// --- schedules -------------------------------------------------------------------

TEST(Schedule, ReadsTheNewspaperWeek) {
  const WeeklySchedule s = schedule("mon=easy,tue=medium,wed=medium,thu=hard,fri=hard,sat=expert,sun=expert");
  const std::vector<std::vector<std::string>> want = {{"easy"}, {"medium"}, {"medium"}, {"hard"},
                                                      {"hard"}, {"expert"}, {"expert"}};
  for (int d = 0; d < 7; ++d) EXPECT_EQ(s.days[static_cast<std::size_t>(d)], want[static_cast<std::size_t>(d)]) << d;
  EXPECT_EQ(s.levels(), (std::vector<std::string>{"easy", "medium", "hard", "expert"}));
  EXPECT_EQ(format_schedule(s), "mon=easy,tue=medium,wed=medium,thu=hard,fri=hard,sat=expert,sun=expert");
}

TEST(Schedule, ReadsRangesFullNamesAndSeveralLevels) {
  const WeeklySchedule s = schedule(" Monday-FRI = medium , sat=hard+expert,sunday=hard + expert + extreme ");
  for (int d = 0; d < 5; ++d) EXPECT_EQ(s.days[static_cast<std::size_t>(d)], std::vector<std::string>{"medium"});
  EXPECT_EQ(s.days[5], (std::vector<std::string>{"hard", "expert"}));
  EXPECT_EQ(s.days[6], (std::vector<std::string>{"hard", "expert", "extreme"}));
  EXPECT_EQ(format_schedule(s), "mon=medium,tue=medium,wed=medium,thu=medium,fri=medium,sat=hard+expert,"
                                "sun=hard+expert+extreme");
  // A range may wrap past Sunday; days not named get nothing.
  const WeeklySchedule w = schedule("fri-mon=hard");
  EXPECT_EQ(format_schedule(w), "mon=hard,fri=hard,sat=hard,sun=hard");
  EXPECT_TRUE(w.days[1].empty());
  // The formatted text reads back to the same schedule.
  EXPECT_EQ(schedule(format_schedule(s).c_str()), s);
  EXPECT_EQ(WeeklySchedule::every_day({"easy", "hard"}), schedule("mon-sun=easy+hard"));
}

TEST(Schedule, SaysWhatIsWrong) {
  EXPECT_EQ(schedule_error(""), "the schedule is empty (expected e.g. mon=easy,tue=medium,...,sun=expert)");
  EXPECT_EQ(schedule_error("wen=hard"), "unknown day 'wen' in 'wen=hard' (days: mon, tue, wed, thu, fri, sat, sun, or full names)");
  EXPECT_EQ(schedule_error("mon-fry=hard"), "unknown day 'fry' in 'mon-fry=hard' (days: mon, tue, wed, thu, fri, sat, sun, or full names)");
  EXPECT_EQ(schedule_error("=hard"), "no day in '=hard' (days: mon, tue, wed, thu, fri, sat, sun, or full names)");
  EXPECT_EQ(schedule_error("mon:easy"), "'mon:easy' is not DAY=LEVEL (e.g. mon=easy, mon-fri=hard, sun=hard+expert)");
  EXPECT_EQ(schedule_error("mon="), "no level for 'mon' in 'mon='");
  EXPECT_EQ(schedule_error("sat=hard+"), "empty level name in 'sat=hard+'");
  EXPECT_EQ(schedule_error("sat=hard+hard"), "level 'hard' is given twice in 'sat=hard+hard'");
  EXPECT_EQ(schedule_error("mon=easy,mon=hard"), "monday is given twice ('mon=easy' and 'mon=hard')");
  EXPECT_EQ(schedule_error("mon-fri=hard,wed=easy"), "wednesday is given twice ('mon-fri=hard' and 'wed=easy')");
  EXPECT_EQ(schedule_error("mon=easy,,tue=hard"), "empty entry in 'mon=easy,,tue=hard'");
}

TEST(Schedule, ReadsLevelLists) {
  std::vector<std::string> levels;
  std::string error;
  ASSERT_TRUE(parse_level_list("easy, medium,hard", levels, error));
  EXPECT_EQ(levels, (std::vector<std::string>{"easy", "medium", "hard"}));
  // A list read from a CRLF file: the '\r' is no part of the last name.
  ASSERT_TRUE(parse_level_list("easy,hard\r", levels, error));
  EXPECT_EQ(levels, (std::vector<std::string>{"easy", "hard"}));
  EXPECT_FALSE(parse_level_list("easy,,hard", levels, error));
  EXPECT_EQ(error, "empty level name in 'easy,,hard'");
  EXPECT_FALSE(parse_level_list("hard,easy,hard", levels, error));
  EXPECT_EQ(error, "level 'hard' is listed twice");
  EXPECT_FALSE(parse_level_list(" ", levels, error));
  EXPECT_EQ(error, "no level given (expected e.g. easy,medium,hard)");
}

TEST(Schedule, ChecksTheRequest) {
  DailyRequest r{date("2027-01-01"), 365, WeeklySchedule::every_day({"hard"})};
  EXPECT_EQ(check_request(r), "");
  r.days = 0;
  EXPECT_EQ(check_request(r), "the range must have at least one day");
  r.first = date("9999-12-01");
  r.days = 31;
  EXPECT_EQ(check_request(r), "");
  r.days = 32;
  EXPECT_EQ(check_request(r), "the range ends after 9999-12-31 (the last supported date)");
  r.days = INT64_MAX;  // no overflow
  EXPECT_EQ(check_request(r), "the range ends after 9999-12-31 (the last supported date)");
  // Sundays only, and the range is Monday to Saturday.
  r = DailyRequest{date("2027-01-04"), 6, schedule("sun=hard")};
  EXPECT_EQ(check_request(r), "the schedule gives no puzzle to any date of the range");
  r.days = 7;
  EXPECT_EQ(check_request(r), "");
}

// --- assignment ------------------------------------------------------------------

// A store of `count` distinct 17-clue puzzles, alternately hard (odd index)
// and expert (even index), ids 1..count.
void fill(const std::string& path, std::size_t count) {
  const auto puzzles = test::load_puzzles("puzzles_17clue.txt", count);
  PuzzleStore store(path);
  for (std::size_t i = 0; i < puzzles.size(); ++i) store.insert(test::full_record(puzzles[i], i + 1));
  store.flush();
  ASSERT_EQ(store.stored(), count);
}

struct Served {
  std::vector<std::int64_t> ids;
  std::vector<Grid> forms;
};

Served served(const DailyAssignment& a) {
  Served s;
  for (const auto& d : a.dates())
    for (const auto& e : d.entries) {
      s.ids.push_back(e.puzzle.id);
      s.forms.push_back(canonical_form(e.puzzle.puzzle));  // recomputed, not the stored column
    }
  return s;
}

TEST(Daily, AssignsOnePuzzlePerLevelAndDateOldestFirst) {
  TempDir dir;
  const std::string path = dir.file("d.db");
  fill(path, 40);
  PuzzleStore store(path);
  DailyAssignment a(store, {date("2027-01-01"), 5, WeeklySchedule::every_day({"hard", "expert"})});
  ASSERT_EQ(a.dates().size(), 5u);
  EXPECT_EQ(a.assigned(), 10u);
  EXPECT_EQ(a.reused(), 0u);
  for (std::size_t i = 0; i < 5; ++i) {
    const DailyDate& d = a.dates()[i];
    EXPECT_EQ(d.date, date("2027-01-01").plus_days(static_cast<long>(i)));
    ASSERT_EQ(d.entries.size(), 2u);
    EXPECT_EQ(d.entries[0].level, "hard");
    EXPECT_EQ(d.entries[0].puzzle.level, "hard");
    EXPECT_EQ(d.entries[0].puzzle.id, static_cast<std::int64_t>(1 + 2 * i));  // hard rows are 1, 3, 5, ...
    EXPECT_EQ(d.entries[1].puzzle.id, static_cast<std::int64_t>(2 + 2 * i));  // expert rows are 2, 4, 6, ...
    EXPECT_TRUE(d.entries[0].assigned_now);
    // The record is the stored row: puzzle and solution agree.
    EXPECT_TRUE(is_solution_of(d.entries[1].puzzle.solution, d.entries[1].puzzle.puzzle));
  }
  a.commit();
  Raw raw(path);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM daily"), 10);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM used WHERE kind = 'daily'"), 10);
  EXPECT_EQ(raw.text("SELECT puzzle_id FROM daily WHERE date = '2027-01-03' AND level = 'expert'"), "6");
  EXPECT_EQ(raw.text("SELECT label FROM used WHERE puzzle_id = 6"), "2027-01-03 expert");
  EXPECT_EQ(raw.integer("SELECT count(*) FROM used u JOIN puzzles p ON p.id = u.puzzle_id WHERE u.canonical = p.canonical"), 10);
}

TEST(Daily, IsIdempotentAndExtensionsNeverReuseAPuzzleOrAnIsomorph) {
  TempDir dir;
  const std::string path = dir.file("d.db");
  fill(path, 120);
  PuzzleStore store(path);
  const WeeklySchedule levels = WeeklySchedule::every_day({"hard", "expert"});
  Served first;
  {
    DailyAssignment a(store, {date("2027-01-01"), 10, levels});
    first = served(a);
    a.commit();
  }
  {  // Run again: the same puzzles, nothing new.
    DailyAssignment a(store, {date("2027-01-01"), 10, levels});
    EXPECT_EQ(served(a).ids, first.ids);
    EXPECT_EQ(a.assigned(), 0u);
    EXPECT_EQ(a.reused(), 20u);
    for (const auto& d : a.dates())
      for (const auto& e : d.entries) EXPECT_FALSE(e.assigned_now);
    a.commit();
  }
  // Extend: overlapping the first run by five days, then ten new days.
  Served second;
  {
    DailyAssignment a(store, {date("2027-01-06"), 15, levels});
    second = served(a);
    EXPECT_EQ(a.reused(), 10u);
    EXPECT_EQ(a.assigned(), 20u);
    EXPECT_EQ(std::vector<std::int64_t>(second.ids.begin(), second.ids.begin() + 10),
              std::vector<std::int64_t>(first.ids.begin() + 10, first.ids.end()));
    a.commit();
  }
  // A served puzzle's row is deleted (by an app, foreign keys off) and the same
  // puzzle in disguise is stored again: it must never be served.
  const std::int64_t victim = second.ids.back();
  Grid disguised;
  {
    Raw raw(path);
    ASSERT_EQ(raw.exec("DELETE FROM puzzles WHERE id = " + std::to_string(victim)), SQLITE_OK);
    const Grid original = second.forms.back();
    disguised = Transform::from_index(1234, 5678).apply(original);
    ASSERT_NE(disguised, original);
    ASSERT_EQ(canonical_form(disguised), original);
  }
  PuzzleRecord again = test::full_record(disguised, 1);  // odd index: a hard puzzle, like the victim
  ASSERT_EQ(again.level, "hard");
  store.insert(again);
  store.flush();
  ASSERT_EQ(store.stored(), 1u);  // a new row: the store no longer holds its form
  Served third;
  {
    DailyAssignment a(store, {date("2027-01-21"), 40, levels});
    third = served(a);
    a.commit();
  }
  // Over the three runs: no id and no canonical form twice.
  std::vector<std::int64_t> ids = first.ids;
  ids.insert(ids.end(), second.ids.begin() + 10, second.ids.end());
  ids.insert(ids.end(), third.ids.begin(), third.ids.end());
  std::vector<Grid> forms = first.forms;
  forms.insert(forms.end(), second.forms.begin() + 10, second.forms.end());
  forms.insert(forms.end(), third.forms.begin(), third.forms.end());
  EXPECT_EQ(ids.size(), 20u + 20u + 80u);
  EXPECT_EQ(std::set<std::int64_t>(ids.begin(), ids.end()).size(), ids.size());
  EXPECT_EQ(std::set<Grid>(forms.begin(), forms.end()).size(), forms.size());
  for (const Grid& f : third.forms) EXPECT_NE(f, canonical_form(disguised));
  // The deleted row's date now names a missing puzzle: a clear error, not a new puzzle.
  try {
    DailyAssignment a(store, {date("2027-01-06"), 15, levels});
    FAIL() << "expected an error";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find("which is no longer in the store"), std::string::npos) << e.what();
  }
}

TEST(Daily, ALevelThatRunsShortAssignsNothing) {
  TempDir dir;
  const std::string path = dir.file("d.db");
  fill(path, 12);  // 6 hard, 6 expert
  PuzzleStore store(path);
  {
    DailyAssignment a(store, {date("2027-01-01"), 2, WeeklySchedule::every_day({"hard"})});
    a.commit();
  }
  try {
    DailyAssignment a(store, {date("2027-01-01"), 9, WeeklySchedule::every_day({"expert", "hard"})});
    FAIL() << "expected a shortage";
  } catch (const ShortageError& e) {
    ASSERT_EQ(e.shortages().size(), 2u);
    EXPECT_EQ(e.shortages()[0].level, "expert");
    EXPECT_EQ(e.shortages()[0].needed, 9u);
    EXPECT_EQ(e.shortages()[0].available, 6u);
    EXPECT_EQ(e.shortages()[1].level, "hard");
    EXPECT_EQ(e.shortages()[1].needed, 7u);  // two dates already have theirs
    EXPECT_EQ(e.shortages()[1].available, 4u);
    EXPECT_EQ(e.shortages()[1].missing(), 3u);
    EXPECT_EQ(std::string(e.what()),
              "not enough unused puzzles: expert: 9 needed, 6 available; hard: 7 needed, 4 available");
  }
  Raw raw(path);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM daily"), 2);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM used"), 2);
  // An empty store: every level short.
  const std::string empty = dir.file("empty.db");
  PuzzleStore none(empty);
  EXPECT_THROW(DailyAssignment(none, {date("2027-01-01"), 1, WeeklySchedule::every_day({"easy"})}), ShortageError);
}

TEST(Daily, AnUncommittedAssignmentLeavesNoTrace) {
  TempDir dir;
  const std::string path = dir.file("d.db");
  fill(path, 10);
  PuzzleStore store(path);
  {
    DailyAssignment a(store, {date("2027-01-01"), 3, WeeklySchedule::every_day({"hard"})});
    EXPECT_EQ(a.assigned(), 3u);
  }
  Raw raw(path);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM daily"), 0);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM used"), 0);
  // And the store is usable afterwards (the transaction was closed).
  DailyAssignment b(store, {date("2027-01-01"), 3, WeeklySchedule::every_day({"hard"})});
  b.commit();
  EXPECT_EQ(raw.integer("SELECT count(*) FROM daily"), 3);
}

TEST(Daily, RefusesLevelsNobodyKnows) {
  TempDir dir;
  const std::string path = dir.file("d.db");
  fill(path, 4);
  PuzzleStore store(path);
  try {
    DailyAssignment a(store, {date("2027-01-01"), 1, WeeklySchedule::every_day({"hard", "hardd"})});
    FAIL();
  } catch (const LevelError& e) {
    EXPECT_EQ(std::string(e.what()),
              "unknown level 'hardd' (known: easy, medium, hard, diabolical, expert, extreme, nightmare)");
  }
  // A name only the store uses (a custom level table) is known.
  Raw(path).exec("UPDATE puzzles SET level = 'fiendish' WHERE id = 1");
  EXPECT_EQ(known_levels(store).back(), "fiendish");
  DailyAssignment a(store, {date("2027-01-01"), 1, WeeklySchedule::every_day({"fiendish"})});
  EXPECT_EQ(a.dates()[0].entries[0].puzzle.id, 1);
}

TEST(Daily, DaysWithoutLevelsGetNoDate) {
  TempDir dir;
  const std::string path = dir.file("d.db");
  fill(path, 40);
  PuzzleStore store(path);
  // 2027-01-04 is a Monday; two weeks.
  DailyAssignment a(store, {date("2027-01-04"), 14, schedule("mon-fri=hard,sun=hard+expert")});
  ASSERT_EQ(a.dates().size(), 12u);
  for (const auto& d : a.dates()) {
    EXPECT_NE(d.date.weekday(), 5);
    EXPECT_EQ(d.entries.size(), d.date.weekday() == 6 ? 2u : 1u);
  }
  EXPECT_EQ(a.assigned(), 14u);
}

// The schema of version 3 as that version created it (v1 + v2 + v3).
constexpr const char* kVersion3Schema = R"sql(
CREATE TABLE puzzles (
  id INTEGER PRIMARY KEY, puzzle TEXT NOT NULL CHECK (length(puzzle) = 81),
  solution TEXT NOT NULL CHECK (length(solution) = 81), canonical TEXT NOT NULL UNIQUE CHECK (length(canonical) = 81),
  clues INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 81), symmetry TEXT, minimal INTEGER CHECK (minimal IN (0, 1)),
  method TEXT NOT NULL, seed INTEGER, seed_index INTEGER, er REAL, ep REAL, ed REAL, level TEXT, hardest TEXT,
  histogram TEXT, created_at TEXT NOT NULL);
CREATE INDEX puzzles_level_er ON puzzles (level, er);
CREATE INDEX puzzles_clues ON puzzles (clues);
ALTER TABLE puzzles ADD COLUMN source_rating REAL;
CREATE TABLE daily (date TEXT NOT NULL, level TEXT NOT NULL, puzzle_id INTEGER NOT NULL REFERENCES puzzles (id),
  PRIMARY KEY (date, level));
CREATE INDEX daily_puzzle ON daily (puzzle_id);
PRAGMA application_id = 1398096971;
PRAGMA user_version = 3;
)sql";

TEST(Daily, MigratesVersion3DailyRowsIntoTheUsedTable) {
  TempDir dir;
  const std::string path = dir.file("v3.db");
  const auto puzzles = test::load_puzzles("puzzles_17clue.txt", 4);
  {
    Raw raw(path);
    ASSERT_EQ(raw.exec(kVersion3Schema), SQLITE_OK);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      const PuzzleRecord r = make_record(puzzles[i], solve(puzzles[i], 2).solution);
      ASSERT_EQ(raw.exec("INSERT INTO puzzles (puzzle, solution, canonical, clues, method, er, level, created_at) "
                         "VALUES ('" + format_line(r.puzzle) + "', '" + format_line(r.solution) + "', '" +
                         format_line(r.canonical) + "', 17, 'import', 4.0, 'hard', '2023-01-01T00:00:00Z')"),
                SQLITE_OK);
    }
    // An app scheduled puzzle 1 twice by hand, and puzzle 2 once.
    ASSERT_EQ(raw.exec("INSERT INTO daily VALUES ('2026-05-02', 'hard', 1), ('2026-05-01', 'hard', 2), "
                       "('2026-05-03', 'hard', 1)"),
              SQLITE_OK);
  }
  PuzzleStore store(path);
  EXPECT_EQ(store.opened_version(), 3);
  {
    Raw raw(path);
    EXPECT_EQ(raw.integer("PRAGMA user_version"), kSchemaVersion);
    EXPECT_EQ(raw.column("SELECT name FROM pragma_table_info('used') ORDER BY cid"),
              (std::vector<std::string>{"canonical", "puzzle_id", "kind", "label", "used_at"}));
    EXPECT_EQ(raw.column("SELECT puzzle_id || ' ' || kind || ' ' || label FROM used ORDER BY puzzle_id"),
              (std::vector<std::string>{"1 daily 2026-05-02 hard", "2 daily 2026-05-01 hard"}));
    EXPECT_EQ(raw.integer("SELECT count(*) FROM daily"), 3);  // kept as they were
    EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
  }
  // The existing rows stay; new dates skip puzzles 1 and 2.
  DailyAssignment a(store, {date("2026-05-01"), 5, WeeklySchedule::every_day({"hard"})});
  std::vector<std::int64_t> ids;
  for (const auto& d : a.dates()) ids.push_back(d.entries[0].puzzle.id);
  EXPECT_EQ(ids, (std::vector<std::int64_t>{2, 1, 1, 3, 4}));
}

// --- picking and marking for books -------------------------------------------------

// fill(): odd indexes are hard with symmetry "none", even ones expert and
// "rotational"; ER = 1.2 + (index % 80) / 10.
TEST(BookPick, FiltersPickOrdersAndRunsShortLikeABookNeeds) {
  TempDir dir;
  const std::string path = dir.file("p.db");
  fill(path, 60);
  PuzzleStore store(path);
  BookRequest request;
  request.levels = {{"hard", 4}, {"expert", 3}};
  // Oldest: the lowest ids, then easiest first within each level.
  auto picked = pick_book_puzzles(store, request);
  ASSERT_EQ(picked.size(), 7u);
  std::set<std::int64_t> ids;
  for (std::size_t i = 0; i < 4; ++i) ids.insert(picked[i].id);
  EXPECT_EQ(ids, (std::set<std::int64_t>{1, 3, 5, 7}));
  for (std::size_t i = 4; i < 7; ++i) EXPECT_EQ(picked[i].level, "expert");
  for (std::size_t i = 1; i < 4; ++i) EXPECT_LE(*picked[i - 1].er, *picked[i].er);

  // Filters: a rating range, a symmetry, a clue range, a technique.
  request.levels = {{"hard", 5}};
  request.filter.min_rating = 3.0;
  request.filter.max_rating = 4.0;
  picked = pick_book_puzzles(store, request);
  ASSERT_EQ(picked.size(), 5u);
  for (const auto& p : picked) {
    EXPECT_GE(*p.er, 3.0 - 1e-9);
    EXPECT_LE(*p.er, 4.0 + 1e-9);
  }
  request.filter = {};
  request.filter.symmetry = "rotational";
  EXPECT_THROW(pick_book_puzzles(store, request), ShortageError);  // hard rows are all "none"
  request.filter.symmetry = "none";
  EXPECT_EQ(pick_book_puzzles(store, request).size(), 5u);
  request.filter = {};
  request.filter.min_clues = 18;  // every puzzle of the 17-clue set has 17
  try {
    pick_book_puzzles(store, request);
    ADD_FAILURE() << "no puzzle has 18 clues";
  } catch (const ShortageError& e) {
    ASSERT_EQ(e.shortages().size(), 1u);
    EXPECT_EQ(e.shortages()[0].available, 0u);
  }
  request.filter = {};
  request.filter.technique = {"xy-chain"};  // only the expert rows use it
  EXPECT_THROW(pick_book_puzzles(store, request), ShortageError);

  // Random: seeded, the same seed the same puzzles, another seed others.
  request.filter = {};
  request.levels = {{"hard", 6}};
  request.pick = Pick::Random;
  request.seed = 7;
  const auto a = pick_book_puzzles(store, request), b = pick_book_puzzles(store, request);
  EXPECT_EQ(a, b);
  request.seed = 8;
  EXPECT_NE(pick_book_puzzles(store, request), a);

  // Spread: the 30 hard rows rate 1.3, 1.5, ..., 7.1; 4 spread over them
  // take the lowest, the highest and two evenly between.
  request.pick = Pick::Spread;
  request.levels = {{"hard", 4}};
  picked = pick_book_puzzles(store, request);
  ASSERT_EQ(picked.size(), 4u);
  EXPECT_NEAR(*picked[0].er, 1.3, 1e-9);
  EXPECT_NEAR(*picked[1].er, 3.3, 0.11);
  EXPECT_NEAR(*picked[2].er, 5.1, 0.11);
  EXPECT_NEAR(*picked[3].er, 7.1, 1e-9);
  // Oldest would have taken four ratings within 0.7 of each other.
  request.pick = Pick::Oldest;
  picked = pick_book_puzzles(store, request);
  EXPECT_LT(*picked[3].er - *picked[0].er, 0.7 + 1e-9);

  EXPECT_EQ(parse_pick("spread"), Pick::Spread);
  EXPECT_EQ(parse_pick("newest"), std::nullopt);
}

// The easiest level reads as a beginner expects: the most clues first.
TEST(BookPick, BeginnerLevelsGoByClueCountThenRating) {
  TempDir dir;
  const std::string path = dir.file("b.db");
  {
    PuzzleStore store(path);
    const auto puzzles = test::load_puzzles("puzzles_17clue.txt", 3);
    for (std::size_t i = 0; i < puzzles.size(); ++i) {
      // Add clues from the solution: 17, 27, 37 clues; ratings the other way round.
      Grid p = puzzles[i];
      const Grid solution = solve(p, 2).solution;
      int added = 0;
      for (int c = 0; c < kCells && added < static_cast<int>(i) * 10; ++c)
        if (p[c] == 0) {
          p[c] = solution[c];
          ++added;
        }
      PuzzleRecord r = test::full_record(p, i + 1);
      r.level = "easy";
      r.er = 1.0 + static_cast<double>(i) * 0.1;
      store.insert(r);
    }
    store.flush();
  }
  PuzzleStore store(path);
  BookRequest request;
  request.levels = {{"easy", 3}};
  const auto picked = pick_book_puzzles(store, request);
  ASSERT_EQ(picked.size(), 3u);
  EXPECT_EQ(picked[0].clues, 37);
  EXPECT_EQ(picked[1].clues, 27);
  EXPECT_EQ(picked[2].clues, 17);
}

TEST(Used, CountUnusedIsTheCountOfThePuzzlesNotUsedNorScheduled) {
  TempDir dir;
  const std::string path = dir.file("c.db");
  fill(path, 40);
  PuzzleStore store(path);
  const auto picked = select_puzzles(store, {{"hard", 4}, {"expert", 2}});
  mark_used(store, picked, "book", "Volume 1");
  {
    // A daily row whose used row is gone (deleted by hand), and one whose
    // puzzle is also used: each puzzle counts once.
    Raw raw(path);
    raw.exec("INSERT INTO daily (date, level, puzzle_id) VALUES ('2030-01-01', 'hard', 11), ('2030-01-02', 'hard', " +
             std::to_string(picked[0].id) + ")");
    raw.exec("DELETE FROM used WHERE puzzle_id = 11");
  }
  Raw raw(path);
  for (const char* level : {"hard", "expert", "easy"}) {
    const std::int64_t expected = raw.integer(
        std::string("SELECT count(*) FROM puzzles WHERE level = '") + level +
        "' AND NOT EXISTS (SELECT 1 FROM used WHERE used.canonical = puzzles.canonical)"
        " AND NOT EXISTS (SELECT 1 FROM daily WHERE daily.puzzle_id = puzzles.id)");
    EXPECT_EQ(count_unused(store, level), static_cast<std::uint64_t>(expected)) << level;
  }
  EXPECT_EQ(count_unused(store, "hard"), 20u - 4u - 1u);
  EXPECT_EQ(count_unused(store, "expert"), 20u - 2u);
}

TEST(Used, PicksUnusedPuzzlesEasiestFirstAndMarksThem) {
  TempDir dir;
  const std::string path = dir.file("u.db");
  fill(path, 60);
  PuzzleStore store(path);
  const std::vector<LevelCount> wanted = {{"hard", 5}, {"expert", 3}};
  const auto picked = select_puzzles(store, wanted, SelectOrder::Rating);
  ASSERT_EQ(picked.size(), 8u);
  // The five oldest hard rows (1, 3, ..., 9), by rating; then the three oldest expert ones.
  std::set<std::int64_t> hard_ids;
  for (std::size_t i = 0; i < 5; ++i) {
    EXPECT_EQ(picked[i].level, "hard");
    hard_ids.insert(picked[i].id);
    if (i > 0) {
      EXPECT_LE(*picked[i - 1].er, *picked[i].er);
    }
  }
  EXPECT_EQ(hard_ids, (std::set<std::int64_t>{1, 3, 5, 7, 9}));
  for (std::size_t i = 5; i < 8; ++i) EXPECT_EQ(picked[i].level, "expert");
  // Same request, same answer (nothing recorded yet).
  EXPECT_EQ(select_puzzles(store, wanted, SelectOrder::Rating), picked);

  EXPECT_EQ(mark_used(store, picked, "book", "Volume 1"), 8u);
  const auto next = select_puzzles(store, wanted, SelectOrder::Rating);
  for (const auto& p : next)
    for (const auto& q : picked) EXPECT_NE(p.id, q.id);
  EXPECT_EQ(count_unused(store, "hard"), 25u);
  // Marking the same puzzles again: refused as a whole (nothing recorded).
  std::vector<PuzzleRecord> overlap = {next[0], picked[0]};
  EXPECT_THROW(mark_used(store, overlap, "book", "Volume 2"), AlreadyUsedError);
  EXPECT_EQ(count_unused(store, "hard"), 25u);
  // Unless allowed: only the new one is recorded; the old keeps its first use.
  EXPECT_EQ(mark_used(store, overlap, "book", "Volume 2", true), 1u);
  const StoreStats stats = store.stats();
  ASSERT_EQ(stats.used.size(), 1u);
  EXPECT_EQ(stats.used[0].key, "book");
  EXPECT_EQ(stats.used[0].count, 9u);
  Raw raw(path);
  EXPECT_EQ(raw.text("SELECT label FROM used WHERE puzzle_id = " + std::to_string(picked[0].id)), "Volume 1");
  // include_used picks from every puzzle again.
  EXPECT_EQ(select_puzzles(store, wanted, SelectOrder::Rating, true), picked);
  // Daily exports skip book puzzles too.
  DailyAssignment a(store, {date("2027-01-01"), 24, WeeklySchedule::every_day({"hard"})});  // every unused hard one
  std::set<std::int64_t> used_ids;
  for (const auto& p : picked) used_ids.insert(p.id);
  used_ids.insert(next[0].id);
  for (const auto& d : a.dates()) EXPECT_EQ(used_ids.count(d.entries[0].puzzle.id), 0u);
  a.rollback();
  EXPECT_THROW(select_puzzles(store, {{"hard", 25}, {"expert", 40}}), ShortageError);
}

TEST(Used, SortsLevelsByDifficulty) {
  std::vector<std::string> names = {"expert", "custom", "easy", "hard"};
  sort_by_difficulty(names);
  EXPECT_EQ(names, (std::vector<std::string>{"easy", "hard", "expert", "custom"}));
}

// --- output ----------------------------------------------------------------------

TEST(Daily, WritesOneJsonFilePerDateAndAnIndexAllOrNothing) {
  TempDir dir;
  const std::string path = dir.file("d.db");
  fill(path, 20);
  PuzzleStore store(path);
  const std::string out = dir.file("out");
  std::filesystem::create_directories(out);
  test::write_file(out + "/2026-12-31.json", "{}\n");  // from an earlier run
  test::write_file(out + "/notes.json", "{}\n");       // not a date: not listed
  DailyAssignment a(store, {date("2027-01-01"), 3, WeeklySchedule::every_day({"hard", "expert"})});
  {
    DailyDirectory files(out);
    files.stage(a.dates());
    EXPECT_EQ(files.staged(), 4u);
    // Staged but not published: the directory looks as it did.
    EXPECT_FALSE(std::filesystem::exists(out + "/2027-01-01.json"));
  }
  // The abandoned temporaries were removed.
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(out)) ++entries;
  EXPECT_EQ(entries, 2u);

  DailyDirectory files(out);
  files.stage(a.dates());
  a.commit();
  files.publish();
  const auto day = nlohmann::ordered_json::parse(test::slurp(out + "/2027-01-02.json"));
  EXPECT_EQ(day["date"], "2027-01-02");
  EXPECT_EQ(day["weekday"], "saturday");
  ASSERT_EQ(day["puzzles"].size(), 2u);
  const auto& hard = day["puzzles"]["hard"];
  const PuzzleRecord& want = a.dates()[1].entries[0].puzzle;
  EXPECT_EQ(hard["id"], want.id);
  EXPECT_EQ(hard["level"], "hard");
  EXPECT_EQ(hard["er"], *want.er);
  EXPECT_EQ(hard["gid"], global_id(want.puzzle));
  EXPECT_EQ(hard["hardest_name"], "X-Wing");
  EXPECT_EQ(hard["clues"], 17);
  EXPECT_EQ(hard["hardest"], "x-wing");
  EXPECT_EQ(hard["puzzle"], format_line(want.puzzle));
  EXPECT_EQ(hard["solution"], format_line(want.solution));
  EXPECT_EQ(day.dump(), daily_json(a.dates()[1]).dump());
  const auto index = nlohmann::json::parse(test::slurp(out + "/index.json"));
  EXPECT_EQ(index["dates"], (std::vector<std::string>{"2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"}));
  EXPECT_EQ(index["count"], 4);
  EXPECT_EQ(index["first"], "2026-12-31");
  EXPECT_EQ(index["last"], "2027-01-03");
  EXPECT_EQ(index["time_zone"], "UTC");

  // A stop request while staging (Ctrl-C) removes what was staged and
  // leaves the directory as it was.
  {
    std::atomic<bool> stop{true};
    DailyDirectory stopped(out);
    EXPECT_THROW(stopped.stage(a.dates(), &stop), StagingInterrupted);
  }
  entries = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(out)) ++entries;
  EXPECT_EQ(entries, 6u);  // the two older files, the three dates and index.json

  // The output directory cannot be a file.
  test::write_file(dir.file("plain"), "x");
  DailyDirectory bad(dir.file("plain"));
  EXPECT_THROW(bad.stage(a.dates()), StoreError);
}

}  // namespace
}  // namespace sudokit::db
