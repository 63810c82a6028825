// Fuzz target: the position readers of the hints (grader/hint.hpp and
// solver/marks_text.hpp) on any bytes: 729-character pencil-mark lines,
// HoDoKu/SudokuWiki candidate grids, JSON positions, GIVENS ENTRIES lines,
// garbage. Checks that cutting records (PositionReader) always terminates
// and moves forward, that it cuts the same records from a stream handing out
// a few bytes at a time as from the text in memory, that
// every error has a message and a cell in range, that what is read is well
// formed (digits 0..9, no entry on a given, a mark in every cell neither
// given nor entered) and round-trips through the 729-character writer, and
// that a solution found under the marks honours them.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "../trickle.hpp"
#include "fuzz_support.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/solver/marks_text.hpp"
#include "sudokit/solver/solve_marks.hpp"

using namespace sudokit;
using namespace sudokit::grader;

namespace {

/// The records PositionReader cuts out of `lines`, with their first lines.
std::vector<std::pair<std::size_t, std::string>> cut(LineReader lines) {
  PositionReader reader{std::move(lines)};
  std::vector<std::pair<std::size_t, std::string>> out;
  std::string record;
  std::size_t first = 0;
  ParseError error;
  for (ReadStatus s; (s = reader.next(record, first, error)) != ReadStatus::End;) {
    FUZZ_CHECK(s == ReadStatus::Record, "a reading error: %s", error.message.c_str());
    out.emplace_back(first, record);
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  const auto records = cut(LineReader(text));
  const std::size_t lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1;
  FUZZ_CHECK(records.size() <= lines, "more records (%zu) than lines (%zu)", records.size(), lines);
  std::size_t last = 0;
  for (const auto& [first, rec] : records) {
    FUZZ_CHECK(first > last && first <= lines, "record line %zu after %zu, outside 1..%zu", first, last, lines);
    last = first;
    Position p;
    PositionError e;
    if (!parse_position(rec, p, e)) {
      FUZZ_CHECK(!e.message.empty(), "an error without a message");
      FUZZ_CHECK(e.cell >= -1 && e.cell < kCells, "error cell %d out of range", e.cell);
      continue;
    }
    for (int c = 0; c < kCells; ++c) {
      FUZZ_CHECK(p.givens[c] <= 9 && p.entries[c] <= 9, "a digit out of range in cell %d", c);
      FUZZ_CHECK(p.givens[c] == 0 || p.entries[c] == 0, "an entry on a given in cell %d", c);
      if (p.has_marks)
        FUZZ_CHECK((p.marks[c] != 0 || p.givens[c] != 0 || p.entries[c] != 0) && p.marks[c] <= kAllDigits,
                   "bad marks in cell %d", c);
    }
    if (!p.has_marks) continue;
    Candidates back;
    ParseError perr;
    FUZZ_CHECK(parse_pencilmarks(format_pencilmarks(p.marks), back, perr, /*empty_cells=*/true), "marks do not round-trip: %s",
               perr.message.c_str());
    FUZZ_CHECK(back.masks == p.marks.masks, "marks read back differently");
    const SolveResult sr = solve_marks(p.marks, 2);
    if (sr.count > 0) {
      FUZZ_CHECK(find_conflict(sr.solution) == std::nullopt && sr.solution.is_complete(), "an invalid solution");
      for (int c = 0; c < kCells; ++c)
        FUZZ_CHECK(p.marks[c] & digit_bit(sr.solution[c]), "the solution leaves the marks in cell %d", c);
    }
  }
  // A stream handing out 1, 2, 3, ... 7 bytes at a time gives the same records, from the same lines.
  const auto streamed = cut(LineReader(test::trickle(std::string(text), {1, 2, 3, 4, 5, 6, 7})));
  FUZZ_CHECK(streamed == records, "%zu records from the stream, %zu from the text, or not the same", streamed.size(),
             records.size());
  return 0;
}
