// The WebAssembly engine under the npm package (web/README.md): embind
// functions over the same library calls the `sudokit` command makes, so a
// puzzle, a rating, a hint and an error message are the command's.
//   * Text (a puzzle, a position) is read by the command's readers
//     (PuzzleReader, parse_position), so a bad text gets the command's
//     message without its "source:line: " prefix.
//   * Generation is produce::plan_generation + produce::generate, the
//     command's own request: same options, same seed, same puzzles; a bad
//     option gets the library's message with the option named by its key
//     (kOptionKeys: "unknown level 'x' (expected ...)"); without a seed
//     index.js takes freshSeed(), the command's own draw.
//   * Steps are the grader's flat view (grader/view.hpp), hints are trimmed
//     to the reveal level by the library, bounds and defaults are the
//     library's (solver/limits.hpp, grader::GradeOptions, HintOptions).
// Every function returns a plain object; a failure is {error, option?} (the
// option's key) and index.js throws it as a SudokitError. No C++ exception leaves this file.
// The build has no threads: the pipeline works on the calling thread
// (generator/pipeline.hpp), and one Grader serves every call.
#include <emscripten/bind.h>
#include <emscripten/val.h>

#include <cmath>
#include <exception>
#include <limits>
#include <new>
#include <string>
#include <vector>

#include "sudokit/generator/digger.hpp"
#include "sudokit/generator/grids.hpp"
#include "sudokit/grader/explain.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/hint.hpp"
#include "sudokit/grader/technique.hpp"
#include "sudokit/grader/view.hpp"
#include "sudokit/produce/generate.hpp"
#include "sudokit/produce/variant_output.hpp"
#include "sudokit/solver/alphabet_word.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/canonical_any.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/limits.hpp"
#include "sudokit/solver/rule_breaks.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/solve_any.hpp"
#include "sudokit/solver/text.hpp"

namespace {

using emscripten::val;
using namespace sudokit;

val failure(const std::string& message, const std::string& option = "") {
  val v = val::object();
  v.set("error", message);
  if (!option.empty()) v.set("option", option);
  return v;
}

// generate()'s option keys (index.js, README.md), indexed by
// produce::GenerateOption: a bad option is named by its key. The command's
// --with-steps, --grade-time-limit, --shard and --from have no key here and
// are never at fault.
constexpr produce::GenerateOptionNames kOptionKeys = {
    "count", "seed", "threads", "method", "scramble", "base", "symmetry", "clues", "minimal", "verifyMinimal",
    "pattern", "digOrder", "maxAttempts", "grade", "withSteps", "levels", "level", "minRating", "maxRating",
    "requireTechniques", "hardestTechnique", "search", "searchKeep", "timeLimit", "gradeTimeLimit", "shard",
    "from", "strategy",
};

// Runs `body`, turning anything it throws into a failure object.
template <class Body>
val guarded(Body body) {
  try {
    return body();
  } catch (const produce::GenerateOptionError& e) {
    return failure(e.message(kOptionKeys), std::string(kOptionKeys[static_cast<std::size_t>(e.which())]));
  } catch (const std::bad_alloc&) {
    return failure("out of memory");
  } catch (const std::exception& e) {
    return failure(std::string("internal error: ") + e.what());
  } catch (...) {
    return failure("internal error");
  }
}

grader::Grader& the_grader() {
  static grader::Grader grader;
  return grader;
}

// One record from a text, as `sudokit solve` and `grade` read their input:
// an 81-character puzzle (with optional fields after it), a 9-line grid, or
// with `marks` a 729-character pencil-mark line. False with `error` set to
// the reader's message.
bool read_one(const std::string& text, bool marks, TextRecord& record, std::string& error) {
  PuzzleReader reader(text);
  if (marks) reader.accept_pencilmarks();
  ParseError pe;
  switch (reader.next(record, pe)) {
    case ReadStatus::Error: error = pe.message; return false;
    case ReadStatus::End: error = "no puzzle in the text"; return false;
    case ReadStatus::Record: break;
  }
  TextRecord more;
  if (reader.next(more, pe) != ReadStatus::End) {
    error = "more than one puzzle in the text (line " + std::to_string(more.line ? more.line : pe.line) + ")";
    return false;
  }
  return true;
}

val ints(const std::vector<int>& v) {
  val a = val::array();
  for (int x : v) a.call<void>("push", x);
  return a;
}

val candidate(int cell, int digit) {
  val c = val::object();
  c.set("cell", cell);
  c.set("digit", digit);
  return c;
}

val candidates(const std::vector<grader::CandidateRef>& list) {
  val a = val::array();
  for (const auto& c : list) a.call<void>("push", candidate(c.cell, c.digit));
  return a;
}

// A step: the grader's flat view (grader/view.hpp), as the C API's sudokit_step.
val step_value(const grader::Step& s) {
  const grader::StepView step = grader::step_view(s);
  val v = val::object();
  v.set("technique", step.technique);
  v.set("name", step.name);
  v.set("rating", step.rating);
  v.set("placeCell", step.place_cell);
  v.set("placeDigit", step.place_digit);
  v.set("eliminations", candidates(step.eliminations));
  v.set("cells", ints(step.cells));
  v.set("houses", ints(step.houses));
  v.set("text", step.text);
  v.set("chain", step.chain);
  return v;
}

val grade_value(const grader::Grade& g, const std::vector<grader::Level>& levels, bool with_solution) {
  val v = val::object();
  v.set("status", std::string(grader::grade_status_key(g.status)));
  v.set("rated", g.rated());
  if (!g.rated()) v.set("message", grader::status_message(g.status));
  if (g.rated()) {
    v.set("er", grader::rounded_rating(g.er));
    v.set("ep", grader::rounded_rating(g.ep));
    v.set("ed", grader::rounded_rating(g.ed));
    v.set("level", grader::level_for(g.er, levels));
    v.set("hardest", std::string(grader::technique_key(g.hardest)));
    v.set("hardestName", g.hardest_name);
  }
  v.set("stepCount", g.step_count);
  if (with_solution && g.solution[0] != 0) v.set("solution", format_line(g.solution));
  return v;
}

double number_or(const val& options, const char* key, double fallback) {
  const val x = options[key];
  return x.isUndefined() || x.isNull() ? fallback : x.as<double>();
}
std::string text_or(const val& options, const char* key, const std::string& fallback = "") {
  const val x = options[key];
  return x.isUndefined() || x.isNull() ? fallback : x.as<std::string>();
}
bool flag(const val& options, const char* key, bool fallback = false) {
  const val x = options[key];
  return x.isUndefined() || x.isNull() ? fallback : x.as<bool>();
}

}  // namespace

val sk_version() { return val(std::string(SUDOKIT_VERSION_STRING)); }

// A fresh seed as a decimal string (64 bits do not fit a JS number):
// produce::fresh_seed, where the command and the C API draw theirs.
val sk_fresh_seed() { return val(std::to_string(produce::fresh_seed())); }

val sk_techniques() {
  val a = val::array();
  for (int i = 0; i < grader::kTechniqueCount; ++i) {
    const auto t = static_cast<grader::Technique>(i);
    val e = val::object();
    e.set("key", std::string(grader::technique_key(t)));
    e.set("name", std::string(grader::technique_name(t)));
    a.call<void>("push", e);
  }
  return a;
}

namespace {

// A variant puzzle: the geometry parsed from its spelling, the cells read in
// the alphabet named by its word. null, or the failure to return: the
// library's message and the key at fault ("geometry" for a spelling,
// "alphabet", none for the cells).
struct VariantInput {
  GeometryPtr geometry;
  Alphabet alphabet = Alphabet::kDigits;
  std::vector<std::uint8_t> cells;
};
// The geometry and alphabet alone; with `load`, a geometry to generate in:
// load_geometry refuses one with no valid grid.
val read_shape(const std::string& spelling, const std::string& word, bool load, VariantInput& v) {
  const auto alphabet = parse_alphabet(word);
  if (!alphabet) return failure("alphabet: unknown '" + word + "' (expected " + std::string(kAlphabetWords) + ")", "alphabet");
  v.alphabet = *alphabet;
  try {
    v.geometry = parse_geometry(spelling);
    if (load) v.geometry = load_geometry(v.geometry->spelling());
  } catch (const GeometryError& e) {
    return failure(e.what(), "geometry");
  }
  try {
    digit_char(v.geometry->size(), v.geometry->size(), v.alphabet);
  } catch (const GeometryError& e) {
    return failure(std::string("alphabet: ") + e.what(), "alphabet");
  }
  return val::null();
}
val read_variant(const std::string& text, const std::string& spelling, const std::string& word, VariantInput& v) {
  if (val bad = read_shape(spelling, word, false, v); !bad.isNull()) return bad;
  try {
    v.cells = read_cells(*v.geometry, text, v.alphabet);
  } catch (const GeometryError& e) {
    return failure(e.what());
  }
  return val::null();
}

// The variant way of solve() and canonical(): a geometry given (not null),
// or an alphabet other than digits; else the classic call.
bool variant_call(const val& geometry, const std::string& alphabet) {
  return !(geometry.isNull() || geometry.isUndefined()) || alphabet != "digits";
}
std::string spelling_of(const val& geometry) {
  return geometry.isNull() || geometry.isUndefined() ? std::string("classic") : geometry.as<std::string>();
}

// The most solutions countSolutions() counts up to (solve() asks for 2).
constexpr unsigned kMaxSolutionLimit = 1'000'000'000;

}  // namespace

// geometry: null for the classic call (every text form `sudokit solve`
// reads, unless an alphabet other than digits is asked for); else a
// spelling, the cells in `alphabet`.
// `limit` is the caller's value as given (any JS value): the check and its
// message live here alone, and index.js passes both on unchanged.
val sk_solve(std::string text, val given_limit, val geometry, std::string alphabet) {
  return guarded([&] {
    const double limit = given_limit.isNumber() ? given_limit.as<double>() : std::nan("");
    if (!(limit >= 1 && limit <= kMaxSolutionLimit && std::floor(limit) == limit))
      return failure("limit must be a whole number from 1 to " + bound_text(kMaxSolutionLimit) + " (found " +
                         val::global("String")(given_limit).as<std::string>() + ")",
                     "limit");
    if (variant_call(geometry, alphabet)) {
      VariantInput in;
      if (val bad = read_variant(text, spelling_of(geometry), alphabet, in); !bad.isNull()) return bad;
      const AnySolveResult r = solve_any(*in.geometry, in.cells, static_cast<unsigned>(limit));
      val v = val::object();
      v.set("count", r.count);
      v.set("solution", r.count >= 1 ? val(print_cells(*in.geometry, r.solution, in.alphabet)) : val::null());
      return v;
    }
    TextRecord rec;
    std::string error;
    if (!read_one(text, false, rec, error)) return failure(error);
    const SolveResult r = solve(rec.grid, static_cast<unsigned>(limit));
    val v = val::object();
    v.set("count", r.count);
    v.set("solution", r.count >= 1 ? val(format_line(r.solution)) : val::null());
    return v;
  });
}

// The placed cells that break a rule of the geometry (rule_breaks.hpp).
val sk_check(std::string text, std::string geometry, std::string alphabet) {
  return guarded([&] {
    VariantInput in;
    if (val bad = read_variant(text, geometry, alphabet, in); !bad.isNull()) return bad;
    val v = val::object();
    v.set("cells", ints(rule_breaks(*in.geometry, in.cells)));
    return v;
  });
}

// What a page needs to draw a geometry: its canonical spelling, size, box
// shape, each cell's region (box or jigsaw piece; none: empty), every house
// (geometry.hpp's order) and the extra regions by rule: for each rule of
// the spelling that adds houses (x, windows, disjoint, centre-dot,
// girandola, asterisk), the indices of its houses in `houses`; and whether
// the non-consecutive rule holds (nc, nc+) and which leapers.
val sk_geometry(std::string spelling) {
  return guarded([&] {
    GeometryPtr g;
    try {
      g = parse_geometry(spelling);
    } catch (const GeometryError& e) {
      return failure(e.what(), "geometry");
    }
    val v = val::object();
    v.set("spelling", g->spelling());
    v.set("size", g->size());
    v.set("boxRows", g->box_rows());
    v.set("boxCols", g->box_cols());
    std::vector<int> regions(g->region_of().begin(), g->region_of().end());
    v.set("regions", ints(regions));
    val houses = val::array();
    for (const auto& h : g->houses()) houses.call<void>("push", ints(h));
    v.set("houses", houses);
    // The extra houses follow rows, columns and regions, rule by rule in
    // the canonical spelling's order (docs/VARIANTS.md, "The houses").
    std::size_t next = static_cast<std::size_t>(2 * g->size()) + (regions.empty() ? 0 : g->size());
    val extras = val::array();
    std::vector<std::string> rules;
    std::string_view rest = g->spelling();
    // A jigsaw map holds no comma; the rules are comma-separated words.
    while (!rest.empty()) {
      const std::size_t comma = rest.find(',');
      rules.emplace_back(rest.substr(0, comma));
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    bool nc = false;
    val leapers = val::array();
    for (const std::string& rule : rules) {
      const std::size_t count = rule == "x" ? 2 : rule == "windows" || rule == "disjoint" ? 9
                                : rule == "centre-dot" || rule == "girandola" || rule == "asterisk" ? 1 : 0;
      if (rule == "nc" || rule == "nc+") nc = true;
      if (rule == "anti-knight" || rule == "anti-king" || rule == "toroidal") leapers.call<void>("push", rule);
      if (count == 0) continue;
      val e = val::object();
      e.set("rule", rule);
      std::vector<int> list;
      for (std::size_t i = 0; i < count; ++i) list.push_back(static_cast<int>(next + i));
      e.set("houses", ints(list));
      extras.call<void>("push", e);
      next += count;
    }
    if (next != g->houses().size()) return failure("internal error: the houses of " + g->spelling() + " do not add up");
    v.set("extras", extras);
    v.set("nonConsecutive", nc);
    v.set("leapers", leapers);
    return v;
  });
}

// geometry: null for the classic call (every text form the command reads);
// else the variant's canonical form (canonical_any.hpp) and global id.
val sk_canonical(std::string text, val geometry, std::string alphabet) {
  return guarded([&] {
    if (variant_call(geometry, alphabet)) {
      VariantInput in;
      if (val bad = read_variant(text, spelling_of(geometry), alphabet, in); !bad.isNull()) return bad;
      std::vector<std::uint8_t> form;
      try {
        form = canonical_any(in.geometry, in.cells);
      } catch (const CanonicalLimit& e) {
        return failure(std::string("canonical: ") + e.what());
      } catch (const GeometryError& e) {
        return failure(std::string("canonical: ") + e.what());
      }
      val v = val::object();
      v.set("canonical", print_cells(*in.geometry, form, in.alphabet));
      v.set("globalId", global_id_of_canonical(*in.geometry, form));
      return v;
    }
    TextRecord rec;
    std::string error;
    if (!read_one(text, false, rec, error)) return failure(error);
    const Grid form = canonical_form(rec.grid);
    val v = val::object();
    v.set("canonical", format_line(form));
    v.set("globalId", global_id_of_canonical(form));
    return v;
  });
}

val sk_grade(std::string text, val options) {
  return guarded([&] {
    TextRecord rec;
    std::string error;
    if (!read_one(text, true, rec, error)) return failure(error);
    std::vector<grader::Level> levels = grader::default_levels();
    const std::string table = text_or(options, "levels");
    if (!table.empty() && !grader::parse_levels(table, levels, error)) return failure("levels: " + error, "levels");
    grader::GradeOptions o;
    o.keep_steps = flag(options, "steps", true);
    o.time_limit = number_or(options, "timeLimit", o.time_limit);
    const double max_steps = number_or(options, "maxSteps", o.max_steps);
    if (!(o.time_limit >= 0 && o.time_limit <= kMaxSeconds))
      return failure("timeLimit must be from 0 (no limit) to " + bound_text(kMaxSeconds) + " seconds", "timeLimit");
    if (!(max_steps >= 1 && max_steps <= kMaxSteps && std::floor(max_steps) == max_steps))
      return failure("maxSteps must be a whole number from 1 to " + bound_text(kMaxSteps), "maxSteps");
    o.max_steps = static_cast<int>(max_steps);
    const grader::Grade g = rec.has_marks ? the_grader().grade_marks(rec.marks, o) : the_grader().grade(rec.grid, o);
    val v = grade_value(g, levels, true);
    if (o.keep_steps) {
      val steps = val::array();
      for (const grader::Step& s : g.steps) steps.call<void>("push", step_value(s));
      v.set("steps", steps);
    }
    return v;
  });
}

// position: a string in any form `sudokit hint` reads, or {givens, entries, marks}.
val sk_hint(val position, val options) {
  return guarded([&] {
    grader::Position pos;
    grader::PositionError pe;
    if (position.typeOf().as<std::string>() == "string") {
      if (!grader::parse_position(position.as<std::string>(), pos, pe)) return failure(pe.message);
    } else {
      const std::string givens = text_or(position, "givens"), entries = text_or(position, "entries"),
                        marks = text_or(position, "marks");
      const std::string_view g = givens, e = entries, m = marks;
      if (!grader::position_from_fields(givens.empty() ? nullptr : &g, entries.empty() ? nullptr : &e,
                                        marks.empty() ? nullptr : &m, pos, pe))
        return failure(pe.message);
    }
    grader::HintOptions ho;
    const std::string reveal = text_or(options, "reveal", std::string(grader::hint_reveal_key(ho.reveal)));
    const auto level = grader::parse_hint_reveal(reveal);
    if (!level)
      return failure("unknown reveal '" + reveal + "' (expected " + std::string(grader::kHintRevealWords) + ")", "reveal");
    ho.reveal = *level;
    ho.time_limit = number_or(options, "timeLimit", ho.time_limit);
    if (!(ho.time_limit >= 0 && ho.time_limit <= kMaxSeconds))
      return failure("timeLimit must be from 0 (no limit) to " + bound_text(kMaxSeconds) + " seconds", "timeLimit");
    const grader::Hint h = grader::find_hint(the_grader(), pos, ho);

    val v = val::object();
    v.set("status", std::string(grader::hint_status_key(h.status)));
    v.set("reveal", std::string(grader::hint_reveal_key(h.reveal)));
    if (h.status == grader::HintStatus::Mistakes) {
      val list = val::array();
      for (const grader::Mistake& x : h.mistakes) {
        val m = val::object();
        m.set("kind", std::string(x.kind == grader::MistakeKind::WrongEntry ? "wrong-entry" : "lost-digit"));
        m.set("cell", x.cell);
        m.set("digit", x.digit);
        m.set("solutionDigit", x.solution_digit);
        m.set("message", x.message);
        list.call<void>("push", m);
      }
      v.set("mistakes", list);
      return v;
    }
    if (h.status != grader::HintStatus::Hint) {
      v.set("message", h.message);
      return v;
    }
    val area = val::object();
    area.set("houses", ints(h.area.houses));
    area.set("cells", ints(h.area.cells));
    v.set("area", area);
    if (h.reveal != grader::HintReveal::Area) {
      val t = val::object();
      t.set("key", std::string(grader::technique_key(h.step.technique)));
      t.set("name", h.step.name());
      t.set("rating", grader::rounded_rating(h.step.difficulty));
      v.set("technique", t);
    }
    if (h.reveal == grader::HintReveal::Step) {
      v.set("step", step_value(h.step));
      val d = val::object();
      d.set("placed", candidates(h.drawing.placed));
      d.set("eliminated", candidates(h.drawing.eliminated));
      d.set("cause", candidates(h.drawing.cause));
      d.set("houses", ints(h.drawing.houses));
      val links = val::array();
      for (const grader::ChainLink& l : h.drawing.links) {
        auto node = [](const grader::ChainNode& n) {
          val x = candidate(n.cell, n.digit);
          x.set("on", n.on);
          return x;
        };
        val link = val::object();
        link.set("from", node(l.from));
        link.set("to", node(l.to));
        link.set("kind", std::string(l.kind == grader::LinkKind::Strong ? "strong"
                                     : l.kind == grader::LinkKind::Weak ? "weak"
                                                                        : "technique"));
        links.call<void>("push", link);
      }
      d.set("links", links);
      d.set("on", candidates(h.drawing.on));
      d.set("off", candidates(h.drawing.off));
      v.set("drawing", d);
    }
    return v;
  });
}

namespace {

// Hands each accepted puzzle to a JavaScript callback (which may return true to stop).
// A variant's puzzle: its cells in `alphabet`, its geometry's canonical
// spelling and the status "unrated (variant)", no rating.
class CallbackSink final : public PuzzleSink {
 public:
  CallbackSink(val callback, Alphabet alphabet) : callback_(std::move(callback)), alphabet_(alphabet) {}
  void write(const GeneratedPuzzle& p) override {
    val v = val::object();
    v.set("index", static_cast<double>(p.index));
    if (p.geometry) {
      v.set("puzzle", print_cells(*p.geometry, p.variant_puzzle, alphabet_));
      v.set("solution", print_cells(*p.geometry, p.variant_solution, alphabet_));
      v.set("geometry", p.geometry->spelling());
      v.set("status", std::string(produce::kUnratedVariant));
    } else if (alphabet_ != Alphabet::kDigits) {
      const Geometry& classic = *classic_geometry();
      v.set("puzzle", print_cells(classic, {p.puzzle.cells.begin(), p.puzzle.cells.end()}, alphabet_));
      v.set("solution", print_cells(classic, {p.solution.cells.begin(), p.solution.cells.end()}, alphabet_));
    } else {
      v.set("puzzle", format_line(p.puzzle));
      v.set("solution", format_line(p.solution));
    }
    v.set("clues", p.clues);
    v.set("symmetry", std::string(symmetry_name(p.symmetry)));
    v.set("method", std::string(method_name(p.method)));
    v.set("digOrder", p.dig_order ? val(std::string(dig_order_name(*p.dig_order))) : val::null());
    v.set("minimal", p.minimal);
    v.set("symmetricMinimal", p.symmetric_minimal);
    if (const produce::GradeAnnotation* g = produce::grade_of(p)) {
      v.set("er", grader::rounded_rating(g->grade.er));
      v.set("ep", grader::rounded_rating(g->grade.ep));
      v.set("ed", grader::rounded_rating(g->grade.ed));
      v.set("level", g->level);
      v.set("hardest", std::string(grader::technique_key(g->grade.hardest)));
      v.set("hardestName", g->grade.hardest_name);
    }
    ++accepted_;
    if (callback_(v).as<bool>()) stop_.store(true);
  }
  std::atomic<bool>& stop() { return stop_; }
  std::uint64_t accepted() const { return accepted_; }

 private:
  val callback_;
  Alphabet alphabet_;
  std::atomic<bool> stop_{false};
  std::uint64_t accepted_ = 0;
};

}  // namespace

// A whole-number option into T: index.js has checked it is a whole number;
// a value beyond T's range becomes T's nearest bound, which
// plan_generation refuses by the option's key (no conversion out of range).
template <class T>
T whole(const val& options, const char* key, T fallback) {
  const double x = number_or(options, key, static_cast<double>(fallback));
  if (!(x >= static_cast<double>(std::numeric_limits<T>::lowest()))) return std::numeric_limits<T>::lowest();
  if (x >= static_cast<double>(std::numeric_limits<T>::max())) return std::numeric_limits<T>::max();
  return static_cast<T>(x);
}

// options: the request's fields as index.js names them (camelCase), already
// type-checked there (ranges are plan_generation's); seed as a decimal
// string (64 bits). onPuzzle(puzzle) returns true to stop. `geometry` (a
// spelling; load_geometry: parsed and refused when it has no valid grid)
// goes into the request, so plan_generation refuses the rating options
// with a variant; grading is on by default for the classic only.
val sk_generate(val options, val on_puzzle) {
  return guarded([&] {
    VariantInput shape;
    if (val bad = read_shape(text_or(options, "geometry", "classic"), text_or(options, "alphabet", "digits"), true, shape);
        !bad.isNull())
      return bad;
    const GeometryPtr& geometry = shape.geometry;
    const Alphabet alphabet = shape.alphabet;
    produce::GenerateRequest q;
    q.geometry = geometry->classic() ? std::string() : geometry->spelling();
    q.count = whole<std::uint64_t>(options, "count", 1);
    const std::string seed = text_or(options, "seed", "0");
    if (!parse_number(std::string_view(seed), q.seed)) return failure("seed must be a whole number from 0 to 18446744073709551615", "seed");
    q.threads = 1;
    q.method = text_or(options, "method", "backtrack");
    q.scramble = flag(options, "scramble");
    q.base = text_or(options, "base");
    if (!q.base.empty() && alphabet != Alphabet::kDigits) {  // the base in the caller's alphabet
      try {
        q.base = print_cells(*geometry, read_cells(*geometry, q.base, alphabet));
      } catch (const GeometryError& e) {
        return failure(std::string("base: ") + e.what(), "base");
      }
    }
    q.symmetry = text_or(options, "symmetry", "none");
    q.clues = whole<int>(options, "clues", 0);
    q.minimal = flag(options, "minimal");
    q.verify_minimal = flag(options, "verifyMinimal");
    q.pattern = text_or(options, "pattern");
    q.dig_order = text_or(options, "digOrder");
    q.max_attempts = whole<std::uint32_t>(options, "maxAttempts", 0);
    q.grade = flag(options, "grade", geometry->classic());
    q.levels = text_or(options, "levels");
    q.level = text_or(options, "level");
    q.min_rating = number_or(options, "minRating", q.min_rating);
    q.max_rating = number_or(options, "maxRating", q.max_rating);
    const val required = options["requireTechniques"];
    if (!required.isUndefined() && !required.isNull())
      for (const std::string& t : emscripten::vecFromJSArray<std::string>(required)) q.require_techniques.push_back(t);
    q.hardest_technique = text_or(options, "hardestTechnique");
    q.strategy = text_or(options, "strategy");
    q.search = whole<int>(options, "search", q.search);
    q.search_keep = whole<int>(options, "searchKeep", q.search_keep);
    q.time_limit = number_or(options, "timeLimit", q.time_limit);
    const produce::GeneratePlan plan = produce::plan_generation(q);

    CallbackSink sink(on_puzzle, alphabet);
    produce::GenerateHooks hooks;
    hooks.stop = &sink.stop();
    const PipelineReport r = produce::generate(plan, sink, hooks).report;
    val v = val::object();
    v.set("accepted", static_cast<double>(sink.accepted()));
    v.set("tried", static_cast<double>(r.tried));
    v.set("failed", static_cast<double>(r.failed));
    v.set("seconds", r.seconds);
    v.set("stoppedByCaller", sink.stop().load());
    v.set("notice", plan.notice);
    // The command's words when it ended short of the count.
    if (!sink.stop().load())
      if (const std::string shortfall = produce::shortfall_message(plan, r, sink.accepted()); !shortfall.empty())
        v.set("incomplete", shortfall);
    return v;
  });
}

EMSCRIPTEN_BINDINGS(sudokit) {
  emscripten::function("version", &sk_version);
  emscripten::function("freshSeed", &sk_fresh_seed);
  emscripten::function("techniques", &sk_techniques);
  emscripten::function("solve", &sk_solve);
  emscripten::function("check", &sk_check);
  emscripten::function("geometry", &sk_geometry);
  emscripten::function("canonical", &sk_canonical);
  emscripten::function("grade", &sk_grade);
  emscripten::function("hint", &sk_hint);
  emscripten::function("generate", &sk_generate);
}
