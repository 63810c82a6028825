#!/usr/bin/env bash
# The main job: set up (packages, build), then solve the shipped sample
# puzzles with `sudokit solve`, printing one solution line per puzzle.
# Arguments are passed to `sudokit solve` (e.g. --format grid).
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh release
exec build/release/tools/sudokit solve "$@" tools/samples/sample_puzzles.txt
