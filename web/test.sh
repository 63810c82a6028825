#!/usr/bin/env bash
# The web package's tests (web/README.md), part of the test command (run by
# tools/copy_test.sh in the copy of the checkout, after the release suites):
#   1. tools/setup.sh web: Debian's emscripten, node-acorn, chromium and
#      node-typescript,
#      then the `web` preset: build/web/package (the npm package) and
#      build/web/demo (the page);
#   2. Node's test runner over web/test/*.test.mjs: the engine against the
#      native command and Sudoku Explainer's ratings (engine.test.mjs),
#      variants against rules written in the test (variants.test.mjs),
#      `npm pack` and an offline install (pack.test.mjs), index.d.ts against
#      an app's code with tsc --strict (types.test.mjs), the page played to
#      the end in headless Chromium (browser.test.mjs).
# SUDOKIT_BIN is the native command to compare with (default: the release
# build's); screenshots go to SUDOKIT_WEB_ARTEFACTS (default
# build/release/artifacts/web, which copy_test.sh keeps).
set -euo pipefail
cd "$(dirname "$0")/.."

tools/setup.sh web
export SUDOKIT_WEB_PACKAGE="$PWD/build/web/package"
export SUDOKIT_WEB_ROOT="$PWD/build/web"
export SUDOKIT_BIN="${SUDOKIT_BIN:-$PWD/build/release/tools/sudokit}"
export SUDOKIT_WEB_ARTEFACTS="${SUDOKIT_WEB_ARTEFACTS:-$PWD/build/release/artifacts/web}"
node --test web/test/engine.test.mjs web/test/variants.test.mjs web/test/pack.test.mjs web/test/types.test.mjs web/test/browser.test.mjs
