package collide

import (
	"math"
	"math/rand/v2"
	"testing"
)

// refContains reports whether q is in the convex polygon p (positive
// winding, three vertices or more), boundary included, in exact rational
// arithmetic.
func refContains(p Polygon, q Vec) bool {
	a := p[len(p)-1]
	for _, b := range p {
		if refOrient(a, b, q) < 0 {
			return false
		}
		a = b
	}
	return true
}

// scanTouchPoint is touchPolygon's general loop for radius 0: every edge's
// exact orientation, in order, until one fails or has q outside.
func scanTouchPoint(p []Vec, q Vec) (in, ok bool) {
	a := p[len(p)-1]
	for _, b := range p {
		s, ok := exactOrient(a, b, q)
		if !ok {
			return false, false
		}
		if s < 0 {
			return false, true
		}
		a = b
	}
	return true, true
}

// TestContainsPointMatchesOverlap checks Polygon.ContainsPoint, which
// decides each edge in float when it can and exactly at once when it
// cannot, against OverlapCirclePolygon with radius 0 (the path it
// shortens) and an exact rational reference, over thousands of seeded
// polygons (integer, scaled to inexact fractions, moved by fractions) and
// points on their vertices, edges, the grid and an ulp or two off them,
// and against OverlapCirclePolygon alone for input that is not finite;
// and touchPoint, touchPolygon's radius-0 path, against the exact scan of
// every edge it replaces.
func TestContainsPointMatchesOverlap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 15))
	scales := []float64{1, 0.1, 1.0 / 3, 1e-7, 12345.678, 1 << 40}
	for i := range 3000 {
		var pts []Vec
		for range 3 + rng.IntN(8) {
			pts = append(pts, V(float64(rng.IntN(17)), float64(rng.IntN(17))))
		}
		h := hullOf(pts)
		if len(h) < 3 {
			continue
		}
		s, d := scales[rng.IntN(len(scales))], V(rng.Float64()*float64(rng.IntN(2)), float64(rng.IntN(3)))
		p := make(Polygon, len(h))
		for k, v := range h {
			p[k] = v.Scale(s).Add(d)
		}
		var qs []Vec
		for k, v := range p {
			w := p[(k+1)%len(p)]
			qs = append(qs, v, v.Add(w).Scale(0.5), v.Add(w.Sub(v).Scale(1.0/3)))
		}
		for range 8 {
			qs = append(qs, V(float64(rng.IntN(19)-1), float64(rng.IntN(19)-1)).Scale(s).Add(d))
		}
		for k := range qs {
			qs = append(qs, V(jitter(rng, qs[k].X), jitter(rng, qs[k].Y)))
		}
		for _, q := range qs {
			got := p.ContainsPoint(q)
			if want := OverlapCirclePolygon(Circle{q, 0}, p); got != want {
				t.Fatalf("case %d: %v.ContainsPoint(%v) = %v, OverlapCirclePolygon says %v", i, p, q, got, want)
			}
			if in, ok := touchPoint(p, q); !ok || in != got {
				t.Fatalf("case %d: touchPoint(%v, %v) = %v, %v, want %v, true", i, p, q, in, ok, got)
			}
			if want := refContains(p, q); got != want {
				t.Fatalf("case %d: %v.ContainsPoint(%v) = %v, want %v", i, p, q, got, want)
			}
		}
	}
	inf, nan := math.Inf(1), math.NaN()
	sq := Polygon{V(0, 0), V(2, 0), V(2, 2), V(0, 2)}
	odd := []Polygon{
		sq,
		{V(0, 0), V(inf, 0), V(2, 2)},
		{V(0, 0), V(2, 0), V(nan, 2), V(0, 2)},
		{V(-inf, -inf), V(inf, -inf), V(inf, inf), V(-inf, inf)},
		{V(0, 0), V(2, 0), V(2, 2), V(0, inf)},
		{V(0, 0), V(2, 0), V(nan, nan), V(0, 2)},
		{V(0, 0), V(2, -inf), V(2, 2), V(0, 2)},
	}
	for _, p := range odd {
		for _, q := range []Vec{V(1, 1), V(0, 1), V(2, 2), V(3, 1), V(inf, 1), V(nan, 0), V(1, -inf), V(0, 0)} {
			if got, want := p.ContainsPoint(q), OverlapCirclePolygon(Circle{q, 0}, p); got != want {
				t.Errorf("%v.ContainsPoint(%v) = %v, OverlapCirclePolygon says %v", p, q, got, want)
			}
			in, ok := touchPoint(p, q)
			if win, wok := scanTouchPoint(p, q); in != win || ok != wok {
				t.Errorf("touchPoint(%v, %v) = %v, %v, the scan says %v, %v", p, q, in, ok, win, wok)
			}
		}
	}
}
