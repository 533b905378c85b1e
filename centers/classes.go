package centers

import (
	"slices"
	"sync"

	"github.com/cubecensus/cubecensus/cube"
)

// A Class is an orbit of the states under the 96 elements of M x C2: the
// 48 symmetries of the cube and inversion (seed 000, "Cubes with Twisted
// Centers": 73 nontrivial classes and the solved state). States of one
// class have the same distance in every metric, since conjugating or
// inverting a maneuver keeps its length.
type Class struct {
	ID int
	// Rep is the smallest number among the members, which are listed in
	// increasing order.
	Rep     State
	Members []State
}

// Image is one element of M x C2 acting on states: conjugation by Sym, then
// negation if Invert (the state of the inverse maneuver).
type Image struct {
	Sym    cube.Sym
	Invert bool
}

// Images lists the 96 elements in a fixed order, identity first.
var Images = func() []Image {
	var all []Image
	for _, inv := range []bool{false, true} {
		for y := range cube.Sym(cube.NSyms) {
			all = append(all, Image{y, inv})
		}
	}
	return all
}()

// Apply returns the image of s.
func (g Image) Apply(s State) State {
	s = s.Conjugate(g.Sym)
	if g.Invert {
		s = s.Neg()
	}
	return s
}

// Word returns the image of a maneuver w: a maneuver of the same length in
// every metric whose state is g.Apply of w's.
func (g Image) Word(w cube.Word) cube.Word {
	w = w.Conjugate(g.Sym)
	if g.Invert {
		w = w.Inverse()
	}
	return w
}

// Classes lists the classes in increasing order of their representatives,
// so class 0 is the solved state's.
func Classes() []Class { return classTable().classes }

// Class is the ID of s's class.
func (s State) Class() int { return classTable().of[s] }

// classIndex holds the classes and each state's class.
type classIndex struct {
	classes []Class
	of      [NNumbers]int
}

// classTable is built on first use, not at start-up.
var classTable = sync.OnceValue(func() *classIndex {
	var classes []Class
	var of [NNumbers]int
	for i := range of {
		of[i] = -1
	}
	for _, s := range States {
		if of[s] >= 0 {
			continue
		}
		c := Class{ID: len(classes), Rep: s}
		for _, g := range Images { // the orbit of s: Images is a group
			if t := g.Apply(s); of[t] < 0 {
				of[t] = c.ID
				c.Members = append(c.Members, t)
			}
		}
		slices.Sort(c.Members)
		classes = append(classes, c)
	}
	return &classIndex{classes, of}
})
