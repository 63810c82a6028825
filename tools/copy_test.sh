#!/usr/bin/env bash
# Shows that the checkout needs nothing beside it: copies its files (the
# tracked ones and the untracked ones git does not ignore; no build/) into a
# fresh temporary directory with nothing else in it, runs the README's main
# command there (tools/run.sh: builds the release preset and fills
# puzzles.db), then a sample of the suites that read data files: the
# reference check, the solver (17-clue list, top95, top1465), the CLI
# (batch sample, calibration set) and pencil-mark grading (pencil-mark set).
# Every suite reads its data from the repository's data/ (the CTest label
# `data` marks them; checkout.no_outside_references guards it), so the
# sample keeps this phase to one more release build and a minute of tests. The copy is removed at the end, also on failure. Part of
# tools/test.sh; arguments are passed to run.sh (e.g. --count 300).
# When ccache is installed the copy's build goes through it, with paths taken
# relative to the copy, so a second run compiles little.
set -euo pipefail
cd "$(dirname "$0")/.."

root="$(mktemp -d /tmp/sudokit-copy-XXXXXX)"
trap 'rm -rf "$root"' EXIT
copy="$root/sudokit"
mkdir "$copy"

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  # Files deleted in the work tree but still tracked are left out.
  git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do
      case "$f" in build/*) continue ;; esac
      [ -e "$f" ] && printf '%s\0' "$f"
    done | tar --null -T - -cf - | tar -xf - -C "$copy"
else
  tar --exclude=./build --exclude=./.git -cf - . | tar -xf - -C "$copy"
fi
echo "copy_test: $(find "$copy" -type f | wc -l) files in $copy" >&2

if command -v ccache >/dev/null; then
  export CMAKE_CXX_COMPILER_LAUNCHER=ccache CCACHE_BASEDIR="$copy"
fi
cd "$root"
"$copy/tools/run.sh" "$@"
cd "$copy"
ctest --preset release -L data -R '^(checkout|Solve|Canonical|Text|Cli|GradeMarks)\.'
