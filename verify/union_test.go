package verify

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/shapegen/shapegen/collide"
)

// giftWrap is the tests' own convex hull (Jarvis's march, unlike the
// monotone chain of convex): the extreme points of pts, no three
// collinear, with a positive shoelace sum; fewer than three distinct
// points come back as they are, deduplicated. Points within 1e-9 of one
// already taken are dropped: with floats, p − q + q need not be p, and a
// near-twin would send the march astray.
func giftWrap(pts []collide.Vec) []collide.Vec {
	var uniq []collide.Vec
	for _, p := range pts {
		if !slices.ContainsFunc(uniq, func(q collide.Vec) bool { return p.Dist(q) <= 1e-9 }) {
			uniq = append(uniq, p)
		}
	}
	if len(uniq) < 3 {
		return uniq
	}
	start := uniq[0]
	for _, p := range uniq {
		if p.X < start.X || p.X == start.X && p.Y < start.Y {
			start = p
		}
	}
	var hull []collide.Vec
	for p := start; ; {
		hull = append(hull, p)
		// q: the point with every other point to its left of p→q, the
		// farthest when collinear (to within rounding).
		q := uniq[0]
		if q == p {
			q = uniq[1]
		}
		for _, r := range uniq {
			u, v := q.Sub(p), r.Sub(p)
			c, tol := u.Cross(v), 1e-12*u.Len()*v.Len()
			if c < -tol || c <= tol && v.Len2() > u.Len2() {
				q = r
			}
		}
		p = q
		if p == start || len(hull) > len(uniq) {
			break
		}
	}
	if shoelace(hull) == 0 {
		return hull[:min(len(hull), 2)]
	}
	return hull
}

// refDiff returns a ⊕ −b as the hull of all differences of vertices.
func refDiff(a, b []collide.Vec) []collide.Vec {
	var d []collide.Vec
	for _, p := range a {
		for _, q := range b {
			d = append(d, p.Sub(q))
		}
	}
	return giftWrap(d)
}

// refUnionArea is unionArea's reference: a sweep in x rather than y,
// over every vertex x and every x where two edges cross, so that between
// two such x the order of all edges is fixed and the union's height is
// linear in x, measured at the middle. Cost O(E²) for E edges.
func refUnionArea(ps [][]collide.Vec) float64 {
	type seg struct{ p, q collide.Vec }
	var segs []seg
	var xs []float64
	for _, p := range ps {
		for i, v := range p {
			segs = append(segs, seg{v, p[(i+1)%len(p)]})
			xs = append(xs, v.X)
		}
	}
	for i, s := range segs {
		for _, t := range segs[i+1:] {
			d := s.q.Sub(s.p).Cross(t.q.Sub(t.p))
			if d == 0 {
				continue
			}
			u := t.p.Sub(s.p).Cross(t.q.Sub(t.p)) / d
			v := t.p.Sub(s.p).Cross(s.q.Sub(s.p)) / d
			if u >= 0 && u <= 1 && v >= 0 && v <= 1 {
				xs = append(xs, s.p.X+u*(s.q.X-s.p.X))
			}
		}
	}
	slices.Sort(xs)
	area := 0.0
	for i := 1; i < len(xs); i++ {
		if xs[i] <= xs[i-1] {
			continue
		}
		x := (xs[i-1] + xs[i]) / 2
		type iv struct{ lo, hi float64 }
		var ivs []iv
		for _, p := range ps {
			lo, hi := math.Inf(1), math.Inf(-1)
			for j, a := range p {
				b := p[(j+1)%len(p)]
				if (a.X <= x) == (b.X <= x) {
					continue
				}
				y := a.Y + (x-a.X)*(b.Y-a.Y)/(b.X-a.X)
				lo, hi = math.Min(lo, y), math.Max(hi, y)
			}
			if lo < hi {
				ivs = append(ivs, iv{lo, hi})
			}
		}
		slices.SortFunc(ivs, func(a, b iv) int { return cmp.Compare(a.lo, b.lo) })
		length, reach := 0.0, math.Inf(-1)
		for _, v := range ivs {
			if v.hi > reach {
				length += v.hi - math.Max(v.lo, reach)
				reach = v.hi
			}
		}
		area += length * (xs[i] - xs[i-1])
	}
	return area
}

// fpRandomConvex returns the hull of a few random points: integers on a
// small grid (so that edges are often shared or parallel) or floats.
func fpRandomConvex(r *rand.Rand, integer bool) []collide.Vec {
	for {
		var pts []collide.Vec
		ox, oy := r.Float64()*20-10, r.Float64()*20-10
		for range 3 + r.IntN(7) {
			if integer {
				pts = append(pts, collide.V(float64(r.IntN(9)-4), float64(r.IntN(9)-4)))
			} else {
				pts = append(pts, collide.V(ox+r.Float64()*8, oy+r.Float64()*8))
			}
		}
		if h := giftWrap(pts); len(h) >= 3 {
			return h
		}
	}
}

// fpNear reports whether got is within rel of want, relative to want's
// size (at least 1).
func fpNear(got, want, rel float64) bool {
	return math.Abs(got-want) <= rel*math.Max(1, math.Abs(want))
}

// TestUnionArea compares unionArea with the x-sweep reference on random
// sets of overlapping convex polygons (some equal, some inside others),
// whole (y0 below everything) and
// cut at a height y0 (the reference given the polygons clipped there).
func TestUnionArea(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 3))
	for i := range 2000 {
		integer := i%2 == 0
		var ps [][]collide.Vec
		for range 1 + r.IntN(6) {
			ps = append(ps, fpRandomConvex(r, integer))
		}
		// Copies and shrunken copies: polygons inside others, equal ones.
		for range r.IntN(3) {
			p := ps[r.IntN(len(ps))]
			k := 1.0
			if r.IntN(2) == 0 {
				k = 0.5
			}
			var q []collide.Vec
			for _, v := range p {
				q = append(q, p[0].Add(v.Sub(p[0]).Scale(k)))
			}
			ps = append(ps, q)
		}
		if got, want := unionArea(ps, -100), refUnionArea(ps); !fpNear(got, want, 1e-9) {
			t.Fatalf("case %d: unionArea(%v) = %v, want %v", i, ps, got, want)
		}
		y0 := float64(r.IntN(9) - 4)
		if !integer {
			y0 = r.Float64()*20 - 10
		}
		var clipped [][]collide.Vec
		for _, p := range ps {
			if c := clipBelow(p, y0); len(c) >= 3 {
				clipped = append(clipped, c)
			}
		}
		if got, want := unionArea(ps, y0), refUnionArea(clipped); !fpNear(got, want, 1e-9) {
			t.Fatalf("case %d: unionArea(%v, %v) = %v, want %v", i, ps, y0, got, want)
		}
	}
}

// clipBelow returns the part of the convex polygon p with y >= y0
// (Sutherland–Hodgman against one line).
func clipBelow(p []collide.Vec, y0 float64) []collide.Vec {
	var out []collide.Vec
	for i, a := range p {
		b := p[(i+1)%len(p)]
		if a.Y >= y0 {
			out = append(out, a)
		}
		if (a.Y < y0) != (b.Y < y0) {
			out = append(out, collide.V(a.X+(y0-a.Y)*(b.X-a.X)/(b.Y-a.Y), y0))
		}
	}
	return out
}

// TestCompoundDiffArea compares DiffArea of random compounds (pieces that
// overlap, touch or lie apart, with integer or float vertices) with the
// reference: the x-sweep union of the hulls of all vertex differences.
func TestCompoundDiffArea(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 4))
	for i := range 1000 {
		var c collide.Compound
		for range 1 + r.IntN(4) {
			c = append(c, fpRandomConvex(r, i%2 == 0))
		}
		var sums [][]collide.Vec
		for _, a := range c {
			for _, b := range c {
				sums = append(sums, refDiff(a, b))
			}
		}
		if got, want := DiffArea(c), refUnionArea(sums); !fpNear(got, want, 1e-9) {
			t.Fatalf("case %d: DiffArea(%v) = %v, want %v", i, c, got, want)
		}
	}
}

// TestCompoundCut checks that a convex polygon cut into two pieces along
// a chord (pieces sharing an edge) has the difference body of the whole.
func TestCompoundCut(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 5))
	for i := range 1000 {
		p := fpRandomConvex(r, false)
		if len(p) < 4 {
			continue
		}
		k := 2 + r.IntN(len(p)-3)
		a := append([]collide.Vec(nil), p[:k+1]...)
		b := append(append([]collide.Vec(nil), p[k:]...), p[0])
		c := collide.Compound{a, b}
		if got, want := DiffArea(c), DiffArea(collide.Polygon(p)); !fpNear(got, want, 1e-9) {
			t.Fatalf("case %d: DiffArea(%v) = %v, want DiffArea(%v) = %v", i, c, got, p, want)
		}
	}
}

// TestCompoundDiffAreaAllocs checks that the difference area of pieces
// reuses its memory between calls: a sprite's figure allocates nothing
// once as many pieces were done.
func TestCompoundDiffAreaAllocs(t *testing.T) {
	if raceDetector {
		t.Skip("allocation counts mean nothing under the race detector (see race_on_test.go)")
	}
	var c collide.Shape = collide.Compound{
		collide.R(0, 0, 4, 2).Polygon(),
		collide.Polygon{collide.V(1, 2), collide.V(3, 2), collide.V(2, 5)},
		collide.R(3, 1, 6, 3).Polygon(),
	}
	if n := testing.AllocsPerRun(100, func() { DiffArea(c) }); n != 0 {
		t.Errorf("DiffArea(%v) makes %v allocations, want 0", c, n)
	}
}

// TestUnionAreaSameBits checks that the sweep gives the very float64 of
// the sweep as it was before its speed-ups (refRun, kept below): on
// random sets of polygons, some inside others, whole and cut at a height.
func TestUnionAreaSameBits(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 11))
	for i := range 3000 {
		integer := i%2 == 0
		var ps [][]collide.Vec
		for range 1 + r.IntN(12) {
			ps = append(ps, fpRandomConvex(r, integer))
		}
		y0 := -100.0
		if i%3 == 0 {
			y0 = r.Float64()*20 - 10
		}
		var sw, ref sweep
		got := sw.area(ps, y0)
		ref.buf, ref.polys = ref.buf[:0], ref.polys[:0]
		for _, p := range ps {
			ref.addPoly(p, y0)
		}
		ref.prune()
		if want := ref.refRun(y0); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("case %d: area(%v, %v) = %x, want %x", i, ps, y0, got, want)
		}
	}
}

// refRun is sweep.run as it was, with its slabs (refSlab; slab itself
// did not change): the reference for TestUnionAreaSameBits.
func (sw *sweep) refRun(y0 float64) float64 {
	sw.ends = grow(sw.ends, 2*len(sw.polys))
	sw.tmp = slices.Grow(sw.tmp[:0], len(sw.ends))
	sw.act, sw.ord = slices.Grow(sw.act[:0], len(sw.polys)), slices.Grow(sw.ord[:0], len(sw.ends))
	total, ya, next := 0.0, y0, 0
	for {
		for ; next < len(sw.polys) && sw.polys[next].y0 <= ya; next++ {
			sw.act = append(sw.act, next)
			sw.ord = append(sw.ord, int32(2*next), int32(2*next+1))
		}
		yb := math.Inf(1)
		if next < len(sw.polys) {
			yb = sw.polys[next].y0
		}
		done := false
		for _, i := range sw.act {
			p := &sw.polys[i]
			if p.y1 <= ya {
				done = true
				continue
			}
			yb = min(yb, p.a.step(ya), p.b.step(ya))
		}
		if done {
			sw.act = slices.DeleteFunc(sw.act, func(i int) bool { return sw.polys[i].y1 <= ya })
			sw.ord = slices.DeleteFunc(sw.ord, func(e int32) bool { return sw.polys[e/2].y1 <= ya })
		}
		if math.IsInf(yb, 1) || !(yb > ya) {
			return total
		}
		if len(sw.act) > 0 {
			total += sw.refSlab(ya, yb)
		}
		ya = yb
	}
}

func (sw *sweep) refSlab(ya, yb float64) float64 {
	for _, i := range sw.act {
		p := &sw.polys[i]
		la, lb := refAt(p.a, ya, yb)
		ra, rb := refAt(p.b, ya, yb)
		if la+lb > ra+rb {
			la, lb, ra, rb = ra, rb, la, lb
		}
		sw.ends[2*i] = end{la, lb, (la + lb) / 2, 1}
		sw.ends[2*i+1] = end{ra, rb, (ra + rb) / 2, -1}
	}
	ord, ends := sw.ord, sw.ends
	for i := 1; i < len(ord); i++ {
		o := ord[i]
		x := ends[o].xm
		j := i
		for ; j > 0 && ends[ord[j-1]].xm > x; j-- {
			ord[j] = ord[j-1]
		}
		ord[j] = o
	}
	for i := 1; i < len(ord); i++ {
		if e, f := &ends[ord[i-1]], &ends[ord[i]]; e.xa > f.xa || e.xb > f.xb {
			sw.tmp = sw.tmp[:0]
			for _, o := range ord {
				sw.tmp = append(sw.tmp, ends[o])
			}
			return slab(sw.tmp, ya, yb, ya, yb, 0) // slab did not change
		}
	}
	length, open, from := 0.0, 0, 0.0
	for _, o := range ord {
		e := &ends[o]
		if open == 0 {
			from = e.xm
		}
		open += e.up
		if open == 0 {
			length += e.xm - from
		}
	}
	return length * (yb - ya)
}

func refAt(c chain, ya, yb float64) (xa, xb float64) {
	p, q := c.v[c.k], c.v[c.k+1]
	if q.Y == p.Y {
		return p.X, p.X
	}
	t := (q.X - p.X) / (q.Y - p.Y)
	return p.X + (ya-p.Y)*t, p.X + (yb-p.Y)*t
}

// TestInside checks inside's boundary rule: a polygon touching q's edges
// from within is inside, one out by the least step is not, whichever of
// its vertices sticks out.
func TestInside(t *testing.T) {
	q := []collide.Vec{collide.V(0, 0), collide.V(4, 0), collide.V(4, 4), collide.V(0, 4)}
	out := math.Nextafter(4, 5)
	tests := []struct {
		name string
		p    []collide.Vec
		want bool
	}{
		{"itself", q, true},
		{"strictly within", []collide.Vec{collide.V(1, 1), collide.V(3, 1), collide.V(2, 3)}, true},
		{"on two edges", []collide.Vec{collide.V(0, 0), collide.V(4, 0), collide.V(2, 3)}, true},
		{"first vertex out", []collide.Vec{collide.V(out, 1), collide.V(3, 3), collide.V(1, 2)}, false},
		{"last vertex out", []collide.Vec{collide.V(1, 1), collide.V(3, 1), collide.V(2, out)}, false},
		{"below", []collide.Vec{collide.V(1, 1), collide.V(3, -1e-300), collide.V(2, 3)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := inside(tt.p, q); got != tt.want {
				t.Errorf("inside(%v, %v) = %v, want %v", tt.p, q, got, tt.want)
			}
		})
	}
}
