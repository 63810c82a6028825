// Reading the names options give (papers, trims, formats), private to the
// book library: names are matched in any case.
#pragma once

#include <cctype>
#include <string>
#include <string_view>

namespace sudokit::book {

inline std::string lower_case(std::string_view name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower;
}

}  // namespace sudokit::book
