// Package openhash is the open-addressing hash table the searches share:
// linear probing over slots of the caller's own type, a power of two of
// them, the zero slot marking an empty one. The caller hashes (a slot's
// home is the hash's low bits, so the hash must mix them) and writes its
// own look-up loop over Home and Next, comparing what it needs: a set of
// positions, a map from a position to the positions left, masks kept by
// coset or by entry. Slots are compared whole on Add, so a slot holding a
// key and a value is entered once per value.
package openhash
