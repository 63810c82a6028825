#!/usr/bin/env bash
# Build the Sudoku Explainer references used to check sudokit's grader (outside the
# repository; their code never enters it). See docs/GRADING.md "The reference raters".
#
#   tools/peers/build-se.sh SRC OUT
#
# SRC holds four checkouts, each under this name:
#   SukakuExplainer          github.com/SudokuMonster/SukakuExplainer (9x9, the variant flags)
#   Sukaku6x6Explainer       github.com/1to9only/Sukaku6x6Explainer
#   Sudoku16x16Explainer     github.com/1to9only/Sudoku16x16Explainer
#   1to9only-SukakuExplainer github.com/1to9only/SukakuExplainer (only its json-simple and
#                            flatlaf sources, which the 6x6 and 16x16 explainers need)
# OUT receives se/, se6/ and se16/, each a class folder (java -cp OUT/se ...) with the
# resources the programs load. Point SUDOKIT_SE, SUDOKIT_SE6 and SUDOKIT_SE16 at them.
# Needs javac 17 or later. Each build is checked by asking serate for its version.
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 SRC OUT" >&2
    exit 2
fi
src=$(cd "$1" && pwd)
mkdir -p "$2"
out=$(cd "$2" && pwd)

need() {
    if [[ ! -d "$src/$1/diuf" && ! -d "$src/$1/$2" ]]; then
        echo "$0: $src/$1 is missing or holds no $2 (see the header of this script)" >&2
        exit 1
    fi
}
need SukakuExplainer diuf
need Sukaku6x6Explainer diuf
need Sudoku16x16Explainer diuf
need 1to9only-SukakuExplainer org/json/simple
need 1to9only-SukakuExplainer com/formdev/flatlaf

# build NAME ROOT:DIR... : compile every .java under ROOT/DIR into OUT/NAME.tmp, copy
# every other file there beside the classes (images, html, properties, keeping the path
# below ROOT), then move the folder into place whole.
build() {
    local name=$1
    shift
    local dest="$out/$name"
    local tmp="$dest.tmp"
    rm -rf "$tmp"
    mkdir -p "$tmp"
    local list="$out/$name.sources"
    : >"$list"
    local pair root dir
    for pair in "$@"; do
        root=${pair%%:*}
        dir=${pair#*:}
        find "$root/$dir" -name '*.java' -print >>"$list"
        (cd "$root" && find "$dir" -type f ! -name '*.java' -print0 |
            xargs -0 -r cp --parents -t "$tmp")
    done
    echo "$name: compiling $(wc -l <"$list") sources" >&2
    if ! javac -nowarn -encoding ISO-8859-1 -d "$tmp" @"$list" 2>"$out/$name.log"; then
        cat "$out/$name.log" >&2
        echo "$0: $name did not compile" >&2
        exit 1
    fi
    rm -f "$list" "$out/$name.log"
    rm -rf "$dest"
    mv "$tmp" "$dest"
}

lib="$src/1to9only-SukakuExplainer"
build se "$src/SukakuExplainer:diuf"
build se6 "$src/Sukaku6x6Explainer:diuf" "$lib:org/json/simple" "$lib:com/formdev/flatlaf"
build se16 "$src/Sudoku16x16Explainer:diuf" "$lib:org/json/simple" "$lib:com/formdev/flatlaf"

for name in se se6 se16; do
    printf '%s: ' "$name" >&2
    java -cp "$out/$name" diuf.sudoku.test.serate --version 2>&1 | head -n 1 >&2
done
