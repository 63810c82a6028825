#!/usr/bin/env bash
# Set-up shared by the README's commands: installs the Debian packages sudokit
# needs (only those missing; a no-op when all are present), then configures
# and builds the given CMake preset (a no-op when the build is up to date).
#   tools/setup.sh [PRESET]      PRESET = release (default), debug, asan, fuzz or web
# Extra packages can be requested with SUDOKIT_EXTRA_PACKAGES="pkg ...".
set -euo pipefail
cd "$(dirname "$0")/.."

preset="${1:-release}"
packages=(cmake ninja-build g++ gcc make pkg-config  # gcc, make: the C example against the installed library (tests/install)
          libboost-program-options-dev libboost-random-dev
          libsqlite3-dev sqlite3 libgtest-dev nlohmann-json3-dev
          libcairo2-dev fonts-dejavu-core poppler-utils libxml2-utils
          libpoppler-cpp-dev zlib1g-dev  # book preflight: PDFs read back (page boxes, fonts, rasterised pages, content streams)
          tzdata   # the C library's time zone database (daily --tz)
          pybind11-dev python3-dev python3-pytest  # the Python module (bindings/python) and its tests
          python3-yaml  # the sharded-generation examples' test parses their Kubernetes manifests
          postgresql libpq-dev  # the PostgreSQL store (libpq) and its tests' throwaway servers
          qqwing  # the benchmark's peer (sudokit-bench's ratios; data/puzzles_qqwing_mix.txt was made with it)
          dpkg-dev  # dpkg-shlibdeps: the Debian package's dependencies (packaging/deb.cmake)
          ccache)  # compiler cache: the test command builds a copy of the checkout
# The fuzz preset builds with clang and links libFuzzer.
[ "$preset" != fuzz ] || packages+=(clang libclang-rt-14-dev)
# The web preset: Debian's Emscripten (its JS optimizer needs node-acorn on
# NODE_PATH, which the preset sets), Node.js and npm for the package's tests,
# TypeScript to check its declarations,
# Chromium for the page's (web/test.sh).
[ "$preset" != web ] || packages+=(emscripten node-acorn nodejs chromium node-typescript)
# shellcheck disable=SC2206
packages+=(${SUDOKIT_EXTRA_PACKAGES:-})

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]} > 0)); then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

# ccache keys on paths relative to the checkout, so copies of it share hits.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
# The asan and fuzz presets compile with debug information (-g1), and ccache
# then also keys on the build directory's absolute path by default, so no two
# clones of the checkout would share a hit. Left out of the key, a hit's debug
# information names the directory of the build that compiled it first; the
# file names (relative to it) and line numbers in a sanitizer report stay right.
export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-true}"
if [ ! -f "build/$preset/CMakeCache.txt" ]; then
  cmake --preset "$preset" >&2
fi
cmake --build --preset "$preset" >&2
