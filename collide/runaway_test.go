package collide

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"
)

// guard runs fn in a goroutine and fails the test when it has not returned
// by the deadline: a runaway guard (the deadline is many times what the
// work needs), not a performance test. A panic in fn fails the test too.
func guard(t *testing.T, deadline time.Duration, fn func()) {
	t.Helper()
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		fn()
	}()
	select {
	case p := <-done:
		if p != nil {
			t.Fatalf("panic: %v", p)
		}
	case <-time.After(deadline):
		t.Fatalf("still running after %v: a loop does not end", deadline)
	}
}

// hostileShapes are shapes with NaN, infinite and huge coordinates, of
// every kind, with some ordinary shapes to meet them.
func hostileShapes() []Shape {
	nan, inf, huge := math.NaN(), math.Inf(1), 1e308
	bigPoly := Polygon{V(-1e300, -1e300), V(1e300, -1e300), V(1e300, 1e300), V(-1e300, 1e300)}
	var out []Shape
	for _, x := range []float64{nan, inf, -inf, huge, -huge, 1e300} {
		out = append(out,
			V(x, 0), V(0, x),
			Circle{V(x, 1), 2}, Circle{V(1, 1), x}, Circle{V(x, x), x},
			Rect{V(-x, -x), V(x, x)}, Rect{V(0, 0), V(x, 1)},
			Box{V(0, 0), V(x, x), 0.3}, Box{V(x, 0), V(1, 1), 0.3}, Box{V(0, 0), V(1, 1), x},
			Polygon{V(0, 0), V(x, 0), V(x, x), V(0, x)},
			Polygon{V(0, 0), V(1, 0), V(1, x)},
			Polygon{V(x, x), V(-x, x)},
			Compound{Polygon{V(0, 0), V(x, 0), V(0, x)}, unitSquare},
		)
	}
	return append(out, bigPoly, bigPoly.Scale(-1), Compound{bigPoly, bigPoly.Translate(V(1e300, 0))},
		Box{V(0, 0), V(1e308, 1e308), 0.3}, // the case of issue 12 (#7)
		unitSquare, Circle{V(0.5, 0.5), 1}, R(0, 0, 2, 2), Box{V(1, 1), V(1, 2), 0.7},
		regular(8, V(0, 0), 3), uShape, V(0.5, 0.5))
}

// TestHostileInputs runs every test and cast on every pair of hostile
// shapes, both ways: none may panic or spin (issue 12, #7).
func TestHostileInputs(t *testing.T) {
	shapes := hostileShapes()
	guard(t, 60*time.Second, func() {
		for _, a := range shapes {
			for _, b := range shapes {
				_ = Overlap(a, b)
				_, _ = Collide(a, b)
			}
			for _, r := range []Ray{{V(-5, 0.5), V(1, 0)}, {V(math.NaN(), 0), V(1, 1)}, {V(0, 0), V(math.Inf(1), 1e308)}} {
				_, _ = RayCast(r, a)
			}
			_, _ = SegmentCast(V(-1e308, -1e308), V(1e308, 1e308), a)
		}
	})
}

// TestRunawayCases are the smallest cases: box half-extents of 1e308
// against polygons (issue 12, #7, reported to make CollideBoxPolygon loop
// forever), and a rect with a NaN corner against polygons, which made the
// walk in faceDepth spin (a NaN comparison never ends it).
func TestRunawayCases(t *testing.T) {
	nan := math.NaN()
	tests := []struct {
		name string
		a, b Shape
	}{
		{"huge box, square", Box{V(0, 0), V(1e308, 1e308), 0.3}, unitSquare},
		{"huge box, 8-gon", Box{V(0, 0), V(1e308, 1e308), 0.3}, regular(8, V(5, 5), 3)},
		{"huge box, huge box", Box{V(0, 0), V(1e308, 1e308), 0.3}, Box{V(1, 1), V(1e308, 1), 1}.Polygon()},
		{"NaN rect, polygon", Rect{V(0, 0), V(nan, 1)}, Polygon{V(0, 0), V(1, 0), V(1, nan)}},
		{"NaN rect, NaN square", Rect{V(0, 0), V(nan, 1)}, Polygon{V(0, 0), V(nan, 0), V(nan, nan), V(0, nan)}},
		{"NaN rect, far box", Rect{V(0, 0), V(nan, 1)}, Box{V(math.Inf(1), 0), V(1, 1), 0.3}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			guard(t, 10*time.Second, func() {
				_, _ = Collide(tc.a, tc.b)
				_, _ = Collide(tc.b, tc.a)
				_ = Overlap(tc.a, tc.b)
			})
		})
	}
}

// TestHostileRandom feeds random mixtures of ordinary, huge and non-finite
// coordinates to every pair of kinds.
func TestHostileRandom(t *testing.T) {
	special := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 1e308, -1e308, 1e300, 1e-300, 0}
	r := rand.New(rand.NewPCG(12, 7))
	n := 2000
	if testing.Short() {
		n = 200
	}
	guard(t, 60*time.Second, func() {
		eachKindPair(t, 12, n/36+1, func(t *testing.T, r2 *rand.Rand, ka, kb string, m int) {
			for range m {
				a, b := randPair(r2, ka, kb)
				a, b = spoil(r, a, special), spoil(r, b, special)
				_ = Overlap(a, b)
				_, _ = Collide(a, b)
				_, _ = RayCast(Ray{randVec(r), randVec(r)}, a)
			}
		})
	})
}

// spoil replaces some coordinates of s with special values.
func spoil(r *rand.Rand, s Shape, special []float64) Shape {
	f := func(x float64) float64 {
		if r.IntN(4) == 0 {
			return special[r.IntN(len(special))]
		}
		return x
	}
	v := func(p Vec) Vec { return V(f(p.X), f(p.Y)) }
	switch s := s.(type) {
	case Vec:
		return v(s)
	case Circle:
		return Circle{v(s.Center), f(s.Radius)}
	case Rect:
		return Rect{v(s.Min), v(s.Max)}
	case Box:
		return Box{v(s.Center), v(s.Half), f(s.Angle)}
	case Polygon:
		q := s.Clone()
		for i := range q {
			q[i] = v(q[i])
		}
		return q
	case Compound:
		c := make(Compound, len(s))
		for i, p := range s {
			c[i] = spoil(r, p, special).(Polygon)
		}
		return c
	}
	panic(fmt.Sprintf("spoil %T", s))
}
