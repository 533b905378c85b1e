package cube_test

import (
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
)

func ExampleParseManeuver() {
	moves, err := cube.ParseManeuver("R U R' U'")
	if err != nil {
		panic(err)
	}
	c := cube.FromMoves(moves)
	fmt.Println(cube.FormatManeuver(moves), "has order", c.Order())
	// Output: R U R' U' has order 6
}

func ExampleCube_Twist() {
	r := cube.CubeOf(cube.R1)
	fmt.Println(r.Twist(), r.CornerPerm())
	// Output: 1494 21021
}

func ExampleParseFacelets() {
	c, err := cube.ParseFacelets("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBR")
	fmt.Println(c == cube.Solved, err)
	// Output: false each colour must appear on exactly 9 stickers: R's colour appears 10 times
}

func ExampleConjugate() {
	// Conjugating R by the rotation S_U4 (index 2) gives another face turn.
	c := cube.Conjugate(cube.CubeOf(cube.R1), 2)
	fmt.Println(c == cube.CubeOf(cube.ConjugateMove(cube.R1, 2)), cube.ConjugateMove(cube.R1, 2))
	// Output: true F
}
