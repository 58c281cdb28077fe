package hull

import (
	"math"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// ringArea returns the signed shoelace area of a ring.
func ringArea(r []collide.Vec) float64 {
	s := 0.0
	for i, a := range r {
		s += a.Cross(r[(i+1)%len(r)])
	}
	return s / 2
}

// onSegment reports whether q lies on the closed segment ab.
func onSegment(a, b, q collide.Vec) bool {
	return b.Sub(a).Cross(q.Sub(a)) == 0 && math.Min(a.X, b.X) <= q.X && q.X <= math.Max(a.X, b.X) &&
		math.Min(a.Y, b.Y) <= q.Y && q.Y <= math.Max(a.Y, b.Y)
}

// filled reports whether q is in the region the rings bound, boundary
// included: on an edge, or of non-zero winding number.
func filled(rings [][]collide.Vec, q collide.Vec) bool {
	w := 0
	for _, r := range rings {
		for i, a := range r {
			b := r[(i+1)%len(r)]
			if onSegment(a, b, q) {
				return true
			}
			if a.Y <= q.Y && b.Y > q.Y && b.Sub(a).Cross(q.Sub(a)) > 0 {
				w++
			} else if b.Y <= q.Y && a.Y > q.Y && b.Sub(a).Cross(q.Sub(a)) < 0 {
				w--
			}
		}
	}
	return w != 0
}

// properCross reports whether two edges of the rings cross at a point
// inside both.
func properCross(rings [][]collide.Vec) bool {
	type seg struct{ a, b collide.Vec }
	var segs []seg
	for _, r := range rings {
		for i, a := range r {
			segs = append(segs, seg{a, r[(i+1)%len(r)]})
		}
	}
	for i, s := range segs {
		for _, u := range segs[i+1:] {
			d1 := s.b.Sub(s.a).Cross(u.a.Sub(s.a))
			d2 := s.b.Sub(s.a).Cross(u.b.Sub(s.a))
			d3 := u.b.Sub(u.a).Cross(s.a.Sub(u.a))
			d4 := u.b.Sub(u.a).Cross(s.b.Sub(u.a))
			if d1*d2 < 0 && d3*d4 < 0 {
				return true
			}
		}
	}
	return false
}

func TestOutline(t *testing.T) {
	V := collide.V
	tests := []struct {
		name      string
		m         *mask.Mask
		tolerance float64
		want      [][]collide.Vec
	}{
		{"empty", pic("..."), 0, nil},
		{"one pixel", pic("...", ".#."), 0, [][]collide.Vec{{V(1, 1), V(2, 1), V(2, 2), V(1, 2)}}},
		{"ring with hole", pic(
			"###",
			"#.#",
			"###",
		), 0, [][]collide.Vec{
			{V(0, 0), V(3, 0), V(3, 3), V(0, 3)},
			{V(1, 1), V(1, 2), V(2, 2), V(2, 1)},
		}},
		{"corner-joined pixels are one island", pic(
			"#.",
			".#",
		), 0, [][]collide.Vec{{V(0, 0), V(1, 0), V(1, 1), V(2, 1), V(2, 2), V(1, 2), V(1, 1), V(0, 1)}}},
		{"two islands", pic("#.#"), 0, [][]collide.Vec{
			{V(0, 0), V(1, 0), V(1, 1), V(0, 1)},
			{V(2, 0), V(3, 0), V(3, 1), V(2, 1)},
		}},
		{"L exact", pic(
			"#.",
			"##",
		), 0, [][]collide.Vec{{V(0, 0), V(1, 0), V(1, 1), V(2, 1), V(2, 2), V(0, 2)}}},
		{"L simplified", pic(
			"#.",
			"##",
		), 0.5, [][]collide.Vec{{V(0, 0), V(1, 0), V(2, 1), V(2, 2), V(0, 2)}}},
		{"L tolerance too small", pic(
			"#.",
			"##",
		), 0.49, [][]collide.Vec{{V(0, 0), V(1, 0), V(1, 1), V(2, 1), V(2, 2), V(0, 2)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Outline(tt.m, tt.tolerance)
			if len(got) != len(tt.want) {
				t.Fatalf("Outline(%s, %v) = %v, want %v", maskString(tt.m), tt.tolerance, got, tt.want)
			}
			for i := range got {
				if !sameCycle(got[i], tt.want[i]) {
					t.Errorf("Outline(%s, %v) = %v, want %v", maskString(tt.m), tt.tolerance, got, tt.want)
				}
			}
		})
	}
}

// TestOutlineRandom checks over thousands of seeded random masks: exact
// rings (tolerance 0) bound exactly the pixels (outer rings positive,
// holes negative, one outer ring per island, areas summing to the pixel
// count); simplified rings (tolerance 0.5 and 2) never cross, bound at
// least the pixels and hold every corner and centre of every pixel.
func TestOutlineRandom(t *testing.T) {
	eachRandomHull(13, 2000, func(name string, m *mask.Mask, _ collide.Polygon) {
		islands := len(m.Islands())
		for _, tol := range []float64{0, 0.5, 2} {
			rings := Outline(m, tol)
			outer, area := 0, 0.0
			for _, r := range rings {
				a := ringArea(r)
				if a > 0 {
					outer++
				}
				area += a
				for i := range r {
					if turn := r[(i+1)%len(r)].Sub(r[i]).Cross(r[(i+2)%len(r)].Sub(r[(i+1)%len(r)])); turn == 0 {
						t.Fatalf("%s: Outline(%s, %v) = %v: collinear vertex", name, maskString(m), tol, rings)
					}
				}
			}
			if outer != islands || ringArea(rings[0]) <= 0 {
				t.Fatalf("%s: Outline(%s, %v) = %v: %d outer rings, want %d, first positive", name, maskString(m), tol, rings, outer, islands)
			}
			n := float64(m.Count())
			if tol == 0 && area != n || area < n {
				t.Fatalf("%s: Outline(%s, %v) = %v bounds area %v, pixels %v", name, maskString(m), tol, rings, area, n)
			}
			if properCross(rings) {
				t.Fatalf("%s: Outline(%s, %v) = %v: edges cross", name, maskString(m), tol, rings)
			}
			pts := corners(m)
			for i := 0; i < len(pts); i += 4 {
				for _, q := range append(pts[i:i+4:i+4], pts[i].Add(collide.V(0.5, 0.5))) {
					if !filled(rings, q) {
						t.Fatalf("%s: Outline(%s, %v) = %v leaves %v outside", name, maskString(m), tol, rings, q)
					}
				}
			}
		}
	})
}
