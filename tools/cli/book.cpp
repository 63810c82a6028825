// `sudokit book`: a print-ready puzzle book (PDF) from the store. Reads the
// options into a produce::BookCommand, has produce::plan_book check them and
// produce::make_book pick, render and (--mark-used) mark the puzzles, all or
// nothing (produce/book.hpp), and prints the summary.
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "options.hpp"
#include "stop.hpp"
#include "store_cli.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/book/image.hpp"
#include "sudokit/book/preflight.hpp"
#include "input.hpp"
#include "sudokit/db/daily.hpp"
#include "sudokit/db/paths.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/produce/book.hpp"

namespace sudokit::cli {

using namespace sudokit::db;

namespace {

const char* const kUsage =
    "usage: sudokit book --db FILE (--level L --count N | --levels L1,L2,... [--count N]) --out FILE.pdf\n"
    "                    [--title T] [--author A] [--imprint I] [--per-page 1|2|4|6] [--paper a4|letter] [--solutions end|section|none]\n"
    "                    [--sections] [--no-solutions]\n"
    "                    [--trim SIZE [--bleed] [--large-print] [--gutter IN] [--margin IN]]\n"
    "                    [--min-rating X] [--max-rating Y] [--clues A-B] [--symmetry S] [--technique T]\n"
    "                    [--hardest T] [--pick oldest|random|spread [--seed S]] [--count-per-level N]\n"
    "                    [--show-rating] [--mark-used] [--first-number N] [--pad-to K] [--manifest FILE]\n"
    "                    [--copyright LINE]... [--isbn ISBN] [--how-to-play] [--language en|de|fr|es]\n"
    "                    [--labels FILE] [--preflight] [--ipuz-dir DIR]\n"
    "       sudokit book (--db FILE --count N | --puzzles FILE [--count N]) --geometry G [--symbols S]\n"
    "                    --out FILE.pdf [the layout, front matter and output options above]\n"
    "Renders a print-ready puzzle book: a title page, numbered puzzles with their level under\n"
    "each grid, page numbers, and the solutions at the back in smaller grids. Puzzles are stored\n"
    "ones of each level that were never used (no daily date, no book made with --mark-used) and\n"
    "pass the filters, picked by --pick (the oldest by default); levels in ascending difficulty,\n"
    "the easiest first within a level (for easy: the most clues first, then the rating).\n"
    "With --trim the book is made for print on demand (KDP, IngramSpark, Lulu): the inside margin\n"
    "grows with the page count, margins mirror on left and right pages, the title page has a blank\n"
    "back so puzzles start on a right-hand page, the page count is even, and each page carries its\n"
    "TrimBox and BleedBox; --per-page defaults to the most puzzles whose cells stay 6.5 mm or more\n"
    "(docs/BOOKS.md).\n"
    "With --geometry G other than classic (docs/VARIANTS.md) the book is of that variant: its\n"
    "grids, its rules on the title page (and --how-to-play page), from the store's puzzles of G\n"
    "(--count N of them, --pick oldest or random, the most clues first) or from --puzzles FILE\n"
    "(one puzzle a line, its first word, in the file's order; - for stdin; each must have\n"
    "one solution, or nothing is written). Variant puzzles have no level and no rating until\n"
    "issue #48: a variant book is one run of puzzles without levels or sections, and the\n"
    "options about levels and ratings are refused. A grid whose cells would be under 6.5 mm\n"
    "on the page (a 25x25 on a small trim) is refused, naming the page and the grid's size.\n"
    "With SOURCE_DATE_EPOCH set, the PDF's creation date is that time: the same store and\n"
    "options then give a byte-identical file.\n"
    "The PDF, the manifest and the --mark-used marks are published all or nothing. An --out or\n"
    "--manifest that is the store (or its -wal, -shm, -journal) or the other output is refused.\n"
    "A print book (--trim) is checked as printers check it (`sudokit preflight`: 24 to 828 pages,\n"
    "boxes, fonts, no ink outside the safe area, line widths) before it is written: one that fails\n"
    "is not written (the report is printed; --pad-to 24 fills a short book).\n"
    "Exit status 1 when the store runs short (the missing counts and the `sudokit generate`\n"
    "commands are printed; nothing is written), a print book fails preflight or a file cannot\n"
    "be written, 2 for a usage error.";

// The numeric options, kept until we know which were given.
struct Numbers {
  double min_rating = 0, max_rating = 0, gutter_in = 0, margin_in = 0;
  std::uint64_t count = 0, count_per_level = 0, seed = 0;
  int per_page = 4;
};

/// The values of --first-number and --pad-to: read here, their range
/// checked by the library (book::check_numbering).
Accepts<int> accepts_of(book::BookOption option) {
  if (option == book::BookOption::FirstNumber) return {.lo = 1, .hi = book::kMaxFirstNumber, .checked_later = true};
  return {.lo = 0, .hi = book::kMaxPadTo, .zero = "none", .checked_later = true};
}

void declare_options(po::options_description& opts, produce::BookCommand& c, Numbers& n) {
  add_store_options(opts);
  opts.add_options()
      ("out", po::value<std::string>(), "the PDF FILE to write (required)")
      ("level", po::value<std::string>(), "the level of every puzzle (with --count)")
      ("levels", po::value<std::string>(), "several levels, easiest first in the book: easy,medium,hard (--count shared out) or easy:10,hard:20")
      ("title", po::value<std::string>()->default_value("Sudoku"), "the title on the title page and in the PDF's properties")
      ("subtitle", po::value<std::string>()->default_value(""), "a line under the title (replaces the summary line: \"60 puzzles, all Hard\")")
      ("author", po::value<std::string>()->default_value(""), "the author's name on the title page")
      ("imprint", po::value<std::string>()->default_value(""), "the publisher's name (imprint) at the foot of the title page")
      ("copyright", po::value<std::vector<std::string>>()->composing(), "a line of the copyright page (repeatable: \"Copyright (c) 2026 Jane Doe\", \"All rights reserved.\"); the page is the title page's back in a print book")
      ("isbn", po::value<std::string>(), "the book's ISBN (13 digits, or 10), printed on the copyright page; its check digit is checked")
      ("language", po::value<std::string>(), "the language of the words the book prints (Puzzle, Solutions, the level names, how to play): en (default), de, fr or es")
      ("labels", po::value<std::string>(), "a JSON FILE of the book's words, over those of --language (docs/BOOKS.md, \"Languages\")")
      ("how-to-play", "a page with the rules and what each level of the book takes (with its ratings in the book)")
      ("paper", po::value<std::string>()->default_value("a4"), "a4 or letter")
      ("trim", po::value<std::string>(), ("a print-on-demand book on this trim: a preset (" + book::trim_presets() +
                                          ") or a size such as 150x230mm or 7.5x9.25in; KDP's margins for the page count, mirrored on left and right pages").c_str())
      ("bleed", "with --trim: 0.125 in of bleed on the top, bottom and outside edge (the page grows by it)")
      ("large-print", "with --trim: one puzzle a page, digits of 28 pt or more, heavier lines")
      ("solutions", po::value<std::string>()->implicit_value("end"), "where the solutions go: end (at the back, the default), section (after each level's section) or none")
      ("no-solutions", "leave the solutions out (--solutions none)")
      ("sections", "one section per level: a contents page, a title page before each level's puzzles (implied by --count-per-level and --solutions section)")
      ("show-rating", "print each puzzle's rating (SE scale) next to its level")
      ("preflight", "with --trim: print the report of the printers' checks (`sudokit preflight`) that every print book passes before it is written")
      ("mark-used", "record the puzzles as used, so that later books and daily exports never pick them again")
      ("include-used", "also pick puzzles already used (by a daily date or a book marked used)")
      ("ipuz-dir", po::value<std::string>(), "also write each puzzle of the book as an ipuz document, DIR/GID.ipuz (created if missing; published with the book)")
      ("manifest", po::value<std::string>(), "also write the book's contents as JSON to FILE (number, id, gid, level, er, page, solution page, puzzle, solution: the record format's names)")
      ("geometry", po::value<std::string>(), "a book of this variant (docs/VARIANTS.md: x, windows, jigsaw:MAP, 6x6, 16x16, ...; default classic): one run of puzzles without levels")
      ("symbols", po::value<std::string>(), "with --geometry: how digits are printed: digits (default: 1-9 then A-P), letters (A-P for 16x16), hex (0-F) or numbers (1-16)")
      ("puzzles", po::value<std::string>(), "with --geometry: the book's puzzles from FILE (- for stdin), one a line, in its order, instead of the store")
      ("clues", po::value<std::string>(), "only A-B clues (A, A-B, A- or -B)")
      ("symmetry", po::value<std::string>(), "only puzzles whose givens have this symmetry (none, rot180, rot90, mirror, diagonal, antidiagonal, dihedral)")
      ("technique", po::value<std::string>(), "only puzzles whose solution uses technique T")
      ("hardest", po::value<std::string>(), "only puzzles whose hardest step is technique T")
      ("pick", po::value<std::string>()->default_value("oldest"), "which qualifying puzzles of a level: oldest (stored first), random (with --seed) or spread (evenly across the level's rating range)");
  add_number(opts, "min-rating", n.min_rating, {kMinRating, kMaxRating}, "only ER >= X");
  add_number(opts, "max-rating", n.max_rating, {kMinRating, kMaxRating}, "only ER <= Y");
  add_number(opts, "seed", n.seed, {}, "seed of --pick random: the same seed and store give the same puzzles", 0);
  add_number(opts, "count-per-level", n.count_per_level, {1, produce::kMaxBookPuzzles},
             "with --levels: this many puzzles of each level");
  add_number(opts, "count", n.count, {1, produce::kMaxBookPuzzles}, "number of puzzles");
  add_number(opts, "per-page", n.per_page, {.only = {1, 2, 4, 6}}, "puzzles per page", 4);
  add_number(opts, "first-number", c.first_number, accepts_of(book::BookOption::FirstNumber),
             "number of the first puzzle (volume 2 of 60-puzzle books: 61)", 1);
  add_number(opts, "gutter", n.gutter_in, {0.375, 3.0},
             "with --trim: the inside margin in inches instead of KDP's for the page count (not less than it)");
  add_number(opts, "margin", n.margin_in, {0.25, 3.0},
             "with --trim: the outside, top and bottom margins in inches (not less than 0.25, 0.375 with --bleed)");
  add_number(opts, "pad-to", c.pad_to, accepts_of(book::BookOption::PadTo),
             "add blank pages at the end up to a multiple of this many (4, 8, 16 or 32 for printers that fold sheets)", 0);
}

// The options given, as the command plan_book checks (an option left at its
// default stays unset, so the plan can tell "not given" from "given").
void read_command(const po::variables_map& vm, const Numbers& n, produce::BookCommand& c) {
  auto text = [&](const char* name) {
    return vm.count(name) && !vm[name].defaulted() ? std::optional(vm[name].as<std::string>()) : std::nullopt;
  };
  auto given = [&](const char* name) { return vm.count(name) && !vm[name].defaulted(); };
  c.title = vm["title"].as<std::string>();
  c.subtitle = vm["subtitle"].as<std::string>();
  c.author = vm["author"].as<std::string>();
  c.imprint = vm["imprint"].as<std::string>();
  if (vm.count("copyright")) c.copyright = vm["copyright"].as<std::vector<std::string>>();
  c.isbn = text("isbn");
  c.how_to_play = given("how-to-play");
  c.ipuz_dir = text("ipuz-dir");
  c.language = text("language");
  c.paper = text("paper");
  c.trim = text("trim");
  c.bleed = given("bleed");
  c.large_print = given("large-print");
  if (given("gutter")) c.gutter_in = n.gutter_in;
  if (given("margin")) c.margin_in = n.margin_in;
  if (given("per-page")) c.per_page = n.per_page;
  c.show_rating = given("show-rating");
  c.solutions = vm.count("solutions") ? std::optional(vm["solutions"].as<std::string>()) : std::nullopt;
  c.no_solutions = given("no-solutions");
  c.sections = given("sections");
  c.level = text("level");
  c.levels = text("levels");
  if (given("count")) c.count = n.count;
  if (given("count-per-level")) c.count_per_level = n.count_per_level;
  if (given("min-rating")) c.filter.min_rating = n.min_rating;
  if (given("max-rating")) c.filter.max_rating = n.max_rating;
  c.filter.clues = text("clues");
  c.filter.symmetry = text("symmetry");
  c.filter.technique = text("technique");
  c.filter.hardest = text("hardest");
  c.pick = vm["pick"].as<std::string>();
  if (given("seed")) c.seed = n.seed;
  c.mark_used = given("mark-used");
  c.preflight = given("preflight");
  c.include_used = given("include-used");
  c.creator = std::string("sudokit ") + SUDOKIT_VERSION;
  c.creation_date = book::source_date_epoch();  // reproducible builds: same store, same bytes
  c.geometry = text("geometry");
  c.symbols = text("symbols");
  c.from_file = given("puzzles");
}

// The run's outcome on stderr: the exception make_book threw (rethrown here)
// as a message, and the exit status.
int report_failure(const std::string& cmd, const std::string& path, const std::string& out_path,
                   const produce::BookPlan& plan) {
  try {
    throw;
  } catch (const LevelError& e) {
    std::cerr << "sudokit book: " << plan.levels_option << ": " << e.what() << '\n';
    return kUsageError;
  } catch (const produce::RequestError& e) {  // a label of --labels that does not fit
    std::cerr << "sudokit book: " << e.what() << "; nothing was written and no puzzle was marked used\n";
    return kUsageError;
  } catch (const book::TextDoesNotFit& e) {  // --title, --author, ...: a usage error too
    std::cerr << "sudokit book: " << e.what() << "; nothing was written and no puzzle was marked used\n";
    return kUsageError;
  } catch (const ShortageError& e) {
    if (plan.from_file) {
      const auto& s = e.shortages().front();
      std::cerr << "sudokit book: " << s.level << ": " << s.available << " puzzles, " << s.needed
                << " asked for (--count); nothing was written\n";
      return 1;
    }
    print_shortage(cmd, path, e, "nothing was written", plan.filter);
    return 1;
  } catch (const produce::BadPuzzles& e) {
    for (const auto& problem : e.problems()) std::cerr << problem << '\n';
    std::cerr << "sudokit book: " << e.problems().size() << " puzzles cannot go in the book; nothing was written\n";
    return 1;
  } catch (const AlreadyUsedError& e) {
    std::cerr << "sudokit book: " << path << ": " << e.what() << "; " << out_path << " was not written: run again\n";
    return 1;
  } catch (const StoreError& e) {
    std::cerr << "sudokit book: " << e.what() << "; nothing was written and no puzzle was marked used\n";
    return 1;
  } catch (const book::RenderInterrupted&) {
    std::cerr << "sudokit book: interrupted by " << stop_signal_name() << ": " << out_path
              << " was not written and no puzzle was marked used\n";
    return interrupted_status();
  } catch (const produce::BookFailsPreflight& e) {
    Output report;
    report.buffer() = book::format_preflight(e.report());
    report.flush();
    std::cerr << "sudokit book: " << out_path << " does not pass preflight (see above); nothing was written and no "
              << "puzzle was marked used\n";
    return 1;
  } catch (const book::PreflightError& e) {
    std::cerr << "sudokit book: " << e.what() << "; nothing was written and no puzzle was marked used\n";
    return 1;
  } catch (const book::RenderError& e) {
    std::cerr << "sudokit book: " << e.what() << "; nothing was written and no puzzle was marked used\n";
    return 1;
  }
}

}  // namespace

int run_book(const std::vector<std::string>& args) {
  po::options_description opts("options");
  produce::BookCommand c;
  Numbers n;
  declare_options(opts, c, n);
  po::variables_map vm;
  if (auto status = parse_options(args, kUsage, opts, vm, false)) return *status;
  const std::string& cmd = args[0];
  try {
    book::check_numbering(c.first_number, c.pad_to);
  } catch (const book::OptionError& e) {
    const std::string name = e.which() == book::BookOption::FirstNumber ? "first-number" : "pad-to";
    return library_refusal(cmd, vm, name, accepts_of(e.which()).describe(), e.what(), kUsage);
  }
  const bool from_file = vm.count("puzzles") != 0;
  if (from_file && vm.count("db")) {
    std::cerr << "sudokit book: give --db FILE or --puzzles FILE, not both\n";
    return kUsageError;
  }
  const auto path = from_file ? std::optional<std::string>("") : db_path(vm, cmd);
  if (!path) return kUsageError;
  if (!vm.count("out")) {
    std::cerr << "sudokit book: --out FILE.pdf is required\n";
    return kUsageError;
  }
  const std::string out_path = vm["out"].as<std::string>();
  const std::string manifest = vm.count("manifest") ? vm["manifest"].as<std::string>() : "";
  const auto ipuz = [](const std::string& name) {
    const auto target = files::staged_target_name(name);
    return name == files::kLockName || (target ? *target : name).ends_with(".ipuz");
  };
  if (files_clash(cmd, vm, from_file ? std::nullopt : path, {{"--ipuz-dir", ipuz}})) return kUsageError;
  if (vm.count("preflight") && out_path == "-") {
    std::cerr << "sudokit book: --preflight prints its report on stdout: give --out FILE.pdf, not -\n";
    return kUsageError;
  }
  if (const auto ext = book::other_format_extension(out_path)) {
    std::cerr << "sudokit book: --out " << out_path << ": a book is a PDF, not " << *ext << "; give a name ending in .pdf\n";
    return kUsageError;
  }
  read_command(vm, n, c);
  if (vm.count("labels")) {
    c.labels_source = vm["labels"].as<std::string>();
    std::string text, error;
    if (!read_source(c.labels_source, text, error)) {
      std::cerr << "sudokit book: --labels: " << c.labels_source << ": cannot read: " << error << '\n';
      return kUsageError;
    }
    c.labels = std::move(text);
  }
  produce::BookPlan plan;
  try {
    plan = produce::plan_book(c);
  } catch (const produce::RequestError& e) {
    std::cerr << "sudokit book: " << e.what() << '\n';
    return kUsageError;
  }
  std::vector<produce::SourcePuzzle> puzzles;
  if (from_file) {
    Diagnostics diag;
    for_each_variant_record({vm["puzzles"].as<std::string>()}, *plan.options.geometry, diag,
                            [&](const std::string& source, const VariantRecord& r) { puzzles.push_back({r.cells, source, r.line}); });
    if (diag.problems() != 0) {
      std::cerr << "sudokit book: " << diag.problems() << " lines of --puzzles are not puzzles of "
                << plan.options.geometry->spelling() << "; nothing was written\n";
      return 1;
    }
  } else if (!store_exists(*path, cmd)) {
    return 1;
  }
  catch_stop_signals();
  if (auto warning = book::font_warning()) std::cerr << "sudokit book: warning: " << *warning << '\n';

  try {
    const auto made = from_file ? produce::make_book_from_puzzles(plan, puzzles, {out_path, manifest}, &g_stop)
                                : produce::make_book(plan, *path, store_options(vm, OpenMode::Read, "book"),
                                                     {out_path, manifest}, &g_stop);
    std::cerr << "sudokit book: " << out_path << ": " << made.puzzles << " puzzles, " << made.result.pages << " pages ("
              << plan.paper_name << ", " << made.result.per_page << " per page"
              << (plan.options.solutions ? ", solutions from page " + std::to_string(made.result.placements[0].solution_page)
                                         : std::string(", no solutions"))
              << ")";
    if (plan.mark_used) std::cerr << "; " << made.marked << " puzzles marked used";
    if (plan.ipuz_dir) std::cerr << "; " << made.ipuz << " ipuz files in " << *plan.ipuz_dir;
    std::cerr << '\n';
    if (made.preflight && plan.print_preflight) {
      Output report;
      report.buffer() = book::format_preflight(*made.preflight);
      report.flush();
    }
  } catch (...) {
    return report_failure(cmd, db::redact_location(*path), out_path, plan);
  }
  return 0;
}

}  // namespace sudokit::cli
