// db::merge_stores: the union of shard stores, deduplicated by canonical
// form (an isomorph in a later input or already in the output is left out),
// every provenance column kept, idempotent, and a merge stopped after any
// batch and run again writes exactly the file (ids included) an
// uninterrupted merge writes. Bad inputs are refused before anything is
// written.
#include "sudokit/db/merge.hpp"

#include <atomic>

#include "db_test_util.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/solver/transform.hpp"

namespace sudokit::db::test {
namespace {

// Every column of every row, in id order, as one text per row.
std::vector<std::string> dump(const std::string& path) {
  Raw raw(path, SQLITE_OPEN_READONLY);
  return raw.column(
      "SELECT id || '|' || puzzle || '|' || solution || '|' || canonical || '|' || clues || '|' || "
      "ifnull(symmetry, '-') || '|' || ifnull(minimal, '-') || '|' || method || '|' || ifnull(seed, '-') || '|' || "
      "ifnull(seed_index, '-') || '|' || ifnull(er, '-') || '|' || ifnull(level, '-') || '|' || created_at || '|' || "
      "gid || '|' || ifnull(run, '-') || '|' || ifnull(shard, '-') FROM puzzles ORDER BY id");
}

// Three "shard" stores from the top95 list: shard k holds puzzles i with
// i % 3 == k, with their run and shard; shard 2 also holds an isomorph of
// puzzle 0 (a duplicate across inputs).
struct Shards {
  TempDir dir;
  std::vector<std::string> paths;
  std::vector<Grid> puzzles = load_puzzles("puzzles_top95.txt", 60);
  Shards() {
    for (int k = 0; k < 3; ++k) {
      paths.push_back(dir.file("s" + std::to_string(k) + ".db"));
      PuzzleStore store(paths.back());
      for (std::size_t i = static_cast<std::size_t>(k); i < puzzles.size(); i += 3) {
        PuzzleRecord r = make_record(puzzles[i], solve(puzzles[i], 2).solution);
        r.method = "backtrack";
        r.seed = 99;
        r.index = i;
        r.er = 7.5 + static_cast<double>(i % 10) / 10;
        r.level = "diabolical";
        r.run = "00112233445566ff";
        r.shard = std::to_string(k) + "/3";
        r.created_at = "2026-11-25T10:00:0" + std::to_string(k) + "Z";
        store.insert(r);
      }
      if (k == 2) {
        const Transform t = Transform::from_index(1234, 77);
        PuzzleRecord r = make_record(t.apply(puzzles[0]), t.apply(solve(puzzles[0], 2).solution));
        r.method = "import";
        store.insert(r);
      }
      store.flush();
    }
  }
};

TEST(Merge, TheUnionOfTheInputsWithEveryColumnAndEachPuzzleOnce) {
  Shards s;
  const std::string out = s.dir.file("out.db");
  MergeReport r;
  {
    PuzzleStore store(out);
    MergeOptions o;
    o.batch_rows = 7;
    r = merge_stores(store, s.paths, o);
  }
  ASSERT_EQ(r.sources.size(), 3u);
  EXPECT_EQ(r.added, 60u);
  EXPECT_EQ(r.duplicates, 1u);
  EXPECT_EQ(r.sources[2].rows, 21u);
  EXPECT_EQ(r.sources[2].duplicates, 1u);
  EXPECT_FALSE(r.stopped);
  Raw raw(out, SQLITE_OPEN_READONLY);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 60);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles WHERE method = 'import'"), 0) << "the isomorph is left out";
  EXPECT_EQ(raw.text("SELECT min(id) || '-' || max(id) FROM puzzles"), "1-60");
  // Provenance: every row as its shard stored it.
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles WHERE run = '00112233445566ff' AND seed = 99 AND "
                        "shard = (seed_index % 3) || '/3' AND created_at = '2026-11-25T10:00:0' || (seed_index % 3) || 'Z' "
                        "AND level = 'diabolical' AND er = 7.5 + (seed_index % 10) / 10.0"),
            60);
  // Each shard's rows in their order: ids follow the inputs' order.
  EXPECT_EQ(raw.text("SELECT group_concat(seed_index, ',') FROM (SELECT seed_index FROM puzzles WHERE id <= 4 ORDER BY id)"),
            "0,3,6,9");
  // Again: nothing is added.
  PuzzleStore store(out);
  const MergeReport again = merge_stores(store, s.paths);
  EXPECT_EQ(again.added, 0u);
  EXPECT_EQ(again.duplicates, 61u);
}

TEST(Merge, StoppedAfterAnyBatchAndRunAgainWritesTheSameFile) {
  Shards s;
  const std::string whole = s.dir.file("whole.db");
  {
    PuzzleStore store(whole);
    merge_stores(store, s.paths);
  }
  const std::vector<std::string> expected = dump(whole);
  ASSERT_EQ(expected.size(), 60u);
  for (int stop_after : {1, 2, 3, 5, 8}) {
    const std::string out = s.dir.file("stopped" + std::to_string(stop_after) + ".db");
    std::atomic<bool> stop{false};
    int batches = 0;
    MergeOptions o;
    o.batch_rows = 4;
    o.stop = &stop;
    o.progress = [&](const MergeProgress& p) {
      EXPECT_LE(p.done, p.total);
      if (++batches == stop_after) stop = true;
    };
    {
      PuzzleStore store(out);
      const MergeReport r = merge_stores(store, s.paths, o);
      EXPECT_TRUE(r.stopped);
      EXPECT_EQ(r.added, static_cast<std::uint64_t>(std::min(4 * stop_after, 60)));
    }
    PuzzleStore store(out);
    merge_stores(store, s.paths);
    EXPECT_EQ(dump(out), expected) << "stopped after " << stop_after << " batches";
  }
}

TEST(Merge, RefusesAMissingInputOrOneThatIsNotAStoreBeforeWritingAnything) {
  Shards s;
  const std::string out = s.dir.file("out.db");
  const std::string text = s.dir.file("notes.db");
  write_file(text, "not a database at all, just some text that is long enough to have a header\n");
  for (const std::string& bad : {s.dir.file("missing.db"), text}) {
    {
      PuzzleStore store(out);
      EXPECT_THROW(merge_stores(store, {s.paths[0], bad}), StoreError) << bad;
    }
    Raw raw(out, SQLITE_OPEN_READONLY);
    EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 0) << bad;
  }
  EXPECT_FALSE(std::filesystem::exists(s.dir.file("missing.db"))) << "an input is never created";
}

}  // namespace
}  // namespace sudokit::db::test
