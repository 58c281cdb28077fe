package hull

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/collide"
	"github.com/shapegen/shapegen/mask"
)

// naiveConvex is the reference hull: Andrew's monotone chain over all four
// corners of every opaque pixel, sorted by x then y.
func naiveConvex(m *mask.Mask) collide.Polygon {
	pts := corners(m)
	if len(pts) == 0 {
		return nil
	}
	slices.SortFunc(pts, func(a, b collide.Vec) int {
		return cmp.Or(cmp.Compare(a.X, b.X), cmp.Compare(a.Y, b.Y))
	})
	pts = slices.Compact(pts)
	var h collide.Polygon
	for pass := range 2 {
		start := len(h)
		for _, q := range pts {
			for len(h) >= start+2 && h[len(h)-1].Sub(h[len(h)-2]).Cross(q.Sub(h[len(h)-1])) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, q)
		}
		h = h[:len(h)-1]
		if pass == 0 {
			slices.Reverse(pts)
		}
	}
	return h
}

// sameCycle reports whether p and q list the same vertices in the same
// cyclic order.
func sameCycle(p, q collide.Polygon) bool {
	if len(p) != len(q) {
		return false
	}
	if len(p) == 0 {
		return true
	}
	i := slices.Index(q, p[0])
	if i < 0 {
		return false
	}
	for j := range p {
		if p[j] != q[(i+j)%len(q)] {
			return false
		}
	}
	return true
}

// rotate90 returns m turned a quarter turn: pixel (x, y) goes to (h-1-y, x).
func rotate90(m *mask.Mask) *mask.Mask {
	r := mask.New(m.Height(), m.Width())
	for y := range m.Height() {
		for x := range m.Width() {
			r.Set(m.Height()-1-y, x, m.Get(x, y))
		}
	}
	return r
}

func TestConvex(t *testing.T) {
	V := collide.V
	tests := []struct {
		name string
		m    *mask.Mask
		want collide.Polygon
	}{
		{"empty", pic("...", "..."), nil},
		{"zero size", mask.New(0, 0), nil},
		{"one pixel", pic("...", ".#.", "..."), collide.Polygon{V(2, 1), V(2, 2), V(1, 2), V(1, 1)}},
		{"one row", pic(".....", ".###.", "....."), collide.Polygon{V(4, 1), V(4, 2), V(1, 2), V(1, 1)}},
		{"one row with gaps", pic("#..#.#"), collide.Polygon{V(6, 0), V(6, 1), V(0, 1), V(0, 0)}},
		{"one column", pic("..", ".#", ".#", ".#"), collide.Polygon{V(2, 1), V(2, 4), V(1, 4), V(1, 1)}},
		{"diagonal staircase", pic(
			"#..",
			".#.",
			"..#",
		), collide.Polygon{V(1, 0), V(3, 2), V(3, 3), V(2, 3), V(0, 1), V(0, 0)}},
		{"anti-diagonal", pic(
			"..#",
			".#.",
			"#..",
		), collide.Polygon{V(3, 0), V(3, 1), V(1, 3), V(0, 3), V(0, 2), V(2, 0)}},
		{"two far pixels", pic(
			"#....",
			".....",
			"....#",
		), collide.Polygon{V(1, 0), V(5, 2), V(5, 3), V(4, 3), V(0, 1), V(0, 0)}},
		{"plus", pic(
			".#.",
			"###",
			".#.",
		), collide.Polygon{V(2, 0), V(3, 1), V(3, 2), V(2, 3), V(1, 3), V(0, 2), V(0, 1), V(1, 0)}},
		{"gap rows", pic(
			"##",
			"..",
			"..",
			"##",
		), collide.Polygon{V(2, 0), V(2, 4), V(0, 4), V(0, 0)}},
		{"triangle", pic(
			"#...",
			"##..",
			"###.",
			"####",
		), collide.Polygon{V(1, 0), V(4, 3), V(4, 4), V(0, 4), V(0, 0)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Convex(tt.m)
			if !sameCycle(got, tt.want) {
				t.Fatalf("Convex(%s) = %v, want %v", maskString(tt.m), got, tt.want)
			}
			// A quarter turn of the mask turns the hull; its area stays.
			r := Convex(rotate90(tt.m))
			if r.Area() != got.Area() || len(r) != len(got) {
				t.Errorf("Convex(rotated %s) = %v (area %v), want %d vertices, area %v", tt.name, r, r.Area(), len(got), got.Area())
			}
		})
	}
}

// TestConvexRandom compares Convex with the naive hull of all pixel
// corners over thousands of seeded random masks.
func TestConvexRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 5000 {
		m, kind := randomMask(rng)
		got, want := Convex(m), naiveConvex(m)
		if !sameCycle(got, want) {
			t.Fatalf("case %d (%s): Convex(%s) = %v, want %v", i, kind, maskString(m), got, want)
		}
		if got == nil {
			continue
		}
		if e := polyProblem(got); e != "" {
			t.Fatalf("case %d (%s): Convex(%s) = %v: %s", i, kind, maskString(m), got, e)
		}
		if v, bad := firstOutside(got, corners(m)); bad {
			t.Fatalf("case %d (%s): Convex(%s) = %v leaves pixel corner %v outside", i, kind, maskString(m), got, v)
		}
	}
}
