// End-to-end tests of `sudokit daily`: the real command on a store filled
// by `sudokit generate --db` (graded_store.hpp), its files checked with
// independent tools: JSON parsed and every puzzle re-solved and
// re-canonicalised here. Error cases check the exit status, the message,
// and that nothing was written or recorded.
#include <gtest/gtest.h>
#include <unistd.h>

#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <functional>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "graded_store.hpp"
#include "run.hpp"
#include "store_check.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit {
namespace {

using namespace sudokit::test;
using json = nlohmann::json;

class DailyCli : public GradedStore {};

/// Checks one level's entry of a date file against ground truth; returns its puzzle.
Grid check_entry(const json& e, const std::string& level) {
  EXPECT_EQ(e["level"], level);
  const Grid puzzle = grid_of(e["puzzle"].get<std::string>());
  const Grid solution = grid_of(e["solution"].get<std::string>());
  const SolveResult r = solve(puzzle, 2);
  EXPECT_EQ(r.count, 1u);
  EXPECT_EQ(r.solution, solution);
  EXPECT_EQ(e["clues"].get<int>(), puzzle.clue_count());
  EXPECT_TRUE(e["er"].is_number());
  EXPECT_EQ(e["gid"], global_id(puzzle));
  EXPECT_TRUE(e["id"].is_number_integer());
  return puzzle;
}

TEST_F(DailyCli, DailyWritesOneFilePerDateAndAnIndex) {
  const std::string db = store(), out = dir_.file("daily");
  const auto r = run_sudokit("daily --db " + db + " --from 2027-01-01 --days 7 --levels medium,hard --out " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("2027-01-01 to 2027-01-07: 7 dates, 14 puzzles (14 newly assigned, 0 already assigned)"),
            std::string::npos)
      << r.err;
  const json index = json::parse(slurp(out + "/index.json"));
  std::vector<std::string> dates;
  for (int d = 1; d <= 7; ++d) dates.push_back("2027-01-0" + std::to_string(d));
  EXPECT_EQ(index["dates"], dates);
  EXPECT_EQ(index["count"], 7);
  std::set<long long> ids;
  for (const auto& d : dates) {
    const json day = json::parse(slurp(out + "/" + d + ".json"));
    EXPECT_EQ(day["date"], d);
    ASSERT_EQ(day["puzzles"].size(), 2u);
    for (const char* level : {"medium", "hard"}) {
      check_entry(day["puzzles"][level], level);
      ids.insert(day["puzzles"][level]["id"].get<long long>());
      // The store says the same: the row of that id has that puzzle and level.
      EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM puzzles WHERE id = " + day["puzzles"][level]["id"].dump() +
                                    " AND level = '" + level + "' AND puzzle = '" +
                                    day["puzzles"][level]["puzzle"].get<std::string>() + "'"),
                1);
    }
  }
  EXPECT_EQ(ids.size(), 14u);
  EXPECT_EQ(json::parse(slurp(out + "/2027-01-04.json"))["weekday"], "monday");
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM daily"), 14);
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used WHERE kind = 'daily'"), 14);
}

TEST_F(DailyCli, DailyIsIdempotentAndExtensionsNeverRepeatAPuzzleOrAnIsomorph) {
  const std::string db = store(), out = dir_.file("daily");
  const std::string base = "daily --db " + db + " --levels medium,hard ";
  ASSERT_EQ(run_sudokit(base + "--from 2027-01-01 --days 10 --out " + out).status, 0);
  std::map<std::string, std::string> first;
  for (const auto& e : std::filesystem::directory_iterator(out)) first[e.path().filename()] = slurp(e.path());
  ASSERT_EQ(first.size(), 11u);

  // The same command again: byte-identical files, nothing new.
  const auto again = run_sudokit(base + "--from 2027-01-01 --to 2027-01-10 --out " + out);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("(0 newly assigned, 20 already assigned)"), std::string::npos) << again.err;
  for (const auto& [name, text] : first) EXPECT_EQ(slurp(out + "/" + name), text) << name;

  // Extended, overlapping the first run: the overlap is unchanged.
  const auto more = run_sudokit(base + "--from 2027-01-06 --days 30 --out " + out);
  ASSERT_EQ(more.status, 0) << more.err;
  EXPECT_NE(more.err.find("(50 newly assigned, 10 already assigned)"), std::string::npos) << more.err;
  for (const auto& [name, text] : first) {
    if (name != "index.json") {
      EXPECT_EQ(slurp(out + "/" + name), text) << name;
    }
  }
  const json index = json::parse(slurp(out + "/index.json"));
  EXPECT_EQ(index["count"], 35);
  EXPECT_EQ(index["first"], "2027-01-01");
  EXPECT_EQ(index["last"], "2027-02-04");

  // Over all 35 dates: 70 puzzles, no two the same puzzle in disguise
  // (canonical forms computed here from the files, not read from the store).
  std::set<Grid> forms;
  for (const auto& date : index["dates"]) {
    const json day = json::parse(slurp(out + "/" + date.get<std::string>() + ".json"));
    for (const char* level : {"medium", "hard"}) forms.insert(canonical_form(check_entry(day["puzzles"][level], level)));
  }
  EXPECT_EQ(forms.size(), 70u);

  // NDJSON of a range gives the same objects as the files, one line per date.
  const auto nd = run_sudokit(base + "--from 2027-01-09 --days 3 --format ndjson");
  ASSERT_EQ(nd.status, 0) << nd.err;
  std::istringstream lines(nd.out);
  std::string line;
  int n = 0;
  for (const char* date : {"2027-01-09", "2027-01-10", "2027-01-11"}) {
    ASSERT_TRUE(std::getline(lines, line));
    EXPECT_EQ(nlohmann::ordered_json::parse(line), nlohmann::ordered_json::parse(slurp(out + "/" + date + ".json")));
    ++n;
  }
  EXPECT_FALSE(std::getline(lines, line));
  EXPECT_EQ(n, 3);
}

TEST_F(DailyCli, DailyFollowsAWeeklySchedule) {
  const std::string db = store(), out = dir_.file("week");
  // 2027-01-04 is a Monday; Saturdays get nothing.
  const auto r = run_sudokit("daily --db " + db +
                             " --from 2027-01-04 --days 14 --schedule mon-wed=medium,thu-fri=hard,sun=hard+diabolical --out " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  const std::map<std::string, std::vector<std::string>> want = {
      {"monday", {"medium"}}, {"tuesday", {"medium"}}, {"wednesday", {"medium"}}, {"thursday", {"hard"}},
      {"friday", {"hard"}},   {"sunday", {"hard", "diabolical"}}};
  const json index = json::parse(slurp(out + "/index.json"));
  EXPECT_EQ(index["count"], 12);
  for (const auto& date : index["dates"]) {
    const json day = json::parse(slurp(out + "/" + date.get<std::string>() + ".json"));
    const std::string weekday = day["weekday"];
    ASSERT_TRUE(want.count(weekday)) << date;
    std::vector<std::string> levels;
    for (const auto& [level, entry] : day["puzzles"].items()) {
      levels.push_back(level);
      check_entry(entry, level);
    }
    std::vector<std::string> expected = want.at(weekday);
    std::sort(levels.begin(), levels.end());
    std::sort(expected.begin(), expected.end());
    EXPECT_EQ(levels, expected) << date;
  }
  EXPECT_FALSE(std::filesystem::exists(out + "/2027-01-09.json"));  // a Saturday
}

// A level added to dates that already have others: each date's file (and
// the NDJSON line) shows every level the store gives that date, in
// ascending difficulty, the earlier ones with their puzzles; dates outside
// the run keep their files; the index stays complete.
// --images: each puzzle as an image beside the date's JSON, named in its
// `image` field, published with it; a run that fails (a level short of
// puzzles) leaves neither images nor staged files; bad requests are usage
// errors.
TEST_F(DailyCli, DailyImagesArePublishedWithTheJson) {
  const std::string db = store(), out = dir_.file("img");
  const auto r = run_sudokit("daily --db " + db + " --from 2027-03-01 --days 2 --levels easy,hard --out " + out +
                             " --images png");
  ASSERT_EQ(r.status, 0) << r.err;
  for (const char* date : {"2027-03-01", "2027-03-02"}) {
    const json day = json::parse(slurp(out + "/" + date + ".json"));
    for (const char* level : {"easy", "hard"}) {
      const std::string image = day["puzzles"][level]["image"];
      EXPECT_EQ(image, std::string(date) + "-" + level + ".png");
      const std::string png = slurp(out + "/" + image);
      ASSERT_GT(png.size(), 1000u) << image;
      EXPECT_EQ(png.substr(1, 3), "PNG") << image;
    }
  }
  const auto svg = run_sudokit("daily --db " + db + " --from 2027-03-03 --days 1 --levels easy --out " + out +
                               " --images svg");
  ASSERT_EQ(svg.status, 0) << svg.err;
  EXPECT_NE(slurp(out + "/2027-03-03-easy.svg").find("<svg"), std::string::npos);
  // More puzzles than the store holds: nothing assigned, no file written.
  const std::string empty_out = dir_.file("short");
  const auto short_run = run_sudokit("daily --db " + db + " --from 2030-01-01 --days 5000 --levels easy --out " +
                                     empty_out + " --images png");
  EXPECT_EQ(short_run.status, 1) << short_run.err;
  EXPECT_TRUE(!std::filesystem::exists(empty_out) || std::filesystem::is_empty(empty_out));
  EXPECT_EQ(run_sudokit("daily --db " + db + " --from 2027-03-01 --levels easy --format ndjson --images png").status, 2);
  EXPECT_EQ(run_sudokit("daily --db " + db + " --from 2027-03-01 --levels easy --out " + out + " --images gif").status, 2);
}

TEST_F(DailyCli, DailyAddingALevelKeepsTheLevelsADateAlreadyHas) {
  using ordered = nlohmann::ordered_json;
  const std::string db = store(), out = dir_.file("d1");
  auto levels_of = [](const ordered& day) {
    std::vector<std::string> names;
    for (const auto& [level, p] : day["puzzles"].items()) names.push_back(level);
    return names;
  };
  ASSERT_EQ(run_sudokit("daily --db " + db + " --from 2027-01-01 --days 2 --levels easy,medium,hard --out " + out).status, 0);
  const ordered first = ordered::parse(slurp(out + "/2027-01-01.json"));
  const std::string second = slurp(out + "/2027-01-02.json");
  const auto r = run_sudokit("daily --db " + db + " --from 2027-01-01 --days 1 --levels expert --out " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("1 dates, 4 puzzles (1 newly assigned, 3 already assigned)"), std::string::npos) << r.err;
  const ordered day = ordered::parse(slurp(out + "/2027-01-01.json"));
  EXPECT_EQ(levels_of(day), (std::vector<std::string>{"easy", "medium", "hard", "expert"}));
  for (const char* level : {"easy", "medium", "hard"}) EXPECT_EQ(day["puzzles"][level], first["puzzles"][level]) << level;
  check_entry(json::parse(day["puzzles"]["expert"].dump()), "expert");
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM daily WHERE date = '2027-01-01'"), 4);
  EXPECT_EQ(slurp(out + "/2027-01-02.json"), second);
  const json index = json::parse(slurp(out + "/index.json"));
  EXPECT_EQ(index["dates"], (std::vector<std::string>{"2027-01-01", "2027-01-02"}));
  // Running either command again, or asking for NDJSON, gives the same date.
  ASSERT_EQ(run_sudokit("daily --db " + db + " --from 2027-01-01 --days 2 --levels easy,medium,hard --out " + out).status, 0);
  EXPECT_EQ(ordered::parse(slurp(out + "/2027-01-01.json")), day);
  const auto nd = run_sudokit("daily --db " + db + " --from 2027-01-01 --days 1 --levels medium --format ndjson");
  ASSERT_EQ(nd.status, 0) << nd.err;
  EXPECT_EQ(ordered::parse(nd.out), day);

  // The same with weekly schedules: Monday gets expert besides medium,
  // Tuesday (not in the second schedule) keeps its file.
  const std::string weekly = dir_.file("weekly");
  ASSERT_EQ(run_sudokit("daily --db " + db + " --from 2027-03-01 --days 7 --schedule mon=medium,tue=hard+easy --out " + weekly).status, 0);
  const std::string tuesday = slurp(weekly + "/2027-03-02.json");
  EXPECT_EQ(levels_of(ordered::parse(tuesday)), (std::vector<std::string>{"hard", "easy"}));
  ASSERT_EQ(run_sudokit("daily --db " + db + " --from 2027-03-01 --days 7 --schedule mon=expert --out " + weekly).status, 0);
  EXPECT_EQ(levels_of(ordered::parse(slurp(weekly + "/2027-03-01.json"))), (std::vector<std::string>{"medium", "expert"}));
  EXPECT_EQ(slurp(weekly + "/2027-03-02.json"), tuesday);
  ASSERT_EQ(run_sudokit("daily --db " + db + " --from 2027-03-02 --days 1 --schedule tue=diabolical --out " + weekly).status, 0);
  EXPECT_EQ(levels_of(ordered::parse(slurp(weekly + "/2027-03-02.json"))),
            (std::vector<std::string>{"easy", "hard", "diabolical"}));
  EXPECT_EQ(json::parse(slurp(weekly + "/index.json"))["dates"], (std::vector<std::string>{"2027-03-01", "2027-03-02"}));
}

TEST_F(DailyCli, DailyRunningShortWritesNothingAndSaysWhatToGenerate) {
  const std::string db = store(), out = dir_.file("daily");
  const long long medium = level_count(db, "medium");
  const long long days = medium + 3;
  const std::string cmd = "daily --db " + db + " --from 2027-01-01 --days " + std::to_string(days) +
                          " --levels medium --out " + out;
  const auto r = run_sudokit(cmd);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("not enough unused puzzles in " + db + "; nothing was assigned or written"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("medium: " + std::to_string(days) + " needed, " + std::to_string(medium) + " available (3 missing)"),
            std::string::npos)
      << r.err;
  const std::string suggestion = "sudokit generate --db " + db + " --level medium --count 3";
  ASSERT_NE(r.err.find(suggestion), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM daily"), 0);
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), 0);
  // Doing what it says is enough.
  const auto gen = run_sudokit(suggestion.substr(std::string("sudokit ").size()));
  ASSERT_EQ(gen.status, 0) << gen.err;
  const auto ok = run_sudokit(cmd);
  ASSERT_EQ(ok.status, 0) << ok.err;
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM daily"), days);
}

TEST_F(DailyCli, EveryGenerateCommandItSuggestsRunsAndEnds) {
  // A store graded with a custom level table (db import --levels), then a
  // daily request short of a custom level and of nightmare: each suggested
  // command is run (with a count of 1 and a short time limit) and must be
  // understood, end, and for the custom level add a puzzle of that level.
  const std::string db = dir_.file("custom.db"), text = dir_.file("puzzles.txt");
  const auto made = run_sudokit("generate --count 40 --seed 11");
  ASSERT_EQ(made.status, 0) << made.err;
  std::ofstream(text) << made.out;
  const auto imported = run_sudokit("db import --levels warmup:0,tricky:2.0 --db " + db + " " + text);
  ASSERT_EQ(imported.status, 0) << imported.err;
  const long long tricky = sql_integer(db, "SELECT count(*) FROM puzzles WHERE level = 'tricky'");
  ASSERT_GT(tricky, 0);
  const auto r = run_sudokit("daily --db " + db + " --from 2027-01-01 --days " + std::to_string(tricky + 2) +
                             " --levels tricky,nightmare --format ndjson");
  EXPECT_EQ(r.status, 1) << r.err;
  const std::vector<std::string> suggestions = suggested_commands(r.err);
  ASSERT_EQ(suggestions.size(), 2u) << r.err;
  EXPECT_NE(suggestions[0].find("--levels warmup:0.0,tricky:"), std::string::npos) << suggestions[0];
  for (std::string cmd : suggestions) {
    SCOPED_TRACE(cmd);
    const std::size_t count = cmd.find(" --count ");
    ASSERT_NE(count, std::string::npos);
    cmd = cmd.substr(0, count) + " --count 1 --seed 3 --time-limit 8";
    const auto g = run_sudokit(cmd);
    if (cmd.find("nightmare") != std::string::npos) {
      // Rarely met in 8 s: it ends and says how far it got.
      EXPECT_TRUE(g.status == 0 || (g.status == 1 && g.err.find("reached 0 of the 1") != std::string::npos)) << g.err;
    } else {
      EXPECT_EQ(g.status, 0) << g.err;
      EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM puzzles WHERE level = 'tricky'"), tricky + 1);
    }
  }
}

TEST_F(DailyCli, DailyDryRunRecordsAndWritesNothing) {
  const std::string db = store(), out = dir_.file("daily");
  const auto r = run_sudokit("daily --db " + db + " --from 2027-01-01 --days 5 --levels hard --dry-run --out " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("dry run: 2027-01-01 to 2027-01-05: 5 dates, 5 puzzles (5 newly assigned"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM daily"), 0);
}

TEST_F(DailyCli, DailyStartsTodayWhenAskedInTheZoneGiven) {
  // "today" is the date in --tz (UTC by default), whatever TZ says; the zone
  // goes into index.json (ndjson lines stay the date files' objects).
  const std::string db = store();
  auto date_at_offset = [](int hours) {
    const std::time_t now = std::time(nullptr) + hours * 3600;
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[16];
    std::strftime(text, sizeof text, "%Y-%m-%d", &tm);
    return std::string(text);
  };
  const auto r = run_sudokit("daily --db " + db + " --from today --days 1 --levels hard --format ndjson");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(json::parse(r.out)["date"], date_at_offset(0));
  // Asia/Tokyo is UTC+9 all year; TZ in the environment is ignored.
  const auto tokyo = run_sudokit("daily --db " + db + " --from today --days 1 --levels hard --tz Asia/Tokyo --out " +
                                 dir_.file("tokyo"));
  ASSERT_EQ(tokyo.status, 0) << tokyo.err;
  const json index = json::parse(slurp(dir_.file("tokyo") + "/index.json"));
  EXPECT_EQ(index["first"], date_at_offset(9));
  EXPECT_EQ(index["time_zone"], "Asia/Tokyo");
  // An unknown zone is a usage error naming the option.
  const auto bad = run_sudokit("daily --db " + db + " --from 2027-01-01 --levels hard --tz Mars/Olympus --format ndjson");
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("--tz: unknown time zone 'Mars/Olympus'"), std::string::npos) << bad.err;
  EXPECT_EQ(bad.out, "");
}

TEST_F(DailyCli, TwoDailyRunsAtOnceAgreeAndServeNothingTwice) {
  const std::string db = store();
  const std::string bin = SUDOKIT_BIN;
  // Overlapping ranges, started together; each waits for the other's transaction.
  const std::string a = bin + " daily --db " + db + " --from 2027-01-01 --days 40 --levels medium,hard --out " + dir_.file("a");
  const std::string b = bin + " daily --db " + db + " --from 2027-01-21 --days 40 --levels hard,medium --out " + dir_.file("b");
  shell("(" + a + " 2>" + dir_.file("a.err") + " & " + b + " 2>" + dir_.file("b.err") + " & wait) ");
  EXPECT_NE(slurp(dir_.file("a.err")).find("2027-01-01 to 2027-02-09: 40 dates"), std::string::npos) << slurp(dir_.file("a.err"));
  EXPECT_NE(slurp(dir_.file("b.err")).find("2027-01-21 to 2027-03-01: 40 dates"), std::string::npos) << slurp(dir_.file("b.err"));
  // The 20 shared dates have the same puzzles in both directories.
  for (int d = 21; d <= 31; ++d) {
    const std::string name = "/2027-01-" + std::to_string(d) + ".json";
    const json x = json::parse(slurp(dir_.file("a") + name)), y = json::parse(slurp(dir_.file("b") + name));
    EXPECT_EQ(x["puzzles"]["hard"], y["puzzles"]["hard"]) << name;
    EXPECT_EQ(x["puzzles"]["medium"], y["puzzles"]["medium"]) << name;
  }
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM daily"), 120);
  EXPECT_EQ(sql_integer(db, "SELECT count(DISTINCT puzzle_id) FROM daily"), 120);
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), 120);
}

TEST_F(DailyCli, DailyRejectsBadRequestsClearly) {
  const std::string db = store(), out = dir_.file("x");
  const std::string base = "daily --db " + db + " ";
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"--from 2027-02-30 --levels hard --out " + out, 2, "--from: '2027-02-30' is not a date: February 2027 has 28 days"},
      {"--from 2027-1-1 --levels hard --out " + out, 2, "--from: '2027-1-1' is not an ISO 8601 date (expected YYYY-MM-DD"},
      {"--from 2027-01-10 --to 2027-01-09 --levels hard --out " + out, 2, "--to 2027-01-09 is before --from 2027-01-10"},
      {"--from 2027-01-01 --to 2027-13-01 --levels hard --out " + out, 2, "--to: '2027-13-01' is not a date: there is no month 13"},
      {"--from 2027-01-01 --days 0 --levels hard --out " + out, 2, "--days must be a whole number from 1 to 36600 (found 0)"},
      {"--from 2027-01-01 --days 3 --to 2027-01-05 --levels hard --out " + out, 2, "give --days or --to, not both"},
      {"--from 9999-12-31 --days 2 --levels hard --out " + out, 2, "the range ends after 9999-12-31"},
      {"--levels hard --out " + out, 2, "--from DATE is required"},
      {"--from 2027-01-01 --out " + out, 2, "give the levels"},
      {"--from 2027-01-01 --levels hard --schedule mon=hard --out " + out, 2, "give --levels or --schedule, not both"},
      {"--from 2027-01-01 --schedule mon=easy,wen=hard --out " + out, 2, "--schedule: unknown day 'wen' in 'wen=hard'"},
      {"--from 2027-01-01 --schedule mon=easy,mon=hard --out " + out, 2, "--schedule: monday is given twice"},
      {"--from 2027-01-01 --schedule mon+hard --out " + out, 2, "--schedule: 'mon+hard' is not DAY=LEVEL"},
      {"--from 2027-01-01 --levels hard,hardd --out " + out, 2, "--levels: unknown level 'hardd' (known: easy, medium"},
      {"--from 2027-01-01 --days 7 --schedule sun=hard,mon=expertt --out " + out, 2, "--schedule: unknown level 'expertt'"},
      {"--from 2027-01-01 --levels hard,,easy --out " + out, 2, "--levels: empty level name"},
      {"--from 2027-01-01 --levels hard", 2, "--out DIR is required"},
      {"--from 2027-01-01 --levels hard --format ndjson --out " + out, 2, "--format ndjson writes to stdout"},
      {"--from 2027-01-01 --levels hard --format xml --out " + out, 2, "unknown --format 'xml'"},
      {"--from 2027-01-04 --days 2 --schedule sun=hard --out " + out, 2, "the schedule gives no puzzle to any date"},
  };
  for (const auto& [args, status, message] : cases) {
    const auto r = run_sudokit(base + args);
    EXPECT_EQ(r.status, status) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM daily"), 0);
  // No --db; a --db that does not exist (not created); an empty store.
  EXPECT_EQ(run_sudokit("daily --from 2027-01-01 --levels hard --out " + out).status, 2);
  const auto missing = run_sudokit("daily --db " + dir_.file("none.db") + " --from 2027-01-01 --levels hard --out " + out);
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("none.db: no such database file"), std::string::npos) << missing.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("none.db")));
  const std::string empty = dir_.file("empty.db");
  ASSERT_EQ(run_sudokit("db import --db " + empty).status, 0);
  const auto none = run_sudokit("daily --db " + empty + " --from 2027-01-01 --days 2 --levels easy,hard --out " + out);
  EXPECT_EQ(none.status, 1);
  EXPECT_NE(none.err.find("easy: 2 needed, 0 available (2 missing)"), std::string::npos) << none.err;
  EXPECT_NE(none.err.find("hard: 2 needed, 0 available (2 missing)"), std::string::npos) << none.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(run_sudokit("daily --help").status, 0);
}

// Ctrl-C during a daily export: all the files and the assignment, or
// neither.
TEST_F(DailyCli, CtrlCDuringADailyExportWritesAndAssignsAllOrNothing) {
  const long long medium = level_count(store(), "medium");
  const std::string out = dir_.file("days");
  const auto n = interrupt_runs(
      [&] { return store(); }, dir_.file(""),
      [&](const std::string& db) {
        std::filesystem::remove_all(out);
        return "daily --db " + db + " --from 2027-01-01 --days " + std::to_string(medium) + " --levels medium --out " + out;
      },
      [&](const std::string& db, int code, const std::string& err) {
        std::size_t files = 0;
        if (std::filesystem::exists(out))
          for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(out)) ++files;
        EXPECT_EQ(files, code == 0 ? static_cast<std::size_t>(medium) + 1 : 0u) << err;
        EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM daily"), code == 0 ? medium : 0) << err;
        if (code == 130) {
          EXPECT_NE(err.find("interrupted by SIGINT: nothing was assigned or written"), std::string::npos) << err;
        } else if (code != -1) {
          EXPECT_EQ(code, 0) << err;
        }
      });
  EXPECT_GE(n.stopped, 1);
}

}  // namespace
}  // namespace sudokit
