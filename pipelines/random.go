package pipelines

import (
	"context"
	"encoding/gob"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
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
	Doc:    "random cubes drawn uniformly (seeded) and solved optimally in HTM and QTM: their distance distribution with its sampling error",
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
	for _, m := range o.RandomMetrics {
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
	return randomTables(cubes, o.RandomCubes, o.RandomMetrics, progress.Solved, seed), nil
}

// randomTables writes the solutions of the first counts[m] cubes in each
// metric m, a row per cube and metric (solved holds each metric's in the
// order of the draw), and their distribution.
func randomTables(cubes []cube.Cube, counts MetricCounts, metrics []cube.Metric, solved []randomSolved, seed uint64) *Output {
	rows := tables.NewTable("random_cubes",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM (face turns) or QTM (quarter turns, a half turn two)"},
		tables.Column{Name: "index", Kind: tables.Int64, Doc: "the cube's place in the seeded draw, from 0 (the same cubes in every metric, as far as each metric's sample goes)"},
		tables.Column{Name: "facelets", Kind: tables.String, Doc: "the cube, as a facelet string (URFDLB order)"},
		tables.Column{Name: "distance", Kind: tables.Int64, Doc: "its distance in the metric, proven: every shorter maneuver searched"},
		tables.Column{Name: "maneuver", Kind: tables.String, Doc: "an optimal maneuver solving it (the cube, then it, is solved)"},
		tables.Column{Name: "nodes", Kind: tables.Int64, Doc: "search nodes the optimal solver visited"},
		tables.Column{Name: "seconds", Kind: tables.Float64, Doc: "time the solve took (machine-dependent; both cores on one cube)"},
	)
	dist := tables.NewTable("random_distribution",
		tables.Column{Name: "metric", Kind: tables.String, Doc: "HTM or QTM"},
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
