package burnside

import (
	"math/big"
	"slices"
	"testing"
)

func num(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic(s)
	}
	return n
}

// TestTotals checks both routes to the orbit counts, and the seed's totals:
// 450,541,810,590,509,978 cubes up to symmetry and inversion, and
// 164,604,041,664 cubes with a nontrivial symmetry in M (seed 000).
func TestTotals(t *testing.T) {
	for _, tc := range []struct {
		name string
		g    Set
		want *big.Int
	}{
		{"M x C2", GroupMC2, num("450541810590509978")},
		{"M", GroupM, nil},
		{"rotations", GroupRotations, nil},
		{"C2", GroupInversion, nil},
	} {
		c, err := NewCensus(tc.g)
		if err != nil {
			t.Fatal(err)
		}
		b, err := BurnsideOrbits(tc.g)
		if err != nil {
			t.Fatal(err)
		}
		if c.Orbits().Cmp(b) != 0 {
			t.Errorf("%s: sum of O(K) = %v, Burnside = %v", tc.name, c.Orbits(), b)
		}
		if tc.want != nil && b.Cmp(tc.want) != 0 {
			t.Errorf("%s: %v orbits, want %v", tc.name, b, tc.want)
		}
		exactSum := new(big.Int)
		for _, cl := range c.Classes {
			exactSum.Add(exactSum, new(big.Int).Mul(cl.Exact, big.NewInt(int64(len(cl.Members)))))
		}
		if exactSum.Cmp(num("43252003274489856000")) != 0 {
			t.Errorf("%s: stabilizer classes hold %v cubes, want all", tc.name, exactSum)
		}
	}
	m, _ := NewCensus(GroupM)
	trivial := m.Classes[0]
	if trivial.Rep.Len() != 1 {
		t.Fatal("first class is not the trivial subgroup")
	}
	symmetric := new(big.Int).Sub(num("43252003274489856000"), trivial.Exact)
	if symmetric.Cmp(num("164604041664")) != 0 {
		t.Errorf("%v cubes have a nontrivial symmetry, want 164,604,041,664", symmetric)
	}
}

// TestAtLeastColumn compares the (order, cubes having at least this
// symmetry) pairs of the 33 classes of M with seed 000's table.
func TestAtLeastColumn(t *testing.T) {
	published := [][2]string{
		{"48", "4"}, {"24", "4"}, {"24", "4"}, {"24", "24"}, {"12", "72"}, {"12", "16"}, {"6", "48"},
		{"6", "432"}, {"6", "7776"}, {"3", "3779136"}, {"16", "128"}, {"8", "512"}, {"8", "1024"},
		{"8", "1536"}, {"4", "147456"}, {"4", "442368"}, {"8", "3072"}, {"8", "512"}, {"8", "2048"},
		{"8", "12288"}, {"4", "98304"}, {"4", "294912"}, {"4", "65536"}, {"4", "1179648"}, {"4", "98304"},
		{"4", "589824"}, {"4", "98304"}, {"2", "15288238080"}, {"2", "2548039680"}, {"2", "18345885696"},
		{"2", "424673280"}, {"2", "45864714240"}, {"1", "43252003274489856000"},
	}
	c, err := NewCensus(GroupM)
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, cl := range c.Classes {
		got = append(got, big.NewInt(int64(cl.Rep.Len())).String()+":"+cl.Fixed.String())
	}
	for _, p := range published {
		want = append(want, p[0]+":"+p[1])
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("order:fixed pairs\n got %v\nwant %v", got, want)
	}
}

// TestSomeOrbitCounts checks rows of seed 000's 131-type table that
// survived the page's conversion: 1.33 (the trivial subgroup), 2.33 (the
// identity and inversion alone) and 3.61 among the counts.
func TestSomeOrbitCounts(t *testing.T) {
	c, err := NewCensus(GroupMC2)
	if err != nil {
		t.Fatal(err)
	}
	byRep := map[Set]*big.Int{}
	var all []string
	for _, cl := range c.Classes {
		byRep[cl.Rep] = cl.Orbits
		all = append(all, cl.Orbits.String())
	}
	trivial := Set{}.With(Identity)
	if got := byRep[trivial]; got.Cmp(num("450541590977171858")) != 0 {
		t.Errorf("O(1.33) = %v, want 450,541,590,977,171,858", got)
	}
	if got := byRep[GroupInversion]; got.Cmp(num("3558670020")) != 0 {
		t.Errorf("O(2.33) = %v, want 3,558,670,020", got)
	}
	if !slices.Contains(all, "108272809188") {
		t.Error("no class has O = 108,272,809,188 (3.61)")
	}
}

func BenchmarkCensus(b *testing.B) {
	for _, g := range []struct {
		name string
		set  Set
	}{{"M", GroupM}, {"MxC2", GroupMC2}} {
		b.Run(g.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := NewCensus(g.set); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
