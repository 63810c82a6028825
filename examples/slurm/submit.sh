#!/usr/bin/env bash
# Submits the sharded run and its merge, which starts when every task of the
# array has ended (afterany: a failed task does not leave it pending for
# ever) and merges only if every shard is complete (merge.sbatch). Settings as in generate.sbatch and
# merge.sbatch, passed on to both jobs, e.g.
#   COUNT=10000000 TARGET="--level expert" OUT=/scratch/shards FINAL=/data/expert.db ./submit.sh
# With SUDOKIT_DB (a PostgreSQL store) the tasks write it directly and there
# is nothing to merge:
#   SUDOKIT_DB=postgresql://sudokit@db.example.org/puzzles ./submit.sh
set -euo pipefail
cd "$(dirname "$0")"
export SUDOKIT="${SUDOKIT:-sudokit}" SHARDS="${SHARDS:-16}" COUNT="${COUNT:-1000000}" SEED="${SEED:-20261125}" \
  TARGET="${TARGET:---level hard}" OUT="${OUT:-shards}" FINAL="${FINAL:-puzzles.db}"
# Task ids 0 to SHARDS-1 are the shard numbers (generate.sbatch: --shard auto/SHARDS).
array=$(sbatch --parsable --array="0-$((SHARDS - 1))" --export=ALL generate.sbatch)
[ -n "${SUDOKIT_DB:-}" ] || sbatch --dependency="afterany:${array%%;*}" --export=ALL merge.sbatch
