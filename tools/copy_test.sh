#!/usr/bin/env bash
# The release stage of the test command, run where nothing can lean on what
# lies beside the checkout: copies the checkout's files (the tracked ones and
# the untracked ones git does not ignore; no build/) into a fresh temporary
# directory with nothing else in it, runs the README's main command there
# (tools/run.sh: installs what is missing, builds the command, fills
# puzzles.db; its build folder configured without the tests and the Python
# module), configures it again in full and builds the rest of the release
# preset (with the packages the tests use), then runs every suite of that build (`ctest --preset release`;
# the suites read their data from the copy's data/, and
# checkout.no_outside_references fails on any file pointing outside it),
# then the WebAssembly package's and the page's tests (web/test.sh).
# The copy is removed at the end, also on failure; files a test keeps for
# people to look at (build/release/artifacts/) are copied back to the
# checkout's build/release/artifacts/ first. Part of tools/test.sh;
# arguments are passed to run.sh (e.g. --count 300).
# The build goes through ccache (tools/setup.sh installs it; CMakeLists.txt
# picks it up) with paths taken relative to the copy, so a second run
# compiles little.
set -euo pipefail
cd "$(dirname "$0")/.."

checkout="$PWD"
root="$(mktemp -d /tmp/sudokit-copy-XXXXXX)"
copy="$root/sudokit"
keep_artifacts() {
  if [ -d "$copy/build/release/artifacts" ]; then
    mkdir -p "$checkout/build/release/artifacts"
    cp -a "$copy/build/release/artifacts/." "$checkout/build/release/artifacts/"
  fi
  rm -rf "$root"
}
trap keep_artifacts EXIT
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

export CCACHE_BASEDIR="$copy"
cd "$root"
"$copy/tools/run.sh" "$@"
cd "$copy"
tools/setup.sh release   # the rest of the release preset (run.sh builds the command alone) and the tests' packages
ctest --preset release
# The npm package and the page (web/test.sh), against this copy's release build.
web/test.sh
