// Secrets never printed (issue #44): a table of hostile spellings of a
// PostgreSQL location's password (unencoded '?', '#', '/', '@', percent-
// encoded, repeated `password=` parameters, keyword/value pairs with quoted
// values and blanks, a password file, mixed-case keys), each run through
// every command that names a store: generate --db (and its resumed run),
// db import, export, ship, merge (into and from it), regrade, stats (text
// and JSON), daily and book (their "add them with" suggestions), and the
// errors of a server that does not answer. Each spelling has its own role
// whose password is the one libpq must read out of it: a command that
// succeeds proves libpq read that password, and the password (with the
// decoys beside it) never appears in stdout or stderr, nor in the name of a
// file created. A spelling libpq would misread or cannot parse is refused
// as a usage error before anything is opened or created.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../db/pg_test_util.hpp"
#include "../temp_dir.hpp"
#include "run.hpp"

namespace sudokit::test {
namespace {

/// One shell word: `s` in single quotes.
std::string shell_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// SQL string literal.
std::string sql_quoted(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

struct Spelling {
  std::string name;
  std::string location;              // with @PORT@ for the server's port
  bool accepted = true;              // false: refused, exit status 2, nothing created
  std::vector<std::string> hidden;   // never in any output or file name
  std::string shown;                 // when not empty: what `db stats` names the store
};

std::string with_port(std::string text, int port) {
  for (std::size_t at; (at = text.find("@PORT@")) != std::string::npos;) text.replace(at, 6, std::to_string(port));
  return text;
}

/// Every name under `dir`, recursively.
std::vector<std::string> names_under(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::recursive_directory_iterator(dir)) names.push_back(e.path().filename().string());
  return names;
}

/// A role `role` with `password`, owning a new database of the same name.
void add_role(PgServer& server, const std::string& role, const std::string& password) {
  server.query("postgres", "CREATE ROLE \"" + role + "\" LOGIN PASSWORD " + sql_quoted(password));
  server.query("postgres", "CREATE DATABASE \"" + role + "\" OWNER \"" + role + "\"");
}

TEST(PgSecrets, NoSpellingOfAPasswordIsEverShownOrNamesAFile) {
  PgServer& server = PgServer::shared();
  TempDir dir;
  const std::string pgpass = dir.file("pgpass");
  // Roles, each with the password its spelling must carry to libpq.
  const std::string suffix = std::to_string(::getpid());
  auto role = [&](const char* base) { return std::string(base) + "_" + suffix; };
  add_role(server, role("sa"), "pa?ss#wd!x");
  add_role(server, role("sb"), "p@ss/w:rd%?");
  add_role(server, role("sc"), "Rep3atedReal");
  add_role(server, role("sd"), "Enc0dedKey");
  add_role(server, role("se"), "sp ace'quote\\bs");
  add_role(server, role("sf"), "Sp4ced=x");
  add_role(server, role("sg"), "F1leP@ss");
  add_role(server, role("sh"), "Us3rPart");
  {
    std::ofstream(pgpass) << "127.0.0.1:" << server.port() << ":*:" << role("sg") << ":F1leP@ss\n";
    ::chmod(pgpass.c_str(), 0600);
  }
  const std::string host = "127.0.0.1:@PORT@/";
  const std::vector<Spelling> spellings = {
      {"unencoded ? # ! in the user part", "postgresql://" + role("sa") + ":pa?ss#wd!x@" + host + role("sa"), true,
       {"pa?ss#wd!x", "pa?ss", "ss#wd"}, "postgresql://" + role("sa") + ":***@127.0.0.1:@PORT@/" + role("sa")},
      {"percent-encoded @ / : % ?", "postgres://" + role("sb") + ":p%40ss%2Fw%3Ard%25%3F@" + host + role("sb"), true,
       {"p@ss/w:rd%?", "p%40ss%2Fw%3Ard%25%3F", "w:rd"}, ""},
      {"repeated password= (libpq takes the last)",
       "postgresql://" + role("sc") + "@" + host + role("sc") + "?password=WRONGdecoy&password=Rep3atedReal", true,
       {"Rep3atedReal", "WRONGdecoy"}, ""},
      {"percent-encoded key", "postgresql://" + role("sd") + "@" + host + role("sd") + "?pass%77ord=Enc0dedKey", true,
       {"Enc0dedKey"}, ""},
      {"keyword/value, quoted value with blanks, quote and backslash",
       "host=127.0.0.1 port=@PORT@ user=" + role("se") + " dbname=" + role("se") + R"( password='sp ace\'quote\\bs')",
       true, {"sp ace'quote\\bs", "sp ace", "quote\\bs", "ace\\'quote"}, ""},
      {"keyword/value, blanks around =", "  dbname = " + role("sf") + "  password = Sp4ced=x user = " + role("sf") +
                                             " host = 127.0.0.1 port = @PORT@",
       true, {"Sp4ced=x", "Sp4ced"}, ""},
      {"password file (passfile names a file, not a secret)",
       "postgresql://" + role("sg") + "@" + host + role("sg") + "?passfile=" + pgpass, true, {"F1leP@ss"}, ""},
      {"sslpassword beside the user part's",
       "postgresql://" + role("sh") + ":Us3rPart@" + host + role("sh") + "?sslmode=disable&sslpassword=K3yPassDecoy",
       true, {"Us3rPart", "K3yPassDecoy"}, ""},
      // Refused: libpq would take part of the password for the port, host or
      // database (and print it), or cannot parse the string (and quote it).
      {"unencoded / in the user part", "postgresql://" + role("sa") + ":Sl4sh/Pw@" + host + role("sa"), false,
       {"Sl4sh", "Pw@"}, ""},
      {"unencoded @ in the user part", "postgresql://" + role("sa") + ":At@Sign9@" + host + role("sa"), false,
       {"At@Sign9", "Sign9"}, ""},
      {"bad percent-encoding", "postgresql://" + role("sa") + ":Pct%zz9@" + host + role("sa"), false, {"Pct%zz9", "Pct"},
       ""},
      {"keyword/value, unquoted blank", "host=127.0.0.1 port=@PORT@ user=" + role("sa") + " password=Unq uoted9 dbname=" +
                                            role("sa"),
       false, {"Unq", "uoted9"}, ""},
      {"keyword/value, mixed-case key", "host=127.0.0.1 port=@PORT@ user=" + role("sa") +
                                            " Password=MixedCase9 dbname=" + role("sa"),
       false, {"MixedCase9"}, ""},
      {"URI, mixed-case key", "postgresql://" + role("sa") + "@" + host + role("sa") + "?PASSWORD=UpperKey9", false,
       {"UpperKey9"}, ""},
  };

  // A SQLite shard to merge in, made before any spelling runs.
  const std::string shard = dir.file("shard.db");
  ASSERT_EQ(run_sudokit("generate -n 10 --seed 9 --db " + shard).status, 0);

  for (std::size_t i = 0; i < spellings.size(); ++i) {
    const Spelling& s = spellings[i];
    SCOPED_TRACE(s.name);
    const std::string location = with_port(s.location, server.port());
    const std::string db = shell_quoted(location);
    // The same spelling on a port nothing listens on.
    const std::string dead = shell_quoted(with_port(s.location, 1));
    const std::string work = dir.file("w" + std::to_string(i));
    std::filesystem::create_directory(work);
    struct Run {
      std::string args;
      int accepted_status;  // the status when the spelling is accepted
    };
    const std::vector<Run> runs = {
        {"generate -n 5 --seed 3 --db " + db, 0},
        {"generate -n 5 --seed 3 --db " + db, 0},  // resumed: names the store with what it skipped
        {"db import --no-grade --db " + db + " " + data_file("puzzles_top95.txt"), 0},
        {"db export --format line --limit 2 --db " + db, 0},
        {"db ship --db " + db + " --out app.db", 0},
        {"db merge --db " + db + " " + shard, 0},
        {"db merge --db back.db " + db, 0},
        {"db regrade --db " + db, 0},
        {"db stats --db " + db, 0},
        {"db stats --format json --db " + db, 0},
        {"daily --from 2027-01-01 --days 400 --levels extreme --out d --db " + db, 1},  // short: "add them with"
        {"book --level easy --count 5000 --out b.pdf --db " + db, 1},                   // short: "add them with"
        {"db stats --db " + dead, 1},                                                   // no server there
        {"generate -n 1 --db " + dead, 1},
    };
    for (const Run& run : runs) {
      SCOPED_TRACE(run.args);
      const RunResult r = run_sudokit(run.args, "", work);
      EXPECT_EQ(r.status, s.accepted ? run.accepted_status : 2) << r.err;
      for (const std::string& secret : s.hidden) {
        EXPECT_EQ(r.out.find(secret), std::string::npos) << secret << " in stdout:\n" << r.out;
        EXPECT_EQ(r.err.find(secret), std::string::npos) << secret << " in stderr:\n" << r.err;
      }
      if (!s.accepted) {
        EXPECT_NE(r.err.find("may hold a password"), std::string::npos) << r.err;
      }
      if (s.accepted && run.args.rfind("db stats --db " + db, 0) == 0 && !s.shown.empty()) {
        EXPECT_EQ(r.out.rfind(with_port(s.shown, server.port()) + ": ", 0), 0u) << r.out;
      }
    }
    for (const std::string& name : names_under(work))
      for (const std::string& secret : s.hidden) EXPECT_EQ(name.find(secret), std::string::npos) << name;
    if (!s.accepted) {
      EXPECT_TRUE(names_under(work).empty()) << "a refused location created files";
    }
  }
}

}  // namespace
}  // namespace sudokit::test
