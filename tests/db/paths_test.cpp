// File identity for "outputs never overwrite inputs" (db/paths.hpp): every
// spelling of one file (relative, ./x, dir/../x, symbolic link, hard link,
// a linked directory) is the same file, existing or not; different files
// are not; CommandFiles names both options and checks a database's
// companions and the files of an output directory.
#include "sudokit/db/paths.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "../temp_dir.hpp"

namespace sudokit::db {
namespace {

namespace fs = std::filesystem;
using test::TempDir;

/// Runs in `dir` for its lifetime (relative spellings), then goes back.
class InDirectory {
 public:
  explicit InDirectory(const std::string& dir) : old_(fs::current_path()) { fs::current_path(dir); }
  ~InDirectory() { fs::current_path(old_); }

 private:
  fs::path old_;
};

struct Files {
  TempDir dir;
  Files() {
    std::ofstream(dir.file("s.db")) << "database";
    std::ofstream(dir.file("other.txt")) << "other";
    fs::create_directory(dir.file("sub"));
    fs::create_symlink(dir.file("s.db"), dir.file("link.db"));
    fs::create_symlink("s.db-wal", dir.file("wal-link"));  // dangling, relative
    fs::create_hard_link(dir.file("s.db"), dir.file("hard.db"));
    fs::create_directory_symlink(dir.path(), dir.file("sub/up"));
  }
};

TEST(Paths, EverySpellingOfOneFileIsTheSameFile) {
  Files f;
  InDirectory here(f.dir.path());
  const std::string s = f.dir.file("s.db");
  // Existing: compared by device and inode.
  for (const std::string spelling : {"s.db", "./s.db", "sub/../s.db", "link.db", "hard.db", "sub/up/s.db", s.c_str()})
    EXPECT_TRUE(same_file(spelling, s)) << spelling;
  // Not existing yet: compared by resolved directory and name.
  for (const std::string spelling : {"s.db-wal", "./s.db-wal", "sub/../s.db-wal", "wal-link", "sub/up/s.db-wal"})
    EXPECT_TRUE(same_file(spelling, f.dir.file("s.db-wal"))) << spelling;
  EXPECT_TRUE(same_file("new.pdf", "./sub/../new.pdf"));
  // Different files.
  for (const std::string spelling : {"other.txt", "s.db-wal", "sub/s.db", "sub", "missing", "s.db-shm"})
    EXPECT_FALSE(same_file(spelling, s)) << spelling;
  EXPECT_FALSE(same_file("s.db-wal", "s.db-shm"));
  EXPECT_FALSE(same_file("sub/new.pdf", "new.pdf"));
  EXPECT_EQ(resolved_location("wal-link"), f.dir.file("s.db-wal"));
  // ".." after a linked directory leaves the directory it points to, as the kernel does.
  EXPECT_EQ(resolved_location("sub/up/../s.db"), (fs::canonical(f.dir.path()).parent_path() / "s.db").string());
}

TEST(Paths, ADatabaseIsItsFileAndItsCompanions) {
  EXPECT_EQ(database_files("a/s.db"), (std::vector<std::string>{"a/s.db", "a/s.db-wal", "a/s.db-shm", "a/s.db-journal"}));
  Files f;
  InDirectory here(f.dir.path());
  struct Case {
    std::string out;
    std::string message;  // "" = may be written
  };
  const Case cases[] = {
      {"./s.db", "--out ./s.db is the same file as --db s.db: an output may not overwrite an input"},
      {"hard.db", "--out hard.db is the same file as --db s.db: an output may not overwrite an input"},
      {"sub/../s.db-wal", "--out sub/../s.db-wal is the same file as --db s.db (its write-ahead log s.db-wal): an "
                          "output may not overwrite an input"},
      {"s.db-shm", "--out s.db-shm is the same file as --db s.db (its shared-memory index s.db-shm): an output may "
                   "not overwrite an input"},
      {"wal-link", "--out wal-link is the same file as --db s.db (its write-ahead log s.db-wal): an output may not "
                   "overwrite an input"},
      {"s.db-journal", "--out s.db-journal is the same file as --db s.db (its rollback journal s.db-journal): an "
                       "output may not overwrite an input"},
      {"s.db.json", ""},
      {"-", ""},
      {"sub/s.db", ""},
  };
  for (const Case& c : cases) {
    CommandFiles files;
    files.add_database("--db", "s.db");
    EXPECT_EQ(files.check_output("--out", c.out), c.message) << c.out;
  }
  // A database opened through a symbolic link keeps its companions beside
  // the file the link points to.
  CommandFiles through_link;
  through_link.add_database("--db", "sub/up/link.db");
  EXPECT_NE(through_link.check_output("--out", "s.db-wal"), "");
  EXPECT_NE(through_link.check_output("--out", "link.db-journal"), "");
  EXPECT_EQ(through_link.check_output("--out", "sub/link.db-wal"), "");
}

TEST(Paths, OutputsAreCheckedAgainstInputsAndEachOther) {
  Files f;
  InDirectory here(f.dir.path());
  CommandFiles book;
  book.add_database("--db", "s.db");
  EXPECT_EQ(book.check_output("--out", "b.pdf"), "");
  EXPECT_EQ(book.check_output("--manifest", "./b.pdf"),
            "--manifest ./b.pdf is the same file as --out b.pdf: two outputs may not be one file");
  // stdin and stdout are not files.
  CommandFiles render;
  render.add_input("PUZZLE", "-");
  EXPECT_EQ(render.check_output("--out", "-"), "");
  render.add_input("PUZZLE", "other.txt");
  EXPECT_EQ(render.check_output("--out", "sub/../other.txt"),
            "--out sub/../other.txt is the same file as PUZZLE other.txt: an output may not overwrite an input");
  // A database written into: its companions are outputs too.
  for (const std::string input : {"s.db", "s.db-wal", "s.db-journal"}) {
    CommandFiles import;
    import.add_input("FILE", input);
    EXPECT_NE(import.check_output_database("--db", "./s.db"), "") << input;
  }
  CommandFiles generate;
  generate.add_input("--pattern", "other.txt");
  EXPECT_EQ(generate.check_output_database("--db", "s.db"), "");
  EXPECT_EQ(generate.check_output_database("--db", "link.db"),
            "--db link.db is the same file as --db s.db: two outputs may not be one file");
  CommandFiles import;
  import.add_input("FILE", "hard.db");
  EXPECT_EQ(import.check_output_database("--db", "link.db"),
            "--db link.db is the same file as FILE hard.db: an output may not overwrite an input");
}

TEST(Paths, AnOutputDirectoryMustNotWriteOverAnInputInsideIt) {
  Files f;
  InDirectory here(f.dir.path());
  fs::create_directory("days");
  std::ofstream("days/2027-01-01.json") << "{}";
  fs::create_hard_link("s.db", "days/2027-01-02.json");
  auto writes = [](const std::string& name) { return name == "index.json" || name == "2027-01-02.json" || name == "2027-01-03.json"; };
  struct Case {
    std::string db, dir;
    std::string message;
  };
  const Case cases[] = {
      // The database inside the directory under a name that is written.
      {"days/2027-01-01.json", "days", ""},  // not written by this run
      {"days/index.json", "./days",
       "--out ./days would write ./days/index.json, which is the same file as --db days/index.json: an output may not "
       "overwrite an input"},
      {"days/2027-01-03.json", "sub/../days", "--out sub/../days would write sub/../days/2027-01-03.json, which is the "
                                              "same file as --db days/2027-01-03.json: an output may not overwrite an "
                                              "input"},
      // Its write-ahead log would be: "index.json" is not one, but a store
      // called "index.json" is refused above; a companion name is never a date file.
      {"days/2027-01-01.json", "sub/up/days", ""},
      // A hard link to the database among the files written.
      {"s.db", "days",
       "--out days would write days/2027-01-02.json, which is the same file as --db s.db: an output may not overwrite "
       "an input"},
      // The directory is the database itself.
      {"s.db", "./s.db", "--out ./s.db is the same file as --db s.db: an output may not overwrite an input"},
      {"s.db", "new-days", ""},
  };
  for (const Case& c : cases) {
    CommandFiles files;
    files.add_database("--db", c.db);
    EXPECT_EQ(files.check_output_directory("--out", c.dir, writes), c.message) << c.db << " " << c.dir;
  }
}

}  // namespace
}  // namespace sudokit::db
