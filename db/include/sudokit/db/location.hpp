// Where a store lives: a SQLite file path, or a PostgreSQL server named by a
// libpq URI (postgresql://user[:password]@host[:port]/dbname[?param=value...]).
// PuzzleStore opens either; every message, progress line, statistic and
// stored value shows a URI through redact_uri, never with its password.
#pragma once

#include <string>
#include <string_view>

namespace sudokit::db {

/// True for "postgresql://..." and "postgres://..." (libpq's URI schemes).
bool is_postgres_uri(std::string_view location);

/// The location as it may be shown: a URI's password (in the user part, or
/// a `password=` parameter) replaced by "***"; a file path unchanged.
std::string redact_uri(std::string_view location);

/// The password a URI carries (percent-decoded; "" when none), so that an
/// error text that quotes it can be cleaned with redact_text.
std::string uri_password(std::string_view location);

/// `text` with every occurrence of `secret` (when not empty) replaced by "***".
std::string redact_text(std::string text, const std::string& secret);

}  // namespace sudokit::db
