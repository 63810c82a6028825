// A print-ready puzzle book as one PDF, drawn with cairo: a title page (the
// title, an optional subtitle, what the book holds, how to play), numbered
// puzzles with their level (and optionally rating) under each grid, page
// numbers, and the solutions at the back in smaller grids. The caller picks
// and orders the puzzles (`sudokit book` takes them from the store); this
// library only lays them out (layout.hpp) and draws them (grid_drawing.hpp).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "sudokit/book/layout.hpp"
#include "sudokit/solver/grid.hpp"

namespace sudokit::book {

/// A failure to render or write; what() is "FILE: reason".
class RenderError : public std::runtime_error {
 public:
  /// `error`: the errno of a failed write (EPIPE: a pipe's reader went away), 0 otherwise.
  RenderError(const std::string& path, const std::string& message, int error = 0)
      : std::runtime_error(path + ": " + message), error_(error) {}
  int error() const { return error_; }

 private:
  int error_;
};

/// Rendering stopped because BookOptions::stop was set; nothing was written.
class RenderInterrupted : public RenderError {
 public:
  explicit RenderInterrupted(const std::string& path) : RenderError(path, "interrupted; not written") {}
};

struct BookPuzzle {
  Grid puzzle{};
  Grid solution{};
  std::string level;             // level name, shown capitalised ("Hard")
  std::optional<double> rating;  // ER, shown with show_rating
  std::int64_t id = 0;           // store id, for the manifest
};

struct BookOptions {
  std::string title = "Sudoku";
  std::string subtitle;  // optional line under the title
  Paper paper = Paper::A4;
  int per_page = 4;  // 1, 2, 4 or 6
  bool solutions = true;
  bool show_rating = false;
  std::string creator = "sudokit";  // the PDF's Creator field
  std::string creation_date;        // the PDF's CreationDate, "YYYY-MM-DDThh:mm:ssZ"; empty = now
  int first_number = 1;  // the first puzzle's number (a later volume goes on from the last one)
  int pad_to = 0;        // blank pages at the end up to a multiple of this (0 or 1 = none; at most kMaxPadTo)
  const std::atomic<bool>* stop = nullptr;  // polled after each page: set, render_book throws RenderInterrupted
};

/// The creation date a reproducible build asks for: SOURCE_DATE_EPOCH (seconds
/// since 1970, see reproducible-builds.org) as "YYYY-MM-DDThh:mm:ssZ", or ""
/// when it is not set or not a number.
std::string source_date_epoch();

/// Where each puzzle went (1-based page numbers; solution_page 0 without solutions).
struct BookResult {
  int pages = 0;
  struct Placement {
    int number = 0;
    int page = 0;
    int solution_page = 0;
  };
  std::vector<Placement> placements;  // in puzzle order
};

/// Renders the book to `path` (written to a temporary file and renamed into
/// place when complete). `before_publish`, when given, runs once the
/// document is complete and before it replaces `path`; if it throws, `path`
/// is left as it was (the caller records the puzzles as used there, so a
/// book exists exactly when its puzzles are marked). Throws RenderError;
/// std::invalid_argument for an empty puzzle list, an unsupported per_page,
/// a first_number outside 1..kMaxFirstNumber or a pad_to outside 0..kMaxPadTo.
BookResult render_book(const std::vector<BookPuzzle>& puzzles, const BookOptions& options, const std::string& path,
                       const std::function<void()>& before_publish = {});

/// "Hard" for "hard": the level name as printed.
std::string display_level(const std::string& level);

/// The book's contents as JSON: title, paper, pages, and for each puzzle its
/// number, store id, level, rating, page, solution page, puzzle and solution.
nlohmann::ordered_json manifest_json(const std::vector<BookPuzzle>& puzzles, const BookOptions& options,
                                     const BookResult& result);

}  // namespace sudokit::book
