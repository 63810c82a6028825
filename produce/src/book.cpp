#include "sudokit/produce/book.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <tuple>

#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/book/image.hpp"
#include "sudokit/book/layout.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/text.hpp"
#include "sudokit/book/preflight.hpp"
#include "sudokit/db/daily.hpp"
#include "sudokit/db/export.hpp"
#include "sudokit/db/record.hpp"
#include "sudokit/generator/digger.hpp"
#include "sudokit/grader/step.hpp"

namespace sudokit::produce {



bool parse_book_levels(const std::string& text, std::optional<std::uint64_t> count, std::vector<db::LevelCount>& out,
                       std::string& error) {
  out.clear();
  std::vector<std::string> items;
  if (!db::parse_level_list(text, items, error)) return false;
  std::size_t with_counts = 0;
  for (const auto& item : items) {
    db::LevelCount lc;
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
    for (const auto& lc : out) sum += lc.count;  // at most a few levels of 9 digits each: no overflow
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
  db::sort_by_difficulty(names);
  std::vector<db::LevelCount> sorted;
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

namespace {

// What the store is asked for besides the levels: the filter (of the
// geometry's rows; classic without one), the pick, used puzzles and marks.
void plan_store_request(const BookCommand& c, const std::optional<std::string>& geometry, BookPlan& plan) {
  FilterOptions filter = c.filter;
  filter.level.reset();
  filter.geometry = geometry;
  plan.request.filter = plan_filter(filter);
  plan.filter = filter;
  const auto pick = db::parse_pick(c.pick);
  if (!pick) throw RequestError("--pick", "unknown --pick '" + c.pick + "' (expected oldest, random or spread)");
  plan.request.pick = *pick;
  if (c.seed && plan.request.pick != db::Pick::Random) throw RequestError("--seed", "--seed goes with --pick random");
  plan.request.seed = c.seed.value_or(0);
  plan.request.include_used = c.include_used;
  plan.mark_used = c.mark_used;
}

// The rest of plan_book for a variant book (--geometry other than classic;
// false for the classic, spelled or not): its own options, the refusal of
// those about levels and ratings, the store's request or the file's count,
// and the layout at the variant's size.
bool plan_variant_book(const BookCommand& c, BookPlan& plan) {
  book::BookOptions& o = plan.options;
  if (c.geometry) {
    try {
      o.geometry = parse_geometry(*c.geometry);
    } catch (const GeometryError& e) {
      throw RequestError("--geometry", std::string("--geometry: ") + e.what());
    }
    if (o.geometry->classic()) o.geometry = nullptr;  // the classic book, byte for byte
  }
  if (!o.geometry) {
    if (c.symbols) throw RequestError("--symbols", "--symbols goes with --geometry G (a variant book): a classic book prints 1-9");
    if (c.from_file)
      throw RequestError("--puzzles", "--puzzles FILE goes with --geometry G (a variant book); a classic book takes its "
                                      "puzzles from the store (--db), by level");
    return false;
  }
  const GeometryPtr& g = o.geometry;
  if (c.symbols) {
    const auto symbols = book::parse_symbols(*c.symbols);
    if (!symbols)
      throw RequestError("--symbols", "unknown --symbols '" + *c.symbols + "' (expected digits, letters, hex or numbers)");
    if (const std::string why = book::symbols_problem(*symbols, g->size()); !why.empty())
      throw RequestError("--symbols", "--symbols: " + why);
    o.symbols = *symbols;
  }
  // Variant puzzles have no level and no rating until issue #48: a variant
  // book is one run of puzzles, never a made-up level or rating.
  const std::string no_level = " does not go with --geometry " + g->spelling() +
                               ": variant puzzles have no level and no rating until issue #48 (unrated (variant)), "
                               "so a variant book is one run of puzzles without levels (docs/BOOKS.md, \"Variant books\")";
  const std::pair<bool, const char*> about_levels[] = {
      {c.level.has_value(), "--level"}, {c.levels.has_value(), "--levels"},
      {c.count_per_level.has_value(), "--count-per-level"}, {c.sections, "--sections"},
      {o.solutions_after_section, "--solutions section"}, {c.show_rating, "--show-rating"},
      {c.filter.min_rating.has_value(), "--min-rating"}, {c.filter.max_rating.has_value(), "--max-rating"},
      {c.filter.technique.has_value(), "--technique"}, {c.filter.hardest.has_value(), "--hardest"},
      {c.pick == "spread", "--pick spread"}};
  for (const auto& [given, name] : about_levels)
    if (given) throw RequestError(name, std::string(name) + no_level);
  if (c.from_file) {
    const std::pair<bool, const char*> store_only[] = {
        {c.mark_used, "--mark-used"}, {c.include_used, "--include-used"}, {c.pick != "oldest", "--pick"},
        {c.seed.has_value(), "--seed"}, {c.filter.clues.has_value(), "--clues"}, {c.filter.symmetry.has_value(), "--symmetry"}};
    for (const auto& [given, name] : store_only)
      if (given)
        throw RequestError(name, std::string(name) + " picks puzzles from the store; a book of --puzzles FILE holds the "
                                                     "file's puzzles in its order (--count N: the first N)");
    plan.count = c.count;
    plan.from_file = true;
  } else {
    if (!c.count) throw RequestError("--count", "--count N is required with --geometry (the store's puzzles of " + g->spelling() + ")");
    plan_store_request(c, g->spelling(), plan);
    plan.request.levels = {{g->spelling(), *c.count, g->spelling()}};
  }
  plan.levels_option = "--geometry";
  try {
    (void)book::plan_book_layout(static_cast<int>(c.count.value_or(1)), o);
  } catch (const std::invalid_argument& e) {
    // Named by the page it does not fit: the trim or the paper.
    if (c.trim) throw RequestError("--trim", "--trim " + *c.trim + ": " + e.what());
    throw RequestError(c.per_page ? "--per-page" : "--paper",
                       "--paper " + c.paper.value_or("a4") + (c.per_page ? " --per-page " + std::to_string(*c.per_page) : "") +
                           ": " + e.what());
  }
  return true;
}

// The book's puzzles, as the renderer takes them.
book::BookPuzzle book_puzzle(const db::PuzzleRecord& r, const book::BookOptions& o) {
  if (!o.geometry) return {r.puzzle, r.solution, r.level, r.er, r.id, {}, {}, {}};
  book::BookPuzzle p;
  p.id = r.id;
  p.cells = read_cells(*o.geometry, r.variant_puzzle);
  p.solution_cells = read_cells(*o.geometry, r.variant_solution);
  p.gid = r.variant_gid;
  return p;
}

}  // namespace

BookPlan plan_book(const BookCommand& c) {
  BookPlan plan;
  book::BookOptions& o = plan.options;
  // Text the font cannot print (not UTF-8, no glyph) is refused, never boxes.
  for (const auto& [text, option] : {std::pair<const std::string*, const char*>{&c.title, "--title"}, {&c.subtitle, "--subtitle"},
                                     {&c.author, "--author"}, {&c.imprint, "--imprint"}})
    if (const std::string why = book::unprintable(*text); !why.empty()) throw RequestError(option, std::string(option) + ": " + why);
  for (const auto& line : c.copyright)
    if (const std::string why = book::unprintable(line); !why.empty()) throw RequestError("--copyright", "--copyright: " + why);
  o.title = c.title;
  o.subtitle = c.subtitle;
  o.author = c.author;
  o.imprint = c.imprint;
  if (c.isbn && !valid_isbn(*c.isbn))
    throw RequestError("--isbn", "--isbn: '" + *c.isbn + "' is not an ISBN (13 digits, or 10 ending in a digit or X, "
                                 "with a check digit that matches)");
  o.copyright = c.copyright;
  o.isbn = c.isbn.value_or("");
  o.how_to_play = c.how_to_play;
  if (c.language) {
    const auto labels = book::labels_for(*c.language);
    if (!labels) throw RequestError("--language", "unknown --language '" + *c.language + "' (expected en, de, fr or es)");
    o.labels = *labels;
  }
  if (c.labels) {
    std::string error;
    const book::Labels before = o.labels;
    if (!book::read_labels(*c.labels, o.labels, error)) throw RequestError("--labels", "--labels: " + c.labels_source + ": " + error);
    // The keys the file set (a text that differs from the language's), so
    // that a text of it that does not fit is reported against the file.
    plan.labels_source = c.labels_source;
    const auto was = before.patterns();
    const auto now = o.labels.patterns();
    for (std::size_t i = 0; i < now.size(); ++i)
      if (*now[i].second != *was[i].second) plan.labels_from_file.insert(std::string(now[i].first));
    for (const auto& [name, map, old] : {std::tuple{"levels.", &o.labels.levels, &before.levels},
                                         std::tuple{"level_notes.", &o.labels.level_notes, &before.level_notes}})
      for (const auto& [level, text] : *map)
        if (const auto it = old->find(level); it == old->end() || it->second != text)
          plan.labels_from_file.insert(name + level);
  }
  if (c.language || c.labels) {  // every word must print in the book's font
    const book::Labels& w = o.labels;
    for (const auto& [key, text] : w.patterns())
      if (const std::string why = book::unprintable(*text); !why.empty())
        throw RequestError("--labels", "--labels: " + c.labels_source + ": " + std::string(key) + ": " + why);
    for (const auto* map : {&w.levels, &w.level_notes})
      for (const auto& [level, text] : *map)
        if (const std::string why = book::unprintable(text); !why.empty())
          throw RequestError("--labels", "--labels: " + c.labels_source + ": " + level + ": " + why);
  }
  plan.ipuz_dir = c.ipuz_dir;
  o.show_rating = c.show_rating;
  o.creator = c.creator;
  o.creation_date = c.creation_date;
  o.first_number = c.first_number;
  o.pad_to = c.pad_to;
  o.per_page = c.per_page.value_or(4);
  const std::string paper = c.paper.value_or("a4");
  const auto parsed_paper = book::parse_paper(paper);
  if (!parsed_paper) throw RequestError("--paper", "unknown --paper '" + paper + "' (expected a4 or letter)");
  o.paper = *parsed_paper;
  plan.paper_name = o.paper == book::Paper::A4 ? "A4" : "Letter";
  if (c.trim) {
    if (c.paper) throw RequestError("--trim", "give --paper or --trim, not both");
    std::string error;
    o.trim = book::parse_trim(*c.trim, error);
    if (!o.trim) throw RequestError("--trim", "--trim: " + error);
    if (!c.per_page) o.per_page = 0;  // chosen to fit the trim
    plan.paper_name = "trim " + *c.trim + (c.bleed ? " with bleed" : "");
  } else {
    const std::pair<bool, const char*> trim_only[] = {
        {c.bleed, "--bleed"}, {c.large_print, "--large-print"}, {c.gutter_in.has_value(), "--gutter"},
        {c.margin_in.has_value(), "--margin"}, {c.preflight, "--preflight"}};
    for (const auto& [given, name] : trim_only)
      if (given) throw RequestError(name, std::string(name) + " needs --trim SIZE");
  }
  o.bleed = c.bleed;
  o.large_print = c.large_print;
  if (o.trim) {  // a print book is checked as printers check it before it is published
    plan.preflight.emplace();
    plan.preflight->trim = o.trim;
  }
  plan.print_preflight = c.preflight;
  if (o.large_print && c.per_page)
    throw RequestError("--large-print", "--large-print prints one puzzle a page; leave --per-page out");
  if (c.gutter_in) o.gutter = *c.gutter_in * book::kInch;
  if (c.margin_in) o.outer_margin = *c.margin_in * book::kInch;
  if (c.solutions && c.no_solutions) throw RequestError("--solutions", "give --solutions or --no-solutions, not both");
  o.solutions = !c.no_solutions;
  if (c.solutions) {
    if (*c.solutions == "none") o.solutions = false;
    else if (*c.solutions == "section") o.solutions_after_section = true;
    else if (*c.solutions != "end")
      throw RequestError("--solutions", "unknown --solutions '" + *c.solutions + "' (expected end, section or none)");
  }
  o.sections = c.sections || c.count_per_level || o.solutions_after_section;
  if (o.title.empty()) throw RequestError("--title", "--title must not be empty");
  if (plan_variant_book(c, plan)) return plan;

  std::optional<std::uint64_t> count = c.count;
  if (c.count_per_level) {
    if (!c.levels || count)
      throw RequestError("--count-per-level", "--count-per-level N goes with --levels L1,L2,... (and without --count)");
    std::vector<std::string> names;
    std::string error;
    if (!db::parse_level_list(*c.levels, names, error)) throw RequestError("--levels", "--levels: " + error);
    count = *c.count_per_level * names.size();
  }
  plan_store_request(c, std::nullopt, plan);

  plan.levels_option = c.level ? "--level" : "--levels";
  std::vector<db::LevelCount>& wanted = plan.request.levels;
  if (c.level && c.levels) {
    throw RequestError("--level", "give --level or --levels, not both");
  } else if (c.level) {
    if (!count) throw RequestError("--count", "--count N is required with --level");
    wanted.push_back({*c.level, *count});
  } else if (c.levels) {
    std::string error;
    if (!parse_book_levels(*c.levels, count, wanted, error)) throw RequestError("--levels", "--levels: " + error);
  } else {
    throw RequestError("--level", "give the level: --level hard --count 60, or --levels easy,medium,hard --count 60");
  }
  std::uint64_t total = 0;
  for (const auto& w : wanted) total += w.count;  // at most a few levels of 9 digits each: no overflow
  if (total > kMaxBookPuzzles)
    throw RequestError(plan.levels_option, plan.levels_option + ": the counts add up to " + std::to_string(total) +
                                               "; a book holds at most " + std::to_string(kMaxBookPuzzles) + " puzzles");
  try {
    (void)book::plan_book_layout(static_cast<int>(total), o);
  } catch (const std::invalid_argument& e) {
    throw RequestError(c.trim ? "--trim" : "--per-page", e.what());
  }
  return plan;
}


bool valid_isbn(std::string_view isbn) {
  std::string d;
  for (const char ch : isbn) {
    if (ch == '-' || ch == ' ') continue;
    if (!(ch >= '0' && ch <= '9') && !((ch == 'X' || ch == 'x') && d.size() == 9)) return false;
    d += static_cast<char>(ch == 'x' ? 'X' : ch);
  }
  if (isbn.empty() || isbn.front() == '-' || isbn.back() == '-') return false;
  if (d.size() == 13) {
    if (d.find('X') != std::string::npos) return false;
    int sum = 0;
    for (int i = 0; i < 13; ++i) sum += (d[static_cast<std::size_t>(i)] - '0') * (i % 2 == 0 ? 1 : 3);
    return sum % 10 == 0;
  }
  if (d.size() == 10) {
    int sum = 0;
    for (int i = 0; i < 10; ++i) {
      const char ch = d[static_cast<std::size_t>(i)];
      sum += (ch == 'X' ? 10 : ch - '0') * (10 - i);
    }
    return sum % 11 == 0;
  }
  return false;
}

namespace {

// Renders `records` (in book order) as the plan says, all or nothing
// (book.hpp): the files are staged, the marks (with `store`, plan.mark_used)
// recorded uncommitted, the files moved into place, the marks committed; a
// failure anywhere undoes the rest (the marks roll back with `marks`).
// `levels`: the book's levels in order, for the how-to-play page.
BookMade render_records(const BookPlan& plan, const std::vector<db::PuzzleRecord>& records, db::PuzzleStore* store,
                        const std::vector<std::string>& levels, const book::BookFiles& files,
                        const std::atomic<bool>* stop) {
  std::vector<book::BookPuzzle> puzzles;
  for (const auto& r : records) puzzles.push_back(book_puzzle(r, plan.options));
  book::BookOptions options = plan.options;
  options.stop = stop;
  if (options.how_to_play) {
    // Each level of the book and the ratings it has here (the words for
    // what it takes come from the labels).
    for (const auto& name : levels) {
      book::BookOptions::LevelInBook l{name, std::nullopt, std::nullopt};
      for (const auto& r : records)
        if (r.level == name && r.er) {
          l.low = std::min(l.low.value_or(*r.er), *r.er);
          l.high = std::max(l.high.value_or(*r.er), *r.er);
        }
      options.levels_in_book.push_back(l);
    }
  }

  std::optional<db::PendingMarks> marks;
  std::optional<db::IpuzFiles> ipuz;  // staged into the book's set: published and undone with the PDF
  book::BookRecord record;
  if (plan.ipuz_dir)
    record.stage = [&](files::StagedFiles& set) {
      ipuz.emplace(*plan.ipuz_dir, set);
      for (const auto& r : records) ipuz->stage(r);
    };
  if (plan.mark_used && store != nullptr) {
    record.prepare = [&] { marks.emplace(*store, records, "book", options.title, plan.request.include_used); };
    record.commit = [&] { marks->commit(); };
  }
  BookMade made;
  if (plan.preflight)
    record.check = [&](const std::string& pdf) {
      book::PreflightReport report = book::preflight_pdf_data(pdf, files.pdf, *plan.preflight);
      if (!report.passed()) throw BookFailsPreflight(std::move(report));
      made.preflight = std::move(report);
    };
  try {
    made.result = book::render_book(puzzles, options, files, record);
  } catch (const book::TextDoesNotFit& e) {
    // A label of the --labels file: bad input, named by the file it is in.
    if (!plan.labels_from_file.contains(e.label())) throw;
    throw RequestError("--labels", plan.labels_source + ": label \"" + e.label() + "\": " + e.detail());
  }
  made.puzzles = puzzles.size();
  made.marked = marks ? marks->added() : 0;
  made.ipuz = ipuz ? ipuz->staged() : 0;
  return made;
}

}  // namespace

BookMade make_book(const BookPlan& plan, const std::string& db_path, const db::StoreOptions& store_options,
                   const book::BookFiles& files, const std::atomic<bool>* stop) {
  db::StoreOptions so = store_options;
  so.mode = plan.mark_used ? db::OpenMode::Write : db::OpenMode::Read;
  db::PuzzleStore store(db_path, so);
  db::BookRequest request = plan.request;
  std::vector<std::string> names;
  if (!plan.options.geometry) {  // a variant book's one entry is its geometry's rows, of no level
    for (const auto& w : plan.request.levels) names.push_back(w.level);
    db::check_levels(store, names);
    // Ascending difficulty: the level table's order.
    db::sort_by_difficulty(names);
    request.levels.clear();
    for (const auto& name : names)
      for (const auto& w : plan.request.levels)
        if (w.level == name) request.levels.push_back(w);
  }
  const std::vector<db::PuzzleRecord> records = db::pick_book_puzzles(store, request);
  return render_records(plan, records, &store, names, files, stop);
}

BookMade make_book_from_puzzles(const BookPlan& plan, const std::vector<SourcePuzzle>& puzzles,
                                const book::BookFiles& files, const std::atomic<bool>* stop) {
  const GeometryPtr& g = plan.options.geometry;
  if (!g) throw std::logic_error("make_book_from_puzzles makes variant books");
  const std::uint64_t wanted = plan.count.value_or(puzzles.size());
  const std::string source = puzzles.empty() ? std::string("--puzzles") : puzzles.front().source;
  if (puzzles.size() < wanted || wanted == 0)
    throw db::ShortageError({{source, std::max<std::uint64_t>(wanted, 1), puzzles.size(), {}, g->spelling()}});
  if (wanted > kMaxBookPuzzles)
    throw RequestError("--puzzles", source + ": " + std::to_string(wanted) + " puzzles; a book holds at most " +
                                        std::to_string(kMaxBookPuzzles) + " (--count N takes the first N)");
  std::vector<db::PuzzleRecord> records;
  std::vector<std::string> problems;
  for (std::size_t i = 0; i < wanted; ++i) {
    const SourcePuzzle& p = puzzles[i];
    std::vector<std::uint8_t> solution;
    if (const std::string why = book::undrawable(*g, p.cells, &solution); !why.empty()) {
      problems.push_back(p.source + ":" + std::to_string(p.line) + ": " + why);
      continue;
    }
    records.push_back(db::make_variant_record(g, p.cells, solution));
  }
  if (!problems.empty()) throw BadPuzzles(std::move(problems));
  return render_records(plan, records, nullptr, {}, files, stop);
}

}  // namespace sudokit::produce
