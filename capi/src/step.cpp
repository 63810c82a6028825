// Step -> sudokit_step (see step.hpp).
#include "step.hpp"

namespace sudokit::capi {

StepData map_step(const grader::Step& step) {
  StepData d;
  d.view = grader::step_view(step);
  for (const grader::CandidateRef& c : d.view.eliminations) d.eliminations.push_back({c.cell, c.digit});
  d.cells.assign(d.view.cells.begin(), d.view.cells.end());
  d.houses.assign(d.view.houses.begin(), d.view.houses.end());
  return d;
}

sudokit_step view_step(const StepData& d) {
  sudokit_step s{};
  s.struct_size = sizeof s;
  s.technique = d.view.technique.c_str();
  s.name = d.view.name.c_str();
  s.rating = d.view.rating;
  s.place_cell = d.view.place_cell;
  s.place_digit = d.view.place_digit;
  s.eliminations = d.eliminations.data();
  s.elimination_count = d.eliminations.size();
  s.cells = d.cells.data();
  s.cell_count = d.cells.size();
  s.houses = d.houses.data();
  s.house_count = d.houses.size();
  s.text = d.view.text.c_str();
  s.chain = d.view.chain.c_str();
  return s;
}

}  // namespace sudokit::capi
