// Shared option handling for subcommands: parse with Boost.program_options,
// print `--help`, and turn option errors into a usage message and status 2.
#pragma once

#include <boost/program_options.hpp>
#include <cmath>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"

namespace sudokit::cli {

namespace po = boost::program_options;

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
    std::cerr << "sudokit " << args[0] << ": " << e.what() << "\n" << usage << "\n"
              << "Run `sudokit " << args[0] << " --help` for the options.\n";
    return kUsageError;
  }
  if (vm.count("help")) {
    std::cout << usage << "\n\n" << opts << '\n';
    return 0;
  }
  return std::nullopt;
}

/// Reads a duration option (seconds, 0 = no limit) into `seconds`; false,
/// with the error on stderr, for a negative or non-finite value.
inline bool seconds_option(const po::variables_map& vm, const std::string& cmd, const char* name, double& seconds) {
  if (!vm.count(name)) return true;
  const double v = vm[name].as<double>();
  if (!std::isfinite(v) || v < 0) {
    std::cerr << "sudokit " << cmd << ": --" << name << " " << v << " is not a duration (seconds >= 0; 0 = no limit)\n";
    return false;
  }
  seconds = v;
  return true;
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

}  // namespace sudokit::cli
