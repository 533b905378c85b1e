package openhash

import (
	"math/rand/v2"
	"testing"
)

// entry is a key with a value, as the searches' slots are.
type entry struct{ key, value uint32 }

// TestTableAgreesWithAMap: entries added, some twice, some sharing a key,
// many sharing a home (a hash of a few bits), are found by the probe loop
// exactly as a Go map of key to values holds them, and absent keys are not.
func TestTableAgreesWithAMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	hash := func(k uint32) uint64 { return uint64(k % 7) } // many collisions
	const n = 3000
	tab := New[entry](n, 0.75)
	want := map[uint32]map[uint32]bool{}
	for range n {
		e := entry{1 + rng.Uint32N(1000), 1 + rng.Uint32N(3)}
		if want[e.key] == nil {
			want[e.key] = map[uint32]bool{}
		}
		want[e.key][e.value] = true
		tab.Add(hash(e.key), e)
	}
	find := func(k uint32) map[uint32]bool {
		got := map[uint32]bool{}
		for i := tab.Home(hash(k)); ; i = tab.Next(i) {
			e := tab.At(i)
			if *e == (entry{}) {
				return got
			}
			if e.key == k {
				if got[e.value] {
					t.Fatalf("key %d, value %d entered twice", k, e.value)
				}
				got[e.value] = true
			}
		}
	}
	for k := uint32(1); k <= 1100; k++ {
		got := find(k)
		if len(got) != len(want[k]) {
			t.Fatalf("key %d: %v, want %v", k, got, want[k])
		}
		for v := range want[k] {
			if !got[v] {
				t.Fatalf("key %d: %v, want %v", k, got, want[k])
			}
		}
	}
	entries := 0
	for _, e := range tab.All() {
		if e != (entry{}) {
			entries++
		}
	}
	if len(tab.All()) != 4096 || float64(entries) > 0.75*4096 {
		t.Errorf("%d entries in %d slots", entries, len(tab.All()))
	}
}

// TestSlots: the least power of two, at least 16, that n fills at most
// maxLoad.
func TestSlots(t *testing.T) {
	for _, tc := range []struct {
		n       int64
		maxLoad float64
		want    int
	}{{0, 0.5, 16}, {8, 0.5, 16}, {9, 0.5, 32}, {12, 0.75, 16}, {13, 0.75, 32}, {74743, 0.6, 131072}, {12 << 20, 0.75, 1 << 24}} {
		if got := Slots(tc.n, tc.maxLoad); got != tc.want {
			t.Errorf("Slots(%d, %v) = %d, want %d", tc.n, tc.maxLoad, got, tc.want)
		}
	}
}
