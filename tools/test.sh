#!/usr/bin/env bash
# The test command: set up (packages, build), then
#   1. from a copy of the checkout with nothing beside it (tools/copy_test.sh):
#      tools/run.sh (the release build, then puzzles.db filled) and every test
#      suite of that release build (CTest prints how many ran and passed), so
#      a pass also shows the checkout needs nothing outside it;
#   2. the library alone (the `library` preset: no store, books, command or
#      Python module, their packages made unfindable) configured, built and
#      its suites run, so an app can build the core with nothing else;
#   3. the same suites built with AddressSanitizer + UndefinedBehaviorSanitizer
#      (the asan preset); any sanitizer report fails the run, also one from a
#      `sudokit` child process whose exit status a test did not look at; the
#      asan test preset sets SUDOKIT_TEST_SAMPLE=2, so the calibration-set
#      ground truth checks every other puzzle there (all in the release run);
#   4. a short libFuzzer run of every fuzz target (the fuzz preset, clang):
#      fixed seed, SUDOKIT_FUZZ_SECONDS per target (default 45), two at a
#      time; a crash, a broken invariant, a leak or a slow input fails it.
# docs/RELIABILITY.md describes what each part covers and the long campaign.
# Exits non-zero on the first failing part.
set -euo pipefail
cd "$(dirname "$0")/.."

phase() { echo "=== test.sh: $* ($(date +%T))" >&2; }

phase "release build, run.sh and every suite, from a copy of the checkout"
tools/copy_test.sh

phase "the library alone: build and its suites"
tools/setup.sh library
ctest --preset library

phase "asan build and tests"
tools/setup.sh asan
san_logs="$PWD/build/asan/sanitizer-reports"
rm -rf "$san_logs"
mkdir -p "$san_logs"
# Reports go to files (and a distinctive exit status), so none can hide in a
# child's discarded stderr; detect_leaks is on by default.
export ASAN_OPTIONS="log_path=$san_logs/asan:exitcode=86:strict_string_checks=1:detect_stack_use_after_return=1"
export UBSAN_OPTIONS="log_path=$san_logs/ubsan:print_stacktrace=1:halt_on_error=1:exitcode=86"
asan_status=0
ctest --preset asan || asan_status=$?
unset ASAN_OPTIONS UBSAN_OPTIONS
if compgen -G "$san_logs/*" >/dev/null; then
  for f in "$san_logs"/*; do
    echo "--- $f" >&2
    head -60 "$f" >&2
  done
  echo "test.sh: sanitizer reports (above, all in $san_logs)" >&2
  exit 1
fi
[ "$asan_status" -eq 0 ] || exit "$asan_status"

phase "fuzz build and a ${SUDOKIT_FUZZ_SECONDS:-45} s run per target"
tools/setup.sh fuzz
tools/fuzz.sh "${SUDOKIT_FUZZ_SECONDS:-45}"
phase "all passed"
