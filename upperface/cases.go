package upperface

import "fmt"

// Cases as speedcubers count them. A last-layer case is a class of
// upper-face positions that one algorithm solves after an adjustment: a U
// turn after it (AUF), U turns before and after, or in addition a mirror of
// the cube or the inverse algorithm. Each kind is a group G of maps of L:
//
//	AUF:           s -> s U^j                        order 4
//	pre/post AUF:  s -> U^i s U^j                    order 16
//	symmetric:     s -> U^i t(s) U^j, t in {identity, mirror, inverse,
//	               mirror of the inverse}            order 64
//
// (the mirror is conjugation by a reflection keeping U; the rotations about
// U are U^i s U^-i, so they are already in). A case's id is the least un in
// it. The cases are counted twice: as the distinct ids, and by Burnside's
// lemma, the average over G of the positions each map fixes; the two must
// agree.

// CaseKind is one way of counting cases.
type CaseKind int

// The kinds of cases.
const (
	CasesAUF        CaseKind = iota // U turns after
	CasesPrePostAUF                 // U turns before and after
	CasesSymmetric                  // and mirror and inverse
)

// CaseKinds lists the kinds in order.
var CaseKinds = []CaseKind{CasesAUF, CasesPrePostAUF, CasesSymmetric}

func (k CaseKind) String() string {
	return [...]string{"auf", "pre_post_auf", "symmetric"}[k]
}

// Doc says in words what the kind identifies.
func (k CaseKind) Doc() string {
	return [...]string{
		"positions that differ by a U turn after",
		"positions that differ by U turns before and after",
		"positions that differ by U turns before and after, a mirror, or inversion",
	}[k]
}

// CaseCount is a kind's cases: each position's case id and two counts.
type CaseCount struct {
	Kind       CaseKind
	GroupOrder int
	ID         []int32 // ID[un]: the least un of un's case
	Cases      int     // distinct ids
	Burnside   int     // Burnside's count
}

// maps returns the kind's group as maps of un.
func (k CaseKind) maps() []func(int32) int32 {
	g := group()
	var mirror int // a reflection among the symmetries keeping U
	for i, s := range uSyms {
		if s.IsReflection() {
			mirror = i
			break
		}
	}
	ts := []func(int32) int32{func(s int32) int32 { return s }}
	if k == CasesSymmetric {
		ts = append(ts,
			func(s int32) int32 { return g.conj[mirror][s] },
			func(s int32) int32 { return g.inverse[s] },
			func(s int32) int32 { return g.conj[mirror][g.inverse[s]] })
	}
	before := []int{0}
	if k != CasesAUF {
		before = []int{0, 1, 2, 3}
	}
	var out []func(int32) int32
	for _, t := range ts {
		for _, i := range before {
			for j := range 4 {
				out = append(out, func(s int32) int32 { return g.mul(g.mul(uTurn[i], t(s)), uTurn[j]) })
			}
		}
	}
	return out
}

// Cases counts the cases of kind k. It returns an error if the two counts
// disagree.
func Cases(k CaseKind) (CaseCount, error) {
	maps := k.maps()
	c := CaseCount{Kind: k, GroupOrder: len(maps), ID: make([]int32, NPositions)}
	fixed := 0
	for un := range int32(NPositions) {
		least := un
		for _, f := range maps {
			v := f(un)
			least = min(least, v)
			if v == un {
				fixed++
			}
		}
		c.ID[un] = least
		if least == un {
			c.Cases++
		}
	}
	if fixed%len(maps) != 0 {
		return c, fmt.Errorf("upperface: self-check failed: %s cases: Burnside's sum %d is not a multiple of %d", k, fixed, len(maps))
	}
	c.Burnside = fixed / len(maps)
	if c.Burnside != c.Cases {
		return c, fmt.Errorf("upperface: self-check failed: %s cases: %d by their ids, %d by Burnside", k, c.Cases, c.Burnside)
	}
	return c, nil
}

// CaseID returns the case id of un for kind k, computed on its own (for
// looking up one position without counting all).
func CaseID(k CaseKind, un int) int {
	least := int32(un)
	for _, f := range k.maps() {
		least = min(least, f(int32(un)))
	}
	return int(least)
}
