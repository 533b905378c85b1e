package upperface_test

import (
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/upperface"
)

// Sune changes only the upper face, so it is one of the 62,208
// upper-face positions, written as a line of seed 004's results file with
// the maneuver given (D is its length); a slice of R moves the other
// layers too and is not.
func ExampleFromCube() {
	for _, text := range []string{"R U R' U R U2 R'", "R L'"} {
		moves, err := cube.ParseManeuver(text)
		if err != nil {
			panic(err)
		}
		p, err := upperface.FromCube(cube.FromMoves(moves))
		if err != nil {
			fmt.Printf("%s: %v\n", text, err)
			continue
		}
		line, err := upperface.Seed004Line(p.Un(), moves)
		if err != nil {
			panic(err)
		}
		fmt.Println(line)
	}
	// Output:
	// un=20956 epn=08 etn=0 cpn=08 ctn=04 ep=1203 et=0000 cp=2301 ct=1101 D=07 m=MAOAMBO fm=RUR'URU2R'
	// R L': not an upper-face position: corner DFR
}
