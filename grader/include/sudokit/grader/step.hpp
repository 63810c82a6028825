// Step: one deduction of the logical solver, as Sudoku Explainer would show
// it: which technique, its difficulty on the SE scale, what it places and
// eliminates, and the cells, units and digits that justify it. A step can
// apply itself to a board and explain itself in the community's notation.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/solver/cellset.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::grader {

struct NestedChain;  // chain_support.hpp: what a chain hint carries into nested chains

/// Technique families, in the order of the SE producer list (section 2 of
/// the specification). Names for people and for --require-technique come
/// from technique_key() / technique_name().
enum class Technique : std::uint8_t {
  HiddenSingle,         // full house 1.0, box 1.2, line 1.5
  DirectPointing,       // 1.7
  DirectClaiming,       // 1.9
  DirectHiddenPair,     // 2.0
  NakedSingle,          // 2.3
  DirectHiddenTriplet,  // 2.5
  Pointing,             // 2.6
  Claiming,             // 2.8
  NakedPair,            // 3.0
  XWing,                // 3.2
  HiddenPair,           // 3.4
  NakedTriplet,         // 3.6
  Swordfish,            // 3.8
  HiddenTriplet,        // 4.0
  TwoStrongLinks,       // 4.0-4.3 skyscraper, 2-string kite, turbot fish
  XYWing,               // 4.2
  XYZWing,              // 4.4
  UniqueRectangle,      // 4.5+ (types 1-4, rectangles and loops)
  NakedQuad,            // 5.0
  Jellyfish,            // 5.2
  HiddenQuad,           // 5.4
  ThreeStrongLinks,     // 5.4-5.7
  WXYZWing,             // 5.5-5.6
  BivalueUniversalGrave,// 5.6-6.2
  FourStrongLinks,      // 5.8-6.1
  VWXYZWing,            // 6.2-6.4
  AlignedPairExclusion, // 6.2
  UVWXYZWing,           // 6.6
  XCycle,               // 6.5+ bidirectional X-cycle
  YCycle,               // 6.5+ bidirectional Y-cycle
  ForcingXChain,        // 6.6+
  XYCycle,              // 7.0+ bidirectional cycle
  ForcingChain,         // 7.0+ XY forcing chain
  TUVWXYZWing,          // 7.5
  AlignedTripletExclusion, // 7.5
  NishioForcingChain,   // 7.5+
  CellForcingChain,     // 8.0+
  RegionForcingChain,   // 8.0+
  DynamicForcingChain,  // 8.5+
  DynamicForcingChainPlus, // 9.0+
  NestedForcingChain,   // 9.5+
  Count,                // the number of SE's techniques (kTechniqueCount)
  // Not one of SE's techniques and never in a grade: a hint's first step
  // when the player's marks hold digits that a placed peer rules out
  // (find_hint, docs/HINTS.md). It is outside the range 0..Count-1, so no
  // list of techniques, histogram or option knows it.
  BasicElimination,
};

inline constexpr int kTechniqueCount = static_cast<int>(Technique::Count);

/// Stable lower-case key, e.g. "x-wing", "unique-rectangle" (for options and
/// JSON); BasicElimination's is "basic-elimination".
std::string_view technique_key(Technique t);
/// SE's printed family name, e.g. "X-Wing", "Unique Rectangle".
std::string_view technique_name(Technique t);
/// Parses a key or a name (case-insensitive, spaces/dashes/underscores ignored).
bool parse_technique(std::string_view text, Technique& out);

/// A set of techniques: bit t stands for Technique t.
using TechniqueSet = std::uint64_t;
static_assert(kTechniqueCount <= 64);
constexpr TechniqueSet technique_bit(Technique t) { return TechniqueSet{1} << static_cast<int>(t); }
/// Parses one technique (as parse_technique) or a family the community names
/// as one technique while SE rates it as several: "x-chain" (any
/// single-digit chain: SE's Skyscraper / 2-String Kite / Turbot Fish, 3 and
/// 4 Strong Links, Forcing X-Chain and X-Cycle).
bool parse_technique_set(std::string_view text, TechniqueSet& out);
/// The keys of a set's techniques, in SE's order.
std::vector<std::string> technique_keys(TechniqueSet set);

/// The ratings a step of this technique can have on the SE scale (the
/// comments of Technique above), inclusive; chains and loops, whose rating
/// grows with their length, reach up to the scale's end (20). A puzzle whose
/// hardest step is `t` has its ER in this range (`sudokit book` says when a
/// --hardest filter cannot meet a level). Tests grade puzzles of every level
/// and hold every step to it.
struct RatingRange {
  double low = 0, high = 20;
};
RatingRange technique_ratings(Technique t);

/// Where a hidden single's digit has no other place (HiddenSingle only).
enum class SingleKind : std::uint8_t {
  None,       // not a hidden single
  FullHouse,  // the last empty cell of its house (SE 1.0)
  Box,        // the only place left in a box (1.2)
  Line,       // the only place left in a row or a column (1.5)
};

/// The kind of a fish's base lines (X-Wing, Swordfish, Jellyfish); its
/// cover lines are the other kind.
enum class LineKind : std::uint8_t { None, Rows, Columns };

/// A candidate of a chain with its role: `on` = assumed or implied true,
/// off = implied false.
struct ChainNode {
  std::int8_t cell = 0;
  std::uint8_t digit = 0;
  bool on = false;
  friend bool operator==(const ChainNode&, const ChainNode&) = default;
};

/// How a chain goes from one candidate to the next (the Eureka notation's
/// "=", "-" and "~"): Strong, the next is true because the previous is false
/// (the last candidate of its cell, or the last place of its digit in a
/// house); Weak, the next is false because the previous is true (they share
/// a cell, or a digit in a house); Technique, the next is false because a
/// technique removed it from the grid as reduced so far (dynamic chains).
enum class LinkKind : std::uint8_t { Strong, Weak, Technique };

struct ChainLink {
  ChainNode from, to;
  LinkKind kind = LinkKind::Weak;
  friend bool operator==(const ChainLink&, const ChainLink&) = default;
};

/// One deduction. Every field has one meaning; the technique-specific ones
/// say for which techniques they are set (and are None / 0 / -1 / false
/// for the others). Units (houses) are numbered 0-8 boxes, 9-17 rows, 18-26
/// columns (sudokit::Unit).
struct Step {
  Technique technique = Technique::HiddenSingle;
  double difficulty = 0.0;
  std::int8_t place_cell = -1;   // the cell this step fills, or -1
  std::uint8_t place_digit = 0;  // the digit it writes
  std::uint8_t size = 0;         // the number of cells or lines of the pattern: a subset's, a fish's lines, a loop's, a wing's, a chain's links
  std::int8_t unit = -1;         // the house the step works in: a hidden single's, a subset's, the house a locked digit is confined to, the house of a UR's or BUG's naked set, the first link's (strong links); -1 = none
  std::int8_t unit2 = -1;        // Pointing, Claiming, direct locking: the house that loses the digit; -1 otherwise
  SingleKind single_kind = SingleKind::None;  // HiddenSingle: full house, box or line
  LineKind fish_base = LineKind::None;        // XWing, Swordfish, Jellyfish: the base lines
  std::uint8_t type_number = 0;  // UniqueRectangle, BivalueUniversalGrave: SE's type (1-4); 0 otherwise
  std::uint8_t z_digit = 0;      // XYWing, XYZWing and the ALS wings (WXYZ to TUVWXYZ): the digit removed (z); 0 otherwise
  bool grouped = false;          // strong links (Two/Three/FourStrongLinks): some link is a group of cells
  DigitMask digits = 0;          // digits of the pattern
  std::uint32_t units = 0;       // bit per unit id: the units that justify it
  CellSet cells;                 // cells of the pattern
  Candidates removals;           // candidates the step eliminates
  std::string label;             // SE's hint name when it differs from the family (e.g. "Skyscraper 011")
  std::string detail;            // extra explanation (chains)
  std::vector<ChainLink> chain;  // chain techniques (cycles, forcing chains), set for a reported step: every link of every chain and proof its explanation draws, in the order written
  int complexity = 0;            // chain complexity, for sorting chain hints
  std::shared_ptr<const NestedChain> nested;  // set by chain producers in nesting mode only

  bool places() const { return place_cell >= 0; }
  int elimination_count() const;
  bool has_eliminations() const;
  /// SE's printed name of this hint.
  std::string name() const;
};

/// "1,5,9": the digits of a mask, comma-separated, as SE's hint names list them.
std::string digits_list(DigitMask m);

/// SE prints ratings as floor((r + 0.05) * 10) / 10 with one decimal.
double rounded_rating(double r);
std::string format_rating(double r);

}  // namespace sudokit::grader
