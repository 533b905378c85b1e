package main

import (
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"strconv"
	"time"

	"github.com/cubecensus/cubecensus/coord"
	"github.com/cubecensus/cubecensus/cosets"
	"github.com/cubecensus/cubecensus/cube"
)

func main() {
	m, _ := cube.ParseMetric(os.Args[1])
	depth, _ := strconv.Atoi(os.Args[2])
	n, _ := strconv.Atoi(os.Args[3])
	tables, _ := coord.Load(coord.Config{})
	table, err := tables.CosetTable(m)
	if err != nil {
		panic(err)
	}
	classes := table.Classes()
	c := cosets.NewCensusCounter(table)
	rng := rand.New(rand.NewPCG(1, 2))
	sum := make([]float64, depth+1)
	t0 := time.Now()
	var maxT time.Duration
	var maxTot int64
	for range n {
		i := rng.Int64N(classes.Len())
		t1 := time.Now()
		got, err := c.Count(classes.Rep(i), depth)
		if err != nil {
			panic(err)
		}
		if dt := time.Since(t1); dt > maxT {
			maxT = dt
		}
		var tot int64
		for d, g := range got {
			sum[d] += float64(g) * float64(classes.Size(i))
			tot += g
		}
		maxTot = max(maxTot, tot)
	}
	el := time.Since(t0)
	scale := float64(classes.Len()) / float64(n)
	for d := range sum {
		fmt.Printf("%d %.4g\n", d, sum[d]*scale)
	}
	fmt.Printf("%v per class, max %v (%d positions), probes %d; all classes: %.1f CPU-hours\n", el/time.Duration(n), maxT, maxTot, c.Probes, el.Hours()*scale)
}

func init() {
	if p := os.Getenv("PROF"); p != "" {
		f, _ := os.Create(p)
		pprof.StartCPUProfile(f)
		go func() { time.Sleep(40 * time.Second); pprof.StopCPUProfile(); f.Close(); os.Exit(0) }()
	}
}
