// Variant puzzles as `generate` writes them (variant_output.hpp).
#include "sudokit/produce/variant_output.hpp"

namespace sudokit::produce {

std::string variant_line(const GeneratedPuzzle& p) {
  return print_cells(*p.geometry, p.variant_puzzle) + ' ' + print_cells(*p.geometry, p.variant_solution) + ' ' +
         p.geometry->spelling();
}

nlohmann::ordered_json variant_json(const GeneratedPuzzle& p) {
  nlohmann::ordered_json j;
  j["geometry"] = p.geometry->spelling();
  j["puzzle"] = print_cells(*p.geometry, p.variant_puzzle);
  j["solution"] = print_cells(*p.geometry, p.variant_solution);
  j["clues"] = p.clues;
  j["symmetry"] = symmetry_name(p.symmetry);
  j["minimal"] = p.minimal;
  j["symmetric_minimal"] = p.symmetric_minimal;
  j["method"] = method_name(p.method);
  j["seed"] = p.seed;
  j["seed_index"] = p.index;
  j["status"] = kUnratedVariant;
  return j;
}

std::string variant_csv_header() {
  return "geometry,puzzle,solution,clues,symmetry,minimal,symmetric_minimal,method,seed,seed_index,status";
}

std::string variant_csv_row(const GeneratedPuzzle& p) {
  // No field holds a comma or a quote except a jigsaw spelling's commas
  // between rules: the geometry is quoted.
  return '"' + p.geometry->spelling() + "\"," + print_cells(*p.geometry, p.variant_puzzle) + ',' +
         print_cells(*p.geometry, p.variant_solution) + ',' + std::to_string(p.clues) + ',' + symmetry_name(p.symmetry) +
         ',' + (p.minimal ? "true" : "false") + ',' + (p.symmetric_minimal ? "true" : "false") + ',' +
         method_name(p.method) + ',' + std::to_string(p.seed) + ',' + std::to_string(p.index) + ',' + kUnratedVariant;
}

}  // namespace sudokit::produce
