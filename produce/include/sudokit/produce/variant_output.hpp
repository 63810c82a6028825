// How `generate` writes a variant puzzle (GeneratedPuzzle::geometry set;
// generate.hpp, "Variants"): the cells in the geometry's default alphabet
// (print_cells, kDigits: 1-9 then A-P), always with the solution and the
// geometry's canonical spelling, and the grading status "unrated (variant)"
// instead of a rating (variant grading is issue #48).
//   line  PUZZLE SOLUTION GEOMETRY
//   json  {"geometry", "puzzle", "solution", "clues", "symmetry", "minimal",
//          "symmetric_minimal", "method", "seed", "seed_index", "status"}
//   csv   the same fields, with variant_csv_header() first
// The field names are the record format's (db/record_format.hpp) where it
// has the field; `geometry` and `status` are new.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "sudokit/generator/pipeline.hpp"

namespace sudokit::produce {

/// The grading status of every variant puzzle until variant grading exists.
inline constexpr const char* kUnratedVariant = "unrated (variant)";

std::string variant_line(const GeneratedPuzzle& puzzle);
nlohmann::ordered_json variant_json(const GeneratedPuzzle& puzzle);
std::string variant_csv_header();
std::string variant_csv_row(const GeneratedPuzzle& puzzle);

}  // namespace sudokit::produce
