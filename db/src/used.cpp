// The `used` table and picking unused puzzles (see used.hpp). A puzzle is
// unused when its canonical form is not in `used` and its id is not in
// `daily` (the second condition covers daily rows an app wrote by hand).
#include "sudokit/db/used.hpp"

#include <cmath>
#include <cstdio>

#include <algorithm>
#include <set>

#include "store_impl.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

using detail::Statement;

std::string shortage_text(const std::vector<Shortage>& shortages) {
  std::string text = "not enough unused puzzles:";
  for (std::size_t i = 0; i < shortages.size(); ++i) {
    const Shortage& s = shortages[i];
    text += (i ? "; " : " ") + s.level + ": " + std::to_string(s.needed) + " needed, " + std::to_string(s.available) +
            " available";
  }
  return text;
}

constexpr const char* kUnusedCondition =
    " AND NOT EXISTS (SELECT 1 FROM used WHERE used.canonical = puzzles.canonical)"
    " AND NOT EXISTS (SELECT 1 FROM daily WHERE daily.puzzle_id = puzzles.id)";

}  // namespace

ShortageError::ShortageError(std::vector<Shortage> shortages)
    : std::runtime_error(shortage_text(shortages)), shortages_(std::move(shortages)) {}

std::vector<std::string> known_levels(PuzzleStore& store, const std::vector<grader::Level>& table) {
  PuzzleStore::Impl& s = store.impl();
  std::vector<std::string> names;
  for (const auto& level : table) names.push_back(level.name);
  std::set<std::string> others;
  Statement st(*s.conn, "SELECT DISTINCT level FROM puzzles WHERE level IS NOT NULL");
  while (st.step()) {
    std::string name(st.text(0));
    if (std::find(names.begin(), names.end(), name) == names.end()) others.insert(std::move(name));
  }
  names.insert(names.end(), others.begin(), others.end());
  return names;
}

void check_levels(PuzzleStore& store, const std::vector<std::string>& names, const std::vector<grader::Level>& table) {
  const std::vector<std::string> known = known_levels(store, table);
  std::string unknown;
  for (const auto& name : names)
    if (std::find(known.begin(), known.end(), name) == known.end()) unknown += (unknown.empty() ? "'" : ", '") + name + "'";
  if (unknown.empty()) return;
  std::string list;
  for (const auto& k : known) list += (list.empty() ? "" : ", ") + k;
  throw LevelError("unknown level " + unknown + " (known: " + list + ")");
}

void sort_by_difficulty(std::vector<std::string>& names, const std::vector<grader::Level>& table) {
  auto rank = [&](const std::string& name) {
    for (std::size_t i = 0; i < table.size(); ++i)
      if (table[i].name == name) return i;
    return table.size();
  };
  std::stable_sort(names.begin(), names.end(), [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
}

std::uint64_t count_unused(PuzzleStore& store, const std::string& level) {
  PuzzleStore::Impl& s = store.impl();
  // The level's puzzles less those in `used` (by canonical form: at most one
  // puzzle per used row, both sides UNIQUE) less those scheduled in `daily`
  // but not in `used`: the count of kUnusedCondition, but walking the level's
  // index and the small used and daily tables instead of testing every
  // puzzle of the level (96 ms -> a few ms at 1,000,000 rows,
  // `sudokit-bench queries`). CROSS JOIN keeps SQLite's loops in that order.
  Statement st(*s.conn,
               // PostgreSQL has no CROSS JOIN ... ON (and plans the joins itself).
               std::string("SELECT (SELECT count(*) FROM puzzles WHERE level = ?1)"
                           " - (SELECT count(*) FROM used u ") + detail::by_dialect(*s.conn, "CROSS JOIN", "JOIN") +
                   " puzzles p ON p.canonical = u.canonical WHERE p.level = ?1)"
                   " - (SELECT count(*) FROM (SELECT DISTINCT puzzle_id FROM daily) d " +
                   detail::by_dialect(*s.conn, "CROSS JOIN", "JOIN") +
                   " puzzles p ON p.id = d.puzzle_id WHERE p.level = ?1"
                   "    AND NOT EXISTS (SELECT 1 FROM used WHERE used.canonical = p.canonical))");
  st.bind_text(1, level);
  return st.step() ? static_cast<std::uint64_t>(st.int64(0)) : 0;
}

namespace {

// The custom levels of the store as a --levels table (see Shortage).
std::string stored_levels_table(PuzzleStore::Impl& s) {
  const auto& defaults = grader::default_levels();
  Statement st(*s.conn, "SELECT level, min(er) FROM puzzles WHERE level IS NOT NULL AND er IS NOT NULL GROUP BY level "
                     "ORDER BY min(er), level");
  std::string table;
  double last = -1;
  while (st.step()) {
    const std::string name(st.text(0));
    if (std::any_of(defaults.begin(), defaults.end(), [&](const grader::Level& l) { return l.name == name; })) continue;
    const double min_er = table.empty() ? 0.0 : std::round(st.real(1) * 10) / 10;  // the first level starts at 0
    if (min_er <= last) continue;  // two levels cannot start at one rating
    last = min_er;
    char number[32];
    std::snprintf(number, sizeof number, "%.1f", min_er);
    table += (table.empty() ? "" : ",") + name + ":" + number;
  }
  return table;
}

}  // namespace

namespace {

/// Fills in the level tables of custom levels and throws, when any level ran short.
void throw_shortages(PuzzleStore::Impl& s, std::vector<Shortage> shortages) {
  if (shortages.empty()) return;
  for (Shortage& sh : shortages) {
    const auto& defaults = grader::default_levels();
    if (sh.geometry.empty() &&
        std::none_of(defaults.begin(), defaults.end(), [&](const grader::Level& l) { return l.name == sh.level; }))
      sh.levels_table = stored_levels_table(s);
  }
  throw ShortageError(std::move(shortages));
}

/// Spread: for each of `count` targets evenly spaced over [lowest, highest]
/// rating of `candidates` (sorted by rating, then id), the nearest candidate
/// not yet taken (the lower rating, then the lower id, on a tie).
std::vector<std::int64_t> spread_ids(const std::vector<std::pair<double, std::int64_t>>& candidates, std::uint64_t count) {
  std::vector<std::int64_t> out;
  if (candidates.empty() || count == 0) return out;
  std::vector<bool> taken(candidates.size(), false);
  const double lo = candidates.front().first, hi = candidates.back().first;
  for (std::uint64_t k = 0; k < count && out.size() < candidates.size(); ++k) {
    const double target = count == 1 ? (lo + hi) / 2 : lo + (hi - lo) * static_cast<double>(k) / static_cast<double>(count - 1);
    const auto at = std::lower_bound(candidates.begin(), candidates.end(), target,
                                     [](const auto& c, double t) { return c.first < t; });
    // Walk outwards from the target to the nearest free candidate.
    std::ptrdiff_t right = at - candidates.begin(), left = right - 1;
    const auto n = static_cast<std::ptrdiff_t>(candidates.size());
    while (right < n && taken[static_cast<std::size_t>(right)]) ++right;
    while (left >= 0 && taken[static_cast<std::size_t>(left)]) --left;
    std::ptrdiff_t pick = right;
    if (right >= n || (left >= 0 && target - candidates[static_cast<std::size_t>(left)].first <=
                                        candidates[static_cast<std::size_t>(right)].first - target))
      pick = left;
    // Among equal ratings, the lowest id: step back over free equals.
    while (pick > 0 && !taken[static_cast<std::size_t>(pick - 1)] &&
           candidates[static_cast<std::size_t>(pick - 1)].first == candidates[static_cast<std::size_t>(pick)].first)
      --pick;
    taken[static_cast<std::size_t>(pick)] = true;
    out.push_back(candidates[static_cast<std::size_t>(pick)].second);
  }
  return out;
}

}  // namespace

std::optional<Pick> parse_pick(std::string_view name) {
  if (name == "oldest") return Pick::Oldest;
  if (name == "random") return Pick::Random;
  if (name == "spread") return Pick::Spread;
  return std::nullopt;
}

std::vector<PuzzleRecord> pick_book_puzzles(PuzzleStore& store, const BookRequest& request) {
  PuzzleStore::Impl& s = store.impl();
  PuzzleFilter filter = request.filter;
  filter.level.reset();
  Where where = where_of(filter, s.dialect());
  where.add("level = ?");  // bound last, after the filter's parameters
  // A variant entry (LevelCount::geometry): the geometry's rows, of no level.
  PuzzleFilter variant_filter = filter;
  const std::string unused = request.include_used ? "" : kUnusedCondition;
  const std::string easiest = grader::default_levels().front().name;
  std::vector<PuzzleRecord> out;
  std::vector<Shortage> shortages;
  for (const LevelCount& w : request.levels) {
    if (w.count == 0) continue;
    if (!w.geometry.empty()) {
      if (request.pick == Pick::Spread) throw std::invalid_argument("pick spread needs ratings: variant puzzles have none");
      variant_filter.geometry = w.geometry;
      const Where of_geometry = where_of(variant_filter, s.dialect());
      const std::string order = request.pick == Pick::Random ? random_order(request.seed) : " ORDER BY id";
      Statement st(*s.conn, "SELECT " + std::string(kRowColumns) + " FROM puzzles" + of_geometry.sql + unused + order +
                                " LIMIT " + std::to_string(std::min<std::uint64_t>(w.count, INT64_MAX)));
      of_geometry.bind(st);
      std::vector<PuzzleRecord> rows;
      while (st.step()) rows.push_back(read_row(st, s.path));
      if (rows.size() < w.count) shortages.push_back({w.level, w.count, rows.size(), {}, w.geometry});
      // The most clues first (as a beginner meets the easiest level), then id.
      std::sort(rows.begin(), rows.end(),
                [](const PuzzleRecord& a, const PuzzleRecord& b) { return a.clues != b.clues ? a.clues > b.clues : a.id < b.id; });
      out.insert(out.end(), rows.begin(), rows.end());
      continue;
    }
    const int level_param = static_cast<int>(where.binders.size()) + 1;
    const auto limit = std::to_string(std::min<std::uint64_t>(w.count, INT64_MAX));
    std::vector<PuzzleRecord> level;
    if (request.pick == Pick::Spread) {
      Statement st(*s.conn, "SELECT er, id FROM puzzles" + where.sql + unused + " AND er IS NOT NULL ORDER BY er, id");
      where.bind(st);
      st.bind_text(level_param, w.level);
      std::vector<std::pair<double, std::int64_t>> candidates;
      while (st.step()) candidates.emplace_back(st.real(0), st.int64(1));
      Statement row(*s.conn, "SELECT " + std::string(kRowColumns) + " FROM puzzles WHERE id = ?1");
      for (const std::int64_t id : spread_ids(candidates, w.count)) {
        row.reset();
        row.bind(1, id);
        if (row.step()) level.push_back(read_row(row, s.path));
      }
    } else {
      const std::string order = request.pick == Pick::Random ? random_order(request.seed) : " ORDER BY id";
      Statement st(*s.conn, "SELECT " + std::string(kRowColumns) + " FROM puzzles" + where.sql + unused + order + " LIMIT " + limit);
      where.bind(st);
      st.bind_text(level_param, w.level);
      while (st.step()) level.push_back(read_row(st, s.path));
    }
    if (level.size() < w.count) shortages.push_back({w.level, w.count, level.size(), {}});
    const bool beginner = w.level == easiest;
    std::sort(level.begin(), level.end(), [&](const PuzzleRecord& a, const PuzzleRecord& b) {
      if (beginner && a.clues != b.clues) return a.clues > b.clues;
      if (a.er.has_value() != b.er.has_value()) return a.er.has_value();
      if (a.er && *a.er != *b.er) return *a.er < *b.er;
      return a.id < b.id;
    });
    out.insert(out.end(), level.begin(), level.end());
  }
  throw_shortages(s, std::move(shortages));
  return out;
}

std::vector<PuzzleRecord> select_puzzles(PuzzleStore& store, const std::vector<LevelCount>& wanted, SelectOrder order,
                                         bool include_used) {
  PuzzleStore::Impl& s = store.impl();
  std::vector<PuzzleRecord> out;
  std::vector<Shortage> shortages;
  Statement by_level(*s.conn,
                     "SELECT " + std::string(kRowColumns) + " FROM puzzles WHERE level = ?1" +
                         (include_used ? "" : kUnusedCondition) + " ORDER BY id LIMIT ?2");
  // A variant slot: the geometry's rows (puzzles_geometry), unrated.
  Statement by_geometry(*s.conn,
                        "SELECT " + std::string(kRowColumns) + " FROM puzzles WHERE geometry = ?1" +
                            (include_used ? "" : kUnusedCondition) + " ORDER BY id LIMIT ?2");
  for (const LevelCount& w : wanted) {
    if (w.count == 0) continue;
    Statement& st = w.geometry.empty() ? by_level : by_geometry;
    st.reset();
    st.bind_text(1, w.geometry.empty() ? w.level : w.geometry);
    st.bind(2, static_cast<std::int64_t>(std::min<std::uint64_t>(w.count, INT64_MAX)));
    const std::size_t first = out.size();
    while (st.step()) out.push_back(read_row(st, s.path));
    const std::uint64_t found = out.size() - first;
    if (found < w.count) shortages.push_back({w.level, w.count, found, {}, w.geometry});
    // Easiest first within the level: ungraded rows (no ER) last.
    if (order == SelectOrder::Rating)
      std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), [](const auto& a, const auto& b) {
      if (a.er.has_value() != b.er.has_value()) return a.er.has_value();
      return a.er && *a.er != *b.er ? *a.er < *b.er : a.id < b.id;
    });
  }
  throw_shortages(s, std::move(shortages));
  return out;
}

std::uint64_t mark_used(PuzzleStore& store, const std::vector<PuzzleRecord>& puzzles, std::string_view kind,
                        std::string_view label, bool allow_already_used) {
  PendingMarks marks(store, puzzles, kind, label, allow_already_used);
  marks.commit();
  return marks.added();
}

PendingMarks::PendingMarks(PuzzleStore& store, const std::vector<PuzzleRecord>& puzzles, std::string_view kind,
                           std::string_view label, bool allow_already_used) {
  PuzzleStore::Impl& s = store.impl();
  store.flush();
  tx_ = std::make_unique<WriteTransaction>(s, "cannot mark puzzles used");
  Statement insert(*s.conn,
                   "INSERT INTO used (canonical, puzzle_id, kind, label, used_at) VALUES (?1, ?2, ?3, ?4, ?5) "
                   "ON CONFLICT (canonical) DO NOTHING");
  insert.doing("cannot mark puzzles used");
  const std::string stamp = utc_timestamp_now();
  std::vector<std::int64_t> taken;
  for (const PuzzleRecord& p : puzzles) {
    insert.reset();
    insert.bind_text(1, p.canonical_text());
    insert.bind(2, p.id);
    insert.bind_text(3, kind);
    insert.bind_text(4, label);
    insert.bind_text(5, stamp);
    insert.step();
    if (insert.changes() == 1) ++added_;
    else taken.push_back(p.id);
  }
  if (!taken.empty() && !allow_already_used) {
    std::string ids;
    for (std::size_t i = 0; i < taken.size() && i < 10; ++i) ids += (i ? ", " : "") + std::to_string(taken[i]);
    if (taken.size() > 10) ids += ", ...";
    throw AlreadyUsedError(std::to_string(taken.size()) + " of the puzzles were marked used meanwhile (ids " + ids +
                           "); nothing was marked");
  }
}

PendingMarks::~PendingMarks() = default;  // WriteTransaction's destructor rolls back

void PendingMarks::commit() { tx_->commit(); }

}  // namespace sudokit::db
