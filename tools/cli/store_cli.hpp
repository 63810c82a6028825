// Command-line pieces shared by the subcommands that use the store (db,
// daily, book, generate; a SQLite file or a PostgreSQL connection string, checked and shown redacted): the --db,
// --busy-timeout and --pg-timeout options, opening options,
// and the report of a level that ran out of unused puzzles, with the
// `sudokit generate` commands that would supply them.
#pragma once

#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <string>

#include "options.hpp"
#include "sudokit/db/location.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/produce/export.hpp"
#include "sudokit/produce/progress.hpp"

namespace sudokit::cli {

/// --busy-timeout and --pg-timeout, with db::StoreOptions' defaults (their
/// one home); read by store_options.
inline void add_store_wait_options(po::options_description& opts) {
  const db::StoreOptions defaults;
  add_number<unsigned>(opts, "busy-timeout", {0, 86'400'000, "give up at once"},
                       "wait this many ms for another process's write lock",
                       static_cast<unsigned>(defaults.busy_timeout.count()));
  add_number<unsigned>(opts, "pg-timeout", {0, 86'400, "no limit"},
                       "PostgreSQL: give up (exit status 1) when the server has not answered for this many seconds (a "
                       "hung server, a lost network); a stall is reported on stderr after " +
                           std::to_string(defaults.stall_notice.count() / 1000) + " s",
                       static_cast<unsigned>(defaults.server_timeout.count() / 1000));
}

/// The values of --batch-rows (db::StoreOptions::batch_rows): read here,
/// their range checked by the library (check_batch_rows).
inline Accepts<std::size_t> batch_rows_accepts() {
  return {.lo = db::kMinBatchRows, .hi = db::kMaxBatchRows, .checked_later = true};
}

/// --batch-rows checked by db::check_store_options: the usage error's
/// status when it refuses the value (in add_number's words).
inline std::optional<int> check_batch_rows(const po::variables_map& vm, const std::string& command,
                                           std::size_t batch_rows, const std::string& usage) {
  db::StoreOptions options;
  options.batch_rows = batch_rows;
  try {
    db::check_store_options(options);
  } catch (const db::StoreOptionError& e) {
    return library_refusal(command, vm, "batch-rows", batch_rows_accepts().describe(), e.what(), usage);
  }
  return std::nullopt;
}

inline void add_store_options(po::options_description& opts) {
  opts.add_options()("db", po::value<std::string>(),
                     "the store: a SQLite FILE, or a PostgreSQL database postgresql://USER@HOST[:PORT]/DB or 'host=... dbname=...' (required)");
  add_store_wait_options(opts);
}

/// --progress text|json|none (produce/progress.hpp: the one progress printer).
inline void add_progress_option(po::options_description& opts) {
  opts.add_options()("progress", po::value<std::string>()->default_value("text"),
                     "progress on stderr: text (a line redrawn on a terminal, one every 5 s otherwise), json (one "
                     "object per line every 5 s and at the end: command, run, shard, made, target, rate, elapsed) or "
                     "none");
}

/// The --progress value, or a usage error printed (nullopt).
inline std::optional<produce::ProgressFormat> progress_format(const po::variables_map& vm, const std::string& command) {
  produce::ProgressFormat format{};
  const std::string& name = vm["progress"].as<std::string>();
  if (produce::parse_progress_format(name, format)) return format;
  std::cerr << "sudokit " << command << ": unknown --progress '" << name << "' (expected text, json or none)\n";
  return std::nullopt;
}

/// False (a usage error printed) for a --db value that is a PostgreSQL
/// connection string libpq cannot use safely (db::check_location; the
/// message does not quote the value: it may hold a password).
inline bool db_location_ok(const std::string& location, const std::string& command,
                           const std::string& option = "--db") {
  try {
    db::check_location(location);
    return true;
  } catch (const db::LocationError& e) {
    std::cerr << "sudokit " << command << ": " << option << ": " << e.what() << " (the value is not shown: it may hold a password)\n";
    return false;
  }
}

/// The --db value, or a usage error printed (nullopt).
inline std::optional<std::string> db_path(const po::variables_map& vm, const std::string& command) {
  if (!vm.count("db")) {
    std::cerr << "sudokit " << command << ": --db FILE is required\n";
    return std::nullopt;
  }
  const std::string location = vm["db"].as<std::string>();
  if (!db_location_ok(location, command)) return std::nullopt;
  return location;
}

/// A redacted location as one shell word (quoted when it must be), for the
/// commands a message suggests.
using produce::shell_word;

/// The store's options from --busy-timeout and --pg-timeout; a stall of the
/// server is reported on stderr as "sudokit COMMAND: ...".
inline db::StoreOptions store_options(const po::variables_map& vm, db::OpenMode mode, const std::string& command) {
  db::StoreOptions o;
  o.mode = mode;
  o.busy_timeout = std::chrono::milliseconds(number_value<unsigned>(vm, "busy-timeout"));
  o.server_timeout = std::chrono::seconds(number_value<unsigned>(vm, "pg-timeout"));
  o.on_stall = [command](const std::string& line) { std::cerr << "sudokit " << command << ": " << line << std::endl; };
  return o;
}

/// Reading commands that also write (daily, book --mark-used) open the store
/// for writing, which would create a missing file: refuse a missing file
/// first, as reading does. False (message printed) when it does not exist.
inline bool store_exists(const std::string& path, const std::string& command) {
  if (db::is_postgres_location(path)) return true;  // opening it says whether it is a store
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) return true;
  std::cerr << "sudokit " << command << ": " << path << ": no such database file (fill one with `sudokit generate --db "
            << shell_word(path) << "` or `sudokit db import --db " << shell_word(path) << "`)\n";
  return false;
}

/// "not enough unused puzzles in FILE; NOTHING", one line per short level,
/// then the generate commands that would supply them (`path` is the
/// location as shown: redact_location).
/// --levels NAME:MIN,...: a level table instead of the default one.
inline bool parse_levels_option(const po::variables_map& vm, const std::string& command,
                                std::vector<grader::Level>& levels) {
  levels = grader::default_levels();
  if (!vm.count("levels")) return true;
  std::string error;
  if (grader::parse_levels(vm["levels"].as<std::string>(), levels, error)) return true;
  std::cerr << "sudokit " << command << ": --levels: " << error << '\n';
  return false;
}

inline void print_shortage(const std::string& command, const std::string& path, const db::ShortageError& e,
                           const std::string& nothing, const produce::FilterOptions& filter = {}) {
  std::cerr << "sudokit " << command << ": not enough unused puzzles in " << path << "; " << nothing << ":\n";
  std::vector<produce::FillAdvice> advice;
  bool commands = false;
  for (const auto& s : e.shortages()) {
    std::cerr << "  " << s.level << ": " << s.needed << " needed, " << s.available << " available (" << s.missing()
              << " missing)\n";
    advice.push_back(produce::fill_advice(s, filter, path));
    commands = commands || !advice.back().command.empty();
  }
  for (const auto& a : advice)
    if (!a.impossible.empty()) std::cerr << "  " << a.impossible << "\n";
  if (commands) std::cerr << "add them with:\n";
  for (const auto& a : advice)
    if (!a.command.empty()) std::cerr << "  " << a.command << '\n';
}

}  // namespace sudokit::cli
