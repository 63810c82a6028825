// `sudokit cover`: the full-wrap paperback cover (PDF) for a book of N pages
// on a trim: reads the options, takes the page count from --pages or from
// the interior PDF, and calls the book library's render_cover.
#include <cmath>
#include <cstdio>
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "options.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/book/cover.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/book/image.hpp"
#include "sudokit/db/paths.hpp"

namespace sudokit::cli {

namespace {

/// The cover art when no --puzzle is given: a 24-clue puzzle with one solution.
constexpr const char* kCoverPuzzle = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

}  // namespace

int run_cover(const std::vector<std::string>& args) {
  po::options_description opts("options");
  opts.add_options()
      ("out", po::value<std::string>(), "the cover FILE.pdf to write (required)")
      ("trim", po::value<std::string>(), ("the book's trim (required with --pages): " + book::trim_presets() + ", or 150x230mm, 7.5x9.25in").c_str())
      ("interior", po::value<std::string>(), "take the page count and the trim (its TrimBox) from this interior PDF; a --trim that differs is refused")
      ("paper", po::value<std::string>()->default_value("white"), "the interior paper, which sets the spine width: white, cream or color")
      ("title", po::value<std::string>()->default_value("Sudoku"), "the title on the front and the spine")
      ("subtitle", po::value<std::string>()->default_value(""), "a line under the title")
      ("author", po::value<std::string>()->default_value(""), "the author on the front and the spine")
      ("puzzle", po::value<std::string>(), "the puzzle drawn on the front (81 characters; default a sample puzzle)")
      ("no-spine-text", "leave the title and author off the spine (otherwise on it when the book has more than 79 pages and the spine takes 6 pt text)");
  int pages = 0;
  const Accepts<int> pages_accept{.lo = book::kMinBookPages, .hi = book::kMaxBookPages, .checked_later = true};
  add_number(opts, "pages", pages, pages_accept, "the interior's page count");
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit cover (--pages N --trim SIZE | --interior BOOK.pdf [--trim SIZE]) --out COVER.pdf\n"
      "                     [--paper white|cream|color] [--title T] [--subtitle S] [--author A] [--puzzle P]\n"
      "                     [--no-spine-text]\n"
      "Draws the full-wrap paperback cover: back, spine and front on one page with 0.125 in bleed\n"
      "all round. Width = 2 x trim width + spine + 2 x 0.125 in, spine = pages x paper thickness\n"
      "(white 0.002252 in, cream 0.0025 in, color 0.002347 in a page, as KDP states); spine text\n"
      "only for more than 79 pages and of 6 pt or more (109 pages of white paper); an empty 2 x 1.2 in barcode area on the back (docs/BOOKS.md).";
  if (auto status = parse_options(args, usage, opts, vm, false)) return *status;
  const std::string& cmd = args[0];
  try {  // the library's range, checked before anything else
    if (vm.count("pages")) book::check_page_count(pages);
  } catch (const book::OptionError& e) {
    return library_refusal(cmd, vm, "pages", pages_accept.describe(), e.what(), usage);
  }
  if (!vm.count("out") || (!vm.count("trim") && !vm.count("interior"))) {
    std::cerr << "sudokit cover: --out FILE.pdf is required, and --trim SIZE unless --interior gives it\n";
    return kUsageError;
  }
  const std::string out = vm["out"].as<std::string>();
  if (out != "-" && book::image_format_of(out) != book::ImageFormat::Pdf) {
    std::cerr << "sudokit cover: --out " << out << ": a cover is a PDF; give a name ending in .pdf\n";
    return kUsageError;
  }
  if (vm.count("pages") == vm.count("interior")) {
    std::cerr << "sudokit cover: give --pages N or --interior BOOK.pdf (one of them)\n";
    return kUsageError;
  }
  book::CoverOptions options;
  std::optional<book::PageSize> trim;
  if (vm.count("trim")) {
    std::string trim_error;
    trim = book::parse_trim(vm["trim"].as<std::string>(), trim_error);
    if (!trim) {
      std::cerr << "sudokit cover: --trim: " << trim_error << '\n';
      return kUsageError;
    }
  }
  const auto paper = book::parse_cover_paper(vm["paper"].as<std::string>());
  if (!paper) {
    std::cerr << "sudokit cover: unknown --paper '" << vm["paper"].as<std::string>() << "' (expected white, cream or color)\n";
    return kUsageError;
  }
  options.paper = *paper;
  options.title = vm["title"].as<std::string>();
  options.subtitle = vm["subtitle"].as<std::string>();
  options.author = vm["author"].as<std::string>();
  for (const char* name : {"title", "subtitle", "author"})
    if (const std::string why = book::unprintable(vm[name].as<std::string>()); !why.empty()) {
      std::cerr << "sudokit cover: --" << name << ": " << why << '\n';
      return kUsageError;
    }
  options.creation_date = book::source_date_epoch();
  options.spine_text = !vm.count("no-spine-text");
  const std::string art = vm.count("puzzle") ? vm["puzzle"].as<std::string>() : kCoverPuzzle;
  ParseError parse_error;
  if (!parse_puzzle(art, options.art, parse_error)) {
    std::cerr << "sudokit cover: --puzzle: column " << parse_error.column << ": " << parse_error.message << '\n';
    return kUsageError;
  }
  if (const std::string why = book::undrawable(options.art); !why.empty()) {
    std::cerr << "sudokit cover: --puzzle: " << why << '\n';
    return kUsageError;
  }
  if (files_clash(cmd, vm)) return kUsageError;
  options.pages = pages;
  if (trim) options.trim = *trim;
  if (vm.count("interior")) {
    try {
      const book::InteriorPdf interior = book::read_interior(vm["interior"].as<std::string>());
      options.pages = interior.pages;
      options.trim = interior.trim;
    } catch (const book::RenderError& e) {
      std::cerr << "sudokit cover: --interior " << e.what() << '\n';
      return 1;
    }
    // The cover wraps the interior it is given: a --trim that is not the
    // interior's is a mistake, not a choice.
    if (trim && (std::fabs(trim->width - options.trim.width) > 0.01 * book::kInch ||
                 std::fabs(trim->height - options.trim.height) > 0.01 * book::kInch)) {
      std::fprintf(stderr, "sudokit cover: --trim %s is %.3f x %.3f in, but %s is trimmed %.3f x %.3f in (its TrimBox); "
                           "leave --trim out to take the interior's\n",
                   vm["trim"].as<std::string>().c_str(), trim->width / book::kInch, trim->height / book::kInch,
                   vm["interior"].as<std::string>().c_str(), options.trim.width / book::kInch,
                   options.trim.height / book::kInch);
      return kUsageError;
    }
  }
  try {
    const book::CoverGeometry g = book::render_cover(options, out);
    char spine[160];
    if (g.spine_text()) std::snprintf(spine, sizeof spine, " (spine text %.1f pt)", g.spine_text_size());
    else if (!options.spine_text) std::snprintf(spine, sizeof spine, " (no spine text: --no-spine-text)");
    else if (g.pages < book::kMinSpineTextPages) std::snprintf(spine, sizeof spine, " (no spine text: 79 pages or fewer)");
    else
      std::snprintf(spine, sizeof spine, " (no spine text: it would be %.1f pt, under the %.0f pt that can be read)",
                    g.spine_text_size(), book::kMinSpineText);
    std::fprintf(stderr, "sudokit cover: %s: %d pages, spine %.4f in, cover %.4f x %.4f in%s\n", out.c_str(), g.pages,
                 g.spine / book::kInch, g.width() / book::kInch, g.height() / book::kInch, spine);
  } catch (const book::TextDoesNotFit& e) {  // --title, --author, ...: a usage error
    std::cerr << "sudokit cover: " << e.what() << '\n';
    return kUsageError;
  } catch (const std::invalid_argument& e) {
    std::cerr << "sudokit cover: " << e.what() << '\n';
    return vm.count("pages") ? kUsageError : 1;
  } catch (const book::RenderError& e) {
    std::cerr << "sudokit cover: " << e.what() << '\n';
    return 1;
  }
  return 0;
}

}  // namespace sudokit::cli
