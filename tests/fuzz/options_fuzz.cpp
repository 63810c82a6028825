// Fuzz target: the small text parsers behind options and side inputs, on
// any bytes (the first byte picks one): the level table (--levels), a clue
// pattern (generate --pattern MASK|FILE), technique names
// (--require-technique, db export --technique), symmetry and dig order
// names (--symmetry, --dig-order) and the reference ratings `grade
// --compare` reads after each puzzle, fed on into the comparison report;
// with a first byte from 0xF8 the number reader behind every numeric field
// (parse_number, parse_rating) and the numeric options themselves, parsed
// by Boost.program_options with tools/cli/options.hpp's add_number.
// Checks what each promises: levels ascend from 0 and every rating gets one
// of them; a pattern holds exactly its marked cells; a technique's key and
// name parse back to it; a symmetry's and a dig order's names parse back to
// them; the report is produced for any references and every reference is a
// rating; a number read is finite, never wrapped (no '-' into an unsigned)
// and prints back to itself; an option's value is in its range or the
// option is refused with a message naming it.
#include <algorithm>
#include <cmath>
#include <string>

#include "fuzz_support.hpp"
#include "options.hpp"
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
  for (const Level& l : levels) FUZZ_CHECK(l.min_er >= kMinRating && l.min_er <= kMaxRating, "level %g is not a rating", l.min_er);
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
    std::string error;
    if (parse_reference(text.substr(start, end - start), ref, error)) {
      for (double r : {ref.er, ref.ep, ref.ed})
        FUZZ_CHECK(r >= kMinRating && r <= kMaxRating, "reference %g is not a rating", r);
      comparison.add(std::string(81, '.'), ref, ++n % 2 ? rated : unrated);
    } else {
      FUZZ_CHECK(!error.empty(), "a reference refused without a reason");
    }
    start = end + 1;
  }
  const std::string report = comparison.report();
  FUZZ_CHECK(!report.empty(), "an empty report");
  comparison.mismatches();
}

template <class T>
void check_number_as(std::string_view text) {
  T v = 42;
  if (!parse_number(text, v)) {
    FUZZ_CHECK(v == 42, "a refused number changed the value");
    return;
  }
  FUZZ_CHECK(!text.empty() && text.find_first_of(" \t\n") == std::string_view::npos, "blanks taken as a number");
  if constexpr (std::is_unsigned_v<T>) FUZZ_CHECK(text.find('-') == std::string_view::npos, "'-' read into an unsigned");
  if constexpr (std::is_floating_point_v<T>) FUZZ_CHECK(std::isfinite(v), "a non-finite number was read");
  T back = 0;
  FUZZ_CHECK(parse_number(sudokit::cli::number_text(v), back) && back == v, "a number does not print back to itself");
}

void check_number(std::string_view text) {
  check_number_as<std::uint64_t>(text);
  check_number_as<unsigned>(text);
  check_number_as<int>(text);
  check_number_as<std::int64_t>(text);
  check_number_as<double>(text);
  double r = -1;
  std::string error;
  if (parse_rating(text, r, error)) FUZZ_CHECK(r >= kMinRating && r <= kMaxRating, "rating %g out of the scale", r);
  else FUZZ_CHECK(error.find("is not a number from 0 to 20") != std::string::npos, "a rating refused without the rule");
}

/// A numeric option parsed as the commands parse it: the value is in range
/// or the option is refused naming itself, its range and the text.
void check_option(const std::string& value) {
  namespace po = boost::program_options;
  using sudokit::cli::Accepts;
  using sudokit::cli::add_number;
  unsigned threads = 1;
  double seconds = 0;
  int per_page = 4;
  po::options_description opts;
  add_number(opts, "threads", threads, {1, sudokit::kMaxThreads}, "threads", 1);
  add_number(opts, "time-limit", seconds, {0, sudokit::kMaxSeconds, "no limit"}, "seconds", 0.0);
  add_number(opts, "per-page", per_page, {.only = {1, 2, 4, 6}}, "per page", 4);
  for (const char* name : {"--threads", "--time-limit", "--per-page"}) {
    po::variables_map vm;
    const std::vector<std::string> args = {name, value};
    try {
      po::store(po::command_line_parser(args).options(opts).run(), vm);
      po::notify(vm);
    } catch (const po::error& e) {
      const std::string what = e.what();
      FUZZ_CHECK(what.find(name) != std::string::npos, "a refused option is not named: %s", what.c_str());
      continue;
    }
    FUZZ_CHECK(threads >= 1 && threads <= sudokit::kMaxThreads, "--threads %u accepted", threads);
    FUZZ_CHECK(std::isfinite(seconds) && seconds >= 0 && seconds <= sudokit::kMaxSeconds, "--time-limit %g accepted", seconds);
    FUZZ_CHECK(per_page == 1 || per_page == 2 || per_page == 4 || per_page == 6, "--per-page %d accepted", per_page);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text = fuzz::as_text(data + 1, size - 1);
  if (data[0] >= 0xF8) {  // the numbers; below, the first five checks as before
    if (data[0] < 0xFC) check_number(text);
    else check_option(std::string(text));
    return 0;
  }
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
