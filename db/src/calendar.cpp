// ISO 8601 calendar dates (see calendar.hpp): parsing with precise reasons,
// formatting, weekdays. std::chrono's year_month_day does the calendar
// arithmetic (leap years, month lengths); this file only reads and writes text.
#include "sudokit/db/calendar.hpp"

#include <array>
#include <cctype>
#include <cstdio>
#include <ctime>

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
  std::string quoted(1, '\'');  // built by appending: GCC 12 -O3 warns falsely on "'" + string + "'"
  quoted.append(text);
  quoted += '\'';
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

Date today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  return Date{sys_days(year_month_day{year(local.tm_year + 1900), month(static_cast<unsigned>(local.tm_mon + 1)),
                                      day(static_cast<unsigned>(local.tm_mday))})};
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
