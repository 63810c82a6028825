// The record format (db/README.md "Record format"): the table there is read,
// and every command's JSON output is checked against it: a command writes
// exactly the fields the table marks for it (`reason` only for a puzzle that
// was not rated), in the table's order, and the same puzzle gets the same
// values from generate, grade, db export and daily.
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <sys/stat.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <regex>
#include <set>
#include <sstream>
#include <vector>

#include "../temp_dir.hpp"
#include "run.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::test {
namespace {

using json = nlohmann::ordered_json;

const std::vector<std::string> kCommands = {"generate", "grade", "export", "daily"};

// field -> the commands that write it, and the fields in table order.
struct Table {
  std::vector<std::string> order;
  std::map<std::string, std::set<std::string>> writers;
};

Table read_table() {
  std::ifstream in(SUDOKIT_DB_README);
  std::stringstream ss;
  ss << in.rdbuf();
  const std::string text = ss.str();
  const auto at = text.find("\n## Record format");
  if (at == std::string::npos) throw std::runtime_error("db/README.md has no Record format section");
  std::istringstream section(text.substr(at + 1));
  std::string line;
  std::getline(section, line);
  Table t;
  bool header_seen = false;
  while (std::getline(section, line) && !line.starts_with("## ")) {
    if (!line.starts_with("|")) continue;
    std::vector<std::string> cells;
    std::stringstream row(line.substr(1));
    std::string cell;
    while (std::getline(row, cell, '|')) cells.push_back(cell);
    if (!header_seen) {  // | field | type | meaning | generate | grade | export | daily |
      header_seen = true;
      EXPECT_EQ(cells.size(), 3 + kCommands.size());
      for (std::size_t c = 0; c < kCommands.size() && 3 + c < cells.size(); ++c)
        EXPECT_NE(cells[3 + c].find(kCommands[c]), std::string::npos) << "column " << 3 + c << ": " << cells[3 + c];
      continue;
    }
    if (line.starts_with("|---")) continue;
    static const std::regex name(R"(`([a-z_]+)`)");
    for (auto it = std::sregex_iterator(cells[0].begin(), cells[0].end(), name); it != std::sregex_iterator(); ++it) {
      const std::string field = (*it)[1];
      t.order.push_back(field);
      for (std::size_t c = 0; c < kCommands.size(); ++c)
        if (3 + c < cells.size() && cells[3 + c].find("yes") != std::string::npos) t.writers[field].insert(kCommands[c]);
    }
  }
  return t;
}

std::vector<json> objects(const std::string& text) {
  std::vector<json> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty()) out.push_back(json::parse(line));
  return out;
}

// The fields of `j` are those the table gives `command`, in the table's order.
// `left_out`: fields an option leaves out (generate's solution without --solution).
void check_fields(const Table& t, const std::string& command, const json& j, const std::set<std::string>& left_out = {}) {
  std::vector<std::string> want;
  for (const std::string& f : t.order)
    if (t.writers.contains(f) && t.writers.at(f).contains(command) && (f != "reason" || j.contains("reason")) &&
        !left_out.contains(f))
      want.push_back(f);
  std::vector<std::string> got;
  for (const auto& [key, value] : j.items()) got.push_back(key);
  std::vector<std::string> got_sorted = got, want_sorted = want;
  std::sort(got_sorted.begin(), got_sorted.end());
  std::sort(want_sorted.begin(), want_sorted.end());
  EXPECT_EQ(got_sorted, want_sorted) << command << ": " << j.dump();
  std::vector<std::string> in_table_order;
  for (const std::string& f : t.order)
    if (j.contains(f)) in_table_order.push_back(f);
  EXPECT_EQ(got, in_table_order) << command << " writes its fields out of the table's order";
}

TEST(RecordFormat, EveryCommandWritesTheDocumentedFields) {
  const Table t = read_table();
  ASSERT_GE(t.order.size(), 20u);
  TempDir dir;
  const std::string db = dir.file("p.db");

  const auto gen = run_sudokit("generate --count 4 --seed 11 --grade --solution --format json");
  ASSERT_EQ(gen.status, 0) << gen.err;
  const auto generated = objects(gen.out);
  ASSERT_EQ(generated.size(), 4u);
  const auto plain = run_sudokit("generate --count 2 --seed 11 --format json");  // ungraded: ratings are null
  for (const json& j : objects(plain.out)) {
    check_fields(t, "generate", j, {"solution"});
    EXPECT_TRUE(j["er"].is_null());
  }
  ASSERT_EQ(run_sudokit("generate --count 4 --seed 11 --db " + db).status, 0);

  std::string puzzles;
  for (const json& j : generated) {
    check_fields(t, "generate", j);
    puzzles += j["puzzle"].get<std::string>() + "\n";
  }
  const auto graded = run_sudokit("grade --format json", puzzles);
  ASSERT_EQ(graded.status, 0) << graded.err;
  const auto grades = objects(graded.out);
  ASSERT_EQ(grades.size(), 4u);
  for (const json& j : grades) check_fields(t, "grade", j);

  const auto exported = run_sudokit("db export --db " + db + " --format ndjson");
  ASSERT_EQ(exported.status, 0) << exported.err;
  const auto rows = objects(exported.out);
  ASSERT_EQ(rows.size(), 4u);
  for (const json& j : rows) check_fields(t, "export", j);

  const auto daily = run_sudokit("daily --db " + db + " --from 2027-01-01 --days 1 --levels " +
                                 rows[0]["level"].get<std::string>() + " --format ndjson");
  ASSERT_EQ(daily.status, 0) << daily.err;
  const auto days = objects(daily.out);
  ASSERT_EQ(days.size(), 1u);
  json served;
  for (const auto& [level, j] : days[0]["puzzles"].items()) {
    check_fields(t, "daily", j);
    served = j;
  }

  // One puzzle, one set of values: what generate printed is what grade,
  // export and daily say of it.
  std::map<std::string, json> by_gid;
  for (const json& j : generated) by_gid[j["gid"]] = j;
  auto same = [&](const json& j, const char* command) {
    ASSERT_TRUE(by_gid.contains(j["gid"])) << command << ": " << j.dump();
    const json& g = by_gid[j["gid"]];
    Grid grid;
    ParseError error;
    ASSERT_TRUE(parse_puzzle(j["puzzle"].get<std::string>(), grid, error));
    EXPECT_EQ(j["gid"], global_id(grid)) << command;
    for (const auto& [key, value] : j.items()) {
      if (g.contains(key) && key != "line") {
        EXPECT_EQ(value, g[key]) << command << " field " << key;
      }
    }
  };
  for (const json& j : grades) same(j, "grade");
  for (const json& j : rows) same(j, "db export");
  same(served, "daily");
}

// db export --columns (the fields asked for, in that order; unknown and
// repeated names refused) and --unused (what no daily date or book used).
TEST(RecordFormat, ExportWritesTheColumnsAskedForAndOnlyUnusedPuzzles) {
  TempDir dir;
  const std::string db = dir.file("p.db");
  ASSERT_EQ(run_sudokit("generate --count 6 --seed 3 --db " + db).status, 0);
  const auto csv = run_sudokit("db export --db " + db + " --format csv --columns gid,puzzle,er,level");
  ASSERT_EQ(csv.status, 0) << csv.err;
  std::istringstream lines(csv.out);
  std::string header;
  std::getline(lines, header);
  EXPECT_EQ(header, "gid,puzzle,er,level");
  const auto all = objects(run_sudokit("db export --db " + db + " --format ndjson").out);
  ASSERT_EQ(all.size(), 6u);
  const auto some = objects(run_sudokit("db export --db " + db + " --format ndjson --columns level,id").out);
  ASSERT_EQ(some.size(), 6u);
  for (std::size_t i = 0; i < some.size(); ++i) {
    std::vector<std::string> keys;
    for (const auto& [key, value] : some[i].items()) keys.push_back(key);
    EXPECT_EQ(keys, (std::vector<std::string>{"level", "id"}));
    EXPECT_EQ(some[i]["id"], all[i]["id"]);
    EXPECT_EQ(some[i]["level"], all[i]["level"]);
  }
  for (const char* bad : {"id,bogus", "id,id", ""}) {
    const auto r = run_sudokit("db export --db " + db + " --columns '" + std::string(bad) + "'");
    EXPECT_EQ(r.status, 2) << bad;
    EXPECT_NE(r.err.find("--columns: "), std::string::npos) << r.err;
  }
  EXPECT_EQ(run_sudokit("db export --db " + db + " --format line --columns id").status, 2);

  // Serve one puzzle as a daily puzzle: --unused leaves exactly it out.
  const std::string level = all[0]["level"];
  const auto daily = run_sudokit("daily --db " + db + " --from 2027-01-01 --levels " + level + " --format ndjson");
  ASSERT_EQ(daily.status, 0) << daily.err;
  const json served = objects(daily.out)[0]["puzzles"][level];
  const auto unused = objects(run_sudokit("db export --db " + db + " --format ndjson --unused").out);
  EXPECT_EQ(unused.size(), 5u);
  for (const json& j : unused) EXPECT_NE(j["gid"], served["gid"]);
}

// db ship from the command line: the summary with bytes per puzzle, the
// file in place and read-only, --levels honoured, an --out that is the store
// refused before anything is written.
TEST(DbShip, WritesTheAppFileAndSaysItsSize) {
  TempDir dir;
  const std::string db = dir.file("p.db"), app = dir.file("app.db");
  ASSERT_EQ(run_sudokit("generate --count 30 --seed 4 --db " + db).status, 0);
  const auto all = objects(run_sudokit("db export --db " + db + " --format ndjson --columns level").out);
  const std::string level = all[0]["level"];
  std::size_t of_level = 0;
  for (const json& j : all) of_level += j["level"] == level;
  const auto r = run_sudokit("db ship --db " + db + " --out " + app + " --levels " + level + " --columns ep,clues");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.err.find(": " + std::to_string(of_level) + " puzzles, "), std::string::npos) << r.err;
  EXPECT_NE(r.err.find(" bytes per puzzle)"), std::string::npos) << r.err;
  struct stat st {};
  ASSERT_EQ(::stat(app.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0444u);  // read-only
  const auto same = run_sudokit("db ship --db " + db + " --out " + db);
  EXPECT_EQ(same.status, 2) << same.err;
  EXPECT_EQ(run_sudokit("db export --db " + db + " --format line").out.size(), 30u * 82);
  EXPECT_EQ(run_sudokit("db ship --db " + db + " --out " + app + " --columns nope").status, 2);
}

// db export --format ipuz: one ipuz Sudoku document per puzzle, DIR/GID.ipuz,
// holding the stored puzzle and solution (rows of numbers, 0 = empty), the
// level as difficulty and the ratings in the extension field.
TEST(DbExportIpuz, OneDocumentPerPuzzleWithTheStoredRows) {
  TempDir dir;
  const std::string db = dir.file("p.db"), out = dir.file("ipuz");
  ASSERT_EQ(run_sudokit("generate --count 6 --seed 12 --db " + db).status, 0);
  const auto r = run_sudokit("db export --db " + db + " --format ipuz --out " + out);
  ASSERT_EQ(r.status, 0) << r.err;
  const auto rows = objects(run_sudokit("db export --db " + db + " --format ndjson").out);
  ASSERT_EQ(rows.size(), 6u);
  for (const json& row : rows) {
    const json doc = json::parse(slurp(out + "/" + row["gid"].get<std::string>() + ".ipuz"));
    EXPECT_EQ(doc["kind"], json::array({"http://ipuz.org/sudoku#1"}));
    EXPECT_EQ(doc["version"], "http://ipuz.org/v2");
    EXPECT_EQ(doc["uniqueid"], row["gid"]);
    EXPECT_EQ(doc["difficulty"], row["level"]);
    std::string puzzle, solution;
    for (const json& line : doc["puzzle"]) for (const json& v : line) puzzle += v == 0 ? '.' : static_cast<char>('0' + v.get<int>());
    for (const json& line : doc["solution"]) for (const json& v : line) solution += static_cast<char>('0' + v.get<int>());
    EXPECT_EQ(puzzle, row["puzzle"]);
    EXPECT_EQ(solution, row["solution"]);
    EXPECT_EQ(doc["com.sudokit:rating"]["er"], row["er"]);
    EXPECT_EQ(doc["com.sudokit:rating"]["hardest"], row["hardest"]);
  }
  EXPECT_EQ(run_sudokit("db export --db " + db + " --format ipuz").status, 2);
  EXPECT_EQ(run_sudokit("db export --db " + db + " --format ipuz --out " + out + " --columns gid").status, 2);
}

// --with-steps from the command line: generate and db import store the
// path, export writes it as an array of steps, db ship carries it; without
// grading (or without a store) it is a usage error.
TEST(WithSteps, GenerateImportExportAndShipCarryThePath) {
  TempDir dir;
  const std::string db = dir.file("p.db"), app = dir.file("app.db"), imported = dir.file("i.db");
  ASSERT_EQ(run_sudokit("generate --count 5 --seed 9 --with-steps --db " + db).status, 0);
  const auto rows = objects(run_sudokit("db export --db " + db + " --format ndjson --columns puzzle,path").out);
  ASSERT_EQ(rows.size(), 5u);
  for (const json& j : rows) {
    ASSERT_TRUE(j["path"].is_array()) << j.dump();
    EXPECT_GT(j["path"].size(), 10u);
    for (const json& step : j["path"]) EXPECT_TRUE(step.contains("t") && step.contains("r")) << step.dump();
  }
  // Import of the same puzzles with their paths graded here, and back out.
  std::string lines;
  for (const json& j : rows) lines += j["puzzle"].get<std::string>() + "\n";
  const std::string list = dir.file("list.txt");
  std::ofstream(list) << lines;
  ASSERT_EQ(run_sudokit("db import " + list + " --with-steps --db " + imported).status, 0);
  const auto again = objects(run_sudokit("db export --db " + imported + " --format ndjson --columns puzzle,path").out);
  ASSERT_EQ(again.size(), 5u);
  for (std::size_t i = 0; i < 5; ++i) EXPECT_EQ(again[i]["path"], rows[i]["path"]);
  const auto shipped = run_sudokit("db ship --db " + db + " --out " + app + " --with-steps");
  ASSERT_EQ(shipped.status, 0) << shipped.err;
  {
    sqlite3* raw = nullptr;
    ASSERT_EQ(sqlite3_open_v2(app.c_str(), &raw, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    ASSERT_EQ(sqlite3_prepare_v2(raw, "SELECT count(*) FROM puzzles WHERE json_array_length(path) > 10", -1, &st, nullptr),
              SQLITE_OK);
    ASSERT_EQ(sqlite3_step(st), SQLITE_ROW);
    EXPECT_EQ(sqlite3_column_int(st, 0), 5);
    sqlite3_finalize(st);
    sqlite3_close(raw);
  }
  // daily --with-steps: each puzzle with its path, the stored one or, for a
  // store made without paths, the one graded now (the same steps).
  const std::string no_paths = dir.file("n.db");
  ASSERT_EQ(run_sudokit("generate --count 5 --seed 9 --db " + no_paths).status, 0);
  std::map<std::string, json> stored_path;
  for (const json& j : objects(run_sudokit("db export --db " + db + " --format ndjson --columns gid,path").out))
    stored_path[j["gid"]] = j["path"];
  for (const std::string& store : {db, no_paths}) {
    const std::string level = objects(run_sudokit("db export --db " + store + " --format ndjson --columns level").out)[0]["level"];
    const auto days = run_sudokit("daily --db " + store + " --from 2030-01-01 --days 1 --levels " + level +
                                  " --format ndjson --with-steps");
    ASSERT_EQ(days.status, 0) << days.err;
    const json day = objects(days.out).at(0);
    const json& puzzle = day["puzzles"][level];
    ASSERT_TRUE(puzzle["path"].is_array()) << puzzle.dump();
    EXPECT_EQ(puzzle["path"], stored_path.at(puzzle["gid"])) << store;
    const auto plain = run_sudokit("daily --db " + store + " --from 2030-01-01 --days 1 --levels " + level + " --format ndjson");
    EXPECT_FALSE(objects(plain.out).at(0)["puzzles"][level].contains("path"));
  }
  EXPECT_EQ(run_sudokit("generate --count 1 --with-steps").status, 2);
  EXPECT_EQ(run_sudokit("generate --count 1 --no-grade --with-steps --db " + db).status, 2);
  EXPECT_EQ(run_sudokit("db import " + list + " --no-grade --with-steps --db " + imported).status, 2);
}

}  // namespace
}  // namespace sudokit::test
