package collide

import "math"

// The typed tests, one per pair of shape kinds, in the order Point, Circle,
// Rect, Box, Polygon (Compound is in compound.go). Overlap and Collide
// dispatch to them and swap the arguments for the other order. Every test
// treats shapes as closed sets: touching overlaps, and a shape inside
// another overlaps. None allocates.

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

// OverlapCircleCircle reports whether a and b share a point: the distance
// of their centres is at most the sum of their radii.
func OverlapCircleCircle(a, b Circle) bool {
	dx, dy, r := b.Center.X-a.Center.X, b.Center.Y-a.Center.Y, a.Radius+b.Radius
	return dx*dx+dy*dy <= r*r
}

// CollideCircleCircle returns the contact of a and b along the line of
// their centres; concentric circles get Normal (1, 0).
func CollideCircleCircle(a, b Circle) (Contact, bool) {
	d, r := b.Center.Sub(a.Center), a.Radius+b.Radius
	d2 := d.Len2()
	if d2 > r*r {
		return Contact{}, false
	}
	if d2 == 0 {
		return Contact{Vec{1, 0}, r}, true
	}
	l := math.Sqrt(d2)
	return Contact{d.Scale(1 / l), max(r-l, 0)}, true
}

// OverlapCircleRect reports whether c and r share a point. An empty r
// overlaps nothing.
func OverlapCircleRect(c Circle, r Rect) bool {
	if r.Empty() {
		return false
	}
	dx := c.Center.X - min(max(c.Center.X, r.Min.X), r.Max.X)
	dy := c.Center.Y - min(max(c.Center.Y, r.Min.Y), r.Max.Y)
	return dx*dx+dy*dy <= c.Radius*c.Radius
}

// CollideCircleRect returns the contact of c and r. When c's centre lies in
// r the circle is pushed out through r's nearest side.
func CollideCircleRect(c Circle, r Rect) (Contact, bool) {
	if r.Empty() {
		return Contact{}, false
	}
	q := Vec{min(max(c.Center.X, r.Min.X), r.Max.X), min(max(c.Center.Y, r.Min.Y), r.Max.Y)}
	d := q.Sub(c.Center)
	d2 := d.Len2()
	if d2 > c.Radius*c.Radius {
		return Contact{}, false
	}
	if d2 > 0 {
		l := math.Sqrt(d2)
		return Contact{d.Scale(1 / l), max(c.Radius-l, 0)}, true
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
	return Contact{n, c.Radius + m}, true
}

// local returns c in b's frame, where b is the rect [-Half, Half].
func (b Box) local(c Circle) (Circle, Rect) {
	return Circle{c.Center.Sub(b.Center).Rotate(-b.Angle), c.Radius}, Rect{b.Half.Neg(), b.Half}
}

// OverlapCircleBox reports whether c and b share a point.
func OverlapCircleBox(c Circle, b Box) bool {
	lc, lr := b.local(c)
	return OverlapCircleRect(lc, lr)
}

// CollideCircleBox returns the contact of c and b, computed in b's frame.
func CollideCircleBox(c Circle, b Box) (Contact, bool) {
	lc, lr := b.local(c)
	k, ok := CollideCircleRect(lc, lr)
	k.Normal = k.Normal.Rotate(b.Angle)
	return k, ok
}

// OverlapCirclePolygon reports whether c and the convex polygon p share a
// point: c's centre is in p, or its distance to a front-facing edge is at
// most the radius. The edge distance is compared squared and
// unnormalized, so the test is exact for integer input of moderate size.
func OverlapCirclePolygon(c Circle, p Polygon) bool {
	switch len(p) {
	case 0:
		return false
	case 1, 2:
		return segDist2(p[0], p[len(p)-1], c.Center) <= c.Radius*c.Radius
	}
	r2, inside := c.Radius*c.Radius, true
	a := p[len(p)-1]
	for _, b := range p {
		e, w := b.Sub(a), c.Center.Sub(a)
		if s := e.Y*w.X - e.X*w.Y; s > 0 {
			inside = false
			if d2, _ := edgeDist2(e, w, s); d2 <= r2 {
				return true
			}
		}
		a = b
	}
	return inside
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
func CollideCirclePolygon(c Circle, p Polygon) (Contact, bool) {
	switch len(p) {
	case 0:
		return Contact{}, false
	case 1, 2:
		return collideCircleSegment(c, p[0], p[len(p)-1])
	}
	r2, inside := c.Radius*c.Radius, true
	near, nearD2 := Vec{}, math.Inf(1)
	best, bestN := math.Inf(-1), Vec{}
	a := p[len(p)-1]
	for _, b := range p {
		e, w := b.Sub(a), c.Center.Sub(a)
		n := Vec{e.Y, -e.X}
		if s := n.Dot(w); s > 0 {
			inside = false
			if d2, t := edgeDist2(e, w, s); d2 <= r2 && d2 < nearD2 {
				near, nearD2 = a.Add(e.Scale(t)), d2
			}
		} else if inside {
			l := n.Len()
			if s /= l; s > best {
				best, bestN = s, n.Scale(1/l)
			}
		}
		a = b
	}
	if inside {
		return Contact{bestN.Neg(), c.Radius - best}, true
	}
	if math.IsInf(nearD2, 1) {
		return Contact{}, false
	}
	return toward(c, near)
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

// collideCircleSegment returns the contact of c with the closed segment ab
// (a point when a == b).
func collideCircleSegment(c Circle, a, b Vec) (Contact, bool) {
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
	if segDist2(a, b, c.Center) > c.Radius*c.Radius {
		return Contact{}, false
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
	ac, bc := a.Corners(), b.Corners()
	return overlapConvex(ac[:], bc[:], a.flat(), b.flat())
}

// CollideBoxBox returns the contact of a and b by separating axes.
func CollideBoxBox(a, b Box) (Contact, bool) {
	ac, bc := a.Corners(), b.Corners()
	return collideConvex(ac[:], bc[:], a.flat(), b.flat())
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
