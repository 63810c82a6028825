#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds the two example
# consumers against that tree only: examples/c-pkgconfig (C99, pkg-config,
# linked once to libsudokit.so and once to libsudokit.a) and
# examples/cpp-cmake (find_package(sudokit CONFIG)). The examples are copied
# out of the checkout first, and the headers and libraries they use are
# checked to come from the prefix, never from the source or build tree.
# Their output is checked line by line; generated puzzles against the
# installed `sudokit generate`.
#   consumers_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"

fail() { echo "consumers_test: $*" >&2; exit 1; }
expect_line() {  # FILE LINE: FILE has LINE exactly
  grep -qxF -- "$2" "$1" || { cat "$1" >&2; fail "$1 lacks the line: $2"; }
}
outside_tree() {  # FILE: names neither the source nor the build folder
  ! grep -qF -e "$src/" -e "$build/" "$1" || { grep -F -e "$src/" -e "$build/" "$1" >&2; fail "$1 uses the source or build tree"; }
}

cmake --install "$build" --prefix "$prefix" >"$tmp/install.log"
cp -r "$src/examples" "$tmp/examples"
[ -x "$prefix/bin/sudokit" ] || fail "the sudokit command is not installed"

# The shared library: its soname, and exactly the header's functions exported.
so=$(find "$prefix" -name 'libsudokit.so.*.*.*')
[ -n "$so" ] || fail "no libsudokit.so.X.Y.Z installed"
major=$(sed -n 's/.*SUDOKIT_VERSION_MAJOR \([0-9]*\)/\1/p' "$prefix/include/sudokit_version.h")
# (Tool output goes to files first: `tool | grep -q` can fail under pipefail
# when grep exits before the tool has written everything.)
objdump -p "$so" >"$tmp/objdump.out"
grep -qE "SONAME +libsudokit\.so\.$major\$" "$tmp/objdump.out" || fail "the soname is not libsudokit.so.$major"
diff <(grep -o '^SUDOKIT_API [^(]*(' "$prefix/include/sudokit.h" | grep -o 'sudokit_[a-z_0-9]*' | sort) \
     <(nm -D --defined-only "$so" | awk '{print $3}' | sort) >"$tmp/symbols.diff" ||
  { cat "$tmp/symbols.diff" >&2; fail "the exported symbols are not the header's functions"; }
[ -f "$(dirname "$so")/libsudokit.a" ] || fail "no libsudokit.a beside it"

# C, pkg-config.
pc=$(find "$prefix" -name sudokit.pc)
[ -n "$pc" ] || fail "no sudokit.pc installed"
export PKG_CONFIG_PATH
PKG_CONFIG_PATH=$(dirname "$pc")
libdir=$(pkg-config --variable=libdir sudokit)
case "$(realpath "$libdir")/" in "$(realpath "$prefix")/"*) ;; *) fail "libdir $libdir is outside the prefix" ;; esac
c_dir="$tmp/examples/c-pkgconfig"
cc -std=c99 $(pkg-config --cflags sudokit) -M "$c_dir/example.c" >"$tmp/c.deps"
headers=$(tr -d '\\' <"$tmp/c.deps" | tr ' ' '\n' | grep -E '/sudokit(_version)?\.h$' | xargs -r realpath | sort)
[ "$headers" = "$(realpath "$prefix/include/sudokit.h" "$prefix/include/sudokit_version.h" | sort)" ] ||
  fail "example.c takes its headers from elsewhere than $prefix/include: $headers"
outside_tree "$tmp/c.deps"
make -s -C "$c_dir" example static >"$tmp/make.log" 2>&1 || { cat "$tmp/make.log" >&2; fail "the C example does not build"; }
outside_tree "$tmp/make.log"
ldd "$c_dir/example" >"$tmp/ldd.out"
grep -q "libsudokit.so.0 => not found" "$tmp/ldd.out" || fail "libsudokit.so.0 found outside the prefix"
LD_LIBRARY_PATH="$libdir" ldd "$c_dir/example" >"$tmp/ldd.out"
grep -qF "libsudokit.so.0 => $libdir" "$tmp/ldd.out" || fail "libsudokit.so.0 not taken from the prefix"
LD_LIBRARY_PATH="$libdir" "$c_dir/example" >"$tmp/c.out"
"$c_dir/example-static" >"$tmp/c-static.out"
cmp "$tmp/c.out" "$tmp/c-static.out" || fail "the shared and static builds print differently"
expect_line "$tmp/c.out" "sudokit $(sed -n 's/.*SUDOKIT_VERSION_STRING "\(.*\)"/\1/p' "$prefix/include/sudokit_version.h") (header $(sed -n 's/.*SUDOKIT_VERSION_STRING "\(.*\)"/\1/p' "$prefix/include/sudokit_version.h"))"
expect_line "$tmp/c.out" "solutions: 1"
expect_line "$tmp/c.out" "solution: 579142863143768952826953471685297134231684795497531628368429517912875346754316289"
expect_line "$tmp/c.out" "grade: ER 3.0 EP 1.2 ED 1.2, level hard, hardest Naked Pair, 56 steps"
expect_line "$tmp/c.out" "  naked-pair: 2"
expect_line "$tmp/c.out" "  step 1: r1c4=1 hidden single in box 2 (1.2)"
expect_line "$tmp/c.out" "hint: mistakes"
expect_line "$tmp/c.out" "  r1c1: 1 entered, the solution has 5"
expect_line "$tmp/c.out" "hint: hint: r1c4=1 hidden single in box 2, Hidden Single (1.2)"
expect_line "$tmp/c.out" "line 1: error: expected an 81-character puzzle or a 9-line grid, found 4 characters"
expect_line "$tmp/c.out" "line 2: ............7.8...8.6...4.1.8.....3...16847...9.5.1.2...........128.534.7..316..9 [3.0]"
expect_line "$tmp/c.out" "geometry: x,windows (9x9)"
expect_line "$tmp/c.out" "6x6 solutions: 1, 123456456123231564564231312645645312"
expect_line "$tmp/c.out" "x breaks: 0 80"
"$prefix/bin/sudokit" generate --seed 7 --count 2 2>/dev/null >"$tmp/cli.out"
[ "$(sed -n 's/^generated [0-9]*: \([^ ]*\) .*/\1/p' "$tmp/c.out")" = "$(cat "$tmp/cli.out")" ] ||
  fail "the C API's puzzles differ from sudokit generate --seed 7 --count 2"

# C++, find_package.
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
env -u CMAKE_CXX_COMPILER_LAUNCHER cmake -S "$tmp/examples/cpp-cmake" -B "$tmp/cpp-build" "${generator[@]}" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$tmp/cmake.log" 2>&1 ||
  { cat "$tmp/cmake.log" >&2; fail "the C++ example does not configure"; }
grep -q "^sudokit_DIR:PATH=$prefix/" "$tmp/cpp-build/CMakeCache.txt" || fail "find_package did not take the prefix's package"
cmake --build "$tmp/cpp-build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log" >&2; fail "the C++ example does not build"; }
outside_tree "$tmp/cpp-build/compile_commands.json"
"$tmp/cpp-build/grade_and_hint" >"$tmp/cpp.out"
expect_line "$tmp/cpp.out" "pencil marks: ER 3.0 EP 2.3 ED 2.3 hard"
expect_line "$tmp/cpp.out" "hint: Naked Single (naked-single, 2.3); step unavailable"
"$prefix/bin/sudokit" generate --seed 7 --count 3 --symmetry rot180 2>/dev/null >"$tmp/cli3.out"
[ "$(sed -n 's/^generated: //p' "$tmp/cpp.out")" = "$(cat "$tmp/cli3.out")" ] ||
  fail "the C++ example's puzzles differ from sudokit generate --seed 7 --count 3 --symmetry rot180"

# The installed command reads PDFs with the installed PDF reader module
# (book/src/pdf_reader.hpp), found beside it, never the build's.
reader=$(find "$prefix" -name sudokit-pdf-reader.so)
[ -n "$reader" ] || fail "the PDF reader module is not installed"
"$prefix/bin/sudokit" render 4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4...... \
  --format pdf --out "$tmp/one.pdf" 2>"$tmp/render.err" || { cat "$tmp/render.err" >&2; fail "sudokit render failed"; }
LD_DEBUG=libs "$prefix/bin/sudokit" preflight "$tmp/one.pdf" >"$tmp/preflight.out" 2>"$tmp/preflight.err" || true
grep -q "PDF reader module\|not a PDF" "$tmp/preflight.err" && { cat "$tmp/preflight.err" >&2; fail "the installed preflight cannot read a PDF"; }
grep -qF "calling init: $(realpath "$reader")" "$tmp/preflight.err" ||
  { grep -F sudokit-pdf-reader "$tmp/preflight.err" >&2; fail "preflight did not load the installed PDF reader module"; }
echo "consumers_test: both consumers built and ran against $prefix only"
