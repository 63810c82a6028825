// The shipping file (ship.hpp, db/README.md "Shipping file"): the documented
// schema, ranks 0..n-1 per level in a seeded order (the same seed gives the
// same file), the (level, rank) and gid lookups use their indexes (no sort,
// no scan), rows equal the store's, ungraded and used puzzles left out, and a
// read-only file that opens without a journal.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <map>

#include "db_test_util.hpp"
#include "sudokit/db/path.hpp"
#include "sudokit/db/ship.hpp"
#include "sudokit/db/used.hpp"

namespace sudokit::db {
namespace {

using test::TempDir;

TEST(Ship, WritesTheDocumentedSchemaWithRanksPerLevel) {
  TempDir dir;
  const auto p = test::load_puzzles("puzzles_top95.txt", 60);
  PuzzleStore store(dir.file("s.db"));
  for (std::size_t i = 0; i < p.size(); ++i) store.insert(test::full_record(p[i], i));
  PuzzleRecord bare = make_record(test::load_puzzles("puzzles_17clue.txt", 1)[0], {});
  bare.solution = solve(bare.puzzle, 2).solution;
  bare.method = "import";
  store.insert(bare);  // ungraded: not shipped
  store.flush();

  ShipOptions options;
  options.extra = {Field::Ep, Field::HardestName};
  options.seed = 7;
  const std::string out = dir.file("app.db");
  const ShipSummary s = ship_store(store, {}, options, out);
  EXPECT_EQ(s.puzzles, p.size());
  EXPECT_EQ(s.skipped_ungraded, 1u);
  struct stat st {};
  ASSERT_EQ(::stat(out.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0444u);
  EXPECT_EQ(static_cast<std::uint64_t>(st.st_size), s.bytes);

  test::Raw raw(out, SQLITE_OPEN_READONLY);
  EXPECT_EQ(raw.column("SELECT name FROM pragma_table_info('puzzles') ORDER BY cid"),
            (std::vector<std::string>{"id", "rank", "gid", "level", "puzzle", "solution", "er", "hardest", "ep",
                                      "hardest_name"}));
  EXPECT_EQ(raw.text("PRAGMA journal_mode"), "delete");
  EXPECT_EQ(raw.text("SELECT value FROM meta WHERE key = 'format'"), "sudokit ship 1");
  // Ranks: 0..n-1 within each level, counts in `levels`.
  std::map<std::string, std::int64_t> counts;
  for (const std::string& level : raw.column("SELECT level FROM puzzles")) ++counts[level];
  for (const auto& [level, n] : counts) {
    EXPECT_EQ(raw.integer("SELECT count(DISTINCT rank) FROM puzzles WHERE level = '" + level + "'"), n);
    EXPECT_EQ(raw.integer("SELECT max(rank) FROM puzzles WHERE level = '" + level + "'"), n - 1);
    EXPECT_EQ(raw.integer("SELECT puzzles FROM levels WHERE level = '" + level + "'"), n);
  }
  // Rows are the store's.
  store.for_each({}, [&](const PuzzleRecord& r) {
    if (r.level.empty()) return true;
    const std::string where = " FROM puzzles WHERE id = " + std::to_string(r.id);
    EXPECT_EQ(raw.text("SELECT gid" + where), r.gid());
    EXPECT_EQ(raw.text("SELECT puzzle" + where), format_line(r.puzzle));
    EXPECT_EQ(raw.text("SELECT solution" + where), format_line(r.solution));
    EXPECT_EQ(raw.text("SELECT hardest" + where), r.hardest);
    return true;
  });
  // The app's two lookups go through an index, with no temporary sort.
  auto plan = [&](const std::string& sql) {
    sqlite3_stmt* st = nullptr;
    EXPECT_EQ(sqlite3_prepare_v2(raw.get(), ("EXPLAIN QUERY PLAN " + sql).c_str(), -1, &st, nullptr), SQLITE_OK);
    std::string all;
    while (sqlite3_step(st) == SQLITE_ROW) all += std::string(reinterpret_cast<const char*>(sqlite3_column_text(st, 3))) + ";";
    sqlite3_finalize(st);
    return all;
  };
  EXPECT_NE(plan("SELECT puzzle FROM puzzles WHERE level = 'hard' AND rank = 3").find("puzzles_level_rank"), std::string::npos);
  EXPECT_NE(plan("SELECT puzzle FROM puzzles WHERE gid = 'x'").find("puzzles_gid"), std::string::npos);
  EXPECT_EQ(plan("SELECT puzzle FROM puzzles WHERE level = 'hard' ORDER BY rank LIMIT 1").find("TEMP B-TREE"),
            std::string::npos);
  // By rating range, easiest first: the (level, er) index, no sort.
  const std::string by_rating = plan("SELECT puzzle FROM puzzles WHERE level = 'hard' AND er BETWEEN 3.0 AND 3.5 ORDER BY er LIMIT 10");
  EXPECT_NE(by_rating.find("puzzles_level_er"), std::string::npos) << by_rating;
  EXPECT_EQ(by_rating.find("TEMP B-TREE"), std::string::npos) << by_rating;

  // The same seed gives the same ranks; another seed another order.
  const std::string again = dir.file("again.db"), other = dir.file("other.db");
  ship_store(store, {}, options, again);
  options.seed = 8;
  ship_store(store, {}, options, other);
  const std::string order = "SELECT group_concat(id) FROM (SELECT id FROM puzzles ORDER BY level, rank)";
  EXPECT_EQ(test::Raw(again).text(order), raw.text(order));
  EXPECT_NE(test::Raw(other).text(order), raw.text(order));
}

}  // namespace
}  // namespace sudokit::db

namespace sudokit::db {
namespace {

// What db/README.md ("Stored solution path") tells an app to do: the next
// hint for a position on the stored path is the first stored step whose
// effect is not on the board yet (its digit not entered; or, for a step
// that only eliminates, some of its candidates still in the player's marks).
const PathStep* next_stored_hint(const std::vector<PathStep>& path, const grader::Position& p) {
  for (const PathStep& s : path) {
    if (s.placement) {
      const int c = s.placement->cell;
      const int have = p.givens[c] ? p.givens[c] : p.entries[c];
      if (have != s.placement->digit) return &s;
    } else {
      for (const auto& e : s.eliminations)
        if (!p.givens[e.cell] && !p.entries[e.cell] && (p.marks[e.cell] & digit_bit(e.digit))) return &s;
    }
  }
  return nullptr;
}

std::vector<grader::CandidateRef> sorted(std::vector<grader::CandidateRef> v) {
  std::sort(v.begin(), v.end(), [](const auto& a, const auto& b) { return a.cell * 10 + a.digit < b.cell * 10 + b.digit; });
  return v;
}

TEST(ShipWithSteps, HintsFromTheStoredPathAreTheGradersHints) {
  TempDir dir;
  std::vector<Grid> puzzles = test::load_puzzles("puzzles_17clue.txt", 3);
  for (const Grid& g : test::load_puzzles("puzzles_top95.txt", 3)) puzzles.push_back(g);
  grader::Grader grader;
  {
    PuzzleStore store(dir.file("s.db"));
    for (const Grid& p : puzzles) {
      PuzzleRecord r = make_record(p, solve(p, 2).solution);
      r.method = "import";
      grader::GradeOptions keep;
      keep.keep_steps = true;
      set_grade(r, grader.grade(p, keep));
      ASSERT_FALSE(r.path.empty());
      store.insert(r);
    }
    store.flush();
    ShipOptions options;
    options.extra = {Field::Path};
    ship_store(store, {}, options, dir.file("app.db"));
  }
  // The app's side: the shipped file, read-only, and nothing else.
  test::Raw app(dir.file("app.db"), SQLITE_OPEN_READONLY);
  const auto rows = app.column("SELECT puzzle || path FROM puzzles ORDER BY id");
  ASSERT_EQ(rows.size(), puzzles.size());
  std::size_t checked = 0;
  for (const std::string& row : rows) {
    Grid puzzle;
    ParseError parse_error;
    ASSERT_TRUE(parse_puzzle(row.substr(0, 81), puzzle, parse_error)) << parse_error.message;
    std::vector<PathStep> path;
    std::string error;
    ASSERT_TRUE(decode_path(row.substr(81), path, error)) << error;
    // Along the path the grader itself takes: positions after k steps, with
    // the player's marks the path's candidates at that point.
    grader::GradeOptions keep;
    keep.keep_steps = true;
    const grader::Grade g = grader.grade(puzzle, keep);
    ASSERT_EQ(g.steps.size(), path.size());
    grader::Board board(puzzle);
    for (std::size_t k = 0; k < g.steps.size(); ++k) {
      if (k % 7 == 0 || k + 1 == g.steps.size()) {
        grader::Position pos;
        pos.givens = puzzle;
        for (int c = 0; c < kCells; ++c)
          if (puzzle[c] == 0) pos.entries[c] = static_cast<std::uint8_t>(board.value(c));
        pos.has_marks = true;
        pos.marks = board.candidate_masks();
        const PathStep* stored = next_stored_hint(path, pos);
        ASSERT_NE(stored, nullptr) << "step " << k;
        EXPECT_EQ(stored, &path[k]);
        const grader::Hint h = grader::find_hint(grader, pos);
        ASSERT_EQ(h.status, grader::HintStatus::Hint) << h.message;
        EXPECT_EQ(stored->technique, grader::technique_key(h.step.technique)) << "step " << k;
        EXPECT_EQ(stored->rating, grader::rounded_rating(h.step.difficulty));
        EXPECT_EQ(stored->placement.has_value(), !h.drawing.placed.empty());
        if (stored->placement) {
          EXPECT_EQ(*stored->placement, h.drawing.placed.front());
        }
        EXPECT_EQ(sorted(stored->eliminations), sorted(h.drawing.eliminated)) << "step " << k;
        EXPECT_EQ(sorted(stored->cause), sorted(h.drawing.cause)) << "step " << k;
        if (!stored->houses.empty()) {
          EXPECT_EQ(stored->houses, h.area.houses);
        } else {
          EXPECT_EQ(stored->cells, h.area.cells);
        }
        ++checked;
      }
      board.apply(g.steps[k]);
    }
  }
  EXPECT_GT(checked, 30u);
}

TEST(ShipWithSteps, ABadPathIsAnErrorNamingTheStep) {
  std::vector<PathStep> path;
  std::string error;
  EXPECT_TRUE(decode_path(R"([{"t":"hidden-single","r":1.2,"p":"624","h":[4]}])", path, error)) << error;
  ASSERT_EQ(path.size(), 1u);
  EXPECT_EQ(path[0].placement, (grader::CandidateRef{5 * 9 + 1, 4}));
  EXPECT_EQ(path[0].houses, std::vector<int>{4});
  for (const char* bad : {"{}", "[1]", R"([{"t":"x"}])", R"([{"t":"x","r":1,"p":"604"}])",
                          R"([{"t":"x","r":1},{"t":"y","r":2,"e":["12"]}])", R"([{"t":"x","r":1,"h":[27]}])", "[{"}) {
    EXPECT_FALSE(decode_path(bad, path, error)) << bad;
    EXPECT_FALSE(error.empty());
  }
  EXPECT_FALSE(decode_path(R"([{"t":"x","r":1},{"t":"y","r":2,"e":["12"]}])", path, error));
  EXPECT_NE(error.find("step 2"), std::string::npos) << error;
}

}  // namespace
}  // namespace sudokit::db
