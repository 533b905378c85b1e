package tables

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"maps"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Version is the cubecensus program version recorded in every table.
const Version = "0.1.0"

// Provenance says how a table was made; it travels in the Arrow schema
// metadata under keys starting "cubecensus.".
type Provenance struct {
	Program   string            // "cubecensus"
	Version   string            // Version
	Commit    string            // git revision of the build, "+dirty" if modified; "unknown" outside git
	Build     string            // BuildID: the commit of a clean build, else the executable's hash
	GoVersion string            // toolchain
	Stage     string            // the stage that wrote the table
	Params    map[string]string // the stage's parameters and measured facts
	Start     time.Time
	End       time.Time
	Cores     int // logical CPUs of the machine
	Workers   int // workers the stage used
	// Checksum is the file's checksum (see checksum.go), set by Read;
	// Write computes it.
	Checksum string
}

// NewProvenance fills in what the build and the machine say for stage.
func NewProvenance(stage string, workers int) Provenance {
	return Provenance{
		Program:   "cubecensus",
		Version:   Version,
		Commit:    buildCommit(),
		Build:     buildIDOrEmpty(),
		GoVersion: runtime.Version(),
		Stage:     stage,
		Params:    map[string]string{},
		Cores:     runtime.NumCPU(),
		Workers:   workers,
	}
}

func buildCommit() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	rev, dirty := "unknown", ""
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "+dirty"
			}
		}
	}
	return rev + dirty
}

// BuildID identifies the running program's build: its VCS revision when it
// was built from a clean checkout, else "sha256:" and the hash of its
// executable, so that two different builds never share an ID (a checkpoint
// of one must not resume in the other). It reads the executable at most
// once.
func BuildID() (string, error) { return buildID() }

var buildID = sync.OnceValues(func() (string, error) {
	if c := buildCommit(); c != "unknown" && !strings.HasSuffix(c, "+dirty") {
		return c, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("tables: identifying this build: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("tables: identifying this build: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("tables: identifying this build: %w", err)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
})

// buildIDOrEmpty is BuildID for the provenance, which records "" where the
// executable cannot be read.
func buildIDOrEmpty() string {
	id, _ := BuildID()
	return id
}

// WallSeconds is the stage's wall-clock time.
func (p Provenance) WallSeconds() float64 { return p.End.Sub(p.Start).Seconds() }

const metaPrefix = "cubecensus."

// metadata flattens p into sorted key-value pairs.
func (p Provenance) metadata() (keys, values []string) {
	m := map[string]string{
		"program":      p.Program,
		"version":      p.Version,
		"commit":       p.Commit,
		"build":        p.Build,
		"go_version":   p.GoVersion,
		"stage":        p.Stage,
		"start":        p.Start.UTC().Format(time.RFC3339Nano),
		"end":          p.End.UTC().Format(time.RFC3339Nano),
		"wall_seconds": strconv.FormatFloat(p.WallSeconds(), 'f', 3, 64),
		"cores":        strconv.Itoa(p.Cores),
		"workers":      strconv.Itoa(p.Workers),
		"checksum":     checksumPlaceholder,
	}
	for k, v := range p.Params {
		m["param."+k] = v
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		keys = append(keys, metaPrefix+k)
		values = append(values, m[k])
	}
	return keys, values
}

// parseProvenance is the inverse of metadata.
func parseProvenance(keys, values []string) (Provenance, error) {
	p := Provenance{Params: map[string]string{}}
	var err error
	for i, k := range keys {
		k, ok := strings.CutPrefix(k, metaPrefix)
		if !ok {
			continue
		}
		v := values[i]
		switch k {
		case "program":
			p.Program = v
		case "version":
			p.Version = v
		case "commit":
			p.Commit = v
		case "build":
			p.Build = v
		case "go_version":
			p.GoVersion = v
		case "stage":
			p.Stage = v
		case "start":
			p.Start, err = time.Parse(time.RFC3339Nano, v)
		case "end":
			p.End, err = time.Parse(time.RFC3339Nano, v)
		case "cores":
			p.Cores, err = strconv.Atoi(v)
		case "workers":
			p.Workers, err = strconv.Atoi(v)
		case "checksum":
			p.Checksum = v
		case "wall_seconds":
		default:
			if name, ok := strings.CutPrefix(k, "param."); ok {
				p.Params[name] = v
			}
		}
		if err != nil {
			return p, fmt.Errorf("%w: metadata %s%s = %q: %v", ErrFormat, metaPrefix, k, v, err)
		}
	}
	return p, nil
}
