package pipeline

import (
	"math"

	"github.com/shapegen/shapegen/collide"
)

// diffBody returns the difference body P ⊕ (−P) of the convex polygon p
// (positive winding, no collinear vertices): the set of offsets d for which
// p and p moved by d overlap, touching included. It is convex and
// centrally symmetric, built in O(n) as the Minkowski sum of p and −p by
// merging their edges in angle order; with it collide's
// Polygon.ContainsPoint tests an offset in O(n) instead of a SAT test
// between two n-gons in O(n²). For integer vertices (hulls) every step is
// exact. Fewer than three vertices give the pairwise differences' polygon
// as is.
func diffBody(p collide.Polygon) collide.Polygon {
	n := len(p)
	if n < 3 {
		var out collide.Polygon
		for _, a := range p {
			for _, b := range p {
				out = append(out, a.Sub(b))
			}
		}
		return out
	}
	q := make(collide.Polygon, n)
	for i, v := range p {
		q[i] = v.Neg()
	}
	a, b := rotateLowest(p), rotateLowest(q)
	a = append(a, a[0], a[1])
	b = append(b, b[0], b[1])
	out := make(collide.Polygon, 0, 2*n)
	for i, j := 0, 0; i < n || j < n; {
		out = append(out, a[i].Add(b[j]))
		c := a[i+1].Sub(a[i]).Cross(b[j+1].Sub(b[j]))
		if c >= 0 && i < n {
			i++
		}
		if c <= 0 && j < n {
			j++
		}
	}
	return out
}

// rotateLowest returns a copy of p starting at its vertex of least y (then
// least x).
func rotateLowest(p collide.Polygon) collide.Polygon {
	k := 0
	for i, v := range p {
		if v.Y < p[k].Y || v.Y == p[k].Y && v.X < p[k].X {
			k = i
		}
	}
	out := make(collide.Polygon, 0, len(p)+2)
	return append(append(out, p[k:]...), p[:k]...)
}

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
// p.ContainsPoint agree; testing an offset costs two comparisons instead
// of one cross product per edge. The rows are found exactly in integer
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
// same answers, at the cost of two comparisons for a hull or a hull's
// difference body. It returns false when p has no rows.
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
