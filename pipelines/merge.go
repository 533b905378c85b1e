package pipelines

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cubecensus/cubecensus/tables"
)

// shardTables are one shard's tables as read back.
type shardTables struct {
	dir    string
	shard  Shard
	tables map[string]*tables.Table
	prov   map[string]tables.Provenance
}

// Merge combines the tables of the shard runs whose output folders are
// dirs into the tables one process would have written, and writes them
// into out. It refuses, naming the folder and table, a damaged table (its
// checksum), a shard missing or given twice, shards of different builds,
// stages or settings, and a unit missing, repeated or outside its shard.
func Merge(dirs []string, out string) ([]Written, error) {
	if len(dirs) == 0 {
		return nil, fmt.Errorf("%w: merge wants the folders of the shards' tables", ErrOption)
	}
	abs, err := filepath.Abs(out)
	if err != nil {
		return nil, err
	}
	if err := outsideInputs(abs, dirs); err != nil {
		return nil, err
	}
	shards := make([]shardTables, len(dirs))
	for i, dir := range dirs {
		s, err := readShard(dir)
		if err != nil {
			return nil, err
		}
		shards[i] = s
	}
	// The output folder is made only once the inputs are known to be
	// shards: a mistyped input must not leave an empty folder behind.
	if err := PrepareOutput(out); err != nil {
		return nil, err
	}
	first := shards[0]
	names := slices.Sorted(maps.Keys(first.tables))
	bySlot := make([]*shardTables, first.shard.Count)
	for i := range shards {
		s := &shards[i]
		if got := slices.Sorted(maps.Keys(s.tables)); !slices.Equal(got, names) {
			return nil, fmt.Errorf("shard folder %s has tables %v, %s has %v", s.dir, got, first.dir, names)
		}
		for _, name := range names {
			if err := sameRun(first.prov[name], s.prov[name]); err != nil {
				return nil, fmt.Errorf("shard folder %s, table %s: %w (against %s)", s.dir, name, err, first.dir)
			}
		}
		if s.shard.Count != first.shard.Count {
			return nil, fmt.Errorf("shard folder %s is shard %v, %s is shard %v: not one split", s.dir, &s.shard, first.dir, &first.shard)
		}
		if prev := bySlot[s.shard.Index]; prev != nil {
			return nil, fmt.Errorf("shard %v twice: in %s and %s", &s.shard, prev.dir, s.dir)
		}
		bySlot[s.shard.Index] = s
	}
	for i, s := range bySlot {
		if s == nil {
			return nil, fmt.Errorf("shard %d/%d is missing (%d of %d folders given)", i, first.shard.Count, len(dirs), first.shard.Count)
		}
	}
	mergedTables := make([]*tables.Table, len(names))
	provs := make([]tables.Provenance, len(names))
	for i, name := range names {
		var err error
		if mergedTables[i], provs[i], err = mergeTable(name, bySlot); err != nil {
			return nil, err
		}
	}
	if err := checkTables(mergedTables); err != nil {
		return nil, fmt.Errorf("merge: %w; nothing was written", err)
	}
	var written []Written
	for i, merged := range mergedTables {
		path, err := tables.Write(out, merged, provs[i])
		if err != nil {
			return written, err
		}
		written = append(written, Written{provs[i].Stage, path, len(merged.Rows)})
	}
	return written, nil
}

// outsideInputs refuses an output folder that is one of the input folders
// or inside one (whatever the paths' spelling: they are compared as
// folders of the file system), where writing would replace an input.
func outsideInputs(out string, dirs []string) error {
	for _, dir := range dirs {
		for o := out; ; {
			if sameFolder(o, dir) {
				if o == out {
					return fmt.Errorf("%w: --out %s is the shard folder %s: the merge would replace its tables", ErrOption, out, dir)
				}
				return fmt.Errorf("%w: --out %s is inside the shard folder %s", ErrOption, out, dir)
			}
			parent := filepath.Dir(o)
			if parent == o {
				break
			}
			o = parent
		}
	}
	return nil
}

// statOf is os.Stat's answer, nil where there is none.
func statOf(path string) os.FileInfo {
	st, err := os.Stat(path)
	if err != nil {
		return nil
	}
	return st
}

// readShard reads every table in dir and the shard they say they are.
func readShard(dir string) (shardTables, error) {
	s := shardTables{dir: dir, tables: map[string]*tables.Table{}, prov: map[string]tables.Provenance{}}
	paths, err := filepath.Glob(filepath.Join(dir, "*"+tables.Extension))
	if err != nil {
		return s, err
	}
	if len(paths) == 0 {
		if _, err := os.Stat(dir); err != nil {
			return s, fmt.Errorf("shard folder %s: %w", dir, err)
		}
		return s, fmt.Errorf("shard folder %s holds no tables", dir)
	}
	for i, path := range paths {
		t, prov, err := tables.Read(path)
		if err != nil {
			return s, fmt.Errorf("shard folder %s: %w", dir, err)
		}
		var shard Shard
		if err := shard.Set(prov.Params[shardParam]); err != nil {
			return s, fmt.Errorf("shard folder %s, table %s: not a shard's table (its provenance has no %s I/N)", dir, t.Name, shardParam)
		}
		if i > 0 && shard != s.shard {
			return s, fmt.Errorf("shard folder %s mixes shards %v and %v", dir, &s.shard, &shard)
		}
		s.shard, s.tables[t.Name], s.prov[t.Name] = shard, t, prov
	}
	return s, nil
}

// sameRun reports how two shards' tables differ in what must be equal: the
// build, the stage and every parameter but the shard's own.
//
// The folder a run continued from is compared by content, not by the path
// as each shard's command line wrote it (uf1 and $PWD/uf1 are one folder;
// one path on two machines may be two): its fingerprint, continuesParam,
// is a setting like any other.
func sameRun(a, b tables.Provenance) error {
	switch {
	case a.Build != b.Build:
		return fmt.Errorf("another build (%s, not %s)", b.Build, a.Build)
	case a.Stage != b.Stage:
		return fmt.Errorf("another stage (%s, not %s)", b.Stage, a.Stage)
	}
	for _, k := range slices.Sorted(maps.Keys(unionKeys(a.Params, b.Params))) {
		if k == shardParam || k == shardUnitsParam || k == continuedFromParam || howRun(k) {
			continue
		}
		if a.Params[k] != b.Params[k] {
			return fmt.Errorf("other settings (%s %q, not %q)", k, b.Params[k], a.Params[k])
		}
	}
	return nil
}

// howRun reports whether a setting says how a shard ran rather than what
// it computed: the time its step masks took, the most positions its
// memory budget let a worker's set hold. Shards of one run may differ in
// it (each job's own clock and budget); the merged table keeps it only
// where they agree.
func howRun(key string) bool {
	for _, prefix := range []string{"step_masks_seconds.", "max_coset_entries.", "pilot_max_coset_entries."} {
		if strings.HasPrefix(key, prefix) {
			return true
		}
	}
	return false
}

func unionKeys(a, b map[string]string) map[string]string {
	u := maps.Clone(a)
	maps.Copy(u, b)
	return u
}

// mergeTable concatenates table name of the shards, in shard order, after
// checking each row's unit against its shard's part.
func mergeTable(name string, shards []*shardTables) (*tables.Table, tables.Provenance, error) {
	prov := shards[0].prov[name]
	var units unitRange
	if err := units.parse(prov.Params[unitsParam]); err != nil {
		return nil, prov, fmt.Errorf("shard folder %s, table %s: %s %q: %w", shards[0].dir, name, unitsParam, prov.Params[unitsParam], err)
	}
	key, list := prov.Params[shardKeyParam], prov.Params[shardListParam] == name
	merged := tables.NewTable(name, shards[0].tables[name].Columns...)
	for _, s := range shards {
		t, p := s.tables[name], s.prov[name]
		lo, n := s.shard.Part(units.first, units.count)
		if p.Params[shardUnitsParam] != (unitRange{lo, n}).String() {
			return nil, prov, fmt.Errorf("shard folder %s, table %s: shard %v covers %s, not %s", s.dir, name, &s.shard, p.Params[shardUnitsParam], unitRange{lo, n})
		}
		k := t.Index(key)
		if k < 0 {
			return nil, prov, fmt.Errorf("shard folder %s, table %s: no column %q naming each row's unit", s.dir, name, key)
		}
		next := lo
		for _, row := range t.Rows {
			u, ok := row[k].(int64)
			if !ok || u < lo || u >= lo+n {
				return nil, prov, fmt.Errorf("shard folder %s, table %s: a row of unit %v, outside the shard's %s", s.dir, name, row[k], unitRange{lo, n})
			}
			if list {
				if u != next {
					return nil, prov, fmt.Errorf("shard folder %s, table %s: unit %d where %d was due (each unit once, in order)", s.dir, name, u, next)
				}
				next++
			}
		}
		if list && next != lo+n {
			return nil, prov, fmt.Errorf("shard folder %s, table %s: units %d to %d are missing", s.dir, name, next, lo+n-1)
		}
		merged.Rows = append(merged.Rows, t.Rows...)
		if p.Start.Before(prov.Start) {
			prov.Start = p.Start
		}
		if p.End.After(prov.End) {
			prov.End = p.End
		}
	}
	prov.Params = maps.Clone(prov.Params)
	for k, v := range prov.Params {
		if !howRun(k) {
			continue
		}
		for _, s := range shards {
			if s.prov[name].Params[k] != v {
				delete(prov.Params, k)
				break
			}
		}
	}
	delete(prov.Params, shardParam)
	delete(prov.Params, shardUnitsParam)
	prov.Params["merged_shards"] = strconv.Itoa(len(shards))
	return merged, prov, nil
}

// unitRange is a range of units, FIRST:COUNT.
type unitRange struct{ first, count int64 }

func (r unitRange) String() string { return fmt.Sprintf("%d:%d", r.first, r.count) }

func (r *unitRange) parse(s string) error {
	first, count, ok := parseRange(s)
	if !ok {
		return fmt.Errorf("not FIRST:COUNT")
	}
	*r = unitRange{first, count}
	return nil
}

// parseRange parses FIRST:COUNT, two whole numbers.
func parseRange(s string) (first, count int64, ok bool) {
	a, b, found := strings.Cut(s, ":")
	first, err1 := ParseWhole(a)
	count, err2 := ParseWhole(b)
	return first, count, found && err1 == nil && err2 == nil && first >= 0 && count >= 0
}
