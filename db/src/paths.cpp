// File identity for the rule "outputs never overwrite inputs" (see
// paths.hpp): stat() for files that exist, resolved directory + name for
// files that do not exist yet (a database's -wal, a new output).
#include "sudokit/db/paths.hpp"

#include "sudokit/db/location.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <system_error>

namespace sudokit::db {

namespace {

namespace fs = std::filesystem;

struct Companion {
  const char* suffix;
  const char* what;
};
constexpr Companion kCompanions[] = {
    {"-wal", "write-ahead log"}, {"-shm", "shared-memory index"}, {"-journal", "rollback journal"}};

}  // namespace

std::vector<std::string> database_files(const std::string& path) {
  std::vector<std::string> out{path};
  for (const Companion& c : kCompanions) out.push_back(path + c.suffix);
  return out;
}

std::string resolved_location(const std::string& path) {
  if (path.empty()) return path;
  std::error_code ec;
  fs::path p = fs::absolute(path, ec);
  if (ec) return path;
  // Follow symbolic links in the last component (bounded, as the kernel's
  // ELOOP is): writing through a link writes its target.
  for (int hops = 0; hops < 40; ++hops) {
    const fs::file_status st = fs::symlink_status(p, ec);
    if (ec || !fs::is_symlink(st)) break;
    const fs::path target = fs::read_symlink(p, ec);
    if (ec) break;
    p = target.is_absolute() ? target : p.parent_path() / target;
  }
  const fs::path name = p.filename();
  if (name.empty() || name == "." || name == "..") {  // a directory spelled "d/", "d/." or "d/.."
    const fs::path whole = fs::weakly_canonical(p, ec);
    return ec ? p.lexically_normal().string() : whole.string();
  }
  const fs::path parent = fs::weakly_canonical(p.parent_path(), ec);
  return ((ec ? p.parent_path().lexically_normal() : parent) / name).string();
}

bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  return resolved_location(a) == resolved_location(b);
}

std::string CommandFiles::describe(const Entry& e) {
  if (e.what.empty()) return e.option + " " + e.path;
  return e.option + " " + e.path + " (its " + e.what + " " + e.file + ")";
}

std::string CommandFiles::clash(const std::string& output, const Entry& in) {
  return output + " is the same file as " + describe(in) +
         (in.output ? ": two outputs may not be one file" : ": an output may not overwrite an input");
}

std::string CommandFiles::check(const Entry& out) const {
  for (const Entry& in : seen_)
    if (same_file(out.file, in.file)) return clash(describe(out), in);
  return "";
}

void CommandFiles::add_files(const std::string& option, const std::string& path, bool database, bool output) {
  if (is_postgres_location(path)) return;  // a database on a server: no file here
  seen_.push_back({option, path, path, "", output});
  if (!database) return;
  // SQLite puts the companions beside the file a symbolic link points to;
  // the spelled name is checked too (refusing a name SQLite would not use
  // costs nothing).
  const std::string resolved = resolved_location(path);
  for (const std::string& base : {path, resolved}) {
    for (const Companion& c : kCompanions) seen_.push_back({option, path, base + c.suffix, c.what, output});
    if (resolved == path) break;
  }
}

void CommandFiles::add_input(const std::string& option, const std::string& path) {
  if (path != "-") add_files(option, path, false, false);
}

void CommandFiles::add_database(const std::string& option, const std::string& path) { add_files(option, path, true, false); }

std::string CommandFiles::check_output(const std::string& option, const std::string& path) {
  if (path == "-") return "";
  const Entry out{option, path, path, "", true};
  if (std::string error = check(out); !error.empty()) return error;
  seen_.push_back(out);
  return "";
}

std::string CommandFiles::check_output_database(const std::string& option, const std::string& path) {
  const std::size_t first = seen_.size();
  add_files(option, path, true, true);
  std::vector<Entry> mine(seen_.begin() + static_cast<std::ptrdiff_t>(first), seen_.end());
  seen_.resize(first);
  for (const Entry& out : mine)
    if (std::string error = check(out); !error.empty()) return error;
  seen_.insert(seen_.end(), mine.begin(), mine.end());
  return "";
}

std::string CommandFiles::check_output_directory(const std::string& option, const std::string& dir,
                                                 const std::function<bool(const std::string& name)>& writes) {
  const Entry out{option, dir, dir, "", true};
  if (std::string error = check(out); !error.empty()) return error;
  auto writes_over = [&](const std::string& name, const Entry& in) {
    return clash(describe(out) + " would write " + (fs::path(dir) / name).string() + ", which", in);
  };
  // An input whose file (existing or not) lies in the directory under a name
  // the command writes.
  const fs::path where = resolved_location(dir);
  for (const Entry& in : seen_) {
    const fs::path at = resolved_location(in.file);
    if (at.parent_path() == where && writes(at.filename().string())) return writes_over(at.filename().string(), in);
  }
  // A file of the directory the command writes that is an input under
  // another name (a hard link, a symbolic link to it).
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (!writes(name)) continue;
    for (const Entry& in : seen_)
      if (same_file(it->path().string(), in.file)) return writes_over(name, in);
  }
  return "";
}

namespace {

using enum FileRole;
// Inputs first, then outputs in the order their clashes are reported.
constexpr FileOption kCommandFiles[] = {
    {"book", "--db", Database},
    {"book", "--labels", Input},
    {"book", "--puzzles", Input},
    {"book", "--out", Output},
    {"book", "--manifest", Output},
    {"book", "--ipuz-dir", OutputDirectory},
    {"cover", "--interior", Input},
    {"cover", "--out", Output},
    {"daily", "--db", Database},
    {"daily", "--out", OutputDirectory},
    {"db export", "--db", Database},
    {"db export", "--out", Output},
    {"db ship", "--db", Database},
    {"db ship", "--out", Output},
    {"db import", "FILE", Input},
    {"db import", "--db", OutputDatabase},
    {"db merge", "IN.db", Input},
    {"db merge", "--db", OutputDatabase},
    {"generate", "--pattern", Input},
    {"generate", "--from", Input},
    {"generate", "--db", OutputDatabase},
    {"render", "PUZZLE", Input},
    {"render", "--out", Output},
    {"render", "--out-dir", OutputDirectory},
};

}  // namespace

std::span<const FileOption> command_file_options() { return kCommandFiles; }

std::string check_command_files(std::string_view command, const GivenFiles& given, const DirectoryWrites& directories) {
  CommandFiles files;
  for (const FileOption& f : kCommandFiles) {
    if (f.command != command) continue;
    for (const std::string& path : given(f.option)) {
      if (f.role == Input) files.add_input(std::string(f.option), path);
      else if (f.role == Database) files.add_database(std::string(f.option), path);
    }
  }
  for (const FileOption& f : kCommandFiles) {
    if (f.command != command || f.role == Input || f.role == Database) continue;
    const std::string option(f.option);
    const auto dir = std::find_if(directories.begin(), directories.end(), [&](const auto& d) { return d.first == option; });
    for (const std::string& path : given(f.option)) {
      std::string error;
      if (f.role == OutputDatabase) error = files.check_output_database(option, path);
      else if (dir != directories.end()) error = files.check_output_directory(option, path, dir->second);
      else if (f.role == OutputDirectory) error = files.check_output_directory(option, path, [](const std::string&) { return true; });
      else error = files.check_output(option, path);
      if (!error.empty()) return error;
    }
  }
  return "";
}

}  // namespace sudokit::db
