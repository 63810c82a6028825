// The daily export's stage -> commit -> publish protocol (daily.hpp).
#include "sudokit/produce/daily.hpp"

#include <algorithm>

#include "sudokit/db/path.hpp"

namespace sudokit::produce {

namespace {

/// --from/--to: YYYY-MM-DD, "today" or "tomorrow" (the date at `now` in `zone`).
db::Date read_date(const std::string& option, const std::string& text, const std::string& zone,
                   std::chrono::system_clock::time_point now) {
  std::string error;
  db::Date date;
  if (text == "today" || text == "tomorrow") {
    if (!db::date_in_zone(zone, now, date, error)) throw RequestError("--tz", "--tz: " + error);
    return date.plus_days(text == "tomorrow" ? 1 : 0);
  }
  if (!db::parse_date(text, date, error)) throw RequestError(option, option + ": " + error);
  return date;
}

}  // namespace

DailyPlan plan_daily(const DailyOptions& o, std::chrono::system_clock::time_point now) {
  DailyPlan plan;
  if (o.from.empty()) throw RequestError("--from", "--from DATE is required (YYYY-MM-DD, today or tomorrow)");
  {
    db::Date check;
    std::string error;
    if (!db::date_in_zone(o.time_zone, now, check, error)) throw RequestError("--tz", "--tz: " + error);
  }
  plan.time_zone = o.time_zone;
  plan.request.first = read_date("--from", o.from, o.time_zone, now);
  if (o.days != 0 && !o.to.empty()) throw RequestError("--days", "give --days or --to, not both");
  if (o.days != 0) {
    plan.request.days = o.days;
  } else if (!o.to.empty()) {
    const db::Date last = read_date("--to", o.to, o.time_zone, now);
    if (last < plan.request.first)
      throw RequestError("--to", "--to " + db::format_date(last) + " is before --from " +
                                     db::format_date(plan.request.first));
    plan.request.days = (last.day - plan.request.first.day).count() + 1;
  }
  std::string error;
  plan.levels_option = !o.levels.empty() ? "--levels" : "--schedule";
  if (!o.levels.empty() && !o.schedule.empty()) throw RequestError("--levels", "give --levels or --schedule, not both");
  if (!o.levels.empty()) {
    std::vector<std::string> levels;
    if (!db::parse_level_list(o.levels, levels, error)) throw RequestError("--levels", "--levels: " + error);
    plan.request.schedule = db::WeeklySchedule::every_day(levels);
  } else if (!o.schedule.empty()) {
    if (!db::parse_schedule(o.schedule, plan.request.schedule, error))
      throw RequestError("--schedule", "--schedule: " + error);
  } else {
    throw RequestError("--levels", "give the levels: --levels easy,medium,hard or --schedule mon=easy,...,sun=expert");
  }
  for (const std::string& text : o.variants) {
    std::pair<std::string, std::string> slot;
    if (!db::parse_variant_slot(text, slot, error)) throw RequestError("--variant", "--variant: " + error);
    if (!plan.request.variant_of(slot.first).empty())
      throw RequestError("--variant", "--variant: slot '" + slot.first + "' is given twice");
    const std::vector<std::string> named = plan.request.schedule.levels();
    if (std::find(named.begin(), named.end(), slot.first) == named.end())
      throw RequestError("--variant", "--variant: slot '" + slot.first + "' is on no day of " + plan.levels_option +
                                          " (name it there like a level, e.g. --levels easy,hard," + slot.first + ")");
    plan.request.variants.push_back(std::move(slot));
  }
  if (const std::string problem = db::check_request(plan.request); !problem.empty())
    throw RequestError(plan.levels_option, problem);
  if (o.format != "json" && o.format != "ndjson")
    throw RequestError("--format", "unknown --format '" + o.format + "' (expected json or ndjson)");
  plan.ndjson = o.format == "ndjson";
  plan.dry_run = o.dry_run;
  plan.with_steps = o.with_steps;
  if (!o.images.empty()) {
    if (o.images != "png" && o.images != "svg")
      throw RequestError("--images", "unknown --images '" + o.images + "' (expected png or svg)");
    if (plan.ndjson || o.out.empty())
      throw RequestError("--images", "--images writes files beside the JSON: it needs --format json and --out DIR");
    for (const std::string& level : plan.request.schedule.levels())
      if (!db::url_safe_name(level))
        throw RequestError("--images", "level '" + level +
                                           "' cannot name an image file (use letters, digits, - and _ in level names)");
    plan.images = o.images;
  }
  if (!plan.ndjson && o.out.empty() && !o.dry_run)
    throw RequestError("--out", "--out DIR is required for --format json (or use --format ndjson for stdout)");
  if (plan.ndjson && !o.out.empty())
    throw RequestError("--out", "--format ndjson writes to stdout; --out is for --format json");
  plan.out = o.out;
  return plan;
}

DailyRun publish_daily(db::PuzzleStore& store, const db::DailyRequest& request, DailyOutput* output,
                       const std::atomic<bool>* stop, bool with_steps) {
  db::DailyAssignment assignment(store, request);  // rolled back unless committed
  DailyRun run{assignment.dates(), assignment.assigned(), assignment.reused()};
  if (output == nullptr) return run;  // dry run
  if (with_steps) {
    grader::Grader grader;
    grader::GradeOptions keep;
    keep.keep_steps = true;
    for (db::DailyDate& date : run.dates)
      for (db::DailyEntry& e : date.entries)
        if (e.puzzle.path.empty() && !e.puzzle.variant()) {  // a variant has no path until issue #48
          const grader::Grade g = grader.grade(e.puzzle.puzzle, keep);
          if (g.rated()) e.puzzle.path = db::encode_path(e.puzzle.puzzle, g.steps);
        }
  }
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
