// The placed digits of a grid that break a geometry's rules (issue #47): what
// a player's page marks as wrong without knowing the solution. The rules are
// the geometry's own (geometry.hpp): a peer (a house or a leaper move) holding
// the same digit, and with the non-consecutive rule an orthogonal neighbour
// (adjacent()) one apart, or 1 beside size() when nc_wrap(). Used by the C
// API (sudokit_check_geometry) and the web engine (check()), so a page, an
// app and the solver share one reading of the rules.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "sudokit/solver/geometry.hpp"

namespace sudokit {

/// The cells (ascending, each once) whose digit breaks a rule together with
/// another placed digit; empty cells (0) break nothing. `cells` holds
/// geometry.cells() digits 0..size(); throws GeometryError otherwise.
std::vector<int> rule_breaks(const Geometry& geometry, std::span<const std::uint8_t> cells);

}  // namespace sudokit
