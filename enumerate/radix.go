package enumerate

import "github.com/cubecensus/cubecensus/cube"

// radixSort sorts keys by (Hi, Lo) with a least-significant-digit radix
// sort, using scratch (same length) as the second buffer; the sorted keys
// end in keys. A key holds 100 bits (cube.Key: 60 in Lo, 40 in Hi), read as
// seven 16-bit digits from the lowest; a digit that is equal in every key is
// skipped. Each pass is a stable counting sort, so after the last pass the
// keys are in order. Comparison sorts spend ~log2(n) = 27 compares per key
// at the sizes of the canonical stage; this spends 7 passes.
func radixSort(keys, scratch []cube.Key) {
	src, dst := keys, scratch
	var count [1 << 16]int
	for d := range 7 {
		digit := func(k cube.Key) int {
			if d < 4 {
				return int(k.Lo >> (16 * d) & 0xffff)
			}
			return int(k.Hi >> (16 * (d - 4)) & 0xffff)
		}
		clear(count[:])
		for _, k := range src {
			count[digit(k)]++
		}
		if len(src) == 0 || count[digit(src[0])] == len(src) {
			continue // every key has this digit: the pass would change nothing
		}
		sum := 0
		for i, c := range count {
			count[i] = sum
			sum += c
		}
		for _, k := range src {
			i := digit(k)
			dst[count[i]] = k
			count[i]++
		}
		src, dst = dst, src
	}
	if len(keys) > 0 && &src[0] != &keys[0] {
		copy(keys, src)
	}
}
