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
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

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

/// The stem of a file named after a global id (GID.ipuz, GID.png): the id
/// itself, except that an id beginning with '-' gets a '_' before it
/// ("_-AdZ-FGsogB3hcG_"), so that no file name reads as an option to the
/// commands it is given to. 17 characters, never another id's name (ids
/// have 16).
inline std::string global_id_file_stem(std::string_view gid) {
  return (!gid.empty() && gid.front() == '-' ? "_" : "") + std::string(gid);
}

}  // namespace sudokit
