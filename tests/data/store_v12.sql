-- A store as sudokit's main branch left it at schema version 12 (made by its binary:
-- generate -n 6 --seed 9 --threads 1 --shard 0/2 --db v12.db; then sqlite3 v12.db .dump), with the
-- pragmas .dump leaves out.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE daily (
  date       TEXT    NOT NULL,
  level      TEXT    NOT NULL,
  puzzle_id  INTEGER NOT NULL REFERENCES puzzles (id),
  PRIMARY KEY (date, level)
);
CREATE TABLE used (
  canonical  TEXT    NOT NULL PRIMARY KEY CHECK (length(canonical) = 81),
  puzzle_id  INTEGER NOT NULL,
  kind       TEXT    NOT NULL,
  label      TEXT    NOT NULL,
  used_at    TEXT    NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS "puzzles" (
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
, path TEXT, run TEXT, shard TEXT, rated_by TEXT, origin TEXT);
INSERT INTO puzzles VALUES(1,'.8.9..........7.4.2.14...5.1...3...7.........4.6.....9.....278...9.1...45....6...','384951276965327148271468953158639427792184635436275819643592781829713564517846392','..............1.23..4..5..6..6..3.1..2......7.8.59.....5..3....1.....9..3...7..68',22,'none',1,'backtrack',9,0,2.0,1.1999999999999999555,1.1999999999999999555,'medium','direct-hidden-pair','{"hidden-single":57,"direct-hidden-pair":2}','2026-11-28T04:53:03Z',NULL,0,'random',1,'3PGvocu0MnbXhhn9',NULL,'299561372ebcc02c','0/2','sudokit-grader/1',NULL);
INSERT INTO puzzles VALUES(2,'82.1..........7.69....5983..58......7......5.......4.35....17....76431..1....5..6','829136547315487269476259831658374912734912658291568473563821794987643125142795386','.......12.....13.....45......1.6.7....73..1..4657....3..3.86....7....29.1.82.5...',27,'none',1,'backtrack',9,2,4.2000000000000001776,1.1999999999999999555,1.1999999999999999555,'hard','xy-wing','{"hidden-single":53,"direct-hidden-pair":1,"pointing":2,"naked-pair":1,"x-wing":1,"hidden-pair":1,"xy-wing":1}','2026-11-28T04:53:03Z',NULL,0,'random',1,'ekzaKprskC8lPSou',NULL,'299561372ebcc02c','0/2','sudokit-grader/1',NULL);
INSERT INTO puzzles VALUES(3,'.3........2.7...9.5.9..84.......9.....5...2.96...7...3..82...3.9.......44....1..6','736194852824765391519328467247539618385416279691872543168247935972653184453981726','........1..1..2....3..4..5....67.5.8..5..8....6....2...5...39...9.56...78.2......',23,'none',1,'backtrack',9,4,1.5,1.1999999999999999555,1.1999999999999999555,'medium','hidden-single','{"hidden-single":58}','2026-11-28T04:53:03Z',NULL,0,'random',1,'UnEc8c43y8KNOMmB',NULL,'299561372ebcc02c','0/2','sudokit-grader/1',NULL);
DELETE FROM sqlite_sequence;
INSERT INTO sqlite_sequence VALUES('puzzles',3);
CREATE INDEX daily_puzzle ON daily (puzzle_id);
CREATE INDEX used_puzzle ON used (puzzle_id);
CREATE INDEX puzzles_level_er ON puzzles (level, er);
CREATE INDEX puzzles_clues ON puzzles (clues);
CREATE INDEX puzzles_level ON puzzles (level);
CREATE INDEX puzzles_run ON puzzles (run, seed_index) WHERE run IS NOT NULL;
COMMIT;
PRAGMA user_version = 12;
PRAGMA application_id = 1398096971;
