package pipelines

import (
	"context"
	"encoding/gob"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
)

var randomStage = Stage{
	Name:   "random",
	Doc:    "random cubes drawn uniformly (seeded) and solved optimally in HTM and QTM (and STM with --random-metrics): their distance distribution with its sampling error",
	Tables: []string{"random_cubes", "random_distribution"},
	Check:  checkRandom,
	Run:    runRandom,
}

// DefaultRandomCubes is make run's sample in each metric: what its time
// allows on two cores beside the other stages (a random cube takes seconds
// in HTM and a minute or more in QTM with the big table, see
// BENCHMARKS.md); --random-cubes runs more.
var DefaultRandomCubes = MetricCounts{cube.HTM: 5, cube.QTM: 2, cube.STM: 2}

// DefaultRandomSeed draws make run's sample.
const DefaultRandomSeed = 20261124

func checkRandom(env *Env) error {
	if coord.OptimalTableFor(env.MemBudget) < coord.BigTable {
		return fmt.Errorf("%w: --mem-budget %s: the random stage's optimal solver needs at least its big table (%s) and a gibibyte besides",
			ErrTooBig, FormatBytes(env.MemBudget), FormatBytes(coord.BigTable.Bytes()))
	}
	return nil
}

// randomSolved is one cube's optimal solution in one metric.
type randomSolved struct {
	Metric  cube.Metric
	Index   int
	Moves   []cube.Move
	Nodes   int64
	Seconds float64
}

// RandomCheckpoint is the random stage's progress: the cubes solved so
// far, in order, metric after metric. A run with the same seed and metrics
// resumes it, whatever its number of cubes (a larger sample extends a
// smaller one: the cubes are drawn in the same order).
type RandomCheckpoint struct {
	Program string
	Seed    uint64
	Metrics []cube.Metric
	Solved  []randomSolved
}

var randomCheckpoints = checkpointOf[RandomCheckpoint, RandomCheckpoint]{
	decode: func(r io.Reader) (*RandomCheckpoint, error) {
		c := new(RandomCheckpoint)
		return c, gob.NewDecoder(r).Decode(c)
	},
	encode: func(c *RandomCheckpoint, w io.Writer) error { return gob.NewEncoder(w).Encode(c) },
	build:  func(c *RandomCheckpoint) *string { return &c.Program },
	resumes: func(c *RandomCheckpoint, cfg RandomCheckpoint) error {
		if c.Seed != cfg.Seed || !slices.Equal(c.Metrics, cfg.Metrics) {
			return fmt.Errorf("the checkpoint is of seed %d, metrics %v; this run is seed %d, metrics %v", c.Seed, c.Metrics, cfg.Seed, cfg.Metrics)
		}
		return nil
	},
	where: func(c *RandomCheckpoint) string { return fmt.Sprintf("%d solutions", len(c.Solved)) },
}

// RandomCubes draws n cubes uniformly from the cube group with the seed.
func RandomCubes(seed uint64, n int) []cube.Cube {
	rng := rand.New(rand.NewPCG(seed, 0))
	out := make([]cube.Cube, n)
	for i := range out {
		out[i] = cube.Random(rng)
	}
	return out
}

func runRandom(ctx context.Context, env *Env) (*Output, error) {
	o := env.Options
	seed := uint64(o.RandomSeed)
	n := 0
	for _, m := range o.RandomMetrics {
		n = max(n, int(o.RandomCubes[m]))
	}
	cubes := RandomCubes(seed, n)
	progress := RandomCheckpoint{Seed: seed, Metrics: slices.Clone(o.RandomMetrics)}
	resume, save, err := randomCheckpoints.use(env, "random", progress)
	if err != nil {
		return nil, err
	}
	if resume != nil {
		progress.Solved = resume.Solved
	}
	done := func(m cube.Metric, i int) bool {
		return slices.ContainsFunc(progress.Solved, func(r randomSolved) bool { return r.Metric == m && r.Index == i })
	}
	var params map[string]string
	if o.RandomFrom != "" {
		taken, build, err := readRandomSolved(string(o.RandomFrom), seed, cubes, o.RandomCubes, o.RandomMetrics)
		if err != nil {
			return nil, err
		}
		for _, r := range taken {
			if !done(r.Metric, r.Index) {
				progress.Solved = append(progress.Solved, r)
			}
		}
		params = map[string]string{"solutions_from_build": build}
	}
	for _, m := range o.RandomMetrics {
		open := false
		for i := range int(o.RandomCubes[m]) {
			open = open || !done(m, i)
		}
		if !open {
			continue // every cube is solved: no table to load
		}
		// A solver a metric, so that one big table is in memory at a time.
		s, err := newSolver(env, coord.OptimalTableFor(env.MemBudget))
		if err != nil {
			return nil, err
		}
		// Load (or build) the table first, so that no cube's time counts it.
		if _, err := s.Optimal(ctx, cube.Solved, m, env.Workers); err != nil {
			return nil, err
		}
		bar := env.Progress(fmt.Sprintf("random cubes solved optimally in %v", m), int64(o.RandomCubes[m]))
		for i, c := range cubes[:o.RandomCubes[m]] {
			if done(m, i) {
				bar.Add(1)
				continue
			}
			start := time.Now()
			found, err := s.Optimal(ctx, c, m, env.Workers)
			if err != nil {
				return nil, fmt.Errorf("random cube %d in %v: %w", i, m, err)
			}
			if cube.Times(c, cube.FromMoves(found.Moves)) != cube.Solved || m.Length(found.Moves) != found.Lower {
				return nil, fmt.Errorf("self-check failed: %s does not solve random cube %d in %d %v", cube.FormatManeuver(found.Moves), i, found.Lower, m)
			}
			progress.Solved = append(progress.Solved, randomSolved{m, i, found.Moves, found.Nodes, time.Since(start).Seconds()})
			if save != nil {
				if err := save(&progress); err != nil {
					return nil, fmt.Errorf("saving a checkpoint: %w", err)
				}
			}
			bar.Add(1)
		}
		bar.Finish()
		warnCache(env, s)
		s = nil
		debug.FreeOSMemory() // the next metric's table takes this one's place
	}
	out := randomTables(cubes, o.RandomCubes, o.RandomMetrics, progress.Solved, seed)
	maps.Copy(out.Params, params)
	return out, nil
}

// readRandomSolved reads the random_cubes table in dir (an earlier run of
// the same seed, such as results) as solutions of this run's cubes, those
// of its metrics and within its counts. Each maneuver is re-applied to the
// cube of its index in this run's draw and must solve it in the table's
// distance; the proof that no shorter one exists is the earlier run's, as
// the census takes an earlier run's blocks. It returns the build that
// solved them.
func readRandomSolved(dir string, seed uint64, cubes []cube.Cube, counts MetricCounts, metrics []cube.Metric) ([]randomSolved, string, error) {
	path := filepath.Join(dir, "random_cubes"+tables.Extension)
	t, prov, err := tables.Read(path)
	if err != nil {
		return nil, "", fmt.Errorf("--random-from %s: %w", dir, err)
	}
	if prov.Params["seed"] != strconv.FormatUint(seed, 10) {
		return nil, "", fmt.Errorf("--random-from %s: its cubes are of seed %s, this run's of seed %d", dir, prov.Params["seed"], seed)
	}
	col := func(name string) int { return t.Index(name) }
	metric, index, facelets, distance, maneuver, nodes, seconds := col("metric"), col("index"), col("facelets"), col("distance"), col("maneuver"), col("nodes"), col("seconds")
	var taken []randomSolved
	for i, row := range t.Rows {
		bad := func(format string, args ...any) error {
			return fmt.Errorf("--random-from %s: row %d: %s", path, i, fmt.Sprintf(format, args...))
		}
		m, err := cube.ParseMetric(row[metric].(string))
		if err != nil {
			return nil, "", bad("%v", err)
		}
		k := int(row[index].(int64))
		if k < 0 {
			return nil, "", bad("index %d", k)
		}
		if !slices.Contains(metrics, m) || k >= int(counts[m]) {
			continue
		}
		if row[facelets].(string) != cubes[k].Facelets() {
			return nil, "", bad("cube %d is %s, this run draws %s", k, row[facelets], cubes[k].Facelets())
		}
		moves, err := cube.ParseManeuver(row[maneuver].(string))
		if err != nil {
			return nil, "", bad("maneuver %q: %v", row[maneuver], err)
		}
		if cube.Times(cubes[k], cube.FromMoves(moves)) != cube.Solved || int64(m.Length(moves)) != row[distance].(int64) {
			return nil, "", bad("%s does not solve cube %d in %d %v", row[maneuver], k, row[distance], m)
		}
		taken = append(taken, randomSolved{m, k, moves, row[nodes].(int64), row[seconds].(float64)})
	}
	return taken, prov.Build, nil
}

// randomTables writes the solutions of the first counts[m] cubes in each
// metric m, a row per cube and metric in the order of the draw, and their
// distribution.
func randomTables(cubes []cube.Cube, counts MetricCounts, metrics []cube.Metric, solved []randomSolved, seed uint64) *Output {
	solved = slices.SortedStableFunc(slices.Values(solved), func(a, b randomSolved) int { return a.Index - b.Index })
	rows := tables.NewTable("random_cubes",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM (face turns), QTM (quarter turns, a half turn two) or STM (face and slice turns, relative to the centers)"},
		tables.Column{Name: "index", Kind: tables.Int64, Doc: "the cube's place in the seeded draw, from 0 (the same cubes in every metric, as far as each metric's sample goes)"},
		tables.Column{Name: "facelets", Kind: tables.String, Doc: "the cube, as a facelet string (URFDLB order)"},
		tables.Column{Name: "distance", Kind: tables.Int64, Doc: "its distance in the metric, proven: every shorter maneuver searched"},
		tables.Column{Name: "maneuver", Kind: tables.String, Doc: "an optimal maneuver solving it (the cube, then it, is solved)"},
		tables.Column{Name: "nodes", Kind: tables.Int64, Doc: "search nodes the optimal solver visited"},
		tables.Column{Name: "seconds", Kind: tables.Float64, Doc: "time the solve took (machine-dependent; both cores on one cube)"},
	)
	dist := tables.NewTable("random_distribution",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM, QTM or STM"},
		tables.Column{Name: "distance", Kind: tables.Int64, Doc: "a distance from solved"},
		tables.Column{Name: "cubes", Kind: tables.Int64, Doc: "cubes of the sample at that distance"},
		tables.Column{Name: "sample", Kind: tables.Int64, Doc: "cubes in the sample"},
		tables.Column{Name: "fraction", Kind: tables.Float64, Doc: "cubes / sample: the estimate of the fraction of all cubes at that distance"},
		tables.Column{Name: "stderr", Kind: tables.Float64, Doc: "the estimate's standard error, sqrt(f(1-f)/sample) (binomial)"},
	)
	sizes := make([]string, len(metrics))
	for i, m := range metrics {
		sizes[i] = fmt.Sprintf("%v=%d", m, counts[m])
	}
	params := map[string]string{"seed": strconv.FormatUint(seed, 10), "cubes": strings.Join(sizes, ","), "metrics": (*MetricList)(&metrics).String()}
	for _, m := range metrics {
		sample := int(counts[m])
		atDistance := map[int]int64{}
		var sum, sumSq float64
		for _, r := range solved {
			if r.Metric != m || r.Index >= sample {
				continue
			}
			d := m.Length(r.Moves)
			rows.Append(m.String(), int64(r.Index), cubes[r.Index].Facelets(), int64(d), cube.FormatManeuver(r.Moves), r.Nodes, r.Seconds)
			atDistance[d]++
			sum += float64(d)
			sumSq += float64(d * d)
		}
		n := float64(sample)
		for _, d := range slices.Sorted(maps.Keys(atDistance)) {
			f := float64(atDistance[d]) / n
			dist.Append(m.String(), int64(d), atDistance[d], int64(sample), f, math.Sqrt(f*(1-f)/n))
		}
		mean := sum / n
		params["mean_"+m.String()] = strconv.FormatFloat(mean, 'f', 4, 64)
		if sample > 1 {
			sd := math.Sqrt((sumSq - n*mean*mean) / (n - 1))
			params["mean_stderr_"+m.String()] = strconv.FormatFloat(sd/math.Sqrt(n), 'f', 4, 64)
		}
	}
	return &Output{Tables: []*tables.Table{rows, dist}, Params: params}
}
