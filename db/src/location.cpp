// Store locations (location.hpp).
#include "sudokit/db/location.hpp"

namespace sudokit::db {

namespace {

constexpr std::string_view kSchemes[] = {"postgresql://", "postgres://"};

std::size_t scheme_length(std::string_view s) {
  for (std::string_view scheme : kSchemes)
    if (s.substr(0, scheme.size()) == scheme) return scheme.size();
  return 0;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string percent_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '%' && i + 2 < s.size() && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

// The user part's password: [begin, end) in `s`, or begin == end when none.
// The authority ends at the first '/', '?' or '#'; the user part before its
// last '@'; the password after the user part's first ':'.
std::pair<std::size_t, std::size_t> userinfo_password(std::string_view s) {
  const std::size_t start = scheme_length(s);
  std::size_t end = s.find_first_of("/?#", start);
  if (end == std::string_view::npos) end = s.size();
  const std::size_t at = s.rfind('@', end == 0 ? 0 : end - 1);
  if (at == std::string_view::npos || at < start) return {0, 0};
  const std::size_t colon = s.find(':', start);
  if (colon == std::string_view::npos || colon > at) return {0, 0};
  return {colon + 1, at};
}

// The value of a `password=` query parameter: [begin, end), or begin == end.
std::pair<std::size_t, std::size_t> query_password(std::string_view s) {
  const std::size_t q = s.find('?', scheme_length(s));
  if (q == std::string_view::npos) return {0, 0};
  std::size_t i = q + 1;
  while (i < s.size()) {
    std::size_t amp = s.find('&', i);
    if (amp == std::string_view::npos) amp = s.size();
    const std::string_view param = s.substr(i, amp - i);
    if (param.substr(0, 9) == "password=") return {i + 9, amp};
    i = amp + 1;
  }
  return {0, 0};
}

}  // namespace

bool is_postgres_uri(std::string_view location) { return scheme_length(location) != 0; }

std::string redact_uri(std::string_view location) {
  if (!is_postgres_uri(location)) return std::string(location);
  std::string out(location);
  // The query's password first: it lies after the user part's, so the user
  // part's offsets stay valid.
  if (const auto [b, e] = query_password(out); b != e) out.replace(b, e - b, "***");
  if (const auto [b, e] = userinfo_password(out); b != e) out.replace(b, e - b, "***");
  return out;
}

std::string uri_password(std::string_view location) {
  if (!is_postgres_uri(location)) return {};
  if (const auto [b, e] = query_password(location); b != e) return percent_decode(location.substr(b, e - b));
  if (const auto [b, e] = userinfo_password(location); b != e) return percent_decode(location.substr(b, e - b));
  return {};
}

std::string redact_text(std::string text, const std::string& secret) {
  if (secret.empty()) return text;
  for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 3))
    text.replace(at, secret.size(), "***");
  return text;
}

}  // namespace sudokit::db
