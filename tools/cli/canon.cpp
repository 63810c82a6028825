// `sudokit canon`: print the canonical (minlex) form of each grid or puzzle.
#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "sudokit/solver/canonical.hpp"

namespace sudokit::cli {

int run_canon(const std::vector<std::string>& args) {
  po::options_description opts("options");
  opts.add_options()("zeros", "write empty cells as 0 instead of '.'");
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit canon [--zeros] [FILE...]\n"
      "Prints the canonical (minlex) form of each grid or puzzle (reads stdin when no FILE\n"
      "is given), one 81-character line each: the lexicographically smallest string among\n"
      "all equivalent grids under the Sudoku symmetries (band, row, stack and column\n"
      "permutations, transposition, relabelling), an empty cell counting as 0, i.e. below\n"
      "every digit. Two puzzles are essentially the same exactly when their forms are equal.\n"
      "Input formats as for `sudokit solve`. Records that cannot be read or whose givens\n"
      "break the rules are reported as FILE:LINE: reason and skipped; the exit status is 1\n"
      "if any record was skipped, 2 for a usage error.";
  if (auto status = parse_options(args, usage, opts, vm)) return *status;
  const bool zeros = vm.count("zeros") != 0;

  Diagnostics diag;
  Output out;
  for_each_record(input_files(vm), diag, [&](const std::string& source, const TextRecord& rec) {
    if (auto conflict = find_conflict(rec.grid)) {
      diag.report(source, rec.line, "givens break the rules: " + conflict->message());
      return;
    }
    const Grid form = canonical_form(rec.grid);
    std::string& buf = out.buffer();
    const std::size_t at = buf.size();
    append_line(buf, form);
    if (zeros)
      for (std::size_t i = at; i < buf.size(); ++i)
        if (buf[i] == '.') buf[i] = '0';
    buf += '\n';
    out.maybe_flush();
  }, [&] { out.flush(); });  // a pipe's writer may wait for the answers so far
  out.flush();
  return diag.exit_status();
}

}  // namespace sudokit::cli
