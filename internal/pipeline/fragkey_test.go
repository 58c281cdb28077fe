package pipeline

import (
	"crypto/sha256"
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestFragKey holds fragKey to what the cache's fragments files were
// written with: SHA-256 of the content key, idx as a uvarint, first, the
// Generator, a zero byte and sameAs, fed to the hash one after the other.
// A key that changed would make the next rebuild encode every sprite
// again instead of copying it.
func TestFragKey(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 9))
	for i := range 2000 {
		var k sum32
		for j := range k {
			k[j] = byte(r.Uint32())
		}
		idx := int32(r.IntN(1 << uint(r.IntN(31))))
		sameAs := "" // most sprites; else up to 319 bytes, past fragKey's buffer
		if i%2 == 0 {
			sameAs = "dir/sprite_"[:r.IntN(12)]
		}
		if i%4 == 0 {
			sameAs = strings.Repeat("dir/sprite_", r.IntN(30))
		}
		first := r.IntN(2) == 0
		h := sha256.New()
		h.Write(k[:])
		h.Write(binary.AppendUvarint(nil, uint64(idx)))
		h.Write([]byte{boolByte(first)})
		h.Write([]byte(Generator))
		h.Write([]byte{0})
		h.Write([]byte(sameAs))
		if got, want := fragKey(k, idx, sameAs, first), sum16(h.Sum(nil)[:16]); got != want {
			t.Fatalf("fragKey(%x, %d, %q, %v) = %x, want %x", k, idx, sameAs, first, got, want)
		}
	}
}
