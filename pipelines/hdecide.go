package pipelines

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
)

// H's QTM depth 22 costs about three hours of both cores to its prepass,
// which leaves 79 positions for the optimal solver to decide, a class at a
// time, more than an hour more (docs/cosets.md): more than a session's
// machine may keep the 5 GB of bitmaps. Once the deciding has begun, the
// state's JSON alone (the levels, the positions left, the classes
// decided) ends the depth: decideHAlone goes on from it where its bitmaps
// are not there, so the state can be kept in a repository and finished on
// another machine, and the depths after it are those the parity gives
// within the bound an earlier run's prepasses reached.

// decidesAlone reports whether c, the saved state of H's search for a run
// to depth, is a depth's deciding under way (cosets.DepthUnderWay.Left)
// whose bitmaps are not in the checkpoint folder.
func decidesAlone(env *Env, c *hSearchCheckpoint, depth int) bool {
	u := c.Progress.Under
	if u == nil || u.Left == nil || len(c.Progress.Levels.Positions) != depth {
		return false
	}
	for _, file := range c.Bitmaps {
		if _, err := os.Stat(filepath.Join(env.CheckpointDir, file)); file == "" || errors.Is(err, fs.ErrNotExist) {
			return true
		}
	}
	return false
}

// decideHAlone ends H's search in metric m from c, a deciding under way
// without its bitmaps (decidesAlone): the optimal solver decides the
// classes of the positions left that c has not (cosets.DecideSaved),
// saving the state as it goes, and the depths after are the rest of each
// parity (hParityRest) within bound, since no prepass runs without the
// bitmaps.
func decideHAlone(ctx context.Context, env *Env, table *coord.CosetTable, m cube.Metric, c *hSearchCheckpoint, bound hBoundOf, params map[string]string) (hColumn, *cosets.DepthUnderWay, error) {
	depth := len(c.Progress.Levels.Positions)
	name := strings.ToLower(m.String())
	fail := func(format string, args ...any) error {
		return fmt.Errorf("%w: H's %v depth %d from its saved state without the bitmaps: %s", ErrOption, m, depth, fmt.Sprintf(format, args...))
	}
	if m != cube.QTM {
		return hColumn{}, nil, fail("only QTM's parity gives the depths after it; the search needs its bitmaps")
	}
	if err := parityTellsApart(depth, bound.Depth); err != nil {
		return hColumn{}, nil, fail("%v", err) // before the solver's hours, not after
	}
	optimalTable := coord.OptimalTableFor(env.MemBudget)
	optimal, err := newSolver(env, optimalTable)
	if err != nil {
		return hColumn{}, nil, err
	}
	search := cosets.NewSmallMetricSolver(cosets.NewCensus(table), env.Workers)
	decideWith(env, search, optimal, m, params)
	_, save, err := hSearchCheckpoints.use(env, hCheckpointName(m), "H searched in "+m.String())
	if err != nil {
		return hColumn{}, nil, err
	}
	// The levels are those of the build that searched to the deciding,
	// whatever build saves the state after it.
	levelsFrom := c.LevelsFrom
	if levelsFrom == "" {
		levelsFrom = fmt.Sprintf("%s, its state after depth %d's prepass", c.Build, depth)
	}
	saves, final := c.Saves, c.Progress
	// Without bitmaps a save is a small file: one after every class.
	search.Saves = &cosets.MetricSaves{Save: func(p cosets.MetricProgress) error {
		saves, final = saves+1, p
		return save(&hSearchCheckpoint{stamped: stamped{Settings: c.Settings}, SearchDepth: depth, Progress: p, Saves: saves, LevelsFrom: levelsFrom})
	}}
	env.Log.Info("H's search: the deciding of a depth goes on from its saved state, without its bitmaps", "metric", m, "depth", depth,
		"positions_left", len(c.Progress.Under.Left), "classes_decided", len(c.Progress.Under.Decided), "bound", bound.Depth, "bound_from", bound.By)
	lv, err := search.DecideSaved(ctx, cube.Solved, c.Progress)
	if err != nil {
		return hColumn{}, nil, err
	}
	levels, err := hParityRest(lv.Positions, cosets.HSize, bound.Depth)
	if err != nil {
		return hColumn{}, nil, fail("%v", err)
	}
	params[name+"_levels_from_build"] = levelsFrom + ", without its bitmaps"
	params[name+"_bound_from"] = fmt.Sprintf("every position within %d, reached by the prepasses of %s", bound.Depth, bound.By)
	levelParams(params, name, depth, depth, lv)
	params[name+"_method"] = fmt.Sprintf("the bitmap coset solver in the metric on H itself to depth %d's prepass (saved), the positions of the depth's parity it left decided a class at a time by the optimal solver (%s table); the depths after by the parity, within the bound", depth, optimalTable)
	return hColumn{levels: levels, exactTo: depth, parity: true}, final.Under, nil
}

// witnessNodes bounds the two-phase search for a witness of H's maximum
// in witnessBeyond: a position of H at QTM 24 takes it well under a
// million nodes.
const witnessNodes = 1e9

// witnessBeyond checks the positions at depth+2 that the parity gave
// (levels, from decideHAlone) against those its deciding u found beyond
// depth: the positions left of the depth's parity, in the classes the
// optimal solver proved beyond it, must be exactly as many (so the bound
// the parity used holds them). Then the last depth is H's maximum in m,
// and one of those positions, solved by a maneuver of depth+2 moves of m
// (the two-phase solver) re-applied on the cube, is its witness in the
// provenance: proven beyond depth, of its parity, and within depth+2, it
// is exactly depth+2 away.
func witnessBeyond(env *Env, m cube.Metric, u *cosets.DepthUnderWay, levels []int64, depth int, params map[string]string) error {
	beyond, complete := u.Beyond(cube.Solved)
	if !complete {
		return fmt.Errorf("self-check failed: the deciding of H's %v depth %d ended with positions left whose class it did not decide", m, depth)
	}
	var at int64
	if len(levels) > depth+2 {
		at = levels[depth+2]
	}
	if int64(len(beyond)) != at {
		return fmt.Errorf("self-check failed: the optimal solver proved %d positions left of H's %v depth %d beyond it, where the parity puts %d at %d", len(beyond), m, depth, at, depth+2)
	}
	if at == 0 {
		return nil
	}
	s, err := newSolver(env, coord.Phase1Table)
	if err != nil {
		return err
	}
	p := beyond[0].Cube()
	s.NodeBudget = witnessNodes
	sol, err := s.FindIn(p, m, depth+2)
	if err != nil {
		return fmt.Errorf("H's %v maximum %d: no maneuver of %d moves found for %s: %w", m, depth+2, depth+2, p.Facelets(), err)
	}
	if m.Length(sol.Moves) != depth+2 || cube.Times(p, cube.FromMoves(sol.Moves)) != cube.Solved {
		return fmt.Errorf("self-check failed: %s, found for H's position %s at %v %d, does not solve it in %d moves", cube.FormatManeuver(sol.Moves), p.Facelets(), m, depth+2, depth+2)
	}
	name := strings.ToLower(m.String())
	params[name+"_maximum"] = fmt.Sprintf("%d (%d positions: the positions left of depth %d's parity that the optimal solver proved beyond it)", depth+2, at, depth)
	params[name+"_maximum_witness"] = fmt.Sprintf("%s, solved by %s (%d%c), re-applied; proven beyond %d", p.Facelets(), cube.FormatManeuver(sol.Moves), depth+2, m.Letter(), depth)
	return nil
}

// hParityRest returns the levels exact through depth len(levels)-1 of a
// metric whose distances have their positions' parity (QTM: half of the
// total positions at odd distances), followed by the rest of each parity,
// every position being within bound: the rest of depth+1's parity at
// depth+1, of depth's at depth+2 (no depth where no rest is). A bound
// more than two beyond leaves depths the parity cannot tell apart.
func hParityRest(levels []int64, total int64, bound int) ([]int64, error) {
	depth := len(levels) - 1
	if err := parityTellsApart(depth, bound); err != nil {
		return nil, err
	}
	var within [2]int64 // by the parity of the distance
	for d, n := range levels {
		within[d%2] += n
	}
	next, same := total/2-within[(depth+1)%2], total/2-within[depth%2]
	switch {
	case next < 0 || same < 0:
		return nil, fmt.Errorf("self-check failed: the levels hold %d positions of even and %d of odd distance, more than half of %d", within[0], within[1], total)
	case bound <= depth && next+same > 0, bound == depth+1 && same > 0:
		return nil, fmt.Errorf("self-check failed: %d positions are beyond depth %d, whose parity puts them beyond the bound %d", next+same, depth, bound)
	}
	out := slices.Clone(levels)
	if next+same > 0 {
		out = append(out, next)
	}
	if same > 0 {
		out = append(out, same)
	}
	return out, nil
}

// parityTellsApart refuses a bound more than two depths beyond depth,
// where the parity leaves depths it cannot tell apart.
func parityTellsApart(depth, bound int) error {
	if bound > depth+2 {
		return fmt.Errorf("the bound %d is more than two depths beyond %d, where the parity tells the depths apart", bound, depth)
	}
	return nil
}

// hBoundOf is a depth within which every position of H is, and who found
// it.
type hBoundOf struct {
	Depth int
	By    string
}

// hBound returns the depth at which the column of metric m in the
// h_distance of dir (--h-columns-from) found every position of H, by its
// prepasses, and names the build that computed it.
func hBound(dir string, m cube.Metric) (hBoundOf, error) {
	if dir == "" {
		return hBoundOf{}, fmt.Errorf("%w: H's %v column from a saved state without its bitmaps takes the depth within which every position is from an earlier h_distance: give --h-columns-from", ErrOption, m)
	}
	t, prov, err := tables.Read(filepath.Join(dir, "h_distance"+tables.Extension))
	if err != nil {
		return hBoundOf{}, fmt.Errorf("--h-columns-from %s: %w", dir, err)
	}
	col := t.Index(hColumnNames[m].within)
	if col < 0 {
		return hBoundOf{}, fmt.Errorf("--h-columns-from %s: its h_distance has no column %s", dir, hColumnNames[m].within)
	}
	for d, row := range t.Rows {
		if n, ok := row[col].(int64); ok && n == cosets.HSize {
			return hBoundOf{Depth: d, By: fmt.Sprintf("%s (--h-columns-from %s)", computedBy(prov, m), dir)}, nil
		}
	}
	return hBoundOf{}, fmt.Errorf("--h-columns-from %s: its %s never reaches all %d positions of H", dir, hColumnNames[m].within, int64(cosets.HSize))
}
