package centers_test

import (
	"fmt"

	"github.com/cubecensus/cubecensus/centers"
	"github.com/cubecensus/cubecensus/cube"
)

// A maneuver that solves every cubie may still turn the centers: the
// state it leaves is each face's quarter turns, mod 4.
func ExampleOf() {
	moves, err := cube.ParseManeuver("U R L U2 R' L' U R L U2 R' L'")
	if err != nil {
		panic(err)
	}
	w, err := cube.WordOf(moves)
	if err != nil {
		panic(err)
	}
	fmt.Println(cube.FromMoves(moves) == cube.Solved, centers.Of(w))
	// Output: true u++
}

// The 2048 states fall into 74 classes under the 48 symmetries and
// inversion, each of one distance in every metric.
func ExampleClasses() {
	classes := centers.Classes()
	states := 0
	for _, c := range classes {
		states += len(c.Members)
	}
	fmt.Println(len(classes), "classes of", states, "states")
	// Output: 74 classes of 2048 states
}
