// db::import_inputs: `db import`'s run over several inputs as a library
// function (the CLI parses, calls it and prints): counts over the inputs,
// problems named by input and line, an unreadable input skipped, progress
// over all inputs, a stop ending the run after the input being read.
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <string>
#include <vector>

#include "db_test_util.hpp"
#include "sudokit/db/import.hpp"
#include "sudokit/db/store.hpp"
#include "sudokit/solver/text.hpp"

#include <sqlite3.h>

namespace sudokit::db {
namespace {

using test::TempDir;

constexpr const char* kA = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
constexpr const char* kB = "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....";
constexpr const char* kC = "6.....8.3.4.7.................5.4.7.3..2.....1.6.......2.....5.....8.6......1....";

// An input whose bytes are `text` (read in one piece), or that cannot be opened.
ImportInput text_input(const std::string& label, const std::string& text, int* opened = nullptr) {
  return {label, [text, opened](ByteSource& source, std::string&) {
            if (opened != nullptr) ++*opened;
            auto done = std::make_shared<bool>(false);
            source = [text, done](char* buffer, std::size_t size, std::string&) -> long {
              if (*done) return 0;
              *done = true;
              EXPECT_LE(text.size(), size);
              text.copy(buffer, text.size());
              return static_cast<long>(text.size());
            };
            return true;
          }};
}
ImportInput missing_input(const std::string& label) {
  return {label, [](ByteSource&, std::string& error) {
            error = "No such file or directory";
            return false;
          }};
}

struct Problem {
  std::string label;
  std::size_t line;
  std::string reason;
  bool operator==(const Problem&) const = default;
};

ImportOptions quick() {
  ImportOptions o;
  o.threads = 1;
  return o;
}

TEST(ImportInputs, CountsEveryInputNamesProblemsByInputAndSkipsOneThatCannotBeRead) {
  TempDir dir;
  PuzzleStore store(dir.file("s.db"));
  const std::vector<ImportInput> inputs = {
      text_input("a.txt", std::string(kA) + "\nnot a puzzle\n" + kB + "\n"),
      missing_input("gone.txt"),
      text_input("b.txt", std::string(kC) + "\n" + kA + "\n"),
  };
  ImportOptions options = quick();
  std::vector<std::uint64_t> progress;
  options.progress = [&](std::uint64_t records) { progress.push_back(records); };
  std::vector<Problem> problems;
  const ImportRun run = import_inputs(store, inputs, options, [&](const std::string& label, std::size_t line, const std::string& reason) {
    problems.push_back({label, line, reason});
  });
  EXPECT_TRUE(run.store_error.empty()) << run.store_error;
  EXPECT_EQ(run.counts.records, 5u);
  EXPECT_EQ(run.counts.imported, 3u);
  EXPECT_EQ(run.counts.duplicates, 1u);
  EXPECT_EQ(run.counts.rejected, 1u);
  EXPECT_FALSE(run.counts.interrupted);
  EXPECT_EQ(run.problems, 2u);
  ASSERT_EQ(problems.size(), 2u);
  EXPECT_EQ(problems[0].label, "a.txt");
  EXPECT_EQ(problems[0].line, 2u);
  EXPECT_EQ(problems[1], (Problem{"gone.txt", 0, "cannot read: No such file or directory"}));
  // Progress counts the records of every input so far, never going back.
  ASSERT_FALSE(progress.empty());
  EXPECT_EQ(progress.back(), 5u);
  for (std::size_t i = 1; i < progress.size(); ++i) EXPECT_LE(progress[i - 1], progress[i]);
  EXPECT_EQ(store.stored(), 3u);
}

TEST(ImportInputs, AStopEndsTheRunAfterTheInputBeingRead) {
  TempDir dir;
  PuzzleStore store(dir.file("s.db"));
  std::atomic<bool> stop{false};
  int third_opened = 0;
  // The second input asks for the stop as it is opened (a signal arriving then).
  ImportInput second = text_input("b.txt", std::string(kB) + "\n");
  auto open_b = second.open;
  second.open = [&stop, open_b](ByteSource& source, std::string& error) {
    stop.store(true);
    return open_b(source, error);
  };
  const std::vector<ImportInput> inputs = {text_input("a.txt", std::string(kA) + "\n"), second,
                                           text_input("c.txt", std::string(kC) + "\n", &third_opened)};
  ImportOptions options = quick();
  options.stop = &stop;
  const ImportRun run = import_inputs(store, inputs, options, nullptr);
  EXPECT_TRUE(run.counts.interrupted);
  EXPECT_EQ(run.counts.imported, 1u);  // a.txt's; b.txt read nothing once stopped
  EXPECT_EQ(third_opened, 0);
  EXPECT_EQ(store.stored(), 1u);
}

TEST(ImportInputs, AStoreFailureEndsTheRunWithWhatWasCommittedAndTheBatchLost) {
  // SQLite refuses the 201st row (a trigger; a full disk behaves the same).
  TempDir dir;
  const std::string path = dir.file("fail.db");
  const auto puzzles = test::load_puzzles("puzzles_17clue.txt", 500);
  std::string text;
  for (const Grid& p : puzzles) text += format_line(p) + "\n";
  StoreOptions so;
  so.batch_rows = 100;
  PuzzleStore store(path, so);
  test::Raw raw(path);
  ASSERT_EQ(raw.exec("CREATE TRIGGER refuse BEFORE INSERT ON puzzles WHEN (SELECT count(*) FROM puzzles) >= 200 "
                     "BEGIN SELECT RAISE(ABORT, 'simulated failure'); END;"),
            SQLITE_OK);
  int second_opened = 0;
  const std::vector<ImportInput> inputs = {text_input("big.txt", text + "not a puzzle\n"),
                                           text_input("after.txt", std::string(kA) + "\n", &second_opened)};
  std::vector<Problem> problems;
  const ImportRun run = import_inputs(store, inputs, quick(), [&](const std::string& label, std::size_t line, const std::string& reason) {
    problems.push_back({label, line, reason});
  });
  EXPECT_NE(run.store_error.find("simulated failure"), std::string::npos) << run.store_error;
  EXPECT_EQ(run.counts.imported, 200u);  // two whole batches committed
  EXPECT_EQ(run.lost, 100u);             // the third, rolled back and discarded
  EXPECT_EQ(run.counts.rejected, run.problems);
  EXPECT_EQ(second_opened, 0);
  EXPECT_EQ(raw.integer("SELECT count(*) FROM puzzles"), 200);
}

}  // namespace
}  // namespace sudokit::db
