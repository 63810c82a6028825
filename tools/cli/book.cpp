// `sudokit book`: a print-ready puzzle book (PDF) from the store. Reads the
// options, picks the puzzles with the db module (unused ones, levels in
// ascending difficulty, easiest first within a level), renders them with the
// book library, and with --mark-used records them as used: the PDF, the
// manifest and the marks are published all or nothing (book.hpp).
#include <iostream>
#include <optional>

#include "commands.hpp"
#include "options.hpp"
#include "stop.hpp"
#include "store_cli.hpp"
#include "sudokit/book/book.hpp"
#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/db/daily.hpp"
#include "sudokit/db/paths.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/generator/digger.hpp"

namespace sudokit::cli {

namespace {

using namespace sudokit::db;

/// The most puzzles one book holds (a 10,000-page book at one per page).
constexpr std::uint64_t kMaxBookPuzzles = 10'000;

/// "easy,medium,hard" (counts from --count, shared out evenly, easier levels
/// taking the remainder) or "easy:10,hard:20" (explicit counts).
bool parse_book_levels(const std::string& text, std::optional<std::uint64_t> count, std::vector<LevelCount>& out,
                       std::string& error) {
  out.clear();
  std::vector<std::string> items;
  if (!parse_level_list(text, items, error)) return false;
  std::size_t with_counts = 0;
  for (const auto& item : items) {
    LevelCount lc;
    const std::size_t colon = item.find(':');
    lc.level = item.substr(0, colon);
    if (colon != std::string::npos) {
      const std::string n = item.substr(colon + 1);
      if (n.empty() || n.size() > 9 || n.find_first_not_of("0123456789") != std::string::npos || std::stoul(n) == 0) {
        error = "'" + item + "': the count after ':' must be a whole number from 1";
        return false;
      }
      lc.count = std::stoul(n);
      ++with_counts;
    }
    for (const auto& seen : out)
      if (seen.level == lc.level) {
        error = "level '" + lc.level + "' is listed twice";
        return false;
      }
    out.push_back(lc);
  }
  if (with_counts != 0 && with_counts != out.size()) {
    error = "give a count for every level (easy:10,hard:20) or for none (and --count N)";
    return false;
  }
  if (with_counts != 0) {
    std::uint64_t sum = 0;
    for (const auto& lc : out) sum += lc.count;
    if (count && *count != sum) {
      error = "the counts add up to " + std::to_string(sum) + " but --count is " + std::to_string(*count);
      return false;
    }
    return true;
  }
  if (!count) {
    error = "give --count N (shared out among the levels) or a count per level (easy:10,hard:20)";
    return false;
  }
  // The remainder goes to the easier levels.
  std::vector<std::string> names;
  for (const auto& lc : out) names.push_back(lc.level);
  sort_by_difficulty(names);
  std::vector<LevelCount> sorted;
  for (const auto& name : names) sorted.push_back({name, 0});
  out = std::move(sorted);
  const std::uint64_t k = out.size();
  if (*count < k) {
    error = "--count " + std::to_string(*count) + " is less than the " + std::to_string(k) + " levels";
    return false;
  }
  for (std::size_t i = 0; i < out.size(); ++i) out[i].count = *count / k + (i < *count % k ? 1 : 0);
  return true;
}

}  // namespace

int run_book(const std::vector<std::string>& args) {
  po::options_description opts("options");
  add_store_options(opts);
  opts.add_options()
      ("out", po::value<std::string>(), "the PDF FILE to write (required)")
      ("level", po::value<std::string>(), "the level of every puzzle (with --count)")
      ("levels", po::value<std::string>(), "several levels, easiest first in the book: easy,medium,hard (--count shared out) or easy:10,hard:20")
      ("title", po::value<std::string>()->default_value("Sudoku"), "the title on the title page and in the PDF's properties")
      ("subtitle", po::value<std::string>()->default_value(""), "a line under the title")
      ("paper", po::value<std::string>()->default_value("a4"), "a4 or letter")
      ("trim", po::value<std::string>(), ("a print-on-demand book on this trim: a preset (" + book::trim_presets() +
                                          ") or a size such as 150x230mm or 7.5x9.25in; KDP's margins for the page count, mirrored on left and right pages").c_str())
      ("bleed", "with --trim: 0.125 in of bleed on the top, bottom and outside edge (the page grows by it)")
      ("large-print", "with --trim: one puzzle a page, digits of 28 pt or more, heavier lines")
      ("solutions", po::value<std::string>()->implicit_value("end"), "where the solutions go: end (at the back, the default), section (after each level's section) or none")
      ("no-solutions", "leave the solutions out (--solutions none)")
      ("sections", "one section per level: a contents page, a title page before each level's puzzles (implied by --count-per-level and --solutions section)")
      ("show-rating", "print each puzzle's rating (SE scale) next to its level")
      ("mark-used", "record the puzzles as used, so that later books and daily exports never pick them again")
      ("include-used", "also pick puzzles already used (by a daily date or a book marked used)")
      ("manifest", po::value<std::string>(), "also write the book's contents as JSON to FILE (number, id, gid, level, er, page, solution page, puzzle, solution: the record format's names)")
      ("clues", po::value<std::string>(), "only A-B clues (A, A-B, A- or -B)")
      ("symmetry", po::value<std::string>(), "only puzzles whose givens have this symmetry (none, rot180, rot90, mirror, diagonal, antidiagonal, dihedral)")
      ("technique", po::value<std::string>(), "only puzzles whose solution uses technique T")
      ("hardest", po::value<std::string>(), "only puzzles whose hardest step is technique T")
      ("pick", po::value<std::string>()->default_value("oldest"), "which qualifying puzzles of a level: oldest (stored first), random (with --seed) or spread (evenly across the level's rating range)");
  db::BookRequest request;
  double min_rating = 0, max_rating = 0;
  std::uint64_t count_per_level = 0;
  add_number(opts, "min-rating", min_rating, {kMinRating, kMaxRating}, "only ER >= X");
  add_number(opts, "max-rating", max_rating, {kMinRating, kMaxRating}, "only ER <= Y");
  add_number(opts, "seed", request.seed, {}, "seed of --pick random: the same seed and store give the same puzzles", 0);
  add_number(opts, "count-per-level", count_per_level, {1, kMaxBookPuzzles}, "with --levels: this many puzzles of each level");
  book::BookOptions options;
  std::uint64_t count_value = 0;
  add_number(opts, "count", count_value, {1, kMaxBookPuzzles}, "number of puzzles");
  add_number(opts, "per-page", options.per_page, {.only = {1, 2, 4, 6}}, "puzzles per page", 4);
  add_number(opts, "first-number", options.first_number, {1, book::kMaxFirstNumber},
             "number of the first puzzle (volume 2 of 60-puzzle books: 61)", 1);
  double gutter_in = 0, margin_in = 0;
  add_number(opts, "gutter", gutter_in, {0.375, 3.0},
             "with --trim: the inside margin in inches instead of KDP's for the page count (not less than it)");
  add_number(opts, "margin", margin_in, {0.25, 3.0},
             "with --trim: the outside, top and bottom margins in inches (not less than 0.25, 0.375 with --bleed)");
  add_number(opts, "pad-to", options.pad_to, {0, book::kMaxPadTo, "none"},
             "add blank pages at the end up to a multiple of this many (4, 8, 16 or 32 for printers that fold sheets)", 0);
  po::variables_map vm;
  const std::string usage =
      "usage: sudokit book --db FILE (--level L --count N | --levels L1,L2,... [--count N]) --out FILE.pdf\n"
      "                    [--title T] [--per-page 1|2|4|6] [--paper a4|letter] [--solutions end|section|none]\n"
      "                    [--sections] [--no-solutions]\n"
      "                    [--trim SIZE [--bleed] [--large-print] [--gutter IN] [--margin IN]]\n"
      "                    [--min-rating X] [--max-rating Y] [--clues A-B] [--symmetry S] [--technique T]\n"
      "                    [--hardest T] [--pick oldest|random|spread [--seed S]] [--count-per-level N]\n"
      "                    [--show-rating] [--mark-used] [--first-number N] [--pad-to K] [--manifest FILE]\n"
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
      "With SOURCE_DATE_EPOCH set, the PDF's creation date is that time: the same store and\n"
      "options then give a byte-identical file.\n"
      "The PDF, the manifest and the --mark-used marks are published all or nothing. An --out or\n"
      "--manifest that is the store (or its -wal, -shm, -journal) or the other output is refused.\n"
      "Exit status 1 when the store runs short (the missing counts and the `sudokit generate`\n"
      "commands are printed; nothing is written) or a file cannot be written, 2 for a usage error.";
  if (auto status = parse_options(args, usage, opts, vm, false)) return *status;
  const std::string& cmd = args[0];
  const auto path = db_path(vm, cmd);
  if (!path) return kUsageError;
  if (!vm.count("out")) {
    std::cerr << "sudokit book: --out FILE.pdf is required\n";
    return kUsageError;
  }
  const std::string out_path = vm["out"].as<std::string>();
  {
    CommandFiles files;
    files.add_database("--db", *path);
    if (output_clash(cmd, files.check_output("--out", out_path))) return kUsageError;
    if (vm.count("manifest") && output_clash(cmd, files.check_output("--manifest", vm["manifest"].as<std::string>())))
      return kUsageError;
  }

  options.title = vm["title"].as<std::string>();
  options.subtitle = vm["subtitle"].as<std::string>();
  options.show_rating = vm.count("show-rating") != 0;
  options.creator = std::string("sudokit ") + SUDOKIT_VERSION;
  options.creation_date = book::source_date_epoch();  // reproducible builds: same store, same bytes
  const auto paper = book::parse_paper(vm["paper"].as<std::string>());
  if (!paper) {
    std::cerr << "sudokit book: unknown --paper '" << vm["paper"].as<std::string>() << "' (expected a4 or letter)\n";
    return kUsageError;
  }
  options.paper = *paper;
  if (vm.count("trim")) {
    if (!vm["paper"].defaulted()) {
      std::cerr << "sudokit book: give --paper or --trim, not both\n";
      return kUsageError;
    }
    std::string trim_error;
    options.trim = book::parse_trim(vm["trim"].as<std::string>(), trim_error);
    if (!options.trim) {
      std::cerr << "sudokit book: --trim: " << trim_error << '\n';
      return kUsageError;
    }
    if (vm["per-page"].defaulted()) options.per_page = 0;  // chosen to fit the trim
  } else {
    for (const char* name : {"bleed", "large-print", "gutter", "margin"})
      if (vm.count(name) && !vm[name].defaulted()) {
        std::cerr << "sudokit book: --" << name << " needs --trim SIZE\n";
        return kUsageError;
      }
  }
  options.bleed = vm.count("bleed") != 0;
  options.large_print = vm.count("large-print") != 0;
  if (options.large_print && !vm["per-page"].defaulted()) {
    std::cerr << "sudokit book: --large-print prints one puzzle a page; leave --per-page out\n";
    return kUsageError;
  }
  if (vm.count("gutter")) options.gutter = gutter_in * book::kInch;
  if (vm.count("margin")) options.outer_margin = margin_in * book::kInch;
  if (vm.count("solutions") && vm.count("no-solutions")) {
    std::cerr << "sudokit book: give --solutions or --no-solutions, not both\n";
    return kUsageError;
  }
  options.solutions = vm.count("no-solutions") == 0;
  if (vm.count("solutions")) {
    const std::string where = vm["solutions"].as<std::string>();
    if (where == "none") options.solutions = false;
    else if (where == "section") options.solutions_after_section = true;
    else if (where != "end") {
      std::cerr << "sudokit book: unknown --solutions '" << where << "' (expected end, section or none)\n";
      return kUsageError;
    }
  }
  options.sections = vm.count("sections") || vm.count("count-per-level") || options.solutions_after_section;
  if (options.title.empty()) {
    std::cerr << "sudokit book: --title must not be empty\n";
    return kUsageError;
  }

  std::optional<std::uint64_t> count;
  if (vm.count("count")) count = count_value;
  if (vm.count("count-per-level")) {
    if (!vm.count("levels") || count) {
      std::cerr << "sudokit book: --count-per-level N goes with --levels L1,L2,... (and without --count)\n";
      return kUsageError;
    }
    std::vector<std::string> names;
    std::string list_error;
    if (!parse_level_list(vm["levels"].as<std::string>(), names, list_error)) {
      std::cerr << "sudokit book: --levels: " << list_error << '\n';
      return kUsageError;
    }
    count = count_per_level * names.size();
  }
  // Filters (as `db export`) and the pick order.
  if (vm.count("min-rating")) request.filter.min_rating = min_rating;
  if (vm.count("max-rating")) request.filter.max_rating = max_rating;
  if (request.filter.min_rating && request.filter.max_rating && *request.filter.min_rating > *request.filter.max_rating) {
    std::cerr << "sudokit book: the rating range is empty (--min-rating above --max-rating)\n";
    return kUsageError;
  }
  if (vm.count("clues") && !parse_clue_range(vm["clues"].as<std::string>(), request.filter)) {
    std::cerr << "sudokit book: --clues: expected A, A-B, A- or -B with numbers up to 81, found '"
              << vm["clues"].as<std::string>() << "'\n";
    return kUsageError;
  }
  if (!technique_option(vm, "technique", cmd, request.filter.technique) ||
      !technique_option(vm, "hardest", cmd, request.filter.hardest))
    return kUsageError;
  if (vm.count("symmetry")) {
    const std::string name = vm["symmetry"].as<std::string>();
    const auto symmetry = parse_symmetry(name);
    if (!symmetry || name == "random") {
      std::cerr << "sudokit book: unknown --symmetry '" << name
                << "' (expected none, rot180, rot90, mirror, diagonal, antidiagonal or dihedral)\n";
      return kUsageError;
    }
    request.filter.symmetry = symmetry_name(*symmetry);
  }
  const auto pick = db::parse_pick(vm["pick"].as<std::string>());
  if (!pick) {
    std::cerr << "sudokit book: unknown --pick '" << vm["pick"].as<std::string>() << "' (expected oldest, random or spread)\n";
    return kUsageError;
  }
  request.pick = *pick;
  if (!vm["seed"].defaulted() && request.pick != db::Pick::Random) {
    std::cerr << "sudokit book: --seed goes with --pick random\n";
    return kUsageError;
  }
  std::vector<LevelCount> wanted;
  std::string error;
  const char* levels_option = vm.count("level") ? "--level" : "--levels";
  if (vm.count("level") && vm.count("levels")) {
    std::cerr << "sudokit book: give --level or --levels, not both\n";
    return kUsageError;
  } else if (vm.count("level")) {
    if (!count) {
      std::cerr << "sudokit book: --count N is required with --level\n";
      return kUsageError;
    }
    wanted.push_back({vm["level"].as<std::string>(), *count});
  } else if (vm.count("levels")) {
    if (!parse_book_levels(vm["levels"].as<std::string>(), count, wanted, error)) {
      std::cerr << "sudokit book: --levels: " << error << '\n';
      return kUsageError;
    }
    std::uint64_t total = 0;
    for (const auto& w : wanted) total += w.count;  // at most a few levels of 9 digits each: no overflow
    if (total > kMaxBookPuzzles) {
      std::cerr << "sudokit book: --levels: the counts add up to " << total << "; a book holds at most "
                << kMaxBookPuzzles << " puzzles\n";
      return kUsageError;
    }
  } else {
    std::cerr << "sudokit book: give the level: --level hard --count 60, or --levels easy,medium,hard --count 60\n";
    return kUsageError;
  }
  {
    std::uint64_t total = 0;
    for (const auto& w : wanted) total += w.count;
    try {
      (void)book::plan_book_layout(static_cast<int>(total), options);
    } catch (const std::invalid_argument& e) {
      std::cerr << "sudokit book: " << e.what() << '\n';
      return kUsageError;
    }
  }
  const bool mark = vm.count("mark-used") != 0, include_used = vm.count("include-used") != 0;
  if (!store_exists(*path, cmd)) return 1;
  catch_stop_signals();
  options.stop = &g_stop;
  if (auto warning = book::font_warning()) std::cerr << "sudokit book: warning: " << *warning << '\n';

  try {
    PuzzleStore store(*path, store_options(vm, mark ? OpenMode::Write : OpenMode::Read));
    std::vector<std::string> names;
    for (const auto& w : wanted) names.push_back(w.level);
    check_levels(store, names);
    // Ascending difficulty: the level table's order.
    sort_by_difficulty(names);
    std::vector<LevelCount> ordered;
    for (const auto& name : names)
      for (const auto& w : wanted)
        if (w.level == name) ordered.push_back(w);
    request.levels = ordered;
    request.include_used = include_used;
    const std::vector<PuzzleRecord> records = pick_book_puzzles(store, request);

    std::vector<book::BookPuzzle> puzzles;
    for (const auto& r : records) puzzles.push_back({r.puzzle, r.solution, r.level, r.er, r.id});
    // All or nothing (book.hpp): the files are staged, the marks recorded
    // uncommitted, the files moved into place, the marks committed; a
    // failure anywhere undoes the rest (the marks roll back with `marks`).
    std::optional<PendingMarks> marks;
    book::BookRecord record;
    if (mark) {
      record.prepare = [&] { marks.emplace(store, records, "book", options.title, include_used); };
      record.commit = [&] { marks->commit(); };
    }
    const book::BookResult result = book::render_book(
        puzzles, options, {out_path, vm.count("manifest") ? vm["manifest"].as<std::string>() : ""}, record);
    const std::uint64_t marked = marks ? marks->added() : 0;
    const std::string paper_name = options.trim ? "trim " + vm["trim"].as<std::string>() + (options.bleed ? " with bleed" : "")
                                                : options.paper == book::Paper::A4 ? "A4" : "Letter";
    std::cerr << "sudokit book: " << out_path << ": " << puzzles.size() << " puzzles, " << result.pages << " pages ("
              << paper_name << ", " << result.per_page << " per page"
              << (options.solutions ? ", solutions from page " + std::to_string(result.placements[0].solution_page)
                                    : std::string(", no solutions"))
              << ")";
    if (mark) std::cerr << "; " << marked << " puzzles marked used";
    std::cerr << '\n';
  } catch (const LevelError& e) {
    std::cerr << "sudokit book: " << levels_option << ": " << e.what() << '\n';
    return kUsageError;
  } catch (const ShortageError& e) {
    print_shortage(cmd, *path, e, "nothing was written");
    return 1;
  } catch (const AlreadyUsedError& e) {
    std::cerr << "sudokit book: " << *path << ": " << e.what() << "; " << out_path << " was not written: run again\n";
    return 1;
  } catch (const StoreError& e) {
    std::cerr << "sudokit book: " << e.what() << "; nothing was written and no puzzle was marked used\n";
    return 1;
  } catch (const book::RenderInterrupted&) {
    std::cerr << "sudokit book: interrupted by " << stop_signal_name() << ": " << out_path
              << " was not written and no puzzle was marked used\n";
    return interrupted_status();
  } catch (const book::RenderError& e) {
    std::cerr << "sudokit book: " << e.what() << "; nothing was written and no puzzle was marked used\n";
    return 1;
  }
  return 0;
}

}  // namespace sudokit::cli
