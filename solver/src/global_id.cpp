#include "sudokit/solver/global_id.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "sudokit/solver/bits.hpp"
#include "sudokit/solver/canonical.hpp"
#include "sudokit/solver/canonical_any.hpp"

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

// The hash of a variant's spelling and canonical cells (global_id.hpp): the
// bytes (spelling, 0xFF, cells), eight to a little-endian word, absorbed as
// form_hash absorbs its words, from other starting values, with the byte
// count last.
std::pair<std::uint64_t, std::uint64_t> variant_hash(std::string_view spelling, std::span<const std::uint8_t> cells) {
  std::vector<std::uint8_t> bytes(spelling.begin(), spelling.end());
  bytes.push_back(0xFF);
  bytes.insert(bytes.end(), cells.begin(), cells.end());
  std::uint64_t a = 0xA4093822299F31D0ull, b = 0x082EFA98EC4E6C89ull;
  std::size_t i = 0;
  auto absorb = [&](std::uint64_t word) {
    a = mix64(a ^ word);
    b = mix64(b + word * 0x9E3779B97F4A7C15ull + i);
    ++i;
  };
  for (std::size_t at = 0; at < bytes.size(); at += 8) {
    std::uint64_t word = 0;
    for (std::size_t k = 0; k < 8 && at + k < bytes.size(); ++k) word |= std::uint64_t{bytes[at + k]} << (8 * k);
    absorb(word);
  }
  absorb(bytes.size());
  const std::uint64_t high = mix64(a ^ (b >> 1));
  return {high, mix64(b ^ high)};
}

// 96 bits (all of `high`, the top 32 of `low`) as 16 base64url characters.
std::string encode96(std::uint64_t high, std::uint64_t low) {
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

}  // namespace

std::uint64_t global_key_of_canonical(const Grid& canonical) { return form_hash(canonical).first; }

std::string global_id_of_canonical(const Grid& canonical) {
  const auto [high, low] = form_hash(canonical);
  return encode96(high, low);
}

std::string global_id_of_canonical(const Geometry& geometry, std::span<const std::uint8_t> canonical) {
  if (geometry.classic()) {
    Grid grid;
    std::copy(canonical.begin(), canonical.end(), grid.cells.begin());
    return global_id_of_canonical(grid);
  }
  const auto [high, low] = variant_hash(geometry.spelling(), canonical);
  std::string id(1, 'v');
  id += encode96(high, low);
  return id;
}

std::string global_id_any(const GeometryPtr& geometry, std::span<const std::uint8_t> cells) {
  const auto form = canonical_any(geometry, cells);
  return global_id_of_canonical(*geometry, form);
}

bool is_variant_global_id(std::string_view text) {
  return text.size() == kVariantGlobalIdLength && text.front() == 'v' && is_global_id(text.substr(1));
}

std::string global_id(const Grid& grid) { return global_id_of_canonical(canonical_form(grid)); }

bool is_global_id(std::string_view text) {
  if (text.size() != kGlobalIdLength) return false;
  for (char c : text)
    if (kBase64Url.find(c) == std::string_view::npos) return false;
  return true;
}

}  // namespace sudokit
