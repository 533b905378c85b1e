#!/usr/bin/env bash
# make test's Slurm step: starts a single-node Slurm in a temporary folder
# (scripts/slurm/start.sh, installing it if need be), runs the Go test that
# submits small cosets, upperface, centers and census job arrays through
# scripts/slurm/run-shards.sh and compares the merged shards with the same
# work done in one process, and stops the daemons whatever happened.
#
# Usage: scripts/slurm/test.sh BIN
set -euo pipefail
bin=$(realpath "${1:?usage: scripts/slurm/test.sh BIN}")
here=$(dirname "$(realpath "$0")")
dir=$(mktemp -d /tmp/cubecensus-slurm.XXXXXX)
trap '"$here/stop.sh" "$dir"' EXIT
eval "$("$here/start.sh" "$dir")"
cd "$here/../.."
CUBECENSUS_SLURM="$dir" CUBECENSUS_BIN="$bin" go test -count=1 -run '^TestSlurmJobArray$' -v ./pipelines
