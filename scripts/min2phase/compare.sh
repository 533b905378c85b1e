#!/usr/bin/env bash
# Times cubecensus's two-phase solver and min2phase (Java; a checkout of
# github.com/cs0x7f/min2phase given as the first argument) on the same
# random cubes, one thread each, warm tables, stopping at the first
# solution of at most 20 and at most 21 face turns (issue 11's comparison).
# Usage: scripts/min2phase/compare.sh MIN2PHASE_CHECKOUT [CUBES]
set -euo pipefail
cd "$(dirname "$0")/../.."
m2p=${1:?usage: $0 MIN2PHASE_CHECKOUT [CUBES]}
n=${2:-2000}
[ -f "$m2p/src/Search.java" ] || { echo "$0: $m2p/src/Search.java not found: not a min2phase checkout" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go run ./scripts/randomcubes -n "$n" -seed 13 > "$tmp/cubes.txt"
head -1 "$tmp/cubes.txt" > "$tmp/one.txt"
make -s build
javac -d "$tmp/classes" "$m2p"/src/*.java scripts/min2phase/Time.java
for len in 20 21; do
  java -cp "$tmp/classes" Time "$tmp/cubes.txt" "$len"
  # The process's wall time for all the cubes less that for one (start-up
  # and loading the tables), after a run that warms the page cache.
  ./bin/cubecensus solve --workers 1 --max-length "$len" --file "$tmp/cubes.txt" > /dev/null 2>&1
  t0=$(date +%s.%N); ./bin/cubecensus solve --workers 1 --max-length "$len" --file "$tmp/one.txt" > /dev/null 2>&1; t1=$(date +%s.%N)
  ./bin/cubecensus solve --workers 1 --max-length "$len" --file "$tmp/cubes.txt" > "$tmp/out" 2> /dev/null; t2=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$n" -v len="$len" -F'[()f]' '
    { moves += $2 } END {
      printf "cubecensus, at most %d moves: %.3f ms a cube, %.2f moves, %d cubes\n", len, ((c-b)-(b-a))*1000/(n-1), moves/NR, NR }' "$tmp/out"
done
