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
