// The words that name an Alphabet (geometry.hpp) where a user picks one: the
// C API's sudokit_alphabet_parse, Python's and npm's `alphabet` option.
#pragma once

#include <optional>
#include <string_view>

#include "sudokit/solver/geometry.hpp"

namespace sudokit {

/// The words, as an error message lists them.
inline constexpr std::string_view kAlphabetWords = "digits, letters or hex";

/// "digits", "letters" or "hex"; nullopt for any other word.
inline std::optional<Alphabet> parse_alphabet(std::string_view word) {
  if (word == "digits") return Alphabet::kDigits;
  if (word == "letters") return Alphabet::kLetters;
  if (word == "hex") return Alphabet::kHex;
  return std::nullopt;
}

}  // namespace sudokit
