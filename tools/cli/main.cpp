// Entry point of the `sudokit` command: dispatches to one subcommand.
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "input.hpp"

namespace sudokit::cli {

const std::vector<CommandInfo>& all_commands() {
  static const std::vector<CommandInfo> commands = {
      {"solve", run_solve, "solve puzzles or count their solutions"},
      {"generate", run_generate, "make unique puzzles (minimal, symmetric, clue count or pattern), optionally graded and filtered"},
      {"grade", run_grade, "rate puzzles on the Sudoku Explainer scale and explain them"},
      {"hint", run_hint, "the next step from a player's position (entries, pencil marks), after any mistakes"},
      {"grids", run_grids, "make complete solution grids (four methods, optional scramble, --report)"},
      {"canon", run_canon, "print the canonical (minlex) form of grids and puzzles"},
      {"db", run_db, "the puzzle store (an SQLite file or PostgreSQL): stats, export, ship, import, merge, regrade"},
      {"daily", run_daily, "assign daily puzzles to dates (per level or weekly schedule) and export them as JSON"},
      {"book", run_book, "render a print-ready puzzle book (PDF) from the store"},
      {"render", run_render, "draw one puzzle as an SVG, PNG or PDF image"},
      {"cover", run_cover, "draw a paperback's full-wrap cover (PDF): back, spine and front"},
      {"preflight", run_preflight, "check a book interior PDF against print-on-demand printers' rules"},
      {"serve", run_serve, "answer HTTP requests: grade, hint, solve, health and metrics (docs/SERVE.md)"},
  };
  return commands;
}

}  // namespace sudokit::cli

namespace {

void print_usage(std::ostream& out) {
  out << "usage: sudokit <command> [options] [FILE...]\n\n"
         "sudokit manufactures Sudoku puzzles: it makes solution grids, digs unique\n"
         "puzzles out of them, grades them on the Sudoku Explainer scale and stores them.\n\n"
         "commands:\n";
  for (const auto& c : sudokit::cli::all_commands()) {
    std::string name = c.name;
    name.resize(12, ' ');
    out << "  " << name << c.summary << '\n';
  }
  out << "\nRun `sudokit <command> --help` for a command's options. Puzzles are read from\n"
         "the files given, or stdin; data goes to stdout, diagnostics to stderr.\n";
}

}  // namespace

namespace {

int run(const std::vector<std::string>& args) {
  if (args.empty()) {
    print_usage(std::cerr);
    return sudokit::cli::kUsageError;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_usage(std::cout);
    return 0;
  }
  if (args[0] == "--version") {
    std::cout << "sudokit " << SUDOKIT_VERSION << '\n';
    return 0;
  }
  for (const auto& c : sudokit::cli::all_commands())
    if (args[0] == c.name) return c.run(args);
  std::cerr << "sudokit: unknown command '" << args[0] << "'\n\n";
  print_usage(std::cerr);
  return sudokit::cli::kUsageError;
}

}  // namespace

// A failed write of data ends any command here (see input.hpp): a closed
// pipe quietly with 141, anything else with its reason and status 1.
int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  sudokit::cli::ignore_sigpipe();
  std::vector<std::string> args(argv + 1, argv + argc);
  // "db export", not "db": the name errors are printed under.
  std::string name = args.empty() || args[0].rfind('-', 0) == 0 || args[0] == "help" ? "" : args[0];
  if (name == "db" && args.size() > 1 && args[1].rfind('-', 0) != 0) name += " " + args[1];
  try {
    const int status = run(args);
    sudokit::cli::finish_stdout();
    return status;
  } catch (const sudokit::cli::WriteError& e) {
    return sudokit::cli::write_failed(name, e);
  } catch (const std::exception& e) {
    // Each command catches the errors it expects (a bad name is a usage
    // error, a store's failure exit status 1); one it missed still ends the
    // command with its message and status 1, never an abort.
    std::cerr << "sudokit" << (name.empty() ? "" : " " + name) << ": " << e.what() << '\n';
    return 1;
  }
}
