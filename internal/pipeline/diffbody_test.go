package pipeline

import (
	"math/rand/v2"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/hull"
)

// TestDiffBodyMatchesOverlap checks that an integer offset lies in the
// difference body exactly when collide's SAT test says the polygon and
// its moved copy overlap, for the hulls and reduced polygons of thousands
// of random masks.
func TestDiffBodyMatchesOverlap(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 1500 {
		m := randomMask(rng, 1+rng.IntN(16), 1+rng.IntN(16), rng.Float64())
		h := hull.Convex(m)
		if h == nil {
			continue
		}
		for _, p := range []collide.Polygon{h, hull.Reduce(h, 3+rng.IntN(4))} {
			d := diffBody(p)
			if d.Area() <= 0 && len(d) >= 3 {
				t.Fatalf("case %d: diffBody(%v) = %v has area %v", i, p, d, d.Area())
			}
			for range 40 {
				off := collide.V(float64(rng.IntN(37)-18), float64(rng.IntN(37)-18))
				want := collide.OverlapPolygonPolygon(p, p.Translate(off))
				if got := d.ContainsPoint(off); got != want {
					t.Fatalf("case %d: diffBody(%v) contains %v = %v, OverlapPolygonPolygon = %v", i, p, off, got, want)
				}
			}
		}
	}
}

func TestDiffBody(t *testing.T) {
	sq := collide.Polygon{collide.V(0, 0), collide.V(2, 0), collide.V(2, 1), collide.V(0, 1)}
	got := diffBody(sq)
	want := collide.R(-2, -1, 2, 1)
	if got.Bounds() != want || got.Area() != want.Area() || len(got) != 4 {
		t.Errorf("diffBody(%v) = %v, want the rectangle %v", sq, got, want)
	}
}

// TestDoubledBoxMatchesOverlap checks that an integer offset lies in the
// box doubled about the origin exactly when collide's SAT test says the box
// and its moved copy overlap, for the minimum boxes of random masks.
func TestDoubledBoxMatchesOverlap(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for i := range 3000 {
		m := randomMask(rng, 1+rng.IntN(16), 1+rng.IntN(16), rng.Float64())
		h := hull.Convex(m)
		if h == nil {
			continue
		}
		b := hull.MinBox(h)
		test := overlapTest(b)
		for range 40 {
			off := collide.V(float64(rng.IntN(45)-22), float64(rng.IntN(45)-22))
			if got, want := test(off), collide.OverlapBoxBox(b, b.Translate(off)); got != want {
				t.Fatalf("case %d: doubled %v contains %v = %v, OverlapBoxBox = %v", i, b, off, got, want)
			}
		}
	}
}

// TestInnerBox checks that the inner box of the difference bodies of
// random hulls and polygons lies inside them (its corners are in) and is
// the largest box of its aspect that does.
func TestInnerBox(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := range 2000 {
		m := randomMask(rng, 1+rng.IntN(16), 1+rng.IntN(16), rng.Float64())
		h := hull.Convex(m)
		if h == nil {
			continue
		}
		for _, p := range []collide.Polygon{h, hull.Reduce(h, 3+rng.IntN(4))} {
			body := diffBody(p)
			in := innerBox(body)
			if in.Empty() {
				t.Fatalf("case %d: innerBox(%v) is empty", i, body)
			}
			for _, c := range []collide.Vec{in.Min, in.Max, collide.V(in.Min.X, in.Max.Y), collide.V(in.Max.X, in.Min.Y)} {
				if !body.ContainsPoint(c) {
					t.Fatalf("case %d: innerBox(%v) = %v, corner %v outside", i, body, in, c)
				}
			}
			// As large as the diagonals allow: 0.1% more puts a corner out.
			out := in.Scale(1.001)
			if body.ContainsPoint(out.Min) && body.ContainsPoint(out.Max) &&
				body.ContainsPoint(collide.V(out.Min.X, out.Max.Y)) && body.ContainsPoint(collide.V(out.Max.X, out.Min.Y)) {
				t.Fatalf("case %d: innerBox(%v) = %v is not the largest of its aspect", i, body, in)
			}
		}
	}
}

// TestIntegerRowsMatchContainsPoint checks that the rows of the difference
// bodies of random hulls hold exactly the integer points that
// Polygon.ContainsPoint accepts, over the bodies' bounds and a margin, and
// that polygons with a fractional vertex are refused.
func TestIntegerRowsMatchContainsPoint(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := range 2000 {
		m := randomMask(rng, 1+rng.IntN(20), 1+rng.IntN(20), rng.Float64())
		h := hull.Convex(m)
		if h == nil {
			continue
		}
		for _, p := range []collide.Polygon{h, diffBody(h)} {
			r, ok := integerRows(p)
			if !ok {
				t.Fatalf("case %d: integerRows(%v) refused integer vertices", i, p)
			}
			in, _ := exactContains(p)
			for range 50 { // off the integers and far away: ContainsPoint's answer
				q := collide.V((rng.Float64()-0.5)*50, (rng.Float64()-0.5)*50)
				if rng.IntN(5) == 0 {
					q = collide.V(float64(rng.IntN(3)-1)*(1<<40), float64(rng.IntN(3)-1)*(1<<40))
				}
				if got, want := in(q), p.ContainsPoint(q); got != want {
					t.Fatalf("case %d: exactContains(%v)(%v) = %v, ContainsPoint = %v", i, p, q, got, want)
				}
			}
			b := p.Bounds()
			for y := int(b.Min.Y) - 2; y <= int(b.Max.Y)+2; y++ {
				for x := int(b.Min.X) - 2; x <= int(b.Max.X)+2; x++ {
					if got, want := r.contains(x, y), p.ContainsPoint(collide.V(float64(x), float64(y))); got != want {
						t.Fatalf("case %d: rows of %v contain (%d, %d) = %v, ContainsPoint = %v", i, p, x, y, got, want)
					}
				}
			}
		}
		if red := hull.Reduce(h, 3); len(red) >= 3 && !isIntegral(red) {
			if _, ok := integerRows(red); ok {
				t.Fatalf("case %d: integerRows(%v) accepted fractional vertices", i, red)
			}
		}
	}
}

func isIntegral(p collide.Polygon) bool {
	for _, v := range p {
		if v.X != float64(int(v.X)) || v.Y != float64(int(v.Y)) {
			return false
		}
	}
	return true
}
