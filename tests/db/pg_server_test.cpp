// The throwaway PostgreSQL server of tests/pg_server.hpp, checked with psql
// and raw sockets: it answers over TCP with its password and refuses a wrong
// one, keeps its data across a restart, leaves no server or directory
// behind, and two at once do not collide.
#include "../pg_server.hpp"

#include <gtest/gtest.h>
#include <netinet/in.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <string>
#include <vector>

namespace sudokit::test {
namespace {

/// `sql` through psql over TCP (-w: never prompt), with PGPASSWORD=`password`
/// unless it is empty; `target` is a database name or a URI.
ProcessResult psql_tcp(const PgServer& server, const std::string& sql, const std::string& password,
                       const std::string& target = "postgres") {
  std::vector<std::string> argv = {"psql", "-X", "-w", "-tA", "-v", "ON_ERROR_STOP=1", "-c", sql};
  if (target.find("://") != std::string::npos) {
    argv.insert(argv.end(), {"-d", target});
  } else {
    argv.insert(argv.end(),
                {"-h", "127.0.0.1", "-p", std::to_string(server.port()), "-U", "sudokit", "-d", target});
  }
  std::vector<std::string> env;
  if (!password.empty()) env.push_back("PGPASSWORD=" + password);
  return run_process(argv, server.dir(), env);
}

using pg_detail::accepts_connections;

TEST(PgServer, AnswersOverTcpWithThePassword) {
  PgServer& server = PgServer::shared();
  EXPECT_TRUE(server.running());
  const ProcessResult r = psql_tcp(server, "SELECT 1", server.password());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "1\n");

  // A database of its own, reached through the URIs.
  const std::string db = server.create_database("pg server's \"test\"");
  const ProcessResult by_uri = psql_tcp(server, "SELECT current_user", "", server.uri("pg_server_uri"));
  EXPECT_NE(by_uri.status, 0) << "no database pg_server_uri yet";
  server.create_database("pg_server_uri");
  const ProcessResult named = psql_tcp(server, "SELECT current_database()", "", server.uri("pg_server_uri"));
  ASSERT_EQ(named.status, 0) << named.err;
  EXPECT_EQ(named.out, "pg_server_uri\n");
  const ProcessResult quoted = psql_tcp(server, "SELECT current_database()", server.password(), db);
  ASSERT_EQ(quoted.status, 0) << quoted.err;
  EXPECT_EQ(quoted.out, db + "\n");

  // Not durable unless asked.
  EXPECT_EQ(psql_tcp(server, "SHOW fsync", server.password()).out, "off\n");
  EXPECT_NE(server.log().find("database system is ready to accept connections"), std::string::npos) << server.log();
}

TEST(PgServer, RefusesAWrongOrMissingPassword) {
  PgServer& server = PgServer::shared();
  const ProcessResult wrong = psql_tcp(server, "SELECT 1", "not-the-password");
  EXPECT_NE(wrong.status, 0);
  EXPECT_NE(wrong.err.find("password authentication failed"), std::string::npos) << wrong.err;
  EXPECT_EQ(wrong.out, "");

  const ProcessResult missing = psql_tcp(server, "SELECT 1", "", server.uri_without_password("postgres"));
  EXPECT_NE(missing.status, 0);
  EXPECT_NE(missing.err.find("no password supplied"), std::string::npos) << missing.err;

  const ProcessResult given = psql_tcp(server, "SELECT 1", server.password(), server.uri_without_password("postgres"));
  EXPECT_EQ(given.status, 0) << given.err;
  EXPECT_EQ(given.out, "1\n");
}

TEST(PgServer, RestartKeepsTheData) {
  PgServer server;
  const int port = server.port();
  const ProcessResult created =
      psql_tcp(server, "CREATE TABLE kept (n int); INSERT INTO kept VALUES (7), (42)", server.password());
  ASSERT_EQ(created.status, 0) << created.err;
  server.stop();
  EXPECT_FALSE(server.running());
  EXPECT_FALSE(accepts_connections(port));
  server.start();
  EXPECT_TRUE(server.running());
  server.restart();
  EXPECT_TRUE(server.running());
  EXPECT_EQ(server.port(), port);
  const ProcessResult r = psql_tcp(server, "SELECT sum(n) FROM kept", server.password());
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "49\n");
}

TEST(PgServer, LeavesNothingBehind) {
  int port = 0;
  std::string dir;
  {
    PgServer server;
    port = server.port();
    dir = server.dir();
    ASSERT_TRUE(accepts_connections(port));
    ASSERT_TRUE(std::filesystem::exists(dir + "/data/PG_VERSION"));
  }
  EXPECT_FALSE(accepts_connections(port));
  EXPECT_FALSE(std::filesystem::exists(dir));
}

TEST(PgServer, TwoAtOnceDoNotCollide) {
  PgServer fast;
  PgServer durable(PgServer::Options{.durable = true});
  EXPECT_NE(fast.port(), durable.port());
  EXPECT_NE(fast.dir(), durable.dir());
  ASSERT_EQ(psql_tcp(fast, "CREATE TABLE only_in_fast (n int)", fast.password()).status, 0);
  EXPECT_EQ(psql_tcp(fast, "SELECT count(*) FROM only_in_fast", fast.password()).out, "0\n");
  const ProcessResult other = psql_tcp(durable, "SELECT count(*) FROM only_in_fast", durable.password());
  EXPECT_NE(other.status, 0);
  EXPECT_NE(other.err.find("does not exist"), std::string::npos) << other.err;
  EXPECT_EQ(psql_tcp(fast, "SHOW fsync", fast.password()).out, "off\n");
  EXPECT_EQ(psql_tcp(durable, "SHOW fsync", durable.password()).out, "on\n");
}

TEST(PgServer, NamesTheMissingPackage) {
  const char* old = ::getenv("SUDOKIT_PG_BINDIR");
  const std::string saved = old != nullptr ? old : "";
  ::setenv("SUDOKIT_PG_BINDIR", "/nonexistent/postgresql/bin", 1);
  try {
    PgServer server;
    ADD_FAILURE() << "started without server binaries";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("install the Debian package postgresql"), std::string::npos) << e.what();
  }
  if (old != nullptr) {
    ::setenv("SUDOKIT_PG_BINDIR", saved.c_str(), 1);
  } else {
    ::unsetenv("SUDOKIT_PG_BINDIR");
  }
}

}  // namespace
}  // namespace sudokit::test
