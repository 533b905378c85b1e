#!/usr/bin/env bash
# Submits a range of cosets of H as a Slurm job array of N shards
# (scripts/slurm/cosets.sbatch) and a merge job that runs once every shard
# has succeeded, waits for the merge and prints where the tables are.
#
# Usage: scripts/slurm/run-cosets.sh BIN OUT FIRST:COUNT N [sbatch flags --] [run flags...]
#   e.g. scripts/slurm/run-cosets.sh bin/cubecensus /scratch/cosets 0:100000 1000 --bound 20
# sbatch flags (a partition, an account, --cpus-per-task) go before a "--".
set -euo pipefail
bin=$(realpath "${1:?usage: run-cosets.sh BIN OUT FIRST:COUNT N [sbatch flags --] [run flags...]}")
out=${2:?}
range=${3:?}
n=${4:?}
shift 4
sbatch_flags=()
if [[ " $* " == *" -- "* ]]; then
  while [ "$1" != "--" ]; do sbatch_flags+=("$1"); shift; done
  shift
fi
here=$(dirname "$(realpath "$0")")
mkdir -p "$out"
out=$(realpath "$out")
array=$(sbatch --parsable --array="0-$((n - 1))" --chdir="$out" "${sbatch_flags[@]}" \
  "$here/cosets.sbatch" "$bin" "$out" "$range" "$@")
echo "run-cosets.sh: job array $array, $n shards of cosets $range" >&2
sbatch --parsable --wait --dependency="afterok:$array" --job-name=cubecensus-merge --chdir="$out" \
  --output=merge-%j.log "${sbatch_flags[@]}" \
  --wrap="'$bin' merge --out '$out/merged' '$out'/shard-*" >/dev/null
echo "$out/merged"
