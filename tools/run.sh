#!/usr/bin/env bash
# The main job: set up (packages, build), then fill puzzles.db (SQLite, in the
# current directory) with a few thousand graded, unique, minimal puzzles and
# print where the file is and a summary of what it holds. Arguments are
# passed to `sudokit generate` (e.g. --count 10000 --symmetry rot180).
set -euo pipefail
here="$(pwd)"
cd "$(dirname "$0")/.."
tools/setup.sh release
bin="$(pwd)/build/release/tools/sudokit"
cd "$here"
"$bin" generate --db puzzles.db --count 3000 --symmetry random "$@"
echo
echo "puzzles are in $(pwd)/puzzles.db"
"$bin" db stats --db puzzles.db
