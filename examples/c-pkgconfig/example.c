/* A C99 program using the installed sudokit library through pkg-config:
 * solve, canonical form, grade, hints (mistakes first), the text reader,
 * variants (geometries) and generation. Build: make (see the Makefile), or
 *   cc -std=c99 example.c $(pkg-config --cflags --libs sudokit) -o example */
#include <stdio.h>
#include <string.h>

#include <sudokit.h>

static const char* kPuzzle =
    "............7.8...8.6...4.1.8.....3...16847...9.5.1.2...........128.534.7..316..9";

/* Prints the call's error and returns 1 when `status` is one. */
static int failed(int status, const char* what) {
  if (status >= SUDOKIT_OK) return 0;
  fprintf(stderr, "%s: %s: %s\n", what, sudokit_status_name(status), sudokit_last_error());
  return 1;
}

static int on_puzzle(void* user, const sudokit_generated* p) {
  (void)user;
  printf("generated %llu: %s (%d clues, %s)\n", (unsigned long long)p->index, p->puzzle, (int)p->clues, p->symmetry);
  return 0; /* go on */
}

int main(void) {
  char solution[SUDOKIT_GRID_BUFFER], canon[SUDOKIT_GRID_BUFFER];
  uint32_t count = 0;
  size_t i;
  printf("sudokit %s (header %d.%d.%d)\n", sudokit_version(), SUDOKIT_VERSION_MAJOR, SUDOKIT_VERSION_MINOR,
         SUDOKIT_VERSION_PATCH);

  /* Solve: count up to 2 solutions (uniqueness), keep the first. */
  if (failed(sudokit_solve(kPuzzle, SUDOKIT_NUL_TERMINATED, 2, &count, solution), "solve")) return 1;
  printf("solutions: %u\nsolution: %s\n", (unsigned)count, solution);
  if (failed(sudokit_canonical(kPuzzle, SUDOKIT_NUL_TERMINATED, canon), "canonical")) return 1;
  printf("canonical: %s\n", canon);

  /* Grade with the solution path kept. */
  {
    sudokit_grade_options options;
    sudokit_grade_result* grade = NULL;
    sudokit_step step = SUDOKIT_STEP_INIT;
    sudokit_grade_options_init(&options);
    options.keep_steps = 1;
    if (failed(sudokit_grade(kPuzzle, SUDOKIT_NUL_TERMINATED, &options, &grade), "grade")) return 1;
    printf("grade: ER %.1f EP %.1f ED %.1f, level %s, hardest %s, %d steps\n", sudokit_grade_er(grade),
           sudokit_grade_ep(grade), sudokit_grade_ed(grade), sudokit_grade_level(grade), sudokit_grade_hardest_name(grade),
           (int)sudokit_grade_step_total(grade));
    for (i = 0; i < sudokit_grade_histogram_size(grade); ++i) {
      const char* technique;
      int32_t steps;
      sudokit_grade_histogram_entry(grade, i, &technique, &steps);
      printf("  %s: %d\n", technique, (int)steps);
    }
    for (i = 0; i < 3 && sudokit_grade_step(grade, i, &step) == SUDOKIT_OK; ++i)
      printf("  step %d: %s (%.1f)\n", (int)i + 1, step.text, step.rating);
    sudokit_grade_result_free(grade);
  }

  /* Hints: a wrong entry is reported before any step. */
  {
    char entries[82];
    sudokit_position position = SUDOKIT_POSITION_INIT;
    sudokit_hint_result* hint = NULL;
    sudokit_mistake mistake = SUDOKIT_MISTAKE_INIT;
    sudokit_step step = SUDOKIT_STEP_INIT;
    memset(entries, '.', 81);
    entries[81] = '\0';
    entries[0] = solution[0] == '1' ? '2' : '1'; /* r1c1: not the solution's digit */
    position.givens = kPuzzle;
    position.givens_length = SUDOKIT_NUL_TERMINATED;
    position.entries = entries;
    position.entries_length = 81;
    if (failed(sudokit_hint(&position, NULL, &hint), "hint")) return 1;
    printf("hint: %s\n", sudokit_hint_status_key(hint));
    for (i = 0; sudokit_hint_mistake(hint, i, &mistake) == SUDOKIT_OK; ++i) printf("  %s\n", mistake.message);
    sudokit_hint_result_free(hint);

    position.entries = NULL; /* the givens alone: the next step */
    if (failed(sudokit_hint(&position, NULL, &hint), "hint")) return 1;
    if (failed(sudokit_hint_step(hint, &step), "hint step")) return 1;
    printf("hint: %s: %s, %s (%.1f)\n", sudokit_hint_status_key(hint), step.text, step.name, step.rating);
    sudokit_hint_result_free(hint);
  }

  /* The text reader: one record per call, errors with their line. */
  {
    static const char kText[] = "1234\n" /* too short: an error */
        "............7.8...8.6...4.1.8.....3...16847...9.5.1.2...........128.534.7..316..9 3.0\n";
    sudokit_reader* reader = NULL;
    sudokit_record record = SUDOKIT_RECORD_INIT;
    int status;
    if (failed(sudokit_reader_open_buffer(kText, sizeof kText - 1, 0, &reader), "reader")) return 1;
    while ((status = sudokit_reader_next(reader, &record)) != SUDOKIT_END) {
      if (status == SUDOKIT_OK)
        printf("line %llu: %s [%s]\n", (unsigned long long)record.line, record.text, record.fields);
      else
        printf("line %llu: error: %s\n", (unsigned long long)record.line, record.message);
    }
    sudokit_reader_free(reader);
  }

  /* Variants: a geometry's canonical spelling, a 6x6 puzzle solved, and
   * the cells of an X puzzle that break its diagonal. */
  {
    char spelling[SUDOKIT_GEOMETRY_BUFFER], cells[SUDOKIT_CELLS_BUFFER];
    int32_t size = 0, broken[81];
    size_t n = 0;
    sudokit_geometry_options options;
    if (failed(sudokit_geometry_parse("Windows,X", SUDOKIT_NUL_TERMINATED, spelling, sizeof spelling, &size),
               "geometry")) return 1;
    printf("geometry: %s (%dx%d)\n", spelling, (int)size, (int)size);
    sudokit_geometry_options_init(&options);
    options.geometry = "6x6";
    if (failed(sudokit_solve_geometry(".234564.612323.564564.313126.564531.", SUDOKIT_NUL_TERMINATED, &options, 2,
                                      &count, cells, sizeof cells), "solve 6x6")) return 1;
    printf("6x6 solutions: %u, %s\n", (unsigned)count, cells);
    options.geometry = "x";
    if (failed(sudokit_check_geometry("5...............................................................................5",
                                      SUDOKIT_NUL_TERMINATED, &options, broken, 81, &n), "check x")) return 1;
    printf("x breaks:");
    for (i = 0; i < n; ++i) printf(" %d", (int)broken[i]);
    printf("\n");
  }

  /* Generation: the same puzzles as `sudokit generate --seed 7 --count 2`. */
  {
    sudokit_generate_options options;
    sudokit_generate_options_init(&options);
    options.count = 2;
    options.seed = 7;
    if (failed(sudokit_generate(&options, on_puzzle, NULL, NULL), "generate")) return 1;
  }
  return 0;
}
