// Package hashjoin is a static multimap from 64-bit hashes to 64-bit values,
// built once and then probed billions of times, mostly for hashes it does not
// hold: the stored side of a meet-in-the-middle join.
//
// Layout. Entries (hash, value) are sorted by (hash, value). In front sits a
// filter, one bit per value of the hash's top filterBits bits, set when some
// entry has that prefix; each 64-bit word of it is stored with the index of
// the first entry whose prefix falls in the word or after it. With at least
// 32 filter bits per entry, a probe for an absent hash reads one filter word
// and stops there at least 31 times in 32: one cache miss. A probe that
// passes has the start of its entries in the same cache line, and searches
// about two entries there: one more miss.
//
//	words:   2^(filterBits-6)+1 of {bits uint64, start uint32}, 16 bytes
//	         probe h: f = h>>(64-filterBits), bit f%64 of words[f/64]
//	entries: sorted by (hash, value); words[w].start..words[w+1].start
//
// Build. The caller's generator is run twice over its parts, by Build's
// workers: once to count the entries of each bucket (the top bucketBits of
// the hash, few enough that the counters stay in the L1 cache), once to
// place them, in batches, into their buckets' ranges. Each bucket is then
// radix-sorted with a scratch buffer of one bucket, so the entries need no
// second buffer of their own size (the table is the largest thing a search
// holds), and the filter and block starts are written in one sequential
// pass. The table is the same whatever the number of workers.
package hashjoin
