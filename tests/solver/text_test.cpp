// Text formats: every input layout, malformed records, and the writers.
#include <gtest/gtest.h>

#include <cstdint>
#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sudokit/solver/text.hpp"
#include "test_data.hpp"
#include "../trickle.hpp"

namespace sudokit {
namespace {

constexpr const char* kPuzzle = "4..8..3599..1..4....8.....289.4........36.......9....13...4....1......8.2..5.1.64";

// Records' fields point into the text, so the result owns a copy of it (on
// the heap, where moving the result does not move it).
struct Read {
  std::unique_ptr<const std::string> text;
  std::vector<TextRecord> records;
  std::vector<ParseError> errors;
};

Read read_all(std::string_view text) {
  Read r;
  r.text = std::make_unique<const std::string>(text);
  PuzzleReader reader(*r.text);
  TextRecord rec;
  ParseError err;
  for (;;) {
    auto s = reader.next(rec, err);
    if (s == ReadStatus::End) break;
    if (s == ReadStatus::Record) r.records.push_back(rec);
    else r.errors.push_back(err);
  }
  return r;
}

TEST(Text, TrimTakesBlanksOffBothEndsAndACarriageReturnOffTheEnd) {
  EXPECT_EQ(trim(""), "");
  EXPECT_EQ(trim(" \t \r"), "");
  EXPECT_EQ(trim("\t easy , medium \t\r"), "easy , medium");
  EXPECT_EQ(trim("a b"), "a b");
  EXPECT_EQ(trim("\rx"), "\rx");  // a carriage return only ends a line
}

TEST(Text, LineFormatAcceptsEveryEmptyCharacter) {
  std::string p = kPuzzle;
  const Grid expected = test::grid_from(p);
  for (char empty : {'.', '0', '*', '_', '-'}) {
    std::string q = p;
    for (char& c : q)
      if (c == '.') c = empty;
    auto r = read_all(q + "\n");
    ASSERT_EQ(r.records.size(), 1u) << empty;
    EXPECT_EQ(r.records[0].grid, expected);
    EXPECT_EQ(r.records[0].line, 1u);
  }
}

TEST(Text, ExtraFieldsAfterThePuzzleAreKept) {
  auto r = read_all(std::string(kPuzzle) + " 7.2\n" + kPuzzle + "\t1.5\tfoo\n");
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_EQ(r.records[0].fields, "7.2");
  EXPECT_EQ(r.records[1].fields, "1.5\tfoo");
  EXPECT_EQ(r.records[1].line, 2u);
}

TEST(Text, PuzzleBankLayoutHashPuzzleRating) {
  std::string zeros = kPuzzle;
  for (char& c : zeros)
    if (c == '.') c = '0';
  auto r = read_all("0a1b2c3d4e5f " + zeros + "  7.2\n");
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_EQ(r.records[0].grid, test::grid_from(kPuzzle));
  EXPECT_EQ(r.records[0].fields, "7.2");
}

TEST(Text, CsvWithHeaderAndQuotes) {
  auto r = read_all(std::string("puzzle,solution,rating\n\"") + kPuzzle + "\",x,3\n" + kPuzzle + ",y,4\n");
  EXPECT_TRUE(r.errors.empty());
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_EQ(r.records[0].line, 2u);
  EXPECT_EQ(r.records[1].fields, "y,4");
}

TEST(Text, HeaderIsOnlySkippedOnTheFirstLine) {
  auto r = read_all(std::string(kPuzzle) + "\npuzzle,rating\n");
  EXPECT_EQ(r.records.size(), 1u);
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 2u);
}

TEST(Text, BinaryDataIsNeverTakenForAHeader) {
  // A first line with letters is a header, but not when it holds control
  // characters: binary data is reported, not silently skipped.
  auto r = read_all(std::string("PK\x03\x04\x14\x00 binary\xff\n", 15) + kPuzzle + "\n");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 1u);
  EXPECT_EQ(r.records.size(), 1u);
  EXPECT_TRUE(is_header_line("puzzle,solution\trating"));
  EXPECT_TRUE(is_header_line("R\xc3\xa4tsel;L\xc3\xb6sung"));  // UTF-8 names
  EXPECT_FALSE(is_header_line("puzzle\x01"));
  EXPECT_FALSE(is_header_line("12345,.."));
  EXPECT_TRUE(is_header_line("\"puzzle\",\"rating\""));
  EXPECT_TRUE(is_header_line("# Top 95"));  // a title line
  EXPECT_TRUE(is_header_line("\xc3\x89nigme"));  // a UTF-8 name beginning with a letter outside ASCII
  // A puzzle with a stray letter is no header: it is read and refused.
  EXPECT_FALSE(is_header_line("1234567x9"));
  EXPECT_FALSE(is_header_line("..3.x....,2.3"));
}

TEST(Text, NineLineGridsWithSeparators) {
  const std::string readable =
      " 4 . . | 8 . . | 3 5 9 \n"
      " 9 . . | 1 . . | 4 . . \n"
      " . . 8 | . . . | . . 2 \n"
      "-------|-------|-------\n"
      " 8 9 . | 4 . . | . . . \n"
      " . . . | . 3 6 | . . . \n"
      " . . . | 9 . . | . . 1 \n"
      "-------+-------+-------\n"
      " 3 . . | . 4 . | . . . \n"
      " 1 . . | . . . | 8 . 2 \n"
      " . . 5 | . 1 . | 6 4 . \n";
  const std::string compact =
      "4..8..359\n9..1..4..\n..8.....2\n89.4.....\n....36...\n...9....1\n3...4....\n1.....8.2\n..5.1.64.\n";
  auto r = read_all("\n" + readable + "\n" + compact);
  EXPECT_TRUE(r.errors.empty()) << r.errors[0].message;
  ASSERT_EQ(r.records.size(), 2u);
  EXPECT_EQ(format_line(r.records[0].grid), format_line(r.records[1].grid));
  EXPECT_EQ(r.records[0].line, 2u);
  EXPECT_EQ(r.records[1].line, 14u);
  EXPECT_EQ(format_line(r.records[1].grid),
            "4..8..3599..1..4....8.....289.4.........36......9....13...4....1.....8.2..5.1.64.");
}

TEST(Text, TruncatedGridIsAnErrorAndTheNextRecordStillReads) {
  auto r = read_all("4..8..359\n9..1..4..\n..8.....2\n" + std::string(kPuzzle) + "\n");
  ASSERT_EQ(r.errors.size(), 1u);
  EXPECT_EQ(r.errors[0].line, 1u);
  EXPECT_NE(r.errors[0].message.find("3 rows"), std::string::npos);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.records[0].line, 4u);
}

TEST(Text, BatchFormatStopsAtEnd) {
  auto r = read_all(std::string(kPuzzle) + "\n" + kPuzzle + "\nend\n" + kPuzzle + "\n");
  EXPECT_EQ(r.records.size(), 2u);
  EXPECT_TRUE(r.errors.empty());
  const std::string sample = test::read_file(test::data_path("poj_sample_input.txt"));
  auto s = read_all(sample);
  EXPECT_EQ(s.records.size(), 2u);
  EXPECT_TRUE(s.errors.empty());
}

TEST(Text, MalformedLinesReportLineAndColumn) {
  std::string bad_char = kPuzzle;
  bad_char[10] = 'x';
  auto r = read_all(std::string(kPuzzle).substr(0, 80) + "\n" + bad_char + "\n" + kPuzzle + "1\n" + kPuzzle + "\n");
  ASSERT_EQ(r.errors.size(), 3u);
  EXPECT_EQ(r.errors[0].line, 1u);
  EXPECT_NE(r.errors[0].message.find("80 characters"), std::string::npos);
  EXPECT_EQ(r.errors[1].line, 2u);
  EXPECT_EQ(r.errors[1].column, 11u);
  EXPECT_NE(r.errors[1].message.find("'x'"), std::string::npos);
  EXPECT_NE(r.errors[2].message.find("82 characters"), std::string::npos);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.records[0].line, 4u);
}

TEST(Text, CrlfBomBinaryAndEmptyInput) {
  auto r = read_all("\xEF\xBB\xBF" + std::string(kPuzzle) + "\r\n" + kPuzzle + "\r\n");
  EXPECT_EQ(r.records.size(), 2u);
  EXPECT_TRUE(r.errors.empty());
  EXPECT_TRUE(read_all("").records.empty());
  EXPECT_TRUE(read_all("\n\n  \n").errors.empty());
  std::string garbage(200, '\0');
  for (std::size_t i = 0; i < garbage.size(); ++i) garbage[i] = static_cast<char>(i * 37 + 11);
  auto g = read_all(garbage);
  EXPECT_TRUE(g.records.empty());
  EXPECT_FALSE(g.errors.empty());
  std::string with_nul = kPuzzle;
  with_nul[5] = '\0';
  auto n = read_all(with_nul + "\n");
  ASSERT_EQ(n.errors.size(), 1u);
  EXPECT_NE(n.errors[0].message.find("byte 0x00"), std::string::npos);
}

TEST(Text, WritersRoundTrip) {
  const Grid g = test::grid_from(kPuzzle);
  EXPECT_EQ(format_line(g), kPuzzle);
  const std::string grid = format_grid(g);
  EXPECT_EQ(std::count(grid.begin(), grid.end(), '\n'), 11);
  auto r = read_all(grid);
  ASSERT_EQ(r.records.size(), 1u);
  EXPECT_EQ(r.records[0].grid, g);
}

// The one number reader behind options and fields: the whole text, no
// wrapping of "-1" into an unsigned, no "nan", "inf" or overflow.
TEST(Text, ParseNumberTakesTheWholeTextAndNeverWraps) {
  std::uint64_t u = 7;
  EXPECT_TRUE(parse_number("18446744073709551615", u));
  EXPECT_EQ(u, 18446744073709551615ull);
  EXPECT_TRUE(parse_number("+3", u));
  EXPECT_EQ(u, 3u);
  for (const char* bad : {"-1", "-0", "18446744073709551616", "1e3", "3.0", " 3", "3 ", "", "+", "+-1", "abc", "0x10"})
    EXPECT_FALSE(parse_number(bad, u)) << bad;
  EXPECT_EQ(u, 3u) << "a refused text leaves the value alone";
  int i = 0;
  EXPECT_TRUE(parse_number("-5", i));
  EXPECT_EQ(i, -5);
  EXPECT_FALSE(parse_number("2147483648", i));
  EXPECT_FALSE(parse_number("+-5", i));
  double d = 0;
  EXPECT_TRUE(parse_number("1e-3", d));
  EXPECT_EQ(d, 1e-3);
  EXPECT_TRUE(parse_number("-7.25", d));
  EXPECT_EQ(d, -7.25);
  for (const char* bad : {"nan", "NaN", "inf", "-inf", "infinity", "1e999", "-1e999", "1,5", "7.2x", ""})
    EXPECT_FALSE(parse_number(bad, d)) << bad;
}

TEST(Text, ParseRatingAcceptsTheSeScaleOnly) {
  double r = -1;
  std::string error;
  for (const auto& [text, value] : std::vector<std::pair<const char*, double>>{{"0", 0}, {"7.2", 7.2}, {"20", 20}, {"+1.5", 1.5}}) {
    EXPECT_TRUE(parse_rating(text, r, error)) << text;
    EXPECT_EQ(r, value);
  }
  for (const char* bad : {"-0.1", "20.01", "nan", "inf", "1e999", "abc", ""}) {
    EXPECT_FALSE(parse_rating(bad, r, error)) << bad;
    EXPECT_EQ(error, "rating '" + std::string(bad) + "' is not a number from 0 to 20");
  }
  EXPECT_FALSE(parse_rating(std::string(100, '9'), r, error));
  EXPECT_EQ(error, "rating '" + std::string(30, '9') + "...' is not a number from 0 to 20");
}

// --- Streams: the same records, errors and line numbers as from memory,
// whatever the read sizes, and a bounded line length.

using test::trickle;

struct Summary {
  std::vector<std::pair<std::size_t, std::string>> results;  // line, puzzle + fields or error
  bool operator==(const Summary&) const = default;
};

Summary summarize(PuzzleReader& reader) {
  Summary s;
  TextRecord rec;
  ParseError err;
  for (;;) {
    const ReadStatus status = reader.next(rec, err);
    if (status == ReadStatus::End) break;
    if (status == ReadStatus::Record) s.results.emplace_back(rec.line, format_line(rec.grid) + "|" + std::string(rec.fields));
    else s.results.emplace_back(err.line, "error: " + err.message);
  }
  return s;
}

const std::string& every_layout() {
  static const std::string text = [] {
    std::string zeros = kPuzzle;
    for (char& c : zeros)
      if (c == '.') c = '0';
    return "\xEF\xBB\xBF" "# every layout\r\n" + std::string(kPuzzle) + " 7.2\r\n" + "0a1b2c3d4e5f " + zeros +
           "  7.2\n" + std::string(kPuzzle).substr(0, 40) + "\n" +
           " 4 . . | 8 . . | 3 5 9 \n 9 . . | 1 . . | 4 . . \n . . 8 | . . . | . . 2 \n-------+-------+-------\n"
           " 8 9 . | 4 . . | . . . \n . . . | . 3 6 | . . . \n . . . | 9 . . | . . 1 \n-------+-------+-------\n"
           " 3 . . | . 4 . | . . . \n 1 . . | . . . | 8 . 2 \n . . 5 | . 1 . | 6 4 . \n" +
           "4..8..359\n9..1..4..\n" + kPuzzle + ",x,3\n" + kPuzzle + "\nend\n" + kPuzzle + "\n";
  }();
  return text;
}

TEST(TextStream, EveryLayoutReadsTheSameFromAStreamAsFromMemory) {
  PuzzleReader memory(every_layout());
  const Summary want = summarize(memory);
  ASSERT_EQ(want.results.size(), 7u);  // 4 records, a short line, a short grid, and the record after it
  for (const auto& steps : std::vector<std::vector<std::size_t>>{{1}, {2, 7, 3}, {81}, {1 << 16}}) {
    PuzzleReader stream{LineReader(trickle(every_layout(), steps))};
    EXPECT_EQ(summarize(stream), want) << steps[0];
    EXPECT_TRUE(stream.read_error().empty());
  }
}

TEST(TextStream, ALineLongerThanTheLimitIsOneErrorAndReadingGoesOnAfterIt) {
  const std::string text = std::string(kPuzzle) + "\n" + std::string(300, '.') + "\n" + kPuzzle + " 1.5\n" +
                           std::string(101, 'x') + "\r\n" + std::string(100, '1') + "\r\n" + std::string(1000, '9');
  for (const auto& steps : std::vector<std::vector<std::size_t>>{{1}, {5, 64}, {1 << 16}}) {
    SCOPED_TRACE(steps[0]);
    PuzzleReader stream{LineReader(trickle(text, steps), 100)};
    const Summary s = summarize(stream);
    ASSERT_EQ(s.results.size(), 6u);
    EXPECT_EQ(s.results[0].first, 1u);
    EXPECT_EQ(s.results[1], std::make_pair(std::size_t{2}, std::string("error: line longer than 100 bytes")));
    EXPECT_EQ(s.results[2], std::make_pair(std::size_t{3}, format_line(test::grid_from(kPuzzle)) + "|1.5"));
    EXPECT_EQ(s.results[3], std::make_pair(std::size_t{4}, std::string("error: line longer than 100 bytes")));
    // 100 bytes and a "\r\n" is within the limit.
    EXPECT_EQ(s.results[4], std::make_pair(std::size_t{5}, std::string("error: expected an 81-character puzzle or a 9-line grid, found 100 characters")));
    EXPECT_EQ(s.results[5], std::make_pair(std::size_t{6}, std::string("error: line longer than 100 bytes")));
  }
  PuzzleReader memory{LineReader(std::string_view(text), 100)};
  PuzzleReader stream{LineReader(trickle(text, {3}), 100)};
  EXPECT_EQ(summarize(memory), summarize(stream));
}

TEST(TextStream, AnEndlessLineKeepsTheBufferBoundedAndTheErrorComesFirst) {
  // /dev/zero in miniature: a source that never ends and has no newline.
  // The error must come out without waiting for a newline, and the reader
  // must not ask for more than the limit plus one read's worth before it.
  auto asked = std::make_shared<std::size_t>(0);
  ByteSource zeros = [asked](char* buffer, std::size_t size, std::string&) -> long {
    std::fill_n(buffer, size, '\0');
    *asked += size;
    return static_cast<long>(size);
  };
  LineReader lines(zeros, 1000);
  std::string_view line;
  EXPECT_EQ(lines.next(line), LineStatus::TooLong);
  EXPECT_EQ(lines.number(), 1u);
  EXPECT_LE(*asked, 1000u + 2 + (std::size_t{1} << 17));
}

TEST(TextStream, AReadErrorEndsTheInputAndSaysWhy) {
  auto calls = std::make_shared<int>(0);
  ByteSource failing = [calls](char* buffer, std::size_t size, std::string& error) -> long {
    if ((*calls)++ == 0) {
      const std::string first = std::string(kPuzzle) + "\n";
      std::copy_n(first.data(), std::min(size, first.size()), buffer);
      return static_cast<long>(std::min(size, first.size()));
    }
    error = "Input/output error";
    return -1;
  };
  PuzzleReader reader{LineReader(failing)};
  const Summary s = summarize(reader);
  EXPECT_EQ(s.results.size(), 1u);
  EXPECT_EQ(reader.read_error(), "Input/output error");
}

TEST(Text, ValidUtf8) {
  for (const char* good : {"", "Sudoku", "Copyright \xC2\xA9 2026", "3\xC2\xA0\xC3\x97\xC2\xA0" "3", "\xE6\x95\xB0\xE7\x8B\xAC",
                           "\xF0\x9F\xA7\xA9", "\xF4\x8F\xBF\xBF"})
    EXPECT_TRUE(valid_utf8(good)) << good;
  for (const char* bad : {"\xFF", "a\xC3", "\xC0\xAF", "\xE0\x80\xAF", "\xED\xA0\x80", "\xF4\x90\x80\x80", "\x80",
                          "\xE6\x95", "\xC3\x28", "\xF8\x88\x80\x80\x80"})
    EXPECT_FALSE(valid_utf8(bad)) << bad;
}

}  // namespace
}  // namespace sudokit
