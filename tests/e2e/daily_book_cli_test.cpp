// End-to-end tests of `sudokit daily`, `sudokit book` and `sudokit render`:
// the real command on stores filled by `sudokit generate --db`, its files
// checked with independent tools: JSON parsed and every puzzle re-solved
// and re-canonicalised here; PDFs opened with poppler-utils (pdfinfo for
// pages and paper, pdftoppm for pixels, pdftotext for words, pdffonts for
// the embedded font); SVG parsed with xmllint. Error cases check the exit
// status, the message, and that nothing was written or recorded.
#include <gtest/gtest.h>
#include <sqlite3.h>
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

#include "run.hpp"
#include "store_check.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit {
namespace {

using test::run_sudokit;
using test::slurp;
using json = nlohmann::json;

using test::TempDir;
using test::spawn;

/// Runs a shell command; its stdout, and the exit status in `status`.
std::string shell(const std::string& cmd, int* status = nullptr) {
  std::string out;
  FILE* p = popen(cmd.c_str(), "r");
  char buf[4096];
  while (std::size_t n = std::fread(buf, 1, sizeof buf, p)) out.append(buf, n);
  const int raw = pclose(p);
  if (status != nullptr) *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  return out;
}

long long sql_integer(const std::string& db, const std::string& sql) {
  sqlite3* raw = nullptr;
  sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  long long v = -1;
  if (sqlite3_prepare_v2(raw, sql.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW)
    v = sqlite3_column_int64(st, 0);
  sqlite3_finalize(st);
  sqlite3_close_v2(raw);
  return v;
}

/// One store of 400 graded puzzles (seed 8), made once; each test copies it.
class DailyBookCli : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    shared_ = new TempDir;
    const auto r = run_sudokit("generate --db " + shared_->file("store.db") + " --count 400 --seed 8 --threads 2");
    ASSERT_EQ(r.status, 0) << r.err;
  }
  static void TearDownTestSuite() {
    delete shared_;
    shared_ = nullptr;
  }
  /// A fresh copy of the store in this test's directory.
  std::string store() {
    const std::string path = dir_.file("p.db");
    std::filesystem::copy_file(shared_->file("store.db"), path, std::filesystem::copy_options::overwrite_existing);
    return path;
  }
  long long level_count(const std::string& db, const std::string& level) {
    return sql_integer(db, "SELECT count(*) FROM puzzles WHERE level = '" + level + "'");
  }

  TempDir dir_;
  static TempDir* shared_;
};

TempDir* DailyBookCli::shared_ = nullptr;

Grid grid_of(const std::string& text) {
  Grid g;
  ParseError e;
  EXPECT_TRUE(parse_puzzle(text, g, e)) << text;
  return g;
}

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

// --- daily -----------------------------------------------------------------------

TEST_F(DailyBookCli, DailyWritesOneFilePerDateAndAnIndex) {
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

TEST_F(DailyBookCli, DailyIsIdempotentAndExtensionsNeverRepeatAPuzzleOrAnIsomorph) {
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

TEST_F(DailyBookCli, DailyFollowsAWeeklySchedule) {
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
TEST_F(DailyBookCli, DailyImagesArePublishedWithTheJson) {
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

TEST_F(DailyBookCli, DailyAddingALevelKeepsTheLevelsADateAlreadyHas) {
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

TEST_F(DailyBookCli, DailyRunningShortWritesNothingAndSaysWhatToGenerate) {
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

/// The `sudokit generate` commands a run short of puzzles suggests on
/// stderr, without "sudokit ".
std::vector<std::string> suggested_commands(const std::string& err) {
  std::vector<std::string> out;
  std::istringstream lines(err);
  for (std::string line; std::getline(lines, line);)
    if (line.rfind("  sudokit generate ", 0) == 0) out.push_back(line.substr(std::string("  sudokit ").size()));
  return out;
}

TEST_F(DailyBookCli, EveryGenerateCommandItSuggestsRunsAndEnds) {
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

// A book with filters that runs short suggests a generate command with the
// same filters (as generate's options), and running it fills the gap: the
// same book is then made. A filter no puzzle of the level can meet is said
// to be so, with no command.
TEST_F(DailyBookCli, TheCommandABookSuggestsFillsTheGap) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  for (const std::string filters : {"--level medium --count 3 --clues 26-28 --symmetry rot180",
                                    "--level hard --count 2 --hardest x-wing --symmetry mirror"}) {
    SCOPED_TRACE(filters);
    auto r = run_sudokit("book --db " + db + " " + filters + " --out " + pdf);
    ASSERT_EQ(r.status, 1) << r.err;
    const std::vector<std::string> suggestions = suggested_commands(r.err);
    ASSERT_EQ(suggestions.size(), 1u) << r.err;
    const auto g = run_sudokit(suggestions[0] + " --seed 5");
    ASSERT_EQ(g.status, 0) << suggestions[0] << ": " << g.err;
    r = run_sudokit("book --db " + db + " " + filters + " --out " + pdf);
    EXPECT_EQ(r.status, 0) << suggestions[0] << ": " << r.err;
  }
  // x-wing is rated 3.2: no expert puzzle's hardest step is one.
  const auto r = run_sudokit("book --db " + db + " --level expert --count 2 --hardest x-wing --out " + pdf);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.err.find("no expert puzzle can meet --hardest x-wing (rated 3.2): expert puzzles are rated 7.0 to 8.4"),
            std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("sudokit generate"), std::string::npos) << r.err;
}

TEST_F(DailyBookCli, DailyDryRunRecordsAndWritesNothing) {
  const std::string db = store(), out = dir_.file("daily");
  const auto r = run_sudokit("daily --db " + db + " --from 2027-01-01 --days 5 --levels hard --dry-run --out " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("dry run: 2027-01-01 to 2027-01-05: 5 dates, 5 puzzles (5 newly assigned"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM daily"), 0);
}

TEST_F(DailyBookCli, DailyStartsTodayWhenAskedInTheZoneGiven) {
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

TEST_F(DailyBookCli, TwoDailyRunsAtOnceAgreeAndServeNothingTwice) {
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

TEST_F(DailyBookCli, DailyRejectsBadRequestsClearly) {
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

// --- book ------------------------------------------------------------------------

struct Pgm {
  int width = 0, height = 0;
  std::string pixels;
  int at(int x, int y) const { return static_cast<unsigned char>(pixels[static_cast<std::size_t>(y * width + x)]); }
};

/// Page `page` of a PDF as a grey image at `dpi`, through pdftoppm.
Pgm page_image(const std::string& pdf, int page, int dpi, const std::string& scratch) {
  const std::string prefix = scratch + "/page";
  int status = 0;
  shell("pdftoppm -gray -r " + std::to_string(dpi) + " -f " + std::to_string(page) + " -l " + std::to_string(page) +
            " -singlefile " + pdf + " " + prefix,
        &status);
  EXPECT_EQ(status, 0);
  const std::string data = slurp(prefix + ".pgm");
  Pgm img;
  std::istringstream in(data);
  std::string magic;
  int maxval = 0;
  in >> magic >> img.width >> img.height >> maxval;
  in.get();
  EXPECT_EQ(magic, "P5");
  img.pixels = data.substr(static_cast<std::size_t>(in.tellg()));
  EXPECT_EQ(img.pixels.size(), static_cast<std::size_t>(img.width * img.height));
  return img;
}

std::string pdfinfo(const std::string& pdf, const std::string& field) {
  const std::string info = shell("pdfinfo " + pdf);
  const std::size_t at = info.find(field + ":");
  if (at == std::string::npos) return "";
  std::size_t from = info.find_first_not_of(' ', at + field.size() + 1);
  return info.substr(from, info.find('\n', from) - from);
}

std::string page_text(const std::string& pdf, int page) {
  return shell("pdftotext -f " + std::to_string(page) + " -l " + std::to_string(page) + " -layout " + pdf + " -");
}

/// Dark pixels in the page, and dark pixels within `band_mm` of its edges.
std::pair<long, long> ink(const Pgm& img, int dpi, double band_mm) {
  const int band = static_cast<int>(band_mm / 25.4 * dpi);
  long all = 0, edge = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x)
      if (img.at(x, y) < 160) {
        ++all;
        if (x < band || y < band || x >= img.width - band || y >= img.height - band) ++edge;
      }
  return {all, edge};
}

TEST_F(DailyBookCli, BookHasTheExpectedPagesOnBothPapers) {
  const std::string db = store();
  struct Case {
    int count, per_page;
    const char* paper;
    bool solutions;
    int pages;
  };
  for (const Case& c : {Case{60, 6, "a4", true, 16}, Case{7, 4, "letter", true, 4}, Case{5, 1, "a4", false, 6},
                        Case{13, 2, "letter", true, 10}, Case{24, 6, "letter", true, 7}, Case{12, 4, "a4", true, 5}}) {
    const std::string pdf = dir_.file("b.pdf");
    const auto r = run_sudokit("book --db " + db + " --level medium --count " + std::to_string(c.count) + " --per-page " +
                               std::to_string(c.per_page) + " --paper " + c.paper +
                               (c.solutions ? "" : " --no-solutions") + " --out " + pdf);
    ASSERT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(pdfinfo(pdf, "Pages"), std::to_string(c.pages)) << c.count << " per page " << c.per_page;
    EXPECT_EQ(pdfinfo(pdf, "Page size").substr(0, 19), std::string(c.paper) == "a4" ? "595.276 x 841.89 pt" : "612 x 792 pts (lett");
    EXPECT_NE(r.err.find(std::to_string(c.pages) + " pages"), std::string::npos) << r.err;
  }
}

// A second volume goes on numbering where the first stopped and is padded
// with blank pages for the printer.
TEST_F(DailyBookCli, BookVolumesContinueNumberingAndPadForThePrinter) {
  const std::string db = store(), pdf = dir_.file("v2.pdf");
  const auto r = run_sudokit("book --db " + db + " --level medium --count 13 --per-page 4 --first-number 61 --pad-to 8 --out " +
                             pdf + " --manifest " + dir_.file("v2.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(pdfinfo(pdf, "Pages"), "8");  // 1 + 4 + 2 = 7 pages, padded to 8
  EXPECT_EQ(pdfinfo(pdf, "Subject"), "13 puzzles (numbers 61 to 73), all Medium");
  EXPECT_NE(page_text(pdf, 2).find("Puzzle 61"), std::string::npos) << page_text(pdf, 2);
  EXPECT_NE(page_text(pdf, 5).find("Puzzle 73"), std::string::npos) << page_text(pdf, 5);
  EXPECT_EQ(page_text(pdf, 5).find("Puzzle 74"), std::string::npos);
  EXPECT_NE(page_text(pdf, 7).find("73"), std::string::npos);  // the last solution
  std::string last = page_text(pdf, 8);
  last.erase(std::remove_if(last.begin(), last.end(), [](unsigned char c) { return std::isspace(c) != 0; }), last.end());
  EXPECT_EQ(last, "") << "the padding page is blank";
  const json m = json::parse(slurp(dir_.file("v2.json")));
  EXPECT_EQ(m["puzzles"][0]["number"], 61);
  EXPECT_EQ(m["pages"], 8);
  for (const auto& p : m["puzzles"])  // the same global id as every export
    EXPECT_EQ(p["gid"], global_id(grid_of(p["puzzle"].get<std::string>())));
  for (const char* bad : {"--first-number 0", "--pad-to -2", "--pad-to 65", "--first-number 2000000000"}) {
    const auto b = run_sudokit("book --db " + db + " --level medium --count 2 --out " + pdf + " " + bad);
    EXPECT_EQ(b.status, 2) << bad;
    EXPECT_NE(b.err.find(std::string(bad).substr(0, std::string(bad).find(' ')) + " must be"), std::string::npos) << b.err;
  }
}

TEST_F(DailyBookCli, BookPagesAreInkedAndNothingRunsOffThePage) {
  const std::string db = store();
  for (const char* paper : {"a4", "letter"})
    for (int per_page : {1, 2, 4, 6}) {
      SCOPED_TRACE(std::string(paper) + " " + std::to_string(per_page));
      const std::string pdf = dir_.file("b.pdf");
      const auto r = run_sudokit("book --db " + db + " --levels medium,hard --count " + std::to_string(per_page + 1) +
                                 " --per-page " + std::to_string(per_page) + " --paper " + paper +
                                 " --show-rating --title 'A Very Long Title That Must Wrap Onto Several Lines Without Running Off' --out " + pdf);
      ASSERT_EQ(r.status, 0) << r.err;
      const int pages = std::stoi(pdfinfo(pdf, "Pages"));
      for (int page = 1; page <= pages; ++page) {
        const Pgm img = page_image(pdf, page, 40, dir_.file(""));
        const auto [all, edge] = ink(img, 40, 8);
        EXPECT_GT(all, 500) << "page " << page << " is blank";
        EXPECT_EQ(edge, 0) << "page " << page << " has ink within 8 mm of its edge";
      }
      // A full puzzle page holds 9 x 9 x per_page cells' worth of grid: far more ink than a title page.
      EXPECT_GT(ink(page_image(pdf, 2, 40, dir_.file("")), 40, 8).first,
                ink(page_image(pdf, 1, 40, dir_.file("")), 40, 8).first);
    }
}

/// "MediaBox:      0.00     0.00   441.00   666.00" -> the four numbers of a box in `pdfinfo -box` of one page.
std::vector<double> page_box(const std::string& pdf, int page, const std::string& name) {
  const std::string info = shell("pdfinfo -box -f " + std::to_string(page) + " -l " + std::to_string(page) + " " + pdf);
  const std::string key = "Page " + std::string(page < 10 ? "   " : page < 100 ? "  " : " ") + std::to_string(page) + " " + name + ":";
  const std::size_t at = info.find(key);
  if (at == std::string::npos) return {};
  std::istringstream in(info.substr(at + key.size()));
  std::vector<double> v(4);
  for (double& x : v) in >> x;
  return v;
}

// Print-on-demand trims: page and trim sizes as pdfinfo reads them, the bleed
// on the outside edge, and on every page no ink outside the safe area (KDP's
// margins computed here from its table, independently of the library),
// above all none in the gutter.
TEST_F(DailyBookCli, PrintBooksHaveTheTrimBleedAndMarginsThePrinterWants) {
  const std::string db = store();
  struct Case {
    const char* trim;
    double w_in, h_in;
    bool bleed;
    const char* extra;
  };
  // (At least 24 pages each: a print book fails its own preflight otherwise.)
  for (const Case& c : {Case{"6x9", 6, 9, true, "--levels medium,hard --count 80"},
                        Case{"5x8", 5, 8, false, "--level medium --count 40"},
                        Case{"8.5x11", 8.5, 11, true, "--level medium --count 21 --large-print"},
                        Case{"150x230mm", 150 / 25.4, 230 / 25.4, false, "--level medium --count 40 --per-page 2"}}) {
    SCOPED_TRACE(c.trim);
    const std::string pdf = dir_.file("p.pdf");
    const auto r = run_sudokit("book --db " + db + " " + c.extra + " --trim " + c.trim + (c.bleed ? " --bleed" : "") +
                               " --show-rating --out " + pdf);
    ASSERT_EQ(r.status, 0) << r.err;
    const int pages = std::stoi(pdfinfo(pdf, "Pages"));
    EXPECT_EQ(pages % 2, 0);
    const double bleed = c.bleed ? 9 : 0, w = c.w_in * 72, h = c.h_in * 72;
    const double gutter = (pages <= 150 ? 0.375 : 0.5) * 72, edge = (c.bleed ? 0.375 : 0.25) * 72;
    for (int page = 1; page <= pages; ++page) {
      SCOPED_TRACE("page " + std::to_string(page));
      const bool right = page % 2 == 1;
      const auto media = page_box(pdf, page, "MediaBox"), trim = page_box(pdf, page, "TrimBox"),
                 bleed_box = page_box(pdf, page, "BleedBox");
      ASSERT_EQ(media.size(), 4u);
      EXPECT_NEAR(media[2], w + bleed, 0.01);
      EXPECT_NEAR(media[3], h + 2 * bleed, 0.01);
      EXPECT_EQ(bleed_box, media);
      ASSERT_EQ(trim.size(), 4u);
      EXPECT_NEAR(trim[0], right ? 0 : bleed, 0.01);  // bleed on the outside edge
      EXPECT_NEAR(trim[1], bleed, 0.01);
      EXPECT_NEAR(trim[2] - trim[0], w, 0.01);
      EXPECT_NEAR(trim[3] - trim[1], h, 0.01);
      // The safe area in pixels at 72 dpi (1 px = 1 pt; y from the top).
      const double left_edge = (right ? 0 : bleed) + (right ? gutter : edge);
      const double right_edge = (right ? 0 : bleed) + w - (right ? edge : gutter);
      const double top = bleed + edge, bottom = bleed + h - edge;
      const Pgm img = page_image(pdf, page, 72, dir_.file(""));
      long outside = 0, in_gutter = 0, all = 0;
      for (int y = 0; y < img.height; ++y)
        for (int x = 0; x < img.width; ++x) {
          if (img.at(x, y) >= 200) continue;
          ++all;
          if (x + 1 < left_edge || x > right_edge || y + 1 < top || y > bottom) ++outside;
          if (right ? x + 1 < left_edge : x > right_edge) ++in_gutter;
        }
      EXPECT_EQ(outside, 0);
      EXPECT_EQ(in_gutter, 0);
      // Page 2, the title page's back, is blank; so may be the last (an even count).
      if (page == 2) {
        EXPECT_EQ(all, 0);
      } else if (page != pages) {
        EXPECT_GT(all, 200) << "blank";
      }
    }
  }
}

// Large print is large throughout: the title page, the copyright page, the
// contents, the how-to-play and section pages and the answer key set no
// word smaller than 14 pt (pdftotext's word boxes, the answer key's digits
// included: DejaVu Sans' ascent and descent make a box 1.16 times the size).
TEST_F(DailyBookCli, LargePrintIsLargeFromCoverToAnswerKey) {
  const std::string db = store(), pdf = dir_.file("lp.pdf");
  const auto r = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 11 --trim 8.5x11 --large-print "
                             "--how-to-play --copyright 'Copyright (c) 2026 Jane Doe' --isbn 978-3-16-148410-0 --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  const std::string boxes = shell("pdftotext -bbox " + pdf + " -");
  int words = 0, small = 0;
  std::string smallest;
  for (std::size_t at = boxes.find("<word "); at != std::string::npos; at = boxes.find("<word ", at + 1)) {
    const auto number = [&](const char* key) { return std::stod(boxes.substr(boxes.find(key, at) + std::strlen(key) + 2)); };
    const double height = number("yMax") - number("yMin");
    ++words;
    if (height < 14 * 1.16 - 0.3) {
      ++small;
      smallest = boxes.substr(at, boxes.find("</word>", at) - at);
    }
  }
  EXPECT_GT(words, 1500);
  EXPECT_EQ(small, 0) << smallest;
}

TEST_F(DailyBookCli, PrintBookOptionsAreChecked) {
  const std::string db = store(), pdf = dir_.file("p.pdf");
  struct Case {
    const char* args;
    const char* says;
  };
  for (const Case& c : {Case{"--trim 6x9cm", "--trim: '6x9cm' is not a trim size"},
                        Case{"--trim 12x18in", "4 x 6 in to 8.5 x 11.69 in"},
                        Case{"--trim 5x8 --per-page 6", "use --per-page 2"},
                        Case{"--trim 5x8 --large-print", "large print needs digits of at least 28 pt"},
                        Case{"--trim 6x9 --gutter 0.2", "--gutter must be a number from 0.375 to 3"},
                        Case{"--bleed", "--bleed needs --trim"},
                        Case{"--paper letter --trim 6x9", "--paper or --trim"},
                        Case{"--trim 8.5x11 --large-print --per-page 2", "leave --per-page out"}}) {
    const auto r = run_sudokit("book --db " + db + " --level medium --count 20 --out " + pdf + " " + c.args);
    EXPECT_EQ(r.status, 2) << c.args;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << c.args << ": " << r.err;
    EXPECT_FALSE(std::filesystem::exists(pdf)) << c.args;
  }
}

// The filters of `db export` and the pick order choose a book's puzzles.
TEST_F(DailyBookCli, BookFiltersAndPicksItsPuzzles) {
  const std::string db = store(), pdf = dir_.file("f.pdf"), manifest = dir_.file("f.json");
  auto ratings = [&](const std::string& args) {
    const auto r = run_sudokit("book --db " + db + " " + args + " --out " + pdf + " --manifest " + manifest);
    EXPECT_EQ(r.status, 0) << args << ": " << r.err;
    std::vector<double> out;
    if (r.status != 0) return out;
    const json m = json::parse(slurp(manifest));
    for (const auto& p : m["puzzles"]) out.push_back(p["er"].get<double>());
    return out;
  };
  const auto oldest = ratings("--level medium --count 8");
  const auto spread = ratings("--level medium --count 8 --pick spread");
  ASSERT_EQ(spread.size(), 8u);
  EXPECT_TRUE(std::is_sorted(spread.begin(), spread.end()));
  // Spread reaches the ends of the level's range (medium is ER 1.5 to 2.5).
  EXPECT_GE(spread.back() - spread.front(), oldest.back() - oldest.front());
  const auto low = ratings("--level medium --count 3 --max-rating 1.7");
  for (double r : low) EXPECT_LE(r, 1.7 + 1e-9);
  EXPECT_EQ(ratings("--level medium --count 4 --pick random --seed 5"), ratings("--level medium --count 4 --pick random --seed 5"));
  EXPECT_EQ(ratings("--levels medium,hard --count-per-level 2").size(), 4u);
  // Nothing in the store has 40 clues: short, nothing written.
  const auto none = run_sudokit("book --db " + db + " --level medium --count 2 --clues 40-50 --out " + dir_.file("n.pdf"));
  EXPECT_EQ(none.status, 1) << none.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("n.pdf")));
  for (const char* bad : {"--pick newest", "--seed 3", "--clues 9-x", "--symmetry spiral", "--technique telepathy",
                          "--count-per-level 2", "--min-rating 5 --max-rating 4"}) {
    const auto r = run_sudokit("book --db " + db + " --level medium --count 2 --out " + pdf + " " + bad);
    EXPECT_EQ(r.status, 2) << bad << ": " << r.err;
  }
}

// Sections: a contents page, a title page per level, solutions after each
// section or at the end, and the page numbers the contents gives are right.
TEST_F(DailyBookCli, BookSectionsHaveContentsTitlesAndAnswerKeys) {
  const std::string db = store(), pdf = dir_.file("s.pdf"), manifest = dir_.file("s.json");
  const auto r = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 5 --solutions section --trim 6x9 "
                             "--per-page 2 --pad-to 24 --out " + pdf + " --manifest " + manifest);
  ASSERT_EQ(r.status, 0) << r.err;
  // Title, blank, contents (3), blank, medium (5: a section opens on a
  // right-hand page), 3 puzzle pages, 1 solutions page (9), blank, hard (11),
  // 3 + 1: 15, padded to the printers' 24.
  EXPECT_EQ(pdfinfo(pdf, "Pages"), "24");
  const std::string contents = page_text(pdf, 3);
  EXPECT_NE(contents.find("Contents"), std::string::npos) << contents;
  for (const char* line : {"Medium", "Solutions: Medium", "Hard", "Solutions: Hard"})
    EXPECT_NE(contents.find(line), std::string::npos) << line << "\n" << contents;
  auto page_of = [&](const std::string& entry) {  // the number at the end of the contents line
    const std::size_t at = contents.find(entry + " ");
    if (at == std::string::npos) return -1;
    const std::size_t digits = contents.find_first_of("0123456789", at + entry.size());
    return std::stoi(contents.substr(digits));
  };
  EXPECT_EQ(page_of("Medium"), 5);
  EXPECT_EQ(page_of("Solutions: Medium"), 9);
  EXPECT_EQ(page_of("Hard"), 11);
  EXPECT_EQ(page_of("Solutions: Hard"), 15);
  EXPECT_NE(page_text(pdf, 5).find("Puzzles 1 to 5"), std::string::npos) << page_text(pdf, 5);
  EXPECT_NE(page_text(pdf, 9).find("Solutions: Medium"), std::string::npos) << page_text(pdf, 9);
  EXPECT_NE(page_text(pdf, 11).find("Puzzles 6 to 10"), std::string::npos) << page_text(pdf, 11);
  const json m = json::parse(slurp(manifest));
  EXPECT_EQ(m["puzzles"][0]["page"], 6);
  EXPECT_EQ(m["puzzles"][0]["solution_page"], 9);
  EXPECT_EQ(m["puzzles"][5]["page"], 12);
  EXPECT_EQ(m["puzzles"][9]["solution_page"], 15);
  // Ascending ratings within each section.
  for (int i = 1; i < 10; ++i)
    if (i != 5) {
      EXPECT_LE(m["puzzles"][i - 1]["er"].get<double>(), m["puzzles"][i]["er"].get<double>()) << i;
    }
  // --solutions none and a bad value.
  const auto none = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 2 --solutions none --out " + pdf);
  ASSERT_EQ(none.status, 0) << none.err;
  EXPECT_EQ(page_text(pdf, 2).find("Solutions"), std::string::npos);
  const auto bad = run_sudokit("book --db " + db + " --level medium --count 2 --solutions middle --out " + dir_.file("x.pdf"));
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.err.find("unknown --solutions 'middle'"), std::string::npos) << bad.err;
}

// The full-wrap cover: width = 2 x trim + spine + 2 x bleed (to 0.01 in) for
// each paper, spine text only past 79 pages, fonts embedded, the page count
// taken from the interior.
TEST_F(DailyBookCli, CoverIsAsWideAsTheBookNeeds) {
  const std::string cover = dir_.file("cover.pdf");
  struct Case {
    int pages;
    const char* paper;
    double per_page_in;
    bool spine_text;
  };
  // Spine text past 79 pages, and only at 6 pt or more (0.7 of the spine
  // less 2 x 0.0625 in): from 109 pages of white paper, 98 of cream.
  for (const Case& c : {Case{120, "white", 0.002252, true}, Case{300, "cream", 0.0025, true},
                        Case{79, "white", 0.002252, false}, Case{80, "color", 0.002347, false},
                        Case{108, "white", 0.002252, false}, Case{109, "white", 0.002252, true},
                        Case{97, "cream", 0.0025, false}, Case{98, "cream", 0.0025, true}}) {
    SCOPED_TRACE(std::to_string(c.pages) + " " + c.paper);
    const auto r = run_sudokit("cover --pages " + std::to_string(c.pages) + " --trim 6x9 --paper " + c.paper +
                               " --title 'Sudoku Marathon' --author 'A. Setter' --out " + cover);
    ASSERT_EQ(r.status, 0) << r.err;
    const std::size_t size_at = r.err.find("spine text ");
    if (c.spine_text) {
      ASSERT_NE(size_at, std::string::npos) << r.err;
      EXPECT_GE(std::stod(r.err.substr(size_at + 11)), 6.0) << r.err;
      EXPECT_NEAR(std::stod(r.err.substr(size_at + 11)), std::min((c.pages * c.per_page_in - 0.125) * 72 * 0.7, 14.0), 0.06);
    }
    const auto media = page_box(cover, 1, "MediaBox");
    ASSERT_EQ(media.size(), 4u);
    const double spine = c.pages * c.per_page_in;
    EXPECT_NEAR(media[2] / 72, 2 * 6 + spine + 2 * 0.125, 0.01);
    EXPECT_NEAR(media[3] / 72, 9 + 2 * 0.125, 0.01);
    // The author is on the front, and on the spine when it has text.
    const std::string text = shell("pdftotext -raw " + cover + " -");
    EXPECT_EQ(text.find("Setter") != text.rfind("Setter"), c.spine_text) << text;
    const std::string fonts = shell("pdffonts " + cover);
    EXPECT_EQ(fonts.find(" no "), std::string::npos) << fonts;
  }
  // --no-spine-text leaves it off a spine that would take it.
  auto r = run_sudokit("cover --pages 300 --trim 6x9 --author 'A. Setter' --no-spine-text --out " + cover);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("(no spine text: --no-spine-text)"), std::string::npos) << r.err;
  EXPECT_EQ(shell("pdftotext -raw " + cover + " - | grep -c Setter"), "1\n");
  // The page count from the interior.
  const std::string db = store(), book = dir_.file("interior.pdf");
  ASSERT_EQ(run_sudokit("book --db " + db + " --level medium --count 40 --per-page 1 --trim 6x9 --out " + book).status, 0);
  const int pages = std::stoi(pdfinfo(book, "Pages"));
  r = run_sudokit("cover --interior " + book + " --trim 6x9 --out " + cover);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find(std::to_string(pages) + " pages"), std::string::npos) << r.err;
  EXPECT_NEAR(page_box(cover, 1, "MediaBox")[2] / 72, 12 + pages * 0.002252 + 0.25, 0.01);
  for (const char* bad : {"--pages 20 --trim 6x9", "--pages 100", "--trim 6x9", "--pages 100 --trim 6x9 --paper glossy",
                          "--pages 100 --interior x.pdf --trim 6x9", "--pages 100 --trim 6x9 --puzzle 123"}) {
    const auto b = run_sudokit(std::string("cover ") + bad + " --out " + dir_.file("c2.pdf"));
    EXPECT_EQ(b.status, 2) << bad << ": " << b.err;
    EXPECT_FALSE(std::filesystem::exists(dir_.file("c2.pdf"))) << bad;
  }
  const auto png = run_sudokit("cover --pages 100 --trim 6x9 --out " + dir_.file("c.png"));
  EXPECT_EQ(png.status, 2);
  EXPECT_NE(png.err.find("a cover is a PDF"), std::string::npos) << png.err;
}

// The cover wraps the interior it is given: its trim comes from the
// interior's TrimBox (a --trim that differs is refused, nothing written),
// and its own TrimBox is the cover as cut, the bleed left out. A file that
// is not a PDF (a device, a huge sparse file, text) is refused before it
// is read, by cover and preflight alike.
TEST_F(DailyBookCli, CoverTakesTheInteriorsTrimAndReadsOnlyPdfs) {
  const std::string db = store(), book = dir_.file("interior.pdf"), cover = dir_.file("cover.pdf");
  ASSERT_EQ(run_sudokit("book --db " + db + " --level medium --count 40 --per-page 1 --trim 6x9 --bleed --out " + book).status, 0);
  const int pages = std::stoi(pdfinfo(book, "Pages"));
  auto r = run_sudokit("cover --interior " + book + " --trim 5x8 --out " + cover);
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--trim 5x8 is 5.000 x 8.000 in, but " + book + " is trimmed 6.000 x 9.000 in"), std::string::npos)
      << r.err;
  EXPECT_FALSE(std::filesystem::exists(cover));
  r = run_sudokit("cover --interior " + book + " --out " + cover);  // the trim from the interior
  ASSERT_EQ(r.status, 0) << r.err;
  const double w = 2 * 6 + pages * 0.002252 + 0.25, h = 9.25;
  const auto media = page_box(cover, 1, "MediaBox"), trim = page_box(cover, 1, "TrimBox"),
             bleed = page_box(cover, 1, "BleedBox");
  ASSERT_EQ(trim.size(), 4u);
  EXPECT_NEAR(media[2] / 72, w, 0.01);
  EXPECT_NEAR(media[3] / 72, h, 0.01);
  EXPECT_NEAR(trim[0], 9, 0.01);
  EXPECT_NEAR(trim[1], 9, 0.01);
  EXPECT_NEAR(trim[2], media[2] - 9, 0.01);
  EXPECT_NEAR(trim[3], media[3] - 9, 0.01);
  EXPECT_EQ(bleed, media);
  // Not PDFs: refused unread, quickly, with the reason.
  {
    std::ofstream sparse(dir_.file("huge.pdf"));
    sparse << "%PDF-1.5\n";
  }
  std::filesystem::resize_file(dir_.file("huge.pdf"), 2'000'000'000ull);  // sparse: no disk used
  std::ofstream(dir_.file("text.pdf")) << "not a PDF\n";
  struct Case {
    std::string file, says;
  };
  for (const Case& c : {Case{"/dev/zero", "not a PDF (not a regular file)"},
                        Case{dir_.file("huge.pdf"), "2000000000 bytes, more than the 650000000 a printer takes"},
                        Case{dir_.file("text.pdf"), "not a PDF (it does not begin with %PDF-)"}}) {
    SCOPED_TRACE(c.file);
    r = run_sudokit("cover --interior " + c.file + " --trim 6x9 --out " + dir_.file("c3.pdf"));
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir_.file("c3.pdf")));
    r = run_sudokit("preflight " + c.file);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
  }
}

// `book --out x.png` (and other names of another kind of file) is a usage
// error before anything is opened, not a PDF under another name; .pdf in any
// case and names that say nothing (x.out, no extension) are written.
TEST_F(DailyBookCli, BookRefusesAnOutNameOfAnotherFormat) {
  const std::string db = store();
  for (const char* name : {"b.png", "b.SVG", "b.json", "b.csv", "b.txt", "b.ipuz"}) {
    const auto r = run_sudokit("book --db " + db + " --level hard --count 4 --out " + dir_.file(name));
    EXPECT_EQ(r.status, 2) << name << ": " << r.err;
    EXPECT_NE(r.err.find("a book is a PDF"), std::string::npos) << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir_.file(name))) << name;
  }
  for (const char* name : {"b.PDF", "b.out", "book"}) {
    const auto r = run_sudokit("book --db " + db + " --level hard --count 4 --out " + dir_.file(name));
    ASSERT_EQ(r.status, 0) << name << ": " << r.err;
    EXPECT_EQ(slurp(dir_.file(name)).substr(0, 5), "%PDF-") << name;
  }
}

TEST_F(DailyBookCli, BookPreflightAndThePreflightCommandReportEveryCheck) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  // 80 medium puzzles on 6 x 9 in with bleed: more than 24 pages, a book printers take.
  auto r = run_sudokit("book --db " + db + " --level medium --count 80 --trim 6x9 --bleed --preflight --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  for (const char* check : {"ok   pages", "ok   even", "ok   boxes", "ok   fonts", "ok   safe area", "ok   lines"})
    EXPECT_NE(r.out.find(check), std::string::npos) << check << "\n" << r.out;
  EXPECT_NE(r.out.find("passes preflight"), std::string::npos) << r.out;
  r = run_sudokit("preflight " + pdf + " --trim 6x9");
  EXPECT_EQ(r.status, 0) << r.err << r.out;
  EXPECT_NE(r.out.find("with bleed"), std::string::npos) << r.out;
  // The wrong trim fails, with the reason; a short book fails its own
  // preflight, and is not written.
  r = run_sudokit("preflight " + pdf + " --trim 5x8");
  EXPECT_EQ(r.status, 1) << r.out;
  EXPECT_NE(r.out.find("FAIL boxes"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("not 5.000 x 8.000 in"), std::string::npos) << r.out;
  const std::string short_pdf = dir_.file("short.pdf");
  r = run_sudokit("book --db " + db + " --level medium --count 6 --trim 6x9 --preflight --out " + short_pdf);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("FAIL pages"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("does not pass preflight (see above); nothing was written"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(short_pdf));
  // Without --preflight too: a print book is checked before it is written.
  r = run_sudokit("book --db " + db + " --level medium --count 6 --trim 6x9 --out " + short_pdf);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_NE(r.out.find("FAIL pages"), std::string::npos) << r.out;
  EXPECT_FALSE(std::filesystem::exists(short_pdf));
  // Usage: --preflight checks a print interior; preflight needs a file.
  r = run_sudokit("book --db " + db + " --level medium --count 6 --preflight --out " + dir_.file("a4.pdf"));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--preflight needs --trim"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("a4.pdf")));
  EXPECT_EQ(run_sudokit("preflight").status, 2);
  EXPECT_EQ(run_sudokit("preflight " + pdf + " --trim 3x3").status, 2);
  // A file that is not a PDF, beside one that passes: both reported, exit 1.
  std::ofstream(dir_.file("notes.pdf")) << "not a PDF\n";
  r = run_sudokit("preflight " + dir_.file("notes.pdf") + " " + pdf);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("notes.pdf: not a PDF (it does not begin with %PDF-)"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("passes preflight"), std::string::npos) << r.out;
}

// poppler is loaded when a PDF is read (the PDF reader module,
// book/src/pdf_reader.hpp), not at every start: a command that reads none
// loads none of it, as the loader reports (LD_DEBUG=libs); preflight loads
// the module beside the program. Without the module, preflight is a clear
// error and exit status 1.
TEST_F(DailyBookCli, PopplerIsLoadedOnlyToReadAPdf) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  // A paper book reads no PDF; a print book reads its own back (preflight).
  auto r = run_sudokit("book --db " + db + " --level medium --count 8 --out " + dir_.file("a4.pdf"), "", "", "LD_DEBUG=libs");
  ASSERT_EQ(r.status, 0) << r.err;
  ASSERT_NE(r.err.find("libcairo"), std::string::npos) << "no loader report:\n" << r.err;
  EXPECT_EQ(r.err.find("poppler"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("sudokit-pdf-reader"), std::string::npos) << r.err;
  r = run_sudokit("book --db " + db + " --level medium --count 8 --trim 6x9 --pad-to 24 --out " + pdf, "", "", "LD_DEBUG=libs");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("sudokit-pdf-reader.so"), std::string::npos) << r.err;
  r = run_sudokit("preflight " + pdf + " --trim 6x9", "", "", "LD_DEBUG=libs");
  EXPECT_EQ(r.status, 0) << r.out;
  EXPECT_NE(r.out.find("passes preflight"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("sudokit-pdf-reader.so"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("libpoppler"), std::string::npos) << r.err;

  const std::string missing = dir_.file("none.so");
  r = run_sudokit("preflight " + pdf + " --trim 6x9", "", "", "SUDOKIT_PDF_READER=" + missing);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out.find("passes"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("b.pdf: PDFs cannot be read: the PDF reader module (sudokit-pdf-reader.so, poppler) cannot be "
                       "loaded: " + missing),
            std::string::npos)
      << r.err;
  // A print book that cannot be checked is not written.
  const std::string unchecked = dir_.file("u.pdf");
  r = run_sudokit("book --db " + db + " --level medium --count 8 --trim 6x9 --pad-to 24 --out " + unchecked, "", "",
                  "SUDOKIT_PDF_READER=" + missing);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("PDFs cannot be read"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(unchecked));
}

TEST_F(DailyBookCli, BookReadsLikeABook) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  const auto r = run_sudokit("book --db " + db + " --level hard --count 8 --per-page 6 --show-rating "
                             "--title 'Hard Sudoku, Volume 1' --subtitle 'For the train' --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(pdfinfo(pdf, "Title"), "Hard Sudoku, Volume 1");
  EXPECT_EQ(pdfinfo(pdf, "Pages"), "4");
  const std::string title = page_text(pdf, 1);
  EXPECT_NE(title.find("Hard Sudoku, Volume 1"), std::string::npos) << title;
  EXPECT_NE(title.find("For the train"), std::string::npos);
  // A subtitle replaces the summary line (which a book without one has).
  EXPECT_EQ(title.find("8 puzzles, all Hard"), std::string::npos) << title;
  EXPECT_NE(title.find("solutions start on page 4"), std::string::npos) << title;
  ASSERT_EQ(run_sudokit("book --db " + db + " --level hard --count 8 --title T --out " + dir_.file("s.pdf")).status, 0);
  EXPECT_NE(page_text(dir_.file("s.pdf"), 1).find("8 puzzles, all Hard"), std::string::npos);
  const std::string first = page_text(pdf, 2);
  for (int n = 1; n <= 6; ++n) EXPECT_NE(first.find("Puzzle " + std::to_string(n)), std::string::npos) << first;
  EXPECT_EQ(first.find("Puzzle 7"), std::string::npos);
  EXPECT_NE(first.find("Hard · rating "), std::string::npos) << first;
  EXPECT_NE(page_text(pdf, 3).find("Puzzle 8"), std::string::npos);
  const std::string solutions = page_text(pdf, 4);
  EXPECT_NE(solutions.find("Solutions"), std::string::npos);
  // The font is DejaVu Sans, embedded.
  const std::string fonts = shell("pdffonts " + pdf);
  EXPECT_NE(fonts.find("DejaVuSans "), std::string::npos) << fonts;
  EXPECT_NE(fonts.find("DejaVuSans-Bold"), std::string::npos) << fonts;
  EXPECT_EQ(fonts.find(" no "), std::string::npos) << "a font is not embedded:\n" << fonts;
}

TEST_F(DailyBookCli, BookFrontMatterCopyrightIsbnAndHowToPlay) {
  const std::string db = store(), pdf = dir_.file("b.pdf"), manifest = dir_.file("b.json");
  auto r = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 40 --trim 6x9 --title Road "
                       "--copyright 'Copyright (c) 2026 Jane Doe' --copyright 'All rights reserved.' "
                       "--isbn 978-3-16-148410-0 --how-to-play --manifest " + manifest + " --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  // Page 2, the title page's back: the copyright lines and the ISBN.
  const std::string copyright = page_text(pdf, 2);
  EXPECT_NE(copyright.find("Copyright (c) 2026 Jane Doe"), std::string::npos) << copyright;
  EXPECT_NE(copyright.find("All rights reserved."), std::string::npos) << copyright;
  EXPECT_NE(copyright.find("ISBN 978-3-16-148410-0"), std::string::npos) << copyright;
  // Contents (3), how to play (4): the rules, the levels with their ratings here.
  EXPECT_NE(page_text(pdf, 3).find("Contents"), std::string::npos);
  std::string how;  // the page's words, one space between them (lines wrap)
  {
    std::istringstream words(page_text(pdf, 4));
    for (std::string w; words >> w;) how += (how.empty() ? "" : " ") + w;
  }
  EXPECT_NE(how.find("How to play"), std::string::npos) << how;
  EXPECT_NE(how.find("The levels"), std::string::npos) << how;
  const auto m = nlohmann::json::parse(slurp(manifest));
  for (const char* level : {"Medium", "Hard"}) EXPECT_NE(how.find(level), std::string::npos) << how;
  double low = 99, high = 0;
  for (const auto& p : m["puzzles"])
    if (p["level"] == "hard") low = std::min(low, p["er"].get<double>()), high = std::max(high, p["er"].get<double>());
  char range[64];
  std::snprintf(range, sizeof range, "rated %.1f to %.1f", low, high);
  EXPECT_NE(how.find(range), std::string::npos) << range << "\n" << how;
  EXPECT_NE(how.find("solutions start on page"), std::string::npos);
  // The first section's title page, before puzzle 1, is a right-hand page;
  // the title page has no rules now.
  EXPECT_EQ((m["puzzles"][0]["page"].get<int>() - 1) % 2, 1) << m["puzzles"][0];
  EXPECT_NE(page_text(pdf, m["puzzles"][0]["page"].get<int>() - 1).find("Puzzles 1 to 40"), std::string::npos);
  EXPECT_EQ(page_text(pdf, 1).find("How to play"), std::string::npos);
  // The title page names the author and the imprint when given.
  r = run_sudokit("book --db " + db + " --level hard --count 4 --author 'A. Setter' --imprint 'Grid & Pencil Press' "
                  "--out " + dir_.file("a.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string title_page = page_text(dir_.file("a.pdf"), 1);
  EXPECT_NE(title_page.find("A. Setter"), std::string::npos) << title_page;
  EXPECT_NE(title_page.find("Grid & Pencil Press"), std::string::npos) << title_page;
  EXPECT_NE(title_page.find("How to play"), std::string::npos) << title_page;
  r = run_sudokit("book --db " + db + " --level hard --count 4 --author '\xE6\x95\xB0' --out " + dir_.file("x.pdf"));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--author: the book's font (DejaVu Sans) has no glyph"), std::string::npos) << r.err;
  // The printer's rules hold.
  r = run_sudokit("preflight " + pdf);
  EXPECT_EQ(r.status, 0) << r.out;
  // A wrong check digit, or not an ISBN: a usage error, nothing written.
  for (const char* bad : {"978-3-16-148410-1", "12345", "0-306-40615-3", "97831614841X0"}) {
    r = run_sudokit("book --db " + db + " --level hard --count 4 --isbn " + std::string(bad) + " --out " + dir_.file("x.pdf"));
    EXPECT_EQ(r.status, 2) << bad << ": " << r.err;
    EXPECT_NE(r.err.find("is not an ISBN"), std::string::npos) << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir_.file("x.pdf")));
  // Text the font has no glyph for is refused, naming the characters.
  r = run_sudokit("book --db " + db + " --level hard --count 4 --title '\xE6\x95\xB0\xE7\x8B\xAC' --out " + dir_.file("x.pdf"));
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("--title: the book's font (DejaVu Sans) has no glyph for U+6570"), std::string::npos) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("x.pdf")));
  // An ISBN-10 (with X) is taken; on paper the copyright page is page 2.
  r = run_sudokit("book --db " + db + " --level hard --count 4 --isbn 0-8044-2957-X --out " + dir_.file("p.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(page_text(dir_.file("p.pdf"), 2).find("ISBN 0-8044-2957-X"), std::string::npos);
}

TEST_F(DailyBookCli, BookIpuzDirHoldsTheBooksPuzzlesAsDbExportWritesThem) {
  const std::string db = store(), dir = dir_.file("ipuz"), manifest = dir_.file("b.json");
  auto r = run_sudokit("book --db " + db + " --levels medium,hard --count 12 --ipuz-dir " + dir + " --manifest " +
                       manifest + " --out " + dir_.file("b.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("12 ipuz files in " + dir), std::string::npos) << r.err;
  // The same documents `db export --format ipuz` writes for those puzzles.
  const std::string all = dir_.file("all");
  ASSERT_EQ(run_sudokit("db export --db " + db + " --format ipuz --out " + all).status, 0);
  const auto m = nlohmann::json::parse(slurp(manifest));
  ASSERT_EQ(m["puzzles"].size(), 12u);
  std::size_t files = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    ++files;
    EXPECT_EQ(slurp(e.path().string()), slurp(all + "/" + e.path().filename().string())) << e.path();
  }
  EXPECT_EQ(files, 12u);
  // GID.ipuz, or _GID.ipuz for an id that begins with '-': no name reads as an option.
  auto stem = [](const std::string& gid) { return (gid[0] == '-' ? "_" : "") + gid; };
  for (const auto& p : m["puzzles"])
    EXPECT_TRUE(std::filesystem::exists(dir + "/" + stem(p["gid"].get<std::string>()) + ".ipuz")) << p;
  std::size_t dashed = 0, exported = 0;
  for (const auto& e : std::filesystem::directory_iterator(all)) {
    const std::string name = e.path().filename().string();
    ++exported;
    EXPECT_NE(name[0], '-') << name;
    const std::string gid = json::parse(slurp(e.path().string()))["uniqueid"].get<std::string>();
    EXPECT_EQ(name, stem(gid) + ".ipuz");
    if (gid[0] == '-') ++dashed;
  }
  EXPECT_EQ(exported, 400u);
  EXPECT_GT(dashed, 0u) << "no id begins with '-' in this store: the names are not tried";
  // A book that fails writes no ipuz file either, and leaves no directory it made.
  const std::string dir2 = dir_.file("ipuz2");
  r = run_sudokit("book --db " + db + " --level hard --count 4 --ipuz-dir " + dir2 + " --out " +
                  dir_.file("missing/b.pdf"));
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir2));
  // The same when it fails after the documents were staged: the used marks
  // cannot be written (another connection holds the write lock).
  sqlite3* lock = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &lock), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(lock, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr), SQLITE_OK);
  const std::string dir3 = dir_.file("new/ipuz3");
  r = run_sudokit("book --db " + db + " --level hard --count 4 --mark-used --busy-timeout 0 --ipuz-dir " + dir3 +
                  " --out " + dir_.file("c.pdf"));
  sqlite3_exec(lock, "ROLLBACK", nullptr, nullptr, nullptr);
  sqlite3_close(lock);
  EXPECT_EQ(r.status, 1) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir_.file("c.pdf")));
  EXPECT_FALSE(std::filesystem::exists(dir_.file("new"))) << r.err;
}

TEST_F(DailyBookCli, BookSpeaksTheLanguageAskedAndTakesALabelFile) {
  const std::string db = store(), pdf = dir_.file("fr.pdf");
  auto r = run_sudokit("book --db " + db + " --levels medium,hard --count-per-level 6 --per-page 6 --show-rating "
                       "--sections --how-to-play --language fr --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err;
  std::string text;  // every page's words, one space between them (pdftotext gives no-break spaces as spaces)
  {
    std::istringstream words(shell("pdftotext " + pdf + " -"));
    for (std::string w; words >> w;) text += (text.empty() ? "" : " ") + w;
  }
  for (const char* words : {"12 grilles : 6 Moyen, 6 Difficile", "Sommaire", "R\xC3\xA8gles du jeu", "Les niveaux",
                            "Grilles 1 \xC3\xA0 6", "Grille 1", "Moyen \xC2\xB7 note 1,"})
    EXPECT_NE(text.find(words), std::string::npos) << words << "\n" << text.substr(0, 600);
  EXPECT_EQ(text.find("Puzzle "), std::string::npos);
  // A label file over the language: its words, the rest French.
  std::ofstream(dir_.file("labels.json")) << R"({"puzzle": "N\u00b0 {n}", "levels": {"hard": "Costaud"}})";
  r = run_sudokit("book --db " + db + " --levels medium,hard --count 4 --per-page 4 --language fr --labels " +
                  dir_.file("labels.json") + " --out " + dir_.file("l.pdf"));
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string page = page_text(dir_.file("l.pdf"), 2);
  EXPECT_NE(page.find("N\xC2\xB0 1"), std::string::npos) << page;
  EXPECT_NE(shell("pdftotext " + dir_.file("l.pdf") + " -").find("Costaud"), std::string::npos);
  // Refused: an unknown language, a label that drops its number, words the font cannot print.
  std::ofstream(dir_.file("lost.json")) << R"({"puzzle": "Puzzle"})";
  std::ofstream(dir_.file("cjk.json")) << R"({"solutions": "\u89e3\u7b54"})";
  for (const auto& [args, message] : std::vector<std::pair<std::string, std::string>>{
           {"--language it", "unknown --language 'it' (expected en, de, fr or es)"},
           {"--labels " + dir_.file("lost.json"), "lost.json: puzzle: the text must hold {n}"},
           {"--labels " + dir_.file("cjk.json"), "has no glyph for U+89E3"},
           {"--labels " + dir_.file("none.json"), "none.json: cannot read"}}) {
    r = run_sudokit("book --db " + db + " --level hard --count 4 " + args + " --out " + dir_.file("x.pdf"));
    EXPECT_EQ(r.status, 2) << args << ": " << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << ": " << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir_.file("x.pdf")));
}

TEST_F(DailyBookCli, BookIsReproducibleWithSourceDateEpoch) {
  const std::string db = store();
  const std::string cmd = std::string("SOURCE_DATE_EPOCH=1798761600 ") + SUDOKIT_BIN + " book --db " + db +
                          " --levels medium,hard --count 9 --title Reproducible --out ";
  int status = 0;
  shell(cmd + dir_.file("a.pdf") + " 2>/dev/null", &status);
  ASSERT_EQ(status, 0);
  sleep(1);  // a different second: only the fixed date can make them equal
  shell(cmd + dir_.file("b.pdf") + " 2>/dev/null", &status);
  ASSERT_EQ(status, 0);
  EXPECT_EQ(slurp(dir_.file("a.pdf")), slurp(dir_.file("b.pdf")));
  EXPECT_NE(pdfinfo(dir_.file("a.pdf"), "CreationDate").find("2027"), std::string::npos);
}

json manifest(const std::string& path) { return json::parse(slurp(path)); }

std::set<long long> manifest_ids(const json& m) {
  std::set<long long> ids;
  for (const auto& p : m["puzzles"]) ids.insert(p["id"].get<long long>());
  return ids;
}

TEST_F(DailyBookCli, BookMixesLevelsInAscendingDifficulty) {
  const std::string db = store();
  const auto r = run_sudokit("book --db " + db + " --levels hard,medium,diabolical --count 10 --out " + dir_.file("b.pdf") +
                             " --manifest " + dir_.file("m.json"));
  ASSERT_EQ(r.status, 0) << r.err;
  const json m = manifest(dir_.file("m.json"));
  ASSERT_EQ(m["puzzles"].size(), 10u);
  // 10 shared out among 3 levels: 4 medium, 3 hard, 3 diabolical, in that order.
  std::vector<std::string> levels;
  for (const auto& p : m["puzzles"]) levels.push_back(p["level"]);
  EXPECT_EQ(levels, (std::vector<std::string>{"medium", "medium", "medium", "medium", "hard", "hard", "hard", "diabolical",
                                              "diabolical", "diabolical"}));
  for (std::size_t i = 1; i < 10; ++i) {
    EXPECT_EQ(m["puzzles"][i]["number"], i + 1);
    if (levels[i] == levels[i - 1]) {
      EXPECT_LE(m["puzzles"][i - 1]["er"].get<double>(), m["puzzles"][i]["er"].get<double>());
    }
  }
  for (const auto& p : m["puzzles"]) {
    const Grid puzzle = grid_of(p["puzzle"].get<std::string>());
    EXPECT_EQ(solve(puzzle, 2).count, 1u);
    EXPECT_EQ(format_line(solve(puzzle, 2).solution), p["solution"]);
  }
  EXPECT_NE(page_text(dir_.file("b.pdf"), 1).find("10 puzzles: 4 Medium, 3 Hard, 3 Diabolical"), std::string::npos);
  // Explicit counts per level.
  ASSERT_EQ(run_sudokit("book --db " + db + " --levels medium:2,hard:5 --out " + dir_.file("b.pdf") + " --manifest " +
                        dir_.file("m.json"))
                .status,
            0);
  EXPECT_EQ(manifest(dir_.file("m.json"))["puzzles"].size(), 7u);
}

TEST_F(DailyBookCli, MarkUsedMeansNoLaterBookOrDailyRepeatsAPuzzle) {
  const std::string db = store();
  auto book = [&](const std::string& name, const std::string& extra) {
    const auto r = run_sudokit("book --db " + db + " --levels medium,hard --count 20 --title '" + name + "' --out " +
                               dir_.file(name + ".pdf") + " --manifest " + dir_.file(name + ".json") + " " + extra);
    EXPECT_EQ(r.status, 0) << r.err;
    return manifest_ids(manifest(dir_.file(name + ".json")));
  };
  // Without --mark-used, the same book twice.
  const auto draft1 = book("draft1", ""), draft2 = book("draft2", "");
  EXPECT_EQ(draft1, draft2);
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), 0);
  // With it, each book is new.
  const auto v1 = book("v1", "--mark-used"), v2 = book("v2", "--mark-used");
  EXPECT_EQ(v1, draft1);
  EXPECT_EQ(v1.size(), 20u);
  EXPECT_EQ(v2.size(), 20u);
  for (long long id : v2) EXPECT_EQ(v1.count(id), 0u) << id;
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used WHERE kind = 'book'"), 40);
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used WHERE label = 'v2'"), 20);
  const auto stats = run_sudokit("db stats --db " + db);
  EXPECT_NE(stats.out.find("used (never picked again): 40 by book"), std::string::npos) << stats.out;
  // A daily export afterwards skips the books' puzzles.
  const auto d = run_sudokit("daily --db " + db + " --from 2027-01-01 --days 30 --levels medium,hard --format ndjson");
  ASSERT_EQ(d.status, 0) << d.err;
  std::istringstream lines(d.out);
  std::set<long long> daily;
  for (std::string line; std::getline(lines, line);) {
    const json day = json::parse(line);
    for (const auto& [level, p] : day["puzzles"].items()) daily.insert(p["id"].get<long long>());
  }
  EXPECT_EQ(daily.size(), 60u);
  for (long long id : daily) EXPECT_TRUE(v1.count(id) == 0 && v2.count(id) == 0) << id;
  // And a later book skips the daily puzzles; --include-used may take anything.
  const auto v3 = book("v3", "");
  for (long long id : v3) EXPECT_TRUE(v1.count(id) == 0 && v2.count(id) == 0 && daily.count(id) == 0) << id;
  EXPECT_EQ(book("anthology", "--include-used"), draft1);
}

TEST_F(DailyBookCli, BookRunningShortWritesNothing) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  const long long expert = level_count(db, "expert");
  const auto r = run_sudokit("book --db " + db + " --levels medium:5,expert:" + std::to_string(expert + 7) +
                             " --mark-used --out " + pdf);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("expert: " + std::to_string(expert + 7) + " needed, " + std::to_string(expert) +
                       " available (7 missing)"),
            std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("sudokit generate --db " + db + " --level expert --count 7"), std::string::npos) << r.err;
  EXPECT_EQ(r.err.find("medium:"), std::string::npos) << "medium is not short";
  EXPECT_FALSE(std::filesystem::exists(pdf));
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), 0);
}

/// Outcomes of runs sent SIGINT at moments spread over one run's duration.
struct Interrupts {
  int stopped = 0, completed = 0, killed = 0;
};

/// Runs `args(db)` eight times on fresh copies of the store and sends SIGINT
/// at moments spread over a run; `check(db, exit status or -1 if killed, stderr)`
/// checks each outcome. No run may leave a temporary file in `dir`. Repeats
/// (at most twice) while no run was stopped cleanly.
template <class Args, class Check>
Interrupts interrupt_runs(const std::function<std::string()>& fresh_store, const std::string& dir, Args args, Check check) {
  Interrupts n;
  // Up to three rounds, each timed afresh, until one run is stopped mid-write
  // (a round's timing can be off on a loaded machine).
  for (int round = 0; round < 3 && n.stopped == 0; ++round) {
    const auto t0 = std::chrono::steady_clock::now();
    EXPECT_EQ(run_sudokit(args(fresh_store())).status, 0);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    for (int i = 0; i < 8; ++i) {
      const std::string db = fresh_store();
      const pid_t pid = spawn(args(db), dir + "/out", dir + "/err");
      std::this_thread::sleep_for(std::chrono::duration<double>(seconds * (0.2 + 0.08 * i)));
      kill(pid, SIGINT);
      int status = 0;
      waitpid(pid, &status, 0);
      for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        EXPECT_FALSE(e.path().filename().string().starts_with(".sudokit-")) << e.path();  // temporary, backup, lock
      const int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
      if (!WIFEXITED(status)) {
        EXPECT_EQ(WTERMSIG(status), SIGINT);
      }
      check(db, code, slurp(dir + "/err"));
      ++(code == 0 ? n.completed : code == 130 ? n.stopped : n.killed);
    }
    std::printf("round %d, one run %.3f s; so far %d stopped cleanly, %d completed, %d killed before the handler\n",
                round + 1, seconds, n.stopped, n.completed, n.killed);
  }
  return n;
}

// Ctrl-C during a book: every run ends with the whole book and its puzzles
// marked used, or with no book, nothing marked and no temporary file left
// (exit 130, or killed outright before the handler is in place). At least
// one run must be stopped cleanly mid-render.
TEST_F(DailyBookCli, CtrlCDuringABookLeavesNoFileAndMarksNothing) {
  const long long medium = level_count(store(), "medium");
  ASSERT_GT(medium, 100);
  const std::string pdf = dir_.file("b.pdf");
  const auto n = interrupt_runs(
      [&] { return store(); }, dir_.file(""),
      [&](const std::string& db) {
        std::filesystem::remove(pdf);
        return "book --db " + db + " --level medium --count " + std::to_string(medium) + " --per-page 1 --mark-used --out " + pdf;
      },
      [&](const std::string& db, int code, const std::string& err) {
        EXPECT_EQ(std::filesystem::exists(pdf), code == 0) << err;
        EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), code == 0 ? medium : 0) << err;
        if (code == 130) {
          EXPECT_NE(err.find("interrupted by SIGINT: " + pdf + " was not written and no puzzle was marked used"),
                    std::string::npos)
              << err;
        } else if (code != -1) {
          EXPECT_EQ(code, 0) << err;
        }
      });
  EXPECT_GE(n.stopped, 1);
}

// Ctrl-C during a daily export: all the files and the assignment, or
// neither.
TEST_F(DailyBookCli, CtrlCDuringADailyExportWritesAndAssignsAllOrNothing) {
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

TEST_F(DailyBookCli, BookRejectsBadRequestsClearly) {
  const std::string db = store(), pdf = dir_.file("b.pdf");
  const std::string base = "book --db " + db + " ";
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {"--level hard --count 6 --per-page 5 --out " + pdf, 2, "--per-page must be 1, 2, 4 or 6 (found 5)"},
      {"--level hard --count 6 --per-page 0 --out " + pdf, 2, "--per-page must be 1, 2, 4 or 6"},
      {"--level hard --count 6 --paper a5 --out " + pdf, 2, "unknown --paper 'a5' (expected a4 or letter)"},
      {"--level hardd --count 6 --out " + pdf, 2, "--level: unknown level 'hardd'"},
      {"--levels medium,hardd --count 6 --out " + pdf, 2, "--levels: unknown level 'hardd'"},
      {"--level hard --levels medium --count 6 --out " + pdf, 2, "give --level or --levels, not both"},
      {"--level hard --out " + pdf, 2, "--count N is required with --level"},
      {"--count 6 --out " + pdf, 2, "give the level"},
      {"--level hard --count 0 --out " + pdf, 2, "--count must be a whole number from 1 to 10000 (found 0)"},
      {"--level hard --count 6", 2, "--out FILE.pdf is required"},
      {"--levels medium:2,hard --out " + pdf, 2, "give a count for every level"},
      {"--levels medium:2,hard:3 --count 6 --out " + pdf, 2, "the counts add up to 5 but --count is 6"},
      {"--levels medium:x --out " + pdf, 2, "'medium:x': the count after ':' must be a whole number"},
      {"--levels medium,hard,expert --count 2 --out " + pdf, 2, "--count 2 is less than the 3 levels"},
      {"--level hard --count 6 --solutions --no-solutions --out " + pdf, 2, "give --solutions or --no-solutions"},
      {"--level hard --count 6 --title '' --out " + pdf, 2, "--title must not be empty"},
  };
  for (const auto& [args, status, message] : cases) {
    const auto r = run_sudokit(base + args);
    EXPECT_EQ(r.status, status) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(pdf));
  const auto missing = run_sudokit("book --db " + dir_.file("none.db") + " --level hard --count 2 --out " + pdf);
  EXPECT_EQ(missing.status, 1);
  EXPECT_FALSE(std::filesystem::exists(dir_.file("none.db")));
  const auto unwritable = run_sudokit(base + "--level hard --count 2 --mark-used --out " + dir_.file("no/such/dir/b.pdf"));
  EXPECT_EQ(unwritable.status, 1);
  EXPECT_NE(unwritable.err.find("no/such/dir/b.pdf: cannot write: No such file or directory"), std::string::npos)
      << unwritable.err;
  EXPECT_EQ(sql_integer(db, "SELECT count(*) FROM used"), 0);  // no book, no marks
  EXPECT_EQ(run_sudokit("book --help").status, 0);
}

// --- render ----------------------------------------------------------------------

constexpr const char* kPuzzle = ".49..........9.21....6....5....5.3242.5.........1.8...8.43....6.5.......32..8....";

TEST_F(DailyBookCli, RenderWritesSvgThatParsesAsXmlAndPngAndPdf) {
  const std::string svg = dir_.file("p.svg"), png = dir_.file("p.png"), pdf = dir_.file("p.pdf");
  ASSERT_EQ(run_sudokit(std::string("render ") + kPuzzle + " --out " + svg).status, 0);
  int status = 0;
  const std::string root = shell("xmllint --xpath 'name(/*)' " + svg, &status);
  EXPECT_EQ(status, 0);
  EXPECT_EQ(root, "svg\n");
  EXPECT_EQ(shell("xmllint --noout " + svg + " 2>&1", &status), "");
  EXPECT_EQ(status, 0);
  // To stdout with --format.
  const auto out = run_sudokit(std::string("render ") + kPuzzle + " --format svg");
  EXPECT_EQ(out.status, 0);
  EXPECT_EQ(out.out, slurp(svg));

  const auto r = run_sudokit(std::string("render ") + kPuzzle + " --out " + png + " --size 600 --caption 'Daily Sudoku'");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string bytes = slurp(png);
  ASSERT_GT(bytes.size(), 24u);
  EXPECT_EQ(bytes.substr(1, 3), "PNG");
  auto be32 = [&](std::size_t at) {
    return (static_cast<unsigned char>(bytes[at]) << 24) | (static_cast<unsigned char>(bytes[at + 1]) << 16) |
           (static_cast<unsigned char>(bytes[at + 2]) << 8) | static_cast<unsigned char>(bytes[at + 3]);
  };
  EXPECT_EQ(be32(16), 600);   // IHDR width
  EXPECT_GT(be32(20), 600u);  // taller: the caption
  ASSERT_EQ(run_sudokit(std::string("render ") + kPuzzle + " --out " + pdf + " --solution").status, 0);
  EXPECT_EQ(pdfinfo(pdf, "Pages"), "1");
  const std::string digits = shell("pdftotext " + pdf + " - | tr -cd 1-9 | wc -c");
  EXPECT_EQ(std::stoi(digits), 81);  // the solution: every cell
  // From a file, and from stdin.
  std::ofstream(dir_.file("in.txt")) << "# a puzzle\n" << kPuzzle << "\n";
  EXPECT_EQ(run_sudokit("render " + dir_.file("in.txt") + " --format svg").out, slurp(svg));
  EXPECT_EQ(run_sudokit("render - --format svg", std::string(kPuzzle) + "\n").out, slurp(svg));
}

TEST_F(DailyBookCli, RenderDrawsEveryPuzzleOfAFileIntoADirectory) {
  // Five stored puzzles, then a line that is no puzzle and one with two solutions.
  const auto five = run_sudokit("db export --db " + store() + " --format line --limit 5");
  ASSERT_EQ(five.status, 0) << five.err;
  std::string several = kPuzzle;
  several[1] = '.';
  several[2] = '.';
  std::ofstream(dir_.file("set.txt")) << five.out << "12345\n" << several << "\n";
  const std::string dir = dir_.file("images");
  auto r = run_sudokit("render " + dir_.file("set.txt") + " --out-dir " + dir + " --dpi 150");
  EXPECT_EQ(r.status, 1) << r.err;  // the two bad records
  EXPECT_NE(r.err.find("set.txt:6: "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("set.txt:7: the puzzle has several solutions"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("5 images written to " + dir), std::string::npos) << r.err;
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) names.push_back(e.path().filename().string());
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"0001.png", "0002.png", "0003.png", "0004.png", "0005.png"}));
  // Each image is the puzzle of its line, drawn as render draws one.
  std::istringstream lines(five.out);
  std::string line;
  for (int n = 1; std::getline(lines, line); ++n) {
    const std::string one = dir_.file("one.png");
    ASSERT_EQ(run_sudokit("render " + line + " --dpi 150 --out " + one).status, 0);
    EXPECT_EQ(slurp(dir + "/000" + std::to_string(n) + ".png"), slurp(one)) << n;
  }
  // Named by global id, as SVG.
  r = run_sudokit("render " + dir_.file("set.txt") + " --out-dir " + dir_.file("byid") + " --name gid --format svg");
  EXPECT_EQ(r.status, 1);
  const auto ids = nlohmann::json::parse(run_sudokit("db export --db " + store() + " --format json --columns gid,puzzle --limit 5").out);
  ASSERT_EQ(ids.size(), 5u);
  for (const auto& row : ids)
    EXPECT_TRUE(std::filesystem::exists(dir_.file("byid") + "/" + row["gid"].get<std::string>() + ".svg")) << row;
  // A puzzle given twice is one image, counted once (it was "10 images" for 5 files).
  std::ofstream(dir_.file("twice.txt")) << five.out << five.out;
  r = run_sudokit("render " + dir_.file("twice.txt") + " --out-dir " + dir_.file("twice") + " --name gid --format svg");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find("5 images written to " + dir_.file("twice") + "; 5 records repeat a puzzle drawn already"),
            std::string::npos)
      << r.err;
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& e : std::filesystem::directory_iterator(dir_.file("twice"))) ++files;
  EXPECT_EQ(files, 5u);
  // Usage: one output kind, --name only with --out-dir, each said as it is.
  r = run_sudokit("render " + dir_.file("set.txt") + " --out-dir " + dir + " --out x.png");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("not both"), std::string::npos) << r.err;
  r = run_sudokit(std::string("render ") + kPuzzle + " --name gid --out " + dir_.file("x.png"));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--name names the images of --out-dir DIR"), std::string::npos) << r.err;
  r = run_sudokit("render " + dir_.file("set.txt") + " --out-dir " + dir + " --name title");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("unknown --name 'title' (expected number or gid)"), std::string::npos) << r.err;
}

TEST_F(DailyBookCli, RenderRejectsBadPuzzlesAndOptions) {
  std::string conflict = kPuzzle;
  conflict[0] = '4';  // a second 4 in row 1
  std::string several = kPuzzle;
  several[1] = '.';
  several[2] = '.';
  const std::string out = dir_.file("x.png");
  const std::vector<std::tuple<std::string, int, std::string>> cases = {
      {conflict + " --out " + out, 1, "digit 4 appears twice"},
      {several + " --out " + out, 1, "the puzzle has several solutions"},
      {std::string(81, '1') + " --out " + out, 1, "appears twice"},
      {std::string(kPuzzle).substr(0, 80) + "x --out " + out, 1, "PUZZLE: column 81"},
      {dir_.file("nothing.txt") + " --out " + out, 1, "nothing.txt: cannot read"},
      {std::string(kPuzzle) + " --out " + dir_.file("x.gif"), 2, "give --format svg|png|pdf or an --out name ending in"},
      {std::string(kPuzzle) + " --format bmp --out " + out, 2, "unknown --format 'bmp'"},
      {std::string(kPuzzle) + " --format svg --out " + out, 2, "--format svg does not match the name"},
      {std::string(kPuzzle) + " --size 10 --out " + out, 2, "--size must be a number from 64 to 20000 (found 10)"},
      {std::string(kPuzzle) + " " + kPuzzle + " --out " + out, 2, "give exactly one PUZZLE"},
      {"--out " + out, 2, "give exactly one PUZZLE"},
  };
  for (const auto& [args, status, message] : cases) {
    const auto r = run_sudokit("render " + args);
    EXPECT_EQ(r.status, status) << args << "\n" << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << args << "\n" << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(out));
  EXPECT_EQ(run_sudokit("render --help").status, 0);
}

// --- how to play on every trim ----------------------------------------------------

/// A small store of 3 puzzles of each of five levels (easy to expert, from
/// data/se_rated_calibration.tsv, graded as they are imported), made in
/// a tenth of a second, so each case of the suite below makes its own.
class HowToPlayFits : public ::testing::TestWithParam<std::tuple<const char*, int, const char*, bool>> {
 protected:
  void SetUp() override {
    std::ifstream in(std::string(SUDOKIT_DATA_DIR) + "/se_rated_calibration.tsv");
    std::ofstream out(dir_.file("p.txt"));
    std::map<std::string, int> taken;
    std::string line;
    std::getline(in, line);  // the header
    while (std::getline(in, line)) {
      const std::string puzzle = line.substr(0, line.find('\t'));
      const double er = std::stod(line.substr(line.find('\t') + 1));
      const char* level = er < 1.5 ? "easy" : er < 2.5 ? "medium" : er < 5 ? "hard" : er < 7 ? "diabolical" : er < 8.5 ? "expert" : "";
      if (*level && taken[level]++ < 3) out << puzzle << '\n';
    }
    out.close();
    const auto r = run_sudokit("db import " + dir_.file("p.txt") + " --db " + dir_.file("s.db"));
    ASSERT_EQ(r.status, 0) << r.err;
  }
  TempDir dir_;
};

// The how-to-play page with four or five levels in each language on each
// trim, with and without bleed: the book's own preflight passes (it would
// not write the book otherwise), `sudokit preflight` agrees, and the text
// is whole (its last paragraph, the rating scale, is in the PDF).
TEST_P(HowToPlayFits, OnEveryTrimInEveryLanguage) {
  const auto& [language, levels, trim, bleed] = GetParam();
  const std::string pdf = dir_.file("b.pdf");
  const std::string list = levels == 4 ? "easy,medium,hard,expert" : "easy,medium,hard,diabolical,expert";
  auto r = run_sudokit("book --db " + dir_.file("s.db") + " --levels " + list + " --count-per-level 3 --trim " + trim +
                       (bleed ? " --bleed" : "") + " --how-to-play --pad-to 24 --language " + language + " --out " + pdf);
  ASSERT_EQ(r.status, 0) << r.err << r.out;
  r = run_sudokit("preflight " + pdf + " --trim " + trim);
  EXPECT_EQ(r.status, 0) << r.out;
  std::string text;  // the words of the book, one space between them
  {
    std::istringstream words(shell("pdftotext -enc UTF-8 " + pdf + " -"));
    for (std::string w; words >> w;) text += (text.empty() ? "" : " ") + w;
  }
  const std::map<std::string, std::string> last_words = {{"en", "the hardest puzzles known."},
                                                         {"de", "schwersten bekannten R\xC3\xA4tsel."},
                                                         {"fr", "les plus difficiles connues."},
                                                         {"es", "m\xC3\xA1s dif\xC3\xAD" "ciles que se conocen."}};
  EXPECT_NE(text.find(last_words.at(language)), std::string::npos) << text;
}

INSTANTIATE_TEST_SUITE_P(Books, HowToPlayFits,
                         ::testing::Combine(::testing::Values("en", "de", "fr", "es"), ::testing::Values(4, 5),
                                            ::testing::Values("5x8", "5.5x8.5", "6x9", "7x10", "8.5x11"),
                                            ::testing::Bool()),
                         [](const auto& info) {
                           std::string name = std::string(std::get<0>(info.param)) + "_" +
                                              std::to_string(std::get<1>(info.param)) + "levels_" +
                                              std::get<2>(info.param) + (std::get<3>(info.param) ? "_bleed" : "");
                           for (char& c : name)
                             if (c == '.') c = '_';
                           return name;
                         });

}  // namespace
}  // namespace sudokit
