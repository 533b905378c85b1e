#!/usr/bin/env bash
# Times cubecensus against the best programs of the field on the same
# random cubes (issue 39), each built here from a checkout of its public
# sources as its README says, tables loaded before the clock, every
# solution checked:
#   two-phase, one thread, the first solution within 20 and within 19 moves
#   (scripts/peers/main.go: rounds alternating between the programs):
#     --rob DIR        github.com/efrantar/rob-twophase (g++ -O3 -march=native)
#     --cube20src DIR  github.com/rokicki/cube20src's twophase (ctangle, then
#                      g++ with its makefile's defines)
#     --min2phase DIR  github.com/cs0x7f/min2phase (javac, with Time.java here)
#   the coset solver, both cores, three cosets in one process each (issue 39's
#   item 5), rounds alternating, wall seconds from /usr/bin/time:
#     --hcoset DIR     github.com/rokicki/cube20src's hcoset (ctangle, g++;
#                      its -r 1000000 3, our classes of the same cosets)
#   optimal, on the random stage's first -o cubes and, with --nissy, on its
#   benchmark scrambles of each length of --lengths (17,18,19: the first
#   --per-length of its 25 cubes each, all by default), with each thread
#   count of --threads (1,2), rounds alternating, lengths compared cube by
#   cube; ours with the table --opt-budget holds
#   (4GiB: the big table, 2.3 GiB; 16GiB, the default: the huge, 13.8 GiB):
#     --nissy DIR      github.com/sebastianotronto/nissy-core's H48 (its
#                      build.sh; --h48 h48h7 by default, 3.5 GiB)
#     --vcube DIR      github.com/Voltara/vcube (clang, as its CMakeLists.txt;
#                      the random cubes, 2 threads)
# The peers' first runs build their tables in their checkouts (rob-twophase
# 676 MB in about a minute, cube20src 737 MB in about 3 minutes, vcube 208
# 7.3 GiB in 18 minutes, nissy's h48h7 3.5 GiB in 2.0 hours).
# Usage: scripts/peers/compare.sh [-n CUBES] [-m CUBES_19] [-r ROUNDS] [-o OPTIMAL_CUBES]
#          [--rob DIR] [--cube20src DIR] [--min2phase DIR] [--hcoset DIR] [--vcube DIR [--coord C]]
#          [--nissy DIR [--h48 SOLVER] [--lengths L,...] [--per-length K]] [--threads T,...] [--opt-budget SIZE] [--opt-table NAME]
set -euo pipefail
cd "$(dirname "$0")/../.."
n=10000 n19=200 rounds=3 nopt=20 rob= c20= m2p= hcoset= vcube= coord=208 nissy= h48=h48h7 lengths=17,18,19 perlength=25 threads=1,2 budget=16GiB table=
usage() { echo "usage: $0 [-n CUBES] [-m CUBES_19] [-r ROUNDS] [-o OPTIMAL_CUBES] [--rob DIR] [--cube20src DIR] [--min2phase DIR] [--hcoset DIR] [--vcube DIR [--coord C]] [--nissy DIR [--h48 SOLVER] [--lengths L,...] [--per-length K]] [--threads T,...] [--opt-budget SIZE] [--opt-table NAME]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case $1 in
    -n) n=$2 ;; -m) n19=$2 ;; -r) rounds=$2 ;; -o) nopt=$2 ;;
    --rob) rob=$2 ;; --cube20src) c20=$2 ;; --min2phase) m2p=$2 ;; --hcoset) hcoset=$2 ;;
    --vcube) vcube=$2 ;; --coord) coord=$2 ;; --nissy) nissy=$2 ;; --h48) h48=$2 ;;
    --lengths) lengths=$2 ;; --per-length) perlength=$2 ;; --threads) threads=$2 ;; --opt-budget) budget=$2 ;; --opt-table) table=$2 ;;
    *) usage ;;
  esac
  shift 2 || usage
done
need() { [ -f "$1/$2" ] || { echo "$0: $1/$2 not found: not a $3 checkout" >&2; exit 2; }; }
commit() { git -C "$1" log -1 --format='%h (%cd)' --date=short 2>/dev/null || echo "unknown commit"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
make -s build
go build -o "$tmp/peers" ./scripts/peers
# Two-phase: only when a two-phase peer is named; optimal: likewise.

args=()
if [ -n "$rob" ]; then
  need "$rob" src/solve.cpp rob-twophase
  (cd "$rob" && g++ -std=c++11 -O3 -march=native -o twophase-cubecensus src/main.cpp src/coord.cpp src/cubie.cpp \
    src/face.cpp src/move.cpp src/prun.cpp src/solve.cpp src/sym.cpp -lpthread)
  args+=(-rob "$rob/twophase-cubecensus")
  echo "rob-twophase $(commit "$rob")"
fi
if [ -n "$c20" ]; then
  need "$c20" twophase.w cube20src
  (cd "$c20" && for w in cubepos kocsymm phase1prune phase2prune twophase; do CWEBINPUTS=. ctangle -bhp $w.w > /dev/null || exit 1; done &&
    g++ -DHALF -DLEVELCOUNTS -DTHREADS -std=c++11 -O3 -march=native -o twophase-cubecensus \
      twophase.cpp phase1prune.cpp phase2prune.cpp kocsymm.cpp cubepos.cpp -lpthread)
  args+=(-cube20src "$c20/twophase-cubecensus")
  echo "cube20src $(commit "$c20")"
fi
if [ -n "$m2p" ]; then
  need "$m2p" src/Search.java min2phase
  javac -d "$tmp/min2phase" "$m2p"/src/*.java scripts/peers/Time.java
  args+=(-min2phase "$tmp/min2phase")
  echo "min2phase $(commit "$m2p")"
fi
if [ ${#args[@]} -gt 0 ]; then
  # Warm-up: each peer builds its tables on its first run, outside the rounds.
  go run ./scripts/randomcubes -n 2 -seed 1 > "$tmp/warm.txt"
  "$tmp/peers" -cubes "$tmp/warm.txt" -rounds 1 "${args[@]}" > /dev/null 2>&1
  go run ./scripts/randomcubes -n "$n" -seed 13 > "$tmp/cubes.txt"
  head -"$n19" "$tmp/cubes.txt" > "$tmp/cubes19.txt"
  echo
  "$tmp/peers" -cubes "$tmp/cubes.txt" -max-length 20 -rounds "$rounds" "${args[@]}"
  echo
  "$tmp/peers" -cubes "$tmp/cubes19.txt" -max-length 19 -rounds "$rounds" "${args[@]}"
fi

if [ -n "$hcoset" ]; then
  need "$hcoset" hcoset.w cube20src
  (cd "$hcoset" && for w in cubepos kocsymm phase1prune hcoset; do CWEBINPUTS=. ctangle -bhp $w.w > /dev/null || exit 1; done &&
    g++ -DHALF -DLEVELCOUNTS -DTHREADS -std=c++11 -O3 -march=native -o hcoset-cubecensus \
      hcoset.cpp phase1prune.cpp kocsymm.cpp cubepos.cpp -lpthread)
  echo "hcoset $(commit "$hcoset")"
  # hcoset's cosets 1000000-1000002 are our classes 113800306, 113800234 and
  # 113800198 (coord.CosetClasses.Of of the coset of each representative it
  # prints; the same positions at each depth to 15). Each side's first run
  # builds or loads its tables into the page cache, outside the rounds.
  classes=113800306,113800234,113800198
  wall() { /usr/bin/time -f %e -o "$tmp/wall" "$@" > "$tmp/log" 2>&1 && cat "$tmp/wall"; }
  (cd "$hcoset" && ./hcoset-cubecensus -q -t 2 -F -r 1000000 1 > /dev/null)
  ./bin/cubecensus run cosets --cosets 113800306:1 --bound 20 --out "$tmp/cosets" > /dev/null 2>&1
  echo
  echo "three cosets within 20 in one process each, wall seconds (hcoset | cubecensus):"
  for r in $(seq "$rounds"); do
    h=$(cd "$hcoset" && wall ./hcoset-cubecensus -q -t 2 -F -r 1000000 3)
    rm -rf "$tmp/cosets"
    c=$(wall ./bin/cubecensus run cosets --cosets "$classes" --bound 20 --out "$tmp/cosets")
    # cosets.arrow: proven is its ninth column, seconds its last.
    each=$(./bin/cubecensus show "$tmp/cosets/cosets.arrow" --format csv |
      awk -F, 'NR > 1 { p += $9 == "true"; printf "%s%.1f", sep, $NF; sep = " + " } END { printf " s, %d of 3 proven", p }')
    echo "round $r: $h | $c ($each) | hcoset / cubecensus $(awk -v h="$h" -v c="$c" 'BEGIN { printf "%.2f", h/c }')"
  done
fi

if [ -n "$vcube$nissy" ]; then
  # Cube sets: the random stage's first -o cubes; with --nissy, also its
  # benchmark scrambles of each length of --lengths (25 cubes each, optimal
  # length that many face turns).
  sets=()
  if [ "$nopt" -gt 0 ]; then
    go run ./scripts/randomcubes -n "$nopt" -seed 20261124 -format moves > "$tmp/opt-random.txt"
    sets+=(random)
  fi
  if [ -n "$nissy" ]; then
    for l in ${lengths//,/ }; do
      need "$nissy" "benchmarks/scrambles/scrambles-$l.txt" nissy-core
      head -n "$perlength" "$nissy/benchmarks/scrambles/scrambles-$l.txt" > "$tmp/opt-$l.txt"
      sets+=("$l")
    done
  fi
  # cubecensus: a warm-up cube first, so that the table is loaded (and the
  # page cache warm) before the clock; the set's seconds are the sum of its
  # cubes' own, from --out. Writes the set's lengths to $tmp/ours-len-SET.
  ours() {
    { echo "D L' D' B2 U2 L F2 D2 R' U' D2 F' L2 F B' L2 D B'"; cat "$tmp/opt-$1.txt"; } > "$tmp/in.txt"
    ./bin/cubecensus solve --optimal --mem-budget "$budget" ${table:+--optimal-table "$table"} --workers "$2" --node-budget 0 --file "$tmp/in.txt" \
      --out "$tmp/ours.arrow" 2> /dev/null | tail -n +2 | sed 's/.*(\([0-9]*\)f\*)$/\1/' > "$tmp/ours-len-$1"
    ./bin/cubecensus show "$tmp/ours.arrow" --format csv | awk -F, 'NR > 2 { t += $NF } END { printf "%.2f", t }'
  }
  # nissy: its solve_file tool, built with THREADS (its build.sh), reads the
  # table before its clock; "Total time" is the solving. Lengths to $tmp/nissy-len.
  nissy() {
    (cd "$nissy" && THREADS=$2 ./build.sh tool solve_file "$h48" "$tmp/opt-$1.txt" > "$tmp/nissy" 2> /dev/null)
    awk '/^Solutions:/ { getline; print NF }' "$tmp/nissy" > "$tmp/nissy-len"
    awk '/^Total time/ { sub("s$", "", $3); printf "%.2f", $3 }' "$tmp/nissy"
  }
  same_lengths() { paste "$1" "$2" | awk '$1 != $2 { d++ } END { print d ? d " lengths differ" : "lengths equal cube by cube" }'; }
  echo
  echo "optimal, s a cube (cubecensus --mem-budget $budget${table:+ --optimal-table $table}${nissy:+ | nissy $h48}), rounds alternating:"
  for r in $(seq "$rounds"); do
    for set in "${sets[@]}"; do
      cubes=$(wc -l < "$tmp/opt-$set.txt")
      for t in ${threads//,/ }; do
        c=$(ours "$set" "$t")
        line="round $r, $set ($cubes cubes), $t thread(s): cubecensus $(awk -v c="$c" -v n="$cubes" 'BEGIN { printf "%.3f", c/n }')"
        line+=" ($(awk '{ s += $1 } END { printf "%.2f", s/NR }' "$tmp/ours-len-$set") face turns)"
        if [ -n "$nissy" ]; then
          h=$(nissy "$set" "$t")
          same=$(same_lengths "$tmp/ours-len-$set" "$tmp/nissy-len")
          [ "$(wc -l < "$tmp/nissy-len")" -eq "$cubes" ] || same="nissy solved $(wc -l < "$tmp/nissy-len") of $cubes"
          line+=" | nissy $(awk -v h="$h" -v n="$cubes" 'BEGIN { printf "%.3f", h/n }'), $same | nissy / cubecensus $(awk -v h="$h" -v c="$c" 'BEGIN { printf "%.2f", h/c }')"
        fi
        echo "$line"
      done
    done
  done
  [ -z "$nissy" ] || echo "nissy-core $(commit "$nissy")"
fi
if [ -n "$vcube" ] && [ "$nopt" -gt 0 ]; then
  need "$vcube" src/nxsolve.h vcube
  (cd "$vcube" && clang++ -O3 -DNDEBUG -mlzcnt -mbmi -mbmi2 -mavx2 -flax-vector-conversions -std=c++17 \
    src/alloc.cpp src/cube.cpp src/nxprune.cpp src/nxsolve.cpp src/util.cpp src/vc-optimal.cpp -lpthread -o vc-optimal-cubecensus)
  # Its "Total time" leaves out reading or generating its table.
  (cd "$vcube" && ./vc-optimal-cubecensus --coord="$coord" --workers 2 --ordered < "$tmp/opt-random.txt" > "$tmp/vcube" 2> "$tmp/vcube.err")
  awk -v n="$nopt" -v coord="$coord" '/^Total time/ { t = $3 } END { printf "vcube %s, random (%d cubes), 2 threads: %.2f s a cube, ", coord, n, t/n }' "$tmp/vcube.err"
  awk '{ moves += $3 } END { printf "%.2f face turns, ", moves/NR }' "$tmp/vcube"
  awk '{ print $3 }' "$tmp/vcube" > "$tmp/vcube-len"
  same_lengths "$tmp/ours-len-random" "$tmp/vcube-len"
  echo "vcube $(commit "$vcube")"
fi
