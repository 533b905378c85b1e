package pipelines

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/cubecensus/cubecensus/cube"
	"github.com/cubecensus/cubecensus/tables"
	"github.com/cubecensus/cubecensus/upperface"
)

// loadUpperface reads the upperface tables in dir back into one search
// result per metric searched, as far as its search was exhaustive: the
// positions at a distance within that depth, with their maneuvers; every
// other position unfound, its lower bound one more. The bounds a run added
// from other metrics and from products are left out, so that the result
// is the state a search reaches after its last exhaustive depth, and a
// continued search (upperface.SearchPart, Settle) proceeds as the
// uninterrupted one would.
func loadUpperface(dir string) (map[cube.Metric]*upperface.Result, error) {
	positions, _, err := tables.Read(filepath.Join(dir, "upperface_positions"+tables.Extension))
	if err != nil {
		return nil, err
	}
	dist, _, err := tables.Read(filepath.Join(dir, "upperface_distribution"+tables.Extension))
	if err != nil {
		return nil, err
	}
	exhaustive := map[cube.Metric]int{}
	for _, row := range dist.Rows {
		m, err := cube.ParseMetric(row[dist.Index("metric")].(string))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", dist.Name, err)
		}
		if _, ok := exhaustive[m]; !ok {
			exhaustive[m] = -1
		}
		if row[dist.Index("exhaustive")].(bool) {
			exhaustive[m] = max(exhaustive[m], int(row[dist.Index("depth")].(int64)))
		}
	}
	found := map[cube.Metric]*upperface.Result{}
	for m, n := range exhaustive {
		p := strings.ToLower(m.String())
		distance, maneuver := positions.Index(p+"_distance"), positions.Index(p+"_maneuver")
		if distance < 0 || maneuver < 0 || len(positions.Rows) != upperface.NPositions {
			return nil, fmt.Errorf("%s: no %s distances and maneuvers for the %d positions", positions.Name, m, upperface.NPositions)
		}
		r := upperface.NewResult(m)
		r.Exhaustive = n
		for un, row := range positions.Rows {
			d, ok := row[distance].(int64)
			if !ok || int(d) > n {
				continue
			}
			moves, err := cube.ParseManeuver(row[maneuver].(string))
			if err != nil {
				return nil, fmt.Errorf("%s: un %d's %s maneuver: %w", positions.Name, un, m, err)
			}
			w, err := cube.WordOf(moves)
			if err != nil {
				return nil, fmt.Errorf("%s: un %d's %s maneuver: %w", positions.Name, un, m, err)
			}
			if w.Cost(m) != int(d) {
				return nil, fmt.Errorf("%s: un %d's %s maneuver costs %d, its distance is %d", positions.Name, un, m, w.Cost(m), d)
			}
			r.Lower[un], r.Upper[un], r.Word[un] = int(d), int(d), w
		}
		if r, err = r.Through(n); err != nil {
			return nil, err
		}
		found[m] = r
	}
	return found, nil
}
