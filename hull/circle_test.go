package hull

import (
	"math"

	"slices"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// naiveMinRadius is the reference: the smallest of the circles on every
// pair of vertices as diameter and through every triple that contains all
// vertices (to a relative 1e-12).
func naiveMinRadius(p collide.Polygon) float64 {
	best := math.Inf(1)
	try := func(c collide.Vec, r float64) {
		if r >= best {
			return
		}
		for _, v := range p {
			if c.Dist(v) > r*(1+1e-12) {
				return
			}
		}
		best = r
	}
	if len(p) == 1 {
		return 0
	}
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			c := p[i].Add(p[j]).Scale(0.5)
			try(c, c.Dist(p[i]))
			for k := j + 1; k < len(p); k++ {
				a, b, d := p[i], p[j], p[k]
				den := 2 * b.Sub(a).Cross(d.Sub(a))
				if den == 0 {
					continue
				}
				ab, ad := b.Sub(a), d.Sub(a)
				o := a.Add(collide.V(ad.Y*ab.Len2()-ab.Y*ad.Len2(), ab.X*ad.Len2()-ad.X*ab.Len2()).Scale(1 / den))
				try(o, o.Dist(a))
			}
		}
	}
	return best
}

func TestMinCircle(t *testing.T) {
	V := collide.V
	tests := []struct {
		name   string
		p      collide.Polygon
		center collide.Vec
		radius float64
	}{
		{"empty", nil, V(0, 0), 0},
		{"one vertex", collide.Polygon{V(3, 4)}, V(3, 4), 0},
		{"two vertices", collide.Polygon{V(0, 0), V(6, 8)}, V(3, 4), 5},
		{"unit square", Convex(pic("#")), V(0.5, 0.5), math.Sqrt2 / 2},
		{"row", Convex(pic("....", ".###")), V(2.5, 1.5), math.Sqrt(2.5)},
		{"right triangle", collide.Polygon{V(0, 0), V(8, 0), V(0, 6)}, V(4, 3), 5},
		{"obtuse triangle", collide.Polygon{V(0, 0), V(10, 0), V(5, 1)}, V(5, 0), 5},
		{"staircase", Convex(pic("#..", ".#.", "..#")), V(1.5, 1.5), math.Sqrt(4.5)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range variants(tt.p) {
				got := MinCircle(p)
				if got.Center.Dist(tt.center) > 1e-12 || math.Abs(got.Radius-tt.radius) > 1e-12*(1+tt.radius) {
					t.Errorf("MinCircle(%v) = %v, want center %v radius %v", p, got, tt.center, tt.radius)
				}
				if v, bad := firstOutside(got, p); bad {
					t.Errorf("MinCircle(%v) = %v leaves %v outside", p, got, v)
				}
			}
		})
	}
}

// variants returns p, p reversed and p started at each other vertex: the
// answers of MinCircle and MinBox must not depend on the listing.
func variants(p collide.Polygon) []collide.Polygon {
	out := []collide.Polygon{p}
	r := p.Clone()
	slices.Reverse(r)
	out = append(out, r)
	for i := 1; i < len(p); i++ {
		out = append(out, append(p[i:].Clone(), p[:i]...))
	}
	return out
}

// TestMinCircleRandom compares MinCircle with the naive minimum over pairs
// and triples, and checks every pixel corner is inside, for thousands of
// seeded random masks.
func TestMinCircleRandom(t *testing.T) {
	eachRandomHull(3, 3000, func(name string, m *mask.Mask, h collide.Polygon) {
		c := MinCircle(h)
		if v, bad := firstOutside(c, corners(m)); bad {
			t.Fatalf("%s: MinCircle(%v) = %v leaves pixel corner %v outside", name, h, c, v)
		}
		for _, v := range h {
			if d := v.Sub(c.Center); math.Hypot(d.X, d.Y) > c.Radius {
				t.Fatalf("%s: MinCircle(%v) = %v: vertex %v at distance %v", name, h, c, v, math.Hypot(d.X, d.Y))
			}
		}
		if want := naiveMinRadius(h); math.Abs(c.Radius-want) > 1e-9*want {
			t.Fatalf("%s: MinCircle(%v).Radius = %v, want %v", name, h, c.Radius, want)
		}
	})
}
