package verify

import (
	"cmp"
	"slices"

	"github.com/shapegen/shapegen/collide"
)

// compoundDiffArea returns area(S ⊕ −S) for S the union of the convex
// hulls of c's pieces (pieces may overlap): S ⊕ −S is the union over all
// i, j of Pi ⊕ −Pj, each a convex polygon, and the union is centrally
// symmetric, so its area is twice that of its part with y >= 0
// (unionArea). No piece gives 0; one piece is its difference body.
func compoundDiffArea(c collide.Compound) float64 {
	switch len(c) {
	case 0:
		return 0
	case 1:
		return convexDiffArea(c[0])
	}
	hulls := make([][]collide.Vec, len(c))
	for i, p := range c {
		hulls[i] = convex(nil, p)
	}
	var sums [][]collide.Vec
	for _, a := range hulls {
		for _, b := range hulls {
			if s := minkowski(nil, a, b); len(s) >= 3 {
				sums = append(sums, s)
			}
		}
	}
	return 2 * unionArea(sums, 0)
}

// unionArea returns the area of the part with y >= y0 of the union of the
// convex polygons ps (positive winding, as minkowski returns them; closed,
// so overlaps and shared edges count once), exactly up to rounding.
//
// The method is a sweep in y. Between two consecutive vertex heights each
// polygon is a trapezoid whose left and right ends move linearly with y,
// and the length of the union of those intervals is linear in y wherever
// no two ends cross; there its integral is the length at mid-height times
// the height. A slab in which two ends cross (seen as two ends in
// mid-height order being out of order at a slab end) is split at the
// crossing and each part done alike. Crossings closer to a slab end than
// a billionth of its height are not split at; the area so left out is
// below that fraction of the slab's.
//
// The cost is O(s · m log m) for s slabs (distinct vertex heights plus
// crossings) and m polygons; it allocates O(total vertices).
func unionArea(ps [][]collide.Vec, y0 float64) float64 {
	var polys []sweepPoly
	var ys []float64
	for _, p := range ps {
		sp, ok := newSweepPoly(p)
		if !ok || sp.y1 <= y0 {
			continue
		}
		polys = append(polys, sp)
		ys = append(ys, y0)
		for _, v := range p {
			if v.Y > y0 {
				ys = append(ys, v.Y)
			}
		}
	}
	slices.Sort(ys)
	ys = slices.Compact(ys)
	var ends []end
	total := 0.0
	for s := 0; s+1 < len(ys); s++ {
		ya, yb := ys[s], ys[s+1]
		ends = ends[:0]
		for i := range polys {
			p := &polys[i]
			if p.y0 > ya || p.y1 < yb {
				continue
			}
			la, lb := p.a.at(ya, yb)
			ra, rb := p.b.at(ya, yb)
			if la+lb > ra+rb {
				la, lb, ra, rb = ra, rb, la, lb
			}
			ends = append(ends, end{la, lb, 1}, end{ra, rb, -1})
		}
		if len(ends) > 0 {
			total += slab(ends, ya, yb, ya, yb, 0)
		}
	}
	return total
}

// maxSplits bounds the nesting of slab splits at crossings: a backstop
// against rounding, far above what the crossings of a few hundred
// polygons need.
const maxSplits = 64

// end is one end of one polygon's interval in a slab [ya, yb]: x goes
// linearly from xa at ya to xb at yb; up is +1 for a left end, -1 for a
// right end.
type end struct {
	xa, xb float64
	up     int
}

// slab returns the area of the union of the intervals ends, given over
// [ya, yb], between heights lo and hi inside it.
func slab(ends []end, ya, yb, lo, hi float64, depth int) float64 {
	at := func(e end, y float64) float64 { return e.xa + (e.xb-e.xa)*((y-ya)/(yb-ya)) }
	mid := (lo + hi) / 2
	slices.SortFunc(ends, func(e, f end) int { return cmp.Compare(at(e, mid), at(f, mid)) })
	if depth < maxSplits {
		margin := (hi - lo) * 1e-9
		for i := 1; i < len(ends); i++ {
			e, f := ends[i-1], ends[i]
			if at(e, lo) <= at(f, lo) && at(e, hi) <= at(f, hi) {
				continue
			}
			// e − f is linear and changes sign between lo and hi.
			de, df := e.xb-e.xa, f.xb-f.xa
			if de == df {
				continue
			}
			y := ya + (f.xa-e.xa)/(de-df)*(yb-ya)
			if y-lo > margin && hi-y > margin {
				return slab(ends, ya, yb, lo, y, depth+1) + slab(ends, ya, yb, y, hi, depth+1)
			}
		}
	}
	length, open, from := 0.0, 0, 0.0
	for _, e := range ends {
		x := at(e, mid)
		if open == 0 {
			from = x
		}
		open += e.up
		if open == 0 {
			length += x - from
		}
	}
	return length * (hi - lo)
}

// sweepPoly is a convex polygon as two chains of vertices from its lowest
// to its highest, each walked upwards by a sweep.
type sweepPoly struct {
	a, b   chain
	y0, y1 float64 // lowest and highest y
}

// chain is a y-monotone chain of vertices (y not decreasing) with the
// index of the edge a sweep is at.
type chain struct {
	v []collide.Vec
	k int
}

// newSweepPoly returns p as chains, and false when p has no height.
func newSweepPoly(p []collide.Vec) (sweepPoly, bool) {
	if len(p) < 3 {
		return sweepPoly{}, false
	}
	lo, hi := 0, 0
	for i, v := range p {
		if v.Y < p[lo].Y {
			lo = i
		}
		if v.Y > p[hi].Y {
			hi = i
		}
	}
	if !(p[hi].Y > p[lo].Y) {
		return sweepPoly{}, false
	}
	n := len(p)
	var a, b []collide.Vec
	for i := lo; ; i = (i + 1) % n {
		a = append(a, p[i])
		if i == hi {
			break
		}
	}
	for i := lo; ; i = (i + n - 1) % n {
		b = append(b, p[i])
		if i == hi {
			break
		}
	}
	return sweepPoly{a: chain{v: a}, b: chain{v: b}, y0: p[lo].Y, y1: p[hi].Y}, true
}

// at moves c to its edge spanning the slab [ya, yb] (every vertex height
// being a slab boundary, one edge spans it) and returns the edge line's x
// at ya and at yb.
func (c *chain) at(ya, yb float64) (xa, xb float64) {
	for c.k+2 < len(c.v) && c.v[c.k+1].Y <= ya {
		c.k++
	}
	p, q := c.v[c.k], c.v[c.k+1]
	if q.Y == p.Y {
		return p.X, p.X
	}
	t := (q.X - p.X) / (q.Y - p.Y)
	return p.X + (ya-p.Y)*t, p.X + (yb-p.Y)*t
}
