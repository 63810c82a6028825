// Fuzz target: the position readers of the hints (grader/hint.hpp and
// solver/marks_text.hpp) on any bytes: 729-character pencil-mark lines,
// HoDoKu/SudokuWiki candidate grids, JSON positions, GIVENS ENTRIES lines,
// garbage. Checks that cutting records always terminates and moves forward,
// that the stream reader (PositionReader) cuts the same records, that
// every error has a message and a cell in range, that what is read is well
// formed (digits 0..9, no entry on a given, a mark in every cell neither
// given nor entered) and round-trips through the 729-character writer, and
// that a solution found under the marks honours them.
#include <string>
#include <vector>

#include "fuzz_support.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/solver/marks_text.hpp"
#include "sudokit/solver/solve_marks.hpp"

using namespace sudokit;
using namespace sudokit::grader;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = fuzz::as_text(data, size);
  std::size_t pos = 0, line = 0, first = 0, records = 0;
  std::string_view rec;
  std::vector<std::size_t> firsts;
  while (next_position_text(text, pos, line, rec, first)) {
    FUZZ_CHECK(++records <= size + 1, "more records (%zu) than bytes", records);
    FUZZ_CHECK(first >= 1 && first <= line, "record line %zu outside 1..%zu", first, line);
    firsts.push_back(first);
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
  // The stream reader cuts the same records, from the same lines.
  PositionReader reader{LineReader(text)};
  std::string record;
  ParseError error;
  std::size_t n = 0;
  for (ReadStatus s; (s = reader.next(record, first, error)) != ReadStatus::End;) {
    FUZZ_CHECK(s == ReadStatus::Record, "a stream error: %s", error.message.c_str());
    FUZZ_CHECK(n < firsts.size() && firsts[n] == first, "record %zu: line %zu, not as cut from the text", n, first);
    ++n;
  }
  FUZZ_CHECK(n == firsts.size(), "%zu records from the stream, %zu from the text", n, firsts.size());
  return 0;
}
