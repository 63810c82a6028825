// `sudokit` with --db postgresql://... against a real server (pg_server.hpp):
// four shard processes writing at once make exactly the single run's
// puzzles (also through the Slurm example); a writer killed with SIGKILL
// mid-run, or cut off by a server restart, and started again finishes with
// nothing lost and nothing twice; a writer whose server stops answering says
// so within seconds and gives up after --pg-timeout; two daily runs at once assign each date
// once; and no output of any command shows the password.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>
#include <vector>

#include "../db/pg_test_util.hpp"
#include "run.hpp"
#include "store_check.hpp"
#include "sudokit/db/store.hpp"

namespace sudokit::test {
namespace {

/// The puzzles of line-format output (the first field of each line; a
/// targeted generate adds its rating), sorted.
std::vector<std::string> sorted_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line.substr(0, line.find(' ')));
  std::sort(out.begin(), out.end());
  return out;
}

std::string quoted(const std::string& s) { return "'" + s + "'"; }

/// The rows of the store once it has some (polled every 10 ms for up to a
/// minute); 0 when none came.
std::uint64_t wait_for_rows(const std::string& uri) {
  std::uint64_t stored = 0;
  for (int i = 0; i < 6000 && stored == 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    try {
      db::PuzzleStore watch(uri, {db::OpenMode::Read});
      stored = watch.count();
    } catch (const db::StoreError&) {
      // Not created yet: the writer makes the schema when it starts.
    }
  }
  return stored;
}

int wait_for(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

TEST(PgCli, FourShardWritersAtOnceMakeTheSingleRun) {
  const std::string uri = fresh_database();
  TempDir dir;
  const std::string run = "generate -n 400 --seed 21 --threads 1";
  std::vector<pid_t> writers;
  for (int k = 0; k < 4; ++k)
    writers.push_back(spawn(run + " --shard " + std::to_string(k) + "/4 --db " + quoted(uri),
                            dir.file(std::to_string(k) + ".out"), dir.file(std::to_string(k) + ".err")));
  for (int k = 0; k < 4; ++k)
    EXPECT_EQ(wait_for(writers[static_cast<std::size_t>(k)]), 0) << slurp(dir.file(std::to_string(k) + ".err"));
  const RunResult single = run_sudokit(run);
  ASSERT_EQ(single.status, 0) << single.err;
  const RunResult stored = run_sudokit("db export --format line --db " + quoted(uri));
  ASSERT_EQ(stored.status, 0) << stored.err;
  EXPECT_EQ(sorted_lines(stored.out).size(), 400u);
  EXPECT_EQ(sorted_lines(stored.out), sorted_lines(single.out));
}

TEST(PgCli, AWriterKilledMidRunResumesWithNothingLostOrTwice) {
  const std::string uri = fresh_database();
  TempDir dir;
  // Batches of 10: the first commit comes early, long before the run ends
  // (about a second: wait_for_rows polls every 10 ms).
  const std::string run = "generate -n 1000 --seed 8 --threads 1 --batch-rows 10 --db " + quoted(uri);
  const pid_t pid = spawn(run, dir.file("out"), dir.file("err"));
  // Kill it once a batch is committed, before it ends.
  const std::uint64_t stored = wait_for_rows(uri);
  ASSERT_EQ(kill(pid, SIGKILL), 0);
  EXPECT_EQ(wait_for(pid), 128 + SIGKILL) << slurp(dir.file("err"));
  ASSERT_GT(stored, 0u) << slurp(dir.file("err"));
  const RunResult again = run_sudokit(run);
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("stored already"), std::string::npos) << again.err;
  const RunResult all = run_sudokit("db export --format line --db " + quoted(uri));
  const RunResult single = run_sudokit("generate -n 1000 --seed 8");
  EXPECT_LT(stored, 1000u);
  EXPECT_EQ(sorted_lines(all.out), sorted_lines(single.out));
}

TEST(PgCli, AServerRestartMidRunIsAClearErrorAndARerunCompletes) {
  PgServer server;  // its own: restarted below
  server.create_database("restarted");
  const std::string uri = server.uri("restarted");
  TempDir dir;
  // Long enough (about a second) that the restart falls in the middle of it:
  // 100 puzzles took 0.08 s, and were sometimes all stored before the first
  // poll saw a row.
  const std::string run = "generate -n 1000 --seed 12 --threads 1 --batch-rows 10 --db " + quoted(uri);
  const pid_t pid = spawn(run, dir.file("out"), dir.file("err"));
  const std::uint64_t stored = wait_for_rows(uri);
  ASSERT_GT(stored, 0u) << slurp(dir.file("err"));
  // Held still while the server restarts (a fast shutdown ends every
  // connection), so that the restart falls in the middle of its run.
  ASSERT_EQ(kill(pid, SIGSTOP), 0);
  server.restart();
  ASSERT_EQ(kill(pid, SIGCONT), 0);
  EXPECT_EQ(wait_for(pid), 1) << slurp(dir.file("err"));
  const std::string err = slurp(dir.file("err"));
  EXPECT_NE(err.find("the connection to the server was lost"), std::string::npos) << err;
  EXPECT_EQ(err.find(server.password()), std::string::npos) << err;
  const RunResult again = run_sudokit(run);
  ASSERT_EQ(again.status, 0) << again.err;
  const RunResult all = run_sudokit("db export --format line --db " + quoted(uri));
  EXPECT_LT(stored, 1000u);
  const RunResult single = run_sudokit("generate -n 1000 --seed 12");
  EXPECT_EQ(sorted_lines(all.out), sorted_lines(single.out));
}

// Issue #44: a server that stops answering (a hung backend, a network black
// hole) held writers for ever with nothing on stderr. Here the writer's
// backend is stopped (SIGSTOP) mid-run: the stall is on stderr within
// seconds, the writer gives up after --pg-timeout with exit status 1, and
// once the server answers again (SIGCONT) the rerun stores exactly the
// single run's puzzles.
TEST(PgCli, AServerThatStopsAnsweringIsReportedAndGivenUpAndARerunCompletes) {
  PgServer server;  // its own: a backend of it is stopped
  server.create_database("stalled");
  // The writer's session is told from the test's own by its name.
  const std::string uri = server.uri("stalled");
  const std::string writer_uri = uri + "?application_name=stalled_writer";
  TempDir dir;
  const std::string run = "generate -n 1000 --seed 13 --threads 1 --batch-rows 10";
  const pid_t pid = spawn(run + " --pg-timeout 4 --db " + quoted(writer_uri), dir.file("out"), dir.file("err"));
  const std::uint64_t stored = wait_for_rows(uri);
  ASSERT_GT(stored, 0u) << slurp(dir.file("err"));
  const std::string backends =
      server.query("stalled", "SELECT pid FROM pg_stat_activity WHERE application_name = 'stalled_writer'");
  const pid_t backend = static_cast<pid_t>(std::atoi(backends.c_str()));
  ASSERT_GT(backend, 0) << backends;
  ASSERT_EQ(kill(backend, SIGSTOP), 0);
  const auto start = std::chrono::steady_clock::now();
  int status = -1;
  for (int wait = 0; wait < 6000; ++wait) {  // a minute at most
    int raw = 0;
    if (waitpid(pid, &raw, WNOHANG) == pid) {
      status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (status < 0) {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  kill(backend, SIGCONT);
  const std::string err = slurp(dir.file("err"));
  EXPECT_EQ(status, 1) << err;
  // The limit for an answer (also while waiting for the write lock: each
  // try of it is answered at once), and a margin.
  EXPECT_LT(seconds, 4 + 4) << err;
  EXPECT_NE(err.find("the server has not answered for 2"), std::string::npos) << err;
  EXPECT_NE(err.find("sudokit generate: postgresql://sudokit:***@127.0.0.1:"), std::string::npos) << err;
  EXPECT_NE(err.find("no answer from the server for 4 s (the limit: 4 s); the connection was closed"),
            std::string::npos)
      << err;
  EXPECT_EQ(err.find(server.password()), std::string::npos) << err;
  // The rerun (default limits) finishes the run: exactly its puzzles, once.
  const RunResult again = run_sudokit(run + " --db " + quoted(uri));
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.err.find("stored already"), std::string::npos) << again.err;
  const RunResult all = run_sudokit("db export --format line --db " + quoted(uri));
  const RunResult single = run_sudokit("generate -n 1000 --seed 13");
  EXPECT_EQ(sorted_lines(all.out).size(), 1000u);
  EXPECT_EQ(sorted_lines(all.out), sorted_lines(single.out));
}

TEST(PgCli, TheSlurmExampleWritesPostgresqlDirectly) {
  PgServer& server = PgServer::shared();
  const std::string uri = fresh_database();
  const std::string db = uri.substr(uri.rfind('/') + 1);
  // Four array tasks at once, the password from PGPASSWORD as the example says.
  const std::string env = "SUDOKIT=" + std::string(SUDOKIT_BIN) +
                          " COUNT=400 SEED=31 TARGET='--level medium' SHARDS=4 SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=3"
                          " SLURM_ARRAY_TASK_COUNT=4"
                          " SUDOKIT_DB=" + quoted(server.uri_without_password(db)) + " PGPASSWORD=" + server.password();
  const std::string script = std::string(SUDOKIT_EXAMPLES) + "/slurm/generate.sbatch";
  TempDir dir;
  std::ofstream(dir.file("tasks.sh")) << "failed=0; pids=''\nfor k in 0 1 2 3; do\n  env " << env
                                      << " SLURM_ARRAY_TASK_ID=$k bash " << script
                                      << " 2>>err &\n  pids=\"$pids $!\"\ndone\n"
                                         "for p in $pids; do wait $p || failed=1; done\nexit $failed\n";
  const int status = std::system(("cd " + dir.path() + " && sh tasks.sh").c_str());
  EXPECT_EQ(status, 0) << slurp(dir.file("err"));
  EXPECT_FALSE(std::filesystem::exists(dir.file("shards")));  // no files: the store took it all
  const RunResult stored = run_sudokit("db export --format line --db " + quoted(uri));
  const RunResult single = run_sudokit("generate -n 400 --seed 31 --level medium");
  ASSERT_EQ(single.status, 0) << single.err;
  EXPECT_EQ(sorted_lines(stored.out).size(), 400u);
  EXPECT_EQ(sorted_lines(stored.out), sorted_lines(single.out));
}

TEST(PgCli, TwoDailyRunsAtOnceAssignEachDateOnce) {
  const std::string uri = fresh_database();
  ASSERT_EQ(run_sudokit("generate -n 400 --seed 2 --db " + quoted(uri)).status, 0);
  TempDir dir;
  const std::string daily = "daily --from 2027-06-01 --days 20 --levels medium,hard --db " + quoted(uri) + " --out ";
  const pid_t a = spawn(daily + dir.file("a"), dir.file("a.out"), dir.file("a.err"));
  const pid_t b = spawn(daily + dir.file("b"), dir.file("b.out"), dir.file("b.err"));
  EXPECT_EQ(wait_for(a), 0) << slurp(dir.file("a.err"));
  EXPECT_EQ(wait_for(b), 0) << slurp(dir.file("b.err"));
  for (const char* day : {"2027-06-01.json", "2027-06-11.json", "2027-06-20.json"})
    EXPECT_EQ(slurp(dir.file(std::string("b/") + day)), slurp(dir.file(std::string("a/") + day))) << day;
  const RunResult stats = run_sudokit("db stats --format json --db " + quoted(uri));
  EXPECT_NE(stats.out.find("\"daily\": 40"), std::string::npos) << stats.out;
  // One of them assigned all 40, the other found them assigned.
  const std::string both = slurp(dir.file("a.err")) + slurp(dir.file("b.err"));
  EXPECT_NE(both.find("(40 newly assigned, 0 already assigned)"), std::string::npos) << both;
  EXPECT_NE(both.find("(0 newly assigned, 40 already assigned)"), std::string::npos) << both;
}

// libpq is loaded when a PostgreSQL store is opened, not at every start
// (pg_backend.cpp): a command without one loads none of it, as the loader
// reports (LD_DEBUG=libs). The control is a command with one, which does.
TEST(PgCli, LibpqIsLoadedOnlyForAPostgresqlStore) {
  const std::string uri = fresh_database();
  const RunResult plain = run_sudokit("solve " + data_file("puzzles_top95.txt"), "", "", "LD_DEBUG=libs");
  ASSERT_EQ(plain.status, 0) << plain.err;
  ASSERT_NE(plain.err.find("libsqlite3"), std::string::npos) << "no loader report:\n" << plain.err;
  EXPECT_EQ(plain.err.find("libpq"), std::string::npos) << plain.err;
  const RunResult pg = run_sudokit("generate -n 5 --seed 1 --db " + quoted(uri), "", "", "LD_DEBUG=libs");
  ASSERT_EQ(pg.status, 0) << pg.err;
  EXPECT_NE(pg.err.find("libpq.so.5"), std::string::npos) << pg.err;
}

// Without libpq a PostgreSQL store is a clear error naming the library
// (SUDOKIT_LIBPQ names the file to load), and the exit status says so.
TEST(PgCli, AMissingLibpqIsAClearError) {
  const std::string uri = fresh_database();
  TempDir dir;
  const std::string missing = dir.file("none.so");
  const std::string write = "generate -n 5 --seed 1 --db " + quoted(uri);
  const RunResult r = run_sudokit(write, "", "", "SUDOKIT_LIBPQ=" + missing);
  EXPECT_NE(r.status, 0);
  EXPECT_NE(r.err.find("cannot connect: the PostgreSQL client library (" + missing + ") cannot be loaded"),
            std::string::npos)
      << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(run_sudokit(write).status, 0);  // the same run, with libpq
}

// The command boundaries catch a bad name on a server's store as on a file
// (once an uncaught LevelError: abort, 134), nothing to ship writes no file,
// and a missing merge input leaves the server's store untouched.
TEST(PgCli, BadNamesEmptyShipsAndMissingInputsAreRefusedAsOnAFile) {
  const std::string uri = fresh_database();
  TempDir dir;
  ASSERT_EQ(run_sudokit("generate -n 5 --seed 2 --db " + quoted(uri)).status, 0);
  const RunResult bad = run_sudokit("db ship --levels nosuch --out " + dir.file("a.db") + " --db " + quoted(uri));
  EXPECT_EQ(bad.status, 2) << bad.err;
  EXPECT_NE(bad.err.find("--levels: unknown level 'nosuch'"), std::string::npos) << bad.err;
  const RunResult empty = run_sudokit("db ship --levels nightmare --out " + dir.file("b.db") + " --db " + quoted(uri));
  EXPECT_EQ(empty.status, 1) << empty.err;
  EXPECT_NE(empty.err.find("nothing to ship"), std::string::npos) << empty.err;
  EXPECT_EQ(dir.entries(), 0u);
  const std::string fresh = fresh_database();
  const RunResult merge = run_sudokit("db merge --db " + quoted(fresh) + " " + dir.file("missing.db"));
  EXPECT_EQ(merge.status, 1) << merge.err;
  EXPECT_NE(merge.err.find("no such database file"), std::string::npos) << merge.err;
  const std::string name = fresh.substr(fresh.rfind('/') + 1);
  EXPECT_EQ(PgServer::shared().query(name, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"), "0\n");
}

TEST(PgCli, NoCommandShowsThePassword) {
  PgServer& server = PgServer::shared();
  const std::string uri = fresh_database();
  TempDir dir;
  const std::string shard = dir.file("shard.db");
  const std::vector<std::string> commands = {
      "generate -n 50 --seed 4 --db " + quoted(uri),
      "generate -n 50 --seed 4 --db " + quoted(uri),  // resumed: says what it skipped
      "db stats --db " + quoted(uri),
      "db stats --format json --db " + quoted(uri),
      "db export --format json --limit 3 --db " + quoted(uri),
      "generate -n 20 --seed 5 --db " + shard,
      "db merge --db " + quoted(uri) + " " + shard,
      "db merge --db " + dir.file("back.db") + " " + quoted(uri),
      "db regrade --db " + quoted(uri),
      "daily --from 2027-01-01 --days 400 --levels extreme --out " + dir.file("d") + " --db " + quoted(uri),  // runs short
      "book --levels nightmare:3 --out " + dir.file("b.pdf") + " --db " + quoted(uri),  // unknown level
      "db stats --db " + quoted(uri + "_missing"),
      "db import --no-grade --db " + quoted(uri) + " " + data_file("puzzles_top95.txt"),
  };
  int failures = 0;
  for (const std::string& command : commands) {
    const RunResult r = run_sudokit(command);
    failures += r.status != 0;
    EXPECT_EQ(r.out.find(server.password()), std::string::npos) << command << "\n" << r.out;
    EXPECT_EQ(r.err.find(server.password()), std::string::npos) << command << "\n" << r.err;
    // Where the store is named, it is named redacted.
    if ((r.out + r.err).find("@127.0.0.1") != std::string::npos) {
      EXPECT_NE((r.out + r.err).find("postgresql://sudokit:***@127.0.0.1"), std::string::npos) << command << "\n"
                                                                                             << r.out << r.err;
    }
  }
  EXPECT_EQ(failures, 3);  // the short daily, the unknown level, the missing database
}

}  // namespace
}  // namespace sudokit::test
