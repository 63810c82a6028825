// Store locations (location.hpp).
//
// What is a password is libpq's to say: PQconninfoParse (through
// parse_conninfo, sql.hpp) reads a connection string exactly as the
// connection will, and its `password` and `sslpassword` values are the
// secrets. What it cannot say is where they stand in the text as written, so
// a URI is also read here, by libpq's own rules (fe-connect.c,
// conninfo_uri_parse_options): the user part ends at the first '@' met
// before any '/' (a '?' or '#' in a password is part of it), the password is
// the user part after its first ':', the query is what follows the first '?'
// after the user part, its parameters split at '&', their keys
// percent-decoded. Keyword/value pairs are shown rebuilt from libpq's reading,
// so nothing of them is shown that libpq does not take for what it is shown as.
//
// A location is refused (check_location) where text and libpq could part: an
// '@' after the user part (a password with an unencoded '@' or '/' would be
// read by libpq as host, port or database, and printed as such), a port that
// is not a number (libpq's message would quote it), and anything libpq
// cannot parse (its message may quote any part of the string; it is shown
// with every quoted part masked).
#include "sudokit/db/location.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>

#include "sql.hpp"

namespace sudokit::db {

namespace {

constexpr std::string_view kSchemes[] = {"postgresql://", "postgres://"};
constexpr const char* kMask = "***";

std::size_t scheme_length(std::string_view s) {
  for (std::string_view scheme : kSchemes)
    if (s.substr(0, scheme.size()) == scheme) return scheme.size();
  return 0;
}

bool is_uri(std::string_view s) { return scheme_length(s) != 0; }

bool is_blank(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

/// libpq's keywords that hold a secret.
bool is_secret_key(std::string_view key) { return key == "password" || key == "sslpassword"; }

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

using Span = std::pair<std::size_t, std::size_t>;  // [begin, end) in the location

/// A URI as libpq splits it: where its user part ends and its password spans.
struct UriParts {
  std::size_t rest = 0;              // the first character after the user part's '@' (or the scheme)
  std::optional<Span> password;      // the user part's password, when it has one
  std::vector<Span> secret_values;   // values of query parameters whose key is a secret's
};

UriParts uri_parts(std::string_view s) {
  UriParts parts;
  const std::size_t start = scheme_length(s);
  const std::size_t end = s.find_first_of("@/", start);
  parts.rest = start;
  if (end != std::string_view::npos && s[end] == '@') {
    parts.rest = end + 1;
    const std::size_t colon = s.find(':', start);
    if (colon < end) parts.password = Span{colon + 1, end};
  }
  const std::size_t query = s.find('?', parts.rest);
  if (query == std::string_view::npos) return parts;
  for (std::size_t i = query + 1; i <= s.size();) {
    std::size_t amp = s.find('&', i);
    if (amp == std::string_view::npos) amp = s.size();
    const std::size_t eq = s.find('=', i);
    if (eq < amp && is_secret_key(percent_decode(s.substr(i, eq - i)))) parts.secret_values.push_back({eq + 1, amp});
    i = amp + 1;
  }
  return parts;
}

/// `keyword =` at the start (after blanks): keyword/value pairs.
bool has_keyword_shape(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size() && is_blank(s[i])) ++i;
  const std::size_t key = i;
  while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) != 0 || s[i] == '_')) ++i;
  if (i == key) return false;
  while (i < s.size() && is_blank(s[i])) ++i;
  return i < s.size() && s[i] == '=';
}

/// libpq's message with every quoted part masked ("=" and the like kept):
/// it may quote any piece of the string, a password's included.
std::string mask_quoted(const std::string& reason) {
  std::string out;
  for (std::size_t i = 0; i < reason.size(); ++i) {
    const std::size_t close = reason[i] == '"' ? reason.find('"', i + 1) : std::string::npos;
    if (close == std::string::npos) {
      out += reason[i];
      continue;
    }
    const std::string_view inside = std::string_view(reason).substr(i + 1, close - i - 1);
    const bool kept = inside == "=" || inside == ":" || inside == "/" || inside == "]";
    // Appended piece by piece: `"\"" + std::string(inside) + "\""` made GCC
    // 12 warn (-Wrestrict, a false overlap in the temporaries' memcpy).
    out += '"';
    out += kept ? inside : std::string_view("...");
    out += '"';
    i = close;
  }
  return out;
}

/// Each comma-separated port is empty or digits.
bool is_port_list(std::string_view ports) {
  return std::all_of(ports.begin(), ports.end(), [](char c) { return c == ',' || (c >= '0' && c <= '9'); });
}

/// The reason `location` (a PostgreSQL one) is refused, or "" when it is not.
std::string refusal(std::string_view location) {
  if (is_uri(location)) {
    const UriParts parts = uri_parts(location);
    if (location.find('@', parts.rest) != std::string_view::npos)
      return "the URI has an '@' after the one that ends its user part: percent-encode '@' and '/' in a password "
             "(%40, %2F) or in any other value";
  }
  const detail::Conninfo info = detail::parse_conninfo(std::string(location));
  if (!info.loaded) return "";  // opening the store says so
  if (!info.parsed)
    return "not a connection string libpq accepts: " + mask_quoted(info.error) +
           (is_uri(location) ? "" : " (a file whose name opens with `word=` is written ./NAME)");
  for (const auto& [key, value] : info.options)
    if (key == "port" && !is_port_list(value)) return "the port is not a number";
  return "";
}

void add_secret(std::vector<std::string>& secrets, std::string secret) {
  if (!secret.empty()) secrets.push_back(std::move(secret));
}

/// A keyword/value value as libpq reads it back: quoted when it must be.
std::string conninfo_value(const std::string& value) {
  const bool plain = !value.empty() && std::none_of(value.begin(), value.end(), [](char c) {
    return is_blank(c) || c == '\'' || c == '\\';
  });
  if (plain) return value;
  std::string out = "'";
  for (char c : value) {
    if (c == '\'' || c == '\\') out += '\\';
    out += c;
  }
  return out + "'";
}

}  // namespace

bool is_postgres_location(std::string_view location) { return is_uri(location) || has_keyword_shape(location); }

void check_location(std::string_view location) {
  if (!is_postgres_location(location)) return;
  if (std::string why = refusal(location); !why.empty()) throw LocationError(why);
}

std::vector<std::string> location_secrets(std::string_view location) {
  std::vector<std::string> secrets;
  if (!is_postgres_location(location)) return secrets;
  if (is_uri(location)) {
    const UriParts parts = uri_parts(location);
    std::vector<Span> spans = parts.secret_values;
    if (parts.password) spans.push_back(*parts.password);
    for (const auto& [b, e] : spans) {
      add_secret(secrets, std::string(location.substr(b, e - b)));
      add_secret(secrets, percent_decode(location.substr(b, e - b)));
    }
  }
  const detail::Conninfo info = detail::parse_conninfo(std::string(location));
  for (const auto& [key, value] : info.options) {
    if (is_secret_key(key)) add_secret(secrets, value);
    // A value that is a URI itself (a dbname libpq does not read again):
    // its passwords are secrets too.
    else if (is_uri(value) && value != location)
      for (std::string& s : location_secrets(value)) add_secret(secrets, std::move(s));
  }
  std::sort(secrets.begin(), secrets.end(),
            [](const std::string& a, const std::string& b) { return a.size() != b.size() ? a.size() > b.size() : a < b; });
  secrets.erase(std::unique(secrets.begin(), secrets.end()), secrets.end());
  return secrets;
}

std::string redact_location(std::string_view location) {
  if (!is_postgres_location(location)) return std::string(location);
  if (!refusal(location).empty()) return std::string(kLocationNotShown);
  const std::vector<std::string> secrets = location_secrets(location);
  if (is_uri(location)) {
    const UriParts parts = uri_parts(location);
    std::vector<Span> spans = parts.secret_values;
    if (parts.password) spans.push_back(*parts.password);
    std::sort(spans.begin(), spans.end());
    std::string out(location);
    for (auto it = spans.rbegin(); it != spans.rend(); ++it) out.replace(it->first, it->second - it->first, kMask);
    return redact_text(std::move(out), secrets);
  }
  const detail::Conninfo info = detail::parse_conninfo(std::string(location));
  if (!info.parsed) return std::string(kLocationNotShown);  // libpq cannot be loaded
  std::string out;
  for (const auto& [key, value] : info.options) {
    if (!out.empty()) out += ' ';
    out += key + "=";
    if (is_secret_key(key)) out += kMask;
    else out += conninfo_value(is_uri(value) && value != location ? redact_location(value) : value);
  }
  return redact_text(std::move(out), secrets);
}

std::string redact_text(std::string text, const std::vector<std::string>& secrets) {
  for (const std::string& secret : secrets) {
    if (secret.empty()) continue;
    for (std::size_t at = text.find(secret); at != std::string::npos; at = text.find(secret, at + 3))
      text.replace(at, secret.size(), kMask);
  }
  return text;
}

}  // namespace sudokit::db
