package collide

import "math"

// The typed tests, one per pair of shape kinds, in the order Point, Circle,
// Rect, Box, Polygon (Compound is in compound.go). Overlap and Collide
// dispatch to them and swap the arguments for the other order. Every test
// treats shapes as closed sets: touching overlaps, and a shape inside
// another overlaps. The tests with a circle (or a point) decide touching
// exactly, from the float inputs as given (exact.go); the others exactly
// for integer coordinates of moderate size, and otherwise up to rounding
// within about 1e-15 of the shapes' size of touching. None allocates,
// except that deciding a circle's touching exactly with inputs beyond
// 2^150 (or nonzero below 2^-150) in magnitude uses math/big.

// corners returns the corners of r with positive winding (repeated when r
// has zero width or height) and whether r is flat.
func (r Rect) corners() ([4]Vec, bool) {
	return [4]Vec{r.Min, {r.Max.X, r.Min.Y}, r.Max, {r.Min.X, r.Max.Y}},
		r.Min.X == r.Max.X || r.Min.Y == r.Max.Y
}

// flat reports whether b has zero width or height, or one so small next to
// the other (below 1e-12 of it) that its corners coincide up to rounding:
// such a box is tested as the segment it is, up to rounding.
func (b Box) flat() bool { return b.Half.X <= 1e-12*b.Half.Y || b.Half.Y <= 1e-12*b.Half.X }

// flat reports whether p has fewer than three vertices.
func (p Polygon) flat() bool { return len(p) < 3 }

// OverlapPointPoint reports whether p and q are the same point.
func OverlapPointPoint(p, q Vec) bool { return p == q }

// CollidePointPoint returns a zero-depth contact with Normal (1, 0) when p
// and q are the same point.
func CollidePointPoint(p, q Vec) (Contact, bool) {
	if p != q {
		return Contact{}, false
	}
	return Contact{Normal: Vec{1, 0}}, true
}

// OverlapPointCircle reports whether p lies in c, boundary included.
func OverlapPointCircle(p Vec, c Circle) bool { return c.ContainsPoint(p) }

// CollidePointCircle returns the contact of p in c (as a zero-radius
// circle).
func CollidePointCircle(p Vec, c Circle) (Contact, bool) {
	return CollideCircleCircle(Circle{p, 0}, c)
}

// OverlapPointRect reports whether p lies in r, boundary included.
func OverlapPointRect(p Vec, r Rect) bool { return r.ContainsPoint(p) }

// CollidePointRect returns the contact of p in r: Depth is the distance to
// r's nearest side.
func CollidePointRect(p Vec, r Rect) (Contact, bool) { return CollideCircleRect(Circle{p, 0}, r) }

// OverlapPointBox reports whether p lies in b, boundary included.
func OverlapPointBox(p Vec, b Box) bool { return OverlapCircleBox(Circle{p, 0}, b) }

// CollidePointBox returns the contact of p in b: Depth is the distance to
// b's nearest side.
func CollidePointBox(p Vec, b Box) (Contact, bool) { return CollideCircleBox(Circle{p, 0}, b) }

// OverlapPointPolygon reports whether p lies in the convex polygon q,
// boundary included.
func OverlapPointPolygon(p Vec, q Polygon) bool { return OverlapCirclePolygon(Circle{p, 0}, q) }

// CollidePointPolygon returns the contact of p in q: Depth is the distance
// to q's nearest edge line.
func CollidePointPolygon(p Vec, q Polygon) (Contact, bool) {
	return CollideCirclePolygon(Circle{p, 0}, q)
}

// The circle tests decide touching exactly (see exact.go): each computes in
// float64, answers when the result is farther from the boundary than its
// error bound, and otherwise asks the exact predicates. A Box is, for
// that decision, the quadrilateral of its Corners.

// tiny is an absolute term in every error bound: a result this close to
// zero may have lost its relative accuracy to underflow, so it is decided
// exactly.
const tiny = 0x1p-960

// certainSign returns the sign of t when t, computed with an error of at
// most errBound*mag, is certainly not zero; otherwise (and for NaN) 0.
func certainSign(t, mag float64) int {
	if b := errBound*mag + tiny; t > b {
		return 1
	} else if t < -b {
		return -1
	}
	return 0
}

// within reports whether |p-q| <= r1+r2, decided exactly; for non-finite
// input it returns the float answer f.
func within(p, q Vec, r1, r2 float64, f bool) bool {
	if s, ok := exactDist(p, q, r1, r2); ok {
		return s <= 0
	}
	return f
}

// OverlapCircleCircle reports whether a and b share a point: the distance
// of their centres is at most the sum of their radii, decided exactly.
func OverlapCircleCircle(a, b Circle) bool {
	dx, dy, r := b.Center.X-a.Center.X, b.Center.Y-a.Center.Y, a.Radius+b.Radius
	d2, r2 := dx*dx+dy*dy, r*r
	// Each squared length is within 4 units of roundoff of its exact
	// value (above tiny, where nothing underflowed): a relative margin of
	// 16 units decides.
	if d2 < r2*(1-errBound)-tiny {
		return true
	}
	if d2 > r2*(1+errBound)+tiny {
		return false
	}
	return circlesTouch(a, b)
}

// circlesTouch decides exactly whether a and b share a point.
func circlesTouch(a, b Circle) bool {
	dx, dy, r := b.Center.X-a.Center.X, b.Center.Y-a.Center.Y, a.Radius+b.Radius
	return within(a.Center, b.Center, a.Radius, b.Radius, dx*dx+dy*dy <= r*r)
}

// CollideCircleCircle returns the contact of a and b along the line of
// their centres; concentric circles get Normal (1, 0).
func CollideCircleCircle(a, b Circle) (Contact, bool) {
	dx, dy, r := b.Center.X-a.Center.X, b.Center.Y-a.Center.Y, a.Radius+b.Radius
	d2, r2 := dx*dx+dy*dy, r*r
	if !(d2 < r2*(1-errBound)-tiny) &&
		(d2 > r2*(1+errBound)+tiny || !circlesTouch(a, b)) {
		return Contact{}, false
	}
	if d2 == 0 {
		return Contact{Vec{1, 0}, r}, true
	}
	l := math.Sqrt(d2)
	return Contact{Vec{dx / l, dy / l}, max(r-l, 0)}, true
}

// clampRect returns the point of r nearest to p (r not empty).
func clampRect(p Vec, r Rect) Vec {
	return Vec{min(max(p.X, r.Min.X), r.Max.X), min(max(p.Y, r.Min.Y), r.Max.Y)}
}

// OverlapCircleRect reports whether c and r share a point, decided
// exactly. An empty r overlaps nothing.
func OverlapCircleRect(c Circle, r Rect) bool {
	if r.Empty() {
		return false
	}
	q := clampRect(c.Center, r) // exact
	dx, dy := c.Center.X-q.X, c.Center.Y-q.Y
	d2, r2 := dx*dx+dy*dy, c.Radius*c.Radius
	if s := certainSign(d2-r2, d2+r2); s != 0 {
		return s < 0
	}
	return within(c.Center, q, c.Radius, 0, d2 <= r2)
}

// CollideCircleRect returns the contact of c and r. When c's centre lies in
// r the circle is pushed out through r's nearest side.
func CollideCircleRect(c Circle, r Rect) (Contact, bool) {
	if !OverlapCircleRect(c, r) {
		return Contact{}, false
	}
	return contactCircleRect(c, r), true
}

// contactCircleRect returns the contact of c and r, which touch.
func contactCircleRect(c Circle, r Rect) Contact {
	q := clampRect(c.Center, r)
	d := q.Sub(c.Center)
	if d2 := d.Len2(); d2 > 0 {
		l := math.Sqrt(d2)
		return Contact{d.Scale(1 / l), max(c.Radius-l, 0)}
	}
	// The centre is in r: leave through the nearest side, so the normal
	// points from the circle into r, away from that side.
	p := c.Center
	m, n := p.X-r.Min.X, Vec{1, 0}
	if s := r.Max.X - p.X; s < m {
		m, n = s, Vec{-1, 0}
	}
	if s := p.Y - r.Min.Y; s < m {
		m, n = s, Vec{0, 1}
	}
	if s := r.Max.Y - p.Y; s < m {
		m, n = s, Vec{0, -1}
	}
	return Contact{n, c.Radius + m}
}

// local returns c in b's frame, where b is the rect [-Half, Half].
func (b Box) local(c Circle) (Circle, Rect) {
	return Circle{c.Center.Sub(b.Center).Rotate(-b.Angle), c.Radius}, Rect{b.Half.Neg(), b.Half}
}

// touchBox reports whether c and b share a point: in b's frame in float,
// then, within the error bound of that frame and of b's corners, exactly
// against the corners.
func touchBox(c Circle, b Box) bool {
	lc, lr := b.local(c)
	if lr.Empty() { // negative or NaN half-extents
		return false
	}
	q := clampRect(lc.Center, lr)
	dx, dy := lc.Center.X-q.X, lc.Center.Y-q.Y
	d2, r2 := dx*dx+dy*dy, c.Radius*c.Radius
	// Turning c into b's frame, and b's corners into the world, each move
	// a point by a few units of roundoff of m.
	m := math.Abs(b.Center.X) + math.Abs(b.Center.Y) + math.Abs(c.Center.X) + math.Abs(c.Center.Y) + b.Half.X + b.Half.Y
	if s := certainSign(d2-r2, d2+r2+m*m); s != 0 {
		return s < 0
	}
	// A box whose sides are far longer than its corners' rounding has four
	// corners in convex position; a thinner one may not (touchCorners).
	mb := math.Abs(b.Center.X) + math.Abs(b.Center.Y) + b.Half.X + b.Half.Y
	thin := !(b.Half.X > 1e-9*mb && b.Half.Y > 1e-9*mb)
	if t, ok := touchCorners(b.Corners(), c.Center, c.Radius, thin); ok {
		return t
	}
	return d2 <= r2
}

// touchCorners is touchPolygon for a box's corners, which a flat box
// repeats (a segment, or a point) or, when thin, a rounding error thick,
// may give all on one line: those are decided as the segment between the
// farthest corners.
func touchCorners(k [4]Vec, c Vec, r float64, thin bool) (touch, ok bool) {
	if k[0] == k[1] || k[1] == k[2] { // hx or hy is 0: a segment or a point
		return touchSegment(k[0], k[2], c, r)
	}
	if !thin {
		return touchPolygon(k[:], c, r)
	}
	s1, ok1 := exactOrient(k[0], k[1], k[2])
	s2, ok2 := exactOrient(k[0], k[2], k[3])
	if ok1 && ok2 && s1 == 0 && s2 == 0 {
		a, b := k[0], k[2]
		if k[1].Sub(k[3]).Len2() > b.Sub(a).Len2() {
			a, b = k[1], k[3]
		}
		return touchSegment(a, b, c, r)
	}
	return touchPolygon(k[:], c, r)
}

// OverlapCircleBox reports whether c and b share a point.
func OverlapCircleBox(c Circle, b Box) bool { return touchBox(c, b) }

// CollideCircleBox returns the contact of c and b, computed in b's frame.
func CollideCircleBox(c Circle, b Box) (Contact, bool) {
	if !touchBox(c, b) {
		return Contact{}, false
	}
	k := contactCircleRect(b.local(c))
	k.Normal = k.Normal.Rotate(b.Angle)
	return k, true
}

// edgeSign compares the distance from c to the closed segment ab with r
// (r2 = r*r): it returns -1 when the distance is certainly at most r, 1
// when it is certainly more, and 0 when float arithmetic cannot tell.
// The nearest feature is chosen in float; choosing the wrong one near the
// border of two features changes the squared distance by a second-order
// amount, far inside the bound, except that a foot a rounding error past
// an end only proves a distance above r, never one below it.
func edgeSign(a, b, c Vec, r, r2 float64) int {
	ex, ey := b.X-a.X, b.Y-a.Y
	wx, wy := c.X-a.X, c.Y-a.Y
	k := ex*wx + ey*wy
	if k <= 0 {
		d2 := wx*wx + wy*wy
		return certainSign(d2-r2, d2+r2)
	}
	l2 := ex*ex + ey*ey
	if k >= l2 {
		ux, uy := c.X-b.X, c.Y-b.Y
		d2 := ux*ux + uy*uy
		return certainSign(d2-r2, d2+r2)
	}
	return faceSign(ex, ey, wx, wy, k, l2, r, r2)
}

// faceSign is edgeSign for a centre whose foot on the edge's line falls
// between the ends (as far as float can tell): e is the edge, w the centre
// relative to its start, k = e·w and l2 = e·e.
func faceSign(ex, ey, wx, wy, k, l2, r, r2 float64) int {
	if l2 < tiny || (r2 < tiny && r != 0) {
		return 0 // underflow may have spoiled l2 or r²
	}
	p1, p2 := ey*wx, ex*wy
	s, rl := p1-p2, r2*l2
	mag := math.Abs(p1) + math.Abs(p2)
	sg := certainSign(s*s-rl, mag*mag+rl)
	if sg < 0 {
		// Within r of the line: that is within r of the segment only if
		// the foot is certainly between the ends.
		km := math.Abs(ex*wx) + math.Abs(ey*wy)
		if certainSign(k, km) <= 0 || certainSign(l2-k, l2+km) <= 0 {
			return 0
		}
	}
	return sg
}

// edgeSide returns s = outward(b-a)·(c-a), positive when c is outside the
// edge line ab of a polygon with positive winding, and the bound on its
// rounding error.
func edgeSide(a, b, c Vec) (s, bound float64) {
	p1, p2 := (b.Y-a.Y)*(c.X-a.X), (b.X-a.X)*(c.Y-a.Y)
	return p1 - p2, errBound*(math.Abs(p1)+math.Abs(p2)) + tiny
}

// OverlapCirclePolygon reports whether c and the convex polygon p share a
// point: c's centre is in p, or an edge lies within the radius of it. Only
// the edges the centre is outside of (or near) are measured; touching is
// decided exactly.
func OverlapCirclePolygon(c Circle, p Polygon) bool {
	if len(p) < 3 {
		return overlapCircleSegment(c, p)
	}
	o, r, r2 := c.Center, c.Radius, c.Radius*c.Radius
	out, near, unsure := false, false, false
	a := p[len(p)-1]
	for _, b := range p {
		s, bound := edgeSide(a, b, o)
		if s < -bound {
			a = b
			continue // certainly behind this edge's line
		}
		if s > bound {
			if r == 0 {
				return false // a point certainly outside an edge line
			}
			out = true
		} else {
			near = true
		}
		switch edgeSign(a, b, o, r, r2) {
		case -1:
			return true
		case 0:
			unsure = true
		}
		a = b
	}
	switch {
	case !out && !near:
		return true // certainly inside
	case out && !unsure:
		return false
	}
	if t, ok := touchPolygon(p, o, r); ok {
		return t
	}
	return floatTouchPolygon(c, p)
}

// overlapCircleSegment is OverlapCirclePolygon for a polygon of one or two
// vertices (a point or a segment).
func overlapCircleSegment(c Circle, p Polygon) bool {
	if len(p) == 0 {
		return false
	}
	a, b := p[0], p[len(p)-1]
	if s := edgeSign(a, b, c.Center, c.Radius, c.Radius*c.Radius); s != 0 {
		return s < 0
	}
	if t, ok := touchSegment(a, b, c.Center, c.Radius); ok {
		return t
	}
	return segDist2(a, b, c.Center) <= c.Radius*c.Radius
}

// floatTouchPolygon is the plain float test, for input that is not finite
// (where nothing is exact, and NaN overlaps nothing).
func floatTouchPolygon(c Circle, p Polygon) bool {
	inside, r2 := true, c.Radius*c.Radius
	a := p[len(p)-1]
	for _, b := range p {
		if s, _ := edgeSide(a, b, c.Center); !(s <= 0) {
			inside = false
			if segDist2(a, b, c.Center) <= r2 {
				return true
			}
		}
		a = b
	}
	return inside
}

// segDist2 returns the squared distance from q to the closed segment ab.
func segDist2(a, b, q Vec) float64 {
	e, w := b.Sub(a), q.Sub(a)
	k, l2 := e.Dot(w), e.Len2()
	switch {
	case k <= 0 || l2 == 0:
		return w.Len2()
	case k >= l2:
		return q.Sub(b).Len2()
	}
	c := e.Cross(w)
	return c * c / l2
}

// CollideCirclePolygon returns the contact of c and the convex polygon p.
// When c's centre is outside p the normal points from the centre to the
// nearest point of p; when it is inside, the circle leaves through the
// nearest edge line.
//
// The nearest feature is found with Voronoi regions, as Box2D's
// b2CollidePolygonAndCircle does but without its precomputed normals: from
// the first edge the centre is in front of, a walk along the edges in the
// direction the centre projects reaches the edge or vertex whose region
// holds it (a few edges for a round polygon). A centre behind every edge
// takes the edge of least penetration, compared without square roots; one
// pass looks for both (circleScan, from edge 1: edge 0 is tested here, so
// that a centre in front of it goes straight to the walk). Touching is
// decided exactly (see OverlapCirclePolygon).
func CollideCirclePolygon(c Circle, p Polygon) (Contact, bool) {
	n := len(p)
	if n < 3 {
		return collideCircleSegment(c, p)
	}
	ox, oy := c.Center.X, c.Center.Y
	// z, the vertex after b (at j), is loaded before it is known to be
	// needed, so that a walk on (past b) need not wait for it.
	i, j, a, b, z := 0, 1, p[n-1], p[0], p[1]
	ex, ey := b.X-a.X, b.Y-a.Y
	wx, wy := ox-a.X, oy-a.Y // centre - a
	s := ey*wx - ex*wy
	if !(s > 0) {
		var k Contact
		var ok bool
		if i, k, ok = circleScan(c, p, ex, ey, wx, wy, s); i == n {
			return k, ok
		}
		if j = i + 1; j == n {
			j = 0
		}
		a, b, z = p[i-1], p[i], p[j]
		ex, ey = b.X-a.X, b.Y-a.Y
		wx, wy = ox-a.X, oy-a.Y
		s = ey*wx - ex*wy
	}
	// The centre is in front of edge i, from a to b.
	//
	// The walk: when the centre projects before a or past b on the edge from
	// a to b, it goes vertex by vertex in that direction until the centre
	// lies in a vertex's region (it is in front of neither edge there) or
	// projects inside an edge. Each step takes one new vertex and two dot
	// products, as the projection on the edge just left is the region test
	// of the vertex reached; walking on, the second is the projection k on
	// the new edge e against |e|², which an edge's contact needs anyway. On
	// a convex polygon the walk takes fewer than len(p) steps; one that does
	// not settle (input that is not convex, rounding, NaN) leaves it to
	// circleSlow. The walk and an edge's contact are written out here, not
	// in helpers, whose calls cost as much as the walk.
	//
	// Touching an edge is decided on squares, s² against r²|e|² (s the
	// centre's e×w, w the centre from the edge's start), so that a miss
	// takes no square root. With h = |e|²+|w|², the products in s are at
	// most h/2 in all (|ey·wx|+|ex·wy| <= h/2), so s²-r²|e|² is off by less
	// than errBound·(h²/4+r²|e|²). Touching is certain only with room for
	// the foot to lie just outside the edge: a foot that rounding put inside
	// but is truly δ beyond an end is √(d²+δ²) from that end, d the distance
	// to the line, and δ|e| is at most the rounding error of the projection
	// test that put it inside, a few units of roundoff of h (for k = e·w,
	// for k against |e|², and for e·u, u the centre from the end, as |u|² <=
	// 2|w|²+2|e|²), so δ²|e|² is far below the rest, 3h²/4, of errBound·h².
	// Whatever that bound leaves undecided, or underflow may have spoiled
	// (|e|² or r² below tiny), goes to the exact test (circleEdgeExact); a
	// centre certainly apart from the line is apart from the edge.
	// h = |e|²+|w|², for the bound, is taken where w is at hand.
	l2, h := 0.0, 0.0
	if k := ex*wx + ey*wy; k <= 0 { // before a: walk back
		j = i - 1
		if j < 0 {
			j = n - 1
		}
		for m := 1; ; m++ {
			if m == n {
				return circleSlow(c, p)
			}
			if j--; j < 0 {
				j = n - 1
			}
			z := p[j]
			ex, ey = a.X-z.X, a.Y-z.Y
			if ex*wx+ey*wy >= 0 { // past a on the edge before: a's region
				return circleVertex(c, p, wx, wy)
			}
			wx, wy = ox-z.X, oy-z.Y
			if ex*wx+ey*wy > 0 {
				l2 = ex*ex + ey*ey
				break
			}
			a = z
		}
		s, h = ey*wx-ex*wy, l2+wx*wx+wy*wy
	} else if l2 = ex*ex + ey*ey; k >= l2 { // past b: walk on
		ux, uy := ox-b.X, oy-b.Y // centre - b
		for {
			ex, ey = z.X-b.X, z.Y-b.Y
			k = ex*ux + ey*uy
			if k <= 0 { // before b on the edge after: b's region
				return circleVertex(c, p, ux, uy)
			}
			if l2 = ex*ex + ey*ey; k < l2 {
				s, h = ey*ux-ex*uy, l2+ux*ux+uy*uy
				break
			}
			b = z
			ux, uy = ox-b.X, oy-b.Y
			if j++; j == n {
				j = 0
			}
			if j == i {
				return circleSlow(c, p)
			}
			z = p[j]
		}
	} else {
		h = l2 + wx*wx + wy*wy
	}
	if !(s > 0) {
		return circleSlow(c, p) // behind the edge whose region it is in: not convex, or rounding
	}
	// t against m decides touching the line. A centre within r of it as
	// far as float can tell (t <= 0) starts 1/|e| for the contact before
	// the bound is known, so that the square root's latency runs beside
	// the test; one that is not (t > 0) has no need of it. The square root
	// and the reciprocal run side by side, where 1/√|e|² would wait for one
	// and then the other. Where the contact is taken, 1/l2 is not
	// subnormal: l2 <= 2^512 there, as a larger l2 makes h² infinite and m
	// -Inf, which no t is below.
	r := c.Radius
	r2 := r * r
	t := s*s - r2*l2
	if t > 0 {
		if -t < edgeMargin(h, l2, r2) { // t > -m, with the negation off the end of m's chain
			return Contact{}, false // certainly apart from the line, so from the edge
		}
		return circleEdgeExact(c, p, ex, ey, s)
	}
	inv := math.Sqrt(l2) * (1 / l2)
	if !(t < edgeMargin(h, l2, r2) && l2 >= tiny && r2 >= tiny) {
		// Undecided, or underflow may have spoiled l2 or r². (A zero
		// radius never passes t < m, as t = s² >= 0 there, so r2 >= tiny
		// leaves none out.)
		return circleEdgeExact(c, p, ex, ey, s)
	}
	// Here s/|e| < r with room to spare (t < m), so the depth r - s/|e| is
	// positive exactly when r is: testing r, known from the start, keeps
	// a test of the depth off the end of the square root's chain.
	d := r - s*inv
	if !(r > 0) {
		d = 0
	}
	return Contact{Vec{-ey * inv, ex * inv}, d}, true
}

// edgeMargin returns m <= 0, the bound of CollideCirclePolygon's touching
// test for an edge e (l2 = |e|²), a centre at w from its start (h =
// |e|²+|w|²) and r2 = r²: t = s²-r²|e|² below m is certainly within r of
// the line, above -m certainly not.
func edgeMargin(h, l2, r2 float64) float64 {
	return -errBound*(h*h+r2*l2) - tiny
}

// circleScan goes on with the scan of CollideCirclePolygon from edge 1,
// the centre being behind or on the line of edge 0 (e, w and s as there):
// it returns the first edge the centre is in front of, or len(p) and the
// contact when there is none.
func circleScan(c Circle, p Polygon, ex, ey, wx, wy, s float64) (int, Contact, bool) {
	// One pass finds the first edge the centre is in front of and, while
	// there is none, the edge of least penetration so far: the greatest
	// s/|e| for s <= 0, compared crosswise as s²|eb|² < sb²|e|². The
	// rounding bound of s is taken without absolute values, from
	// |ey·wx|+|ex·wy| <= (|e|²+|w|²)/2.
	ox, oy := c.Center.X, c.Center.Y
	bs2, bl2, bs, bx, by := 0.0, 0.0, 0.0, 0.0, 0.0
	l2 := ex*ex + ey*ey
	near := !(s < -(errBound/2*(l2+wx*wx+wy*wy) + tiny)) // the centre is within rounding of some edge line
	if l2 > 0 {
		bs2, bl2, bs, bx, by = s*s, l2, s, ex, ey
	}
	a := p[0]
	for i := 1; i < len(p); i++ {
		b := p[i]
		ex, ey := b.X-a.X, b.Y-a.Y
		wx, wy := ox-a.X, oy-a.Y
		s := ey*wx - ex*wy
		if s > 0 {
			return i, Contact{}, false
		}
		l2 := ex*ex + ey*ey
		if !(s < -(errBound/2*(l2+wx*wx+wy*wy) + tiny)) {
			near = true // also NaN
		}
		if l2 > 0 && (bl2 == 0 || s*s*bl2 < bs2*l2) {
			bs2, bl2, bs, bx, by = s*s, l2, s, ex, ey
		}
		a = b
	}
	// The centre is behind or on every edge line. Float decides when it is
	// certainly inside; otherwise the exact test does.
	if (near || !(bl2 > 0) || math.IsInf(bl2, 1)) && !touchPolygonOr(c, p) {
		return len(p), Contact{}, false
	}
	if !(bl2 > 0) || math.IsInf(bl2, 1) {
		k, ok := circleSlow(c, p)
		return len(p), k, ok
	}
	inv := 1 / math.Sqrt(bl2)
	return len(p), Contact{Vec{-by * inv, bx * inv}, c.Radius - bs*inv}, true
}

// circleEdgeExact is the end of CollideCirclePolygon for what its float
// test leaves undecided: the contact of c with p through the edge e, the
// centre at s = e×w in front of it, when c and p touch.
func circleEdgeExact(c Circle, p Polygon, ex, ey, s float64) (Contact, bool) {
	if !touchPolygonOr(c, p) {
		return Contact{}, false
	}
	return edgeContact(ex, ey, s, c.Radius, 1/math.Sqrt(ex*ex+ey*ey)), true
}

// edgeContact is the contact of a circle of radius r through the edge e,
// its centre at s = e×w in front of it, given inv = 1/|e|.
func edgeContact(ex, ey, s, r, inv float64) Contact {
	d := r - s*inv
	if !(d > 0) {
		d = 0
	}
	return Contact{Vec{-ey * inv, ex * inv}, d}
}

// circleVertex returns the contact of c with p, whose nearest point to c's
// centre is the vertex at -(wx, wy) from it.
func circleVertex(c Circle, p Polygon, wx, wy float64) (Contact, bool) {
	d2, r2 := wx*wx+wy*wy, c.Radius*c.Radius
	switch certainSign(d2-r2, d2+r2) {
	case 1:
		return Contact{}, false
	case 0:
		if !touchPolygonOr(c, p) {
			return Contact{}, false
		}
	}
	if d2 == 0 { // rounding put the vertex on the centre: any direction is as good
		return Contact{Vec{1, 0}, c.Radius}, true
	}
	l := math.Sqrt(d2)
	d := c.Radius - l
	if !(d > 0) {
		d = 0
	}
	return Contact{Vec{-wx / l, -wy / l}, d}, true
}

// touchPolygonOr decides exactly whether c and p share a point, with the
// float answer for input that is not finite.
func touchPolygonOr(c Circle, p Polygon) bool {
	if t, ok := touchPolygon(p, c.Center, c.Radius); ok {
		return t
	}
	return floatTouchPolygon(c, p)
}

// circleSlow is the contact of c and p by a plain scan of every edge, for
// what the fast paths leave: the nearest point over the edges the centre is
// outside of, or the edge of least penetration.
func circleSlow(c Circle, p Polygon) (Contact, bool) {
	if !OverlapCirclePolygon(c, p) {
		return Contact{}, false
	}
	inside := true
	near, nearD2 := Vec{}, math.Inf(1)
	best, bestN := math.Inf(-1), Vec{}
	a := p[len(p)-1]
	for _, b := range p {
		e, w := b.Sub(a), c.Center.Sub(a)
		n := Vec{e.Y, -e.X}
		if s := n.Dot(w); s > 0 {
			inside = false
			if d2, t := edgeDist2(e, w, s); d2 < nearD2 {
				near, nearD2 = a.Add(e.Scale(t)), d2
			}
		} else if l := n.Len(); inside && l > 0 {
			if s /= l; s > best {
				best, bestN = s, n.Scale(1/l)
			}
		}
		a = b
	}
	switch {
	case !inside && nearD2 < math.Inf(1):
		return toward(c, near)
	case inside && bestN != (Vec{}):
		return Contact{bestN.Neg(), max(c.Radius-best, 0)}, true
	}
	return Contact{Vec{1, 0}, max(c.Radius, 0)}, true // nothing finite to go by
}

// edgeDist2 returns the squared distance from a point at w (relative to the
// edge's start) to the edge e, where s = outward(e)·w > 0, and the fraction
// t in [0, 1] of the closest point along e.
func edgeDist2(e, w Vec, s float64) (d2, t float64) {
	k := e.Dot(w)
	if k <= 0 {
		return w.Len2(), 0
	}
	l2 := e.Len2()
	if k >= l2 {
		return w.Sub(e).Len2(), 1
	}
	return s * s / l2, k / l2
}

// toward returns the contact of circle c with a shape whose nearest point
// to c's centre is q, outside the centre and within the radius.
func toward(c Circle, q Vec) (Contact, bool) {
	d := q.Sub(c.Center)
	l := d.Len()
	if l == 0 { // rounding put q on the centre: any direction is as good
		return Contact{Vec{1, 0}, c.Radius}, true
	}
	return Contact{d.Scale(1 / l), max(c.Radius-l, 0)}, true
}

// collideCircleSegment returns the contact of c with the polygon p of one
// or two vertices: the closed segment from p[0] to its last vertex (a
// point when they are equal).
func collideCircleSegment(c Circle, p Polygon) (Contact, bool) {
	if !overlapCircleSegment(c, p) {
		return Contact{}, false
	}
	a, b := p[0], p[len(p)-1]
	e, w := b.Sub(a), c.Center.Sub(a)
	k, l2 := e.Dot(w), e.Len2()
	q := a
	switch {
	case k <= 0 || l2 == 0:
	case k >= l2:
		q = b
	default:
		q = a.Add(e.Scale(k / l2))
	}
	if q == c.Center || c.Center.Sub(q).Len2() == 0 {
		// The centre is on the segment: push across it.
		n := e.Perp().Unit()
		if n == (Vec{}) {
			n = Vec{1, 0}
		}
		return Contact{n, c.Radius}, true
	}
	return toward(c, q)
}

// OverlapRectRect reports whether a and b share a point (Rect.Intersects
// for non-empty rects).
func OverlapRectRect(a, b Rect) bool {
	return !a.Empty() && !b.Empty() && a.Intersects(b)
}

// CollideRectRect returns the contact of a and b along the axis of least
// overlap.
func CollideRectRect(a, b Rect) (Contact, bool) {
	if !OverlapRectRect(a, b) {
		return Contact{}, false
	}
	c := Contact{Vec{1, 0}, a.Max.X - b.Min.X}
	if d := b.Max.X - a.Min.X; d < c.Depth {
		c = Contact{Vec{-1, 0}, d}
	}
	if d := a.Max.Y - b.Min.Y; d < c.Depth {
		c = Contact{Vec{0, 1}, d}
	}
	if d := b.Max.Y - a.Min.Y; d < c.Depth {
		c = Contact{Vec{0, -1}, d}
	}
	return c, true
}

// OverlapRectBox reports whether r and b share a point.
func OverlapRectBox(r Rect, b Box) bool {
	if r.Empty() {
		return false
	}
	rc, rf := r.corners()
	bc := b.Corners()
	return overlapConvex(rc[:], bc[:], rf, b.flat())
}

// CollideRectBox returns the contact of r and b by separating axes.
func CollideRectBox(r Rect, b Box) (Contact, bool) {
	if r.Empty() {
		return Contact{}, false
	}
	rc, rf := r.corners()
	bc := b.Corners()
	return collideConvex(rc[:], bc[:], rf, b.flat())
}

// OverlapRectPolygon reports whether r and p share a point.
func OverlapRectPolygon(r Rect, p Polygon) bool {
	if r.Empty() {
		return false
	}
	rc, rf := r.corners()
	return overlapConvex(rc[:], p, rf, p.flat())
}

// CollideRectPolygon returns the contact of r and p by separating axes.
func CollideRectPolygon(r Rect, p Polygon) (Contact, bool) {
	if r.Empty() {
		return Contact{}, false
	}
	rc, rf := r.corners()
	return collideConvex(rc[:], p, rf, p.flat())
}

// OverlapBoxBox reports whether a and b share a point.
func OverlapBoxBox(a, b Box) bool {
	_, ok := boxBox(a, b)
	return ok
}

// CollideBoxBox returns the contact of a and b by separating axes.
func CollideBoxBox(a, b Box) (Contact, bool) { return boxBox(a, b) }

// boxBox tests a and b on the four face normals of the two boxes, which
// are all the separating axes two rectangles have (Gottschalk's OBB test
// in two dimensions): each box projects on an axis as its centre plus or
// minus its half-extents times the absolute cosines between the axes, so
// no corner is made and no edge measured. The axis of least overlap gives
// the contact; shapes that touch overlap 0 and collide. A flat box (a
// segment, or a point) is tested the same way. Negative or NaN
// half-extents make a box empty.
func boxBox(a, b Box) (Contact, bool) {
	if !(a.Half.X >= 0 && a.Half.Y >= 0 && b.Half.X >= 0 && b.Half.Y >= 0) {
		return Contact{}, false
	}
	sa, ca := math.Sincos(a.Angle)
	sb, cb := math.Sincos(b.Angle)
	dx, dy := b.Center.X-a.Center.X, b.Center.Y-a.Center.Y
	c := math.Abs(ca*cb + sa*sb) // |ua·ub| = |va·vb|
	s := math.Abs(ca*sb - sa*cb) // |ua·vb| = |va·ub|
	var best Contact
	for i, ax := range [4]struct {
		u, v, h float64 // the axis (u, v) and the two boxes' reach along it
	}{
		{ca, sa, a.Half.X + b.Half.X*c + b.Half.Y*s},
		{-sa, ca, a.Half.Y + b.Half.X*s + b.Half.Y*c},
		{cb, sb, b.Half.X + a.Half.X*c + a.Half.Y*s},
		{-sb, cb, b.Half.Y + a.Half.X*s + a.Half.Y*c},
	} {
		t := ax.u*dx + ax.v*dy
		o := ax.h - math.Abs(t)
		if !(o >= 0) { // apart on this axis (or NaN)
			return Contact{}, false
		}
		if i == 0 || o < best.Depth {
			best = Contact{Vec{ax.u, ax.v}, o}
			if t < 0 {
				best.Normal = best.Normal.Neg()
			}
		}
	}
	return best, true
}

// OverlapBoxPolygon reports whether b and p share a point.
func OverlapBoxPolygon(b Box, p Polygon) bool {
	bc := b.Corners()
	return overlapConvex(bc[:], p, b.flat(), p.flat())
}

// CollideBoxPolygon returns the contact of b and p by separating axes.
func CollideBoxPolygon(b Box, p Polygon) (Contact, bool) {
	bc := b.Corners()
	return collideConvex(bc[:], p, b.flat(), p.flat())
}

// OverlapPolygonPolygon reports whether the convex polygons a and b share a
// point, by separating axes over the edges of both (no allocation, no
// square root).
func OverlapPolygonPolygon(a, b Polygon) bool {
	return overlapConvex(a, b, a.flat(), b.flat())
}

// CollidePolygonPolygon returns the contact of the convex polygons a and b:
// the edge normal of either polygon with the least penetration, which for
// convex shapes is the minimum translation.
func CollidePolygonPolygon(a, b Polygon) (Contact, bool) {
	return collideConvex(a, b, a.flat(), b.flat())
}
