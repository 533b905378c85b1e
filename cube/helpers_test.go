package cube

import "math/rand/v2"

// randomCube scrambles the solved cube with 40 random face turns.
func randomCube(rng *rand.Rand) Cube { return Scramble(rng, 40) }

func newRand() *rand.Rand { return rand.New(rand.NewPCG(1, 2)) }

func mustParse(s string) []Move {
	m, err := ParseManeuver(s)
	if err != nil {
		panic(err)
	}
	return m
}
