package openhash

// Table is an open-addressing hash table of slots of type S.
type Table[S comparable] struct {
	slots []S
	mask  uint64
}

// Slots returns the slots a table of n entries at most takes at most
// maxLoad full (0 < maxLoad <= 1): a power of two, at least 16.
func Slots(n int64, maxLoad float64) int {
	slots := 16
	for float64(slots)*maxLoad < float64(n) {
		slots *= 2
	}
	return slots
}

// New returns an empty table for n entries at most, at most maxLoad full.
func New[S comparable](n int64, maxLoad float64) Table[S] {
	slots := Slots(n, maxLoad)
	return Table[S]{slots: make([]S, slots), mask: uint64(slots - 1)}
}

// Home returns the first slot a look-up of hash h reads.
func (t *Table[S]) Home(h uint64) uint64 { return h & t.mask }

// Next returns the slot read after slot i.
func (t *Table[S]) Next(i uint64) uint64 { return (i + 1) & t.mask }

// At returns slot i.
func (t *Table[S]) At(i uint64) *S { return &t.slots[i] }

// Add enters s, whose hash is h and which must not be the zero S, unless
// an equal slot is met first. The table must not be full.
func (t *Table[S]) Add(h uint64, s S) {
	var empty S
	for i := t.Home(h); ; i = t.Next(i) {
		switch t.slots[i] {
		case empty:
			t.slots[i] = s
			return
		case s:
			return
		}
	}
}

// All returns the slots, empty ones included, for counting and memory
// advice; it is the table's own storage.
func (t *Table[S]) All() []S { return t.slots }
