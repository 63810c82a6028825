// The record serializer (record_format.hpp): CSV quoting as RFC 4180 says,
// JSON escaping, field order and names, nulls for what a record lacks, and
// values that survive (a seed above 2^63, ratings).
#include <gtest/gtest.h>

#include "db_test_util.hpp"
#include "sudokit/db/record_format.hpp"
#include "sudokit/solver/global_id.hpp"

namespace sudokit::db {
namespace {

TEST(RecordFormat, CsvQuotesFieldsWithCommasQuotesAndLineBreaks) {
  std::string out;
  append_csv_field(out, "plain");
  out += '|';
  append_csv_field(out, "a,b");
  out += '|';
  append_csv_field(out, "say \"hi\"");
  out += '|';
  append_csv_field(out, "two\nlines");
  out += '|';
  append_csv_field(out, "cr\r");
  out += '|';
  append_csv_field(out, "");
  EXPECT_EQ(out, "plain|\"a,b\"|\"say \"\"hi\"\"\"|\"two\nlines\"|\"cr\r\"|");
}

TEST(RecordFormat, CsvRowFollowsTheHeaderAndLeavesUnknownFieldsEmpty) {
  const auto p = test::load_puzzles("puzzles_top95.txt", 50);
  PuzzleRecord r = test::full_record(p[0], 0);
  r.level = "odd, \"quoted\" level";
  r.seed = 0xFFFFFFFFFFFFFFF1ull;
  r.source_rating.reset();
  const auto fields = store_fields();
  std::string row;
  append_csv_row(row, r, fields);
  const std::string header = csv_header(fields);
  EXPECT_EQ(header.substr(0, 17), "id,gid,puzzle,sol");
  EXPECT_NE(row.find(",\"odd, \"\"quoted\"\" level\","), std::string::npos) << row;
  EXPECT_NE(row.find(",18446744073709551601,"), std::string::npos) << row;  // not -15
  EXPECT_NE(row.find("," + global_id(p[0]) + ","), std::string::npos) << row;
  // The histogram is its JSON text, quoted (it holds commas and quotes).
  EXPECT_NE(row.find(",\"{\"\""), std::string::npos) << row;
  // As many cells as the header names (count commas outside quotes).
  auto cells = [](const std::string& line) {
    std::size_t n = 1;
    bool quoted = false;
    for (char c : line) {
      if (c == '"') quoted = !quoted;
      else if (c == ',' && !quoted) ++n;
    }
    return n;
  };
  EXPECT_EQ(cells(row), cells(header));
  EXPECT_EQ(cells(header), fields.size());
}

TEST(RecordFormat, JsonNamesEveryFieldInOrderWithNullsForWhatIsUnknown) {
  PuzzleRecord r = make_record(test::load_puzzles("puzzles_top95.txt", 50)[0], {});
  r.method = "import";
  r.level = "line\nbreak \"and\" quotes";
  const nlohmann::ordered_json j = record_json(r, store_fields());
  std::size_t i = 0;
  for (const auto& [key, value] : j.items()) EXPECT_EQ(key, field_name(store_fields()[i++]));
  EXPECT_EQ(i, store_fields().size());
  EXPECT_TRUE(j["id"].is_null());        // not stored
  EXPECT_TRUE(j["solution"].is_null());  // not known
  EXPECT_TRUE(j["er"].is_null());
  EXPECT_TRUE(j["hardest_name"].is_null());
  EXPECT_EQ(j["gid"], r.gid());
  // Escaped in the text, the same string when read back.
  const std::string text = j.dump();
  EXPECT_NE(text.find("line\\nbreak \\\"and\\\" quotes"), std::string::npos) << text;
  EXPECT_EQ(nlohmann::json::parse(text)["level"], r.level);
}

TEST(RecordFormat, TechniqueFieldsHoldTheKeyAndTheDisplayName) {
  PuzzleRecord r = make_record(test::load_puzzles("puzzles_top95.txt", 50)[0], {});
  r.hardest = "direct-hidden-pair";
  const auto j = record_json(r, grade_fields());
  EXPECT_EQ(j["hardest"], "direct-hidden-pair");
  EXPECT_EQ(j["hardest_name"], "Direct Hidden Pair");
}

}  // namespace
}  // namespace sudokit::db
