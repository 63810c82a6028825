// Options are checked (docs/RELIABILITY.md, "Options are checked"): every
// numeric option of every subcommand, given a negative number, zero, huge
// numbers (1e30, 2^64), nan, inf and a word, either does what its --help
// says that value means or is refused with exit status 2 and a message that
// names the option, the value and the range. Never a hang (each run has a
// time limit), never a crash, never exit 0 with a changed meaning. The list
// of options is checked against every subcommand's --help, so an option
// added later without a range fails here. Unknown names (levels,
// techniques, formats, ...) are usage errors too.
#include <gtest/gtest.h>

#include <sys/wait.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "../temp_dir.hpp"
#include "run.hpp"

namespace sudokit {
namespace {

using test::RunResult;
using test::slurp;
using test::TempDir;

constexpr const char* kPuzzle = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
constexpr int kSeconds = 20;  // far above any run here (most take milliseconds); a hang is killed

/// run_sudokit with a time limit: status 124 (or 137) when it had to be stopped.
RunResult run_limited(const std::string& args, const std::string& dir) {
  const std::string out = dir + "/out", err = dir + "/err";
  const std::string cmd = "timeout -s KILL " + std::to_string(kSeconds) + " " + SUDOKIT_BIN + " " + args +
                          " </dev/null >" + out + " 2>" + err;
  const int raw = std::system(cmd.c_str());
  RunResult r;
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  r.out = slurp(out);
  r.err = slurp(err);
  return r;
}

const std::vector<std::string> kValues = {"-1", "0", "1e30", "18446744073709551616", "nan", "inf", "abc"};

/// One numeric option: the command with {} where the value goes, and the
/// values of kValues it accepts, each with a check of what it then means.
struct NumericOption {
  std::string command;  // subcommand words, e.g. "db export"
  std::string option;   // "--count"
  std::string args;     // the rest, with {} for the value
  std::map<std::string, std::function<void(const RunResult&)>> accepted = {};
};

class Options : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new TempDir;
    // A small store: easy puzzles (for book and daily) and a puzzle file to import.
    const RunResult r = run_limited("generate --db " + db() + " --count 3 --seed 1 --level easy", dir_->path());
    ASSERT_EQ(r.status, 0) << r.err;
    std::ofstream(dir_->file("one.txt")) << kPuzzle << '\n';
  }
  static void TearDownTestSuite() {
    delete dir_;
    dir_ = nullptr;
  }
  static std::string db() { return dir_->file("store.db"); }
  static std::string file(const std::string& name) { return dir_->file(name); }
  /// The commands a help text lists after its line ending in MARKER: the
  /// first word of each line indented by two spaces.
  static std::vector<std::string> listed_commands(const std::string& args, const std::string& marker) {
    const RunResult help = run_limited(args, dir_->path());
    EXPECT_EQ(help.status, 0) << args;
    std::vector<std::string> names;
    const std::size_t at = help.out.find(marker + "\n");
    EXPECT_NE(at, std::string::npos) << args << " has no line ending in " << marker << ":\n" << help.out;
    if (at == std::string::npos) return names;
    std::istringstream lines(help.out.substr(at));
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("  ", 0) != 0 || line.size() < 3 || line[2] == ' ') continue;
      names.push_back(line.substr(2, line.find(' ', 2) - 2));
    }
    return names;
  }
  static TempDir* dir_;
};

TempDir* Options::dir_ = nullptr;

std::size_t lines(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

void ok_lines(const RunResult& r, std::size_t n) {
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines(r.out), n) << r.out;
}

std::vector<NumericOption> numeric_options(const std::string& db, const std::string& dir) {
  const std::string puzzle_file = dir + "/one.txt", pdf = dir + "/book.pdf", import_db = dir + "/import.db";
  auto one_puzzle = [](const RunResult& r) { ok_lines(r, 1); };
  auto one_grid = [](const RunResult& r) {
    ok_lines(r, 1);
    EXPECT_EQ(r.out.find_first_not_of("123456789\n"), std::string::npos) << r.out;
  };
  auto exit_0 = [](const RunResult& r) { EXPECT_EQ(r.status, 0) << r.err; };
  auto all_rows = [](const RunResult& r) { ok_lines(r, 3); };
  auto imported = [](const RunResult& r) {
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find("rejected 0"), std::string::npos) << r.err;
  };
  auto book_written = [pdf](const RunResult& r) {
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.err.find(pdf + ": 1 puzzles"), std::string::npos) << r.err;
  };
  auto hinted = [](const RunResult& r) {
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_NE(r.out.find("step: "), std::string::npos) << r.out;
  };
  const std::string gen = "--seed 1 --count 1";
  // serve reads its token file after every option is checked: an accepted
  // value ends there, before it listens.
  const std::string no_token = " --token-file " + dir + "/no-such-token";
  auto serve_checked = [dir](const RunResult& r) {
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find(dir + "/no-such-token:1: cannot read the token file"), std::string::npos) << r.err;
  };
  return {
      {"serve", "--port", "--port {}" + no_token, {{"0", serve_checked}}},  // 0: any free port
      {"serve", "--threads", "--threads {}" + no_token},
      {"serve", "--queue", "--queue {}" + no_token},
      {"serve", "--timeout", "--timeout {}" + no_token},
      {"serve", "--max-body", "--max-body {}" + no_token},
      {"serve", "--grade-time", "--grade-time {}" + no_token},
      {"serve", "--hint-time", "--hint-time {}" + no_token},
      {"solve", "--limit", "--count --limit {} " + puzzle_file},
      {"generate", "--count", "--seed 1 --count {}"},
      {"generate", "--clues", gen + " --clues {}"},
      {"generate", "--seed", "--count 1 --seed {}", {{"0", one_puzzle}}},
      {"generate", "--threads", gen + " --threads {}"},
      {"generate", "--min-rating", gen + " --min-rating {}", {{"0", one_puzzle}}},  // ER >= 0: every puzzle
      {"generate", "--max-rating", gen + " --max-rating {}"},  // 0 keeps nothing: refused, not an endless run
      {"generate", "--search", gen + " --search {}", {{"0", one_puzzle}}},
      {"generate", "--search-keep", gen + " --search-keep {}"},
      {"generate", "--time-limit", gen + " --time-limit {}", {{"0", one_puzzle}}},
      {"generate", "--max-attempts", gen + " --max-attempts {}"},
      {"generate", "--batch-rows", gen + " --no-grade --db " + dir + "/batches.db --batch-rows {}"},
      {"generate", "--busy-timeout", gen + " --no-grade --db " + dir + "/waits.db --busy-timeout {}", {{"0", exit_0}}},
      {"generate", "--pg-timeout", gen + " --no-grade --db " + dir + "/waits.db --pg-timeout {}", {{"0", exit_0}}},
      {"grade", "--max-steps", "--max-steps {} " + puzzle_file},
      {"grade", "--threads", "--threads {} " + puzzle_file},
      {"grade", "--time-limit", "--time-limit {} " + puzzle_file,
       {{"0", [](const RunResult& r) {
          ok_lines(r, 1);
          EXPECT_NE(r.out.find("/1.2 "), std::string::npos) << "rated (ER/EP/ED), without a limit: " << r.out;
        }}}},
      {"hint", "--time-limit", "--time-limit {} " + puzzle_file, {{"0", hinted}}},
      {"grids", "--count", "--seed 1 --count {}"},
      {"grids", "--seed", "--count 1 --seed {}", {{"0", one_grid}}},
      {"db stats", "--busy-timeout", "--db " + db + " --busy-timeout {}", {{"0", exit_0}}},
      {"db stats", "--pg-timeout", "--db " + db + " --pg-timeout {}", {{"0", exit_0}}},
      {"db export", "--busy-timeout", "--db " + db + " --format line --busy-timeout {}", {{"0", all_rows}}},
      {"db export", "--pg-timeout", "--db " + db + " --format line --pg-timeout {}", {{"0", all_rows}}},
      {"db export", "--min-rating", "--db " + db + " --format line --min-rating {}", {{"0", all_rows}}},
      {"db export", "--max-rating", "--db " + db + " --format line --max-rating {}",
       {{"0", [](const RunResult& r) { ok_lines(r, 0); }}}},  // no puzzle rates 0
      {"db export", "--limit", "--db " + db + " --format line --limit {}"},
      {"db export", "--seed", "--db " + db + " --format line --random --seed {}", {{"0", all_rows}}},
      {"db ship", "--busy-timeout", "--db " + db + " --out " + dir + "/app.db --busy-timeout {}", {{"0", exit_0}}},
      {"db ship", "--pg-timeout", "--db " + db + " --out " + dir + "/app.db --pg-timeout {}", {{"0", exit_0}}},
      {"db ship", "--seed", "--db " + db + " --out " + dir + "/app.db --seed {}", {{"0", exit_0}}},
      {"db import", "--busy-timeout", "--db " + import_db + " " + puzzle_file + " --busy-timeout {}", {{"0", imported}}},
      {"db import", "--pg-timeout", "--db " + import_db + " " + puzzle_file + " --pg-timeout {}", {{"0", imported}}},
      {"db import", "--max-steps", "--db " + import_db + " " + puzzle_file + " --max-steps {}"},
      {"db import", "--time-limit", "--db " + import_db + " " + puzzle_file + " --time-limit {}", {{"0", imported}}},
      {"db import", "--threads", "--db " + import_db + " " + puzzle_file + " --threads {}", {{"0", imported}}},
      {"db import", "--batch-rows", "--db " + import_db + " " + puzzle_file + " --batch-rows {}"},
      {"db merge", "--busy-timeout", "--db " + dir + "/merged.db " + db + " --busy-timeout {}", {{"0", exit_0}}},
      {"db merge", "--pg-timeout", "--db " + dir + "/merged.db " + db + " --pg-timeout {}", {{"0", exit_0}}},
      {"db merge", "--batch-rows", "--db " + dir + "/merged.db " + db + " --batch-rows {}"},
      {"db merge", "--batch", "--db " + dir + "/merged.db " + db + " --batch {}"},
      {"db regrade", "--busy-timeout", "--db " + db + " --busy-timeout {}", {{"0", exit_0}}},
      {"db regrade", "--pg-timeout", "--db " + db + " --pg-timeout {}", {{"0", exit_0}}},
      {"db regrade", "--threads", "--db " + db + " --threads {}"},
      {"db regrade", "--older-than", "--db " + db + " --older-than {}"},
      {"db regrade", "--batch-rows", "--db " + db + " --batch-rows {}"},
      {"db regrade", "--batch", "--db " + db + " --batch {}"},
      {"db regrade", "--time-limit", "--db " + db + " --time-limit {}", {{"0", exit_0}}},
      {"daily", "--busy-timeout", "--db " + db + " --from 2030-01-01 --levels easy --dry-run --busy-timeout {}",
       {{"0", exit_0}}},
      {"daily", "--pg-timeout", "--db " + db + " --from 2030-01-01 --levels easy --dry-run --pg-timeout {}",
       {{"0", exit_0}}},
      {"daily", "--days", "--db " + db + " --from 2030-01-01 --levels easy --dry-run --days {}"},
      {"book", "--busy-timeout", "--db " + db + " --level easy --count 1 --out " + pdf + " --busy-timeout {}",
       {{"0", book_written}}},
      {"book", "--pg-timeout", "--db " + db + " --level easy --count 1 --out " + pdf + " --pg-timeout {}",
       {{"0", book_written}}},
      {"book", "--count", "--db " + db + " --level easy --out " + pdf + " --count {}"},
      {"book", "--per-page", "--db " + db + " --level easy --count 1 --out " + pdf + " --per-page {}"},
      {"book", "--first-number", "--db " + db + " --level easy --count 1 --out " + pdf + " --first-number {}"},
      {"book", "--pad-to", "--db " + db + " --level easy --count 1 --out " + pdf + " --pad-to {}", {{"0", book_written}}},
      {"book", "--min-rating", "--db " + db + " --level easy --count 1 --out " + pdf + " --min-rating {}", {{"0", book_written}}},
      {"book", "--max-rating", "--db " + db + " --level easy --count 1 --out " + pdf + " --max-rating {}",
       {{"0", [](const RunResult& r) { EXPECT_EQ(r.status, 1) << r.err; }}}},  // no puzzle rates 0: the store runs short
      {"book", "--seed", "--db " + db + " --level easy --count 1 --out " + pdf + " --pick random --seed {}", {{"0", book_written}}},
      {"book", "--count-per-level", "--db " + db + " --levels easy --out " + pdf + " --count-per-level {}"},
      {"book", "--gutter", "--db " + db + " --level easy --count 1 --out " + pdf + " --trim 6x9 --gutter {}"},
      {"book", "--margin", "--db " + db + " --level easy --count 1 --out " + pdf + " --trim 6x9 --margin {}"},
      {"cover", "--pages", "--trim 6x9 --out " + dir + "/cover.pdf --pages {}"},
      {"render", "--size", std::string(kPuzzle) + " --out " + dir + "/image.svg --size {}"},
      {"preflight", "--dpi", pdf + " --dpi {}"},
      {"render", "--dpi", std::string(kPuzzle) + " --out " + dir + "/image.png --dpi {}"},
  };
}

std::string with_value(std::string args, const std::string& value) {
  args.replace(args.find("{}"), 2, value);
  return args;
}

TEST_F(Options, EveryNumericOptionTakesItsRangeOrIsRefused) {
  for (const NumericOption& o : numeric_options(db(), dir_->path())) {
    for (const std::string& value : kValues) {
      SCOPED_TRACE(o.command + " " + o.option + " " + value);
      const RunResult r = run_limited(o.command + " " + with_value(o.args, value), dir_->path());
      ASSERT_NE(r.status, 124) << "still running after " << kSeconds << " s";
      ASSERT_NE(r.status, 137) << "still running after " << kSeconds << " s";
      ASSERT_NE(r.status, -1) << "killed by a signal";
      if (const auto it = o.accepted.find(value); it != o.accepted.end()) {
        it->second(r);
        continue;
      }
      EXPECT_EQ(r.status, 2) << r.err;
      EXPECT_NE(r.err.find("sudokit " + o.command + ": " + o.option + " must be "), std::string::npos) << r.err;
      EXPECT_NE(r.err.find("(found " + value + ")"), std::string::npos) << r.err;
      EXPECT_EQ(r.out, "");
    }
  }
}

/// The options of a subcommand's --help whose help line states a numeric
/// range, and those whose default is a number (which must state one too).
/// An entry starts a line with two blanks ("  --limit arg (=2)  with ...",
/// "  -n [ --count ] arg (=10)  number ..."); its description runs on over
/// the wrapped lines below it.
void numeric_options_in_help(const std::string& help, std::set<std::string>& ranged, std::set<std::string>& numeric) {
  std::string name, fallback, description;
  auto finish = [&] {
    if (name.empty()) return;
    std::string text;  // blanks and line breaks as single spaces
    for (const char c : description) {
      if (std::isspace(static_cast<unsigned char>(c)) == 0) text += c;
      else if (!text.empty() && text.back() != ' ') text += ' ';
    }
    for (const char* range : {"; a whole number from", "; a number from", "; 1, 2, 4 or 6"})
      if (text.find(range) != std::string::npos) ranged.insert(name);
    // A default is numeric when strtod reads all of it ("127.0.0.1", an
    // address, is not).
    if (!fallback.empty()) {
      char* end = nullptr;
      std::strtod(fallback.c_str(), &end);
      if (end == fallback.c_str() + fallback.size()) numeric.insert(name);
    }
    name.clear();
  };
  std::istringstream in(help);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("  -", 0) != 0) {
      if (!name.empty()) description += ' ' + line;
      continue;
    }
    finish();
    const std::size_t dashes = line.find("--");
    const std::size_t end = line.find_first_of(" ]", dashes);
    name = line.substr(dashes, end - dashes);
    std::size_t rest = std::min(line.find_first_not_of(" ]", end), line.size());
    fallback.clear();
    if (line.compare(rest, 3, "arg") == 0) {
      rest += 3;
      if (line.compare(rest, 3, " (=") == 0) {
        const std::size_t close = line.find(')', rest);
        fallback = line.substr(rest + 3, close - rest - 3);
        rest = close + 1;
      }
    }
    description = line.substr(rest);
  }
  finish();
}

TEST_F(Options, TheTopHelpNamesEveryStoreCommand) {
  const RunResult top = run_limited("--help", dir_->path());
  ASSERT_EQ(top.status, 0);
  const std::size_t at = top.out.find("\n  db ");
  ASSERT_NE(at, std::string::npos) << top.out;
  const std::string db_line = top.out.substr(at + 1, top.out.find('\n', at + 1) - at - 1);
  EXPECT_EQ(db_line.find("SQLite puzzle store"), std::string::npos) << "the store is SQLite or PostgreSQL: " << db_line;
  const std::vector<std::string> subs = listed_commands("db --help", "):");
  ASSERT_GE(subs.size(), 6u);
  for (const std::string& sub : subs) EXPECT_NE(db_line.find(sub), std::string::npos) << sub << " missing from: " << db_line;
}

TEST_F(Options, TheTableCoversEveryNumericOptionOfEverySubcommand) {
  std::map<std::string, std::set<std::string>> table;
  for (const NumericOption& o : numeric_options(db(), dir_->path())) table[o.command].insert(o.option);
  // The subcommands as `sudokit --help` lists them (db's as `sudokit db
  // --help` lists them), so a command added later is covered without
  // editing this list.
  std::vector<std::string> commands;
  for (const std::string& name : listed_commands("--help", "commands:")) {
    if (name != "db") {
      commands.push_back(name);
      continue;
    }
    for (const std::string& sub : listed_commands("db --help", "):")) commands.push_back("db " + sub);
  }
  ASSERT_GE(commands.size(), 17u);
  for (const std::string& command : commands) {
    SCOPED_TRACE(command);
    const RunResult help = run_limited(command + " --help", dir_->path());
    ASSERT_EQ(help.status, 0);
    std::set<std::string> ranged, numeric;
    numeric_options_in_help(help.out, ranged, numeric);
    EXPECT_EQ(ranged, table[command]) << "every option with a range is in the table, and only those:\n" << help.out;
    for (const auto& name : numeric) EXPECT_TRUE(ranged.count(name)) << name << " has a numeric default but no stated range";
  }
}

TEST_F(Options, UnknownNamesAndEmptyRangesAreUsageErrors) {
  const std::string out = " --out " + file("x.pdf");
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"solve --format xml", "unknown --format 'xml'"},
      {"generate --method magic", "unknown --method 'magic'"},
      {"generate --symmetry spiral", "unknown --symmetry 'spiral'"},
      {"generate --dig-order sideways", "unknown --dig-order 'sideways'"},
      {"generate --level bogus", "unknown --level 'bogus'"},
      {"generate --require-technique telepathy", "unknown technique 'telepathy'"},
      {"generate --hardest-technique telepathy", "unknown technique 'telepathy'"},
      {"generate --format xml", "unknown --format 'xml'"},
      {"grade --format xml", "unknown --format 'xml'"},
      {"grade --levels a:0,b:nan", "--levels: level 'b:nan' has an invalid rating"},
      {"grids --method magic", "unknown --method 'magic'"},
      {"grids --format xml", "unknown --format 'xml'"},
      {"db stats --db " + db() + " --format xml", "unknown --format 'xml'"},
      {"db stats --db " + db() + " --levels a:0,b:inf", "--levels: level 'b:inf' has an invalid rating"},
      {"db export --db " + db() + " --level bogus", "--level: unknown level 'bogus'"},
      {"db export --db " + db() + " --format xml", "unknown --format 'xml'"},
      {"db export --db " + db() + " --technique telepathy", "unknown technique 'telepathy'"},
      {"db export --db " + db() + " --hardest telepathy", "unknown technique 'telepathy'"},
      {"db export --db " + db() + " --min-rating 5 --max-rating 4", "the rating range is empty"},
      {"db import --db " + file("names.db") + " --format xml", "unknown --format 'xml'"},
      {"db import --db " + file("names.db") + " --levels a:0,b:1e999", "--levels: level 'b:1e999' has an invalid rating"},
      {"daily --db " + db() + " --from 2030-01-01 --levels bogus --dry-run", "--levels: unknown level 'bogus'"},
      {"daily --db " + db() + " --from 2030-01-01 --schedule funday=easy --dry-run", "--schedule"},
      {"daily --db " + db() + " --from 2030-01-01 --levels easy --format xml", "unknown --format 'xml'"},
      {"book --db " + db() + " --level bogus --count 1" + out, "--level: unknown level 'bogus'"},
      {"book --db " + db() + " --levels easy,bogus --count 2" + out, "--levels: unknown level 'bogus'"},
      {"book --db " + db() + " --level easy --count 1 --paper a5" + out, "unknown --paper 'a5'"},
      {"book --db " + db() + " --levels easy:9000,hard:1001" + out, "--levels: the counts add up to 10001; a book holds at most 10000 puzzles"},
      {"render " + std::string(kPuzzle) + " --format gif --out " + file("x.svg"), "unknown --format 'gif'"},
      // Every command boundary catches the typed errors of a bad name (once
      // an uncaught LevelError: abort, status 134).
      {"db ship --db " + db() + " --levels nosuch --out " + file("x.db"), "--levels: unknown level 'nosuch'"},
      {"db ship --db " + db() + " --columns bogus --out " + file("x.db"), "--columns: unknown column 'bogus'"},
      {"db export --db " + db() + " --columns bogus", "--columns: unknown column 'bogus'"},
      {"generate --strategy bogus", "unknown --strategy 'bogus'"},
      {"generate --levels bogus", "--levels: level 'bogus' is not NAME:MIN_RATING"},
      {"hint --reveal bogus " + std::string(kPuzzle), "unknown --reveal 'bogus'"},
      {"hint --format xml " + std::string(kPuzzle), "unknown --format 'xml'"},
      {"daily --db " + db() + " --from 2030-01-01 --levels easy --images gif --out " + file("d"), "unknown --images 'gif'"},
      {"daily --db " + db() + " --from today --tz Mars/Base --levels easy --dry-run", "--tz: unknown time zone 'Mars/Base'"},
      {"daily --db " + db() + " --from today --tz localtime --levels easy --dry-run", "--tz: unknown time zone 'localtime'"},
      {"render " + std::string(kPuzzle) + " --out-dir " + file("o") + " --name foo", "unknown --name 'foo'"},
      {"book --db " + db() + " --level easy --count 1 --pick bogus" + out, "unknown --pick 'bogus'"},
      {"book --db " + db() + " --level easy --count 1 --solutions bogus" + out, "unknown --solutions 'bogus'"},
      {"book --db " + db() + " --level easy --count 1 --language xx" + out, "unknown --language 'xx'"},
      {"book --db " + db() + " --level easy --count 1 --symmetry bogus" + out, "unknown --symmetry 'bogus'"},
      {"book --db " + db() + " --level easy --count 1 --technique telepathy" + out, "unknown technique 'telepathy'"},
      {"book --db " + db() + " --level easy --count 1 --trim bogus" + out, "--trim: 'bogus' is not a trim size"},
      {"cover --pages 100 --trim 6x9 --paper bogus --out " + file("c.pdf"), "unknown --paper 'bogus'"},
      {"cover --pages 100 --trim bogus --out " + file("c.pdf"), "--trim: 'bogus' is not a trim size"},
      {"preflight --trim bogus " + file("x.pdf"), "--trim: 'bogus' is not a trim size"},
      // A --db value libpq cannot parse is neither a store nor a file name.
      {"generate --count 1 --db 'host=127.0.0.1 password=se cret'", "--db: not a connection string libpq accepts"},
      {"db stats --db 'Host=127.0.0.1'", "--db: not a connection string libpq accepts"},
  };
  for (const auto& [args, message] : cases) {
    SCOPED_TRACE(args);
    const RunResult r = run_limited(args, dir_->path());
    EXPECT_EQ(r.status, 2) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  EXPECT_FALSE(std::filesystem::exists(file("x.pdf")));
  EXPECT_FALSE(std::filesystem::exists(file("names.db")));
  EXPECT_FALSE(std::filesystem::exists(file("x.db")));
  EXPECT_FALSE(std::filesystem::exists(file("c.pdf")));
  EXPECT_FALSE(std::filesystem::exists(file("d")));
  EXPECT_FALSE(std::filesystem::exists(file("host=127.0.0.1 password=se cret")));
}

// Nothing to ship is an error, not an empty app file; a missing merge input
// is refused before the output is created.
TEST_F(Options, AnEmptyShippingFileOrAMissingMergeInputWritesNothing) {
  const RunResult ship = run_limited("db ship --db " + db() + " --levels nightmare --out " + file("empty.db"), dir_->path());
  EXPECT_EQ(ship.status, 1) << ship.err;
  EXPECT_NE(ship.err.find("nothing to ship: the store has no graded puzzle of level nightmare"), std::string::npos)
      << ship.err;
  EXPECT_FALSE(std::filesystem::exists(file("empty.db")));
  EXPECT_FALSE(std::filesystem::exists(file("empty.db.tmp-ship")));
  const RunResult merge = run_limited("db merge --db " + file("new.db") + " " + file("missing.db"), dir_->path());
  EXPECT_EQ(merge.status, 1) << merge.err;
  EXPECT_NE(merge.err.find(file("missing.db") + ": no such database file"), std::string::npos) << merge.err;
  for (const char* name : {"new.db", "new.db-wal", "new.db-shm", "missing.db"})
    EXPECT_FALSE(std::filesystem::exists(file(name))) << name;
}

// A level is known when the level table in force has it, or a stored puzzle
// carries it (a file graded with a custom --levels table).
TEST_F(Options, CustomLevelTablesKeepWorking) {
  const std::string custom = file("custom.db");
  const RunResult imported = run_limited("db import --levels gentle:0,tough:2.5 --db " + custom + " " + file("one.txt"), dir_->path());
  ASSERT_EQ(imported.status, 0) << imported.err;
  const RunResult exported = run_limited("db export --db " + custom + " --format line --level tough", dir_->path());
  EXPECT_EQ(exported.status, 0) << exported.err;
  EXPECT_EQ(exported.out, std::string(kPuzzle) + "\n");
  const RunResult graded = run_limited("grade --levels gentle:0,tough:2.5 " + file("one.txt"), dir_->path());
  EXPECT_EQ(graded.status, 0) << graded.err;
  EXPECT_NE(graded.out.find(" tough "), std::string::npos) << graded.out;
  // The default table's names stay known in a file that has none of them.
  const RunResult easy = run_limited("db export --db " + custom + " --format line --level easy", dir_->path());
  EXPECT_EQ(easy.status, 0) << easy.err;
  EXPECT_EQ(easy.out, "");
}

}  // namespace
}  // namespace sudokit
