package pipeline

import (
	"crypto/sha256"
	"encoding/binary"
	"image"
	"math/rand/v2"
	"testing"

	"github.com/shapegen/shapegen/internal/atlas"
	"github.com/shapegen/shapegen/mask"
)

// TestMaskKey checks maskKey against the plain SHA-256 of what it
// digests (the frame's numbers as varints, then each row's words little
// endian), which caches hold: a key taken another way would make a new
// build see a cached sprite's repeats as new masks. The masks are seeded
// random ones of 1 to 300 pixels across, some wider than the stack buffer.
func TestMaskKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 300 {
		w, h := 1+rng.IntN(300), 1+rng.IntN(40)
		m := mask.New(w, h)
		for range rng.IntN(w * h) {
			m.Set(rng.IntN(w), rng.IntN(h), true)
		}
		f := atlas.Frame{Rect: image.Rect(rng.IntN(9), 0, w+9, h), Offset: image.Pt(rng.IntN(5), rng.IntN(5)), Turn: atlas.Turn(rng.IntN(2) * 180)}
		var b []byte
		for _, v := range []int{w, h, f.Offset.X, f.Offset.Y, f.Rect.Dx(), f.Rect.Dy(), int(f.Turn)} {
			b = binary.AppendVarint(b, int64(v))
		}
		for y := range h {
			for _, word := range m.AppendRow(nil, y) {
				b = binary.LittleEndian.AppendUint64(b, word)
			}
		}
		want := sha256.Sum256(b)
		if got := maskKey(m, f); got != sum16(want[:16]) {
			t.Fatalf("case %d (%dx%d): maskKey = %x, want %x", i, w, h, got, want[:16])
		}
	}
}
