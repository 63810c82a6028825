// Helpers for the db tests: a temporary directory removed at the end, a raw
// SQLite connection to look at the files the store writes (the tests check
// the real file, not the store's own view of it), and sample puzzles.
#pragma once

#include <gtest/gtest.h>
#include <sqlite3.h>
#include <stdlib.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "sudokit/db/export.hpp"
#include "sudokit/db/record.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/solve_any.hpp"
#include "sudokit/solver/text.hpp"
#include "../data_file.hpp"
#include "../temp_dir.hpp"

namespace sudokit::db::test {

using sudokit::test::TempDir;

/// A plain SQLite connection, for looking at or preparing files by hand.
class Raw {
 public:
  explicit Raw(const std::string& path, int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) {
    if (sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) != SQLITE_OK) ADD_FAILURE() << "cannot open " << path;
    sqlite3_busy_timeout(db_, 10000);
  }
  ~Raw() { sqlite3_close_v2(db_); }
  Raw(const Raw&) = delete;
  Raw& operator=(const Raw&) = delete;

  /// Runs statements; returns SQLite's result code.
  int exec(const std::string& sql) {
    char* msg = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &msg);
    if (msg != nullptr) sqlite3_free(msg);
    return rc;
  }
  /// The first column of every row as text ("" for NULL).
  std::vector<std::string> column(const std::string& sql) {
    std::vector<std::string> out;
    sqlite3_stmt* st = nullptr;
    if (sqlite3_prepare_v2(db_, sql.c_str(), -1, &st, nullptr) != SQLITE_OK) {
      ADD_FAILURE() << "cannot prepare " << sql << ": " << sqlite3_errmsg(db_);
      return out;
    }
    while (sqlite3_step(st) == SQLITE_ROW) {
      const auto* t = sqlite3_column_text(st, 0);
      out.emplace_back(t == nullptr ? "" : reinterpret_cast<const char*>(t));
    }
    sqlite3_finalize(st);
    return out;
  }
  std::string text(const std::string& sql) {
    auto c = column(sql);
    return c.empty() ? std::string("<no row>") : c[0];
  }
  std::int64_t integer(const std::string& sql) { return std::stoll(text(sql)); }
  sqlite3* get() { return db_; }

 private:
  sqlite3* db_ = nullptr;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void write_file(const std::string& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

using sudokit::test::data_file;

/// The first `max` puzzles of a data file.
inline std::vector<Grid> load_puzzles(const std::string& name, std::size_t max = SIZE_MAX) {
  const std::string text = slurp(data_file(name));
  PuzzleReader reader(text);
  TextRecord rec;
  ParseError err;
  std::vector<Grid> out;
  while (out.size() < max && reader.next(rec, err) == ReadStatus::Record) out.push_back(rec.grid);
  return out;
}

/// A record for a puzzle with a unique solution, with every column set as
/// the generator would set it (ratings made up but well-formed).
inline PuzzleRecord full_record(const Grid& puzzle, std::uint64_t index) {
  PuzzleRecord r = make_record(puzzle, solve(puzzle, 2).solution);
  r.symmetry = index % 2 ? "none" : "rotational";
  r.minimal = index % 3 != 0;
  r.method = index % 2 ? "backtrack" : "digit-box";
  r.seed = 0xFFFFFFFFFFFFFFF0ull + index % 7;  // above 2^63: stored as negative integers
  r.index = index;
  r.er = 1.2 + static_cast<double>(index % 80) / 10;
  r.ep = 1.2;
  r.ed = 1.0 + static_cast<double>(index % 3) / 10;
  r.level = index % 2 ? "hard" : "expert";
  r.hardest = index % 2 ? "x-wing" : "xy-chain";
  r.histogram = index % 2 ? R"({"hidden-single":40,"x-wing":1})" : R"({"hidden-single":30,"pointing":2,"xy-chain":3})";
  r.source_rating = index % 4 == 0 ? std::optional<double>(7.25) : std::nullopt;
  r.search_moves = index % 3 == 0 ? std::nullopt : std::optional<int>(static_cast<int>(index % 5));
  r.dig_order = index % 3 == 0 ? "" : index % 3 == 1 ? "random" : "sparse-digits";
  r.origin = index % 4 == 1 ? "A0b1C2d3E4f5G6h7" : "";
  r.created_at = "2024-05-01T12:00:0" + std::to_string(index % 10) + "Z";
  return r;
}

/// A variant record: a full grid of the geometry (seeded) and the puzzle
/// that keeps every third cell of it: well-formed rows for the store (the
/// store does not count solutions).
inline PuzzleRecord variant_record(const std::string& spelling, std::uint64_t seed) {
  const GeometryPtr g = parse_geometry(spelling);
  AnySolveOptions options;
  options.shuffle_seed = seed;
  const std::vector<std::uint8_t> empty(static_cast<std::size_t>(g->cells()), 0);
  const AnySolveResult full = solve_any(*g, empty, 1, options);
  EXPECT_EQ(full.count, 1u) << spelling;
  std::vector<std::uint8_t> puzzle = full.solution;
  for (std::size_t i = 0; i < puzzle.size(); ++i)
    if (i % 3 != seed % 3) puzzle[i] = 0;
  PuzzleRecord r = make_variant_record(g, puzzle, full.solution);
  r.method = "backtrack";
  r.seed = seed;
  r.index = 0;
  r.created_at = "2026-11-28T10:00:00Z";
  return r;
}

/// What export_puzzles writes, as a string.
inline std::string export_to_string(PuzzleStore& store, ExportFormat format, const PuzzleFilter& filter = {}) {
  char* data = nullptr;
  std::size_t size = 0;
  std::FILE* f = open_memstream(&data, &size);
  export_puzzles(store, filter, format, f, "<memory>");
  std::fclose(f);
  std::string out(data, size);
  std::free(data);
  return out;
}

}  // namespace sudokit::db::test
