package verify

import (
	"math"

	"github.com/shapegen/shapegen/collide"
)

// rows is the set of integer points of a convex polygon, row by row: for
// y0 <= y < y0+len(lo), the points (x, y) with lo[y-y0] <= x <= hi[y-y0].
type rows struct {
	y0     int
	lo, hi []int
}

// maxExact bounds the vertex coordinates for which Polygon.ContainsPoint is
// exact (26 bits: every cross product is an exact float64).
const maxExact = 1 << 26

// integerRows returns the integer points of the convex polygon p (positive
// winding, boundary included) as rows, and false unless p has at least
// three vertices, all integers of magnitude below maxExact. Then
// Polygon.ContainsPoint is exact, so for integer points rows.contains and
// p.ContainsPoint agree; testing a point costs two comparisons instead of
// one cross product per edge. The rows are found exactly in integer
// arithmetic in O(n + height): each row's ends are the least and greatest
// intersection of the row's line with an edge, rounded inward.
func integerRows(p collide.Polygon) (rows, bool) {
	if len(p) < 3 {
		return rows{}, false
	}
	y0, y1 := math.MaxInt, math.MinInt
	for _, v := range p {
		if v.X != math.Trunc(v.X) || v.Y != math.Trunc(v.Y) || math.Abs(v.X) >= maxExact || math.Abs(v.Y) >= maxExact {
			return rows{}, false
		}
		y0, y1 = min(y0, int(v.Y)), max(y1, int(v.Y))
	}
	r := rows{y0: y0, lo: make([]int, y1-y0+1), hi: make([]int, y1-y0+1)}
	for i := range r.lo {
		r.lo[i], r.hi[i] = math.MaxInt, math.MinInt
	}
	for i, v := range p {
		w := p[(i+1)%len(p)]
		ax, ay, bx, by := int(v.X), int(v.Y), int(w.X), int(w.Y)
		if ay > by {
			ax, ay, bx, by = bx, by, ax, ay
		}
		if ay == by {
			r.lo[ay-y0] = min(r.lo[ay-y0], ax, bx)
			r.hi[ay-y0] = max(r.hi[ay-y0], ax, bx)
			continue
		}
		// On the edge, x = (ax*d + (bx-ax)*(y-ay)) / d with d = by-ay > 0.
		d := by - ay
		for y := ay; y <= by; y++ {
			n := ax*d + (bx-ax)*(y-ay)
			q, rem := n/d, n%d
			lo, hi := q, q // ceil and floor of n/d
			if rem > 0 {
				lo++
			} else if rem < 0 {
				hi--
			}
			r.lo[y-y0] = min(r.lo[y-y0], lo)
			r.hi[y-y0] = max(r.hi[y-y0], hi)
		}
	}
	return r, true
}

// contains reports whether the integer point (x, y) is in r.
func (r rows) contains(x, y int) bool {
	i := y - r.y0
	return uint(i) < uint(len(r.lo)) && r.lo[i] <= x && x <= r.hi[i]
}

// exactContains returns p's ContainsPoint computed by p's rows
// (integerRows) at integer points, and by ContainsPoint elsewhere: the
// same answers, at the cost of two comparisons for a hull. It returns
// false when p has no rows.
func exactContains(p collide.Polygon) (func(q collide.Vec) bool, bool) {
	r, ok := integerRows(p)
	if !ok {
		return nil, false
	}
	return func(q collide.Vec) bool {
		x, y := int(q.X), int(q.Y)
		if float64(x) != q.X || float64(y) != q.Y || max(x, -x, y, -y) >= maxExact {
			return p.ContainsPoint(q)
		}
		return r.contains(x, y)
	}, true
}
