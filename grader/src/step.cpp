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

// One row per technique, in the order of the Technique enum (step.hpp):
// its stable key, SE's printed name, and the ratings SE gives its steps
// (low, high; kOpen where a chain's rating grows with its length). A new
// technique is one row here (technique.hpp has the whole checklist).
constexpr double kOpen = 20;
struct TechniqueRow {
  Technique id;
  const char* key;
  const char* name;
  RatingRange ratings;
};

constexpr std::array<TechniqueRow, kTechniqueCount> kTechniques = {{
    {Technique::HiddenSingle, "hidden-single", "Hidden Single", {1.0, 1.5}},
    {Technique::DirectPointing, "direct-pointing", "Direct Pointing", {1.7, 1.7}},
    {Technique::DirectClaiming, "direct-claiming", "Direct Claiming", {1.9, 1.9}},
    {Technique::DirectHiddenPair, "direct-hidden-pair", "Direct Hidden Pair", {2.0, 2.0}},
    {Technique::NakedSingle, "naked-single", "Naked Single", {2.3, 2.3}},
    {Technique::DirectHiddenTriplet, "direct-hidden-triplet", "Direct Hidden Triplet", {2.5, 2.5}},
    {Technique::Pointing, "pointing", "Pointing", {2.6, 2.6}},
    {Technique::Claiming, "claiming", "Claiming", {2.8, 2.8}},
    {Technique::NakedPair, "naked-pair", "Naked Pair", {3.0, 3.0}},
    {Technique::XWing, "x-wing", "X-Wing", {3.2, 3.2}},
    {Technique::HiddenPair, "hidden-pair", "Hidden Pair", {3.4, 3.4}},
    {Technique::NakedTriplet, "naked-triplet", "Naked Triplet", {3.6, 3.6}},
    {Technique::Swordfish, "swordfish", "Swordfish", {3.8, 3.8}},
    {Technique::HiddenTriplet, "hidden-triplet", "Hidden Triplet", {4.0, 4.0}},
    {Technique::TwoStrongLinks, "two-strong-links", "Skyscraper / 2-String Kite / Turbot Fish", {4.0, 4.3}},
    {Technique::XYWing, "xy-wing", "XY-Wing", {4.2, 4.2}},
    {Technique::XYZWing, "xyz-wing", "XYZ-Wing", {4.4, 4.4}},
    {Technique::UniqueRectangle, "unique-rectangle", "Unique Rectangle", {4.5, kOpen}},
    {Technique::NakedQuad, "naked-quad", "Naked Quad", {5.0, 5.0}},
    {Technique::Jellyfish, "jellyfish", "Jellyfish", {5.2, 5.2}},
    {Technique::HiddenQuad, "hidden-quad", "Hidden Quad", {5.4, 5.4}},
    {Technique::ThreeStrongLinks, "three-strong-links", "3 Strong Links", {5.4, 5.7}},
    {Technique::WXYZWing, "wxyz-wing", "WXYZ-Wing", {5.5, 5.6}},
    {Technique::BivalueUniversalGrave, "bug", "BUG", {5.6, 6.2}},
    {Technique::FourStrongLinks, "four-strong-links", "4 Strong Links", {5.8, 6.1}},
    {Technique::VWXYZWing, "vwxyz-wing", "VWXYZ-Wing", {6.2, 6.4}},
    {Technique::AlignedPairExclusion, "aligned-pair-exclusion", "Aligned Pair Exclusion", {6.2, 6.2}},
    {Technique::UVWXYZWing, "uvwxyz-wing", "UVWXYZ-Wing", {6.6, 6.6}},
    {Technique::XCycle, "x-cycle", "Bidirectional X-Cycle", {6.5, kOpen}},
    {Technique::YCycle, "y-cycle", "Bidirectional Y-Cycle", {6.5, kOpen}},
    {Technique::ForcingXChain, "forcing-x-chain", "Forcing X-Chain", {6.6, kOpen}},
    {Technique::XYCycle, "xy-cycle", "Bidirectional Cycle", {7.0, kOpen}},
    {Technique::ForcingChain, "xy-chain", "Forcing Chain", {7.0, kOpen}},
    {Technique::TUVWXYZWing, "tuvwxyz-wing", "TUVWXYZ-Wing", {7.5, 7.5}},
    {Technique::AlignedTripletExclusion, "aligned-triplet-exclusion", "Aligned Triplet Exclusion", {7.5, 7.5}},
    {Technique::NishioForcingChain, "nishio", "Nishio Forcing Chains", {7.5, kOpen}},
    {Technique::CellForcingChain, "cell-forcing-chain", "Cell Forcing Chains", {8.0, kOpen}},
    {Technique::RegionForcingChain, "region-forcing-chain", "Region Forcing Chains", {8.0, kOpen}},
    {Technique::DynamicForcingChain, "dynamic-forcing-chain", "Dynamic Forcing Chains", {8.5, kOpen}},
    {Technique::DynamicForcingChainPlus, "dynamic-forcing-chain-plus", "Dynamic Forcing Chains (+)", {9.0, kOpen}},
    {Technique::NestedForcingChain, "nested-forcing-chain", "Nested Forcing Chains", {9.5, kOpen}},
}};

// Each row stands at its technique's place, so a row left out or out of
// order is a compile error.
constexpr bool rows_in_enum_order() {
  for (int t = 0; t < kTechniqueCount; ++t)
    if (kTechniques[static_cast<std::size_t>(t)].id != static_cast<Technique>(t) ||
        kTechniques[static_cast<std::size_t>(t)].key == nullptr)
      return false;
  return true;
}
static_assert(rows_in_enum_order(), "kTechniques has one row per Technique, in enum order");

struct Names {
  const char* key;
  const char* name;
};

std::string squash(std::string_view s) {
  std::string out;
  for (char c : s)
    if (c != ' ' && c != '-' && c != '_') out.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  return out;
}

// BasicElimination is no SE technique: parse_technique and the lists over
// 0..kTechniqueCount-1 never see it.
constexpr Names kBasicElimination = {"basic-elimination", "Basic Elimination"};

Names names_of(Technique t) {
  if (t == Technique::BasicElimination) return kBasicElimination;
  const TechniqueRow& row = kTechniques[static_cast<std::size_t>(t)];
  return {row.key, row.name};
}

}  // namespace

std::string_view technique_key(Technique t) { return names_of(t).key; }
std::string_view technique_name(Technique t) { return names_of(t).name; }

bool parse_technique(std::string_view text, Technique& out) {
  const std::string want = squash(text);
  for (const TechniqueRow& row : kTechniques)
    if (squash(row.key) == want || squash(row.name) == want) {
      out = row.id;
      return true;
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
  if (t == Technique::BasicElimination || t == Technique::Count) return {0, kOpen};
  return kTechniques[static_cast<std::size_t>(t)].ratings;
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
