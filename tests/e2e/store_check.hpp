// Helpers for end-to-end tests of commands that write a store: temporary
// directories, a plain SQLite connection to inspect the file a command
// wrote, background processes (to kill, or to run several at once), and the
// counts a command prints in its summary line.
#pragma once

#include <signal.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../temp_dir.hpp"

namespace sudokit::test {

/// A plain SQLite connection to check the file the command wrote.
class Raw {
 public:
  explicit Raw(const std::string& path) {
    sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr);
    sqlite3_busy_timeout(db_, 10000);
  }
  ~Raw() { sqlite3_close_v2(db_); }
  std::string text(const std::string& sql) {
    sqlite3_stmt* st = nullptr;
    std::string out = "<error>";
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) == SQLITE_OK && sqlite3_step(st) == SQLITE_ROW) {
      const auto* t = sqlite3_column_text(st, 0);
      out = t == nullptr ? "" : reinterpret_cast<const char*>(t);
    }
    sqlite3_finalize(st);
    return out;
  }
  long long integer(const std::string& sql) { return std::stoll(text(sql)); }
  int exec(const std::string& sql) { return sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr); }
  sqlite3* get() { return db_; }

 private:
  sqlite3* db_ = nullptr;
};

/// Starts `sudokit ARGS` in the background (stdout/stderr to files); returns its pid.
inline pid_t spawn(const std::string& args, const std::string& out, const std::string& err) {
  const std::string cmd = "exec " + std::string(SUDOKIT_BIN) + " " + args + " >" + out + " 2>" + err + " </dev/null";
  const pid_t pid = fork();
  if (pid == 0) {
    execl("/bin/sh", "sh", "-c", cmd.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  return pid;
}

struct Summary {
  long long imported = -1, duplicates = -1, rejected = -1;
};

/// The number right after the first `label` in `text`, or -1.
inline long long number_after(const std::string& text, const std::string& label) {
  const std::size_t at = text.find(label);
  if (at == std::string::npos) return -1;
  const std::size_t from = at + label.size();
  const std::size_t to = text.find_first_not_of("0123456789", from);
  return to == from ? -1 : std::stoll(text.substr(from, to - from));
}

inline Summary summary_of(const std::string& err) {
  Summary s;
  s.imported = number_after(err, ": imported ");
  s.duplicates = number_after(err, ", duplicates ");
  s.rejected = number_after(err, ", rejected ");
  return s;
}

inline void write_lines(const std::string& path, const std::vector<std::string>& lines, std::size_t from, std::size_t to) {
  std::ofstream out(path);
  for (std::size_t i = from; i < to && i < lines.size(); ++i) out << lines[i] << '\n';
}

}  // namespace sudokit::test
