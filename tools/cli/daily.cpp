// `sudokit daily`: the daily-puzzle export. Reads the date range and the
// schedule, lets the db module assign puzzles (DailyAssignment: idempotent,
// never a used puzzle or isomorph), writes DIR/YYYY-MM-DD.json + index.json
// (DailyDirectory, all or nothing) or NDJSON on stdout, by the library's
// stage -> commit -> publish protocol (produce/daily.hpp).
#include <chrono>
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "stop.hpp"
#include "store_cli.hpp"
#include "sudokit/db/daily.hpp"
#include "sudokit/db/paths.hpp"
#include "sudokit/produce/daily.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/produce/daily_images.hpp"

namespace sudokit::cli {

namespace {

using namespace sudokit::db;

/// The longest run of dates one command assigns (about 100 years).
constexpr std::int64_t kMaxDays = 36'600;

/// --format ndjson: one line per date on stdout, staged by writing and
/// flushing it (a failed write throws WriteError; nothing is assigned).
class NdjsonOutput final : public produce::DailyOutput {
 public:
  explicit NdjsonOutput(bool with_path) : json_{with_path, ""} {}
  void stage(const std::vector<DailyDate>& dates, const std::atomic<bool>*) override {
    Output out;
    for (const auto& d : dates) out.buffer() += daily_json(d, json_).dump() + '\n';
    out.flush();
  }
  void publish() override {}

 private:
  DailyJsonOptions json_;
};

}  // namespace

namespace {

const char* const kUsage =
    "usage: sudokit daily --db FILE --from DATE [--days N | --to DATE]\n"
    "                     (--levels L,... | --schedule DAY=LEVEL,...) [--variant NAME=GEOMETRY]...\n"
    "                     (--out DIR | --format ndjson)\n"
    "Assigns one puzzle per level to each date and records it in the store's daily table.\n"
    "Dates already assigned keep their puzzles (running again gives the same output);\n"
    "new ones get the oldest stored puzzles of their level that were never used before:\n"
    "no puzzle, and no puzzle equivalent to one by symmetry, is ever served twice. When a\n"
    "level runs short nothing is recorded or written, and the missing counts are printed\n"
    "with the `sudokit generate` commands that would supply them.\n"
    "Writes DIR/YYYY-MM-DD.json per date (each level's puzzle in the record format of\n"
    "db/README.md: id, gid, puzzle, solution, clues, er/ep/ed, level, hardest; every level the\n"
    "date has, also levels earlier runs gave it) and DIR/index.json (every date in\n"
    "DIR); --format ndjson writes the same objects\n"
    "to stdout, one line per date. Exit status 1 when the store fails or runs short, 2 for\n"
    "a usage error.";

void declare_options(po::options_description& opts, produce::DailyOptions& o) {
  add_store_options(opts);
  opts.add_options()
      ("from", po::value<std::string>(&o.from), "first date, YYYY-MM-DD (or today, tomorrow: the date now in --tz)")
      ("tz", po::value<std::string>(&o.time_zone)->default_value(std::string(kDefaultTimeZone)), "time zone of today and tomorrow, an IANA name (UTC, Europe/Paris, America/New_York); recorded in index.json; TZ is not used")
      ("to", po::value<std::string>(&o.to), "last date, instead of --days")
      ("levels", po::value<std::string>(&o.levels), "levels every day, e.g. easy,medium,hard")
      ("schedule", po::value<std::string>(&o.schedule), "levels per weekday, e.g. mon=easy,tue=medium,wed=medium,thu=hard,fri=hard,sat=expert,sun=expert (ranges mon-fri=hard, several levels sun=hard+expert; days not named get no puzzle)")
      ("out", po::value<std::string>(&o.out), "directory for DATE.json files and index.json (created if missing)")
      ("format", po::value<std::string>(&o.format)->default_value("json"), "json (files in --out DIR) or ndjson (one line per date on stdout)")
      ("dry-run", "check the request and show what it would assign; records and writes nothing")
      ("with-steps", "each puzzle with its solution path (`path`: the stored one, or graded now), for offline hints (db/README.md)")
      ("images", po::value<std::string>(&o.images), "png or svg: each puzzle also as an image beside the date's JSON (DATE-LEVEL.png, named in its `image` field)")
      ("variant", po::value<std::vector<std::string>>(&o.variants)->composing(), "NAME=GEOMETRY: a variant slot NAME (named in --levels or --schedule like a level) served from the stored puzzles of GEOMETRY (unrated), e.g. --levels easy,hard,daily-x --variant daily-x=x; may be repeated");
  add_number(opts, "days", o.days, {1, kMaxDays}, "number of dates (default 1)");
}

// The run's outcome on stderr: the exception publish_daily threw (rethrown
// here) as a message saying what was assigned and written, and the exit status.
int report_failure(const std::string& cmd, const std::string& path, const produce::DailyPlan& plan) {
  try {
    throw;
  } catch (const WriteError& e) {
    return write_failed(cmd, e, "; nothing was assigned");
  } catch (const produce::CommitFailed& e) {
    std::cerr << "sudokit daily: " << e.what()
              << (plan.ndjson ? "; the puzzles above were printed but not recorded\n"
                                     : "; nothing was assigned or written\n");
    return 1;
  } catch (const produce::PublishFailed& e) {
    std::cerr << "sudokit daily: " << e.what() << "; the assignment is recorded: run the same command again to "
              << "write the files\n";
    return 1;
  } catch (const LevelError& e) {
    std::cerr << "sudokit daily: " << plan.levels_option << ": " << e.what() << '\n';
    return kUsageError;
  } catch (const ShortageError& e) {
    print_shortage(cmd, path, e, "nothing was assigned or written");
    return 1;
  } catch (const StagingInterrupted&) {
    std::cerr << "sudokit daily: interrupted by " << stop_signal_name() << ": nothing was assigned or written\n";
    return interrupted_status();
  } catch (const StoreError& e) {
    std::cerr << "sudokit daily: " << e.what() << "; nothing was assigned or written\n";
    return 1;
  } catch (const sudokit::book::RenderError& e) {  // --images, while staging: before the commit
    std::cerr << "sudokit daily: " << e.what() << "; nothing was assigned or written\n";
    return 1;
  }
}

}  // namespace

int run_daily(const std::vector<std::string>& args) {
  po::options_description opts("options");
  produce::DailyOptions o;  // the library checks them (produce/daily.hpp)
  declare_options(opts, o);
  po::variables_map vm;
  if (auto status = parse_options(args, kUsage, opts, vm, false)) return *status;
  const std::string& cmd = args[0];
  const auto path = db_path(vm, cmd);
  if (!path) return kUsageError;

  o.dry_run = vm.count("dry-run") != 0;
  o.with_steps = vm.count("with-steps") != 0;
  produce::DailyPlan plan;
  try {
    plan = produce::plan_daily(o, std::chrono::system_clock::now());
  } catch (const produce::RequestError& e) {
    std::cerr << "sudokit daily: " << e.what() << '\n';
    return kUsageError;
  }
  const DailyRequest& request = plan.request;
  const auto writes = [&](const std::string& name) { return DailyDirectory::writes(request, name, plan.images); };
  if (files_clash(cmd, vm, *path, {{"--out", writes}})) return kUsageError;
  if (!store_exists(*path, cmd)) return 1;
  catch_stop_signals();

  try {
    PuzzleStore store(*path, store_options(vm, OpenMode::Write, "daily"));
    // stage -> commit -> publish (produce/daily.hpp): NDJSON is staged by
    // writing and flushing stdout, so output that failed (a full disk, a
    // closed pipe) assigns nothing.
    NdjsonOutput ndjson(plan.with_steps);
    std::optional<produce::DirectoryOutput> files;
    std::optional<produce::ImagesOutput> images;
    if (!plan.out.empty() && !plan.dry_run) {
      files.emplace(plan.out, plan.time_zone, DailyJsonOptions{plan.with_steps, plan.images});
      if (!plan.images.empty()) images.emplace(*files, plan.out, *produce::parse_daily_image_format(plan.images));
    }
    produce::DailyOutput* output = plan.dry_run ? nullptr
                                   : images     ? static_cast<produce::DailyOutput*>(&*images)
                                   : files      ? static_cast<produce::DailyOutput*>(&*files)
                                                : &ndjson;
    const produce::DailyRun run = produce::publish_daily(store, request, output, &g_stop, plan.with_steps);
    const std::string range = format_date(request.first) + " to " + format_date(request.first.plus_days(request.days - 1));
    const std::string counts = std::to_string(run.assigned + run.reused) + " puzzles (" + std::to_string(run.assigned) +
                               " newly assigned, " + std::to_string(run.reused) + " already assigned)";
    std::cerr << "sudokit daily: " << (plan.dry_run ? "dry run: " : "") << range << ": " << run.dates.size() << " dates, "
              << counts;
    if (plan.dry_run) std::cerr << "; nothing recorded or written";
    if (files) {
      std::cerr << "; wrote " << run.dates.size() << " files and index.json to " << plan.out;
      if (images) std::cerr << ", with " << run.assigned + run.reused << " " << plan.images << " images";
    }
    std::cerr << '\n';
  } catch (...) {
    return report_failure(cmd, db::redact_location(*path), plan);
  }
  return 0;
}

}  // namespace sudokit::cli
