// The rating a puzzle record carries (the fields after its puzzle on a line,
// TextRecord::fields), read the same way by every command: `db import`
// stores it as the source's rating, `solve`, `grade`, `canon`, `render` and
// `generate --from` skip a record whose rating is not one.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace sudokit {

/// Takes the first field off `rest`: fields are separated by blanks, commas
/// or semicolons, as the line reader separates the puzzle from what follows.
std::string_view next_field(std::string_view& rest);

/// "puzzle rating", or "puzzle solution rating" as `generate --solution`
/// prints it: the first field after the puzzle that is not 81 characters (a
/// solution, or more puzzles) is the source's rating and must be one
/// (parse_rating: a number from 0 to 20); "ER/EP/ED" (as `sudokit grade` and
/// Sudoku Explainer print them) gives the ER, EP and ED checked too. Later
/// fields are comments. True with `rating` set (nullopt: no rating); false
/// with `error` saying what is wrong.
bool record_rating(std::string_view fields, std::optional<double>& rating, std::string& error);

}  // namespace sudokit
