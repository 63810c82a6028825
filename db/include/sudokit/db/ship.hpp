// `sudokit db ship`: the file an app ships. A new SQLite file with only what
// an app needs (db/README.md "Shipping file"): one row per graded puzzle
// (id, gid, level, rank, puzzle, solution, er, hardest, and the record-format
// fields asked for), a `levels` table (puzzles and rating range per level)
// and a `meta` table. `rank` numbers each level's puzzles 0, 1, 2, ... in a
// seeded random order, so "a random unused puzzle of a level" is the row
// (level, next rank) the app has not served yet: one lookup in the UNIQUE
// (level, rank) index, no sort, at any size. The file is written under a
// temporary name of its own (files/staged.hpp), vacuumed, made read-only
// (mode 0444, rollback journal, so readers need no -wal/-shm files), synced
// and renamed into place: all or nothing; two runs to one file each write
// their own temporary and the last to finish publishes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sudokit/db/record_format.hpp"
#include "sudokit/db/store.hpp"

namespace sudokit::db {

struct ShipOptions {
  std::vector<Field> extra;  // record-format fields beyond the fixed ones
  std::uint64_t seed = 0;    // of the rank order: same seed, same store, same file
  std::vector<std::string> levels;  // only these levels (each as filter.level); empty = every level
};

struct ShipSummary {
  std::uint64_t puzzles = 0;         // rows shipped
  std::uint64_t skipped_ungraded = 0;  // matched but not graded (no level): not shipped
  std::uint64_t bytes = 0;           // size of the file
};

/// Writes the puzzles matching `filter` (graded ones) to a new file `out`
/// (replaced if it exists). Throws StoreError (the file is then left as it
/// was before), also when no puzzle matches: an empty file is never shipped.
ShipSummary ship_store(PuzzleStore& store, const PuzzleFilter& filter, const ShipOptions& options,
                       const std::string& out);

}  // namespace sudokit::db
