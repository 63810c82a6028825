#!/usr/bin/env bash
# The main job: set up (packages, build the command), then fill puzzles.db
# (SQLite, in the current directory) with a few thousand graded, unique,
# minimal puzzles and print where the file is and a summary of what it
# holds. Arguments are passed to `sudokit generate` (e.g. --count 10000
# --symmetry rot180); they replace the defaults --count 3000 and
# --symmetry random.
set -euo pipefail
here="$(pwd)"
cd "$(dirname "$0")/.."
tools/setup.sh release --target sudokit   # the command alone (the tests' targets are the test command's)
bin="$(pwd)/build/release/tools/sudokit"
cd "$here"
defaults=()
given=" $* "
case "$given" in *" --count "*|*" --count="*) ;; *) defaults+=(--count 3000) ;; esac
case "$given" in *" --symmetry "*|*" --symmetry="*) ;; *) defaults+=(--symmetry random) ;; esac
echo "run: sudokit generate --db puzzles.db ${defaults[*]} $*" >&2
"$bin" generate --db puzzles.db "${defaults[@]}" "$@"
echo
echo "puzzles are in $(pwd)/puzzles.db"
"$bin" db stats --db puzzles.db
