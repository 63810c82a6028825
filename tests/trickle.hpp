// A ByteSource that hands out a text a few bytes at a time, as a pipe may:
// for tests that read the same text from memory and as a stream.
#pragma once

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "sudokit/solver/text.hpp"

namespace sudokit::test {

/// Read sizes cycle through `steps`.
inline ByteSource trickle(std::string text, std::vector<std::size_t> steps) {
  auto state = std::make_shared<std::pair<std::string, std::size_t>>(std::move(text), 0);
  auto turn = std::make_shared<std::size_t>(0);
  return [state, turn, steps](char* buffer, std::size_t size, std::string&) -> long {
    auto& [t, at] = *state;
    const std::size_t n = std::min({size, steps[(*turn)++ % steps.size()], t.size() - at});
    std::copy_n(t.data() + at, n, buffer);
    at += n;
    return static_cast<long>(n);
  };
}

}  // namespace sudokit::test
