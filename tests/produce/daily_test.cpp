// produce::publish_daily: stage -> commit -> publish. A failure or a stop
// before the commit leaves the store's schedule and the published files as
// they were; a publish that fails after the commit says the assignment is
// recorded; a dry run records and writes nothing.
#include "sudokit/produce/daily.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <map>
#include <string>

#include "../db/db_test_util.hpp"
#include "../small_file_system.hpp"

namespace sudokit::produce {
namespace {

using db::test::Raw;
using db::test::TempDir;
namespace fs = std::filesystem;

db::Date date(const char* text) {
  db::Date d;
  std::string error;
  EXPECT_TRUE(db::parse_date(text, d, error)) << text << ": " << error;
  return d;
}

// A store of `count` distinct 17-clue puzzles, alternately hard and expert.
void fill(const std::string& path, std::size_t count) {
  const auto puzzles = db::test::load_puzzles("puzzles_17clue.txt", count);
  db::PuzzleStore store(path);
  for (std::size_t i = 0; i < puzzles.size(); ++i) store.insert(db::test::full_record(puzzles[i], i + 1));
  store.flush();
  ASSERT_EQ(store.stored(), count);
}

// Every file of a directory with its contents.
std::map<std::string, std::string> snapshot(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::directory_iterator(dir))
    files[e.path().filename().string()] = e.is_regular_file() ? db::test::slurp(e.path().string()) : "<dir>";
  return files;
}

db::DailyRequest request(const char* first, std::int64_t days) {
  return {date(first), days, db::WeeklySchedule::every_day({"hard", "expert"})};
}

// Stages into the directory as the real output does, then fails half-way
// through (a disk that fills while the files are written).
class FailingOutput final : public DailyOutput {
 public:
  explicit FailingOutput(const std::string& dir) : files_(dir, "UTC") {}
  void stage(const std::vector<db::DailyDate>& dates, const std::atomic<bool>* stop) override {
    files_.stage(dates, stop);
    throw db::StoreError("out/2027-01-05.json", "cannot write: No space left on device");
  }
  void publish() override { ADD_FAILURE() << "published after a failed stage"; }

 private:
  DirectoryOutput files_;
};

class Published : public ::testing::Test {
 protected:
  void SetUp() override {
    fill(path_, 40);
    fs::create_directories(out_);
    db::PuzzleStore store(path_);
    DirectoryOutput files(out_, "UTC");
    const DailyRun run = publish_daily(store, request("2027-01-01", 3), &files);
    ASSERT_EQ(run.assigned, 6u);
    ASSERT_EQ(run.dates.size(), 3u);
    before_ = snapshot(out_);
    ASSERT_EQ(before_.size(), 4u);  // three dates and index.json
  }
  std::int64_t daily_rows() { return Raw(path_).integer("SELECT count(*) FROM daily"); }

  TempDir dir_;
  const std::string path_ = dir_.file("d.db");
  const std::string out_ = dir_.file("out");
  std::map<std::string, std::string> before_;
};

TEST_F(Published, AFailureWhileStagingChangesNoPublishedFileAndAssignsNothing) {
  {
    db::PuzzleStore store(path_);
    FailingOutput failing(out_);
    EXPECT_THROW(publish_daily(store, request("2027-01-01", 6), &failing), db::StoreError);
  }
  EXPECT_EQ(snapshot(out_), before_);  // no temporaries left, nothing renamed
  EXPECT_EQ(daily_rows(), 6);
  // The same request then runs through and reuses the first three dates.
  db::PuzzleStore store(path_);
  DirectoryOutput files(out_, "UTC");
  const DailyRun run = publish_daily(store, request("2027-01-01", 6), &files);
  EXPECT_EQ(run.reused, 6u);
  EXPECT_EQ(run.assigned, 6u);
  EXPECT_EQ(daily_rows(), 12);
  EXPECT_EQ(snapshot(out_).size(), 7u);
  EXPECT_EQ(snapshot(out_)["2027-01-02.json"], before_["2027-01-02.json"]);
}

TEST_F(Published, AStopBeforeTheCommitChangesNothing) {
  db::PuzzleStore store(path_);
  DirectoryOutput files(out_, "UTC");
  std::atomic<bool> stop{true};
  EXPECT_THROW(publish_daily(store, request("2027-01-04", 2), &files, &stop), db::StagingInterrupted);
  EXPECT_EQ(snapshot(out_), before_);
  EXPECT_EQ(daily_rows(), 6);
}

TEST_F(Published, ADryRunRecordsAndWritesNothing) {
  db::PuzzleStore store(path_);
  const DailyRun run = publish_daily(store, request("2027-01-02", 4), nullptr);
  EXPECT_EQ(run.reused, 4u);
  EXPECT_EQ(run.assigned, 4u);
  EXPECT_EQ(run.dates.size(), 4u);
  EXPECT_EQ(snapshot(out_), before_);
  EXPECT_EQ(daily_rows(), 6);
}

// A directory output whose date file's name becomes a directory after the
// commit, before the publish.
class BlockedOutput final : public DailyOutput {
 public:
  BlockedOutput(std::string out, std::string blocked) : files_(std::move(out), "UTC"), blocked_(std::move(blocked)) {}
  void stage(const std::vector<db::DailyDate>& dates, const std::atomic<bool>* stop) override { files_.stage(dates, stop); }
  void publish() override {
    fs::create_directories(blocked_ + "/taken");
    files_.publish();
  }

 private:
  DirectoryOutput files_;
  std::string blocked_;
};

TEST_F(Published, APublishThatFailsAfterTheCommitSaysTheAssignmentIsRecorded) {
  // A directory where a date file must go: the rename into place fails,
  // and no file of the set is published.
  db::PuzzleStore store(path_);
  BlockedOutput files(out_, out_ + "/2027-01-04.json");
  EXPECT_THROW(publish_daily(store, request("2027-01-04", 1), &files), PublishFailed);
  EXPECT_EQ(daily_rows(), 8);  // committed before the publish
  auto expected = before_;
  expected["2027-01-04.json"] = "<dir>";
  EXPECT_EQ(snapshot(out_), expected);  // the index not published either, no temporary left
}

TEST_F(Published, ADirectoryWhereADateFileMustGoIsRefusedBeforeTheCommit) {
  fs::create_directories(out_ + "/2027-01-04.json/taken");
  db::PuzzleStore store(path_);
  DirectoryOutput files(out_, "UTC");
  EXPECT_THROW(publish_daily(store, request("2027-01-04", 1), &files), db::StoreError);
  EXPECT_EQ(daily_rows(), 6);  // nothing assigned
  auto expected = before_;
  expected["2027-01-04.json"] = "<dir>";
  EXPECT_EQ(snapshot(out_), expected);
}

// Fills the file system the store is on while staging: the commit cannot
// write the assignment to the WAL and fails after the output was staged.
class FillingOutput final : public DailyOutput {
 public:
  explicit FillingOutput(std::string filler) : filler_(std::move(filler)) {}
  void stage(const std::vector<db::DailyDate>&, const std::atomic<bool>*) override {
    std::FILE* f = std::fopen(filler_.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    const std::string block(4096, 'x');
    while (std::fwrite(block.data(), 1, block.size(), f) == block.size() && std::fflush(f) == 0) {
    }
    std::fclose(f);
    staged = true;
  }
  void publish() override { ADD_FAILURE() << "published after a failed commit"; }
  bool staged = false;

 private:
  std::string filler_;
};

TEST(PublishDaily, ACommitThatFailsAfterStagingIsACommitFailureAndAssignsNothing) {
  TempDir dir;
  sudokit::test::SmallFileSystem fs(dir.file("fs"), "4m");
  if (!fs.ok()) GTEST_SKIP() << "cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN)";
  const std::string path = dir.file("fs/d.db");
  fill(path, 400);
  {
    db::PuzzleStore store(path);
    FillingOutput output(dir.file("fs/filler"));
    EXPECT_THROW(publish_daily(store, request("2027-01-01", 150), &output), CommitFailed);
    EXPECT_TRUE(output.staged);
  }
  fs::remove(dir.file("fs/filler"));
  EXPECT_EQ(Raw(path).integer("SELECT count(*) FROM daily"), 0);
  EXPECT_EQ(Raw(path).integer("SELECT count(*) FROM used"), 0);
}

}  // namespace
}  // namespace sudokit::produce

namespace sudokit::produce {
namespace {

// plan_daily: the command's checks, in its order, each naming its option.
TEST(PlanDaily, ChecksTheOptionsAndNamesTheOneAtFault) {
  // 2027-03-01 23:30 UTC: already 2027-03-02 in Tokyo.
  const auto now = std::chrono::sys_days{std::chrono::year{2027} / 3 / 1} + std::chrono::hours{23} + std::chrono::minutes{30};
  DailyOptions o;
  o.from = "2027-01-01";
  o.levels = "easy,hard";
  o.out = "days";
  const DailyPlan plan = plan_daily(o, now);
  EXPECT_EQ(db::format_date(plan.request.first), "2027-01-01");
  EXPECT_EQ(plan.request.days, 1);
  EXPECT_EQ(plan.levels_option, "--levels");
  EXPECT_FALSE(plan.ndjson);

  auto fails = [&](DailyOptions bad, const std::string& option, const std::string& message) {
    try {
      plan_daily(bad, now);
      ADD_FAILURE() << "accepted; expected " << message;
    } catch (const RequestError& e) {
      EXPECT_EQ(e.option(), option);
      EXPECT_EQ(std::string(e.what()), message);
    }
  };
  DailyOptions b = o;
  b.from = "";
  fails(b, "--from", "--from DATE is required (YYYY-MM-DD, today or tomorrow)");
  b = o;
  b.time_zone = "Mars/Olympus";
  fails(b, "--tz", "--tz: unknown time zone 'Mars/Olympus' (an IANA name such as UTC or Europe/Paris)");
  b = o;
  b.from = "2027-02-30";
  EXPECT_THROW(plan_daily(b, now), RequestError);
  b = o;
  b.days = 3;
  b.to = "2027-01-05";
  fails(b, "--days", "give --days or --to, not both");
  b = o;
  b.to = "2026-12-31";
  fails(b, "--to", "--to 2026-12-31 is before --from 2027-01-01");
  b = o;
  b.schedule = "mon=easy";
  fails(b, "--levels", "give --levels or --schedule, not both");
  b = o;
  b.levels = "";
  fails(b, "--levels", "give the levels: --levels easy,medium,hard or --schedule mon=easy,...,sun=expert");
  b = o;
  b.format = "xml";
  fails(b, "--format", "unknown --format 'xml' (expected json or ndjson)");
  b = o;
  b.out = "";
  fails(b, "--out", "--out DIR is required for --format json (or use --format ndjson for stdout)");
  b.dry_run = true;
  EXPECT_NO_THROW(plan_daily(b, now));
  b = o;
  b.format = "ndjson";
  fails(b, "--out", "--format ndjson writes to stdout; --out is for --format json");

  // --to counts the dates; today and tomorrow are dates in --tz.
  b = o;
  b.to = "2027-01-10";
  EXPECT_EQ(plan_daily(b, now).request.days, 10);
  b = o;
  b.from = "today";
  b.time_zone = "Asia/Tokyo";
  EXPECT_EQ(db::format_date(plan_daily(b, now).request.first), "2027-03-02");
  b.time_zone = "UTC";
  EXPECT_EQ(db::format_date(plan_daily(b, now).request.first), "2027-03-01");
  b.from = "tomorrow";
  EXPECT_EQ(db::format_date(plan_daily(b, now).request.first), "2027-03-02");
}

}  // namespace
}  // namespace sudokit::produce
