// Import (see import.hpp). Three stages:
//   1. the calling thread reads records from the text or stream (through
//      the solver module's LineReader: one line at a time), in blocks (small
//      ones when grading, so that a stop request finds little work half
//      done), with one RecordSource per layout;
//   2. worker threads (the ordered pool) check each puzzle (rules, exactly one solution), compute
//      its canonical form and, when asked, grade it: the costly part;
//   3. the calling thread hands finished blocks to the store in input order,
//      reporting rejected records as it meets them, so problems come out in
//      line order and the row ids follow the file.
// At most kBlocksPerThread blocks per worker are in flight (a few MB), which
// bounds the memory whatever the size of the file, yet lets the workers keep
// going while the calling thread waits for a commit.
#include "sudokit/db/import.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <memory>
#include <optional>
#include <thread>

#include "sudokit/pool/ordered_pool.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/record_rating.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

constexpr std::size_t kBlockSize = 256;       // records per block without grading (~5 ms of work)
constexpr std::size_t kGradedBlockSize = 16;  // with grading (also ~5 ms on typical puzzles)
constexpr std::size_t kBlocksPerThread = 64;  // lets workers run ahead while a batch commits

// One record on its way to the store.
struct Item {
  std::size_t line = 0;
  PuzzleRecord record;
  bool carries_grade = false;       // the source gave ratings (CSV, not regraded)
  std::optional<Grid> solution;     // the source's solution, to check
  std::string error;                // non-empty: rejected, with this reason
};

bool is_hex(std::string_view s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

// Splits on runs of blanks (the bank layout).
std::vector<std::string_view> split_blanks(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

class RecordSource {
 public:
  virtual ~RecordSource() = default;
  /// Fills `item` (line, puzzle and carried columns, or error); false at the end.
  virtual bool next(Item& item) = 0;
  /// The line reader underneath: lines read so far, read error.
  virtual LineReader& lines() = 0;
};

// The next line with content (not blank, not a comment), or a line too long
// (then `item` holds the error); false at the end.
bool next_content_line(LineReader& lines, std::string_view& line, Item& item) {
  for (;;) {
    switch (lines.next(line)) {
      case LineStatus::End:
        return false;
      case LineStatus::TooLong:
        item.line = lines.number();
        item.error = line_too_long_message(lines.max_line());
        return true;
      case LineStatus::Line:
        if (!trim(line).empty() && trim(line).front() != '#') return true;
    }
  }
}

// --- line: the solver module's reader, every layout the other commands take.
class LineSource final : public RecordSource {
 public:
  explicit LineSource(LineReader lines) : reader_(std::move(lines)) {}
  LineReader& lines() override { return reader_.lines(); }
  bool next(Item& item) override {
    TextRecord rec;
    ParseError err;
    switch (reader_.next(rec, err)) {
      case ReadStatus::End:
        return false;
      case ReadStatus::Error:
        item.line = err.line;
        item.error = err.message;
        return true;
      case ReadStatus::Record:
        break;
    }
    item.line = rec.line;
    item.record.puzzle = rec.grid;
    std::optional<double> rating;  // "puzzle rating", "puzzle solution ER/EP/ED ...": record_rating.hpp
    if (record_rating(rec.fields, rating, item.error)) item.record.source_rating = rating;
    return true;
  }

 private:
  PuzzleReader reader_;
};

// --- bank: "hash puzzle rating", strictly.
class BankSource final : public RecordSource {
 public:
  explicit BankSource(LineReader lines) : lines_(std::move(lines)) {}
  LineReader& lines() override { return lines_; }
  bool next(Item& item) override {
    std::string_view raw;
    if (!next_content_line(lines_, raw, item)) return false;
    if (!item.error.empty()) return true;
    raw = trim(raw);
    item.line = lines_.number();
    const auto f = split_blanks(raw);
    if (f.size() != 3) {
      item.error = "expected 3 fields (hash puzzle rating), found " + std::to_string(f.size());
      return true;
    }
    if (f[0].size() != 12 || !is_hex(f[0])) {
      item.error = "expected a 12-character hex hash, found '" + std::string(f[0].substr(0, 20)) + "'";
      return true;
    }
    ParseError err;
    if (!parse_puzzle(f[1], item.record.puzzle, err)) {
      item.error = err.message + " of the puzzle field";
      return true;
    }
    double rating = 0;
    if (!parse_rating(f[2], rating, item.error)) return true;
    item.record.source_rating = rating;
    return true;
  }

 private:
  LineReader lines_;
};

// --- csv: a header naming the columns, then rows.
class CsvSource final : public RecordSource {
 public:
  explicit CsvSource(LineReader lines, bool carry_grades) : lines_(std::move(lines)), carry_grades_(carry_grades) {}
  LineReader& lines() override { return lines_; }

  bool next(Item& item) override {
    std::string_view raw;
    if (!next_content_line(lines_, raw, item)) return false;
    if (!item.error.empty()) return true;
    if (!have_header_) {
      read_header(raw);
      return next(item);
    }
    item.line = lines_.number();
    if (!split(raw)) {
      item.error = "unterminated quoted field";
      return true;
    }
    auto field = [&](int col) -> std::string_view {
      return col >= 0 && static_cast<std::size_t>(col) < fields_.size() ? trim(fields_[static_cast<std::size_t>(col)])
                                                                          : std::string_view{};
    };
    if (static_cast<std::size_t>(puzzle_col_) >= fields_.size()) {
      item.error = "no puzzle column in this row (" + std::to_string(fields_.size()) + " fields)";
      return true;
    }
    ParseError err;
    if (!parse_puzzle(field(puzzle_col_), item.record.puzzle, err)) {
      item.error = err.message;
      return true;
    }
    PuzzleRecord& r = item.record;
    std::string bad;  // the first column that does not parse
    auto text = [&](int col, std::string& out) {
      if (col >= 0) out = field(col);
    };
    auto number = [&](int col, auto& out, const char* name) {
      const std::string_view v = field(col);
      if (col < 0 || v.empty()) return;
      typename std::remove_reference_t<decltype(out)>::value_type x{};
      if (parse_number(v, x)) out = x;
      else if (bad.empty()) bad = std::string("bad ") + name + " '" + std::string(v.substr(0, 30)) + "'";
    };
    // Rating columns: present means a rating (parse_rating), as in every layout.
    auto rating = [&](int col, std::optional<double>& out, const char* name) {
      const std::string_view v = field(col);
      if (col < 0 || v.empty()) return;
      double x = 0;
      std::string why;
      if (parse_rating(v, x, why)) out = x;
      else if (bad.empty()) bad = std::string(name) + ": " + why;
    };
    if (solution_col_ >= 0 && !field(solution_col_).empty()) {
      Grid s;
      if (parse_puzzle(field(solution_col_), s, err)) item.solution = s;
      else bad = "bad solution: " + err.message;
    }
    text(symmetry_col_, r.symmetry);
    auto flag = [&](int col, std::optional<bool>& out, const char* name) {
      const std::string_view v = field(col);
      if (col < 0 || v.empty()) return;
      if (v == "1" || v == "true") out = true;
      else if (v == "0" || v == "false") out = false;
      else if (bad.empty()) bad = std::string("bad ") + name + " '" + std::string(v.substr(0, 30)) + "' (expected 0 or 1)";
    };
    flag(minimal_col_, r.minimal, "minimal");
    flag(symmetric_minimal_col_, r.symmetric_minimal, "symmetric_minimal");
    text(method_col_, r.method);
    number(seed_col_, r.seed, "seed");
    number(index_col_, r.index, "seed_index");
    rating(source_rating_col_, r.source_rating, "source rating");
    text(created_col_, r.created_at);
    number(search_moves_col_, r.search_moves, "search_moves");
    text(dig_order_col_, r.dig_order);
    text(origin_col_, r.origin);
    if (carry_grades_ && er_col_ >= 0 && !field(er_col_).empty()) {
      rating(er_col_, r.er, "er");
      rating(ep_col_, r.ep, "ep");
      rating(ed_col_, r.ed, "ed");
      text(level_col_, r.level);
      text(hardest_col_, r.hardest);
      text(histogram_col_, r.histogram);
      text(path_col_, r.path);
      item.carries_grade = true;
    }
    if (!bad.empty()) item.error = bad;
    return true;
  }

 private:
  void read_header(std::string_view header) {
    have_header_ = true;
    const std::size_t commas = std::count(header.begin(), header.end(), ',');
    const std::size_t tabs = std::count(header.begin(), header.end(), '\t');
    const std::size_t semis = std::count(header.begin(), header.end(), ';');
    delimiter_ = tabs > commas && tabs >= semis ? '\t' : semis > commas ? ';' : ',';
    split(header);
    int first = -1;
    for (std::size_t i = 0; i < fields_.size(); ++i) {
      std::string name(trim(fields_[i]));
      for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      const int col = static_cast<int>(i);
      if (first < 0) first = col;
      auto set = [&](int& slot) {
        if (slot < 0) slot = col;
      };
      if (name == "puzzle" || name == "quizzes" || name == "quiz") set(puzzle_col_);
      else if (name == "solution" || name == "solutions") set(solution_col_);
      else if (name == "symmetry") set(symmetry_col_);
      else if (name == "minimal") set(minimal_col_);
      else if (name == "method") set(method_col_);
      else if (name == "seed") set(seed_col_);
      else if (name == "seed_index") set(index_col_);
      else if (name == "er") set(er_col_);
      else if (name == "ep") set(ep_col_);
      else if (name == "ed") set(ed_col_);
      else if (name == "level") set(level_col_);
      else if (name == "hardest") set(hardest_col_);
      else if (name == "histogram") set(histogram_col_);
      else if (name == "source_rating" || name == "rating" || name == "bank_rating") set(source_rating_col_);
      else if (name == "created_at") set(created_col_);
      else if (name == "search_moves") set(search_moves_col_);
      else if (name == "dig_order") set(dig_order_col_);
      else if (name == "origin") set(origin_col_);
      else if (name == "path") set(path_col_);
      else if (name == "symmetric_minimal") set(symmetric_minimal_col_);
    }
    if (puzzle_col_ < 0) puzzle_col_ = std::max(first, 0);
  }

  // RFC 4180 fields of one line; false for an unterminated quote.
  bool split(std::string_view line) {
    fields_.clear();
    std::size_t i = 0;
    for (;;) {
      std::string field;
      if (i < line.size() && line[i] == '"') {
        ++i;
        for (;;) {
          if (i >= line.size()) return false;
          if (line[i] == '"') {
            if (i + 1 < line.size() && line[i + 1] == '"') {
              field += '"';
              i += 2;
              continue;
            }
            ++i;
            break;
          }
          field += line[i++];
        }
        while (i < line.size() && line[i] != delimiter_) field += line[i++];  // text after the quote, kept
      } else {
        const std::size_t end = std::min(line.find(delimiter_, i), line.size());
        field.assign(line.substr(i, end - i));
        i = end;
      }
      fields_.push_back(std::move(field));
      if (i >= line.size()) return true;
      ++i;  // the delimiter
    }
  }

  LineReader lines_;
  bool carry_grades_;
  bool have_header_ = false;
  char delimiter_ = ',';
  std::vector<std::string> fields_;
  int puzzle_col_ = -1, solution_col_ = -1, symmetry_col_ = -1, minimal_col_ = -1, method_col_ = -1,
      seed_col_ = -1, index_col_ = -1, er_col_ = -1, ep_col_ = -1, ed_col_ = -1, level_col_ = -1,
      hardest_col_ = -1, histogram_col_ = -1, source_rating_col_ = -1, created_col_ = -1, search_moves_col_ = -1, dig_order_col_ = -1, path_col_ = -1,
      symmetric_minimal_col_ = -1, origin_col_ = -1;
};

// Stage 2 for one item: everything the store needs, or the reason to reject.
class Checker {
 public:
  explicit Checker(const ImportOptions& options) : options_(options) {}

  void check(Item& item) {
    if (!item.error.empty()) return;
    PuzzleRecord& r = item.record;
    // The solver is safe on any givens; only a puzzle without solutions needs
    // the rule check, to say which rule its givens break.
    const SolveResult solved = solve(r.puzzle, 2);
    if (solved.count == 0) {
      if (auto conflict = find_conflict(r.puzzle)) item.error = "givens break the rules: " + conflict->message();
      else item.error = "puzzle has no solution";
      return;
    }
    if (solved.count > 1) {
      item.error = "puzzle has several solutions";
      return;
    }
    if (item.solution && *item.solution != solved.solution) {
      item.error = "the solution column is not the puzzle's solution";
      return;
    }
    r.solution = solved.solution;
    r.canonical = canonical_form(r.puzzle);
    r.clues = r.puzzle.clue_count();
    if (r.method.empty()) r.method = options_.method;
    if (options_.make_rater) {
      if (!rate_) rate_ = options_.make_rater();
      rate_(r);
    }
  }

 private:
  const ImportOptions& options_;
  ImportRater rate_;
};

struct Block {
  std::vector<Item> items = std::vector<Item>(kBlockSize);
  std::size_t size = 0;
};

// The layout `auto` picks from the first line with content.
ImportFormat detect_from_line(std::string_view line) {
  line = trim(line);
  const auto f = split_blanks(line);
  if (f.size() >= 2 && f[0].size() == 12 && is_hex(f[0]) && f[1].size() == 81) return ImportFormat::Bank;
  const std::size_t first_field = line.find_first_of(",;\t ");
  if (is_header_line(line) && std::min(first_field, line.size()) != 81) return ImportFormat::Csv;
  return ImportFormat::Line;
}

// `auto` looks at the first line with content and gives it back to the reader.
ImportFormat detect_format(LineReader& lines) {
  std::string_view line;
  for (;;) {
    const LineStatus status = lines.next(line);
    if (status == LineStatus::End) return ImportFormat::Line;
    if (status == LineStatus::Line && (trim(line).empty() || trim(line).front() == '#')) continue;
    const ImportFormat format = status == LineStatus::Line ? detect_from_line(line) : ImportFormat::Line;
    lines.unread();
    return format;
  }
}

std::unique_ptr<RecordSource> make_source(ImportFormat format, LineReader lines, const ImportOptions& options) {
  if (format == ImportFormat::Auto) format = detect_format(lines);
  switch (format) {
    case ImportFormat::Csv:
      return std::make_unique<CsvSource>(std::move(lines), !options.make_rater);
    case ImportFormat::Bank:
      return std::make_unique<BankSource>(std::move(lines));
    default:
      return std::make_unique<LineSource>(std::move(lines));
  }
}

}  // namespace

ImportCounts& ImportCounts::operator+=(const ImportCounts& o) {
  lines += o.lines;
  records += o.records;
  imported += o.imported;
  duplicates += o.duplicates;
  rejected += o.rejected;
  interrupted = interrupted || o.interrupted;
  return *this;
}

std::optional<ImportFormat> parse_import_format(std::string_view name) {
  if (name == "auto") return ImportFormat::Auto;
  if (name == "line") return ImportFormat::Line;
  if (name == "csv") return ImportFormat::Csv;
  if (name == "bank") return ImportFormat::Bank;
  return std::nullopt;
}

ImportFormat detect_import_format(std::string_view text) {
  LineReader lines(text);
  return detect_format(lines);
}

ImportCounts import_text(PuzzleStore& store, std::string_view text, const ImportOptions& options,
                         const ImportProblemSink& on_problem) {
  return import_lines(store, LineReader(text), options, on_problem);
}

ImportCounts import_lines(PuzzleStore& store, LineReader lines, const ImportOptions& options,
                          const ImportProblemSink& on_problem) {
  ImportCounts counts;
  const std::uint64_t stored_before = store.stored(), duplicates_before = store.duplicates();
  auto stopped = [&] { return options.stop != nullptr && options.stop->load(std::memory_order_relaxed); };

  // With one thread this one does everything. Otherwise N workers check
  // (and grade) while this one reads and stores; it spends much of its time
  // waiting for commits and checkpoints, so it is not counted (measured on 2
  // cores without grading: 2 workers ~80,000 lines/s, 1 worker ~70,000).
  const unsigned threads = options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  const unsigned worker_count = threads == 1 ? 0 : threads;
  const std::size_t block_size = options.make_rater ? kGradedBlockSize : kBlockSize;
  auto source = make_source(options.format, std::move(lines), options);
  std::uint64_t last_line = 0;  // of the last record handed on, for the rate of a stopped import
  std::uint64_t handed_on = 0;  // records stored or rejected so far (progress)
  {
    // The blocks outlive the workers (declared first, destroyed last): a
    // worker may still be checking one when the import stops.
    std::vector<std::unique_ptr<Block>> blocks;
    std::vector<Block*> free_blocks;
    // Without workers, one block at a time: reading ahead would only delay storing.
    for (std::size_t i = 0; i < (worker_count == 0 ? 1 : kBlocksPerThread * worker_count); ++i) {
      blocks.push_back(std::make_unique<Block>());
      free_blocks.push_back(blocks.back().get());
    }
    // Stage 2 on the ordered pool: each worker with its own checker (made
    // on its thread); a stop request ends the block being checked early.
    std::vector<std::unique_ptr<Checker>> checkers(std::max(1u, worker_count));
    pool::OrderedPool<Block*, Block*> workers(
        worker_count, blocks.size(), [&](unsigned w, Block*& b, const std::atomic<bool>& abort) {
          if (!checkers[w]) checkers[w] = std::make_unique<Checker>(options);
          for (std::size_t i = 0; i < b->size && !abort.load(std::memory_order_relaxed); ++i) checkers[w]->check(b->items[i]);
          return b;
        });
    bool end_of_text = false;
    for (;;) {
      // Stage 1: read blocks while there is room.
      while (!end_of_text && !free_blocks.empty() && !stopped()) {
        Block* b = free_blocks.back();
        free_blocks.pop_back();
        b->size = 0;
        while (b->size < block_size) {
          Item& item = b->items[b->size];
          item = Item{};
          if (!source->next(item)) {
            end_of_text = true;
            break;
          }
          ++b->size;
        }
        counts.records += b->size;
        if (b->size == 0) {
          free_blocks.push_back(b);
          break;
        }
        workers.submit(b);
      }
      if (workers.empty()) break;
      // Stage 3: the oldest block, in order, once checked. After a stop
      // request no block is read any more, but those already checked are
      // still stored: the work done is not thrown away.
      std::optional<Block*> taken;
      while (!(taken = workers.take(std::chrono::milliseconds(50))) && !stopped()) store.flush_if_due();
      if (!taken) break;  // stopped while this block is still being checked
      Block* b = *taken;
      for (std::size_t i = 0; i < b->size; ++i) {
        Item& item = b->items[i];
        last_line = item.line;
        if (!item.error.empty()) {
          ++counts.rejected;
          if (on_problem) on_problem(item.line, item.error);
          continue;
        }
        store.insert(std::move(item.record));
      }
      free_blocks.push_back(b);
      handed_on += b->size;
      if (options.progress) options.progress(handed_on);
    }
    // Stopped unless every record was read and handed on and no stop was
    // asked: a stream that is stopped may end as if it had no more input
    // (the CLI's sources do, so that a pipe or /dev/zero is not read on).
    counts.interrupted = !(end_of_text && workers.empty()) || stopped();
  }  // workers stop here, before the final commit
  store.flush();
  if (!counts.interrupted) {  // count the lines no record was read from (after a batch file's "end")
    std::string_view rest;
    while (source->lines().next(rest) != LineStatus::End) {
    }
  }
  counts.lines = counts.interrupted ? last_line : source->lines().number();
  if (!counts.interrupted && !source->lines().read_error().empty()) {
    ++counts.rejected;  // the rest of the input, unread
    if (on_problem) on_problem(source->lines().number() + 1, "cannot read: " + source->lines().read_error());
  }
  counts.imported = store.stored() - stored_before;
  counts.duplicates = store.duplicates() - duplicates_before;
  return counts;
}

ImportRun import_inputs(PuzzleStore& store, const std::vector<ImportInput>& inputs, const ImportOptions& options,
                        const ImportInputProblemSink& on_problem) {
  ImportRun run;
  ImportOptions each = options;
  std::uint64_t records_before = 0;  // of the inputs before this one
  if (options.progress)
    each.progress = [&](std::uint64_t records) { options.progress(records_before + records); };
  auto problem = [&](const std::string& label, std::size_t line, const std::string& reason) {
    ++run.problems;
    if (on_problem) on_problem(label, line, reason);
  };
  const std::atomic<bool>* stop = options.stop;
  try {
    for (const ImportInput& input : inputs) {
      std::string error;
      ByteSource source;
      if (!input.open(source, error)) {
        problem(input.label, 0, "cannot read: " + error);
        continue;
      }
      ByteSource stoppable = [&source, stop](char* buffer, std::size_t size, std::string& err) -> long {
        return stop != nullptr && stop->load() ? 0 : source(buffer, size, err);
      };
      run.counts += import_lines(store, LineReader(std::move(stoppable)), each,
                                 [&](std::size_t line, const std::string& reason) { problem(input.label, line, reason); });
      records_before = run.counts.records;
      if (run.counts.interrupted) break;
    }
  } catch (const StoreError& e) {
    run.store_error = e.what();
    run.lost = store.discard();
    run.counts.imported = store.stored();  // committed: the failed input's counts come from the store
    run.counts.duplicates = store.duplicates();
    run.counts.rejected = run.problems;
  }
  return run;
}

}  // namespace sudokit::db
