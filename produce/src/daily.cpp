// The daily export's stage -> commit -> publish protocol (daily.hpp).
#include "sudokit/produce/daily.hpp"

namespace sudokit::produce {

DailyRun publish_daily(db::PuzzleStore& store, const db::DailyRequest& request, DailyOutput* output,
                       const std::atomic<bool>* stop) {
  db::DailyAssignment assignment(store, request);  // rolled back unless committed
  DailyRun run{assignment.dates(), assignment.assigned(), assignment.reused()};
  if (output == nullptr) return run;  // dry run
  // Stopping is possible until the assignment is committed; after that the
  // output is published (a few renames) and the run completes.
  if (stop != nullptr && stop->load()) throw db::StagingInterrupted(store.path());
  output->stage(run.dates, stop);
  try {
    assignment.commit();
  } catch (const db::StoreError& e) {
    throw CommitFailed(e);
  }
  try {
    output->publish();
  } catch (const db::StoreError& e) {
    throw PublishFailed(e);
  }
  return run;
}

}  // namespace sudokit::produce
