// Reading the store: filtered row selection (for export) and the summary of
// `sudokit db stats`. Filters become one SQL WHERE clause with bound
// parameters; "level + rating" and "clue count" filters use the indexes the
// schema creates for them. Both back-ends run the same statements but for
// JSON (SQLite's json_each, PostgreSQL's jsonb functions) and the rating
// bucket (CAST rounds in PostgreSQL, truncates in SQLite).
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>

#include "store_impl.hpp"
#include "sudokit/grader/grade.hpp"
#include "sudokit/grader/step.hpp"

namespace sudokit::db {

namespace {

/// The indices i < count a shard "K/N" makes (i % N == K); all of them for
/// the whole run ("").
std::uint64_t shard_share(std::uint64_t count, const std::string& shard) {
  const auto slash = shard.find('/');
  if (slash == std::string::npos) return count;
  const std::uint64_t k = std::strtoull(shard.c_str(), nullptr, 10);
  const std::uint64_t n = std::strtoull(shard.c_str() + slash + 1, nullptr, 10);
  if (n == 0 || k >= n) return 0;
  return count / n + (k < count % n ? 1 : 0);
}

using detail::Statement;

// Rounded ratings are stored as the nearest double to one decimal; the
// tolerance makes `--min-rating 7.2` include a stored 7.2 whatever the
// bound's own rounding was.
constexpr double kRatingSlack = 1e-9;

}  // namespace

std::string random_order(std::uint64_t seed) {
  // Both back-ends define sudokit_mix (SQLite: registered by the connection;
  // PostgreSQL: a function of the schema).
  return " ORDER BY sudokit_mix(id, " + std::to_string(static_cast<std::int64_t>(seed)) + "), id";
}

Where where_of(const PuzzleFilter& f, detail::Dialect dialect) {
  Where w;
  if (f.level) w.add("level = ?", [v = *f.level](Statement& st, int i) { st.bind_text(i, v); });
  if (f.min_rating) w.add("er >= ?", [v = *f.min_rating](Statement& st, int i) { st.bind(i, v - kRatingSlack); });
  if (f.max_rating) w.add("er <= ?", [v = *f.max_rating](Statement& st, int i) { st.bind(i, v + kRatingSlack); });
  if (f.min_clues) w.add("clues >= ?", [v = *f.min_clues](Statement& st, int i) { st.bind(i, v); });
  if (f.max_clues) w.add("clues <= ?", [v = *f.max_clues](Statement& st, int i) { st.bind(i, v); });
  if (f.symmetry) w.add("symmetry = ?", [v = *f.symmetry](Statement& st, int i) { st.bind_text(i, v); });
  if (f.geometry.empty()) w.add("geometry IS NULL");
  else if (f.geometry != kAllGeometries)
    w.add("geometry = ?", [v = f.geometry](Statement& st, int i) { st.bind_text(i, v); });
  // "IN (?, ?, ...)": one placeholder per key.
  auto one_of = [](const std::vector<std::string>& keys) {
    std::string list = "(";
    for (std::size_t i = 0; i < keys.size(); ++i) list += i ? ", ?" : "?";
    return list + ")";
  };
  auto key_binders = [&](const std::vector<std::string>& keys) {
    for (const auto& key : keys) w.binders.push_back([key](Statement& st, int i) { st.bind_text(i, key); });
  };
  if (!f.hardest.empty()) {
    w.add("hardest IN " + one_of(f.hardest));
    key_binders(f.hardest);
  }
  if (f.unused)
    w.add("NOT EXISTS (SELECT 1 FROM used WHERE used.canonical = puzzles.canonical) AND "
          "NOT EXISTS (SELECT 1 FROM daily WHERE daily.puzzle_id = puzzles.id)");
  if (!f.technique.empty()) {
    if (dialect == detail::Dialect::Sqlite)
      w.add("json_valid(puzzles.histogram) AND EXISTS (SELECT 1 FROM json_each(puzzles.histogram) WHERE json_each.key IN " +
            one_of(f.technique) + ")");
    else
      w.add("puzzles.histogram IS NOT NULL AND EXISTS (SELECT 1 FROM jsonb_object_keys(puzzles.histogram::jsonb) AS k "
            "WHERE k IN " + one_of(f.technique) + ")");
    key_binders(f.technique);
  }
  return w;
}

namespace {

std::string order_and_limit(const PuzzleFilter& f) {
  std::string sql = f.random ? random_order(f.seed) : " ORDER BY id";
  if (f.limit) sql += " LIMIT " + std::to_string(std::min<std::uint64_t>(*f.limit, INT64_MAX));
  return sql;
}

std::vector<StoreStats::Count> counts(Statement&& st) {
  std::vector<StoreStats::Count> out;
  while (st.step()) out.push_back({std::string(st.text(0)), static_cast<std::uint64_t>(st.int64(1))});
  return out;
}

}  // namespace

std::uint64_t PuzzleStore::count(const PuzzleFilter& filter) {
  Impl& s = *impl_;
  const Where w = where_of(filter, s.dialect());
  std::string sql = "SELECT count(*) FROM (SELECT id FROM puzzles" + w.sql;
  if (filter.limit) sql += " LIMIT " + std::to_string(std::min<std::uint64_t>(*filter.limit, INT64_MAX));
  sql += ") AS matching";
  Statement st(*s.conn, sql);
  w.bind(st);
  return st.step() ? static_cast<std::uint64_t>(st.int64(0)) : 0;
}

std::vector<std::uint64_t> PuzzleStore::indices_of_run(const std::string& run) {
  Impl& s = *impl_;
  Statement st(*s.conn, "SELECT seed_index FROM puzzles WHERE run = ?1 AND seed_index IS NOT NULL ORDER BY seed_index");
  st.bind_static(1, run);
  std::vector<std::uint64_t> out;
  while (st.step()) out.push_back(static_cast<std::uint64_t>(st.int64(0)));
  return out;
}

void PuzzleStore::record_run(const RunRecord& run) {
  Impl& s = *impl_;
  WriteTransaction tx(s, "cannot record the run");
  Statement st(*s.conn,
               "INSERT INTO runs (run, shard, count, seed, options, started_at) VALUES (?1, ?2, ?3, ?4, ?5, ?6) "
               "ON CONFLICT (run, shard) DO UPDATE SET count = CASE WHEN excluded.count > runs.count "
               "THEN excluded.count ELSE runs.count END");
  st.doing("cannot record the run");
  st.bind_static(1, run.run);
  st.bind_static(2, run.shard);
  st.bind(3, static_cast<std::int64_t>(run.count));
  st.bind(4, static_cast<std::int64_t>(run.seed));
  st.bind_static(5, run.options);
  const std::string stamp = run.started_at.empty() ? s.now_stamp() : run.started_at;
  st.bind_static(6, stamp);
  st.step();
  tx.commit("cannot commit the run");
}

std::vector<RunRecord> PuzzleStore::runs() {
  Impl& s = *impl_;
  Statement st(*s.conn, "SELECT run, shard, count, seed, options, started_at FROM runs ORDER BY run, shard");
  std::vector<RunRecord> out;
  while (st.step()) {
    RunRecord r;
    r.run = st.text(0);
    r.shard = st.text(1);
    r.count = static_cast<std::uint64_t>(st.int64(2));
    r.seed = static_cast<std::uint64_t>(st.int64(3));
    r.options = st.text(4);
    r.started_at = st.text(5);
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<std::string> PuzzleStore::shards_of_run(const std::string& run) {
  Impl& s = *impl_;
  Statement st(*s.conn, "SELECT DISTINCT shard FROM puzzles WHERE run = ?1 ORDER BY shard");
  st.bind_static(1, run);
  std::vector<std::string> out;
  while (st.step()) out.emplace_back(st.text(0));
  return out;
}

namespace {

// The condition of a stale row (count_stale): a classic row (the classic
// grader never rates a variant: issue #48) rated by another grader; ?1 = this grader's name,
// ?2 = older_than (0: any other rater). PostgreSQL's CAST refuses text that
// is no number (SQLite's gives 0), so only a name that is one is cast.
const char* stale_condition(const detail::Connection& c) {
  return detail::by_dialect(
      c,
      "er IS NOT NULL AND geometry IS NULL AND (rated_by IS NULL OR (?2 = 0 AND rated_by <> ?1) OR (?2 > 0 AND "
      "(rated_by NOT LIKE 'sudokit-grader/%' OR CAST(substr(rated_by, 16) AS INTEGER) < ?2)))",
      "er IS NOT NULL AND geometry IS NULL AND (rated_by IS NULL OR (?2 = 0 AND rated_by <> ?1) OR (?2 > 0 AND "
      "(CASE WHEN rated_by ~ '^sudokit-grader/[0-9]{1,9}$' THEN CAST(substr(rated_by, 16) AS INTEGER) ELSE 0 END) < ?2))");
}

}  // namespace

std::uint64_t PuzzleStore::count_variants() {
  Impl& s = *impl_;
  Statement st(*s.conn, "SELECT count(*) FROM puzzles WHERE geometry IS NOT NULL");
  return st.step() ? static_cast<std::uint64_t>(st.int64(0)) : 0;
}

std::uint64_t PuzzleStore::count_stale(int older_than) {
  Impl& s = *impl_;
  const std::string rater = grader::rater_name();
  Statement st(*s.conn, std::string("SELECT count(*) FROM puzzles WHERE ") + stale_condition(*s.conn));
  st.bind_static(1, rater);
  st.bind(2, older_than);
  return st.step() ? static_cast<std::uint64_t>(st.int64(0)) : 0;
}

std::vector<PuzzleRecord> PuzzleStore::stale_rows(std::int64_t after_id, std::size_t limit, int older_than) {
  Impl& s = *impl_;
  const std::string rater = grader::rater_name();
  Statement st(*s.conn,
               "SELECT " + std::string(kRowColumns) + " FROM puzzles WHERE id > ?3 AND " + stale_condition(*s.conn) +
                   " ORDER BY id LIMIT ?4");
  st.bind_static(1, rater);
  st.bind(2, older_than);
  st.bind(3, after_id);
  st.bind(4, static_cast<std::int64_t>(limit));
  std::vector<PuzzleRecord> out;
  while (st.step()) out.push_back(read_row(st, s.path));
  return out;
}

void PuzzleStore::update_ratings(const std::vector<PuzzleRecord>& rows) {
  Impl& s = *impl_;
  Statement st(*s.conn,
               "UPDATE puzzles SET er = ?1, ep = ?2, ed = ?3, level = ?4, hardest = ?5, histogram = ?6, path = ?7, "
               "rated_by = ?8 WHERE id = ?9");
  st.doing("cannot write the ratings");
  WriteTransaction batch(s, "cannot start writing the ratings");
  for (const PuzzleRecord& r : rows) {
    st.bind_optional(1, r.er);
    st.bind_optional(2, r.ep);
    st.bind_optional(3, r.ed);
    st.bind_text_or_null(4, r.level);
    st.bind_text_or_null(5, r.hardest);
    st.bind_text_or_null(6, r.histogram);
    st.bind_text_or_null(7, r.path);
    st.bind_text_or_null(8, r.rated_by);
    st.bind(9, r.id);
    st.step();
    st.reset();
  }
  batch.commit("cannot commit the ratings");
}

void PuzzleStore::for_each(const PuzzleFilter& filter, const std::function<bool(const PuzzleRecord&)>& on_row) {
  Impl& s = *impl_;
  const Where w = where_of(filter, s.dialect());
  Statement st = s.conn->prepare_cursor("SELECT " + std::string(kRowColumns) + " FROM puzzles" + w.sql +
                                        order_and_limit(filter));
  w.bind(st);
  while (st.step())
    if (!on_row(read_row(st, s.path))) break;
}

StoreStats PuzzleStore::stats(const std::vector<grader::Level>& levels, const std::string& geometry) {
  Impl& s = *impl_;
  StoreStats out;
  std::string where, and_geometry;  // the condition of the asked geometry's rows, set below
  // One read transaction, so every figure describes the same moment even
  // while another process writes.
  s.conn->begin_read();
  try {
    {
      // puzzles_geometry: the variants' rows only; the classic count is the rest.
      Statement st(*s.conn, "SELECT geometry, count(*) FROM puzzles WHERE geometry IS NOT NULL GROUP BY geometry "
                            "ORDER BY geometry");
      std::uint64_t variants = 0;
      std::vector<StoreStats::Count> by;
      while (st.step()) {
        by.push_back({std::string(st.text(0)), static_cast<std::uint64_t>(st.int64(1))});
        variants += by.back().count;
      }
      if (!by.empty()) {
        Statement all(*s.conn, "SELECT count(*) FROM puzzles");
        all.step();
        out.geometries.push_back({"classic", static_cast<std::uint64_t>(all.int64(0)) - variants});
        out.geometries.insert(out.geometries.end(), by.begin(), by.end());
      }
    }
    // The rows of the geometry, as a condition of every query below (the
    // spelling as an SQL literal: one condition for many statements, no
    // parameter to bind in each). None when it would select every row (a
    // store without variants, or all): the statements, their plans and so
    // the order of avg()'s sum are then as before variants, and so are the figures.
    if (!(geometry == kAllGeometries || (geometry.empty() && out.geometries.empty()))) {
      const std::string of_geometry =
          geometry.empty() ? "puzzles.geometry IS NULL" : "puzzles.geometry = " + detail::sql_literal(geometry);
      where = " WHERE " + of_geometry;
      and_geometry = " AND " + of_geometry;
    }
    {
      Statement st(*s.conn, "SELECT count(*), count(er), min(er), max(er), avg(er) FROM puzzles" + where);
      st.step();
      out.puzzles = static_cast<std::uint64_t>(st.int64(0));
      out.graded = static_cast<std::uint64_t>(st.int64(1));
      out.min_er = st.opt_real(2);
      out.max_er = st.opt_real(3);
      out.mean_er = st.opt_real(4);
    }
    {
      Statement st(*s.conn, "SELECT count(*) FROM daily");
      st.step();
      out.daily = static_cast<std::uint64_t>(st.int64(0));
    }
    out.used = counts(Statement(*s.conn, "SELECT kind, count(*) FROM used GROUP BY kind ORDER BY kind"));
    {
      auto by_level = counts(Statement(*s.conn, "SELECT coalesce(level, ''), count(*) FROM puzzles" + where + " GROUP BY level"));
      auto rank = [&](const std::string& name) -> std::size_t {
        if (name.empty()) return levels.size() + 1;
        for (std::size_t i = 0; i < levels.size(); ++i)
          if (levels[i].name == name) return i;
        return levels.size();
      };
      std::stable_sort(by_level.begin(), by_level.end(), [&](const auto& a, const auto& b) {
        const std::size_t ra = rank(a.key), rb = rank(b.key);
        return ra != rb ? ra < rb : a.key < b.key;
      });
      out.levels = std::move(by_level);
    }
    {
      // Stored ratings are already rounded to one decimal: floor() is the "7.x" bucket.
      Statement st(*s.conn, std::string("SELECT ") +
                                detail::by_dialect(*s.conn, "CAST(er + 1e-9 AS INTEGER)", "CAST(floor(er + 1e-9) AS INTEGER)") +
                                " AS bucket, count(*) FROM puzzles WHERE er IS NOT NULL" + and_geometry +
                                " GROUP BY bucket ORDER BY bucket");
      while (st.step()) out.ratings.emplace_back(static_cast<int>(st.int64(0)), static_cast<std::uint64_t>(st.int64(1)));
    }
    {
      Statement st(*s.conn, "SELECT clues, count(*) FROM puzzles" + where + " GROUP BY clues ORDER BY clues");
      while (st.step()) out.clues.emplace_back(static_cast<int>(st.int64(0)), static_cast<std::uint64_t>(st.int64(1)));
    }
    {
      std::map<std::string, StoreStats::TechniqueUse> uses;
      Statement st(*s.conn, detail::by_dialect(*s.conn,
                                             "SELECT json_each.key, count(*), sum(json_each.value) FROM puzzles, "
                                             "json_each(puzzles.histogram) WHERE puzzles.histogram IS NOT NULL AND "
                                             "json_valid(puzzles.histogram)",
                                             "SELECT h.key, count(*), sum(CAST(h.value AS BIGINT)) FROM puzzles, "
                                             "jsonb_each_text(puzzles.histogram::jsonb) AS h WHERE puzzles.histogram "
                                             "IS NOT NULL") +
                                and_geometry + " GROUP BY 1");
      while (st.step()) {
        auto& u = uses[std::string(st.text(0))];
        u.key = st.text(0);
        u.puzzles = static_cast<std::uint64_t>(st.int64(1));
        u.steps = static_cast<std::uint64_t>(st.int64(2));
      }
      for (const auto& c :
           counts(Statement(*s.conn, "SELECT hardest, count(*) FROM puzzles WHERE hardest IS NOT NULL" + and_geometry + " GROUP BY hardest"))) {
        auto& u = uses[c.key];
        u.key = c.key;
        u.hardest = c.count;
      }
      // SE's producer order first (easy to hard), then keys this build does not know.
      for (int t = 0; t < grader::kTechniqueCount; ++t) {
        const std::string key(grader::technique_key(static_cast<grader::Technique>(t)));
        if (auto it = uses.find(key); it != uses.end()) {
          out.techniques.push_back(it->second);
          uses.erase(it);
        }
      }
      for (auto& [key, use] : uses) out.techniques.push_back(use);
    }
    out.methods = counts(
        Statement(*s.conn, "SELECT method, count(*) AS n FROM puzzles" + where + " GROUP BY method ORDER BY n DESC, method"));
    out.raters = counts(Statement(*s.conn,
                                  "SELECT coalesce(rated_by, ''), count(*) AS n FROM puzzles WHERE er IS NOT NULL" + and_geometry +
                                      " GROUP BY 1 ORDER BY n DESC, 1"));
    {
      Statement st(*s.conn,
                   "SELECT p.run, p.shard, p.n, p.first, p.last, p.stamp, r.count, p.geometry FROM (SELECT run, "
                   "coalesce(shard, '') AS shard, coalesce(geometry, '') AS geometry, count(*) AS n, "
                   "min(seed_index) AS first, max(seed_index) AS last, max(created_at) AS stamp FROM puzzles "
                   "WHERE run IS NOT NULL GROUP BY run, coalesce(shard, ''), coalesce(geometry, '')) AS p "
                   "LEFT JOIN runs AS r ON r.run = p.run AND r.shard = p.shard ORDER BY p.run, p.shard, p.geometry");
      while (st.step()) {
        StoreStats::RunShard r;
        r.run = st.text(0);
        r.shard = st.text(1);
        r.rows = static_cast<std::uint64_t>(st.int64(2));
        if (!st.is_null(3)) r.first_index = static_cast<std::uint64_t>(st.int64(3));
        if (!st.is_null(4)) r.last_index = static_cast<std::uint64_t>(st.int64(4));
        r.last_commit = st.text(5);
        r.geometry = st.text(7);
        if (!st.is_null(6)) {
          r.count = static_cast<std::uint64_t>(st.int64(6));
          r.target = shard_share(*r.count, r.shard);
        }
        out.runs.push_back(std::move(r));
      }
    }
    {
      Statement st(*s.conn, "SELECT count(*) FROM puzzles WHERE rated_by = ?1" + and_geometry);  // unrated variants
      st.bind_static(1, kUnratedVariant);
      st.step();
      out.unrated_variant = static_cast<std::uint64_t>(st.int64(0));
    }
  } catch (...) {
    s.conn->end_read();
    throw;
  }
  s.conn->end_read();
  return out;
}

}  // namespace sudokit::db
