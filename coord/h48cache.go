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
// build) and the hK tables (h7 with base 9: 3.5 GiB, about 20 minutes of 2
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
var hkCodes = map[[2]int][4]int64{
	{7, 9}: {88400882, 894750389, 6109710546, 7955771783}, // built 2026-12-03
}

// wordBytes views a table's words as bytes, for the cache's file.
func wordBytes(w []uint32) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(w))), len(w)*4)
}

// wordsFile is the Read and Write of a cached table of words then a
// trailer of trailerBytes: read allocates the words (n of them) and gives
// the trailer read to parse, write writes the words and trailer().
func wordsFile(words *[]uint32, n, trailerBytes int, trailer func() []byte, parse func([]byte) error) (read func(io.Reader, int64) error, write func(io.Writer) error) {
	read = func(r io.Reader, size int64) error {
		if want := int64(4*n + trailerBytes); size != want {
			return fmt.Errorf("coord: a cached table of %d bytes, want %d", size, want)
		}
		*words = make([]uint32, n)
		hugepage.Advise(*words) // before the pages are first touched
		if _, err := io.ReadFull(r, wordBytes(*words)); err != nil {
			return err
		}
		b := make([]byte, trailerBytes)
		if _, err := io.ReadFull(r, b); err != nil {
			return err
		}
		return parse(b)
	}
	write = func(w io.Writer) error {
		if _, err := w.Write(wordBytes(*words)); err != nil {
			return err
		}
		_, err := w.Write(trailer())
		return err
	}
	return read, write
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
	parse := func(b []byte) error {
		t.Levels = nil
		for d := range h0Levels {
			if n := int64(binary.LittleEndian.Uint64(b[8*d:])); n > 0 {
				t.Levels = append(t.Levels, n)
			}
		}
		return nil
	}
	read, write := wordsFile(&t.nib, (NH48H0+7)/8, 8*h0Levels, trailer, parse)
	c, err := tablecache.GetStreamed(cfg.CacheDir, spec(h0Name, h0Version, h0Code), tablecache.Streamed{
		Read: read,
		Build: func() error {
			*t = *h.NewH0(cfg.buildWorkers())
			return nil
		},
		Write: write,
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
// about 20 minutes of 2 cores, cfg.Progress told of the searches done) or
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
	parse := func(b []byte) error {
		if int(binary.LittleEndian.Uint64(b)) != k || int(binary.LittleEndian.Uint64(b[8:])) != base {
			return fmt.Errorf("coord: a cached %s names another K or base", name)
		}
		for c := range t.Codes {
			t.Codes[c] = int64(binary.LittleEndian.Uint64(b[16+8*c:]))
		}
		return nil
	}
	read, write := wordsFile(&t.crumbs, (hkEntries(k)+15)/16, trailerBytes, trailer, parse)
	c, err := tablecache.GetStreamed(cfg.CacheDir, spec(name, hkVersion, hkCode), tablecache.Streamed{
		Read: read,
		Build: func() error {
			built, err := h.NewHK(k, base, cfg.buildWorkers(), cfg.report(name))
			if err == nil {
				*t = *built
			}
			return err
		},
		Write: write,
		Check: func() error { return checkHKCodes(name, k, base, t.Codes) },
	})
	if err != nil {
		return nil, c, err
	}
	return t, c, nil
}

// The H48 search's table (H48Table): h7 with base 9, nissy-core's h48h7.
const h48K, h48Base = 7, 9

// h0Bytes is the memory of the h0 table: half a byte an entry.
const h0Bytes = (NH48H0 + 7) / 8 * 4

// H48Tables are the H48 search's tables: the coordinate's move and
// symmetry tables, the corners' distances, the exact h0 and h7 with base 9.
type H48Tables struct {
	H       *H48
	Corners H48Corners
	H0      *H0
	HK      *HK
}

// H48 returns the H48 search's tables, built (h7: about 20 minutes of 2
// cores) or loaded from the cache on first use.
func (t *Tables) H48() (*H48Tables, error) {
	return t.h48.get(func() (*H48Tables, error) {
		h := NewH48()
		h0, c0, err := h.LoadH0(t.cfg)
		t.note(c0)
		if err != nil {
			return nil, err
		}
		hk, ck, err := h.LoadHK(t.cfg, h48K, h48Base)
		t.note(ck)
		if err != nil {
			return nil, err
		}
		return NewH48Tables(h, h0, hk), nil
	})
}

// NewH48Tables gathers h's tables with h0 and hk (any k and base) for the
// search, the corners' distances computed from h (a fraction of a second).
func NewH48Tables(h *H48, h0 *H0, hk *HK) *H48Tables {
	return &H48Tables{H: h, Corners: h.CornerDistances(), H0: h0, HK: hk}
}

// hkName names the hK table with base in the cache.
func hkName(k, base int) string { return fmt.Sprintf("solver-h48-h%d-base%d", k, base) }

// HKCached reports whether the cache (cacheDir, "" for the user's) holds
// a file for the hK table with base (whether it is good, LoadHK finds out).
func HKCached(cacheDir string, k, base int) bool {
	return tablecache.Has(cacheDir, hkName(k, base))
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

// buildWorkers is the builds' worker count: cfg.Workers, else one per CPU.
func (cfg Config) buildWorkers() int {
	if cfg.Workers > 0 {
		return cfg.Workers
	}
	return runtime.NumCPU()
}
