// The ordered producer list of the reference build's default technique set
// (section 2 of the specification). The rating loop knows techniques only
// through this list.
#include "sudokit/grader/technique.hpp"

namespace sudokit::grader {

std::vector<std::unique_ptr<Producer>> default_producers() {
  std::vector<std::unique_ptr<Producer>> p;
  p.push_back(make_hidden_single());      // 1
  p.push_back(make_locking(true));        // 2  direct pointing / claiming
  p.push_back(make_hidden_set(2, true));  // 3  direct hidden pair
  p.push_back(make_naked_single());       // 4
  p.push_back(make_hidden_set(3, true));  // 5  direct hidden triplet
  p.push_back(make_locking(false));       // 6  pointing / claiming
  p.push_back(make_naked_set(2));         // 7
  p.push_back(make_fish(2));              // 8  x-wing
  p.push_back(make_hidden_set(2, false)); // 9
  p.push_back(make_naked_set(3));         // 10
  p.push_back(make_fish(3));              // 11 swordfish
  p.push_back(make_hidden_set(3, false)); // 12
  p.push_back(make_strong_links(2));      // 13 skyscraper / 2-string kite / turbot fish
  p.push_back(make_xy_wing(false));       // 14
  p.push_back(make_xy_wing(true));        // 15
  p.push_back(make_unique_loops());       // 16 unique rectangles / loops
  p.push_back(make_naked_set(4));         // 17
  p.push_back(make_fish(4));              // 18 jellyfish
  p.push_back(make_hidden_set(4, false)); // 19
  p.push_back(make_strong_links(3));      // 20
  p.push_back(make_als_wing(3));          // 21 wxyz-wing
  p.push_back(make_bug());                // 22
  p.push_back(make_strong_links(4));      // 23
  p.push_back(make_als_wing(4));          // 24 vwxyz-wing
  p.push_back(make_aligned_exclusion(2)); // 25 aligned pair exclusion
  p.push_back(make_als_wing(5));          // 26 uvwxyz-wing
  p.push_back(make_forcing_chains_and_cycles()); // 27
  p.push_back(make_als_wing(6));          // 28 tuvwxyz-wing
  p.push_back(make_aligned_exclusion(3)); // 29 aligned triplet exclusion
  p.push_back(make_nishio_chains());       // 30
  p.push_back(make_multiple_chains());     // 31 cell / region forcing chains
  p.push_back(make_dynamic_chains());      // 32
  p.push_back(make_dynamic_chains(1));     // 33 dynamic forcing chains (+)
  p.push_back(make_dynamic_chains(2));     // 34 (+ forcing chains)
  p.push_back(make_dynamic_chains(3));     //    (+ multiple forcing chains)
  for (int limit = 0; limit <= 3; ++limit) p.push_back(make_dynamic_chains(4, limit));  // 35
  return p;
}

}  // namespace sudokit::grader
