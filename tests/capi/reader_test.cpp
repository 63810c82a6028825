// sudokit_reader: records one per call from a buffer, a FILE* and a path,
// every format, errors with line and column, pencil-mark lines on request,
// the end, read errors, bad arguments.
#include <gtest/gtest.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "../temp_dir.hpp"
#include "capi_test_util.hpp"

using namespace sudokit::capi_test;

namespace {

using ReaderPtr = std::unique_ptr<sudokit_reader, decltype(&sudokit_reader_free)>;

struct Item {
  int status;
  int kind;
  std::string text, fields, message;
  uint64_t line, column;
};

std::vector<Item> read_all(sudokit_reader* reader) {
  std::vector<Item> items;
  for (int guard = 0; guard < 1000; ++guard) {
    sudokit_record r = SUDOKIT_RECORD_INIT;
    const int s = sudokit_reader_next(reader, &r);
    if (s == SUDOKIT_END) break;
    items.push_back({s, r.kind, r.text, r.fields, r.message, r.line, r.column});
  }
  return items;
}

ReaderPtr open_buffer(const std::string& text, uint32_t flags = 0) {
  sudokit_reader* r = nullptr;
  EXPECT_EQ(sudokit_reader_open_buffer(text.data(), text.size(), flags, &r), SUDOKIT_OK) << last_error();
  return ReaderPtr(r, sudokit_reader_free);
}

// kPuzzle as a 9-line grid with separators, its last row one cell short.
const std::string kGrid9 =
    "... | ... | ...\n"
    "... | 7.8 | ...\n"
    "8.6 | ... | 4.1\n"
    "----+-----+----\n"
    ".8. | ... | .3.\n"
    "..1 | 684 | 7..\n"
    ".9. | 5.1 | .2.\n"
    "----+-----+----\n"
    "... | ... | ...\n"
    ".12 | 8.5 | 34.\n"
    "7.. | 316 | ..\n";

}  // namespace

TEST(CapiReader, RecordsAndErrorsFromABuffer) {
  std::string text = kPuzzle + " 3.0\n" + "12345\n" + "\n" + kPuzzle.substr(0, 40) + "x" + kPuzzle.substr(41) + "\n" + kGrid9;
  const ReaderPtr reader = open_buffer(text);
  text.assign(text.size(), '!');  // the reader holds its own copy
  const auto items = read_all(reader.get());
  ASSERT_GE(items.size(), 4u);
  EXPECT_EQ(items[0].status, SUDOKIT_OK);
  EXPECT_EQ(items[0].kind, SUDOKIT_RECORD_PUZZLE);
  EXPECT_EQ(items[0].text, kPuzzle);
  EXPECT_EQ(items[0].fields, "3.0");
  EXPECT_EQ(items[0].line, 1u);
  EXPECT_EQ(items[1].status, SUDOKIT_E_PARSE);
  EXPECT_EQ(items[1].line, 2u);
  EXPECT_NE(items[1].message.find("found 5 characters"), std::string::npos) << items[1].message;
  EXPECT_EQ(items[2].status, SUDOKIT_E_PARSE);
  EXPECT_EQ(items[2].line, 4u);
  EXPECT_EQ(items[2].column, 41u);
  EXPECT_EQ(items[3].status, SUDOKIT_E_PARSE) << "the 9-line grid's last row has 8 cells";
  EXPECT_GE(items[3].line, 5u);
  // After the end, the end again.
  sudokit_record r = SUDOKIT_RECORD_INIT;
  EXPECT_EQ(sudokit_reader_next(reader.get(), &r), SUDOKIT_END);
  EXPECT_EQ(sudokit_reader_next(reader.get(), &r), SUDOKIT_END);
}

TEST(CapiReader, NineLineGridsAndCsv) {
  std::string grid = kGrid9;
  grid.replace(grid.rfind("..\n"), 3, "..9\n");
  auto items = read_all(open_buffer(grid).get());
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].status, SUDOKIT_OK) << items[0].message;
  EXPECT_EQ(items[0].text, kPuzzle);

  items = read_all(open_buffer("puzzle,rating\n" + kPuzzle + ",3.0\n").get());
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].text, kPuzzle);
  EXPECT_EQ(items[0].line, 2u);
}

TEST(CapiReader, PencilMarkLinesOnRequest) {
  const std::string marks = all_candidates(kPuzzle);
  auto items = read_all(open_buffer(marks + "\n").get());
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].status, SUDOKIT_E_PARSE);
  items = read_all(open_buffer(marks + "\n" + kPuzzle + "\n", SUDOKIT_READ_PENCILMARKS).get());
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].status, SUDOKIT_OK) << items[0].message;
  EXPECT_EQ(items[0].kind, SUDOKIT_RECORD_PENCILMARKS);
  EXPECT_EQ(items[0].text, marks);
  EXPECT_EQ(items[1].kind, SUDOKIT_RECORD_PUZZLE);
}

TEST(CapiReader, FilesAndPaths) {
  sudokit::test::TempDir dir;
  const std::string path = dir.file("puzzles.txt");
  {
    std::FILE* f = std::fopen(path.c_str(), "w");
    ASSERT_NE(f, nullptr);
    std::fputs((kPuzzle + "\n" + kSolution + "\n").c_str(), f);
    std::fclose(f);
  }
  sudokit_reader* r = nullptr;
  ASSERT_EQ(sudokit_reader_open_path(path.c_str(), 0, &r), SUDOKIT_OK) << last_error();
  auto items = read_all(r);
  sudokit_reader_free(r);
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[1].text, kSolution);

  std::FILE* f = std::fopen(path.c_str(), "r");
  ASSERT_NE(f, nullptr);
  ASSERT_EQ(sudokit_reader_open_file(f, 0, &r), SUDOKIT_OK);
  items = read_all(r);
  sudokit_reader_free(r);
  EXPECT_EQ(items.size(), 2u);
  EXPECT_EQ(std::fclose(f), 0) << "the reader must not close the caller's FILE";

  const std::string missing = dir.file("missing.txt");
  r = reinterpret_cast<sudokit_reader*>(1);
  EXPECT_EQ(sudokit_reader_open_path(missing.c_str(), 0, &r), SUDOKIT_E_IO);
  EXPECT_EQ(r, nullptr);
  EXPECT_NE(last_error().find(missing), std::string::npos) << last_error();
  EXPECT_NE(last_error().find("No such file"), std::string::npos) << last_error();
}

TEST(CapiReader, ReadErrorsEndTheInput) {
  std::FILE* f = std::fopen("/tmp", "r");  // a directory: fread fails with EISDIR
  ASSERT_NE(f, nullptr);
  sudokit_reader* r = nullptr;
  ASSERT_EQ(sudokit_reader_open_file(f, 0, &r), SUDOKIT_OK);
  sudokit_record rec = SUDOKIT_RECORD_INIT;
  EXPECT_EQ(sudokit_reader_next(r, &rec), SUDOKIT_E_IO);
  EXPECT_NE(std::string(rec.message).find("directory"), std::string::npos) << rec.message;
  EXPECT_EQ(sudokit_reader_next(r, &rec), SUDOKIT_END);
  sudokit_reader_free(r);
  std::fclose(f);
}

TEST(CapiReader, BadArguments) {
  sudokit_reader* r = nullptr;
  EXPECT_EQ(sudokit_reader_open_buffer(nullptr, 3, 0, &r), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(sudokit_reader_open_buffer("x", 1, 0, nullptr), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(sudokit_reader_open_buffer("x", 1, 8, &r), SUDOKIT_E_OPTION);
  EXPECT_NE(last_error().find("flags"), std::string::npos) << last_error();
  EXPECT_EQ(sudokit_reader_open_file(nullptr, 0, &r), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(sudokit_reader_open_path(nullptr, 0, &r), SUDOKIT_E_INVALID_ARGUMENT);
  EXPECT_EQ(r, nullptr);
  sudokit_record rec = SUDOKIT_RECORD_INIT;
  EXPECT_EQ(sudokit_reader_next(nullptr, &rec), SUDOKIT_E_INVALID_ARGUMENT);
  const ReaderPtr reader = open_buffer(kPuzzle);
  EXPECT_EQ(sudokit_reader_next(reader.get(), nullptr), SUDOKIT_E_INVALID_ARGUMENT);
  rec.struct_size = 0;
  EXPECT_EQ(sudokit_reader_next(reader.get(), &rec), SUDOKIT_E_INVALID_ARGUMENT);
  rec = SUDOKIT_RECORD_INIT;
  EXPECT_EQ(sudokit_reader_next(reader.get(), &rec), SUDOKIT_OK) << "a refused call consumes nothing";
  EXPECT_EQ(std::string(rec.text), kPuzzle);
  sudokit_reader_free(nullptr);
  // An empty buffer: the end at once.
  EXPECT_TRUE(read_all(open_buffer("").get()).empty());
}
