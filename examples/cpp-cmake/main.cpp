// A C++ program on sudokit's C API: results held by std::unique_ptr with
// their free functions, a pencil-mark position graded and hinted, puzzles
// generated into a vector through a capturing lambda.
#include <sudokit.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace {

using Grade = std::unique_ptr<sudokit_grade_result, decltype(&sudokit_grade_result_free)>;
using Hint = std::unique_ptr<sudokit_hint_result, decltype(&sudokit_hint_result_free)>;

// Every candidate of every empty cell, as Sukaku Explainer's 729 characters.
std::string all_candidates(const std::string& puzzle) {
  std::string marks;
  for (char c : puzzle)
    for (char d = '1'; d <= '9'; ++d) marks += c == '.' || c == d ? d : '.';
  return marks;
}

}  // namespace

int main() {
  const std::string puzzle =
      "............7.8...8.6...4.1.8.....3...16847...9.5.1.2...........128.534.7..316..9";
  std::printf("sudokit %s\n", sudokit_version());

  const std::string marks = all_candidates(puzzle);
  sudokit_grade_result* g = nullptr;
  if (sudokit_grade(marks.data(), marks.size(), nullptr, &g) != SUDOKIT_OK) {
    std::fprintf(stderr, "grade: %s\n", sudokit_last_error());
    return 1;
  }
  Grade grade(g, sudokit_grade_result_free);
  std::printf("pencil marks: ER %.1f EP %.1f ED %.1f %s\n", sudokit_grade_er(grade.get()), sudokit_grade_ep(grade.get()),
              sudokit_grade_ed(grade.get()), sudokit_grade_level(grade.get()));

  sudokit_hint_options options;
  sudokit_hint_options_init(&options);
  options.reveal = SUDOKIT_REVEAL_TECHNIQUE;  // the name, not the answer
  sudokit_hint_result* h = nullptr;
  if (sudokit_hint_text(marks.data(), marks.size(), &options, &h) != SUDOKIT_OK) {
    std::fprintf(stderr, "hint: %s\n", sudokit_last_error());
    return 1;
  }
  Hint hint(h, sudokit_hint_result_free);
  const char *key = nullptr, *name = nullptr;
  double rating = 0;
  sudokit_hint_technique(hint.get(), &key, &name, &rating);
  sudokit_step step = SUDOKIT_STEP_INIT;
  const int hidden = sudokit_hint_step(hint.get(), &step);
  std::printf("hint: %s (%s, %.1f); step %s\n", name, key, rating, sudokit_status_name(hidden));

  std::vector<std::string> made;
  auto collect = [](void* user, const sudokit_generated* p) {
    static_cast<std::vector<std::string>*>(user)->push_back(p->puzzle);
    return 0;
  };
  sudokit_generate_options gen;
  sudokit_generate_options_init(&gen);
  gen.count = 3;
  gen.seed = 7;
  gen.threads = 2;
  gen.symmetry = "rot180";
  if (sudokit_generate(&gen, collect, &made, nullptr) != SUDOKIT_OK) {
    std::fprintf(stderr, "generate: %s\n", sudokit_last_error());
    return 1;
  }
  for (const auto& p : made) std::printf("generated: %s\n", p.c_str());
  return 0;
}
