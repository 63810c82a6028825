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
#include <span>
#include <string_view>
#include <utility>
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

/// How a command uses a file option.
enum class FileRole {
  Input,            // a file it reads (add_input)
  Database,         // a store it reads or updates in place (add_database)
  Output,           // a file it writes (check_output), or a directory when the caller says so
  OutputDatabase,   // a store it writes into (check_output_database)
  OutputDirectory,  // a directory it writes files into (check_output_directory)
};

/// One file option of one command: `command` as the messages name it
/// ("book", "db export"), `option` as given ("--labels"), or a positional
/// argument by its usage name ("FILE", "PUZZLE", "IN.db").
struct FileOption {
  std::string_view command, option;
  FileRole role;
};

/// Every file option of every command, inputs before outputs and outputs in
/// the order they are checked: the one list check_command_files() reads
/// (and the test that runs every input against every output).
std::span<const FileOption> command_file_options();

/// The run's values of each option (none when not given; "-" is stdin or
/// stdout and never clashes).
using GivenFiles = std::function<std::vector<std::string>(std::string_view option)>;
/// For output options that are directories in this run: what the command
/// writes in them (a name -> whether it is written). An OutputDirectory not
/// listed writes any name; an Output listed is a directory (`db export
/// --format ipuz --out DIR`).
using DirectoryWrites = std::vector<std::pair<std::string, std::function<bool(const std::string& name)>>>;

/// Outputs never overwrite inputs, for `command`: every input of the table
/// registered, then every output checked in the table's order. "" when
/// nothing clashes, else the usage error (CommandFiles' message).
std::string check_command_files(std::string_view command, const GivenFiles& given,
                                const DirectoryWrites& directories = {});

}  // namespace sudokit::db
