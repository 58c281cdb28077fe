package pipeline

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/mask"
)

// naiveOutside counts opaque squares with a corner outside sh, pixel by
// pixel: the reference for outside.
func naiveOutside(m *mask.Mask, sh shape) int {
	n := 0
	for y := 0; y < m.Height(); y++ {
		for x := 0; x < m.Width(); x++ {
			if !m.Get(x, y) {
				continue
			}
			fx, fy := float64(x), float64(y)
			for _, c := range []collide.Vec{collide.V(fx, fy), collide.V(fx+1, fy), collide.V(fx, fy+1), collide.V(fx+1, fy+1)} {
				if !sh.ContainsPoint(c) {
					n++
					break
				}
			}
		}
	}
	return n
}

// naiveOutsideUnion counts opaque squares that no single piece of c
// holds with all four corners: the reference for outsideUnion.
func naiveOutsideUnion(m *mask.Mask, c collide.Compound) int {
	n := 0
	for y := 0; y < m.Height(); y++ {
		for x := 0; x < m.Width(); x++ {
			if !m.Get(x, y) {
				continue
			}
			held := false
			for _, p := range c {
				if naiveOutside(maskWith(x, y), p) == 0 {
					held = true
				}
			}
			if !held {
				n++
			}
		}
	}
	return n
}

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

// TestOutsideMatchesNaive checks outside against the pixel-by-pixel count
// for the shapes of random masks and for shrunken and shifted (wrong)
// shapes, over thousands of seeded cases.
func TestOutsideMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		m := randomMask(rng, 1+rng.IntN(20), 1+rng.IntN(20), rng.Float64())
		if m.Empty() {
			continue
		}
		f := &facts{m: m, hull: hull.Convex(m), maxVertices: 3 + rng.IntN(6), maxPieces: 1 + rng.IntN(8)}
		for _, k := range kinds {
			sh := k.make(f)
			wrong := translate(sh, collide.V(float64(rng.IntN(5)-2), float64(rng.IntN(5)-2)))
			for _, s := range []shape{sh, wrong} {
				want := naiveOutside(m, s)
				if c, ok := s.(collide.Compound); ok {
					want = naiveOutsideUnion(m, c)
				}
				if got := k.outside(m, s); got != want {
					t.Fatalf("case %d: outside(%v, %s %v) = %d, want %d", i, m, k.name, s, got, want)
				}
			}
			if got := k.outside(m, sh); got != 0 {
				t.Fatalf("case %d: %s of %v leaves %d pixels outside", i, k.name, m, got)
			}
		}
	}
}

func TestOutside(t *testing.T) {
	m := maskOf(
		"..##..",
		".####.",
		"..##..",
	)
	tests := []struct {
		name string
		sh   shape
		want int
	}{
		{"bounds", collide.R(1, 0, 5, 3), 0},
		{"one column short", collide.R(1, 0, 4, 3), 1},
		{"top row only", collide.R(0, 0, 6, 1), 6},
		{"diamond", collide.Polygon{collide.V(3, -1), collide.V(6, 1.5), collide.V(3, 4), collide.V(0, 1.5)}, 0},
		{"small circle", collide.Circle{Center: collide.V(3, 1.5), Radius: 1.5}, 6},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := outside(m, tt.sh); got != tt.want {
				t.Errorf("outside(m, %v) = %d, want %d", tt.sh, got, tt.want)
			}
		})
	}
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
			if !collide.Overlap(sh, translate(sh, collide.V(float64(dx), float64(dy)))) {
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
		f := &facts{m: m, hull: hull.Convex(m), maxVertices: 3 + rng.IntN(6), maxPieces: 1 + rng.IntN(8)}
		var shapes []shape
		for _, k := range kinds {
			shapes = append(shapes, k.make(f))
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
