package pipelines

import (
	"fmt"
	"math"
	"strings"
)

// Scale-out: a stage whose work is a range of units (the cosets stage's
// cosets, the chunks of the upperface and centers searches' next depth)
// can run one shard of it, --shard I/N, anywhere (a laptop, a task of a
// Slurm job array), each shard writing its own tables; `cubecensus merge`
// then combines the shards' tables into the tables one process
// would have written, refusing a missing or repeated shard or unit, a
// shard of another build or other settings, or a damaged table.
//
// A shard's tables say in their provenance which shard they are
// (shardParam, "I/N"), the whole range (unitsParam, FIRST:COUNT), the
// shard's part of it (shardUnitsParam) and the column naming each row's
// unit (shardKeyParam); every row of a shard lies in its part, and the
// table named by shardListParam has exactly one row per unit.
const (
	shardParam      = "shard"
	unitsParam      = "units"
	shardUnitsParam = "shard_units"
	shardKeyParam   = "shard_key"
	shardListParam  = "shard_list"
	// continuedFromParam is the folder a continued run read, as written;
	// continuesParam the fingerprint of what it read there.
	continuedFromParam = "continued_from"
	continuesParam     = "continues"
)

// Shard is one of Count parts of a stage's work, Index from 0.
type Shard struct {
	Index, Count int
}

func (s *Shard) String() string {
	if s.Count == 0 {
		return "" // no shard: the help shows no default
	}
	return fmt.Sprintf("%d/%d", s.Index, s.Count)
}
func (s *Shard) Type() string { return "I/N" }

// Set parses I/N, 0 <= I < N (Slurm's $SLURM_ARRAY_TASK_ID counts from the
// array's first index, 0 with --array=0-(N-1)).
func (s *Shard) Set(v string) error {
	i, n, ok := strings.Cut(v, "/")
	index, err1 := ParseWhole(i)
	count, err2 := ParseWhole(n)
	if !ok || err1 != nil || err2 != nil || count < 1 || count > 1e9 || index < 0 || index >= count {
		return fmt.Errorf("want I/N with 0 <= I < N <= 1e9 (e.g. 3/10)")
	}
	*s = Shard{int(index), int(count)}
	return nil
}

// Part returns the shard's contiguous part of count units from first:
// shard i gets units [first + count*i/N, first + count*(i+1)/N), so the
// parts tile the range and differ in size by one at most.
func (s *Shard) Part(first, count int64) (int64, int64) {
	lo := first + count*int64(s.Index)/int64(s.Count)
	hi := first + count*int64(s.Index+1)/int64(s.Count)
	return lo, hi - lo
}

// spreadOrder numbers total chunks of a search as units so that a shard's
// contiguous part of the units takes chunks from all over the search: unit
// u is chunk u*step mod total, step the whole number nearest total/phi
// (phi the golden ratio) prime to total, which spaces any run of units
// evenly over the chunks. A search's first chunks are often its heaviest
// (the centers search's first 1,000 of 170,000 are a quarter of QTM's
// depth 24), and contiguous chunks would give them all to one shard.
func spreadOrder(total int) []int {
	order := make([]int, total)
	step := int(math.Round(float64(total) * (math.Sqrt(5) - 1) / 2))
	for total > 1 && gcd(step, total) != 1 {
		step++
	}
	for u := range order {
		order[u] = int(int64(u) * int64(step) % int64(total))
	}
	return order
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
