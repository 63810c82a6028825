// _sudokit: the Python extension under the `sudokit` package, a thin layer
// over the C API (capi/include/sudokit.h, linked statically): every check,
// message and default is the C API's, which maps onto the same library calls
// as the `sudokit` command. This file only converts: Python arguments into C
// structs, C results into Python objects with fields, a failed call into
// sudokit.Error carrying sudokit_last_error(). The GIL is released around
// every call into the library; the C API is re-entrant (one grader per
// thread), so Python threads grade, hint and solve in parallel. generate()
// runs with a Stop (sudokit_stop) that the package raises from another
// thread to end a run early.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdio>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "sudokit.h"

namespace py = pybind11;

namespace {

/// What sudokit.Error carries: the C API's message for the failed call and
/// the option at fault in it (sudokit_last_error_option: the caller's
/// keyword; empty when the failure was not one option's).
struct Error : std::runtime_error {
  explicit Error(const std::string& message, std::string option = {})
      : std::runtime_error(message), option(std::move(option)) {}
  std::string option;
};

[[noreturn]] void raise_last() { throw Error(sudokit_last_error(), sudokit_last_error_option()); }
void check(int status) {
  if (status < 0) raise_last();
}

struct Candidate {
  int cell = 0, digit = 0;
};

std::string cell_name(int cell) { return "r" + std::to_string(cell / 9 + 1) + "c" + std::to_string(cell % 9 + 1); }

std::vector<Candidate> candidates(const sudokit_candidate* c, size_t n) {
  std::vector<Candidate> out;
  for (size_t i = 0; i < n; ++i) out.push_back({c[i].cell, c[i].digit});
  return out;
}
std::vector<int> ints(const int32_t* v, size_t n) { return std::vector<int>(v, v + n); }

struct Step {
  std::string technique, name, text, chain;
  double rating = 0;
  std::optional<Candidate> placement;
  std::vector<Candidate> eliminations;
  std::vector<int> cells, houses;
};

Step to_step(const sudokit_step& s) {
  Step out;
  out.technique = s.technique;
  out.name = s.name;
  out.text = s.text;
  out.chain = s.chain;
  out.rating = s.rating;
  if (s.place_cell >= 0) out.placement = Candidate{s.place_cell, s.place_digit};
  out.eliminations = candidates(s.eliminations, s.elimination_count);
  out.cells = ints(s.cells, s.cell_count);
  out.houses = ints(s.houses, s.house_count);
  return out;
}

struct Grade {
  std::string status, message;
  std::optional<std::string> level, hardest, hardest_name;  // None when not rated
  std::optional<double> er, ep, ed;                         // None when not rated
  int step_count = 0;
  std::optional<std::string> solution;
  std::vector<std::pair<std::string, int>> histogram;
  std::vector<Step> steps;
  bool rated() const { return status == "rated"; }
};

template <class T, void (*Free)(T*)>
using Handle = std::unique_ptr<T, decltype([](T* p) { Free(p); })>;

Grade grade(const std::string& text, bool steps, double time_limit, int max_steps, std::optional<std::string> levels) {
  sudokit_grade_options o;
  sudokit_grade_options_init(&o);
  o.keep_steps = steps;
  o.time_limit = time_limit;
  o.max_steps = max_steps;
  if (levels) o.levels = levels->c_str();
  sudokit_grade_result* raw = nullptr;
  int status;
  {
    py::gil_scoped_release release;
    status = sudokit_grade(text.data(), text.size(), &o, &raw);
  }
  check(status);
  Handle<sudokit_grade_result, sudokit_grade_result_free> r(raw);
  Grade g;
  g.status = sudokit_grade_status_key(raw);
  g.message = sudokit_grade_message(raw);
  if (g.rated()) {
    g.er = sudokit_grade_er(raw);
    g.ep = sudokit_grade_ep(raw);
    g.ed = sudokit_grade_ed(raw);
    g.level = sudokit_grade_level(raw);
    g.hardest = sudokit_grade_hardest(raw);
    g.hardest_name = sudokit_grade_hardest_name(raw);
  }
  g.step_count = sudokit_grade_step_total(raw);
  char solution[SUDOKIT_GRID_BUFFER];
  if (sudokit_grade_solution(raw, solution) == SUDOKIT_OK) g.solution = solution;
  for (size_t i = 0; i < sudokit_grade_histogram_size(raw); ++i) {
    const char* key = nullptr;
    int32_t n = 0;
    check(sudokit_grade_histogram_entry(raw, i, &key, &n));
    g.histogram.emplace_back(key, n);
  }
  for (size_t i = 0; i < sudokit_grade_steps(raw); ++i) {
    sudokit_step s = SUDOKIT_STEP_INIT;
    check(sudokit_grade_step(raw, i, &s));
    g.steps.push_back(to_step(s));
  }
  return g;
}

struct Mistake {
  std::string kind, message;
  int cell = 0, digit = 0, solution_digit = 0;
};

struct Link {
  Candidate from, to;
  bool from_on = false, to_on = false;
  std::string kind;  // strong, weak, technique
};

struct Drawing {
  std::vector<Candidate> placed, eliminated, cause;
  std::vector<int> houses;
  std::vector<Link> links;
  std::vector<Candidate> on, off;
};

struct Hint {
  std::string status, message;
  std::vector<Mistake> mistakes;
  std::vector<int> area_houses, area_cells;
  std::optional<std::string> technique, technique_name;
  std::optional<double> rating;
  std::optional<Step> step;
  std::optional<Drawing> drawing;
  std::optional<std::string> solution;
};


Hint hint(std::optional<std::string> text, std::optional<std::string> givens, std::optional<std::string> entries,
          std::optional<std::string> marks, const std::string& reveal, double time_limit) {
  sudokit_hint_options o;
  sudokit_hint_options_init(&o);
  check(sudokit_reveal_parse(reveal.c_str(), &o.reveal));
  o.time_limit = time_limit;
  sudokit_hint_result* raw = nullptr;
  if (text && (givens || entries || marks))
    throw Error("give a position's text or its fields (givens, entries, marks), not both");
  int status;
  if (text) {
    py::gil_scoped_release release;
    status = sudokit_hint_text(text->data(), text->size(), &o, &raw);
  } else {
    sudokit_position p = SUDOKIT_POSITION_INIT;
    if (givens) p.givens = givens->data(), p.givens_length = givens->size();
    if (entries) p.entries = entries->data(), p.entries_length = entries->size();
    if (marks) p.marks = marks->data(), p.marks_length = marks->size();
    py::gil_scoped_release release;
    status = sudokit_hint(&p, &o, &raw);
  }
  check(status);
  Handle<sudokit_hint_result, sudokit_hint_result_free> r(raw);
  Hint h;
  h.status = sudokit_hint_status_key(raw);
  h.message = sudokit_hint_message(raw);
  for (size_t i = 0; i < sudokit_hint_mistake_count(raw); ++i) {
    sudokit_mistake m = SUDOKIT_MISTAKE_INIT;
    check(sudokit_hint_mistake(raw, i, &m));
    h.mistakes.push_back({m.kind == SUDOKIT_MISTAKE_WRONG_ENTRY ? "wrong-entry" : "lost-digit", m.message, m.cell,
                          m.digit, m.solution_digit});
  }
  const int32_t *houses = nullptr, *cells = nullptr;
  size_t house_count = 0, cell_count = 0;
  if (sudokit_hint_area(raw, &houses, &house_count, &cells, &cell_count) == SUDOKIT_OK) {
    h.area_houses = ints(houses, house_count);
    h.area_cells = ints(cells, cell_count);
  }
  const char *key = nullptr, *name = nullptr;
  double rating = 0;
  if (sudokit_hint_technique(raw, &key, &name, &rating) == SUDOKIT_OK) {
    h.technique = key;
    h.technique_name = name;
    h.rating = rating;
  }
  sudokit_step s = SUDOKIT_STEP_INIT;
  if (sudokit_hint_step(raw, &s) == SUDOKIT_OK) h.step = to_step(s);
  sudokit_hint_drawing d = SUDOKIT_HINT_DRAWING_INIT;
  if (sudokit_hint_drawing_get(raw, &d) == SUDOKIT_OK) {
    Drawing drawing{candidates(d.placed, d.placed_count), candidates(d.eliminated, d.eliminated_count),
                    candidates(d.cause, d.cause_count), ints(d.houses, d.house_count), {},
                    candidates(d.on, d.on_count), candidates(d.off, d.off_count)};
    for (size_t i = 0; i < d.link_count; ++i) {
      const sudokit_chain_link& l = d.links[i];
      drawing.links.push_back({{l.from.cell, l.from.digit}, {l.to.cell, l.to.digit}, l.from_on != 0, l.to_on != 0,
                               l.kind == SUDOKIT_LINK_STRONG ? "strong" : l.kind == SUDOKIT_LINK_WEAK ? "weak" : "technique"});
    }
    h.drawing = std::move(drawing);
  }
  char solution[SUDOKIT_GRID_BUFFER];
  if (sudokit_hint_solution(raw, solution) == SUDOKIT_OK) h.solution = solution;
  return h;
}

struct Puzzle {
  std::uint64_t index = 0, seed = 0;
  std::string puzzle, solution, symmetry, method;
  std::optional<std::string> dig_order;
  int clues = 0;
  bool minimal = false, symmetric_minimal = false, graded = false;
  std::optional<double> er, ep, ed;
  std::optional<std::string> level, hardest;
  std::string geometry;  // the canonical spelling ("classic" for the classic)
  std::optional<std::string> status;  // a variant's "unrated (variant)"; None for the classic
};

struct Report {
  std::uint64_t accepted = 0, tried = 0, failed = 0, seed = 0;
  double seconds = 0;
  bool stopped = false, complete = true;
};

// generate()'s keyword for each option, indexed by SUDOKIT_OPTION_*: the C
// API names a bad option by it (sudokit_generate_options.option_names), so
// the message names the keyword the caller wrote. The four the command has
// and generate() has not are never at fault.
const char* const kKeywords[SUDOKIT_GENERATE_OPTION_TOTAL] = {
    "count", "seed", "threads", "method", "scramble", "base", "symmetry", "clues", "minimal", "verify_minimal",
    "pattern", "dig_order", "max_attempts", "grade", "with_steps", "levels", "level", "min_rating", "max_rating",
    "require_technique", "hardest_technique", "search", "search_keep", "time_limit", "grade_time_limit", "shard",
    "from", "strategy",
};

// The options of sudokit_generate from keyword arguments named as its
// fields; strings are kept alive in `keep` for the call.
struct GenerateOptions {
  sudokit_generate_options o{};
  std::vector<std::string> keep_strings;
  std::vector<const char*> techniques;
};

/// A whole-number keyword as the C field's type T. A Python int outside T's
/// range (threads=-1) becomes the bound on its side, which the library then
/// refuses with its own message naming the keyword ("threads must be from
/// 1 to 256"), never pybind's conversion error; a non-int is a TypeError.
template <class T>
T whole_keyword(const py::handle& v) {
  if (!PyLong_Check(v.ptr())) return py::cast<T>(v);  // pybind's TypeError for a str, a float...
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
  if (overflow == 0 && std::in_range<T>(n)) return static_cast<T>(n);
  if constexpr (std::is_unsigned_v<T>) return std::numeric_limits<T>::max();  // beyond every bound of limits.hpp
  return overflow < 0 || (overflow == 0 && n < 0) ? std::numeric_limits<T>::min() : std::numeric_limits<T>::max();
}

void read_generate_options(const py::dict& kw, GenerateOptions& g) {
  sudokit_generate_options& o = g.o;
  sudokit_generate_options_init(&o);
  g.keep_strings.reserve(kw.size() + 16);
  auto text = [&](const py::handle& v) {
    g.keep_strings.push_back(py::cast<std::string>(v));
    return g.keep_strings.back().c_str();
  };
  for (const auto& [k, v] : kw) {
    const std::string key = py::cast<std::string>(k);
    if (v.is_none()) continue;  // None: the default
    if (key == "count") o.count = whole_keyword<std::uint64_t>(v);
    else if (key == "seed") o.seed = py::cast<std::uint64_t>(v);
    else if (key == "threads") o.threads = whole_keyword<std::uint32_t>(v);
    else if (key == "method") o.method = text(v);
    else if (key == "scramble") o.scramble = py::cast<bool>(v);
    else if (key == "base") o.base = text(v);
    else if (key == "symmetry") o.symmetry = text(v);
    else if (key == "clues") o.clues = whole_keyword<std::int32_t>(v);
    else if (key == "minimal") o.minimal = py::cast<bool>(v);
    else if (key == "verify_minimal") o.verify_minimal = py::cast<bool>(v);
    else if (key == "pattern") o.pattern = text(v);
    else if (key == "dig_order") o.dig_order = text(v);
    else if (key == "max_attempts") o.max_attempts = whole_keyword<std::uint32_t>(v);
    else if (key == "time_limit") o.time_limit = py::cast<double>(v);
    else if (key == "grade") o.grade = py::cast<bool>(v);
    else if (key == "level") o.level = text(v);
    else if (key == "levels") o.levels = text(v);
    else if (key == "min_rating") o.min_rating = py::cast<double>(v);
    else if (key == "max_rating") o.max_rating = py::cast<double>(v);
    else if (key == "require_technique") {
      if (py::isinstance<py::str>(v)) {
        g.techniques.push_back(text(v));
      } else {
        for (const auto& t : py::reinterpret_borrow<py::iterable>(v)) g.techniques.push_back(text(t));
      }
    } else if (key == "hardest_technique") o.hardest_technique = text(v);
    else if (key == "search") o.search = whole_keyword<std::int32_t>(v);
    else if (key == "search_keep") o.search_keep = whole_keyword<std::int32_t>(v);
    else if (key == "strategy") o.strategy = text(v);
    else if (key == "geometry") o.geometry = text(v);
    else if (key == "alphabet") check(sudokit_alphabet_parse(py::cast<std::string>(v).c_str(), &o.alphabet));
    else throw py::type_error("generate() got an unexpected keyword argument '" + key + "'");
  }
  o.required_techniques = g.techniques.data();
  o.required_technique_count = g.techniques.size();
  o.option_names = kKeywords;
}

struct CallbackState {
  std::function<bool(const Puzzle&)> on_puzzle;
  std::optional<py::error_already_set> error;  // raised by on_puzzle: re-raised after the run
};

int on_generated(void* user, const sudokit_generated* g) {
  auto& state = *static_cast<CallbackState*>(user);
  py::gil_scoped_acquire acquire;
  Puzzle p;
  p.index = g->index;
  p.seed = g->seed;
  p.puzzle = g->puzzle;
  p.solution = g->solution;
  p.clues = g->clues;
  p.symmetry = g->symmetry;
  p.method = g->method;
  if (g->dig_order) p.dig_order = g->dig_order;
  p.minimal = g->minimal != 0;
  p.symmetric_minimal = g->symmetric_minimal != 0;
  p.geometry = g->geometry;
  if (g->status[0] != '\0') p.status = g->status;
  p.graded = g->graded != 0;
  if (p.graded) {
    p.er = g->er;
    p.ep = g->ep;
    p.ed = g->ed;
    p.level = g->level;
    p.hardest = g->hardest;
  }
  try {
    return state.on_puzzle(p) ? 1 : 0;
  } catch (py::error_already_set& e) {
    state.error = std::move(e);
    return 1;
  }
}

// A sudokit_stop: the generation's thread runs with it, close() raises it
// from another thread so that a run waiting for a rare puzzle stops too.
class Stop {
 public:
  Stop() { check(sudokit_stop_new(&raw_)); }
  Stop(const Stop&) = delete;
  Stop& operator=(const Stop&) = delete;
  ~Stop() { sudokit_stop_free(raw_); }
  void request() { sudokit_stop_request(raw_); }
  sudokit_stop* raw() const { return raw_; }

 private:
  sudokit_stop* raw_ = nullptr;
};

Report generate(const py::dict& kw, const std::function<bool(const Puzzle&)>& on_puzzle, Stop& stop) {
  GenerateOptions g;
  read_generate_options(kw, g);
  g.o.stop = stop.raw();
  CallbackState state{on_puzzle, std::nullopt};
  sudokit_generate_report report = SUDOKIT_GENERATE_REPORT_INIT;
  int status;
  {
    py::gil_scoped_release release;
    status = sudokit_generate(&g.o, on_generated, &state, &report);
  }
  if (state.error) throw std::move(*state.error);
  if (status < 0 && status != SUDOKIT_E_INCOMPLETE) raise_last();
  return Report{report.accepted, report.tried, report.failed, report.seed, report.seconds, report.stopped != 0,
                status != SUDOKIT_E_INCOMPLETE};
}

std::pair<std::uint32_t, std::optional<std::string>> solve(const std::string& puzzle, std::uint32_t limit) {
  std::uint32_t count = 0;
  char solution[SUDOKIT_GRID_BUFFER];
  int status;
  {
    py::gil_scoped_release release;
    status = sudokit_solve(puzzle.data(), puzzle.size(), limit, &count, solution);
  }
  check(status);
  return {count, count >= 1 ? std::optional<std::string>(solution) : std::nullopt};
}

std::string canonical(const std::string& puzzle) {
  char out[SUDOKIT_GRID_BUFFER];
  int status;
  {
    py::gil_scoped_release release;
    status = sudokit_canonical(puzzle.data(), puzzle.size(), out);
  }
  check(status);
  return out;
}

// The C API's variant options: the geometry's spelling and the alphabet
// word read by sudokit_alphabet_parse (its message for a bad word).
struct GeometryArgs {
  std::string spelling;
  sudokit_geometry_options o;
  GeometryArgs(const std::string& geometry, const std::string& alphabet) : spelling(geometry) {
    sudokit_geometry_options_init(&o);
    o.geometry = spelling.c_str();
    check(sudokit_alphabet_parse(alphabet.c_str(), &o.alphabet));
  }
};

std::pair<std::uint32_t, std::optional<std::string>> solve_geometry(const std::string& puzzle, std::uint32_t limit,
                                                                    const std::string& geometry,
                                                                    const std::string& alphabet) {
  const GeometryArgs g(geometry, alphabet);
  std::uint32_t count = 0;
  char solution[SUDOKIT_CELLS_BUFFER];
  int status;
  {
    py::gil_scoped_release release;
    status = sudokit_solve_geometry(puzzle.data(), puzzle.size(), &g.o, limit, &count, solution, sizeof solution);
  }
  check(status);
  return {count, count >= 1 ? std::optional<std::string>(solution) : std::nullopt};
}

std::vector<int> check_geometry(const std::string& puzzle, const std::string& geometry, const std::string& alphabet) {
  const GeometryArgs g(geometry, alphabet);
  std::vector<int32_t> cells(puzzle.size());
  size_t count = 0;
  check(sudokit_check_geometry(puzzle.data(), puzzle.size(), &g.o, cells.data(), cells.size(), &count));
  return std::vector<int>(cells.begin(), cells.begin() + static_cast<std::ptrdiff_t>(count));
}

std::pair<std::string, std::string> canonical_geometry(const std::string& puzzle, const std::string& geometry,
                                                       const std::string& alphabet) {
  const GeometryArgs g(geometry, alphabet);
  char form[SUDOKIT_CELLS_BUFFER], id[SUDOKIT_GLOBAL_ID_BUFFER];
  int status;
  {
    py::gil_scoped_release release;
    status = sudokit_canonical_geometry(puzzle.data(), puzzle.size(), &g.o, form, sizeof form, id);
  }
  check(status);
  return {form, id};
}

std::pair<std::string, int> parse_geometry(const std::string& spelling) {
  char out[SUDOKIT_GEOMETRY_BUFFER];
  int32_t size = 0;
  check(sudokit_geometry_parse(spelling.data(), spelling.size(), out, sizeof out, &size));
  return {out, size};
}

struct Record {
  std::string kind, text, fields;
  std::uint64_t line = 0;
};

// Every record of `data`: the records, and the errors as "SOURCE:LINE:COL:
// message" strings, in input order, so a caller can report and skip them.
std::pair<std::vector<Record>, std::vector<std::string>> read_records(const std::string& data, bool pencilmarks,
                                                              const std::string& source) {
  sudokit_reader* raw = nullptr;
  check(sudokit_reader_open_buffer(data.data(), data.size(), pencilmarks ? SUDOKIT_READ_PENCILMARKS : 0, &raw));
  Handle<sudokit_reader, sudokit_reader_free> reader(raw);
  std::vector<Record> records;
  std::vector<std::string> errors;
  for (;;) {
    sudokit_record r = SUDOKIT_RECORD_INIT;
    const int status = sudokit_reader_next(raw, &r);
    if (status == SUDOKIT_END) break;
    if (status == SUDOKIT_E_PARSE) {
      errors.push_back(source + ":" + std::to_string(r.line) + (r.column ? ":" + std::to_string(r.column) : "") +
                       ": " + r.message);
      continue;
    }
    check(status);
    records.push_back({r.kind == SUDOKIT_RECORD_PUZZLE ? "puzzle" : "pencilmarks", std::string(r.text, r.text_length),
                       std::string(r.fields, r.fields_length), r.line});
  }
  return {std::move(records), std::move(errors)};
}

// One decimal, as the record format prints ratings.
std::string rating_text(double r) {
  char out[16];
  std::snprintf(out, sizeof out, "%.1f", r);
  return out;
}

std::string quoted(const std::string& s) { return py::repr(py::str(s)).cast<std::string>(); }

}  // namespace

PYBIND11_MODULE(_sudokit, m) {
  // The library's defaults (the C API's _init functions fill them), for
  // the package's signatures.
  sudokit_grade_options grade_defaults;
  sudokit_grade_options_init(&grade_defaults);
  sudokit_hint_options hint_defaults;
  sudokit_hint_options_init(&hint_defaults);
  m.attr("GRADE_MAX_STEPS") = grade_defaults.max_steps;
  m.attr("GRADE_TIME_LIMIT") = grade_defaults.time_limit;
  m.attr("HINT_TIME_LIMIT") = hint_defaults.time_limit;
  m.doc() = "sudokit's C API for Python (the sudokit package wraps it; use that).";
  static py::exception<Error> error(m, "Error", PyExc_ValueError);
  error.attr("option") = py::none();  // the keyword at fault, or None
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Error& e) {
      py::object raised = py::reinterpret_borrow<py::object>(error.ptr())(py::str(e.what()));
      if (!e.option.empty()) raised.attr("option") = py::str(e.option);
      PyErr_SetObject(error.ptr(), raised.ptr());
    }
  });
  m.def("version", [] { return std::string(sudokit_version()); });
  m.def("fresh_seed", &sudokit_fresh_seed, "A fresh seed (sudokit_fresh_seed): what generate() uses without one.");

  py::class_<Candidate>(m, "Candidate", "A candidate: digit (1-9) in cell (0-80, row-major).")
      .def(py::init<int, int>(), py::arg("cell"), py::arg("digit"))
      .def_readonly("cell", &Candidate::cell, "the cell, 0-80 row by row (r1c1 = 0, r9c9 = 80)")
      .def_readonly("digit", &Candidate::digit, "the digit, 1-9")
      .def("__eq__", [](const Candidate& a, const Candidate& b) { return a.cell == b.cell && a.digit == b.digit; })
      .def("__hash__", [](const Candidate& c) { return c.cell * 10 + c.digit; })
      .def("__iter__", [](const Candidate& c) { return py::iter(py::make_tuple(c.cell, c.digit)); })
      .def("__repr__", [](const Candidate& c) { return cell_name(c.cell) + "#" + std::to_string(c.digit); });
  py::class_<Step>(m, "Step", "One deduction on the Sudoku Explainer scale.")
      .def_readonly("technique", &Step::technique, "technique key, 'hidden-single'")
      .def_readonly("name", &Step::name, "SE's hint name, 'Hidden Single'")
      .def_readonly("rating", &Step::rating, "SE rating, one decimal")
      .def_readonly("placement", &Step::placement, "the Candidate it places, or None")
      .def_readonly("eliminations", &Step::eliminations, "the Candidates it removes")
      .def_readonly("cells", &Step::cells, "the cells of the pattern")
      .def_readonly("houses", &Step::houses, "the houses that justify it (0-8 boxes, 9-17 rows, 18-26 columns)")
      .def_readonly("text", &Step::text, "'r4c7=5 hidden single in box 6'")
      .def_readonly("chain", &Step::chain, "the chain in Eureka notation, '' when none")
      .def("__repr__", [](const Step& s) { return "<Step " + rating_text(s.rating) + " " + s.text + ">"; });
  py::class_<Grade>(m, "Grade", "The rating of a puzzle or a pencil-mark position.")
      .def_readonly("status", &Grade::status,
                    "'rated', 'beyond-techniques', 'no-solution', 'multiple-solutions', 'invalid-givens', "
                    "'step-limit' or 'time-limit'")
      .def_property_readonly("rated", &Grade::rated, "status == 'rated': the ratings and level are set")
      .def_readonly("message", &Grade::message, "why it is not rated, '' when rated")
      .def_readonly("er", &Grade::er, "ER, the hardest step's rating (one decimal); None when not rated")
      .def_readonly("ep", &Grade::ep, "EP, the hardest step before the first placement; None when not rated")
      .def_readonly("ed", &Grade::ed, "ED, the first step's rating; None when not rated")
      .def_readonly("level", &Grade::level, "the level ER falls in ('easy', ...); None when not rated")
      .def_readonly("hardest", &Grade::hardest, "technique key of the step that set ER; None when not rated")
      .def_readonly("hardest_name", &Grade::hardest_name, "SE's name of that step; None when not rated")
      .def_readonly("step_count", &Grade::step_count, "steps on the solution path")
      .def_readonly("solution", &Grade::solution, "the solution (81 characters), None when there is not exactly one")
      .def_readonly("histogram", &Grade::histogram, "(technique key, steps), in SE's order")
      .def_readonly("steps", &Grade::steps, "the solution path, with steps=True (else empty)")
      .def("__repr__", [](const Grade& g) {
        return g.rated() ? "<Grade rated ER " + rating_text(*g.er) + " EP " + rating_text(*g.ep) + " ED " +
                               rating_text(*g.ed) + " " + *g.level + ", hardest " + *g.hardest + ">"
                         : "<Grade " + g.status + ": " + g.message + ">";
      });
  py::class_<Mistake>(m, "Mistake", "A mistake in a player's position, reported before any hint.")
      .def_readonly("kind", &Mistake::kind, "'wrong-entry' or 'lost-digit'")
      .def_readonly("cell", &Mistake::cell, "the cell, 0-80")
      .def_readonly("digit", &Mistake::digit, "the entry, or 0")
      .def_readonly("solution_digit", &Mistake::solution_digit, "the solution's digit in that cell")
      .def_readonly("message", &Mistake::message, "what is wrong, in words")
      .def("__repr__", [](const Mistake& x) { return "<Mistake " + x.kind + " " + x.message + ">"; });
  py::class_<Link>(m, "Link", "A link of a chain: from_ (a Candidate, true if from_on) to to (true if to_on).")
      .def_readonly("from_", &Link::from, "the Candidate the link starts at")
      .def_readonly("to", &Link::to, "the Candidate it leads to")
      .def_readonly("from_on", &Link::from_on, "True when from_ is true in the chain, False when false")
      .def_readonly("to_on", &Link::to_on, "True when to is true in the chain, False when false")
      .def_readonly("kind", &Link::kind, "'strong', 'weak' or 'technique'")
      .def("__repr__", [](const Link& l) {
        return "<Link " + cell_name(l.from.cell) + (l.from_on ? "=" : "<>") + std::to_string(l.from.digit) + " " +
               l.kind + " " + cell_name(l.to.cell) + (l.to_on ? "=" : "<>") + std::to_string(l.to.digit) + ">";
      });
  py::class_<Drawing>(m, "Drawing", "What to highlight: candidates by role, houses, and a chain's links.")
      .def_readonly("placed", &Drawing::placed, "the Candidates the step places")
      .def_readonly("eliminated", &Drawing::eliminated, "the Candidates it removes")
      .def_readonly("cause", &Drawing::cause, "the Candidates that cause it (the pattern)")
      .def_readonly("houses", &Drawing::houses, "the houses to highlight (0-8 boxes, 9-17 rows, 18-26 columns)")
      .def_readonly("links", &Drawing::links, "chain techniques: every link, in order")
      .def_readonly("on", &Drawing::on, "the chain's candidates that are true")
      .def_readonly("off", &Drawing::off, "the chain's candidates implied false")
      .def("__repr__", [](const Drawing& d) {
        return "<Drawing " + std::to_string(d.placed.size()) + " placed, " + std::to_string(d.eliminated.size()) +
               " eliminated, " + std::to_string(d.cause.size()) + " cause, " + std::to_string(d.houses.size()) +
               " houses, " + std::to_string(d.links.size()) + " links>";
      });
  py::class_<Hint>(m, "Hint", "The hint for a position: mistakes first, then the next step.")
      .def_readonly("status", &Hint::status,
                    "'hint', 'mistakes', 'solved', 'invalid-position', 'no-solution', 'multiple-solutions', "
                    "'beyond-techniques' or 'time-limit'")
      .def_readonly("message", &Hint::message, "the hint or the problem in words")
      .def_readonly("mistakes", &Hint::mistakes, "the player's Mistakes (status 'mistakes')")
      .def_readonly("area_houses", &Hint::area_houses, "the houses to look at (reveal 'area' and up)")
      .def_readonly("area_cells", &Hint::area_cells, "the cells to look at (reveal 'area' and up)")
      .def_readonly("technique", &Hint::technique, "the technique key (reveal 'technique' and up), else None")
      .def_readonly("technique_name", &Hint::technique_name, "SE's name of it (reveal 'technique' and up), else None")
      .def_readonly("rating", &Hint::rating, "its SE rating (reveal 'technique' and up), else None")
      .def_readonly("step", &Hint::step, "the Step (reveal 'step'), else None")
      .def_readonly("drawing", &Hint::drawing, "what to draw for the step (reveal 'step'), else None")
      .def_readonly("solution", &Hint::solution, "the solution (81 characters) when the position has one")
      .def("__repr__", [](const Hint& h) { return "<Hint " + h.status + " " + (h.step ? h.step->text : h.message) + ">"; });
  py::class_<Puzzle>(m, "Puzzle", "A generated puzzle.")
      .def_readonly("index", &Puzzle::index, "its position in the seed's stream")
      .def_readonly("seed", &Puzzle::seed, "the run's seed: the same seed and options make it again")
      .def_readonly("puzzle", &Puzzle::puzzle,
                    "the puzzle, one character per cell in the run's alphabet (81 for the classic; '.' for empty)")
      .def_readonly("solution", &Puzzle::solution, "its only solution, in the run's alphabet")
      .def_readonly("geometry", &Puzzle::geometry, "the canonical spelling of its geometry ('classic', 'x', ...)")
      .def_readonly("status", &Puzzle::status,
                    "a variant's grading status, 'unrated (variant)' (no rating until issue #48); None for the classic")
      .def_readonly("clues", &Puzzle::clues, "the number of clues")
      .def_readonly("symmetry", &Puzzle::symmetry, "the symmetry of its clue pattern ('none', 'rot180', ...)")
      .def_readonly("method", &Puzzle::method, "the grid method ('backtrack', ...)")
      .def_readonly("dig_order", &Puzzle::dig_order, "'random' or 'sparse-digits'; None for a pattern's puzzle")
      .def_readonly("minimal", &Puzzle::minimal, "no single clue can be removed")
      .def_readonly("symmetric_minimal", &Puzzle::symmetric_minimal,
                    "no orbit of clues under the symmetry can be removed")
      .def_readonly("graded", &Puzzle::graded, "True when er, ep, ed, level and hardest are set")
      .def_readonly("er", &Puzzle::er, "ER (one decimal) when graded, else None")
      .def_readonly("ep", &Puzzle::ep, "EP when graded, else None")
      .def_readonly("ed", &Puzzle::ed, "ED when graded, else None")
      .def_readonly("level", &Puzzle::level, "the level when graded, else None")
      .def_readonly("hardest", &Puzzle::hardest, "technique key of the step that set ER when graded, else None")
      .def("__repr__", [](const Puzzle& p) {
        return "<Puzzle " + std::to_string(p.index) + " " + p.puzzle + " " + std::to_string(p.clues) + " clues" +
               (p.graded ? " ER " + rating_text(*p.er) + " " + *p.level : std::string()) + ">";
      });
  py::class_<Report>(m, "Report", "How a generation went (generate()'s .report after the end).")
      .def_readonly("accepted", &Report::accepted, "puzzles handed over")
      .def_readonly("tried", &Report::tried, "candidate indices finished")
      .def_readonly("failed", &Report::failed, "indices where digging failed every attempt")
      .def_readonly("seed", &Report::seed, "the run's seed: give it back to repeat the run")
      .def_readonly("seconds", &Report::seconds, "how long it ran")
      .def_readonly("stopped", &Report::stopped, "stopped early: by close() or the time limit")
      .def_readonly("complete", &Report::complete, "False when the time limit or repeated failures ended it short")
      .def("__repr__", [](const Report& r) {
        char seconds[32];
        std::snprintf(seconds, sizeof seconds, "%.2f", r.seconds);
        return "<Report " + std::to_string(r.accepted) + " accepted of " + std::to_string(r.tried) + " tried, seed " +
               std::to_string(r.seed) + ", " + seconds + " s" + (r.stopped ? ", stopped" : "") +
               (r.complete ? "" : ", incomplete") + ">";
      });
  py::class_<Record>(m, "Record", "A record of the text reader.")
      .def_readonly("kind", &Record::kind, "'puzzle' or 'pencilmarks'")
      .def_readonly("text", &Record::text, "the grid as read (81 or 729 characters)")
      .def_readonly("fields", &Record::fields, "the rest of the line")
      .def_readonly("line", &Record::line, "its line in the text, from 1")
      .def("__repr__", [](const Record& r) { return "<Record " + r.kind + " line " + std::to_string(r.line) + " " + quoted(r.text) + ">"; });
  py::class_<Stop>(m, "Stop", "A stop flag for one generation (sudokit_stop).")
      .def(py::init<>())
      .def("request", &Stop::request, "Asks the run to stop (from any thread).");

  m.def("solve", &solve, py::arg("puzzle"), py::arg("limit"));
  m.def("solve_geometry", &solve_geometry, py::arg("puzzle"), py::arg("limit"), py::arg("geometry"),
        py::arg("alphabet"));
  m.def("check_geometry", &check_geometry, py::arg("puzzle"), py::arg("geometry"), py::arg("alphabet"));
  m.def("parse_geometry", &parse_geometry, py::arg("spelling"));
  m.def("canonical_geometry", &canonical_geometry, py::arg("puzzle"), py::arg("geometry"), py::arg("alphabet"));
  m.def("canonical", &canonical, py::arg("puzzle"));
  m.def("grade", &grade, py::arg("text"), py::arg("steps"), py::arg("time_limit"), py::arg("max_steps"),
        py::arg("levels"));
  m.def("hint", &hint, py::arg("text"), py::arg("givens"), py::arg("entries"), py::arg("marks"), py::arg("reveal"),
        py::arg("time_limit"));
  m.def("generate", &generate, py::arg("options"), py::arg("on_puzzle"), py::arg("stop"));
  m.def("read", &read_records, py::arg("data"), py::arg("pencilmarks"), py::arg("source"));
  m.def("techniques", [] {
    std::vector<std::pair<std::string, std::string>> out;
    for (size_t i = 0; i < sudokit_technique_count(); ++i)
      out.emplace_back(sudokit_technique_key(i), sudokit_technique_name(i));
    return out;
  });
}
