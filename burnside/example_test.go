package burnside_test

import (
	"fmt"

	"github.com/cubecensus/cubecensus/burnside"
)

// The cubes counted up to symmetry, by Burnside's lemma: the average
// number of cubes each element of the group fixes.
func ExampleBurnsideOrbits() {
	for _, g := range []struct {
		name  string
		group burnside.Set
	}{{"M", burnside.GroupM}, {"M x C2", burnside.GroupMC2}} {
		n, err := burnside.BurnsideOrbits(g.group)
		if err != nil {
			panic(err)
		}
		fmt.Printf("under %s: %v classes\n", g.name, n)
	}
	// Output:
	// under M: 901083404981813616 classes
	// under M x C2: 450541810590509978 classes
}

// The same count the other way, class of stabilizers by class: the
// symmetry types of seed 000's "Symmetric Patterns in Detail".
func ExampleNewCensus() {
	c, err := burnside.NewCensus(burnside.GroupM)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(c.Classes), "types of stabilizer,", c.Orbits(), "classes")
	// Output: 33 types of stabilizer, 901083404981813616 classes
}
