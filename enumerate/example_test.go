package enumerate_test

import (
	"fmt"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/enumerate"
)

func ExampleAutomaton_Counts() {
	q := enumerate.NewAutomaton(cube.FaceTurns).Counts(20)
	fmt.Println(q[2], q[20])
	// Output: 243 43946585901564160587264
}

func ExampleAutomaton_PrepassCounts() {
	q := enumerate.NewAutomaton(cube.FaceTurns).PrepassCounts(cube.HTurns, 20)
	fmt.Println(q[16]) // n = 16 moves from S, then m = 4 from A
	// Output: 3133884658482424272384
}
