//go:build !amd64 || purego

package mask

// anyAnd reports whether a[y] & b[y] != 0 for some y < len(a); b is at
// least as long as a.
func anyAnd(a, b []uint64) bool { return anyAndWords(a, b) }
