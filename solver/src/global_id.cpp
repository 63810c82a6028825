#include "sudokit/solver/global_id.hpp"

#include <array>
#include <cstdint>
#include <utility>

#include "sudokit/solver/bits.hpp"
#include "sudokit/solver/canonical.hpp"

namespace sudokit {
namespace {

constexpr std::string_view kBase64Url = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

// The hash of the 81 cells: {high, low}; the id is all of high and the top
// 32 bits of low.
std::pair<std::uint64_t, std::uint64_t> form_hash(const Grid& canonical) {
  // The 81 cells (0-9) as 4-bit nibbles, 16 to a word: six words.
  std::array<std::uint64_t, 6> words{};
  for (std::size_t i = 0; i < 81; ++i) words[i / 16] |= std::uint64_t{canonical.cells[i]} << (4 * (i % 16));
  // Two lanes, each absorbing every word through the bijective mixer.
  std::uint64_t a = 0x243F6A8885A308D3ull, b = 0x13198A2E03707344ull;
  for (std::size_t i = 0; i < words.size(); ++i) {
    a = mix64(a ^ words[i]);
    b = mix64(b + words[i] * 0x9E3779B97F4A7C15ull + i);
  }
  const std::uint64_t high = mix64(a ^ (b >> 1));
  return {high, mix64(b ^ high)};
}

}  // namespace

std::uint64_t global_key_of_canonical(const Grid& canonical) { return form_hash(canonical).first; }

std::string global_id_of_canonical(const Grid& canonical) {
  const auto [high, low] = form_hash(canonical);
  // 96 bits: all of `high`, the top 32 of `low`; 6 bits a character.
  std::array<std::uint8_t, 12> bytes{};
  for (std::size_t i = 0; i < 8; ++i) bytes[i] = static_cast<std::uint8_t>(high >> (56 - 8 * i));
  for (std::size_t i = 0; i < 4; ++i) bytes[8 + i] = static_cast<std::uint8_t>(low >> (56 - 8 * i));
  std::string id;
  id.reserve(kGlobalIdLength);
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    const std::uint32_t v = (std::uint32_t{bytes[i]} << 16) | (std::uint32_t{bytes[i + 1]} << 8) | bytes[i + 2];
    for (int shift = 18; shift >= 0; shift -= 6) id.push_back(kBase64Url[(v >> shift) & 63]);
  }
  return id;
}

std::string global_id(const Grid& grid) { return global_id_of_canonical(canonical_form(grid)); }

bool is_global_id(std::string_view text) {
  if (text.size() != kGlobalIdLength) return false;
  for (char c : text)
    if (kBase64Url.find(c) == std::string_view::npos) return false;
  return true;
}

}  // namespace sudokit
