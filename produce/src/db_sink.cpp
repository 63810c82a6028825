// The SQLite sink (db_sink.hpp).
#include "sudokit/produce/db_sink.hpp"

#include "sudokit/produce/grade_stage.hpp"

namespace sudokit::produce {

db::PuzzleRecord stored_record(const GeneratedPuzzle& p, const std::vector<grader::Level>& levels) {
  // A variant (issue #47): its geometry, cells and identity, unrated (variant).
  db::PuzzleRecord r = p.geometry ? db::make_variant_record(p.geometry, p.variant_puzzle, p.variant_solution)
                                  : db::make_record(p.puzzle, p.solution);
  r.symmetry = symmetry_name(p.symmetry);
  r.minimal = p.minimal;
  r.symmetric_minimal = p.symmetric_minimal;
  r.method = p.origin.empty() ? method_name(p.method) : "seeded";  // generate --from
  r.origin = p.origin;
  r.seed = p.seed;
  r.index = p.index;
  r.search_moves = p.search_moves;
  if (p.dig_order) r.dig_order = dig_order_name(*p.dig_order);
  if (const GradeAnnotation* g = grade_of(p)) db::set_grade(r, g->grade, levels);
  return r;
}

namespace {

/// Refuses a run whose shards split the indices otherwise than the rows the
/// store holds for its run key (another N, or sharded against unsharded):
/// both would be resumed from one set of stored indices, and the shards of
/// the two splits do not add up to the run.
void check_split(db::PuzzleStore& store, const std::string& run, const std::string& shard, std::uint64_t count) {
  for (const std::string& other : store.shards_of_run(run)) {
    const auto slash = other.find('/');
    const std::string other_count = other.empty() || slash == std::string::npos ? "1" : other.substr(slash + 1);
    if (other_count == std::to_string(count)) continue;
    const std::string mine = shard.empty() ? "the whole run (no --shard)" : "--shard " + shard;
    const std::string theirs = other.empty() ? "the whole run (no --shard)" : "shard " + other;
    throw RequestError("--shard", "--shard: " + store.path() + " holds rows of run " + run + " made as " + theirs +
                                      "; this run as " + mine +
                                      " would split its indices another way: run it with the split the store has, "
                                      "or into another store");
  }
}

}  // namespace

GenerateSummary generate_into_store(const GeneratePlan& plan, const std::string& path, const GenerateHooks& hooks,
                                    const db::StoreOptions& store_options) {
  db::StoreOptions writing = store_options;
  writing.mode = db::OpenMode::Write;
  db::PuzzleStore store(path, writing);
  const std::string run = run_key(plan);
  const PipelineOptions& o = plan.pipeline;
  const std::string shard = o.shard_count > 1 ? Shard{o.shard_index, o.shard_count}.text() : std::string();
  GeneratePlan resumed = plan;
  if (o.search_keep <= 1 && !plan.walks()) {
    check_split(store, run, shard, o.shard_count);
    resumed.pipeline.skip = store.indices_of_run(run);
  }
  // What this run (shard) is to make, for `db stats` (a seeded search has
  // no indices to count).
  if (!plan.walks()) store.record_run({run, shard, o.count, o.seed, plan.options_text, {}});
  DbSink sink(store, plan.criteria.levels, run, shard);
  GenerateSummary summary = generate(resumed, sink, hooks);
  store.flush();  // the in-flight batch, also after a stop
  summary.stored = store.stored();
  summary.duplicates = store.duplicates();
  return summary;
}

void DbSink::write(const GeneratedPuzzle& puzzle) {
  db::PuzzleRecord r = stored_record(puzzle, levels_);
  r.run = run_;
  r.shard = shard_;
  store_.insert(std::move(r));
  store_.flush_if_due();
}

}  // namespace sudokit::produce
