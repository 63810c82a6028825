// ISO 8601 calendar dates (see calendar.hpp): parsing with precise reasons,
// formatting, weekdays. std::chrono's year_month_day does the calendar
// arithmetic (leap years, month lengths); this file only reads and writes text.
#include "sudokit/db/calendar.hpp"

#include <array>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "sudokit/solver/text.hpp"

namespace sudokit::db {

namespace {

using namespace std::chrono;

constexpr std::array<std::string_view, 7> kWeekdays = {"monday", "tuesday",  "wednesday", "thursday",
                                                       "friday", "saturday", "sunday"};
constexpr std::array<std::string_view, 12> kMonths = {"January", "February", "March",     "April",   "May",      "June",
                                                      "July",    "August",   "September", "October", "November", "December"};

bool digits(std::string_view s) {
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return !s.empty();
}

int number(std::string_view s) {
  int n = 0;
  for (char c : s) n = n * 10 + (c - '0');
  return n;
}

}  // namespace

int Date::weekday() const {
  // iso_encoding(): Monday = 1 ... Sunday = 7.
  return static_cast<int>(std::chrono::weekday(day).iso_encoding()) - 1;
}

bool parse_date(std::string_view text, Date& out, std::string& error) {
  const std::string quoted = single_quoted(text);
  if (text.size() != 10 || text[4] != '-' || text[7] != '-' || !digits(text.substr(0, 4)) ||
      !digits(text.substr(5, 2)) || !digits(text.substr(8, 2))) {
    error = quoted + " is not an ISO 8601 date (expected YYYY-MM-DD, e.g. 2027-01-01)";
    return false;
  }
  const int y = number(text.substr(0, 4)), m = number(text.substr(5, 2)), d = number(text.substr(8, 2));
  if (y < 1) {
    error = quoted + " is out of range (years 0001 to 9999)";
    return false;
  }
  if (m < 1 || m > 12) {
    error = quoted + " is not a date: there is no month " + std::to_string(m);
    return false;
  }
  const year_month_day ymd{year(y), month(static_cast<unsigned>(m)), day(static_cast<unsigned>(d))};
  if (!ymd.ok()) {
    const unsigned last = static_cast<unsigned>(year_month_day_last(year(y), month_day_last(month(static_cast<unsigned>(m)))).day());
    error = quoted + " is not a date: " + std::string(kMonths[static_cast<std::size_t>(m - 1)]) + " " +
            std::string(text.substr(0, 4)) + " has " + std::to_string(last) + " days";
    return false;
  }
  out.day = sys_days(ymd);
  return true;
}

std::string format_date(const Date& date) {
  const year_month_day ymd(date.day);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%04d-%02u-%02u", static_cast<int>(ymd.year()), static_cast<unsigned>(ymd.month()),
                static_cast<unsigned>(ymd.day()));
  return buf;
}

namespace {

// A zone name the tz database has: a TZif file under TZDIR (or the usual
// place). Names are relative paths of letters, digits and "/_-+"; ".." and
// absolute paths are not names, nor the files an installation adds beside
// the zones: `localtime` (the machine's own zone, a link to /etc/localtime,
// which would make a schedule's "today" depend on the machine) and
// `posixrules`.
bool known_zone(std::string_view zone) {
  if (zone.empty() || zone.front() == '/' || zone.find("..") != std::string_view::npos) return false;
  if (zone == "localtime" || zone == "posixrules") return false;
  for (const char c : zone)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '/' && c != '_' && c != '-' && c != '+') return false;
  const char* dir = std::getenv("TZDIR");
  const std::string path = std::string(dir != nullptr && *dir != '\0' ? dir : "/usr/share/zoneinfo") + "/" + std::string(zone);
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  char magic[4] = {};
  const bool tzif = std::fread(magic, 1, 4, f) == 4 && std::string_view(magic, 4) == "TZif";
  std::fclose(f);
  return tzif;
}

}  // namespace

bool date_in_zone(std::string_view zone, std::chrono::system_clock::time_point now, Date& out, std::string& error) {
  const std::time_t t = std::chrono::system_clock::to_time_t(now);
  std::tm tm{};
  if (zone == "UTC") {  // needs no database
    gmtime_r(&t, &tm);
  } else {
    if (!known_zone(zone)) {
      error = "unknown time zone '" + std::string(zone) + "' (an IANA name such as UTC or Europe/Paris)";
      return false;
    }
    const char* old = std::getenv("TZ");
    const std::string saved = old != nullptr ? old : "";
    std::string tz = ":";
    tz.append(zone);
    ::setenv("TZ", tz.c_str(), 1);
    ::tzset();
    localtime_r(&t, &tm);
    if (old != nullptr) ::setenv("TZ", saved.c_str(), 1);
    else ::unsetenv("TZ");
    ::tzset();
  }
  out = Date{sys_days(year_month_day{year(tm.tm_year + 1900), month(static_cast<unsigned>(tm.tm_mon + 1)),
                                     day(static_cast<unsigned>(tm.tm_mday))})};
  return true;
}

Date last_supported_date() { return Date{sys_days(year(9999) / December / 31)}; }

std::string_view weekday_name(int weekday) { return kWeekdays[static_cast<std::size_t>(weekday)]; }

std::string_view weekday_short_name(int weekday) { return kWeekdays[static_cast<std::size_t>(weekday)].substr(0, 3); }

int parse_weekday(std::string_view name) {
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (int i = 0; i < 7; ++i)
    if (lower == kWeekdays[static_cast<std::size_t>(i)] || lower == weekday_short_name(i)) return i;
  return -1;
}

}  // namespace sudokit::db
