// Calendar dates for the daily schedule: ISO 8601 calendar dates
// (YYYY-MM-DD, years 0001 to 9999) read with a precise reason when they are
// not dates, written back, stepped day by day and named by weekday. Built on
// std::chrono's civil calendar (no time zones: a date is a day, not an
// instant); "today" is the local date of the machine.
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
/// The machine's local date now.
Date today();

/// The last date parse_date accepts (9999-12-31).
Date last_supported_date();

/// "monday" ... "sunday" for weekday() 0..6.
std::string_view weekday_name(int weekday);
/// "mon" ... "sun".
std::string_view weekday_short_name(int weekday);
/// 0..6 for "mon"/"monday" ... "sun"/"sunday" (any case), -1 otherwise.
int parse_weekday(std::string_view name);

}  // namespace sudokit::db
