// Text formats: every input layout, malformed records, and the writers.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "sudokit/solver/text.hpp"
#include "test_data.hpp"

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

}  // namespace
}  // namespace sudokit
