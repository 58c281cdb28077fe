//go:build amd64 && !purego

package mask

// anyAnd reports whether a[y] & b[y] != 0 for some y < len(a); b is at
// least as long as a. It is SSE2 (part of every amd64), eight words a
// step in 128-bit loads: anyAndWords takes twice the loads, and loads
// bound it.
//
//go:noescape
func anyAnd(a, b []uint64) bool
