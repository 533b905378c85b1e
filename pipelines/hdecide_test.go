package pipelines

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/internal/committed"
	"github.com/cubecensus/cubecensus/tables"
)

// TestDecideHAlone: a deciding of H's QTM depth 4 under way, saved as its
// JSON alone (the prepass having left some positions at 4 and some beyond),
// ends without bitmaps with the depth's count of a breadth-first search of
// cubes, the depths after it by the parity within the bound, and its state
// saved with every class decided; a run to another depth, or with bitmaps
// in place, does not take that road, and a bound the parity cannot use is
// refused.
func TestDecideHAlone(t *testing.T) {
	const d = 4
	counts, dist := cubesByDistance(cube.QTM, d)
	var at []cube.Cube // H's positions at d, in a fixed order
	for c, n := range dist {
		if n == d && cosets.InH(&c) {
			at = append(at, c)
		}
	}
	slices.SortFunc(at, func(a, b cube.Cube) int { return a.Key().Compare(b.Key()) })
	left := at[:7]
	for _, s := range []string{"R2 L2 U2", "F2 B2 U2 D2", "U R2 D' F2"} {
		moves, err := cube.ParseManeuver(s)
		if err != nil {
			t.Fatal(err)
		}
		c := cube.FromMoves(moves)
		if _, near := dist[c]; near || !cosets.InH(&c) || c.CornerParity() != 0 {
			t.Fatalf("%s is not a position of H beyond %d of even parity", s, d)
		}
		left = append(left, c)
	}
	var coords []cosets.Coord
	for _, c := range left {
		coords = append(coords, cosets.CoordOf(&c))
	}
	within := sum(counts[:d+1]) // the prepass reached all but the 7 at d
	progress := cosets.MetricProgress{
		Levels: cosets.CosetLevels{Positions: counts[:d], Probes: make([]int64, d), PrepassSeconds: make([]float64, d), SearchSeconds: make([]float64, d)},
		Under:  &cosets.DepthUnderWay{Prepassed: within - 7, Positions: within - 7, Left: coords},
	}
	env := testEnv(1 << 30)
	env.stage, env.CheckpointDir = "subgroup", t.TempDir()
	_, save, err := hSearchCheckpoints.use(env, hCheckpointName(cube.QTM), "H searched in QTM")
	if err != nil {
		t.Fatal(err)
	}
	saved := &hSearchCheckpoint{stamped: stamped{Settings: "H searched in QTM"}, SearchDepth: d, Progress: progress, Saves: 3,
		Bitmaps: [2]string{"h-qtm-bitmap-depth04-save3", "h-qtm-bitmap-within03"}}
	if err := save(saved); err != nil {
		t.Fatal(err)
	}
	c := hSearchCheckpoints.resumable(env, hCheckpointName(cube.QTM))
	if c == nil || !decidesAlone(env, c, d) || decidesAlone(env, c, d+1) {
		t.Fatalf("the saved state %v does not decide alone at %d only", c, d)
	}
	table := cosetTableIn(t, cube.QTM)
	for _, bad := range []struct {
		m     cube.Metric
		bound int
	}{{cube.QTM, d + 3}, {cube.STM, d + 2}} {
		if _, _, err := decideHAlone(context.Background(), env, table, bad.m, c, hBoundOf{bad.bound, "a test"}, map[string]string{}); err == nil {
			t.Errorf("%v within %d from depth %d: no error", bad.m, bad.bound, d)
		}
	}
	if now := hSearchCheckpoints.resumable(env, hCheckpointName(cube.QTM)); now == nil || now.Saves != saved.Saves {
		t.Fatalf("a refused run decided classes before its refusal: %+v", now)
	}
	params := map[string]string{}
	col, under, err := decideHAlone(context.Background(), env, table, cube.QTM, c, hBoundOf{d + 2, "a test"}, params)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(col.levels[:d+1], counts) || len(col.levels) != d+3 || sum(col.levels) != cosets.HSize || col.exactTo != d {
		t.Fatalf("levels %v exact to %d, want %v then the rest to |H| by parity", col.levels, col.exactTo, counts)
	}
	for k := d + 1; k <= d+2; k++ {
		if n, _ := col.at(k); !col.byParity(k) || n != col.levels[k] {
			t.Errorf("depth %d: %v positions, by parity %v", k, n, col.byParity(k))
		}
	}
	if !strings.Contains(params["qtm_levels_from_build"], "without its bitmaps") || params["qtm_exact_to"] != "4" || params["qtm.depth04_left_decided"] == "" {
		t.Errorf("provenance %v", params)
	}
	after := hSearchCheckpoints.resumable(env, hCheckpointName(cube.QTM))
	if after == nil || after.Saves <= saved.Saves || after.Progress.Under == nil || len(after.Progress.Under.Decided) == 0 || after.Bitmaps != [2]string{} {
		t.Fatalf("the state after the deciding: %+v", after)
	}
	// Saved by this build, it still names the build that searched to
	// the deciding.
	if want := c.Build + ", its state after depth 4's prepass"; after.LevelsFrom != want {
		t.Errorf("the state after the deciding names its levels' build %q, want %q", after.LevelsFrom, want)
	}
	// Its state saved, with every class decided, ends the same at once.
	again, _, err := decideHAlone(context.Background(), env, table, cube.QTM, after, hBoundOf{d + 2, "a test"}, map[string]string{})
	if err != nil || !slices.Equal(again.levels, col.levels) {
		t.Fatalf("again: %v, %v; want %v", again.levels, err, col.levels)
	}
	checkWitnessBeyond(t, env, under, col.levels[:d+1], left[7:])
}

// checkWitnessBeyond: the deciding under (of H's QTM depth len(exact)-1,
// its positions left the 7 at that depth and beyond, the positions beyond
// it, the first within two more) puts its maximum two beyond, with a
// witness re-applied, only where the levels put as many there as it found
// beyond; a deciding with a class not decided is refused.
func checkWitnessBeyond(t *testing.T, env *Env, under *cosets.DepthUnderWay, exact []int64, beyond []cube.Cube) {
	t.Helper()
	d := len(exact) - 1
	n := int64(len(beyond))
	for _, levels := range [][]int64{append(slices.Clone(exact), 1), append(slices.Clone(exact), 1, n-1), append(slices.Clone(exact), 1, n+1)} {
		if err := witnessBeyond(env, cube.QTM, under, levels, d, map[string]string{}); err == nil {
			t.Errorf("%d beyond %d, the levels %v: no error", n, d, levels)
		}
	}
	undecided := *under
	undecided.Decided = undecided.Decided[:len(undecided.Decided)-1]
	if err := witnessBeyond(env, cube.QTM, &undecided, append(slices.Clone(exact), 1, n), d, map[string]string{}); err == nil {
		t.Error("a class not decided: no error")
	}
	params := map[string]string{}
	if err := witnessBeyond(env, cube.QTM, under, append(slices.Clone(exact), 1, n), d, params); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%s, solved by ", beyond[0].Facelets())
	if w := params["qtm_maximum_witness"]; !strings.HasPrefix(w, want) || !strings.Contains(w, fmt.Sprintf("(%dq), re-applied", d+2)) || !strings.HasPrefix(params["qtm_maximum"], fmt.Sprintf("%d (%d positions", d+2, n)) {
		t.Errorf("provenance: %q, %q", params["qtm_maximum"], w)
	}
}

// TestHParityRest: the depths after the exact ones, by the parity of a
// total of 20 positions, within a bound one or two beyond; a bound the
// parity cannot use, or levels that contradict it, are refused.
func TestHParityRest(t *testing.T) {
	for _, tc := range []struct {
		levels []int64
		bound  int
		want   []int64
	}{
		{[]int64{1, 2, 3}, 4, []int64{1, 2, 3, 8, 6}},
		{[]int64{1, 2, 9}, 3, []int64{1, 2, 9, 8}},
		{[]int64{1, 2, 9}, 4, []int64{1, 2, 9, 8}},
		{[]int64{1, 9, 9, 1}, 3, []int64{1, 9, 9, 1}},
		{[]int64{1, 2, 3}, 5, nil},     // 3 and 5 share a parity
		{[]int64{1, 2, 3}, 3, nil},     // 6 even positions beyond 3
		{[]int64{1, 2, 3}, 2, nil},     // 14 beyond the bound
		{[]int64{1, 2, 11, 1}, 5, nil}, // 12 even: more than half
	} {
		got, err := hParityRest(tc.levels, 20, tc.bound)
		if !slices.Equal(got, tc.want) || (err == nil) != (tc.want != nil) {
			t.Errorf("%v within %d: %v, %v; want %v", tc.levels, tc.bound, got, err, tc.want)
		}
	}
}

// TestHBound: the committed QTM column finds every position of H at 24.
func TestHBound(t *testing.T) {
	dir := committed.Dir(t)
	b, err := hBound(dir, cube.QTM)
	if err != nil || b.Depth != 24 || !strings.Contains(b.By, dir) {
		t.Fatalf("%+v, %v", b, err)
	}
	if _, err := hBound("", cube.QTM); err == nil {
		t.Error("no folder: no error")
	}
}

// TestCommittedHCheckpoints reads each state of H's search committed in
// checkpoints/ (a deciding carried over sessions, which resumes from that
// file alone): it decodes and names the positions left, the depths before
// the one under way equal the committed column, and the positions its
// decided classes added are no more than those left. In QTM, where a
// position's distance has its corners' parity, the positions left are
// exactly those of the depth's parity the prepass did not reach: all of
// that parity (half of H) less those within the depth.
func TestCommittedHCheckpoints(t *testing.T) {
	results := committed.Dir(t)
	paths, err := filepath.Glob(filepath.Join(filepath.Dir(results), "checkpoints", "h-*", "subgroup-h-*.checkpoint"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Skip("no state of H's search committed")
	}
	tab, _, err := tables.Read(committed.Path(t, "h_distance"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(path), "subgroup-h-"), ".checkpoint")
		m, err := cube.ParseMetric(name)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		c, reason := hSearchCheckpoints.read(path, "")
		if c == nil {
			t.Fatalf("%s: %s", path, reason)
		}
		u, levels := c.Progress.Under, c.Progress.Levels.Positions
		if u == nil || len(u.Left) == 0 || len(u.Decided) > len(u.Left) {
			t.Fatalf("%s: not the state of a deciding (under way: %+v)", path, u)
		}
		if added := u.Positions - u.Prepassed; added < 0 || added > int64(len(u.Left)) {
			t.Fatalf("%s: its decided classes added %d positions, of %d left", path, added, len(u.Left))
		}
		depth := len(levels)
		var parityWithin [2]int64
		for d, n := range levels {
			if col, _ := tab.Rows[d][tab.Index("moves_in_"+name)].(int64); col != n {
				t.Fatalf("%s: %v depth %d holds %d positions, the committed column %d", path, m, d, n, col)
			}
			parityWithin[d%2] += n
		}
		if m != cube.QTM {
			continue // a depth holds positions of both parities
		}
		parityWithin[depth%2] = u.Prepassed - parityWithin[(depth+1)%2]
		if int64(len(u.Left)) != cosets.HSize/2-parityWithin[depth%2] {
			t.Fatalf("%s: %d positions left at %v depth %d, where %d of its parity are beyond the %d its prepass reached", path, len(u.Left), m, depth, cosets.HSize/2-parityWithin[depth%2], u.Prepassed)
		}
		for _, x := range u.Left {
			if c := x.Cube(); c.CornerParity() != depth%2 {
				t.Fatalf("%s: position left %v has corners of parity %d, the depth %d", path, c, c.CornerParity(), depth)
			}
		}
	}
}
