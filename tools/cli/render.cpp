// `sudokit render`: one puzzle as an SVG, PNG or PDF image (app stores, web
// pages, social posts), or with --out-dir every puzzle of a file, an image
// each. Reads the puzzle (an 81-character argument, a file, or stdin; with
// --geometry, cells() characters in the geometry's alphabet), checks it has
// exactly one solution, and calls the book library's render_image.
#include <unistd.h>

#include <iostream>

#include "commands.hpp"
#include "input.hpp"
#include "options.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/book/image.hpp"
#include "sudokit/db/paths.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/text.hpp"

#include <filesystem>
#include <unordered_set>

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

/// The first variant puzzle of `name` ("-" = stdin), read as a stream (only
/// up to that puzzle), with its line; false with the message printed.
bool read_variant_puzzle(const std::string& name, const Geometry& geometry, VariantRecord& out) {
  const std::string label = source_label(name);
  std::string error;
  ByteSource source;
  if (!open_source(name, source, error)) {
    std::cerr << "sudokit render: " << label << ": cannot read: " << error << " (PUZZLE is " << geometry.cells()
              << " characters, a file, or - for stdin)\n";
    return false;
  }
  VariantReader reader(LineReader(std::move(source)), geometry);
  switch (reader.next(out, error)) {
    case ReadStatus::Record:
      return true;
    case ReadStatus::Error:
      std::cerr << "sudokit render: " << label << ":" << out.line << ": " << error << '\n';
      return false;
    case ReadStatus::End:
      break;
  }
  if (!reader.read_error().empty())
    std::cerr << "sudokit render: " << label << ": cannot read: " << reader.read_error() << '\n';
  else
    std::cerr << "sudokit render: " << label << ": no puzzle found\n";
  return false;
}

const char* const kUsage =
    "usage: sudokit render PUZZLE [--format svg|png|pdf] [--out FILE] [--size N] [--dpi N] [--solution]\n"
    "                      [--caption TEXT] [--transparent] [--geometry G] [--symbols S]\n"
    "       sudokit render FILE --out-dir DIR [--format svg|png|pdf] [--name number|gid] [...]\n"
    "Draws one puzzle as an image, the same grid as `sudokit book` prints. PUZZLE is 81\n"
    "characters (empty cells . or 0), or a file whose first puzzle is drawn (- for stdin).\n"
    "With --out-dir every puzzle of the file is drawn, one image each: DIR/0001.png, DIR/0002.png\n"
    "... in the file's order (--name gid: DIR/GID.png, the global id of db/README.md; _GID.png\n"
    "for an id beginning with -, so that no name reads as an option); a record\n"
    "that cannot be read or drawn is reported as FILE:LINE and skipped. PNGs carry their\n"
    "resolution (--dpi, default 300: a 1080-pixel image is 3.6 in wide in layout software).\n"
    "A puzzle must have exactly one solution. Exit status 1 for a bad puzzle or a write\n"
    "failure, 2 for a usage error.\n"
    "With --geometry (docs/VARIANTS.md) the puzzle is drawn as that variant: PUZZLE is one\n"
    "character per cell in sudokit's alphabet (1-9 then A-P, . or 0 empty), and a file holds\n"
    "one such puzzle per line (its first word). --symbols says how digits are printed: digits\n"
    "(1-9, then A-P), letters (A, B, ...), hex (0-9A-F, up to 16x16) or numbers (1-16).";

void declare_options(po::options_description& opts, book::ImageOptions& options) {
  opts.add_options()
      ("format", po::value<std::string>(), "svg, png or pdf (default: from the --out file's extension; png with --out-dir)")
      ("out", po::value<std::string>(), "the image FILE (default stdout)")
      ("out-dir", po::value<std::string>(), "draw every puzzle of the file, one image each in DIR (created if missing)")
      ("name", po::value<std::string>()->default_value("number"), "with --out-dir: the images' names, number (0001.png: the puzzle's place in the file) or gid (its global id)")
      ("solution", "draw the solved grid (givens bold, the other digits grey)")
      ("caption", po::value<std::string>()->default_value(""), "a line of text under the grid")
      ("transparent", "png/svg: no background outside the grid")
      ("geometry", po::value<std::string>(), "the puzzle's geometry (docs/VARIANTS.md: x, windows, jigsaw:MAP, 16x16, ...; default classic)")
      ("symbols", po::value<std::string>(), "how digits are printed: digits (default: 1-9 then A-P), letters (A-P for 16x16), hex (0-F) or numbers (1-16)");
  add_number(opts, "size", options.size, {64, 20000},
             "image width: pixels for png (default 1080) and svg (540), points for pdf (360)");
  add_number(opts, "dpi", options.dpi, {36, 2400}, "png: the resolution written into the file (pHYs)", 300.0);
}

/// --out-dir: every puzzle of `file`, an image each.
int render_set(const std::string& file, const book::ImageOptions& options, const std::string& dir, bool by_gid,
               bool with_solution) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    std::cerr << "sudokit render: " << dir << ": cannot create the directory: " << ec.message() << '\n';
    return 1;
  }
  Diagnostics diag;
  long long number = 0, written = 0, repeats = 0;
  std::unordered_set<std::string> drawn;  // --name gid: one image per global id
  for_each_record({file}, diag, [&](const std::string& source, const TextRecord& rec) {
    ++number;
    SolveResult solved;
    if (const std::string why = book::undrawable(rec.grid, &solved); !why.empty()) return diag.report(source, rec.line, why);
    const std::string gid = by_gid ? global_id(rec.grid) : "";
    if (by_gid && !drawn.insert(gid).second) {
      ++repeats;  // its image is the one drawn already: not written twice, not counted twice
      return;
    }
    const std::string name = book::numbered_image_name(number, gid, options.format);
    book::render_image(rec.grid, with_solution ? &solved.solution : nullptr, options,
                       (std::filesystem::path(dir) / name).string());
    ++written;
  });
  std::cerr << "sudokit render: " << written << " images written to " << dir;
  if (repeats > 0)
    std::cerr << "; " << repeats << " records repeat a puzzle drawn already (the same global id, an isomorph "
              << "included: one image each)";
  std::cerr << '\n';
  return diag.exit_status();
}

/// --out-dir with --geometry: every puzzle of `file`, an image each.
int render_variant_set(const std::string& file, const GeometryPtr& geometry_ptr, const book::ImageOptions& options,
                       const std::string& dir, bool by_gid, bool with_solution) {
  const Geometry& geometry = *geometry_ptr;
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    std::cerr << "sudokit render: " << dir << ": cannot create the directory: " << ec.message() << '\n';
    return 1;
  }
  Diagnostics diag;
  long long number = 0, written = 0, repeats = 0;
  std::unordered_set<std::string> drawn;  // --name gid: one image per global id
  for_each_variant_record({file}, geometry, diag, [&](const std::string& source, const VariantRecord& rec) {
    ++number;
    std::vector<std::uint8_t> solution;
    if (const std::string why = book::undrawable(geometry, rec.cells, &solution); !why.empty())
      return diag.report(source, rec.line, why);
    const std::string gid = by_gid ? global_id_any(geometry_ptr, rec.cells) : "";
    if (by_gid && !drawn.insert(gid).second) {
      ++repeats;
      return;
    }
    book::render_image(geometry, rec.cells, with_solution ? &solution : nullptr, options,
                       (std::filesystem::path(dir) / book::numbered_image_name(number, gid, options.format)).string());
    ++written;
  });
  std::cerr << "sudokit render: " << written << " images written to " << dir;
  if (repeats > 0) std::cerr << "; " << repeats << " records repeat a puzzle drawn already (the same global id: one image each)";
  std::cerr << '\n';
  return diag.exit_status();
}

/// One variant puzzle: the argument (cells() characters) or a file's first.
int render_variant(const std::string& arg, const Geometry& geometry, const book::ImageOptions& options,
                   const std::string& out, bool with_solution) {
  std::vector<std::uint8_t> cells;
  std::string label = "PUZZLE";
  if (arg.size() == static_cast<std::size_t>(geometry.cells()) && arg != "-") {
    try {
      cells = read_cells(geometry, arg);
    } catch (const GeometryError& e) {
      std::cerr << "sudokit render: PUZZLE: " << e.what() << '\n';
      return 1;
    }
  } else {
    VariantRecord record;
    if (!read_variant_puzzle(arg, geometry, record)) return 1;
    cells = std::move(record.cells);
    label = source_label(arg) + ":" + std::to_string(record.line);
  }
  std::vector<std::uint8_t> solution;
  if (const std::string why = book::undrawable(geometry, cells, &solution); !why.empty()) {
    std::cerr << "sudokit render: " << label << ": " << why << '\n';
    return 1;
  }
  book::render_image(geometry, cells, with_solution ? &solution : nullptr, options, out);
  return 0;
}

}  // namespace

int run_render(const std::vector<std::string>& args) {
  po::options_description opts("options");
  book::ImageOptions options;
  declare_options(opts, options);
  po::variables_map vm;
  if (auto status = parse_options(args, kUsage, opts, vm)) return *status;
  const std::vector<std::string> files = input_files(vm);
  if (files.size() != 1) {
    std::cerr << "sudokit render: give exactly one PUZZLE (81 characters, a file, or -)\n";
    return kUsageError;
  }
  const bool set = vm.count("out-dir") != 0;
  const std::string name = vm["name"].as<std::string>();
  if (set && vm.count("out")) {
    std::cerr << "sudokit render: give --out FILE or --out-dir DIR (with --name number|gid), not both\n";
    return kUsageError;
  }
  if (name != "number" && name != "gid") {
    std::cerr << "sudokit render: unknown --name '" << name << "' (expected number or gid)\n";
    return kUsageError;
  }
  if (!set && !vm["name"].defaulted()) {
    std::cerr << "sudokit render: --name names the images of --out-dir DIR; give --out-dir\n";
    return kUsageError;
  }
  const std::string out = set ? vm["out-dir"].as<std::string>() : vm.count("out") ? vm["out"].as<std::string>() : "-";
  if (files_clash("render", vm)) return kUsageError;
  const auto from_name = out == "-" || set ? std::nullopt : book::image_format_of(out);
  std::optional<book::ImageFormat> format = set ? std::optional(book::ImageFormat::Png) : from_name;
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
  } else if (!format) {
    std::cerr << "sudokit render: give --format svg|png|pdf or an --out name ending in .svg, .png or .pdf\n";
    return kUsageError;
  }
  if (out == "-" && *format != book::ImageFormat::Svg && isatty(STDOUT_FILENO)) {
    std::cerr << "sudokit render: not writing a binary image to a terminal; use --out FILE or redirect stdout\n";
    return kUsageError;
  }
  options.format = *format;
  options.caption = vm["caption"].as<std::string>();
  if (const std::string why = book::unprintable(options.caption); !why.empty()) {
    std::cerr << "sudokit render: --caption: " << why << '\n';
    return kUsageError;
  }
  options.transparent = vm.count("transparent") != 0;
  GeometryPtr geometry = classic_geometry();
  if (vm.count("geometry")) {
    try {
      geometry = parse_geometry(vm["geometry"].as<std::string>());
    } catch (const GeometryError& e) {
      std::cerr << "sudokit render: --geometry: " << e.what() << '\n';
      return kUsageError;
    }
  }
  if (vm.count("symbols")) {
    const auto symbols = book::parse_symbols(vm["symbols"].as<std::string>());
    if (!symbols) {
      std::cerr << "sudokit render: unknown --symbols '" << vm["symbols"].as<std::string>()
                << "' (expected digits, letters, hex or numbers)\n";
      return kUsageError;
    }
    if (const std::string why = book::symbols_problem(*symbols, geometry->size()); !why.empty()) {
      std::cerr << "sudokit render: --symbols: " << why << '\n';
      return kUsageError;
    }
    options.symbols = *symbols;
  }
  options.creation_date = book::source_date_epoch();
  if (auto warning = book::font_warning()) std::cerr << "sudokit render: warning: " << *warning << '\n';
  try {
    if (!geometry->classic()) {
      if (set) return render_variant_set(files[0], geometry, options, out, name == "gid", vm.count("solution") != 0);
      return render_variant(files[0], *geometry, options, out, vm.count("solution") != 0);
    }
    if (set) return render_set(files[0], options, out, name == "gid", vm.count("solution") != 0);
    Grid puzzle;
    std::string label;
    if (!read_puzzle(files[0], puzzle, label)) return 1;
    SolveResult solved;
    if (const std::string why = book::undrawable(puzzle, &solved); !why.empty()) {
      std::cerr << "sudokit render: " << label << ": " << why << '\n';
      return 1;
    }
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
