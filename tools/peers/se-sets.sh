#!/usr/bin/env bash
# Make the puzzle lists the Sudoku Explainer references rate for the variant grader
# (issue #48): per geometry a calibration list (carried in the repository once rated)
# and a held-out list (kept outside it until the grader exists), from two seeds, no two
# puzzles of either list isomorphic (same global id under `sudokit canon --geometry G`).
# Then writes the job files of tools/peers/se-rate.py.
#
#   tools/peers/se-sets.sh SUDOKIT OUT
#
# SUDOKIT is the sudokit binary (build/release/tools/sudokit); OUT receives, per
# geometry G (commas and colons written as '_' in file names):
#   cal-G.txt, held-G.txt    `sudokit generate --geometry G` lines (puzzle solution G)
#   cal.jobs, held.jobs      GEOMETRY INPUT OUTPUT lines for se-rate.py --jobs
# The seeds and counts are below; the same binary makes the same lists.
set -euo pipefail

if [[ $# -ne 2 ]]; then
    echo "usage: $0 SUDOKIT OUT" >&2
    exit 2
fi
sudokit=$1
mkdir -p "$2"
out=$(cd "$2" && pwd)

cal_seed=4801
held_seed=4802
# geometry calibration-count held-out-count
sets=(
    "x 30 100"
    "windows 30 100"
    "disjoint 30 100"
    "centre-dot 30 100"
    "girandola 30 100"
    "asterisk 30 100"
    "anti-knight 30 100"
    "anti-king 30 100"
    "anti-knight,toroidal 30 100"
    "anti-king,toroidal 30 100"
    "nc 30 100"
    "6x6 200 500"
    "6x6:3x2 200 500"
    "16x16 20 100"
)

: >"$out/cal.jobs.tmp"
: >"$out/held.jobs.tmp"
# pick GEOMETRY SEED COUNT SEEN OUT: generate 2*COUNT puzzles of SEED and keep in OUT the
# first COUNT whose global id is neither in the file SEEN nor kept before; add their ids
# to SEEN.
pick() {
    local geometry=$1 seed=$2 count=$3 seen=$4 dest=$5
    "$sudokit" generate --geometry "$geometry" --seed "$seed" --count $((count * 2)) \
        2>/dev/null >"$dest.all"
    "$sudokit" canon --geometry "$geometry" "$dest.all" | awk '{print $2}' >"$dest.ids"
    paste -d ' ' "$dest.ids" "$dest.all" |
        awk -v n="$count" 'FILENAME == ARGV[1] { seen[$1] = 1; next }
            !($1 in seen) && kept < n { seen[$1] = 1; kept++; print }' "$seen" - >"$dest.kept"
    awk '{print $1}' "$dest.kept" >>"$seen"
    cut -d ' ' -f 2- "$dest.kept" >"$dest"
    rm -f "$dest.all" "$dest.ids" "$dest.kept"
    local got
    got=$(wc -l <"$dest")
    if [[ $got -ne $count ]]; then
        echo "$0: $geometry: only $got distinct puzzles for $dest" >&2
        exit 1
    fi
}

for entry in "${sets[@]}"; do
    read -r geometry cal_count held_count <<<"$entry"
    name=${geometry//[,:]/_}
    seen="$out/$name.ids"
    : >"$seen"
    pick "$geometry" "$cal_seed" "$cal_count" "$seen" "$out/cal-$name.txt"
    pick "$geometry" "$held_seed" "$held_count" "$seen" "$out/held-$name.txt"
    rm -f "$seen"
    echo "$geometry $out/cal-$name.txt $out/cal-$name.tsv" >>"$out/cal.jobs.tmp"
    echo "$geometry $out/held-$name.txt $out/held-$name.tsv" >>"$out/held.jobs.tmp"
    echo "$geometry: $cal_count calibration (seed $cal_seed), $held_count held-out (seed $held_seed)" >&2
done
mv "$out/cal.jobs.tmp" "$out/cal.jobs"
mv "$out/held.jobs.tmp" "$out/held.jobs"
