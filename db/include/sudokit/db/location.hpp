// Where a store lives: a SQLite file path, or a PostgreSQL database named by
// a libpq connection string, in either form libpq accepts:
//   a URI     postgresql://user[:password]@host[:port]/dbname[?param=value&...]
//   keywords  host=... port=... user=... password=... dbname=...
// PuzzleStore opens either. A location's passwords (the URI's user part,
// `password=` and `sslpassword=` in any form, as libpq itself reads them with
// PQconninfoParse) are never shown: every message, progress line, statistic
// and stored value shows a location through redact_location, and every
// server or libpq message about it is cleaned with redact_text.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sudokit::db {

/// True for a PostgreSQL connection string: a URI ("postgresql://",
/// "postgres://") or keyword/value pairs (the value opens with `keyword=`,
/// a keyword being letters, digits and underscores, blanks allowed around
/// it; a file whose name opens so is spelled `./name`). Anything else is a
/// SQLite file path.
bool is_postgres_location(std::string_view location);

/// A PostgreSQL location that cannot be used safely. The message never
/// quotes the location: it may hold a password.
class LocationError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Throws LocationError for a PostgreSQL location that libpq cannot parse
/// (PQconninfoParse), a URI with an '@' after the one that ends its user
/// part (a password holding '@' or '/' unencoded: libpq would take part of
/// it for the host, port or database), or a port that is not a number.
/// Does nothing for a file path, nor when libpq cannot be loaded (opening
/// the store then says so).
void check_location(std::string_view location);

/// The location as it may be shown: a file path unchanged; a URI with each
/// password replaced by "***"; keyword/value pairs as libpq reads them
/// (`host=h user=u password=*** dbname=d`); kLocationNotShown for a
/// location check_location refuses, or keyword/value pairs when libpq
/// cannot be loaded.
std::string redact_location(std::string_view location);

/// What redact_location shows for a location it cannot show safely.
inline constexpr std::string_view kLocationNotShown = "<PostgreSQL connection string, not shown>";

/// Every spelling of every password `location` holds (as written, percent-
/// decoded, and as libpq reads it), longest first; empty for a file path.
std::vector<std::string> location_secrets(std::string_view location);

/// `text` with every occurrence of each secret replaced by "***".
std::string redact_text(std::string text, const std::vector<std::string>& secrets);

}  // namespace sudokit::db
