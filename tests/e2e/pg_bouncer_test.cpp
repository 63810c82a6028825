// `sudokit` through PgBouncer (pg_bouncer.hpp) in transaction pooling, with
// a pool smaller than the writers: each transaction may run on another
// server connection than the last, and a session setting one client makes
// stays on a connection the next client gets. Sharded writers (--shard
// auto/N), readers between them (db stats: a read-only opening), a merge in
// and out, and a regrade through the pooler leave exactly what the same
// commands leave when they talk to the server directly.
#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>

#include <algorithm>
#include <regex>
#include <sstream>
#include <vector>

#include "../db/pg_test_util.hpp"
#include "../pg_bouncer.hpp"
#include "run.hpp"
#include "store_check.hpp"

namespace sudokit::test {
namespace {

std::string quoted(const std::string& s) { return "'" + s + "'"; }

/// `sudokit ARGS` in the background as a Kubernetes Indexed Job's pod
/// `index` (JOB_COMPLETION_INDEX), stdout and stderr to files.
pid_t spawn_indexed(const std::string& args, int index, const std::string& out, const std::string& err) {
  const std::string cmd = "exec " + std::string(SUDOKIT_BIN) + " " + args + " >" + out + " 2>" + err + " </dev/null";
  const std::string env = std::to_string(index);
  const pid_t pid = fork();
  if (pid == 0) {
    ::setenv("JOB_COMPLETION_INDEX", env.c_str(), 1);
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

int wait_status(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

std::vector<std::string> sorted_lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(line);
  std::sort(out.begin(), out.end());
  return out;
}

/// Empty when `a` and `b` are equal; else their line counts and the first
/// line where they differ (the whole texts would bury the failure).
std::string difference(const std::string& a, const std::string& b) {
  if (a == b) return "";
  std::istringstream ia(a), ib(b);
  std::string la, lb;
  int line = 1;
  while (std::getline(ia, la) && std::getline(ib, lb) && la == lb) ++line;
  return "the pooled run has " + std::to_string(std::count(a.begin(), a.end(), '\n')) + " lines, the direct run " +
         std::to_string(std::count(b.begin(), b.end(), '\n')) + "; line " + std::to_string(line) + ":\n  pooled: " + la +
         "\n  direct: " + lb;
}

/// `db stats` text without what differs between two stores of the same
/// rows: the store's name (first line) and the commit times.
std::string comparable_stats(const std::string& text) {
  const std::string body = text.substr(text.find('\n') + 1);
  return std::regex_replace(body, std::regex("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]+Z"), "TIME");
}

/// Everything the test does to one store: a merge that creates the schema,
/// a reader, four shard writers at once with readers beside them, a
/// regrade, a merge out of it. Returns the final export (every stored
/// field but the commit time, sorted).
struct Outcome {
  std::string export_csv, stats, merged_out;
};

Outcome run_everything(const std::string& uri, const std::string& old_store, const TempDir& dir,
                       const std::string& tag) {
  Outcome o;
  const RunResult merge_in = run_sudokit("db merge --db " + quoted(uri) + " " + old_store);
  EXPECT_EQ(merge_in.status, 0) << tag << merge_in.err;
  const RunResult first_stats = run_sudokit("db stats --db " + quoted(uri));
  EXPECT_EQ(first_stats.status, 0) << tag << first_stats.err;

  const std::string run = "generate -n 160 --seed 21 --threads 1 --batch-rows 5 --shard auto/4 --db " + quoted(uri);
  std::vector<pid_t> writers;
  for (int k = 0; k < 4; ++k)
    writers.push_back(spawn_indexed(run, k, dir.file(tag + std::to_string(k) + ".out"),
                                    dir.file(tag + std::to_string(k) + ".err")));
  for (int i = 0; i < 3; ++i) {  // readers while the writers write
    const RunResult stats = run_sudokit("db stats --format json --db " + quoted(uri));
    EXPECT_EQ(stats.status, 0) << tag << stats.err;
  }
  for (int k = 0; k < 4; ++k)
    EXPECT_EQ(wait_status(writers[static_cast<std::size_t>(k)]), 0)
        << tag << slurp(dir.file(tag + std::to_string(k) + ".err"));

  const RunResult regrade = run_sudokit("db regrade --db " + quoted(uri));
  EXPECT_EQ(regrade.status, 0) << tag << regrade.err;
  const std::string out = dir.file(tag + "-out.db");
  const RunResult merge_out = run_sudokit("db merge --db " + out + " " + quoted(uri));
  EXPECT_EQ(merge_out.status, 0) << tag << merge_out.err;

  const std::string columns =
      "--columns gid,puzzle,solution,clues,symmetry,minimal,method,seed,seed_index,er,ep,ed,level,hardest,histogram,origin";
  const RunResult exported = run_sudokit("db export --format csv " + columns + " --db " + quoted(uri));
  EXPECT_EQ(exported.status, 0) << tag << exported.err;
  for (const std::string& line : sorted_lines(exported.out)) o.export_csv += line + "\n";
  const RunResult stats = run_sudokit("db stats --db " + quoted(uri));
  EXPECT_EQ(stats.status, 0) << tag << stats.err;
  o.stats = comparable_stats(stats.out);
  const RunResult merged = run_sudokit("db export --format csv " + columns + " --db " + out);
  for (const std::string& line : sorted_lines(merged.out)) o.merged_out += line + "\n";
  return o;
}

TEST(PgBouncer, ShardWritersMergeRegradeAndStatsThroughATransactionPoolGiveTheDirectResult) {
  PgServer& server = PgServer::shared();
  PgBouncer bouncer(server, {"transaction", 2});  // 2 server connections for 4 writers and their readers
  TempDir dir;
  // An older store to merge in, rated by an earlier grader: the regrade rates it again.
  const std::string old_store = dir.file("old.db");
  ASSERT_EQ(run_sudokit("generate -n 30 --seed 77 --db " + old_store).status, 0);
  ASSERT_EQ(Raw(old_store).exec("UPDATE puzzles SET rated_by = 'sudokit-grader/0'"), SQLITE_OK);

  const std::string direct_uri = fresh_database();
  const std::string pooled_name = "pooled_" + std::to_string(::getpid());
  server.create_database(pooled_name);
  const std::string pooled_uri = bouncer.uri(pooled_name);

  const Outcome direct = run_everything(direct_uri, old_store, dir, "direct");
  const Outcome pooled = run_everything(pooled_uri, old_store, dir, "pooled");
  EXPECT_EQ(std::count(direct.export_csv.begin(), direct.export_csv.end(), '\n'), 160 + 30 + 1);  // + the header
  EXPECT_EQ(difference(pooled.export_csv, direct.export_csv), "");
  EXPECT_EQ(difference(pooled.stats, direct.stats), "");
  EXPECT_EQ(difference(pooled.merged_out, direct.merged_out), "");
  EXPECT_NE(direct.stats.find("sudokit-grader/1     190"), std::string::npos) << direct.stats;
  // Nothing of ours outlived its transaction on the server connections
  // the pooler keeps open: no batch table, no session setting (a client
  // through the pooler gets a connection the commands used last).
  EXPECT_EQ(server.query(pooled_name, "SELECT count(*) FROM pg_class WHERE relname = 'sudokit_batch'"), "0\n");
  for (int i = 0; i < 2; ++i) {
    const ProcessResult shown =
        run_process({"psql", "-X", "-w", "-At", "-d", pooled_uri, "-c",
                     "SHOW default_transaction_read_only", "-c", "SHOW statement_timeout", "-c", "SHOW lock_timeout"},
                    dir.file(""));
    EXPECT_EQ(shown.status, 0) << shown.err;
    EXPECT_EQ(shown.out, "off\n0\n0\n");
  }
}

}  // namespace
}  // namespace sudokit::test
