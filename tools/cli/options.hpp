// Shared option handling for subcommands: parse with Boost.program_options,
// print `--help`, and turn option errors into a usage message and status 2.
//
// Every numeric option is declared with add_number: its text is read by
// sudokit::parse_number (Boost's own conversion would wrap "-1" round to
// 2^64 - 1 for an unsigned option, and takes "nan" and "inf" for a double),
// checked against the values it accepts (Accepts: a range or a list, and
// what 0 means when it is special), and stored in a variable. Anything else
// is a usage error naming the option, the value and what it accepts (exit
// status 2); the same text ends the option's --help line. Where the library
// holds the range (generate's options: produce::plan_generation; book's
// --first-number and --pad-to and cover's --pages: book::OptionError;
// --batch-rows: db::StoreOptionError), the option is declared checked_later
// and the command words the library's refusal the same way (range_refusal,
// library_refusal).
#pragma once

#include <boost/program_options.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <type_traits>
#include <string>
#include <vector>

#include "commands.hpp"
#include "input.hpp"
#include "sudokit/db/paths.hpp"
#include "sudokit/solver/limits.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::cli {

namespace po = boost::program_options;

/// A usage error: "sudokit CMD: MESSAGE", the usage, and where the options
/// are listed, on stderr; returns exit status 2.
inline int usage_error(const std::string& cmd, const std::string& message, const std::string& usage) {
  std::cerr << "sudokit " << cmd << ": " << message << "\n" << usage << "\n"
            << "Run `sudokit " << cmd << " --help` for the options.\n";
  return kUsageError;
}

/// Parses args (args[0] = subcommand). Positional arguments go to "files".
/// Returns an exit status when the command should stop now (help or error).
inline std::optional<int> parse_options(const std::vector<std::string>& args, const std::string& usage,
                                        po::options_description& opts, po::variables_map& vm,
                                        bool positional_files = true) {
  opts.add_options()("help,h", "show this help");
  po::options_description all;
  all.add(opts);
  po::options_description hidden;
  hidden.add_options()("files", po::value<std::vector<std::string>>()->composing(), "input files");
  all.add(hidden);
  po::positional_options_description pos;
  if (positional_files) pos.add("files", -1);
  try {
    std::vector<std::string> rest(args.begin() + 1, args.end());
    po::store(po::command_line_parser(rest).options(all).positional(pos).run(), vm);
    po::notify(vm);
  } catch (const po::error& e) {
    return usage_error(args[0], e.what(), usage);
  }
  if (vm.count("help")) {
    // Written at once through Output, so a failed write reports its own
    // errno (a help longer than std::cout's buffer would fail inside <<,
    // and finish_stdout could then only say "Input/output error").
    std::ostringstream help;
    help << usage << "\n\n" << opts << '\n';
    Output out;
    out.buffer() = help.str();
    out.flush();
    return 0;
  }
  return std::nullopt;
}

// The bounds of the options (kMaxThreads, kMaxCount, kMaxSteps, kMaxSeconds)
// are the library's: sudokit/solver/limits.hpp.

/// The shortest text that reads back as `v` ("60", "0.5", "1e-09"); whole
/// numbers in full ("100000000", not "1e+08").
template <class T>
std::string number_text(T v) {
  char buf[64];
  std::to_chars_result r;
  if constexpr (std::is_floating_point_v<T>) {
    r = v == std::floor(v) && std::fabs(v) < 1e15 ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed, 0)
                                                   : std::to_chars(buf, buf + sizeof buf, v);
  } else {
    r = std::to_chars(buf, buf + sizeof buf, v);
  }
  return std::string(buf, r.ptr);
}

/// The values a numeric option accepts: whole numbers (integral T) or finite
/// numbers (floating T) from `lo` to `hi`, or, when `only` is not empty, just
/// those. `zero` says what 0 means when it is special ("no limit").
template <class T>
struct Accepts {
  T lo = std::numeric_limits<T>::lowest();
  T hi = std::numeric_limits<T>::max();
  std::string zero = {};
  std::vector<T> only = {};
  // The range is checked later by the library (produce::plan_generation for
  // generate's options): here the text is only read, and refused when it is
  // one of `reserved`, the values the library reads as "not given".
  bool checked_later = false;
  std::vector<T> reserved = {};

  bool contains(T v) const {
    if (only.empty()) return v >= lo && v <= hi;
    for (T o : only)
      if (v == o) return true;
    return false;
  }
  /// "a whole number from 1 to 256", "1, 2, 4 or 6", "a number from 0 to 20 (0 = no limit)".
  std::string describe() const {
    std::string text;
    if (!only.empty()) {
      for (std::size_t i = 0; i < only.size(); ++i)
        text += (i == 0 ? "" : i + 1 == only.size() ? " or " : ", ") + number_text(only[i]);
    } else {
      text = std::is_integral_v<T> ? "a whole number from " : "a number from ";
      text += number_text(lo) + " to " + number_text(hi);
    }
    if (!zero.empty()) text += " (0 = " + zero + ")";
    return text;
  }
};

/// Declares the numeric option `name` ("count" or "count,n") with `help`;
/// the accepted values are appended to the help line. When the options are
/// read (parse_options), a given value (or `fallback`, the default shown in
/// --help) is parsed, checked and stored in `*target` when there is one; an
/// absent option without a fallback leaves it alone (vm.count(name) tells).
/// Outside `accepts`: "--count must be a whole number from 1 to
/// 1000000000000 (found -1)", exit status 2.
template <class T>
void add_number(po::options_description& opts, const std::string& name, T* target, const Accepts<T>& accepts,
                const std::string& help, std::optional<T> fallback) {
  const std::string option = "--" + name.substr(0, name.find(','));
  auto* value = po::value<std::string>()->notifier([target, accepts, option](const std::string& text) {
    T v{};
    const auto refused = [&] {
      if (!accepts.checked_later) return !accepts.contains(v);
      return std::find(accepts.reserved.begin(), accepts.reserved.end(), v) != accepts.reserved.end();
    };
    if (!parse_number(text, v) || refused())
      throw po::error(option + " must be " + accepts.describe() + " (found " + text + ")");
    if (target != nullptr) *target = v;
  });
  if (fallback) value->default_value(number_text(*fallback));
  opts.add_options()(name.c_str(), value, (help + "; " + accepts.describe()).c_str());
}

/// The same, stored in `target`.
template <class T>
void add_number(po::options_description& opts, const std::string& name, T& target,
                const std::type_identity_t<Accepts<T>>& accepts, const std::string& help,
                std::type_identity_t<std::optional<T>> fallback = std::nullopt) {
  add_number(opts, name, &target, accepts, help, fallback);
}

/// The same, read later with number_value (for options declared by shared
/// code, such as --busy-timeout).
template <class T>
void add_number(po::options_description& opts, const std::string& name, const std::type_identity_t<Accepts<T>>& accepts,
                const std::string& help, std::type_identity_t<std::optional<T>> fallback = std::nullopt) {
  add_number<T>(opts, name, static_cast<T*>(nullptr), accepts, help, fallback);
}

/// The value of an option declared with add_number, already checked by
/// parse_options (`name` without the leading "--"; the option must be given
/// or have a fallback).
template <class T>
T number_value(const po::variables_map& vm, const std::string& name) {
  T v{};
  parse_number(vm[name].as<std::string>(), v);
  return v;
}

/// The usage error for a value of the numeric option `name` (declared
/// checked_later) that the library refused as out of range: the words
/// add_number's own check uses, `accepts` being Accepts::describe() ("--threads
/// must be a whole number from 1 to 256 (found 0)"). Empty when the option
/// was not given (its fallback was refused: the library's own words then).
inline std::string range_refusal(const po::variables_map& vm, const std::string& name, const std::string& accepts) {
  if (!vm.count(name) || vm[name].defaulted()) return {};
  return "--" + name + " must be " + accepts + " (found " + vm[name].as<std::string>() + ")";
}

/// The usage error (exit status 2) for the numeric option `name` (declared
/// checked_later with `accepts`) whose value the library refused with
/// `what`: range_refusal's words when the option was given, else the
/// library's.
inline int library_refusal(const std::string& cmd, const po::variables_map& vm, const std::string& name,
                           const std::string& accepts, const std::string& what, const std::string& usage) {
  if (const std::string refusal = range_refusal(vm, name, accepts); !refusal.empty())
    return usage_error(cmd, refusal, usage);
  std::cerr << "sudokit " << cmd << ": " << what << '\n';
  return kUsageError;
}

/// An output that would write over an input or another output (the error of
/// db::CommandFiles): printed as a usage error before anything is opened.
/// True when there was one.
inline bool output_clash(const std::string& cmd, const std::string& error) {
  if (error.empty()) return false;
  std::cerr << "sudokit " << cmd << ": " << error << "; nothing was written\n";
  return true;
}

inline std::vector<std::string> input_files(const po::variables_map& vm) {
  return vm.count("files") ? vm["files"].as<std::vector<std::string>>() : std::vector<std::string>{};
}

/// Outputs never overwrite inputs: db::check_command_files over the
/// library's table of every command's file options, with the values of
/// `vm` ("--x": option x; a positional name: the input files) and `db`, the
/// store's path however it was given, for --db. True (the usage error
/// printed) when an output clashes.
inline bool files_clash(const std::string& cmd, const po::variables_map& vm, const std::optional<std::string>& db = {},
                        const db::DirectoryWrites& directories = {}) {
  const auto given = [&](std::string_view option) -> std::vector<std::string> {
    if (option == "--db" && db) return {*db};
    if (!option.starts_with("--")) return input_files(vm);
    const std::string key(option.substr(2));
    if (!vm.count(key)) return {};
    const boost::any& v = vm[key].value();
    if (const auto* one = boost::any_cast<std::string>(&v)) return {*one};
    if (const auto* list = boost::any_cast<std::vector<std::string>>(&v)) return *list;
    return {};
  };
  return output_clash(cmd, db::check_command_files(cmd, given, directories));
}

}  // namespace sudokit::cli
