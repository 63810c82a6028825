// The rules of a geometry's canonical spelling, in order ("x,windows,nc" ->
// x, windows, nc), private to the book library: the drawing reads which
// extra regions to mark from them, the labels which rules to state. The
// canonical spelling (geometry.hpp) holds no comma inside a rule.
#pragma once

#include <string>
#include <vector>

#include "sudokit/solver/geometry.hpp"

namespace sudokit::book {

inline std::vector<std::string> spelling_rules(const Geometry& geometry) {
  std::vector<std::string> rules;
  const std::string& spelling = geometry.spelling();
  for (std::size_t at = 0; at <= spelling.size();) {
    std::size_t end = spelling.find(',', at);
    if (end == std::string::npos) end = spelling.size();
    rules.push_back(spelling.substr(at, end - at));
    at = end + 1;
  }
  return rules;
}

}  // namespace sudokit::book
