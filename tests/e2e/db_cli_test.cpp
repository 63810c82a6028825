// End-to-end tests of `sudokit db`: the real command on real files, including
// the failures the store must survive: a process killed with SIGKILL in the
// middle of an import, SIGTERM (commit the batch, report the count), two and
// four processes writing one file at once, a full disk (ulimit -f), a lock
// held by someone else, files that are not databases or not writable.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>

#include "run.hpp"
#include "store_check.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"
#include "sudokit/solver/transform.hpp"

namespace sudokit {
namespace {

using namespace sudokit::test;

/// Every stored row is complete and right: 81-character texts, the unique
/// solution, the canonical form of the puzzle. Returns the number of rows.
long long check_rows(const std::string& db) {
  sqlite3* raw = nullptr;
  sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr);
  sqlite3_stmt* st = nullptr;
  sqlite3_prepare_v2(raw, "SELECT puzzle, solution, canonical, clues, method, created_at FROM puzzles", -1, &st, nullptr);
  long long n = 0;
  while (sqlite3_step(st) == SQLITE_ROW) {
    ++n;
    auto col = [&](int i) {
      const auto* t = sqlite3_column_text(st, i);
      return t == nullptr ? std::string("<null>") : std::string(reinterpret_cast<const char*>(t));
    };
    Grid puzzle, solution, canonical;
    ParseError e;
    EXPECT_TRUE(parse_puzzle(col(0), puzzle, e)) << col(0);
    EXPECT_TRUE(parse_puzzle(col(1), solution, e)) << col(1);
    EXPECT_TRUE(parse_puzzle(col(2), canonical, e)) << col(2);
    const SolveResult r = solve(puzzle, 2);
    EXPECT_EQ(r.count, 1u);
    EXPECT_EQ(r.solution, solution);
    EXPECT_EQ(sqlite3_column_int(st, 3), puzzle.clue_count());
    if (n % 500 == 1) {
      EXPECT_EQ(canonical_form(puzzle), canonical);  // a sample: the form is costly
    }
    EXPECT_EQ(col(4), "import");
    EXPECT_EQ(col(5).size(), 20u);
  }
  sqlite3_finalize(st);
  sqlite3_close_v2(raw);
  return n;
}

TEST(DbCli, UsageErrors) {
  EXPECT_EQ(run_sudokit("db").status, 2);
  EXPECT_EQ(run_sudokit("db frobnicate").status, 2);
  auto help = run_sudokit("db --help");
  EXPECT_EQ(help.status, 0);
  EXPECT_NE(help.out.find("import"), std::string::npos);
  for (const char* sub : {"stats", "export", "import", "merge", "regrade"}) {
    auto h = run_sudokit(std::string("db ") + sub + " --help");
    EXPECT_EQ(h.status, 0) << sub;
    EXPECT_NE(h.out.find("--db"), std::string::npos) << sub;
  }
  auto no_db = run_sudokit("db stats");
  EXPECT_EQ(no_db.status, 2);
  EXPECT_NE(no_db.err.find("--db FILE is required"), std::string::npos);
  EXPECT_EQ(run_sudokit("db export --db x.db --format xml").status, 2);
  EXPECT_EQ(run_sudokit("db export --db x.db --clues 5-x").status, 2);
  EXPECT_EQ(run_sudokit("db export --db x.db --technique no-such-thing").status, 2);
  EXPECT_EQ(run_sudokit("db import --db x.db --format xml").status, 2);
  for (const char* bad : {"-1", "nan", "inf"}) {
    auto r = run_sudokit(std::string("db import --db x.db --time-limit ") + bad);
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.err.find("--time-limit must be a number from 0 to 100000000 (0 = no limit) (found " + std::string(bad) + ")"), std::string::npos) << r.err;
  }
  EXPECT_EQ(run_sudokit("db stats --db x.db --bogus").status, 2);
  EXPECT_EQ(run_sudokit("db merge --db x.db").status, 2) << "no input";
  auto regrade_missing = run_sudokit("db regrade --db x.db");
  EXPECT_EQ(regrade_missing.status, 1);
  EXPECT_NE(regrade_missing.err.find("x.db: no such database file"), std::string::npos) << regrade_missing.err;
  EXPECT_FALSE(std::filesystem::exists("x.db"));
}

TEST(DbCli, RegradeRatesAgainWhatAnotherGraderRatedAndStatsSayWhoRatedWhat) {
  TempDir dir;
  const std::string db = dir.file("r.db");
  ASSERT_EQ(run_sudokit("generate --db " + db + " --count 12 --seed 3 --level hard").status, 0);
  Raw raw(db);
  const std::string truth = raw.text("SELECT group_concat(er || level || hardest, ',') FROM puzzles");
  ASSERT_EQ(raw.exec("UPDATE puzzles SET rated_by = 'sudokit-grader/0', er = 9.9, level = 'x' WHERE id <= 5"), SQLITE_OK);
  auto stats = run_sudokit("db stats --db " + db + " --format json");
  ASSERT_EQ(stats.status, 0) << stats.err;
  const auto j = nlohmann::json::parse(stats.out);
  EXPECT_EQ(j["rated_by"]["sudokit-grader/1"], 7);
  EXPECT_EQ(j["rated_by"]["sudokit-grader/0"], 5);
  auto r = run_sudokit("db regrade --db " + db + " --threads 2");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find(db + ": 5 rows rated by another grader; 5 rated again by sudokit-grader/1 (5 changed)"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(raw.text("SELECT group_concat(er || level || hardest, ',') FROM puzzles"), truth);
  auto text = run_sudokit("db stats --db " + db);
  EXPECT_NE(text.out.find("sudokit-grader/1     12"), std::string::npos) << text.out;
  auto again = run_sudokit("db regrade --db " + db);
  EXPECT_NE(again.err.find(": 0 rows rated by another grader; 0 rated again"), std::string::npos) << again.err;
}

/// The JSON objects among the lines of `text` (progress lines on stderr).
std::vector<nlohmann::json> json_lines(const std::string& text) {
  std::vector<nlohmann::json> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] == '{') out.push_back(nlohmann::json::parse(line));
  return out;
}

// db stats on a store of variants: the runs section lists the runs of every
// geometry, each with its geometry (before, only the classic's: "none" for a
// store of variants, whose runs were invisible without --geometry); a
// classic store's runs read as before (no geometry).
TEST(DbCli, StatsListTheRunsOfEveryGeometry) {
  TempDir dir;
  const std::string db = dir.file("v.db");
  ASSERT_EQ(run_sudokit("generate --geometry 6x6 --count 3 --seed 2 --db " + db).status, 0);
  auto text = run_sudokit("db stats --db " + db);
  ASSERT_EQ(text.status, 0) << text.err;
  EXPECT_EQ(text.out.find("  none\n"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("runs (generate --db: run key, shard, rows stored of its target, indices, last commit, "
                          "geometry; the runs of every geometry):\n"),
            std::string::npos)
      << text.out;
  auto runs = nlohmann::json::parse(run_sudokit("db stats --format json --db " + db).out)["runs"];
  ASSERT_EQ(runs.size(), 1u) << runs;
  EXPECT_EQ(runs[0]["geometry"], "6x6");
  EXPECT_EQ(runs[0]["rows"], 3);
  EXPECT_EQ(runs[0]["target"], 3);
  EXPECT_NE(text.out.find("3 of 3               indices 0 to 2  last commit " + runs[0]["last_commit"].get<std::string>() +
                          "  6x6\n"),
            std::string::npos)
      << text.out;
  // A classic run beside it: both listed, with --geometry x too (a job's progress whatever it makes).
  ASSERT_EQ(run_sudokit("generate --count 2 --seed 2 --db " + db).status, 0);
  for (const char* geometry : {"", " --geometry x", " --geometry all"}) {
    runs = nlohmann::json::parse(run_sudokit("db stats --format json --db " + db + geometry).out)["runs"];
    ASSERT_EQ(runs.size(), 2u) << geometry << runs;
    std::set<std::string> seen{runs[0]["geometry"].get<std::string>(), runs[1]["geometry"].get<std::string>()};
    EXPECT_EQ(seen, (std::set<std::string>{"classic", "6x6"})) << geometry;
  }
  // A store of the classic only: no geometry in the runs.
  const std::string plain = dir.file("c.db");
  ASSERT_EQ(run_sudokit("generate --count 2 --seed 2 --db " + plain).status, 0);
  runs = nlohmann::json::parse(run_sudokit("db stats --format json --db " + plain).out)["runs"];
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_FALSE(runs[0].contains("geometry"));
  EXPECT_NE(run_sudokit("db stats --db " + plain).out.find("last commit):\n"), std::string::npos);
}

// Issue #44: operators follow sharded jobs by machine: `--progress json`
// prints one object per line (command, run key, shard, made, target, rate,
// elapsed) for generate, import, merge and regrade; `db stats` counts the
// rows of each run key and shard with their target (the `runs` table; a
// rerun with a larger --count raises it; carried by db merge) and last commit.
TEST(DbCli, ProgressAsJsonAndStatsPerRunAndShard) {
  TempDir dir;
  const std::string db = dir.file("shards.db");
  // Shard 1 of 3 of 12 puzzles: the indices 1, 4, 7, 10.
  auto shard = run_sudokit("generate --count 12 --seed 7 --threads 1 --shard 1/3 --progress json --db " + db);
  ASSERT_EQ(shard.status, 0) << shard.err;
  Raw raw(db);
  const std::string run = raw.text("SELECT DISTINCT run FROM puzzles");
  ASSERT_EQ(run.size(), 16u);
  const auto progress = json_lines(shard.err);
  ASSERT_FALSE(progress.empty()) << shard.err;
  const nlohmann::json& last = progress.back();
  EXPECT_EQ(last["command"], "generate");
  EXPECT_EQ(last["run"], run);
  EXPECT_EQ(last["shard"], "1/3");
  EXPECT_EQ(last["made"], 4);
  EXPECT_EQ(last["target"], 4);
  EXPECT_TRUE(last["rate"].is_number() && last["elapsed"].is_number()) << last.dump();
  ASSERT_EQ(run_sudokit("generate --count 12 --seed 7 --threads 1 --shard 2/3 --db " + db).status, 0);

  auto stats = run_sudokit("db stats --format json --db " + db);
  ASSERT_EQ(stats.status, 0) << stats.err;
  const auto runs = nlohmann::json::parse(stats.out)["runs"];
  ASSERT_EQ(runs.size(), 2u) << stats.out;
  EXPECT_EQ(runs[0]["run"], run);
  EXPECT_EQ(runs[0]["shard"], "1/3");
  EXPECT_EQ(runs[0]["rows"], 4);
  EXPECT_EQ(runs[0]["first_index"], 1);
  EXPECT_EQ(runs[0]["last_index"], 10);
  EXPECT_EQ(runs[0]["last_commit"], raw.text("SELECT max(created_at) FROM puzzles WHERE shard = '1/3'"));
  EXPECT_EQ(runs[0]["target"], 4);
  EXPECT_EQ(runs[0]["count"], 12);
  EXPECT_EQ(runs[1]["shard"], "2/3");
  EXPECT_EQ(runs[1]["last_index"], 11);
  EXPECT_EQ(runs[1]["target"], 4);
  auto text = run_sudokit("db stats --db " + db);
  EXPECT_NE(text.out.find("  " + run + " 1/3        4 of 4               indices 1 to 10  last commit "),
            std::string::npos)
      << text.out;

  // merge: each source's rows; import: the records read (a stream: no target).
  auto merge = run_sudokit("db merge --progress json --db " + dir.file("merged.db") + " " + db);
  ASSERT_EQ(merge.status, 0) << merge.err;
  const auto merged = json_lines(merge.err);
  ASSERT_FALSE(merged.empty()) << merge.err;
  EXPECT_EQ(merged.back()["command"], "db merge");
  EXPECT_EQ(merged.back()["source"], db);
  EXPECT_EQ(merged.back()["made"], 8);
  EXPECT_EQ(merged.back()["target"], 8);
  EXPECT_TRUE(merged.back()["run"].is_null());
  // The merge carries the runs and their targets; the same run asked for
  // more raises its target: shard 1/3 of 15 is 5 indices (1 to 13).
  const std::string merged_db = dir.file("merged.db");
  EXPECT_EQ(nlohmann::json::parse(run_sudokit("db stats --format json --db " + merged_db).out)["runs"], runs);
  ASSERT_EQ(run_sudokit("generate --count 15 --seed 7 --threads 1 --shard 1/3 --db " + merged_db).status, 0);
  const auto more = nlohmann::json::parse(run_sudokit("db stats --format json --db " + merged_db).out)["runs"];
  EXPECT_EQ(more[0]["rows"], 5);
  EXPECT_EQ(more[0]["target"], 5);
  EXPECT_EQ(more[0]["count"], 15);
  EXPECT_EQ(more[1]["target"], 4);  // shard 2/3 recorded for 12 still
  EXPECT_EQ(more[1]["count"], 12);
  const std::string puzzles = raw.text("SELECT group_concat(puzzle, char(10)) FROM puzzles") + "\n";
  auto import = run_sudokit("db import --no-grade --progress json --db " + dir.file("imported.db"), puzzles);
  ASSERT_EQ(import.status, 0) << import.err;
  const auto imported = json_lines(import.err);
  ASSERT_FALSE(imported.empty()) << import.err;
  EXPECT_EQ(imported.back()["command"], "db import");
  EXPECT_EQ(imported.back()["made"], 8);
  EXPECT_TRUE(imported.back()["target"].is_null());
  // regrade: the rows another grader rated.
  ASSERT_EQ(raw.exec("UPDATE puzzles SET rated_by = 'sudokit-grader/0' WHERE seed_index < 5"), SQLITE_OK);
  auto regrade = run_sudokit("db regrade --progress json --db " + db);
  ASSERT_EQ(regrade.status, 0) << regrade.err;
  const auto regraded = json_lines(regrade.err);
  ASSERT_FALSE(regraded.empty()) << regrade.err;
  EXPECT_EQ(regraded.back()["command"], "db regrade");
  EXPECT_EQ(regraded.back()["made"], 3);  // indices 1, 2 and 4
  EXPECT_EQ(regraded.back()["target"], 3);
  // An unknown form is a usage error.
  EXPECT_EQ(run_sudokit("db regrade --progress xml --db " + db).status, 2);
  EXPECT_EQ(run_sudokit("generate --progress xml").status, 2);
}

// A store main's binary made at schema version 12 (tests/data/store_v12.sql)
// gets the `runs` table when opened, also for reading; its runs have no
// target until a run records one.
TEST(DbCli, AVersion12StoreGetsTheRunsTableAndARunRecordsItsTarget) {
  TempDir dir;
  const std::string db = dir.file("v12.db");
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open(db.c_str(), &raw), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(raw, slurp(test_file("store_v12.sql")).c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(raw);
  }
  ASSERT_EQ(Raw(db).integer("PRAGMA user_version"), 12);
  auto before = run_sudokit("db stats --format json --db " + db);
  ASSERT_EQ(before.status, 0) << before.err;
  const auto old_runs = nlohmann::json::parse(before.out)["runs"];
  ASSERT_EQ(old_runs.size(), 1u) << before.out;
  EXPECT_EQ(old_runs[0]["rows"], 3);
  EXPECT_TRUE(old_runs[0]["target"].is_null()) << before.out;
  EXPECT_EQ(Raw(db).integer("PRAGMA user_version"), 14);  // migrated forward to the current version
  EXPECT_EQ(Raw(db).integer("SELECT count(*) FROM runs"), 0);
  auto text = run_sudokit("db stats --db " + db);
  EXPECT_NE(text.out.find(" 0/2        3 of ?  "), std::string::npos) << text.out;
  // The same run again: nothing to make, and now its target is known.
  auto again = run_sudokit("generate -n 6 --seed 9 --threads 1 --shard 0/2 --db " + db);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("stored already"), std::string::npos) << again.err;
  const auto runs = nlohmann::json::parse(run_sudokit("db stats --format json --db " + db).out)["runs"];
  EXPECT_EQ(runs[0]["run"], old_runs[0]["run"]);
  EXPECT_EQ(runs[0]["rows"], 3);
  EXPECT_EQ(runs[0]["target"], 3);
  EXPECT_EQ(runs[0]["count"], 6);
}

TEST(DbCli, ImportGradeExportAndImportBackGivesTheSameRows) {
  TempDir dir;
  const std::string a = dir.file("a.db"), b = dir.file("b.db");
  const std::string sample = dir.file("sample.txt");
  write_lines(sample, lines_of_file(test::data_file("puzzles_17clue.txt")), 0, 150);
  auto imp = run_sudokit("db import " + sample + " --db " + a);
  EXPECT_EQ(imp.status, 0) << imp.err;
  const Summary s = summary_of(imp.err);
  EXPECT_EQ(s.imported, 150);
  EXPECT_EQ(s.duplicates, 0);
  EXPECT_EQ(s.rejected, 0);
  EXPECT_EQ(imp.out, "");

  auto csv = run_sudokit("db export --db " + a + " --format csv");
  EXPECT_EQ(csv.status, 0) << csv.err;
  EXPECT_EQ(std::count(csv.out.begin(), csv.out.end(), '\n'), 151);
  std::ofstream(dir.file("a.csv")) << csv.out;
  auto back = run_sudokit("db import --no-grade --db " + b + " " + dir.file("a.csv"));
  EXPECT_EQ(back.status, 0) << back.err;
  EXPECT_EQ(summary_of(back.err).imported, 150);
  EXPECT_EQ(run_sudokit("db export --db " + b + " --format csv").out, csv.out);  // every column, ids too
  // Grading the copy again gives the same ratings: the CSV carried them faithfully.
  auto regraded = run_sudokit("db import --db " + dir.file("c.db") + " " + dir.file("a.csv"));
  EXPECT_EQ(regraded.status, 0);
  EXPECT_EQ(run_sudokit("db export --db " + dir.file("c.db") + " --format csv").out, csv.out);

  auto json = run_sudokit("db export --db " + a + " --format json --limit 3");
  const auto j = nlohmann::json::parse(json.out);
  ASSERT_EQ(j.size(), 3u);
  EXPECT_TRUE(j[0]["histogram"].is_object());
  EXPECT_TRUE(j[0]["er"].is_number());
  EXPECT_EQ(j[0]["clues"], 17);
  EXPECT_EQ(j[0]["minimal"], true);
  auto nd = run_sudokit("db export --db " + a + " --format ndjson --out " + dir.file("a.ndjson"));
  EXPECT_EQ(nd.status, 0);
  EXPECT_EQ(nd.out, "");
  EXPECT_NE(nd.err.find("150 rows written to"), std::string::npos);
  EXPECT_EQ(lines_of_file(dir.file("a.ndjson")).size(), 150u);
  auto line = run_sudokit("db export --db " + a + " --format line");
  EXPECT_EQ(line.out, slurp(sample));

  auto stats = run_sudokit("db stats --db " + a);
  EXPECT_EQ(stats.status, 0) << stats.err;
  EXPECT_NE(stats.out.find("150 puzzles, 150 graded"), std::string::npos) << stats.out;
  EXPECT_NE(stats.out.find("hidden-single"), std::string::npos);
  auto sj = nlohmann::json::parse(run_sudokit("db stats --format json --db " + a).out);
  EXPECT_EQ(sj["puzzles"], 150);
  EXPECT_EQ(sj["clues"]["17"], 150);
  long long by_level = 0;
  for (const auto& [level, n] : sj["levels"].items()) by_level += n.get<long long>();
  EXPECT_EQ(by_level, 150);
}

// --time-limit bounds the grading of each puzzle: over it, the puzzle is
// stored ungraded rather than holding the import up.
TEST(DbCli, ImportTimeLimitStoresSlowPuzzlesUngraded) {
  TempDir dir;
  const std::string sample = dir.file("hard.txt");
  write_lines(sample, lines_of_file(test::data_file("puzzles_top95.txt")), 0, 3);
  auto bounded = run_sudokit("db import --time-limit 1e-9 --db " + dir.file("a.db") + " " + sample);
  EXPECT_EQ(bounded.status, 0) << bounded.err;
  EXPECT_EQ(summary_of(bounded.err).imported, 3);
  const auto a = nlohmann::json::parse(run_sudokit("db export --db " + dir.file("a.db")).out);
  ASSERT_EQ(a.size(), 3u);
  for (const auto& row : a) EXPECT_TRUE(row["er"].is_null()) << row.dump();
  auto unbounded = run_sudokit("db import --time-limit 0 --db " + dir.file("b.db") + " " + sample);
  EXPECT_EQ(unbounded.status, 0) << unbounded.err;
  const auto b = nlohmann::json::parse(run_sudokit("db export --db " + dir.file("b.db")).out);
  ASSERT_EQ(b.size(), 3u);
  for (const auto& row : b) EXPECT_TRUE(row["er"].is_number()) << row.dump();
}

TEST(DbCli, ExportFiltersAndSeededSamples) {
  TempDir dir;
  const std::string db = dir.file("f.db");
  const std::string sample = dir.file("sample.txt");
  write_lines(sample, lines_of_file(test::data_file("puzzles_17clue.txt")), 0, 300);
  ASSERT_EQ(run_sudokit("db import --db " + db + " " + sample).status, 0);
  auto count = [&](const std::string& filters) {
    auto r = run_sudokit("db export --db " + db + " --format line " + filters);
    EXPECT_EQ(r.status, 0) << filters << ": " << r.err;
    return std::count(r.out.begin(), r.out.end(), '\n');
  };
  Raw raw(db);
  EXPECT_EQ(count("--level medium"), raw.integer("SELECT count(*) FROM puzzles WHERE level = 'medium'"));
  EXPECT_EQ(count("--min-rating 2.0 --max-rating 4.4"), raw.integer("SELECT count(*) FROM puzzles WHERE er BETWEEN 2.0 AND 4.4"));
  EXPECT_EQ(count("--clues 17"), 300);
  EXPECT_EQ(count("--clues 18-30"), 0);
  EXPECT_EQ(count("--technique naked-pair"),
            raw.integer("SELECT count(*) FROM puzzles WHERE json_extract(histogram, '$.\"naked-pair\"') IS NOT NULL"));
  EXPECT_EQ(count("--hardest \"Naked Single\""), raw.integer("SELECT count(*) FROM puzzles WHERE hardest = 'naked-single'"));
  EXPECT_EQ(count("--limit 7"), 7);
  const auto r1 = run_sudokit("db export --db " + db + " --format line --random --seed 5 --limit 10").out;
  const auto r2 = run_sudokit("db export --db " + db + " --format line --random --seed 5 --limit 10").out;
  const auto r3 = run_sudokit("db export --db " + db + " --format line --random --seed 6 --limit 10").out;
  EXPECT_EQ(r1, r2);
  EXPECT_NE(r1, r3);
  EXPECT_NE(r1, run_sudokit("db export --db " + db + " --format line --limit 10").out);
}

TEST(DbCli, RandomIsomorphsOfStoredPuzzlesAreSkipped) {
  TempDir dir;
  const std::string db = dir.file("iso.db");
  const auto lines = lines_of_file(test::data_file("puzzles_top1465.txt"));
  write_lines(dir.file("orig.txt"), lines, 0, 300);
  ASSERT_EQ(run_sudokit("db import --no-grade --db " + db + " " + dir.file("orig.txt")).status, 0);
  // Each puzzle in disguise: a transform drawn from the whole group.
  std::ofstream iso(dir.file("iso.txt"));
  std::uint64_t z = 12345;
  for (std::size_t i = 0; i < 300; ++i) {
    Grid g;
    ParseError e;
    ASSERT_TRUE(parse_puzzle(lines[i], g, e));
    z = z * 6364136223846793005ull + 1442695040888963407ull;
    const Transform t = Transform::from_index(static_cast<std::uint32_t>((z >> 16) % kPositionalTransforms),
                                              static_cast<std::uint32_t>((z >> 40) % kDigitRelabellings));
    const Grid disguised = t.apply(g);
    iso << format_line(disguised) << '\n';
  }
  iso.close();
  auto r = run_sudokit("db import --no-grade --db " + db + " " + dir.file("iso.txt"));
  EXPECT_EQ(r.status, 0) << r.err;
  const Summary s = summary_of(r.err);
  EXPECT_EQ(s.imported, 0);
  EXPECT_EQ(s.duplicates, 300);
  Raw raw(db);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 300);
}

TEST(DbCli, MalformedLinesAreReportedAndNothingStoredIsLost) {
  TempDir dir;
  const std::string db = dir.file("bad.db");
  write_lines(dir.file("first.txt"), lines_of_file(test::data_file("puzzles_top95.txt")), 0, 10);
  ASSERT_EQ(run_sudokit("db import --no-grade --db " + db + " " + dir.file("first.txt")).status, 0);
  const std::string src = test::test_file("mixed_bad.txt");
  auto r = run_sudokit("db import --no-grade --db " + db + " " + src);
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find(src + ":2: expected"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(src + ":3: invalid character 'x' at column 5"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(src + ":4: givens break the rules: digit 4 appears twice in box 1 (r1c1, r1c2)"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find(src + ":5: puzzle has several solutions"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(src + ":6: puzzle has no solution"), std::string::npos) << r.err;
  const Summary s = summary_of(r.err);
  EXPECT_EQ(s.rejected, 5);
  EXPECT_EQ(s.imported + s.duplicates, 2);
  Raw raw(db);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 10 + s.imported);
  auto missing = run_sudokit("db import --db " + db + " /nonexistent/file.txt");
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find("/nonexistent/file.txt: cannot read"), std::string::npos);
}

TEST(DbCli, ReadsThePuzzleBankLayout) {
  TempDir dir;
  const std::string db = dir.file("bank.db");
  std::ofstream bank(dir.file("bank.txt"));
  const auto lines = lines_of_file(test::data_file("puzzles_top95.txt"));
  for (std::size_t i = 0; i < 20; ++i) {
    std::string p = lines[i];
    for (char& c : p)
      if (c == '.') c = '0';
    char hash[16];
    std::snprintf(hash, sizeof hash, "%012zx", 0xabc000 + i * 7919);
    char rating[8];
    std::snprintf(rating, sizeof rating, "%4.1f", 5.0 + static_cast<double>(i) / 4);
    bank << hash << ' ' << p << ' ' << rating << '\n';
  }
  bank.close();
  auto r = run_sudokit("db import --format bank --no-grade --db " + db + " " + dir.file("bank.txt"));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(summary_of(r.err).imported, 20);
  Raw raw(db);
  EXPECT_EQ(raw.text("SELECT source_rating FROM puzzles WHERE id = 5"), "6.0");
  EXPECT_EQ(raw.text("SELECT puzzle FROM puzzles WHERE id = 1"), lines[0]);
}

TEST(DbCli, StoreErrorsNameTheFileAndExitNonZero) {
  TempDir dir;
  // Not a database.
  const std::string notes = dir.file("notes.db");
  std::ofstream(notes) << "not a database, just some text that is long enough for SQLite to read a header from it\n";
  for (const char* sub : {"stats", "export", "import --no-grade"}) {
    auto r = run_sudokit(std::string("db ") + sub + " --db " + notes, std::string(81, '.'));
    EXPECT_EQ(r.status, 1) << sub;
    EXPECT_NE(r.err.find(notes + ": cannot read the database header: file is not a database"), std::string::npos)
        << sub << ": " << r.err;
  }
  // Missing file: readers do not create it.
  auto missing = run_sudokit("db stats --db " + dir.file("missing.db"));
  EXPECT_EQ(missing.status, 1);
  EXPECT_NE(missing.err.find(dir.file("missing.db") + ": no such database file"), std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(dir.file("missing.db")));
  // A directory.
  auto directory = run_sudokit("db import --db " + dir.file(""), "");
  EXPECT_EQ(directory.status, 1);
  EXPECT_NE(directory.err.find("is a directory"), std::string::npos);

  // Locked by another writer for longer than --busy-timeout.
  const std::string db = dir.file("store.db");
  write_lines(dir.file("few.txt"), lines_of_file(test::data_file("puzzles_top95.txt")), 0, 5);
  ASSERT_EQ(run_sudokit("db import --no-grade --db " + db + " " + dir.file("few.txt")).status, 0);
  {
    Raw holder(db);
    ASSERT_EQ(holder.exec("BEGIN IMMEDIATE"), SQLITE_OK);
    write_lines(dir.file("more.txt"), lines_of_file(test::data_file("puzzles_top95.txt")), 5, 10);
    auto locked = run_sudokit("db import --no-grade --busy-timeout 300 --db " + db + " " + dir.file("more.txt"));
    EXPECT_EQ(locked.status, 1);
    EXPECT_NE(locked.err.find(db + ": cannot start a batch: database is locked"), std::string::npos) << locked.err;
    // Readers are not blocked by a writer (WAL).
    EXPECT_EQ(run_sudokit("db stats --db " + db).status, 0);
    holder.exec("ROLLBACK");
  }

  // A newer schema.
  const long long version = Raw(db).integer("PRAGMA user_version");
  {
    Raw raw(db);
    raw.exec("PRAGMA user_version = 42");
  }
  auto newer = run_sudokit("db stats --db " + db);
  EXPECT_EQ(newer.status, 1);
  EXPECT_NE(newer.err.find("schema version 42 is newer"), std::string::npos);
  {
    Raw raw(db);
    raw.exec("PRAGMA user_version = " + std::to_string(version));  // as it was
  }

  // Writing the export where there is no room.
  auto full = run_sudokit("db export --db " + db + " --out /dev/full");
  EXPECT_EQ(full.status, 1);
  EXPECT_NE(full.err.find("/dev/full: write error: No space left on device"), std::string::npos) << full.err;

  // A read-only file (immutable even for root), when the file system allows it.
  if (std::system(("chattr +i " + db + " 2>/dev/null").c_str()) == 0) {
    auto ro = run_sudokit("db import --no-grade --db " + db + " " + dir.file("more.txt"));
    EXPECT_EQ(ro.status, 1);
    EXPECT_NE(ro.err.find(db + ": cannot open for writing: the file is read-only"), std::string::npos) << ro.err;
    EXPECT_EQ(run_sudokit("db stats --db " + db).status, 0);  // reading still works
    std::system(("chattr -i " + db).c_str());
  }
}

TEST(DbCli, AFullDiskStopsTheImportCleanlyAndKeepsTheCommittedBatches) {
  TempDir dir;
  const std::string db = dir.file("full.db");
  // The file size limit makes writes fail with EFBIG, as a full disk would.
  const std::string cmd = "sh -c \"trap '' XFSZ; ulimit -f 4000; exec " + std::string(SUDOKIT_BIN) +
                          " db import --no-grade --batch-rows 1000 --db " + db + " " +
                          test::data_file("puzzles_17clue.txt") + "\" 2>" + dir.file("err");
  const int raw_status = std::system(cmd.c_str());
  ASSERT_TRUE(WIFEXITED(raw_status));
  EXPECT_EQ(WEXITSTATUS(raw_status), 1);
  const std::string err = slurp(dir.file("err"));
  EXPECT_NE(err.find(db + ": "), std::string::npos) << err;
  EXPECT_TRUE(err.find("disk I/O error") != std::string::npos || err.find("disk is full") != std::string::npos) << err;
  const Summary s = summary_of(err);
  Raw raw(db);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), s.imported);
  EXPECT_GT(s.imported, 0);
  EXPECT_EQ(s.imported % 1000, 0);  // whole batches only
}

TEST(DbCli, SigkillDuringALargeImportLeavesAConsistentFileAndARerunCompletes) {
  TempDir dir;
  const std::string db = dir.file("killed.db");
  const std::string data = test::data_file("puzzles_17clue.txt");
  const pid_t pid = spawn("db import --no-grade --batch-rows 1000 --db " + db + " " + data, dir.file("out"), dir.file("err"));
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  // On a slow machine, wait (up to 20 s) for the first committed batch so the kill lands mid-import.
  for (int i = 0; i < 400 && std::filesystem::exists(db); ++i) {
    Raw probe(db);
    const std::string n = probe.text("SELECT count(*) FROM puzzles");
    if (n != "<error>" && n != "0") break;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "the import finished before it could be killed";

  long long stored = 0;
  {
    Raw raw(db);
    EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
    stored = raw.integer("SELECT count(*) FROM puzzles");
  }
  EXPECT_GT(stored, 0);
  EXPECT_LT(stored, 49150);
  EXPECT_EQ(stored % 1000, 0) << "only whole batches are committed";
  EXPECT_EQ(check_rows(db), stored);

  auto rerun = run_sudokit("db import --no-grade --db " + db + " " + data);
  EXPECT_EQ(rerun.status, 0) << rerun.err;
  const Summary s = summary_of(rerun.err);
  EXPECT_EQ(s.imported, 49150 - stored);
  EXPECT_EQ(s.duplicates, stored);
  Raw raw(db);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 49150);
  EXPECT_EQ(raw.integer("SELECT count(DISTINCT canonical) FROM puzzles"), 49150);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
}

TEST(DbCli, SigtermDuringImportCommitsTheBatchAndReportsTheCount) {
  TempDir dir;
  const std::string db = dir.file("term.db");
  // Grading makes the import slow enough to be caught with rows queued but not yet committed.
  const pid_t pid = spawn("db import --db " + db + " " + test::data_file("puzzles_17clue.txt"), dir.file("out"),
                          dir.file("err"));
  std::this_thread::sleep_for(std::chrono::milliseconds(600));
  ASSERT_EQ(kill(pid, SIGTERM), 0);
  int status = 0;
  waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by signal " << (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
  EXPECT_EQ(WEXITSTATUS(status), 128 + SIGTERM);
  const std::string err = slurp(dir.file("err"));
  const long long reported = number_after(err, "interrupted by SIGTERM: ");
  ASSERT_NE(err.find(" rows stored and committed"), std::string::npos) << err;
  EXPECT_GT(reported, 0);
  EXPECT_EQ(summary_of(err).imported, reported);
  Raw raw(db);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), reported);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles WHERE er IS NULL"), 0);  // every stored row was graded
}

/// One writer of a concurrent run: `import` a slice of the 17-clue list, or
/// `generate` fresh puzzles with a seed.
struct Writer {
  std::size_t from = 0, to = 0;  // import: lines [from, to)
  int generate_seed = -1;        // >= 0: generate --db with this seed instead
};

/// Starts every writer at once on one file that does not exist yet (so they
/// also race to create it) and checks that nothing is lost: each puzzle
/// imported is stored exactly once, every generated puzzle is stored, the
/// counts the commands print add up to the rows in the file, and no writer
/// reports a lock.
void run_concurrent_writers(const std::vector<Writer>& writers) {
  TempDir dir;
  const std::string db = dir.file("shared.db");
  const auto lines = lines_of_file(data_file("puzzles_17clue.txt"));
  ASSERT_EQ(lines.size(), 49150u);
  std::vector<pid_t> pids;
  std::vector<bool> covered(lines.size(), false);
  long long imported_lines = 0, generated = 0;
  for (std::size_t i = 0; i < writers.size(); ++i) {
    const Writer& w = writers[i];
    const std::string n = std::to_string(i);
    std::string args;
    if (w.generate_seed >= 0) {
      args = "generate --db " + db + " --no-grade --threads 1 --count 1500 --seed " + std::to_string(w.generate_seed);
      generated += 1500;
    } else {
      write_lines(dir.file(n + ".txt"), lines, w.from, w.to);
      for (std::size_t k = w.from; k < w.to; ++k) covered[k] = true;
      imported_lines += static_cast<long long>(w.to - w.from);
      args = "db import --no-grade --batch-rows 1000 --threads 1 --db " + db + " " + dir.file(n + ".txt");
    }
    pids.push_back(spawn(args, dir.file(n + ".out"), dir.file(n + ".err")));
  }
  const long long distinct = std::count(covered.begin(), covered.end(), true);
  long long imported = 0, duplicates = 0, stored_generated = 0;
  for (std::size_t i = 0; i < writers.size(); ++i) {
    int status = 0;
    waitpid(pids[i], &status, 0);
    const std::string err = slurp(dir.file(std::to_string(i) + ".err"));
    ASSERT_TRUE(WIFEXITED(status)) << "writer " << i << " killed by signal " << WTERMSIG(status) << ": " << err;
    EXPECT_EQ(WEXITSTATUS(status), 0) << "writer " << i << ": " << err;
    EXPECT_EQ(err.find("locked"), std::string::npos) << "writer " << i << ": " << err;
    if (writers[i].generate_seed >= 0) {
      stored_generated += number_after(err, ", stored ");
      EXPECT_NE(err.find("generated 1500, stored 1500, duplicates skipped 0"), std::string::npos) << err;
    } else {
      const Summary s = summary_of(err);
      imported += s.imported;
      duplicates += s.duplicates;
    }
  }
  EXPECT_EQ(imported, distinct);
  EXPECT_EQ(imported + duplicates, imported_lines);
  EXPECT_EQ(stored_generated, generated);
  Raw raw(db);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), distinct + generated);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles WHERE method = 'import'"), distinct);
  EXPECT_EQ(raw.text("PRAGMA integrity_check"), "ok");
}

TEST(DbCli, TwoConcurrentWritersLoseNothing) {
  run_concurrent_writers({{0, 30000}, {20000, 49150}});  // 10,000 puzzles in both
}

TEST(DbCli, FourConcurrentWritersLoseNothing) {
  // Three imports overlapping pairwise (5,000 puzzles in two of them each)
  // and a generate --db, all on one new file.
  run_concurrent_writers({{0, 20000}, {15000, 35000}, {30000, 49150}, {0, 0, 11}});
}

}  // namespace
}  // namespace sudokit
