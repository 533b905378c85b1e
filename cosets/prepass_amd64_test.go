package cosets

import (
	"bytes"
	"math/rand/v2"
	"testing"
	"unsafe"
)

// The prepass's loop in assembly (prepass_amd64.s) gives the Go passes'
// rows, full rows and positions, on source pages of random bytes
// (padding and all, which both must mask off), of random sparse rows, of
// full rows and empty ones.
func TestPrepassAssembly(t *testing.T) {
	if !hasPopcnt {
		t.Skip("no POPCNT: movedRows is movedRowsGo")
	}
	rng := rand.New(rand.NewPCG(13, 14))
	fills := map[string]func(page []byte){
		"random bytes": func(page []byte) {
			for i := range page {
				page[i] = byte(rng.Uint32())
			}
		},
		"sparse rows": func(page []byte) {
			for r := range nRows {
				storeRow(pageStart(page), r, uint32(rng.Uint64()&rng.Uint64()&rng.Uint64())&rowMask)
			}
		},
		"full rows": func(page []byte) {
			for r := range nRows {
				storeRow(pageStart(page), r, rowMask)
			}
		},
		"empty": func(page []byte) { clear(page) },
	}
	for name, fill := range fills {
		var from [NMoves]unsafe.Pointer
		for j := range from {
			page := make([]byte, pageStride)
			fill(page)
			if j == 3 && name == "full rows" {
				clear(page) // one empty source among full ones
			}
			from[j] = pageStart(page)
		}
		var acc [nRows]uint32
		pageAsm, pageGo := make([]byte, pageStride), make([]byte, pageStride)
		fullAsm, nAsm := movedRows(pageStart(pageAsm), &acc, prepassRows, &from)
		fullGo, nGo := movedRowsGo(pageStart(pageGo), &acc, prepassRows, &from)
		if !bytes.Equal(pageAsm, pageGo) {
			t.Fatalf("%s: movedRows's page differs from movedRowsGo's", name)
		}
		if fullAsm != fullGo || nAsm != nGo {
			t.Fatalf("%s: movedRows counts %d full rows and %d positions, movedRowsGo %d and %d", name, fullAsm, nAsm, fullGo, nGo)
		}
		if nGo != popCount(pageGo) {
			t.Fatalf("%s: %d positions, the page holds %d", name, nGo, popCount(pageGo))
		}
		t.Logf("%s: %d full rows, %d positions", name, fullGo, nGo)
	}
}
