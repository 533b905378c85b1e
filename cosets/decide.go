package cosets

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/solver"
)

// decideLeftMax is the most positions left that a depth decides one by one
// with the optimal solver (DecideLeftWith) rather than by its search. At
// H's QTM 22 the search of every word would take about 13 hours on 2
// cores for the 79 positions its prepass leaves of the depth's parity.
const decideLeftMax = 1000

// DecideLeftWith lets a depth whose positions left are at most
// decideLeftMax decide them with the optimal solver in place of its
// search, as Rokicki et al.'s coset runs handed their last positions to
// one: each left position's question is whether it is within the depth,
// which the solver answers by searching to that depth alone
// (solver.OptimalWithin). The solver's tables are loaded on first use.
func (s *MetricSolver) DecideLeftWith(optimal *solver.Solver) { s.optimal = optimal }

// DecideSaved ends the depth under way of a saved state whose positions
// left the optimal solver was deciding (DepthUnderWay.Left), without the
// state's bitmaps: the depth holds the positions its prepass had reached
// (Prepassed) and those of the left classes found within it. s must be
// new (NewSmallMetricSolver: its bitmaps then hold only the positions
// decided within, a few pages) and given the optimal solver; its Saves,
// if any, are offered the state after each class it decides, and their
// Resume is not read. It returns the levels through that depth.
func (s *MetricSolver) DecideSaved(ctx context.Context, r cube.Cube, p MetricProgress) (CosetLevels, error) {
	u := p.Under
	if u == nil || u.Left == nil {
		return CosetLevels{}, errors.New("cosets: the saved state has no positions left being decided")
	}
	if s.optimal == nil {
		return CosetLevels{}, errors.New("cosets: DecideSaved needs the optimal solver (DecideLeftWith)")
	}
	d := len(p.Levels.Positions)
	saves := &savePoint{saves: s.Saves, last: time.Now()}
	start := time.Now()
	added, err := s.decideLeft(ctx, u.Left, r, d, u.Decided, func(added int64, decided []DecidedClass) error {
		return saves.maybe(func() MetricProgress {
			under := *u
			under.Positions, under.Decided = u.Prepassed+added, decided
			under.SearchSeconds += time.Since(start).Seconds()
			return MetricProgress{Levels: p.Levels, Under: &under}
		})
	})
	if err != nil {
		return CosetLevels{}, err
	}
	lv := p.Levels
	return CosetLevels{
		Positions:      append(slices.Clone(lv.Positions), u.Prepassed+added-sumLevels(lv.Positions)),
		Probes:         append(slices.Clone(lv.Probes), u.Probes),
		PrepassSeconds: append(slices.Clone(lv.PrepassSeconds), u.PrepassSeconds),
		SearchSeconds:  append(slices.Clone(lv.SearchSeconds), u.SearchSeconds+time.Since(start).Seconds()),
	}, nil
}

// decideLeft marks in the bitmap the positions of left (bits of the coset
// of r; none within d-1) that are d from solved, solving each once per
// class: a position, its inverse and their conjugates by the 48
// symmetries are equally far in every metric, whose move sets the
// symmetries and inversion keep. It goes on from the classes decided
// before (a saved state's), and offers save the state after each class
// it solves: a class can take the solver many minutes.
func (s *MetricSolver) decideLeft(ctx context.Context, left []Coord, r cube.Cube, d int, before []DecidedClass, save func(added int64, decided []DecidedClass) error) (added int64, err error) {
	m, bm := s.census.table.Metric(), s.bms[0]
	var classes []cube.Key
	members := map[cube.Key][]Coord{}
	for _, h := range left {
		if bm.Has(h) {
			continue
		}
		class := classKey(cosetPosition(h, r))
		if members[class] == nil {
			classes = append(classes, class)
		}
		members[class] = append(members[class], h)
	}
	decided := slices.Clone(before)
	within := map[cube.Key]bool{}
	for _, c := range decided {
		within[c.Class] = c.Within
	}
	report := func(done int) {
		if s.ClassesDecided != nil {
			s.ClassesDecided(d, done, len(classes))
		}
	}
	report(0)
	for i, class := range classes {
		in, ok := within[class]
		if !ok {
			p := cosetPosition(members[class][0], r)
			o, err := s.optimal.OptimalWithin(ctx, p, m, s.workers, d)
			switch {
			case errors.Is(err, solver.ErrBeyond):
			case err != nil:
				return added, err
			case m.Length(o.Moves) != d || cube.Times(p, cube.FromMoves(o.Moves)) != cube.Solved:
				return added, fmt.Errorf("self-check failed: a position left at %v depth %d is solved by %s", m, d, cube.FormatManeuver(o.Moves))
			default:
				in = true
			}
			decided = append(decided, DecidedClass{class, in})
		}
		if in {
			for _, h := range members[class] {
				if bm.Set(h) {
					added++
				}
			}
		}
		report(i + 1)
		if !ok {
			if err := save(added, decided); err != nil {
				return added, err
			}
		}
	}
	return added, nil
}

// Beyond returns the positions left, of the coset of r, whose classes
// the optimal solver decided beyond the depth, in Left's order, and
// whether every position left had its class decided (if not, those not
// decided may be beyond too).
func (u *DepthUnderWay) Beyond(r cube.Cube) (beyond []Coord, complete bool) {
	within := map[cube.Key]bool{}
	for _, c := range u.Decided {
		within[c.Class] = c.Within
	}
	complete = true
	for _, h := range u.Left {
		in, ok := within[classKey(cosetPosition(h, r))]
		complete = complete && ok
		if ok && !in {
			beyond = append(beyond, h)
		}
	}
	return beyond, complete
}

// classKey returns the least key of c's class: c, its inverse, and their
// conjugates by the 48 symmetries.
func classKey(c cube.Cube) cube.Key {
	least := c.Key()
	for _, x := range []cube.Cube{c, cube.Inverse(c)} {
		for s := range cube.Sym(cube.NSyms) {
			y := cube.Conjugate(x, s)
			if k := y.Key(); k.Compare(least) < 0 {
				least = k
			}
		}
	}
	return least
}
