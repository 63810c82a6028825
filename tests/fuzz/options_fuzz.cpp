// Fuzz target: the small text parsers behind options and side inputs, on
// any bytes (the first byte picks one): the level table (--levels), a clue
// pattern (generate --pattern MASK|FILE), technique names
// (--require-technique, db export --technique), symmetry and dig order
// names (--symmetry, --dig-order) and the reference ratings `grade
// --compare` reads after each puzzle, fed on into the comparison report.
// Checks what each promises: levels ascend from 0 and every rating gets one
// of them; a pattern holds exactly its marked cells; a technique's key and
// name parse back to it; a symmetry's and a dig order's names parse back to
// them; the report is produced for any references.
#include <algorithm>
#include <cmath>
#include <string>

#include "fuzz_support.hpp"
#include "sudokit/generator/digger.hpp"
#include "sudokit/grader/compare.hpp"
#include "sudokit/grader/grade.hpp"

using namespace sudokit;
using namespace sudokit::grader;

namespace {

void check_levels(const std::string& text) {
  std::vector<Level> levels;
  std::string error;
  if (!parse_levels(text, levels, error)) {
    FUZZ_CHECK(!error.empty(), "rejected levels without a reason");
    return;
  }
  FUZZ_CHECK(!levels.empty() && levels.front().min_er == 0.0, "levels do not start at 0");
  for (std::size_t i = 1; i < levels.size(); ++i)
    FUZZ_CHECK(levels[i].min_er > levels[i - 1].min_er, "levels do not ascend");
  for (double er : {0.0, 1.2, 4.4, 7.25, 9.9, 12.0, 1e300, -1.0}) {
    const std::string& name = level_for(er, levels);
    FUZZ_CHECK(std::any_of(levels.begin(), levels.end(), [&](const Level& l) { return &l.name == &name; }),
               "level_for(%g) is not in the table", er);
  }
}

void check_pattern(std::string_view text) {
  CellSet pattern;
  std::string error;
  if (!parse_pattern(text, pattern, error)) {
    FUZZ_CHECK(!error.empty(), "rejected a pattern without a reason");
    return;
  }
  const auto marked = std::count_if(text.begin(), text.end(),
                                    [](char c) { return c == 'x' || c == 'X' || (c >= '1' && c <= '9'); });
  FUZZ_CHECK(pattern.size() == marked, "%d cells in the pattern, %d marked", pattern.size(), static_cast<int>(marked));
}

void check_technique(std::string_view text) {
  Technique t{};
  if (!parse_technique(text, t)) return;
  FUZZ_CHECK(static_cast<int>(t) < kTechniqueCount, "technique %d out of range", int(t));
  Technique back{};
  FUZZ_CHECK(parse_technique(technique_key(t), back) && back == t, "the key of a parsed technique does not parse back");
  FUZZ_CHECK(parse_technique(technique_name(t), back) && back == t, "the name of a parsed technique does not parse back");
}

void check_symmetry(std::string_view text) {
  const auto s = parse_symmetry(text);
  if (!s) return;
  FUZZ_CHECK(parse_symmetry(symmetry_name(*s)) == s, "the name of a parsed symmetry does not parse back");
}

void check_dig_order(std::string_view text) {
  const auto o = parse_dig_order(text);
  if (!o) return;
  FUZZ_CHECK(parse_dig_order(dig_order_name(*o)) == o, "the name of a parsed dig order does not parse back");
}

void check_references(std::string_view text) {
  // Each line: the fields after a puzzle, as `grade --compare` sees them.
  Comparison comparison;
  Grade rated, unrated;
  rated.er = 7.2;
  rated.ep = 1.5;
  rated.ed = 1.2;
  unrated.status = GradeStatus::BeyondTechniques;
  std::size_t start = 0;
  int n = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    Reference ref;
    if (parse_reference(text.substr(start, end - start), ref))
      comparison.add(std::string(81, '.'), ref, ++n % 2 ? rated : unrated);
    start = end + 1;
  }
  const std::string report = comparison.report();
  FUZZ_CHECK(!report.empty(), "an empty report");
  comparison.mismatches();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  switch (data[0] % 5) {
    case 0: check_levels(std::string(text)); break;
    case 1: check_pattern(text); break;
    case 2: check_technique(text); break;
    case 3:
      check_symmetry(text);
      check_dig_order(text);
      break;
    default: check_references(text); break;
  }
  return 0;
}
