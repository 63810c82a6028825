#!/bin/sh
# The solver's wide kernels (solver/src/solve.cpp) must not leak: a function
# that the linker may share between translation units (a weak symbol: an
# inline function or template instantiated out of line) compiled for AVX2 or
# AVX-512 could stand in for the baseline copy elsewhere and stop the
# program on a CPU without those instructions. So no weak symbol defined in
# solve.cpp's object may hold a VEX or EVEX instruction (the baseline,
# x86-64-v2, has none) or a BMI one.
# Usage: kernel_linkage.sh LIBSUDOKIT_SOLVER.a
set -eu
lib=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
ar x "$lib" solve.cpp.o
weak=$(nm solve.cpp.o | awk '$2 == "W" || $2 == "w" { print $3 }')
kernels=$(nm solve.cpp.o | grep -c 'avx512' || true)
if [ "$kernels" -eq 0 ]; then
  echo "solve.cpp.o has no avx512 kernel: nothing to check (is this an x86-64 GCC build?)" >&2
  exit 1
fi
objdump -d --no-show-raw-insn solve.cpp.o > code.txt
bad=0
wide='%ymm|%zmm|\{%k[0-7]\}|[[:space:]](v[a-z0-9]+|shlx|shrx|sarx|rorx|pext|pdep|bzhi|andn|blsr|blsi|blsmsk|mulx)[[:space:]]'
for sym in $weak; do
  # The symbol's instructions: from its label to the next one.
  awk -v s="<$sym>:" '$2 == s { on = 1; next } /^[0-9a-f]+ </ { on = 0 } on' code.txt > body.txt
  if grep -Eq "$wide" body.txt; then
    echo "weak symbol $sym in solve.cpp.o holds wide instructions:" >&2
    grep -E "$wide" body.txt | head -3 >&2
    bad=1
  fi
done
[ "$bad" -eq 0 ] || exit 1
echo "$(echo "$weak" | grep -c . || true) weak symbols in solve.cpp.o, none with wide instructions"
