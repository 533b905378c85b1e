package burnside

import (
	"fmt"
	"math/big"
	"slices"
)

// Census classifies all cubes under an acting group G (a subgroup of
// M x C2): for each conjugacy class of subgroups K of G, the cubes fixed by
// K, the cubes whose stabilizer in G is exactly K, and O(K), the orbits of
// cubes whose stabilizer is conjugate to K.
//
// Mobius inversion over the subgroup lattice: the cubes fixed by K are those
// whose stabilizer contains K, so Fixed(K) = sum over L >= K of Exact(L),
// and Exact(K) = Fixed(K) - sum over L > K of Exact(L), computed from the
// largest subgroups down. An orbit with stabilizer conjugate to K has
// |G|/|K| cubes, so O(K) = |class of K| * Exact(K) * |K| / |G| (seed 000,
// "How to count", where the formula is printed with the division inverted).
type Census struct {
	Group   Set
	Classes []ClassCount
}

// ClassCount is one conjugacy class of subgroups with its counts.
type ClassCount struct {
	Class
	Fixed  *big.Int // cubes fixed by every element of the representative
	Exact  *big.Int // cubes whose stabilizer in the group is exactly the representative
	Orbits *big.Int // orbits of cubes whose stabilizer is in this class
}

// NewCensus classifies the cubes under g.
func NewCensus(g Set) (*Census, error) {
	subs := Subgroups(g)
	classes := Classes(g, subs)
	classOf := map[Set]int{}
	for i, c := range classes {
		for _, m := range c.Members {
			classOf[m] = i
		}
	}
	fixed := make([]*big.Int, len(classes))
	for i, c := range classes {
		fixed[i] = Fixed(c.Rep)
	}
	// Exact counts per subgroup, largest first; conjugate subgroups share
	// their counts, but the lattice above each one differs in shape, so
	// each is inverted on its own.
	exact := map[Set]*big.Int{}
	order := slices.Clone(subs)
	slices.Reverse(order)
	for _, k := range order {
		e := new(big.Int).Set(fixed[classOf[k]])
		for l, x := range exact {
			if l != k && k.SubsetOf(l) {
				e.Sub(e, x)
			}
		}
		if e.Sign() < 0 {
			return nil, fmt.Errorf("burnside: negative exact count for a subgroup of order %d", k.Len())
		}
		exact[k] = e
	}
	c := &Census{Group: g}
	for i, cl := range classes {
		o := new(big.Int).Mul(exact[cl.Rep], big.NewInt(int64(len(cl.Members)*cl.Rep.Len())))
		var rem big.Int
		o.QuoRem(o, big.NewInt(int64(g.Len())), &rem)
		if rem.Sign() != 0 {
			return nil, fmt.Errorf("burnside: orbit count of a class of order %d is not an integer", cl.Rep.Len())
		}
		c.Classes = append(c.Classes, ClassCount{Class: cl, Fixed: fixed[i], Exact: exact[cl.Rep], Orbits: o})
	}
	return c, nil
}

// Orbits is the number of orbits of cubes under the group: the sum of O(K)
// over the classes.
func (c *Census) Orbits() *big.Int {
	t := new(big.Int)
	for _, cl := range c.Classes {
		t.Add(t, cl.Orbits)
	}
	return t
}

// BurnsideOrbits counts orbits under g the other way, by Burnside's lemma:
// the average over the elements of g of the number of cubes each fixes.
// It fails if the sum is not divisible by |g|, which would mean a wrong count.
func BurnsideOrbits(g Set) (*big.Int, error) {
	sum := new(big.Int)
	for _, e := range g.Elems() {
		sum.Add(sum, Fixed(closure(Set{}.With(e))))
	}
	var rem big.Int
	sum.QuoRem(sum, big.NewInt(int64(g.Len())), &rem)
	if rem.Sign() != 0 {
		return nil, fmt.Errorf("burnside: Burnside sum over %d elements leaves remainder %v", g.Len(), &rem)
	}
	return sum, nil
}
