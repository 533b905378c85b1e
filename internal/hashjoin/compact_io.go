package hashjoin

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/cubecensus/cubecensus/internal/hugepage"
)

// A Compact is kept on disk (internal/tablecache) as its filter shift, its
// number of filter words and of slot bytes (three little-endian uint64s),
// then each filter word's bits and start (little-endian uint64 and uint32),
// then the slots as they are. The table BuildCompact makes does not depend
// on the workers, so a kept copy is the table a build would make.

// ioBatch is the filter words encoded at a time.
const ioBatch = 1 << 14

// WriteTo writes t in the format ReadCompact reads.
func (t *Compact) WriteTo(w io.Writer) (int64, error) {
	var head [24]byte
	binary.LittleEndian.PutUint64(head[0:], uint64(t.filterShift))
	binary.LittleEndian.PutUint64(head[8:], uint64(len(t.words)))
	binary.LittleEndian.PutUint64(head[16:], uint64(len(t.slots)))
	n, err := w.Write(head[:])
	written := int64(n)
	buf := make([]byte, 0, 12*ioBatch)
	for lo := 0; lo < len(t.words) && err == nil; lo += ioBatch {
		buf = buf[:0]
		for _, fw := range t.words[lo:min(lo+ioBatch, len(t.words))] {
			buf = binary.LittleEndian.AppendUint64(buf, fw.bits)
			buf = binary.LittleEndian.AppendUint32(buf, fw.start)
		}
		n, err = w.Write(buf)
		written += int64(n)
	}
	if err == nil {
		n, err = w.Write(t.slots)
		written += int64(n)
	}
	return written, err
}

// ReadCompact reads a Compact that WriteTo wrote, refusing one planned for
// more than limit entries (it allocates CompactBytes(limit) at most) or
// whose blocks are not in order.
func ReadCompact(r io.Reader, limit uint64) (*Compact, error) {
	var head [24]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return nil, fmt.Errorf("hashjoin: reading a compact table: %w", err)
	}
	shift, nWords, nSlots := binary.LittleEndian.Uint64(head[0:]), binary.LittleEndian.Uint64(head[8:]), binary.LittleEndian.Uint64(head[16:])
	fb := compactFilterBits(limit)
	if shift < 64-uint64(fb) || shift > 64-10 || nWords != 1<<(64-shift-6)+1 || nSlots < 8 || nSlots > slotBytes*limit+8 || (nSlots-8)%slotBytes != 0 {
		return nil, fmt.Errorf("hashjoin: a compact table of filter shift %d, %d words and %d slot bytes: not one of at most %d entries", shift, nWords, nSlots, limit)
	}
	t := &Compact{filterShift: uint(shift), words: make([]filterWord, nWords), slots: make([]byte, nSlots)}
	hugepage.Advise(t.words)
	hugepage.Advise(t.slots)
	buf := make([]byte, 12*ioBatch)
	for lo := 0; lo < len(t.words); lo += ioBatch {
		words := t.words[lo:min(lo+ioBatch, len(t.words))]
		b := buf[:12*len(words)]
		if _, err := io.ReadFull(r, b); err != nil {
			return nil, fmt.Errorf("hashjoin: reading a compact table: %w", err)
		}
		for i := range words {
			words[i] = filterWord{binary.LittleEndian.Uint64(b[12*i:]), binary.LittleEndian.Uint32(b[12*i+8:])}
		}
	}
	if _, err := io.ReadFull(r, t.slots); err != nil {
		return nil, fmt.Errorf("hashjoin: reading a compact table: %w", err)
	}
	for w := 0; w+1 < len(t.words); w++ {
		if t.words[w].start > t.words[w+1].start {
			return nil, fmt.Errorf("hashjoin: a compact table whose block %d starts after the next", w)
		}
	}
	if uint64(t.words[0].start) != 0 || uint64(t.words[len(t.words)-1].start) != (nSlots-8)/slotBytes {
		return nil, fmt.Errorf("hashjoin: a compact table whose blocks do not cover its %d entries", (nSlots-8)/slotBytes)
	}
	return t, nil
}
