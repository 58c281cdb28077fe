package hull

import (
	"math"

	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// naiveMinBoxArea is the reference: for every edge direction of p, the
// area of the box along it by projecting every vertex.
func naiveMinBoxArea(p collide.Polygon) float64 {
	best := math.Inf(1)
	for i := range p {
		u := p[(i+1)%len(p)].Sub(p[i]).Unit()
		minU, maxU, minV, maxV := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
		for _, v := range p {
			a, b := v.Dot(u), u.Cross(v)
			minU, maxU = math.Min(minU, a), math.Max(maxU, a)
			minV, maxV = math.Min(minV, b), math.Max(maxV, b)
		}
		best = math.Min(best, (maxU-minU)*(maxV-minV))
	}
	return best
}

func TestMinBox(t *testing.T) {
	V := collide.V
	tests := []struct {
		name string
		p    collide.Polygon
		want collide.Box
	}{
		{"empty", nil, collide.Box{}},
		{"one vertex", collide.Polygon{V(3, 4)}, collide.Box{Center: V(3, 4)}},
		{"unit square", Convex(pic("#")), collide.Box{Center: V(0.5, 0.5), Half: V(0.5, 0.5)}},
		{"row", Convex(pic("....", ".###")), collide.Box{Center: V(2.5, 1.5), Half: V(1.5, 0.5)}},
		{"column", Convex(pic(".#", ".#", ".#")), collide.Box{Center: V(1.5, 1.5), Half: V(0.5, 1.5)}},
		{"plus is diagonal", Convex(pic(".#.", "###", ".#.")),
			collide.Box{Center: V(1.5, 1.5), Half: V(math.Sqrt2, math.Sqrt2), Angle: math.Pi / 4}},
		{"blunt plus is axis-aligned", Convex(pic(".##.", "####", "####", ".##.")), collide.Box{Center: V(2, 2), Half: V(2, 2)}},
		{"diamond", collide.Polygon{V(2, 0), V(4, 2), V(2, 4), V(0, 2)},
			collide.Box{Center: V(2, 2), Half: V(math.Sqrt2, math.Sqrt2), Angle: math.Pi / 4}},
		{"long diagonal", Convex(pic("#...", ".#..", "..#.", "...#")),
			collide.Box{Center: V(2, 2), Half: V(2*math.Sqrt2, math.Sqrt2/2), Angle: math.Pi / 4}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, p := range variants(tt.p) {
				got := MinBox(p)
				close := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }
				if !close(got.Center.X, tt.want.Center.X) || !close(got.Center.Y, tt.want.Center.Y) ||
					!close(got.Half.X, tt.want.Half.X) || !close(got.Half.Y, tt.want.Half.Y) || !close(got.Angle, tt.want.Angle) {
					t.Errorf("MinBox(%v) = %v, want %v", p, got, tt.want)
				}
				if tt.want.Angle == 0 && got != tt.want {
					t.Errorf("MinBox(%v) = %v, want exactly %v", p, got, tt.want)
				}
				if v, bad := firstOutside(got, p); bad {
					t.Errorf("MinBox(%v) = %v leaves %v outside", p, got, v)
				}
			}
		})
	}
}

// TestMinBoxRandom compares MinBox with the naive search over edge
// directions, and checks every pixel corner is inside and the angle is in
// [0, pi/2), for thousands of seeded random masks.
func TestMinBoxRandom(t *testing.T) {
	eachRandomHull(5, 5000, func(name string, m *mask.Mask, h collide.Polygon) {
		b := MinBox(h)
		if v, bad := firstOutside(b, corners(m)); bad {
			t.Fatalf("%s: MinBox(%v) = %v leaves pixel corner %v outside", name, h, b, v)
		}
		if b.Angle < 0 || b.Angle >= math.Pi/2 {
			t.Fatalf("%s: MinBox(%v) = %v: angle outside [0, pi/2)", name, h, b)
		}
		if want := naiveMinBoxArea(h); math.Abs(b.Area()-want) > 1e-9*want {
			t.Fatalf("%s: MinBox(%v).Area() = %v, want %v", name, h, b.Area(), want)
		}
		if b.Angle != 0 && h.Bounds().Area() <= b.Area()*(1+1e-12) {
			t.Fatalf("%s: MinBox(%v) = %v, want the axis-aligned box of equal area %v", name, h, b, h.Bounds())
		}
	})
}

func TestMinBoxAllocs(t *testing.T) {
	h := Convex(disc(64))
	if n := testing.AllocsPerRun(100, func() { MinBox(h) }); n != 0 {
		t.Errorf("MinBox allocates %v times per call, want 0", n)
	}
}
