// Command randomcubes prints uniformly random cubes, one a line: the random
// stage's draw (pipelines.RandomCubes) for a seed, so that another program
// can be timed on the same cubes as cubecensus (scripts/peers/compare.sh).
// A cube is printed as its facelet string, or with -format moves as a
// maneuver that makes it from the solved cube (solver.Generator's,
// checked), for programs that read only move sequences.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/pipelines"
	"github.com/cubecensus/cubecensus/solver"
)

func main() {
	n := flag.Int("n", 2000, "cubes")
	seed := flag.Uint64("seed", 1, "seed of the draw")
	format := flag.String("format", "facelets", "facelets, or moves: a maneuver making the cube from solved")
	flag.Parse()
	if *n < 0 {
		fail("-n %d: want a count of 0 or more", *n)
	}
	if *format != "facelets" && *format != "moves" {
		fail("-format %q: want facelets or moves", *format)
	}
	var s *solver.Solver
	if *format == "moves" {
		s = solver.New()
	}
	for _, c := range pipelines.RandomCubes(*seed, *n) {
		if s == nil {
			fmt.Println(c.Facelets())
			continue
		}
		maker, err := s.Generator(c, 30)
		if err != nil {
			fail("%v", err)
		}
		if cube.FromMoves(maker) != c {
			fail("%s does not make its cube", cube.FormatManeuver(maker))
		}
		fmt.Println(cube.FormatManeuver(maker))
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "randomcubes: "+format+"\n", args...)
	os.Exit(2)
}
