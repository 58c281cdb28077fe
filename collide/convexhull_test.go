package collide

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestConvexHull checks ConvexHull on seeded random point sets (integer
// points, so collinear and repeated points are common): the result is
// strictly convex with a positive winding, its vertices are input points,
// and every input point lies inside or on it (exact for integers).
func TestConvexHull(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 2000 {
		pts := make([]Vec, 3+rng.IntN(40))
		for j := range pts {
			pts[j] = V(float64(rng.IntN(12)), float64(rng.IntN(12)))
		}
		in := slices.Clone(pts)
		h := ConvexHull(nil, pts)
		if !slices.Equal(in, pts) {
			t.Fatalf("case %d: the input changed", i)
		}
		if len(h) < 3 {
			continue // all on a line: checked below
		}
		for k := range h {
			a, b, c := h[k], h[(k+1)%len(h)], h[(k+2)%len(h)]
			if b.Sub(a).Cross(c.Sub(b)) <= 0 {
				t.Fatalf("case %d: %v does not turn left at %v", i, h, b)
			}
			if !slices.Contains(pts, a) {
				t.Fatalf("case %d: vertex %v is not an input point", i, a)
			}
		}
		for _, p := range pts {
			for k := range h {
				a, b := h[k], h[(k+1)%len(h)]
				if b.Sub(a).Cross(p.Sub(a)) < 0 {
					t.Fatalf("case %d: %v lies outside %v", i, p, h)
				}
			}
		}
	}
	for _, c := range []struct {
		pts, want []Vec
	}{
		{nil, nil},
		{[]Vec{V(1, 2), V(1, 2), V(1, 2)}, []Vec{V(1, 2)}},
		{[]Vec{V(2, 2), V(0, 0), V(1, 1), V(3, 3), V(1, 1)}, []Vec{V(0, 0), V(3, 3)}},
	} {
		if got := ConvexHull(nil, c.pts); !slices.Equal(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
			t.Errorf("ConvexHull(%v) = %v, want %v", c.pts, got, c.want)
		}
	}
}
