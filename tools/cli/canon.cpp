// `sudokit canon`: print the canonical (minlex) form of each grid or puzzle;
// with --geometry, the canonical form and global id of each puzzle of that
// geometry (canonical_any.hpp, global_id.hpp).
#include <algorithm>
#include <iostream>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/canonical_any.hpp"
#include "sudokit/solver/geometry_symmetry.hpp"
#include "sudokit/solver/global_id.hpp"

namespace sudokit::cli {

int run_canon(const std::vector<std::string>& args) {
  po::options_description opts("options");
  opts.add_options()("zeros", "write empty cells as 0 instead of '.'")(
      "geometry", po::value<std::string>(),
      "the puzzles' geometry (docs/VARIANTS.md: x, windows, jigsaw:MAP, 16x16, ...; default classic)");
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit canon [--zeros] [--geometry G] [FILE...]\n"
      "Prints the canonical (minlex) form of each grid or puzzle (reads stdin when no FILE\n"
      "is given), one 81-character line each: the lexicographically smallest string among\n"
      "all equivalent grids under the Sudoku symmetries (band, row, stack and column\n"
      "permutations, transposition, relabelling), an empty cell counting as 0, i.e. below\n"
      "every digit. Two puzzles are essentially the same exactly when their forms are equal.\n"
      "Input formats as for `sudokit solve`. Records that cannot be read or whose givens\n"
      "break the rules are reported as FILE:LINE: reason and skipped; the exit status is 1\n"
      "if any record was skipped, 2 for a usage error.\n"
      "With --geometry G other than classic (docs/VARIANTS.md) each line's first word is a\n"
      "puzzle of G, one character per cell (1-9 then A-P, '.' or 0 empty), and the output\n"
      "line is its canonical form under G's symmetry group and allowed relabellings, a space,\n"
      "and its global id ('v' and 16 characters; docs/VARIANTS.md, Symmetry). A line that is\n"
      "not G's cells, or whose givens break G's rules, is reported as FILE:LINE: reason and\n"
      "skipped.";
  if (auto status = parse_options(args, usage, opts, vm)) return *status;
  const bool zeros = vm.count("zeros") != 0;
  GeometryPtr geometry = classic_geometry();
  if (vm.count("geometry")) {
    try {
      geometry = parse_geometry(vm["geometry"].as<std::string>());
      symmetry_group(geometry);  // a group too big to list is refused here, once
    } catch (const GeometryError& e) {
      std::cerr << "sudokit canon: --geometry: " << e.what() << '\n';
      return 2;
    }
  }

  Diagnostics diag;
  Output out;
  if (!geometry->classic()) {
    for_each_variant_record(input_files(vm), *geometry, diag, [&](const std::string& source, const VariantRecord& rec) {
      if (const std::string broken = variant_rule_breaks(*geometry, rec.cells); !broken.empty())
        return diag.report(source, rec.line, broken);
      std::vector<std::uint8_t> form;
      try {
        form = canonical_any(geometry, rec.cells);
      } catch (const CanonicalLimit& e) {
        diag.report(source, rec.line, e.what());
        return;
      }
      std::string& buf = out.buffer();
      std::string text = print_cells(*geometry, form);
      if (zeros) std::replace(text.begin(), text.end(), '.', '0');
      buf += text;
      buf += ' ';
      buf += global_id_of_canonical(*geometry, form);
      buf += '\n';
      out.maybe_flush();
    }, [&] { out.flush(); });
    out.flush();
    return diag.exit_status();
  }
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
