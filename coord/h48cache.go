package coord

import (
	"encoding/binary"
	"fmt"
	"io"
	"runtime"
	"slices"
	"unsafe"

	"github.com/cubecensus/cubecensus/internal/hugepage"
	"github.com/cubecensus/cubecensus/internal/tablecache"
)

// The H48 tables in the cache: the exact h0 table (59 MB, a minute to
// build) and the hK tables (h7 with base 9: 3.5 GiB, about an hour of 2
// cores). Each file is the table's words, little-endian, then a trailer:
// for h0 its level counts, for hK its K, its base and its codes' counts.

const (
	h0Name    = "solver-h48-h0"
	h0Version = "h48-cocsep-class-esep-4bit-1"
	hkVersion = "h48-cocsep-class-esep-eo-2bit-1"
	h0Levels  = 16 // the trailer's level counts (h0's distances are at most 12)
)

// The builders' roots (cache.go's fingerprints).
var (
	h0Code = codeOf("NewH48", "H48.NewH0")
	hkCode = codeOf("NewH48", "H48.NewHK")
)

// h0Folded are nissy-core's counts of h0's entries (doc/h48.md and its
// table checks): within 8, at 9, at 10, from 11.
var h0Folded = []int64{5473562, 34776317, 68566704, 8750867}

// hkCodes are the codes' counts of the hK tables this project has built,
// by K and base; a table of another K or base is checked only for counting
// every entry.
var hkCodes = map[[2]int][4]int64{}

// wordBytes views a table's words as bytes, for the cache's file.
func wordBytes(w []uint32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), len(w)*4)
}

// LoadH0 returns the exact h0 table of h, built (about a minute) or loaded
// from the cache.
func (h *H48) LoadH0(cfg Config) (*H0, tablecache.Table, error) {
	t := &H0{h: h}
	trailer := func() []byte {
		b := make([]byte, 8*h0Levels)
		for d, n := range t.Levels {
			binary.LittleEndian.PutUint64(b[8*d:], uint64(n))
		}
		return b
	}
	c, err := tablecache.GetStreamed(cfg.tableDir(), spec(h0Name, h0Version, h0Code), tablecache.Streamed{
		Read: func(r io.Reader, n int64) error {
			t.nib = make([]uint32, (NH48H0+7)/8)
			if want := int64(len(t.nib)*4 + 8*h0Levels); n != want {
				return fmt.Errorf("coord: a cached h0 table of %d bytes, want %d", n, want)
			}
			if _, err := io.ReadFull(r, wordBytes(t.nib)); err != nil {
				return err
			}
			b := make([]byte, 8*h0Levels)
			if _, err := io.ReadFull(r, b); err != nil {
				return err
			}
			t.Levels = nil
			for d := range h0Levels {
				if n := int64(binary.LittleEndian.Uint64(b[8*d:])); n > 0 {
					t.Levels = append(t.Levels, n)
				}
			}
			return nil
		},
		Build: func() error {
			*t = *h.NewH0(cfg.buildWorkers())
			return nil
		},
		Write: func(w io.Writer) error {
			if _, err := w.Write(wordBytes(t.nib)); err != nil {
				return err
			}
			_, err := w.Write(trailer())
			return err
		},
		Check: func() error { return checkH0Levels(t.Levels) },
	})
	if err != nil {
		return nil, c, err
	}
	return t, c, nil
}

// checkH0Levels checks h0's level counts against nissy-core's.
func checkH0Levels(levels []int64) error {
	folded := make([]int64, 4)
	for d, n := range levels {
		folded[min(3, max(0, d-8))] += n
	}
	if !slices.Equal(folded, h0Folded) {
		return fmt.Errorf("the h0 table has %v entries within 8, at 9, at 10 and from 11, want nissy-core's %v", folded, h0Folded)
	}
	return nil
}

// LoadHK returns the hK table of h with base, built (h7 with base 9:
// about an hour of 2 cores, cfg.Progress told of the searches done) or
// loaded from the cache. The caller checks HKBytes(k) against its memory.
func (h *H48) LoadHK(cfg Config, k, base int) (*HK, tablecache.Table, error) {
	if err := checkHKArgs(k, base); err != nil {
		return nil, tablecache.Table{}, err
	}
	name := hkName(k, base)
	t := &HK{h: h, K: k, Base: base}
	const trailerBytes = 8 * 6
	trailer := func() []byte {
		b := make([]byte, trailerBytes)
		binary.LittleEndian.PutUint64(b, uint64(k))
		binary.LittleEndian.PutUint64(b[8:], uint64(base))
		for c, n := range t.Codes {
			binary.LittleEndian.PutUint64(b[16+8*c:], uint64(n))
		}
		return b
	}
	c, err := tablecache.GetStreamed(cfg.tableDir(), spec(name, hkVersion, hkCode), tablecache.Streamed{
		Read: func(r io.Reader, n int64) error {
			t.crumbs = make([]uint32, (hkEntries(k)+15)/16)
			if want := int64(len(t.crumbs)*4 + trailerBytes); n != want {
				return fmt.Errorf("coord: a cached %s of %d bytes, want %d", name, n, want)
			}
			hugepage.Advise(t.crumbs) // before the pages are first touched
			if _, err := io.ReadFull(r, wordBytes(t.crumbs)); err != nil {
				return err
			}
			b := make([]byte, trailerBytes)
			if _, err := io.ReadFull(r, b); err != nil {
				return err
			}
			if int(binary.LittleEndian.Uint64(b)) != k || int(binary.LittleEndian.Uint64(b[8:])) != base {
				return fmt.Errorf("coord: a cached %s names another K or base", name)
			}
			for c := range t.Codes {
				t.Codes[c] = int64(binary.LittleEndian.Uint64(b[16+8*c:]))
			}
			return nil
		},
		Build: func() error {
			built, err := h.NewHK(k, base, cfg.buildWorkers(), cfg.report(name))
			if err == nil {
				*t = *built
			}
			return err
		},
		Write: func(w io.Writer) error {
			if _, err := w.Write(wordBytes(t.crumbs)); err != nil {
				return err
			}
			_, err := w.Write(trailer())
			return err
		},
		Check: func() error { return checkHKCodes(name, k, base, t.Codes) },
	})
	if err != nil {
		return nil, c, err
	}
	return t, c, nil
}

// hkName names the hK table with base in the cache.
func hkName(k, base int) string { return fmt.Sprintf("solver-h48-h%d-base%d", k, base) }

// HKCached reports whether the cache (cacheDir, "" for the user's) holds
// a file for the hK table with base (whether it is good, LoadHK finds out).
func HKCached(cacheDir string, k, base int) bool {
	return tablecache.Has(Config{CacheDir: cacheDir}.tableDir(), hkName(k, base))
}

// checkHKCodes checks an hK table's codes' counts against those known of
// it, else that they count every entry.
func checkHKCodes(name string, k, base int, codes [4]int64) error {
	if want, ok := hkCodes[[2]int{k, base}]; ok && codes != want {
		return fmt.Errorf("%s has %v entries of each code, want %v", name, codes, want)
	}
	if sum := codes[0] + codes[1] + codes[2] + codes[3]; sum != int64(hkEntries(k)) {
		return fmt.Errorf("%s counts %d entries, has %d", name, sum, hkEntries(k))
	}
	return nil
}

// tableDir is the cache folder cfg names: tablecache.Dir() for "".
func (cfg Config) tableDir() string {
	if cfg.CacheDir == "" {
		return tablecache.Dir()
	}
	return cfg.CacheDir
}

// buildWorkers is the builds' worker count: cfg.Workers, else one per CPU.
func (cfg Config) buildWorkers() int {
	if cfg.Workers > 0 {
		return cfg.Workers
	}
	return runtime.NumCPU()
}
