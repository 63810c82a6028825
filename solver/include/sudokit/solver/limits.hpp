// The bounds every front end (the command, the C API, Python, npm) holds
// its options to, in one place: the library checks generation requests
// against them (produce::plan_generation), and the front ends that read a
// grade's or a hint's options check those against them, each naming the
// option in its own spelling. The defaults of a grade or a hint are the
// library's option structs' own (grader::GradeOptions, grader::HintOptions).
#pragma once

#include <cstdint>
#include <string>

namespace sudokit {

/// The longest time limit (seconds, about three years): well inside what
/// the clocks' 64-bit nanosecond counts hold. 0 means no limit.
inline constexpr double kMaxSeconds = 1e8;

/// The most grader steps per puzzle an option may allow. Every puzzle is
/// solved in fewer than 1,000 steps; more only lets a runaway grade run longer.
inline constexpr int kMaxSteps = 1'000'000;

/// The most puzzles or grids one run makes: far beyond any run's time, and
/// small enough that the generator's bound of 10^6 candidates per wanted
/// puzzle stays within 64 bits.
inline constexpr std::uint64_t kMaxCount = 1'000'000'000'000;

/// Worker threads a run accepts: more than the machine's cores is allowed
/// (it gains nothing); beyond this many a typo would only exhaust memory or
/// the process's thread limit.
inline constexpr unsigned kMaxThreads = 256;

/// Grids tried per puzzle before giving up on it, at most.
inline constexpr std::uint32_t kMaxAttempts = 1'000'000;

/// Local-search neighbours judged per puzzle (or per start), at most.
inline constexpr int kMaxSearch = 1'000'000;

/// A bound above as the text a message gives it ("100000000", "256"):
/// each front end's message takes its numbers from here, never a literal.
template <class T>
std::string bound_text(T bound) {
  return std::to_string(static_cast<long long>(bound));
}

/// The lowest rating ceiling a run accepts (--max-rating): every puzzle
/// with an empty cell rates 1.0 or more, so a lower one keeps nothing.
inline constexpr double kMinMaxRating = 1.0;

/// Neighbours kept per accepted puzzle (search_keep), at most.
inline constexpr int kMaxSearchKeep = 1000;

}  // namespace sudokit
