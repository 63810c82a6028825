#!/usr/bin/env bash
# Regenerates the results tables of docs/BENCHMARKS.md (the part between its
# "results" markers): builds sudokit and sudokit-bench (release preset), runs
# `sudokit-bench --runs N solver generator grader hints books db`, rates the
# Sukaku Explainer sets with `sudokit grade --compare`, measures the npm
# package when build/web/package exists, and writes one table per area, each
# row with the command, the peer timed in the same run, the ratio, the date
# and the machine (CPU, cores, load average when the run started).
#   tools/bench/report.sh [--runs N] [--quick] [--no-build]
# Peers, each optional (a row without its peer says so):
#   qqwing on PATH (Debian's package)       generator and solver ratios
#   SUDOKIT_TDOKU=PATH  a driver printing tdoku's count per line
#                       (tools/bench/tdoku_count.cpp; docs/BENCHMARKS.md)
# The raw output of every command goes to build/release/bench-report.log.
set -euo pipefail
cd "$(dirname "$0")/../.."

runs=5 quick=() build=1
while [ $# -gt 0 ]; do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --quick) quick=(--quick); shift ;;
    --no-build) build=0; shift ;;
    -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "report.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "report.sh: --runs takes a whole number from 1" >&2; exit 2 ;; esac

doc=docs/BENCHMARKS.md
begin='<!-- results: written by tools/bench/report.sh; edit the script, not the tables -->'
end='<!-- end of results -->'
grep -qxF "$begin" "$doc" && grep -qxF "$end" "$doc" || { echo "report.sh: $doc has no results markers" >&2; exit 1; }

if [ "$build" = 1 ]; then
  tools/setup.sh release --target sudokit --target sudokit-bench >&2
fi
bin=build/release/tools
log=build/release/bench-report.log
: > "$log"

cpu="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1 | sed 's/([^)]*)//g; s/  */ /g; s/ CPU.*//; s/ Processor//')"
load="$(cut -d' ' -f1 /proc/loadavg)"
machine="$(nproc)-core ${cpu:-CPU}, load $load"
awk -v l="$load" -v n="$(nproc)" 'BEGIN { exit !(l >= n) }' && machine="$machine (under load)"
when="$(date -u '+%Y-%m-%d %H:%M')"
commit="$(git rev-parse --short HEAD 2>/dev/null || echo 'not a git checkout')"
at="$when UTC, $machine"

echo "report.sh: sudokit-bench --runs $runs ${quick[*]} (raw output: $log)" >&2
bench_args=(--runs "$runs" "${quick[@]}" solver generator grader hints books db)
"$bin/sudokit-bench" "${bench_args[@]}" | tee -a "$log" > build/release/bench-report.bench

# grade --compare on Sukaku Explainer's ratings, whole process, timed.
compare() {  # FILE -> "rated exact ±0.3 EP ED spearman seconds"
  local start stop out
  start=$(date +%s.%N)
  out="$("$bin/sudokit" grade --compare --threads "$(nproc)" "$1" 2>>"$log")"
  stop=$(date +%s.%N)
  printf '%s\n' "$out" >> "$log"
  printf '%s\n' "$out" | awk -v s="$(echo "$stop - $start" | bc)" '$1 == "all" { print $3, $4, $5, $6, $7, $8, s; exit }'
}
echo "report.sh: grade --compare on the Sukaku Explainer sets" >&2
cal="$(compare data/se_rated_calibration.tsv)"
pm="$(compare data/se_rated_pencilmarks.tsv)"

# One table row per bench line "  what  rate unit  note" of the sections
# whose header matches $1; peer and ratio come from the note.
rows() {
  awk -v pat="$1" -v cmd="$2" -v at="$at" '
    /^[^ ]/ { on = ($0 ~ pat); subject = $0; sub(/^[a-z]+: /, "", subject); sub(/ \(.*/, "", subject); next }
    on && /^  / && !/kernel:/ {
      line = substr($0, 3)
      what = substr(line, 1, 58); sub(/ +$/, "", what)
      if (what !~ /,/) what = subject ": " what
      rest = substr(line, 60); sub(/^ +/, "", rest)
      split(rest, f, "  ")
      figure = f[1]; note = ""
      for (i = 2; i in f; i++) if (f[i] != "") note = note (note == "" ? "" : "  ") f[i]
      peer = "none"; ratio = ""
      if (match(note, /(qqwing|tdoku) [0-9]+\/s/)) {
        peer = substr(note, RSTART, RLENGTH)
        r = note; sub(/.*ratio /, "", r); ratio = "**" r "**"; sub(/x \(/, "x** (", ratio); sub(/\*\*$/, "", ratio)
        note = ""
      } else if (match(note, /baseline/)) {
        peer = "none"
      }
      gsub(/\|/, "\\|", what); gsub(/\|/, "\\|", note)
      n = split(figure, g, " "); num = g[1]; unit = ""
      for (i = 2; i <= n; i++) unit = unit " " g[i]
      if (num ~ /^[0-9]+$/ && length(num) > 3) {
        out = ""; while (length(num) > 3) { out = "," substr(num, length(num) - 2) out; num = substr(num, 1, length(num) - 3) } num = num out
      }
      printf "| %s | %s%s%s | %s | %s | `%s` | %s |\n", what, num, unit, (note == "" ? "" : "; " note), peer, (ratio == "" ? "" : ratio), cmd, at
    }' build/release/bench-report.bench
}

# sudokit grids --report per method, with and without --scramble.
grid_count=1000000
[ ${#quick[@]} -gt 0 ] && grid_count=100000
grid_rows() {
  local m s out
  for m in backtrack box-permutation digit-box relabel; do
    for s in "" --scramble; do
      out="$("$bin/sudokit" grids --method "$m" $s --count "$grid_count" --report 2>>"$log")"
      local cmd="sudokit grids --method $m${s:+ $s} --count $grid_count --report"
      printf '%s\n' "$out" >> "$log"
      printf '%s\n' "$out" | awk -v m="$m" -v s="${s:-no}" -v cmd="$cmd" -v at="$at" '
        /^grids per second/ { cpu = $0; sub(/.*; /, "", cpu); sub(/ per CPU second.*/, "", cpu) }
        /^distinct grids/ { distinct = $3 }
        /^essentially different/ { forms = $3 }
        /^cell chi-square/ { chi = $4 " / " $6; sub(/,/, "", chi); sub(/ \(.*/, "", chi) }
        function commas(n,  out) { out = ""; while (length(n) > 3) { out = "," substr(n, length(n) - 2) out; n = substr(n, 1, length(n) - 3) } return n out }
        END { printf "| `%s` | %s | %s | %s | %s | %s | `%s` | %s |\n", m, (s == "no" ? "no" : "yes"), commas(cpu), commas(distinct), commas(forms), chi, cmd, at }'
    done
  done
}

header='| case | figure | peer, same run | ratio (ours/peer; CPU time) | command | when, machine |
|---|---|---|---|---|---|'
bench="sudokit-bench --runs $runs${quick:+ --quick}"
tdoku_note="SUDOKIT_TDOKU not set: no tdoku rows"
[ -n "${SUDOKIT_TDOKU:-}" ] && tdoku_note="tdoku: \`SUDOKIT_TDOKU\` = the driver built as below"
command -v qqwing >/dev/null && qq="qqwing $(qqwing --version 2>/dev/null | head -1 | awk '{print $NF}')" || qq="qqwing not installed: no qqwing ratios"

npm_rows() {
  local pkg=build/web/package
  if [ ! -f "$pkg/index.js" ]; then
    echo "| npm package, code size and load time | not measured: $pkg absent (\`tools/setup.sh web\` builds it) | none | | | $at |"
    return
  fi
  local files bytes gz ms
  files=$(find "$pkg" -maxdepth 1 -type f \( -name '*.js' -o -name '*.mjs' -o -name '*.wasm' \) | sort)
  bytes=$(cat $files | wc -c)
  gz=$(cat $files | gzip -9 | wc -c)
  ms=$(cd "$pkg" && for i in 1 2 3 4 5 6 7 8 9; do
         node --input-type=module -e "const t=performance.now(); const m=await import('./index.js'); if (m.load) await m.load(); console.log((performance.now()-t).toFixed(1))"
       done 2>>"../../../$log" | sort -n | sed -n 5p)
  echo "| npm package, code (the .js and .wasm files of the package) | $bytes bytes, $gz gzipped | none | | \`cat build/web/package/*.{js,mjs,wasm} \\| gzip -9 \\| wc -c\` | $at |"
  echo "| npm package, \`import\` then \`load()\` in Node $(node --version) | median of 9: $ms ms | none | | \`node -e 'await import(...); await load()'\` | $at |"
}

{
  echo "$begin"
  echo
  echo "Written by \`tools/bench/report.sh --runs $runs${quick:+ --quick}\` at $commit, $when UTC, on a $machine"
  echo "(the 1-minute load average when the run started; at or above the core count the figures are taken under"
  echo "load, the other jobs' share of the CPU taken from ours: compare the ratios of one run, not absolute rates"
  echo "across runs). Peers: $qq; $tdoku_note."
  echo
  echo "### Solver (count to 2, the uniqueness check)"
  echo
  echo "$header"
  rows '^solver' "${SUDOKIT_TDOKU:+SUDOKIT_TDOKU=driver }$bench solver"
  echo
  echo "### Generator"
  echo
  echo "$header"
  rows '^generator' "$bench generator"
  echo
  echo "### Grid methods"
  echo
  echo "Grids made in memory, one thread, not printed; \"essentially different\" counts distinct canonical forms, the chi-square is each cell's digit counts against uniform (8 degrees of freedom: about 8 on average, up to about 25 over 81 cells for a uniform source)."
  echo
  echo "| method | \`--scramble\` | grids per CPU second | distinct grids (of $(echo "$grid_count" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')) | essentially different | cell chi-square mean / max | command | when, machine |"
  echo "|---|---|---|---|---|---|---|---|"
  grid_rows
  echo
  echo "### Grader against Sukaku Explainer"
  echo
  echo "Agreement with the ratings Sukaku Explainer 1.18.1 gives ([data/README.md](../data/README.md)); speed of the grader alone."
  echo
  echo "| case | figure | peer | agreement | command | when, machine |"
  echo "|---|---|---|---|---|---|"
  set -- $cal
  echo "| SE calibration set, 2,020 puzzles, whole process | $1 rated in $(printf '%.1f' "$7") s on $(nproc) threads | Sukaku Explainer's ER/EP/ED | ER exact $2, within 0.3 $3, EP exact $4, ED exact $5, Spearman $6 | \`sudokit grade --compare --threads $(nproc) data/se_rated_calibration.tsv\` | $at |"
  set -- $pm
  echo "| SE pencil-mark positions, 700, whole process | $1 rated in $(printf '%.1f' "$7") s on $(nproc) threads | Sukaku Explainer's ER/EP/ED | ER exact $2, within 0.3 $3, EP exact $4, ED exact $5, Spearman $6 | \`sudokit grade --compare --threads $(nproc) data/se_rated_pencilmarks.tsv\` | $at |"
  rows '^grader' "$bench grader"
  echo
  echo "### Hints"
  echo
  echo "$header"
  rows '^hints' "$bench hints"
  echo
  echo "### Store"
  echo
  echo "$header"
  rows '^db' "$bench db"
  echo
  echo "### Books"
  echo
  echo "$header"
  rows '^books' "$bench books"
  echo
  echo "### npm package"
  echo
  echo "$header"
  npm_rows
  echo
  echo "$end"
} > build/release/bench-report.md

# Replace the block between the markers, keep the rest of the page.
awk -v begin="$begin" -v end="$end" -v table=build/release/bench-report.md '
  $0 == begin { while ((getline l < table) > 0) print l; skip = 1; next }
  $0 == end { skip = 0; next }
  !skip { print }' "$doc" > "$doc.tmp"
mv "$doc.tmp" "$doc"
echo "report.sh: wrote the results of $doc" >&2
