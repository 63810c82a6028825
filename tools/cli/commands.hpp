// The sudokit subcommands. Each lives in its own file, reads its options with
// Boost.program_options, calls into the library modules and prints.
#pragma once

#include <string>
#include <vector>

namespace sudokit::cli {

/// args[0] is the subcommand name; returns the process exit status.
using Command = int (*)(const std::vector<std::string>& args);

struct CommandInfo {
  const char* name;
  Command run;
  const char* summary;
};

int run_solve(const std::vector<std::string>& args);
int run_grade(const std::vector<std::string>& args);
int run_hint(const std::vector<std::string>& args);
int run_generate(const std::vector<std::string>& args);
int run_grids(const std::vector<std::string>& args);
int run_canon(const std::vector<std::string>& args);
int run_db(const std::vector<std::string>& args);
int run_daily(const std::vector<std::string>& args);
int run_book(const std::vector<std::string>& args);
int run_render(const std::vector<std::string>& args);
int run_cover(const std::vector<std::string>& args);
int run_preflight(const std::vector<std::string>& args);
int run_serve(const std::vector<std::string>& args);

/// Every subcommand, in the order `sudokit --help` lists them.
const std::vector<CommandInfo>& all_commands();

/// Exit status for bad command-line usage.
inline constexpr int kUsageError = 2;

}  // namespace sudokit::cli
