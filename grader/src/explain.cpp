// Step explanations in the community's notation. See explain.hpp.
#include "sudokit/grader/explain.hpp"

#include <cctype>
#include <vector>

#include "houses.hpp"

namespace sudokit::grader {
namespace {

std::string cells_text(const CellSet& cells) {
  std::string s;
  cells.for_each([&](int c) {
    if (!s.empty()) s += ',';
    s += cell_name(c);
  });
  return s;
}

std::string digits_text(DigitMask m) {
  std::string s = "{";
  for_each_digit(m, [&](int d) { s.push_back(static_cast<char>('0' + d)); });
  return s + "}";
}

// "rows 1,5" / "columns 2,7" from a unit bitmask restricted to one kind.
std::string units_of_kind(std::uint32_t units, UnitKind kind, const char* plural) {
  std::string s = plural;
  bool any = false;
  for (const int u : houses(kind)) {
    if (!(units & (1u << u))) continue;
    s += any ? "," : " ";
    s += std::to_string(house_index(u) + 1);
    any = true;
  }
  return s;
}

}  // namespace

std::string step_effect(const Step& step) {
  std::string s;
  if (step.places()) s = cell_name(step.place_cell) + "=" + std::to_string(step.place_digit);
  for (int d = 1; d <= 9; ++d) {
    CellSet where;
    for (int c = 0; c < kCells; ++c)
      if ((step.removals[c] & digit_bit(d)) && c != step.place_cell) where.add(c);  // a placement says it
    if (where.empty()) continue;
    if (!s.empty()) s += ", ";
    s += cells_text(where) + "<>" + std::to_string(d);
  }
  return s;
}

std::string step_reason(const Step& step) {
  const std::string unit = step.unit >= 0 ? unit_name(step.unit) : "";
  const std::string unit2 = step.unit2 >= 0 ? unit_name(step.unit2) : "";
  const std::string digit = step.digits ? digits_text(step.digits) : "";
  switch (step.technique) {
    case Technique::HiddenSingle:
    {
      std::string s = step.single_kind == SingleKind::FullHouse ? "full house in " : "hidden single in ";
      s += unit;
      return s;
    }
    case Technique::NakedSingle:
      return "naked single";
    case Technique::DirectPointing:
    case Technique::DirectClaiming:
    case Technique::Pointing:
    case Technique::Claiming: {
      const bool direct = step.technique == Technique::DirectPointing || step.technique == Technique::DirectClaiming;
      const bool pointing = step.technique == Technique::DirectPointing || step.technique == Technique::Pointing;
      std::string s = direct ? "direct " : "";
      s += pointing ? "pointing: " : "claiming: ";
      s += std::to_string(single_digit(step.digits)) + " in " + unit + " lies only in " + unit2;
      if (direct) s += ", leaving one place for it";
      return s;
    }
    case Technique::DirectHiddenPair:
    case Technique::DirectHiddenTriplet:
      return "direct " + std::string(step.size == 2 ? "hidden pair " : "hidden triplet ") + digit + " in " +
             cells_text(step.cells) + " (" + unit + "), leaving one place for " + std::to_string(step.place_digit);
    case Technique::NakedPair:
    case Technique::NakedTriplet:
    case Technique::NakedQuad:
    case Technique::HiddenPair:
    case Technique::HiddenTriplet:
    case Technique::HiddenQuad: {
      std::string name(technique_name(step.technique));
      for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      return name + " " + digit + " in " + cells_text(step.cells) + " (" + unit + ")";
    }
    case Technique::XWing:
    case Technique::Swordfish:
    case Technique::Jellyfish: {
      std::string name(technique_name(step.technique));
      for (char& ch : name) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
      const bool base_columns = step.fish_base == LineKind::Columns;
      return name + " " + std::to_string(single_digit(step.digits)) + " in " +
             (base_columns ? units_of_kind(step.units, UnitKind::Column, "columns") : units_of_kind(step.units, UnitKind::Row, "rows"));
    }
    case Technique::BasicElimination: {
      // Each mark with the placed peer that rules it out (the step's weak
      // links): "r1c1 is 9" for one mark; for several, each peer with the
      // marks it rules out, "r1c1 is 9 (r1c2,r1c3), r2c5 is 5 (r2c2)".
      std::string s = "basic elimination:";
      std::vector<bool> done(step.chain.size(), false);
      for (std::size_t i = 0; i < step.chain.size(); ++i) {
        if (done[i]) continue;
        const ChainNode& peer = step.chain[i].from;
        s += (i == 0 ? " " : ", ") + cell_name(peer.cell) + " is " + std::to_string(peer.digit);
        if (step.chain.size() == 1) break;
        CellSet marks;
        for (std::size_t k = i; k < step.chain.size(); ++k)
          if (step.chain[k].from == peer) {
            marks.add(step.chain[k].to.cell);
            done[k] = true;
          }
        s += " (" + cells_text(marks) + ")";
      }
      return s;
    }
    case Technique::XYWing:
    case Technique::XYZWing: {
      std::string name = step.technique == Technique::XYWing ? "xy-wing " : "xyz-wing ";
      return name + cells_text(step.cells) + " " + digit + ", z=" + std::to_string(step.z_digit);
    }
    default: {
      std::string s = step.name();
      if (!step.cells.empty()) s.append(" ").append(cells_text(step.cells));
      if (!step.detail.empty()) s.append(": ").append(step.detail);
      return s;
    }
  }
}

std::string explain(const Step& step) { return step_effect(step) + " " + step_reason(step); }

}  // namespace sudokit::grader
