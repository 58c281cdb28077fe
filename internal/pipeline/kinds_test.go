package pipeline

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/export"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
)

// maskWith returns a mask with only pixel (x, y) set.
func maskWith(x, y int) *mask.Mask {
	m := mask.New(x+1, y+1)
	m.Set(x, y, true)
	return m
}

func randomMask(rng *rand.Rand, w, h int, p float64) *mask.Mask {
	m := mask.New(w, h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			m.Set(x, y, rng.Float64() < p)
		}
	}
	return m
}

// naiveMaskOverlap reports, pixel by pixel, whether m overlaps m placed at
// (dx, dy).
func naiveMaskOverlap(m *mask.Mask, dx, dy int) bool {
	for y := 0; y < m.Height(); y++ {
		for x := 0; x < m.Width(); x++ {
			if m.Get(x, y) && m.Get(x-dx, y-dy) {
				return true
			}
		}
	}
	return false
}

func TestPairFP(t *testing.T) {
	// A solid 4x2 block and its AABB: shapes overlap for |dx| <= 4 and
	// |dy| <= 2 (touching counts); the pixels overlap only strictly inside,
	// |dx| <= 3 and |dy| <= 1. Enough samples converge on 1 - 7*3/(9*5).
	m := maskOf("####", "####")
	sh := collide.R(0, 0, 4, 2)
	got := pairFP(m, []shape{sh}, 200000, sampler(1, "block"))[0]
	if want := 1 - 21.0/45; got < want-0.01 || got > want+0.01 {
		t.Errorf("pairFP(block, aabb) = %.4f, want about %.4f", got, want)
	}
	// A larger shape widens the range of the draws; the AABB only rejects
	// more of them and its kept offsets stay uniform.
	big := collide.Circle{Center: collide.V(2, 1), Radius: 6}
	if wide := pairFP(m, []shape{sh, big}, 200000, sampler(2, "block"))[0]; wide < got-0.01 || wide > got+0.01 {
		t.Errorf("pairFP(block, aabb) beside a big circle = %.4f, want about %.4f", wide, got)
	}
	a := pairFP(m, []shape{sh}, 256, sampler(1, "x"))
	if b := pairFP(m, []shape{sh}, 256, sampler(1, "x")); a[0] != b[0] {
		t.Errorf("pairFP with the same seed and name = %v then %v", a, b)
	}
	if got := pairFP(m, []shape{sh}, 0, sampler(1, "x")); got[0] != 0 {
		t.Errorf("pairFP with 0 samples = %v, want 0", got)
	}
}

// naivePairFP is pairFP's reference: each shape on its own, drawing from
// the same seed and range, with collide.Overlap on a moved copy and a
// pixel-by-pixel mask test.
func naivePairFP(m *mask.Mask, shapes []shape, samples int, seed uint64, name string) []float64 {
	all := shapes[0].Bounds()
	for _, sh := range shapes {
		all = all.Union(sh.Bounds())
	}
	w, h := int(math.Ceil(all.Max.X-all.Min.X)), int(math.Ceil(all.Max.Y-all.Min.Y))
	rates := make([]float64, len(shapes))
	for i, sh := range shapes {
		rng := sampler(seed, name).rand // rand.Rand's IntN itself
		kept, fp := 0, 0
		for draw := 0; kept < samples && draw < 64*samples; draw++ {
			dx, dy := rng.IntN(2*w+1)-w, rng.IntN(2*h+1)-h
			if !collide.Overlap(sh.(collide.Shape), translate(sh, collide.V(float64(dx), float64(dy)))) {
				continue
			}
			kept++
			if !naiveMaskOverlap(m, dx, dy) {
				fp++
			}
		}
		if kept > 0 {
			rates[i] = float64(fp) / float64(kept)
		}
	}
	return rates
}

// TestPairFPMatchesNaive compares pairFP over all kinds of random masks
// with the naive reference.
func TestPairFPMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 300 {
		m := randomMask(rng, 1+rng.IntN(14), 1+rng.IntN(14), rng.Float64())
		if m.Empty() {
			continue
		}
		f := &export.Facts{Mask: m, Hull: hull.Convex(m), MaxVertices: 3 + rng.IntN(6), MaxPieces: 1 + rng.IntN(8)}
		var shapes []shape
		for k := range collide.Kinds() {
			if k != collide.KindOutline {
				shapes = append(shapes, export.Make(k, f))
			}
		}
		samples := 1 + rng.IntN(64)
		got := pairFP(m, shapes, samples, sampler(9, "s"))
		want := naivePairFP(m, shapes, samples, 9, "s")
		if !slices.Equal(got, want) {
			t.Fatalf("case %d: pairFP(%v) = %v, want %v", i, m, got, want)
		}
	}
}

// TestPairFPMaskOverlap checks that pairFP's mask test agrees with a
// brute-force overlap for random masks and offsets (the convention of
// mask.Overlap's offset).
func TestPairFPMaskOverlap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range 2000 {
		m := randomMask(rng, 1+rng.IntN(12), 1+rng.IntN(12), 0.3)
		dx, dy := rng.IntN(25)-12, rng.IntN(25)-12
		if got, want := mask.Overlap(m, m, dx, dy), naiveMaskOverlap(m, dx, dy); got != want {
			t.Fatalf("case %d: mask.Overlap(m, m, %d, %d) = %v, want %v for %v", i, dx, dy, got, want, m)
		}
	}
}

func TestSame(t *testing.T) {
	sq := collide.Polygon{collide.V(0, 0), collide.V(2, 0), collide.V(2, 1)}
	tests := []struct {
		name string
		a, b shape
		want bool
	}{
		{"equal polygons", sq, sq.Clone(), true},
		{"other polygon", sq, sq.Translate(collide.V(1, 0)), false},
		{"rect and its box", collide.R(1, 2, 5, 4), collide.Box{Center: collide.V(3, 3), Half: collide.V(2, 1)}, true},
		{"rect and a turned box", collide.R(1, 2, 5, 4), collide.Box{Center: collide.V(3, 3), Half: collide.V(2, 1), Angle: 0.1}, false},
		{"rect and a shifted box", collide.R(1, 2, 5, 4), collide.Box{Center: collide.V(3, 3.5), Half: collide.V(2, 1)}, false},
		{"polygon and rect", sq, collide.R(0, 0, 2, 1), false},
		{"circles", collide.Circle{Radius: 1}, collide.Circle{Radius: 1}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := same(tt.a, tt.b); got != tt.want {
				t.Errorf("same(%v, %v) = %v, want %v", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

// TestDrawsMatchRand checks that draws.intN gives rand.Rand.IntN's numbers
// for thousands of seeds and bounds: powers of two, odd sizes, 1 and
// bounds near 2^63 (where the rejection loop runs).
func TestDrawsMatchRand(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	bounds := []int{1, 2, 3, 7, 64, 141, 1 << 20, 1<<62 + 1, math.MaxInt64}
	for i := range 2000 {
		seed, name := rng.Uint64(), fmt.Sprint("sprite", i)
		fast, ref := sampler(seed, name), sampler(seed, name).rand // separate sources, same seed
		for j := range 200 {
			n := bounds[rng.IntN(len(bounds))]
			if j%2 == 0 {
				n = 1 + rng.IntN(500)
			}
			if got, want := fast.intN(n), ref.IntN(n); got != want {
				t.Fatalf("seed %d %q draw %d: intN(%d) = %d, rand.Rand.IntN = %d", seed, name, j, n, got, want)
			}
		}
	}
}

// translate returns the shape sh moved by d.
func translate(sh shape, d collide.Vec) collide.Shape {
	switch s := sh.(type) {
	case collide.Rect:
		return s.Translate(d)
	case collide.Circle:
		return s.Translate(d)
	case collide.Box:
		return s.Translate(d)
	case collide.Polygon:
		return s.Translate(d)
	case collide.Compound:
		return collide.Transform{Pos: d}.Compound(nil, s)
	}
	panic(fmt.Sprintf("translate of %T", sh))
}
