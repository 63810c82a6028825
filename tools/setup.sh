#!/usr/bin/env bash
# Set-up shared by the README's commands: installs the Debian packages sudokit
# needs (only those missing; a no-op when all are present), then configures
# and builds the given CMake preset (a no-op when the build is up to date).
#   tools/setup.sh [PRESET] [--target T]...
#     PRESET = release (default), debug, asan, fuzz, web or library (the
#       library alone: CMakePresets.json)
#     --target T: build only T (and what it needs), with only the packages
#       the build itself needs: a first configure then leaves out the tests
#       and the Python module (SUDOKIT_BUILD_TESTS, SUDOKIT_PYTHON off), so
#       GoogleTest, pybind11, Python's headers and ccache are not installed,
#       and T is a target of the libraries or the command's tools, not a
#       test. Without it, the whole preset and the packages the tests use too
#       (the PostgreSQL server, qqwing, poppler's tools, pytest, ...); a
#       build folder configured lean is then configured again in full.
#       tools/run.sh builds only the command.
# Needs only what apt-get installs on a minimal Debian 12 (debootstrap
# --variant=minbase): run it as root there, where sudo is absent.
# Extra packages can be requested with SUDOKIT_EXTRA_PACKAGES="pkg ...".
# Prints one line per phase on stderr; what apt, CMake and the compiler say
# goes to a log (its name in the phase line), shown when a phase fails.
set -euo pipefail
cd "$(dirname "$0")/.."

preset=release
targets=()
while (($# > 0)); do
  case "$1" in
    --target) (($# >= 2)) || { echo "setup: --target needs a target name" >&2; exit 2; }
              targets+=("$2"); shift 2 ;;
    -*) echo "setup: unknown option $1 (usage: tools/setup.sh [PRESET] [--target T]...)" >&2; exit 2 ;;
    *) preset="$1"; shift ;;
  esac
done

# What configuring and building the libraries and the command needs.
packages=(cmake ninja-build g++ pkg-config
          libboost-program-options-dev libboost-random-dev
          libsqlite3-dev nlohmann-json3-dev
          libcairo2-dev fonts-dejavu-core
          libpoppler-cpp-dev zlib1g-dev  # book preflight: PDFs read back (page boxes, fonts, rasterised pages, content streams)
          tzdata   # the C library's time zone database (daily --tz)
          libcpp-httplib-dev  # sudokit serve's HTTP server (serve/, docs/SERVE.md)
          libpq-dev)  # the PostgreSQL store (libpq's header; the library is loaded on first use)
# What configuring the whole preset adds (a --target build leaves these out).
full_packages=(libgtest-dev  # the tests (SUDOKIT_BUILD_TESTS)
               pybind11-dev python3-dev  # the Python module (bindings/python, SUDOKIT_PYTHON)
               ccache)  # compiler cache: the test command builds a copy of the checkout
# What the tests and the benchmark use besides (not the main job).
test_packages=(gcc make  # the C example against the installed library (tests/install)
               sqlite3 poppler-utils libxml2-utils
               python3-pytest  # the Python module's tests
               mypy  # the Python module's type stubs checked on sample apps (bindings/python/tests/test_types.py)
               python3-jsonschema curl  # sudokit serve's tests (tests/serve)
               python3-yaml  # the sharded-generation examples' test parses their Kubernetes manifests
               postgresql  # the tests' throwaway PostgreSQL servers
               pgbouncer  # the pooler the PostgreSQL test writes through (tests/pg_bouncer.hpp)
               qqwing  # the benchmark's peer (sudokit-bench's ratios; data/puzzles_qqwing_mix.txt was made with it)
               dpkg-dev)  # dpkg-shlibdeps: the Debian package's dependencies (packaging/deb.cmake)
lean=false
if ((${#targets[@]} > 0)); then lean=true; else packages+=("${full_packages[@]}" "${test_packages[@]}"); fi
# The fuzz preset builds with clang and links libFuzzer.
[ "$preset" != fuzz ] || packages+=(clang libclang-rt-14-dev)
# The web preset: Debian's Emscripten (its JS optimizer needs node-acorn on
# NODE_PATH, which the preset sets), Node.js and npm for the package's tests,
# TypeScript to check its declarations,
# Chromium for the page's (web/test.sh).
[ "$preset" != web ] || packages+=(emscripten node-acorn nodejs chromium node-typescript)
# shellcheck disable=SC2206
packages+=(${SUDOKIT_EXTRA_PACKAGES:-})

mkdir -p build
log="$PWD/build/setup-$preset.log"
: >"$log"
started=$SECONDS
# Each phase's seconds, for the last line ("packages 95 s, configure 4 s, ...").
times=()
lap=$SECONDS
timed() { times+=("$1 $((SECONDS - lap)) s"); lap=$SECONDS; }
phase() { echo "setup: $* (log: build/setup-$preset.log)" >&2; }
failed() {
  echo "setup: $1 failed after $((SECONDS - started)) s; from build/setup-$preset.log:" >&2
  # A failed compile: from ninja's first FAILED line on; else the log's end.
  if grep -q '^FAILED: ' "$log"; then
    sed -n '/^FAILED: /,$p' "$log" | head -n 200 >&2
  else
    tail -n 60 "$log" >&2
  fi
  exit 1
}

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing+=("$p")
done
if ((${#missing[@]} > 0)); then
  phase "installing ${#missing[*]} Debian packages: ${missing[*]}"
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    # A minimal Debian has no sudo: say what to do instead of "sudo: not found".
    command -v sudo >/dev/null ||
      { echo "setup: installing packages needs root, and sudo is absent: run this as root, or install these first: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  export DEBIAN_FRONTEND=noninteractive
  { $sudo apt-get update -qq && $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"; } >>"$log" 2>&1 ||
    failed "installing packages"
  timed packages
fi

# ccache keys on paths relative to the checkout, so copies of it share hits.
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$PWD}"
# The asan and fuzz presets compile with debug information (-g1), and ccache
# then also keys on the build directory's absolute path by default, so no two
# clones of the checkout would share a hit. Left out of the key, a hit's debug
# information names the directory of the build that compiled it first; the
# file names (relative to it) and line numbers in a sanitizer report stay right.
export CCACHE_NOHASHDIR="${CCACHE_NOHASHDIR:-true}"
# A lean configure (--target on a new build folder) leaves this mark; the
# whole preset configures such a folder again with the tests and the module.
lean_mark="build/$preset/setup-lean"
configure_args=()
if [ ! -f "build/$preset/CMakeCache.txt" ]; then
  if $lean; then
    configure_args=(-DSUDOKIT_BUILD_TESTS=OFF -DSUDOKIT_PYTHON=OFF)
    phase "configuring the $preset preset without the tests and the Python module"
  else
    phase "configuring the $preset preset"
  fi
  cmake --preset "$preset" "${configure_args[@]}" >>"$log" 2>&1 || failed "configuring"
  if $lean; then : >"$lean_mark"; fi
  timed configure
elif ! $lean && [ -f "$lean_mark" ]; then
  phase "configuring the $preset preset again with the tests and the Python module"
  # From scratch: the preset's own values, and ccache (installed now) found.
  cmake --preset "$preset" --fresh >>"$log" 2>&1 || failed "configuring"
  rm -f "$lean_mark"
  timed configure
fi
what="the $preset preset"
((${#targets[@]} == 0)) || what="${targets[*]} ($preset)"
phase "building $what"
target_args=()
for t in "${targets[@]}"; do target_args+=(--target "$t"); done
cmake --build --preset "$preset" "${target_args[@]}" >>"$log" 2>&1 || failed "building"
timed build
summary=""
for t in "${times[@]}"; do summary+="${summary:+, }$t"; done
echo "setup: $what ready in $((SECONDS - started)) s ($summary)" >&2
