// Merging stores: the rows of other sudokit stores (the per-shard files of a
// sharded `generate`, stores built on other machines) added to one, as
// `sudokit db merge --db OUT IN.db...` does.
//
// - Deduplicated by canonical form: a puzzle already in OUT, or an isomorph
//   of one, is counted as a duplicate and left out; between inputs the first
//   (in argument order, then by row id) wins.
// - Provenance kept: every column of the row (seed, seed_index, method, run,
//   shard, created_at, ratings, path) is copied as it is; only the id is
//   OUT's own (ids in the order the rows were added).
// - Streamed in batches of batch_rows by id, each its own transaction:
//   memory does not grow with the inputs, and a merge killed at any moment
//   and run again ends with exactly the file an uninterrupted merge writes
//   (rows already there are skipped before an id is given out, so even the
//   ids are the same). Running it twice adds nothing.
// - Inputs are opened for reading (an input of an older schema is migrated
//   first, as every command does). Only the puzzles are merged: an input's
//   daily schedule and used marks are not (MergedSource::other_tables says
//   it has some).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sudokit/db/store.hpp"

namespace sudokit::db {

struct MergeProgress {
  const std::string* source = nullptr;  // the input being merged
  std::uint64_t done = 0, total = 0;    // its rows read so far, and all of them
};

struct MergeOptions {
  std::uint64_t batch_rows = 10000;                          // rows read per transaction (at least 1)
  std::function<void(const MergeProgress&)> progress;        // after each batch; may throw (stops the merge)
  const std::atomic<bool>* stop = nullptr;                   // set (a signal): stop after the batch in hand
};

struct MergedSource {
  std::string path;
  std::uint64_t rows = 0;        // rows read
  std::uint64_t added = 0;       // rows added to the output
  std::uint64_t duplicates = 0;  // rows whose canonical form the output held already
  bool other_tables = false;     // it has daily or used rows, which are not merged
};

struct MergeReport {
  std::vector<MergedSource> sources;  // the inputs merged (in full, or up to a stop)
  std::uint64_t added = 0, duplicates = 0;
  bool stopped = false;  // by options.stop: what was committed stays, a rerun finishes
};

/// Adds the rows of the stores `inputs` to `out`. Throws StoreError: for an
/// input that is missing or not a sudokit store before anything is written
/// (every input is opened first); for a failed commit after the batches
/// before it were committed (they stay).
MergeReport merge_stores(PuzzleStore& out, const std::vector<std::string>& inputs, const MergeOptions& options = {});

/// Opens every input for reading and closes it again: throws StoreError for
/// one that is missing or not a sudokit store. Called before the output is
/// opened, so that a bad input leaves no output created.
void check_merge_inputs(const std::vector<std::string>& inputs);

}  // namespace sudokit::db
