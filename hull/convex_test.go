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

// TestTryRow checks tryRow, area2After and apply, which atoms uses to
// test a row without changing the chains, against two pushes a row on
// random rows (wide, narrow, shifted, with gaps): the chains must be
// unchanged by tryRow, then the area and the chains after apply the
// pushes' exactly.
func TestTryRow(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	for trial := range 3000 {
		var c, want chains
		w := 1 + rng.IntN(40)
		y := rng.IntN(5)
		for row := range 1 + rng.IntN(30) {
			l := rng.IntN(w)
			r := l + rng.IntN(w-l)
			before := chains{slices.Clone(c.right), slices.Clone(c.left), c.rsum, c.lsum}
			try := c.tryRow(y, l, r)
			if !slices.Equal(c.right, before.right) || !slices.Equal(c.left, before.left) || c.rsum != before.rsum || c.lsum != before.lsum {
				t.Fatalf("trial %d row %d: tryRow(%d, %d, %d) changed the chains", trial, row, y, l, r)
			}
			x0, x1 := int64(l), int64(r)+1
			want.push(ipt{x0, int64(y)}, ipt{x1, int64(y)})
			want.push(ipt{x0, int64(y) + 1}, ipt{x1, int64(y) + 1})
			if got := c.area2After(try); got != want.area2() {
				t.Fatalf("trial %d row %d: area2After(tryRow(%d, %d, %d)) = %d, want %d", trial, row, y, l, r, got, want.area2())
			}
			c.apply(try)
			if !slices.Equal(c.right, want.right) || !slices.Equal(c.left, want.left) || c.rsum != want.rsum || c.lsum != want.lsum {
				t.Fatalf("trial %d row %d: after row (%d, %d, %d) chains %v %v (%d %d), want %v %v (%d %d)",
					trial, row, y, l, r, c.right, c.left, c.rsum, c.lsum, want.right, want.left, want.rsum, want.lsum)
			}
			y += 1 + rng.IntN(2)*rng.IntN(4)
		}
	}
}

// TestExtend checks extend against two pushes onto a copy of the chain,
// for random chains and points not restricted to pixel rows (rows cannot
// reach every branch of it).
func TestExtend(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	pt := func() ipt { return ipt{int64(rng.IntN(9)), int64(rng.IntN(9))} }
	for trial := range 20000 {
		var c chains
		for range rng.IntN(8) {
			c.push(pt(), pt())
		}
		pl, pr, ql, qr := pt(), pt(), pt(), pt()
		want := chains{slices.Clone(c.right), slices.Clone(c.left), c.rsum, c.lsum}
		want.push(pl, pr)
		want.push(ql, qr)
		for _, s := range []struct {
			name    string
			ch, w   []ipt
			sum, ws int64
			p, q    ipt
			sign    int64
		}{{"right", c.right, want.right, c.rsum, want.rsum, pr, qr, 1}, {"left", c.left, want.left, c.lsum, want.lsum, pl, ql, -1}} {
			e := extend(s.ch, s.sum, s.p, s.q, s.sign)
			got := append(slices.Clone(s.ch[:e.n]), s.p, s.q)
			if !e.top {
				got = append(got[:e.n], s.q)
			}
			if !slices.Equal(got, s.w) || e.sum != s.ws {
				t.Fatalf("trial %d: extend(%v, %d, %v, %v, %d) gives %v (sum %d), want %v (%d)", trial, s.ch, s.sum, s.p, s.q, s.sign, got, e.sum, s.w, s.ws)
			}
		}
	}
}
