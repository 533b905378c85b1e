package coord

import "github.com/cubecensus/cubecensus/cube"

// The slice edges' order up to the Klein four-group: the huge table's
// extra coordinate (bigtable.go). Where the four slice edges (FR FL BL BR)
// are, in order, is Kociemba's UDSliceSorted (11,880 values: the Slice
// coordinate and a permutation of four). Identifying each permutation with
// its products by the double transpositions of the four edges, a normal
// subgroup of the permutations of four (V4, the Klein four-group) leaves
// six values, S4/V4: because V4 is normal the classes are carried by
// moves (which rearrange the positions, multiplying on one side) and by
// the symmetries of the U-D axis (which rename edges and positions, both
// sides) to classes, so the coordinate has move and conjugation tables
// like any other, which the tests check on cubes. It multiplies the table
// by 6 where the whole order (Rokicki's EP2) would multiply it by 24.

// nOrderClasses is the number of classes of S4/V4.
const nOrderClasses = 6

// nSliceOrderV4 is the coordinate's size: Slice*6 + class.
const nSliceOrderV4 = cube.NSlice * nOrderClasses

// orderClass maps the four slice edges in the order of their positions
// (each edge minus FR, two bits each, the first lowest) to its class;
// orderRep is a permutation rank (cube.SliceSorted's) of each class.
var orderClass, orderRep = func() (class [256]uint8, rep [nOrderClasses]int) {
	key := func(order [4]int) int { return order[0] | order[1]<<2 | order[2]<<4 | order[3]<<6 }
	orderOf := func(rank int) (order [4]int) {
		c := cube.Solved
		c.SetSliceSorted(rank)
		k := 0
		for _, e := range c.EP {
			if e >= cube.FR {
				order[k] = int(e - cube.FR)
				k++
			}
		}
		return order
	}
	v4 := [4][4]int{{0, 1, 2, 3}, {1, 0, 3, 2}, {2, 3, 0, 1}, {3, 2, 1, 0}}
	for i := range class {
		class[i] = 0xff
	}
	n := 0
	for rank := range 24 {
		order := orderOf(rank)
		if class[key(order)] != 0xff {
			continue
		}
		for _, v := range v4 {
			var renamed [4]int
			for k, e := range order {
				renamed[k] = v[e]
			}
			class[key(renamed)] = uint8(n)
		}
		rep[n] = rank
		n++
	}
	if n != nOrderClasses {
		panic("coord: the slice orders fall into the wrong number of classes")
	}
	return class, rep
}()

// SliceOrderV4 returns c's coordinate.
func SliceOrderV4(c *cube.Cube) int {
	var key, k int
	for _, e := range c.EP {
		if e >= cube.FR {
			key |= int(e-cube.FR) << (2 * k)
			k++
		}
	}
	return SliceOrderOf(c.Slice(), key)
}

// SliceOrderOf returns the coordinate of the slice edges in the positions
// of Slice coordinate slice, in the order key: each edge minus FR, two bits
// each, the first position's lowest.
func SliceOrderOf(slice, key int) int { return slice*nOrderClasses + int(orderClass[key]) }

// setSliceOrderV4 places the slice edges with coordinate x, the other
// edges in order.
func setSliceOrderV4(c *cube.Cube, x int) {
	c.SetSliceSorted(x/nOrderClasses*24 + orderRep[x%nOrderClasses])
}
