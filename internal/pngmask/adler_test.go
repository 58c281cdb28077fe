package pngmask

import (
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdlerProperty checks adlerUpdate against hash/adler32 on random and
// all-0xff data (the largest sums) of every length up to a few blocks of
// eight, in random pieces.
func TestAdlerProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := range 3000 {
		n := r.IntN(200)
		if i%100 == 0 {
			n = r.IntN(3 << 20) // past the reduction block
		}
		p := make([]byte, n)
		if i%2 == 0 {
			fill(r, p)
		} else {
			for j := range p {
				p[j] = 0xff
			}
		}
		got, rest := uint32(1), p
		for len(rest) > 0 {
			k := r.IntN(len(rest) + 1)
			got, rest = adlerUpdate(got, rest[:k]), rest[k:]
		}
		if want := adler32.Checksum(p); got != want {
			t.Fatalf("adlerUpdate(%d bytes) = %#x, want %#x", n, got, want)
		}
	}
}
