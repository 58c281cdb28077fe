package collide

import "math"

// This file holds the separating-axis core shared by every pair of
// polygon-like shapes (Polygon, Box, Rect and points as one-vertex lists).
//
// For convex A and B, A - B (the Minkowski difference) is convex, and its
// edges have the outward normals of A's edges and the negated outward
// normals of B's edges. A and B overlap when the origin lies in A - B, that
// is when no edge line of A has all of B strictly outside it and no edge
// line of B has all of A strictly outside it; the distance from the origin
// to the nearest edge line of A - B is the penetration depth. So one-sided
// tests over the edges of both shapes decide overlap and give the minimum
// translation, with no allocation and without projecting a shape on its own
// edges.
//
// A "flat" shape (a segment or a point: a polygon with fewer than three
// vertices, a zero-width rect or box) has no edges across its length, so
// when both shapes are flat the edge normals no longer cover A - B (two
// collinear segments); that case projects on the segments' directions too.

// outward returns the unnormalized outward normal of the edge p->q of a
// polygon with positive winding.
func outward(p, q Vec) Vec { return Vec{q.Y - p.Y, p.X - q.X} }

// The edge tests below need, for each edge of a, the vertex of b deepest
// behind the edge line (the minimum of n·(v-p) over b's vertices v). When
// both shapes are proper convex polygons with the same winding, that vertex
// only moves forward around b as the edges of a turn (rotating calipers):
// the first edge scans b, and each later one walks on from the previous
// vertex while the value decreases, so a pair costs O(len(a)+len(b)) dot
// products instead of O(len(a)*len(b)). Flat shapes, whose repeated corners
// would stop the walk early, use the scan.

// scanDeepest returns the minimum of n·(v-p) over b and its index.
func scanDeepest(b []Vec, nx, ny float64, p Vec) (float64, int) {
	m, at := math.Inf(1), 0
	for i, v := range b {
		if d := nx*(v.X-p.X) + ny*(v.Y-p.Y); d < m {
			m, at = d, i
		}
	}
	return m, at
}

// separates reports whether an edge line of a has all of b strictly on its
// outer side. Points on the line count as inside, so touching shapes are
// never separated. Any vertex of b on the inner side is a witness that an
// edge does not separate, so with walk set each edge starts from the last
// witness and walks forward only while the value falls and stays positive;
// an edge is declared separating only after a full scan of b agrees.
func separates(a, b []Vec, walk bool) bool {
	p := a[len(a)-1]
	j := 0
	for _, q := range a {
		nx, ny := q.Y-p.Y, p.X-q.X
		d := nx*(b[j].X-p.X) + ny*(b[j].Y-p.Y)
		for k, steps := j+1, 1; walk && d > 0 && steps < len(b); k, steps = k+1, steps+1 {
			if k == len(b) {
				k = 0
			}
			e := nx*(b[k].X-p.X) + ny*(b[k].Y-p.Y)
			if e >= d {
				break
			}
			j, d = k, e
		}
		if d > 0 {
			if d, j = scanDeepest(b, nx, ny, p); d > 0 && !tinyEdge(p, nx*nx+ny*ny) {
				return true
			}
		}
		p = q
	}
	return false
}

// tinyEdge reports whether the edge pq is too short, next to the size of
// its coordinates, for its direction to survive rounding (a box a rounding
// error thick). Such an edge's normal is not trusted to separate: skipping
// a face can only make a test report overlap, never miss one. Integer
// polygons of moderate size never have tiny edges.
// The edge starts at p and has squared length l2.
func tinyEdge(p Vec, l2 float64) bool {
	m := math.Abs(p.X) + math.Abs(p.Y)
	return l2 <= m*m*1e-24
}

// faceDepth returns, over the non-degenerate edges of a, the largest signed
// distance of b's deepest vertex beyond the edge line (negative when b
// crosses the line) and that edge's unit outward normal; sep reports that
// some edge separates, with the same arithmetic as separates. best is -Inf
// when a has no edge of non-zero length.
//
// The best edge maximizes d/|n| with d <= 0, that is minimizes d²/|n|²:
// compared by cross-multiplying, so only the winner needs a square root.
func faceDepth(a, b []Vec, walk bool) (best float64, n Vec, sep bool) {
	if !walk {
		return faceDepthScan(a, b)
	}
	var bd, bl2, bx, by float64
	p := a[len(a)-1]
	j, i := 0, 0
	// The first edge with a trusted normal scans b; the others walk on.
	for ; i < len(a); i++ {
		q := a[i]
		nx, ny := q.Y-p.Y, p.X-q.X
		if l2 := nx*nx + ny*ny; !tinyEdge(p, l2) {
			bd, j = scanDeepest(b, nx, ny, p)
			if bd > 0 {
				return 0, Vec{}, true
			}
			bl2, bx, by = l2, nx, ny
			p = q
			break
		}
		p = q
	}
	if bl2 == 0 {
		return math.Inf(-1), Vec{}, false
	}
	for i++; i < len(a); i++ {
		q := a[i]
		nx, ny := q.Y-p.Y, p.X-q.X
		l2 := nx*nx + ny*ny
		if tinyEdge(p, l2) {
			// No trusted normal; the walk resumes from the last real edge.
			p = q
			continue
		}
		d := nx*(b[j].X-p.X) + ny*(b[j].Y-p.Y)
		for range len(b) { // bounded: NaN never stops a comparison
			k := j + 1
			if k == len(b) {
				k = 0
			}
			e := nx*(b[k].X-p.X) + ny*(b[k].Y-p.Y)
			if e >= d {
				// Rounding can make a vertex a hair from the previous
				// one (a box a rounding error thick) look no deeper:
				// look one vertex further before stopping.
				if k++; k == len(b) {
					k = 0
				}
				if e = nx*(b[k].X-p.X) + ny*(b[k].Y-p.Y); e >= d {
					break
				}
			}
			j, d = k, e
		}
		if d > 0 {
			if d, j = scanDeepest(b, nx, ny, p); d > 0 { // confirm before declaring a gap
				return 0, Vec{}, true
			}
		}
		if d*d*bl2 < bd*bd*l2 {
			bd, bl2, bx, by = d, l2, nx, ny
		}
		p = q
	}
	l := math.Sqrt(bl2)
	return bd / l, Vec{bx / l, by / l}, false
}

// faceDepthScan is faceDepth scanning all of b for every edge (for flat
// shapes, whose repeated corners would stop the walk early).
func faceDepthScan(a, b []Vec) (best float64, n Vec, sep bool) {
	var bd, bl2, bx, by float64
	p := a[len(a)-1]
	for _, q := range a {
		nx, ny := q.Y-p.Y, p.X-q.X
		l2 := nx*nx + ny*ny
		if !tinyEdge(p, l2) {
			d, _ := scanDeepest(b, nx, ny, p)
			if d > 0 {
				return 0, Vec{}, true
			}
			if bl2 == 0 || d*d*bl2 < bd*bd*l2 {
				bd, bl2, bx, by = d, l2, nx, ny
			}
		}
		p = q
	}
	if bl2 == 0 {
		return math.Inf(-1), Vec{}, false
	}
	l := math.Sqrt(bl2)
	return bd / l, Vec{bx / l, by / l}, false
}

// overlapConvex reports whether the convex vertex lists a and b overlap;
// aflat and bflat say whether a and b are flat (see above).
func overlapConvex(a, b []Vec, aflat, bflat bool) bool {
	if len(a) == 0 || len(b) == 0 {
		return false
	}
	if aflat && bflat {
		_, ok := flatSAT(a, b)
		return ok
	}
	walk := !aflat && !bflat
	return !separates(a, b, walk) && !separates(b, a, walk)
}

// collideConvex is overlapConvex with the minimum translation.
func collideConvex(a, b []Vec, aflat, bflat bool) (Contact, bool) {
	if len(a) == 0 || len(b) == 0 {
		return Contact{}, false
	}
	if aflat && bflat {
		return flatSAT(a, b)
	}
	walk := !aflat && !bflat
	if walk {
		if c, hit, done := mergeDepth(a, b); done {
			return c, hit
		}
	}
	sa, na, sep := faceDepth(a, b, walk)
	if sep {
		return Contact{}, false
	}
	sb, nb, sep := faceDepth(b, a, walk)
	if sep {
		return Contact{}, false
	}
	return bestFace(sa, na, sb, nb), true
}

// bestFace returns the contact for the best face of a (depth -sa along
// the unit outward normal na) and of b: b's deepest vertex is -sa inside
// a's edge na, so moving a by +na*sa (against na) clears it; for b's edge
// nb the push is the other way. Ties go to a.
func bestFace(sa float64, na Vec, sb float64, nb Vec) Contact {
	if sa >= sb {
		return Contact{na, -sa}
	}
	return Contact{nb.Neg(), -sb}
}

// mergeDepth is faceDepth(a, b) and faceDepth(b, a) in one pass for two
// proper convex polygons: rotating calipers over the edges of both in
// angular order (the edges of the Minkowski difference). For each edge of
// a, b's deepest vertex is reached by stepping over b's edges while they
// descend along a's normal; each of b's edges stepped over has, as its own
// deepest vertex of a, the vertex where a's previous edge ended. So each
// edge of either polygon is measured once, at one vertex, with the same
// arithmetic as faceDepth. The steps compare b's edge vectors, which are
// exact for nearby vertices, so a box a rounding error thick cannot stop
// them early; b's edges too short to trust are stepped over. A positive
// distance is confirmed by a full scan, as in faceDepth. done is false when
// the pass did not go once round b (input that is not convex, or NaN), and
// the caller falls back on faceDepth.
func mergeDepth(a, b []Vec) (c Contact, hit, done bool) {
	n, m := len(a), len(b)
	// The first edge of a with a trusted normal scans b for its deepest
	// vertex, which starts the pass.
	i0, p := -1, a[n-1]
	var nx, ny, l2 float64
	for i, q := range a {
		nx, ny = q.Y-p.Y, p.X-q.X
		if l2 = nx*nx + ny*ny; !tinyEdge(p, l2) {
			i0 = i
			break
		}
		p = q
	}
	if i0 < 0 {
		return Contact{}, false, false
	}
	d, j := scanDeepest(b, nx, ny, p)
	if d > 0 {
		return Contact{}, false, true
	}
	j0 := j
	// The best edge of each polygon is kept in memory (an array, which the
	// compiler does not hold in registers: the loop needs them all) as
	// d², |n|² (compared crosswise: d²|nb|² < db²|n|²), d and its edge.
	var best [2]struct {
		d2, l2, d float64
		k         int // a's edge ending at a[k]; b's edge starting at b[k]
	}
	best[0].d2, best[0].l2, best[0].d, best[0].k = d*d, l2, d, i0
	best[1].k = -1
	k := j + 1 // b's edge runs from bj = b[j] to b[k]
	if k == m {
		k = 0
	}
	bj := b[j]
	ex, ey := b[k].X-bj.X, b[k].Y-bj.Y
	el2 := ex*ex + ey*ey
	short := tinyEdge(bj, el2)
	steps, i := 0, i0 // steps: b's edges stepped over
	for s := 1; s <= n; s++ {
		p = a[i]
		if i++; i == n {
			i = 0
		}
		q := a[i]
		nx, ny = q.Y-p.Y, p.X-q.X
		l2 = nx*nx + ny*ny
		if tinyEdge(p, l2) {
			continue // b's edges wait for the next trusted normal
		}
		for steps < m {
			if !short && nx*ex+ny*ey >= 0 {
				break // bj is the deepest vertex along this normal
			}
			if !short { // b's edge from bj is measured at p
				e := ey*(p.X-bj.X) - ex*(p.Y-bj.Y)
				if e > 0 {
					if e, _ = scanDeepest(a, ey, -ex, bj); e > 0 {
						return Contact{}, false, true
					}
				}
				if best[1].k < 0 || e*e*best[1].l2 < best[1].d2*el2 {
					best[1].d2, best[1].l2, best[1].d, best[1].k = e*e, el2, e, j
				}
			}
			j, steps = k, steps+1
			if k++; k == m {
				k = 0
			}
			bj = b[j]
			ex, ey = b[k].X-bj.X, b[k].Y-bj.Y
			el2 = ex*ex + ey*ey
			short = tinyEdge(bj, el2)
		}
		if s == n {
			break // back at the first edge: only the steps were wanted
		}
		d = nx*(bj.X-p.X) + ny*(bj.Y-p.Y)
		if d > 0 {
			if d, _ = scanDeepest(b, nx, ny, p); d > 0 {
				return Contact{}, false, true
			}
			return Contact{}, false, false // the pass lost its vertex
		}
		if d*d*best[0].l2 < best[0].d2*l2 {
			best[0].d2, best[0].l2, best[0].d, best[0].k = d*d, l2, d, i
		}
	}
	if steps != m || j != j0 {
		return Contact{}, false, false
	}
	ia := best[0].k
	p = a[n-1]
	if ia > 0 {
		p = a[ia-1]
	}
	na := outward(p, a[ia])
	l := na.Len()
	sa, sb, nb := best[0].d/l, math.Inf(-1), Vec{}
	na = na.Scale(1 / l)
	if kb := best[1].k; kb >= 0 {
		k := kb + 1
		if k == m {
			k = 0
		}
		nb = outward(b[kb], b[k])
		l = nb.Len()
		sb, nb = best[1].d/l, nb.Scale(1/l)
	}
	return bestFace(sa, na, sb, nb), true, true
}

// flatDir returns the direction of a flat vertex list, as the longest
// vector from its first vertex to another (so that a vertex a rounding error
// away cannot set it), or the zero vector when all its vertices coincide.
func flatDir(a []Vec) Vec {
	var dir Vec
	for _, v := range a[1:] {
		if d := v.Sub(a[0]); d.Len2() > dir.Len2() {
			dir = d
		}
	}
	return dir
}

// flatSAT tests two flat vertex lists on the normals and directions of both
// with two-sided projections; it is exact for segments and points.
func flatSAT(a, b []Vec) (Contact, bool) {
	da, db := flatDir(a), flatDir(b)
	axes := [4]Vec{da.Perp(), da, db.Perp(), db}
	c := Contact{Normal: Vec{1, 0}, Depth: math.Inf(1)}
	for _, u := range axes {
		l := u.Len()
		if l == 0 {
			continue
		}
		minA, maxA := project(a, u)
		minB, maxB := project(b, u)
		if maxA < minB || maxB < minA {
			return Contact{}, false
		}
		if d := (maxA - minB) / l; d < c.Depth {
			c = Contact{u.Scale(1 / l), d}
		}
		if d := (maxB - minA) / l; d < c.Depth {
			c = Contact{u.Scale(-1 / l), d}
		}
	}
	if math.IsInf(c.Depth, 1) { // two points: no axis at all
		if a[0] != b[0] {
			return Contact{}, false
		}
		c.Depth = 0
	}
	return c, true
}

// project returns the extent of the vertices of a along u.
func project(a []Vec, u Vec) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, v := range a {
		d := u.Dot(v)
		lo, hi = min(lo, d), max(hi, d)
	}
	return lo, hi
}

// convex is a read-only view of a polygon-like shape for the paths that need
// its faces as half-planes (ray casts, compound contacts): the vertices with
// positive winding and, for a flat shape, its direction, which adds the two
// end caps as faces.
type convex struct {
	v    []Vec
	flat bool
	dir  Vec // non-zero for a flat shape that is not a single point
}

func makeConvex(v []Vec, flat bool) convex {
	c := convex{v: v, flat: flat}
	if flat && len(v) > 0 {
		c.dir = flatDir(v)
	}
	return c
}

// point reports whether c is a single point (or empty).
func (c *convex) point() bool { return c.flat && c.dir == (Vec{}) }

// faces returns how many faces face(i) enumerates.
func (c *convex) faces() int {
	if c.dir != (Vec{}) {
		return len(c.v) + 2
	}
	return len(c.v)
}

// face returns the (unnormalized) outward normal n of face i and the
// support h = max n·v over c, so that c lies in the half-plane n·x <= h. A
// degenerate edge returns n = 0.
func (c *convex) face(i int) (n Vec, h float64) {
	switch {
	case i < len(c.v):
		p, q := c.v[i], c.v[(i+1)%len(c.v)]
		if n = outward(p, q); tinyEdge(p, n.Len2()) {
			return Vec{}, 0 // no trusted normal
		}
		return n, n.Dot(p)
	case i == len(c.v):
		n = c.dir
	default:
		n = c.dir.Neg()
	}
	_, h = project(c.v, n)
	return n, h
}

// clipLine intersects the line o + d*t with the closed convex c and returns
// the interval [lo, hi] of t inside it, the unnormalized outward normal of
// the face where the line enters (zero when lo is -Inf), and ok = false when
// the line misses c. d must not be zero.
func (c *convex) clipLine(o, d Vec) (lo, hi float64, n Vec, ok bool) {
	lo, hi = math.Inf(-1), math.Inf(1)
	if len(c.v) == 0 {
		return 0, 0, Vec{}, false
	}
	if c.point() {
		w := c.v[0].Sub(o)
		if d.Cross(w) != 0 {
			return 0, 0, Vec{}, false
		}
		t := d.Dot(w) / d.Len2()
		return t, t, d.Neg(), true
	}
	if c.flat {
		return c.clipSegment(o, d)
	}
	for i := range c.faces() {
		f, h := c.face(i)
		if f == (Vec{}) {
			continue
		}
		num, den := h-f.Dot(o), f.Dot(d)
		switch {
		case den == 0:
			if num < 0 {
				return 0, 0, Vec{}, false
			}
		case den < 0: // entering through this face
			if t := num / den; t > lo {
				lo, n = t, f
			}
		default:
			hi = min(hi, num/den)
		}
		if lo > hi {
			return 0, 0, Vec{}, false
		}
	}
	return lo, hi, n, true
}

// clipSegment is clipLine for a flat c that is not a point: clipping to the
// two sides of a segment separately could leave an empty interval by
// rounding, so the line is crossed with the segment directly.
func (c *convex) clipSegment(o, d Vec) (lo, hi float64, n Vec, ok bool) {
	e := c.dir
	p0, p1 := c.v[0], c.v[0]
	for _, v := range c.v {
		if e.Dot(v) < e.Dot(p0) {
			p0 = v
		}
		if e.Dot(v) > e.Dot(p1) {
			p1 = v
		}
	}
	e, w := p1.Sub(p0), p0.Sub(o)
	den := d.Cross(e)
	if den == 0 {
		if d.Cross(w) != 0 {
			return 0, 0, Vec{}, false
		}
		t0, t1 := d.Dot(w)/d.Len2(), d.Dot(p1.Sub(o))/d.Len2()
		if t0 <= t1 { // enters at p0, through the cap facing -e
			return t0, t1, e.Neg(), true
		}
		return t1, t0, e, true
	}
	s := w.Cross(d) / den
	if s < 0 || s > 1 {
		return 0, 0, Vec{}, false
	}
	t := w.Cross(e) / den
	if n = e.Perp(); n.Dot(d) > 0 {
		n = n.Neg()
	}
	return t, t, n, true
}
