#!/usr/bin/env bash
# Runs every libFuzzer target of the fuzz preset (build it first:
# tools/setup.sh fuzz) for SECONDS each, two targets at a time, from the
# committed seed corpus tests/fuzz/corpus/<target>/ plus what earlier runs
# found (build/fuzz/corpus/<target>/). Fixed seed; a per-input time limit
# catches hangs. Fails when any target reports a crash, a sanitizer error, a
# broken invariant, a leak, a timeout or running out of memory, and prints
# how to reproduce it; otherwise prints executions and corpus size per target.
#   tools/fuzz.sh [SECONDS] [TARGET...]    default 60 s, every target
# The long campaign (docs/RELIABILITY.md): tools/fuzz.sh 3600
set -euo pipefail
cd "$(dirname "$0")/.."

seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(text_reader solver grader canonical db_import options position capi)
bin=build/fuzz/tests/fuzz
out=build/fuzz/runs
mkdir -p "$out"

run_one() {
  local t="$1" seconds="$2" bin="$3" out="$4"
  mkdir -p "build/fuzz/corpus/$t" "$out/$t-artifacts"
  rm -f "$out/$t-artifacts"/*
  # New inputs go to the first directory only; the committed seeds stay as they are.
  if "$bin/fuzz_$t" -seed=1 -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2560 -print_final_stats=1 \
       -artifact_prefix="$out/$t-artifacts/" "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" >"$out/$t.log" 2>&1; then
    local execs corpus
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$t.log")
    corpus=$(ls "build/fuzz/corpus/$t" "tests/fuzz/corpus/$t" | wc -l)
    echo "fuzz $t: ${execs:-?} executions in $seconds s, no failure (corpus: $corpus inputs)"
  else
    echo "fuzz $t: FAILED (log: $out/$t.log)"
    grep -E 'ERROR|invariant broken|runtime error|SUMMARY' "$out/$t.log" | head -5
    for a in "$out/$t-artifacts"/*; do
      [ -e "$a" ] && echo "  reproduce: $bin/fuzz_$t $a   (or build/release/tests/fuzz/fuzz_${t}_replay $a)"
    done
    return 1
  fi
}
export -f run_one

printf '%s\n' "${targets[@]}" | nice -n 10 xargs -P 2 -I{} bash -c 'run_one "$@"' _ {} "$seconds" "$bin" "$out"
