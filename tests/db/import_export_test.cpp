// Import and export on real files: every layout (line, CSV, puzzle bank),
// malformed records reported with their line numbers while the good ones
// (and everything stored before) are kept, grading on import, the
// export -> import round trip, filters, seeded random order, and stats.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdio>
#include <functional>
#include <nlohmann/json.hpp>

#include "db_test_util.hpp"
#include "../trickle.hpp"
#include "sudokit/db/export.hpp"
#include "sudokit/db/import.hpp"
#include "sudokit/db/record_format.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/global_id.hpp"

namespace sudokit::db {
namespace {

using test::Raw;
using test::TempDir;
using test::export_to_string;

struct Problem {
  std::size_t line;
  std::string reason;
};

ImportCounts import(PuzzleStore& store, const std::string& text, ImportOptions options,
                    std::vector<Problem>* problems = nullptr) {
  return import_text(store, text, options, [&](std::size_t line, const std::string& reason) {
    if (problems != nullptr) problems->push_back({line, reason});
  });
}

ImportOptions no_grade(ImportFormat format = ImportFormat::Auto) {
  ImportOptions o;
  o.format = format;
  return o;
}

std::vector<PuzzleRecord> rows(PuzzleStore& store, const PuzzleFilter& filter = {}) {
  std::vector<PuzzleRecord> out;
  store.for_each(filter, [&](const PuzzleRecord& r) {
    out.push_back(r);
    return true;
  });
  return out;
}

/// The puzzles as import reads them and line export writes them: one 81-character line each.
std::string line_text_of(const std::vector<Grid>& puzzles) {
  std::string text;
  for (const Grid& g : puzzles) text += format_line(g) + "\n";
  return text;
}

TEST(DbImport, DetectsTheLayout) {
  const std::string p(81, '.');
  EXPECT_EQ(detect_import_format(p + "\n"), ImportFormat::Line);
  EXPECT_EQ(detect_import_format("# comment\n" + p + " 7.2\n"), ImportFormat::Line);
  EXPECT_EQ(detect_import_format("puzzle,solution\n" + p + ",\n"), ImportFormat::Csv);
  EXPECT_EQ(detect_import_format("puzzle\tse_er\n"), ImportFormat::Csv);
  EXPECT_EQ(detect_import_format("0000183b305c " + std::string(81, '0') + "  1.2\n"), ImportFormat::Bank);
  EXPECT_EQ(parse_import_format("bank"), ImportFormat::Bank);
  EXPECT_FALSE(parse_import_format("xml"));
}

TEST(DbImport, ReportsMalformedLinesByNumberAndKeepsEverythingElse) {
  TempDir dir;
  PuzzleStore store(dir.file("bad.db"));
  const auto good = test::load_puzzles("puzzles_top95.txt", 6);
  // Some rows stored before the bad file: they must survive it.
  EXPECT_EQ(import(store, line_text_of({good[0], good[1]}), no_grade()).imported, 2u);

  std::string bad_givens = format_line(good[3]);
  bad_givens[bad_givens.find('.')] = bad_givens[bad_givens.find_first_of("123456789")];  // a repeated digit in row 1
  std::string several = format_line(test::load_puzzles("puzzles_17clue.txt", 1)[0]);
  several[several.find_first_of("123456789")] = '.';  // a 17-clue puzzle less one given
  const std::string text = format_line(good[2]) + "\n" +      // 1 good
                           "12345\n" +                         // 2 too short
                           std::string(80, '.') + "x\n" +      // 3 bad character
                           "\n" +                               // 4 blank: ignored
                           bad_givens + "\n" +                  // 5 rule broken
                           several + "\n" +                     // 6 not unique
                           format_line(good[0]) + "\n";         // 7 already stored: duplicate
  std::vector<Problem> problems;
  const ImportCounts c = import(store, text, no_grade(), &problems);
  ASSERT_EQ(problems.size(), 4u);
  EXPECT_EQ(problems[0].line, 2u);
  EXPECT_NE(problems[0].reason.find("expected"), std::string::npos) << problems[0].reason;
  EXPECT_EQ(problems[1].line, 3u);
  EXPECT_NE(problems[1].reason.find("invalid character 'x' at column 81"), std::string::npos) << problems[1].reason;
  EXPECT_EQ(problems[2].line, 5u);
  EXPECT_NE(problems[2].reason.find("givens break the rules: digit"), std::string::npos) << problems[2].reason;
  EXPECT_EQ(problems[3].line, 6u);
  EXPECT_EQ(problems[3].reason, "puzzle has several solutions");
  EXPECT_EQ(c.rejected, problems.size());
  EXPECT_EQ(c.duplicates, 1u);
  EXPECT_EQ(c.imported, 1u);
  EXPECT_EQ(c.lines, 7u);
  EXPECT_EQ(store.count(), 3u);

  // Consistent givens with no solution (r1c9 has no candidate), and none at all.
  std::string dead(81, '.');
  dead.replace(0, 8, "12345678");
  dead[4 * 9 + 8] = '9';
  problems.clear();
  import(store, dead + "\n" + std::string(81, '.') + "\n", no_grade(), &problems);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].reason, "puzzle has no solution");
  EXPECT_EQ(problems[1].reason, "puzzle has several solutions");
  EXPECT_EQ(store.count(), 3u);
}

TEST(DbImport, ReadsThePuzzleBankLayoutAndKeepsItsRating) {
  TempDir dir;
  PuzzleStore store(dir.file("bank.db"));
  const auto p = test::load_puzzles("puzzles_top95.txt", 2);
  auto zeros = [](const Grid& g) {
    std::string s = format_line(g);
    for (char& c : s)
      if (c == '.') c = '0';
    return s;
  };
  const std::string text = "0000183b305c " + zeros(p[0]) + "  7.2\n" +   // 1
                           "00001fe7a2e1 " + zeros(p[1]) + " 10.5\n" +   // 2
                           "zz00183b305c " + zeros(p[0]) + "  7.2\n" +   // 3 bad hash
                           "0000183b305c " + zeros(p[0]) + "  high\n" +  // 4 bad rating
                           "0000183b305c " + zeros(p[0]) + "\n";         // 5 missing rating
  std::vector<Problem> problems;
  const ImportCounts c = import(store, text, no_grade(ImportFormat::Bank), &problems);
  EXPECT_EQ(c.imported, 2u);
  ASSERT_EQ(problems.size(), 3u);
  EXPECT_EQ(problems[0].line, 3u);
  EXPECT_NE(problems[0].reason.find("12-character hex hash"), std::string::npos);
  EXPECT_EQ(problems[1].line, 4u);
  EXPECT_EQ(problems[1].reason, "rating 'high' is not a number from 0 to 20");
  EXPECT_EQ(problems[2].line, 5u);
  EXPECT_NE(problems[2].reason.find("expected 3 fields"), std::string::npos);
  const auto back = rows(store);
  ASSERT_EQ(back.size(), 2u);
  EXPECT_EQ(back[0].puzzle, p[0]);
  EXPECT_EQ(back[0].source_rating, 7.2);
  EXPECT_EQ(back[1].source_rating, 10.5);
  EXPECT_EQ(back[0].method, "import");
  EXPECT_FALSE(back[0].graded());
  EXPECT_EQ(back[0].canonical, canonical_form(p[0]));
  // Auto-detection picks the same layout.
  PuzzleStore other(dir.file("bank2.db"));
  EXPECT_EQ(import(other, text, no_grade()).imported, 2u);
}

// One rule for a rating field in every layout: present means a finite
// number from 0 to 20 (sudokit::parse_rating), else the record is rejected
// with `line: rating '...' is not a number from 0 to 20`. Before, the line
// layout stored "abc" and "1e999" as NULL and "-5" as -5 without a word, the
// bank layout took "nan" and "-5", and CSV took "nan", "inf" and "-5".
TEST(DbImport, EveryLayoutRejectsARatingFieldThatIsNotARating) {
  const auto p = test::load_puzzles("puzzles_top95.txt", 2);
  const std::string good = format_line(p[0]), other = format_line(p[1]);
  const std::string solution = format_line(solve(p[0], 2).solution);
  auto zeros = [](std::string s) {
    for (char& c : s)
      if (c == '.') c = '0';
    return s;
  };
  const std::vector<std::string> bad = {"abc", "1e999", "-5", "nan", "inf", "20.5", "7.2/x/1.2"};
  struct Layout {
    const char* name;
    ImportFormat format;
    std::string header;
    std::function<std::string(const std::string& puzzle, const std::string& rating)> row;
  };
  const std::vector<Layout> layouts = {
      {"line", ImportFormat::Line, "", [](const auto& q, const auto& r) { return q + " " + r + "\n"; }},
      {"line, after a solution", ImportFormat::Line, "",
       [&](const auto& q, const auto& r) { return q + " " + solution + " " + r + "\n"; }},
      {"line, comma", ImportFormat::Line, "", [](const auto& q, const auto& r) { return q + "," + r + "\n"; }},
      {"bank", ImportFormat::Bank, "", [&](const auto& q, const auto& r) { return "0000183b305c " + zeros(q) + " " + r + "\n"; }},
      {"csv rating", ImportFormat::Csv, "puzzle,rating\n", [](const auto& q, const auto& r) { return q + "," + r + "\n"; }},
      {"csv er", ImportFormat::Csv, "puzzle,er,ep,ed\n", [](const auto& q, const auto& r) { return q + "," + r + ",1.2,1.2\n"; }},
  };
  for (const Layout& layout : layouts) {
    SCOPED_TRACE(layout.name);
    for (const std::string& rating : bad) {
      if (layout.format != ImportFormat::Line && rating.find('/') != std::string::npos) continue;
      SCOPED_TRACE(rating);
      TempDir dir;
      PuzzleStore store(dir.file("r.db"));
      const std::string text = layout.header + layout.row(good, rating) + layout.row(other, "7.2");
      std::vector<Problem> problems;
      const ImportCounts c = import(store, text, no_grade(layout.format), &problems);
      EXPECT_EQ(c.imported, 1u);
      EXPECT_EQ(c.rejected, 1u);
      ASSERT_EQ(problems.size(), 1u);
      EXPECT_EQ(problems[0].line, layout.header.empty() ? 1u : 2u);
      EXPECT_NE(problems[0].reason.find(" is not a number from 0 to 20"), std::string::npos) << problems[0].reason;
      const auto back = rows(store);
      ASSERT_EQ(back.size(), 1u);
      EXPECT_EQ(back[0].puzzle, p[1]);
    }
    // The ends of the scale are ratings.
    for (const char* rating : {"0", "20", "+7.2"}) {
      TempDir dir;
      PuzzleStore store(dir.file("ok.db"));
      std::vector<Problem> problems;
      EXPECT_EQ(import(store, layout.header + layout.row(good, rating), no_grade(layout.format), &problems).imported, 1u)
          << rating << (problems.empty() ? "" : ": " + problems[0].reason);
    }
  }
  // The line layout: no field, or a solution alone, is no rating; "ER/EP/ED"
  // (as `sudokit grade` prints it) gives the ER; fields after the rating are comments.
  TempDir dir;
  PuzzleStore store(dir.file("line.db"));
  std::vector<Problem> problems;
  const std::string text = good + "\n" + other + " " + format_line(solve(p[1], 2).solution) + "\n";
  EXPECT_EQ(import(store, text, no_grade(ImportFormat::Line), &problems).imported, 2u);
  for (const auto& r : rows(store)) EXPECT_FALSE(r.source_rating.has_value());
  PuzzleStore graded(dir.file("graded.db"));
  EXPECT_EQ(import(graded, good + " 7.2/7.2/1.2 expert X-Wing\n", no_grade(ImportFormat::Line), &problems).imported, 1u);
  EXPECT_EQ(rows(graded)[0].source_rating, 7.2);
  EXPECT_TRUE(problems.empty());
}

TEST(DbImport, ReadsCsvWithQuotesTabsAndItsOwnColumnNames) {
  TempDir dir;
  PuzzleStore store(dir.file("csv.db"));
  // The calibration file: tab-separated, `bank_rating` kept as the source's rating.
  const std::string tsv = test::slurp(test::data_file("se_rated_calibration.tsv"));
  const std::string head = tsv.substr(0, tsv.find('\n', 0) + 1);
  std::string sample = head;
  std::size_t pos = head.size();
  std::size_t bank_rows = 0;
  for (int i = 0; i < 2000 && pos < tsv.size(); ++i) {
    const std::size_t end = tsv.find('\n', pos);
    const std::string line = tsv.substr(pos, end - pos + 1);
    pos = end + 1;
    if (line.find("puzzle-bank") != std::string::npos && bank_rows < 5) {
      sample += line;
      ++bank_rows;
    }
  }
  ASSERT_EQ(bank_rows, 5u);
  const ImportCounts c = import(store, sample, no_grade());
  EXPECT_EQ(c.imported, 5u);
  EXPECT_EQ(c.rejected, 0u);
  for (const auto& r : rows(store)) EXPECT_TRUE(r.source_rating.has_value());

  // Quotes, a carried provenance, a solution column that is checked.
  const auto p = test::load_puzzles("puzzles_top95.txt", 3);
  const std::string s0 = format_line(solve(p[0], 2).solution);
  std::string wrong = format_line(solve(p[1], 2).solution);
  std::swap(wrong[0], wrong[1]);
  const std::string csv = "Puzzle,Solution,method,seed,seed_index,note\n\"" + format_line(p[0]) + "\"," + s0 +
                          ",backtrack,42,7,\"a, quoted \"\"note\"\"\"\n" + format_line(p[1]) + "," + wrong +
                          ",,,,\n" + format_line(p[2]) + ",,relabel,x,,\n";
  std::vector<Problem> problems;
  PuzzleStore second(dir.file("csv2.db"));
  const ImportCounts c2 = import(second, csv, no_grade(ImportFormat::Csv), &problems);
  EXPECT_EQ(c2.imported, 1u);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].line, 3u);
  EXPECT_EQ(problems[0].reason, "the solution column is not the puzzle's solution");
  EXPECT_EQ(problems[1].line, 4u);
  EXPECT_EQ(problems[1].reason, "bad seed 'x'");
  const auto back = rows(second);
  ASSERT_EQ(back.size(), 1u);
  EXPECT_EQ(back[0].method, "backtrack");
  EXPECT_EQ(back[0].seed, 42u);
  EXPECT_EQ(back[0].index, 7u);
}

TEST(DbImport, WithoutARaterRowsAreStoredUngradedAndWithOneEachRecordIsRated) {
  // Grading itself is produce's (tests/produce/import_test.cpp); db calls the
  // rater it is given, once per checked record, on the worker that checked it.
  TempDir dir;
  PuzzleStore store(dir.file("rated.db"));
  const auto p = test::load_puzzles("puzzles_17clue.txt", 12);
  EXPECT_EQ(import(store, line_text_of({p[0], p[1]}), no_grade()).imported, 2u);
  std::atomic<int> raters{0}, rated{0};
  ImportOptions o;
  o.threads = 2;
  o.make_rater = [&]() -> ImportRater {
    ++raters;
    return [&](PuzzleRecord& r) {
      ASSERT_EQ(r.solution, solve(r.puzzle, 2).solution);  // checked before it is rated
      ++rated;
      r.er = r.ep = r.ed = 1.0;
      r.level = "easy";
    };
  };
  EXPECT_EQ(import(store, line_text_of(p), o).imported, 10u);  // two are duplicates
  EXPECT_EQ(rated.load(), 12);
  EXPECT_GE(raters.load(), 1);
  EXPECT_LE(raters.load(), 2);
  for (const auto& r : rows(store)) {
    const bool first_two = r.puzzle == p[0] || r.puzzle == p[1];
    EXPECT_EQ(r.graded(), !first_two);
    if (!first_two) EXPECT_EQ(r.level, "easy");
  }
}

TEST(DbImport, AStreamGivesWhatTheTextGivesAndALongLineIsOneRejectedRecord) {
  // Every layout, read as a stream in odd-sized pieces with a 200-byte line
  // limit: the same rows and the same problems at the same lines as from
  // memory, plus one "line longer than" per over-long line.
  const auto p = test::load_puzzles("puzzles_top95.txt", 4);
  auto zeros = [](const Grid& g) {
    std::string s = format_line(g);
    for (char& c : s)
      if (c == '.') c = '0';
    return s;
  };
  const std::string long_line = std::string(500, '7') + "\n";
  const std::vector<std::pair<ImportFormat, std::string>> texts = {
      {ImportFormat::Line, "# line\n" + format_line(p[0]) + " 7.5\n" + long_line + "12345\n" + format_line(p[1]) + "\n"},
      {ImportFormat::Bank, "# bank\n0000183b305c " + zeros(p[0]) + "  7.2\n" + long_line + "00001fe7a2e1 " + zeros(p[1]) + " 10.5\n"},
      {ImportFormat::Csv, "puzzle,rating\n" + format_line(p[0]) + ",3\n" + long_line + format_line(p[1]) + ",4\n"},
  };
  for (const auto& [format, text] : texts) {
    SCOPED_TRACE(text.substr(0, 20));
    TempDir dir;
    PuzzleStore memory(dir.file("memory.db")), stream(dir.file("stream.db"));
    std::vector<Problem> from_memory, from_stream;
    auto sink = [](std::vector<Problem>& out) {
      return [&out](std::size_t line, const std::string& reason) { out.push_back({line, reason}); };
    };
    const ImportCounts a = import_lines(memory, LineReader(std::string_view(text), 200), no_grade(), sink(from_memory));
    const ImportCounts b = import_lines(stream, LineReader(sudokit::test::trickle(text, {3, 17, 1}), 200), no_grade(), sink(from_stream));
    EXPECT_EQ(detect_import_format(text), format);
    EXPECT_EQ(a.imported, 2u);
    EXPECT_EQ(b.imported, 2u);
    EXPECT_EQ(a.lines, b.lines);
    ASSERT_EQ(from_memory.size(), from_stream.size());
    for (std::size_t i = 0; i < from_memory.size(); ++i) {
      EXPECT_EQ(from_memory[i].line, from_stream[i].line);
      EXPECT_EQ(from_memory[i].reason, from_stream[i].reason);
    }
    ASSERT_FALSE(from_stream.empty());
    EXPECT_EQ(from_stream[0].line, 3u);
    EXPECT_EQ(from_stream[0].reason, "line longer than 200 bytes");
    const auto ra = rows(memory), rb = rows(stream);
    ASSERT_EQ(ra.size(), rb.size());
    for (std::size_t i = 0; i < ra.size(); ++i) {
      EXPECT_EQ(ra[i].puzzle, rb[i].puzzle);
      EXPECT_EQ(ra[i].source_rating, rb[i].source_rating);
    }
  }
}

TEST(DbImport, AReadErrorIsReportedAfterWhatWasRead) {
  TempDir dir;
  PuzzleStore store(dir.file("err.db"));
  const auto p = test::load_puzzles("puzzles_top95.txt", 2);
  auto first = std::make_shared<bool>(true);
  const std::string text = line_text_of({p[0], p[1]});
  ByteSource failing = [first, text](char* buffer, std::size_t size, std::string& error) -> long {
    if (!*first) {
      error = "Input/output error";
      return -1;
    }
    *first = false;
    const std::size_t n = std::min(size, text.size());
    std::copy_n(text.data(), n, buffer);
    return static_cast<long>(n);
  };
  std::vector<Problem> problems;
  const ImportCounts c = import_lines(store, LineReader(failing), no_grade(),
                                      [&](std::size_t line, const std::string& reason) { problems.push_back({line, reason}); });
  EXPECT_EQ(c.imported, 2u);
  EXPECT_EQ(c.rejected, 1u);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].line, 3u);
  EXPECT_EQ(problems[0].reason, "cannot read: Input/output error");
}

TEST(DbImport, ManyThreadsGiveTheSameRowsInTheSameOrder) {
  TempDir dir;
  const auto p = test::load_puzzles("puzzles_17clue.txt", 3000);
  std::string text = line_text_of(p);
  text += "junk line\n";
  std::vector<std::vector<PuzzleRecord>> results;
  for (unsigned threads : {1u, 2u, 5u}) {
    PuzzleStore store(dir.file("t" + std::to_string(threads) + ".db"));
    ImportOptions o = no_grade();
    o.threads = threads;
    std::vector<Problem> problems;
    const ImportCounts c = import(store, text, o, &problems);
    EXPECT_EQ(c.imported, 3000u);
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].line, 3001u);
    auto r = rows(store);
    for (auto& x : r) x.created_at.clear();
    results.push_back(r);
  }
  EXPECT_EQ(results[0], results[1]);
  EXPECT_EQ(results[0], results[2]);
  EXPECT_EQ(results[0][41].puzzle, p[41]);
}

TEST(DbImport, StopsWhenAskedAndCommitsWhatItHas) {
  TempDir dir;
  PuzzleStore store(dir.file("stop.db"));
  const auto p = test::load_puzzles("puzzles_17clue.txt", 5000);
  std::atomic<bool> stop{false};
  ImportOptions o = no_grade();
  o.stop = &stop;
  o.threads = 1;  // one block in flight: the stop lands mid-text (with workers, up to 64 blocks each are read ahead)
  std::size_t seen = 0;
  // Stop from the problem sink after the 1000th bad line (a signal handler would set it the same way).
  std::string text;
  for (std::size_t i = 0; i < p.size(); ++i) text += format_line(p[i]) + (i % 2 ? "\n" : "\nbad\n");
  const ImportCounts c = import_text(store, text, o, [&](std::size_t, const std::string&) {
    if (++seen == 1000) stop = true;
  });
  EXPECT_TRUE(c.interrupted);
  EXPECT_GE(c.rejected, 1000u);  // the blocks already checked are still stored
  EXPECT_GE(c.imported, 1999u);
  EXPECT_LT(c.imported, 5000u);
  // Two good lines for each bad one, in order: the stored rows are a prefix.
  EXPECT_GE(c.imported + 1, 2 * c.rejected);
  EXPECT_LE(c.imported, 2 * c.rejected + 2);
  EXPECT_LT(c.lines, 7500u);  // lines up to the last record handled, not the whole text
  EXPECT_EQ(store.queued(), 0u);
  Raw raw(dir.file("stop.db"));
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), static_cast<std::int64_t>(c.imported));
}

TEST(DbExport, CsvRoundTripGivesTheSameRows) {
  TempDir dir;
  const auto p = test::load_puzzles("puzzles_top95.txt", 30);
  PuzzleStore original(dir.file("a.db"));
  for (std::size_t i = 0; i < p.size(); ++i) original.insert(test::full_record(p[i], i));
  PuzzleRecord bare = make_record(test::load_puzzles("puzzles_17clue.txt", 1)[0], {});
  bare.solution = solve(bare.puzzle, 2).solution;
  bare.method = "import";
  original.insert(bare);
  original.flush();
  const std::string csv = export_to_string(original, ExportFormat::Csv);
  EXPECT_EQ(csv.substr(0, csv.find('\n')), csv_header(store_fields()));

  PuzzleStore copy(dir.file("b.db"));
  std::vector<Problem> problems;
  const ImportCounts c = import(copy, csv, no_grade(), &problems);
  EXPECT_TRUE(problems.empty()) << problems[0].line << ": " << problems[0].reason;
  EXPECT_EQ(c.imported, 31u);
  EXPECT_EQ(rows(copy), rows(original));  // every column, ids included
  EXPECT_EQ(export_to_string(copy, ExportFormat::Csv), csv);

  // Importing the export again (or any isomorph of it) adds nothing.
  EXPECT_EQ(import(copy, csv, no_grade()).duplicates, 31u);
}

TEST(DbExport, JsonRowsCarryEveryColumnAndTheHistogramAsAnObject) {
  TempDir dir;
  const auto p = test::load_puzzles("puzzles_top95.txt", 5);
  PuzzleStore store(dir.file("j.db"));
  for (std::size_t i = 0; i < p.size(); ++i) store.insert(test::full_record(p[i], i));
  store.flush();
  const auto all = nlohmann::json::parse(export_to_string(store, ExportFormat::Json));
  ASSERT_TRUE(all.is_array());
  ASSERT_EQ(all.size(), 5u);
  const auto& j = all[1];
  for (const char* key : {"id", "gid", "puzzle", "solution", "canonical", "clues", "symmetry", "minimal", "method",
                          "seed", "seed_index", "er", "ep", "ed", "level", "hardest", "hardest_name", "histogram",
                          "source_rating", "created_at", "search_moves", "dig_order", "symmetric_minimal", "origin",
                          "path"})
    EXPECT_TRUE(j.contains(key)) << key;
  EXPECT_EQ(j.size(), 25u);
  EXPECT_EQ(j["gid"], global_id(p[1]));
  EXPECT_EQ(j["hardest"], "x-wing");
  EXPECT_EQ(j["hardest_name"], "X-Wing");
  EXPECT_EQ(j["puzzle"], format_line(p[1]));
  EXPECT_TRUE(j["histogram"].is_object());
  EXPECT_EQ(j["histogram"]["x-wing"], 1);
  EXPECT_EQ(j["seed"].get<std::uint64_t>(), 0xFFFFFFFFFFFFFFF0ull + 1);
  EXPECT_TRUE(j["source_rating"].is_null());
  EXPECT_EQ(all[0]["source_rating"], 7.25);
  EXPECT_EQ(j["minimal"], true);

  const std::string nd = export_to_string(store, ExportFormat::Ndjson);
  EXPECT_EQ(std::count(nd.begin(), nd.end(), '\n'), 5);
  EXPECT_EQ(nlohmann::json::parse(nd.substr(0, nd.find('\n'))), all[0]);
  EXPECT_EQ(export_to_string(store, ExportFormat::Line), line_text_of(p));
  PuzzleStore empty(dir.file("empty.db"));
  EXPECT_EQ(nlohmann::json::parse(export_to_string(empty, ExportFormat::Json)), nlohmann::json::array());
}

TEST(DbExport, FiltersAndSeededRandomOrder) {
  TempDir dir;
  const auto p = test::load_puzzles("puzzles_top1465.txt", 200);
  PuzzleStore store(dir.file("f.db"));
  for (std::size_t i = 0; i < p.size(); ++i) store.insert(test::full_record(p[i], i));
  store.flush();
  const auto all = rows(store);
  auto expect_matches = [&](const PuzzleFilter& f, auto predicate) {
    std::size_t n = 0;
    for (const auto& r : all) n += predicate(r) ? 1 : 0;
    const auto got = rows(store, f);
    EXPECT_EQ(got.size(), n);
    EXPECT_EQ(store.count(f), n);
    for (const auto& r : got) EXPECT_TRUE(predicate(r)) << r.id;
    return n;
  };
  PuzzleFilter level;
  level.level = "hard";
  EXPECT_EQ(expect_matches(level, [](const PuzzleRecord& r) { return r.level == "hard"; }), 100u);
  PuzzleFilter rating;
  rating.min_rating = 3.0;
  rating.max_rating = 4.5;
  EXPECT_GT(expect_matches(rating, [](const PuzzleRecord& r) { return *r.er >= 3.0 - 1e-9 && *r.er <= 4.5 + 1e-9; }), 0u);
  PuzzleFilter both = rating;
  both.level = "expert";
  expect_matches(both, [](const PuzzleRecord& r) { return r.level == "expert" && *r.er >= 3.0 - 1e-9 && *r.er <= 4.5 + 1e-9; });
  PuzzleFilter clues;
  clues.min_clues = 22;
  clues.max_clues = 23;
  EXPECT_GT(expect_matches(clues, [](const PuzzleRecord& r) { return r.clues >= 22 && r.clues <= 23; }), 0u);
  PuzzleFilter technique;
  technique.technique = {"pointing"};
  EXPECT_EQ(expect_matches(technique, [](const PuzzleRecord& r) { return r.histogram.find("pointing") != std::string::npos; }), 100u);
  PuzzleFilter hardest;
  hardest.hardest = {"x-wing"};
  EXPECT_EQ(expect_matches(hardest, [](const PuzzleRecord& r) { return r.hardest == "x-wing"; }), 100u);
  PuzzleFilter either;  // a family: any of its keys
  either.hardest = {"x-wing", "swordfish"};
  either.technique = {"x-wing", "swordfish"};
  EXPECT_GE(expect_matches(either, [](const PuzzleRecord& r) { return r.hardest == "x-wing" || r.hardest == "swordfish"; }), 100u);

  PuzzleFilter sample;
  sample.limit = 10;
  sample.random = true;
  sample.seed = 7;
  const auto a = rows(store, sample), b = rows(store, sample);
  ASSERT_EQ(a.size(), 10u);
  EXPECT_EQ(a, b);  // same seed, same rows, same order
  sample.seed = 8;
  const auto c = rows(store, sample);
  EXPECT_NE(a, c);
  PuzzleFilter first;
  first.limit = 3;
  const auto f = rows(store, first);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[2].id, 3);
}

TEST(DbStats, CountsLevelsRatingsCluesAndTechniques) {
  TempDir dir;
  const auto p = test::load_puzzles("puzzles_top1465.txt", 20);
  PuzzleStore store(dir.file("s.db"));
  for (std::size_t i = 0; i < p.size(); ++i) store.insert(test::full_record(p[i], i));
  PuzzleRecord bare = make_record(test::load_puzzles("puzzles_17clue.txt", 1)[0], {});
  bare.solution = solve(bare.puzzle, 2).solution;
  bare.method = "import";
  store.insert(bare);
  store.flush();
  const StoreStats s = store.stats();
  EXPECT_EQ(s.puzzles, 21u);
  EXPECT_EQ(s.graded, 20u);
  ASSERT_EQ(s.levels.size(), 3u);
  EXPECT_EQ(s.levels[0].key, "hard");  // level-table order: hard before expert, ungraded last
  EXPECT_EQ(s.levels[0].count, 10u);
  EXPECT_EQ(s.levels[1].key, "expert");
  EXPECT_EQ(s.levels[2].key, "");
  EXPECT_EQ(s.levels[2].count, 1u);
  std::uint64_t rated = 0;
  for (const auto& [bucket, n] : s.ratings) rated += n;
  EXPECT_EQ(rated, 20u);
  std::uint64_t clue_total = 0;
  for (const auto& [clues, n] : s.clues) clue_total += n;
  EXPECT_EQ(clue_total, 21u);
  ASSERT_GE(s.techniques.size(), 4u);
  EXPECT_EQ(s.techniques[0].key, "hidden-single");  // SE's order
  EXPECT_EQ(s.techniques[0].puzzles, 20u);
  EXPECT_EQ(s.techniques[0].steps, 10u * 40 + 10u * 30);
  for (const auto& t : s.techniques)
    if (t.key == "x-wing") {
      EXPECT_EQ(t.hardest, 10u);
    }
  ASSERT_EQ(s.methods.size(), 3u);
  EXPECT_EQ(s.methods[2].key, "import");
  EXPECT_EQ(s.daily, 0u);
  EXPECT_TRUE(s.used.empty());
}

}  // namespace
}  // namespace sudokit::db
