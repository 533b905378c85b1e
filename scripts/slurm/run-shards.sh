#!/usr/bin/env bash
# Submits a stage's work as a Slurm job array of N shards
# (scripts/slurm/shard.sbatch) and a merge job that runs once every shard
# has succeeded, waits for the merge and prints where the tables are.
#
# Usage: scripts/slurm/run-shards.sh BIN OUT STAGE N [sbatch flags --] [run flags...]
#   e.g. scripts/slurm/run-shards.sh bin/cubecensus /scratch/cosets cosets 1000 --cosets 0:100000 --bound 20
#        scripts/slurm/run-shards.sh bin/cubecensus /scratch/stm upperface 8 --upperface-metrics STM --upperface-continue-from results
# sbatch flags (a partition, an account, --cpus-per-task) go before a "--".
set -euo pipefail
usage="usage: run-shards.sh BIN OUT STAGE N [sbatch flags --] [run flags...]"
bin=$(realpath "${1:?$usage}")
out=${2:?$usage}
stage=${3:?$usage}
n=${4:?$usage}
shift 4
sbatch_flags=()
if [[ " $* " == *" -- "* ]]; then
  while [ "$1" != "--" ]; do sbatch_flags+=("$1"); shift; done
  shift
fi
here=$(dirname "$(realpath "$0")")
mkdir -p "$out"
out=$(realpath "$out")
array=$(sbatch --parsable --array="0-$((n - 1))" --job-name="cubecensus-$stage" --chdir="$out" "${sbatch_flags[@]}" \
  "$here/shard.sbatch" "$bin" "$out" "$stage" "$@")
echo "run-shards.sh: job array $array, $n shards of the $stage stage" >&2
sbatch --parsable --wait --dependency="afterok:$array" --job-name=cubecensus-merge --chdir="$out" \
  --output=merge-%j.log "${sbatch_flags[@]}" \
  --wrap="'$bin' merge --out '$out/merged' '$out'/shard-*/" >/dev/null
echo "$out/merged"
