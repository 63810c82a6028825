// The daily schedule (see daily.hpp): weekly schedules read from text, the
// assignment of puzzles to (date, level) pairs in one write transaction, the
// per-date JSON for apps and the all-or-nothing directory writer.
#include "sudokit/db/daily.hpp"

#include "sudokit/db/record_format.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>

#include "store_impl.hpp"
#include "sudokit/db/used.hpp"
#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

using detail::Statement;

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  for (;;) {
    const std::size_t at = s.find(sep);
    parts.push_back(trim(s.substr(0, at)));
    if (at == std::string_view::npos) return parts;
    s.remove_prefix(at + 1);
  }
}

std::string in_quotes(std::string_view s) { return "'" + std::string(s) + "'"; }

constexpr const char* kDayList = "mon, tue, wed, thu, fri, sat, sun";

}  // namespace

// --- schedules ------------------------------------------------------------------

WeeklySchedule WeeklySchedule::every_day(const std::vector<std::string>& levels) {
  WeeklySchedule s;
  for (auto& day : s.days) day = levels;
  return s;
}

std::vector<std::string> WeeklySchedule::levels() const {
  std::vector<std::string> out;
  for (const auto& day : days)
    for (const auto& level : day)
      if (std::find(out.begin(), out.end(), level) == out.end()) out.push_back(level);
  return out;
}

bool WeeklySchedule::empty() const {
  return std::all_of(days.begin(), days.end(), [](const auto& d) { return d.empty(); });
}

bool parse_level_list(std::string_view text, std::vector<std::string>& out, std::string& error) {
  out.clear();
  if (trim(text).empty()) {
    error = "no level given (expected e.g. easy,medium,hard)";
    return false;
  }
  for (std::string_view name : split(text, ',')) {
    if (name.empty()) {
      error = "empty level name in " + in_quotes(text);
      return false;
    }
    if (std::find(out.begin(), out.end(), name) != out.end()) {
      error = "level " + in_quotes(name) + " is listed twice";
      return false;
    }
    out.emplace_back(name);
  }
  return true;
}

bool parse_schedule(std::string_view text, WeeklySchedule& out, std::string& error) {
  out = WeeklySchedule{};
  if (trim(text).empty()) {
    error = "the schedule is empty (expected e.g. mon=easy,tue=medium,...,sun=expert)";
    return false;
  }
  std::array<std::string, 7> given_by;  // the entry that named each day
  for (std::string_view entry : split(text, ',')) {
    if (entry.empty()) {
      error = "empty entry in " + in_quotes(text);
      return false;
    }
    const std::size_t eq = entry.find('=');
    if (eq == std::string_view::npos) {
      error = in_quotes(entry) + " is not DAY=LEVEL (e.g. mon=easy, mon-fri=hard, sun=hard+expert)";
      return false;
    }
    const std::string_view days = trim(entry.substr(0, eq));
    const std::string_view levels = trim(entry.substr(eq + 1));
    // The days: one, or a range "mon-fri" (which may wrap past Sunday).
    const std::size_t dash = days.find('-');
    const std::string_view first_name = trim(days.substr(0, dash));
    const std::string_view last_name = dash == std::string_view::npos ? first_name : trim(days.substr(dash + 1));
    const int first = parse_weekday(first_name), last = parse_weekday(last_name);
    for (const auto& [name, index] : {std::pair{first_name, first}, std::pair{last_name, last}})
      if (index < 0) {
        error = (name.empty() ? std::string("no day") : "unknown day " + in_quotes(name)) + " in " + in_quotes(entry) +
                " (days: " + kDayList + ", or full names)";
        return false;
      }
    std::vector<std::string> names;
    if (levels.empty()) {
      error = "no level for " + in_quotes(days) + " in " + in_quotes(entry);
      return false;
    }
    for (std::string_view level : split(levels, '+')) {
      if (level.empty()) {
        error = "empty level name in " + in_quotes(entry);
        return false;
      }
      if (std::find(names.begin(), names.end(), level) != names.end()) {
        error = "level " + in_quotes(level) + " is given twice in " + in_quotes(entry);
        return false;
      }
      names.emplace_back(level);
    }
    for (int d = first;; d = (d + 1) % 7) {
      auto& slot = given_by[static_cast<std::size_t>(d)];
      if (!slot.empty()) {
        error = std::string(weekday_name(d)) + " is given twice (" + in_quotes(slot) + " and " + in_quotes(entry) + ")";
        return false;
      }
      slot = entry;
      out.days[static_cast<std::size_t>(d)] = names;
      if (d == last) break;
    }
  }
  return true;
}

std::string format_schedule(const WeeklySchedule& schedule) {
  std::string out;
  for (int d = 0; d < 7; ++d) {
    const auto& levels = schedule.days[static_cast<std::size_t>(d)];
    if (levels.empty()) continue;
    if (!out.empty()) out += ',';
    out += weekday_short_name(d);
    out += '=';
    for (std::size_t i = 0; i < levels.size(); ++i) out += (i ? "+" : "") + levels[i];
  }
  return out;
}

bool parse_variant_slot(std::string_view text, std::pair<std::string, std::string>& out, std::string& error) {
  const std::size_t eq = text.find('=');
  if (eq == std::string_view::npos) {
    error = "expected NAME=GEOMETRY (e.g. daily-x=x), not " + in_quotes(text);
    return false;
  }
  const std::string_view name = text.substr(0, eq);
  if (!url_safe_name(name)) {
    error = "slot name " + in_quotes(name) + " must be letters, digits, '-' or '_' (it names files and URLs)";
    return false;
  }
  GeometryPtr geometry;
  try {
    geometry = parse_geometry(text.substr(eq + 1));
  } catch (const GeometryError& e) {
    error = e.what();
    return false;
  }
  if (geometry->classic()) {
    error = "slot " + in_quotes(name) + ": the classic geometry's slots are its levels (--levels, --schedule)";
    return false;
  }
  out = {std::string(name), geometry->spelling()};
  return true;
}

std::string check_request(const DailyRequest& request) {
  if (request.days < 1) return "the range must have at least one day";
  const auto room = (last_supported_date().day - request.first.day).count() + 1;
  if (request.days > room)
    return "the range ends after " + format_date(last_supported_date()) + " (the last supported date)";
  if (request.schedule.empty()) return "the schedule gives no level to any day";
  for (std::int64_t i = 0; i < request.days && i < 7; ++i)
    if (!request.schedule.days[static_cast<std::size_t>(request.first.plus_days(static_cast<long>(i)).weekday())].empty())
      return "";
  return "the schedule gives no puzzle to any date of the range";
}

// --- assignment ---------------------------------------------------------------

DailyAssignment::DailyAssignment(PuzzleStore& store, const DailyRequest& request) {
  PuzzleStore::Impl& s = store.impl();
  if (s.read_only) throw StoreError(s.path, "cannot assign daily puzzles: the store was opened for reading");
  store.flush();
  {
    std::vector<std::string> levels;  // the slots that are levels (not variant slots)
    for (const std::string& name : request.schedule.levels())
      if (request.variant_of(name).empty()) levels.push_back(name);
    check_levels(store, levels);
    const std::vector<std::string> known = known_levels(store);
    for (const auto& [name, geometry] : request.variants)
      if (std::find(known.begin(), known.end(), name) != known.end())
        throw LevelError("variant slot '" + name + "' is the name of a level (give the slot another name)");
  }

  tx_ = std::make_unique<WriteTransaction>(s, "cannot start assigning daily puzzles");  // rolled back unless committed
  {
    // Pairs already in the table keep their puzzle; the rest are counted per level.
    Statement existing(*s.conn, "SELECT puzzle_id FROM daily WHERE date = ?1 AND level = ?2");
    Statement on_date(*s.conn, "SELECT level, puzzle_id FROM daily WHERE date = ?1 ORDER BY level");
    Statement by_id(*s.conn, "SELECT " + std::string(kRowColumns) + " FROM puzzles WHERE id = ?1");
    // An entry the table already has: its stored puzzle.
    auto stored = [&](DailyEntry& entry, const std::string& date_text, std::int64_t id) {
      by_id.reset();
      by_id.bind(1, id);
      if (!by_id.step())
        throw StoreError(s.path, "the daily table gives " + date_text + " " + entry.level + " puzzle id " +
                                     std::to_string(id) + ", which is no longer in the store");
      entry.puzzle = read_row(by_id, s.path);
      ++reused_;
    };
    std::map<std::string, std::uint64_t> needed;
    std::vector<std::string> needed_order;  // levels in first-need order, for the shortage report
    for (std::int64_t i = 0; i < request.days; ++i) {
      const Date date = request.first.plus_days(static_cast<long>(i));
      const auto& levels = request.schedule.days[static_cast<std::size_t>(date.weekday())];
      if (levels.empty()) continue;
      DailyDate& out = dates_.emplace_back();
      out.date = date;
      const std::string date_text = format_date(date);
      for (const std::string& level : levels) {
        DailyEntry& entry = out.entries.emplace_back();
        entry.level = level;
        existing.reset();
        existing.bind_text(1, date_text);
        existing.bind_text(2, level);
        if (!existing.step()) {
          entry.assigned_now = true;
          if (needed[level]++ == 0) needed_order.push_back(level);
          continue;
        }
        stored(entry, date_text, existing.int64(0));
      }
      // Levels earlier runs gave this date and this schedule does not: the
      // date shows every level it has, then all in ascending difficulty.
      std::vector<std::pair<std::string, std::int64_t>> others;
      on_date.reset();
      on_date.bind_text(1, date_text);
      while (on_date.step())
        if (std::find(levels.begin(), levels.end(), on_date.text(0)) == levels.end())
          others.emplace_back(std::string(on_date.text(0)), on_date.int64(1));
      if (others.empty()) continue;
      for (const auto& [level, id] : others) {
        DailyEntry& entry = out.entries.emplace_back();
        entry.level = level;
        stored(entry, date_text, id);
      }
      std::vector<std::string> order;
      for (const DailyEntry& e : out.entries) order.push_back(e.level);
      sort_by_difficulty(order);
      auto rank = [&](const DailyEntry& e) { return std::find(order.begin(), order.end(), e.level) - order.begin(); };
      std::stable_sort(out.entries.begin(), out.entries.end(),
                       [&](const DailyEntry& a, const DailyEntry& b) { return rank(a) < rank(b); });
    }
    // Fresh puzzles for the other pairs, oldest first, in date order.
    std::vector<LevelCount> wanted;
    for (const auto& level : needed_order) wanted.push_back({level, needed[level], request.variant_of(level)});
    const std::vector<PuzzleRecord> fresh = select_puzzles(store, wanted, SelectOrder::Id);
    // select_puzzles gives each slot's puzzles in `wanted` order, all of
    // them (it throws when one is short): slot -> index of its next one.
    std::map<std::string, std::size_t> next;
    std::size_t first = 0;
    for (const LevelCount& w : wanted) {
      next[w.level] = first;
      first += w.count;
    }

    Statement add_daily(*s.conn, "INSERT INTO daily (date, level, puzzle_id) VALUES (?1, ?2, ?3)");
    add_daily.doing("cannot record the daily schedule");
    Statement add_used(*s.conn,
                       "INSERT INTO used (canonical, puzzle_id, kind, label, used_at) VALUES (?1, ?2, 'daily', ?3, ?4)");
    add_used.doing("cannot record the daily schedule");
    const std::string stamp = utc_timestamp_now();
    for (DailyDate& date : dates_) {
      const std::string date_text = format_date(date.date);
      for (DailyEntry& entry : date.entries) {
        if (!entry.assigned_now) continue;
        entry.puzzle = fresh[next[entry.level]++];
        add_daily.reset();
        add_daily.bind_text(1, date_text);
        add_daily.bind_text(2, entry.level);
        add_daily.bind(3, entry.puzzle.id);
        add_daily.step();
        add_used.reset();
        add_used.bind_text(1, entry.puzzle.canonical_text());
        add_used.bind(2, entry.puzzle.id);
        add_used.bind_text(3, date_text + " " + entry.level);
        add_used.bind_text(4, stamp);
        add_used.step();
        ++assigned_;
      }
    }
  }
}

DailyAssignment::~DailyAssignment() = default;  // WriteTransaction's destructor rolls back

void DailyAssignment::commit() {
  if (tx_->open()) tx_->commit("cannot commit the daily schedule");
}

void DailyAssignment::rollback() noexcept { tx_->rollback(); }

// --- output -------------------------------------------------------------------

bool url_safe_name(std::string_view name) {
  if (name.empty()) return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'))
      return false;
  return true;
}

std::string daily_image_name(const Date& date, std::string_view level, std::string_view ext) {
  return format_date(date) + "-" + std::string(level) + "." + std::string(ext);
}

nlohmann::ordered_json daily_json(const DailyDate& date, const DailyJsonOptions& options) {
  using json = nlohmann::ordered_json;
  json puzzles = json::object();
  for (const DailyEntry& e : date.entries) {
    // The record format's daily fields (record_format.hpp); `level` is the
    // level the date serves, which is the puzzle's level. A variant slot's
    // puzzle has no level (unrated until issue #48): its geometry and
    // grading status instead, under the slot's name.
    json entry = record_json(e.puzzle, daily_fields());
    if (e.puzzle.variant()) {
      entry["level"] = nullptr;
      entry["geometry"] = e.puzzle.geometry;
      entry["rated_by"] = e.puzzle.rated_by.empty() ? json(nullptr) : json(e.puzzle.rated_by);
    } else {
      entry["level"] = e.level;
    }
    if (options.with_path) entry["path"] = record_json(e.puzzle, std::array{Field::Path})["path"];
    if (!options.image_ext.empty()) entry["image"] = daily_image_name(date.date, e.level, options.image_ext);
    puzzles[e.level] = std::move(entry);
  }
  return {{"date", format_date(date.date)}, {"weekday", weekday_name(date.date.weekday())}, {"puzzles", puzzles}};
}

DailyDirectory::DailyDirectory(std::string dir, std::string time_zone, DailyJsonOptions json)
    : dir_(std::move(dir)), time_zone_(std::move(time_zone)), json_(std::move(json)) {}

DailyDirectory::~DailyDirectory() = default;  // the set removes what was not published

void DailyDirectory::write_file(const std::string& name, const std::string& text) {
  const std::string final_path = dir_ + "/" + name;
  try {
    files::StagedFile& f = files_.stage(final_path);
    f.write(text);
    f.finish();
  } catch (const files::FileError& e) {
    throw StoreError(final_path, e.reason());
  }
}

void DailyDirectory::stage(const std::vector<DailyDate>& dates, const std::atomic<bool>* stop) {
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::create_directories(dir_, ec);
  if (ec || !fs::is_directory(dir_))
    throw StoreError(dir_, "cannot create the output directory" + (ec ? ": " + ec.message() : ": it is a file"));
  std::set<std::string> all;  // every date file DIR will hold
  for (const DailyDate& d : dates) {
    if (stop && stop->load()) throw StagingInterrupted(dir_);
    const std::string name = format_date(d.date);
    write_file(name + ".json", daily_json(d, json_).dump(2) + "\n");
    all.insert(name);
  }
  try {
    for (const auto& item : fs::directory_iterator(dir_)) {
      const std::string file = item.path().filename().string();
      Date date;
      std::string error;
      if (file.size() == 15 && file.ends_with(".json") && parse_date(file.substr(0, 10), date, error))
        all.insert(file.substr(0, 10));
    }
  } catch (const fs::filesystem_error& e) {
    throw StoreError(dir_, std::string("cannot list the output directory: ") + e.code().message());
  }
  nlohmann::ordered_json index = {{"count", all.size()},
                                  {"first", all.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(*all.begin())},
                                  {"last", all.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(*all.rbegin())},
                                  {"time_zone", time_zone_},
                                  {"dates", all}};
  write_file("index.json", index.dump(2) + "\n");
  if (stop && stop->load()) throw StagingInterrupted(dir_);
}

bool DailyDirectory::writes(const DailyRequest& request, std::string_view name, std::string_view image_ext) {
  if (name == files::kLockName) return true;
  if (const auto target = files::staged_target_name(name)) return writes(request, *target, image_ext);
  if (name == "index.json") return true;
  // YYYY-MM-DD.json, or with images YYYY-MM-DD-LEVEL.EXT (daily_image_name).
  Date date;
  std::string error;
  if (name.size() < 15 || !parse_date(name.substr(0, 10), date, error)) return false;
  if (name.size() == 15 && name.ends_with(".json")) {
  } else if (!image_ext.empty() && name[10] == '-' && name.ends_with("." + std::string(image_ext))) {
    // Any level: a date's images include those of levels earlier runs gave it.
  } else {
    return false;
  }
  if (date < request.first || date > request.first.plus_days(static_cast<long>(request.days - 1))) return false;
  return !request.schedule.days[static_cast<std::size_t>(date.weekday())].empty();
}

void DailyDirectory::publish() {
  // index.json was staged last, so it is renamed last: an app that reads the
  // index finds every file it lists.
  try {
    files_.commit();
  } catch (const files::FileError& e) {
    throw StoreError(e.path(), e.reason());
  }
}

}  // namespace sudokit::db
