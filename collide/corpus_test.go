package collide

import (
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/shapegen/shapegen/mask"
)

const corpus = "../../shared/corpus/platformer-art/Base_pack"

// corpusMasks loads a few real sprites, or skips when the corpus is absent.
func corpusMasks(t testing.TB) []*mask.Mask {
	names := []string{"Enemies/slimeWalk1.png", "Enemies/flyFly2.png", "Enemies/fishSwim2.png",
		"Player/p1_stand.png", "Player/p2_jump.png", "Items/star.png", "Items/keyYellow.png"}
	var out []*mask.Mask
	for _, n := range names {
		f, err := os.Open(filepath.Join(corpus, n))
		if err != nil {
			continue
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		out = append(out, mask.FromImage(img, 128))
	}
	if len(out) < 2 {
		t.Skip("corpus not found at " + corpus)
	}
	return out
}

// TestCorpusSprites runs Body.Hits on real sprites: at whole-pixel offsets
// it must equal mask.Overlap whichever path runs, and at turned, scaled and
// flipped placements every shape phase must pass whenever a dense sample of
// one sprite's pixels lands in the other's.
func TestCorpusSprites(t *testing.T) {
	ms := corpusMasks(t)
	r := rand.New(rand.NewPCG(12, 12))
	all := PhaseAABB | PhaseCircle | PhasePolygon | PhasePieces | PhasePixels
	for i := range 200 {
		ma, mb := ms[r.IntN(len(ms))], ms[r.IntN(len(ms))]
		a, b := NewBody(shapesOf(ma), Vec{}, ma), NewBody(shapesOf(mb), Vec{}, mb)
		dx, dy := r.IntN(2*ma.Width())-ma.Width(), r.IntN(2*ma.Height())-ma.Height()
		b.Place(Transform{Pos: V(float64(dx), float64(dy))})
		want := mask.Overlap(ma, mb, dx, dy)
		if got := a.Hits(b, all); got != want {
			t.Errorf("case %d: Hits at (%d, %d) = %v, mask.Overlap = %v", i, dx, dy, got, want)
		}
		if i%10 == 0 {
			if got := overlapMasksMapped(ma, a.Transform(), mb, b.Transform()); got != want {
				t.Errorf("case %d: mapped pixel test at (%d, %d) = %v, mask.Overlap = %v", i, dx, dy, got, want)
			}
		}
		tb := randTransform(r)
		tb.Pos = V(float64(ma.Width())*r.Float64(), float64(ma.Height())*r.Float64())
		b.Place(tb)
		sampled := false
		for y := 0; y < mb.Height() && !sampled; y += 2 {
			for x := 0; x < mb.Width() && !sampled; x += 2 {
				if mb.Get(x, y) {
					q := b.Transform().Apply(V(float64(x)+0.5, float64(y)+0.5)) // about the body's pivot
					sampled = ma.Get(int(math.Floor(q.X)), int(math.Floor(q.Y)))
				}
			}
		}
		if sampled && !a.Hits(b, all) {
			t.Errorf("case %d: a sample of b lands in a's pixels but Hits = false (%v)", i, tb)
		}
	}
}
