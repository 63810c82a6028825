// The shape of a puzzle as a value (issue #47): a size, its regions (boxes or
// a jigsaw map, or none), extra regions, leaper rules and the non-consecutive
// rule. Every layer reads its houses and peers from here; the classic 9x9 is
// one Geometry among many and keeps its own fast paths (Grid, the classic
// solver, grader and canonical form), chosen when `classic()` is true.
//
// Contract (what the rest of the code may rely on):
// - Cells are numbered 0..cells()-1 row-major; digits are 1..size(), 0 empty.
// - houses: every group of size() cells that must hold each digit once, in
//   this order: rows, columns, regions (boxes row-major, or jigsaw pieces in
//   order of their first cell), then the extra regions in spelling order.
// - peers(c): every other cell that must hold a different digit from c
//   (houses and leaper rules), ascending, no duplicates.
// - adjacent(c): the orthogonal neighbours whose digit may not differ from
//   c's by 1 (non-consecutive; with nc_wrap() also size() beside 1);
//   empty when the rule is off.
// - spelling(): the one canonical text naming the geometry, used by the CLI,
//   JSON, the store, the global id and the bindings; parse_geometry of it
//   gives an equal geometry. The classic's spelling is "classic".
// A Geometry is immutable once built and shared by pointer.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace sudokit {

/// A spelling that names no geometry, or one with no valid grid;
/// `column()` is the 1-based character of the spelling at fault (0: whole).
class GeometryError : public std::runtime_error {
 public:
  GeometryError(const std::string& what, int column = 0)
      : std::runtime_error(what), column_(column) {}
  int column() const { return column_; }

 private:
  int column_;
};

class Geometry {
 public:
  int size() const { return size_; }
  int cells() const { return size_ * size_; }
  /// Box shape (rows x columns of one box); 0 and 0 for jigsaw or none.
  int box_rows() const { return box_rows_; }
  int box_cols() const { return box_cols_; }
  /// Region of each cell (box or jigsaw piece, 0..size()-1); empty for none.
  const std::vector<std::uint8_t>& region_of() const { return region_of_; }
  const std::vector<std::vector<int>>& houses() const { return houses_; }
  const std::vector<int>& peers(int cell) const { return peers_[static_cast<std::size_t>(cell)]; }
  const std::vector<int>& adjacent(int cell) const { return adjacent_[static_cast<std::size_t>(cell)]; }
  bool nc_wrap() const { return nc_wrap_; }
  bool classic() const { return classic_; }
  const std::string& spelling() const { return spelling_; }

 private:
  friend class GeometryBuilder;  // solver/src/geometry.cpp: the parser builds through it
  int size_ = 9;
  int box_rows_ = 3, box_cols_ = 3;
  std::vector<std::uint8_t> region_of_;
  std::vector<std::vector<int>> houses_;
  std::vector<std::vector<int>> peers_;
  std::vector<std::vector<int>> adjacent_;
  bool nc_wrap_ = false;
  bool classic_ = true;
  std::string spelling_ = "classic";
};

using GeometryPtr = std::shared_ptr<const Geometry>;

/// Parses a spelling (docs/VARIANTS.md); throws GeometryError.
GeometryPtr parse_geometry(std::string_view spelling);
/// The classic 9x9 (rows, columns, 3x3 boxes), shared.
const GeometryPtr& classic_geometry();

/// How digits are written in a cell string (docs/VARIANTS.md, "Digits"):
/// - kDigits: 1-9 then A-P (10 = A ... 25 = P); empty '.' or '0'. The
///   default of every output; for 16x16 it is the 1-9A-G alphabet.
/// - kLetters: A, B, C ... (1 = A; 16x16 A-P); empty '.' or '0'.
/// - kHex: 0-9A-F, digit d written as d-1 in hexadecimal (sizes up to 16);
///   empty '.' only ('0' is the digit 1).
/// Reading accepts lower-case letters too.
enum class Alphabet { kDigits, kLetters, kHex };

/// The character of digit `d` (1..size) of a size-`size` grid; '.' for 0.
/// Throws GeometryError when the alphabet cannot write that size.
char digit_char(int d, int size, Alphabet alphabet = Alphabet::kDigits);
/// The digit of `c` (0 for empty) or -1 when `c` is no digit of that size.
int digit_value(char c, int size, Alphabet alphabet = Alphabet::kDigits);
/// One character per cell, row-major, cells() characters.
std::string print_cells(const Geometry& geometry, const std::vector<std::uint8_t>& digits,
                        Alphabet alphabet = Alphabet::kDigits);
/// Reads cells() characters; throws GeometryError("cells:P: ...", P) naming
/// the 1-based position P of a bad character, or the wrong length.
std::vector<std::uint8_t> read_cells(const Geometry& geometry, std::string_view text,
                                     Alphabet alphabet = Alphabet::kDigits);

}  // namespace sudokit
