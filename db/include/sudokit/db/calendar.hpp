// Calendar dates for the daily schedule: ISO 8601 calendar dates
// (YYYY-MM-DD, years 0001 to 9999) read with a precise reason when they are
// not dates, written back, stepped day by day and named by weekday. Built on
// std::chrono's civil calendar (a date is a day, not an instant). "Today"
// is the date at a given instant in a named IANA time zone ("UTC",
// "Europe/Paris"), looked up in the C library's tz database; never the
// machine's TZ setting.
#pragma once

#include <chrono>
#include <compare>
#include <string>
#include <string_view>

namespace sudokit::db {

struct Date {
  std::chrono::sys_days day{};

  friend auto operator<=>(const Date&, const Date&) = default;
  Date plus_days(long n) const { return Date{day + std::chrono::days(n)}; }
  /// 0 = Monday ... 6 = Sunday (ISO 8601 numbering minus one).
  int weekday() const;
};

/// Reads "YYYY-MM-DD". False with `error` saying what is wrong otherwise:
/// "'2027-02-29' is not a date: February 2027 has 28 days".
bool parse_date(std::string_view text, Date& out, std::string& error);
/// "2027-01-01".
std::string format_date(const Date& date);
/// The zone a daily export uses unless told otherwise.
inline constexpr std::string_view kDefaultTimeZone = "UTC";

/// The date at instant `now` in the IANA time zone `zone` ("UTC",
/// "America/New_York"), from the C library's tz database (the TZif files in
/// $TZDIR or /usr/share/zoneinfo). False with `error` set when the zone is
/// not in the database ("unknown time zone 'Mars/Olympus' (an IANA name
/// such as UTC or Europe/Paris)"). Not thread-safe: it sets TZ for the
/// conversion and restores it.
bool date_in_zone(std::string_view zone, std::chrono::system_clock::time_point now, Date& out, std::string& error);

/// The last date parse_date accepts (9999-12-31).
Date last_supported_date();

/// "monday" ... "sunday" for weekday() 0..6.
std::string_view weekday_name(int weekday);
/// "mon" ... "sun".
std::string_view weekday_short_name(int weekday);
/// 0..6 for "mon"/"monday" ... "sun"/"sunday" (any case), -1 otherwise.
int parse_weekday(std::string_view name);

}  // namespace sudokit::db
