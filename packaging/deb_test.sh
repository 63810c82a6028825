#!/usr/bin/env bash
# The Debian package, built, installed and used as a cluster image uses it:
#   1. cpack (packaging/deb.cmake) makes sudokit_VERSION_ARCH.deb from the
#      build; its control fields are checked (name, version, the
#      dependencies the command loads without linking);
#   2. dpkg installs it into the system (so only as root, and only where no
#      sudokit is installed already: nothing of someone else's is replaced);
#      dpkg refuses it if a dependency is missing;
#   3. the installed files alone are used: /usr/bin/sudokit generate gives
#      the build's puzzles for the same seed and reads a PDF back with the
#      installed PDF reader module; examples/c-pkgconfig builds with
#      pkg-config's default search path and runs with the loader's default
#      one; examples/cpp-cmake finds the package with no prefix given;
#      Debian's `/usr/bin/python3 -I` (no PYTHONPATH, no user site) imports sudokit from
#      /usr/lib/python3/dist-packages and makes the command's puzzles;
#   4. the package is purged (also on failure) and its files are gone.
# Exit 77 (CTest: skipped) when not root or when sudokit is installed
# already.
#   deb_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)

fail() { echo "deb_test: $*" >&2; exit 1; }
skip() { echo "deb_test: skipped: $*" >&2; exit 77; }

[ "$(id -u)" -eq 0 ] || skip "installing a package needs root"
command -v dpkg >/dev/null || skip "no dpkg"
if dpkg-query -W -f='${Status}' sudokit 2>/dev/null | grep -q "ok installed"; then
  skip "a sudokit package is installed already"
fi
for f in /usr/bin/sudokit /usr/lib/libsudokit.so.0 /usr/include/sudokit.h /usr/lib/python3/dist-packages/sudokit; do
  [ ! -e "$f" ] || skip "$f exists and would be replaced"
done

tmp=$(mktemp -d)
installed=0
cleanup() {
  if [ "$installed" -eq 1 ]; then dpkg --purge sudokit >"$tmp/purge.log" 2>&1 || cat "$tmp/purge.log" >&2; fi
  rm -rf "$tmp"
}
trap cleanup EXIT

# 1. The package.
cpack --config "$build/CPackConfig.cmake" -B "$tmp/pkg" >"$tmp/cpack.log" 2>&1 ||
  { cat "$tmp/cpack.log" >&2; fail "cpack failed"; }
deb=$(find "$tmp/pkg" -maxdepth 1 -name 'sudokit_*.deb')
[ -n "$deb" ] || fail "cpack made no sudokit_*.deb"
version=$(sed -n 's/.*SUDOKIT_VERSION_STRING "\(.*\)"/\1/p' "$build/capi/include/sudokit_version.h")
[ "$(basename "$deb")" = "sudokit_${version}_$(dpkg --print-architecture).deb" ] ||
  fail "the package is named $(basename "$deb")"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = sudokit ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version), not $version"
depends=$(field Depends)
for d in python3 fonts-dejavu-core tzdata libpq5 libsqlite3-0 libcairo2 libpoppler-cpp0v5; do
  grep -qE "(^|, )$d( |,|$)" <<<"$depends" || fail "Depends lacks $d: $depends"
done
dpkg-deb -c "$deb" | awk '{print $6}' >"$tmp/contents"
for f in ./usr/bin/sudokit ./usr/include/sudokit.h ./usr/lib/libsudokit.a ./usr/lib/pkgconfig/sudokit.pc \
         ./usr/lib/cmake/sudokit/sudokitConfig.cmake ./usr/lib/sudokit/sudokit-pdf-reader.so \
         ./usr/lib/python3/dist-packages/sudokit/__init__.py ./usr/lib/python3/dist-packages/sudokit/py.typed \
         ./usr/lib/python3/dist-packages/sudokit/_sudokit.pyi ./usr/share/doc/sudokit/copyright; do
  grep -qxF "$f" "$tmp/contents" || fail "the package lacks $f"
done
! grep -qE '^\./usr/local/' "$tmp/contents" || fail "the package installs under /usr/local"

# The Dockerfile installs this package, on Debian 12, and nothing from
# elsewhere (it cannot be built here: no base image; docs/SCALING.md).
dockerfile="$src/packaging/Dockerfile"
grep -qxE 'FROM debian:12(-slim)?' "$dockerfile" || fail "the Dockerfile's base is not Debian 12"
[ "$(grep -cE '^FROM ' "$dockerfile")" -eq 1 ] || fail "the Dockerfile has more than one FROM"
pattern=$(sed -n 's|^COPY \(sudokit_[^ ]*\.deb\) /tmp/$|\1|p' "$dockerfile")
[ -n "$pattern" ] || fail "the Dockerfile copies no sudokit_*.deb"
# shellcheck disable=SC2053
[[ "$(basename "$deb")" == $pattern ]] || fail "the Dockerfile's $pattern does not match $(basename "$deb")"
installs=$(sed -n 's/.*apt-get install -y --no-install-recommends //p' "$dockerfile" | tr -d '\\')
[ "$(echo $installs)" = "/tmp/$pattern" ] || fail "the Dockerfile installs more than the package: $installs"
! grep -qiE 'curl|wget|pip |npm |ADD ' "$dockerfile" || fail "the Dockerfile fetches something from outside Debian"

# 2. Installed.
dpkg -i "$deb" >"$tmp/install.log" 2>&1 || { cat "$tmp/install.log" >&2; installed=1; fail "dpkg -i failed"; }
installed=1
[ "$(command -v sudokit)" = /usr/bin/sudokit ] || fail "sudokit on PATH is $(command -v sudokit)"

# 3. Used: the command.
/usr/bin/sudokit generate --seed 7 --count 3 2>/dev/null >"$tmp/installed.out"
"$build/tools/sudokit" generate --seed 7 --count 3 2>/dev/null >"$tmp/build.out"
[ -s "$tmp/build.out" ] && cmp -s "$tmp/installed.out" "$tmp/build.out" ||
  fail "the installed sudokit generate --seed 7 --count 3 differs from the build's"
/usr/bin/sudokit render 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... \
  --format pdf --out "$tmp/one.pdf" 2>"$tmp/render.err" || { cat "$tmp/render.err" >&2; fail "sudokit render failed"; }
LD_DEBUG=libs /usr/bin/sudokit preflight "$tmp/one.pdf" >"$tmp/preflight.out" 2>"$tmp/preflight.err" || true
grep -qF "calling init: /usr/lib/sudokit/sudokit-pdf-reader.so" "$tmp/preflight.err" ||
  fail "the installed preflight did not load /usr/lib/sudokit/sudokit-pdf-reader.so"

# The C library through pkg-config's and the loader's default paths.
cp -r "$src/examples" "$tmp/examples"
c_dir="$tmp/examples/c-pkgconfig"
includedir=$(env -u PKG_CONFIG_PATH pkg-config --variable=includedir sudokit) || fail "pkg-config does not find sudokit.pc"
[ "$(realpath "$includedir")" = /usr/include ] ||
  fail "pkg-config does not find the installed sudokit.pc"
env -u PKG_CONFIG_PATH make -s -C "$c_dir" example >"$tmp/make.log" 2>&1 ||
  { cat "$tmp/make.log" >&2; fail "the C example does not build against the package"; }
env -u LD_LIBRARY_PATH ldd "$c_dir/example" >"$tmp/ldd.out"
grep -qE "libsudokit\.so\.0 => /(usr/)?lib/libsudokit\.so\.0" "$tmp/ldd.out" ||
  { cat "$tmp/ldd.out" >&2; fail "the C example does not load the installed libsudokit.so.0"; }
env -u LD_LIBRARY_PATH "$c_dir/example" >"$tmp/c.out"
grep -qxF "solutions: 1" "$tmp/c.out" || { cat "$tmp/c.out" >&2; fail "the C example's output"; }
[ "$(sed -n 's/^generated [0-9]*: \([^ ]*\) .*/\1/p' "$tmp/c.out")" = "$(head -2 "$tmp/build.out")" ] ||
  fail "the installed library's puzzles differ from sudokit generate --seed 7"

# C++ through find_package with no prefix given.
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
env -u CMAKE_PREFIX_PATH -u CMAKE_CXX_COMPILER_LAUNCHER cmake -S "$tmp/examples/cpp-cmake" -B "$tmp/cpp-build" \
  "${generator[@]}" >"$tmp/cmake.log" 2>&1 || { cat "$tmp/cmake.log" >&2; fail "the C++ example does not configure"; }
grep -q "^sudokit_DIR:PATH=/usr/lib/cmake/sudokit$" "$tmp/cpp-build/CMakeCache.txt" ||
  fail "find_package did not take /usr/lib/cmake/sudokit"
cmake --build "$tmp/cpp-build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; fail "the C++ example does not build"; }
"$tmp/cpp-build/grade_and_hint" >"$tmp/cpp.out" || fail "the C++ example failed"

# Python, isolated from PYTHONPATH and the user's site.
(cd "$tmp" && env -u PYTHONPATH /usr/bin/python3 -I -B - "$tmp/python.out" <<'PY'
import sys
import sudokit
assert sudokit.__file__.startswith("/usr/lib/python3/dist-packages/sudokit/"), sudokit.__file__
with open(sys.argv[1], "w") as out:
    for p in sudokit.generate(count=3, seed=7):
        print(p.puzzle, file=out)
PY
) || fail "import sudokit from the package failed"
cmp -s "$tmp/python.out" "$tmp/build.out" || fail "the installed Python module's puzzles differ from sudokit generate --seed 7"

# 4. Purged.
dpkg --purge sudokit >"$tmp/purge.log" 2>&1 || { cat "$tmp/purge.log" >&2; fail "dpkg --purge failed"; }
installed=0
[ ! -e /usr/bin/sudokit ] && [ ! -e /usr/lib/libsudokit.so.0 ] && [ ! -e /usr/lib/python3/dist-packages/sudokit ] || fail "files left after purge"
echo "deb_test: $(basename "$deb") built, installed, used (command, C, C++, Python) and purged"
