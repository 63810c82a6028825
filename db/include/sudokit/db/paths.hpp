// Outputs never overwrite inputs: the files one command reads and writes,
// and the check every command runs on its output paths before it opens,
// creates or truncates anything.
//
// Two spellings name one file when both exist and have the same device and
// inode (hard links, symbolic links, `./x`, `dir/../x`), or, when one of
// them does not exist yet, when they resolve to the same directory and name
// (symbolic links followed, the last component too, so a dangling link to
// `s.db-wal` counts as `s.db-wal`). A SQLite database is more than its file:
// while open it may create `FILE-wal`, `FILE-shm` and `FILE-journal` beside
// it (beside the file a symbolic link points to), so those names count as
// the database's files too.
//
// CommandFiles collects a command's inputs, then checks each output against
// them and against the outputs checked before; a clash is a usage error
// naming both options: "--out ./s.db is the same file as --db s.db: an
// output may not overwrite an input".
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace sudokit::db {

/// The files a SQLite database at `path` may consist of while open: the
/// path itself, then its -wal, -shm and -journal companions.
std::vector<std::string> database_files(const std::string& path);

/// Where writing `path` lands: its parent directory with every symbolic
/// link resolved, and the name, following a symbolic link in the last
/// component too (dangling or not). Lexical for what does not exist.
std::string resolved_location(const std::string& path);

/// True when `a` and `b` name one file (see the header comment).
bool same_file(const std::string& a, const std::string& b);

class CommandFiles {
 public:
  /// A file the command reads: `option` is how the error names it ("--pattern",
  /// "FILE"). "-" (stdin) is not a file and is ignored.
  void add_input(const std::string& option, const std::string& path);
  /// A database the command opens to read (or to update in place, as `book
  /// --mark-used` does): the file and its companions are inputs.
  void add_database(const std::string& option, const std::string& path);

  /// Checks an output file; "" when writing it touches no input and no
  /// output checked before, else the usage error. "-" (stdout) always passes.
  /// The output is then remembered for the next checks.
  std::string check_output(const std::string& option, const std::string& path);
  /// Checks a database the command writes into (`generate --db`, `db
  /// import --db`): the file and each companion as outputs.
  std::string check_output_database(const std::string& option, const std::string& path);
  /// Checks an output directory (created if missing) into which the command
  /// writes the files whose names `writes` accepts: the directory must not
  /// be an input, and no input may be (or, existing, be linked as) a file
  /// of that directory that `writes` accepts.
  std::string check_output_directory(const std::string& option, const std::string& dir,
                                     const std::function<bool(const std::string& name)>& writes);

 private:
  struct Entry {
    std::string option, path;  // as the user wrote them
    std::string file;          // the file meant: path, or a companion of it
    std::string what;          // "" or "the write-ahead log" etc. for companions
    bool output = false;
  };
  static std::string describe(const Entry& e);
  /// "OUTPUT is the same file as INPUT: ...".
  static std::string clash(const std::string& output, const Entry& in);
  std::string check(const Entry& out) const;
  void add_files(const std::string& option, const std::string& path, bool database, bool output);
  std::vector<Entry> seen_;
};

}  // namespace sudokit::db
