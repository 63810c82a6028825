/*
 * sudokit.h: the C API of sudokit, a Sudoku toolkit (solver, canonical form,
 * SE-scale grader, hints from a player's position, text reader, generator).
 * A thin C layer over the C++ libraries; C99, usable from C++ (extern "C").
 *
 * VERSIONING AND ABI
 *   SUDOKIT_VERSION_MAJOR/MINOR/PATCH (sudokit_version.h, generated from the
 *   CMake project version) are the version of this header; sudokit_version()
 *   is the version of the library actually loaded. The shared library is
 *   libsudokit.so.MAJOR: the ABI does not change within a major version.
 *   Only functions are added in a minor version. Every options and output
 *   struct begins with `struct_size`: set it to sizeof the struct (the
 *   *_init functions and SUDOKIT_*_INIT do), and a library of a later minor
 *   version, whose structs may have grown at their end, reads or writes only
 *   the fields that fit in struct_size (fields beyond it take their
 *   defaults). No enum type appears in a struct or a signature: kinds and
 *   statuses are int32_t with the SUDOKIT_* values below, names (symmetry,
 *   level, technique, method) are strings as the `sudokit` command spells
 *   them, and technique keys are strings, never indices.
 *
 * TEXT
 *   A puzzle is 81 characters, row by row: '1'..'9' a given, '.', '0', '*',
 *   '_' or '-' an empty cell. A pencil-mark position is Sukaku Explainer's
 *   729 characters (9 per cell; the digit d at place d when d is a
 *   candidate, '.' or '0' when not). Every `length` argument may be
 *   SUDOKIT_NUL_TERMINATED (the text ends at its first NUL). Grids written
 *   out are 81 characters ('.' for empty) plus a NUL (SUDOKIT_GRID_BUFFER).
 *   Cells are numbered 0..80 row-major, houses 0..26 (0-8 boxes, 9-17 rows,
 *   18-26 columns), digits 1..9.
 *
 * ERRORS
 *   Every call returns an int status: SUDOKIT_OK (0), SUDOKIT_END (1, the
 *   reader has no more records) or a negative SUDOKIT_E_* code. On an error,
 *   sudokit_last_error() gives a message for the calling thread naming what
 *   was wrong (the argument, the option field, the column of the text); it
 *   stays valid until the next sudokit call on that thread.
 *   sudokit_last_error_option() names the option at fault, if one was. No C++ exception
 *   leaves the library: every entry point catches everything (out of memory
 *   is SUDOKIT_E_NO_MEMORY, anything unexpected SUDOKIT_E_INTERNAL). A
 *   failed call leaves its out-parameters as they were, except that result
 *   handles are set to NULL and that a reader's record and a generation
 *   report describe the failure.
 *
 * OWNERSHIP
 *   The caller owns every handle a call returns through an out-parameter
 *   (sudokit_grade_result, sudokit_hint_result, sudokit_reader) and frees it
 *   with its own *_free function (NULL is allowed and ignored). Strings and
 *   arrays read from a result (step text, eliminations, the level name...)
 *   belong to the result and stay valid until it is freed; a reader's
 *   record stays valid until the next sudokit_reader_next or _free on it.
 *   Strings returned by sudokit_version, sudokit_status_name and the
 *   technique functions are static. The library never frees or keeps
 *   anything the caller passes in (texts are copied or read during the
 *   call; a FILE* is read, never closed).
 *
 * THREAD SAFETY
 *   Every function may run concurrently on different threads with different
 *   handles: the library has no global mutable state (grading and hints use
 *   one grader per thread, internally; the last error is per thread). One
 *   result handle may be read by several threads at once (the accessors only
 *   read it); a reader handle, and freeing any handle, needs one thread at a
 *   time. sudokit_generate runs its own worker threads and calls the
 *   callback on the calling thread only, in index order.
 */
#ifndef SUDOKIT_H
#define SUDOKIT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sudokit_version.h"

#if defined(_WIN32)
#define SUDOKIT_API
#elif defined(__GNUC__)
#define SUDOKIT_API __attribute__((visibility("default")))
#else
#define SUDOKIT_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Status codes ---------------------------------------------------- */

#define SUDOKIT_OK 0
#define SUDOKIT_END 1                 /* sudokit_reader_next: no more records */
#define SUDOKIT_E_INVALID_ARGUMENT -1 /* a NULL pointer, a handle or size that is wrong */
#define SUDOKIT_E_PARSE -2            /* text that is not what was asked (length, character); the message says where */
#define SUDOKIT_E_OPTION -3           /* an options field out of range or unknown; the message names the field */
#define SUDOKIT_E_UNSUPPORTED -4      /* a valid request this build does not do yet; the message names the option */
#define SUDOKIT_E_NO_MEMORY -5
#define SUDOKIT_E_IO -6               /* a file could not be opened or read */
#define SUDOKIT_E_UNAVAILABLE -7      /* the result does not hold this (not revealed, no step, index out of range) */
#define SUDOKIT_E_INCOMPLETE -8       /* sudokit_generate stopped (time limit, failures) before `count` puzzles */
#define SUDOKIT_E_INTERNAL -9         /* a bug: please report it with the message */

/* Length argument meaning "up to the first NUL". */
#define SUDOKIT_NUL_TERMINATED ((size_t)-1)
/* Size of a buffer that receives a grid: 81 characters and a NUL. */
#define SUDOKIT_GRID_BUFFER 82

/* The version of the loaded library, "MAJOR.MINOR.PATCH" (the project
 * version; SUDOKIT_VERSION_STRING is this header's). Static string. */
SUDOKIT_API const char* sudokit_version(void);
/* "ok", "end", "invalid-argument", "parse", ... (static; "unknown" for other values). */
SUDOKIT_API const char* sudokit_status_name(int status);
/* The message of this thread's last failed call ("" when none). */
SUDOKIT_API const char* sudokit_last_error(void);
/* Added after 0.2.0: the option at fault in this thread's last failed call,
 * spelt as its message spells it (an options field, "max_steps"; for
 * sudokit_generate the caller's option_names entry when given, as in
 * "min_rating"); "" when the failure was not one option's. Every
 * SUDOKIT_E_OPTION names one. Valid as long as sudokit_last_error(). */
SUDOKIT_API const char* sudokit_last_error_option(void);

/* ---- Solving and canonical form -------------------------------------- */

/* Counts the solutions of `puzzle` up to `limit` (>= 1; 2 = uniqueness
 * check) into *count; with a count of 1 or more and `solution` not NULL,
 * writes the first solution found (SUDOKIT_GRID_BUFFER bytes). Givens that
 * break the rules have 0 solutions. The work grows with the solutions
 * counted: a large limit on a nearly empty grid runs for a very long time.
 * Thread-safe, allocation-free. */
SUDOKIT_API int sudokit_solve(const char* puzzle, size_t length, uint32_t limit, uint32_t* count, char* solution);

/* The canonical (minlex) form of a grid or puzzle into `out`
 * (SUDOKIT_GRID_BUFFER bytes): equal forms = essentially the same puzzle. */
SUDOKIT_API int sudokit_canonical(const char* puzzle, size_t length, char* out);

/* ---- Variants: the geometry of the grid ------------------------------- */

/* A geometry (issue #47, docs/VARIANTS.md) is the shape of the grid and its
 * rules, named by a spelling: "classic", "x", "windows", "6x6", "16x16",
 * "jigsaw:MAP", "anti-knight", "nc", combinations such as "x,windows". The
 * classic calls above are the classic 9x9 only; the *_geometry calls take
 * any geometry (the classic included, through the same fast solver) and
 * read and write its cells as one character per cell, row-major, in a
 * chosen alphabet. A bad spelling is SUDOKIT_E_PARSE with the message
 * "geometry:COL: what is wrong" (COL the 1-based character of the spelling,
 * the words of docs/VARIANTS.md); a geometry with no valid grid (a search of
 * the empty grid, done once per geometry and process) is refused with
 * "geometry: 4x4,anti-king has no valid grid", SUDOKIT_E_OPTION naming the
 * option "geometry" in the calls that take options; a bad cell is
 * SUDOKIT_E_PARSE with "puzzle: cells:POS: ..." naming the 1-based cell. */

/* How digits are written (docs/VARIANTS.md, "Digits"); reading accepts
 * lower-case letters too. */
#define SUDOKIT_ALPHABET_DIGITS 0  /* 1-9 then A-P (10 = A, 16 = G, 25 = P); empty '.' or '0'. The default. */
#define SUDOKIT_ALPHABET_LETTERS 1 /* A, B, C ... (16x16: A-P); empty '.' or '0' */
#define SUDOKIT_ALPHABET_HEX 2     /* 0-9A-F, digit d written as d-1 (sizes up to 16); empty '.' only */
/* The alphabet named by a word, "digits", "letters" or "hex", into
 * *alphabet; SUDOKIT_E_OPTION for any other word. */
SUDOKIT_API int sudokit_alphabet_parse(const char* word, int32_t* alphabet);

/* A buffer that holds any canonical spelling and its NUL. */
#define SUDOKIT_GEOMETRY_BUFFER 1024
/* A buffer that holds the cells of any geometry (25x25) and a NUL. */
#define SUDOKIT_CELLS_BUFFER 626

typedef struct sudokit_geometry_options {
  uint32_t struct_size; /* sizeof(sudokit_geometry_options) */
  const char* geometry; /* the spelling, NUL-terminated; NULL = classic (default) */
  int32_t alphabet;     /* SUDOKIT_ALPHABET_*, for the cells read and written; default DIGITS */
} sudokit_geometry_options;
#define SUDOKIT_GEOMETRY_OPTIONS_INIT {sizeof(sudokit_geometry_options), 0, 0}
SUDOKIT_API void sudokit_geometry_options_init(sudokit_geometry_options* options);

/* Parses a spelling and checks it (sizes, jigsaw regions of N connected
 * cells, rules that combine). On SUDOKIT_OK writes the canonical spelling
 * (lower case, rules in their fixed order, "classic" for the classic 9x9;
 * equal spellings = the same geometry) into `canonical` when not NULL
 * (`capacity` bytes, SUDOKIT_GEOMETRY_BUFFER always suffices; a smaller
 * buffer that cannot hold it is SUDOKIT_E_INVALID_ARGUMENT) and the size N
 * of the N x N grid into *size when not NULL. A combination with no valid
 * grid is SUDOKIT_E_PARSE with "geometry: ... has no valid grid" (it needs a
 * search of the empty grid, done once per geometry for the process). */
SUDOKIT_API int sudokit_geometry_parse(const char* spelling, size_t length, char* canonical, size_t capacity,
                                       int32_t* size);

/* sudokit_solve for any geometry: counts the solutions of `puzzle` (N*N
 * characters in options->alphabet) up to `limit` (>= 1) into *count; with a
 * count of 1 or more and `solution` not NULL writes the first solution
 * found, N*N characters and a NUL, into `solution` (`capacity` bytes, at
 * least N*N+1: SUDOKIT_CELLS_BUFFER always suffices). `options` may be NULL
 * (classic, digits). Givens that break a rule have 0 solutions. A large
 * limit on a nearly empty grid runs for a very long time. Thread-safe. */
SUDOKIT_API int sudokit_solve_geometry(const char* puzzle, size_t length, const sudokit_geometry_options* options,
                                       uint32_t limit, uint32_t* count, char* solution, size_t capacity);

/* A buffer that holds any global id and its NUL: 16 characters for the
 * classic, 'v' and 16 for a variant. */
#define SUDOKIT_GLOBAL_ID_BUFFER 18

/* sudokit_canonical for any geometry: the canonical form of `puzzle` under
 * the geometry's own symmetry group and relabellings (docs/VARIANTS.md;
 * equal forms = the same puzzle of the same variant; the classic geometry
 * gives sudokit_canonical's form) into `canonical` (`capacity` bytes, at
 * least N*N+1), and when `global_id` is not NULL its global id
 * (SUDOKIT_GLOBAL_ID_BUFFER bytes: the classic id, or 'v' and 16
 * characters with the geometry inside). SUDOKIT_E_UNSUPPORTED for a
 * geometry whose group is too large to list; SUDOKIT_E_INCOMPLETE when the
 * search gave up (a nearly empty large grid); the message says which. */
SUDOKIT_API int sudokit_canonical_geometry(const char* puzzle, size_t length, const sudokit_geometry_options* options,
                                           char* canonical, size_t capacity, char* global_id);

/* The placed digits of `puzzle` that break a rule of the geometry together
 * with another placed digit (a house or leaper peer with the same digit; a
 * non-consecutive neighbour one apart): what a player's page marks as
 * wrong without the solution. Writes their number into *count and the
 * first `capacity` of them (0-based cells, ascending) into `cells` (N*N
 * entries always suffice; `cells` may be NULL with capacity 0 to count
 * only). Thread-safe. */
SUDOKIT_API int sudokit_check_geometry(const char* puzzle, size_t length, const sudokit_geometry_options* options,
                                       int32_t* cells, size_t capacity, size_t* count);

/* ---- Techniques ------------------------------------------------------ */

/* The techniques this library knows, in Sudoku Explainer's order:
 * i = 0 .. sudokit_technique_count()-1. Keys ("x-wing") are stable across
 * versions; indices are not (use keys to store or compare). NULL when i is
 * out of range. */
SUDOKIT_API size_t sudokit_technique_count(void);
SUDOKIT_API const char* sudokit_technique_key(size_t i);
SUDOKIT_API const char* sudokit_technique_name(size_t i); /* "X-Wing" */

/* ---- Steps (grading paths and hints) ----------------------------------- */

typedef struct sudokit_candidate {
  int32_t cell;  /* 0..80 */
  int32_t digit; /* 1..9 */
} sudokit_candidate;

/* One deduction. Filled by sudokit_grade_step and sudokit_hint_step; every
 * pointer belongs to the result it came from. */
typedef struct sudokit_step {
  uint32_t struct_size;                  /* sizeof(sudokit_step): set by the caller */
  const char* technique;                 /* technique key, "hidden-single" ("basic-elimination": a hint's, see sudokit_hint) */
  const char* name;                      /* SE's hint name, "Hidden Single" */
  double rating;                         /* SE rating of the step, one decimal as SE prints it */
  int32_t place_cell;                    /* the cell it fills, or -1 */
  int32_t place_digit;                   /* the digit it writes, or 0 */
  const sudokit_candidate* eliminations; /* candidates removed (not those of the placed cell) */
  size_t elimination_count;
  const int32_t* cells;                  /* the cells of the pattern */
  size_t cell_count;
  const int32_t* houses;                 /* the houses that justify it (0..26) */
  size_t house_count;
  const char* text;                      /* "r4c7=5 hidden single in box 6" */
  const char* chain;                     /* chain detail in Eureka notation, "" when none */
} sudokit_step;
#define SUDOKIT_STEP_INIT {sizeof(sudokit_step), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}

/* ---- Grading ----------------------------------------------------------- */

typedef struct sudokit_grade_options {
  uint32_t struct_size; /* sizeof(sudokit_grade_options) */
  int32_t keep_steps;   /* nonzero: keep the solution path (sudokit_grade_step); default 0 */
  double time_limit;    /* seconds of work, 0 = none (default); beyond it the status is TIME_LIMIT */
  int32_t max_steps;    /* bound on the steps, 1..1000000; default 2000 */
  const char* levels;   /* level table "name:min_er,..." (ascending), NULL = the default table */
} sudokit_grade_options;
SUDOKIT_API void sudokit_grade_options_init(sudokit_grade_options* options);

/* Grade statuses (sudokit_grade_status). */
#define SUDOKIT_GRADE_RATED 0
#define SUDOKIT_GRADE_BEYOND_TECHNIQUES 1 /* no implemented technique applies: not rated */
#define SUDOKIT_GRADE_NO_SOLUTION 2
#define SUDOKIT_GRADE_MULTIPLE_SOLUTIONS 3
#define SUDOKIT_GRADE_INVALID_GIVENS 4    /* two equal digits in a house */
#define SUDOKIT_GRADE_STEP_LIMIT 5
#define SUDOKIT_GRADE_TIME_LIMIT 6

typedef struct sudokit_grade_result sudokit_grade_result; /* opaque */

/* Grades an 81-character puzzle, or a 729-character pencil-mark position
 * (rated on its marks as Sukaku Explainer rates it), on the Sudoku
 * Explainer scale. `options` may be NULL (defaults). On SUDOKIT_OK *result
 * is a new handle (free with sudokit_grade_result_free) whose status says
 * whether it was rated; a puzzle without one solution is SUDOKIT_OK with
 * that status, not an error. Thread-safe (one grader per thread). */
SUDOKIT_API int sudokit_grade(const char* text, size_t length, const sudokit_grade_options* options,
                              sudokit_grade_result** result);
SUDOKIT_API void sudokit_grade_result_free(sudokit_grade_result* result);

/* Accessors: a NULL result gives -1 / 0 / NULL / "". */
SUDOKIT_API int32_t sudokit_grade_status(const sudokit_grade_result* r);
SUDOKIT_API const char* sudokit_grade_status_key(const sudokit_grade_result* r); /* "rated", "beyond-techniques", ... ("" for NULL) */
SUDOKIT_API const char* sudokit_grade_message(const sudokit_grade_result* r); /* why not rated, "" when rated */
SUDOKIT_API double sudokit_grade_er(const sudokit_grade_result* r);        /* hardest step (one decimal) */
SUDOKIT_API double sudokit_grade_ep(const sudokit_grade_result* r);        /* hardest step before the first placement */
SUDOKIT_API double sudokit_grade_ed(const sudokit_grade_result* r);        /* first step */
SUDOKIT_API const char* sudokit_grade_level(const sudokit_grade_result* r); /* level name of ER, "" when not rated */
/* The technique of the step that set ER: its key ("naked-pair", as `hardest`
 * is everywhere: the record format, sudokit_generated) and, since 0.2, SE's
 * name of that step ("Naked Pair", the record format's `hardest_name`). */
SUDOKIT_API const char* sudokit_grade_hardest(const sudokit_grade_result* r);
SUDOKIT_API const char* sudokit_grade_hardest_name(const sudokit_grade_result* r);
SUDOKIT_API int32_t sudokit_grade_step_total(const sudokit_grade_result* r);  /* steps taken */
/* The solution (SUDOKIT_GRID_BUFFER bytes) when the puzzle has one. */
SUDOKIT_API int sudokit_grade_solution(const sudokit_grade_result* r, char* out);
/* Technique histogram: the techniques used, in SE's order, with their step counts. */
SUDOKIT_API size_t sudokit_grade_histogram_size(const sudokit_grade_result* r);
SUDOKIT_API int sudokit_grade_histogram_entry(const sudokit_grade_result* r, size_t i, const char** technique,
                                              int32_t* steps);
/* The kept path (keep_steps): sudokit_grade_steps() steps, step i into *step. */
SUDOKIT_API size_t sudokit_grade_steps(const sudokit_grade_result* r);
SUDOKIT_API int sudokit_grade_step(const sudokit_grade_result* r, size_t i, sudokit_step* step);

/* ---- Hints --------------------------------------------------------------- */

/* A player's position: the puzzle's givens, the digits the player entered,
 * optionally the player's pencil marks. Each text is NULL when absent;
 * givens or marks must be there. */
typedef struct sudokit_position {
  uint32_t struct_size;  /* sizeof(sudokit_position) */
  const char* givens;    /* 81 characters */
  size_t givens_length;
  const char* entries;   /* 81 characters: the player's digits, empty elsewhere and on givens */
  size_t entries_length;
  const char* marks;     /* 729 characters, every cell's candidates (a given's or entry's are ignored and may be empty) */
  size_t marks_length;
} sudokit_position;
#define SUDOKIT_POSITION_INIT {sizeof(sudokit_position), 0, 0, 0, 0, 0, 0}

/* How much of the hint the result holds: the area to look at; + the
 * technique (name, rating); + the whole step (the deduction, its drawing). */
#define SUDOKIT_REVEAL_AREA 0
#define SUDOKIT_REVEAL_TECHNIQUE 1
#define SUDOKIT_REVEAL_STEP 2
/* The reveal level named by a word, "area", "technique" or "step" (the
 * command's --reveal), into *reveal; SUDOKIT_E_OPTION for any other word. */
SUDOKIT_API int sudokit_reveal_parse(const char* word, int32_t* reveal);

typedef struct sudokit_hint_options {
  uint32_t struct_size; /* sizeof(sudokit_hint_options) */
  int32_t reveal;       /* SUDOKIT_REVEAL_*, default STEP */
  double time_limit;    /* seconds for the step search, 0 = none; default 10 */
} sudokit_hint_options;
SUDOKIT_API void sudokit_hint_options_init(sudokit_hint_options* options);

/* Hint statuses (sudokit_hint_status). */
#define SUDOKIT_HINT_STEP 0               /* the next step (as revealed) */
#define SUDOKIT_HINT_MISTAKES 1           /* the player's mistakes; no step */
#define SUDOKIT_HINT_SOLVED 2
#define SUDOKIT_HINT_INVALID_POSITION 3   /* two equal digits in a house among the givens (among the
                                             entries too when the givens have no single solution;
                                             with one, clashing entries are MISTAKES) */
#define SUDOKIT_HINT_NO_SOLUTION 4
#define SUDOKIT_HINT_MULTIPLE_SOLUTIONS 5
#define SUDOKIT_HINT_BEYOND_TECHNIQUES 6
#define SUDOKIT_HINT_TIME_LIMIT 7
#define SUDOKIT_HINT_INTERNAL_ERROR 8     /* the step found contradicts a placed digit or the solution
                                             (a defect of the library, checked in every build): message,
                                             no step */

/* Mistake kinds. */
#define SUDOKIT_MISTAKE_WRONG_ENTRY 0 /* `digit` entered in `cell`, the solution has `solution_digit` */
#define SUDOKIT_MISTAKE_LOST_DIGIT 1  /* the marks of `cell` lost its solution digit */

typedef struct sudokit_mistake {
  uint32_t struct_size;   /* sizeof(sudokit_mistake) */
  int32_t kind;           /* SUDOKIT_MISTAKE_* */
  int32_t cell;
  int32_t digit;          /* the entry, or 0 */
  int32_t solution_digit;
  const char* message;    /* "r3c4: 7 entered, the solution has 5" */
} sudokit_mistake;
#define SUDOKIT_MISTAKE_INIT {sizeof(sudokit_mistake), 0, 0, 0, 0, 0}

/* A link of a chain (the Eureka notation's "=", "-", "~"): from one
 * candidate to the next, each with its role (on = true, off = false). */
#define SUDOKIT_LINK_STRONG 0    /* `to` is true because `from` is false (last of its cell or house) */
#define SUDOKIT_LINK_WEAK 1      /* `to` is false because `from` is true (same cell, or digit in a house) */
#define SUDOKIT_LINK_TECHNIQUE 2 /* `to` was removed by a technique on the reduced grid (dynamic chains) */
typedef struct sudokit_chain_link {
  sudokit_candidate from;
  int32_t from_on;               /* 1: assumed or implied true, 0: implied false */
  sudokit_candidate to;
  int32_t to_on;
  int32_t kind;                  /* SUDOKIT_LINK_* */
} sudokit_chain_link;

/* What an app highlights, by role, without parsing text. Fields after
 * house_count came with version 0.2; a caller compiled against an older
 * header (smaller struct_size) gets the fields it knows. */
typedef struct sudokit_hint_drawing {
  uint32_t struct_size;              /* sizeof(sudokit_hint_drawing) */
  const sudokit_candidate* placed;   /* the placement (0 or 1) */
  size_t placed_count;
  const sudokit_candidate* eliminated;
  size_t eliminated_count;
  const sudokit_candidate* cause;    /* the pattern's candidates that cause the deduction */
  size_t cause_count;
  const int32_t* houses;             /* every house the step names */
  size_t house_count;
  const sudokit_chain_link* links;   /* chain techniques: every link drawn, in order; else none */
  size_t link_count;
  const sudokit_candidate* on;       /* the chain's candidates that are true (assumed or implied), each once */
  size_t on_count;
  const sudokit_candidate* off;      /* the chain's candidates implied false, each once */
  size_t off_count;
} sudokit_hint_drawing;
#define SUDOKIT_HINT_DRAWING_INIT {sizeof(sudokit_hint_drawing), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}

typedef struct sudokit_hint_result sudokit_hint_result; /* opaque */

/* The hint for a position: mistakes first (entries that differ from the
 * solution, marks that lost the solution digit), then the next step Sukaku
 * Explainer would take (on the player's marks when there are marks). Marks
 * that a placed digit (a given or an entry in the same row, column or box)
 * rules out are no candidates: while there are any, the step is the one
 * that removes them all, technique "basic-elimination" (name "Basic
 * Elimination", rating 0, eliminations only), before any other. No step
 * places or removes what a placed digit or the solution contradicts.
 * `options` may be NULL. Malformed input (a length, a character, an entry
 * on a given, an empty cell without candidates) is SUDOKIT_E_PARSE naming
 * the cell; otherwise SUDOKIT_OK with a new handle. Thread-safe. */
SUDOKIT_API int sudokit_hint(const sudokit_position* position, const sudokit_hint_options* options,
                             sudokit_hint_result** result);
/* The same from one position in any text form `sudokit hint` reads: an
 * 81-character puzzle, "GIVENS ENTRIES", "GIVENS MARKS", a 729-character
 * line, a 9-line candidate grid, or a JSON object. */
SUDOKIT_API int sudokit_hint_text(const char* text, size_t length, const sudokit_hint_options* options,
                                  sudokit_hint_result** result);
SUDOKIT_API void sudokit_hint_result_free(sudokit_hint_result* result);

SUDOKIT_API int32_t sudokit_hint_status(const sudokit_hint_result* r);     /* SUDOKIT_HINT_*, -1 for NULL */
SUDOKIT_API const char* sudokit_hint_status_key(const sudokit_hint_result* r); /* "hint", "mistakes", ... */
SUDOKIT_API const char* sudokit_hint_message(const sudokit_hint_result* r); /* for the other statuses */
SUDOKIT_API size_t sudokit_hint_mistake_count(const sudokit_hint_result* r);
SUDOKIT_API int sudokit_hint_mistake(const sudokit_hint_result* r, size_t i, sudokit_mistake* out);
/* Area (every reveal): the houses to look at, or cells when the step names no house. */
SUDOKIT_API int sudokit_hint_area(const sudokit_hint_result* r, const int32_t** houses, size_t* house_count,
                                  const int32_t** cells, size_t* cell_count);
/* Technique (reveal >= TECHNIQUE): key, SE name, rating. */
SUDOKIT_API int sudokit_hint_technique(const sudokit_hint_result* r, const char** key, const char** name,
                                       double* rating);
/* The whole step and its drawing (reveal STEP). */
SUDOKIT_API int sudokit_hint_step(const sudokit_hint_result* r, sudokit_step* step);
SUDOKIT_API int sudokit_hint_drawing_get(const sudokit_hint_result* r, sudokit_hint_drawing* drawing);
/* The solution (SUDOKIT_GRID_BUFFER bytes) when the position has exactly one. */
SUDOKIT_API int sudokit_hint_solution(const sudokit_hint_result* r, char* out);

/* ---- Text reader ----------------------------------------------------------- */

/* Reads puzzles one record per call from a buffer, a FILE* or a path, in
 * every format `sudokit` reads (81-character lines with optional fields,
 * CSV with a header, the puzzle bank, 9-line grids, batch files ending in
 * "end"), one line at a time with flat memory. */
typedef struct sudokit_reader sudokit_reader; /* opaque */

#define SUDOKIT_READ_PENCILMARKS 1u /* also accept 729-character pencil-mark lines */

#define SUDOKIT_RECORD_PUZZLE 0
#define SUDOKIT_RECORD_PENCILMARKS 1

typedef struct sudokit_record {
  uint32_t struct_size; /* sizeof(sudokit_record) */
  int32_t kind;         /* SUDOKIT_RECORD_* */
  const char* text;     /* the puzzle (81 characters, '.' empty) or the marks (729), NUL-terminated */
  size_t text_length;
  const char* fields;   /* the rest of the line after the puzzle (a rating...), trimmed, NUL-terminated
                           (the input's bytes: it may hold NULs of its own; fields_length counts them) */
  size_t fields_length;
  uint64_t line;        /* 1-based line of the record, or of the error */
  uint64_t column;      /* error only: 1-based column, 0 when the whole line is at fault */
  const char* message;  /* error only: what is wrong ("" for a record) */
} sudokit_record;
#define SUDOKIT_RECORD_INIT {sizeof(sudokit_record), 0, 0, 0, 0, 0, 0, 0, 0}

/* The buffer is copied. flags: 0 or SUDOKIT_READ_PENCILMARKS. */
SUDOKIT_API int sudokit_reader_open_buffer(const char* data, size_t length, uint32_t flags, sudokit_reader** reader);
/* Reads `file` from where it stands; the caller keeps it open until the reader is freed, and closes it. */
SUDOKIT_API int sudokit_reader_open_file(FILE* file, uint32_t flags, sudokit_reader** reader);
/* Opens `path` (SUDOKIT_E_IO when it cannot be opened); closed by sudokit_reader_free. */
SUDOKIT_API int sudokit_reader_open_path(const char* path, uint32_t flags, sudokit_reader** reader);
/* The next record: SUDOKIT_OK with a record; SUDOKIT_E_PARSE for a malformed
 * record (record->line, column and message say what; the next call goes on
 * after it); SUDOKIT_END at the end; SUDOKIT_E_IO when reading failed (the
 * message says why; the input has ended). *record stays valid until the
 * next call on this reader. */
SUDOKIT_API int sudokit_reader_next(sudokit_reader* reader, sudokit_record* record);
SUDOKIT_API void sudokit_reader_free(sudokit_reader* reader);

/* ---- Generation ---------------------------------------------------------------- */

/* A stop flag for a running sudokit_generate: any thread may raise it with
 * sudokit_stop_request while the run goes on on another; the run then
 * stops after the candidates in flight (without waiting for the next
 * puzzle, however rare the target) and returns SUDOKIT_OK with
 * report.stopped set. A callback asking to stop raises the flag too. One
 * flag serves one run; it must outlive the call. */
typedef struct sudokit_stop sudokit_stop;
SUDOKIT_API int sudokit_stop_new(sudokit_stop** stop);
SUDOKIT_API void sudokit_stop_request(sudokit_stop* stop); /* thread-safe; NULL is ignored */
SUDOKIT_API void sudokit_stop_free(sudokit_stop* stop);

/* A fresh seed (64 bits from the system's entropy source mixed with the
 * clock): what `sudokit generate`, Python, npm and
 * sudokit_generate_options_init use when no seed is given. Keep the seed a
 * run used (report.seed) to repeat the run. */
SUDOKIT_API uint64_t sudokit_fresh_seed(void);

/* The options of `sudokit generate`. Names are spelled as the command
 * spells them; NULL / 0 / negative as noted = the command's default.
 *
 * Grading and the graded targets (`grade`, `level`, `min_rating`,
 * `max_rating`, `required_techniques`, `hardest_technique`, `search`,
 * `search_keep`) run the same grade stage as the command; each puzzle then
 * carries its ratings, level and hardest technique. */
typedef struct sudokit_generate_options {
  uint32_t struct_size;       /* sizeof(sudokit_generate_options) */
  uint64_t count;             /* puzzles wanted, 1..1e12; default 10 */
  uint64_t seed;              /* the same seed gives the same puzzles with any thread count; default: a fresh one (sudokit_fresh_seed), drawn by sudokit_generate_options_init and for NULL options, as the command does without --seed */
  uint32_t threads;           /* worker threads 1..256; default 1 */
  const char* method;         /* grid method: backtrack (default), box-permutation, digit-box, relabel */
  int32_t scramble;           /* nonzero: a random symmetry applied to each grid */
  const char* base;           /* relabel's base grid (81 digits), NULL = the built-in one */
  const char* symmetry;       /* none (default), rot180, rot90, mirror, diagonal, antidiagonal, dihedral, random */
  int32_t clues;              /* 17..80: exactly this many clues; 0 = minimal (default) */
  int32_t minimal;            /* nonzero: minimal asked for explicitly (excludes clues) */
  int32_t verify_minimal;     /* nonzero: re-check each minimal puzzle clue by clue */
  const char* pattern;        /* 81-cell clue mask (x/1..9 = clue, ./0/-/_ = empty), NULL = none */
  const char* dig_order;      /* random or sparse-digits; NULL = the command's default */
  uint32_t max_attempts;      /* grids per puzzle before giving up on it, 1..1e6; 0 = default (64, 5 with a pattern) */
  double time_limit;          /* seconds, up to 1e8; 0 = the command's default: none, or 120 s for a rare target (an ER floor of 9.0 or more) */
  /* Grading and graded targets. */
  int32_t grade;              /* nonzero: grade every puzzle (ratings in sudokit_generated) */
  const char* level;          /* keep only this level */
  const char* levels;         /* level table "name:min,...", NULL = default (checked; used with grading) */
  double min_rating;          /* keep only ER >= this; 0 = no floor (default) */
  double max_rating;          /* keep only ER <= this, 1 to 20 (every puzzle rates 1.0 or more); 0 = no ceiling (default) */
  const char* const* required_techniques; /* keys; each must be on the solution path */
  size_t required_technique_count;
  const char* hardest_technique; /* the technique of the step that set ER */
  int32_t search;             /* local search per near miss; -1 = default (32 with a target), 0 = none */
  int32_t search_keep;        /* default 1 */
  const char* strategy;       /* dig or climb (walks from puzzles dug at a lower floor);
                                 NULL = the command's default: climb for an ER floor of 9.3 or
                                 more unless pattern, clues, symmetry or search_keep rules it out */
  /* Added after 0.2.0: a caller compiled against 0.2.0 has a struct_size ending before it (then NULL). */
  sudokit_stop* stop;         /* NULL, or a stop flag another thread may raise (sudokit_stop_request) */
  /* Added after 0.2.0, after stop: how a bad option is named in sudokit_last_error(). NULL
   * (default): by these fields' names ("min_rating: ..."); else an array of
   * SUDOKIT_GENERATE_OPTION_TOTAL names indexed by SUDOKIT_OPTION_*, so that
   * a binding over this API names each option as its caller spelt it
   * (Python's keywords, a JavaScript object's keys) without checking the
   * options itself. */
  const char* const* option_names;
  /* Added after 0.2.0, after option_names: variants (issue #47). A caller
   * whose struct_size ends before a field gets its default. */
  const char* geometry;       /* the spelling (docs/VARIANTS.md), NUL-terminated; NULL = classic (default) */
  int32_t alphabet;           /* SUDOKIT_ALPHABET_* of the puzzle, solution and base; default DIGITS */
} sudokit_generate_options;
/* Defined by a header whose sudokit_generate_options has geometry and
 * alphabet (and sudokit_generated its geometry and status). */
#define SUDOKIT_GENERATE_GEOMETRY 1

/* The options of sudokit_generate by identity: the indices of option_names.
 * The command's --with-steps, --grade-time-limit, --shard and --from have
 * no field here and are never at fault in sudokit_generate. */
enum {
  SUDOKIT_OPTION_COUNT, SUDOKIT_OPTION_SEED, SUDOKIT_OPTION_THREADS, SUDOKIT_OPTION_METHOD, SUDOKIT_OPTION_SCRAMBLE,
  SUDOKIT_OPTION_BASE, SUDOKIT_OPTION_SYMMETRY, SUDOKIT_OPTION_CLUES, SUDOKIT_OPTION_MINIMAL,
  SUDOKIT_OPTION_VERIFY_MINIMAL, SUDOKIT_OPTION_PATTERN, SUDOKIT_OPTION_DIG_ORDER, SUDOKIT_OPTION_MAX_ATTEMPTS,
  SUDOKIT_OPTION_GRADE, SUDOKIT_OPTION_WITH_STEPS, SUDOKIT_OPTION_LEVELS, SUDOKIT_OPTION_LEVEL,
  SUDOKIT_OPTION_MIN_RATING, SUDOKIT_OPTION_MAX_RATING, SUDOKIT_OPTION_REQUIRED_TECHNIQUES,
  SUDOKIT_OPTION_HARDEST_TECHNIQUE, SUDOKIT_OPTION_SEARCH, SUDOKIT_OPTION_SEARCH_KEEP, SUDOKIT_OPTION_TIME_LIMIT,
  SUDOKIT_OPTION_GRADE_TIME_LIMIT, SUDOKIT_OPTION_SHARD, SUDOKIT_OPTION_FROM, SUDOKIT_OPTION_STRATEGY,
  SUDOKIT_GENERATE_OPTION_TOTAL
};
SUDOKIT_API void sudokit_generate_options_init(sudokit_generate_options* options);

/* One generated puzzle, handed to the callback; valid during the call only. */
typedef struct sudokit_generated {
  uint32_t struct_size;       /* the size the library filled (<= the caller's) */
  uint64_t index;             /* position in the seed's stream */
  uint64_t seed;
  const char* puzzle;         /* N*N characters in options.alphabet (81 for the classic), NUL-terminated */
  const char* solution;       /* N*N characters in options.alphabet, NUL-terminated */
  int32_t clues;
  const char* symmetry;       /* the symmetry of its clue pattern (random resolved) */
  const char* method;         /* the grid method */
  const char* dig_order;      /* NULL for pattern puzzles */
  int32_t minimal;            /* no single clue can be removed */
  int32_t symmetric_minimal;  /* no orbit of clues under the symmetry can be removed */
  int32_t graded;             /* nonzero when the fields below are set */
  double er, ep, ed;
  const char* level;
  const char* hardest;
  /* Added after 0.2.0 (SUDOKIT_GENERATE_GEOMETRY). */
  const char* geometry;       /* the canonical spelling of the puzzle's geometry ("classic", "x", "16x16", ...) */
  const char* status;         /* a variant's grading status, "unrated (variant)" (no rating, graded 0: variant
                                 grading is issue #48); "" for the classic (graded says whether it is rated) */
} sudokit_generated;

/* Called for each puzzle, in index order, on the thread that called
 * sudokit_generate. Return 0 to go on, nonzero to stop (the call then
 * returns SUDOKIT_OK). It must not throw and must not call sudokit_generate. */
typedef int (*sudokit_generate_callback)(void* user, const sudokit_generated* puzzle);

typedef struct sudokit_generate_report {
  uint32_t struct_size;  /* sizeof(sudokit_generate_report) */
  uint64_t accepted;     /* puzzles handed to the callback */
  uint64_t tried;        /* candidate indices finished */
  uint64_t failed;       /* indices where digging failed every attempt */
  double seconds;
  int32_t stopped;       /* by the callback, the stop flag or the time limit */
  uint64_t seed;         /* the run's seed (added after 0.2.0): give it back to repeat the run */
} sudokit_generate_report;
#define SUDOKIT_GENERATE_REPORT_INIT {sizeof(sudokit_generate_report), 0, 0, 0, 0, 0, 0}

/* Makes puzzles with exactly one solution, the same ones `sudokit generate`
 * prints for the same options and seed.
 *
 * Variants: with options.geometry another geometry than the classic, the
 * puzzles are those of `sudokit generate --geometry G` (the variant digger:
 * method where the geometry allows it, symmetry among its own, clues 1 to
 * N*N-1, a pattern of N*N cells, base a valid grid of it), written in
 * options.alphabet with the geometry's canonical spelling and the status
 * "unrated (variant)". The rating options (grade, level, levels,
 * min_rating, max_rating, required_techniques, hardest_technique, search
 * above 0, search_keep above 1, strategy, dig_order other than random) are
 * refused with SUDOKIT_E_OPTION and the reason. A bad spelling is
 * SUDOKIT_E_PARSE ("geometry:COL: ..."), a geometry with no valid grid or
 * an alphabet that cannot write its digits SUDOKIT_E_OPTION; these two are
 * named "geometry" and "alphabet" by sudokit_last_error_option (they have
 * no option_names index). `options` may be NULL (defaults,
 * with a fresh seed: report.seed says which), `report` too. SUDOKIT_OK when `count` puzzles were made or the callback
 * stopped; SUDOKIT_E_INCOMPLETE when the time limit or repeated failures
 * (a pattern no grid fits) ended it first; SUDOKIT_E_OPTION for a bad
 * field. Thread-safe:
 * several calls may run at once. */
SUDOKIT_API int sudokit_generate(const sudokit_generate_options* options, sudokit_generate_callback callback,
                                 void* user, sudokit_generate_report* report);

#ifdef __cplusplus
}
#endif

#endif /* SUDOKIT_H */
