package cube

import "testing"

func TestKeyRoundTrip(t *testing.T) {
	rng := newRand()
	seen := map[Key]Cube{}
	for range 1000 {
		c := randomCube(rng)
		k := c.Key()
		if UnpackKey(k) != c {
			t.Fatalf("UnpackKey(Key(c)) != c for %v", c)
		}
		if d, ok := seen[k]; ok && d != c {
			t.Fatalf("two cubes share key %v", k)
		}
		seen[k] = c
	}
}

// ProductKey is the key of the product, also for conjugation by the
// reflections, whose corner orientations are the mirrored ones.
func TestProductKey(t *testing.T) {
	rng := newRand()
	for i := range 1000 {
		y, m, s := randomCube(rng), randomCube(rng), Sym(i%NSyms)
		sInv, ms := s.Inverse().Cube(), Times(m, s.Cube())
		if got, want := ProductKey(&sInv, &y, &ms), Conjugate(Times(y, m), s); got != want.Key() {
			t.Fatalf("ProductKey of S%d^-1 * y * m * S%d is not the product's key", s, s)
		}
	}
}
