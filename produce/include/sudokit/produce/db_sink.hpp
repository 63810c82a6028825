// The pipeline's SQLite sink: each accepted puzzle becomes a store row
// (with its grade when the grade stage graded it, and its run key and
// shard); the store batches the rows and skips duplicates (same canonical
// form), counting them.
#pragma once

#include <vector>

#include "sudokit/db/record.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/generator/pipeline.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/produce/generate.hpp"

namespace sudokit::produce {

/// The store row of a generated puzzle: puzzle, solution, canonical form,
/// generator fields, and the grade (level from `levels`) if it has one.
db::PuzzleRecord stored_record(const GeneratedPuzzle& puzzle, const std::vector<grader::Level>& levels);

class DbSink final : public PuzzleSink {
 public:
  /// `levels` must outlive the sink. `run` and `shard` go into every row
  /// (columns run and shard; "" = NULL).
  DbSink(db::PuzzleStore& store, const std::vector<grader::Level>& levels, std::string run = {}, std::string shard = {})
      : store_(store), levels_(levels), run_(std::move(run)), shard_(std::move(shard)) {}
  /// Queues the row and commits a batch when one is due: throws StoreError
  /// when the commit fails (the pipeline then stops, joins its workers and
  /// passes it on; committed batches stay).
  void write(const GeneratedPuzzle& puzzle) override;

 private:
  db::PuzzleStore& store_;
  const std::vector<grader::Level>& levels_;
  std::string run_, shard_;
};

/// Runs the plan into the SQLite store at `path` (created if missing):
/// graded rows when the plan grades, duplicates skipped and counted, each
/// row with the run key (run_key) and the shard ("K/N" when the plan is one
/// of several). The indices the store holds for the run key already are
/// skipped (a killed run or shard, started again, makes only the rest; a
/// larger count adds the indices after), except when the plan keeps several
/// neighbours per puzzle (search_keep > 1: its count is of puzzles). A
/// store holding rows of the run key made by another split (a different
/// shard count N, or sharded rows against an unsharded run and back) is
/// refused before anything is made: RequestError("--shard", ...). Every
/// batch committed before a failure stays; throws db::StoreError.
/// `store` sets the store's batches and lock wait (db::StoreOptions; its
/// mode is Write whatever it says). A variant plan (plan.geometry) is
/// refused before the store is opened: RequestError("--db", ...).
GenerateSummary generate_into_store(const GeneratePlan& plan, const std::string& path,
                                    const GenerateHooks& hooks = {}, const db::StoreOptions& store = {});

}  // namespace sudokit::produce
