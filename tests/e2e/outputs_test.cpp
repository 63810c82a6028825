// End-to-end tests of two rules of the writing commands (docs/RELIABILITY.md):
//
// Outputs never overwrite inputs: every command with an output path, every
// output option, against each of its inputs (the database and its -wal,
// -shm and -journal, an input file, a --pattern file, another output),
// each spelled every way (relative, ./x, dir/../x, absolute, symbolic link,
// hard link): exit 2, a message naming both options, and every file in the
// directory byte-identical afterwards (nothing created either).
//
// A book run is all or nothing: a manifest or PDF that cannot be written
// (missing directory, unwritable directory) leaves no PDF, no manifest, no
// temporary file and no puzzle marked used; an earlier book at the same
// names stays as it was. The full-disk case is in fault_test.cpp.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <thread>

#include "run.hpp"
#include "store_check.hpp"
#include "sudokit/db/paths.hpp"

namespace sudokit {
namespace {

namespace fs = std::filesystem;
using namespace sudokit::test;

/// Runs `sudokit ARGS` with `dir` as the working directory.
RunResult run_in(const std::string& dir, const std::string& args) { return run_sudokit(args, "", dir); }

/// Every file, directory and link under `dir` with its bytes (or link target).
std::map<std::string, std::string> snapshot(const std::string& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    const std::string name = fs::relative(e.path(), dir).string();
    if (e.is_symlink()) files[name] = "-> " + fs::read_symlink(e.path()).string();
    else if (e.is_directory()) files[name] = "<dir>";
    else files[name] = slurp(e.path().string());
  }
  return files;
}

/// One store for the whole suite, copied into each test's directory.
class Outputs : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    shared_ = new TempDir;
    const auto r = run_sudokit("generate --db " + shared_->file("s.db") + " --count 24 --seed 8 --threads 2");
    ASSERT_EQ(r.status, 0) << r.err;
    Raw raw(shared_->file("s.db"));
    level_ = raw.text("SELECT level FROM puzzles GROUP BY level ORDER BY count(*) DESC, level LIMIT 1");
    puzzle_ = raw.text("SELECT puzzle FROM puzzles ORDER BY id LIMIT 1");
  }
  static void TearDownTestSuite() {
    delete shared_;
    shared_ = nullptr;
  }
  void copy_store(const std::string& to) { fs::copy_file(shared_->file("s.db"), to); }

  TempDir dir_;
  static TempDir* shared_;
  static std::string level_, puzzle_;
};

TempDir* Outputs::shared_ = nullptr;
std::string Outputs::level_, Outputs::puzzle_;

/// One command with one output option: `args(OUT)` writes OUT with it.
struct Command {
  std::string name, option;
  std::function<std::string(const std::string& out)> args;
  std::vector<std::string> inputs;  // files (in the test directory) OUT must not be
  std::string input_option;         // how the message names them
};

/// The ways of writing `target` (a name in the working directory): as it
/// is, ./x, sub/../x, absolute, a symbolic link, and a hard link when it is
/// an existing file.
std::vector<std::string> spellings(const std::string& dir, const std::string& target) {
  std::vector<std::string> out{target, "./" + target, "sub/../" + target, dir + "/" + target};
  const std::string link = "symlink-to-" + target;
  if (!fs::is_symlink(dir + "/" + link)) fs::create_symlink(target, dir + "/" + link);
  out.push_back(link);
  if (fs::is_regular_file(dir + "/" + target)) {
    const std::string hard = "hardlink-to-" + target;
    if (!fs::exists(dir + "/" + hard)) fs::create_hard_link(dir + "/" + target, dir + "/" + hard);
    out.push_back(hard);
  }
  return out;
}

TEST_F(Outputs, NoCommandWritesOverItsInputsHoweverThePathIsSpelled) {
  const std::string d = dir_.path();
  copy_store(d + "/s.db");
  fs::create_directory(d + "/sub");
  std::ofstream(d + "/puzzles.txt") << puzzle_ << '\n';
  std::ofstream(d + "/pattern.txt") << std::string(81, 'x') << '\n';
  const std::vector<std::string> db_files = {"s.db", "s.db-wal", "s.db-shm", "s.db-journal"};
  const std::string book = "book --db s.db --level " + level_ + " --count 2 ";
  const std::vector<Command> commands = {
      {"db export", "--out", [](const std::string& o) { return "db export --db s.db --out " + o; }, db_files, "--db"},
      {"book", "--out", [&](const std::string& o) { return book + "--mark-used --out " + o; }, db_files, "--db"},
      {"book", "--manifest",
       [&](const std::string& o) { return book + "--mark-used --out b.pdf --manifest " + o; }, db_files, "--db"},
      {"book", "--manifest", [&](const std::string& o) { return book + "--out b.pdf --manifest " + o; }, {"b.pdf"},
       "--out"},
      {"render", "--out", [](const std::string& o) { return "render puzzles.txt --format pdf --out " + o; },
       {"puzzles.txt"}, "PUZZLE"},
      {"generate", "--db",
       [](const std::string& o) { return "generate --count 1 --seed 1 --pattern pattern.txt --no-grade --db " + o; },
       {"pattern.txt"}, "--pattern"},
      {"db import", "--db", [](const std::string& o) { return "db import --no-grade puzzles.txt --db " + o; },
       {"puzzles.txt"}, "FILE"},
  };
  int cases = 0;
  for (const Command& c : commands) {
    // The command works with an output of its own (on a copy).
    {
      TempDir clean;
      fs::copy(d, clean.path(), fs::copy_options::recursive | fs::copy_options::copy_symlinks);
      const std::string fine = c.option == "--db" ? "new.db" : c.name == "render" ? "new.pdf" : "new.out";
      const auto ok = run_in(clean.path(), c.args(fine));
      EXPECT_EQ(ok.status, 0) << c.name << " " << c.option << ": " << ok.err;
      EXPECT_TRUE(fs::exists(clean.file(fine))) << c.name << " " << c.option;
    }
    for (const std::string& input : c.inputs) {
      for (const std::string& out : spellings(d, input)) {
        const auto before = snapshot(d);
        const auto r = run_in(d, c.args(out));
        const std::string what = c.name + " " + c.option + " " + out + " (input " + input + ")";
        EXPECT_EQ(r.status, 2) << what << ": " << r.err;
        EXPECT_NE(r.err.find("sudokit " + c.name + ": " + c.option + " " + out), std::string::npos) << what << ": " << r.err;
        EXPECT_NE(r.err.find(" is the same file as " + c.input_option + " "), std::string::npos) << what << ": " << r.err;
        EXPECT_NE(r.err.find("; nothing was written"), std::string::npos) << what << ": " << r.err;
        EXPECT_EQ(snapshot(d), before) << what;
        ++cases;
      }
    }
  }
  // db import: the store's own journal is an input file.
  std::ofstream(d + "/in.db-journal") << puzzle_ << '\n';
  const auto before = snapshot(d);
  const auto journal = run_in(d, "db import in.db-journal --db in.db");
  EXPECT_EQ(journal.status, 2) << journal.err;
  EXPECT_NE(journal.err.find("--db in.db (its rollback journal"), std::string::npos) << journal.err;
  EXPECT_NE(journal.err.find("is the same file as FILE in.db-journal"), std::string::npos) << journal.err;
  EXPECT_EQ(snapshot(d), before);
  RecordProperty("cases", cases + 1);
}

// Every input option of every command against every output option of the
// same command, from the library's one table (db::command_file_options()):
// the output given as the input's own path, ./path, a symbolic link to it
// and a hard link to it: exit 2, a message naming both options, and nothing
// in the directory changed. (book --labels was not checked before.)
TEST_F(Outputs, EveryInputOptionAgainstEveryOutputOptionOfTheTable) {
  const std::string d = dir_.path();
  copy_store(d + "/s.db");
  copy_store(d + "/in.db");
  std::ofstream(d + "/labels.json") << "{}\n";
  std::ofstream(d + "/pattern.txt") << std::string(81, 'x') << '\n';
  std::ofstream(d + "/from.txt") << puzzle_ << '\n';
  std::ofstream(d + "/puzzles.txt") << puzzle_ << '\n';
  std::ofstream(d + "/interior.pdf") << "%PDF-1.4\n";
  // An X puzzle (sudokit generate --geometry x --seed 1) for book --puzzles,
  // which makes variant books only.
  std::ofstream(d + "/variant.txt") << "......5.33...........1...86.3.9.....4......95....78........7..8.5.4...........9..\n";
  // The file each option names, and how each command is run: `args(f)`
  // with f the options under test (option -> path) over these defaults.
  using Files = std::map<std::string, std::string>;
  struct Way {
    Files defaults;      // the required options' files
    std::vector<std::string> order;  // every option of the table, in the order written
    std::string fixed;   // the other options
    std::string command = {};  // the command, when the key names a second way to run it
  };
  const std::map<std::string, Way> ways = {
      {"book", {{{"--db", "s.db"}, {"--out", "b.pdf"}}, {"--db", "--labels", "--out", "--manifest", "--ipuz-dir"},
                "--level " + level_ + " --count 2"}},
      {"book --puzzles", {{{"--out", "b.pdf"}}, {"--puzzles", "--labels", "--out", "--manifest", "--ipuz-dir"},
                          "--geometry x", "book"}},
      {"cover", {{{"--out", "c.pdf"}}, {"--interior", "--out"}, "--trim 6x9"}},
      {"daily", {{{"--db", "s.db"}, {"--out", "days"}}, {"--db", "--out"}, "--from 2027-01-01 --days 1 --levels " + level_}},
      {"db export", {{{"--db", "s.db"}}, {"--db", "--out"}, ""}},
      {"db ship", {{{"--db", "s.db"}, {"--out", "app.db"}}, {"--db", "--out"}, ""}},
      {"db import", {{{"FILE", "puzzles.txt"}, {"--db", "new.db"}}, {"--db", "FILE"}, "--no-grade"}},
      {"db merge", {{{"IN.db", "in.db"}, {"--db", "new.db"}}, {"--db", "IN.db"}, ""}},
      {"generate", {{{"--db", "new.db"}}, {"--pattern", "--from", "--db"}, "--count 1 --seed 1 --no-grade"}},
      {"render", {{{"PUZZLE", "puzzles.txt"}}, {"PUZZLE", "--out", "--out-dir"}, ""}},
  };
  auto args = [&](const std::string& key, const Files& given) {
    const Way& way = ways.at(key);
    Files f = way.defaults;
    for (const auto& [option, path] : given) f[option] = path;
    std::string line = way.command.empty() ? key : way.command;
    for (const std::string& option : way.order)
      if (f.count(option)) line += (option.starts_with("--") ? " " + option + " " : " ") + f.at(option);
    if (key == "cover" && !f.count("--interior")) line += " --pages 100";
    return line + " " + way.fixed;
  };
  const Files inputs = {{"--db", "s.db"},           {"--labels", "labels.json"}, {"--interior", "interior.pdf"},
                        {"FILE", "puzzles.txt"},    {"IN.db", "in.db"},          {"--pattern", "pattern.txt"},
                        {"--from", "from.txt"},     {"PUZZLE", "puzzles.txt"},   {"--puzzles", "variant.txt"}};
  const auto options = db::command_file_options();
  int cases = 0;
  for (const db::FileOption& in : options) {
    if (in.role != db::FileRole::Input && in.role != db::FileRole::Database) continue;
    const std::string cmd(in.command), in_option(in.option);
    ASSERT_TRUE(ways.count(cmd)) << cmd << ": the test does not know how to run it";
    ASSERT_TRUE(inputs.count(in_option)) << cmd << " " << in_option << ": no input file for it";
    const std::string input = inputs.at(in_option);
    // book --puzzles goes without --db and with --geometry: its own way.
    const std::string way = ways.count(cmd + " " + in_option) ? cmd + " " + in_option : cmd;
    for (const db::FileOption& out : options) {
      if (out.command != in.command || out.role == db::FileRole::Input || out.role == db::FileRole::Database) continue;
      const std::string out_option(out.option);
      const std::vector<std::string> spelled = {input, "./" + input, "symlink-to-" + input, "hardlink-to-" + input};
      if (!fs::exists(d + "/" + spelled[2])) fs::create_symlink(input, d + "/" + spelled[2]);
      if (!fs::exists(d + "/" + spelled[3])) fs::create_hard_link(d + "/" + input, d + "/" + spelled[3]);
      for (const std::string& o : spelled) {
        const auto before = snapshot(d);
        const std::string line = args(way, {{in_option, input}, {out_option, o}});
        const auto r = run_in(d, line);
        EXPECT_EQ(r.status, 2) << line << ": " << r.err;
        EXPECT_NE(r.err.find("sudokit " + cmd + ": " + out_option + " " + o), std::string::npos) << line << ": " << r.err;
        EXPECT_NE(r.err.find(" is the same file as " + in_option + " "), std::string::npos) << line << ": " << r.err;
        EXPECT_EQ(snapshot(d), before) << line;
        ++cases;
      }
    }
  }
  EXPECT_EQ(cases, 4 * 19);  // 19 pairs of the table, 4 spellings each
  // daily --images: an image name of the range in DIR is written too.
  fs::create_directory(d + "/days");
  fs::create_hard_link(d + "/s.db", d + "/days/2027-01-01-" + level_ + ".png");
  const auto before = snapshot(d);
  const auto r = run_in(d, "daily --db days/2027-01-01-" + level_ + ".png --from 2027-01-01 --days 1 --levels " + level_ +
                               " --out days --images png");
  EXPECT_EQ(r.status, 2) << r.err;
  EXPECT_NE(r.err.find("would write days/2027-01-01-" + level_ + ".png, which is the same file as --db"), std::string::npos)
      << r.err;
  EXPECT_EQ(snapshot(d), before);
  RecordProperty("cases", cases + 1);
}

// An output that is not a regular file is written, not replaced: a FIFO (as
// /dev/null or /dev/stdout would be) stays a FIFO and its reader gets the
// image; a symbolic link stays a link and the file it names gets the image.
TEST_F(Outputs, AnOutputThatIsAFifoOrALinkIsWrittenNotReplaced) {
  const std::string d = dir_.path();
  const std::string fifo = d + "/pipe.svg";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::string received;
  std::thread reader([&] { received = slurp(fifo); });
  const auto r = run_sudokit("render " + puzzle_ + " --out " + fifo);
  reader.join();
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_TRUE(fs::is_fifo(fifo)) << "the FIFO was replaced by a regular file";
  EXPECT_NE(received.find("<svg"), std::string::npos);

  std::ofstream(d + "/real.svg") << "old";
  fs::create_symlink("real.svg", d + "/link.svg");
  const auto l = run_sudokit("render " + puzzle_ + " --out " + d + "/link.svg");
  EXPECT_EQ(l.status, 0) << l.err;
  EXPECT_TRUE(fs::is_symlink(d + "/link.svg")) << "the link was replaced by a regular file";
  EXPECT_NE(slurp(d + "/real.svg").find("<svg"), std::string::npos);
  std::size_t entries = 0;  // pipe.svg, real.svg, link.svg: no temporary left (snapshot() would read the FIFO)
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(d)) ++entries;
  EXPECT_EQ(entries, 3u);
}

// daily --out DIR: the store inside DIR under a name a run writes (the
// index, a date of the range), a hard link to it there, or DIR being the
// store itself, in every spelling of DIR.
TEST_F(Outputs, DailyDoesNotWriteADateFileOrTheIndexOverTheStore) {
  const std::string d = dir_.path();
  fs::create_directory(d + "/sub");
  fs::create_directory(d + "/days");
  copy_store(d + "/days/index.json");
  copy_store(d + "/days/2027-01-02.json");
  copy_store(d + "/s.db");
  fs::create_hard_link(d + "/s.db", d + "/days/2027-01-03.json");
  const std::string daily = "daily --from 2027-01-01 --days 3 --levels " + level_ + " ";
  struct Case {
    std::string db, written;
  };
  const Case cases[] = {{"days/index.json", "index.json"},
                        {"days/2027-01-02.json", "2027-01-02.json"},
                        {"s.db", "2027-01-03.json"}};
  for (const Case& c : cases) {
    for (const std::string& out : spellings(d, "days")) {
      const auto before = snapshot(d);
      const auto r = run_in(d, daily + "--db " + c.db + " --out " + out);
      const std::string what = c.db + " --out " + out;
      EXPECT_EQ(r.status, 2) << what << ": " << r.err;
      EXPECT_NE(r.err.find("sudokit daily: --out " + out + " would write " + out + "/" + c.written +
                           ", which is the same file as --db "),
                std::string::npos)
          << what << ": " << r.err;
      EXPECT_EQ(snapshot(d), before) << what;
    }
  }
  // DIR is the store.
  for (const std::string& out : spellings(d, "s.db")) {
    const auto before = snapshot(d);
    const auto r = run_in(d, daily + "--db s.db --out " + out);
    EXPECT_EQ(r.status, 2) << out << ": " << r.err;
    EXPECT_NE(r.err.find("sudokit daily: --out " + out + " is the same file as --db s.db"), std::string::npos) << r.err;
    EXPECT_EQ(snapshot(d), before) << out;
  }
  // A date file of another range next to the store is fine.
  const auto ok = run_in(d, "daily --from 2027-02-01 --days 1 --levels " + level_ + " --db days/2027-01-02.json --out days");
  EXPECT_EQ(ok.status, 0) << ok.err;
  EXPECT_TRUE(fs::exists(d + "/days/2027-02-01.json"));
}

// --- book: all or nothing ----------------------------------------------------------

class BookAllOrNothing : public Outputs {
 protected:
  /// Runs a --mark-used book of 4 puzzles; checks that it failed with
  /// `message` and left nothing: no PDF, no manifest, nothing marked, no
  /// temporary, and the earlier book and manifest (if any) as they were.
  void expect_nothing(const std::string& pdf, const std::string& manifest, const std::string& message) {
    const std::string db = dir_.file("s.db");
    const auto before = snapshot(dir_.path());
    const auto r = run_sudokit("book --db " + db + " --level " + level_ + " --count 4 --mark-used --out " + pdf +
                               " --manifest " + manifest);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_NE(r.err.find(message), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("nothing was written and no puzzle was marked used"), std::string::npos) << r.err;
    Raw raw(db);
    EXPECT_EQ(raw.integer("SELECT count(*) FROM used"), 0);
    raw.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    auto after = snapshot(dir_.path());
    after.erase("s.db-wal");  // the checkpoint's and this connection's files
    after.erase("s.db-shm");
    auto was = before;
    was.erase("s.db-wal");
    was.erase("s.db-shm");
    EXPECT_EQ(after, was);
  }
};

TEST_F(BookAllOrNothing, AManifestInAMissingDirectoryWritesNoPdfAndMarksNothing) {
  copy_store(dir_.file("s.db"));
  const std::string manifest = dir_.file("missing/m.json");
  expect_nothing(dir_.file("b.pdf"), manifest, manifest + ": cannot write: No such file or directory");
  // With an earlier book at the PDF's name: it stays.
  std::ofstream(dir_.file("b.pdf")) << "volume 1";
  expect_nothing(dir_.file("b.pdf"), manifest, manifest + ": cannot write: No such file or directory");
}

TEST_F(BookAllOrNothing, APdfInAMissingDirectoryWritesNoManifestAndMarksNothing) {
  copy_store(dir_.file("s.db"));
  const std::string pdf = dir_.file("missing/b.pdf");
  expect_nothing(pdf, dir_.file("m.json"), pdf + ": cannot write: No such file or directory");
  std::ofstream(dir_.file("m.json")) << "{\"old\": true}";
  expect_nothing(pdf, dir_.file("m.json"), pdf + ": cannot write: No such file or directory");
}

TEST_F(BookAllOrNothing, AnUnwritableDirectoryWritesNothingAndMarksNothing) {
  if (geteuid() == 0) GTEST_SKIP() << "root writes into any directory";
  copy_store(dir_.file("s.db"));
  fs::create_directory(dir_.file("locked"));
  fs::permissions(dir_.file("locked"), fs::perms::owner_read | fs::perms::owner_exec);
  expect_nothing(dir_.file("b.pdf"), dir_.file("locked/m.json"), dir_.file("locked/m.json") + ": cannot write: Permission denied");
  expect_nothing(dir_.file("locked/b.pdf"), dir_.file("m.json"), dir_.file("locked/b.pdf") + ": cannot write: Permission denied");
  fs::permissions(dir_.file("locked"), fs::perms::owner_all);
}

}  // namespace
}  // namespace sudokit
