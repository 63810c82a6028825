// The SQLite sink (db_sink.hpp).
#include "sudokit/produce/db_sink.hpp"

#include "sudokit/produce/grade_stage.hpp"

namespace sudokit::produce {

db::PuzzleRecord stored_record(const GeneratedPuzzle& p, const std::vector<grader::Level>& levels) {
  db::PuzzleRecord r = db::make_record(p.puzzle, p.solution);
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

GenerateSummary generate_into_store(const GeneratePlan& plan, const std::string& path, const GenerateHooks& hooks,
                                    const db::StoreOptions& store_options) {
  db::StoreOptions writing = store_options;
  writing.mode = db::OpenMode::Write;
  db::PuzzleStore store(path, writing);
  const std::string run = run_key(plan);
  const PipelineOptions& o = plan.pipeline;
  GeneratePlan resumed = plan;
  if (o.search_keep <= 1 && !plan.walks()) resumed.pipeline.skip = store.indices_of_run(run);
  DbSink sink(store, plan.criteria.levels, run,
              o.shard_count > 1 ? Shard{o.shard_index, o.shard_count}.text() : std::string());
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
