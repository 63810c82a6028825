// Step -> sudokit_step (see step.hpp).
#include "step.hpp"

#include "sudokit/grader/explain.hpp"

namespace sudokit::capi {

StepData map_step(const grader::Step& step) {
  StepData d;
  d.technique = std::string(grader::technique_key(step.technique));
  d.name = step.name();
  d.text = grader::explain(step);
  d.chain = step.detail;
  d.rating = grader::rounded_rating(step.difficulty);
  if (step.places()) {
    d.place_cell = step.place_cell;
    d.place_digit = step.place_digit;
  }
  for (int c = 0; c < kCells; ++c)
    if (c != step.place_cell)
      for_each_digit(step.removals[c], [&](int digit) { d.eliminations.push_back({c, digit}); });
  step.cells.for_each([&](int c) { d.cells.push_back(c); });
  for (int u = 0; u < 27; ++u)
    if (step.units & (std::uint32_t{1} << u)) d.houses.push_back(u);
  return d;
}

sudokit_step view_step(const StepData& d) {
  sudokit_step s{};
  s.struct_size = sizeof s;
  s.technique = d.technique.c_str();
  s.name = d.name.c_str();
  s.rating = d.rating;
  s.place_cell = d.place_cell;
  s.place_digit = d.place_digit;
  s.eliminations = d.eliminations.data();
  s.elimination_count = d.eliminations.size();
  s.cells = d.cells.data();
  s.cell_count = d.cells.size();
  s.houses = d.houses.data();
  s.house_count = d.houses.size();
  s.text = d.text.c_str();
  s.chain = d.chain.c_str();
  return s;
}

}  // namespace sudokit::capi
