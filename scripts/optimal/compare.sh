#!/usr/bin/env bash
# Times cubecensus's optimal solver (HTM) and two of the optimal solvers
# issue 11 names, on this machine, on the same random cubes (the random
# stage's draw), each with both cores: vcube (a checkout of
# github.com/Voltara/vcube, built with clang as its CMakeLists.txt does;
# one cube per core, so that with few cubes its slowest dominates) and
# nissy's H48 (a checkout of
# github.com/sebastianotronto/nissy-core; one cube on both cores, as
# cubecensus). Each generates its tables in its checkout on first use
# (vcube 208: 7.3 GiB, 18 minutes on an Intel Xeon of 2 cores; nissy's
# h48h7: 3.6 GiB, about 2 hours there); cubecensus uses the largest table
# --mem-budget holds, from its cache. The time a cube is the wall time of
# solving all the cubes, tables loaded before, over their number.
# Usage: scripts/optimal/compare.sh [-n CUBES] [-b MEM_BUDGET] [-v VCUBE_CHECKOUT -c COORD] [-h NISSY_CHECKOUT -s SOLVER]
set -euo pipefail
cd "$(dirname "$0")/../.."
n=20 budget=16GiB vcube= coord=208 nissy= h48=h48h7
while getopts n:b:v:c:h:s: opt; do
  case $opt in
    n) n=$OPTARG ;; b) budget=$OPTARG ;; v) vcube=$OPTARG ;; c) coord=$OPTARG ;;
    h) nissy=$OPTARG ;; s) h48=$OPTARG ;;
    *) echo "usage: $0 [-n CUBES] [-b MEM_BUDGET] [-v VCUBE_CHECKOUT -c COORD] [-h NISSY_CHECKOUT -s SOLVER]" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s build
go run ./scripts/randomcubes -n "$n" -seed 20261124 -format moves > "$tmp/cubes.txt"
head -1 "$tmp/cubes.txt" > "$tmp/one.txt"

# cubecensus: the whole file less one cube's run (starting and loading the
# table), after a run that warms the page cache.
./bin/cubecensus solve --optimal --mem-budget "$budget" --file "$tmp/one.txt" > /dev/null 2>&1
t0=$(date +%s.%N); ./bin/cubecensus solve --optimal --mem-budget "$budget" --file "$tmp/one.txt" > /dev/null 2>&1; t1=$(date +%s.%N)
./bin/cubecensus solve --optimal --mem-budget "$budget" --file "$tmp/cubes.txt" > "$tmp/ours" 2> /dev/null; t2=$(date +%s.%N)
awk -v a="$t0" -v b="$t1" -v c="$t2" -v n="$n" -v budget="$budget" -F'[()f*]' '
  { moves += $2 } END { printf "cubecensus (--mem-budget %s): %.2f s a cube, %.2f face turns, %d cubes\n", budget, ((c-b)-(b-a))/(n-1), moves/NR, NR }' "$tmp/ours"

if [ -n "$vcube" ]; then
  [ -f "$vcube/src/nxsolve.h" ] || { echo "$0: $vcube/src/nxsolve.h not found: not a vcube checkout" >&2; exit 2; }
  # Its CMake build as its CMakeLists.txt sets it (Release, clang), without the tests' CppUTest.
  (cd "$vcube" && clang++ -O3 -DNDEBUG -mlzcnt -mbmi -mbmi2 -mavx2 -flax-vector-conversions -std=c++17 \
    src/alloc.cpp src/cube.cpp src/nxprune.cpp src/nxsolve.cpp src/util.cpp src/vc-optimal.cpp -lpthread -o vc-optimal-cubecensus)
  # Its "Total time" leaves out reading or generating its table.
  (cd "$vcube" && ./vc-optimal-cubecensus --coord="$coord" --workers 2 --ordered < "$tmp/cubes.txt" > "$tmp/vcube" 2> "$tmp/vcube.err")
  awk -v n="$n" -v coord="$coord" '/^Total time/ { t = $3 } END { printf "vcube %s: %.2f s a cube, ", coord, t/n }' "$tmp/vcube.err"
  awk '{ moves += $3 } END { printf "%.2f face turns, %d cubes\n", moves/NR, NR }' "$tmp/vcube"
fi

if [ -n "$nissy" ]; then
  [ -f "$nissy/src/solvers/h48/h48.h" ] || { echo "$0: $nissy/src/solvers/h48/h48.h not found: not a nissy-core checkout" >&2; exit 2; }
  # Its tool target builds nissy, then generates the table if missing; its
  # "Total time" is the solving alone.
  (cd "$nissy" && THREADS=2 ./build.sh tool solve_file "$h48" "$tmp/cubes.txt" > "$tmp/nissy" 2> /dev/null)
  awk -v n="$n" -v s="$h48" '/^Total time/ { sub("s$", "", $3); t = $3 } END { printf "nissy %s: %.2f s a cube, %d cubes\n", s, t/n, n }' "$tmp/nissy"
fi
