// The words a book prints, in one place per language: "Puzzle 7",
// "Solutions", the contents, the how-to-play page, the level names and what
// each level takes. English, German, French and Spanish are built in
// (labels_for); a publisher can give a JSON file of their own (read_labels),
// which starts from English and replaces the keys it names.
//
// A pattern holds placeholders in braces that the book fills: {n}, {first},
// {last}, {lo}, {hi}, {r}, {page}, {level}, {count}, {box}, {symbols}.
//
// The rules of a variant (rules_for) are said in the same words in every
// language: a sentence for its shape (rules_boxes, rules_jigsaw or
// rules_latin), one per extra rule (variant_rules: "x", "windows", ...),
// then rules_end; the classic 9x9 keeps `rules` as it is. A label file must keep
// each pattern's placeholders (and use no others), so a translation cannot
// silently drop a puzzle number.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "sudokit/book/grid_drawing.hpp"
#include "sudokit/solver/geometry.hpp"

namespace sudokit::book {

struct Labels {
  std::string puzzle = "Puzzle {n}";                       // a grid's caption
  std::string puzzles = "Puzzles";                         // PDF outline entry
  std::string puzzles_range = "Puzzles {first} to {last}";  // a section's title page
  std::string rated = "rated {lo}";
  std::string rated_range = "rated {lo} to {hi}";
  std::string rating = "rating {r}";                       // with --show-rating
  std::string solutions = "Solutions";
  std::string solutions_of = "Solutions: {level}";
  std::string contents = "Contents";
  std::string how_to_play = "How to play";
  std::string rules =
      "Fill in the grid so that every row, every column and every 3\xC2\xA0\xC3\x97\xC2\xA0"
      "3 box contains each digit from 1 to 9 exactly once. The digits given at the start cannot change. Every "
      "puzzle has exactly one solution, and it can be found by reasoning alone: no guessing is needed.";
  std::string rules_boxes =  // a variant's shape: {box} "2 × 3", {symbols} "1–6" or "1–9, A–G"
      "Fill in the grid so that every row, every column and every {box} box contains each of the symbols {symbols} "
      "exactly once.";
  std::string rules_jigsaw =
      "Fill in the grid so that every row, every column and every region outlined in bold contains each of the "
      "symbols {symbols} exactly once.";
  std::string rules_latin =
      "Fill in the grid so that every row and every column contains each of the symbols {symbols} exactly once.";
  std::string rules_end =
      "The symbols given at the start cannot change. Every puzzle has exactly one solution, and it can be found by "
      "reasoning alone: no guessing is needed.";
  std::string pencil =
      "Pencil in the digits a cell can still take; a digit that has only one place left in a row, column or box "
      "goes there, and a cell with one candidate left takes it.";
  std::string solutions_start = "The solutions start on page {page}.";
  std::string the_levels = "The levels";
  std::string in_this_book = "In this book: rated {lo} to {hi}.";
  std::string in_this_book_one = "In this book: rated {lo}.";  // every puzzle of the level rated alike
  std::string rating_scale =
      "Ratings are on the Sudoku Explainer scale, the one puzzle makers share: a puzzle is rated by the hardest "
      "step its solution needs, from 1.0 (the last empty cell of a row) past 2.5 (where pencil marks begin to "
      "help) to 10 and more for the hardest puzzles known.";
  std::string one_puzzle = "1 puzzle";
  std::string n_puzzles = "{n} puzzles";
  std::string all_of_level = "{count}, all {level}";        // the summary line, one level
  std::string by_level = "{count}: {levels}";               // several ("60 puzzles: 20 Easy, 40 Hard")
  std::string numbered = "{count} (numbers {first} to {last})";  // a later volume's count
  std::string decimal_point = ".";                          // in ratings: 2.6, or 2,6
  /// Level names as printed ("hard" -> "Hard"); a level not named here is
  /// printed with its first letter capitalised.
  std::map<std::string, std::string, std::less<>> levels;
  /// What each level takes, for the how-to-play page ("" when not named).
  std::map<std::string, std::string, std::less<>> level_notes;
  /// One sentence per extra rule of a geometry, by its name in the spelling
  /// (docs/VARIANTS.md): x, windows, disjoint, centre-dot, girandola,
  /// asterisk, anti-knight, anti-king, toroidal, nc, nc+.
  std::map<std::string, std::string, std::less<>> variant_rules;

  /// The rules of a puzzle of `geometry` whose digits print as `symbols`
  /// (the range said in rules_boxes' {symbols}): `rules` for the classic,
  /// else the shape's sentence, each extra rule's and rules_end.
  std::string rules_for(const Geometry& geometry, Symbols symbols = Symbols::kDigits) const;

  /// The level as printed.
  std::string level(std::string_view name) const;
  /// What the level takes, or "".
  std::string level_note(std::string_view name) const;
  /// A rating as printed, one decimal: "2.6" (or "2,6").
  std::string rating_text(double rating) const;
  /// Every word pattern with its key in a label file ("puzzle", ...), in
  /// the order above (not the maps `levels`, `level_notes` and `variant_rules`).
  std::vector<std::pair<std::string_view, const std::string*>> patterns() const;
};

/// The built-in languages: "en", "de", "fr", "es".
std::vector<std::string> label_languages();
/// The labels of a built-in language; nullopt for another name.
std::optional<Labels> labels_for(std::string_view language);

/// Reads a label file: a JSON object whose keys are the fields above
/// ("puzzle", "solutions", ...; "levels" and "level_notes" are objects of
/// level name -> text, "variant_rules" of rule name -> text), each a string of UTF-8 keeping the pattern's
/// placeholders; keys not given keep `labels`'s value. False with `error`
/// set ("puzzle: the pattern must hold {n}") for an unknown key, a value of
/// the wrong kind or a pattern that loses or adds a placeholder.
bool read_labels(std::string_view json, Labels& labels, std::string& error);

/// The pattern with each {name} replaced by its value.
std::string fill(std::string_view pattern, std::initializer_list<std::pair<std::string_view, std::string>> values);

}  // namespace sudokit::book
