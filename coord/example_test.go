package coord_test

import (
	"fmt"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// A position's coset of H is read off its coordinates: H's own moves keep
// the solved cube's coset, a quarter turn of R leaves it.
func ExampleCosetOf() {
	for _, text := range []string{"U R2 D' F2 B2", "R", "R U R' U'"} {
		moves, err := cube.ParseManeuver(text)
		if err != nil {
			panic(err)
		}
		c := cube.FromMoves(moves)
		k := coord.CosetOf(&c)
		fmt.Printf("%-13s in H: %-5v %+v\n", text, k == coord.Coset{}, k)
	}
	// Output:
	// U R2 D' F2 B2 in H: true  {Twist:0 Flip:0 Slice:0}
	// R             in H: false {Twist:1494 Flip:0 Slice:194}
	// R U R' U'     in H: false {Twist:1530 Flip:0 Slice:8}
}
