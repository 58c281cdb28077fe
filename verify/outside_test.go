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

// exactContains returns p's ContainsPoint as rowsIn computes it, and
// false when p has no rows.
func exactContains(p collide.Polygon) (func(q collide.Vec) bool, bool) {
	in := &rowsIn{p: p}
	var ok bool
	if in.r, ok = integerRows(rows{}, p); !ok {
		return nil, false
	}
	return in.contains, true
}

// scanOutsideConvex is outsideConvex as it was before holdsGridHull: the
// extremes of every grid line tested, by a polygon's rows where it has
// them, then the rows pixel by pixel.
func scanOutsideConvex(m *mask.Mask, r collide.Region) int {
	contains := r.ContainsPoint
	if p, ok := r.(collide.Polygon); ok {
		if in, ok := exactContains(p); ok {
			contains = in
		}
	}
	if holdsGridExtremes(m, contains, nil) {
		return 0
	}
	return countOutside(m, contains)
}

// TestOutsideConvexMatchesScan checks Outside of boxes and polygons,
// which tests only the extremes' hull when exactlyConvex allows, against
// the scan of every extreme: on random masks and the corpus's sprites,
// with their hulls, reduced polygons and least boxes as made, moved,
// shrunk by a hair or a pixel, turned, made thin and reversed, boxes at
// random, and polygons that are not convex (of integer vertices, whose
// rows are not their test's set, and of fractions) or flat.
func TestOutsideConvexMatchesScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	regions := func(m *mask.Mask) []collide.Region {
		h := hull.Convex(m)
		red := hull.Reduce(h, 3+rng.IntN(6))
		w, ht := float64(m.Width()), float64(m.Height())
		c := collide.V(w/2, ht/2)
		shrunk := make(collide.Polygon, len(h))
		reversed := make(collide.Polygon, len(h))
		for i, v := range h {
			shrunk[i] = c.Add(v.Sub(c).Scale(0.97))
			reversed[len(h)-1-i] = v
		}
		var wild, wildInt collide.Polygon
		for range 3 + rng.IntN(6) {
			v := collide.V(rng.Float64()*(w+2)-1, rng.Float64()*(ht+2)-1)
			wild = append(wild, v)
			wildInt = append(wildInt, collide.V(math.Round(v.X), math.Round(v.Y)))
		}
		flat := collide.Polygon{collide.V(0, math.Round(ht/2)), collide.V(math.Round(w/2), math.Round(ht/2)), collide.V(w, math.Round(ht/2))}
		d := collide.V(float64(rng.IntN(3)-1), float64(rng.IntN(3)-1))
		f := collide.V(rng.Float64()-0.5, rng.Float64()-0.5)
		b := hull.MinBox(h)
		return []collide.Region{h, red, h.Translate(d), h.Translate(f), red.Translate(d),
			shrunk, reversed, wild, wildInt, flat, collide.Polygon(h[:min(len(h), 2)]),
			b, b.Translate(f),
			collide.Box{Center: b.Center, Half: b.Half.Sub(collide.V(1e-12, 0)), Angle: b.Angle},
			collide.Box{Center: b.Center, Half: b.Half.Sub(collide.V(0, 0.5)), Angle: b.Angle},
			collide.Box{Center: b.Center, Half: b.Half.Add(collide.V(rng.Float64()*w, rng.Float64()*ht)), Angle: b.Angle + (rng.Float64()-0.5)/5},
			collide.Box{Center: c, Half: collide.V(rng.Float64()*w, 1e-13), Angle: rng.Float64() * 7},
			collide.Box{Center: collide.V(rng.Float64()*w, rng.Float64()*ht), Half: collide.V(rng.Float64()*w, rng.Float64()*ht), Angle: rng.Float64() * 7}}
	}
	check := func(t *testing.T, name string, m *mask.Mask) (zero, all int) {
		t.Helper()
		for _, r := range regions(m) {
			got, want := Outside(m, r), scanOutsideConvex(m, r)
			if got != want {
				t.Fatalf("%s: Outside(%v) = %d, the scan says %d", name, r, got, want)
			}
			if want == 0 {
				zero++
			}
			all++
		}
		return zero, all
	}
	zero, all := 0, 0
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
		z, n := check(t, fmt.Sprintf("random mask %d", i), m)
		zero, all = zero+z, all+n
	}
	// Both a fast yes and a scan must be common, or this proves little.
	if zero < all/8 || zero > all*7/8 {
		t.Errorf("the regions held their masks %d times in %d", zero, all)
	}
	t.Run("corpus", func(t *testing.T) {
		for i, s := range fpCorpus(t) {
			// A quarter of the sprites, and no sheets or backgrounds: the
			// scan of each shape that does not hold its sprite is slow.
			if i%4 == 0 && !s.m.Empty() && s.m.Width()*s.m.Height() <= 128*128 {
				check(t, s.name, s.m)
			}
		}
	})
}

// TestOutsideConvexAllocs checks that Outside of a rectangle, circle or
// box that holds its sprite allocates nothing: the extremes are tested
// through no func value that would move ContainsPoint to the heap, and
// the hull's chains of a sprite fit their arrays on the stack.
func TestOutsideConvexAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector (see race_on_test.go)")
	}
	m := masktest.Pic("..####..", "########", "..####..")
	h := hull.Convex(m)
	for _, r := range []collide.Region{h.Bounds(), hull.MinCircle(h), hull.MinBox(h)} {
		if n := testing.AllocsPerRun(100, func() { Outside(m, r) }); n != 0 {
			t.Errorf("Outside(m, %v) makes %v allocations, want 0", r, n)
		}
	}
}

// TestOutsideHullAllocs checks that a hull (integer vertices: tested by
// its rows) no taller than stackRows is checked without allocating.
func TestOutsideHullAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector (see race_on_test.go)")
	}
	m := masktest.Pic("..####..", "########", "..####..")
	var h collide.Region = hull.Convex(m) // boxed once, not per run
	if n := testing.AllocsPerRun(100, func() { Outside(m, h) }); n != 0 {
		t.Errorf("Outside(m, %v) makes %v allocations, want 0", h, n)
	}
}

// TestOutsideRingsAllocs checks that outsideRings reuses its memory
// between calls: only the mask of crossed pixels is made anew.
func TestOutsideRingsAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector (see race_on_test.go)")
	}
	m := masktest.Pic(
		"..####..",
		".##..##.",
		"##....##",
		".##..##.",
		"..####..",
	)
	var rs collide.Region = collide.Rings(hull.Outline(m, hull.OutlineOptions{MaxVertices: 8, Tolerance: 0.5}))
	if n := testing.AllocsPerRun(100, func() { Outside(m, rs) }); n > 2 {
		t.Errorf("Outside(m, %v) makes %v allocations, want at most 2 (the crossed pixels' mask)", rs, n)
	}
}
