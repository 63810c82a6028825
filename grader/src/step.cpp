// Step names, keys and rating formatting.
#include "sudokit/grader/step.hpp"

#include <array>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace sudokit::grader {
namespace {

struct Names {
  const char* key;
  const char* name;
};

constexpr std::array<Names, kTechniqueCount> kNames = {{
    {"hidden-single", "Hidden Single"},
    {"direct-pointing", "Direct Pointing"},
    {"direct-claiming", "Direct Claiming"},
    {"direct-hidden-pair", "Direct Hidden Pair"},
    {"naked-single", "Naked Single"},
    {"direct-hidden-triplet", "Direct Hidden Triplet"},
    {"pointing", "Pointing"},
    {"claiming", "Claiming"},
    {"naked-pair", "Naked Pair"},
    {"x-wing", "X-Wing"},
    {"hidden-pair", "Hidden Pair"},
    {"naked-triplet", "Naked Triplet"},
    {"swordfish", "Swordfish"},
    {"hidden-triplet", "Hidden Triplet"},
    {"two-strong-links", "Skyscraper / 2-String Kite / Turbot Fish"},
    {"xy-wing", "XY-Wing"},
    {"xyz-wing", "XYZ-Wing"},
    {"unique-rectangle", "Unique Rectangle"},
    {"naked-quad", "Naked Quad"},
    {"jellyfish", "Jellyfish"},
    {"hidden-quad", "Hidden Quad"},
    {"three-strong-links", "3 Strong Links"},
    {"wxyz-wing", "WXYZ-Wing"},
    {"bug", "BUG"},
    {"four-strong-links", "4 Strong Links"},
    {"vwxyz-wing", "VWXYZ-Wing"},
    {"aligned-pair-exclusion", "Aligned Pair Exclusion"},
    {"uvwxyz-wing", "UVWXYZ-Wing"},
    {"x-cycle", "Bidirectional X-Cycle"},
    {"y-cycle", "Bidirectional Y-Cycle"},
    {"forcing-x-chain", "Forcing X-Chain"},
    {"xy-cycle", "Bidirectional Cycle"},
    {"xy-chain", "Forcing Chain"},
    {"tuvwxyz-wing", "TUVWXYZ-Wing"},
    {"aligned-triplet-exclusion", "Aligned Triplet Exclusion"},
    {"nishio", "Nishio Forcing Chains"},
    {"cell-forcing-chain", "Cell Forcing Chains"},
    {"region-forcing-chain", "Region Forcing Chains"},
    {"dynamic-forcing-chain", "Dynamic Forcing Chains"},
    {"dynamic-forcing-chain-plus", "Dynamic Forcing Chains (+)"},
    {"nested-forcing-chain", "Nested Forcing Chains"},
}};

std::string squash(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '-' && c != '_') out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return out;
}

// BasicElimination is no SE technique: parse_technique and the lists over
// 0..kTechniqueCount-1 never see it.
constexpr Names kBasicElimination = {"basic-elimination", "Basic Elimination"};

const Names& names_of(Technique t) {
  return t == Technique::BasicElimination ? kBasicElimination : kNames[static_cast<std::size_t>(t)];
}

}  // namespace

std::string_view technique_key(Technique t) { return names_of(t).key; }
std::string_view technique_name(Technique t) { return names_of(t).name; }

bool parse_technique(std::string_view text, Technique& out) {
  const std::string want = squash(text);
  for (int i = 0; i < kTechniqueCount; ++i) {
    if (squash(kNames[static_cast<std::size_t>(i)].key) == want || squash(kNames[static_cast<std::size_t>(i)].name) == want) {
      out = static_cast<Technique>(i);
      return true;
    }
  }
  // Common community names for families.
  static const std::array<std::pair<const char*, Technique>, 8> aliases = {{
      {"ur", Technique::UniqueRectangle},
      {"uniqueloop", Technique::UniqueRectangle},
      {"skyscraper", Technique::TwoStrongLinks},
      {"2stringkite", Technique::TwoStrongLinks},
      {"turbotfish", Technique::TwoStrongLinks},
      {"bivalueuniversalgrave", Technique::BivalueUniversalGrave},
      {"ape", Technique::AlignedPairExclusion},
      {"fullhouse", Technique::HiddenSingle},
  }};
  for (const auto& [alias, t] : aliases)
    if (want == alias) {
      out = t;
      return true;
    }
  return false;
}

RatingRange technique_ratings(Technique t) {
  constexpr double kOpen = 20;  // a chain's rating grows with its length
  switch (t) {
    case Technique::HiddenSingle: return {1.0, 1.5};
    case Technique::DirectPointing: return {1.7, 1.7};
    case Technique::DirectClaiming: return {1.9, 1.9};
    case Technique::DirectHiddenPair: return {2.0, 2.0};
    case Technique::NakedSingle: return {2.3, 2.3};
    case Technique::DirectHiddenTriplet: return {2.5, 2.5};
    case Technique::Pointing: return {2.6, 2.6};
    case Technique::Claiming: return {2.8, 2.8};
    case Technique::NakedPair: return {3.0, 3.0};
    case Technique::XWing: return {3.2, 3.2};
    case Technique::HiddenPair: return {3.4, 3.4};
    case Technique::NakedTriplet: return {3.6, 3.6};
    case Technique::Swordfish: return {3.8, 3.8};
    case Technique::HiddenTriplet: return {4.0, 4.0};
    case Technique::TwoStrongLinks: return {4.0, 4.3};
    case Technique::XYWing: return {4.2, 4.2};
    case Technique::XYZWing: return {4.4, 4.4};
    case Technique::UniqueRectangle: return {4.5, kOpen};
    case Technique::NakedQuad: return {5.0, 5.0};
    case Technique::Jellyfish: return {5.2, 5.2};
    case Technique::HiddenQuad: return {5.4, 5.4};
    case Technique::ThreeStrongLinks: return {5.4, 5.7};
    case Technique::WXYZWing: return {5.5, 5.6};
    case Technique::BivalueUniversalGrave: return {5.6, 6.2};
    case Technique::FourStrongLinks: return {5.8, 6.1};
    case Technique::VWXYZWing: return {6.2, 6.4};
    case Technique::AlignedPairExclusion: return {6.2, 6.2};
    case Technique::UVWXYZWing: return {6.6, 6.6};
    case Technique::XCycle: return {6.5, kOpen};
    case Technique::YCycle: return {6.5, kOpen};
    case Technique::ForcingXChain: return {6.6, kOpen};
    case Technique::XYCycle: return {7.0, kOpen};
    case Technique::ForcingChain: return {7.0, kOpen};
    case Technique::TUVWXYZWing: return {7.5, 7.5};
    case Technique::AlignedTripletExclusion: return {7.5, 7.5};
    case Technique::NishioForcingChain: return {7.5, kOpen};
    case Technique::CellForcingChain: return {8.0, kOpen};
    case Technique::RegionForcingChain: return {8.0, kOpen};
    case Technique::DynamicForcingChain: return {8.5, kOpen};
    case Technique::DynamicForcingChainPlus: return {9.0, kOpen};
    case Technique::NestedForcingChain: return {9.5, kOpen};
    case Technique::Count: break;
  }
  return {0, kOpen};
}

std::vector<std::string> technique_keys(TechniqueSet set) {
  std::vector<std::string> keys;
  for (int t = 0; t < kTechniqueCount; ++t)
    if ((set >> t) & 1) keys.emplace_back(technique_key(static_cast<Technique>(t)));
  return keys;
}

bool parse_technique_set(std::string_view text, TechniqueSet& out) {
  Technique t;
  if (parse_technique(text, t)) {
    out = technique_bit(t);
    return true;
  }
  // Community names for what SE rates as several techniques.
  if (squash(text) == "xchain" || squash(text) == "singledigitchain") {
    out = technique_bit(Technique::TwoStrongLinks) | technique_bit(Technique::ThreeStrongLinks) |
          technique_bit(Technique::FourStrongLinks) | technique_bit(Technique::ForcingXChain) |
          technique_bit(Technique::XCycle);
    return true;
  }
  return false;
}

int Step::elimination_count() const {
  int n = 0;
  for (DigitMask m : removals.masks) n += popcount(m);
  return n;
}

bool Step::has_eliminations() const {
  // An OR of the masks eight bytes at a time (the usual answer is "no",
  // which a loop stopping at the first mask found reads to the end anyway).
  static_assert(sizeof removals.masks == 2 * kCells);
  const auto* bytes = reinterpret_cast<const unsigned char*>(removals.masks.data());
  std::uint64_t any = 0;
  for (std::size_t i = 0; i + 8 <= sizeof removals.masks; i += 8) {
    std::uint64_t word;
    std::memcpy(&word, bytes + i, 8);
    any |= word;
  }
  for (std::size_t i = sizeof removals.masks / 8 * 8; i < sizeof removals.masks; ++i) any |= bytes[i];
  return any != 0;
}

std::string Step::name() const {
  if (!label.empty()) return label;
  return std::string(technique_name(technique));
}

std::string digits_list(DigitMask m) {
  std::string s;
  for_each_digit(m, [&](int d) {
    if (!s.empty()) s += ',';
    s += static_cast<char>('0' + d);
  });
  return s;
}

double rounded_rating(double r) { return std::floor((r + 0.05) * 10) / 10; }

std::string format_rating(double r) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", rounded_rating(r));
  return buf;
}

}  // namespace sudokit::grader
