// The C API's basics: version, statuses and the per-thread last error, the
// argument helpers of boundary.hpp, solving, the canonical form and the
// technique list.
#include <cstring>

#include "boundary.hpp"
#include "sudokit/grader/step.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/solve.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::capi {

namespace {
thread_local char g_last_error[512] = "";
thread_local char g_last_option[128] = "";  // the option at fault in it, "" when none

template <std::size_t N>
void append(char (&buffer)[N], std::size_t& n, std::string_view s) noexcept {
  if (s.empty()) return;  // an empty view's data() may be NULL, which memcpy must not get
  const std::size_t room = N - 1 - n;
  const std::size_t k = s.size() < room ? s.size() : room;
  std::memcpy(buffer + n, s.data(), k);
  n += k;
  buffer[n] = '\0';
}
}  // namespace

int fail(int status, std::string_view message) noexcept { return fail(status, message, {}); }

int fail(int status, std::string_view first, std::string_view second) noexcept {
  return fail_option(status, {}, first, second);
}

int fail_option(int status, std::string_view option, std::string_view message) noexcept {
  return fail_option(status, option, message, {});
}

int fail_option(int status, std::string_view option, std::string_view first, std::string_view second) noexcept {
  std::size_t n = 0, k = 0;
  g_last_error[0] = '\0';
  g_last_option[0] = '\0';
  append(g_last_error, n, first);
  append(g_last_error, n, second);
  append(g_last_option, k, option);
  return status;
}

bool text_arg(const char* text, std::size_t length, const char* what, std::string_view& out) noexcept {
  if (!text) {
    fail(SUDOKIT_E_INVALID_ARGUMENT, what, " is NULL");
    return false;
  }
  out = length == SUDOKIT_NUL_TERMINATED ? std::string_view(text) : std::string_view(text, length);
  return true;
}

int read_grid_arg(std::string_view text, const char* what, Grid& grid) {
  ParseError error;
  if (parse_puzzle(text, grid, error)) return SUDOKIT_OK;
  return fail(SUDOKIT_E_PARSE, std::string(what) + ": " + error.message);
}

void write_grid(const Grid& grid, char* out) noexcept {
  for (int i = 0; i < kCells; ++i) out[i] = grid[i] ? static_cast<char>('0' + grid[i]) : '.';
  out[kCells] = '\0';
}

}  // namespace sudokit::capi

using namespace sudokit;
using namespace sudokit::capi;

extern "C" {

const char* sudokit_version(void) { return SUDOKIT_VERSION_STRING; }

const char* sudokit_status_name(int status) {
  switch (status) {
    case SUDOKIT_OK: return "ok";
    case SUDOKIT_END: return "end";
    case SUDOKIT_E_INVALID_ARGUMENT: return "invalid-argument";
    case SUDOKIT_E_PARSE: return "parse";
    case SUDOKIT_E_OPTION: return "option";
    case SUDOKIT_E_UNSUPPORTED: return "unsupported";
    case SUDOKIT_E_NO_MEMORY: return "no-memory";
    case SUDOKIT_E_IO: return "io";
    case SUDOKIT_E_UNAVAILABLE: return "unavailable";
    case SUDOKIT_E_INCOMPLETE: return "incomplete";
    case SUDOKIT_E_INTERNAL: return "internal";
    default: return "unknown";
  }
}

const char* sudokit_last_error(void) { return g_last_error; }

const char* sudokit_last_error_option(void) { return g_last_option; }

int sudokit_solve(const char* puzzle, size_t length, uint32_t limit, uint32_t* count, char* solution) {
  return guard([&] {
    std::string_view text;
    if (!text_arg(puzzle, length, "puzzle", text)) return SUDOKIT_E_INVALID_ARGUMENT;
    if (!count) return fail(SUDOKIT_E_INVALID_ARGUMENT, "count is NULL");
    if (limit < 1) return fail_option(SUDOKIT_E_OPTION, "limit", "limit is 0 (it must be 1 or more)");
    Grid grid;
    if (int s = read_grid_arg(text, "puzzle", grid)) return s;
    const SolveResult r = solve(grid, limit);
    *count = r.count;
    if (r.count >= 1 && solution) write_grid(r.solution, solution);
    return SUDOKIT_OK;
  });
}

int sudokit_canonical(const char* puzzle, size_t length, char* out) {
  return guard([&] {
    std::string_view text;
    if (!text_arg(puzzle, length, "puzzle", text)) return SUDOKIT_E_INVALID_ARGUMENT;
    if (!out) return fail(SUDOKIT_E_INVALID_ARGUMENT, "out is NULL");
    Grid grid;
    if (int s = read_grid_arg(text, "puzzle", grid)) return s;
    write_grid(canonical_form(grid), out);
    return SUDOKIT_OK;
  });
}

size_t sudokit_technique_count(void) { return grader::kTechniqueCount; }

const char* sudokit_technique_key(size_t i) {
  // technique_key() views a string literal, so data() ends in a NUL.
  return i < grader::kTechniqueCount ? grader::technique_key(static_cast<grader::Technique>(i)).data() : nullptr;
}

const char* sudokit_technique_name(size_t i) {
  return i < grader::kTechniqueCount ? grader::technique_name(static_cast<grader::Technique>(i)).data() : nullptr;
}

}  // extern "C"
