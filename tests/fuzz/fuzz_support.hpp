// Shared by the libFuzzer targets in this folder: turning fuzzer bytes into
// grids and transforms, and FUZZ_CHECK, which reports a broken invariant and
// aborts (libFuzzer saves the input as a crash; the replay runner fails).
// Each target defines LLVMFuzzerTestOneInput and is built twice: with clang
// and -fsanitize=fuzzer (the `fuzz` preset) to search, and with the normal
// compiler plus replay_main.cpp to replay its committed corpus in CTest.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "sudokit/solver/grid.hpp"
#include "sudokit/solver/text.hpp"
#include "sudokit/solver/transform.hpp"

#define FUZZ_CHECK(condition, ...)                                                  \
  do {                                                                              \
    if (!(condition)) {                                                             \
      std::fprintf(stderr, "%s:%d: invariant broken: %s: ", __FILE__, __LINE__, #condition); \
      std::fprintf(stderr, __VA_ARGS__);                                            \
      std::fputc('\n', stderr);                                                     \
      std::abort();                                                                 \
    }                                                                               \
  } while (0)

namespace sudokit::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

/// A grid from the first 81 bytes: '1'..'9' are givens, anything else is an
/// empty cell, missing bytes are empty cells. So a corpus of puzzle lines
/// mutates into near-empty, over-full and contradictory grids alike.
inline Grid grid_from_bytes(const std::uint8_t* data, std::size_t size) {
  Grid g;
  for (std::size_t i = 0; i < 81 && i < size; ++i)
    if (data[i] >= '1' && data[i] <= '9') g.cells[i] = static_cast<std::uint8_t>(data[i] - '0');
  return g;
}

/// A symmetry of the group picked by the bytes after the grid (a fixed one
/// when there are none): used to check that results do not depend on how a
/// puzzle is presented.
inline Transform transform_from_bytes(const std::uint8_t* data, std::size_t size) {
  std::uint64_t h = 0x9E3779B97F4A7C15ull;
  for (std::size_t i = 81; i < size; ++i) h = (h ^ data[i]) * 0x100000001B3ull;
  h ^= h >> 29;
  return Transform::from_index(static_cast<std::uint32_t>(h % kPositionalTransforms),
                               static_cast<std::uint32_t>((h >> 32) % kDigitRelabellings));
}

}  // namespace sudokit::fuzz
