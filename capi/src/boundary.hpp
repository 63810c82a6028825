// The C boundary: the per-thread last error, the guard every entry point
// runs its body in (no C++ exception leaves the library), the checks of
// arguments (NULL, lengths, struct_size) and the copy of output structs.
// Only capi's own sources include it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

#include "sudokit.h"
#include "sudokit/solver/grid.hpp"

namespace sudokit::capi {

/// Records `message` as this thread's last error and returns `status`.
/// Never throws or allocates (a fixed buffer; long messages are cut).
int fail(int status, std::string_view message) noexcept;
/// The same with the message `first` followed by `second`.
int fail(int status, std::string_view first, std::string_view second) noexcept;
/// fail() for an option at fault: `option` (as the caller spells it) is
/// also this thread's sudokit_last_error_option(); every other fail()
/// clears that.
int fail_option(int status, std::string_view option, std::string_view message) noexcept;
int fail_option(int status, std::string_view option, std::string_view first, std::string_view second) noexcept;

/// Runs `body` (returning a status), turning any exception into a status:
/// out of memory -> SUDOKIT_E_NO_MEMORY, anything else -> SUDOKIT_E_INTERNAL.
template <class F>
int guard(F&& body) noexcept {
  try {
    return body();
  } catch (const std::bad_alloc&) {
    return fail(SUDOKIT_E_NO_MEMORY, "out of memory");
  } catch (const std::exception& e) {
    return fail(SUDOKIT_E_INTERNAL, "internal error: ", e.what());
  } catch (...) {
    return fail(SUDOKIT_E_INTERNAL, "internal error (unknown exception)");
  }
}

/// `text` as a view: `length` characters, or up to the NUL with
/// SUDOKIT_NUL_TERMINATED. False (after fail()) when `text` is NULL.
bool text_arg(const char* text, std::size_t length, const char* what, std::string_view& out) noexcept;

/// Reads an 81-character puzzle argument; fail()s with SUDOKIT_E_PARSE naming
/// `what` and the column.
int read_grid_arg(std::string_view text, const char* what, Grid& grid);

/// Writes `grid` as 81 characters and a NUL into `out`.
void write_grid(const Grid& grid, char* out) noexcept;

/// An options struct from the caller: the defaults when `in` is NULL, else
/// the caller's fields. struct_size must be at least `min_size` (the first
/// version's size) and at most sizeof(T) (a larger struct comes from a newer
/// header than this library). SUDOKIT_OK, or the status of fail().
template <class T>
int read_options(const T* in, T& out, const char* what, std::size_t min_size = sizeof(T)) noexcept {
  if (!in) return SUDOKIT_OK;  // `out` holds the defaults
  if (in->struct_size < min_size || in->struct_size > sizeof(T)) {
    char m[200];
    std::snprintf(m, sizeof m, "%s: struct_size %u is not this library's %zu (initialise it with its _init function)",
                  what, static_cast<unsigned>(in->struct_size), sizeof(T));
    return fail(in->struct_size > sizeof(T) ? SUDOKIT_E_UNSUPPORTED : SUDOKIT_E_INVALID_ARGUMENT, m);
  }
  std::memcpy(static_cast<void*>(&out), in, in->struct_size);
  return SUDOKIT_OK;
}

/// Copies `full` into the caller's output struct `out`, as much of it as the
/// caller's struct_size holds; struct_size is then the size filled. False
/// after fail() when `out` is NULL or its struct_size is too small to hold
/// even struct_size.
template <class T>
bool write_struct(const T& full, T* out, const char* what) noexcept {
  if (!out) {
    fail(SUDOKIT_E_INVALID_ARGUMENT, what, " is NULL");
    return false;
  }
  const std::size_t n = out->struct_size < sizeof(T) ? out->struct_size : sizeof(T);
  if (n < sizeof(std::uint32_t)) {
    fail(SUDOKIT_E_INVALID_ARGUMENT, "struct_size is 0: set it to sizeof the struct (or use its _INIT macro)");
    return false;
  }
  std::memcpy(static_cast<void*>(out), &full, n);
  out->struct_size = static_cast<std::uint32_t>(n);
  return true;
}

}  // namespace sudokit::capi
