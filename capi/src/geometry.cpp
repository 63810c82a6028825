// The C API's variants (sudokit.h, "Variants"): geometry spellings taken by
// load_geometry (parsed, and refused when they have no valid grid), cells
// read and written in the caller's alphabet (read_cells/print_cells),
// solving by solve_any, rule checks by rule_breaks. A GeometryError's message is the library's own
// ("geometry:COL: ...", "cells:POS: ...").
#include <string>

#include "boundary.hpp"
#include "shape.hpp"
#include "sudokit/solver/alphabet_word.hpp"
#include "sudokit/solver/canonical_any.hpp"
#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/global_id.hpp"
#include "sudokit/solver/rule_breaks.hpp"
#include "sudokit/solver/solve_any.hpp"

namespace sudokit::capi {
namespace {

// SUDOKIT_ALPHABET_* are the Alphabet values, cast both ways below.
static_assert(static_cast<int>(Alphabet::kDigits) == SUDOKIT_ALPHABET_DIGITS);
static_assert(static_cast<int>(Alphabet::kLetters) == SUDOKIT_ALPHABET_LETTERS);
static_assert(static_cast<int>(Alphabet::kHex) == SUDOKIT_ALPHABET_HEX);

// The geometry and alphabet of `options` (NULL: classic, digits), and the
// puzzle's cells read in that alphabet. SUDOKIT_OK or the status of fail().
struct Variant {
  GeometryPtr geometry;
  Alphabet alphabet = Alphabet::kDigits;
  std::vector<std::uint8_t> cells;
};

int read_variant(const char* puzzle, std::size_t length, const sudokit_geometry_options* options, Variant& v) {
  std::string_view text;
  if (!text_arg(puzzle, length, "puzzle", text)) return SUDOKIT_E_INVALID_ARGUMENT;
  sudokit_geometry_options o;
  sudokit_geometry_options_init(&o);
  if (int s = read_options(options, o, "sudokit_geometry_options")) return s;
  if (int s = read_shape(o.geometry, o.alphabet, v.geometry, v.alphabet)) return s;
  try {
    v.cells = read_cells(*v.geometry, text, v.alphabet);
  } catch (const GeometryError& e) {
    return fail(SUDOKIT_E_PARSE, "puzzle: ", e.what());
  }
  return SUDOKIT_OK;
}

}  // namespace

int read_shape(const char* spelling, std::int32_t alphabet, GeometryPtr& geometry, Alphabet& out) {
  if (alphabet < SUDOKIT_ALPHABET_DIGITS || alphabet > SUDOKIT_ALPHABET_HEX)
    return fail_option(SUDOKIT_E_OPTION, "alphabet",
                       "alphabet: " + std::to_string(alphabet) + " is no SUDOKIT_ALPHABET_* value (0 digits, 1 letters, 2 hex)");
  out = static_cast<Alphabet>(alphabet);
  try {
    geometry = spelling ? parse_geometry(spelling) : classic_geometry();
  } catch (const GeometryError& e) {
    return fail_option(SUDOKIT_E_PARSE, "geometry", e.what());
  }
  try {
    geometry = load_geometry(geometry->spelling());
  } catch (const GeometryError& e) {
    return fail_option(SUDOKIT_E_OPTION, "geometry", e.what());
  }
  try {
    digit_char(geometry->size(), geometry->size(), out);
  } catch (const GeometryError& e) {
    return fail_option(SUDOKIT_E_OPTION, "alphabet", "alphabet: ", e.what());
  }
  return SUDOKIT_OK;
}

}  // namespace sudokit::capi

using namespace sudokit;
using namespace sudokit::capi;

extern "C" {

int sudokit_alphabet_parse(const char* word, int32_t* alphabet) {
  return guard([&] {
    if (!word || !alphabet) return fail(SUDOKIT_E_INVALID_ARGUMENT, !word ? "word is NULL" : "alphabet is NULL");
    const auto a = parse_alphabet(word);
    if (!a)
      return fail_option(SUDOKIT_E_OPTION, "alphabet",
                         "alphabet: unknown '" + std::string(word) + "' (expected " + std::string(kAlphabetWords) + ")");
    *alphabet = static_cast<int32_t>(*a);
    return SUDOKIT_OK;
  });
}

void sudokit_geometry_options_init(sudokit_geometry_options* o) {
  if (!o) return;
  *o = sudokit_geometry_options{};
  o->struct_size = sizeof *o;
  o->alphabet = SUDOKIT_ALPHABET_DIGITS;
}

int sudokit_geometry_parse(const char* spelling, size_t length, char* canonical, size_t capacity, int32_t* size) {
  return guard([&] {
    std::string_view text;
    if (!text_arg(spelling, length, "spelling", text)) return SUDOKIT_E_INVALID_ARGUMENT;
    GeometryPtr g;
    try {
      g = load_geometry(text);
    } catch (const GeometryError& e) {
      return fail(SUDOKIT_E_PARSE, e.what());
    }
    const std::string& s = g->spelling();
    if (canonical && capacity < s.size() + 1)
      return fail(SUDOKIT_E_INVALID_ARGUMENT, "canonical: " + std::to_string(capacity) + " bytes cannot hold the " +
                                                  std::to_string(s.size() + 1) + " of the spelling and its NUL");
    if (canonical) std::memcpy(canonical, s.c_str(), s.size() + 1);
    if (size) *size = g->size();
    return SUDOKIT_OK;
  });
}

int sudokit_solve_geometry(const char* puzzle, size_t length, const sudokit_geometry_options* options, uint32_t limit,
                           uint32_t* count, char* solution, size_t capacity) {
  return guard([&] {
    Variant v;
    if (int s = read_variant(puzzle, length, options, v)) return s;
    if (!count) return fail(SUDOKIT_E_INVALID_ARGUMENT, "count is NULL");
    if (limit < 1) return fail_option(SUDOKIT_E_OPTION, "limit", "limit is 0 (it must be 1 or more)");
    const std::size_t need = static_cast<std::size_t>(v.geometry->cells()) + 1;
    if (solution && capacity < need)
      return fail(SUDOKIT_E_INVALID_ARGUMENT, "solution: " + std::to_string(capacity) + " bytes cannot hold the " +
                                                  std::to_string(need) + " of a " + v.geometry->spelling() +
                                                  " grid and its NUL");
    const AnySolveResult r = solve_any(*v.geometry, v.cells, limit);
    *count = r.count;
    if (r.count >= 1 && solution) {
      const std::string text = print_cells(*v.geometry, r.solution, v.alphabet);
      std::memcpy(solution, text.c_str(), text.size() + 1);
    }
    return SUDOKIT_OK;
  });
}

int sudokit_canonical_geometry(const char* puzzle, size_t length, const sudokit_geometry_options* options,
                               char* canonical, size_t capacity, char* global_id) {
  return guard([&] {
    Variant v;
    if (int s = read_variant(puzzle, length, options, v)) return s;
    if (!canonical) return fail(SUDOKIT_E_INVALID_ARGUMENT, "canonical is NULL");
    const std::size_t need = static_cast<std::size_t>(v.geometry->cells()) + 1;
    if (capacity < need)
      return fail(SUDOKIT_E_INVALID_ARGUMENT, "canonical: " + std::to_string(capacity) + " bytes cannot hold the " +
                                                  std::to_string(need) + " of a " + v.geometry->spelling() +
                                                  " grid and its NUL");
    std::vector<std::uint8_t> form;
    try {
      form = canonical_any(v.geometry, v.cells);
    } catch (const CanonicalLimit& e) {
      return fail(SUDOKIT_E_INCOMPLETE, "canonical: ", e.what());
    } catch (const GeometryError& e) {
      return fail(SUDOKIT_E_UNSUPPORTED, "canonical: ", e.what());
    }
    const std::string text = print_cells(*v.geometry, form, v.alphabet);
    const std::string id = global_id ? global_id_of_canonical(*v.geometry, form) : std::string();
    std::memcpy(canonical, text.c_str(), text.size() + 1);
    if (global_id) std::memcpy(global_id, id.c_str(), id.size() + 1);
    return SUDOKIT_OK;
  });
}

int sudokit_check_geometry(const char* puzzle, size_t length, const sudokit_geometry_options* options, int32_t* cells,
                           size_t capacity, size_t* count) {
  return guard([&] {
    Variant v;
    if (int s = read_variant(puzzle, length, options, v)) return s;
    if (!count) return fail(SUDOKIT_E_INVALID_ARGUMENT, "count is NULL");
    if (!cells && capacity > 0) return fail(SUDOKIT_E_INVALID_ARGUMENT, "cells is NULL (with a capacity above 0)");
    const std::vector<int> broken = rule_breaks(*v.geometry, v.cells);
    for (std::size_t i = 0; i < broken.size() && i < capacity; ++i) cells[i] = broken[i];
    *count = broken.size();
    return SUDOKIT_OK;
  });
}

}  // extern "C"
