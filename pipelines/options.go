package pipelines

import (
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cube"
)

// ErrOption is wrapped by every error about how a run was asked for: a flag
// value that does not parse or cannot work, an option of a stage that is not
// run. The command line reports these as usage errors (exit 2), before any
// stage starts.
var ErrOption = errors.New("bad option")

// Options are the stage options of a run, typed. Each field belongs to one
// stage (see List); NewOptions gives the defaults.
type Options struct {
	BruteforceDepth   Depth        // canonical: the brute force's length; -1 for the deepest that fits the memory budget
	UpperfaceBudget   Probes       // upperface: the probes each metric's search may make
	UpperfaceMetrics  MetricList   // upperface: the metrics to search
	UpperfaceContinue Folder       // upperface: the folder of upperface tables to continue from ("": search from depth 1)
	UpperfaceHits     Folder       // upperface: the folder of merged shard tables settling the next depth ("": none)
	CentersBudget     MetricProbes // centers: the probes each metric's search may make
	CentersMetrics    MetricList   // centers: the metrics to search
	CentersPrune      MetricDepths // centers: each metric's first depth pruned by the corner-twist table (0: none)
	CentersContinue   Folder       // centers: the folder of earlier centers tables to continue from ("": start afresh)
	CentersHits       Folder       // centers: the folder of merged shard tables settling the next depth ("": none)
	CentersMaxDepth   MetricDepths // centers: each metric's last depth searched (0: until the budget is spent)
	RandomCubes       MetricCounts // random: the cubes drawn and solved in each metric
	RandomMetrics     MetricList   // random: the metrics they are solved in
	RandomSeed        Count        // random: the draw's seed
	RandomFrom        Folder       // random: the folder of an earlier run's random_cubes whose solutions are taken ("": none)
	Cosets            CosetRange   // cosets: the classes of cosets to solve
	CosetSearchDepth  MoveCount    // cosets: the depth each coset is searched to
	Bound             MoveCount    // cosets: the bound to prove (0: count exactly to the search depth)
	CosetMetric       MetricOption // cosets: the metric of the search, the bound and the counts
	HSearchDepth      MoveCount    // subgroup: the depth H (the trivial coset) is searched to for Table 1's S column
	HMetricDepth      MetricDepths // subgroup: the depth H is searched to in QTM and STM with all the metric's moves (0: not computed)
	HColumnsFrom      Folder       // subgroup: the folder of an earlier h_distance whose other columns are taken ("": all computed)
	CensusDepth       MetricDepths // census: the depth counted in each metric (0: not counted)
	CensusBlocks      BlockRange   // census: the blocks of classes of cosets to count
	CensusBlocksFrom  Folder       // census: the folder of merged shard tables whose blocks are counted already ("": none)
	CensusPilot       MetricDepths // census: the depth to which the pilot times a sample of classes in each metric (0: none)
	CensusPilotSample Count        // census: the classes the pilot samples
}

// NewOptions returns the default options.
func NewOptions() *Options {
	return &Options{
		BruteforceDepth:   -1,
		UpperfaceBudget:   DefaultUpperfaceBudget,
		UpperfaceMetrics:  slices.Clone(cube.Metrics),
		CentersBudget:     MetricProbes{DefaultCentersBudget, DefaultCentersBudget, DefaultCentersBudget},
		CentersMetrics:    slices.Clone(cube.Metrics),
		CentersPrune:      DefaultCentersPrune,
		RandomCubes:       DefaultRandomCubes,
		RandomMetrics:     MetricList{cube.HTM, cube.QTM},
		RandomSeed:        DefaultRandomSeed,
		Cosets:            DefaultCosets,
		CosetSearchDepth:  DefaultCosetSearchDepth,
		Bound:             DefaultBound,
		HSearchDepth:      DefaultHSearchDepth,
		HMetricDepth:      DefaultHMetricDepth,
		CensusDepth:       DefaultCensusDepth,
		CensusBlocks:      BlockRange{First: 0, Count: censusBlocks},
		CensusPilotSample: 200,
	}
}

// Value is a typed flag value: it parses and prints itself (the interface
// of pflag's and the standard flag package's Value).
type Value interface {
	String() string
	Set(string) error
	Type() string
}

// Option is one stage option as a command-line flag.
type Option struct {
	Stage string // the stage it belongs to
	Flag  string // the flag's name, without dashes
	Usage string
	Value Value // the field of Options it sets
}

// List returns the stage options as flags bound to o's fields.
func (o *Options) List() []Option {
	return []Option{
		{"canonical", "bruteforce-depth", "length of the brute-force check (-1: the deepest that fits --mem-budget)", &o.BruteforceDepth},
		{"upperface", "upperface-budget", "probes each metric's search may make (e.g. 8.5e9; at least enough to finish depth 7)", &o.UpperfaceBudget},
		{"upperface", "upperface-metrics", "metrics to search, comma-separated", &o.UpperfaceMetrics},
		{"upperface", "upperface-continue-from", "take the distances the upperface tables in this folder (e.g. results) proved and search the next depth of each metric they left open; with --shard, only the shard's units of it (tables upperface_units and upperface_hits, for cubecensus merge)", &o.UpperfaceContinue},
		{"upperface", "upperface-hits-from", "settle the next depth of the search (from depth 1, or continued) from the merged shard tables in this folder, instead of searching it", &o.UpperfaceHits},
		{"centers", "centers-budget", "probes each metric's search may make: one number for all (1e9) or per metric (HTM=3.2e10,QTM=1.5e10,STM=1.5e10)", &o.CentersBudget},
		{"centers", "centers-metrics", "metrics to search, comma-separated", &o.CentersMetrics},
		{"centers", "centers-continue-from", "continue each metric from the centers tables in this folder (e.g. results): their proven states, from the depth after their exhaustive one; with --shard, only the shard's units of that depth of one metric (tables centers_units and centers_hits, for cubecensus merge)", &o.CentersContinue},
		{"centers", "centers-hits-from", "settle the next depth of the metric continued from --centers-continue-from from the merged shard tables in this folder, instead of searching it", &o.CentersHits},
		{"centers", "centers-max-depth", "last depth each metric searches (0: until its budget is spent): one number for all or per metric (STM=16)", &o.CentersMaxDepth},
		{"centers", "centers-prune-from", "first depth whose prefixes the corner-twist table prunes (0: never): one number for all or per metric (HTM=18,QTM=20,STM=15); the table takes 2.2 GB of --mem-budget, and a minute or two to build at each depth that begins with fewer states open", &o.CentersPrune},
		{"random", "random-cubes", "random cubes to draw and solve optimally: one number for all metrics or per metric (HTM=100,QTM=20); a larger sample extends a smaller one of the same seed (its first cubes are the same)", &o.RandomCubes},
		{"random", "random-metrics", "metrics to solve them in, comma-separated: HTM, QTM, STM", &o.RandomMetrics},
		{"random", "random-seed", "seed of the draw", &o.RandomSeed},
		{"random", "random-from", "take the solutions in this folder's random_cubes (an earlier run of the same seed, such as results), each re-applied to its cube, and solve only the other cubes", &o.RandomFrom},
		{"cosets", "cosets", "classes of cosets of H to solve, FIRST:COUNT, numbered 0 to 138,639,779 in the list reduced by the 16 symmetries (COUNT 0: none), or a list of classes A,B,... (not split into shards)", &o.Cosets},
		{"cosets", "coset-search-depth", "depth to which each coset is searched (seed 002: 15); in bound mode the next depth gets a prepass and a partial search (seed 002's goal), the later ones prepasses alone", &o.CosetSearchDepth},
		{"cosets", "bound", "prove every position of each coset within this many moves (seed 002: 20), the positions the prepasses leave solved by the two-phase solver; 0: count the positions exactly at each depth to --coset-search-depth", &o.Bound},
		{"cosets", "coset-metric", "metric of the search, the bound and the counts: HTM (seed 002's solver), QTM or STM (the coset solver in that metric, searching without the HTM solver's partial depth; the positions its prepasses leave are solved by the two-phase solver in the metric, up to 100,000 a coset, and those it does not solve within the bound are listed in cosets_unsolved)", &o.CosetMetric},
		{"census", "census-depth", "depth to count the whole cube's positions to in each metric, coset by coset (0: not counted): one number for all or per metric (HTM=9,QTM=11,STM=8)", &o.CensusDepth},
		{"census", "census-blocks", "blocks of 262,144 classes of cosets to count, FIRST:COUNT, 0 to 528 (a shard takes its part of them)", &o.CensusBlocks},
		{"census", "census-pilot", "time a random sample of classes at each depth after --census-depth to this one, for the cost of a full run (census_cost): one number for all or per metric (HTM=11,QTM=13,STM=11; 0: none)", &o.CensusPilot},
		{"census", "census-pilot-sample", "classes of cosets the pilot samples (the same on every machine)", &o.CensusPilotSample},
		{"census", "census-blocks-from", "take the blocks counted in this folder's census_blocks (merged shards, or an earlier run such as results) for each metric counted to this run's depth, and count only the others", &o.CensusBlocksFrom},
		{"subgroup", "h-metric-search-depth", "depth to which H is searched in QTM and STM with all the metric's moves (columns moves_in_qtm, moves_in_stm), exact to there, then prepasses alone until every position is reached (lower bounds); per metric, QTM=N,STM=N (0: not computed, or with --h-columns-from taken from there; a metric not named keeps its default)", &o.HMetricDepth},
		{"subgroup", "h-columns-from", "take Table 1's columns (moves_in_a, moves_in_s) and each metric's that --h-metric-search-depth gives 0 from this folder's h_distance (an earlier run, such as results), and compute only the others (with QTM=0,STM=0 none: h_distance is written again from the folder's, with what this build derives from its columns)", &o.HColumnsFrom},
		{"subgroup", "h-search-depth", "depth to which H itself is searched for Table 1's 'moves in S' column, exact to there, and at 18 too when 17 (to 16 about 4 minutes, to 17 about 10)", &o.HSearchDepth},
	}
}

// CheckOptions checks, before any stage runs, env's workers and memory
// budget, that each option given (by flag name) belongs to a stage of the
// run, and that every stage of the run can work with env's options and
// memory budget. Its errors wrap ErrOption and name the flag.
func CheckOptions(stages []Stage, env *Env, given []string) error {
	if env.Workers < 1 {
		return fmt.Errorf("%w: --workers %d (want at least 1)", ErrOption, env.Workers)
	}
	if err := CheckBudget(env.MemBudget); err != nil {
		return err
	}
	names := make([]string, len(stages))
	for i, s := range stages {
		names[i] = s.Name
	}
	for _, o := range env.Options.List() {
		if slices.Contains(given, o.Flag) && !slices.Contains(names, o.Stage) {
			return fmt.Errorf("%w: --%s is an option of the %s stage, which this run does not include (it runs %s)",
				ErrOption, o.Flag, o.Stage, strings.Join(names, ", "))
		}
	}
	for _, s := range stages {
		if env.Shard != nil && s.ShardTables == nil {
			return fmt.Errorf("%w: --shard %v: the %s stage cannot be split into shards (only stages with a range of work can: %s)", ErrOption, env.Shard, s.Name, strings.Join(shardable(), ", "))
		}
		if s.Check == nil {
			continue
		}
		if err := s.Check(env); err != nil {
			return fmt.Errorf("%w: %w", ErrOption, err)
		}
	}
	return nil
}

// Depth is a length option: a whole number from -1 up, -1 meaning "as deep
// as the memory budget allows".
type Depth int

func (d *Depth) String() string { return strconv.Itoa(int(*d)) }
func (d *Depth) Type() string   { return "depth" }

// Set parses a whole number from -1 to 99.
func (d *Depth) Set(s string) error {
	n, err := ParseWhole(s)
	if err != nil || n < -1 || n > 99 {
		return fmt.Errorf("want a whole number from -1 to 99")
	}
	*d = Depth(n)
	return nil
}

// Count is a whole number from 1 up.
type Count uint64

func (c *Count) String() string { return strconv.FormatUint(uint64(*c), 10) }
func (c *Count) Type() string   { return "count" }

// Set parses a whole number from 1 to 1e12.
func (c *Count) Set(s string) error {
	n, err := ParseWhole(s)
	if err != nil || n < 1 || n > 1e12 {
		return fmt.Errorf("want a whole number from 1 to 1e12")
	}
	*c = Count(n)
	return nil
}

// Probes is a probe budget: a whole number of probes from 1 up, written as
// an integer or in floating-point notation (8.5e9).
type Probes int64

// maxProbes keeps budgets within an int64 with room to add.
const maxProbes = 1e18

func (p *Probes) String() string { return strconv.FormatInt(int64(*p), 10) }
func (p *Probes) Type() string   { return "probes" }

// Set parses a budget as ParseWhole does, refusing numbers outside 1..1e18.
func (p *Probes) Set(s string) error {
	n, err := ParseWhole(s)
	if err != nil || n < 1 || n > maxProbes {
		return fmt.Errorf("want a whole number of probes from 1 to 1e18, e.g. 8.5e9")
	}
	*p = Probes(n)
	return nil
}

// MetricList is a comma-separated list of metrics, each named once.
type MetricList []cube.Metric

func (l *MetricList) String() string {
	names := make([]string, len(*l))
	for i, m := range *l {
		names[i] = m.String()
	}
	return strings.Join(names, ",")
}

func (l *MetricList) Type() string { return "metrics" }

// Set parses "HTM,QTM" and the like (any case), refusing unknown or
// repeated metrics and an empty list.
func (l *MetricList) Set(s string) error {
	var out MetricList
	for _, name := range strings.Split(s, ",") {
		m, err := cube.ParseMetric(strings.TrimSpace(name))
		if err != nil {
			return err
		}
		if slices.Contains(out, m) {
			return fmt.Errorf("%v is named twice", m)
		}
		out = append(out, m)
	}
	*l = out
	return nil
}

// Bytes is a memory size such as 6GiB, 512MiB, 2G or 1000000 (see
// ParseBytes).
type Bytes uint64

func (b *Bytes) String() string { return FormatBytes(uint64(*b)) }
func (b *Bytes) Type() string   { return "size" }

// Set parses a size with ParseBytes.
func (b *Bytes) Set(s string) error {
	n, err := ParseBytes(s)
	if err != nil {
		return err
	}
	*b = Bytes(n)
	return nil
}

// MetricProbes is a probe budget for each metric: one number for every
// metric, or a comma-separated list of METRIC=PROBES where the metrics not
// named keep their budget.
type MetricProbes [cube.NMetrics]Probes

func (p *MetricProbes) String() string {
	return formatPerMetric(func(m cube.Metric) string { return p[m].String() })
}

// formatPerMetric writes one value for all metrics where they agree, else
// METRIC=VALUE for each: what setPerMetric reads.
func formatPerMetric(value func(cube.Metric) string) string {
	parts := make([]string, len(cube.Metrics))
	for i, m := range cube.Metrics {
		parts[i] = value(m)
	}
	if parts[0] == parts[1] && parts[1] == parts[2] {
		return parts[0]
	}
	for i, m := range cube.Metrics {
		parts[i] = m.String() + "=" + parts[i]
	}
	return strings.Join(parts, ",")
}

func (p *MetricProbes) Type() string { return "probes" }

// Set parses "2.5e9" or "HTM=3.2e10,STM=1e10" (metrics in any case, each
// named once), with Probes' rules for each number.
func (p *MetricProbes) Set(s string) error {
	out := *p
	if err := setPerMetric(s, "PROBES", func(m cube.Metric, v string) error { return out[m].Set(v) }); err != nil {
		return err
	}
	*p = out
	return nil
}

// setPerMetric parses one value for every metric, or a comma-separated list
// of METRIC=VALUE (metrics in any case, each named once), calling set for
// each metric it gives a value.
func setPerMetric(s, what string, set func(m cube.Metric, value string) error) error {
	if !strings.Contains(s, "=") {
		for _, m := range cube.Metrics {
			if err := set(m, s); err != nil {
				return err
			}
		}
		return nil
	}
	var seen []cube.Metric
	for _, part := range strings.Split(s, ",") {
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			return fmt.Errorf("%q: want METRIC=%s", part, what)
		}
		m, err := cube.ParseMetric(strings.TrimSpace(name))
		if err != nil {
			return err
		}
		if slices.Contains(seen, m) {
			return fmt.Errorf("%v is named twice", m)
		}
		seen = append(seen, m)
		if err := set(m, strings.TrimSpace(value)); err != nil {
			return fmt.Errorf("%v=%s: %w", m, value, err)
		}
	}
	return nil
}

// Folder is a folder's path; Set refuses one that is not a folder.
type Folder string

func (f *Folder) String() string { return string(*f) }
func (f *Folder) Type() string   { return "folder" }

// Set takes the path of an existing folder.
func (f *Folder) Set(s string) error {
	info, err := os.Stat(s)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a folder", s)
	}
	*f = Folder(s)
	return nil
}

// MetricCounts is a count for each metric, given as MetricProbes is: one
// number for all, or METRIC=COUNT pairs.
type MetricCounts [cube.NMetrics]Count

func (c *MetricCounts) String() string {
	return formatPerMetric(func(m cube.Metric) string { return c[m].String() })
}

func (c *MetricCounts) Type() string { return "counts" }

// Set parses "20" or "HTM=100,QTM=20", with Count's rules for each number.
func (c *MetricCounts) Set(s string) error {
	out := *c
	if err := setPerMetric(s, "COUNT", func(m cube.Metric, v string) error { return out[m].Set(v) }); err != nil {
		return err
	}
	*c = out
	return nil
}

// MetricDepths is a depth for each metric, given as MetricProbes is: one
// number for all, or METRIC=DEPTH pairs.
type MetricDepths [cube.NMetrics]int

// DefaultCentersPrune is where the centers search starts pruning by
// default: nowhere. The default budget does not reach the depths where the
// 2.2 GB table repays its build, and a small --mem-budget could not hold it;
// deep runs name their depths (docs/centers.md gives the committed run's).
var DefaultCentersPrune = MetricDepths{}

func (d *MetricDepths) String() string {
	return formatPerMetric(func(m cube.Metric) string { return strconv.Itoa(d[m]) })
}

func (d *MetricDepths) Type() string { return "depths" }

// Set parses "18" or "HTM=18,STM=15"; a depth is a whole number from 0 to
// 99.
func (d *MetricDepths) Set(s string) error {
	out := *d
	err := setPerMetric(s, "DEPTH", func(m cube.Metric, v string) error {
		n, err := ParseWhole(v)
		if err != nil || n < 0 || n > 99 {
			return fmt.Errorf("%q is not a depth from 0 to 99", v)
		}
		out[m] = int(n)
		return nil
	})
	if err != nil {
		return err
	}
	*d = out
	return nil
}

// MetricOption is one metric, by name (HTM, QTM or STM, any case).
type MetricOption cube.Metric

func (m *MetricOption) String() string { return cube.Metric(*m).String() }
func (m *MetricOption) Type() string   { return "metric" }

func (m *MetricOption) Set(s string) error {
	v, err := cube.ParseMetric(strings.TrimSpace(s))
	if err != nil {
		return err
	}
	*m = MetricOption(v)
	return nil
}

// MoveCount is a number of moves from 0 to 40.
type MoveCount int

func (n *MoveCount) String() string { return strconv.Itoa(int(*n)) }
func (n *MoveCount) Type() string   { return "moves" }

// Set parses a whole number from 0 to 40.
func (n *MoveCount) Set(s string) error {
	v, err := ParseWhole(s)
	if err != nil || v < 0 || v > 40 {
		return fmt.Errorf("want a whole number of moves from 0 to 40")
	}
	*n = MoveCount(v)
	return nil
}

// BlockRange is a range of the census's blocks of classes of cosets,
// FIRST:COUNT.
type BlockRange struct {
	First, Count int64
}

func (r *BlockRange) String() string { return fmt.Sprintf("%d:%d", r.First, r.Count) }
func (r *BlockRange) Type() string   { return "FIRST:COUNT" }

// Set parses FIRST:COUNT within the census's blocks.
func (r *BlockRange) Set(s string) error {
	f, c, ok := parseRange(s)
	if !ok {
		return fmt.Errorf("want FIRST:COUNT, two whole numbers")
	}
	if f > censusBlocks || c > censusBlocks-f {
		return fmt.Errorf("blocks %d to %d: there are %d (0 to %d)", f, f+c-1, censusBlocks, censusBlocks-1)
	}
	*r = BlockRange{f, c}
	return nil
}

// CosetRange is the classes of cosets of H to solve: a range, FIRST:COUNT,
// or a list of classes, A,B,C (List set, First 0 and Count its length),
// such as the cosets another program numbers consecutively.
type CosetRange struct {
	First, Count int64
	List         []int64
}

func (r *CosetRange) String() string {
	if r.List != nil {
		words := make([]string, len(r.List))
		for i, c := range r.List {
			words[i] = strconv.FormatInt(c, 10)
		}
		return strings.Join(words, ",")
	}
	return fmt.Sprintf("%d:%d", r.First, r.Count)
}

func (r *CosetRange) Type() string { return "FIRST:COUNT|A,B,..." }

// Class returns the class of unit u of the range: u itself for FIRST:COUNT
// (units First to First+Count-1), the u-th of a list (units 0 to Count-1).
func (r *CosetRange) Class(u int64) int64 {
	if r.List != nil {
		return r.List[u]
	}
	return u
}

// Set parses FIRST:COUNT, whole numbers with FIRST+COUNT at most the
// number of classes, or a list of classes separated by commas.
func (r *CosetRange) Set(s string) error {
	if !strings.Contains(s, ":") {
		var list []int64
		for _, word := range strings.Split(s, ",") {
			c, err := ParseWhole(word)
			if err != nil || c < 0 || c >= coord.NCosetClasses {
				return fmt.Errorf("class %q: want a whole number from 0 to %d (or FIRST:COUNT)", word, int64(coord.NCosetClasses-1))
			}
			list = append(list, c)
		}
		*r = CosetRange{Count: int64(len(list)), List: list}
		return nil
	}
	f, c, ok := parseRange(s)
	if !ok {
		return fmt.Errorf("want FIRST:COUNT, two whole numbers (e.g. 0:10), or classes A,B,...")
	}
	if f > coord.NCosetClasses || c > coord.NCosetClasses-f { // written so as not to overflow
		return fmt.Errorf("classes %d to %d: there are %d (0 to %d)", f, f+c-1, int64(coord.NCosetClasses), int64(coord.NCosetClasses-1))
	}
	*r = CosetRange{First: f, Count: c}
	return nil
}

// ParseWhole parses a whole number written as an integer (20000000) or in
// floating-point notation (2e7), as the flags' help writes them; it
// refuses fractions, NaN, infinities and numbers beyond an int64.
func ParseWhole(s string) (int64, error) {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		return n, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	// 2^63 is the first float64 beyond int64's range.
	if err != nil || f != math.Trunc(f) || f >= 1<<63 || f < -(1<<63) {
		return 0, fmt.Errorf("%q is not a whole number", s)
	}
	return int64(f), nil
}

// Whole is an integer flag from Min to Max, given as ParseWhole reads it.
type Whole[T ~int | ~int64] struct {
	P        *T
	Min, Max T
}

func (w Whole[T]) String() string { return strconv.FormatInt(int64(*w.P), 10) }
func (w Whole[T]) Type() string   { return "int" }

// Set parses a whole number from Min to Max.
func (w Whole[T]) Set(s string) error {
	n, err := ParseWhole(s)
	if err != nil || n < int64(w.Min) || n > int64(w.Max) {
		return fmt.Errorf("want a whole number from %d to %d", w.Min, w.Max)
	}
	*w.P = T(n)
	return nil
}

// shardable names the stages that can be split into shards.
func shardable() []string {
	var names []string
	for _, s := range Stages() {
		if s.ShardTables != nil {
			names = append(names, s.Name)
		}
	}
	return names
}
