// Puzzles that have been published: the store's `used` table (schema v4),
// keyed by canonical form, so that once a puzzle went out on a daily date or
// in a book marked used, neither it nor any isomorph of it is picked again,
// even after its row was deleted and an isomorph stored later.
//
// Also the pieces the daily schedule and the book share: checking level
// names, ordering levels by difficulty, picking unused puzzles of a level
// (oldest first), and the shortage report when a level runs out.
#pragma once

#include <cstdint>
#include <memory>
#include <stdexcept>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sudokit/db/record.hpp"
#include "sudokit/db/store.hpp"

namespace sudokit::db {

/// A level that has fewer unused puzzles than asked for.
struct Shortage {
  std::string level;
  std::uint64_t needed = 0;
  std::uint64_t available = 0;
  /// For a level the default table does not name (the store's puzzles were
  /// graded with a custom --levels table): that table as rebuilt from the
  /// store ("warmup:0.0,tricky:2.3": the custom levels in order of the
  /// lowest ER stored for each, which starts each level but the first), so
  /// that `generate --levels TABLE --level NAME` makes
  /// puzzles of the level. Empty for a level of the default table.
  std::string levels_table;
  /// A variant slot (LevelCount::geometry): `level` is the slot's name and
  /// this its geometry's canonical spelling; empty for a level.
  std::string geometry{};
  std::uint64_t missing() const { return needed - available; }
};

/// Not enough unused puzzles; nothing was assigned or marked. what() lists
/// every short level: "not enough unused puzzles: hard: 365 needed, 120 available".
class ShortageError : public std::runtime_error {
 public:
  explicit ShortageError(std::vector<Shortage> shortages);
  const std::vector<Shortage>& shortages() const { return shortages_; }

 private:
  std::vector<Shortage> shortages_;
};

/// Level names that neither the level table nor any stored puzzle uses.
/// what(): "unknown level 'hardd' (known: easy, medium, ...)".
class LevelError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Another process marked some of these puzzles used meanwhile; nothing was marked.
class AlreadyUsedError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The level names a request may use: the table's, then other names found
/// in the store (files graded with a custom --levels table), sorted.
std::vector<std::string> known_levels(PuzzleStore& store,
                                      const std::vector<grader::Level>& table = grader::default_levels());
/// Throws LevelError when a name is not in known_levels().
void check_levels(PuzzleStore& store, const std::vector<std::string>& names,
                  const std::vector<grader::Level>& table = grader::default_levels());

/// Stable sort by the table's order (easiest first); names not in the table
/// keep their order after the table's.
void sort_by_difficulty(std::vector<std::string>& names,
                        const std::vector<grader::Level>& table = grader::default_levels());

/// Stored puzzles of `level` not in `used` (and not in `daily`).
std::uint64_t count_unused(PuzzleStore& store, const std::string& level);

struct LevelCount {
  std::string level;
  std::uint64_t count = 0;
  /// A variant slot (daily --variant): its puzzles are the stored ones of
  /// this geometry (canonical spelling), of any level (they are unrated
  /// until issue #48), and `level` is the slot's name. Empty: the classic
  /// puzzles of `level`.
  std::string geometry{};
};

enum class SelectOrder {
  Id,      // the order they were stored in
  Rating,  // easiest first (ER, then id; ungraded last)
};

/// Picks `count` puzzles of each level (or variant slot: LevelCount::geometry) (oldest id first) that were never
/// used, or any puzzles when `include_used`. The result keeps the order of
/// `wanted`; within a level, puzzles are in `order`. Throws ShortageError
/// listing every short level.
std::vector<PuzzleRecord> select_puzzles(PuzzleStore& store, const std::vector<LevelCount>& wanted,
                                         SelectOrder order = SelectOrder::Id, bool include_used = false);

/// How a book chooses among the puzzles of a level that qualify.
enum class Pick {
  Oldest,  // the lowest ids (the order they were stored in)
  Random,  // a seeded random order (the same seed and file: the same puzzles)
  Spread,  // evenly across the level's rating range: the nearest rating to each of `count` evenly spaced targets
};
/// "oldest", "random", "spread".
std::optional<Pick> parse_pick(std::string_view name);

/// What a book asks the store for.
struct BookRequest {
  std::vector<LevelCount> levels;  // in book order
  PuzzleFilter filter;             // applied within every level (its level, limit and order are ignored)
  Pick pick = Pick::Oldest;
  std::uint64_t seed = 0;  // for Pick::Random
  bool include_used = false;
};

/// The puzzles of a book: per level, `count` puzzles that pass the filter
/// (and were never used, unless include_used), chosen by `pick`, then in
/// book order within the level: easiest first by rating (ungraded last),
/// except the easiest level of the table ("easy"), where a beginner meets
/// the most clues first (clue count descending, then rating); id breaks
/// ties. Levels keep the request's order. A variant entry
/// (LevelCount::geometry, a variant book) takes rows of that geometry, of
/// no level, that pass the filter, chosen by `pick` (Oldest or Random:
/// they have no rating to spread; Spread is std::invalid_argument), then
/// the most clues first, id breaking ties. Throws ShortageError listing
/// every level that has fewer qualifying puzzles than asked for (Spread
/// counts only graded ones).
std::vector<PuzzleRecord> pick_book_puzzles(PuzzleStore& store, const BookRequest& request);

/// Records the puzzles as used (`kind` "book", `label` e.g. the book title)
/// in one transaction. Puzzles already used are an AlreadyUsedError
/// (nothing recorded) unless `allow_already_used`, when they keep their
/// first use. Returns how many were newly recorded.
std::uint64_t mark_used(PuzzleStore& store, const std::vector<PuzzleRecord>& puzzles, std::string_view kind,
                        std::string_view label, bool allow_already_used = false);

class WriteTransaction;

/// mark_used in two steps, for a caller that publishes files together with
/// the marks (the book): the constructor records the puzzles in an open
/// write transaction (throwing as mark_used does, nothing recorded then),
/// commit() makes them permanent, and the destructor rolls back marks that
/// were not committed. The store stays locked for writing in between.
class PendingMarks {
 public:
  PendingMarks(PuzzleStore& store, const std::vector<PuzzleRecord>& puzzles, std::string_view kind,
               std::string_view label, bool allow_already_used = false);
  ~PendingMarks();
  PendingMarks(const PendingMarks&) = delete;
  PendingMarks& operator=(const PendingMarks&) = delete;
  /// Throws StoreError (then nothing is recorded).
  void commit();
  /// How many puzzles are newly recorded.
  std::uint64_t added() const { return added_; }

 private:
  std::unique_ptr<WriteTransaction> tx_;
  std::uint64_t added_ = 0;
};

}  // namespace sudokit::db
