package collide

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRayOracle casts random rays at random shapes of every kind and checks
// the hit against the distance oracle: the hit point touches the shape, a
// little before it does not, the normal has the shape behind it, and a miss
// has the whole (long) ray clear of the shape.
func TestRayOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			hits := 0
			for i := range 2000 {
				s := randShape(r, kind, randVec(r))
				ray := Ray{randVec(r), V(r.Float64()*2-1, r.Float64()*2-1)}
				if i%5 == 0 { // aim at the shape
					ray.Dir = s.Bounds().Center().Sub(ray.Origin)
				}
				h, ok := RayCast(ray, s)
				far := Polygon{ray.Origin, ray.At(1e4)}
				if !ok {
					if d := oDist(far, s); d == 0 {
						t.Errorf("case %d: RayCast(%v, %v) misses, but the ray meets it", i, ray, s)
					}
					continue
				}
				hits++
				tol := 1e-9 * oSize(far, s)
				p := ray.At(h.T)
				if d := oDist(p, s); d > tol {
					t.Errorf("case %d: RayCast(%v, %v) = %v: hit point %v is %g away", i, ray, s, h, p, d)
				}
				if h.T == 0 {
					if h.Normal != (Vec{}) {
						t.Errorf("case %d: RayCast(%v, %v) = %v: a start inside has normal zero", i, ray, s, h)
					}
					continue
				}
				eps := tol / ray.Dir.Len()
				if d := oDist(Polygon{ray.Origin, ray.At(h.T - eps)}, s); d == 0 {
					t.Errorf("case %d: RayCast(%v, %v) = %v: the ray meets it earlier", i, ray, s, h)
				}
				if math.Abs(h.Normal.Len()-1) > 1e-12 {
					t.Errorf("case %d: RayCast(%v, %v) = %v: normal not unit", i, ray, s, h)
				}
				behind := false
				for _, q := range oracleOf(s) {
					behind = behind || oSupport(q, h.Normal) <= h.Normal.Dot(p)+tol
				}
				if !behind {
					t.Errorf("case %d: RayCast(%v, %v) = %v: shape in front of the normal", i, ray, s, h)
				}
			}
			if hits < 100 {
				t.Errorf("only %d hits in 2000 casts", hits)
			}
		})
	}
}

func TestRayCases(t *testing.T) {
	sq := R(0, 0, 10, 10)
	tests := []struct {
		name string
		ray  Ray
		s    Shape
		want Hit
		ok   bool
	}{
		{"rect from left", Ray{V(-5, 5), V(1, 0)}, sq, Hit{5, V(-1, 0)}, true},
		{"rect along edge", Ray{V(-5, 0), V(1, 0)}, sq, Hit{5, V(-1, 0)}, true},
		{"rect just above edge", Ray{V(-5, -1e-9), V(1, 0)}, sq, Hit{}, false},
		{"rect start inside", Ray{V(5, 5), V(1, 0)}, sq, Hit{0, Vec{}}, true},
		{"rect start on edge going out", Ray{V(10, 5), V(1, 0)}, sq, Hit{0, Vec{}}, true},
		{"rect behind", Ray{V(20, 5), V(1, 0)}, sq, Hit{}, false},
		{"circle diagonal", Ray{V(0, 0), V(1, 1)}, Circle{V(10, 10), math.Sqrt2 * 5}, Hit{5, V(-1, -1).Unit()}, true},
		{"circle tangent", Ray{V(0, 5), V(1, 0)}, Circle{V(10, 0), 5}, Hit{10, V(0, 1)}, true},
		{"point on ray", Ray{V(0, 0), V(2, 2)}, V(4, 4), Hit{2, V(-1, -1).Unit()}, true},
		{"point off ray", Ray{V(0, 0), V(2, 2)}, V(4, 5), Hit{}, false},
		{"segment collinear", Ray{V(0, 0), V(1, 0)}, Polygon{V(3, 0), V(5, 0)}, Hit{3, V(-1, 0)}, true},
		{"zero dir inside", Ray{V(1, 1), Vec{}}, sq, Hit{}, true},
		{"zero dir outside", Ray{V(-1, 1), Vec{}}, sq, Hit{}, false},
		{"compound nearest piece", Ray{V(-10, 1), V(1, 0)}, Compound{R(5, 0, 6, 2).Polygon(), R(0, 0, 2, 2).Polygon()}, Hit{10, V(-1, 0)}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := RayCast(tc.ray, tc.s)
			if ok != tc.ok || math.Abs(got.T-tc.want.T) > 1e-12 || !near(got.Normal, tc.want.Normal, 1e-12) {
				t.Errorf("RayCast(%v, %v) = %v, %v, want %v, %v", tc.ray, tc.s, got, ok, tc.want, tc.ok)
			}
		})
	}
	if h, ok := SegmentCast(V(-5, 5), V(-1, 5), sq); ok {
		t.Errorf("SegmentCast short of the rect = %v, true, want a miss", h)
	}
	if h, ok := SegmentCast(V(-5, 5), V(5, 5), sq); !ok || h.T != 0.5 {
		t.Errorf("SegmentCast into the rect = %v, %v, want T 0.5", h, ok)
	}
}
