// Command randomcubes prints uniformly random cubes as facelet strings, one
// a line: the random stage's draw (pipelines.RandomCubes) for a seed, so
// that another program can be timed on the same cubes as cubecensus
// (scripts/min2phase/compare.sh).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cubecensus/cubecensus/pipelines"
)

func main() {
	n := flag.Int("n", 2000, "cubes")
	seed := flag.Uint64("seed", 1, "seed of the draw")
	flag.Parse()
	if *n < 0 {
		fmt.Fprintf(os.Stderr, "randomcubes: -n %d: want a count of 0 or more\n", *n)
		os.Exit(2)
	}
	for _, c := range pipelines.RandomCubes(*seed, *n) {
		fmt.Println(c.Facelets())
	}
}
