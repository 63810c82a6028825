// Fuzz target: the text reader every command uses (solver/text.hpp) on any
// bytes: 81-character lines with or without fields, the puzzle-bank and CSV
// layouts as the reader sees them, 9-line grids with separators, batch files
// ended by "end", CRLF, byte order marks, binary garbage. Checks that it
// always terminates, numbers lines within the text in increasing order,
// yields only digits 0..9, explains every error, and that what it reads
// round-trips through both writers (line and 9-line grid).
#include <algorithm>
#include <string>

#include "fuzz_support.hpp"

using namespace sudokit;

namespace {

void check_round_trip(const Grid& grid, const std::string& text, const char* writer) {
  PuzzleReader reader(text);
  TextRecord rec;
  ParseError err;
  FUZZ_CHECK(reader.next(rec, err) == ReadStatus::Record, "the %s writer's output does not read back: %s", writer,
             err.message.c_str());
  FUZZ_CHECK(rec.grid == grid, "the %s writer's output reads back as another grid", writer);
  FUZZ_CHECK(reader.next(rec, err) == ReadStatus::End, "the %s writer's output holds more than one record", writer);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  const std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;

  PuzzleReader reader(text);
  TextRecord rec;
  ParseError err;
  std::size_t last_line = 0, results = 0;
  for (;;) {
    err = ParseError{};
    const ReadStatus status = reader.next(rec, err);
    if (status == ReadStatus::End) break;
    // Each result consumes at least one line (a line pushed back after a
    // short grid is read at most twice), so this bounds the loop.
    FUZZ_CHECK(++results <= 2 * lines, "more results (%zu) than the %zu lines allow", results, lines);
    const std::size_t line = status == ReadStatus::Record ? rec.line : err.line;
    FUZZ_CHECK(line >= 1 && line <= lines, "line %zu outside the text's %zu lines", line, lines);
    FUZZ_CHECK(line > last_line, "line %zu reported after line %zu", line, last_line);
    last_line = line;
    if (status == ReadStatus::Error) {
      FUZZ_CHECK(!err.message.empty(), "an error without a message at line %zu", line);
      continue;
    }
    for (std::uint8_t v : rec.grid.cells) FUZZ_CHECK(v <= 9, "cell value %d", int(v));
    FUZZ_CHECK(rec.fields.empty() || (rec.fields.data() >= text.data() && rec.fields.data() + rec.fields.size() <= text.data() + text.size()),
               "fields point outside the text");
    check_round_trip(rec.grid, format_line(rec.grid) + "\n", "line");
    check_round_trip(rec.grid, format_grid(rec.grid), "grid");
  }
  // The end is final.
  FUZZ_CHECK(reader.next(rec, err) == ReadStatus::End, "a record after the end");

  // parse_puzzle on the first 81 bytes: accepted exactly when every byte is a cell character.
  if (size >= 81) {
    Grid g;
    ParseError perr;
    const bool ok = parse_puzzle(text.substr(0, 81), g, perr);
    const bool all_cells = std::all_of(text.begin(), text.begin() + 81,
                                       [](char c) { return (c >= '1' && c <= '9') || is_empty_char(c); });
    FUZZ_CHECK(ok == all_cells, "parse_puzzle said %d for a line whose characters are %s", int(ok),
               all_cells ? "all cells" : "not all cells");
    if (ok) FUZZ_CHECK(g == fuzz::grid_from_bytes(data, 81), "parse_puzzle read other digits");
    else FUZZ_CHECK(perr.column >= 1 && perr.column <= 81, "error column %zu", perr.column);
  }
  return 0;
}
