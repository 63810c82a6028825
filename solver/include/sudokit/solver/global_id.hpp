// The global id of a puzzle: a short, URL-safe name that is the same for the
// same puzzle in every store, export, daily file and book manifest, whoever
// made it and wherever it was stored. It names the puzzle's canonical form
// (canonical.hpp), so a puzzle and all its isomorphs (the same puzzle
// relabelled, rotated or with rows swapped) share it, as they share a row in
// a store.
//
// Format: 16 characters of base64url (RFC 4648 section 5: A-Z a-z 0-9 - _,
// no padding) encoding 96 bits of a fixed hash of the 81 cells of the
// canonical form. The hash is defined here once and never changes: a test
// pins the ids of known puzzles. Two different canonical forms share an id
// with probability about n^2 / 2^97 for n puzzles (below 1e-11 for a billion),
// and a store refuses such a second puzzle rather than give two puzzles one
// id (db/README.md).
//
// Variant puzzles (issue #47: any geometry but the classic) have ids of 17
// characters: the marker 'v' and 16 characters of base64url encoding 96
// bits of a fixed hash (global_id.cpp, variant_hash) of the geometry's
// canonical spelling (geometry.hpp), one 0xFF byte, and the cells of the
// canonical form (canonical_any.hpp) one byte each. The spelling inside
// makes equal ids mean the same puzzle of the same variant; the length and
// the marker make a variant id never equal to a classic one (a classic id
// has 16 characters, and a file stem of one, global_id_file_stem, starts
// with '_' when it has 17). The classic geometry keeps the classic id.
// Tests pin known ids of both kinds.
#pragma once

#include <cstdint>
#include <string>
#include <span>
#include <string_view>

#include "sudokit/solver/geometry.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit {

inline constexpr std::size_t kGlobalIdLength = 16;

/// The global id of a grid that is already in canonical form (precondition:
/// canonical_form(canonical) == canonical; not checked, since computing the
/// form costs far more than the id).
std::string global_id_of_canonical(const Grid& canonical);

/// The first 64 of the global id's 96 bits, as a number: a key for tables
/// of canonical forms held in memory (distinct forms share one with
/// probability about n^2 / 2^65 for n forms). Same precondition.
std::uint64_t global_key_of_canonical(const Grid& canonical);

/// The global id of any puzzle or grid: global_id_of_canonical(canonical_form(grid)).
std::string global_id(const Grid& grid);

/// True when `text` has the shape of a global id (16 base64url characters).
bool is_global_id(std::string_view text);

/// Length of a variant puzzle's id: 'v' and 16 base64url characters.
inline constexpr std::size_t kVariantGlobalIdLength = 17;

/// The id of cells of `geometry` already in canonical form (precondition as
/// above): the classic id for the classic geometry, a variant id otherwise.
std::string global_id_of_canonical(const Geometry& geometry, std::span<const std::uint8_t> canonical);

/// The id of any puzzle or grid of any geometry:
/// global_id_of_canonical(geometry, canonical_any(geometry, cells)).
/// Throws as canonical_any does.
std::string global_id_any(const GeometryPtr& geometry, std::span<const std::uint8_t> cells);

/// True when `text` has the shape of a variant id ('v' and 16 base64url).
bool is_variant_global_id(std::string_view text);

/// The stem of a file named after a global id (GID.ipuz, GID.png): the id
/// itself, except that an id beginning with '-' gets a '_' before it
/// ("_-AdZ-FGsogB3hcG_"), so that no file name reads as an option to the
/// commands it is given to. 17 characters, never another id's name (ids
/// have 16).
inline std::string global_id_file_stem(std::string_view gid) {
  return (!gid.empty() && gid.front() == '-' ? "_" : "") + std::string(gid);
}

}  // namespace sudokit
