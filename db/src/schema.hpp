// The schema of the store as a list of forward migrations: kMigrations[v]
// takes a file from user_version v to v + 1. A new file runs all of them in
// order, so the path an old file takes and the path a new one takes are the
// same code. Never edit a migration that has shipped: add one, bump
// kSchemaVersion (store.hpp), and describe it in db/README.md.
#pragma once

#include <array>

#include "sudokit/db/store.hpp"

namespace sudokit::db::detail {

inline constexpr std::array<const char*, kSchemaVersion> kMigrations = {
    // v0 -> v1: the puzzles table, its deduplication key and the indexes for
    // "level + rating" and "clue count" queries.
    R"sql(
CREATE TABLE puzzles (
  id          INTEGER PRIMARY KEY,
  puzzle      TEXT    NOT NULL CHECK (length(puzzle) = 81),
  solution    TEXT    NOT NULL CHECK (length(solution) = 81),
  canonical   TEXT    NOT NULL UNIQUE CHECK (length(canonical) = 81),
  clues       INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 81),
  symmetry    TEXT,
  minimal     INTEGER CHECK (minimal IN (0, 1)),
  method      TEXT    NOT NULL,
  seed        INTEGER,
  seed_index  INTEGER,
  er          REAL,
  ep          REAL,
  ed          REAL,
  level       TEXT,
  hardest     TEXT,
  histogram   TEXT,
  created_at  TEXT    NOT NULL
);
CREATE INDEX puzzles_level_er ON puzzles (level, er);
CREATE INDEX puzzles_clues ON puzzles (clues);
)sql",
    // v1 -> v2: the rating an imported puzzle came with.
    R"sql(
ALTER TABLE puzzles ADD COLUMN source_rating REAL;
)sql",
    // v2 -> v3: the daily schedule (filled by the daily export).
    R"sql(
CREATE TABLE daily (
  date       TEXT    NOT NULL,
  level      TEXT    NOT NULL,
  puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id),
  PRIMARY KEY (date, level)
);
CREATE INDEX daily_puzzle ON daily (puzzle_id);
)sql",
    // v3 -> v4: every puzzle published anywhere (a daily date, a book made
    // with --mark-used), keyed by canonical form so that no puzzle and no
    // isomorph of one is ever published twice, even if its row is deleted
    // and an isomorph stored later. Daily rows already in the file count as
    // used (the first date of a puzzle scheduled twice by hand wins).
    R"sql(
CREATE TABLE used (
  canonical  TEXT    NOT NULL PRIMARY KEY CHECK (length(canonical) = 81),
  puzzle_id  INTEGER NOT NULL,
  kind       TEXT    NOT NULL,
  label      TEXT    NOT NULL,
  used_at    TEXT    NOT NULL
) WITHOUT ROWID;
CREATE INDEX used_puzzle ON used (puzzle_id);
INSERT OR IGNORE INTO used (canonical, puzzle_id, kind, label, used_at)
  SELECT p.canonical, d.puzzle_id, 'daily', d.date || ' ' || d.level, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')
  FROM daily d JOIN puzzles p ON p.id = d.puzzle_id
  ORDER BY d.date, d.level;
)sql",
    // v4 -> v5: how a generated puzzle was found: the number of local-search
    // moves from the puzzle its seed and index dug (0 = as dug); NULL for
    // imported rows and rows stored before v5.
    R"sql(
ALTER TABLE puzzles ADD COLUMN search_moves INTEGER;
)sql",
    // v5 -> v6: the order the generator dug clues in ("random",
    // "sparse-digits"); with seed, seed_index and the generate options it
    // regenerates the row. NULL for imported rows, pattern puzzles and rows
    // stored before v6 (those were dug in random order).
    R"sql(
ALTER TABLE puzzles ADD COLUMN dig_order TEXT;
)sql",
    // v6 -> v7: two facts instead of one. `minimal` is strict (no single
    // given can be removed); `symmetric_minimal` says no orbit of givens
    // under the row's symmetry can be removed. Up to v6 the generator wrote
    // the orbit fact into `minimal` for symmetric puzzles, which is not the
    // strict one (262 of 265 such puzzles were not strictly minimal): there
    // the old value moves to `symmetric_minimal` and `minimal` becomes
    // unknown (NULL); with symmetry 'none' orbits are single givens, so both
    // hold the old value. Imported rows were checked strictly (and a
    // strictly minimal puzzle is minimal among symmetric removals too).
    R"sql(
ALTER TABLE puzzles ADD COLUMN symmetric_minimal INTEGER CHECK (symmetric_minimal IN (0, 1));
UPDATE puzzles SET symmetric_minimal = minimal
  WHERE symmetry IS NOT NULL AND (method <> 'import' OR symmetry = 'none' OR minimal = 1);
UPDATE puzzles SET minimal = NULL WHERE symmetry IS NOT NULL AND symmetry <> 'none' AND method <> 'import';
)sql",
    // v7 -> v8: stable ids. `id` becomes AUTOINCREMENT, so an id is never
    // given to another puzzle, even after its row is deleted (SQLite keeps
    // the highest id ever used in sqlite_sequence); and `gid`, the global id
    // (16 URL-safe characters naming the canonical form, the same in every
    // store: solver/global_id.hpp), is filled for every row by the
    // connection's sudokit_gid() function. It is not indexed here (a second
    // index of random keys costs about 15% of the insert rate; `canonical`
    // already deduplicates); shipped files index it. SQLite cannot add AUTOINCREMENT to
    // a table, so the table is rebuilt with the same columns in the same
    // order and the same ids; foreign keys are off while this runs
    // (PuzzleStore::Impl::migrate) and checked before the commit.
    R"sql(
CREATE TABLE puzzles_v8 (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  puzzle             TEXT    NOT NULL CHECK (length(puzzle) = 81),
  solution           TEXT    NOT NULL CHECK (length(solution) = 81),
  canonical          TEXT    NOT NULL UNIQUE CHECK (length(canonical) = 81),
  clues              INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 81),
  symmetry           TEXT,
  minimal            INTEGER CHECK (minimal IN (0, 1)),
  method             TEXT    NOT NULL,
  seed               INTEGER,
  seed_index         INTEGER,
  er                 REAL,
  ep                 REAL,
  ed                 REAL,
  level              TEXT,
  hardest            TEXT,
  histogram          TEXT,
  created_at         TEXT    NOT NULL,
  source_rating      REAL,
  search_moves       INTEGER,
  dig_order          TEXT,
  symmetric_minimal  INTEGER CHECK (symmetric_minimal IN (0, 1)),
  gid                TEXT    NOT NULL CHECK (length(gid) = 16)
);
INSERT INTO puzzles_v8 (id, puzzle, solution, canonical, clues, symmetry, minimal, method, seed, seed_index,
                        er, ep, ed, level, hardest, histogram, created_at, source_rating, search_moves,
                        dig_order, symmetric_minimal, gid)
  SELECT id, puzzle, solution, canonical, clues, symmetry, minimal, method, seed, seed_index,
         er, ep, ed, level, hardest, histogram, created_at, source_rating, search_moves,
         dig_order, symmetric_minimal, sudokit_gid(canonical)
  FROM puzzles ORDER BY id;
DROP TABLE puzzles;
ALTER TABLE puzzles_v8 RENAME TO puzzles;
CREATE INDEX puzzles_level_er ON puzzles (level, er);
CREATE INDEX puzzles_clues ON puzzles (clues);
)sql",
    // v8 -> v9: an index on the level alone. It is (level, id) in SQLite, so
    // "the oldest unused puzzles of a level" (daily, book) walks the level in
    // id order and stops at the first that qualify; with only (level, er) it
    // tested every puzzle of the level and sorted them (27 ms at 100,000 rows,
    // `sudokit-bench queries`).
    R"sql(
CREATE INDEX puzzles_level ON puzzles (level);
)sql",
    // v9 -> v10: the solution path, when stored (`--with-steps`): JSON in
    // the encoding of db/path.hpp; NULL otherwise.
    R"sql(
ALTER TABLE puzzles ADD COLUMN path TEXT;
)sql",
    // v10 -> v11: the generate run that made a row (a key of its options and
    // seed: a resumed or sharded run finds the indices stored already) and
    // the shard of it ("K/N"), NULL for imported rows and older ones; what
    // rated a row (grader::rater_name()), NULL for rows rated before.
    R"sql(
ALTER TABLE puzzles ADD COLUMN run TEXT;
ALTER TABLE puzzles ADD COLUMN shard TEXT;
ALTER TABLE puzzles ADD COLUMN rated_by TEXT;
CREATE INDEX puzzles_run ON puzzles (run, seed_index) WHERE run IS NOT NULL;
)sql",
    // v11 -> v12: where a seeded search (`generate --from FILE`) found a
    // row: the global id of the seed it started from (its line is the
    // row's seed_index, the moves from it search_moves); NULL otherwise.
    R"sql(
ALTER TABLE puzzles ADD COLUMN origin TEXT;
)sql",
    // v12 -> v13: the generate runs (run key and shard) and what each was
    // asked to make, so `db stats` shows a shard's target beside its rows.
    R"sql(
CREATE TABLE runs (
  run         TEXT    NOT NULL,
  shard       TEXT    NOT NULL,
  count       INTEGER NOT NULL CHECK (count >= 0),
  seed        INTEGER NOT NULL,
  options     TEXT    NOT NULL,
  started_at  TEXT    NOT NULL,
  PRIMARY KEY (run, shard)
);
)sql",
    // v13 -> v14: variants (issue #47). `geometry` holds a variant's
    // canonical spelling, NULL for the classic 9x9 (every row before v14).
    // A variant's puzzle and solution have a cell per character (16 to 625),
    // its canonical column holds "SPELLING CELLS" (variant_identity: the
    // key of UNIQUE, never equal to a classic form), its gid is a variant
    // id ('v' and 16 characters: 17) and `used` takes the
    // same keys. SQLite cannot change a CHECK, so both tables are rebuilt
    // with the same columns, rows and ids (as v8 did), the highest id ever
    // given carried over in sqlite_sequence first; classic rows keep every
    // byte. puzzles_geometry finds the rows of a variant without touching
    // the classic ones (a partial index: classic inserts do not pay for it).
    R"sql(
CREATE TABLE puzzles_v14 (
  id                 INTEGER PRIMARY KEY AUTOINCREMENT,
  puzzle             TEXT    NOT NULL,
  solution           TEXT    NOT NULL,
  canonical          TEXT    NOT NULL UNIQUE,
  clues              INTEGER NOT NULL CHECK (clues BETWEEN 0 AND 625),
  symmetry           TEXT,
  minimal            INTEGER CHECK (minimal IN (0, 1)),
  method             TEXT    NOT NULL,
  seed               INTEGER,
  seed_index         INTEGER,
  er                 REAL,
  ep                 REAL,
  ed                 REAL,
  level              TEXT,
  hardest            TEXT,
  histogram          TEXT,
  created_at         TEXT    NOT NULL,
  source_rating      REAL,
  search_moves       INTEGER,
  dig_order          TEXT,
  symmetric_minimal  INTEGER CHECK (symmetric_minimal IN (0, 1)),
  gid                TEXT    NOT NULL,
  path               TEXT,
  run                TEXT,
  shard              TEXT,
  rated_by           TEXT,
  origin             TEXT,
  geometry           TEXT,
  CHECK (CASE WHEN geometry IS NULL
              THEN length(puzzle) = 81 AND length(solution) = 81 AND length(canonical) = 81 AND length(gid) = 16
              ELSE length(puzzle) BETWEEN 16 AND 625 AND length(solution) = length(puzzle)
                   AND length(canonical) = length(geometry) + 1 + length(puzzle) AND length(gid) = 17 END)
);
INSERT INTO sqlite_sequence (name, seq) SELECT 'puzzles_v14', seq FROM sqlite_sequence WHERE name = 'puzzles';
INSERT INTO puzzles_v14 (id, puzzle, solution, canonical, clues, symmetry, minimal, method, seed, seed_index,
                         er, ep, ed, level, hardest, histogram, created_at, source_rating, search_moves,
                         dig_order, symmetric_minimal, gid, path, run, shard, rated_by, origin)
  SELECT id, puzzle, solution, canonical, clues, symmetry, minimal, method, seed, seed_index,
         er, ep, ed, level, hardest, histogram, created_at, source_rating, search_moves,
         dig_order, symmetric_minimal, gid, path, run, shard, rated_by, origin
  FROM puzzles ORDER BY id;
DROP TABLE puzzles;
ALTER TABLE puzzles_v14 RENAME TO puzzles;
CREATE INDEX puzzles_level_er ON puzzles (level, er);
CREATE INDEX puzzles_clues ON puzzles (clues);
CREATE INDEX puzzles_level ON puzzles (level);
CREATE INDEX puzzles_run ON puzzles (run, seed_index) WHERE run IS NOT NULL;
CREATE INDEX puzzles_geometry ON puzzles (geometry) WHERE geometry IS NOT NULL;
CREATE TABLE used_v14 (
  canonical  TEXT    NOT NULL PRIMARY KEY,
  puzzle_id  INTEGER NOT NULL,
  kind       TEXT    NOT NULL,
  label      TEXT    NOT NULL,
  used_at    TEXT    NOT NULL
) WITHOUT ROWID;
INSERT INTO used_v14 (canonical, puzzle_id, kind, label, used_at)
  SELECT canonical, puzzle_id, kind, label, used_at FROM used;
DROP TABLE used;
ALTER TABLE used_v14 RENAME TO used;
CREATE INDEX used_puzzle ON used (puzzle_id);
)sql",
};

}  // namespace sudokit::db::detail
