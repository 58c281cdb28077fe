package verify

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
	"github.com/shapegen/shapegen/internal/masktest"
	"github.com/shapegen/shapegen/mask"
)

func randomMask(rng *rand.Rand, w, h int, p float64) *mask.Mask {
	m := mask.New(w, h)
	for y := range h {
		for x := range w {
			m.Set(x, y, rng.Float64() < p)
		}
	}
	return m
}

// naiveOutside counts opaque squares with a corner outside the convex r,
// pixel by pixel.
func naiveOutside(m *mask.Mask, r collide.Region) int {
	n := 0
	for y := range m.Height() {
		for x := range m.Width() {
			if m.Get(x, y) && !cornersIn(r, x, y) {
				n++
			}
		}
	}
	return n
}

func cornersIn(r collide.Region, x, y int) bool {
	fx, fy := float64(x), float64(y)
	for _, c := range []collide.Vec{collide.V(fx, fy), collide.V(fx+1, fy), collide.V(fx, fy+1), collide.V(fx+1, fy+1)} {
		if !r.ContainsPoint(c) {
			return false
		}
	}
	return true
}

// naiveOutsideUnion counts opaque squares that no single piece holds with
// all four corners.
func naiveOutsideUnion(m *mask.Mask, c collide.Compound) int {
	n := 0
	for y := range m.Height() {
		for x := range m.Width() {
			if !m.Get(x, y) {
				continue
			}
			held := false
			for _, p := range c {
				held = held || cornersIn(p, x, y)
			}
			if !held {
				n++
			}
		}
	}
	return n
}

// squareAreaIn returns the area of the unit square at (x, y) inside the
// rings: the ring polygons clipped to the square (Sutherland-Hodgman,
// which keeps a simple polygon's signed area), their signed areas summed.
func squareAreaIn(rs collide.Rings, x, y float64) float64 {
	a := 0.0
	for _, r := range rs {
		poly := append([]collide.Vec(nil), r...)
		for _, e := range [4]struct {
			in func(collide.Vec) float64
		}{
			{func(v collide.Vec) float64 { return v.X - x }},
			{func(v collide.Vec) float64 { return x + 1 - v.X }},
			{func(v collide.Vec) float64 { return v.Y - y }},
			{func(v collide.Vec) float64 { return y + 1 - v.Y }},
		} {
			var out []collide.Vec
			for i, p := range poly {
				q := poly[(i+1)%len(poly)]
				dp, dq := e.in(p), e.in(q)
				if dp >= 0 {
					out = append(out, p)
				}
				if (dp < 0) != (dq < 0) {
					out = append(out, p.Add(q.Sub(p).Scale(dp/(dp-dq))))
				}
			}
			poly = out
			if len(poly) == 0 {
				break
			}
		}
		a += collide.Polygon(poly).Area()
	}
	return a
}

// naiveOutsideRings counts opaque squares whose area inside the rings is
// short of 1.
func naiveOutsideRings(m *mask.Mask, rs collide.Rings) int {
	n := 0
	for y := range m.Height() {
		for x := range m.Width() {
			if m.Get(x, y) && squareAreaIn(rs, float64(x), float64(y)) < 1-1e-9 {
				n++
			}
		}
	}
	return n
}

// shapes returns the sprite shapes of m, as the build makes them.
func shapes(m *mask.Mask, k, pieces int) []collide.Region {
	h := hull.Convex(m)
	return []collide.Region{h.Bounds(), hull.MinCircle(h), hull.MinBox(h), h, hull.Reduce(h, k),
		collide.Compound(hull.Pieces(m, hull.PiecesOptions{MaxPieces: pieces, MaxVertices: k})), collide.Rings(hull.Outline(m, hull.DefaultOutline))}
}

// moved returns r moved by d.
func moved(r collide.Region, d collide.Vec) collide.Region {
	t := collide.Transform{Pos: d}
	switch s := r.(type) {
	case collide.Rect:
		return s.Translate(d)
	case collide.Circle:
		return s.Translate(d)
	case collide.Box:
		return s.Translate(d)
	case collide.Polygon:
		return s.Translate(d)
	case collide.Compound:
		return t.Compound(nil, s)
	case collide.Rings:
		out := make(collide.Rings, len(s))
		for i, ring := range s {
			out[i] = t.Polygon(nil, ring)
		}
		return out
	}
	panic("moved")
}

// TestOutsideMatchesNaive checks Outside against pixel-by-pixel references
// for the shapes of random masks and for the same shapes moved (wrong),
// over thousands of seeded cases; the shapes themselves leave nothing out.
func TestOutsideMatchesNaive(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		m := randomMask(rng, 1+rng.IntN(16), 1+rng.IntN(16), rng.Float64())
		if m.Empty() {
			continue
		}
		for j, sh := range shapes(m, 3+rng.IntN(6), 1+rng.IntN(8)) {
			wrong := moved(sh, collide.V(float64(rng.IntN(5)-2)+rng.Float64()*float64(rng.IntN(2)), float64(rng.IntN(5)-2)))
			for _, s := range []collide.Region{sh, wrong} {
				var want int
				switch s := s.(type) {
				case collide.Compound:
					want = naiveOutsideUnion(m, s)
				case collide.Rings:
					want = naiveOutsideRings(m, s)
				default:
					want = naiveOutside(m, s)
				}
				if got := Outside(m, s); got != want {
					t.Fatalf("case %d shape %d: Outside(%v, %v) = %d, want %d", i, j, m, s, got, want)
				}
			}
			if got := Outside(m, sh); got != 0 {
				t.Fatalf("case %d: shape %d %v of %v leaves %d pixels outside", i, j, sh, m, got)
			}
		}
	}
}

func TestOutside(t *testing.T) {
	m := masktest.Pic(
		"..##..",
		".####.",
		"..##..",
	)
	ring := func(pts ...float64) []collide.Vec {
		var r []collide.Vec
		for i := 0; i < len(pts); i += 2 {
			r = append(r, collide.V(pts[i], pts[i+1]))
		}
		return r
	}
	tests := []struct {
		name string
		r    collide.Region
		want int
	}{
		{"bounds", collide.R(1, 0, 5, 3), 0},
		{"one column short", collide.R(1, 0, 4, 3), 1},
		{"top row only", collide.R(0, 0, 6, 1), 6},
		{"diamond", collide.Polygon{collide.V(3, -1), collide.V(6, 1.5), collide.V(3, 4), collide.V(0, 1.5)}, 0},
		{"small circle", collide.Circle{Center: collide.V(3, 1.5), Radius: 1.5}, 6},
		{"nothing", nil, 8},
		{"two pieces", collide.Compound{collide.R(1, 0, 3, 3).Polygon(), collide.R(3, 0, 5, 3).Polygon()}, 0},
		{"a pixel split between pieces", collide.Compound{collide.R(1, 0, 3.5, 3).Polygon(), collide.R(3.5, 0, 5, 3).Polygon()}, 3},
		{"rings", collide.Rings{ring(1, 0, 5, 0, 5, 3, 1, 3)}, 0},
		// A hole whose corners lie on no pixel corner: it cuts into the
		// middle pixels without holding any pixel corner.
		{"a hole inside pixels", collide.Rings{ring(1, 0, 5, 0, 5, 3, 1, 3), ring(2.5, 1.2, 2.5, 1.8, 3.5, 1.8, 3.5, 1.2)}, 2},
		{"a hole along pixel edges", collide.Rings{ring(0, 0, 6, 0, 6, 3, 0, 3), ring(0, 0, 0, 1, 2, 1, 2, 0)}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Outside(m, tt.r); got != tt.want {
				t.Errorf("Outside(m, %v) = %d, want %d", tt.r, got, tt.want)
			}
		})
	}
	if got := AreaRatio(collide.R(0, 0, 4, 4), 8); got != 2 {
		t.Errorf("AreaRatio = %v, want 2", got)
	}
	if got := AreaRatio(collide.R(0, 0, 4, 4), 0); got != 0 || math.IsNaN(got) {
		t.Errorf("AreaRatio of no pixels = %v, want 0", got)
	}
}

// TestHoldsGridHullMatchesExtremes checks that testing a Box on the
// hull of the grid extremes answers as testing it on every extreme: on
// random masks and the corpus's sprites, with the sprite's least box and
// that box shrunk by a hair or a pixel, moved by fractions, turned, made
// thin, and boxes at random, so that both answers come up often.
func TestHoldsGridHullMatchesExtremes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	boxes := func(m *mask.Mask) []collide.Box {
		b := hull.MinBox(hull.Convex(m))
		w, h := float64(m.Width()), float64(m.Height())
		out := []collide.Box{b}
		for _, d := range []float64{1e-12, 1e-9, 0.5, 1} {
			out = append(out, collide.Box{Center: b.Center, Half: b.Half.Sub(collide.V(d, 0)), Angle: b.Angle},
				collide.Box{Center: b.Center, Half: b.Half.Sub(collide.V(0, d)), Angle: b.Angle})
		}
		for range 6 {
			out = append(out,
				collide.Box{Center: b.Center.Add(collide.V(rng.Float64()-0.5, rng.Float64()-0.5)), Half: b.Half, Angle: b.Angle},
				collide.Box{Center: b.Center, Half: b.Half.Add(collide.V(rng.Float64(), rng.Float64())), Angle: b.Angle + rng.Float64() - 0.5},
				collide.Box{Center: b.Center, Half: b.Half.Add(collide.V(rng.Float64()*w, rng.Float64()*h)), Angle: b.Angle + (rng.Float64()-0.5)/5},
				collide.Box{Center: collide.V(rng.Float64()*w, rng.Float64()*h), Half: collide.V(rng.Float64()*w, 1e-13), Angle: rng.Float64() * 7},
				collide.Box{Center: collide.V(rng.Float64()*w, rng.Float64()*h), Half: collide.V(rng.Float64()*w, rng.Float64()*h), Angle: rng.Float64() * 7})
		}
		return out
	}
	check := func(t *testing.T, name string, m *mask.Mask) (holds, all int) {
		t.Helper()
		bs := boxes(m)
		for _, b := range bs {
			got, want := holdsGridHull(m, b.ContainsPoint), holdsGridExtremes(m, b.ContainsPoint)
			if got != want {
				t.Fatalf("%s: holdsGridHull(%v) = %v, holdsGridExtremes says %v", name, b, got, want)
			}
			if want {
				holds++
			}
		}
		return holds, len(bs)
	}
	holds, all := 0, 0
	for i := range 1500 {
		var m *mask.Mask
		if i%2 == 0 {
			m = randomMask(rng, 1+rng.IntN(40), 1+rng.IntN(40), rng.Float64())
		} else {
			m = fpRandomMask(rng, 1+rng.IntN(40), 1+rng.IntN(40))
		}
		if m.Empty() {
			continue
		}
		h, n := check(t, fmt.Sprintf("random mask %d", i), m)
		holds, all = holds+h, all+n
	}
	// Both answers must be common, or the comparison proves little.
	if holds < all/8 || holds > all*7/8 {
		t.Errorf("the boxes held their masks' extremes %d times in %d", holds, all)
	}
	t.Run("corpus", func(t *testing.T) {
		for _, s := range fpCorpus(t) {
			if !s.m.Empty() {
				check(t, s.name, s.m)
			}
		}
	})
}
