// A geometry and an alphabet from a caller's options (the *_geometry calls'
// sudokit_geometry_options, sudokit_generate_options), checked once for
// every entry point that takes them (geometry.cpp).
#pragma once

#include <cstdint>

#include "sudokit/solver/geometry.hpp"

namespace sudokit::capi {

/// The geometry named by `spelling` (NULL: the classic) and the alphabet
/// `alphabet` (SUDOKIT_ALPHABET_*) into `geometry` and `out`. SUDOKIT_OK, or
/// the status of fail_option: "geometry" with SUDOKIT_E_PARSE for a bad
/// spelling ("geometry:COL: ...") and SUDOKIT_E_OPTION for one with no
/// valid grid (load_geometry's "geometry: 4x4,anti-king has no valid grid");
/// "alphabet" with SUDOKIT_E_OPTION for a value that is no alphabet or one
/// that cannot write the geometry's digits.
int read_shape(const char* spelling, std::int32_t alphabet, GeometryPtr& geometry, Alphabet& out);

}  // namespace sudokit::capi
