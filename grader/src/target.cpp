// Targets for generation. See target.hpp.
#include "sudokit/grader/target.hpp"

#include <algorithm>

namespace sudokit::grader {

namespace {
constexpr double kEps = 1e-9;
// How far outside the range a grade still counts as close. Measured with
// 32 neighbours per search (docs/GRADING.md): from misses within 0.3 the
// search beats fresh candidates per CPU second; from misses up to 1.0 away
// it costs more than it finds for common targets (ER >= 8.0: 0.64x).
constexpr double kNearby = 0.3;

// Whether a step of one of the techniques is on the solution path.
bool used(const Grade& g, TechniqueSet set) {
  for (int t = 0; t < kTechniqueCount; ++t)
    if (((set >> t) & 1) && g.histogram[static_cast<std::size_t>(t)] > 0) return true;
  return false;
}
}  // namespace

bool Target::restrict_to_level(const std::string& level, const std::vector<Level>& levels) {
  for (std::size_t i = 0; i < levels.size(); ++i) {
    if (levels[i].name != level) continue;
    min_rating = std::max(min_rating, levels[i].min_er);
    if (i + 1 < levels.size()) max_rating = std::min(max_rating, rounded_rating(levels[i + 1].min_er - 0.1));
    return true;
  }
  return false;
}

GradeOptions Target::grade_options(GradeOptions base) const {
  if (max_rating < 100) base.ceiling = max_rating;
  return base;
}

bool Target::needs_more_than_singles() const {
  // A puzzle that singles solve has only singles on SE's path (a single is
  // always available there), so a wanted technique with no single in its set
  // needs more.
  const TechniqueSet singles = technique_bit(Technique::HiddenSingle) | technique_bit(Technique::NakedSingle);
  bool more = min_rating > 2.3 + kEps || (hardest && (*hardest & singles) == 0);
  for (TechniqueSet t : required) more = more || (t & singles) == 0;
  return more;
}

bool Target::rejected_before_grading(const Grid& puzzle) const {
  return min_rating > 2.3 + kEps && solved_by_singles(puzzle);
}

bool Target::met(const Grade& g) const {
  if (!g.rated()) return false;
  const double er = rounded_rating(g.er);
  if (er < min_rating - kEps || er > max_rating + kEps) return false;
  for (TechniqueSet t : required)
    if (!used(g, t)) return false;
  return !hardest || (technique_bit(g.hardest) & *hardest);
}

double Target::closeness(const Grade& g) const {
  // A puzzle stopped above the ceiling still tells how far above it went.
  if (!g.rated() && g.status != GradeStatus::AboveCeiling) return 0;
  double score = 2;  // the smaller of the two parts below
  if (rating_bounded()) {
    const double er = rounded_rating(g.er);
    const double below = min_rating - er, above = er - max_rating;
    if (below > kEps || above > kEps) {
      const double miss = std::max(below, above);
      if (miss >= kNearby - kEps) return 0;
      score = std::min(score, 1 - miss);
    } else {
      score = std::min(score, 1 + std::min(1.0, std::min(-below, -above)) / 2);  // deeper inside: higher
    }
  }
  if (!required.empty() || hardest) {
    int wanted = 0, have = 0;
    for (TechniqueSet t : required) {
      ++wanted;
      have += used(g, t);
    }
    if (hardest) {
      wanted += 2;
      have += used(g, *hardest) + ((technique_bit(g.hardest) & *hardest) != 0);
    }
    if (have == 0) return 0;
    score = std::min(score, have == wanted ? 1.0 : 0.9 * have / wanted);
  }
  return score;
}

}  // namespace sudokit::grader
