// Command hsample prints positions of H drawn from the state a search of H
// in a metric saved after a finished depth (cubecensus run subgroup
// --keep-checkpoints): -n positions at exactly that depth, then -n beyond
// it, as facelet strings under a comment line each, for cubecensus solve
// --optimal to check that their distances are the depth and more than the
// depth (docs/cosets.md). It holds the state's two bitmaps, 4.9 GB.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/pipelines"
)

func main() {
	dir := flag.String("state", "", "the checkpoint folder of run subgroup")
	metric := flag.String("metric", "QTM", "the metric of the search: QTM or STM")
	n := flag.Int("n", 5, "positions at the depth, and as many beyond it")
	seed := flag.Uint64("seed", 1, "seed of the draw")
	flag.Parse()
	m, err := cube.ParseMetric(*metric)
	if err != nil {
		fail("-metric %q: %v", *metric, err)
	}
	if *dir == "" {
		fail("-state: give the checkpoint folder")
	}
	if *n < 1 {
		fail("-n %d: want 1 or more", *n)
	}
	s, err := pipelines.HStateSample(*dir, m, *n, *seed)
	if err != nil {
		fail("%v", err)
	}
	fmt.Printf("# %d positions of H at %d in %s (seed %d)\n", len(s.At), s.Depth, m, *seed)
	for _, c := range s.At {
		fmt.Println(c.Facelets())
	}
	fmt.Printf("# %d positions of H beyond %d in %s\n", len(s.Beyond), s.Depth, m)
	for _, c := range s.Beyond {
		fmt.Println(c.Facelets())
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "hsample: "+format+"\n", args...)
	os.Exit(2)
}
