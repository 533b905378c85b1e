package burnside

import (
	"slices"

	"github.com/cubecensus/cubecensus/cube"
)

// Subgroups returns every subgroup of the group g (a subgroup of M x C2),
// ordered by size, then by their bit patterns. Every subgroup is reached
// from the trivial one by adding generators one at a time, so closing each
// found subgroup under each further element of g finds them all.
func Subgroups(g Set) []Set {
	seen := map[Set]bool{}
	start := closure(Set{})
	queue := []Set{start}
	seen[start] = true
	for len(queue) > 0 {
		h := queue[0]
		queue = queue[1:]
		for _, e := range g.Elems() {
			if h.Has(e) {
				continue
			}
			k := closure(h.With(e))
			if !seen[k] {
				seen[k] = true
				queue = append(queue, k)
			}
		}
	}
	out := make([]Set, 0, len(seen))
	for h := range seen {
		out = append(out, h)
	}
	slices.SortFunc(out, compareSets)
	return out
}

func compareSets(a, b Set) int {
	if d := a.Len() - b.Len(); d != 0 {
		return d
	}
	if a[1] != b[1] {
		if a[1] < b[1] {
			return -1
		}
		return 1
	}
	if a[0] < b[0] {
		return -1
	}
	if a[0] > b[0] {
		return 1
	}
	return 0
}

// Class is a conjugacy class of subgroups of an acting group: its
// representative (the least member in the order of Subgroups) and members.
type Class struct {
	Rep     Set
	Members []Set
}

// Classes groups the subgroups of g into classes under conjugation by the
// symmetries in g (inversion is central, so it conjugates nothing).
func Classes(g Set, subgroups []Set) []Class {
	var syms []cube.Sym
	for _, e := range g.Elems() {
		if !e.Inverts() {
			syms = append(syms, e.Sym())
		}
	}
	classOf := map[Set]int{}
	var classes []Class
	for _, h := range subgroups {
		if _, ok := classOf[h]; ok {
			continue
		}
		c := Class{Rep: h}
		members := map[Set]bool{}
		for _, m := range syms {
			members[h.Conjugate(m)] = true
		}
		for k := range members {
			c.Members = append(c.Members, k)
			classOf[k] = len(classes)
		}
		slices.SortFunc(c.Members, compareSets)
		classes = append(classes, c)
	}
	return classes
}

// The acting groups of the symmetry stage.
var (
	// GroupMC2 is all of M x C2.
	GroupMC2 = func() Set {
		var s Set
		for e := range Elem(NElems) {
			s = s.With(e)
		}
		return s
	}()
	// GroupM is M: the symmetries without inversion.
	GroupM = setWhere(func(e Elem) bool { return !e.Inverts() })
	// GroupRotations is the 24 proper rotations.
	GroupRotations = setWhere(func(e Elem) bool { return !e.Inverts() && !e.Sym().IsReflection() })
	// GroupInversion is C2: the identity and inversion alone.
	GroupInversion = Set{}.With(Identity).With(ElemOf(cube.SymIdentity, true))
)

func setWhere(keep func(Elem) bool) Set {
	var s Set
	for e := range Elem(NElems) {
		if keep(e) {
			s = s.With(e)
		}
	}
	return s
}
