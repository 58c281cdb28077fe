package pipeline

import (
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
