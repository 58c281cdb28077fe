package verify

import (
	"github.com/shapegen/shapegen/collide"
)

// convex returns the vertices of the convex hull of p with a positive
// shoelace sum, no repeated vertex and no three collinear, appended to
// dst[:0]. A polygon that already follows collide's Polygon conventions is
// copied as it is (O(n)); anything else (the other winding, repeats,
// collinear runs, a non-convex list) gets its hull from collide.ConvexHull
// (O(n log n)). All points equal give one vertex and all points on a
// line give its two ends; no points give none.
func convex(dst, p []collide.Vec) []collide.Vec {
	if strictlyConvex(p) {
		return append(dst[:0], p...)
	}
	return collide.ConvexHull(dst, p)
}

// strictlyConvex reports whether p has at least three vertices and every
// turn p[i-1], p[i], p[i+1] is strictly positive with the edges' directions
// making one full turn: a convex polygon with collide's winding, no repeated
// vertex and no three collinear.
func strictlyConvex(p []collide.Vec) bool {
	n := len(p)
	if n < 3 {
		return false
	}
	// Every turn is to the left (less than half a turn each), and the
	// edge direction passes the +x direction exactly once: the turns add
	// up to one full turn, not several (a star polygon).
	crossings := 0
	for i := range n {
		a, b, c := p[i], p[(i+1)%n], p[(i+2)%n]
		e, f := b.Sub(a), c.Sub(b)
		if !(e.Cross(f) > 0) {
			return false
		}
		if e.Y < 0 && f.Y >= 0 {
			crossings++
		}
	}
	return crossings == 1
}

// lowest returns the index of p's vertex of least y, then least x: where a
// convex polygon's edges start in angle order.
func lowest(p []collide.Vec) int {
	k := 0
	for i, v := range p {
		if v.Y < p[k].Y || v.Y == p[k].Y && v.X < p[k].X {
			k = i
		}
	}
	return k
}

// highest returns the index of p's vertex of greatest y, then greatest x:
// where −p's edges start in angle order.
func highest(p []collide.Vec) int {
	k := 0
	for i, v := range p {
		if v.Y > p[k].Y || v.Y == p[k].Y && v.X > p[k].X {
			k = i
		}
	}
	return k
}

// minkowski appends to dst[:0] the vertices of a ⊕ (−b), the Minkowski
// difference of the convex polygons a and b (each as convex returns them:
// positive winding, or one or two vertices), and returns it. It merges the
// edges of a and of −b in angle order from both lowest vertices, so it
// costs O(len(a) + len(b)); the result has positive winding and may keep
// collinear vertices where edges of a and −b are parallel, which its area
// does not mind. Either polygon empty gives an empty result. For integer
// vertices every step is exact.
func minkowski(dst, a, b []collide.Vec) []collide.Vec {
	if len(a) == 0 || len(b) == 0 {
		return dst[:0]
	}
	// −b has the same winding as b; its lowest vertex is b's highest,
	// least y of −b being greatest y of b (then greatest x).
	return minkowskiFrom(dst, a, b, lowest(a), highest(b))
}

// minkowskiFrom is minkowski of non-empty a and b with the walk's starts
// given, i0 = lowest(a) and j0 = highest(b): a compound's pieces are each
// paired with every piece, and find them once.
func minkowskiFrom(dst, a, b []collide.Vec, i0, j0 int) []collide.Vec {
	dst = dst[:0]
	n, m := len(a), len(b)
	// The i-th vertex of a from i0 is a[ia], the j-th of −b from j0 is
	// −b[jb]; an edge of −b is minus the edge of b.
	i, j, ia, jb := 0, 0, i0, j0
	for i < n && j < m {
		ia1, jb1 := ia+1, jb+1
		if ia1 == n {
			ia1 = 0
		}
		if jb1 == m {
			jb1 = 0
		}
		dst = append(dst, a[ia].Sub(b[jb]))
		// The edge turning least goes next, both when parallel. Each step
		// takes at least one edge, so neither rounding nor NaN in c can
		// stall the walk.
		c := b[jb1].Sub(b[jb]).Cross(a[ia1].Sub(a[ia])) // edge of a × edge of −b
		nextB := c <= 0
		if c >= 0 || !nextB {
			i, ia = i+1, ia1
		}
		if nextB {
			j, jb = j+1, jb1
		}
	}
	// Once one polygon's edges are spent, the other's.
	for ; i < n; i++ {
		dst = append(dst, a[ia].Sub(b[jb]))
		if ia++; ia == n {
			ia = 0
		}
	}
	for ; j < m; j++ {
		dst = append(dst, a[ia].Sub(b[jb]))
		if jb++; jb == m {
			jb = 0
		}
	}
	return dst
}

// shoelace returns the signed area of the polygon p (half its shoelace
// sum); 0 for fewer than three vertices.
func shoelace(p []collide.Vec) float64 {
	if len(p) < 3 {
		return 0
	}
	s := 0.0
	prev := p[len(p)-1]
	for _, v := range p {
		s += prev.Cross(v)
		prev = v
	}
	return s / 2
}

// convexDiffArea returns area(K ⊕ −K) for K the convex hull of p's
// vertices: its difference body's area, from the Minkowski difference of
// K with itself. Fewer than three vertices, or all collinear, give 0.
func convexDiffArea(p collide.Polygon) float64 {
	var buf [2][64]collide.Vec // room for most hulls without allocating
	k := []collide.Vec(p)
	if !strictlyConvex(p) {
		k = convex(buf[0][:0], p)
	}
	if len(k) < 3 {
		return 0
	}
	return shoelace(minkowski(buf[1][:0], k, k))
}
