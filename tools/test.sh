#!/usr/bin/env bash
# The test command: set up (packages, build), then run every test suite with
# CTest, which prints how many tests ran and passed. Exits non-zero on failure.
set -euo pipefail
cd "$(dirname "$0")/.."
tools/setup.sh release
ctest --preset release
