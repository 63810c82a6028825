// `sudokit render`: one puzzle as an SVG, PNG or PDF image (app stores, web
// pages, social posts). Reads the puzzle (an 81-character argument, a file,
// or stdin), checks it has exactly one solution, and calls the book
// library's render_image.
#include <unistd.h>

#include <iostream>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/book/image.hpp"
#include "sudokit/db/paths.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::cli {

namespace {

/// The puzzle named by the argument: 81 characters, or the first puzzle of
/// a file ("-" = stdin). False with the message printed.
bool read_puzzle(const std::string& arg, Grid& out, std::string& label) {
  ParseError error;
  if (arg.size() == 81 && parse_puzzle(arg, out, error)) {
    label = "PUZZLE";
    return true;
  }
  label = source_label(arg);
  std::string read_error;
  ByteSource source;
  if (!open_source(arg, source, read_error)) {
    if (arg.size() == 81)  // meant as a puzzle: say what is wrong with it
      std::cerr << "sudokit render: PUZZLE: column " << error.column << ": " << error.message << '\n';
    else
      std::cerr << "sudokit render: " << label << ": cannot read: " << read_error
                << " (PUZZLE is 81 characters, a file, or - for stdin)\n";
    return false;
  }
  PuzzleReader reader{LineReader(std::move(source))};
  TextRecord record;
  for (;;) {
    switch (reader.next(record, error)) {
      case ReadStatus::Record:
        out = record.grid;
        return true;
      case ReadStatus::Error:
        std::cerr << "sudokit render: " << label << ":" << error.line << ": " << error.message << '\n';
        return false;
      case ReadStatus::End:
        if (!reader.read_error().empty())
          std::cerr << "sudokit render: " << label << ": cannot read: " << reader.read_error() << '\n';
        else
          std::cerr << "sudokit render: " << label << ": no puzzle found\n";
        return false;
    }
  }
}

}  // namespace

int run_render(const std::vector<std::string>& args) {
  po::options_description opts("options");
  opts.add_options()
      ("format", po::value<std::string>(), "svg, png or pdf (default: from the --out file's extension)")
      ("out", po::value<std::string>(), "the image FILE (default stdout)")
      ("solution", "draw the solved grid (givens bold, the other digits grey)")
      ("caption", po::value<std::string>()->default_value(""), "a line of text under the grid")
      ("transparent", "png/svg: no background outside the grid");
  book::ImageOptions options;
  add_number(opts, "size", options.size, {64, 20000},
             "image width: pixels for png (default 1080) and svg (540), points for pdf (360)");
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit render PUZZLE [--format svg|png|pdf] [--out FILE] [--size N] [--solution]\n"
      "                      [--caption TEXT] [--transparent]\n"
      "Draws one puzzle as an image, the same grid as `sudokit book` prints. PUZZLE is 81\n"
      "characters (empty cells . or 0), or a file whose first puzzle is drawn (- for stdin).\n"
      "The puzzle must have exactly one solution. Exit status 1 for a bad puzzle or a write\n"
      "failure, 2 for a usage error.";
  if (auto status = parse_options(args, usage, opts, vm)) return *status;
  const std::vector<std::string> files = input_files(vm);
  if (files.size() != 1) {
    std::cerr << "sudokit render: give exactly one PUZZLE (81 characters, a file, or -)\n";
    return kUsageError;
  }
  std::optional<book::ImageFormat> format;
  const std::string out = vm.count("out") ? vm["out"].as<std::string>() : std::string("-");
  {
    db::CommandFiles paths;
    paths.add_input("PUZZLE", files[0]);
    if (output_clash("render", paths.check_output("--out", out))) return kUsageError;
  }
  const auto from_name = out == "-" ? std::nullopt : book::image_format_of(out);
  if (vm.count("format")) {
    format = book::parse_image_format(vm["format"].as<std::string>());
    if (!format) {
      std::cerr << "sudokit render: unknown --format '" << vm["format"].as<std::string>() << "' (expected svg, png or pdf)\n";
      return kUsageError;
    }
    if (from_name && *from_name != *format) {
      std::cerr << "sudokit render: --format " << vm["format"].as<std::string>() << " does not match the name " << out << '\n';
      return kUsageError;
    }
  } else {
    format = from_name;
    if (!format) {
      std::cerr << "sudokit render: give --format svg|png|pdf or an --out name ending in .svg, .png or .pdf\n";
      return kUsageError;
    }
  }
  if (out == "-" && *format != book::ImageFormat::Svg && isatty(STDOUT_FILENO)) {
    std::cerr << "sudokit render: not writing a binary image to a terminal; use --out FILE or redirect stdout\n";
    return kUsageError;
  }
  options.format = *format;
  options.caption = vm["caption"].as<std::string>();
  options.transparent = vm.count("transparent") != 0;
  options.creation_date = book::source_date_epoch();

  Grid puzzle;
  std::string label;
  if (!read_puzzle(files[0], puzzle, label)) return 1;
  if (const auto conflict = find_conflict(puzzle)) {
    std::cerr << "sudokit render: " << label << ": " << conflict->message() << '\n';
    return 1;
  }
  const SolveResult solved = solve(puzzle, 2);
  if (solved.count != 1) {
    std::cerr << "sudokit render: " << label << ": "
              << (solved.count == 0 ? "the puzzle has no solution" : "the puzzle has several solutions") << '\n';
    return 1;
  }
  if (auto warning = book::font_warning()) std::cerr << "sudokit render: warning: " << *warning << '\n';
  try {
    book::render_image(puzzle, vm.count("solution") ? &solved.solution : nullptr, options, out);
  } catch (const book::RenderError& e) {
    // stdout: reported as every command's data is (a closed pipe quietly).
    if (out == "-" && e.error() != 0) return write_failed("render", WriteError("<stdout>", e.error()));
    std::cerr << "sudokit render: " << e.what() << '\n';
    return 1;
  }
  return 0;
}

}  // namespace sudokit::cli
