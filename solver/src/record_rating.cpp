// A record's rating (record_rating.hpp).
#include "sudokit/solver/record_rating.hpp"

#include <algorithm>

#include "sudokit/solver/text.hpp"

namespace sudokit {

std::string_view next_field(std::string_view& rest) {
  auto separator = [](char c) { return c == ' ' || c == '\t' || c == ',' || c == ';'; };
  std::size_t i = 0;
  while (i < rest.size() && separator(rest[i])) ++i;
  const std::size_t start = i;
  while (i < rest.size() && !separator(rest[i])) ++i;
  const std::string_view field = rest.substr(start, i - start);
  rest.remove_prefix(i);
  return field;
}

bool record_rating(std::string_view fields, std::optional<double>& rating, std::string& error) {
  rating.reset();
  std::string_view rest = fields;
  std::string_view field = next_field(rest);
  while (field.size() == 81) field = next_field(rest);
  if (field.empty()) return true;
  const std::size_t slash = field.find('/');
  if (slash != std::string_view::npos && std::count(field.begin(), field.end(), '/') == 2) {
    const std::string_view others = field.substr(slash + 1);
    const std::size_t second = others.find('/');
    double ep = 0, ed = 0;
    if (!parse_rating(others.substr(0, second), ep, error) || !parse_rating(others.substr(second + 1), ed, error))
      return false;
    field = field.substr(0, slash);
  }
  double value = 0;
  if (!parse_rating(field, value, error)) return false;
  rating = value;
  return true;
}

}  // namespace sudokit
