// The grader on a geometry (issue #48): Sudoku Explainer's rating loop for
// the variants its references rate (docs/se-rating-variants.md).
//
// Design: a separate variant grader with general masks, beside the classic
// one. The classic grader (grade.hpp) keeps its 9x9 tables (houses.hpp,
// 27 houses, CellSet of 81 bits, 9-bit digit masks, find_changed caching)
// untouched, so its path and speed cannot move; this one reads everything
// from a Geometry: cells 0..cells()-1, a 32-bit candidate mask per cell,
// houses typed by the reference's region types (boxes, rows, columns,
// disjoint groups, windows, main and anti-diagonal, girandola, asterisk,
// centre-dot) and scanned in the reference's order (boxes, columns, rows,
// then the extra types in that order), peers from Geometry::peers (leapers
// included). Generalising houses.hpp instead would put a geometry lookup in
// every inner loop of the classic producers. Techniques are added one
// producer at a time to variant_producers() in the reference's order; a
// step beyond the implemented producers ends the run with BeyondTechniques
// and `needs` naming the reference's next producer, never a made-up rating.
//
// Implemented, for any geometry without nc/nc+ and without jigsaw regions:
// Hidden Single (full house 1.0, box 1.2, other houses 1.5), Direct
// Pointing/Claiming (1.7/1.9, over the box/line crossings and, with disjoint
// or windows, the crossings the reference adds), Direct Hidden Pair (2.0),
// Naked Single (2.3), Direct Hidden Triplet (2.5); on geometries with no
// extra house and no leaper (the reference's "Latin" set, e.g. 6x6) also
// Pointing/Claiming (2.6/2.8), Naked Pair (3.0), X-Wing (3.2), Hidden Pair
// (3.4), Naked Triplet (3.6), Swordfish (3.8) and Hidden Triplet (4.0) (the
// classic's sets: a naked set clears its own house). Every step is checked
// against the puzzle's one solution (std::logic_error when one disagrees).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "sudokit/grader/grade.hpp"
#include "sudokit/solver/geometry.hpp"

namespace sudokit::grader {

struct VariantGrade {
  GradeStatus status = GradeStatus::Rated;
  double er = 0, ep = 0, ed = 0;  // raw doubles (print with format_rating)
  std::string hardest_name;       // the reference's name of the first step that reached ER
  std::string needs;              // BeyondTechniques: the reference's next producer, not implemented
  int step_count = 0;
  std::vector<std::uint8_t> solution;
  bool rated() const { return status == GradeStatus::Rated; }
  /// status_message(), or "not rated: needs <needs>" for BeyondTechniques.
  std::string message() const;
};

/// Rates `puzzle` (geometry.cells() digits, 0 empty) on `geometry`: checks
/// givens and uniqueness, then runs the reference's loop. The classic
/// geometry is rated too (same producers as the classic's first ones), but
/// callers should use Grader for it. A geometry the references do not rate
/// (jigsaw, nc) gives BeyondTechniques with `needs` saying so.
VariantGrade grade_variant(const Geometry& geometry, const std::vector<std::uint8_t>& puzzle,
                           int max_steps = 2000);

}  // namespace sudokit::grader
