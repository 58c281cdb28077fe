package pngmask

import (
	"hash/adler32"
	"math/rand/v2"
	"testing"
)

// TestAdlerProperty checks adlerUpdate against hash/adler32 on random
// data, all-0xff data (the largest sums) and zeros with a few random
// bytes (steps of zeros take a shortcut), of every length up to a few
// steps, in random pieces.
func TestAdlerProperty(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	for i := range 3000 {
		n := r.IntN(200)
		if i%100 == 0 {
			n = r.IntN(3 << 20) // past the reduction block
		}
		p := make([]byte, n)
		switch i % 3 {
		case 0:
			fill(r, p)
		case 1:
			for j := range p {
				p[j] = 0xff
			}
		default:
			for range len(p) / 200 {
				p[r.IntN(len(p))] = byte(r.Uint32())
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
